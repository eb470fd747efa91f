"""The review's information lens against an independent oracle: on late-deal records, for
every card played, every assignment of the hidden physical cards to the other seats (and the
unseen pile) is listed (``tests/view_oracle.enumerate_deals``), each consistent deal solved
by plain minimax (``dd_oracle``), each card's value averaged with the shuffle weights, and the
card's cost taken against the best mean: the review's exact information cost must equal it.
Sampled costs agree with it within their standard errors. The labels, the luck and the
accuracy are checked on hand-computed examples."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pinosolve import Game, PinosolveError, load_variant
from pinosolve.analysis.information import (LensReport, Scored, Thresholds, card_accuracy,
                                            deal_points, lens_report)
from pinosolve.analysis.review import review
from tests.generators import new_game, oracle_value, roles_of
from tests.view_oracle import enumerate_deals, pbn


def _late_record(v, seed: int, left: int, laid_away: bool = False):
    """A record of a deal begun with ``left`` cards a hand, played out at random (legal
    cards), and the hands it began with. ``laid_away``: with a contract whose bidder laid
    away cards the deal does not hold (a kitty variant's): the others never saw them."""
    g = new_game(v, seed)
    rng = random.Random(700 + seed)
    while max(len(g.hand(s)) for s in v.seats) > left or g.trick:
        g.play(rng.choice(g.legal_moves()))
    start = {s: [str(c) for c in g.hand(s)] for s in v.seats}
    record = {"variant": v.id, "deal": str(g), "trump": g.trump.name, "leader": g.to_move,
              **roles_of(v)}
    outside = Counter(str(c) for c in v.deck) - Counter(c for h in start.values() for c in h)
    if laid_away:
        bidder = roles_of(v).get("declarer", v.seats[0])
        away = sorted(outside.elements())[:v.rules.deal.kitty]
        record.update(bidder=bidder, bid=v.rules.bidding.minimum, meld=0, laid_away=away)
        record.pop("declarer", None)
    played = []
    while not g.over:
        card = rng.choice(g.legal_moves())
        g.play(card)
        played.append(str(card))
    record["play"] = " ".join(played)
    return record, start, outside


def _oracle_costs(v, record, start, outside):
    """Each card's information cost by enumeration and plain minimax, the deals and the
    cards of the best mean (None: forced)."""
    play = record["play"].split()
    away = Counter(record.get("laid_away", ()))
    roles = roles_of(v)
    out = []
    for k, card in enumerate(play):
        g = Game(v, pbn(v, start), trump=record["trump"], leader=record["leader"], **roles)
        for c in play[:k]:
            g.play(c)
        me = g.to_move
        if len(set(g.legal_moves())) == 1:
            out.append(None)
            continue
        seen = outside if me == record.get("bidder") else outside - away
        view = {"variant": v, "trump": record["trump"], "seat": me, "hand": start[me],
                "leader": record["leader"], "play": play[:k],
                "gone": list(seen.elements()), **roles}
        others, tables = enumerate_deals(v, view)
        sums: Counter = Counter()
        total = 0
        for key, weight in tables.items():
            hands = {me: list(start[me]), **{s: list(h) for s, h in zip(others, key)}}
            deal = Game(v, pbn(v, hands), trump=record["trump"], leader=record["leader"],
                        **roles)
            for c in play[:k]:
                deal.play(c)
            _, values = oracle_value(v, deal)
            for c, value in values.items():
                sums[c] += weight * value
            total += weight
        means = {c: s / total for c, s in sums.items()}
        top = max(means.values())
        out.append((top - means[card], len(tables),
                    {c for c, m in means.items() if m >= top - 1e-9}))
    return out


@pytest.mark.parametrize("vid, seed, left, laid_away", [
    ("four-hand", 1, 2, False), ("four-hand", 2, 2, False), ("two-hand", 3, 3, False),
    ("three-hand-kitty", 4, 2, True), ("three-hand-kitty", 5, 3, False),
    ("double-deck", 6, 2, False)])
def test_exact_information_cost_is_the_enumerated_plain_minimax(vid, seed, left, laid_away):
    v = load_variant(vid)
    record, start, outside = _late_record(v, seed, left, laid_away)
    expected = _oracle_costs(v, record, start, outside)
    got = review(record, information=True, samples=5000, seed=1)
    assert len(got.plays) == len(expected)
    judged = 0
    for p, want in zip(got.plays, expected):
        info = p.information
        if want is None:  # forced: nothing searched, and no mean over no deal
            assert (info.cost, info.stderr, info.deals, info.exact) == (0, 0, 0, True), p
            assert info.means is None and info.better is None and info.best == p.card, p
            assert "means" not in info.to_json() and p.label == "best", p
            continue
        cost, deals, best = want
        assert info.exact and info.deals == deals, p
        assert info.cost == pytest.approx(round(cost, 4), abs=1e-4), p
        # what should have been played: the cards of the best mean, every one tied for it
        if info.cost > 0:
            assert {str(c) for c in info.better} == best and p.card not in info.better, p
        else:
            assert info.better is None and str(p.card) in best, p
        judged += 1
    assert judged
    lens = got.information
    assert lens.exact == judged and lens.sampled == 0


def test_with_every_card_seen_the_two_lenses_agree():
    """Two-hand's play-off: both players saw the stock played out, so each knows the other's
    hand, and a card's information cost is its double-dummy cost."""
    v = load_variant("two-hand")
    g = Game(v, v.random_deal(9), trump="H")
    rng = random.Random(9)
    record = {"variant": "two-hand", "deal": str(g), "trump": "H"}
    played = []
    while not g.over:
        card = rng.choice(g.legal_moves())
        g.play(card)
        played.append(str(card))
    record["play"] = played
    got = review(record, information=True, samples=10, seed=2)
    for p in got.plays:
        assert p.information.exact and p.information.deals <= 1
        assert p.information.cost == p.cost, p
    lens = got.information
    assert all(r.luck == 0 for r in lens.by_seat.values())


def test_sampled_costs_agree_with_the_exact_within_their_errors():
    v = load_variant("four-hand")
    record, start, outside = _late_record(v, 11, 3)
    exact = review(record, information=True, samples=20000, seed=1)
    sampled = review(record, information=True, samples=60, seed=5)
    checked = 0
    for e, s in zip(exact.plays, sampled.plays):
        assert e.information.exact
        if s.information.exact:  # (few enough deals: every one of them, both times)
            assert s.information.cost == e.information.cost
            continue
        checked += 1
        assert s.information.deals == 60
        gap = abs(s.information.cost - e.information.cost)
        assert gap <= 4 * s.information.stderr + 1e-9, (s, e)
    assert checked
    again = review(record, information=True, samples=60, seed=5)
    assert again.to_json()["plays"] == sampled.to_json()["plays"]  # (the seed draws them)


def test_labels_by_hand():
    t = Thresholds()  # 2%, 5%, 10% of the deal's points
    points = 25  # four-hand: 24 counters and the last trick
    assert deal_points(load_variant("four-hand")) == 25
    assert deal_points(load_variant("four-hand-classic")) == 250
    assert [t.label(c, points) for c in (0, 0.49, 0.5, 1.24, 1.25, 2.49, 2.5, 9)] == \
        ["best", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    # luck: fine on what it knew but costly double dummy, or the other way round
    assert t.luck("best", 1, points) == "unlucky"
    assert t.luck("good", 0.49, points) is None  # (good double dummy too)
    assert t.luck("mistake", 0, points) == "lucky"
    assert t.luck("mistake", 1, points) is None
    assert t.luck("inaccuracy", 0, points) is None
    other = Thresholds.parse("0.1,0.2,0.4")
    assert [other.label(c, points) for c in (2.4, 9.9, 10)] == ["good", "mistake", "blunder"]
    for bad in ("0.1,0.2", "x,y,z", "0.3,0.2,0.4", "0,0.1,0.2", "0.1,0.2,1.5", "nan,1,1"):
        with pytest.raises(PinosolveError, match="thresholds"):
            Thresholds.parse(bad)


def test_accuracy_and_the_report_by_hand():
    t = Thresholds()
    # the blunder line of a 25-point deal is 2.5 points: a cost of 1 scores 60, of 2.5 zero
    assert card_accuracy(0, 25, t) == 100
    assert card_accuracy(1, 25, t) == pytest.approx(60)
    assert card_accuracy(5, 25, t) == 0

    def card(cost, dd, label, luck=None, choice=True, trick=1):
        return Scored("N", _c("AS"), trick, choice,
                      card_accuracy(cost, 25, t) if choice else None, label, luck, cost, dd)

    cards = [card(0, 0, "best"), card(1, 0, "inaccuracy", trick=2),
             card(3, 3, "blunder", trick=3), card(0, 2, "best", "unlucky", trick=4),
             card(0, 0, "best", choice=False, trick=5),
             Scored("N", _c("KS"), 6, True, 0.0, "renege", None, 0.0, 0)]
    rep = lens_report(cards)
    assert isinstance(rep, LensReport)
    assert rep.cards == 6 and rep.choices == 5
    # (100 + 60 + 0 + 100 + 0) / 5: the forced card is not a choice, the renege scores 0
    assert rep.accuracy == 52.0
    assert rep.labels["best"] == 3 and rep.labels["inaccuracy"] == 1
    assert rep.labels["blunder"] == 1 and rep.labels["renege"] == 1
    assert rep.labels["unlucky"] == 1 and rep.labels["lucky"] == 0
    assert rep.errors == 2 and rep.error_rate == 0.4  # the blunder and the renege, of 5
    assert rep.dd_lost == 5 and rep.info_lost == 4 and rep.luck == -1
    assert rep.dd_error_rate == 0.4  # the blunder and the unlucky card cost points
    assert [m.trick for m in rep.biggest] == [3, 2, 6]  # the largest costs, then the renege


def _c(name):
    from pinosolve import Card

    return Card.parse(name)


def test_a_renege_stops_the_lens_and_is_its_own_label():
    g = Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S")
    g.play("AS")
    assert g.play_as_played("KH") is not None  # (E holds TS: a renege)
    played = ["AS", "KH"]
    rng = random.Random(3)
    while not g.over:
        card = rng.choice(g.legal_moves())
        g.play(card)
        played.append(str(card))
    record = {"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S",
              "play": played}
    got = review(record, information=True, samples=50, seed=1)
    assert got.plays[0].label is not None
    assert got.plays[1].label == "renege" and got.plays[1].information is None
    assert all(p.label is None and p.information is None for p in got.plays[2:])
    assert got.information.stopped == 2
    assert got.information.by_seat["E"].labels["renege"] == 1
    assert got.information.by_seat["E"].accuracy == 0


def test_bad_requests_are_refused():
    record = {"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S",
              "play": "KS TS QS 9S"}
    for kw, match in (({"samples": 0}, "samples"), ({"samples": "x"}, "samples"),
                      ({"seed": -1}, "seed"), ({"thresholds": "0.1"}, "thresholds"),
                      ({"threads": 0}, "threads")):
        with pytest.raises(PinosolveError, match=match):
            review(record, information=True, **kw)


def test_a_called_partner_is_known_as_the_rules_make_him_known():
    """Five-hand with a pass: every seat knows the partner (he passed to the declarer);
    without one, only the called card, whatever the record's Partner tag says."""
    from pinosolve.analysis.information import decision_view_input
    from pinosolve.records.record import Record

    from pinosolve import Suit
    from pinosolve.variants.variant import load_file, rules_dir

    for v, known in ((load_variant("five-hand-call"), True),
                     (load_file(rules_dir() / "examples" / "five-hand-call-no-pass.toml"),
                      False)):
        deal = v.random_deal(4)
        holder = next(s for s in v.seats[1:] if any(str(c) == "AH" for c in deal[s]))
        record = Record(v, deal=dict(deal.items()), deal_first=v.seats[0], bidder=v.seats[0],
                        trump=Suit.S, leader=v.seats[0],
                        called_card=_c("AH"), partner=holder)
        for seat in v.seats[1:]:
            data = decision_view_input(record, seat, 0)
            if known:
                assert data.get("partner") == holder and "called_card" not in data, seat
            else:
                assert data.get("called_card") == "AH" and "partner" not in data, seat


def test_a_game_set_up_mid_trick_is_judged_from_the_right_position():
    g = Game("four-hand", "N:K.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S", leader="N",
             trick=["AS"])
    for c in ("TS", "QS", "9S"):
        g.play(c)
    while not g.over:
        g.play(g.legal_moves()[0])
    got = review(g, information=True, seed=1)
    assert [p.card for p in got.plays][:3] == [_c("TS"), _c("QS"), _c("9S")]
    assert all(p.label is not None for p in got.plays)


def test_meld_shown_before_a_late_record_began_is_not_held_against_the_view():
    """A record that begins after some tricks: meld shown whose cards were played to the
    tricks before is left out of the view, which stays possible."""
    from pinosolve.records.read import read_records

    record = read_records("docs/examples/club-endings.pgr")[0]
    from dataclasses import replace

    record = replace(record, bid=25, meld={"N": load_variant("four-hand").parse_hand("AH AH"),
                                           "S": 0})
    got = review(record, information=True, seed=1)
    assert all(p.label is not None for p in got.plays)


def test_a_time_limit_gives_labels_only_where_the_bounds_decide_them():
    record, _, _ = _late_record(load_variant("four-hand"), 12, 4)
    got = review(record, information=True, samples=8, seed=1, timeout=0.0005)
    bounded = [p for p in got.plays if p.information is not None
               and p.information.cost is None]
    t, points = Thresholds(), 25
    for p in bounded:
        lo, hi = p.information.cost_bounds
        if t.label(lo, points) != t.label(hi, points):
            assert p.label is None and p.luck is None, p
        else:
            assert p.label == t.label(lo, points)
    for rep in got.information.by_seat.values():
        assert sum(rep.labels[k] for k in ("best", "good", "inaccuracy", "mistake",
                                           "blunder")) <= rep.cards


def test_after_a_renege_the_double_dummy_costs_still_count():
    got = review(_renege_record(), information=True, samples=20, seed=1)
    summary = got.summary.cost_by_seat
    for seat, rep in got.information.by_seat.items():
        assert rep.dd_lost == (summary[seat].cost or 0), seat


def _renege_record():
    import tomllib

    with open("tests/data/review-renege.toml", "rb") as fh:
        return tomllib.load(fh)


def test_one_sample_is_refused():
    with pytest.raises(PinosolveError, match="two deals"):
        review(_renege_record(), information=True, samples=1)


def test_many_hands_pool_the_first_leads_of_whole_hands_by_player():
    from pinosolve.analysis.review_set import review_many
    from pinosolve.records.read import read_records

    texts = []
    for seed, (north, south) in ((1, ("Ann", "Bo")), (2, ("Bo", "Ann"))):
        v = load_variant("two-hand")
        g = Game(v, v.random_deal(seed), trump="H", leader="N")
        rng = random.Random(seed)
        while not g.over:
            g.play(rng.choice(g.legal_moves()))
        texts.append(f'[North "{north}"]\n[South "{south}"]\n' + str(g.to_record()))
    records = read_records("\n".join(texts))
    got = review_many(records, samples=5, seed=1)
    assert got.first_lead.cards == 2  # (both hands recorded from the first trick)
    assert {p: r.cards for p, r in got.first_lead_by_player.items()} == {"Ann": 1, "Bo": 1}
    assert got.by_player["Ann"].cards == got.by_player["Bo"].cards == 24
    # (two-hand's play-off: every card is seen, so both lenses agree on every card)
    assert all(r.luck == 0 for r in got.by_seat.values())
    assert [m.hand for r in got.by_seat.values() for m in r.biggest] == \
        [m.hand for r in got.by_seat.values() for m in r.biggest if m.hand in (1, 2)]
    with pytest.raises(PinosolveError, match="samples"):
        review_many(records, samples=1)
