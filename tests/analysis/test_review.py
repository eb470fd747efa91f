"""``pinosolve.review``: each card's values and cost against plain minimax (``dd_oracle``) on
short endings, reneges found with the rule they break, and the review going on after one."""

from __future__ import annotations

import random
import sys

import pytest

import pinosolve
from pinosolve import Card, Game, IllegalPlay, PinosolveError, load_variant
from tests.generators import VARIANTS, load_any, new_game, oracle_value, roles_of

DEAL = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."


def _ending_record(v, seed: int, tricks_left: int) -> tuple[dict, list[str]]:
    """A record of an ending with ``tricks_left`` tricks, played out at random, sometimes
    with a renege: the record and the cards played."""
    g = new_game(v, seed)
    rng = random.Random(500 + seed)
    while max(len(g.hand(s)) for s in v.seats) > tricks_left or g.trick:
        g.play(rng.choice(g.legal_moves()))
    record = {"variant": v if v.id not in pinosolve.variant_ids() else v.id, "deal": str(g),
              "trump": g.trump.name, **roles_of(v)}
    played = []
    while not g.over:
        held = list(g.hand(g.to_move))
        card = rng.choice(held if rng.random() < 0.3 else g.legal_moves())
        g.play_as_played(card)
        played.append(str(card))
    record["play"] = " ".join(played)
    return record, played


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_values_and_costs_agree_with_plain_minimax(variant_id):
    v = load_any(variant_id)
    tricks_left = 3 if len(v.seats) <= 4 else 2
    for seed in range(2):
        record, played = _ending_record(v, seed, tricks_left)
        r = pinosolve.review(record)
        assert r.exact and len(r.plays) == len(played)
        g = Game(v, record["deal"], trump=record["trump"], **roles_of(v))
        totals = {s: [0, 0] for s in v.seats}
        for entry, card in zip(r.plays, played):
            assert (entry.seat, str(entry.card)) == (g.to_move, card)
            assert entry.trick == len(g.tricks) + 1
            value, cards = oracle_value(v, g)
            assert {str(c): x for c, x in entry.values.items()} == cards
            legal = [str(c) for c in g.legal_moves()]
            assert entry.is_legal == (card in legal)
            if entry.is_legal:
                assert entry.cost == value - cards[card] >= 0
                assert entry.rule is None and entry.legal_cards is None
            else:
                with pytest.raises(IllegalPlay) as err:
                    g.copy().play(card)
                assert entry.rule == err.value.rule != ""
                assert [str(c) for c in entry.legal_cards] == legal
                assert entry.cost is None
            # what should have been played: every legal card of the best value, ties and
            # all, for a card that cost points and for a renege; nothing for a best card
            best = {c for c, x in cards.items() if x == value}
            if entry.cost or not entry.is_legal:
                assert {str(c) for c in entry.better} == best and card not in best, entry
            else:
                assert entry.better is None and card in best, entry
            if entry.cost:
                totals[entry.seat][0] += entry.cost
                totals[entry.seat][1] += 1
            g.play_as_played(card)
        s = r.summary
        assert s.finished and s.points_taken == g.points
        assert {seat: (c.cost, c.costly_cards) for seat, c in s.cost_by_seat.items()} == \
            {seat: tuple(x) for seat, x in totals.items()}
        assert s.reneges == sum(not e.is_legal for e in r.plays)
        start = Game(v, record["deal"], trump=record["trump"], **roles_of(v))
        value, _ = oracle_value(v, start)
        if start.side_of(start.to_move) != s.side:
            value = sum(g.points.values()) - value
        assert s.values_by_trick[0].value == value
        assert [t.tricks for t in s.values_by_trick] == list(range(len(g.tricks) + 1))
        assert s.values_by_trick[-1].trick_points == g.points[s.side]
        assert s.values_by_trick[-1].value == 0


def test_a_renege_names_its_rule_and_the_review_goes_on():
    # N leads AS; E holds TS but plays KH: a renege (must follow suit)
    r = pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S",
                          "play": ["AS", "KH", "QS", "9S", "KS", "TS"]})
    renege = r.plays[1]
    assert (renege.seat, str(renege.card), renege.is_legal, renege.cost) == \
        ("E", "KH", False, None)
    g = Game("four-hand", DEAL, trump="S")
    g.play("AS")
    with pytest.raises(IllegalPlay) as err:
        g.play("KH")
    assert renege.rule == err.value.rule and renege.rule.startswith("trick.")
    assert [str(c) for c in renege.legal_cards] == ["TS"]
    assert r.summary.reneges == 1 and not r.summary.finished
    # after the renege E still holds TS, and plays it to the second trick
    assert [(e.seat, str(e.card), e.trick, e.is_legal) for e in r.plays[2:]] == \
        [("S", "QS", 1, True), ("W", "9S", 1, True), ("N", "KS", 2, True),
         ("E", "TS", 2, True)]
    assert all(e.cost is not None for e in r.plays[2:])
    assert r.to_json()["plays"][1]["rule"] == renege.rule


