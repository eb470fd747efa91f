"""Play advice from one seat's view, by simulation over the hidden deals (issue 36).

The method is Perfect Information Monte Carlo: deals consistent with the view are drawn
(``pinosolve.analysis.hidden.View.sample``, each weighted as a shuffle deals it), each is
solved double-dummy with every legal card valued, and each card's values are averaged. The
same deals serve every card, so the comparisons between cards are paired. Its known
weakness: each deal is solved as if every card were known from here on, so a play that only
works by guessing ("strategy fusion") looks better than it is, and one that keeps options open
looks worse.

``advise(view, samples=200, seed=None)`` answers per legal card: ``mean`` (points the mover's
side takes from here, the trick on the table included), ``stderr``, ``best_share`` (the share
of deals where the card is best or ties for best), ``p_make`` (with ``bid`` and ``meld``: the
share of deals where the side's meld, the points it has taken and the card's value reach the
bid), its ``rank``, and ``close``: the best card does not beat it significantly (paired, two
standard errors; with ``exact``, only an equal mean).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from pinosolve.cards import Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional

FUSION = ("perfect-information Monte Carlo: each deal is solved as if every card were known "
          "from here on (strategy fusion), which flatters plays that need a guess")


@dataclass(frozen=True, repr=False)
class CardAdvice(Result):
    """One legal card over the deals: ``mean`` points for the mover's side from here (None
    where a deal was only bounded: then ``mean_bounds``), its ``stderr``, ``best_share``,
    ``p_make`` (with a contract), ``rank`` (1: the best mean) and ``close`` (not beaten
    significantly by the best card)."""

    mean: Optional[float]
    stderr: float
    best_share: float
    rank: int
    close: bool
    p_make: Optional[float] = optional()
    mean_bounds: Optional[tuple[float, float]] = optional()


@dataclass(frozen=True, repr=False)
class Advice(Result):
    """Play advice (``advise``): ``cards`` {card: CardAdvice}, best first; ``samples`` (the
    deals averaged), ``exact`` (every consistent deal, weighted), ``bounded`` (deals whose
    search ran out of time: their cards' values are bounds), and the method's ``caveat``."""

    variant: str
    trump: Suit
    seat: str
    cards: dict[Card, CardAdvice]
    samples: int
    exact: bool
    bounded: int
    caveat: str
    seed: Optional[int] = optional()


def advise(view: Mapping[str, Any], samples: int = 200, seed: Optional[int] = None,
           exact: bool = False, limit: int = 20000, timeout: Optional[float] = None,
           jobs: int = 1, bid: Optional[int] = None, meld: Optional[int] = None) -> Advice:
    """Which card to play, seeing only the view's cards (see the module). ``exact``: every
    consistent deal, weighted as a shuffle deals it (refused above ``limit`` deals);
    otherwise ``samples`` deals drawn from ``seed``. ``timeout``: seconds per deal."""
    from pinosolve.analysis.hidden import View
    from pinosolve.game import solve_many
    from pinosolve.inputs import as_whole
    from pinosolve.play.driver import check_timeout

    v = View(view)
    v.bounds()
    if v.to_move != v.me:
        raise PinosolveError(f"advice is for the seat to move: {v.seats[v.to_move]} is to "
                             f"play, not {v.seat}")
    if (bid is None) != (meld is None):
        raise PinosolveError("give bid and meld together (the contract needs both)")
    timeout = check_timeout(timeout)
    if exact:
        deals = v.every_deal(as_whole(limit, "limit"))
    else:
        samples = as_whole(samples, "samples")
        if not 1 <= samples <= 1_000_000:
            raise PinosolveError(f"samples must be from 1 to 1000000, got {samples}")
        deals = [(g, 1) for g in v.sample(samples, seed=seed)]
    results = solve_many([g for g, _ in deals], jobs=jobs, timeout=timeout)
    weights = [w for _, w in deals]
    total = sum(weights)
    mover_side = v.sides[v.me]
    taken = v.taken[mover_side]
    cards = sorted({c for r in results for c in [*r.cards, *r.card_bounds]})
    lows: dict[Card, list[int]] = {c: [] for c in cards}
    highs: dict[Card, list[int]] = {c: [] for c in cards}
    bounded = 0
    for r in results:
        if r.card_bounds:
            bounded += 1
        for c in cards:
            lo, hi = (r.cards[c], r.cards[c]) if c in r.cards else r.card_bounds[c]
            lows[c].append(lo)
            highs[c].append(hi)

    def mean(xs: list[int]) -> float:
        return sum(w * x for w, x in zip(weights, xs)) / total

    def stderr(xs: list[float]) -> float:
        if exact or len(xs) < 2:
            return 0.0
        m = sum(xs) / len(xs)
        return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))

    means = {c: mean(lows[c]) for c in cards}
    best = max(cards, key=lambda c: (means[c], -cards.index(c)))
    order = sorted(cards, key=lambda c: -means[c])
    out = {}
    for rank, c in enumerate(order, 1):
        diffs = [b - x for b, x in zip(lows[best], lows[c])]
        gap = means[best] - means[c]
        close = gap == 0 or (not exact and gap <= 2 * stderr(diffs))
        best_share = sum(w for i, w in enumerate(weights)
                         if lows[c][i] == max(lows[d][i] for d in cards)) / total
        p_make = None
        if bid is not None:
            p_make = sum(w for i, w in enumerate(weights)
                         if meld + taken + lows[c][i] >= bid) / total
        exact_values = lows[c] == highs[c]
        out[c] = CardAdvice(round(means[c], 4) if exact_values else None,
                            round(stderr([float(x) for x in lows[c]]), 4),
                            round(best_share, 4), rank, close, p_make,
                            None if exact_values else (round(means[c], 4),
                                                       round(mean(highs[c]), 4)))
    return Advice(v.variant.id, v.trump, v.seat, out, len(deals), exact, bounded, FUSION,
                  None if exact else seed)
