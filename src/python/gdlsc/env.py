"""A GDL-II game as an imperfect-information environment, in the shape of OpenSpiel and PGX.

Each player observes only what the GDL-II execution model tells it: its own moves and its
percepts (``sees``), step by step -- never the state. ``information_state(role)`` is the
exact information set those observations leave (gdlsc's ``infoset``), not an estimate::

    from gdlsc.env import GdlEnv
    env = GdlEnv("examples/krieg_tictactoe/krieg_tictactoe.kif")
    obs = env.reset(seed=1)
    while not env.done:
        actions = {r: env.rng.choice(env.legal_actions(r)) for r in env.players}
        obs, rewards, done, info = env.step(actions)
    env.returns()        # {'xplayer': 100, 'oplayer': 0}
"""

import random

from . import Game


class GdlEnv:
    """Plays a GDL-II game as a sequence of joint moves.

    players: the roles other than random; random's move is drawn uniformly among its legal
    moves by the environment's generator (``rng``, seeded by ``reset``), as in the GDL-II
    execution model. The observation of a player is its history of ``(own move, percepts)``
    pairs, one per step; nothing else of the state is shown.
    """

    def __init__(self, game, timeout=600.0):
        self.game = game if isinstance(game, Game) else Game.load(game)
        self.roles = self.game.roles
        self.players = [r for r in self.roles if r != "random"]
        self.timeout = timeout
        self.rng = random.Random()
        self._state = None

    # --- the loop ------------------------------------------------------------------------

    def reset(self, seed=None):
        """Back to the initial state; returns every player's observation (empty histories)."""
        self.rng = random.Random(seed)
        self._state = self.game.initial()
        return {p: self.observation(p) for p in self.players}

    def step(self, actions):
        """Does one joint move: ``actions`` maps every player to a legal move (KIF text); the
        random role's move is drawn here. Returns (observations, rewards, done, info):
        rewards are the goal values in a terminal state (else 0), info has the joint move."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        if self.done:
            raise RuntimeError("the game is over: call reset()")
        joint = []
        for r in self.roles:
            if r == "random":
                joint.append(self.rng.choice(self._state.legal(r)))
            else:
                if r not in actions:
                    raise KeyError(f"no action for player {r}")
                joint.append(actions[r])
        self._state = self._state.step(joint)
        rewards = self.returns() if self.done else {p: 0 for p in self.players}
        obs = {p: self.observation(p) for p in self.players}
        return obs, rewards, self.done, {"joint_move": joint}

    @property
    def done(self):
        """Whether the current state is terminal."""
        return self._state.terminal

    # --- what a player may see -----------------------------------------------------------

    def observation(self, player):
        """The player's history: per step its own move and its percepts (a tuple of KIF
        strings), as tuples -- what the GDL-II execution model sends it, nothing more."""
        i = self.roles.index(player)
        moves = [joint[i] for joint in self._state.history]
        percepts = self._state.percept_history(player)
        return tuple((m, tuple(p)) for m, p in zip(moves, percepts))

    def legal_actions(self, player):
        """The player's legal moves (KIF, sorted). In GDL-II a player knows them only when the
        game satisfies legal-knowledge (``game.prove("legal-knowledge")``)."""
        return self._state.legal(player)

    def information_state(self, player):
        """The player's exact information set now: gdlsc.InformationSet (developments, states)."""
        return self.game.information_set(player, self._state, timeout=self.timeout)

    def returns(self):
        """Every player's goal value in the current state (None where it has none)."""
        return {p: self._state.goal(p) for p in self.players}

    # --- for the referee only ------------------------------------------------------------

    @property
    def world_state(self):
        """The true state (a gdlsc.State): for the referee and for tests, never an observation."""
        return self._state
