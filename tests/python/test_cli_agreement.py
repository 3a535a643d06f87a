"""The Python module answers what the command line answers (issue 28): the same match for the
same seed, the same information sets, query answers and beliefs, the same prove verdicts --
on every example game and on corpus games."""
import pytest

from conftest import SOURCE, cli, corpus_game, example_games, gdlsc

EXAMPLES = example_games()
CORPUS = ["gdl2/montyhall.kif", "gdl2/kriegtictactoe.kif", "gdl2/meier.kif", "gdl2/guess6.kif",
          "gdl2/latenttictactoe.kif", "gdl2/pennies.kif", "gdl2/banker_and_thief.kif", "gdl2/montyhall_2candidates.kif"]


def check_match(path, seed):
    """random_playout(seed) is `gdlsc simulate --seed`'s match, percepts and goals included."""
    game = gdlsc.Game.load(path)
    want = cli("simulate", path, "--seed", seed, "--json")
    state = game.random_playout(seed)
    steps = [s for s in want["steps"] if "joint_move" in s]
    assert state.history == [s["joint_move"] for s in steps]
    for role in want["roles"]:
        if role == "random":
            continue
        assert state.percept_history(role) == [s["percepts"][role] for s in steps], role
        assert [state.goal(role)] == want["goals"].get(role, [None]), role
    assert state.terminal == want["terminal"]
    # Step by step from the initial state: the same states, whatever is asked on the way.
    s = game.initial()
    for joint in state.history:
        for role in game.roles:
            assert joint[game.roles.index(role)] in s.legal(role)
        s = s.step(joint)
    assert s.fluents == state.fluents
    return game, state


def check_knowledge(game, path, state):
    """After the match's first step: every agent's information set, the fluents it knows."""
    history = game.state(state.history[:1])
    text = history.history_text
    for role in [r for r in game.roles if r != "random"]:
        want = cli("infoset", path, "--role", role, "--history", text, "--json")
        got = game.information_set(role, history)
        assert got.developments == int(want["developments"])
        assert sorted(got.states) == sorted(want["state_list"])
        formula = f"(knows {role} (true ?f))"
        want = cli("query", path, formula, "--history", text, "--json")
        rows = game.query(formula, history)
        assert bool(rows) == want["holds"]
        assert rows == [{k.lstrip("?"): v for k, v in b.items()} for b in want["bindings"]] or rows == [{}]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_agree_with_the_command(path):
    for seed in (1, 2):
        game, state = check_match(path, seed)
    if state.history:
        check_knowledge(game, path, state)
    want = cli("prove", path, "legal-knowledge", "--depth", 2, "--json", "--quiet")
    got = game.prove("legal-knowledge", depth=2)
    assert (got.holds, got.method, got.depth) == (want["holds"], want["method"], want["depth"])


@pytest.mark.corpus
@pytest.mark.parametrize("name", CORPUS)
def test_corpus_games_agree_with_the_command(name):
    path = corpus_game(name)
    game, state = check_match(path, 7)
    check_knowledge(game, path, state)
    want = cli("prove", path, "legal-knowledge", "--depth", 2, "--json", "--quiet")
    got = game.prove("legal-knowledge", depth=2)
    assert (got.holds, got.method) == (want["holds"], want["method"])
    if not got.holds:
        assert got.counterexample == {k: want["counterexample"][k] for k in ("role", "actual", "alternative")}


def test_montyhall_belief_and_regression_agree():
    path = corpus_game("gdl2/montyhall.kif")
    game = gdlsc.Game.load(path)
    s = game.random_playout(1)
    history = game.state(s.history[:2])
    text = history.history_text
    formula = "(true (car 1))"
    want = cli("belief", path, "--role", "candidate", "--history", text, formula, "--json")
    assert game.belief("candidate", formula, history) == gdlsc_fraction(want["fraction"])
    want = cli("regress", path, formula, "--history", text, "--json")
    got = game.regress(formula, history)
    assert (got.formula, got.size, got.holds) == (want["regressed"], want["size"], want["holds"])


def gdlsc_fraction(text):
    from fractions import Fraction

    return Fraction(text)


