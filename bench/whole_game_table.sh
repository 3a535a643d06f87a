#!/usr/bin/env bash
# Whole-game proofs on every GDL-II game given (default: the corpus gdl2 games and the
# examples): per game and property the verdict, the counterexample depth, states, pairs,
# elapsed seconds and peak memory of `gdlsc prove GAME PROPERTY --json` (the lockstep
# fixpoint), one TSV line each. Usage: bench/whole_game_table.sh [GDLSC] [TIMEOUT_S] [GAME...]
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
gdlsc="${1:-$here/build/gdlsc}"; shift || true
limit="${1:-120}"; shift || true
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
  games=("$here"/examples/*/*.kif)
  corpus="${GDLSC_CORPUS:-$here/../shared/games}"
  [ -d "$corpus/gdl2" ] && games+=("$corpus"/gdl2/*.kif "$corpus"/gdl2/*.gdl)
fi
printf "game\tproperty\tverdict\tdepth\tstates\tpairs\tseconds\tmax_rss_mb\texit\n"
for g in "${games[@]}"; do
  "$gdlsc" check "$g" >/dev/null 2>&1 || { printf "%s\t-\tinvalid\t\t\t\t\t\t2\n" "$(basename "$g")"; continue; }
  for p in legal-knowledge terminal-knowledge goal-knowledge perfect-information; do
    out=$(mktemp); tm=$(mktemp)
    /usr/bin/time -f "%e %M" -o "$tm" "$gdlsc" prove "$g" "$p" --json --quiet --timeout "$limit" >"$out" 2>/dev/null
    code=$?
    read -r secs kb < <(tail -1 "$tm")
    python3 - "$out" "$(basename "$g")" "$p" "$secs" "$kb" "$code" <<'PY'
import json, sys
path, game, prop, secs, kb, code = sys.argv[1:]
try:
    j = json.load(open(path))
    verdict = "holds" if j["holds"] else "refuted"
    depth = "" if j["holds"] else str(j["counterexample"]["depth"])
    states, pairs = j.get("states", ""), j.get("pairs", "")
except Exception:
    verdict, depth, states, pairs = {"4": "limit", "2": "not applicable"}.get(code, "error"), "", "", ""
print(f"{game}\t{prop}\t{verdict}\t{depth}\t{states}\t{pairs}\t{secs}\t{int(kb)//1024}\t{code}")
PY
    rm -f "$out" "$tm"
  done
done
