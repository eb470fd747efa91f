"""Bid advice against independent re-derivations: on the same drawn deals, the
pass (the CP-SAT exchange, tested in test_passing) or the lay-away, then the brute-force meld
oracle, the double-dummy trick points (tested against plain minimax elsewhere) and the seed
texts' contract rules written out by hand; and against the makeable command's verdict."""

from __future__ import annotations

import pytest

from pinosolve import Game, PinosolveError, load_variant
from pinosolve.analysis.bid_advice import advise_bid, deals_around
from pinosolve.cards import Hand, Suit
from pinosolve.deal import Deal
from tests import meld_oracle

STRONG = "AS AS TS KS QS JS 9S AH KH QD JC 9C"  # four-hand, seat N


def _four_hand_round(v, holdings, trump):
    """Source 001's four-hand round for N bidding, written out: N and S exchange (the pass
    model), each melds (brute force), N leads, and the side's meld counts only if it takes a
    trick ("must win at least one trick"). Returns (meld, trick points, total)."""
    from pinosolve.scoring.passing import side_exchange

    ex = side_exchange(v, trump, holdings["N"], holdings["S"])
    hands = {**holdings, "N": ex.declarer, "S": ex.partner}
    meld = sum(meld_oracle.best(v.rules, hands[s].cards(), trump.name) for s in "NS")
    g = Game(v, Deal(tuple(v.seats), tuple(hands[s] for s in v.seats)), trump=trump,
             leader="N")
    points = g.solve(value_only=True).value
    return meld, points, (meld if points > 0 else 0) + points


def test_four_hand_bid_advice_is_the_rounds_played_out_by_hand():
    v = load_variant("four-hand")
    got = advise_bid(v, "N", STRONG, samples=5, seed=11, threads=2)
    _, deals = deals_around(v, "N", STRONG, 5, 11)
    assert got.samples == 5 and got.bounded == 0
    for advice in got.per_trump:
        rounds = [_four_hand_round(v, holdings, advice.trump) for holdings, _ in deals]
        totals = [t for _, _, t in rounds]
        assert advice.mean == pytest.approx(sum(totals) / 5, abs=1e-4)
        assert advice.mean_meld == pytest.approx(sum(m for m, _, _ in rounds) / 5, abs=1e-4)
        assert {s.total: s.share for s in advice.distribution} == \
            {t: pytest.approx(totals.count(t) / 5, abs=1e-4) for t in set(totals)}
        for level in advice.levels:
            made = sum(t >= level.bid for t in totals) / 5
            assert level.p_make == pytest.approx(made, abs=1e-4)
        reached = [lv.bid for lv in advice.levels if lv.p_make >= 0.5]
        assert advice.highest == (max(reached) if reached else None)
        assert [lv.bid for lv in advice.levels] == list(range(25, max(max(totals), 25) + 1))
    best = max(got.per_trump, key=lambda a: (a.highest or -1, a.mean))
    assert got.best_trump == best.trump and got.highest_bid == best.highest


def test_bid_advice_agrees_with_makeable_on_each_deal():
    """The makeable command, given the deal after the exchange, says made exactly where the
    advice's share counts it (one trump, the bids on both sides of each deal's total)."""
    from pinosolve.scoring.makeable import makeable
    from pinosolve.scoring.passing import side_exchange

    v = load_variant("four-hand")
    trump = Suit.S
    got = advise_bid(v, "N", STRONG, samples=3, seed=4, trumps=["S"])
    _, deals = deals_around(v, "N", STRONG, 3, 4)
    made_counts = {lv.bid: 0 for lv in got.per_trump[0].levels}
    for holdings, _ in deals:
        ex = side_exchange(v, trump, holdings["N"], holdings["S"])
        hands = {**holdings, "N": ex.declarer, "S": ex.partner}
        deal = Deal(tuple(v.seats), tuple(hands[s] for s in v.seats))
        for bid in made_counts:
            if makeable(v, deal, trump, "N", bid, exact=False).made:
                made_counts[bid] += 1
    assert {lv.bid: lv.p_make for lv in got.per_trump[0].levels} == \
        {b: pytest.approx(n / 3, abs=1e-4) for b, n in made_counts.items()}


