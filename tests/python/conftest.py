"""pytest fixtures for the Python package gdlsc (tests/python, run by CTest as python_gdlsc).

The package is imported from PYTHONPATH (build/python under CTest); GDLSC_BINARY is the
gdlsc command the results are compared with, GDLSC_CORPUS the game corpus (../shared/games;
tests that need it are skipped, with the folder named, when it is absent).
"""
import json
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = SOURCE / "examples"
CORPUS = pathlib.Path(os.environ.get("GDLSC_CORPUS") or os.environ.get("GDLSC_CORPUS_DEFAULT") or
                      SOURCE.parent / "shared" / "games")
BINARY = os.environ.get("GDLSC_BINARY", str(SOURCE / "build" / "gdlsc"))

gdlsc = pytest.importorskip("gdlsc", reason="the Python module gdlsc is not built (pybind11 missing?)")


def pytest_configure(config):
    config.addinivalue_line("markers", "corpus: needs the game corpus (../shared/games or GDLSC_CORPUS)")


def example_games():
    """Every example game (KIF or infix) under examples/."""
    return sorted(p for p in EXAMPLES.glob("*/*") if p.suffix in (".kif", ".gdl", ".pl") and p.is_file())


def corpus_game(name):
    """A game of the corpus, or a skip naming the folder."""
    if not CORPUS.is_dir():
        pytest.skip(f"the game corpus {CORPUS} is absent (set GDLSC_CORPUS=DIR)")
    return CORPUS / name


def cli(*args, check=True):
    """Runs the gdlsc command; its stdout parsed as JSON when --json is among the arguments."""
    r = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, timeout=600)
    if check and r.returncode not in (0, 1):
        raise AssertionError(f"gdlsc {' '.join(map(str, args))}: exit {r.returncode}: {r.stderr}")
    return json.loads(r.stdout) if "--json" in args else r.stdout
