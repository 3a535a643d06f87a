#!/usr/bin/env python3
"""GDL-III puzzles from their rules: the whole process (start, read, translate, load, solve)
timed through the gdlsc binary, as doc/benchmarks.md ("GDL-III puzzles") reports it.

* Cheryl's Birthday (`solve`), Russian Cards (the safety of Anne's announcement: three
  queries), Sum and Product (`solve`, N = 10 and 25), NumberGuessing (the terminal check
  after five binary-search questions).
* Muddy Children for n = 3, 4, ...: the query "which children can say know" at round n with
  every child muddy (the longest run: n rounds over 2^n - 1 developments), until one run
  exceeds the budget (default 60 s). Prints the time and peak memory per n, and a text plot of
  the time against n (log scale).

Peer: SMCDEL (symbolic DEL model checker) on hand-written models, as the issue reports it on
this machine kind: Cheryl 0.03 s, Muddy Children n = 20 0.04 s, n = 40 0.09 s (not installable
here: not a Debian package).

With --bdd: the targets of issue 25 on the BDD developments (doc/knowledge.md, "GDL-III on
BDDs"), through the binary, each against SMCDEL's figure quoted in the issue and against the
rows engine (GDLSC_GDL3=rows, the same command) in the same run: Muddy Children painted one
child per step (generate_per_step.py; n = 10 .. --max-bdd-n, the k = n history; by query and by
solve from the painting), Russian
Cards with the 1,290 announcements (generate_menu.py), Sum and Product x + y <= 100
(generate_two_steps.py) and N = 25 of generate.py, Cheryl, common knowledge on blind
tic-tac-toe after three joint moves.

Usage: bench/gdl3_bench.py [--gdlsc build/gdlsc] [--budget 60] [--repeat 3] [--max-ground-size N]
       bench/gdl3_bench.py --bdd [--max-bdd-n 80] [--budget 60] [--repeat 3]
"""
import argparse, json, math, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def timed(cmd, budget, env=None):
    tm = tempfile.mktemp(prefix="gdl3_bench_")
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tm] + cmd + ["--timeout", str(budget)],
                           capture_output=True, text=True, timeout=budget + 30,
                           env=dict(os.environ, **(env or {})))
    except subprocess.TimeoutExpired:
        return budget, 0, 4, ""
    secs, kb = open(tm).read().split()[-2:]
    os.unlink(tm)
    return float(secs), int(kb) // 1024, p.returncode, p.stdout


def best(cmd, budget, repeat, env=None):
    runs = [timed(cmd, budget, env) for _ in range(repeat)]
    return min(runs, key=lambda r: r[0])


def generated(script, *args):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "examples", script)] + [str(a) for a in args],
                         capture_output=True, text=True, check=True).stdout
    f = tempfile.NamedTemporaryFile("w", suffix=".kif", delete=False)
    f.write(out)
    f.close()
    return f.name