def test_a_kitty_game_takes_the_kitty_and_lays_away():
    """Three-hand with a kitty: the bidder takes the kitty, lays away the cards the pass model
    keeps the most meld without, and the laid-away points count for him."""
    from pinosolve.scoring.passing import lay_away

    v = load_variant("three-hand-kitty")
    hand = "AS AS TS TS KS KS QS QS JS JS 9S AH AH AD AC"
    got = advise_bid(v, "N", hand, samples=3, seed=2, trumps=["S"])
    _, deals = deals_around(v, "N", hand, 3, 2)
    totals = []
    for holdings, kitty in deals:
        assert len(kitty) == 3
        away = lay_away(v, Suit.S, holdings["N"], kitty)
        hands = {**holdings, "N": holdings["N"] + kitty - away}
        meld = meld_oracle.best(v.rules, hands["N"].cards(), "S")
        g = Game(v, Deal(tuple(v.seats), tuple(hands[s] for s in v.seats)), trump="S",
                 leader="N", declarer="N")
        points = g.solve(value_only=True).value + v.hand_points(away)
        totals.append((meld if points > 0 else 0) + points)
    advice = got.per_trump[0]
    assert advice.mean == pytest.approx(sum(totals) / 3, abs=1e-4)
    for level in advice.levels:
        made = sum(t >= level.bid for t in totals) / 3
        assert level.p_make == pytest.approx(made, abs=1e-4)


def test_call_partner_play_runs_under_a_budget_and_says_so():
    """Five-hand: a full deal takes minutes, so a small budget per deal gives bounds: the
    chances are intervals and the deals bounded are counted, never a guess."""
    v = load_variant("five-hand-call")
    hand = v.random_deal(3).hands[0]
    got = advise_bid(v, "1", hand, samples=2, seed=1, trumps=["S"], timeout=0.05)
    advice = got.per_trump[0]
    assert got.bounded == 2 and advice.mean is None and advice.mean_bounds is not None
    lo, hi = advice.mean_bounds
    assert lo <= hi
    for level in advice.levels:
        if level.p_make is None:
            a, b = level.p_make_bounds
            assert 0 <= a < b <= 1


def test_same_answer_whatever_the_jobs_and_seeded():
    v = load_variant("four-hand")
    one = advise_bid(v, "N", STRONG, samples=3, seed=9, trumps=["S", "H"], threads=1)
    two = advise_bid(v, "N", STRONG, samples=3, seed=9, trumps=["S", "H"], threads=2)
    assert one.to_json() == two.to_json()
    other = advise_bid(v, "N", STRONG, samples=3, seed=10, trumps=["S", "H"])
    assert other.to_json() != one.to_json()


def test_the_auction_so_far_sets_the_open_levels():
    v = load_variant("four-hand")
    # the dealer is W: N calls first; N bid 25, E 30, S passed, W passed: N to call
    got = advise_bid(v, "N", STRONG, samples=2, seed=1, trumps=["S"],
                     auction="25 30 pass pass")
    assert got.per_trump[0].levels[0].bid == 31 and got.auction == "25 30 pass pass"
    with pytest.raises(PinosolveError, match="E's call"):
        advise_bid(v, "N", STRONG, samples=2, auction="25")
    with pytest.raises(PinosolveError, match="not legal"):
        advise_bid(v, "N", STRONG, samples=2, auction="7")
    with pytest.raises(PinosolveError, match="over"):
        advise_bid(v, "N", STRONG, samples=2, auction="25 pass pass pass")


@pytest.mark.parametrize("kwargs, message", [
    ({"variant": "two-hand"}, "no auction"),
    ({"hand": "AS KS"}, "12 \\[deal.hand_size\\]|deals 12"),
    ({"hand": "AS AS AS"}, "hand"),
    ({"seat": "X"}, "seat"),
    ({"samples": 0}, "samples"),
    ({"confidence": 0}, "confidence"),
    ({"confidence": 1.5}, "confidence"),
    ({"trumps": ["none"]}, "trump"),
    ({"threads": 0}, "threads"),
    ({"seed": -1}, "seed"),
])
def test_bad_requests_are_refused(kwargs, message):
    args = {"variant": "four-hand", "seat": "N", "hand": STRONG, "samples": 1, **kwargs}
    with pytest.raises(PinosolveError, match=message):
        advise_bid(**args)


def test_the_called_partner_is_the_first_holder_clockwise():
    from pinosolve.variants.sides import called_partner

    v = load_variant("five-hand-call")
    hands = {s: Hand([]) for s in v.seats}
    hands["1"] = Hand(["AS"])
    hands["4"] = Hand(["AS"])
    assert called_partner(v, "3", hands, Hand(["AS"]).cards()[0]) == "4"
    assert called_partner(v, "4", hands, Hand(["AS"]).cards()[0]) == "1"
    assert called_partner(v, "2", {s: Hand([]) for s in v.seats}, "AS") == "2"
