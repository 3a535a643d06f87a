#!/usr/bin/env python3
"""Random playouts: gdlsc's two forward engines against the ggp-base prover, in one run.

For each GDL game: the ggp-base ProverStateMachine (../shared/peers/ggp-base, `--serve`: its
JIT warmed once, then one timed round per request) and `gdlsc simulate --playouts` under
`--engine network` and `--engine progression`, interleaved round by round so that the three see
the same machine load. For each GDL-II game gdlsc alone (ggp-base does not read GDL-II).
Rates are states per CPU second of the measured process (every state visited, each playout's
initial state included; terminal?, legal moves and the next state per step, no goals — the
peer counts the same way); the table gives the median over the rounds and the ratios of the
medians. Also per game: the network's size (fluents, moves, derived atoms, rules), its build
time, and the peak memory (MB) of a one-playout run under each engine.

Usage: bench/playout_bench.py [--gdlsc build/gdlsc] [--rounds 3] [--seconds 2] [GAME ...]
  GAME  relative to the corpus (GDLSC_GAMES, default ../shared/games); default: the set below.
Prints a Markdown table for doc/benchmarks.md.
"""
import argparse, json, os, re, shutil, subprocess, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
GAMES = os.environ.get("GDLSC_GAMES", os.path.join(REPO, "..", "shared", "games"))
PEER = os.path.join(REPO, "..", "shared", "peers", "ggp-base", "ggp-base-prover.jar")

GDL = ["gdl1/ticTacToe.kif", "gdl1/connectFour.kif", "gdl1/breakthrough.kif", "gdl1/linesOfAction.kif",
       "gdl1/chess.kif"]
GDL2 = ["gdl2/kriegtictactoe.kif", "gdl2/blindbreakthrough.kif", "gdl2/montyhall.kif"]


def gdlsc_run(gdlsc, game, engine, n, timeout=600):
    p = subprocess.run([gdlsc, "simulate", game, "--playouts", str(n), "--engine", engine, "--seed", "1",
                        "--json", "--timeout", str(timeout)], capture_output=True, text=True, timeout=timeout + 60)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"
    return json.loads(p.stdout), None


def peak_mb(cmd):
    tm = "/tmp/gdlsc_playout_bench_time.txt"
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", tm] + cmd, capture_output=True, text=True, timeout=600)
    try:
        return int(open(tm).read().split()[-1]) // 1024
    except (ValueError, IndexError):
        return None


class Peer:
    """The ggp-base prover in --serve mode: one JSON line per 'SECONDS' line."""

    def __init__(self, game, warmup):
        self.p = subprocess.Popen(["java", "-jar", PEER, game, "--serve", "--seed", "1", "--warmup", str(warmup)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def round(self, seconds):
        self.p.stdin.write(f"{seconds}\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        return json.loads(line) if line.strip() else None

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()


def calibrate(gdlsc, game, engine, seconds):
    """Playouts that take about `seconds` of CPU time under `engine`."""
    n = 1
    while True:
        j, err = gdlsc_run(gdlsc, game, engine, n)
        if j is None:
            return None, err
        if j["cpu_seconds"] >= seconds / 4 or n >= 50_000_000:
            scale = seconds / max(j["cpu_seconds"], 1e-6)
            return max(1, int(n * scale)), None
        n *= 10


def fmt(x):
    return "—" if x is None else f"{x:,.0f}"


def ratio(a, b):
    return "—" if a is None or b is None or b == 0 else f"{a / b:,.1f}×"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gdlsc", default=os.path.join(REPO, "build", "gdlsc"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--warmup", type=int, default=10, help="the peer's JIT warm-up, seconds")
    ap.add_argument("games", nargs="*")
    a = ap.parse_args()
    games = a.games or GDL + GDL2
    have_peer = os.path.exists(PEER) and shutil.which("java")
    cpu = ""
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    rev = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"date: {time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}  cpu: {cpu}  gdlsc: {rev}  "
          f"rounds: {a.rounds} x {a.seconds} s per engine  peer: {'ggp-base' if have_peer else 'absent'}")
    print()
    print("| game | network (fluents, moves, derived atoms, rules) | build s | MB network / progression | "
          "network states/CPU-s | progression states/CPU-s | ggp-base states/CPU-s | network / ggp-base | "
          "progression / ggp-base | network / progression |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rel in games:
        game = os.path.join(GAMES, rel)
        gdl1 = rel.startswith("gdl1/")
        info, err = gdlsc_run(a.gdlsc, game, "auto", 1)
        size, build = "—", None
        if info and info.get("engine") == "network":
            size, build = info["network"], info["build_seconds"]
        elif info:
            size = "none: " + re.sub(r"\s+", " ", info.get("engine_note", ""))[:90]
        mb_net = peak_mb([a.gdlsc, "simulate", game, "--playouts", "1", "--engine", "network"]) if build is not None else None
        mb_pro = peak_mb([a.gdlsc, "simulate", game, "--playouts", "1", "--engine", "progression"])
        n_net = calibrate(a.gdlsc, game, "network", a.seconds)[0] if build is not None else None
        n_pro, perr = calibrate(a.gdlsc, game, "progression", a.seconds)
        peer = Peer(game, a.warmup) if have_peer and gdl1 else None
        rates = {"network": [], "progression": [], "peer": []}
        for _ in range(a.rounds):
            if n_net:
                j, _ = gdlsc_run(a.gdlsc, game, "network", n_net)
                if j: rates["network"].append(j["states_per_cpu_second"])
            if n_pro:
                j, _ = gdlsc_run(a.gdlsc, game, "progression", n_pro)
                if j: rates["progression"].append(j["states_per_cpu_second"])
            if peer:
                j = peer.round(a.seconds)
                if j: rates["peer"].append(j["states_per_cpu_second"])
        if peer:
            peer.close()
        med = {k: (statistics.median(v) if v else None) for k, v in rates.items()}
        mb = f"{mb_net if mb_net is not None else '—'} / {mb_pro if mb_pro is not None else '—'}"
        print(f"| {rel} | {size} | {'—' if build is None else f'{build:.2f}'} | {mb} | {fmt(med['network'])} | "
              f"{fmt(med['progression']) if n_pro else 'fails: ' + (perr or '')[:60]} | "
              f"{fmt(med['peer']) if gdl1 else 'GDL-II'} | {ratio(med['network'], med['peer'])} | "
              f"{ratio(med['progression'], med['peer'])} | {ratio(med['network'], med['progression'])} |", flush=True)
    print()
    print(f"load average: {open('/proc/loadavg').read().split()[:3]} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
