"""Recorded matches from Python (issue 28 item 3): simulate(record=...) writes the file
``gdlsc simulate --record`` writes, Game.replay answers what ``gdlsc replay`` answers on the
same file -- clean, or the first deviation with its step, role and move -- in both formats, from
a path or from text; records that do not read are located gdlsc.InvalidInput; timeout= ends a
replay with gdlsc.LimitError as the command's --timeout does."""
import json
import subprocess

import pytest

from conftest import BINARY, EXAMPLES, cli, gdlsc

CARD = EXAMPLES / "card_game" / "card_game.kif"
BLIND = EXAMPLES / "blind_tictactoe" / "blind_tictactoe.kif"


@pytest.fixture(scope="module")
def card():
    return gdlsc.Game.load(CARD)


def cli_replay(path, *extra):
    """``gdlsc replay CARD PATH`` as (exit code, text, json)."""
    text = subprocess.run([BINARY, "replay", str(CARD), str(path), *extra], capture_output=True, text=True, timeout=300)
    js = subprocess.run([BINARY, "replay", str(CARD), str(path), *extra, "--json"], capture_output=True, text=True,
                        timeout=300)
    return text.returncode, text.stdout, json.loads(js.stdout) if js.stdout else None


def assert_same_as_cli(r, path, *extra):
    code, text, js = cli_replay(path, *extra)
    assert (r.exit_code, r.text, r.report) == (code, text, js)
    assert r.clean == js["clean"]


@pytest.mark.parametrize("fmt", ["xml", "json"])
@pytest.mark.parametrize("seed", [1, 3])
def test_a_recorded_match_replays_clean_like_the_command(card, tmp_path, fmt, seed):
    path = tmp_path / f"api.{fmt}"
    match = card.simulate(seed=seed, record=path)
    cli("simulate", CARD, "--seed", seed, "--record", tmp_path / f"cli.{fmt}")
    assert path.read_text() == (tmp_path / f"cli.{fmt}").read_text()
    assert card.record(seed=seed, format=fmt) == path.read_text()

    r = card.replay(path)
    assert r and r.clean and r.verdict == "clean" and r.deviation is None and r.exit_code == 0
    assert (r.format, r.game, r.finished) == (fmt, "card_game", True)
    assert r.joint_moves == len(match["joint_moves"]) and r.steps == r.joint_moves + 1
    assert r.checked["moves"] == r.checked["percepts"] == 3 * r.joint_moves
    assert r.checked["terminal"] and r.checked["goals"]
    assert_same_as_cli(r, path)

    t = card.replay(path.read_text(), name=f"inline.{fmt}")  # the record as text
    assert t.clean and t.record == f"inline.{fmt}" and t.checked == r.checked


def test_role_gives_the_information_set_after_every_joint_move(card, tmp_path):
    path = tmp_path / "m.json"
    card.simulate(seed=5, record=path)
    r = card.replay(str(path), role="jane")
    assert r.knowledge_role == "jane"
    assert len(r.knowledge) == r.joint_moves + 1
    # After the deal jane knows her card, not rick's: 7 developments (Thielscher 2010).
    assert r.knowledge[:2] == [{"after": 0, "developments": 1, "states": 1}, {"after": 1, "developments": 7, "states": 7}]
    assert_same_as_cli(r, path, "--role", "jane")
    with pytest.raises(gdlsc.InvalidInput):
        card.replay(path, role="random")  # random has no information set


def test_a_corrupted_record_deviates_at_its_step_with_role_and_move(card, tmp_path):
    match = card.simulate(seed=3)
    jane = match["joint_moves"][1][0]  # jane's bet at step 2
    xml = card.record(seed=3, format="xml")
    at = xml.index("<moves>", xml.index('<step nb="2"'))
    old = f'<moves>\n        <move role="jane">{jane}</move>'
    assert xml[at:at + len(old)] == old
    bad = xml[:at] + '<moves>\n        <move role="jane">noop</move>' + xml[at + len(old):]
    path = tmp_path / "illegal.xml"
    path.write_text(bad)

    r = card.replay(path)
    assert not r and r.verdict == "deviation" and r.exit_code == 1
    d = r.deviation
    assert (d["step"], d["role"], d["move"], d["what"]) == (2, "jane", "noop", "move")
    assert d["location"].startswith(str(path) + ":")
    assert "step 2" in d["message"] and "role jane" in d["message"]
    assert r.joint_moves == 1
    assert_same_as_cli(r, path)
    # The same record as text: the same deviation, located in the name given.
    t = card.replay(bad, name="bad.xml")
    assert (t.deviation["step"], t.deviation["role"], t.deviation["move"]) == (2, "jane", "noop")
    assert t.deviation["location"].startswith("bad.xml:")

    # JSON: what rick saw at step 2 (jane's bid) changed.
    j = json.loads(card.record(seed=3, format="json"))
    j["percepts"][1][1] = "( (janesbid nothing) )"
    path = tmp_path / "percept.json"
    path.write_text(json.dumps(j))
    r = card.replay(path)
    d = r.deviation
    assert (d["step"], d["role"], d["what"], r.exit_code) == (2, "rick", "percepts", 1)
    assert_same_as_cli(r, path)


def test_a_record_that_does_not_read_is_a_located_error(card, tmp_path):
    xml = card.record(seed=3)
    path = tmp_path / "cut.xml"
    path.write_text(xml[:xml.index('<step nb="2"') + 40])
    with pytest.raises(gdlsc.InvalidInput) as e:
        card.replay(path)
    assert e.value.exit_code == 2 and e.value.file == str(path) and e.value.line > 1
    code, _, _ = cli_replay(path)
    r = subprocess.run([BINARY, "replay", str(CARD), str(path)], capture_output=True, text=True)
    assert code == 2 and f"{e.value.location}: error: " in r.stderr
    with pytest.raises(gdlsc.InvalidInput) as e:
        card.replay('{"moves": [["noop", "noop"', name="short.json")
    assert e.value.file == "short.json"
    with pytest.raises(gdlsc.InvalidInput):
        card.replay(tmp_path / "absent.xml")
    with pytest.raises(gdlsc.InvalidInput):
        card.simulate(record=tmp_path / "m.xml", record_format="yaml")
    with pytest.raises(gdlsc.InvalidInput):
        card.simulate(playouts=10, record=tmp_path / "m.xml")


def test_a_timeout_ends_a_replay_and_the_next_call_works(tmp_path):
    # Blind tic-tac-toe's match of seed 16 (8 joint moves): white's information set grows to
    # 2288913 developments, 30-70 ms of work after the game is loaded (measured), against a
    # limit of 1 ms.
    game = gdlsc.Game.load(BLIND)
    path = tmp_path / "m.xml"
    game.simulate(seed=16, record=path)
    with pytest.raises(gdlsc.LimitError) as e:
        game.replay(path, role="white", timeout=0.001)
    assert e.value.exit_code == 4 and "time limit" in str(e.value)
    r = subprocess.run([BINARY, "replay", str(BLIND), str(path), "--role", "white", "--timeout", "0.001"],
                       capture_output=True, text=True)
    assert r.returncode == 4
    assert game.replay(path, role="white").knowledge[-1]["developments"] > 1000
