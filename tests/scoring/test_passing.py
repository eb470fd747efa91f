"""The pass-back and the side's exchange against brute force over every possible pass."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve.cards import Hand, Suit
from pinosolve.scoring.passing import pass_back as _pass_back, side_exchange
from pinosolve.variants.variant import load_file, load_variant
from tests import meld_oracle


def pass_back(*args, **kwargs):
    """The library's answer, as JSON."""
    return _pass_back(*args, **kwargs).to_json()

RICH = "AS TS KS QS JS KH QH KD QD JD AH AD AC QC KC JC"  # cards that meld a lot


def _subsets(cards: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(sorted(c)) for c in itertools.combinations(cards, n)}


def _strength(kept: list[str], trump: str, first: str, second: str) -> tuple[int, int, int]:
    return (sum(c[1] == trump for c in kept), sum(c[0] == first for c in kept),
            sum(c[0] == second for c in kept))


def oracle_pass_back(v, trump: str, pool: list[str], n: int):
    """Every return of n cards: the best meld kept, the best tie-break among those, and every
    return that keeps the best meld."""
    first, second = v.rules.trick.rank_order[:2]
    scored = []
    for ret in _subsets(pool, n):
        kept = list(pool)
        for c in ret:
            kept.remove(c)
        scored.append((meld_oracle.best(v.rules, kept, trump),
                       _strength(kept, trump, first, second), ret))
    top = max(m for m, _, _ in scored)
    best_strength = max(s for m, s, _ in scored if m == top)
    return top, best_strength, {r for m, _, r in scored if m == top}


def _deal(rng, v, count: int) -> list[list[str]]:
    deck = v.deck.cards()
    rng.shuffle(deck)
    size = v.rules.deal.hand_size
    return [deck[i * size:(i + 1) * size] for i in range(count)]


@given(st.randoms(use_true_random=False), st.sampled_from("SHDC"),
       st.sampled_from(["four-hand", "four-hand-classic"]), st.booleans())
@settings(max_examples=12, deadline=None)
def test_pass_back_against_brute_force(rng, trump, vid, rich):
    v = load_variant(vid)
    if rich:  # a meld-rich declarer: most of the rich cards, the rest at random
        pool = RICH.split()
        rng.shuffle(pool)
        hand = pool[:9]
        rest = v.deck - Hand(hand)
        others = rest.cards()
        rng.shuffle(others)
        hand += others[:3]
        received = others[3:7]
    else:
        hand, partner = _deal(rng, v, 2)
        received = rng.sample(partner, 4)
    res = pass_back(v, Suit.parse(trump), Hand(hand), Hand(received), want_all=True)
    top, strength, returns = oracle_pass_back(v, trump, hand + received, 4)
    assert res["meld"] == top
    first, second = v.rules.trick.rank_order[:2]
    got = res["strength"]
    assert (got["trumps"], got[first], got[second]) == strength
    assert tuple(sorted(res["return"])) in returns
    if res["complete"]:
        assert {tuple(sorted(a["return"])) for a in res["alternatives"]} == returns


def test_pass_back_worked_example():
    v = load_variant("four-hand")
    res = pass_back(v, Suit.H, Hand.parse("AH TH KH JH 9H AS AD AC KS QS QD 9C"),
                    Hand.parse("QH KH JD QC"))
    # the run, aces, queens around and the pinochle need twelve of the sixteen cards exactly
    assert res["meld"] == 35 and res["meld_before"] == 13
    assert sorted(res["return"]) == sorted("KS KH 9H 9C".split())


def test_partner_exchange_against_brute_force(tmp_path):
    """With one card each way (a house rule) every exchange can be tried by hand."""
    f = tmp_path / "pass-one.toml"
    f.write_text('extends = "four-hand"\nid = "pass-one"\n[passing]\ncards = 1\n')
    v = load_file(f)
    import random

    rng = random.Random(7)
    for case in range(6):
        hand, partner = _deal(rng, v, 2)
        trump = "SHDC"[case % 4]
        best = 0
        for give in set(partner):
            pool = hand + [give]
            for back in set(pool):
                dec = list(pool)
                dec.remove(back)
                par = list(partner)
                par.remove(give)
                par.append(back)
                best = max(best, meld_oracle.best(v.rules, dec, trump)
                           + meld_oracle.best(v.rules, par, trump))
        ex = side_exchange(v, Suit.parse(trump), Hand(hand), Hand(partner))
        assert ex.meld + ex.partner_meld == best
        assert ex.declarer + ex.partner == Hand(hand) + Hand(partner)
        assert meld_oracle.best(v.rules, ex.declarer.cards(), trump) == ex.meld


def test_partner_exchange_never_worse_than_the_pass_received():
    v = load_variant("four-hand")
    import random

    rng = random.Random(11)
    for _ in range(4):
        hand, partner = _deal(rng, v, 2)
        received = rng.sample(partner, 4)
        ex = side_exchange(v, Suit.S, Hand(hand), Hand(partner))
        actual = pass_back(v, Suit.S, Hand(hand), Hand(received))
        assert ex.meld + ex.partner_meld >= actual["meld"]
        assert len(ex.passed) == len(ex.returned) == 4
        assert ex.passed.issubset(Hand(partner))


def test_called_card_must_be_passed():
    v = load_variant("five-hand-call")
    import random

    rng = random.Random(3)
    hand, partner = _deal(rng, v, 2)
    called = Hand([partner[0]])
    ex = side_exchange(v, Suit.H, Hand(hand), Hand(partner), called)
    assert called.issubset(ex.passed)


def test_pass_command(cli):
    run = cli("pass", "--trump", "H", "--hand", "AH TH KH JH 9H AS AD AC KS QS QD 9C",
              "--received", "QH KH JD QC", "--variant", "four-hand", "--json", "--all")
    assert run.code == 0, run.err
    res = run.json()
    assert res["meld"] == 35 and len(res["alternatives"]) == 1
    run = cli("pass", "--trump", "H", "--hand", "AH TH KH JH 9H AS AD AC KS QS QD 9C",
              "--partner-hand", "QH KH JD QC 9S 9S TS TD TC JC JC 9D", "--received", "QH KH JD QC",
              "--variant", "four-hand")
    assert run.code == 0 and "best:" in run.out and "actual:" in run.out


@pytest.mark.parametrize("args, message", [
    (["--variant", "trickster-classic"], "passing.cards = 0"),
    (["--variant", "four-hand", "--received", "QH KH JD"], "received: 3 cards"),
    (["--variant", "four-hand", "--received", "AH AH AH AH"], "copies"),
    (["--variant", "four-hand", "--received", "QH KH JD QX"], "received"),
    (["--variant", "four-hand"], "--received"),
])
def test_pass_errors(cli, args, message):
    run = cli("pass", "--trump", "H", "--hand", "AH TH KH JH 9H AS AD AC KS QS QD 9C", *args)
    assert run.code == 2, run.out
    assert run.err.count("\n") == 1 and message in run.err, run.err
