"""What the public functions accept: a typed value or its text, read and checked here.

Each ``as_*`` takes either the typed object (``Variant``, ``Hand``, ``Suit``, ``Deal``,
``Card``) or its text, and raises a :class:`~pinosolve.errors.PinosolveError` whose one line
names the problem (and ``what`` was given), never a ``TypeError`` from deep inside.

>>> as_variant("four-hand").id
'four-hand'
>>> as_hand(as_variant("four-hand"), "TS AS")
Hand('AS TS')
>>> as_trump(as_variant("four-hand"), "none", allow_none=True) is None
True
"""

from __future__ import annotations

from typing import Any, Literal, Optional, Union, overload
from collections.abc import Iterable, Mapping

from pinosolve.cards import Card, Hand, Suit
from pinosolve.deal import Deal
from pinosolve.errors import NotationError, PinosolveError
from pinosolve.variants.variant import Variant, load_file, load_variant

VariantLike = Union[Variant, str]
HandLike = Union[Hand, str, Iterable[Union[Card, str]]]
SuitLike = Union[Suit, str, None]
DealLike = Union[Deal, str]


def as_variant(variant: VariantLike) -> Variant:
    """A ``Variant``, a variant ID, or a rules file: its path (``*.toml``), or the name of a
    shipped house-rule example (``rules_path``)."""
    from pinosolve.variants.variant import example_names, rules_path

    if isinstance(variant, Variant):
        return variant
    if not isinstance(variant, str) or not variant.strip():
        raise PinosolveError(f"variant: expected a Variant or a variant ID, got {variant!r:.60}")
    if variant.endswith(".toml") or "/" in variant or variant in example_names():
        return load_file(rules_path(variant))
    return load_variant(variant)


def as_hand(variant: Variant, hand: HandLike, what: str = "hand") -> Hand:
    """A ``Hand``, hand text (``"AS TS"``, dotted, ``-`` for none) or a list of cards or card
    names, checked against the variant's deck."""
    if isinstance(hand, Hand):
        return variant.check_hand(hand, what)
    if isinstance(hand, str):
        return variant.parse_hand(hand, what)
    if isinstance(hand, (list, tuple)):
        try:
            return variant.check_hand(Hand(hand), what)
        except NotationError as exc:
            raise NotationError(f"{what}: {exc}") from None
    raise PinosolveError(f"{what}: expected a Hand or cards as text, got {hand!r:.60}")


def as_cards(variant: Variant, cards: Any, what: str) -> tuple[Card, ...]:
    """Cards in order (a trick): ``Card``s, card names, text ``"JD QC"`` or a ``Hand``."""
    if cards is None:
        return ()
    if isinstance(cards, Hand):
        cards = list(cards)
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, (list, tuple)):
        raise PinosolveError(f"{what}: expected cards, got {cards!r:.60}")
    out = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
            continue
        try:
            out.append(Card.parse(card))
        except PinosolveError as exc:
            raise PinosolveError(f"{what}: {exc}") from None
    variant.check_hand(Hand(out), what)
    return tuple(out)


@overload
def as_trump(variant: Variant, trump: SuitLike, allow_none: Literal[False] = False) -> Suit: ...
@overload
def as_trump(variant: Variant, trump: SuitLike, allow_none: bool) -> Optional[Suit]: ...


def as_trump(variant: Variant, trump: SuitLike, allow_none: bool = False) -> Optional[Suit]:
    """A ``Suit`` or its text (S H D C, ♠ ♥ ♦ ♣); with ``allow_none``, None or ``"none"``
    for no trump."""
    if isinstance(trump, Suit):
        return trump
    if trump is None:
        if allow_none:
            return None
        raise PinosolveError("name the trump: S, H, D or C")
    if not isinstance(trump, str):
        raise PinosolveError(f"trump: expected a suit, got {trump!r:.60}")
    return variant.parse_trump(trump, allow_none)


def as_deal(variant: Variant, deal: DealLike, full: bool = False) -> Deal:
    """A ``Deal`` or deal text ``"N:<hand> <hand> ..."``, checked against the variant."""
    if isinstance(deal, Deal):
        return variant.check_deal(deal, full)
    if not isinstance(deal, str):
        raise PinosolveError(f"deal: expected a Deal or deal text, got {deal!r:.60}")
    return variant.parse_deal(deal, full)


def as_whole(value: Any, what: str) -> int:
    """A whole number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PinosolveError(f"{what} must be a whole number, got {value!r:.60}")
    return value


def as_amount(value: Any, what: str) -> int:
    """A bid or a meld given as input: a whole number from 0 to 10**12 (``VALUE_LIMIT``, the
    bound of every number in the rules, and ``scoring.bidding.BID_LIMIT``: no side can make
    more); ``PinosolveError`` otherwise.

    >>> as_amount(25, "bid")
    25
    """
    from pinosolve.variants.datafile import VALUE_LIMIT

    number = as_whole(value, what)
    if not 0 <= number <= VALUE_LIMIT:
        raise PinosolveError(f"{what} must be from 0 to 10**12, got "
                             f"{'a negative number' if number < 0 else 'more'}")
    return number


def check_keys(data: Mapping[str, Any], known: Iterable[str], what: str) -> None:
    """The one check of a table's keys (a record, a view, a round, a file): every key is one
    of ``known``, or a ``PinosolveError`` naming the first that is not, and the keys there are.

    >>> check_keys({"deal": 1, "trumps": 2}, ("deal", "trump"), "view")
    Traceback (most recent call last):
    pinosolve.errors.PinosolveError: view: unknown key 'trumps'; the keys are deal, trump
    """
    keys = sorted(set(known))
    unknown = sorted(str(k) for k in data if k not in keys)
    if unknown:
        raise PinosolveError(f"{what}: unknown key {unknown[0]!r:.40}; the keys are "
                             f"{', '.join(keys)}")
