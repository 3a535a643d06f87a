#!/usr/bin/env python3
"""The BDD engine against the explicit pair fixpoint, through the binary, in one run.

For each game and property: `gdlsc prove GAME PROP --engine fixpoint` and `--engine bdd`,
each with the time budget; a Markdown table of verdict, depth, role, elapsed seconds, peak
memory (MB) and, for bdd, its peak live BDD nodes, and whether the two agree where both
decide. With --corpus DIR: every .kif/.gdl of DIR/gdl1 and DIR/gdl2, all four properties.

Usage: bench/bdd_bench.py [--gdlsc build/gdlsc] [--budget 60] [--no-fixpoint] [--corpus DIR] [GAME:PROP ...]
"""
import argparse, json, os, subprocess, sys

PROPS = ["legal-knowledge", "terminal-knowledge", "goal-knowledge", "perfect-information"]


def run(cmd, budget):
    tm = "/tmp/gdlsc_bdd_bench_time.%d" % os.getpid()
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tm] + cmd + ["--timeout", str(budget)],
                           capture_output=True, text=True, timeout=budget + 60)
    except subprocess.TimeoutExpired:
        return None, float(budget), 0, "killed"
    secs, kb = open(tm).read().split()[-2:]
    try:
        j = json.loads(p.stdout)
    except ValueError:
        j = None
    if j is not None and "holds" not in j:
        j = None
    why = "" if j else (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1]
    return j, float(secs), int(kb) // 1024, why


def verdict(j):
    if j is None or "holds" not in j:
        return None
    if j["holds"]:
        return ("holds", j.get("depth", ""), "")
    c = j["counterexample"]
    return ("refuted", c["depth"], c.get("role", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gdlsc", default=os.path.join(os.path.dirname(__file__), "..", "build", "gdlsc"))
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--no-fixpoint", action="store_true")
    ap.add_argument("--corpus")
    ap.add_argument("--bdd-args", default="", help="extra options for the bdd runs")
    ap.add_argument("cases", nargs="*", help="GAME:PROPERTY")
    a = ap.parse_args()
    cases = [c.rsplit(":", 1) for c in a.cases]
    if a.corpus:
        for d in ("gdl1", "gdl2"):
            for f in sorted(os.listdir(os.path.join(a.corpus, d))):
                if f.endswith((".kif", ".gdl")):
                    cases += [[os.path.join(a.corpus, d, f), p] for p in PROPS]
    print("| game | property | fixpoint | s | MB | bdd | s | MB | peak nodes | agree |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game, prop in cases:
        name = os.path.basename(game)
        base = [a.gdlsc, "prove", game, prop, "--json", "--quiet"]
        cells = []
        vs = []
        for engine in (["bdd"] if a.no_fixpoint else ["fixpoint", "bdd"]):
            extra = a.bdd_args.split() if engine == "bdd" else []
            j, s, mb, why = run(base + ["--engine", engine] + extra, a.budget)
            v = verdict(j)
            vs.append(v)
            text = why[:90].replace("|", "/") if v is None else "%s %s %s" % v
            cells.append("%s | %.2f | %d" % (text.strip(), s, mb))
            if engine == "bdd":
                cells.append(str(j["nodes"]["peak"]) if j and "nodes" in j else "")
        if a.no_fixpoint:
            cells.insert(0, " | | ")
        agree = "" if len(vs) < 2 or None in vs else ("yes" if vs[0] == vs[1] else "**NO**")
        print("| %s | %s | %s | %s |" % (name, prop, " | ".join(cells), agree))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
