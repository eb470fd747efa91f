"""Play advice against an independent oracle: on small late-deal views, every
assignment of the hidden physical cards is listed (``tests/test_hidden._enumerate``), each
consistent deal solved by plain minimax (``dd_oracle``), and each card's value averaged: the
``exact`` advice must equal it. Sampled advice agrees with the exact within its error bars,
and is the same whatever ``threads``."""

from __future__ import annotations

from collections import Counter

import pytest

from pinosolve import Game, PinosolveError, load_variant
from pinosolve.analysis.advice import advise
from pinosolve.analysis.view import View
from tests.generators import oracle_value, roles_of
from tests.view_oracle import ending_view, enumerate_deals, pbn


def _to_move_view(v, seed: int, left: int, unknown: int):
    """A late-deal view whose viewer is the seat to move."""
    view, truth = ending_view(v, seed, left, unknown)
    seen = View(view)
    seen.bounds()
    mover = seen.seats[seen.to_move]
    view = {**view, "seat": mover, "hand": truth[mover]}
    return view, truth


@pytest.mark.parametrize("vid, seed", [("four-hand", 1), ("four-hand", 2), ("two-hand", 3),
                                       ("three-hand-kitty", 4), ("trickster-modern", 5)])
def test_exact_advice_is_the_weighted_mean_of_plain_minimax(vid, seed):
    v = load_variant(vid)
    left = 2 if len(v.seats) >= 4 else 3
    view, _ = _to_move_view(v, seed, left, unknown=1)
    others, tables = enumerate_deals(v, view)
    me = view["seat"]
    sums: Counter = Counter()
    total = 0
    for key, weight in tables.items():
        hands = {me: list(view["hand"]), **{s: list(h) for s, h in zip(others, key)}}
        g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"], **roles_of(v))
        for card in view["play"]:
            g.play(card)
        _, values = oracle_value(v, g)
        for card, value in values.items():
            sums[card] += weight * value
        total += weight
    got = advise(view, exact=True)
    assert got.exact and got.samples == len(tables)
    assert {str(c): a.mean for c, a in got.by_card.items()} == \
        {c: round(s / total, 4) for c, s in sums.items()}
    ranks = sorted(got.by_card.values(), key=lambda a: a.rank)
    assert ranks[0].close and all(a.mean <= ranks[0].mean for a in ranks)


def test_sampled_means_agree_with_the_exact_within_their_error_bars():
    v = load_variant("four-hand")
    view, _ = _to_move_view(v, 6, 3, unknown=1)
    exact = advise(view, exact=True)
    sampled = advise(view, samples=400, seed=3)
    assert sampled.samples == 400 and not sampled.exact
    for card, a in sampled.by_card.items():
        assert abs(a.mean - exact.by_card[card].mean) <= 4 * a.stderr + 1e-9, card


def test_advice_is_reproducible_from_the_seed_whatever_the_threads():
    v = load_variant("four-hand")
    view, _ = _to_move_view(v, 7, 3, unknown=0)
    one = advise(view, samples=60, seed=5, threads=1).to_json()
    two = advise(view, samples=60, seed=5, threads=2).to_json()
    assert one == two


def test_bad_requests_are_refused():
    v = load_variant("four-hand")
    view, truth = _to_move_view(v, 8, 3, unknown=0)
    seen = View(view)
    seen.bounds()
    other = next(s for s in seen.seats if s != view["seat"])
    with pytest.raises(PinosolveError, match="to move"):
        advise({**view, "seat": other, "hand": truth[other]})
    with pytest.raises(PinosolveError, match="together"):
        advise(view, bid=20)
    with pytest.raises(PinosolveError, match="limit"):
        advise(view, exact=True, limit=0)
    for bad in (0, -1, True, 1.5):
        with pytest.raises(PinosolveError, match="samples"):
            advise(view, samples=bad)


@pytest.mark.parametrize("vid", ["four-hand", "two-hand", "three-hand-kitty", "five-hand-call",
                                 "double-deck", "trickster-modern"])
def test_one_test_at_a_threshold_says_whether_the_side_reaches_it(vid):
    """``reaches`` against plain minimax on endings: yes exactly up to the value."""
    from pinosolve.play.driver import reaches
    from tests.generators import ending, load_any

    v = load_any(vid)
    for seed in range(3):
        g = ending(v, seed, 3 if len(v.seats) <= 4 else 2)
        value, _ = oracle_value(v, g)
        for threshold in (0, value - 1, value, value + 1, value + 7):
            assert reaches(g.position(), g.rules, threshold) == (value >= threshold), \
                (seed, threshold, value)


