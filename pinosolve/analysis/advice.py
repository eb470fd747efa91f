"""Play advice from one seat's view, by simulation over the hidden deals.

The method is Perfect Information Monte Carlo: deals consistent with the view are drawn
(``pinosolve.analysis.view.View.sample``, each weighted as a shuffle deals it), each is
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

With ``model`` (``pinosolve.analysis.model``), each deal also weighs as likely as the model of
the players makes the cards the other seats chose: drawn deals are resampled in proportion
(a deal drawn twice is solved once and counts twice), every deal of ``exact`` is weighted.

``method`` chooses how the deals are searched (``METHODS``): ``pimc`` (each deal on its own,
above), ``epimc`` (the viewer's next ``depth`` decisions chosen once for every deal that
reaches them, ``pinosolve.analysis.epimc``), ``presumed`` (the other seats' cards to the
viewer's next decision chosen without seeing the deal, ``pinosolve.analysis.presumed``) and
``alphamu`` (the contract made or set, the viewer's next ``depth`` decisions one strategy
for every deal, ``pinosolve.analysis.alphamu``: its cards ranked by ``p_make`` for the
bidding side or its complement for a defender, then by PIMC's mean). With one consistent
deal every method gives the double-dummy value.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional
from collections.abc import Callable, Iterator, Mapping, Sequence

from pinosolve.cards import Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.play.position import points_left
from pinosolve.results import Result, optional
from pinosolve.scoring.contract import laid_away_points
from pinosolve.variants.sides import side_name

if TYPE_CHECKING:
    from pinosolve.analysis.view import View

MAX_SAMPLES = 20000  # sampled deals at most (the exact mode's limit too, by default)
CHUNK = 500  # deals drawn and solved at a time

FUSION = ("perfect-information Monte Carlo: each deal is solved as if every card were known "
          "from here on (strategy fusion), which flatters plays that need a guess")
METHODS = ("pimc", "epimc", "presumed", "alphamu")
CAVEATS = {
    "pimc": FUSION,
    "epimc": ("EPIMC: the mover's next decisions are chosen once for every deal that reaches "
              "them; the other seats still see every card, and the deals are solved as if "
              "every card were known beyond"),
    "presumed": ("presumed payoff: the other seats' cards to the mover's next decision are "
                 "chosen without seeing the deal (they know less than real players); the "
                 "mover's own later cards see every card"),
    "alphamu": ("alpha-mu: the contract made or set, the mover's next decisions one strategy "
                "for every deal; the other seats see every card; mean is PIMC's"),
}


@dataclass(frozen=True, repr=False)
class CardAdvice(Result):
    """One legal card over the deals: ``mean`` points for the mover's side from here, its
    ``stderr``, ``best_share``, ``p_make`` (with a contract), ``rank`` (1: the best mean)
    and ``close`` (not beaten significantly by the best card). Where a deal's search ran out
    of time, the card's values there are bounds: ``mean`` and ``p_make`` are then None and
    ``mean_bounds`` and ``p_make_bounds`` give the intervals; ``rank``, ``close`` and
    ``best_share`` are then those of the lower bounds."""

    mean: Optional[float]
    stderr: float
    best_share: float
    rank: int
    close: bool
    p_make: Optional[float] = optional()
    mean_bounds: Optional[tuple[float, float]] = optional()
    p_make_bounds: Optional[tuple[float, float]] = optional()


@dataclass(frozen=True, repr=False)
class Advice(Result):
    """Play advice (``advise``): ``by_card`` {card: CardAdvice}, best first; ``samples`` (the
    deals averaged), ``exact`` (every consistent deal, weighted), ``bounded`` (deals whose
    search ran out of time: their cards' values are bounds), and the method's ``caveat``;
    with a ``model`` of the players, its name and ``effective``, the effective sample size
    of the deals it weighted; with a ``method`` other than PIMC, its name and ``depth``."""

    variant: str
    trump: Suit
    seat: str
    by_card: dict[Card, CardAdvice]
    samples: int
    exact: bool
    bounded: int
    caveat: str
    seed: Optional[int] = optional()
    model: Optional[str] = optional()
    effective: Optional[float] = optional()
    method: Optional[str] = optional()
    depth: Optional[int] = optional()

    _repr_keys = ("trump", "seat", "samples", "exact", "bounded", "by_card")


DealReport = Callable[[int, int, Optional[Card]], None]  # (deals solved, deals, leading card)


def advise(view: Mapping[str, Any] | View, samples: int = 200, seed: Optional[int] = None,
           exact: bool = False, limit: int = 20000, timeout: Optional[float] = None,
           threads: int = 1, bid: Optional[int] = None, meld: Any = None,
           on_deal: Optional[DealReport] = None, model: Any = None, method: str = "pimc",
           depth: Optional[int] = None) -> Advice:
    """Which card to play, seeing only the view's cards (see the module). ``exact``: every
    consistent deal, weighted as a shuffle deals it (refused above ``limit`` deals);
    otherwise ``samples`` deals drawn from ``seed`` (None: a fresh one, named in the answer),
    the same whatever ``threads`` (deals solved at once, in threads). ``timeout``: seconds per
    deal; a deal that runs out gives bounds. ``bid`` and ``meld``: the contract and the
    bidding side's meld (the view's declarer's side, else the mover's): a whole number, or a
    table of seat -> points or cards as ``review`` takes it; for ``p_make``.
    ``on_deal(solved, deals, leading card)`` is called as each deal is solved. ``model``: a
    model of the other players (``rules``, or a ``PlayModel``; None or ``none``: the shuffle
    alone) that weights each deal by the likelihood of the cards they chose. ``method``
    (``METHODS``, see the module) and ``depth`` (the mover's later decisions its tree
    searches: 1, the default, to 3; alpha-mu's M is ``depth`` + 1); ``alphamu`` needs ``bid``
    and ``meld``; the tree methods search the deals together (``threads`` unused) and stop
    with ``PinosolveError`` past ``worlds.MAX_LEAVES`` leaf searches."""
    from pinosolve.analysis.view import View
    from pinosolve.inputs import as_whole
    from pinosolve.play.budget import check_timeout
    from pinosolve.variants.shuffle import fresh_seed

    v = view if isinstance(view, View) else View(view)
    v.bounds()
    if len(v.play) == v.hand_size * len(v.seats):
        raise PinosolveError("the deal is over: no card is left to play")
    if v.to_move != v.me:
        raise PinosolveError(f"advice is for the seat to move: {v.seats[v.to_move]} is to "
                             f"play, not {v.seat}")
    if v.called_card is not None and (bid is not None or meld is not None):
        raise PinosolveError("bid, meld: the chance of making the contract needs the bidding "
                             "side's meld, and with the partner not known (called_card) the "
                             "side is "
                             "not known: name the partner, or leave out bid and meld")
    made = _contract(v, bid, meld)
    depth = _method(method, depth, made is not None)
    timeout = check_timeout(timeout)
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 64:
        raise PinosolveError(f"threads must be a whole number from 1 to 64, got {threads!r}")
    if not exact:
        samples = as_whole(samples, "samples")
        if not 1 <= samples <= MAX_SAMPLES:
            raise PinosolveError(f"samples must be from 1 to {MAX_SAMPLES}, got {samples}")
        seed = fresh_seed() if seed is None else seed  # (named in the answer)
    from pinosolve.analysis.model import as_model

    played = as_model(model, v.variant)
    deals, count, effective = deals_of(v, played, exact, samples, seed,
                                       as_whole(limit, "limit") if exact else 0)
    name = None if played is None else played.name
    effective = None if effective is None else round(effective, 2)
    if method == "pimc" or (method != "alphamu" and v.deal_count() == 1):
        # (one consistent deal: every tree method is its double-dummy value, PIMC's; the
        # tests check the trees against it)
        rows = solved_deals(v, deals, count, threads=threads, timeout=timeout,
                            contract=made is not None, on_deal=on_deal)
        return _tally(v, rows, exact, made, None if exact else seed, name, effective,
                      method, depth)
    from pinosolve.analysis.beyond import searched

    assert depth is not None
    found = searched(v, list(deals), method, depth, timeout, made, threads)
    if on_deal is not None:
        on_deal(len(found.rows), len(found.rows), None)
    return _tally(v, found.rows, exact, made, None if exact else seed, name, effective,
                  method, depth, found.score, found.p_make, found.note)


def _method(method: object, depth: object, contract: bool) -> Optional[int]:
    """``advise``'s ``method`` and ``depth`` checked: the depth (None for PIMC)."""
    from pinosolve.inputs import as_whole

    if method not in METHODS:
        raise PinosolveError(f"method must be one of {', '.join(METHODS)}, got {method!r:.40}")
    if method == "pimc":
        if depth is not None:
            raise PinosolveError("depth: PIMC searches no tree (give it with another method)")
        return None
    if method == "alphamu" and not contract:
        raise PinosolveError("alphamu answers whether the contract is made: give bid and meld")
    depth = 1 if depth is None else as_whole(depth, "depth")
    if not 1 <= depth <= 3:
        raise PinosolveError(f"depth must be from 1 to 3, got {depth}")
    return depth


def deals_of(v: View, model: Any, exact: bool, samples: int, seed: Optional[int], limit: int
             ) -> tuple[Iterator[tuple[Any, float]], int, Optional[float]]:
    """The deals to solve for view ``v``, as ``Game`` and weight pairs: every consistent deal
    (``exact``; refused above ``limit``), or ``samples`` drawn from ``seed``; with ``model``
    (a ``PlayModel``), weighted by it (drawn deals resampled: a weight is then the times a
    deal was drawn). Also their number and, with a model, the effective sample size."""
    import random

    from pinosolve.analysis.model import as_model, effective_size, weighted_draws, \
        weighted_every
    from pinosolve.variants.shuffle import check_seed

    model = as_model(model, v.variant)
    if model is None:
        if exact:
            return v.every_deal(limit), v.deal_count(), None
        return ((g, 1) for g in v.sample(samples, seed=seed)), samples, None
    if exact:
        every = weighted_every(v, model, limit)
        return ((v.game_of(t), w) for t, w in every), len(every), \
            effective_size([w for _, w in every])
    rng = random.Random(None if seed is None else check_seed(seed))
    drawn = weighted_draws(v, samples, rng, model)
    return ((v.game_of(t), c) for t, c in drawn.deals), len(drawn.deals), drawn.effective


def solved_deals(v: View, deals: Iterator[tuple[Any, float]], count: int, threads: int = 1,
                 timeout: Optional[float] = None, contract: bool = False,
                 on_deal: Optional[DealReport] = None) -> list[_Deal]:
    """Each of ``deals`` (``Game`` and weight pairs drawn from the view ``v``; ``count`` of
    them, for ``on_deal``) solved with every legal card valued, a chunk at a time so that the
    memory stays bounded: a ``_Deal`` each, in the order of the deals. ``contract``: also
    count the laid-away points that go to the bidder (``p_make``)."""
    from pinosolve.game import solve_many

    rows: list[_Deal] = []
    running: dict[Card, float] = {}  # each card's weighted sum so far (lower bounds)
    solved = [0]
    chunk: list[tuple[Any, float]] = []

    def report(k: int, r: Any) -> None:
        if on_deal is None:
            return
        solved[0] += 1
        for c, (lo, _) in _card_bounds(r).items():
            running[c] = running.get(c, 0.0) + chunk[k][1] * lo
        lead = max(running, key=lambda c: (running[c], -c.index)) if running else None
        on_deal(solved[0], count, lead)

    while True:
        chunk = list(itertools.islice(deals, CHUNK))
        if not chunk:
            break
        results = solve_many([g for g, _ in chunk], threads=threads, timeout=timeout,
                             on_result=report)
        for (g, weight), r in zip(chunk, results):
            # the points in play from here, and the points laid away that count for the
            # bidder (the cards a deal leaves out differ between deals)
            pos = g.position()
            away = laid_away_points(v.variant, v.laid_away(g)) if contract else 0
            rows.append(_Deal(weight, points_left(g.rules, pos.hands, pos.trick), away,
                              _card_bounds(r)))
    return rows


@dataclass(frozen=True)
class _Deal:
    """One deal solved: its weight, the points in play, each legal card's value bounds."""

    weight: float
    in_play: int
    away: int  # laid-away points that count for the bidder
    cards: dict[Card, tuple[int, int]]


def _card_bounds(result: Any) -> dict[Card, tuple[int, int]]:
    out = {c: (x, x) for c, x in result.values.items()}
    out.update(result.values_bounds)
    return out


def _contract(v: Any, bid: Optional[int], meld: Any
              ) -> Optional[Callable[[int, int, int], bool]]:
    """Whether the contract is made, from the mover's side's points from here, the points
    in play and the points laid away that count for the bidder: the bidding side's taken so
    far, its tricks, meld and the contract rules (``pinosolve.scoring.contract.outcome``). A
    trick or a counter the points do not prove is taken as not won, so a made contract is
    never claimed on a guess. Where the rules lay cards away, the view must tell them
    (``View.laid_away``): checked here, before any deal is solved."""
    from pinosolve.inputs import as_amount
    from pinosolve.scoring.bidding import check_contract
    from pinosolve.scoring.contract import Taken, outcome

    if bid is None and meld is None:
        return None
    if bid is None or meld is None:
        raise PinosolveError("give bid and meld together (the contract needs both)")
    from pinosolve.scoring.round import side_meld

    bid = as_amount(bid, "bid")
    check_contract(v.variant, bid)
    side = v.sides[v.seats.index(v.declarer)] if v.declarer is not None else v.sides[v.me]
    ours = side == v.sides[v.me]
    seats = tuple(s for s, x in zip(v.seats, v.sides) if x == side)
    meld = side_meld(v.variant, meld, v.trump, v.declarer or v.seat, seats)
    name = side_name(v.variant, seats)
    bonus = v.rules.last_trick

    v.lays_away()  # (raises where the view cannot tell the cards laid away)

    def made(value: int, in_play: int, away: int) -> bool:
        points = v.taken[side] + (value if ours else in_play - value)
        trick = v.tricks_won[side] > 0 or points > 0
        counter = points > bonus
        return bool(outcome(v.variant, name, meld, Taken(points, away, trick, counter),
                            bid).made)

    return made


def weighted_stderr(xs: Sequence[float], counts: Sequence[float],
                    effective: Optional[float] = None) -> float:
    """The standard error of the mean of ``xs``, each drawn ``counts`` times; where the draws
    were resampled from weighted candidates of ``effective`` sample size, the candidates'
    error added (the variance s^2 (1/n + 1/effective)).

    >>> weighted_stderr([1, 3], [1, 1]), weighted_stderr([1, 3], [1, 1], 2.0)
    (1.0, 1.4142135623730951)
    """
    n = sum(counts)
    if n < 2:
        return 0.0
    m = sum(c * x for c, x in zip(counts, xs)) / n
    var = sum(c * (x - m) ** 2 for c, x in zip(counts, xs)) / (n - 1)
    return math.sqrt(var / n + (var / effective if effective else 0.0))


def _tally(v: Any, rows: list[_Deal], exact: bool,
           made: Optional[Callable[[int, int, int], bool]], seed: Optional[int],
           model: Optional[str] = None, effective: Optional[float] = None,
           method: str = "pimc", depth: Optional[int] = None,
           score: Optional[dict[Card, float]] = None,
           chance: Optional[dict[Card, tuple[float, float]]] = None, note: str = ""
           ) -> Advice:
    """The advice from each deal's solved cards (``rows``, in the order of the deals); drawn
    deals' weights are the times each was drawn. ``score``: each card's share of the deals
    where the mover's side reaches its goal as a method found it (alpha-mu), which then ranks
    the cards before their means, and ``chance`` the bidding side's ``p_make`` from it (low,
    high); ``note`` is added to the method's caveat."""
    weights = [d.weight for d in rows]
    in_play = [d.in_play for d in rows]
    away = [d.away for d in rows]
    total = sum(weights)
    cards = sorted({c for d in rows for c in d.cards})
    lows: dict[Card, list[int]] = {c: [d.cards[c][0] for d in rows] for c in cards}
    highs: dict[Card, list[int]] = {c: [d.cards[c][1] for d in rows] for c in cards}
    bounded = sum(1 for d in rows if any(lo != hi for lo, hi in d.cards.values()))

    def mean(xs: Sequence[float]) -> float:
        return sum(w * x for w, x in zip(weights, xs)) / total

    def share(holds: Sequence[bool]) -> float:
        return sum(w for w, h in zip(weights, holds) if h) / total

    def stderr(xs: Sequence[float]) -> float:
        if exact or total < 2:  # (drawn deals: each weight counts draws)
            return 0.0
        return weighted_stderr(xs, weights, effective)

    means = {c: mean(lows[c]) for c in cards}
    goal = {c: 0.0 for c in cards} if score is None else score
    best = max(cards, key=lambda c: (goal[c], means[c], -cards.index(c)))
    order = sorted(cards, key=lambda c: (-goal[c], -means[c], cards.index(c)))
    tops = [max(lows[d][i] for d in cards) for i in range(len(rows))]
    out = {}
    for rank, c in enumerate(order, 1):
        gap = means[best] - means[c]
        close = goal[c] == goal[best] and (gap == 0 or (not exact and gap <= 2 * stderr(
            [b - x for b, x in zip(lows[best], lows[c])])))
        sure = lows[c] == highs[c]
        p_make = p_bounds = None
        if chance is not None:
            low, high = chance[c]
            p_make = round(low, 4) if low == high else None
            p_bounds = None if low == high else (round(low, 4), round(high, 4))
        elif made is not None:
            # the mover's points decide the contract one way: more for the bidding side's
            # mover, fewer for a defender
            low = share([made(x, p, a) for x, p, a in zip(lows[c], in_play, away)])
            high = share([made(x, p, a) for x, p, a in zip(highs[c], in_play, away)])
            p_make = round(low, 4) if sure else None
            p_bounds = None if sure else (round(min(low, high), 4), round(max(low, high), 4))
        out[c] = CardAdvice(round(means[c], 4) if sure else None,
                            round(stderr(lows[c]), 4),
                            round(share([x == t for x, t in zip(lows[c], tops)]), 4), rank,
                            close, p_make,
                            None if sure else (round(means[c], 4), round(mean(highs[c]), 4)),
                            p_bounds)
    drawn = len(rows) if exact else int(total)
    return Advice(v.variant.id, v.trump, v.seat, out, drawn, exact, bounded,
                  CAVEATS[method] + note, seed, model, effective,
                  None if method == "pimc" else method, depth)
