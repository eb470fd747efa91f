"""Every puzzle's answer on file is what the engine finds; a wrong answer is caught."""

from __future__ import annotations

import json

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
    from tests.generators import oracle_values

    p = puzzles.load(path)
    v = puzzles.variant_of(p)
    pos = puzzles.game_of(p).position()
    values = oracle_values(v, pos)
    assert values == p["answer"]["values"]
    assert max(values.values()) == p["answer"]["value"]


REVIEW = [p for p in ALL if puzzles.load(p)["type"] == "review"]


def test_the_sources_play_examples_are_review_puzzles():
    sources = " ".join(puzzles.load(p)["source"] for p in REVIEW)
    assert len(REVIEW) >= 4 and all(f"source 00{n}" in sources for n in (1, 2, 3))
    assert any(not m["is_legal"] for p in REVIEW for m in puzzles.load(p)["answer"]["marked"])


@pytest.mark.parametrize("path", REVIEW, ids=lambda p: p.stem)
def test_review_answer_by_plain_minimax(path):
    """Re-derive each review puzzle's plays from the oracle, not the engine: the legal cards
    (``dd_oracle.legal``), every legal card's value (plain minimax, within the last 16 cards)
    and so each cost, the reneges, and the points each side took, replaying the cards as
    played."""
    from pinosolve import Game
    from tests import dd_oracle
    from tests.generators import oracle_value

    p = puzzles.load(path)
    v = puzzles.variant_of(p)
    pos = p["position"]
    g = Game(v, pos["deal"], trump=pos["trump"], leader=pos.get("leader"))
    strength = dd_oracle.strength_of(v.rules)
    result = puzzles.solve(p)
    assert len(result["plays"]) == len(pos["play"].split())
    for entry, card in zip(result["plays"], pos["play"].split()):
        hand = [str(c) for c in g.hand(g.to_move)]
        trick = [str(c) for c in g.trick]
        winning = False
        if trick:
            seats = list(v.seats)
            first = seats.index(g.to_move) - len(trick)
            ahead = seats[(first + dd_oracle.trick_winner(trick, g.trump.name, strength))
                          % len(seats)]
            winning = g.side_of(ahead) == g.side_of(g.to_move)
        legal = dd_oracle.legal(v.rules, hand, trick, g.trump.name, strength, winning)
        assert entry["is_legal"] == (card in legal)
        left = sum(len(g.hand(s)) for s in v.seats)
        if not entry["is_legal"]:
            assert sorted(entry["legal_cards"]) == sorted(legal)
        elif left <= 16:  # (plain minimax: endings only)
            best, values = oracle_value(v, g)
            assert entry["values"] == values and entry["cost"] == best - values[card]
        g.play_as_played(card)
    assert g.over and result["summary"]["points_taken"] == g.points


def test_an_answer_on_file_with_a_renamed_key_still_checks():
    """An answer written before a key was renamed (``legal``, now ``is_legal``) is read as
    the new key, for a release (``puzzle.RENAMED_KEYS``)."""
    path = sorted(REVIEW)[0]
    puzzle = puzzles.load(path)
    old = json.loads(json.dumps(puzzle["answer"]).replace('"is_legal"', '"legal"'))
    assert old != puzzle["answer"]
    assert puzzles.check({**puzzle, "answer": old}, puzzles.solve(puzzle)) == []
    worse = json.loads(json.dumps(old).replace('"legal": true', '"legal": false', 1))
    assert puzzles.check({**puzzle, "answer": worse}, puzzles.solve(puzzle)) != []
