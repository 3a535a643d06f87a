#!/usr/bin/env python3
"""Information-set updates along random matches, through the gdlsc binary, with the step
network and, in the same run, with the game's rules (the peer): doc/benchmarks.md,
"Information sets".

usage: bench/infoset_bench.py GDLSC GAME ROLE DEPTH MATCHES SEED OUT_PREFIX

For match h = 1..MATCHES, `gdlsc simulate GAME --seed SEED+h-1 --max-steps DEPTH` plays a
random match (every role, random included, uniform among its legal moves; a match that
ends earlier stops there), and `gdlsc infoset GAME --role ROLE --history <its moves>
--steps --json` updates ROLE's set step by step (the set after step i from the set after
step i-1), once with GDLSC_NETWORK=on (the step network on sets of 16 states or more) and
once with GDLSC_NETWORK=off (the rules only), alternating which goes first, both with one
thread (GDLSC_INFOSET_THREADS=1). One JSON line per (match, step) goes to
OUT_PREFIX_network.jsonl and OUT_PREFIX_rules.jsonl:
{"history":h,"depth":d,"ms":cpu,"wall_ms":wall,"threads":1,"states":m,"developments":n,"update":u}
ms is the CPU time of the process during the update, wall_ms its elapsed time, u how it was
made (network or rules). The update that builds the step network (once per process, at the
first set of 16 states or more) has "build_ms" (CPU), "build_wall_ms", "network_built" and
"network" (its size, or why there is none) too, and its ms and wall_ms are given without
the build. The two runs
must agree on states and developments (checked)."""
import json, os, subprocess, sys


def run(cmd, env=None, ok=(0,)):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode not in ok:
        sys.exit(f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def main(gdlsc, game, role, depth, matches, seed, out):
    rows = {"network": [], "rules": []}
    for h in range(1, matches + 1):
        sim = json.loads(run([gdlsc, "simulate", game, "--seed", str(seed + h - 1), "--max-steps", str(depth),
                              "--json"], ok=(0, 4)))
        steps = ["(" + " ".join(s["joint_move"]) + ")" for s in sim["steps"] if "joint_move" in s]
        if not steps:
            continue
        variants = [("network", "on"), ("rules", "off")]
        if h % 2 == 0:
            variants.reverse()
        got = {}
        for name, mode in variants:
            env = dict(os.environ, GDLSC_NETWORK=mode, GDLSC_INFOSET_THREADS="1")
            j = json.loads(run([gdlsc, "infoset", game, "--role", role, "--history", " ".join(steps), "--steps",
                                "--json"], env=env))
            got[name] = j["steps"]
            for s in j["steps"]:
                net = s.get("network", {})
                build, build_wall = net.get("cpu_ms", 0.0), net.get("wall_ms", 0.0)
                row = {"history": h, "depth": s["step"], "ms": round(s["cpu_ms"] - build, 3),
                       "wall_ms": round(s["wall_ms"] - build_wall, 3), "threads": 1, "states": s["states"],
                       "developments": s["developments"], "update": s["update"]}
                if net:
                    row.update(build_ms=build, build_wall_ms=build_wall, network_built=net["built"],
                               network=net["about"])
                rows[name].append(row)
        a = [(s["states"], s["developments"]) for s in got["network"]]
        b = [(s["states"], s["developments"]) for s in got["rules"]]
        if a != b:
            sys.exit(f"{game} match {h}: the network and the rules disagree: {a} vs {b}")
    for name, rs in rows.items():
        with open(f"{out}_{name}.jsonl", "w") as f:
            for r in rs:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 8:
        sys.exit(__doc__)
    g, game, role, depth, n, seed, out = sys.argv[1:]
    main(g, game, role, int(depth), int(n), int(seed), out)
