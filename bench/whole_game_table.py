#!/usr/bin/env python3
"""Whole-game verdicts on every GDL-II game given, with both whole-game methods.

Per game and property (legal-, terminal-, goal-knowledge, perfect-information):
  - the lockstep fixpoint, `gdlsc prove GAME PROP --json` (verdict, counterexample depth,
    reachable states, pairs, the state space: step network or rules);
  - Z3's k-induction, `gdlsc prove GAME PROP --engine smt --induction --max-k K --json`
    (proved at k / refuted at depth / undecided up to K / not applicable);
  - with --chc, PDR on the pair system's Horn clauses, `gdlsc prove GAME PROP --engine chc
    --json` (holds, with the invariant's lemmas per role / refuted at depth / limit);
  - with --bdd, the BDD engine, `gdlsc prove GAME PROP --engine bdd --json` (holds, by an
    inductive invariant of equal fluents or by the reachable pairs / refuted at depth / limit);
  - with --walks, random lockstep walks, `gdlsc prove GAME PROP --engine walks --json` (a
    refuter: refuted at a depth, not always the shortest / undecided after the walks / limit);
each with elapsed seconds and peak memory (GNU time). Prints a Markdown table; the
methods must agree wherever they decide (a disagreement is marked DISAGREE and the exit
status is 3). The last line counts the rows (accepted games, whole game) that at least one
method decides.

Default games: the corpus gdl2 folder (GDLSC_CORPUS or ../shared/games) and examples/.
Usage: bench/whole_game_table.py [--gdlsc build/gdlsc] [--timeout 60] [--max-k 6] [--chc] [--bdd] [--walks]
                                 [--props P,P] [GAME ...]
"""
import argparse, glob, json, os, subprocess, sys, tempfile

PROPS = ["legal-knowledge", "terminal-knowledge", "goal-knowledge", "perfect-information"]


def run(cmd, timeout):
    with tempfile.NamedTemporaryFile("r") as tm:
        try:
            p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tm.name] + cmd + ["--timeout", str(timeout)],
                               capture_output=True, text=True, timeout=timeout + 60)
        except subprocess.TimeoutExpired:
            return None, float(timeout), 0, 4, "killed"
        secs, kb = tm.read().split()[-2:]
    try:
        j = json.loads(p.stdout)
    except ValueError:
        j = None
    if isinstance(j, dict) and "error" in j:  # --json's error object (exit 2, 4, 5)
        j = None
    return j, float(secs), int(kb) // 1024, p.returncode, p.stderr.strip().splitlines()[-1:] or [""]


