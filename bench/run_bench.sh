#!/usr/bin/env bash
# Speed benchmark of `gdlsc simulate --playouts` (doc/benchmarks.md): random playouts on
# four corpus games, and in the same run the same number of playouts by a plain SWI-Prolog
# GDL meta-interpreter (bench/naive_gdl.pl) as a peer, reported as a ratio because absolute
# times drift on shared machines.
#
# Usage: bench/run_bench.sh [GDLSC_BINARY] [SCALE]
#   GDLSC_BINARY  default: build-s/gdlsc, else build/gdlsc (relative to the repository)
#   SCALE         multiplies the playout counts below (default 1)
# Output: one Markdown table row per game, ready for doc/benchmarks.md. Rates are given per
# wall-clock second and per CPU second of the process (the latter is what to compare on a
# loaded machine); equal state counts mean both engines played the very same matches
# (same seed, same uniform draws over the same sorted legal moves).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
games="${GDLSC_GAMES:-$repo/../shared/games}"
bin="${1:-}"
if [[ -z "$bin" ]]; then
  for b in "$repo/build-s/gdlsc" "$repo/build/gdlsc"; do [[ -x "$b" ]] && { bin="$b"; break; }; done
fi
[[ -x "$bin" ]] || { echo "run_bench.sh: no gdlsc binary (give its path)" >&2; exit 64; }
scale="${2:-1}"
seed=1
max_steps=1000

# game (relative to the corpus)   playouts
cases=(
  "gdl1/ticTacToe.kif 4000"
  "gdl1/connectFour.kif 1000"
  "gdl2/kriegtictactoe.kif 2000"
  "gdl2/montyhall.kif 10000"
)

json_field() {  # json_field FIELD <<< JSON  (flat JSON objects only)
  sed -n "s/.*\"$1\": *\([0-9.eE+-]*\).*/\1/p"
}

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)  host: $(hostname)  cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "gdlsc: $bin ($(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?'))  swipl: $(swipl --version | cut -d' ' -f3)"
echo
echo "| game | playouts | states (gdlsc / naive) | gdlsc states/s (wall) | gdlsc states/CPU-s | naive states/CPU-s | ratio (CPU) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for c in "${cases[@]}"; do
  read -r game n <<< "$c"
  n=$(( n * scale ))
  ours=$("$bin" simulate "$games/$game" --playouts "$n" --engine progression --seed "$seed" --max-steps "$max_steps" --json --timeout 0)
  peer=$(swipl "$here/naive_gdl.pl" "$games/$game" "$n" "$seed" "$max_steps")
  os=$(json_field states <<< "$ours"); orate=$(json_field states_per_second <<< "$ours")
  ocpu=$(json_field states_per_cpu_second <<< "$ours")
  ps=$(json_field states <<< "$peer"); pcpu=$(json_field states_per_cpu_second <<< "$peer")
  ratio=$(awk -v a="$ocpu" -v b="$pcpu" 'BEGIN { printf "%.1f", a / b }')
  printf '| %s | %d | %s / %s | %.0f | %.0f | %.0f | %s× |\n' \
    "$game" "$n" "$os" "$ps" "$orate" "$ocpu" "$pcpu" "$ratio"
done
echo
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
