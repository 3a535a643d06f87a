#!/bin/sh
# Information-set updates along random histories (doc/benchmarks.md, "Information sets"):
# translates each game with gdlsc, runs bench/infoset_bench.pl with fixed seeds, writes
# bench/results/infoset_<game>.jsonl and prints the per-depth table (bench/infoset_table.py).
# Then the before/after comparison on Krieg-TicTacToe 4x4 (same histories): the runtime
# before the optimisation (prolog/ at commit $BEFORE, taken from git) and the current one
# with 1 and with 2 threads -> bench/results/infoset_compare_<variant>.jsonl.
# usage: bench/run_infoset_bench.sh [GDLSC_BINARY]   (default: build/gdlsc)
set -e
here=$(cd "$(dirname "$0")" && pwd)
gdlsc=${1:-$here/../build/gdlsc}
games=${GDLSC_GAMES:-$here/../../shared/games}/gdl2
out=$here/results
BEFORE=${BEFORE:-b09461d}
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
python3 "$here/infoset_table.py" --png "$here/../doc/infoset_bench.png" \
    "$out"/infoset_kriegtictactoe.jsonl "$out"/infoset_kriegTTT_4x4.jsonl "$out"/infoset_montyhall_20door.jsonl \
    "$out"/infoset_meier.jsonl "$out"/infoset_blindbreakthrough.jsonl

# before/after on Krieg-TicTacToe 4x4, depths 1-8, the three histories of the main run
mkdir -p "$tmp/before"
for f in $(git -C "$here/.." ls-tree --name-only "$BEFORE" prolog/); do
    git -C "$here/.." show "$BEFORE:$f" > "$tmp/before/$(basename "$f")"
done
for round in 1 2; do   # interleaved, twice: the machine's load drifts
    GDLSC_PROLOG_DIR="$tmp/before" swipl "$here/infoset_bench.pl" -- "$tmp/kriegTTT_4x4.pl" xplayer 8 3 1 > "$tmp/before.$round"
    GDLSC_INFOSET_THREADS=1 swipl "$here/infoset_bench.pl" -- "$tmp/kriegTTT_4x4.pl" xplayer 8 3 1 > "$tmp/after1.$round"
    GDLSC_INFOSET_THREADS=2 swipl "$here/infoset_bench.pl" -- "$tmp/kriegTTT_4x4.pl" xplayer 8 3 1 > "$tmp/after2.$round"
done
cat "$tmp"/before.* > "$out/infoset_compare_before.jsonl"
cat "$tmp"/after1.* > "$out/infoset_compare_after_1thread.jsonl"
cat "$tmp"/after2.* > "$out/infoset_compare_after_2threads.jsonl"
python3 "$here/infoset_table.py" --compare "$out"/infoset_compare_before.jsonl \
    "$out"/infoset_compare_after_1thread.jsonl "$out"/infoset_compare_after_2threads.jsonl
