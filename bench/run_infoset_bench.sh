#!/bin/sh
# Information-set updates along random matches (doc/benchmarks.md, "Information sets"):
# bench/infoset_bench.py runs `gdlsc infoset --steps` on each match with the step network
# (GDLSC_NETWORK=on) and with the game's rules (GDLSC_NETWORK=off, the peer) in the same run,
# writes bench/results/infoset_<game>_{network,rules}.jsonl, and prints the per-depth
# table (network, rules, ratio) and draws doc/infoset_bench.png (bench/infoset_table.py).
# usage: bench/run_infoset_bench.sh [GDLSC_BINARY]   (default: build/gdlsc)
set -e
here=$(cd "$(dirname "$0")" && pwd)
gdlsc=${1:-$here/../build/gdlsc}
games=${GDLSC_GAMES:-$here/../../shared/games}/gdl2
out=$here/results
mkdir -p "$out"
# game role depth matches seed
while read -r game role depth n seed; do
    python3 "$here/infoset_bench.py" "$gdlsc" "$games/$game.kif" "$role" "$depth" "$n" "$seed" "$out/infoset_$game"
done <<GAMES
kriegtictactoe xplayer 15 10 1
kriegTTT_4x4 xplayer 15 8 1
montyhall_20door candidate 5 20 1
meier p1 15 10 1
blindbreakthrough white 15 3 1
GAMES
set --
for g in kriegtictactoe kriegTTT_4x4 montyhall_20door meier blindbreakthrough; do
    set -- "$@" "$out/infoset_${g}_network.jsonl" "$out/infoset_${g}_rules.jsonl"
done
python3 "$here/infoset_table.py" --png "$here/../doc/infoset_bench.png" --versus "$@"
