"""gdlsc.env.GdlEnv: a player's observation is its own moves and percepts, nothing more; its
information state is the command's infoset (issue 28, item 2).

The check that nothing leaks: two developments a player cannot tell apart (the same moves of
its own, the same percepts: exactly the developments of its information set) must give the
same observation. The check is shown to fail for an environment that leaks the world state."""
import random

import pytest

from conftest import EXAMPLES, cli, gdlsc
from gdlsc.env import GdlEnv

GAMES = [EXAMPLES / "card_game" / "card_game.kif", EXAMPLES / "krieg_tictactoe" / "krieg_tictactoe.kif",
         EXAMPLES / "exploding_bomb" / "exploding_bomb.kif"]


def random_match(env, seed):
    """Observations of every player after every step of one match between random agents."""
    agents = random.Random(seed)
    seen = [env.reset(seed=seed)]
    while not env.done:
        obs, rewards, done, info = env.step({p: agents.choice(env.legal_actions(p)) for p in env.players})
        seen.append(obs)
    return seen


def indistinguishable_pairs(game, player, depth, limit=400):
    """Pairs of histories of the same length the player cannot tell apart, by brute force over
    the developments: the same own moves and the same percepts at every step."""
    i = game.roles.index(player)
    frontier, classes = [game.initial()], {}
    for _ in range(depth):
        nxt = []
        for s in frontier:
            if s.terminal:
                continue
            import itertools

            for joint in itertools.product(*(s.legal(r) for r in game.roles)):
                nxt.append(s.step(list(joint)))
                if len(nxt) >= limit:
                    break
        frontier = nxt
    for s in frontier:
        key = tuple((j[i], tuple(p)) for j, p in zip(s.history, s.percept_history(player)))
        classes.setdefault(key, []).append(s)
    return [c for c in classes.values() if len(c) > 1]


def observation_leaks(env_class, game, player, depth):
    """Whether the environment class tells apart two histories the player cannot."""
    for states in indistinguishable_pairs(game, player, depth):
        seen = set()
        for s in states:
            env = env_class(game)
            env.reset(seed=0)
            env._state = s  # the referee's side: put the world in that state
            seen.add(repr(env.observation(player)))
        if len(seen) > 1:
            return True
    return False


class LeakyEnv(GdlEnv):
    """What the test must catch: an observation that shows the world state."""

    def observation(self, player):
        return (super().observation(player), tuple(self.world_state.fluents))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_observations_reveal_no_more_than_the_percepts(path):
    game = gdlsc.Game.load(path)
    for player in [r for r in game.roles if r != "random"]:
        assert not observation_leaks(GdlEnv, game, player, 2), player
    # the check can fail: the leaky variant is caught
    assert any(observation_leaks(LeakyEnv, game, p, 2) for p in game.roles if p != "random")


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_random_match_and_its_information_states(path):
    env = GdlEnv(path)
    seen = random_match(env, 3)
    assert all(o == () for o in seen[0].values())
    for k, obs in enumerate(seen[1:], 1):
        for p, o in obs.items():
            assert len(o) == k and o[:k - 1] == seen[k - 1][p]  # one more (move, percepts) per step
    history = env.world_state.history_text
    for p in env.players:
        want = cli("infoset", path, "--role", p, "--history", history, "--json")
        got = env.information_state(p)
        assert got.developments == int(want["developments"])
        assert sorted(got.states) == sorted(want["state_list"])
    assert set(env.returns()) == set(env.players)
    assert all(isinstance(v, int) for v in env.returns().values())
    # the same seed, the same match
    assert [o for o in random_match(GdlEnv(path), 3)] == seen


def test_step_checks_the_moves_and_the_end():
    env = GdlEnv(EXAMPLES / "card_game" / "card_game.kif")
    env.reset(seed=1)
    with pytest.raises(KeyError):
        env.step({"jane": "noop"})
    env.step({"jane": "noop", "rick": "noop"})
    with pytest.raises(gdlsc.InvalidInput, match="not legal"):
        env.step({"jane": "noop", "rick": "fold"})
    obs, rewards, done, info = env.step({"jane": "fold", "rick": "fold"})
    assert done and rewards == {"jane": 50, "rick": 50} and info["joint_move"][2] == "noop"
    with pytest.raises(RuntimeError, match="over"):
        env.step({"jane": "fold", "rick": "fold"})


def test_the_example_prints_each_player_s_information_set_per_step(tmp_path):
    import os
    import subprocess
    import sys

    script = EXAMPLES.parent / "examples" / "python" / "random_match.py"
    game = EXAMPLES / "krieg_tictactoe" / "krieg_tictactoe.kif"
    args = [sys.executable, str(script), str(game), "--seed", "1"]
    try:
        import matplotlib  # noqa: F401

        args += ["--png", str(tmp_path / "sizes.png")]
    except ImportError:
        pass
    r = subprocess.run(args, capture_output=True, text=True, env=os.environ, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["step", "xplayer", "oplayer"]
    assert lines[1].split() == ["0", "1", "1"]
    assert lines[-1].startswith("returns:") if "--png" not in args else lines[-2].startswith("returns:")
    if "--png" in args:
        assert (tmp_path / "sizes.png").read_bytes()[:4] == b"\x89PNG"
