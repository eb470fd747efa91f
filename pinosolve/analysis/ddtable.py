"""A double-dummy table: one deal solved from its opening lead for every trump and every
leader (bridge's ``calc_dd_table``, the first view of Bridge Solver Online).

Each cell is ``Game.solve`` of the deal with that trump and that seat leading, value only:
the points the leader's side takes with best play on both sides. The seats, the sides and
the trumps come from the variant (every suit; where the rules do not fix the sides, the
bidder, and his called partner, name them); the other side takes the rest of the points in
play (the cards' and the last trick's bonus). The cells are solved ``threads`` at a time
(``pinosolve.solve_many``).

>>> t = dd_table("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.")
>>> t.points, t.cell("S", "N").value, t.cell("S", "N").points_taken
(10, 10, {'NS': 10, 'EW': 0})
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Optional

from pinosolve.cards import Suit
from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional


@dataclass(frozen=True, repr=False)
class DDCell(Result):
    """One cell: the ``trump`` and the seat that leads (``leader``); the leader's ``side``
    (its name, ``seats``); ``value``, the points that side takes with best play from the
    opening lead (None where ``timeout`` stopped the search first: then ``bounds`` holds
    what was proved); ``exact``; and, where exact, ``points_taken``: each side's points
    (the other side's are the rest of the points in play)."""

    trump: Suit
    leader: str
    side: str
    seats: tuple[str, ...]
    value: Optional[int]
    exact: bool
    bounds: tuple[int, int]
    points_taken: Optional[dict[str, int]] = optional()


@dataclass(frozen=True, repr=False)
class DDTable(Result):
    """The double-dummy table of a deal (``dd_table``): the variant, the deal, the points in
    play (``points``: the cards' and the last trick's bonus), the sides (``teams``: each
    side's name and seats, the first the bidder's where one is named, else the first
    seat's), and the cells, trump by trump (S H D C), each seat leading in seat order;
    ``nodes`` and ``seconds`` of the searches, all together."""

    variant: str
    deal: str
    points: int
    teams: dict[str, tuple[str, ...]]
    cells: tuple[DDCell, ...]
    nodes: int
    seconds: float
    bidder: Optional[str] = optional()
    partner: Optional[str] = optional()

    _repr_keys = ("deal", "points", "cells")

    def cell(self, trump: Any, leader: str) -> DDCell:
        """The cell of ``trump`` (a ``Suit`` or its letter) and the seat ``leader``.
        ``PinosolveError`` where the table has no such cell."""
        name = trump.name if isinstance(trump, Suit) else str(trump).upper()
        for c in self.cells:
            if c.trump.name == name and c.leader == leader:
                return c
        raise PinosolveError(f"the table has no cell for trump {trump!r:.10} and leader "
                             f"{leader!r:.10}")

    def taken(self, side: str, trump: Any, leader: str) -> Optional[int]:
        """The points ``side`` takes in the cell of ``trump`` and ``leader`` (None where the
        cell is not exact)."""
        if side not in self.teams:
            raise PinosolveError(f"no side {side!r:.10}; the sides are "
                                 f"{' '.join(self.teams)}")
        got = self.cell(trump, leader).points_taken
        return None if got is None else got[side]


def dd_table(variant: Any, deal: Any, *, bidder: Optional[str] = None,
             partner: Optional[str] = None, called_card: Any = None,
             timeout: Optional[float] = None, threads: int = 1) -> DDTable:
    """The double-dummy table of ``deal`` (a ``Deal`` or its text, every hand the same size:
    the deal from a trick's lead) under ``variant`` (a ``Variant`` or its ID): for every
    trump and every seat leading, the points each side takes with best play (see the
    module). ``bidder``, ``partner`` or ``called_card``: who plays together where the rules
    do not fix the sides (as ``Game`` takes them). ``timeout``: seconds for each cell (a cell
    not proved in time holds its bounds); ``threads``: cells solved at once.
    ``PinosolveError`` for a bad deal, seat or option.
    """
    from pinosolve.game import Game, solve_many
    from pinosolve.inputs import as_variant
    from pinosolve.play.budget import check_timeout

    v = as_variant(variant)
    timeout = check_timeout(timeout)
    games = [Game(v, deal, trump=t, leader=seat, bidder=bidder, partner=partner,
                  called_card=called_card) for t in Suit for seat in v.seats]
    first = games[0]
    hands = first.deal  # (Game has checked it: every hand the same size, no trick begun)
    points = sum(v.card_points(c) for h in hands.hands for c in h) + v.rules.points.last_trick
    names = first.side_names
    members = {name: tuple(s for i, s in enumerate(v.seats) if first.sides[i] == k)
               for k, name in enumerate(names)}
    lead = first.declarer if first.declarer is not None else v.seats[0]
    order = sorted(members, key=lambda n: lead not in members[n])
    teams = {n: members[n] for n in order}
    start = time.monotonic()
    results = solve_many(games, threads=threads, timeout=timeout, value_only=True)
    cells = []
    for g, r in zip(games, results):
        taken = None if not r.exact or r.value is None else \
            {n: r.value if n == r.side else points - r.value for n in teams}
        cells.append(DDCell(g.trump, r.to_move, r.side, tuple(r.seats), r.value, r.exact,
                            (r.bounds[0], r.bounds[1]), taken))
    return DDTable(v.id, str(hands), points, teams, tuple(cells), sum(r.nodes for r in results),
                   round(time.monotonic() - start, 3), first.declarer, first.partner)
