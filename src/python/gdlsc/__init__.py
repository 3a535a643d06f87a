"""gdlsc from Python: exact information states, knowledge and proofs for GDL-II/GDL-III games.

A thin layer over gdlsc's C++ API (``<gdlsc/gdlsc.h>``, doc/api.md); every call answers what
the command of the same name answers (doc/python.md)::

    import gdlsc
    game = gdlsc.Game.load("examples/card_game/card_game.kif")
    s = game.initial().step(["noop", "noop", "(deal king 7)"])
    s.percepts("jane")                      # ['(yourcard king)']
    game.information_set("rick", s)         # InformationSet(developments=7, states=[...])
    game.query("(knows jane (true (hascard jane ?c)))", s)   # [{'c': 'king'}]
    game.belief("rick", "(true (hascard jane ace))", s)      # Fraction(1, 7)
    game.prove("legal-knowledge").verdict   # 'holds'
    game.simulate(seed=3, record="m.xml")   # the match, also written as a recorded match
    game.replay("m.xml").verdict            # 'clean' (gdlsc replay)

Histories are given as a State, a list of joint moves (one move per role, role order, KIF
strings) or the command line's text ``"(noop noop (deal king 7)) (allin fold noop)"``.
Long calls release the GIL, take ``timeout=`` (seconds; gdlsc.LimitError past it) and end on
Ctrl-C with KeyboardInterrupt, after which the next call works.
"""

import json as _json
import os as _os
import sys as _sys
import tempfile as _tempfile
from fractions import Fraction
from typing import NamedTuple

# SWI-Prolog loads foreign libraries of its own (library(time)'s time.so, behind every
# timeout) that need libswipl's symbols: load the module and what it links globally.
_flags = _sys.getdlopenflags()
_sys.setdlopenflags(_flags | _os.RTLD_GLOBAL)
try:
    from . import _gdlsc
finally:
    _sys.setdlopenflags(_flags)
from ._errors import Disagreement, Error, InternalError, InvalidInput, LimitError

__all__ = ["Game", "State", "Proof", "Replay", "InformationSet", "Solutions", "Regression", "Error", "InvalidInput",
           "Disagreement", "LimitError", "InternalError", "version", "DEFAULT_TIMEOUT"]

#: The command line's --timeout default, in seconds.
DEFAULT_TIMEOUT = 600.0


def version():
    """gdlsc's version and those of the SWI-Prolog and Z3 it runs with (``gdlsc --version``)."""
    return _gdlsc.version()


def _history_text(history):
    if history is None:
        return ""
    if isinstance(history, State):
        return history._s.history_text()
    if isinstance(history, str):
        return history
    return " ".join("(" + " ".join(joint) + ")" for joint in history)


class InformationSet(NamedTuple):
    """A role's information set after a history: the number of developments it holds and
    their distinct final states (each a sorted list of fluents in KIF)."""

    developments: int
    states: list


class Solutions(NamedTuple):
    """``solve``: how many developments end where the formula holds, the listed ones (joint
    moves per step) with their last states, and the command line's text."""

    count: int
    histories: list
    states: list
    text: str


class Regression(NamedTuple):
    """``regress``: the formula regressed to s0 (readable), its size in nodes, whether it
    holds at s0 and the answer bindings (a list of dicts)."""

    formula: str
    size: int
    holds: bool
    answers: list


class Proof:
    """The verdict of ``prove``.

    verdict: ``"holds"``, ``"refuted"`` or ``"undecided"`` (k-induction, or walks that found
    no counterexample);
    method: developments, fixpoint, smt, smt-induction, witness, chc, bdd or walks;
    whole_game: the verdict covers every development of every length;
    depth: the bound checked, or the length of the counterexample;
    role, actual, alternative: the counterexample, two developments (joint moves per step)
    the role cannot tell apart (alternative empty when one development shows it), with the
    role's percepts along each (actual_percepts, alternative_percepts) and explanation;
    statistics: what ``gdlsc prove --json`` prints (states, pairs, ...), as a dict;
    text: what ``gdlsc prove`` prints.
    """

    def __init__(self, p):
        self.holds = p.holds
        self.undecided = p.undecided
        self.verdict = "undecided" if p.undecided else ("holds" if p.holds else "refuted")
        self.method = p.method
        self.whole_game = p.whole_game
        self.depth = p.depth
        self.role = p.role or None
        self.actual = p.actual
        self.alternative = p.alternative
        self.actual_percepts = p.actual_percepts
        self.alternative_percepts = p.alternative_percepts
        self.explanation = p.explanation
        self.text = p.text
        self.statistics = _json.loads(p.json)

    @property
    def counterexample(self):
        """``{"role", "actual", "alternative"}`` (the ``--witness`` format), or None when it holds."""
        if self.holds:
            return None
        return {"role": self.role or "", "actual": self.actual, "alternative": self.alternative}

    def __bool__(self):
        return self.holds and not self.undecided

    def __repr__(self):
        return f"Proof(verdict={self.verdict!r}, method={self.method!r}, depth={self.depth})"


