"""Advice in the two-hand stock stage from one player's view: the other hand and the stock
unseen.

In the stock stage a player sees his hand, the cards played (both cards of every trick are
face up), and the turned trump card at the bottom of the stock; the other hand and the order
of the face-down stock are hidden. No duty to follow means play tells nothing of the other
hand, so every arrangement of the hidden cards (the other hand, then the face-down stock in
order) is as likely as a shuffle makes it. ``StockView`` is that view; ``advise_stock`` values
each card the viewer may play (or, having won a trick, each meld he may lay) over those
arrangements: each is solved with every card known (``pinosolve.analysis.stock``) and the
values averaged, exactly over every arrangement (weighted as a shuffle deals it) or over a
seeded sample. It is perfect-information Monte Carlo, with its known flaw (see
``pinosolve.analysis.advice``).

The view's keys (``STOCK_VIEW_KEYS``): ``variant``, ``trump``, ``seat`` (the viewer),
``hand`` (the cards he holds now), ``stock`` (the stock, top first, ``?`` for each face-down
card, the turned card last: ``"? ? ? QH"``), ``gone`` (the cards of the tricks before),
``leader`` and ``play`` (the card led to this trick, if one was), and ``to_meld`` (the viewer
has just won a trick, its cards among ``gone``, and lays his meld now; where the rules draw
before melding, the view is after both draws). As in ``solve --stock``, no melds are on the
table yet. Advice is for the player to move; ``infer_stock`` answers any view.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional, Union

from pinosolve.cards import NUM_CARDS, Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional

STOCK_VIEW_KEYS = ("variant", "trump", "seat", "hand", "stock", "gone", "leader", "play",
                   "to_meld")
MAX_SAMPLES = 20000

FUSION = ("perfect-information Monte Carlo: each arrangement is solved as if every card and "
          "the stock's order were known from here on (strategy fusion), which flatters "
          "plays that need a guess")


@dataclass(frozen=True, repr=False)
class StockChoice(Result):
    """One card (or meld) over the arrangements: ``advantage``, the viewer's points less the
    other's from here (meld laid and trick points), weighted mean; its ``stderr``;
    ``best_share`` (arrangements where it is best or ties); ``rank`` (1: the best) and
    ``close`` (not beaten significantly by the best: paired, two standard errors; exact,
    only an equal mean)."""

    advantage: float
    stderr: float
    best_share: float
    rank: int
    close: bool


@dataclass(frozen=True, repr=False)
class StockAdvice(Result):
    """Stock-stage advice (``advise_stock``): ``by_card`` {card: StockChoice} for a card to
    play, or ``by_meld`` {meld: StockChoice} (the meld as ``solve`` names it, ``no meld``
    for none) after a trick won; ``samples`` (the arrangements averaged), ``exact`` (every
    one, weighted), the ``seed`` of a sample, and the method's ``caveat``."""

    variant: str
    trump: Suit
    seat: str
    samples: int
    exact: bool
    caveat: str
    by_card: Optional[dict[Card, StockChoice]] = optional()
    by_meld: Optional[dict[str, StockChoice]] = optional()
    seed: Optional[int] = optional()

    _repr_keys = ("seat", "samples", "exact", "by_card", "by_meld")


