"""``advise``'s searches beyond PIMC, run over one decision's deals: one entry for
``pinosolve.analysis.epimc``, ``presumed`` and ``alphamu``, each card's values in the form
PIMC's tally takes (``advice._Deal`` rows, one per deal)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from pinosolve.cards import Card
from pinosolve.play.position import points_left
from pinosolve.scoring.contract import laid_away_points

if TYPE_CHECKING:
    from pinosolve.analysis.advice import _Deal
    from pinosolve.analysis.view import View


@dataclass(frozen=True)
class Searched:
    """One method's answer over the deals: ``rows`` (``advice._Deal``, one per deal; a deal
    where a leaf search ran out of time gives each card the bounds 0 to the points in play),
    with alpha-mu ``score`` (each card's share of the deals where the mover's side reaches
    its goal, which ranks the cards) and ``p_make`` (the bidding side's chance, low and high:
    apart where deals ran out of time), and ``note`` (what the caveat should add)."""

    rows: list[_Deal]
    score: Optional[dict[Card, float]] = None
    p_make: Optional[dict[Card, tuple[float, float]]] = None
    note: str = ""


def searched(v: View, deals: Sequence[tuple[Any, float]], method: str, depth: int,
             timeout: Optional[float], made: Optional[Callable[[int, int, int], bool]],
             threads: int = 1) -> Searched:
    """``deals`` (``Game`` and weight pairs of view ``v``) searched by ``method``
    (``epimc``, ``presumed`` or ``alphamu``) over ``depth`` of the mover's later decisions.
    ``made``: the contract test of ``advice._contract`` (alpha-mu needs it). ``threads``:
    alpha-mu's PIMC means, solved a deal at a time each."""
    from pinosolve.analysis.advice import _Deal, solved_deals
    from pinosolve.analysis.worlds import Worlds

    games = [g for g, _ in deals]
    weights = [w for _, w in deals]
    in_play, away = [], []
    for g in games:
        pos = g.position()
        in_play.append(points_left(g.rules, pos.hands, pos.trick))
        away.append(laid_away_points(v.variant, v.laid_away(g)) if made is not None else 0)
    worlds = Worlds(games, weights, v.me, timeout)
    if method == "alphamu":
        from pinosolve.analysis.alphamu import FRONT, Fronts

        assert made is not None
        ours = v.declarer is None or v.sides[v.seats.index(v.declarer)] == v.sides[v.me]

        def goal(w: int, points: int) -> bool:
            return made(points, in_play[w], away[w]) == ours

        fronts = Fronts(worlds, goal)
        found = fronts.root(depth + 1)
        # a deal whose leaf ran out of time could go either way
        slack = sum(weights[w] for w in worlds.inexact) / sum(weights)
        score, chance = {}, {}
        for card, front in found.items():
            share = max(fronts.share(x) for x in front)
            c = Card.from_index(card)
            score[c] = share
            low, high = max(0.0, share - slack), min(1.0, share + slack)
            chance[c] = (low, high) if ours else (1.0 - high, 1.0 - low)
        rows = solved_deals(v, iter(deals), len(deals), threads=threads, timeout=timeout,
                            contract=True)
        note = f"; {fronts.cut} fronts cut to their {FRONT} heaviest vectors" if fronts.cut \
            else ""
        return Searched(rows, score, chance, note)
    from pinosolve.analysis.epimc import epimc_values
    from pinosolve.analysis.presumed import presumed_values

    values = (epimc_values if method == "epimc" else presumed_values)(worlds, depth)
    rows = []
    for w, weight in enumerate(weights):
        cards = {Card.from_index(c): (0, in_play[w]) if w in worlds.inexact else
                 (round(x[w]), round(x[w])) for c, x in values.items()}
        rows.append(_Deal(weight, in_play[w], away[w], cards))
    return Searched(rows)