class Replay:
    """The outcome of ``replay``: a recorded match checked step by step against the game.

    clean: every step agrees (``gdlsc replay`` exits 0); verdict ``"clean"`` or ``"deviation"``;
    exit_code: the command's (0 clean, 1 a deviation);
    deviation: None, or where the record first disagrees with the game, a dict with step (the
    record's step, 1-based), role and move (None when the difference is not a role's: a state,
    the end), what ("move", "state", "legal", "percepts", "terminal", "goals"), recorded and game
    (what each says), location (``file:line:col`` in the record) and message;
    checked: what was compared and agreed up to there (states, legal, moves, percepts: counts;
    terminal, goals: bools); record, format ("xml" or "json"), game (the record's game name, ""
    when it gives none), engine, roles, steps, joint_moves (replayed), finished (a terminal state
    at the record's end);
    knowledge_role, knowledge: with ``role=``, that role's information set after 0, 1, ... joint
    moves, a list of dicts (after, developments, states);
    text, report: what ``gdlsc replay`` prints, and what ``gdlsc replay --json`` prints as a dict.
    """

    def __init__(self, r):
        self.clean = r.clean
        self.verdict = "clean" if r.clean else "deviation"
        self.exit_code = r.exit_code
        d = r.deviation
        self.deviation = None if d is None else {
            "step": d.step, "role": d.role or None, "move": d.move or None, "what": d.what,
            "recorded": d.recorded, "game": d.game, "location": d.location, "message": d.message}
        self.checked = {"states": r.states_checked, "legal": r.legal_checked, "moves": r.moves_checked,
                        "percepts": r.percepts_checked, "terminal": r.terminal_checked, "goals": r.goals_checked}
        self.record = r.record
        self.format = r.format
        self.game = r.game
        self.engine = r.engine
        self.roles = r.roles
        self.steps = r.steps
        self.joint_moves = r.joint_moves
        self.finished = r.finished
        self.knowledge_role = r.knowledge_role or None
        self.knowledge = [{"after": k.after, "developments": int(k.developments), "states": k.states}
                          for k in r.knowledge]
        self.text = r.text
        self.report = _json.loads(r.json)

    def __bool__(self):
        return self.clean

    def __repr__(self):
        if self.clean:
            return f"Replay(verdict='clean', steps={self.steps}, joint_moves={self.joint_moves})"
        d = self.deviation
        return f"Replay(verdict='deviation', step={d['step']}, role={d['role']!r}, what={d['what']!r})"


class State:
    """A state of a match under the GDL-II execution model; ``step`` returns a new State.

    Its fluents, legal moves and goals are computed by the engine ``gdlsc simulate`` uses (the
    step network where the game grounds, else the rules in Prolog).
    """

    def __init__(self, game, s):
        self.game = game
        self._s = s

    @property
    def history(self):
        """The joint moves from the initial state, one list (a move per role) per step."""
        return self._s.history()

    @property
    def history_text(self):
        """The history as the command line's --history takes it: "(m1 m2 ...) (...)"."""
        return self._s.history_text()

    @property
    def fluents(self):
        """The fluents that hold (KIF strings, sorted)."""
        return self._s.fluents()

    @property
    def terminal(self):
        """Whether the state is terminal (then no role has a legal move)."""
        return self._s.terminal()

    def legal(self, role):
        """The role's legal moves (KIF, sorted)."""
        return self._s.legal(role)

    def percepts(self, role):
        """What the role saw at the step that led here (KIF, sorted; [] in the initial state)."""
        return self._s.percepts(role)

    def percept_history(self, role):
        """The role's percepts at every step from the initial state, one list per step."""
        return self._s.percept_history(role)

    def goal(self, role):
        """The role's goal value here: an int (or the KIF text of a non-numeric value), None when
        the role has none; gdlsc.InvalidInput when it has several."""
        values = self._s.goals(role)
        if not values:
            return None
        if len(values) > 1:
            raise InvalidInput(f"role {role} has {len(values)} goal values here: {values}", 2)
        return int(values[0]) if values[0].isdigit() else values[0]

    def step(self, joint):
        """The state after ``joint``: one move per role in role order (KIF strings), or a dict
        role -> move. gdlsc.InvalidInput naming the role and the move when one is not legal."""
        if isinstance(joint, dict):
            joint = [joint[r] for r in self.game.roles]
        return State(self.game, self._s.step(list(joint)))

    def __len__(self):
        return len(self._s.history())

    def __repr__(self):
        return f"State(steps={len(self)}, terminal={self.terminal})"


