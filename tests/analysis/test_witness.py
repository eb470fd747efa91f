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


def _check_proof(v, view, w, asked, tables, others, played):
    """The proof of a "none" is in the answer and checks: its hands and hidden copies are the
    deal's, each bound holds in every consistent deal (a bound asked: up to the copies
    asked), the limits follow from the bounds, and they contradict the hands."""
    proof = w.proof
    assert proof is not None and w.to_json()["proof"] == proof.to_json(), w
    holders = [*others, "pile"]
    name = {s: s for s in others} | {"pile": "unseen"}
    first = dict(zip(holders, next(iter(tables))))

    def now(key, s, card):  # copies of card that holder s holds now in a deal
        return Counter(key[holders.index(s)])[card] - played[(s, card)]

    held = {name[s]: len(first[s]) - sum(n for (t, _), n in played.items() if t == s)
            for s in holders if s != "pile" or first["pile"]}
    hidden = Counter()
    for s in holders:
        for card in first[s]:
            hidden[card] += 1
    for (s, card), n in played.items():
        hidden[card] -= n if s in holders else 0  # (the viewer's own cards are not hidden)
    assert proof.held == sum(held[s] for s in proof.seats), proof
    bound = {}
    for b in proof.ranges:
        s = next(h for h in holders if name[h] == b.seat)
        seen = [now(key, s, str(b.card)) for key in tables]
        assert b.most >= max(seen), (b, proof)
        assert b.least <= (asked[(b.seat, str(b.card))] if b.asked else min(seen)), (b, proof)
        bound[(b.seat, str(b.card))] = (b.least, b.most)
    for x in proof.limits:
        card = str(x.card)
        assert x.hidden == hidden[card], (x, proof)
        rng = {s: bound.get((s, card), (0, min(hidden[card], held[s]))) for s in held}
        inside = [s for s in held if s in proof.seats]
        outside = [s for s in held if s not in proof.seats]
        assert x.least <= max(sum(rng[s][0] for s in inside),
                              hidden[card] - sum(rng[s][1] for s in outside)), (x, proof)
        assert x.most >= min(sum(rng[s][1] for s in inside),
                             hidden[card] - sum(rng[s][0] for s in outside)), (x, proof)
    assert (proof.least, proof.most) == (sum(x.least for x in proof.limits),
                                         sum(x.most for x in proof.limits))
    if proof.contradiction == "card":
        assert len(proof.limits) == 1 and proof.limits[0].least > proof.limits[0].most, proof
    elif proof.contradiction == "least":  # (every card it must hold is listed)
        assert proof.least > proof.held, proof
    else:  # (every card it may hold is listed)
        assert proof.contradiction == "most" and proof.most < proof.held, proof
    return proof.contradiction


@pytest.mark.parametrize("vid, seed, unknown", CASES)
def test_every_none_carries_a_proof_that_checks(vid, seed, unknown):
    """Every "none" of single asks and of pairs (two cards of one seat, one card of two
    seats, a card twice) over a family of views: the proof holds against every deal."""
    v = load_variant(vid)
    left = 2 if len(v.seats) >= 4 else 3
    view, _ = ending_view(v, seed, left, unknown)
    others, tables = enumerate_deals(v, view)
    first = dict(zip([*others, "pile"], next(iter(tables))))
    played = _played_by(v, view, {**first, view["seat"]: view["hand"]})
    hidden = sorted({c for key in tables for hand in key for c in hand})
    asks = [[(s, c)] for s in others for c in hidden]
    asks += [[(s, c), (s, d)] for s in others for c in hidden for d in hidden if c < d]
    asks += [[(s, c), (t, c)] for s in others for t in others for c in hidden if s < t]
    asks += [[(s, c), (s, c)] for s in others for c in hidden]
    kinds = Counter()
    for ask in asks:
        w = witness(view, " and ".join(f"{s}:{c}" for s, c in ask), seed=1)
        if not w.exists:
            kinds[_check_proof(v, view, w, Counter(ask), tables, others, played)] += 1
        else:
            assert w.proof is None
    assert kinds, "the family asks no impossible holding"


def test_a_group_that_can_hold_too_few_cards_is_a_proof():
    """Asking W for two cards E could hold leaves E (one card now, void elsewhere) none."""
    v = load_variant("four-hand")
    view, _ = ending_view(v, 0, 2, 0)
    others, tables = enumerate_deals(v, view)
    first = dict(zip([*others, "pile"], next(iter(tables))))
    played = _played_by(v, view, {**first, view["seat"]: view["hand"]})
    ask = [("N", "KS"), ("W", "JH"), ("W", "QD")]
    w = witness(view, " and ".join(f"{s}:{c}" for s, c in ask), seed=1)
    assert not w.exists
    assert _check_proof(v, view, w, Counter(ask), tables, others, played) == "most"
    assert w.proof.text == "E holds 1 card now, but can hold at most 0: none of the hidden cards"
