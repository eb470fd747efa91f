"""Trick completion, the one home of it: who wins a finished trick, and what it is worth.

Every Python caller that completes a trick (the reference search, the driver, the legality
check of a trick so far) does it with these functions; the compiled
core has its own copy in C, checked against this one by the tests. Which card beats which is
``PlayRules.winner``'s to say.

>>> from pinosolve import load_variant
>>> from pinosolve.cards import Card
>>> from pinosolve.play.legality import PlayRules
>>> rules = PlayRules.of(load_variant("four-hand"))
>>> cards = [Card.parse(c).index for c in ("KH", "AH", "9S", "TH")]
>>> winning_seat(rules, 1, cards, trump=0, seats=4)  # the 9S, played by seat 1 + 2
3
>>> trick_points(rules, cards, last=True)  # K, A, T count, and the last trick's bonus
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

if TYPE_CHECKING:  # (legality imports this module)
    from pinosolve.play.legality import PlayRules


def winning_seat(rules: PlayRules, leader: int, cards: Sequence[int], trump: Optional[int],
                 seats: int) -> int:
    """The seat (index in the variant's clockwise order) whose card wins the trick ``cards``,
    played in order from ``leader`` at a table of ``seats``: the highest trump, else the
    highest card of the suit led; of two identical cards the first played wins. For a trick
    not yet finished: the seat winning it so far."""
    return (leader + rules.winner(cards, trump)) % seats


def trick_points(rules: PlayRules, cards: Sequence[int], last: bool) -> int:
    """The points a trick takes: its cards' values, and the last-trick bonus when ``last``."""
    return sum(rules.points[c] for c in cards) + (rules.last_trick if last else 0)