def bdd_targets(a):
    """The issue's GDL-III targets on the BDD developments, each with the rows engine
    (GDLSC_GDL3=rows) in the same run and SMCDEL's time from the issue."""
    g = a.gdlsc
    ex = lambda p: os.path.join(ROOT, "examples", p)
    rows_env = {"GDLSC_GDL3": "rows"}
    print("| puzzle | command | answer | s BDD (best of %d) | MB | target s | SMCDEL s | BDD/SMCDEL | s rows | rows/BDD |"
          % a.repeat)
    print("|---|---|---|---|---|---|---|---|---|---|")
    mp = "muddy_children/generate_per_step.py"
    cases = [("Cheryl (example)", [g, "solve", ex("cheryl/cheryl.kif"), "--depth", "4", "(true (said statement3))"],
              0.1, 0.03),
             ("Cheryl (claims menu, two-step deal)",
              [g, "solve", ex("cheryl/cheryl_claims.kif"), "--depth", "6",
               "(and (true (claimed albert1)) (true (claimed albert2)) (true (claimed bernard3)) (true (claimed albert4)))"],
              0.1, 0.03),
             ("Cheryl (claims menu), query after the claims",
              [g, "query", ex("cheryl/cheryl_claims.kif"), "--history",
               "((deal_month july) idle idle) ((deal_day 16) idle idle) (idle (say i_dont_know) idle) "
               "(idle (say you_dont_know) idle) (idle idle (say now_i_know))", "(knows albert (true (the_day ?d)))"],
              0.1, None),
             ("Russian Cards, 1,290 announcements (menu, two-step deal)",
              [g, "solve", generated("russian_cards/generate_menu.py"), "--depth", "3", "--limit", "0",
               "(and (true (hand anne 0 1 2)) (true (hand bob 3 4 5)) safe)"], 1.0, 0.37),
             ("Russian Cards, safe5 (example)", [g, "query", ex("russian_cards/russian_cards.kif"), "--history",
                                                 "(noop noop noop (deal 0 1 2 3 4 5 6)) ((announce safe5) noop noop noop)",
                                                 "safe"], 1.0, None),
             ("Sum and Product x + y <= 100 (two-step draw)",
              [g, "solve", generated("sum_and_product/generate_two_steps.py", 100), "--depth", "5",
               "(true (said s_knows_too))"], 3.0, 1.0),
             ("Sum and Product N = 25 (example generator)",
              [g, "solve", generated("sum_and_product/generate.py", 25), "--depth", "5", "(true (said s_knows_now))"],
              3.0, None),
             ("Blind tic-tac-toe, common knowledge after 3 joint moves",
              [g, "query", ex("blind_tictactoe/blind_tictactoe.kif"), "--history",
               "((mark 1 1) (mark 2 3) (tiebreak x)) ((mark 2 2) (mark 1 3) (tiebreak x)) ((mark 3 3) (mark 3 1) (tiebreak o))",
               "(knows (true (cell 2 3 o)))"], 1.0, None)]
    for name, cmd, target, smcdel in cases:
        secs, mb, rc, out = best(cmd, a.budget, a.repeat)
        rsecs, _, rrc, rout = best(cmd, a.budget, 1, rows_env)
        first = out.strip().splitlines()[0] if out.strip() else "exit %d" % rc
        rows_cell = "%.2f" % rsecs if rrc == 0 else "exit %d (%.0f)" % (rrc, rsecs)
        print("| %s | `gdlsc %s` | %s | %.3f | %d | %.1f | %s | %s | %s | %s |" % (
            name, cmd[1], first, secs, mb, target, "%.2f" % smcdel if smcdel else "-",
            "%.1f" % (secs / smcdel) if smcdel else "-", rows_cell, "%.1f" % (rsecs / secs) if rrc == 0 else "-"))
    print()
    print("| Muddy Children n (painted per step) | query `(legal ?c know)` at round n, all muddy: s BDD | MB | answer |"
          " solve `(legal c1 know)` from the painting: s | MB | first level (n + n - 1) |"
          " SMCDEL s | s rows | rows/BDD |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    smcdel = {40: 0.09, 80: 0.38}
    n = 10
    while n <= a.max_bdd_n:
        game = generated(mp, n)
        history = subprocess.run([sys.executable, ex(mp), str(n), "--history", "1" * n, str(n - 1)],
                                 capture_output=True, text=True, check=True).stdout.strip()
        cmd = [g, "query", game, "--history", history, "(legal ?c know)"]
        secs, mb, rc, out = best(cmd, a.budget, a.repeat if n <= 40 else 1)
        rsecs, _, rrc, _ = best(cmd, a.budget, 1, rows_env) if n <= 14 else (None, 0, None, None)
        knowing = out.count("?c = ")
        # The same question through solve, from the painting (solve --history).
        painting = subprocess.run([sys.executable, ex(mp), str(n), "--history", "1" * n, "0"],
                                  capture_output=True, text=True, check=True).stdout.strip()
        scmd = [g, "solve", game, "--history", painting, "--depth", str(2 * n + 1), "--limit", "0", "--json",
                "(legal c1 know)"]
        ssecs, smb, src, sout = best(scmd, a.budget, a.repeat if n <= 40 else 1)
        first = "exit %d" % src
        if src == 0:
            levels = [l["depth"] for l in json.loads(sout)["levels"] if l["solutions"] != 0]
            first = str(levels[0]) if levels else "none"
        print("| %d | %.3f | %d | %s | %.3f | %d | %s | %s | %s | %s |" % (
            n, secs, mb, "%d know" % knowing if rc == 0 else "exit %d" % rc, ssecs, smb, first, smcdel.get(n, "-"),
            "%.2f" % rsecs if rrc == 0 else ("exit %d" % rrc if rrc is not None else "not run"),
            "%.1f" % (rsecs / secs) if rrc == 0 else "-"))
        n += 10 if n < 40 else 20
    print()
    print("| Muddy Children n, second encoding (generate_announced.py), all muddy | query `(legal ?c (say yes))` "
          "at round n: s | MB | answer | solve `(legal c1 (say yes))` from the painting: s | MB | first level (n + n) |")
    print("|---|---|---|---|---|---|---|")
    ap = "muddy_children/generate_announced.py"
    for n in (40, 80):
        if n > a.max_bdd_n:
            break
        game = generated(ap, n)
        hist = lambda rounds: subprocess.run([sys.executable, ex(ap), str(n), "--history", "1" * n, str(rounds)],
                                             capture_output=True, text=True, check=True).stdout.strip()
        secs, mb, rc, out = best([g, "query", game, "--history", hist(n - 1), "(legal ?c (say yes))"], a.budget,
                                 a.repeat)
        ssecs, smb, src, sout = best([g, "solve", game, "--history", hist(0), "--depth", str(2 * n + 2), "--limit", "0",
                                      "--json", "(legal c1 (say yes))"], a.budget, a.repeat)
        first = "exit %d" % src
        if src == 0:
            levels = [l["depth"] for l in json.loads(sout)["levels"] if l["solutions"] != 0]
            first = str(levels[0]) if levels else "none"
        print("| %d | %.3f | %d | %s | %.3f | %d | %s |" % (
            n, secs, mb, "%d know" % out.count("?c = ") if rc == 0 else "exit %d" % rc, ssecs, smb, first))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gdlsc", default=os.path.join(ROOT, "build", "gdlsc"))
    ap.add_argument("--budget", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-n", type=int, default=16)
    ap.add_argument("--max-ground-size", type=int, default=0,
                    help="passed to the Muddy Children queries (0: gdlsc's default); a GDL-III game "
                         "whose one-step program passes it has its developments made in Prolog")
    ap.add_argument("--bdd", action="store_true", help="the BDD targets of issue 25 instead")
    ap.add_argument("--max-bdd-n", type=int, default=80)
    a = ap.parse_args()
    if a.bdd:
        bdd_targets(a)
        return
    g = a.gdlsc
    ex = lambda p: os.path.join(ROOT, "examples", p)

    print("| puzzle | command | answer | s (best of %d) | MB |" % a.repeat)
    print("|---|---|---|---|---|")
    cases = [
        ("Cheryl's Birthday", [g, "solve", ex("cheryl/cheryl.kif"), "--depth", "4", "(true (said statement3))"]),
        ("Russian Cards (safe5 is safe)", [g, "query", ex("russian_cards/russian_cards.kif"), "--history",
                                           "(noop noop noop (deal 0 1 2 3 4 5 6)) ((announce safe5) noop noop noop)",
                                           "safe"]),
        ("Sum and Product, N = 10", [g, "solve", ex("sum_and_product/sum_and_product_10.kif"), "--depth", "5",
                                     "(true (said s_knows_now))"]),
        ("Sum and Product, N = 25", [g, "solve", generated("sum_and_product/generate.py", 25), "--depth", "5",
                                     "(true (said s_knows_now))"]),
        ("NumberGuessing, 5 questions", [g, "query", ex("number_guessing/number_guessing.kif"), "--history",
                                         "(noop (choose 5)) ((ask_if_less 17) noop) ((ask_if_less 9) noop) "
                                         "((ask_if_less 5) noop) ((ask_if_less 7) noop) ((ask_if_less 6) noop)",
                                         "terminal"]),
    ]
    for name, cmd in cases:
        secs, mb, rc, out = best(cmd, a.budget, a.repeat)
        first = out.strip().splitlines()[0] if out.strip() else "exit %d" % rc
        print("| %s | `gdlsc %s` | %s | %.3f | %d |" % (name, cmd[1], first, secs, mb))

    print()
    print("| Muddy Children n | developments per round | s | MB | answer at round n |")
    print("|---|---|---|---|---|")
    points = []
    for n in range(3, a.max_n + 1):
        game = generated("muddy_children/generate.py", n)
        history = "(" + "noop " * n + "(pick" + " 1" * n + "))"
        history += (" (" + "dontknow " * n + "noop)") * (n - 1)
        cmd = [g, "query", game, "--history", history, "(legal ?c know)"]
        if a.max_ground_size:
            cmd += ["--max-ground-size", str(a.max_ground_size)]
        secs, mb, rc, out = best(cmd, a.budget, a.repeat if n <= 8 else 1)
        knowing = out.count("?c = ")
        print("| %d | %d | %.3f | %d | %s |" % (n, 2 ** n - 1, secs, mb,
                                                 "%d know" % knowing if rc == 0 else "exit %d" % rc))
        points.append((n, secs))
        if rc != 0 or secs > a.budget:
            break
    print()
    print("Time against n (log scale, one # per doubling above 10 ms):")
    print("```")
    for n, s in points:
        bars = max(0, int(round(math.log2(max(s, 0.01) / 0.01)))) + 1
        print("n=%2d %8.3f s %s" % (n, s, "#" * bars))
    print("```")


if __name__ == "__main__":
    main()
