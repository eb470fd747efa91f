"""One decision a seat faces at the table, its legal choices and its default.

A ``Decision`` names its ``kind`` (``KINDS``), the ``seat`` that decides, and its
``choices`` as text: the calls (``pass``, ``25``, ``misdeal``), the suits, the cards (each
legal card once; in the stock stage ``table:QS`` for a card played from one's melds on the
table), the meld to show (its cards, or ``""`` for none), the draw (``top``, ``turned``).
For ``pass`` and ``lay_away`` the choices are the cards held (a card once per copy) and the
answer is ``count`` of them, ``required`` among them. ``check`` reads an answer (text, or a
list of cards for a count) and returns it in the one spelling the table keeps, or raises
``IllegalChoice``; ``default`` is what a player that fails to answer is given (the first
choice; for a count, the first ``count`` cards, the required ones first; a call: pass where
legal).

>>> d = Decision("call", "E", ("pass", "25", "26"))
>>> d.check("PASS"), d.check(" 26 "), d.default()
('pass', '26', 'pass')
>>> d = Decision("pass", "S", ("AS", "AS", "TH", "9C"), count=2)
>>> d.check(["as", "as"]), d.check("9C TH"), d.default()
(('AS', 'AS'), ('9C', 'TH'), ('AS', 'AS'))
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional, Union

from pinosolve.cards import Card
from pinosolve.errors import PinosolveError

KINDS = ("call", "trump", "call_card", "lay_away", "pass", "meld", "throw_in", "play", "draw")
Choice = Union[str, tuple[str, ...]]
MAX_ANSWER = 2000  # characters of an answer read at most


class IllegalChoice(PinosolveError):
    """An answer that is none of the decision's choices (the message says why)."""


def card_text(text: str) -> str:
    """A card's one spelling (``AS``, ``TH``, ``table:QS``), or ``IllegalChoice``."""
    raw = text.strip()
    table = raw.lower().startswith("table:")
    try:
        card = Card.parse(raw[6:] if table else raw)
    except PinosolveError as exc:
        raise IllegalChoice(str(exc)) from None
    return ("table:" if table else "") + str(card)


@dataclass(frozen=True)
class Decision:
    """See the module. ``count`` 0: one of ``choices``; else that many of them."""

    def __copy__(self) -> Decision:
        return self  # (immutable: a copy is itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> Decision:
        return self

    kind: str
    seat: str
    choices: tuple[str, ...]
    count: int = 0
    required: tuple[str, ...] = ()

    def default(self) -> Choice:
        """The documented default: the first choice (a call: pass where legal); for a
        count, the required cards and then the first choices."""
        if self.count:
            left = Counter(self.choices)
            out = list(self.required)
            left.subtract(self.required)
            for c in self.choices:
                if len(out) == self.count:
                    break
                if left[c] > 0:
                    out.append(c)
                    left[c] -= 1
            return tuple(out)
        if self.kind == "call" and "pass" in self.choices:
            return "pass"
        return self.choices[0]

    def check(self, answer: Any) -> Choice:
        """``answer`` in the table's spelling, or ``IllegalChoice`` naming the problem."""
        if self.count:
            return self._cards(answer)
        if not isinstance(answer, str):
            raise IllegalChoice(f"{self.kind}: one choice as text, got {type(answer).__name__}")
        if len(answer) > MAX_ANSWER:
            raise IllegalChoice(f"{self.kind}: an answer of {len(answer)} characters")
        text = answer.strip()
        if self.kind in ("play", "call_card"):
            text = card_text(text)
        elif self.kind == "meld":
            text = meld_text(text)
        elif self.kind == "trump":
            text = text.upper()
        else:
            text = text.lower()
        if text not in self.choices:
            shown = ", ".join(repr(c) for c in self.choices[:8])
            more = ", …" if len(self.choices) > 8 else ""
            raise IllegalChoice(f"{self.kind}: {answer.strip()[:40]!r} is not a choice "
                                f"({shown}{more})")
        return text

    def _cards(self, answer: Any) -> tuple[str, ...]:
        if isinstance(answer, str):
            if len(answer) > MAX_ANSWER:
                raise IllegalChoice(f"{self.kind}: an answer of {len(answer)} characters")
            items: list[Any] = answer.replace(",", " ").split()
        elif isinstance(answer, (list, tuple)) and len(answer) <= 4 * self.count + 8:
            items = list(answer)
        else:
            raise IllegalChoice(f"{self.kind}: {self.count} cards, as a list or a text")
        if not all(isinstance(c, str) for c in items):
            raise IllegalChoice(f"{self.kind}: each card as text")
        cards = tuple(card_text(c) for c in items)
        if len(cards) != self.count:
            raise IllegalChoice(f"{self.kind}: {self.count} cards, got {len(cards)}")
        short = Counter(cards) - Counter(self.choices)
        if short:
            raise IllegalChoice(f"{self.kind}: {' '.join(sorted(short))} not held")
        missing = Counter(self.required) - Counter(cards)
        if missing:
            raise IllegalChoice(f"{self.kind}: {' '.join(sorted(missing))} must be among them")
        return cards