class Game:
    """A validated GDL, GDL-II or GDL-III game (KIF or infix).

    One SWI-Prolog engine serves every Game of the process; calls are not thread-safe.
    """

    def __init__(self, g):
        self._g = g

    @classmethod
    def load(cls, path, strict=False):
        """Reads and validates a game file; gdlsc.InvalidInput with every located diagnostic
        (``.file``, ``.line``, ``.column`` of the first) when it is not valid."""
        return cls(_gdlsc.Game.read(_os.fspath(path), strict))

    @classmethod
    def parse(cls, text, name="<text>", strict=False):
        """Reads and validates a game given as text; ``name`` is the file name of its locations."""
        return cls(_gdlsc.Game.parse(text, name, strict))

    @staticmethod
    def check(path, strict=False):
        """Every diagnostic of a game file (``gdlsc check``), never raising for an invalid game."""
        return _gdlsc.Game.check(_os.fspath(path), strict)

    @property
    def path(self):
        """The file the game was read from ("" for Game.parse)."""
        return self._g.path()

    @property
    def roles(self):
        """The roles in the order of the role facts, random included."""
        return self._g.roles()

    @property
    def epistemic(self):
        """Whether the rules use knows (GDL-III)."""
        return self._g.epistemic()

    @property
    def predicate_classes(self):
        """``{"name/arity": class}``, class "static", "derived fluent" or "action predicate"."""
        return dict(self._g.predicate_classes())

    @property
    def fluent_signatures(self):
        """The primitive fluents' signatures ("name/arity"), sorted."""
        return self._g.fluent_signatures()

    def translate(self, format="text", history=None, horizon=None, encoding=None):
        """``gdlsc translate``: the Situation Calculus theory ("text", "prolog", "tptp"), the
        ground program along the history ("smtlib", "ground", "network"), or the game as a
        clingo program ("asp") to the horizon (None: the history's length, or 10), in the
        encoding "time", "staged" or "sequences" (None: chosen as the command chooses)."""
        return self._g.translate(format, _history_text(history), -1 if horizon is None else int(horizon),
                                 encoding or "")

    # --- states --------------------------------------------------------------------------

    def initial(self):
        """The initial state."""
        return State(self, self._g.initial())

    def state(self, history):
        """The state after a history (checked step by step)."""
        return State(self, self._g.after(_history_text(history)))

    def random_playout(self, seed=1, max_steps=1000):
        """The last state of the random match ``gdlsc simulate --seed SEED`` plays (its
        ``history`` is the match): every role, random included, uniform over its legal moves."""
        return State(self, self._g.random_playout(seed, max_steps))

    # --- information ---------------------------------------------------------------------

    def query(self, formula, history=None, engine="progression", timeout=DEFAULT_TIMEOUT):
        """``gdlsc query``: the formula after the history, as a list of dicts (one per answer,
        variable without '?' -> KIF value); a closed formula gives [{}] when it holds, else [].
        engine: "progression", "regression", "smt" or "all" (gdlsc.Disagreement if they differ)."""
        holds, rows = self._g.query(formula, _history_text(history), engine, timeout)
        if not holds:
            return []
        return [dict(row) for row in rows] if rows else [{}]

    def knows(self, role, formula, history=None, engine="progression", timeout=DEFAULT_TIMEOUT):
        """Whether the role knows the closed formula after the history: ``(knows role formula)``."""
        return bool(self.query(f"(knows {role} {formula})", history, engine, timeout))

    def information_set(self, role, history=None, timeout=DEFAULT_TIMEOUT):
        """``gdlsc infoset``: the developments the role cannot tell from the actual one after
        the history, and their distinct final states."""
        developments, states = self._g.information_set(role, _history_text(history), timeout)
        return InformationSet(int(developments), states)

    def belief(self, role, formula, history=None, timeout=DEFAULT_TIMEOUT):
        """``gdlsc belief``: the probability of the closed formula over the role's information
        set (random and the other roles uniform), as an exact fractions.Fraction."""
        num, den, _ = self._g.belief(role, formula, _history_text(history), timeout)
        return Fraction(int(num), int(den))

    def regress(self, formula, history=None, max_size=100000, timeout=DEFAULT_TIMEOUT):
        """``gdlsc regress``: the formula about the history's situation regressed to s0."""
        text, size, holds, rows = self._g.regress(formula, _history_text(history), max_size, timeout)
        return Regression(text, size, holds, [dict(r) for r in rows])

    # --- proofs --------------------------------------------------------------------------

    def prove(self, property, depth=None, engine="explicit", timeout=DEFAULT_TIMEOUT, witness=None):
        """``gdlsc prove``: legal-knowledge, terminal-knowledge, goal-knowledge,
        perfect-information, a well-formedness property or a closed KIF formula; without depth
        for the whole game, with it over every development of at most depth joint moves.
        engine: explicit, developments, fixpoint, bdd, smt, induction, chc, walks, "all" or
        "auto" (the whole game: the methods in turn with growing time slices).
        witness: a counterexample to replay instead (a Proof.counterexample dict or a path to
        the JSON ``prove --json`` prints)."""
        if witness is None:
            return Proof(self._g.prove(property, depth, timeout, engine))
        if not isinstance(witness, (str, bytes, _os.PathLike)):
            with _tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                _json.dump(witness, f)
            try:
                return Proof(self._g.check_witness(property, f.name, timeout, engine))
            finally:
                _os.unlink(f.name)
        return Proof(self._g.check_witness(property, _os.fspath(witness), timeout, engine))

    def solve(self, formula, depth, limit=100, timeout=DEFAULT_TIMEOUT, history=None):
        """``gdlsc solve``: the developments of at most depth joint moves at whose end the formula
        holds (at most limit listed; the count is exact). history (as ``--history``: a string,
        or a list of joint moves): only the developments that start with it; depth counts its
        joint moves too."""
        count, histories, states, text = self._g.solve(formula, depth, limit, timeout, _history_text(history))
        return Solutions(int(count), histories, states, text)

    def simulate(self, playouts=None, seed=1, max_steps=1000, record=None, record_format=None):
        """``gdlsc simulate``: without playouts one random match as a dict (joint_moves,
        terminal, goals); with it that many timed playouts and their rates (states_per_second).
        record: a path the match is also written to as a recorded match that ``replay`` reads
        (``simulate --record FILE``); record_format "xml" (the Dresden trace with gdlsc's
        <percepts>) or "json" (ggp-base's match), by default json for a path ending in .json,
        else xml (``--record-format``)."""
        if playouts is None:
            path = "" if record is None else _os.fspath(record)
            if record_format is not None and record is None:
                raise InvalidInput("simulate: record_format= needs record=", 2)
            joints, terminal, goals = self._g.simulate(seed, max_steps, path, record_format or "")
            out = {}
            for role, value in goals:
                out.setdefault(role, []).append(int(value) if value.isdigit() else value)
            return {"joint_moves": joints, "terminal": terminal, "goals": out}
        if record is not None:
            raise InvalidInput("simulate: record= and playouts= exclude each other (one match is recorded)", 2)
        d = self._g.playouts(playouts, seed)
        d["states_per_second"] = d["states"] / d["seconds"] if d["seconds"] > 0 else 0.0
        return d

    def record(self, seed=1, max_steps=1000, format="xml"):
        """The match ``simulate(seed=seed, max_steps=max_steps)`` plays as a recorded match, as
        text: what ``gdlsc simulate --seed SEED --record FILE --record-format FORMAT`` writes
        (format "xml" or "json")."""
        return self._g.record(seed, max_steps, format)

    # --- recorded matches ----------------------------------------------------------------

    def replay(self, record, role=None, engine="auto", timeout=DEFAULT_TIMEOUT, name="<record>"):
        """``gdlsc replay``: a recorded match (the Dresden controller's trace XML or ggp-base's
        match JSON) played again on the game step by step, as a ``Replay``; a deviation is an
        outcome (``clean`` False, ``deviation`` with the step, role and move), not an exception.
        record: a path, or the record's text (a str whose first non-blank character is ``<`` or
        ``{``; its locations are in ``name``). role: also that role's information set after every
        joint move. engine: "auto", "network" or "progression". gdlsc.InvalidInput, located in the
        record, when it does not read or does not fit the game."""
        role = role or ""
        if isinstance(record, str) and record.lstrip()[:1] in ("<", "{"):
            return Replay(self._g.replay_text(record, name, role, engine, timeout))
        return Replay(self._g.replay(_os.fspath(record), role, engine, timeout))

    def __repr__(self):
        return f"Game({self.path or '<text>'!r}, roles={self.roles})"