def test_play_as_played_still_refuses_a_card_not_held():
    g = Game("four-hand", DEAL, trump="S")
    with pytest.raises(IllegalPlay, match="does not hold"):
        g.play_as_played("TS")
    assert g.play_as_played("AS") is None
    broken = g.play_as_played("KH")
    assert broken is not None and broken.rule and str(g.trick[-1]) == "KH"
    g.unplay()
    assert [str(c) for c in g.trick] == ["AS"] and "KH" in [str(c) for c in g.hand("E")]


def test_a_game_reviews_the_cards_played_on_it():
    g = Game("four-hand", DEAL, trump="S")
    for card in ("KS", "TS", "QS", "9S", "KH"):
        g.play(card)
    from_game = pinosolve.review(g)
    from_record = pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S",
                                    "play": "KS TS QS 9S KH"})
    assert from_game.to_json() | {"seconds": 0} == from_record.to_json() | {"seconds": 0}
    assert len(g.tricks) == 1  # the game is left alone
    assert [(e.cost, e.trick) for e in from_game.plays][:1] == [(2, 1)]


def test_contract_makeable_and_made():
    deal = ("N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9")
    # makeable's doctest: N-S take 8 double-dummy: with meld 8, 25 is set; with meld 17, made
    base = {"variant": "four-hand", "deal": deal, "trump": "S", "bidder": "N", "meld": 8,
            "play": ""}
    assert pinosolve.review({**base, "bid": 25}).summary.makeable is False
    s = pinosolve.review({**base, "bid": 25, "meld": 17}).summary
    assert s.makeable is True and s.made is None and s.side == "NS"
    assert s.values_by_trick[0].value == 8
    with pytest.raises(PinosolveError, match="together"):
        pinosolve.review({**base})
    with pytest.raises(PinosolveError, match="minimum bid 25"):  # (as makeable refuses it)
        pinosolve.review({**base, "bid": 16})


def test_bad_records():
    with pytest.raises(PinosolveError, match="unknown key"):
        pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S", "plays": ""})
    with pytest.raises(PinosolveError, match="trump is missing"):
        pinosolve.review({"variant": "four-hand", "deal": DEAL})
    with pytest.raises(PinosolveError, match="after the last card"):
        pinosolve.review({"variant": "four-hand", "deal": "N:A... T... Q... 9...",
                          "trump": "S", "play": "AS TS QS 9S AS"})
    with pytest.raises(PinosolveError):
        pinosolve.review(["not", "a", "record"])


def _session_backends() -> list[str]:
    from pinosolve.play.core import _load as load_core

    return ["python"] + (["c"] if load_core()[0] is not None else [])


@pytest.mark.parametrize("backend", _session_backends())
@pytest.mark.parametrize("variant_id", ["four-hand", "two-hand", "three-hand-kitty"])
def test_a_session_answers_as_fresh_searches_do(variant_id, backend):
    """Every position of a deal played out (the C core: whole deals; the Python reference:
    endings), solved on one ``Session`` kept across them and by a fresh ``solve`` each: the
    same value, bounds, card values and line, for movers of either side (the session's table
    holds one side's bounds), value-only solves between them."""
    from pinosolve.play.driver import Session, solve

    v = load_any(variant_id)
    tricks = None if backend == "c" else 3
    # (three-hand-kitty's whole deal of seed 0 takes 13 seconds fresh: one quicker one)
    for seed in (1,) if (variant_id, backend) == ("three-hand-kitty", "c") else (0, 1):
        g = new_game(v, seed)
        rng = random.Random(700 + seed)
        while tricks is not None and (max(len(g.hand(s)) for s in v.seats) > tricks or g.trick):
            g.play(rng.choice(g.legal_moves()))
        session = Session(g.rules, int(g.trump), tuple(g.sides), backend=backend)
        sides_seen = set()
        while not g.over:
            pos = g.position()
            sides_seen.add(g.side_of(g.to_move))
            kept = session.solve(pos, check_trick=False)
            fresh = solve(pos, g.rules, backend=backend, check_trick=False)
            assert (kept.value, kept.bounds, kept.cards, kept.line, kept.exact) == \
                (fresh.value, fresh.bounds, fresh.cards, fresh.line, fresh.exact)
            if rng.random() < 0.5:
                alone = session.solve(pos, value_only=True, check_trick=False)
                assert (alone.value, alone.cards) == (fresh.value, {})
            g.play(rng.choice(g.legal_moves()))
        assert len(sides_seen) == 2 and session.solves > 0


