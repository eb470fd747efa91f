"""A double-dummy position: every hand known, the trick so far, who led it; and its checks.

A ``Position`` is what the searches take. ``Position.problem`` says what makes one no position
of a trick-taking deal (hand sizes that no play reaches, a card that is no card, more copies
than any deck holds, more seats than the compiled core takes), and ``check_position`` refuses
it, and a trick its seats could not have played, with a ``PositionError``. ``points_left`` is
every point still to be won from a position.

>>> pos = Position([[0, 7], [1, 8]], leader=0, trick=[], side=(0, 1), trump=0)
>>> pos.to_move, pos.problem()
(0, None)
>>> Position([[0, 7], [1]], 0, [], (0, 1), 0).problem()
'hand 1 holds 1 cards but should hold 2'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional
from collections.abc import Sequence

from pinosolve.cards import NUM_CARDS
from pinosolve.errors import PinosolveError
from pinosolve.play.rules import PlayRules
from pinosolve.play.legality import trick_problem
from pinosolve.play.trick import unfinished_problem

MAX_SEATS = 8   # the compiled core's limits, beyond any variant: seats,
MAX_COPIES = 8  # and copies of one card in play


class PositionError(PinosolveError):
    """A position no deal can reach (see ``Position.problem``)."""


@dataclass
class Position:
    """A double-dummy position: the hands still held, the trick so far, who led it."""

    hands: list[list[int]]       # per seat: card indices, with repeats for copies
    leader: int                  # seat index that led the current trick
    trick: list[int]             # cards on the table in the current trick, in play order
    side: tuple[int, ...]        # per seat: 0 or 1
    trump: int

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    def problem(self, seats: Optional[Sequence[str]] = None) -> Optional[str]:
        """What makes this no position of a trick-taking deal, in one line, or None. ``solve``
        refuses such a position (the searches assume a sound one: an uneven deal, say, has no
        line that keeps its value). ``seats``: the seats' names, for the message."""
        n = len(self.hands)
        if not 2 <= n <= MAX_SEATS:
            return f"{n} hands: a deal has 2 to {MAX_SEATS} seats"
        if len(self.side) != n or any(s not in (0, 1) for s in self.side):
            return f"side: one 0 or 1 per seat ({n}), got {tuple(self.side)!r}"
        if isinstance(self.leader, bool) or self.leader not in range(n):
            return f"leader: a seat from 0 to {n - 1}, got {self.leader!r}"
        if self.trump is not None and (isinstance(self.trump, bool) or
                                       self.trump not in range(-1, 4)):
            return f"trump: a suit from 0 to 3 (-1 or None: no trump), got {self.trump!r}"
        finished = unfinished_problem(len(self.trick), n)
        if finished is not None:
            return finished
        for where, cards in [("trick", self.trick)] + [(f"hand {i}", h)
                                                       for i, h in enumerate(self.hands)]:
            bad = [c for c in cards if isinstance(c, bool) or c not in range(NUM_CARDS)]
            if bad:
                return f"{where}: {bad[0]!r} is not a card index (0 to {NUM_CARDS - 1})"
        copies = Counter(c for h in self.hands for c in h) + Counter(self.trick)
        if copies and max(copies.values()) > MAX_COPIES:
            card, k = copies.most_common(1)[0]
            return f"card {card}: {k} copies in play, more than any deck has ({MAX_COPIES})"
        sizes = [len(h) for h in self.hands]
        after = sizes[self.to_move]  # what each seat that has not played to the trick holds
        if self.trick and after == 0:
            return "trick: the seat to move holds no card"
        for k in range(n):
            seat = (self.leader + k) % n
            want = after - 1 if k < len(self.trick) else after
            if sizes[seat] != want:
                who = f"seat {seats[seat]}" if seats else f"hand {seat}"
                already = " (it has played to this trick)" if k < len(self.trick) else ""
                return f"{who} holds {sizes[seat]} cards but should hold {want}{already}"
        return None


def check_position(pos: Position, rules: PlayRules, trick: bool = True) -> None:
    """Raise ``PositionError`` (one line) for a position no deal can reach
    (``Position.problem``), and, with ``trick``, for a trick so far that breaks the
    trick-play rules (a card its seat could not have played: ``trick_problem``)."""
    wrong = pos.problem()
    if wrong is None and trick and pos.trick:
        wrong = trick_problem(rules, pos.hands, pos.leader, pos.trick, pos.trump, pos.side)
    if wrong is not None:
        raise PositionError(wrong)


def points_left(rules: PlayRules, hands: Sequence[Sequence[int]], trick: Sequence[int]) -> int:
    """All points still to be won: the cards on the table and in the hands, and the
    last-trick bonus while any card is left to play."""
    pts = rules.points
    total = sum(pts[c] for c in trick) + sum(pts[c] for h in hands for c in h)
    if trick or any(hands):
        total += rules.last_trick
    return total