class StockView:
    """One player's view of a stock-stage position (see the module), checked as it is built:
    ``PinosolveError`` in one line for a view no deal explains.

    >>> v = StockView({"variant": "two-hand", "trump": "H", "seat": "N", "hand": "AS KH",
    ...                "stock": "? QH", "leader": "N",
    ...                "gone": "TTKKQQJJ99.AATKQJJ9.AATTKKQQJJ99.AATTKKQQJJ99"})
    >>> v.arrangements()  # the other hand two of A♠ 10♥ 9♥, the third in the stock
    3
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        from pinosolve.analysis.view import held_cards
        from pinosolve.inputs import as_cards, as_variant, check_keys
        from pinosolve.seats import find_seat

        if not isinstance(view, Mapping):
            raise PinosolveError(f"a view is a table of keys, got {type(view).__name__}")
        check_keys(view, STOCK_VIEW_KEYS, "stock view")
        for key in ("variant", "trump", "seat", "hand", "stock"):
            if view.get(key) is None:
                raise PinosolveError(f"stock view: {key} is missing")
        v = self.variant = as_variant(view["variant"])
        if v.rules.deal.kitty_kind != "stock" or len(v.seats) != 2 or \
                v.rules.meld.sequence is None:
            raise PinosolveError(f"{v.id} has no stock stage (two hands and a stock to draw "
                                 "from, [meld.sequence])")
        trump = v.parse_trump(view["trump"])
        assert trump is not None  # (parse_trump names a suit unless told to allow none)
        self.trump: Suit = trump
        self.seat = find_seat(v.seats, view["seat"], "seat", v.id)
        self.me = v.seats.index(self.seat)
        to_meld = view.get("to_meld", False)
        if not isinstance(to_meld, bool):
            raise PinosolveError(f"to_meld: true or false, got {to_meld!r:.40}")
        self.to_meld = to_meld
        self.hand = [c.index for c in held_cards(v, view["hand"], "hand")]
        self.gone = [c.index for c in held_cards(v, view.get("gone") or (), "gone")]
        self.play = [c.index for c in as_cards(v, view.get("play"), "play")]
        self.slots = _stock(v, view["stock"])
        leader = view.get("leader")
        lead = None if leader is None else v.seats.index(find_seat(v.seats, leader, "leader",
                                                                      v.id))
        if len(self.play) > 1:
            raise PinosolveError("play: the card led to this trick, at most one")
        if self.play and to_meld:
            raise PinosolveError("to_meld: the trick is over when its winner melds; give "
                                 "its cards as gone, and no play")
        if self.play and lead is None:
            raise PinosolveError("play: give the seat that led it (leader)")
        if to_meld and lead is not None and lead != self.me:
            raise PinosolveError(f"to_meld: the trick's winner melds and leads next: "
                                 f"{self.seat}, not {v.seats[lead]}")
        # who leads this trick, and who is to move (the viewer's play, or the other's)
        self.leader = lead if lead is not None else self.me
        self.to_move = (self.leader + len(self.play)) % 2
        if v.rules.trick.stock_obligations != "none":
            raise PinosolveError(f"{v.id}: the stock stage has duties to follow "
                                 "[trick.stock_obligations], so the play tells of the other "
                                 "hand: its views are not modelled")
        if not self.hand:
            raise PinosolveError("hand: the viewer holds no card")
        if not self.slots or len(self.slots) % 2:
            raise PinosolveError(f"stock: {len(self.slots)} cards; a stock stage's stock "
                                 "holds an even number, two at least (each trick draws two)")
        turned = self.slots[-1]
        if turned is None:
            raise PinosolveError("stock: its last card is the turned trump card, face up: "
                                 "name it")
        if Card.from_index(turned).suit != trump:
            raise PinosolveError(f"stock: the turned card {Card.from_index(turned).symbol} is not "
                                 f"of the trump suit {trump.name}")
        deck = [0] * NUM_CARDS
        for c in v.deck:
            deck[c.index] += 1
        seen = [0] * NUM_CARDS
        for k in self.hand + self.gone + self.play + [k for k in self.slots if k is not None]:
            seen[k] += 1
        over = [k for k in range(NUM_CARDS) if seen[k] > deck[k]]
        if over:
            raise PinosolveError(f"hand, gone, play and stock: more "
                                 f"{Card.from_index(over[0]).symbol} than the {v.id} deck holds")
        self.hidden = [deck[k] - seen[k] for k in range(NUM_CARDS)]
        dealt = v.rules.deal.hand_size
        if len(self.hand) > dealt:
            raise PinosolveError(f"hand: {len(self.hand)} cards, but {v.id} deals {dealt} "
                                 "[deal.hand_size]: a hand never holds more in the stock stage")
        if len(self.slots) > v.rules.deal.kitty:
            raise PinosolveError(f"stock: {len(self.slots)} cards, but {v.id}'s stock holds "
                                 f"{v.rules.deal.kitty} [deal.kitty]")
        # the tricks played from the stock so far (each drew two cards), and the one now
        drawn = (v.rules.deal.kitty - len(self.slots)) // 2
        seq = v.rules.meld.sequence
        assert seq is not None
        if to_meld:  # the trick won: drawn for already, where the rules draw first
            self.trick_number = drawn if seq.draw_before_meld else drawn + 1
            if self.trick_number < 1 or len(self.gone) < 2:
                raise PinosolveError("to_meld: no trick has been won yet (the stock is whole, "
                                     "or fewer than two cards are gone); where the rules draw "
                                     "before melding [meld.sequence.draw_before_meld], give "
                                     "the view after both draws")
        else:
            self.trick_number = drawn + 1
        # the other hand's size: as many as the viewer's once this trick is complete
        # (one card on the table: the viewer's, so the other holds one more; or his, one fewer)
        self.other = len(self.hand) + ((1 if self.leader == self.me else -1) if self.play
                                       else 0)
        unknown = self.slots.count(None)
        if sum(self.hidden) != self.other + unknown:
            raise PinosolveError(
                f"hand, gone, play and stock: {sum(self.hidden)} cards unseen, but the other "
                f"hand ({self.other}, as many as the viewer's after this trick) and the "
                f"face-down stock ({unknown}) hold {self.other + unknown}; give every card "
                "of the tricks before as gone")

    def arrangements(self) -> int:
        """The distinct arrangements of the hidden cards: the other hand, then the stock's
        face-down cards in order (copies of a card alike): for each other hand, the distinct
        orders of the cards left, summed over the kinds' splits."""
        unknown = self.slots.count(None)
        # ways[h]: the sum over splits giving the other hand h cards of prod 1/(stock copies)!
        ways: dict[int, Fraction] = {0: Fraction(1)}
        for n in self.hidden:
            if not n:
                continue
            nxt: dict[int, Fraction] = {}
            for held, w in ways.items():
                for h in range(min(n, self.other - held) + 1):
                    nxt[held + h] = nxt.get(held + h, Fraction(0)) + \
                        w / math.factorial(n - h)
            ways = nxt
        return int(ways.get(self.other, Fraction(0)) * math.factorial(unknown))

    def shuffles(self) -> int:
        """The orderings of the hidden physical cards that a shuffle tells apart here: which
        of them the other hand holds, and the stock's order."""
        unknown = self.slots.count(None)
        return math.comb(self.other + unknown, self.other) * math.factorial(unknown)

    def _every(self) -> Iterator[tuple[tuple[list[int], list[int]], int]]:
        """Each arrangement (the other hand, the unseen stock cards in order) and its weight
        as a shuffle deals it (proportional to the orderings of the hidden physical cards
        that give it)."""
        kinds = [k for k in range(NUM_CARDS) if self.hidden[k]]

        def hands(i: int, left: int) -> Iterator[list[int]]:
            if i == len(kinds):
                if left == 0:
                    yield []
                return
            k = kinds[i]
            for n in range(min(left, self.hidden[k]), -1, -1):
                for rest in hands(i + 1, left - n):
                    yield [k] * n + rest

        for hand in hands(0, self.other):
            rest = list(self.hidden)
            for k in hand:
                rest[k] -= 1
            weight = math.prod(math.comb(self.hidden[k], hand.count(k)) *
                               math.factorial(self.hidden[k] - hand.count(k))
                               for k in kinds)
            for order in _orders(rest):
                yield (hand, order), weight

    def _sample(self, n: int, seed: int) -> Iterator[tuple[tuple[list[int], list[int]], int]]:
        rng = random.Random(seed)
        cards = [k for k in range(NUM_CARDS) for _ in range(self.hidden[k])]
        for _ in range(n):
            rng.shuffle(cards)
            yield (sorted(cards[:self.other]), cards[self.other:]), 1

    def position(self, other: Sequence[int], unseen: Sequence[int]) -> Any:
        """The open-stock position of one arrangement."""
        from pinosolve.analysis.stock import StockPosition

        fill = iter(unseen)
        stock = [c if c is not None else next(fill) for c in self.slots]
        hands = [list(self.hand), list(other)]
        if self.me == 1:
            hands.reverse()
        return StockPosition(self.variant, self.trump, hands, stock, self.leader,
                             list(self.play), trick_number=self.trick_number)


