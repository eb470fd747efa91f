"""Dealing a variant's cards from a seed: the hands, and the undealt cards in dealt order.

A deal is the deck shuffled by ``pinosolve.variants.shuffle`` (the same on every Python version
and platform) and dealt in order: each seat's hand in
turn, then the rest (kitty, widow or stock). Where the rules turn up a card to fix trump
(``deal.turn_trump``: sources 002 and 004, "the next card is turned up to determine trump ...
and the remainder of the deck (the stock) is placed crosswise on this upturned card"), it is
the first card after the hands; the stock is the cards after it, top first, and the turned
card is drawn last.

>>> from pinosolve.variants.variant import load_variant
>>> d = random_deal(load_variant("two-hand"), seed=1)
>>> len(d.stock), d.turned is not None, d.trump == d.turned.suit
(23, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pinosolve.cards import Card, Hand, Suit
from pinosolve.deal import Deal
from pinosolve.results import Result, optional
from pinosolve.variants.shuffle import shuffle
from pinosolve.variants.variant import Variant


@dataclass(frozen=True)
class Dealt:
    """A full deal and its undealt cards."""

    deal: Deal
    stock: tuple[Card, ...]         # the undealt cards but the turned one, in dealt order
    turned: Optional[Card] = None   # the card turned up to fix trump, if the rules turn one
    kind: str = "none"              # deal.kitty_kind: kitty, widow, stock or none

    @property
    def trump(self) -> Optional[Suit]:
        """The trump the turned card fixes (None where the rules turn no card)."""
        return self.turned.suit if self.turned is not None else None

    @property
    def undealt(self) -> tuple[Card, ...]:
        """Every undealt card in the order it is drawn: the stock, then the turned card."""
        return self.stock + ((self.turned,) if self.turned is not None else ())


@dataclass(frozen=True, repr=False)
class DealRecord(Result):
    """The ``deal`` command's answer: the seed, the deal, and the undealt cards: the kitty
    (sorted: it is one packet) or the stock in draw order, top first, the turned card last;
    ``turned`` and ``trump`` where the rules turn a card up to fix trump; ``record``, asked
    for, the deal as a game record's text (``pinosolve.records``); ``where``, the conditions
    it meets where asked, and ``dealt``, the deals dealt from the seed asked to find it (its
    own ``seed`` deals it again)."""

    variant: str
    seed: int
    deal: str
    kitty: tuple[Card, ...]
    kitty_kind: str
    turned: Optional[Card] = optional()
    trump: Optional[Suit] = optional()
    record: Optional[str] = optional()  # the deal as a game record (deal --record)
    where: Optional[str] = optional()   # the conditions it was dealt to meet (deal --where)
    dealt: Optional[int] = optional()   # and the deals dealt, from the seed asked, to find it


def deal_record(v: Variant, seed: int) -> DealRecord:
    """The deal ``seed`` makes of ``v``, as the ``deal`` command answers it.

    >>> from pinosolve.variants.variant import load_variant
    >>> r = deal_record(load_variant("two-hand"), 1)
    >>> len(r.kitty), r.turned == r.kitty[-1], r.trump == r.turned.suit
    (24, True, True)
    """
    dealt = random_deal(v, seed)
    ordered = dealt.kind == "stock"
    kitty = dealt.undealt if ordered else tuple(Hand(dealt.undealt))
    return DealRecord(v.id, seed, str(dealt.deal), kitty, dealt.kind, dealt.turned, dealt.trump)


def random_deal(v: Variant, seed: int) -> Dealt:
    """The deal ``seed`` makes of variant ``v`` (0 <= seed < 2**64): the same seed gives the
    same deal, on every Python version and platform."""
    cards = list(v.deck)
    shuffle(cards, seed)
    size = v.rules.deal.hand_size
    n = len(v.seats)
    hands = tuple(Hand(cards[i * size:(i + 1) * size]) for i in range(n))
    rest = tuple(cards[n * size:])
    turned = None
    if v.rules.deal.turn_trump and rest:
        turned, rest = rest[0], rest[1:]
    return Dealt(Deal(v.seats, hands), rest, turned, v.rules.deal.kitty_kind)
