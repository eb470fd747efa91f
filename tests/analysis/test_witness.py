"""A witness for an inference (``infer --witness``) against the list of every deal: for
each other seat and each hidden card, the count of consistent deals in which the seat holds
it now is the oracle's, a witness exists exactly where that count is not zero, and the deal
it shows is one of them."""

from __future__ import annotations

from collections import Counter

import pytest

from pinosolve import Game, load_variant
from pinosolve.analysis.witness import witness
from pinosolve.errors import PinosolveError
from tests.generators import roles_of
from tests.view_oracle import ending_view, enumerate_deals, pbn

CASES = [(vid, seed, unknown) for vid in ("four-hand", "two-hand", "three-hand-kitty",
                                          "four-hand-classic", "five-hand-call")
         for seed, unknown in ((0, 0), (1, 1), (2, 1))]


def _played_by(v, view, hands) -> Counter:
    """(seat, card) -> copies played in the view's play (the seats play in an order the
    cards alone decide: replayed on any consistent deal)."""
    g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"], **roles_of(v))
    played: Counter = Counter()
    for card in view["play"]:
        played[(g.to_move, card)] += 1
        g.play(card)
    return played


@pytest.mark.parametrize("vid, seed, unknown", CASES)
def test_a_witness_is_what_every_deal_says(vid, seed, unknown):
    v = load_variant(vid)
    left = 2 if len(v.seats) >= 4 else 3
    view, _ = ending_view(v, seed, left, unknown)
    others, tables = enumerate_deals(v, view)
    first = dict(zip([*others, "pile"], next(iter(tables))))
    played = _played_by(v, view, {**first, view["seat"]: view["hand"]})
    hidden = sorted({c for key in tables for hand in key for c in hand})
    for i, seat in enumerate(others):
        for card in hidden:
            # copies held now: as play began, less those played
            oracle = sum(1 for key in tables
                         if Counter(key[i])[card] - played[(seat, card)] >= 1)
            w = witness(view, f"{seat}:{card}", seed=seed)
            assert (w.deals_holding, w.exists) == (oracle, oracle > 0), (seat, card, w)
            assert w.deals == len(tables)
            if w.exists:  # the deal shown is one of the consistent deals, with the card
                start = dict(zip(v.seats, (h.split(".") for h in w.start.split(":")[1].split())))
                shown = {s: sorted(f"{r}{suit}" for suit, ranks in zip("SHDC", start[s])
                                   for r in ranks) for s in v.seats}
                key = tuple(tuple(sorted(shown[s])) for s in others)
                assert any(k[:len(others)] == key for k in tables), (seat, card, w)
                now = Game(v, w.deal, trump=view["trump"], leader=w.leader, trick=w.trick,
                           **roles_of(v))
                assert card in [str(c) for c in now.hand(seat)], (seat, card, w)


def test_two_copies_are_asked_by_naming_the_card_twice():
    v = load_variant("four-hand")
    view, _ = ending_view(v, 1, 2, 1)
    others, tables = enumerate_deals(v, view)
    seat = others[0]
    card = next(c for key in tables for c in key[0])
    once = witness(view, f"{seat}:{card}", seed=1)
    twice = witness(view, f"{seat}:{card} and {seat}:{card}", seed=1)
    assert twice.deals_holding <= once.deals_holding


@pytest.mark.parametrize("asked, says", [
    ("", "give SEAT:CARD"), (None, "give SEAT:CARD"), (7, "give SEAT:CARD"),
    ("E", "not SEAT:CARD"), ("Q:AS", "seat"), ("E:ZZ", "not a card"),
    ("E:9S", "has no 9S"), ("E:AS," * 3000, "characters")])
def test_a_bad_question_is_one_line(asked, says):
    view = {"variant": "double-deck", "trump": "S", "seat": "N",
            "hand": load_variant("double-deck").random_deal(1)["N"].cards()}
    with pytest.raises(PinosolveError) as err:
        witness(view, asked)
    assert says in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_the_viewer_is_not_asked_about():
    view = {"variant": "four-hand", "trump": "S", "seat": "N",
            "hand": load_variant("four-hand").random_deal(1)["N"].cards()}
    with pytest.raises(PinosolveError, match="the viewer"):
        witness(view, "N:AS")