def infer_stock(view: Union[Mapping[str, Any], StockView]) -> Any:
    """What the other hand and the face-down stock may and must hold, from a stock-stage view
    (see the module): an ``Inference`` (``pinosolve.analysis.hidden``) whose ``unseen`` pile
    is the face-down stock. With no duty to follow, a card is certain in a place only where
    the other cannot hold all its hidden copies."""
    from pinosolve.analysis.hidden import Inference, SeatInference

    v = view if isinstance(view, StockView) else StockView(view)
    unknown = v.slots.count(None)

    def place(size: int, other: int, why: tuple[str, ...]) -> SeatInference:
        possible = tuple(Card.from_index(k) for k in range(NUM_CARDS)
                         if v.hidden[k] and size)
        certain = tuple(Card.from_index(k) for k in range(NUM_CARDS)
                        for _ in range(max(0, v.hidden[k] - other)))
        suits = {c.suit for c in possible}
        return SeatInference(size, possible, certain,
                             tuple(x for x in Suit if x not in suits), why)

    seats = v.variant.seats
    why = ("the stock stage has no duty to follow: the play tells nothing of this hand",)
    return Inference(v.variant.id, v.trump, v.seat, seats[v.to_move],
                     {seats[1 - v.me]: place(v.other, unknown, why)}, v.arrangements(),
                     v.shuffles(), place(unknown, v.other, ("the face-down stock, in an "
                                                            "order not known",)))


