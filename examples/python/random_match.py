#!/usr/bin/env python3
"""A match between random agents in a GDL-II game, printing after every step the size of each
player's information set (developments it cannot tell from the actual one, and their distinct
states). With --png FILE, plots the sizes with matplotlib (Debian: python3-matplotlib).

    PYTHONPATH=build/python python3 examples/python/random_match.py examples/krieg_tictactoe/krieg_tictactoe.kif --seed 1
"""
import argparse
import random

from gdlsc.env import GdlEnv


def play(path, seed):
    """Plays one match; returns the environment and, per player, the sizes per step."""
    env = GdlEnv(path)
    agents = random.Random(seed)
    env.reset(seed=seed)
    sizes = {p: [env.information_state(p).developments] for p in env.players}
    print("step " + " ".join(f"{p:>24}" for p in env.players))
    print(f"{0:4} " + " ".join(f"{sizes[p][-1]:>24}" for p in env.players))
    while not env.done:
        actions = {p: agents.choice(env.legal_actions(p)) for p in env.players}
        env.step(actions)
        row = []
        for p in env.players:
            s = env.information_state(p)
            sizes[p].append(s.developments)
            row.append(f"{s.developments} dev, {len(s.states)} states")
        print(f"{len(env.world_state.history):4} " + " ".join(f"{c:>24}" for c in row))
    print("returns:", env.returns())
    return env, sizes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--png", help="plot the information-set sizes to this PNG (needs matplotlib)")
    a = ap.parse_args()
    env, sizes = play(a.game, a.seed)
    if a.png:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from matplotlib.ticker import MaxNLocator

        fig, ax = plt.subplots(figsize=(6, 3.5))
        styles = ["-", "--", ":", "-."]
        for k, (p, ys) in enumerate(sizes.items()):  # equal sizes stay visible: a style per player
            ax.step(range(len(ys)), ys, where="post", label=p, linestyle=styles[k % len(styles)], marker="o",
                    markersize=4, linewidth=1.5 + 1.5 * (len(sizes) - 1 - k))
        ax.set_yscale("log")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("step")
        ax.set_ylabel("developments in the information set")
        ax.set_title(a.game.rsplit("/", 1)[-1])
        ax.legend()
        fig.tight_layout()
        fig.savefig(a.png, dpi=100)
        print("wrote", a.png)


if __name__ == "__main__":
    main()
