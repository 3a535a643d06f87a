#!/usr/bin/env python3
"""Per-depth table of information-set updates from bench/infoset_bench.py (or the older
bench/infoset_bench.pl) output (JSON lines), as Markdown; with --png FILE also a plot of
ms per update vs depth, drawn by a tiny PNG writer (no plotting library needed).
With --versus NET RULES [NET RULES ...]: per game, the step network against the rules
(the peer, same matches, same run) per depth, with the ratio; --png plots the network.
With --compare BEFORE AFTER... : one table of median CPU and wall ms per depth, per file,
and the speed-ups of each file over the first."""
import json, sys, os, struct, zlib, math
from collections import defaultdict

def load(path):
    rows = defaultdict(list)
    for line in open(path):
        line = line.strip()
        if line:
            r = json.loads(line)
            rows[r["depth"]].append(r)
    return rows

def table(name, rows):
    threads = sorted({r.get("threads", 1) for rs in rows.values() for r in rs})
    out = [f"\n**{name}** (ms: CPU time of the process, all threads, during one step of the "
           f"progressive update; wall: its elapsed time; threads: {', '.join(map(str, threads))}; "
           "rules ms: the game-rule calls alone that the update must make, timed apart, a lower bound; "
           "states: distinct states in the information set; developments: their number)\n",
           "| depth | histories | mean ms | max ms | mean wall ms | mean rules ms | mean states | max states | max developments |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for d in sorted(rows):
        rs = rows[d]
        ms = [r["ms"] for r in rs]; st = [r["states"] for r in rs]; dv = [r["developments"] for r in rs]
        wall = [r.get("wall_ms", r["ms"]) for r in rs]
        rules = [r["rules_ms"] for r in rs if "rules_ms" in r]
        rules_text = f"{sum(rules)/len(rules):.1f}" if rules else "–"
        out.append(f"| {d} | {len(rs)} | {sum(ms)/len(ms):.1f} | {max(ms):.1f} | {sum(wall)/len(wall):.1f} | {rules_text} | "
                   f"{sum(st)/len(st):.0f} | {max(st)} | {max(dv)} |")
    return "\n".join(out)

def versus(name, net, rules):
    out = [f"\n**{name}** (ms: CPU time of the process during one update, mean over the matches that "
           "reach the depth, without the one-time build of the step network (given below the table); "
           "network: GDLSC_NETWORK=on, the step network for sets of 16 states or more; "
           "rules: GDLSC_NETWORK=off; ratio: rules / network, same matches in the same run)\n",
           "| depth | matches | mean states | max states | max developments | network mean ms | network max ms "
           "| network mean wall ms | rules mean ms | rules max ms | ratio |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    builds = [r for rs in net.values() for r in rs if "build_ms" in r]
    for d in sorted(net):
        a, b = net[d], rules.get(d, [])
        if not b:
            continue
        ms = [r["ms"] for r in a]; rb = [r["ms"] for r in b]
        st = [r["states"] for r in a]; dv = [r["developments"] for r in a]
        wall = [r.get("wall_ms", r["ms"]) for r in a]
        ma, mb = sum(ms) / len(ms), sum(rb) / len(rb)
        out.append(f"| {d} | {len(a)} | {sum(st)/len(st):.0f} | {max(st)} | {max(dv)} | {ma:.1f} | {max(ms):.1f} | "
                   f"{sum(wall)/len(wall):.1f} | {mb:.1f} | {max(rb):.1f} | {mb / max(ma, 0.001):.1f}x |")
    if builds:
        ms = [r["build_ms"] for r in builds]
        kind = "built" if all(r["network_built"] for r in builds) else "not available"
        out.append(f"\nStep network {kind} once per match (not in the ms above): {min(ms):.1f}–{max(ms):.1f} ms; "
                   f"{builds[0]['network']}.")
    return "\n".join(out)

def median(xs):
    xs = sorted(xs); n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2

def compare(paths):
    names = [os.path.basename(p).removeprefix("infoset_compare_").removesuffix(".jsonl") for p in paths]
    data = [load(p) for p in paths]
    head = "| depth | states | rules ms | " + " | ".join(f"{n} CPU ms | {n} wall ms" for n in names) + " | " + \
        " | ".join(f"speed-up {n} CPU | speed-up {n} wall" for n in names[1:]) + " |"
    out = ["\nMedian per depth over every history and round (ms: process CPU time, all threads; "
           "wall: elapsed time; rules ms: the game-rule calls alone, a lower bound):\n", head,
           "|" + "---:|" * (3 + 2 * len(names) + 2 * (len(names) - 1))]
    for d in sorted(data[0]):
        if any(d not in rows for rows in data):
            continue
        cpu = [median([r["ms"] for r in rows[d]]) for rows in data]
        wall = [median([r.get("wall_ms", r["ms"]) for r in rows[d]]) for rows in data]
        states = median([r["states"] for r in data[0][d]])
        rules = [r["rules_ms"] for rows in data for r in rows[d] if "rules_ms" in r]
        rules_text = f"{median(rules):.1f}" if rules else "–"
        cells = [f"{c:.1f} | {w:.1f}" for c, w in zip(cpu, wall)]
        ratios = [f"{cpu[0] / c:.2f}x | {wall[0] / w:.2f}x" for c, w in zip(cpu[1:], wall[1:])]
        out.append(f"| {d} | {states:.0f} | {rules_text} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
    return "\n".join(out)

# --- a minimal line plot as PNG -------------------------------------------------------
FONT = {  # 3x5 digits and a few letters
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
    "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001001001001",
    "8": "111101111101111", "9": "111101111001111", ".": "000000000000010", " ": "000000000000000",
}

def plot(series, path, w=640, h=400, faded=None):
    img = [[(255, 255, 255)] * w for _ in range(h)]
    colors = [(200, 30, 30), (30, 30, 200), (30, 150, 30), (200, 120, 0), (120, 0, 160)]
    L, R, T, B = 50, 20, 20, 40
    faded = faded or {}
    everything = list(series.values()) + list(faded.values())
    maxd = max(d for s in everything for d in s) or 1
    maxv = max(v for s in everything for v in s.values())
    lo, hi = -2.0, math.log10(max(maxv, 1.0)) + 0.3   # log scale: 0.01 ms .. max
    def xy(d, v):
        x = L + (w - L - R) * d / maxd
        y = T + (h - T - B) * (1 - (math.log10(max(v, 0.01)) - lo) / (hi - lo))
        return int(x), int(y)
    def px(x, y, c):
        if 0 <= x < w and 0 <= y < h: img[y][x] = c
    def line(a, b, c):
        (x0, y0), (x1, y1) = a, b
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(n + 1):
            for dx in (0, 1):
                px(x0 + (x1 - x0) * i // n + dx, y0 + (y1 - y0) * i // n, c)
    def text(x, y, s, c=(0, 0, 0)):
        for k, ch in enumerate(s):
            g = FONT.get(ch, FONT[" "])
            for i in range(15):
                if g[i] == "1":
                    for a in range(2):
                        for b in range(2):
                            px(x + k * 8 + (i % 3) * 2 + a, y + (i // 3) * 2 + b, c)
    grey = (200, 200, 200)
    for e in range(int(lo), int(math.ceil(hi)) + 1):      # decades
        _, y = xy(0, 10 ** e)
        line((L, y), (w - R, y), grey)
        text(4, y - 5, f"{10.0 ** e:g}")
    line((L, T), (L, h - B), (0, 0, 0)); line((L, h - B), (w - R, h - B), (0, 0, 0))
    for d in range(0, maxd + 1, max(1, maxd // 10)):
        x, _ = xy(d, 1)
        text(x - 4, h - B + 8, str(d))
    _, y50 = xy(0, 50)
    for x in range(L, w - R, 6): px(x, y50, (0, 0, 0))     # the 50 ms target, dotted
    for k, name in enumerate(sorted(series)):           # the peer: same hue, faded, dashed
        if name not in faded: continue
        c = tuple(int(v + (255 - v) * 0.6) for v in colors[k % len(colors)])
        pts = [xy(d, faded[name][d]) for d in sorted(faded[name])]
        for a, b in zip(pts, pts[1:]):
            n = max(abs(b[0] - a[0]), 1)
            for i in range(0, n, 8):                         # dashes of 4 px
                j = min(i + 4, n)
                line((a[0] + (b[0] - a[0]) * i // n, a[1] + (b[1] - a[1]) * i // n),
                     (a[0] + (b[0] - a[0]) * j // n, a[1] + (b[1] - a[1]) * j // n), c)
    for k, (name, s) in enumerate(sorted(series.items())):
        c = colors[k % len(colors)]
        pts = [xy(d, s[d]) for d in sorted(s)]
        for a, b in zip(pts, pts[1:]): line(a, b, c)
        for (x, y) in pts:
            for a in range(-2, 3):
                for b in range(-2, 3): px(x + a, y + b, c)
        for a in range(12):                                   # legend swatch
            for b in range(6): px(w - R - 150 + a, T + 10 + 14 * k + b, c)
    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in img)
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)

if __name__ == "__main__":
    args = sys.argv[1:]
    png = None
    if "--compare" in args:
        args.remove("--compare")
        print(compare(args))
        sys.exit(0)
    if "--png" in args:
        i = args.index("--png"); png = args[i + 1]; del args[i:i + 2]
    if "--versus" in args:
        args.remove("--versus")
        series, peers = {}, {}
        for net_path, rules_path in zip(args[0::2], args[1::2]):
            name = os.path.basename(net_path).removeprefix("infoset_").removesuffix("_network.jsonl")
            net, rules = load(net_path), load(rules_path)
            if not net: continue
            print(versus(name, net, rules))
            series[name] = {d: max(sum(r["ms"] for r in rs) / len(rs), 0.01) for d, rs in net.items()}
            peers[name] = {d: max(sum(r["ms"] for r in rs) / len(rs), 0.01) for d, rs in rules.items()}
        if png and series:
            plot(series, png, faded=peers)
            print("\nlegend (top right, in order):", ", ".join(sorted(series)))
        sys.exit(0)
    series = {}
    for p in args:
        name = os.path.basename(p).removeprefix("infoset_").removesuffix(".jsonl")
        rows = load(p)
        if not rows: continue
        print(table(name, rows))
        series[name] = {d: sum(r["ms"] for r in rs) / len(rs) for d, rs in rows.items()}
    if png and series:
        plot(series, png)
        print("\nlegend (top right, in order):", ", ".join(sorted(series)))