@pytest.mark.parametrize("seed", [11, 14, 13])
def test_exact_chance_of_making_is_the_weighted_share_by_the_source_rules(seed):
    """p_make against source 001's four-hand contract written out by hand: the bidding side's
    meld counts only if it takes a trick, and the bid is made when meld plus trick points
    reach it. The mover's points from here are plain minimax's; the side's points and tricks
    so far come from a replay on ``Game``. Every consistent deal is weighted as a shuffle
    deals it. The bidder is the mover's side, then the other side."""
    v = load_variant("four-hand")
    view, _ = _to_move_view(v, seed, 3, unknown=1)
    others, tables = enumerate_deals(v, view)
    me = view["seat"]
    worth = dict(v.rules.points.cards)
    asked = 0
    for bidder in (me, v.seats[(v.seats.index(me) + 1) % 4]):
        rows = []  # (card, weight, the bidding side's points, its tricks so far)
        for key, weight in tables.items():
            hands = {me: list(view["hand"]), **{s: list(h) for s, h in zip(others, key)}}
            g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"])
            for card in view["play"]:
                g.play(card)
            side = g.side_of(bidder)
            taken = g.points.get(side, 0)
            tricks = sum(1 for t in g.tricks if g.side_of(t.won_by) == side)
            in_play = sum(worth[str(c)[:-1]] for s in v.seats for c in g.hand(s)) + \
                sum(worth[str(c)[:-1]] for c in g.trick) + v.rules.points.last_trick
            _, values = oracle_value(v, g)
            for card, value in values.items():
                points = taken + (value if side == g.side_of(me) else in_play - value)
                rows.append((card, weight, points, tricks))
        # a contract that some deals make and some do not: the bid at the middle points
        middle = sorted(p for _, _, p, _ in rows)[len(rows) // 2]
        bid = max(25, middle + 1)
        meld = bid - middle - 1 if middle + 1 < 25 else 0
        made: Counter = Counter()
        total: Counter = Counter()
        for card, weight, points, tricks in rows:
            side_total = (meld if (points > 0 or tricks) else 0) + points
            made[card] += weight * (side_total >= bid)
            total[card] += weight
        got = advise({**view, "declarer": bidder}, exact=True, bid=bid, meld=meld)
        want = {c: round(made[c] / total[c], 4) for c in made}
        assert {str(c): a.p_make for c, a in got.by_card.items()} == want, bidder
        asked += any(0 < p < 1 for p in want.values())
    assert asked  # (some chance strictly between 0 and 1 was checked)


def test_a_deal_out_of_time_bounds_the_mean_of_the_exact_values():
    """A per-deal budget that strikes inside the searches: each card's mean becomes an
    interval that holds the mean of the same deals solved without a budget."""
    v = load_variant("four-hand")
    deal = v.random_deal(2)
    view = {"variant": v, "trump": "H", "seat": "N", "hand": [str(c) for c in deal.hands[0]]}
    rushed = advise(view, samples=3, seed=8, timeout=0.01)
    full = advise(view, samples=3, seed=8)
    assert rushed.bounded >= 1
    for card, a in rushed.by_card.items():
        if a.mean is None:
            lo, hi = a.mean_bounds
            assert lo - 1e-4 <= full.by_card[card].mean <= hi + 1e-4, card
        else:
            assert a.mean == full.by_card[card].mean


def test_deals_solved_a_chunk_at_a_time_give_the_same_answer(monkeypatch):
    """Deals are drawn and solved a chunk at a time (memory stays bounded whatever the
    samples): chunks of 7 give what one chunk gives, sampled and exact, with progress
    reported once per deal."""
    import pinosolve.analysis.advice as A

    v = load_variant("four-hand")
    view, _ = _to_move_view(v, 9, 3, unknown=1)
    whole = advise(view, samples=30, seed=2).to_json(), advise(view, exact=True).to_json()
    seen = []
    monkeypatch.setattr(A, "CHUNK", 7)
    chunked = advise(view, samples=30, seed=2, threads=2,
                     on_deal=lambda done, n, lead: seen.append((done, n))), \
        advise(view, exact=True).to_json()
    assert (chunked[0].to_json(), chunked[1]) == whole
    assert seen == [(k, 30) for k in range(1, 31)]


@pytest.mark.parametrize("vid", ["three-hand-kitty", "three-hand-auction"])
def test_the_laid_away_cards_count_for_the_bidder_as_score_counts_them(vid):
    """Sources 000 and 004 count the bidder's laid-away cards for him. On the last
    card of a deal played at random (one consistent deal, one legal card), advice's p_make
    is what ``score`` says of the whole round with its laid-away cards, for bids around the
    bidder's total, from the bidder's view and a defender's."""
    import random

    from pinosolve import Card, score

    v = load_variant(vid)
    checked, viewers = 0, set()
    for seed in range(6):
        rng = random.Random(seed)
        cards = [str(c) for c in v.deck]
        rng.shuffle(cards)
        size = v.rules.deal.hand_size
        hands = {s: cards[i * size:(i + 1) * size] for i, s in enumerate(v.seats)}
        kitty = cards[len(v.seats) * size:]
        bidder = v.seats[seed % 3]
        held = hands[bidder] + kitty
        rng.shuffle(held)
        hands[bidder], laid = held[:size], held[size:]
        trump = "SHDC"[seed % 4]
        g = Game(v, pbn(v, hands), trump=trump, leader=bidder, declarer=bidder)
        while sum(len(g.hand(s)) for s in v.seats) > 1:
            g.play(rng.choice(g.legal_moves()))
        play = [str(c) for t in g.tricks for c in t.cards] + [str(c) for c in g.trick]
        me = g.to_move
        last = g.legal_moves()[0]
        g.play(last)
        won = {s: [] for s in v.seats}
        for t in g.tricks:
            won[t.won_by] += [str(c) for c in t.cards]
        view = {"variant": vid, "trump": trump, "seat": me, "hand": hands[me],
                "leader": bidder, "declarer": bidder, "play": play, "kitty": kitty,
                "gone": laid if me == bidder else []}  # (a defender does not see them)
        meld = low = v.rules.bidding.minimum
        made = set()
        for bid in range(low, low + v.rules.points.total + 2, max(1, v.rules.points.total // 25)):
            truth = score(v, {"bidder": bidder, "bid": bid, "trump": trump,
                              "meld": {bidder: meld}, "won": won,
                              "last_trick": g.tricks[-1].won_by, "laid_away": laid}).made
            got = advise(view, exact=True, bid=bid, meld=meld)
            assert got.by_card[Card.parse(str(last))].p_make == float(truth), (seed, bid)
            made.add(truth)
        viewers.add(me == bidder)
        checked += made == {True, False}
    assert checked >= 3 and viewers == {True, False}
