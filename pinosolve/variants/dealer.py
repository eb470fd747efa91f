"""Dealing a variant's cards from a seed: the hands, and the undealt cards in dealt order.

A deal is the deck shuffled by ``pinosolve.variants.shuffle`` (the same on every Python version
and platform) and dealt in order: each seat's hand in
turn, then the rest (kitty, widow or stock). Where the rules turn up a card to fix trump
(``deal.turn_trump``: sources 002 and 004, "the next card is turned up to determine trump ...
and the remainder of the deck (the stock) is placed crosswise on this upturned card"), it is
the first card after the hands; the stock is the cards after it, top first, and the turned
card is drawn last.

A seed names a family of deals, one per index: deal ``k`` of seed ``S`` is
``seeded_deal(v, S, k)``, the shuffle of ``deal_seed(S, k)``. It is what
``pinosolve deal --seed S --index k`` deals (``--seed S`` alone: index 0) and deal ``k`` of a
study seeded ``S``, so a deal of a study can be dealt alone, and every seed and every index
deals independently of its neighbours.

>>> from pinosolve.variants.variant import load_variant
>>> d = random_deal(load_variant("two-hand"), seed=1)
>>> len(d.stock), d.turned is not None, d.trump == d.turned.suit
(23, True, True)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Optional, Union
from collections.abc import Sequence

from pinosolve.cards import Card, Hand, Suit
from pinosolve.deal import Deal
from pinosolve.results import Result, optional
from pinosolve.errors import PinosolveError
from pinosolve.variants.shuffle import check_seed, shuffle
from pinosolve.variants.variant import Variant


@dataclass(frozen=True)
class Dealt:
    """A full deal and its undealt cards."""

    def __copy__(self) -> Dealt:
        return self  # (immutable: a copy is itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> Dealt:
        return self

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
    """The ``deal`` command's answer: the seed and the index that name the deal (deal
    ``index`` of seed ``seed``, as a study with that seed deals it), the deal, and the
    undealt cards: the kitty (sorted: it is one packet) or the stock in draw order, top
    first, the turned card last; ``turned`` and ``trump`` where the rules turn a card up to
    fix trump; ``record``, asked for, the deal as a game record's text
    (``pinosolve.records``); ``where``, the conditions it meets where asked (the same seed,
    index and conditions deal it again), ``dealt``, the deals drawn to find it, and
    ``chance``, the share of shuffles whose deal meets the conditions on counts of cards
    (``has``, ``count``, ``void``, ``trumps``), counted exactly: the deal is drawn from
    exactly those, fairly."""

    variant: str
    seed: int
    deal: str
    kitty: tuple[Card, ...]
    kitty_kind: str
    turned: Optional[Card] = optional()
    trump: Optional[Suit] = optional()
    record: Optional[str] = optional()  # the deal as a game record (deal --as-record)
    where: Optional[str] = optional()   # the conditions it was dealt to meet (deal --where)
    dealt: Optional[int] = optional()   # and the deals drawn to find it
    index: int = 0                      # deal index of the seed (deal --index)
    chance: Optional[float] = optional()  # the share of shuffles meeting the counted conditions


SEED_DOMAIN = "pinosolve-study"
MAX_INDEX = 10**9  # deals of one seed at most (a study's deals)


def deal_seed(seed: int, index: int) -> int:
    """The shuffle seed of deal ``index`` of seed ``seed``: the first eight bytes of SHA-256
    of ``"pinosolve-study/<seed>/<index>"``, big-endian (the same on every platform).
    ``PinosolveError`` for a seed outside 0 to 2**64 - 1 or an index outside 0 to 10**9.

    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True
    """
    check_seed(seed)
    check_index(index)
    digest = hashlib.sha256(f"{SEED_DOMAIN}/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def check_index(index: object) -> int:
    """``index`` if it is a whole number from 0 to 10**9, else a one-line error."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= MAX_INDEX:
        raise PinosolveError(f"index must be a whole number from 0 to {MAX_INDEX}, got "
                             f"{index!r:.40}")
    return index


def seeded_deal(v: Union[Variant, str], seed: int, index: int = 0) -> Dealt:
    """Deal ``index`` of seed ``seed`` (0 <= seed < 2**64, 0 <= index <= 10**9) of variant
    ``v`` (a ``Variant`` or its ID, as every public function takes it): what
    ``pinosolve deal --seed SEED --index INDEX`` deals, and deal ``index`` of a study seeded
    ``seed`` (``pinosolve.analysis.study``). The shuffle of ``deal_seed(seed, index)``: each
    (seed, index) deals independently of every other.

    >>> from pinosolve.variants.variant import load_variant
    >>> v = load_variant("four-hand")
    >>> seeded_deal(v, 7, 3).deal == random_deal(v, deal_seed(7, 3)).deal
    True
    >>> seeded_deal("four-hand", 7, 3).deal == seeded_deal(v, 7, 3).deal
    True
    """
    from pinosolve.inputs import as_variant

    return random_deal(as_variant(v), deal_seed(seed, index))


def deal_record(v: Variant, seed: int, index: int = 0) -> DealRecord:
    """Deal ``index`` of seed ``seed`` of ``v`` (``seeded_deal``), as the ``deal`` command
    answers it.

    >>> from pinosolve.variants.variant import load_variant
    >>> r = deal_record(load_variant("two-hand"), 1)
    >>> len(r.kitty), r.turned == r.kitty[-1], r.trump == r.turned.suit
    (24, True, True)
    """
    return record_of(v, seeded_deal(v, seed, index), seed, index)


def record_of(v: Variant, dealt: Dealt, seed: int, index: int = 0) -> DealRecord:
    """``dealt`` as the ``deal`` command answers it, named by ``seed`` and ``index``."""
    ordered = dealt.kind == "stock"
    kitty = dealt.undealt if ordered else tuple(Hand(dealt.undealt))
    return DealRecord(v.id, seed, str(dealt.deal), kitty, dealt.kind, dealt.turned, dealt.trump,
                      index=index)


def random_deal(v: Variant, seed: int) -> Dealt:
    """The deal the shuffle of ``seed`` makes of variant ``v`` (0 <= seed < 2**64): the same
    seed gives the same deal, on every Python version and platform. (``seeded_deal`` names
    a deal as the commands do, by seed and index.)"""
    cards = list(v.deck)
    shuffle(cards, seed)
    return dealt_in_order(v, cards)


def dealt_in_order(v: Variant, cards: Sequence[Card]) -> Dealt:
    """The deal of ``cards`` (the whole deck, in the order dealt): each seat's hand in turn,
    then the turned card where the rules turn one, then the rest."""
    size = v.rules.deal.hand_size
    n = len(v.seats)
    hands = tuple(Hand(cards[i * size:(i + 1) * size]) for i in range(n))
    rest = tuple(cards[n * size:])
    turned = None
    if v.rules.deal.turn_trump and rest:
        turned, rest = rest[0], rest[1:]
    return Dealt(Deal(v.seats, hands), rest, turned, v.rules.deal.kitty_kind)