def _orders(counts: list[int]) -> Iterator[list[int]]:
    """Every distinct order of a multiset of cards (``counts`` per card)."""
    total = sum(counts)
    if total == 0:
        yield []
        return
    for k in range(NUM_CARDS):
        if counts[k]:
            counts[k] -= 1
            for rest in _orders(counts):
                yield [k] + rest
            counts[k] += 1


def _stock(v: Any, given: Any) -> list[Optional[int]]:
    """The stock, top first: a card, or None for a face-down one (``?``)."""
    if isinstance(given, str):
        given = given.replace(",", " ").split()
    if not isinstance(given, (list, tuple)):
        raise PinosolveError(f"stock: expected cards and ?, got {given!r:.60}")
    out: list[Optional[int]] = []
    for token in given:
        if token == "?":
            out.append(None)
            continue
        try:
            out.append(Card.parse(token).index)
        except PinosolveError as exc:
            raise PinosolveError(f"stock: {exc}") from None
    from pinosolve.cards import Hand

    known = [Card.from_index(c) for c in out if c is not None]
    v.check_hand(Hand(known), "stock")
    return out


def advise_stock(view: Union[Mapping[str, Any], StockView], samples: int = 200,
                 seed: Optional[int] = None, exact: bool = False, limit: int = 20000,
                 timeout: Optional[float] = None,
                 on_deal: Optional[Callable[[int, int], None]] = None) -> StockAdvice:
    """Which card to play, or (``to_meld``) which meld to lay, in the stock stage, seeing one
    hand (see the module). ``exact``: every arrangement, weighted (refused above ``limit``);
    otherwise ``samples`` drawn from ``seed`` (None: a fresh one, named in the answer).
    ``timeout``: seconds per arrangement; one that runs out is a ``PinosolveError``.
    ``on_deal(solved, arrangements)`` is called as each arrangement is solved."""
    from pinosolve.analysis.stock import _Search
    from pinosolve.inputs import as_whole
    from pinosolve.play.budget import check_timeout
    from pinosolve.play.engine import SearchTimeout
    from pinosolve.variants.shuffle import check_seed, fresh_seed

    v = view if isinstance(view, StockView) else StockView(view)
    if v.to_move != v.me:
        seats = v.variant.seats
        raise PinosolveError(f"advice is for the player to move: {seats[v.to_move]} is to "
                             f"play, not {v.seat}")
    timeout = check_timeout(timeout)
    if exact:
        limit = as_whole(limit, "limit")
        deals = list(_limited(v._every(), limit))
        used_seed = None
    else:
        samples = as_whole(samples, "samples")
        if not 1 <= samples <= MAX_SAMPLES:
            raise PinosolveError(f"samples must be from 1 to {MAX_SAMPLES}, got {samples}")
        used_seed = fresh_seed() if seed is None else check_seed(seed)
        deals = list(v._sample(samples, used_seed))
    sign = 1 if v.me == 0 else -1
    rows: list[tuple[int, dict[Any, int]]] = []
    for (other, unseen), weight in deals:
        pos = v.position(other, unseen)
        pos.check()
        search = _Search(v.variant, v.trump,
                         None if timeout is None else time.perf_counter() + timeout)
        try:
            if v.to_meld:
                values: dict[Any, int] = {choice.describe(): x
                                          for choice, x in search.meld_values(pos, v.me)}
            else:
                values = {}
                for c, from_table in search.cards(pos, v.me):
                    values[Card.from_index(c)] = search.after_card(pos, c, from_table)
        except SearchTimeout:
            raise PinosolveError(f"stock stage: an arrangement's search did not finish in "
                                 f"{timeout} s") from None
        rows.append((weight, {k: sign * x for k, x in values.items()}))
        if on_deal is not None:
            on_deal(len(rows), len(deals))
    tally = _tally(rows, exact)
    if v.to_meld:
        return StockAdvice(v.variant.id, v.trump, v.seat, len(rows), exact, FUSION,
                           by_meld=tally, seed=used_seed)
    return StockAdvice(v.variant.id, v.trump, v.seat, len(rows), exact, FUSION,
                       by_card=tally, seed=used_seed)


