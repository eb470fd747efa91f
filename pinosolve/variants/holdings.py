"""What a hand or a deal holds under a variant: its cards and its counters (``show``).

>>> from pinosolve import load_variant
>>> v = load_variant("four-hand")
>>> show_hand(v, "AAT.K9..QJ")
HandSummary(variant=four-hand, hand=AS AS TS KH 9H QC JC, dotted=AAT.K9..QJ, cards_held=7, points=4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from pinosolve.cards import Hand
from pinosolve.deal import Deal
from pinosolve.results import Result
from pinosolve.variants.variant import Variant


@dataclass(frozen=True, repr=False)
class HandSummary(Result):
    """A hand checked against the variant's deck: its cards, in dotted form, how many
    (``cards_held``), and the card points (counters) they hold."""

    variant: str
    hand: Hand
    dotted: str
    cards_held: int
    points: int

    @property
    def count(self) -> int:
        """The old name of ``cards_held`` (in Pinochle the count is the counters' points);
        it goes in a later release."""
        import warnings

        warnings.warn("HandSummary.count is now cards_held", DeprecationWarning, stacklevel=2)
        return self.cards_held


@dataclass(frozen=True, repr=False)
class DealSummary(Result):
    """A deal checked against the variant: each seat's cards and their card points, and the
    cards no seat holds (the kitty, widow or stock of a full deal) with theirs."""

    variant: str
    deal: str
    hands: dict[str, Hand]
    hand_points: dict[str, int]
    undealt: Hand
    undealt_points: int


def show_hand(v: Variant, hand: Union[Hand, str], full: bool = False) -> HandSummary:
    """``hand`` (a ``Hand`` or its text) checked against ``v``'s deck (``full``: a whole
    hand's size, ``deal.hand_size``), and its counters."""
    held = v.check_hand(hand, full=full) if isinstance(hand, Hand) else \
        v.parse_hand(hand, full=full)
    return HandSummary(v.id, held, held.dotted(), len(held), v.hand_points(held))


def show_deal(v: Variant, deal: Union[Deal, str], full: bool = False) -> DealSummary:
    """``deal`` (a ``Deal`` or PBN text) checked against ``v`` (``full``: every hand of a
    full deal's size), each seat's counters, and the cards no seat holds."""
    checked = v.check_deal(deal, full) if isinstance(deal, Deal) else v.parse_deal(deal, full)
    held = Hand()
    for hand in checked.hands:
        held = held + hand
    undealt = v.deck - held
    return DealSummary(v.id, str(checked), dict(checked.items()),
                       {seat: v.hand_points(hand) for seat, hand in checked.items()},
                       undealt, v.hand_points(undealt))
