"""The reference double-dummy search, in plain Python: kept clear, so that the compiled core
(``pinosolve.play.core``) can be checked against it.

A ``Search`` answers one kind of question, the fail-soft alpha-beta value of a position
(``ab``): the points side 0 takes from here to the end, the cards already on the table in the
current trick and the last-trick bonus included. The driver (``pinosolve.play.driver``) asks
it only null-window questions, and asks ``guess`` for where to ask; ``moves`` gives it the
legal cards, grouped and ordered (``moves.MoveOrder``). It is one ``Engine``
(``pinosolve.play.engine``); the compiled search (``CoreSearch``) is the other.

* alpha-beta over legal plays;
* a transposition table at trick boundaries, keyed on the hands still held and the player on
  lead, storing lower and upper bounds on the points still to win (history-free values), with
  a size bound (cleared when full) and the best lead of each entry for move ordering;
* the moves of ``moves.MoveOrder``: equivalent cards searched once, ordered best first.

Seat indices follow the variant's clockwise seat order; side 0 is the side of the player to
move at the root. A search with a ``deadline`` (a ``time.perf_counter`` reading) raises
``SearchTimeout`` once it passes, with every hand and trick it was given as they were.
"""

from __future__ import annotations

import time
from typing import Optional
from collections.abc import Sequence

from pinosolve.play.engine import SearchTimeout
from pinosolve.play.moves import MoveOrder
from pinosolve.play.rules import PlayRules
from pinosolve.play.position import points_left
from pinosolve.play.tables import DEFAULT_TT_ENTRIES
from pinosolve.play.trick import trick_points, winning_seat

INF = 1 << 30


class Search:
    """The reference ``Engine``: rules, trump, sides (``side[seat]``: 0 or 1, side 0 the one
    whose points are counted) and a transposition table of at most ``tt_entries`` entries,
    shared across questions. ``use_tt``/``use_equivalence`` switch those techniques off, for
    measuring them; ``nodes`` counts the positions searched so far."""

    def __init__(self, rules: PlayRules, trump: int, side: Sequence[int],
                 tt_entries: int = DEFAULT_TT_ENTRIES, deadline: Optional[float] = None,
                 use_tt: bool = True, use_equivalence: bool = True) -> None:
        self.rules = rules
        self.trump = trump
        self.side = tuple(side)
        self.n = len(side)
        self.points = rules.points
        self.strength = rules.strength
        self.tt: dict[tuple, list] = {}
        self.tt_entries = tt_entries
        self.deadline = deadline
        self.nodes = 0
        self.use_tt = use_tt
        self.use_equivalence = use_equivalence
        self.order = MoveOrder(rules, trump, side, use_equivalence)
        self.guesses = False  # does guess give guesses (else the driver halves intervals)

    # --- helpers ---------------------------------------------------------------------------

    def remaining(self, hands: list[list[int]], trick: list[int]) -> int:
        """All points still to be won: table, hands and the last-trick bonus."""
        return points_left(self.rules, hands, trick)

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        """Distinct legal cards grouped into equivalence classes, best first:
        (representative, [every card of its class]); ``MoveOrder``'s."""
        return self.order.moves(hands, leader, trick, tt_best)

    def _tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and (self.nodes & 1023) == 0 and \
                time.perf_counter() > self.deadline:
            raise SearchTimeout

    # --- alpha-beta ------------------------------------------------------------------------

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int, beta: int,
           rem: int) -> int:
        """Points side 0 takes from here (fail-soft within [alpha, beta])."""
        self._tick()
        if rem <= 0:
            return 0
        if alpha >= rem:
            return rem
        if beta <= 0:
            return 0
        key = None
        tt_best = None
        if not trick:
            if self.use_tt:
                key = (tuple(tuple(h) for h in hands), leader)
                entry = self.tt.get(key)
                if entry is not None:
                    lo, hi, tt_best = entry
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
            a0, b0 = alpha, beta
        player = (leader + len(trick)) % self.n
        maximise = self.side[player] == 0
        best = -INF if maximise else INF
        best_card = None
        hand = hands[player]
        for card, _ in self.moves(hands, leader, trick, tt_best):
            hand.remove(card)
            trick.append(card)
            try:  # put the card back however the search below ends (a budget, Ctrl-C)
                if len(trick) == self.n:
                    winner = winning_seat(self.rules, leader, trick, self.trump, self.n)
                    won = trick_points(self.rules, trick, last=not any(hands))
                    gain = won if self.side[winner] == 0 else 0
                    v = gain + self.ab(hands, winner, [], alpha - gain, beta - gain, rem - won)
                else:
                    v = self.ab(hands, leader, trick, alpha, beta, rem)
            finally:
                trick.pop()
                hand.append(card)
                hand.sort()
            if maximise:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, best_card = v, card
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key is not None:
            if len(self.tt) >= self.tt_entries:
                self.tt.clear()
            lo, hi = 0, rem
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry[0], entry[1]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = [lo, hi, best_card]
        return best

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        """A guess at the value for the driver's next test (``first``: before any test of
        this position); None: halve the interval."""
        return None