def meld_text(text: str) -> str:
    """A meld's one spelling: its steps joined by ``"; "``, each step's cards from the hand,
    then ``table:`` each card from the table, each group in deck order, then ``exchange``
    (a dix exchanged); ``""`` for no meld. ``IllegalChoice`` for a word that is none.

    >>> meld_text(" qs  jd ; table:ks exchange 9s")
    'QS JD; 9S table:KS exchange'
    """
    steps = []
    for step in text.split(";"):
        hand: list[str] = []
        table: list[str] = []
        exchange = []
        for word in step.split():
            if word.lower() == "exchange":
                exchange.append("exchange")
                continue
            card = card_text(word)
            (table if card.startswith("table:") else hand).append(card)
        words = sorted(hand, key=_order) + sorted(table, key=_order) + exchange
        if words:
            steps.append(" ".join(words))
    return "; ".join(steps)


def _order(text: str) -> int:
    return Card.parse(text.removeprefix("table:")).index


def play_decision(game: Any) -> Decision:
    """The card to play at ``game`` (a ``pinosolve.game.Game``): the seat to move and each
    legal card once."""
    return Decision("play", game.to_move, tuple(dict.fromkeys(
        str(c) for c in game.legal_moves())))


class DecisionTable:
    """What every table shares: the decision pending (``decision``, made by the table's
    ``_next``) and ``apply``, which checks an answer against it and hands it to the table's
    ``_make``."""

    _pending: Optional[Decision]
    _shared: tuple[str, ...] = ()  # (attributes a copy shares: immutable, or caches)

    def __deepcopy__(self, memo: dict[int, Any]) -> DecisionTable:
        """An independent table in the same state (lists and tables of immutable values
        copied one level, the rest deep: a search's game has its own cheap copy)."""
        new = copy.copy(self)
        for key, value in self.__dict__.items():
            if key in self._shared:
                continue
            if isinstance(value, list):
                new.__dict__[key] = list(value)
            elif isinstance(value, dict):
                new.__dict__[key] = dict(value)
            else:
                new.__dict__[key] = copy.deepcopy(value, memo)
        return new

    @property
    def over(self) -> bool:  # pragma: no cover (each table says)
        raise NotImplementedError

    def decision(self) -> Optional[Decision]:
        """The decision pending, None when the round is over."""
        if self._pending is None and not self.over:
            self._pending = self._next()
        return self._pending

    def apply(self, choice: Any) -> Choice:
        """Make the pending decision with ``choice`` (checked: ``IllegalChoice``); returns
        the choice as the table spells it."""
        d = self.decision()
        if d is None:
            raise PinosolveError("the round is over: no decision is pending")
        made = d.check(choice)
        self._pending = None
        self._make(d, made)
        return made

    def _next(self) -> Decision:  # pragma: no cover (each table says)
        raise NotImplementedError

    def _make(self, d: Decision, made: Choice) -> None:  # pragma: no cover
        raise NotImplementedError