def test_review_with_and_without_the_kept_table_agree(monkeypatch):
    v = load_any("four-hand")
    record, _ = _ending_record(v, 3, 5)
    kept = pinosolve.review(record)
    monkeypatch.setattr(sys.modules["pinosolve.analysis.review"]._Valuer, "reuse", False)
    fresh = pinosolve.review(record)
    assert kept.plays == fresh.plays and kept.summary == fresh.summary


def test_a_session_refuses_another_trump_or_other_sides():
    from pinosolve.play.driver import Session

    g = Game(load_variant("four-hand"), DEAL, trump="S")
    session = Session(g.rules, int(g.trump), tuple(g.sides))
    pos = g.position()
    pos.trump = (pos.trump + 1) % 4
    with pytest.raises(PinosolveError, match="trump"):
        session.solve(pos)
    pos = g.position()
    pos.side = (0, 0, 1, 1)
    with pytest.raises(PinosolveError, match="sides"):
        session.solve(pos)
    flipped = g.position()
    flipped.side = tuple(1 - s for s in flipped.side)  # the same sides, named the other way
    assert session.solve(flipped).value == session.solve(g.position()).value


def _within(bounds, value) -> bool:
    return bounds[0] <= value <= bounds[1]


def test_a_timeout_per_position_gives_proved_bounds_around_the_exact_review():
    """The first two tricks of a whole four-hand deal, reviewed with 5 ms per position (far
    too little: the deadline strikes deep inside each search) and without a limit: every
    value, cost, standing and seat cost of the bounded review holds the exact one."""
    v = load_variant("four-hand")
    g = Game(v, v.random_deal(1), trump="S")
    rng = random.Random(5)
    play = []
    for _ in range(8):
        card = rng.choice(g.legal_moves())
        g.play(card)
        play.append(str(card))
    record = {"variant": "four-hand", "deal": str(v.random_deal(1)), "trump": "S",
              "play": play}
    exact = pinosolve.review(record)
    bounded = pinosolve.review(record, timeout=0.005)
    assert exact.exact and exact.note is None and exact.timeout is None
    assert not bounded.exact and bounded.timeout == 0.005
    assert "per position" in bounded.note and "bounds" in bounded.note
    opened = 0
    for e, b in zip(exact.plays, bounded.plays):
        assert (b.seat, b.card, b.trick, b.is_legal) == (e.seat, e.card, e.trick, e.is_legal)
        assert set(b.values) | set(b.values_bounds or {}) == set(e.values)
        assert not set(b.values) & set(b.values_bounds or {})
        for card, value in e.values.items():
            assert b.values.get(card, value) == value
            assert _within((b.values_bounds or {}).get(card, (value, value)), value)
        if b.cost is not None:
            assert b.cost == e.cost and b.cost_bounds is None
        else:
            opened += 1
            assert _within(b.cost_bounds, e.cost) and b.cost_bounds[0] < b.cost_bounds[1]
    assert opened > 0
    for e, b in zip(exact.summary.values_by_trick, bounded.summary.values_by_trick):
        assert e.bounds == (e.value, e.value) and _within(b.bounds, e.value)
        assert b.value in (None, e.value) and (b.value is None) == (b.bounds[0] < b.bounds[1])
    for seat, e in exact.summary.cost_by_seat.items():
        b = bounded.summary.cost_by_seat[seat]
        assert b.cost == e.cost if b.cost is not None else _within(b.cost_bounds, e.cost)
        assert b.costly_cards <= e.costly_cards
    assert bounded.to_json()["plays"][0]["cost_bounds"] == list(bounded.plays[0].cost_bounds)


@pytest.mark.parametrize("variant_id, roles", [("double-deck", {}),
                                               ("five-hand-call", {"declarer": "1",
                                                                   "partner": "3"})])
