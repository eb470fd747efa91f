"""A person's seat against the built-in players (``play`` and ``play_hand``)."""

from __future__ import annotations

import pytest

from pinosolve import load_variant, variant_ids
from pinosolve.errors import PinosolveError
from pinosolve.match.board import play_board
from pinosolve.match.match import seat_seed
from pinosolve.players import make_player
from pinosolve.players.person import play_hand
from pinosolve.table.decision import Decision
from pinosolve.variants.dealer import seeded_deal


@pytest.mark.parametrize("vid", variant_ids())
def test_answering_as_rules_does_gives_the_all_rules_board(vid):
    """A person who answers as the rules player would is that player: the round replayed
    answer by answer ends as a board of rules at every seat does (the oracle: the match's
    own board)."""
    v = load_variant(vid)
    me = v.seats[1]
    mirror = make_player("rules")
    answers: list = []
    while True:
        p = play_hand(v, me, answers, seed=5, index=2)
        if p.over:
            break
        d = Decision(**{**p.decision, "choices": tuple(p.decision["choices"]),
                        "required": tuple(p.decision["required"])})
        if not answers:
            mirror.start(v, me, seat_seed(5, 2, 0, me))
        answers.append(mirror.choose(p.view, d))  # (started once, as a board starts it)
    players = {s: make_player("rules") for s in v.seats}
    board = play_board(v, seeded_deal(v, 5, 2), v.seats[(len(v.seats) + 1) % len(v.seats)],
                       tuple("A" for _ in v.seats), players,
                       {s: seat_seed(5, 2, 0, s) for s in v.seats})
    assert p.scores == board.scores
    assert p.record.endswith(board.record.split("[Variant", 1)[1])  # (the tags aside)


def test_a_partner_to_play_only_where_there_is_one():
    with pytest.raises(PinosolveError, match="no fixed partner"):
        play_hand("two-hand", "S", [], partner_plays="random")
    assert not play_hand("four-hand", "S", [], partner_plays="random").over


def test_a_wrong_answer_is_named():
    with pytest.raises(PinosolveError, match=r"answer 1 \(call\)"):
        play_hand("four-hand", "N", ["24"], seed=1)
    with pytest.raises(PinosolveError, match="more given"):
        play_hand("four-hand", "N", ["pass"] * 5, seed=1)
    with pytest.raises(PinosolveError, match="built-in players"):
        play_hand("four-hand", "N", [], against="cmd:sh -c 'rm -rf /'")
    for bad in ("N", 5, None):
        with pytest.raises(PinosolveError):
            play_hand("four-hand", "N", bad)


def test_the_command_and_its_batch(cli):
    r = cli("play", "--variant", "four-hand", "--seat", "S", "--seed", "1")
    assert r.code == 0 and "your call" in r.out
    j = cli("play", "--variant", "four-hand", "--seat", "S", "--seed", "1", "--answers",
            "25", "--json").json()
    assert j["answers"] == 1 and j["decision"]["kind"] in ("call", "trump")
    r = cli("play", "--variant", "four-hand", "--seat", "S", "--answers", "25, XX")
    assert r.code == 2 and "answer 2" in r.err and len(r.err.strip().splitlines()) == 1
    lines = '{"seat": "S", "answers": ["nonsense"]}\n{"seat": "S", "answers": []}\n'
    r = cli("play", "--variant", "four-hand", "--input", "-", stdin=lines)
    out = r.lines()
    assert "error" in out[0] and out[1]["decision"]["kind"] == "call"
