"""The condition language on a seat's hand, shared by ``study --filter`` and ``deal --where``.

Conditions are ``SEAT:TERM``, joined by ``and`` (or commas), all to hold. A term is

* ``trumps OP N``: the seat's cards of the trump; ``count(SUIT) OP N``: of a suit;
* ``meld OP N``: the seat's best meld in the trump (the meld engine's maximum);
* ``has=CARD``: the seat holds a copy of the card; ``void(SUIT)``: none of the suit;
* ``KIND`` or ``KIND(SUIT)``: the seat holds the cards of a meld of the variant's table
  (its kind as the rules file names it: ``run(S)``, ``marriage(H)``, ``pinochle``,
  ``aces``, ``round-house``), whatever the trump;

with OP one of ``>= <= > < == =``. The trump is the study's (or the deal's).

>>> from pinosolve import load_variant
>>> v = load_variant("four-hand")
>>> [c.what for c in parse_conditions(v, "N:trumps>=6, E:void(H) and S:run(S)")]
['trumps', 'count', 'holds']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional

from pinosolve.cards import Suit
from pinosolve.errors import PinosolveError

_TERM = re.compile(r"^\s*(?P<seat>[^\s:]+)\s*:\s*(?P<what>[A-Za-z][A-Za-z0-9_-]*)"
                   r"(?:\((?P<arg>[^)]*)\))?\s*(?P<op>>=|<=|==|=|>|<)?\s*(?P<value>\S*)\s*$")
_OPS = (">=", "<=", ">", "<", "==", "=")
_NUMBERS = ("trumps", "meld", "count")  # terms compared with a whole number
_SHAPES = "SEAT:trumps>=N, SEAT:meld>=N, SEAT:count(SUIT)<=N, SEAT:void(SUIT), " \
    "SEAT:has=CARD or SEAT:KIND(SUIT) (a meld kind)"


@dataclass(frozen=True)
class Condition:
    """One condition on a seat's hand: ``trumps OP n`` (cards of the trump), ``meld OP n``
    (its best meld in the trump), ``count(SUIT) OP n`` (cards of a suit), ``has CARD``,
    or ``holds KIND`` (``arg``: its suit, or None) the cards of a meld kind."""

    seat: str
    what: str
    op: str
    value: Any
    arg: Optional[str] = None

    def __post_init__(self) -> None:
        from pinosolve.cards import Card

        if self.what not in (*_NUMBERS, "has", "holds") or self.op not in _OPS:
            raise PinosolveError(f"filter: no condition {self.what!r:.20} {self.op!r:.10}: "
                                 "give trumps, meld, count(SUIT), has or holds, and one of "
                                 f"{' '.join(_OPS)}")
        try:
            if self.what == "has":
                Card.parse(self.value)
            elif self.what == "holds":
                if not isinstance(self.value, str):
                    raise PinosolveError(f"filter: holds takes a meld kind, got "
                                         f"{self.value!r:.20}")
                if self.arg is not None:
                    Suit.parse(self.arg)
            elif isinstance(self.value, bool) or not isinstance(self.value, int):
                raise PinosolveError(f"filter: {self.what} takes a whole number, got "
                                     f"{self.value!r:.20}")
            if self.what == "count":
                Suit.parse(self.arg or "")
        except (TypeError, AttributeError):
            raise PinosolveError(f"filter: not a condition: {self!r:.60}") from None

    def holds(self, v: Any, hand: Any, trump: Any) -> bool:
        """Whether ``hand`` (of variant ``v``, with ``trump``) meets the condition."""
        from pinosolve.cards import Card

        if self.what == "has":
            return Card.parse(self.value) in hand
        if self.what == "holds":
            return _holds_kind(v, hand, self.value, None if self.arg is None
                               else Suit.parse(self.arg))
        if self.what == "trumps":
            n = sum(1 for c in hand if c.suit == trump)
        elif self.what == "count":
            suit = Suit.parse(self.arg or "")
            n = sum(1 for c in hand if c.suit == suit)
        else:
            from pinosolve.meld.solver import best_meld

            n = best_meld(v, hand, trump).meld
        return {">=": n >= self.value, "<=": n <= self.value, ">": n > self.value,
                "<": n < self.value, "==": n == self.value, "=": n == self.value}[self.op]

    @property
    def needs_trump(self) -> bool:
        """Whether the condition reads the trump (``trumps``, ``meld``)."""
        return self.what in ("trumps", "meld")


def _holds_kind(v: Any, hand: Any, kind: str, suit: Any) -> bool:
    """Whether ``hand`` holds the cards of a single meld of ``kind`` (in ``suit``, where the
    kind has one), under any trump."""
    from pinosolve.meld.model import all_options

    counts = hand.counts
    for trump in (*Suit, None):
        for option in all_options(v, trump):
            if option.kind != kind or option.multiple != 1 or not option.fits(counts):
                continue
            # (a trump meld has no suit of its own: it is in the trump, all its cards too)
            if suit is None or option.suit == suit or option.suit is None and \
                    all(c.suit == suit for c in option.cards):
                return True
    return False


def parse_conditions(v: Any, text: Optional[str], option: str = "filter"
                     ) -> tuple[Condition, ...]:
    """The conditions of ``text`` (see the module) for variant ``v``: () for none.
    ``PinosolveError`` in one line, naming ``option``, for a term that is none of them.

    >>> from pinosolve import load_variant
    >>> [c.what for c in parse_conditions(load_variant("four-hand"), "N:trumps>=6, N:has=AS")]
    ['trumps', 'has']
    """
    from pinosolve.cards import Card
    from pinosolve.inputs import as_variant
    from pinosolve.variants.sides import seat_name

    v = as_variant(v)
    if text is not None and not isinstance(text, str):
        raise PinosolveError(f"{option}: give the filter's text, got {text!r:.40}")
    if text is None or not text.strip():
        return ()
    if len(text) > 10_000:
        raise PinosolveError(f"{option}: {len(text)} characters; a filter is a few conditions")
    out = []
    for part in re.split(r"\s+and\s+|,", text.strip()):
        said = part.strip()
        m = _TERM.match(part)
        if m is None:
            raise PinosolveError(f"{option}: {said!r:.60} is not {_SHAPES}")
        seat = seat_name(v, m["seat"], f"{option} seat")
        what, arg, op = m["what"], m["arg"], m["op"]
        if what == "has":
            if op not in ("=", "==") or not m["value"]:
                raise PinosolveError(f"{option}: {said!r:.60}: has takes =CARD")
            try:
                card = Card.parse(m["value"])
            except Exception:
                raise PinosolveError(f"{option}: {said!r:.60}: not a card") from None
            if card not in v.deck:
                raise PinosolveError(f"{option}: {said!r:.60}: {v.id}'s deck has no {card}")
            out.append(Condition(seat, "has", "=", str(card)))
            continue
        if what in _NUMBERS:
            if op is None or not m["value"]:
                raise PinosolveError(f"{option}: {said!r:.60} is not {_SHAPES}")
            if what == "count":
                _suit(arg, said, option)
            elif arg is not None:
                raise PinosolveError(f"{option}: {said!r:.60}: {what} takes no argument")
            if not re.fullmatch(r"\d{1,9}", m["value"]):
                raise PinosolveError(f"{option}: {said!r:.60}: compare with a whole number")
            out.append(Condition(seat, what, op, int(m["value"]), arg))
            continue
        if op is not None or m["value"]:
            raise PinosolveError(f"{option}: {said!r:.60}: {what} takes no comparison")
        if what == "void":
            out.append(Condition(seat, "count", "==", 0, _suit(arg, said, option).name))
            continue
        if what not in v.rules.meld.kinds or not v.rules.meld.kinds[what].enabled:
            kinds = ", ".join(k for k, d in v.rules.meld.kinds.items() if d.enabled)
            raise PinosolveError(f"{option}: {said!r:.60} is not {_SHAPES}; {v.id}'s meld "
                                 f"kinds: {kinds}")
        suit = None if arg is None else _suit(arg, said, option)
        if suit is not None and not _in_one_suit(v, what):
            raise PinosolveError(f"{option}: {said!r:.60}: {what} is not in one suit; drop "
                                 f"({arg})")
        out.append(Condition(seat, "holds", "=", what, None if suit is None else suit.name))
    return tuple(out)


def _in_one_suit(v: Any, kind: str) -> bool:
    """Whether a meld of ``kind`` is all of one suit (a run, a marriage), so that a
    condition may name the suit."""
    from pinosolve.meld.model import all_options

    return any(o.kind == kind and len({c.suit for c in o.cards}) == 1
               for t in (*Suit, None) for o in all_options(v, t))


def _suit(arg: Optional[str], said: str, option: str) -> Any:
    try:
        return Suit.parse(arg or "")
    except Exception:
        raise PinosolveError(f"{option}: {said!r:.60}: give a suit, as in count(H)") from None


def holds_all(v: Any, conditions: tuple[Condition, ...], hands: Any, trump: Any) -> bool:
    """Whether every condition holds of ``hands`` (seat -> hand) with ``trump``."""
    return all(c.holds(v, hands[c.seat], trump) for c in conditions)


MAX_TRIES = 20_000  # deals dealt at most in search of one that meets them (about 12 s)


def first_deal_where(v: Any, conditions: tuple[Condition, ...], seed: int,
                     trump: Any = None, tries: int = MAX_TRIES) -> tuple[int, int]:
    """The first seed from ``seed`` on (``seed``, ``seed + 1``, …, modulo 2**64) whose deal
    (``variants.dealer.random_deal``) meets every condition, and how many deals were dealt to
    find it. From a fresh seed that is a deal drawn as a shuffle deals them, given the
    conditions (each seed's deal is independent of its neighbours'). ``trump``: the trump
    the conditions read (``trumps``, ``meld``) where the rules turn no card up to fix it.
    ``PinosolveError`` where ``tries`` deals meet none.

    >>> from pinosolve import load_variant
    >>> v = load_variant("four-hand")
    >>> seed, dealt = first_deal_where(v, parse_conditions(v, "N:void(H)"), 1)
    >>> v.random_deal(seed)["N"].suit(Suit.H), dealt > 1
    ([], True)
    """
    from pinosolve.variants.dealer import random_deal
    from pinosolve.variants.shuffle import check_seed

    seed = check_seed(seed)
    if trump is not None:
        from pinosolve.inputs import as_trump

        trump = as_trump(v, trump)
    turned = v.rules.deal.turn_trump
    if trump is not None and turned:
        raise PinosolveError(f"trump: {v.id} turns a card up to fix the trump [deal.turn_trump]; "
                             "drop --trump")
    if trump is None and not turned and any(c.needs_trump for c in conditions):
        raise PinosolveError("where: trumps and meld read the trump: give --trump")
    order = sorted(conditions, key=lambda c: c.what == "meld")  # (the meld engine last)
    for n in range(tries):
        s = (seed + n) % 2**64
        dealt = random_deal(v, s)
        hands = dealt.deal
        if all(c.holds(v, hands[c.seat], trump if trump is not None else dealt.trump)
               for c in order):
            return s, n + 1
    raise PinosolveError(f"where: none of {tries} deals from seed {seed} meets the "
                         "conditions: they are impossible, or rarer than that")
