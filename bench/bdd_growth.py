#!/usr/bin/env python3
"""How the BDD engines' cost grows with the game, through the binary, in one run (issue 25:
"a table of how BDD sizes and times grow with the game (n, board size), with a plot").

Two families:
  * Muddy Children painted one child per step (examples/muddy_children/generate_per_step.py),
    n children all muddy, `gdlsc query ... '(legal ?c know)'` after n - 1 rounds of
    dontknow: the developments of GDL-III on BDDs (doc/knowledge.md "GDL-III on BDDs");
  * Krieg-TicTacToe on 3x3, 4x4 and 5x5 boards (examples/ and ../shared/games/gdl2),
    `gdlsc prove GAME PROPERTY --engine bdd --bdd-pairs --json`: the pair fixpoint on BDDs, its
    levels, pairs and nodes (peak live nodes, the reached set's nodes at the end); beside it the
    default command (`--engine bdd` without --bdd-pairs: an inductive invariant first, where
    the compiled step is small enough) and how it decided.

Prints a Markdown table per family (wall seconds of the whole process, peak MB) and, with
--png FILE, plots time and nodes against the size (needs matplotlib, Debian python3-matplotlib).

Usage: bench/bdd_growth.py [--gdlsc build/gdlsc] [--budget 60] [--muddy 10,20,...] [--png FILE]
"""
import argparse, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, budget):
    tm = tempfile.NamedTemporaryFile(delete=False).name
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tm] + cmd, capture_output=True, text=True,
                           timeout=budget + 30)
    except subprocess.TimeoutExpired:
        return None, float(budget), 0
    secs, kb = open(tm).read().split()[-2:]
    os.unlink(tm)
    return p, float(secs), int(kb) // 1024


def muddy(gdlsc, n, budget):
    gen = os.path.join(ROOT, "examples", "muddy_children", "generate_per_step.py")
    with tempfile.NamedTemporaryFile("w", suffix=".kif", delete=False) as f:
        f.write(subprocess.run([sys.executable, gen, str(n)], capture_output=True, text=True, check=True).stdout)
        game = f.name
    history = subprocess.run([sys.executable, gen, str(n), "--history", "1" * n, str(n - 1)], capture_output=True,
                             text=True, check=True).stdout.strip()
    p, secs, mb = timed([gdlsc, "query", game, "--history", history, "(legal ?c know)", "--timeout", str(budget)],
                        budget)
    os.unlink(game)
    knows = None if p is None or p.returncode != 0 else p.stdout.count("?c =")
    return {"n": n, "seconds": secs, "mb": mb, "know": knows}


def default_bdd(gdlsc, path, prop, budget):
    p, secs, _ = timed([gdlsc, "prove", path, prop, "--engine", "bdd", "--json", "--timeout", str(budget)], budget)
    how = "limit"
    if p is not None:
        try:
            j = json.loads(p.stdout)
            how = ("invariant" if j.get("invariants") and j["holds"] else "pairs") + \
                  (", holds" if j["holds"] else ", refuted")
        except (ValueError, KeyError):
            pass
    return secs, how


def krieg(gdlsc, path, prop, budget):
    p, secs, mb = timed([gdlsc, "prove", path, prop, "--engine", "bdd", "--bdd-pairs", "--json", "--timeout",
                         str(budget)], budget)
    row = {"seconds": secs, "mb": mb, "verdict": "limit"}
    if p is not None:
        try:
            j = json.loads(p.stdout)
            row.update(verdict="holds" if j["holds"] else "refuted (depth %d)" % j["counterexample"]["depth"],
                       pairs=j.get("pairs"), states=j.get("states"), levels=j.get("depth"),
                       peak=j["nodes"]["peak"], reached=j["nodes"]["reached"])
        except (ValueError, KeyError):
            pass
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gdlsc", default=os.path.join(ROOT, "build", "gdlsc"))
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--muddy", default="10,20,30,40,50,60,70,80")
    ap.add_argument("--png")
    a = ap.parse_args()
    rows = [muddy(a.gdlsc, int(n), a.budget) for n in a.muddy.split(",")]
    print("| Muddy Children n (painted per step) | s | MB | children who know in round n |")
    print("|---|---|---|---|")
    for r in rows:
        print("| %d | %.2f | %d | %s |" % (r["n"], r["seconds"], r["mb"], r["know"] if r["know"] is not None else "limit"))
    shared = os.path.join(ROOT, "..", "shared", "games", "gdl2")
    boards = [("3x3", os.path.join(ROOT, "examples", "krieg_tictactoe", "krieg_tictactoe.kif")),
              ("4x4", os.path.join(shared, "kriegTTT_4x4.kif")), ("5x5", os.path.join(shared, "kriegTTT_5x5.kif"))]
    kr = []
    print()
    print("| Krieg-TicTacToe | property | verdict | s (pairs) | MB | levels | states | pairs | peak nodes | reached nodes |"
          " s (default) | default decided by |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size, path in boards:
        if not os.path.exists(path):
            print("| %s | | skipped: %s absent | | | | | | | |" % (size, path))
            continue
        for prop in ("terminal-knowledge", "legal-knowledge"):
            r = krieg(a.gdlsc, path, prop, a.budget)
            r.update(size=size, prop=prop)
            kr.append(r)
            dsecs, how = default_bdd(a.gdlsc, path, prop, a.budget)
            print("| %s | %s | %s | %.2f | %d | %s | %s | %s | %s | %s | %.2f | %s |" % (
                size, prop, r["verdict"], r["seconds"], r["mb"], r.get("levels", ""), r.get("states", ""),
                r.get("pairs", ""), r.get("peak", ""), r.get("reached", ""), dsecs, how))
    if a.png:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8))
        ok = [r for r in rows if r["know"] is not None]
        left.plot([r["n"] for r in ok], [r["seconds"] for r in ok], "o-", label="query, whole process")
        left.set_xlabel("children n (all muddy; the answer in round n)")
        left.set_ylabel("seconds")
        left.set_yscale("log")
        left.set_title("Muddy Children on BDDs")
        left.axhline(3, linestyle=":", color="gray")
        left.text(ok[0]["n"] if ok else 10, 3.3, "target n = 80: 3 s", color="gray", fontsize=8)
        for prop, style in (("terminal-knowledge", "s--"), ("legal-knowledge", "o-")):
            pts = [(int(r["size"][0]), r["seconds"]) for r in kr if r["prop"] == prop and r["verdict"] != "limit"]
            lim = [(int(r["size"][0]), r["seconds"]) for r in kr if r["prop"] == prop and r["verdict"] == "limit"]
            if pts:
                right.plot(*zip(*pts), style, label=prop)
            if lim:
                right.plot(*zip(*lim), "x", color="red", label="%s: limit (%d s)" % (prop, a.budget))
        right.set_xlabel("board side")
        right.set_ylabel("seconds")
        right.set_yscale("log")
        right.set_xticks([3, 4, 5])
        right.set_title("Krieg-TicTacToe, pair fixpoint on BDDs")
        right.legend(fontsize=8)
        left.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(a.png, dpi=100)
        print("\nwrote", a.png)


if __name__ == "__main__":
    main()
