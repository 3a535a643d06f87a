#!/bin/bash
# The Horn-clause method of prove (--engine chc) per solver: game, property, solver, exit code,
# seconds, load, then holds / who solved each role / counterexample depth / lemmas per role.
# Figures: doc/knowledge.md, "Whole-game proofs by Horn clauses". Usage: bench/chc_bench.sh [> out.tsv]
# game property solver timeout
cd "$(dirname "$0")/.."
G=../shared/games/gdl2
run() { local t0=$(date +%s.%N); out=$(${GDLSC:-build/gdlsc} prove "$1" "$2" --engine chc --chc-solver "$3" --timeout "$4" --json --quiet 2>&1); rc=$?; t1=$(date +%s.%N);
  printf "%s\t%s\t%s\trc=%s\t%.1f s\tload=%s\t%s\n" "$(basename $1)" "$2" "$3" "$rc" "$(echo "$t1-$t0"|bc)" "$(cut -d' ' -f1 /proc/loadavg)" "$(echo "$out" | python3 -c 'import json,sys
try:
  j=json.load(sys.stdin); print(j.get("holds"), j.get("solved_by"), (j.get("counterexample") or {}).get("depth"), j.get("invariants"))
except Exception as e: print("no json")')"; }
for s in both pdr spacer; do
 for p in legal-knowledge terminal-knowledge goal-knowledge perfect-information; do run examples/krieg_tictactoe/krieg_tictactoe.kif $p $s 60; done
 run examples/card_game/card_game.kif goal-knowledge $s 60
 run $G/banker_and_thief.kif legal-knowledge $s 60
done
run $G/banker_and_thief.kif goal-knowledge both 120
run $G/latenttictactoe.kif legal-knowledge both 120
run $G/two_generals.kif legal-knowledge both 60
run examples/blind_tictactoe/blind_tictactoe.kif legal-knowledge both 60