def test_double_deck_and_five_hand_reviews_say_what_time_left_unproved(variant_id, roles):
    """A whole deal's first trick, 0.1 s per position: each card's cost is proved or given
    as bounds within the points in play, and the review says it is not exact."""
    v = load_variant(variant_id)
    deal = v.random_deal(4)
    g = Game(v, deal, trump="H", **roles)
    play = []
    for _ in range(len(v.seats)):
        card = g.legal_moves()[-1]
        g.play(card)
        play.append(str(card))
    r = pinosolve.review({"variant": variant_id, "deal": str(deal), "trump": "H",
                          "play": play, **roles}, timeout=0.1)
    total = sum(v.card_points(c) for h in deal.hands for c in h) + v.rules.points.last_trick
    assert not r.exact and r.note
    assert r.plays[0].cost is None and r.plays[0].cost_bounds is not None
    for e in r.plays:
        assert (e.cost is None) != (e.cost_bounds is None)
        assert 0 <= (e.cost_bounds or (e.cost, e.cost))[0] <= (e.cost_bounds or
                                                                (e.cost, e.cost))[1] <= total
        for lo, hi in (e.values_bounds or {}).values():
            assert 0 <= lo < hi <= total
    start = r.summary.values_by_trick[0]
    assert start.value is None and 0 <= start.bounds[0] < start.bounds[1] <= total
    assert r.summary.points_taken == g.points


# (variant, seed, seconds per position: None exact; the 80-card variants, and a
# three-hand-auction deal whose exact review takes 40 s, get bounds where time runs out)
WHOLE = [("two-hand", 0, None), ("two-hand-57", 1, None), ("two-hand-1000", 2, None),
         ("three-hand-auction", 1, 0.05), ("three-hand-kitty", 3, None),
         ("four-hand", 0, None), ("four-hand-classic", 1, None), ("trickster-modern", 2, None),
         ("double-deck", 0, 0.02), ("five-hand-call", 1, 0.02)]


@pytest.mark.parametrize("variant_id, seed, timeout", WHOLE, ids=[w[0] for w in WHOLE])
def test_whole_deal_records_of_every_family(variant_id, seed, timeout):
    """A whole deal played out at random, now and then with a renege, reviewed from its
    record and checked against a replay of the cards on a ``Game`` and against minimax
    itself: each card's legality, the legal cards of a renege, the points taken; every cost
    is the best value less the card's; and within a trick with no renege the declaring
    side's double-dummy total (taken plus to come) moves by exactly the costs of the cards
    played, down for its own, up for the other side's. The last three tricks' values are
    plain minimax's. Exact where no timeout is given; otherwise every cost is proved or
    bounded."""
    v = load_variant(variant_id)
    g = new_game(v, seed)
    start = g.copy()
    rng = random.Random(900 + seed)
    played = []
    while not g.over:
        held = list(g.hand(g.to_move))
        card = rng.choice(held if rng.random() < 0.04 else g.legal_moves())
        g.play_as_played(card)
        played.append(str(card))
    record = {"variant": variant_id, "deal": str(start), "trump": start.trump.name,
              "leader": start.leader, "play": played, **roles_of(v)}
    r = pinosolve.review(record, timeout=timeout)
    assert r.exact or timeout is not None
    replay = start.copy()
    side = r.summary.side
    tricks_left = len(v.seats) * 3
    for k, (entry, card) in enumerate(zip(r.plays, played)):
        legal = [str(c) for c in replay.legal_moves()]
        assert (entry.seat, str(entry.card), entry.trick) == \
            (replay.to_move, card, len(replay.tricks) + 1)
        assert entry.is_legal == (card in legal)
        assert {str(c) for c in [*entry.values, *(entry.values_bounds or {})]} == set(legal)
        if not entry.is_legal:
            assert [str(c) for c in entry.legal_cards] == legal and entry.cost is None
        elif entry.cost is not None and len(entry.values) == len(legal):
            assert entry.cost == max(entry.values.values()) - entry.values[Card.parse(card)]
        elif entry.cost is not None:  # proved by bounds alone (a forced card: 0)
            assert timeout is not None and (entry.cost == 0 or entry.values_bounds)
        else:
            assert timeout is not None and entry.cost_bounds[0] < entry.cost_bounds[1]
        if len(played) - k <= tricks_left and entry.is_legal:
            assert {str(c): x for c, x in entry.values.items()} == oracle_value(v, replay)[1]
        replay.play_as_played(card)
    assert r.summary.points_taken == replay.points and r.summary.finished
    assert r.summary.reneges == sum(not e.is_legal for e in r.plays)
    standings = r.summary.values_by_trick
    assert [t.tricks for t in standings] == list(range(len(replay.tricks) + 1))
    assert standings[-1].value == 0 and standings[-1].trick_points == replay.points[side]
    if timeout is None:
        for before, after in zip(standings, standings[1:]):
            trick = [e for e in r.plays if e.trick == after.tricks]
            if all(e.is_legal for e in trick):
                moved = sum((-e.cost if start.side_of(e.seat) == side else e.cost)
                            for e in trick)
                assert (after.trick_points + after.value) - \
                    (before.trick_points + before.value) == moved, after.tricks
        assert sum(c.cost for c in r.summary.cost_by_seat.values()) == \
            sum(e.cost or 0 for e in r.plays)
    elif not r.exact:
        assert "per position" in r.note


