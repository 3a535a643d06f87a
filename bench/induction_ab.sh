#!/bin/bash
# k-induction, two builds side by side (same run, row after row): for each "GAME.kif PROPERTY"
# line of ROWS, `gdlsc prove ../shared/games/gdl2/GAME.kif PROPERTY --engine induction --timeout 60
# --json --quiet` with OLD then NEW; prints exit code, wall time, peak memory, k and
# invariants_from per run. Usage: bench/induction_ab.sh OLD_GDLSC NEW_GDLSC ROWS [GAMES_DIR]
set -u
old=$1 new=$2 rows=$3 games=${4:-"$(dirname "$0")/../../shared/games/gdl2"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while read -r g p; do
  [ -z "$g" ] && continue
  for b in old new; do
    [ $b = old ] && G=$old || G=$new
    s=$(date +%s.%N)
    out=$(/usr/bin/time -f "%M" -o "$tmp/mem" "$G" prove "$games/$g" "$p" --engine induction --timeout 60 --json --quiet 2>/dev/null)
    rc=$?
    e=$(echo "$(date +%s.%N) - $s" | bc)
    echo "$g $p $b rc=$rc $(printf %.1f "$e")s $(tail -1 "$tmp/mem")KB $(echo "$out" | python3 -c 'import json,sys
try:
  j=json.load(sys.stdin); print("k=", j.get("k"), "from=", j.get("invariants_from"), j.get("invariants"))
except Exception: print("")')"
  done
done < "$rows"
