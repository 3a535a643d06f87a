"""Errors are gdlsc.Error subclasses per exit code, carrying file:line:col (issue 28, item 1)."""
import subprocess

import pytest

from conftest import BINARY, EXAMPLES, corpus_game, gdlsc

BAD = """(role x)
(init (cell 1))
(<= (legal x ?m) (true (cell 1)))
(<= terminal (true (cell 2)))
(<= (goal x 100) terminal)
(<= (next (cell 2)) (does x go))
"""


def test_an_invalid_game_text_names_its_first_error():
    with pytest.raises(gdlsc.InvalidInput) as e:
        gdlsc.Game.parse(BAD, "bad.kif")
    assert (e.value.file, e.value.line, e.value.column, e.value.exit_code) == ("bad.kif", 3, 14, 2)
    assert e.value.location == "bad.kif:3:14"
    assert "bad.kif:3:14: error: unsafe rule" in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, gdlsc.Error)


def test_an_invalid_game_file_has_the_command_line_s_message(tmp_path):
    path = tmp_path / "bad.kif"
    path.write_text(BAD)
    with pytest.raises(gdlsc.InvalidInput) as e:
        gdlsc.Game.load(path)
    assert (e.value.file, e.value.line, e.value.column) == (str(path), 3, 14)
    diagnostics = gdlsc.Game.check(path)
    assert [(d.line, d.column, d.severity) for d in diagnostics][0] == (3, 14, "error")
    r = subprocess.run([BINARY, "check", str(path)], capture_output=True, text=True)
    assert str(path) + ":3:14: error: unsafe rule" in r.stderr
    assert str(e.value).splitlines()[1] in r.stderr  # the same message as the command's


def test_corpus_errors_are_located():
    path = corpus_game("gdl2/numberguessing.kif")
    with pytest.raises(gdlsc.InvalidInput) as e:
        gdlsc.Game.load(path)
    assert (e.value.file, e.value.line, e.value.column) == (str(path), 126, 10)


def test_an_illegal_move_names_the_role_the_move_and_the_legal_ones():
    game = gdlsc.Game.load(EXAMPLES / "card_game" / "card_game.kif")
    s = game.state("(noop noop (deal king 7))")
    with pytest.raises(gdlsc.InvalidInput) as e:
        s.step(["allin", "foo", "noop"])
    assert "move foo of role rick is not legal (legal: allin fold)" in str(e.value)
    assert e.value.line == 1 and e.value.column > 0
    with pytest.raises(gdlsc.InvalidInput, match="2 moves for 3 roles"):
        s.step(["allin", "fold"])
    end = s.step(["fold", "fold", "noop"])
    with pytest.raises(gdlsc.InvalidInput, match="already over"):
        end.step(["noop", "noop", "noop"])
    # the earlier states are values: still usable
    assert s.legal("jane") == ["allin", "fold"] and end.terminal


def test_bad_formulas_histories_and_roles():
    game = gdlsc.Game.load(EXAMPLES / "card_game" / "card_game.kif")
    with pytest.raises(gdlsc.InvalidInput) as e:
        game.query("(knows jane (true (hascard jane ?c))", "")
    assert e.value.line == 1
    with pytest.raises(gdlsc.InvalidInput):
        game.information_set("random")
    with pytest.raises(gdlsc.InvalidInput, match="unknown role"):
        game.initial().legal("nobody")
    with pytest.raises(gdlsc.InvalidInput, match="not legal"):
        game.state("(noop noop (deal king king))")
