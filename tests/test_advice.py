"""Play advice (issue 36) against an independent oracle: on small late-deal views, every
assignment of the hidden physical cards is listed (``tests/test_hidden._enumerate``), each
consistent deal solved by plain minimax (``dd_oracle``), and each card's value averaged: the
``exact`` advice must equal it. Sampled advice agrees with the exact within its error bars,
and is the same whatever ``jobs``."""

from __future__ import annotations

from collections import Counter

import pytest

from pinosolve import Game, PinosolveError, load_variant
from pinosolve.analysis.advice import advise
from pinosolve.analysis.hidden import View
from tests.test_game_api import _oracle_value, _roles
from tests.test_hidden import _ending_view, _enumerate, _pbn


def _to_move_view(v, seed: int, left: int, unknown: int):
    """A late-deal view whose viewer is the seat to move."""
    view, truth = _ending_view(v, seed, left, unknown)
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
    others, tables = _enumerate(v, view)
    me = view["seat"]
    sums: Counter = Counter()
    total = 0
    for key, weight in tables.items():
        hands = {me: list(view["hand"]), **{s: list(h) for s, h in zip(others, key)}}
        g = Game(v, _pbn(v, hands), trump=view["trump"], leader=view["leader"], **_roles(v))
        for card in view["play"]:
            g.play(card)
        _, values = _oracle_value(v, g)
        for card, value in values.items():
            sums[card] += weight * value
        total += weight
    got = advise(view, exact=True)
    assert got.exact and got.samples == len(tables)
    assert {str(c): a.mean for c, a in got.cards.items()} == \
        {c: round(s / total, 4) for c, s in sums.items()}
    ranks = sorted(got.cards.values(), key=lambda a: a.rank)
    assert ranks[0].close and all(a.mean <= ranks[0].mean for a in ranks)


def test_sampled_means_agree_with_the_exact_within_their_error_bars():
    v = load_variant("four-hand")
    view, _ = _to_move_view(v, 6, 3, unknown=1)
    exact = advise(view, exact=True)
    sampled = advise(view, samples=400, seed=3)
    assert sampled.samples == 400 and not sampled.exact
    for card, a in sampled.cards.items():
        assert abs(a.mean - exact.cards[card].mean) <= 4 * a.stderr + 1e-9, card


def test_advice_is_reproducible_from_the_seed_whatever_the_jobs():
    v = load_variant("four-hand")
    view, _ = _to_move_view(v, 7, 3, unknown=0)
    one = advise(view, samples=60, seed=5, jobs=1).to_json()
    two = advise(view, samples=60, seed=5, jobs=2).to_json()
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
    from tests.test_game_api import _ending, _load

    v = _load(vid)
    for seed in range(3):
        g = _ending(v, seed, 3 if len(v.seats) <= 4 else 2)
        value, _ = _oracle_value(v, g)
        for threshold in (0, value - 1, value, value + 1, value + 7):
            assert reaches(g.position(), g.rules, threshold) == (value >= threshold), \
                (seed, threshold, value)
