"""Cards and hands: the notation every command shares.

A card is rank + suit (``AS``, ``TH``, ``10♥``, ``9c``). A hand is a multiset of cards, since a
pinochle deck holds two (or four) copies of every card; it is written either as a list of cards
(``AS AS TH 9C`` or ``AS,AS,TH,9C``) or PBN-style by suit, spades first (``AAT.K9..QJ``).
Canonical output is ``AS AS TH 9C`` in suit order S H D C and rank order A T K Q J 9.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Union
from collections.abc import Iterable, Iterator

from pinosolve.errors import NotationError


class Suit(IntEnum):
    """The four suits, in the order hands are written (PBN: spades, hearts, diamonds, clubs)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter, symbol or word, in any case.

        >>> [Suit.parse(t).name for t in ("s", "♥", "hearts", "Heart", "SPADES", "club")]
        ['S', 'H', 'H', 'H', 'S', 'C']
        """
        word = text.strip().upper()
        suit = _SUIT_BY_TEXT.get(word, _SUIT_WORDS.get(word.removesuffix("S")))
        if suit is None:
            raise NotationError(f"unknown suit {text!r}: suits are S H D C (or ♠ ♥ ♦ ♣, or "
                                "spades hearts diamonds clubs)")
        return suit


class Rank(IntEnum):
    """The six ranks, in the customary order A 10 K Q J 9 (a variant may rank them differently)."""

    A = 0
    T = 1
    K = 2
    Q = 3
    J = 4
    NINE = 5

    @property
    def letter(self) -> str:
        return "9" if self is Rank.NINE else self.name

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise NotationError(f"unknown rank {text!r}: ranks are A T K Q J 9 (10 for the ten)")
        return rank


SUIT_SYMBOLS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
_SUIT_BY_TEXT = {s.name: s for s in Suit} | {sym: s for s, sym in SUIT_SYMBOLS.items()} | {
    "♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C,
    "\u2665\ufe0f": Suit.H, "\u2666\ufe0f": Suit.D, "\u2660\ufe0f": Suit.S, "\u2663\ufe0f": Suit.C,
}
_SUIT_WORDS = {"SPADE": Suit.S, "HEART": Suit.H, "DIAMOND": Suit.D, "CLUB": Suit.C}
_RANK_BY_TEXT = {r.letter: r for r in Rank} | {"10": Rank.T}

NUM_CARDS = len(Suit) * len(Rank)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card. Ordered by suit (S H D C) then rank (A T K Q J 9); ``index`` is 0..23."""

    def __copy__(self) -> Card:
        return self  # (immutable: a copy is itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        return self.suit * len(Rank) + self.rank

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of ``index`` (0..23: suit * 6 + rank), or a ``NotationError``."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_CARDS:
            raise NotationError(f"bad card index {index!r}: a whole number from 0 to "
                                f"{NUM_CARDS - 1}")
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AS``, ``as``, ``TH``, ``10H``, ``10♥``, ``9c``."""
        if not isinstance(text, str):
            raise NotationError(f"bad card {text!r}: expected text such as AS, TH, 10♥, 9c")
        raw = text.strip()
        rank_text = raw[:2] if raw.startswith("10") else raw[:1]
        suit_text = raw[len(rank_text):]
        if not rank_text or not suit_text:
            raise NotationError(f"bad card {text!r}: write rank then suit, e.g. AS, TH, 10♥, 9c")
        try:
            rank = Rank.parse(rank_text)
            suit = Suit.parse(suit_text)
        except NotationError as exc:
            raise NotationError(f"bad card {text!r}: {exc}") from None
        return CARDS[suit * len(Rank) + rank]

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def symbol(self) -> str:
        """Human form with a suit symbol and 10 for the ten: ``10♥``."""
        return ("10" if self.rank is Rank.T else self.rank.letter) + self.suit.symbol


CARDS: tuple[Card, ...] = tuple(Card(Suit(i // len(Rank)), Rank(i % len(Rank)))
                                for i in range(NUM_CARDS))


class Hand:
    """An immutable multiset of cards (a holding, a trick pile, a kitty).

    Stored as 24 copy counts so that two hands compare equal whatever order their cards were
    written in, and so that the meld and play engines can index counts directly.
    """

    def __copy__(self) -> Hand:
        return self  # (immutable: a copy is itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self

    __slots__ = ("_counts",)

    def __init__(self, cards: Union[str, Iterable[Union[Card, str]]] = ()) -> None:
        """``cards``: ``Card``s or card names, or one text that ``Hand.parse`` reads (so that
        ``Hand(str(hand)) == hand``); anything else is a ``NotationError``."""
        if isinstance(cards, str):
            self._counts: tuple[int, ...] = Hand.parse(cards)._counts
            return
        counts = [0] * NUM_CARDS
        try:
            items = iter(cards)
        except TypeError:
            raise NotationError(f"bad hand {cards!r}: expected cards or card names") from None
        for card in items:
            if isinstance(card, str):
                card = Card.parse(card)
            elif not isinstance(card, Card):
                raise NotationError(f"bad card {card!r}: expected a Card or a name such as AS")
            counts[card.index] += 1
        self._counts = tuple(counts)

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Hand:
        hand = cls.__new__(cls)
        values = tuple(counts)
        if len(values) != NUM_CARDS or any(isinstance(c, bool) or not isinstance(c, int) or
                                           c < 0 for c in values):
            raise NotationError(f"a hand needs {NUM_CARDS} copy counts, whole numbers of at "
                                "least 0")
        hand._counts = values
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a card list (spaces or commas) or the dotted form ``S.H.D.C``; ``-`` is empty."""
        if not isinstance(text, str):
            raise NotationError(f"bad hand {text!r}: expected text such as 'AS TH 9C' or 'AT.K..Q'")
        raw = text.strip()
        if raw in ("", "-", "—"):
            return cls()
        if "." in raw:
            return cls._parse_dotted(raw)
        return cls(Card.parse(tok) for tok in re.split(r"[\s,;]+", raw) if tok)

    @classmethod
    def _parse_dotted(cls, raw: str) -> Hand:
        groups = raw.split(".")
        if len(groups) != 4:
            raise NotationError(
                f"bad hand {raw!r}: the dotted form needs exactly four suits S.H.D.C "
                f"(found {len(groups)} groups)"
            )
        cards: list[Card] = []
        for suit, group in zip(Suit, groups):
            text = re.sub(r"\s+", "", group)
            if text in ("-", "—"):
                continue
            pos = 0
            while pos < len(text):
                token = "10" if text.startswith("10", pos) else text[pos]
                pos += len(token)
                try:
                    rank = Rank.parse(token)
                except NotationError as exc:
                    raise NotationError(f"bad hand {raw!r}: {suit.name} suit: {exc}") from None
                cards.append(CARDS[suit * len(Rank) + rank])
        return cls(cards)

    # --- multiset behaviour -------------------------------------------------------------

    @property
    def counts(self) -> tuple[int, ...]:
        """Copies held of each card, indexed by ``Card.index``."""
        return self._counts

    def count(self, card: Card | str) -> int:
        if isinstance(card, str):
            card = Card.parse(card)
        return self._counts[card.index]

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        return isinstance(card, Card) and self._counts[card.index] > 0

    def __iter__(self) -> Iterator[Card]:
        for index, n in enumerate(self._counts):
            for _ in range(n):
                yield CARDS[index]

    def __len__(self) -> int:
        return sum(self._counts)

    def __bool__(self) -> bool:
        return any(self._counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._counts == other._counts

    def __hash__(self) -> int:
        return hash(self._counts)

    def __add__(self, other: Hand) -> Hand:
        return Hand.from_counts(a + b for a, b in zip(self._counts, other._counts))

    def __sub__(self, other: Hand) -> Hand:
        """Remove ``other``'s cards; raises if a card is not held often enough."""
        result = []
        for index, (a, b) in enumerate(zip(self._counts, other._counts)):
            if b > a:
                raise NotationError(f"{CARDS[index]} is not held {b} time(s)")
            result.append(a - b)
        return Hand.from_counts(result)

    def issubset(self, other: Hand) -> bool:
        return all(a <= b for a, b in zip(self._counts, other._counts))

    def suit(self, suit: Suit) -> list[Card]:
        return [c for c in self if c.suit is suit]

    # --- printing ----------------------------------------------------------------------

    def __str__(self) -> str:
        """Canonical card list: ``AS AS TH 9C`` (empty hand: empty string)."""
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def cards(self) -> list[str]:
        """Canonical card names, one per copy: the JSON form."""
        return [str(c) for c in self]

    def dotted(self) -> str:
        """PBN-style ``AAT.K9..QJ`` (spades, hearts, diamonds, clubs)."""
        return ".".join("".join(c.rank.letter for c in self.suit(s)) for s in Suit)

    def ranks(self, suit: Suit) -> str:
        """The ranks held in ``suit`` as people read them, ``—`` for none.

        >>> Hand.parse("AAT.K9..").ranks(Suit.S), Hand.parse("AAT.K9..").ranks(Suit.D)
        ('A A 10', '—')
        """
        return " ".join("10" if c.rank is Rank.T else c.rank.letter
                        for c in self.suit(suit)) or "—"

    def pretty(self) -> str:
        """Human form with suit symbols: ``♠ A A 10  ♥ K 9  ♦ —  ♣ Q J``."""
        return "  ".join(f"{s.symbol} {self.ranks(s)}" for s in Suit)


def symbols(cards: Iterable[Card | str], empty: str = "—") -> str:
    """Cards in order as every text for people names them (a table, a ruling's reason):
    each as ``Card.symbol``, ``10♣``; ``empty`` where there are none. JSON and the input
    notations keep ``TC``.

    >>> symbols(["AS", "TC"]), symbols(Hand.parse("KH")), symbols([])
    ('A♠ 10♣', 'K♥', '—')
    """
    return " ".join((c if isinstance(c, Card) else Card.parse(c)).symbol for c in cards) or empty


def hand_from_data(value: object, what: str) -> Hand:
    """Cards given in a data file or JSON: text, or a list of card texts. Errors name ``what``."""
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise NotationError(f"{what} must be cards as text, got {value!r}")
    try:
        return Hand.parse(value)
    except NotationError as exc:
        raise NotationError(f"{what}: {exc}") from None


def parse_card(text: str) -> Card:
    return Card.parse(text)


def parse_hand(text: str) -> Hand:
    return Hand.parse(text)