def _limited(deals: Iterator[Any], limit: int) -> Iterator[Any]:
    for i, d in enumerate(deals):
        if i >= limit:
            raise PinosolveError(f"exact: more than {limit} arrangements of the hidden cards; "
                                 "sample them instead")
        yield d


def _tally(rows: list[tuple[int, dict[Any, int]]], exact: bool) -> dict[Any, StockChoice]:
    """Each choice's weighted mean over the arrangements, best first."""
    weights = [w for w, _ in rows]
    total = sum(weights)
    keys = list(rows[0][1])
    values = {k: [r[k] for _, r in rows] for k in keys}
    means = {k: sum(w * x for w, x in zip(weights, values[k])) / total for k in keys}
    order = sorted(keys, key=lambda k: (-means[k], keys.index(k)))
    tops = [max(r.values()) for _, r in rows]

    def stderr(xs: Sequence[float]) -> float:
        if exact or len(xs) < 2:
            return 0.0
        m = sum(xs) / len(xs)
        return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))

    best = order[0]
    out = {}
    for rank, k in enumerate(order, 1):
        gap = means[best] - means[k]
        close = gap == 0 or (not exact and gap <= 2 * stderr(
            [b - x for b, x in zip(values[best], values[k])]))
        share = sum(w for w, x, t in zip(weights, values[k], tops) if x == t) / total
        out[k] = StockChoice(round(means[k], 4), round(stderr(values[k]), 4),
                             round(share, 4), rank, close)
    return out