def verdict(j, code, err):
    if j is None:
        why = err[0] if isinstance(err, list) else err
        if code == 4:
            return "limit" if "does not apply" not in why else "n/a (too large)"
        return "n/a" if code == 2 else f"error {code}"
    if j.get("undecided"):
        if j.get("method") == "walks":
            return f"undecided ({j['walks']} walks)"
        return f"undecided (k ≤ {j['depth']})"
    if j["holds"]:
        if j.get("method") == "bdd":
            inv = j.get("invariants") or {}
            return "holds (" + ("invariant: " + ", ".join(f"{r} {n}" for r, n in sorted(inv.items())) + " equalities"
                                if inv else f"{j.get('pairs', '')} pairs") + ")"
        if j.get("method") == "chc":
            return "holds (" + ", ".join(f"{r} {n}" for r, n in sorted(j.get("invariants", {}).items())) + " lemmas)"
        return f"holds (k = {j['k']})" if "k" in j else "holds"
    c = j["counterexample"]
    return f"refuted at {c['depth']}" + (f" ({c['role']})" if c.get("role") else "")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--gdlsc", default=os.path.join(here, "..", "build", "gdlsc"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--max-k", type=int, default=6)
    ap.add_argument("--chc", action="store_true", help="add a column: prove --engine chc (PDR on Horn clauses)")
    ap.add_argument("--bdd", action="store_true", help="add a column: prove --engine bdd (the BDD engine)")
    ap.add_argument("--walks", action="store_true", help="add a column: prove --engine walks (random lockstep walks)")
    ap.add_argument("--props", default=",".join(PROPS), help="the properties, comma-separated (default: all four)")
    ap.add_argument("games", nargs="*")
    a = ap.parse_args()
    games = a.games
    if not games:
        corpus = os.environ.get("GDLSC_CORPUS", os.path.join(here, "..", "..", "shared", "games"))
        games = sorted(glob.glob(os.path.join(corpus, "gdl2", "*.kif")) + glob.glob(os.path.join(corpus, "gdl2", "*.gdl")))
        games += sorted(glob.glob(os.path.join(here, "..", "examples", "*", "*.kif")))
    extra = [m for m, on in (("chc", a.chc), ("bdd", a.bdd), ("walks", a.walks)) if on]
    titles = {"chc": "chc (PDR)", "bdd": "bdd", "walks": "walks"}
    props = [p for p in a.props.split(",") if p]
    print("| game | property | fixpoint | states | pairs | s | MB | smt k-induction | s | MB |" +
          "".join(f" {titles[m]} | s | MB |" for m in extra))
    print("|---|---|---|---|---|---|---|---|---|---|" + "---|---|---|" * len(extra))
    disagree = False
    rows = decided = 0
    for g in games:
        name = os.path.basename(g)
        if subprocess.run([a.gdlsc, "check", g], capture_output=True).returncode != 0:
            print(f"| {name} | (invalid: `gdlsc check` refuses it) | | | | | | | | |" + " | | |" * len(extra), flush=True)
            continue
        for prop in props:
            fj, fs, fm, fc, fe = run([a.gdlsc, "prove", g, prop, "--json", "--quiet"], a.timeout)
            sj, ss, sm, sc, se = run([a.gdlsc, "prove", g, prop, "--json", "--quiet", "--engine", "smt", "--induction",
                                      "--max-k", str(a.max_k)], a.timeout)
            fv, sv = verdict(fj, fc, fe), verdict(sj, sc, se)
            if fj is not None and sj is not None and not sj.get("undecided"):
                same = fj["holds"] == sj["holds"] and (fj["holds"] or fj["counterexample"]["depth"] == sj["counterexample"]["depth"])
                if not same:
                    disagree = True
                    sv += " **DISAGREE**"
            chc = ""
            answers = [fj, sj]
            for m in extra:
                cj, cs, cm, cc, ce = run([a.gdlsc, "prove", g, prop, "--json", "--quiet", "--engine", m], a.timeout)
                cv = verdict(cj, cc, ce)
                for other in answers:
                    if cj is not None and other is not None and not other.get("undecided") and not cj.get("undecided"):
                        shortest = m != "walks" and other.get("method") != "walks"  # walks: any depth
                        same = other["holds"] == cj["holds"] and (
                            cj["holds"] or not shortest or other["counterexample"]["depth"] == cj["counterexample"]["depth"])
                        if not same and "DISAGREE" not in cv:
                            disagree = True
                            cv += " **DISAGREE**"
                answers.append(cj)
                chc += f" {cv} | {cs:.1f} | {cm} |"
            if not (fj is None and fc == 2):  # a GDL-III example: no whole-game method applies
                rows += 1
                decided += any(x is not None and not x.get("undecided") for x in answers)
            space = f" ({fj['space']})" if fj is not None and fj.get("space") == "rules" else ""
            states = fj.get("states", "") if fj else ""
            pairs = fj.get("pairs", "") if fj else ""
            print(f"| {name} | {prop} | {fv}{space} | {states} | {pairs} | {fs:.1f} | {fm} | {sv} | {ss:.1f} | {sm} |{chc}", flush=True)
    print(f"\n{decided} of {rows} rows decided by at least one method", flush=True)
    sys.exit(3 if disagree else 0)


if __name__ == "__main__":
    main()
