#!/usr/bin/env python3
"""Whole-game proofs against the bounded enumeration of developments, in one run.

For each game and property: `gdlsc prove GAME PROP` (the lockstep fixpoint: every
development of every length) and `gdlsc prove GAME PROP --depth d` for d = 1, 2, ... until
the bounded check exceeds the time budget or reaches the fixpoint's depth (the longest
shortest development of a pair: beyond it the bounded check keeps finding nothing new for
the built-in properties, but it cannot know that). Prints a Markdown table: elapsed seconds
and peak memory (MB) per run, with the fixpoint's states and pairs.

Usage: bench/whole_game_bench.py [--gdlsc build/gdlsc] [--budget 60] [--smt] GAME:PROP ...
"""
import argparse, json, os, subprocess, sys, time

def run(cmd, budget):
    t0 = time.time()
    tm = "/tmp/gdlsc_bench_time.txt"
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tm] + cmd + ["--timeout", str(budget)],
                           capture_output=True, text=True, timeout=budget + 30)
    except subprocess.TimeoutExpired:
        return None, budget, 0, 4
    secs, kb = open(tm).read().split()[-2:]
    try:
        j = json.loads(p.stdout)
    except ValueError:
        j = None
    return j, float(secs), int(kb) // 1024, p.returncode

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gdlsc", default=os.path.join(os.path.dirname(__file__), "..", "build", "gdlsc"))
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--max-depth", type=int, default=12)
    ap.add_argument("--smt", action="store_true", help="also prove --engine smt --depth and --induction")
    ap.add_argument("--max-k", type=int, default=6)
    ap.add_argument("cases", nargs="+", help="GAME:PROPERTY")
    a = ap.parse_args()
    print("| game | property | method | verdict | depth | states | pairs | s | MB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case in a.cases:
        game, prop = case.rsplit(":", 1)
        name = os.path.basename(game)
        j, s, mb, code = run([a.gdlsc, "prove", game, prop, "--json", "--quiet"], a.budget)
        if j is None:
            print(f"| {name} | {prop} | fixpoint | exit {code} | | | | {s:.2f} | {mb} |")
            top = a.max_depth
        else:
            d = j["depth"] if j["holds"] else j["counterexample"]["depth"]
            print(f"| {name} | {prop} | fixpoint | {'holds' if j['holds'] else 'refuted'} | {d} | "
                  f"{j.get('states','')} | {j.get('pairs','')} | {s:.2f} | {mb} |")
            top = min(d, a.max_depth)
        for depth in range(1, top + 1):
            jb, sb, mbb, codeb = run([a.gdlsc, "prove", game, prop, "--json", "--quiet", "--depth", str(depth)],
                                     a.budget)
            verdict = f"exit {codeb}" if jb is None else ("holds" if jb["holds"] else "refuted")
            print(f"| {name} | {prop} | developments | {verdict} | {depth} | | | {sb:.2f} | {mbb} |")
            sys.stdout.flush()
            if jb is None or sb > a.budget / 2:
                break
        if a.smt and top > 0:  # Z3's bounded search to the same depth as the deepest enumeration asked
            jb, sb, mbb, codeb = run([a.gdlsc, "prove", game, prop, "--json", "--quiet", "--engine", "smt",
                                      "--depth", str(top)], a.budget)
            verdict = f"exit {codeb}" if jb is None else ("holds" if jb["holds"] else
                      f"refuted at {jb['counterexample']['depth']}")
            print(f"| {name} | {prop} | smt bounded | {verdict} | {top} | | | {sb:.2f} | {mbb} |")
        if a.smt:
            js, ss, mbs, codes = run([a.gdlsc, "prove", game, prop, "--json", "--quiet", "--engine", "smt",
                                      "--induction", "--max-k", str(a.max_k)], a.budget)
            verdict = f"exit {codes}" if js is None else ("holds" if js["holds"] else
                      ("undecided" if js.get("undecided") else "refuted"))
            print(f"| {name} | {prop} | smt k-induction | {verdict} | {'' if js is None else js.get('depth','')} "
                  f"| | | {ss:.2f} | {mbs} |")
        sys.stdout.flush()

if __name__ == "__main__":
    main()
