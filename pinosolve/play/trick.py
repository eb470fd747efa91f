"""Trick completion, the one home of it: who wins a finished trick, and what it is worth.

Every Python caller that completes a trick (the reference search, the driver, the legality
check of a trick so far, a line told trick by trick) does it with these functions; the compiled
core has its own copy in C, checked against this one by the tests. Which card beats which is
``PlayRules.winner``'s to say.

>>> from pinosolve import load_variant
>>> from pinosolve.cards import Card
>>> from pinosolve.play.rules import PlayRules
>>> rules = PlayRules.of(load_variant("four-hand"))
>>> cards = [Card.parse(c).index for c in ("KH", "AH", "9S", "TH")]
>>> winning_seat(rules, 1, cards, trump=0, seats=4)  # the 9S, played by seat 1 + 2
3
>>> trick_points(rules, cards, last=True)  # K, A, T count, and the last trick's bonus
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional
from collections.abc import Sequence

if TYPE_CHECKING:  # (legality imports this module)
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.position import Position


def winning_seat(rules: PlayRules, leader: int, cards: Sequence[int], trump: Optional[int],
                 seats: int) -> int:
    """The seat (index in the variant's clockwise order) whose card wins the trick ``cards``,
    played in order from ``leader`` at a table of ``seats``: the highest trump, else the
    highest card of the suit led; of two identical cards the first played wins. For a trick
    not yet finished: the seat winning it so far."""
    return (leader + rules.winner(cards, trump)) % seats


def unfinished_problem(cards: int, seats: int) -> Optional[str]:
    """Why ``cards`` cards on the table cannot be a trick still being played at a table of
    ``seats``, in one line, or None.

    >>> unfinished_problem(4, 4)
    'trick: 4 cards make a finished trick (4 seats play to a trick); give only the cards of an
    unfinished one'
    """
    if cards >= seats:
        return (f"trick: {cards} cards make a finished trick ({seats} seats play to a trick); "
                "give only the cards of an unfinished one")
    return None


def trick_points(rules: PlayRules, cards: Sequence[int], last: bool) -> int:
    """The points a trick takes: its cards' values, and the last-trick bonus when ``last``."""
    return sum(rules.points[c] for c in cards) + (rules.last_trick if last else 0)


@dataclass(frozen=True)
class FinishedTrick:
    """One finished trick of a line: seat indices and card indices, cards in play order."""

    leader: int               # the seat that led it
    cards: tuple[int, ...]    # the cards, the leader's first
    winner: int               # the seat that won it
    points: int               # what it took, the last-trick bonus included

    def seat_of(self, k: int) -> int:
        """The seat that played ``cards[k]``."""
        return (self.leader + k) % self.seats

    @property
    def seats(self) -> int:
        return len(self.cards)


def tricks_of_line(rules: PlayRules, pos: Position, line: Sequence[int]) -> list[FinishedTrick]:
    """The tricks a line of play from ``pos`` finishes, in order: the trick on the table
    first (its cards already played included), the last trick with its bonus. Cards of a trick
    the line leaves unfinished are not told.

    >>> from pinosolve import load_variant
    >>> from pinosolve.cards import Card
    >>> from pinosolve.play.rules import PlayRules
    >>> from pinosolve.play.position import Position
    >>> rules = PlayRules.of(load_variant("four-hand"))
    >>> c = lambda *names: [Card.parse(n).index for n in names]
    >>> hands = [c("AS", "KH"), c("TS", "9H"), c("9S", "AH"), c("JS", "QH")]
    >>> pos = Position(hands, leader=0, trick=[], side=(0, 1, 0, 1), trump=1)  # hearts
    >>> line = c("AS", "TS", "9S", "JS", "KH", "9H", "AH", "QH")
    >>> [(t.winner, t.points) for t in tricks_of_line(rules, pos, line)]  # A, T; K, A, last
    [(0, 2), (2, 3)]
    """
    seats = len(pos.hands)
    held = sum(len(h) for h in pos.hands)
    leader, cards = pos.leader, list(pos.trick)
    tricks: list[FinishedTrick] = []
    for card in line:
        cards.append(card)
        held -= 1
        if len(cards) == seats:
            winner = winning_seat(rules, leader, cards, pos.trump, seats)
            tricks.append(FinishedTrick(leader, tuple(cards), winner,
                                      trick_points(rules, cards, last=held == 0)))
            leader, cards = winner, []
    return tricks
