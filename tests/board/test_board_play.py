"""Playing on the board: a card clicked is played, and the board follows a line of one's own,
with every legal card's double-dummy value at every position of it.

The record view behind it (``POST /api/record`` with ``play``): each position's ``solve``
line holds that very position, the one a ``Game`` reaches by playing the same cards (a
family, drawn by hypothesis), and a card that may not be played is refused, naming it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve import Game
from pinosolve.board.records import record_view
from pinosolve.errors import PinosolveError
from tests.conftest import ROOT

DEAL = "N:TQ9.9.. ATJ.Q.. .TJ.JJ. KJ...TK"  # four cards a hand, four-hand
TRUMP = "H"
CLUB = (ROOT / "docs" / "examples" / "club-endings.pgr").read_text().split("\n\n")


# --- the record view: a line of one's own ----------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["N", "E", "S", "W"]), st.lists(st.integers(0, 11), max_size=16))
def test_each_positions_solve_line_is_the_position_of_the_line(leader, choices):
    rec = record_view({"text": DEAL, "variant": "four-hand", "trump": TRUMP, "leader": leader})
    g = Game("four-hand", DEAL, trump=TRUMP, leader=leader)
    cards = []
    for k in choices:
        legal = g.legal_moves()
        if not legal:
            break
        cards.append(str(legal[k % len(legal)]))
        g.play(legal[k % len(legal)])
    line = record_view({"text": rec["text"], "play": cards})
    assert [e["card"] for e in line["play"]] == cards
    g = Game("four-hand", DEAL, trump=TRUMP, leader=leader)
    for p, entry in enumerate(line["play"]):
        solve = line["solve"][p]
        assert (solve["deal"], solve["leader"], solve["trick"]) == \
            (str(g.deal), g.leader, " ".join(str(c) for c in g.trick))
        assert entry["seat"] == g.to_move
        assert entry["trick"] == len(g.tricks) + 1
        g.play(entry["card"])
    assert line["to_move"] == (None if g.over else g.to_move)
    assert (line["solve"][-1] is None) == g.over


def test_a_card_that_may_not_be_played_is_refused_naming_it():
    rec = record_view({"text": DEAL, "variant": "four-hand", "trump": TRUMP})
    with pytest.raises(PinosolveError, match=r"^play: card 2 \(9S\): E does not hold 9S"):
        record_view({"text": rec["text"], "play": ["TS", "9S"]})
    with pytest.raises(PinosolveError, match=r"^play: a list of at most"):
        record_view({"text": rec["text"], "play": "TS"})
    # the record's own cards are read as it played them; the first card of one's own, from
    # the record's end on, must be legal
    club = record_view({"text": CLUB[1]})
    recorded = [e["card"] for e in club["play"]]
    assert record_view({"text": CLUB[1], "play": recorded})["play"] == club["play"]


def test_the_solve_lines_answer_the_reviews_values():
    """On the record's line, a position's solve line and the review value it alike (the page
    takes the review's where a card was played, the solve line's elsewhere)."""
    from pinosolve.analysis.review import review

    text = CLUB[1]
    view = record_view({"text": text})
    plays = review({**view["review"], "variant": "four-hand"}).plays
    for p, play in enumerate(plays):
        line = view["solve"][p]
        g = Game("four-hand", line["deal"], trump=line["trump"], leader=line["leader"],
                 trick=line["trick"])
        assert {str(c): v for c, v in g.solve().values.items()} == \
            {str(c): v for c, v in play.values.items()}
