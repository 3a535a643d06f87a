"""The documentation's examples, run (doc/tutorial.md, doc/python.md): the tutorial's console
blocks -- each `$ command` run with bash from a scratch folder that sees the repository's
examples/, gdlsc on the PATH, its output (stdout and stderr) compared with the lines under it,
`...` standing for any lines -- and the `>>>` examples of both pages by doctest from the
repository's root. So the pages cannot drift from the program."""
import doctest
import os
import pathlib
import re
import subprocess

import pytest

from conftest import BINARY, SOURCE

DOC = SOURCE / "doc"


def console_examples(page):
    """(command, expected lines, line number) for every `$ ` line of the page's console blocks;
    plus the shell assignments made before each (they are repeated for the commands after)."""
    out, block, lines = [], False, page.read_text().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            block = line.strip() == "```console"
            i += 1
            continue
        if block and line.startswith("$ "):
            command, number, expected = line[2:], i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
                expected.append(lines[i])
                i += 1
            out.append((command, expected, number))
            continue
        i += 1
    return out


def matches(expected, actual):
    """Whether the lines `actual` are `expected`, a line `...` matching any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def test_the_matcher_can_fail():
    assert matches(["a", "...", "c"], ["a", "b", "b", "c"])
    assert matches(["a", "..."], ["a"])
    assert not matches(["a", "c"], ["a", "b"])
    assert not matches(["a", "...", "c"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])


def test_the_tutorial_has_examples_of_every_part():
    commands = [c for c, _, _ in console_examples(DOC / "tutorial.md")]
    for game in ("card_game", "krieg_tictactoe", "monty_hall", "cheryl", "muddy"):
        assert any(game in c for c in commands), game
    assert ">>> " in (DOC / "tutorial.md").read_text()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    d = tmp_path_factory.mktemp("tutorial")
    (d / "examples").symlink_to(SOURCE / "examples")
    return d


@pytest.mark.parametrize("command,expected,number", console_examples(DOC / "tutorial.md"),
                         ids=lambda v: str(v) if isinstance(v, int) else None)
def test_tutorial_command(command, expected, number, scratch):
    env = dict(os.environ, PATH=str(pathlib.Path(BINARY).resolve().parent) + os.pathsep + os.environ.get("PATH", ""))
    r = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, capture_output=True, text=True, timeout=300)
    actual = (r.stdout + r.stderr).splitlines()
    assert matches(expected, actual), f"doc/tutorial.md:{number}: {command}\n--- printed:\n" + "\n".join(actual)


@pytest.mark.parametrize("page", ["tutorial.md", "python.md"])
def test_python_examples(page, monkeypatch):
    monkeypatch.chdir(SOURCE)
    # A fence line ends an example's expected output, as a blank line does for doctest.
    text = re.sub(r"^```.*$", "", (DOC / page).read_text(), flags=re.M)
    test = doctest.DocTestParser().get_doctest(text, {}, page, str(DOC / page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"doc/{page}: {result.failed} of {result.attempted} examples differ (printed above)"
