"""Each for himself: the max^n search, where every seat plays for its own points.

Where no seats are partners and each player's own points score (source 000's three-hand game:
"Players aren't partnered with each other"), the two defenders are not one side. The
two-sided search (``pinosolve.play.reference``, the compiled core) answers the bidder's
question exactly, what he can make sure of whatever the others do (the paranoid reduction:
they are taken to play together against him), but not what each player takes when each
plays for himself. ``EachForHimself`` answers that: at every node the seat to move picks the
card that leaves it the most points from there (max^n, Luckhardt and Irani 1986), and the
value of a position is the points each seat takes from there, the cards on the table in the
current trick and the last-trick bonus included.

A seat that takes the same points with several cards is indifferent; its choice decides the
others' points, so the reading is fixed here and documented (``docs/search.md``): among
cards equal for the mover, it takes the one that leaves the bidder (the ``target`` seat) the
fewest points, then the one that leaves the seat with the most points among the others the
fewest (for the bidder himself: the strongest opponent), then the lowest card (the
weakest rank in ``trick.rank_order``, then the first suit of S H D C). Without a target the
second step is skipped.

The search is exhaustive (max^n admits no alpha-beta pruning beyond the constant sum, which
this plain version does not use), with exact values stored at trick boundaries, keyed on the
hands held and the seat on lead, and the equivalent cards of ``moves.MoveOrder`` searched
once. It is plain Python, for endings: in three-hand its median size grows from 90 positions
with 3 cards a hand to 75 000 with 7 and 325 000 with 9 (about 3 s), two to ten times a card
(``bench/maxn.py``), so a whole 15-card deal is out of its reach.
"""

from __future__ import annotations

import time
from typing import Optional
from collections.abc import Sequence

from pinosolve.play.engine import SearchTimeout
from pinosolve.play.legality import NRANK
from pinosolve.play.moves import MoveOrder
from pinosolve.play.rules import PlayRules
from pinosolve.play.trick import trick_points, winning_seat

Vector = tuple[int, ...]


class EachForHimself:
    """The max^n search of one deal's ``rules``, ``trump`` and ``seats`` (how many play),
    with the bidder ``target`` (a seat index, or None) for the tie rule. ``deadline``: a
    ``time.perf_counter`` reading past which ``SearchTimeout`` is raised; ``nodes`` counts
    the positions searched."""

    def __init__(self, rules: PlayRules, trump: int, seats: int,
                 target: Optional[int] = None, deadline: Optional[float] = None) -> None:
        self.rules, self.trump, self.n = rules, trump, seats
        self.target = target
        self.deadline = deadline
        self.nodes = 0
        self.memo: dict[tuple, tuple[Vector, int]] = {}
        # every seat its own side: nobody's card is a partner's (no partner exemption)
        self.order = MoveOrder(rules, trump, tuple(range(seats)))

    def _tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and (self.nodes & 1023) == 0 and \
                time.perf_counter() > self.deadline:
            raise SearchTimeout

    def preference(self, mover: int, value: Vector, card: int) -> tuple:
        """The sort key of a card's outcome for ``mover``: larger is preferred (see the
        module: own points, then fewer for the bidder, then fewer for the strongest of the
        others, then the lower card)."""
        others = [value[s] for s in range(self.n) if s != mover]
        target = 0 if self.target is None or self.target == mover else -value[self.target]
        return (value[mover], target, -max(others, default=0), *self._lowness(card))

    def _lowness(self, card: int) -> tuple[int, int]:
        """Larger for a lower card: the weaker rank, then the earlier suit."""
        return self.rules.strength[card % NRANK], -card

    def value(self, hands: list[list[int]], leader: int, trick: list[int]) -> Vector:
        """The points each seat takes from here, in seat order."""
        return self._value(hands, leader, trick)[0]

    def card_values(self, hands: list[list[int]], leader: int, trick: list[int]
                    ) -> dict[int, Vector]:
        """Each legal card of the seat to move (every copy and equivalent card), and the
        points each seat takes from here after it."""
        out: dict[int, Vector] = {}
        for card, group in self.order.moves(hands, leader, trick):
            v = self._after(hands, leader, trick, card)
            for c in group:
                out[c] = v
        return out

    def best_card(self, hands: list[list[int]], leader: int, trick: list[int]) -> int:
        """The card the seat to move plays (its choice by the tie rule)."""
        return self._value(hands, leader, trick)[1]

    def _after(self, hands: list[list[int]], leader: int, trick: list[int], card: int
               ) -> Vector:
        player = (leader + len(trick)) % self.n
        hand = hands[player]
        hand.remove(card)
        trick.append(card)
        try:
            if len(trick) == self.n:
                winner = winning_seat(self.rules, leader, trick, self.trump, self.n)
                won = trick_points(self.rules, trick, last=not any(hands))
                done = list(trick)
                trick.clear()
                try:
                    rest = self._value(hands, winner, trick)[0] if any(hands) else \
                        (0,) * self.n
                finally:
                    trick.extend(done)
                return tuple(p + (won if s == winner else 0) for s, p in enumerate(rest))
            return self._value(hands, leader, trick)[0]
        finally:
            trick.pop()
            hand.append(card)
            hand.sort()

    def _value(self, hands: list[list[int]], leader: int, trick: list[int]
               ) -> tuple[Vector, int]:
        self._tick()
        key = None
        if not trick:
            key = (tuple(tuple(h) for h in hands), leader)
            got = self.memo.get(key)
            if got is not None:
                return got
        mover = (leader + len(trick)) % self.n
        best: Optional[tuple[tuple, Vector, int]] = None
        for card, group in self.order.moves(hands, leader, trick):
            v = self._after(hands, leader, trick, card)
            low = max(group, key=self._lowness)
            # (equivalent cards: the lowest is the one played)
            pref = self.preference(mover, v, low)
            if best is None or pref > best[0]:
                best = (pref, v, low)
        assert best is not None  # (a seat to move holds a legal card)
        out = (best[1], best[2])
        if key is not None:
            self.memo[key] = out
        return out


def line_of(search: EachForHimself, hands: Sequence[Sequence[int]], leader: int,
            trick: Sequence[int]) -> list[int]:
    """The cards played from here to the end when every seat plays as the search chooses."""
    held = [list(h) for h in hands]
    cur = list(trick)
    line: list[int] = []
    while any(held) or (cur and len(cur) < search.n):
        card = search.best_card(held, leader, cur)
        player = (leader + len(cur)) % search.n
        held[player].remove(card)
        cur.append(card)
        line.append(card)
        if len(cur) == search.n:
            leader = winning_seat(search.rules, leader, cur, search.trump, search.n)
            cur = []
    return line
