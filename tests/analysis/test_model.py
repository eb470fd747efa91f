"""Inference from the other seats' play (``pinosolve.analysis.model``) against an independent
oracle: on small late-deal views every consistent deal is listed (``tests.view_oracle``),
replayed on a ``Game`` (the engine's own bookkeeping of hands, seats and sides), each card
another seat chose among two legal ones or more given the rules model's chance, and each deal
solved by plain minimax (``dd_oracle``): exact advice with a model must be the likelihood-
weighted mean. With one consistent deal, or a temper of 0, a model changes nothing; the
resampling keeps the posterior's proportions."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import example, given, settings, strategies as st

from pinosolve import Game, PinosolveError, load_variant
from pinosolve.analysis.advice import advise
from pinosolve.analysis.model import (FEATURES, PlayModel, load_model, systematic,
                                      weighted_draws)
from pinosolve.analysis.view import View
from pinosolve.cards import Card
from pinosolve.play.rules import PlayRules
from pinosolve.players.rules import thumb_card
from tests.generators import oracle_value, roles_of
from tests.view_oracle import ending_view, enumerate_deals, pbn

W_LEAD, W_FOLLOW = 2.0, -1.5  # the rules feature's weights of the model under test


def _rules_model(temper: float = 1.0) -> PlayModel:
    zeros = [0.0] * (len(FEATURES) - 1)
    return PlayModel("rules", (W_LEAD, *zeros), (W_FOLLOW, *zeros), temper)


def _likelihood(v, view, hands, roles=None) -> float:
    """The oracle's likelihood of the view's play under the start ``hands``: each other
    seat's card among two legal ones or more has chance e^(w [card is the rules card]) over
    the sum of that over its legal cards (the rules card from ``thumb_card``)."""
    g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"],
             **(roles_of(v) if roles is None else roles))
    rules = PlayRules.of(v, 2)
    t = int(g.trump)
    out = 1.0
    for name in view["play"]:
        seat = g.to_move
        legal = [c.index for c in g.legal_moves()]
        if seat != view["seat"] and len(legal) >= 2:
            trick = [c.index for c in g.trick]
            held = [c.index for c in g.hand(seat)]
            mate = bool(trick) and g.side_of(seat) == g.side_of(
                v.seats[(v.seats.index(g.leader) + rules.winner(trick, t)) % len(v.seats)])
            ruled = thumb_card(rules, t, held, trick, legal, mate,
                               len(trick) == len(v.seats) - 1)
            w = W_FOLLOW if trick else W_LEAD
            card = Card.parse(name).index
            out *= math.exp(w * (card == ruled)) / sum(math.exp(w * (c == ruled))
                                                       for c in legal)
        g.play(name)
    return out


def _view(vid: str, seed: int, left: int, unknown: int = 1, kitty: bool = False):
    v = load_variant(vid)
    view, truth = ending_view(v, seed, left, unknown, kitty=kitty)
    seen = View(view)
    mover = seen.seats[seen.to_move]
    return v, {**view, "seat": mover, "hand": truth[mover]}


CASES = [("four-hand", 11, {}), ("three-hand-kitty", 15, {"kitty": True}),
         ("five-hand-call", 20, {})]


@pytest.mark.parametrize("vid, seed, extra", CASES)
def test_exact_advice_with_a_model_is_the_likelihood_weighted_mean(vid, seed, extra):
    v, view = _view(vid, seed, 3 if len(load_variant(vid).seats) <= 4 else 2,
                    kitty=extra.get("kitty", False))
    others, tables = enumerate_deals(v, view)
    me = view["seat"]
    sums: Counter = Counter()
    plain: Counter = Counter()
    total = plain_total = 0.0
    for key, weight in tables.items():
        hands = {me: list(view["hand"]), **{s: list(h) for s, h in zip(others, key)}}
        like = _likelihood(v, view, hands)
        g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"], **roles_of(v))
        for card in view["play"]:
            g.play(card)
        _, values = oracle_value(v, g)
        for card, value in values.items():
            sums[card] += weight * like * value
            plain[card] += weight * value
        total += weight * like
        plain_total += weight
    got = advise(view, exact=True, model=_rules_model())
    assert got.model == "rules" and got.exact and got.samples == len(tables)
    for c, a in got.by_card.items():
        assert a.mean == pytest.approx(sums[str(c)] / total, abs=1e-3)
    # (the test can fail: the model moves some card's mean away from the shuffle's)
    assert any(abs(sums[c] / total - plain[c] / plain_total) > 1e-3 for c in sums)


@pytest.mark.parametrize("seed", [1, 2, 5, 6])
def test_a_called_partner_is_each_deals_own_in_the_likelihood(seed):
    """The small call-partner game late in the play, the partner named by a called card
    only: each enumerated deal's likelihood is replayed with its own partner (the first
    holder from the declarer's left), and exact advice with a model is the weighted mean of
    plain minimax with that partner."""
    from tests.analysis.test_call import late_call_view, oracle

    v, g, start, base, me = late_call_view(seed, left=2)
    mover = g.to_move  # (the viewer is the seat to move, the declarer's partner in doubt)
    if mover == base["declarer"] or base["called_card"] in start[mover]:
        pytest.skip("the seat to move is the declarer or holds the called card")
    view = {**base, "seat": mover, "hand": start[mover]}
    me = mover
    sums: Counter = Counter()
    total = 0.0
    partners = set()
    for hands, weight, partner in oracle(v, {**view, "truth": start}, me):
        roles = {"declarer": view["declarer"], "partner": partner}
        partners.add(partner)
        like = _likelihood(v, view, hands, roles)
        game = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"], **roles)
        for card in view["play"]:
            game.play(card)
        _, values = oracle_value(v, game)
        for card, value in values.items():
            sums[card] += weight * like * value
        total += weight * like
    got = advise(view, exact=True, model=_rules_model())
    for c, a in got.by_card.items():
        assert a.mean == pytest.approx(sums[str(c)] / total, abs=1e-3)


def test_a_seats_sum_kept_by_its_holding_changes_nothing():
    """The memo that keeps each seat's log chance by its holding and the sides gives the
    same likelihood as none, for the fitted model (every feature), on every deal."""
    for vid, seed in (("four-hand", 11), ("three-hand-kitty", 15), ("five-hand-call", 20)):
        v, view = _view(vid, seed, 3 if len(v.seats) <= 4 else 2, kitty=True) \
            if (v := load_variant(vid)) else None
        seen = View(view)
        model = load_model("fitted", vid)
        memo: dict = {}
        for table, _ in seen.table.every():
            assert model.log_likelihood(seen, table, memo) == \
                pytest.approx(model.log_likelihood(seen, table), abs=1e-12)
        assert memo


@pytest.mark.parametrize("vid, seed", [("four-hand", 21), ("three-hand-kitty", 22)])
def test_a_temper_of_zero_is_no_model(vid, seed):
    v, view = _view(vid, seed, 3)
    plain = advise(view, exact=True)
    tempered = advise(view, exact=True, model=_rules_model(0.0))
    assert {c: a.mean for c, a in plain.by_card.items()} == \
        {c: a.mean for c, a in tempered.by_card.items()}


@pytest.mark.parametrize("vid, seed", [("two-hand", 1), ("two-hand", 2), ("four-hand", 3),
                                       ("three-hand-kitty", 4)])
def test_with_one_consistent_deal_every_model_gives_the_double_dummy_value(vid, seed):
    v = load_variant(vid)
    view, truth = ending_view(v, seed, 3, 0)
    seen = View(view)
    mover = seen.seats[seen.to_move]
    view = {**view, "seat": mover, "hand": truth[mover]}
    # (every hidden card placed by the view: the other hands told as meld shown)
    view["shown"] = {s: truth[s] for s in v.seats if s != mover}
    seen = View(view)
    assert seen.deal_count() == 1
    g = next(iter(seen.sample(1, seed=1)))
    _, values = oracle_value(v, g)
    for model in (None, "fitted", "rules", _rules_model()):
        for got in (advise(view, samples=4, seed=2, model=model),
                    advise(view, exact=True, model=model)):
            assert {str(c): a.mean for c, a in got.by_card.items()} == values


def test_resampled_deals_keep_the_posterior_proportions():
    v, view = _view("four-hand", 41, 3)
    seen = View(view)
    model = _rules_model()
    every = list(seen.table.every())
    exact = {_key(t): w * math.exp(model.log_likelihood(seen, t)) for t, w in every}
    assert len(set(round(x / max(exact.values()), 9) for x in exact.values())) > 1
    total = sum(exact.values())
    drawn = weighted_draws(seen, 2000, random.Random(5), model)
    got: Counter = Counter()
    for t, n in drawn.deals:
        got[_key(t)] += n
    assert sum(got.values()) == 2000
    chi = sum((got[k] - 2000 * x / total) ** 2 / (2000 * x / total) for k, x in exact.items())
    # (chi-square with len - 1 degrees of freedom: well below its 0.1% point)
    assert chi < len(exact) - 1 + 4 * math.sqrt(2 * (len(exact) - 1)) + 10
    assert 1 <= drawn.effective <= drawn.candidates


def _key(table):
    return tuple((h, tuple(row)) for h, row in sorted(table.items()))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(0, 10), min_size=1, max_size=12), st.integers(0, 60),
       st.integers(0, 2**32))
@example([5e-324, 5e-324], 3, 0)  # (subnormal weights: their steps once underflowed to 0)
def test_systematic_resampling_gives_each_weight_its_share_within_one(weights, n, seed):
    counts = systematic(weights, n, random.Random(seed))
    total = sum(weights)
    if total <= 0 or n == 0:
        assert counts == [0] * len(weights)
        return
    assert sum(counts) == n
    for w, c in zip(weights, counts):
        assert abs(c - n * w / total) < 1 + 1e-9
        assert w > 0 or c == 0


def test_models_load_and_refuse_bad_names_and_weights():
    m = load_model("fitted", "four-hand")
    assert m is not None and len(m.lead) == len(FEATURES)
    assert load_model("none", "four-hand") is None
    for bad in ("Fitted", "", 3, "rules;rm"):
        with pytest.raises(PinosolveError, match="not a model"):
            load_model(bad, "four-hand")
    with pytest.raises(PinosolveError, match="temper"):
        PlayModel("rules", m.lead, m.follow, 2.0)
    with pytest.raises(PinosolveError, match="lead"):
        PlayModel("rules", (1.0,), m.follow)
    with pytest.raises(PinosolveError, match="follow"):
        PlayModel("rules", m.lead, (float("nan"),) * len(FEATURES))
    # every shipped variant takes a model (fitted or borrowed from a game of as many seats)
    for vid in ("two-hand", "three-hand-kitty", "five-hand-call", "double-deck"):
        assert load_model("fitted", load_variant(vid)) is not None


def test_sampled_advice_with_a_model_names_it_and_its_effective_size():
    v, view = _view("four-hand", 51, 4)
    a = advise(view, samples=16, seed=9, model="fitted")
    assert a.model == "fitted" and a.samples == 16 and 1 <= a.effective <= 16 * 8
    assert advise(view, samples=16, seed=9).model is None
    again = advise(view, samples=16, seed=9, model="fitted")
    assert {c: x.mean for c, x in a.by_card.items()} == \
        {c: x.mean for c, x in again.by_card.items()}
    del v
