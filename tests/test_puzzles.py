"""Every puzzle's answer on file is what the engine finds; a wrong answer is caught."""

from __future__ import annotations

import pytest

from pinosolve import puzzle as puzzles
from tests.conftest import ROOT

ALL = sorted((ROOT / "puzzles").rglob("*.toml"))


def test_collection_size():
    disputes = [p for p in ALL if puzzles.load(p)["type"].startswith("meld")]
    assert len(disputes) >= 10


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_puzzle_answer_is_verified(path):
    p = puzzles.load(path)
    assert p["answer"].get("why", "").strip(), "every answer says why"
    assert p.get("source"), "every puzzle names its source"
    assert puzzles.check(p, puzzles.solve(p)) == []


def test_a_wrong_answer_is_caught(cli, tmp_path):
    text = (ROOT / "puzzles/meld/01-run-and-royal-marriage.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("claim_value = 150", "claim_value = 190"))
    run = cli("puzzle", str(bad))
    assert run.code == 1 and "DISAGREES" in run.out and "claim_value" in run.out
    assert cli("puzzle", str(ROOT / "puzzles/meld/01-run-and-royal-marriage.toml")).code == 0


@pytest.mark.parametrize("text, word", [
    ("title = 'x'\n", "missing key"),
    ("title='x'\ntype='chess'\nquestion='q'\nposition={}\nanswer={}\n", "chess"),
    ("not toml [", "TOML"),
])
def test_bad_puzzle_files(cli, tmp_path, text, word):
    path = tmp_path / "p.toml"
    path.write_text(text)
    run = cli("puzzle", str(path))
    assert run.code == 2 and word in run.err and len(run.err.strip().splitlines()) == 1