def test_meld_is_given_per_seat_as_points_or_cards():
    """As ``score`` takes it: the declaring side's meld is its seats' (the cards counted by
    the meld engine, here N's pinochle 4 and S's two marriages 4), the other side's left
    out; a bad table is one error naming the key."""
    deal = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
    base = {"variant": "four-hand", "deal": deal, "trump": "S", "bidder": "N", "bid": 25,
            "play": ""}
    for meld in (8, {"N": 5, "S": 3, "E": 30}, {"N": "QS JD", "S": "KH QH KD QD"}):
        s = pinosolve.review({**base, "meld": meld}).summary
        assert (s.meld, s.makeable) == (8, False), meld  # (8 + 8 trick points < 25)
    assert pinosolve.review({**base, "meld": {"N": 17}}).summary.makeable is True
    for bad, word in (({"Q": 3}, "not a seat"), ({"N": "ZZ"}, "bad card"), ({"N": -1}, "at least"),
                      ([1], "table of seat"), (True, "table of seat")):
        with pytest.raises(PinosolveError, match=word):
            pinosolve.review({**base, "meld": bad})


def test_a_forced_card_costs_nothing_even_when_time_runs_out():
    """With one legal card there is nothing to give away: cost 0, whatever was proved (the
    bounds on a cost compare the card with the others, never with itself)."""
    r = pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S",
                          "play": "AS KH QS 9S KS TS"}, timeout=1e-9)
    for e in r.plays:
        if e.is_legal and len(set(e.values) | set(e.values_bounds or {})) == 1:
            assert (e.cost, e.cost_bounds) == (0, None), e
    assert sum(1 for e in r.plays if e.is_legal and e.cost == 0) >= 2


def test_a_contract_in_a_kitty_game_counts_the_laid_away_cards(vid="three-hand-kitty", seed=1):
    """The review took no contract where the bidder lays cards away. With the
    record's ``laid_away``, whether it was made as played is ``score``'s verdict on the same
    round, and whether it was makeable at the start is ``makeable``'s, at bids on both sides
    of the bidder's total."""
    from pinosolve.scoring.makeable import makeable
    from pinosolve.variants.dealer import random_deal
    from tests.generators import bids_near

    v = load_variant(vid)
    dealt = random_deal(v, seed)
    bidder = v.seats[seed % 3]
    rng = random.Random(seed)
    held = list(dealt.deal.hands[v.seats.index(bidder)]) + list(dealt.undealt)
    rng.shuffle(held)
    size = v.rules.deal.hand_size
    hands = {s: [str(c) for c in h] for s, h in zip(v.seats, dealt.deal.hands)}
    hands[bidder], laid = [str(c) for c in held[:size]], [str(c) for c in held[size:]]
    deal = f"{v.seats[0]}:" + " ".join(
        ".".join("".join(c[:-1] for c in hands[s] if c[-1] == x) for x in "SHDC")
        for s in v.seats)
    g = Game(v, deal, trump="H", leader=bidder, declarer=bidder)
    while not g.over:
        g.play(rng.choice(g.legal_moves()))
    play = " ".join(str(c) for t in g.tricks for c in t.cards)
    won = {s: [str(c) for t in g.tricks if t.won_by == s for c in t.cards] for s in v.seats}
    meld = v.rules.bidding.minimum
    side_points = g.points[g.side_of(bidder)] + v.hand_points(pinosolve.Hand(laid))
    seen = set()
    for bid in bids_near(v, meld + side_points, 1):
        r = pinosolve.review({"variant": vid, "deal": deal, "trump": "H", "bidder": bidder,
                              "leader": bidder, "bid": bid, "meld": meld, "play": play,
                              "laid_away": " ".join(laid)}).summary
        truth = pinosolve.score(v, {"bidder": bidder, "bid": bid, "trump": "H",
                                    "meld": {bidder: meld}, "won": won,
                                    "last_trick": g.tricks[-1].won_by,
                                    "laid_away": " ".join(laid)}).made
        assert r.made == truth, bid
        if not seen:  # (one search of the whole deal: seconds)
            assert r.makeable == makeable(v, deal, "H", bidder, bid,
                                          laid_away=" ".join(laid)).made
        seen.add(truth)
    assert seen == {True, False}
    with pytest.raises(PinosolveError, match="laid away"):
        pinosolve.review({"variant": vid, "deal": deal, "trump": "H", "bidder": bidder,
                          "bid": meld, "meld": meld, "play": ""})
