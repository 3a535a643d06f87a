#!/bin/sh
# Information-set updates along random histories (doc/benchmarks.md, "Information sets"):
# translates each game with gdlsc, runs bench/infoset_bench.pl with fixed seeds, writes
# bench/results/infoset_<game>.jsonl and prints the per-depth table (bench/infoset_table.py).
# usage: bench/run_infoset_bench.sh [GDLSC_BINARY]   (default: build/gdlsc)
set -e
here=$(cd "$(dirname "$0")" && pwd)
gdlsc=${1:-$here/../build/gdlsc}
games=${GDLSC_GAMES:-$here/../../shared/games}/gdl2
out=$here/results
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# game role depth histories seed
while read -r game role depth n seed; do
    "$gdlsc" translate -f prolog "$games/$game.kif" -o "$tmp/$game.pl"
    swipl "$here/infoset_bench.pl" -- "$tmp/$game.pl" "$role" "$depth" "$n" "$seed" > "$out/infoset_$game.jsonl"
done <<GAMES
kriegtictactoe xplayer 15 10 1
kriegTTT_4x4 xplayer 15 3 1
montyhall_20door candidate 5 20 1
meier p1 15 10 1
blindbreakthrough white 15 3 1
GAMES
python3 "$here/infoset_table.py" "$out"/infoset_*.jsonl
