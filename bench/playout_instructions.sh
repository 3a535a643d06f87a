#!/usr/bin/env bash
# Deterministic cost of random playouts (doc/benchmarks.md, "Optimisations"): the machine
# instructions SWI-Prolog executes for N seeded playouts of the generated program, counted
# by valgrind's callgrind, minus those of loading it (0 playouts). Unlike CPU seconds the
# count does not move with the load of a shared machine, so two versions of the emitted
# code can be compared to within about 1 % -- when both are loaded from paths of the same
# length (e.g. /tmp/old/prolog and /tmp/new/prolog, from `git archive REV prolog`): the
# length of the path moves the count by up to 7 % (it shifts the garbage collections).
#
# Usage: [GDLSC_PROLOG_DIR=DIR] bench/playout_instructions.sh GDLSC_BINARY GAME N
# Output: one line "GAME N playouts: M million instructions (load: L million)".
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
[[ $# -eq 3 ]] || { echo "usage: $0 GDLSC_BINARY GAME N" >&2; exit 64; }
bin="$1"; game="$2"; n="$3"
prolog="${GDLSC_PROLOG_DIR:-$repo/prolog}"  # the runtime to measure (default: this checkout's)
command -v valgrind >/dev/null || { echo "playout_instructions.sh: valgrind is not installed" >&2; exit 69; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$bin" translate "$game" --format prolog > "$tmp/game.pl"

count() {  # count N: instructions (millions) of loading the game and playing N playouts
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    swipl -g "use_module('$prolog/gdlsc_game'), read_file_to_string('$tmp/game.pl', T, []), load_game_text(T), playouts($1, 1, 1000, _)" -t halt 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | awk '{ printf "%.1f", $1 / 1e6 }'
}
load=$(count 0)
total=$(count "$n")
awk -v g="$(basename "$game")" -v n="$n" -v t="$total" -v l="$load" \
  'BEGIN { printf "%s %d playouts: %.1f million instructions (load: %.1f million)\n", g, n, t - l, l }'
