"""Every puzzle's answer on file is what the engine finds; a wrong answer is caught."""

from __future__ import annotations

import pytest

from pinosolve import puzzle as puzzles
from tests.conftest import ROOT

ALL = sorted(p for p in (ROOT / "puzzles").rglob("*.toml") if p.parent.name != "games")


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
    assert "\nmeld = 150\n" in text
    bad.write_text(text.replace("\nmeld = 150\n", "\nmeld = 190\n"))
    run = cli("puzzle", str(bad))
    assert run.code == 1 and "DISAGREES" in run.out and "meld: the answer" in run.out
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


DD = [p for p in ALL if puzzles.load(p)["type"] == "double-dummy"]


def test_double_dummy_collection_covers_every_family():
    variants = {puzzles.load(p)["variant"] for p in DD}
    assert len(DD) >= 30
    for family in (("two-hand", "two-hand-57", "two-hand-1000"),
                   ("three-hand-kitty", "three-hand-auction"),
                   ("four-hand", "four-hand-classic", "trickster-classic", "trickster-modern"),
                   ("double-deck",), ("five-hand-call",)):
        assert variants & set(family), family


@pytest.mark.parametrize("path", DD, ids=lambda p: p.stem)
def test_double_dummy_answer_by_plain_minimax(path):
    """Re-verify each double-dummy answer with the independent oracle, not the engine."""
    from tests.test_solver import _oracle_values

    p = puzzles.load(path)
    v = puzzles.variant_of(p)
    pos = puzzles.game_of(p).position()
    values = _oracle_values(v, pos)
    assert values == p["answer"]["card_values"]
    assert max(values.values()) == p["answer"]["value"]
