"""The table: every variant's round played whole, one decision at a time, checked against
the game record (which replays and checks every card), the scorer, and what each seat may
see."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve import load_variant, variant_ids
from pinosolve.cards import Card
from pinosolve.errors import PinosolveError
from pinosolve.table import new_table
from pinosolve.records.read import read_record
from pinosolve.table.decision import Decision, IllegalChoice
from pinosolve.variants.dealer import seeded_deal

VARIANTS = variant_ids()


def random_answer(d: Decision, rng: random.Random):
    if not d.count:
        return rng.choice(d.choices)
    left = list(d.choices)
    for c in d.required:
        left.remove(c)
    return list(d.required) + rng.sample(left, d.count - len(d.required))


def play(vid: str, seed: int, index: int, on_decision=None):
    v = load_variant(vid)
    dealer = v.seats[index % len(v.seats)]
    t = new_table(v, seeded_deal(v, seed, index), dealer)
    rng = random.Random(seed * 1000 + index)
    while (d := t.decision()) is not None:
        if on_decision is not None:
            on_decision(t, d)
        t.apply(random_answer(d, rng))
    return v, t


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_variant_plays_whole_rounds(vid):
    """Random legal choices from the first call to the score: the round's record reads back
    equal and replays every card (Record checks itself), and the score is the scorer's of
    that record's facts."""
    for index in range(3):
        v, t = play(vid, 11, index)
        assert t.over and t.decision() is None
        scores = t.scores()
        assert set(scores) == set(v.seats)
        r = t.record()
        assert read_record(str(r), v.id if v.id in VARIANTS else None) == r
        if t.void:
            assert all(x == 0 for x in scores.values())
            continue
        if v.rules.deal.kitty_kind != "stock":
            assert r.result == r.points_taken()
            assert sum(r.result.values()) <= v.rules.points.total
        with pytest.raises(PinosolveError):
            t.apply("pass")  # (over: nothing pending)


def test_the_round_follows_the_rules_order():
    """Four-hand: the auction from the dealer's left, the trump by the bidder, the partner
    passes to the bidder and the bidder back, each seat melds, the bidder leads."""
    kinds: list[tuple[str, str]] = []
    v, t = play("four-hand", 3, 1, lambda t, d: kinds.append((d.kind, d.seat)))
    assert kinds[0] == ("call", "S")  # (deal 1: the dealer E; S on his left)
    if t.void:
        pytest.skip("redealt")
    order = [k for k, _ in kinds]
    first_play = order.index("play")
    assert order.index("trump") < order.index("pass") < first_play
    passes = [s for k, s in kinds if k == "pass"]
    assert passes == [{"N": "S", "S": "N", "E": "W", "W": "E"}[t.bidder], t.bidder]
    assert kinds[first_play] == ("play", t.bidder)


def test_illegal_choices_are_refused_and_change_nothing():
    v = load_variant("four-hand")
    t = new_table(v, seeded_deal(v, 1), "W")
    d = t.decision()
    for bad in ("24", "abc", "", None, 25, ["pass"], "9" * 3000):
        with pytest.raises(IllegalChoice):
            t.apply(bad)
        assert t.decision() == d


def test_pass_and_lay_away_answers_are_counted_cards_held():
    d = Decision("pass", "S", ("AS", "AS", "TH", "9C"), count=2, required=("TH",))
    assert d.check("th as") == ("TH", "AS")
    for bad in (["AS", "AS"], ["TH"], ["TH", "KD"], ["TH", "TH"], "TH AS AS", [1, 2], {}):
        with pytest.raises(IllegalChoice):
            d.check(bad)
    assert d.default() == ("TH", "AS")


# --- what a seat may see -------------------------------------------------------------------

def _cards_in(value) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, x in value.items():
            out |= _cards_in(k) | _cards_in(x)
    elif isinstance(value, (list, tuple)):
        for x in value:
            out |= _cards_in(x)
    elif isinstance(value, str):
        for word in value.replace(";", " ").replace(":", " ").split():
            try:
                out.add(str(Card.parse(word)))
            except PinosolveError:
                pass
    return out


def _knowable(t, seat: str) -> set[str]:
    """Each card kind ``seat`` can know of, from the table's facts (an independent count):
    its own cards at any time, the kitty where shown, the cards passed to it, the meld
    shown, every card played, the two-hand table and turned card."""
    v = t.variant
    known = set(t.dealt.deal[seat].cards())
    if getattr(t, "game", None) is not None:
        known |= {str(c) for tr in t.game.tricks for c in tr.cards} | {str(c) for c in
                                                                         t.game.trick}
        known |= set(t.hands_at_play[seat].cards())
    if v.rules.deal.kitty_kind == "stock":
        pos = t.pos
        known |= {str(Card.from_index(c)) for c in pos.hands[v.seats.index(seat)]}
        known |= {str(Card.from_index(c)) for p in range(2) for c in pos.table(p)}
        known |= {str(Card.from_index(c)) for c in pos.trick}
        known |= {c for _, cards in t.stage1 for c in cards}
        known.add(str(t.dealt.turned))
        known |= {c for _, s, m in t.melds for c in _cards_in(m)}
        known |= set(getattr(t, "_seen", {}).get(seat, set()))
        return known
    known |= set(t.hands[seat].cards())
    if t.kitty is not None and t.bidder is not None and v.rules.deal.bidder_takes_kitty:
        known |= set(t.kitty.cards())
    for g, r, h in t.passes:
        if seat in (g, r):
            known |= set(h.cards())
    for h in t.shown.values():
        known |= set(h.cards())
    if t.called_card is not None:
        known.add(str(t.called_card))
    return known


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 50))
def test_a_view_never_holds_a_card_its_seat_could_not_see(vid, seed, index):
    """A player reading its view for a hidden card finds none: every card any view names is
    one its seat held, saw passed, saw shown or saw played (for two-hand: the table, the
    turned card, its draws)."""
    seen: dict[str, set[str]] = {}

    def probe(t, d):
        if t.variant.rules.deal.kitty_kind == "stock":  # (what it drew, as it drew)
            t._seen = seen
            for p, s in enumerate(t.variant.seats):
                seen.setdefault(s, set()).update(str(Card.from_index(c))
                                                 for c in t.pos.hands[p])
        for seat in t.variant.seats:
            leak = _cards_in(t.view(seat)) - _knowable(t, seat)
            assert not leak, (seat, d, leak)

    play(vid, seed, index, probe)


def test_the_leak_probe_can_fail():
    """The probe above, given the open view (a cheat's), finds the hidden cards."""
    v = load_variant("four-hand")
    t = new_table(v, seeded_deal(v, 5), "W")
    assert _cards_in(t.open_view("N")) - _knowable(t, "N")