def test_card_game_as_in_doc_api():
    """doc/api.md's example, from Python: every call against its command."""
    path = next(p for p in EXAMPLES if p.name == "card_game.kif")
    game = gdlsc.Game.load(path)
    s = game.state("(noop noop (deal king 7))")
    assert s.percepts("jane") == ["(yourcard king)"]
    assert game.query("(knows jane (true (hascard jane ?c)))", s) == [{"c": "king"}]
    assert game.knows("jane", "(true (hascard jane king))", s)
    assert not game.knows("rick", "(true (hascard jane king))", s)
    assert game.information_set("rick", s).developments == 7
    assert str(game.belief("rick", "(true (hascard jane ace))", s)) == "1/7"
    for engine in ("progression", "regression", "all"):
        assert game.query("(knows jane (true (hascard jane ?c)))", s, engine=engine) == [{"c": "king"}]
    p = game.prove("legal-knowledge")
    assert (p.verdict, p.method, p.whole_game) == ("holds", "fixpoint", True)
    assert p.statistics == cli("prove", path, "legal-knowledge", "--json", "--quiet")
    # the walks refute, never prove: what holds stays undecided; the same report as the command
    w = game.prove("legal-knowledge", engine="walks")
    assert (w.verdict, w.method) == ("undecided", "walks")
    assert w.statistics == cli("prove", path, "legal-knowledge", "--engine", "walks", "--json", "--quiet", check=False)
    assert game.prove("perfect-information", engine="walks").verdict == "refuted"
    sol = game.solve("terminal", 2)
    assert sol.text == cli("solve", path, "terminal", "--depth", 2, "--quiet")
    assert game.predicate_classes["legal/2"] == "derived fluent"
    assert game.simulate(playouts=50)["playouts"] == 50


def test_translate_takes_the_command_s_options():
    """Game.translate with a history, a horizon and an encoding writes what `gdlsc translate`
    writes with the same options (asp, smtlib), and a bad encoding is the same located refusal."""
    import pathlib
    path = str(pathlib.Path(__file__).resolve().parents[2] / "examples" / "card_game" / "card_game.kif")
    game = gdlsc.Game.load(path)
    h = "(noop noop (deal king 7))"
    for fmt, extra, kwargs in [("asp", ["--history", h], {"history": h}),
                               ("asp", ["--history", h, "--horizon", "2", "--encoding", "time"],
                                {"history": h, "horizon": 2, "encoding": "time"}),
                               ("asp", ["--encoding", "sequences", "--horizon", "1"], {"encoding": "sequences", "horizon": 1}),
                               ("smtlib", ["--history", h], {"history": h})]:
        want = cli("translate", path, "--format", fmt, *extra)
        assert game.translate(fmt, **kwargs) == want, (fmt, extra)
    state = game.state(h)
    assert game.translate("asp", history=state) == cli("translate", path, "--format", "asp", "--history", h)
    assert game.translate("asp", history=h) != game.translate("asp")  # the options are not ignored
    with pytest.raises(gdlsc.Error):
        game.translate("asp", encoding="nonsense")


def test_solve_from_a_history(tmp_path):
    """Game.solve with a history searches only the developments that start with it, as
    `gdlsc solve --history` does: Muddy Children painted per step, two of five muddy -- the
    muddy ones may say `know` first in round 2 (level 5 + 2 - 1), a clean one in round 3."""
    import subprocess
    import sys
    gen = str(SOURCE / "examples" / "muddy_children" / "generate_per_step.py")
    path = tmp_path / "muddy5.kif"
    path.write_text(subprocess.run([sys.executable, gen, "5"], capture_output=True, text=True, check=True).stdout)
    painting = subprocess.run([sys.executable, gen, "5", "--history", "11000", "0"], capture_output=True, text=True,
                              check=True).stdout.strip()
    game = gdlsc.Game.load(str(path))
    for formula, first in (("(legal c1 know)", 6), ("(legal c5 know)", 7)):
        sol = game.solve(formula, 11, limit=1, history=painting)
        assert sol.text == cli("solve", path, formula, "--depth", 11, "--limit", 1, "--history", painting, "--quiet")
        want = cli("solve", path, formula, "--depth", 11, "--limit", 1, "--history", painting, "--json", "--quiet")
        assert sol.count == int(want["count"]) == 11 - first + 1
        assert len(sol.histories) == 1 and len(sol.histories[0]) == first
    with pytest.raises(gdlsc.InvalidInput):
        game.solve("(legal c1 know)", 3, history=painting)
