#!/usr/bin/env python3
"""Two builds of gdlsc on the same workloads, interleaved in one run (best of --repeat):
a refactoring must leave outputs identical and times unchanged.

    git worktree add /tmp/oldtree <commit> && cmake -S /tmp/oldtree -B /tmp/oldtree/build \\
        && make -C /tmp/oldtree/build gdlsc
    python3 bench/compare_builds.py --old /tmp/oldtree/build/gdlsc --old-prolog /tmp/oldtree/prolog

Workloads: Muddy Children n = 10 at round 10 (GDL-III developments), Krieg-TicTacToe legal-
knowledge to depth 5, an information set and a knows query after 5 moves, regression on
ticTacToe, a belief on the card game, Cheryl's Birthday by solve.  Run from the checkout
with ../shared/games beside it.
"""
import argparse, os, subprocess, sys, tempfile, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--old-prolog", required=True)
    ap.add_argument("--new", default="build/gdlsc")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    muddy = tempfile.NamedTemporaryFile("w", suffix=".kif", delete=False)
    muddy.write(subprocess.run([sys.executable, "examples/muddy_children/generate.py", "10"],
                               capture_output=True, text=True, check=True).stdout)
    muddy.close()
    h = "(" + "noop " * 10 + "(pick" + " 1" * 10 + "))" + (" (" + "dontknow " * 10 + "noop)") * 9
    krieg = "../shared/games/gdl2/kriegtictactoe.kif"
    k5 = "((mark 1 1) noop) (noop (mark 2 2)) ((mark 1 2) noop) (noop (mark 1 3)) ((mark 2 1) noop)"
    work = [
        ("Muddy Children n=10, round 10", ["query", muddy.name, "--history", h, "(legal ?c know)"]),
        ("Krieg-TTT legal-knowledge depth 5", ["prove", krieg, "legal-knowledge", "--depth", "5", "--quiet"]),
        ("Krieg-TTT infoset after 5 moves", ["infoset", krieg, "--role", "oplayer", "--history", k5]),
        ("Krieg-TTT knows after 5 moves", ["query", krieg, "--history", k5, "(knows oplayer (true (cell ?m ?n x)))"]),
        ("ticTacToe regress after 3 moves", ["regress", "../shared/games/gdl1/ticTacToe.kif", "--history",
                                             "((mark 1 1) noop) (noop (mark 2 2)) ((mark 1 2) noop)", "(legal oplayer ?m)"]),
        ("card game belief", ["belief", "examples/card_game/card_game.kif", "--role", "rick", "--history",
                              "(noop noop (deal king 7))", "(true (hasCard jane ace))"]),
        ("Cheryl solve depth 4", ["solve", "examples/cheryl/cheryl.kif", "--depth", "4", "(true (said statement3))"]),
    ]
    old_env = dict(os.environ, GDLSC_PROLOG_DIR=a.old_prolog)
    print("| workload | old s | new s | new/old | same output |")
    print("|---|---|---|---|---|")
    for name, args in work:
        to, tn, same = [], [], True
        for _ in range(a.repeat):
            for binary, env, times in ((a.old, old_env, to), (a.new, dict(os.environ), tn)):
                t0 = time.time()
                r = subprocess.run([binary] + args, env=env, capture_output=True, text=True)
                times.append(time.time() - t0)
                if binary == a.old:
                    ref = (r.returncode, r.stdout)
                elif (r.returncode, r.stdout) != ref:
                    same = False
        print("| %s | %.3f | %.3f | %.2f | %s |" % (name, min(to), min(tn), min(tn) / min(to), "yes" if same else "NO"))
    os.unlink(muddy.name)

if __name__ == "__main__":
    main()
