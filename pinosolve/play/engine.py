"""The one door to a double-dummy search: what the driver asks of it (``Engine``).

Two searches implement it, side by side: the Python reference (``reference.Search``), kept
plain so that it can be read and trusted, and the compiled core (``core.CoreSearch``), fast.
Neither is built on the other: they share only the move generator (``moves.MoveOrder``,
which the driver uses to value every card), and the tests check each against the other and
against plain minimax. The driver, a ``Session`` and the benchmarks see an ``Engine`` only.

Seat indices follow the variant's clockwise seat order; side 0 is the side whose points are
counted (the side to move at the root). ``hands`` are lists of card indices, kept sorted,
``trick`` the cards on the table from ``leader``; a search may change them while it runs
but gives them back as they were, however it ends.
"""

from __future__ import annotations

from typing import Optional, Protocol, runtime_checkable

from pinosolve.play.rules import PlayRules


class SearchTimeout(Exception):
    """Raised inside a search when its deadline passes (every hand and trick given back)."""


@runtime_checkable
class Engine(Protocol):
    """A double-dummy search of one deal's rules, trump and sides, with its table kept
    across the questions asked of it."""

    rules: PlayRules
    trump: int
    side: tuple[int, ...]  # per seat: 0 or 1
    n: int                # the number of seats
    guesses: bool         # does ``guess`` guess (else the driver halves the interval)
    deadline: Optional[float]  # a ``time.perf_counter`` reading, or None: no limit

    @property
    def nodes(self) -> int:
        """The positions searched so far."""

    def remaining(self, hands: list[list[int]], trick: list[int]) -> int:
        """Every point still to be won: the table, the hands and the last-trick bonus."""

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        """The legal cards of the seat to play, in groups that are worth the same,
        best first: (the card to search, [every card of its group])."""

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        """A guess at the value, where the next test is worth asking (``first``: before any
        test of this position); None: the driver halves the interval instead."""

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int,
           beta: int, rem: int) -> int:
        """The points side 0 takes from here (``rem`` still to win), fail-soft within
        (``alpha``, ``beta``); raises ``SearchTimeout`` past the deadline."""
