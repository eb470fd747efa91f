"""Reading meld-kind card patterns from the rules file into concrete cards.

A pattern names each card of a meld, with a suit placeholder where the suit depends on trump:
``@`` is the trump suit, ``#`` each non-trump suit (each suit when no trump is named) and ``*``
each suit. ``K# Q#`` is a common marriage: K and Q of one suit, once per eligible suit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional

from pinosolve.cards import CARDS, Rank, Suit
from pinosolve.errors import RulesError
from pinosolve.variants.schema import MeldKind

TRUMP, EACH_PLAIN, EACH_SUIT = "@", "#", "*"
NO_TRUMP = "none"


@dataclass(frozen=True)
class PatternCard:
    rank: Rank
    suit: Suit | str  # a Suit, or one of the placeholders @ # *


def parse_pattern(text: str) -> tuple[PatternCard, ...]:
    """Parse ``"A@ T@ K@ Q@ J@"``; raises RulesError naming the bad token."""
    tokens = text.split()
    if not tokens:
        raise RulesError("a meld pattern needs at least one card")
    out = []
    for token in tokens:
        rank_text = token[:2] if token.startswith("10") else token[:1]
        suit_text = token[len(rank_text):]
        try:
            rank = Rank.parse(rank_text)
        except Exception:
            raise RulesError(f"bad card {token!r} in pattern {text!r}: unknown rank") from None
        if suit_text in (TRUMP, EACH_PLAIN, EACH_SUIT):
            suit: Suit | str = suit_text
        else:
            try:
                suit = Suit.parse(suit_text)
            except Exception:
                raise RulesError(
                    f"bad card {token!r} in pattern {text!r}: suit must be S H D C, "
                    f"@ (trump), # (each plain suit) or * (each suit)") from None
        out.append(PatternCard(rank, suit))
    variables = {p.suit for p in out if p.suit in (EACH_PLAIN, EACH_SUIT)}
    if len(variables) > 1:
        raise RulesError(f"pattern {text!r} mixes # and *: use one suit variable")
    return tuple(out)


def kind_exists(kind: MeldKind, trump: Optional[Suit]) -> bool:
    """Whether the meld kind can be declared with this trump (None: no trump named)."""
    if not kind.enabled:
        return False
    pattern = parse_pattern(kind.cards)
    if trump is None:
        return (NO_TRUMP in kind.trumps and not kind.needs_trump
                and all(p.suit != TRUMP for p in pattern))
    return trump.name in kind.trumps


def instances(kind: MeldKind, trump: Optional[Suit]) -> list[tuple[Optional[Suit], Counter]]:
    """The concrete single melds of a kind under a trump: (suit of the variable, card counts)."""
    if not kind_exists(kind, trump):
        return []
    pattern = parse_pattern(kind.cards)
    variable = next((p.suit for p in pattern if p.suit in (EACH_PLAIN, EACH_SUIT)), None)
    if variable is None:
        suits: list[Optional[Suit]] = [None]
    elif variable == EACH_SUIT or trump is None:
        suits = list(Suit)
    else:
        suits = [s for s in Suit if s != trump]
    result = []
    for var in suits:
        counts: Counter = Counter()
        for p in pattern:
            suit = {TRUMP: trump, EACH_PLAIN: var, EACH_SUIT: var}.get(p.suit, p.suit) \
                if isinstance(p.suit, str) else p.suit
            # (kind_exists: a trump pattern has a trump; a variable one, its suits)
            assert isinstance(suit, Suit), (kind.cards, trump)
            counts[CARDS[suit * len(Rank) + p.rank]] += 1
        result.append((var, counts))
    return result


def max_copies_needed(kind: MeldKind) -> int:
    """Most copies of one card that the kind's 1x pattern needs (for deck checks)."""
    pattern = parse_pattern(kind.cards)
    return max(Counter((p.rank, p.suit) for p in pattern).values())


def multiple_name(kind: MeldKind, n: int) -> str:
    """Display name of the n-fold meld: the file's name, else 'double run' etc."""
    if n - 1 < len(kind.names) and kind.names[n - 1]:
        return kind.names[n - 1]
    prefix = {1: "", 2: "double ", 3: "triple ", 4: "quadruple "}.get(n, f"{n}x ")
    return prefix + kind.name
