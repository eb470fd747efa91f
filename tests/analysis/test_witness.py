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


def _ints(data):
    """Every integer in a JSON value."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _ints(value)
    elif isinstance(data, list):
        for value in data:
            yield from _ints(value)


def _named(v, text):
    """The seats a text names (letter seats: a seat's letter standing alone, not a card's
    rank: "E", "N's", not "A♠"), and the unseen pile."""
    import re

    out = {s for s in v.seats if re.search(rf"(?<![\w]){s}(?![\w♠♥♦♣])", text)}
    return out | ({"unseen"} if "unseen pile" in text else set())


def _check_proof(v, view, w, asked, tables, others, played):
    """The proof of a "none" is in the answer and checks, every number recomputed here from
    the view's list of deals: (a) it names only the seats of its group (and the viewer, as
    the one the cards are hidden from); (b) no number is negative; (c) its hands, hidden
    copies and ranges are the deals' (each range holds in every consistent deal; a range
    asked: the copies asked), each limit is the group's ranges added up (at most the copies
    hidden; in a "most", less the copies the others would hold), and they contradict as
    it says; (d) it is about a holding asked, and names that seat."""
    import re

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
    group, outside = set(proof.seats), set(proof.others)
    # (b) no number is negative, in the JSON or in the words
    assert all(n >= 0 for n in _ints(proof.to_json())), proof
    assert not re.search(r"-\s*\d", proof.text), proof
    # (a) the seats named are the group's
    assert group and not group & outside and group | outside <= set(held), proof
    assert {b.seat for b in proof.ranges} <= group | outside, proof
    if all(s.isalpha() for s in v.seats):
        assert _named(v, proof.text) <= group | outside | {view["seat"]}, proof
        assert group | outside <= _named(v, proof.text), proof
        for reason in proof.reasons:
            assert _named(v, reason) & (group | outside), (reason, proof)
    # (c) the numbers are the view's
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
        left = hidden[card] - sum(rng[s][0] for s in outside)
        assert x.least == sum(rng[s][0] for s in group), (x, proof)
        assert x.most == min(sum(rng[s][1] for s in group), hidden[card], left), (x, proof)
    assert (proof.least, proof.most) == (sum(x.least for x in proof.limits),
                                         sum(x.most for x in proof.limits)), proof
    said = [int(n) for n in re.findall(r"(?<![\w♠♥♦♣])(\d+) (?:cards?|x|is|are)\b",
                                       proof.text)] + [0] * ("no cards" in proof.text)
    if proof.contradiction == "card":
        x, = proof.limits
        assert not outside and (x.least > x.most or x.most < x.hidden and group == set(held))
        if x.least > x.hidden:  # (too many copies: every seat of the group is needed)
            assert all(x.least - bound[(s, str(x.card))][0] <= x.hidden for s in group)
            assert x.hidden in said or f"no {x.card.symbol} is hidden" in proof.text, proof
    elif proof.contradiction == "least":  # (every card it must hold is listed)
        assert not outside and proof.least > proof.held, proof
        assert proof.held in said and f"at least {proof.least}:" in proof.text, proof
    else:  # (every card it may hold is listed)
        assert proof.contradiction == "most" and proof.most < proof.held, proof
        assert proof.held in said and f"at most {proof.most} " in proof.text, proof
    # (d) about a holding asked (the view alone has deals), naming its seat
    mine = [b for b in proof.ranges if b.asked and asked[(b.seat, str(b.card))]]
    assert mine and "asked" in proof.text, proof
    if all(s.isalpha() for s in v.seats):
        assert {b.seat for b in mine} <= _named(v, proof.text), proof
    return proof.contradiction


FACTS = [(vid, seed, unknown, facts) for vid, unknown, facts in (
    ("four-hand", 0, {"shown": True, "passed": True}), ("two-hand", 1, {"shown": True}),
    ("three-hand-kitty", 1, {"shown": True, "kitty": True}),
    ("five-hand-call", 1, {"shown": True})) for seed in (3, 4)]


@pytest.mark.parametrize("vid, seed, unknown, facts",
                         [(*case, {}) for case in CASES] + FACTS)
def test_every_none_carries_a_proof_that_checks(vid, seed, unknown, facts):
    """Every "none" of single asks and of pairs (two cards of one seat, one card of two
    seats, a card twice) over a family of views (some with meld shown, a pass, a kitty
    seen): the proof holds against every deal."""
    v = load_variant(vid)
    left = 2 if len(v.seats) >= 4 else 3
    view, _ = ending_view(v, seed, left, unknown, **facts)
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


def test_the_smallest_group_is_the_proof():
    """Asking W for two cards while it holds one: W alone shows it (not E, whose room the
    asks cut, nor a seat the question is not about)."""
    v = load_variant("four-hand")
    view, _ = ending_view(v, 0, 2, 0)
    others, tables = enumerate_deals(v, view)
    first = dict(zip([*others, "pile"], next(iter(tables))))
    played = _played_by(v, view, {**first, view["seat"]: view["hand"]})
    ask = [("N", "KS"), ("W", "JH"), ("W", "QD")]
    w = witness(view, " and ".join(f"{s}:{c}" for s, c in ask), seed=1)
    assert not w.exists
    assert _check_proof(v, view, w, Counter(ask), tables, others, played) == "least"
    assert w.proof.text == "W holds 1 card now, but would hold at least 2: J♥ Q♦ (asked)"
