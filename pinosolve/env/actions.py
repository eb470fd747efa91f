"""The actions of a variant's OpenSpiel game: numbers for every choice a table offers.

The layout, in order (``ActionMap.layout()`` gives each block's first action and size):

- ``card``: one action per card type of the deck, in deck order (suits S H D C, ranks as the
  rules file lists them): 24 for a single deck, 20 for the 80-card deck. A card dealt or
  drawn (chance), played, passed, laid away, or called.
- ``table_card`` (stock variants only): a card played from one's melds on the table.
- ``trump``: the four suits, S H D C.
- ``call``: ``pass``, ``misdeal``, then each bid from the rules' minimum to the highest bid a
  table offers (``pinosolve.table.state.bid_ceiling``).
- ``meld``: ``show`` (the best meld, as the table offers it) and ``none``; in a stock variant,
  the meld offered after a trick won by its rank among that decision's choices (the most
  points first; ``action_to_string`` names the cards).
- ``throw_in``: ``play`` and ``throw_in``.  ``draw``: ``top`` and ``turned``.

>>> from pinosolve import load_variant
>>> a = ActionMap(load_variant("four-hand"))
>>> a.cards, a.action_of("call", "pass"), a.text(a.action_of("play", "TH"))
(24, 28, 'TH')
"""

from __future__ import annotations

from pinosolve.cards import Card
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import Variant

SUITS = ("S", "H", "D", "C")
# the most meld choices a stock decision is offered, as ranks (measured: docs/env.md)
STOCK_MELD_CHOICES = 160


class ActionMap:
    """See the module: ``action_of(kind, choice)`` from a
    ``Decision``'s choice text to its action number; ``text(action)`` names an action."""

    def __init__(self, v: Variant, stock_melds: int = STOCK_MELD_CHOICES) -> None:
        from pinosolve.table.state import bid_ceiling

        self.variant = v
        self.card_indexes = [k for k, n in enumerate(v.deck.counts) if n]
        self.cards = len(self.card_indexes)
        self._card_action = {k: a for a, k in enumerate(self.card_indexes)}
        self._card_text = [str(Card.from_index(k)) for k in self.card_indexes]
        self._card_of_text = {t: a for a, t in enumerate(self._card_text)}
        self.stock = v.rules.deal.kitty_kind == "stock"
        at = self.cards
        self.table_card = at
        at += self.cards if self.stock else 0
        self.trump = at
        at += 4
        self.call = at
        self.minimum = v.rules.bidding.minimum
        self.top = bid_ceiling(v)
        self.bids = self.top - self.minimum + 1 if v.rules.bidding.enabled else 0
        at += 2 + self.bids
        self.meld = at
        self.meld_choices = stock_melds if self.stock else 2
        at += self.meld_choices
        self.throw_in = at
        at += 2
        self.draw = at
        at += 2
        self.size = at

    def layout(self) -> dict[str, tuple[int, int]]:
        """Each block's first action and its size."""
        return {"card": (0, self.cards), "table_card": (self.table_card,
                                                         self.cards if self.stock else 0),
                "trump": (self.trump, 4), "call": (self.call, 2 + self.bids),
                "meld": (self.meld, self.meld_choices), "throw_in": (self.throw_in, 2),
                "draw": (self.draw, 2)}

    def card_action(self, index: int) -> int:
        """The action of card ``index`` (``Card.index``)."""
        return self._card_action[index]

    def card_index(self, action: int) -> int:
        """The ``Card.index`` of a card action."""
        return self.card_indexes[action]

    def action_of(self, kind: str, choice: str, choices: tuple[str, ...] = ()) -> int:
        """The action of ``choice`` at a decision of ``kind`` (``choices``: the decision's,
        for a stock meld, ranked)."""
        if kind in ("play", "call_card", "pass", "lay_away"):
            if choice.startswith("table:"):
                return self.table_card + self._card_of_text[choice[6:]]
            return self._card_of_text[choice]
        if kind == "trump":
            return self.trump + SUITS.index(choice)
        if kind == "call":
            if choice == "pass":
                return self.call
            if choice == "misdeal":
                return self.call + 1
            value = int(choice)
            if not self.minimum <= value <= self.top:
                raise PinosolveError(f"a bid of {value} is outside the game's actions "
                                     f"({self.minimum} to {self.top})")
            return self.call + 2 + value - self.minimum
        if kind == "meld":
            if not self.stock:
                return self.meld + (1 if choice == "" else 0)
            k = choices.index(choice)
            if k >= self.meld_choices:
                raise PinosolveError(f"meld: choice {k + 1} of {len(choices)} is past the "
                                     f"game's {self.meld_choices} meld actions")
            return self.meld + k
        if kind == "throw_in":
            return self.throw_in + (1 if choice == "throw_in" else 0)
        if kind == "draw":
            return self.draw + (1 if choice == "turned" else 0)
        raise AssertionError(kind)  # pragma: no cover

    def block(self, action: int) -> str:
        """The block an action belongs to."""
        for name, (first, size) in self.layout().items():
            if first <= action < first + size:
                return name
        raise PinosolveError(f"action {action} is outside the game's {self.size} actions")

    def text(self, action: int) -> str:
        """The action as the table spells its choice (a stock meld: ``meld #k``)."""
        block = self.block(action)
        if block == "card":
            return self._card_text[action]
        if block == "table_card":
            return "table:" + self._card_text[action - self.table_card]
        if block == "trump":
            return SUITS[action - self.trump]
        if block == "call":
            k = action - self.call
            return "pass" if k == 0 else "misdeal" if k == 1 else str(self.minimum + k - 2)
        if block == "meld":
            k = action - self.meld
            return f"meld #{k + 1}" if self.stock else ("show", "none")[k]
        if block == "throw_in":
            return ("play", "throw_in")[action - self.throw_in]
        return ("top", "turned")[action - self.draw]
