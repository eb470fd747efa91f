"""The two-hand stock stage as a game: tricks with no duty to follow, the draws, the meld.

Sources 000, 002 and 004 play two-hand pinochle in two stages. While a stock lasts (stage 1)
"the dealer then plays any card from his hand to the trick (not required to follow suit or
trump)"; "the winner of the trick takes the top card of the stock ... the loser of the trick
then takes the next card"; "the winner of the trick is now allowed to meld" (source 004: "Upon
winning a trick, and before drawing"); a melded card may be led or played from the table;
"when the stock is down to one face down card and the remaining trump card" its winner takes
the face-down card (or chooses, source 002); then the melds go back to the hands and the
play-off (stage 2) is trick play with its duties, which the double-dummy search solves.

``StockPosition`` is a position of that game with every card known, the stock's order
included (an *open stock*): each hand, the melded cards on the table (a
``pinosolve.meld.sequence.Checker`` per player, which applies the variant's
``[meld.sequence]`` rules: one meld per trick won, reuse, upgrades, broken melds, the dix
exchange, a dix declared as played), the stock top first with the turned trump card last, the
leader and the card led. ``solve_stock`` values it: the *margin* of the first seat over the
second from here, meld laid and trick points (the last trick's bonus included), each player
playing for the largest margin of his own (the reading chosen: a hand is won by points, and
the sources score each player's own), every draw known. The stage-2 positions at the leaves
are solved by the double-dummy search.

The search is alpha-beta over every card, every draw choice and every legal meld (with "no
meld"), fail-soft, the proved bounds kept per position; the higher cards are tried first;
each player's meld choices are kept per hand and melds; the play-offs share one double-dummy
search and table (``pinosolve.play.driver.Session``). It is meant for positions a few tricks
from the end of the stock (``bench/stock.py`` measures how far it reaches).
"""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field
from typing import Any, Optional
from collections.abc import Sequence

from pinosolve.cards import NUM_CARDS, Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.meld.sequence import Checker
from pinosolve.play.engine import SearchTimeout
from pinosolve.play.rules import NRANK, PlayRules
from pinosolve.results import Result
from pinosolve.variants.variant import Variant

INF = float("inf")


@dataclass
class StockPosition:
    """A stage-1 position, every card known (see the module). ``hands``: the cards each
    player holds in hand (not on the table); ``checkers``: each player's melds on the table;
    ``stock``: top first, the turned trump card last; ``leader`` (0 or 1) and ``trick`` (the
    card led, or empty); ``trick_number`` the number of the trick being played (from 1)."""

    variant: Variant
    trump: Suit
    hands: list[list[int]]
    stock: list[int]
    leader: int
    trick: list[int] = field(default_factory=list)
    checkers: list[Checker] = field(default_factory=list)
    trick_number: int = 1

    def __deepcopy__(self, memo: dict[int, Any]) -> StockPosition:
        return _copy(self)

    def __post_init__(self) -> None:
        if not self.checkers and self.variant.rules.meld.sequence is not None:
            self.checkers = [Checker(self.variant, self.trump) for _ in range(2)]

    def check(self) -> None:
        """A one-line ``PinosolveError`` for a position the stock stage cannot reach: a
        stock of an odd number of cards, hands of other sizes than the trick leaves, more
        copies of a card than the deck holds, a trick of two cards."""
        v = self.variant
        if v.rules.deal.kitty_kind != "stock" or not self.checkers:
            raise PinosolveError(f"{v.id} has no stock stage")
        if len(v.seats) != 2 or len(self.hands) != 2:
            raise PinosolveError(f"{v.id}: the stock stage is for two hands, and it seats "
                                 f"{len(v.seats)}")
        if len(self.stock) % 2 or not self.stock:
            raise PinosolveError(f"stock: {len(self.stock)} cards; a stock stage's stock holds "
                                 "an even number, two at least (each trick draws two)")
        if len(self.trick) > 1 or self.leader not in (0, 1):
            raise PinosolveError("trick: at most the card led, by the leader (0 or 1)")
        if self.stock[-1] // 6 != int(self.trump):
            raise PinosolveError(f"stock: its last card is the one turned for trump, so a "
                                 f"{self.trump.name} card, not "
                                 f"{Card.from_index(self.stock[-1]).symbol}")
        sizes = [len(h) + len(self.table(p)) for p, h in enumerate(self.hands)]
        sizes[self.leader] += len(self.trick)
        if sizes[0] != sizes[1] or not sizes[0]:
            raise PinosolveError(f"hands: {sizes[0]} and {sizes[1]} cards with the melds and "
                                 "the card led; both hold as many, one at least")
        counts = [0] * NUM_CARDS
        for c in [*self.hands[0], *self.hands[1], *self.stock, *self.trick,
                  *self.table(0), *self.table(1)]:
            counts[c] += 1
        deck = v.deck.counts
        over = [Card.from_index(k).symbol for k in range(NUM_CARDS) if counts[k] > deck[k]]
        if over:
            raise PinosolveError(f"cards: more {over[0]} than the {v.id} deck holds")

    def table(self, p: int) -> list[int]:
        """The melded cards of player ``p`` still on the table."""
        return sorted(c.card.index for c in self.checkers[p].copies if c.on_table)

    def key_of(self, p: int) -> tuple:
        """Player ``p``'s part of ``key``: his hand and his melds."""
        return tuple(sorted(self.hands[p])), _melds_key(self.checkers[p])

    def key(self) -> tuple:
        return (tuple(tuple(sorted(h)) for h in self.hands), tuple(self.stock), self.leader,
                tuple(self.trick), _melds_key(self.checkers[0]), _melds_key(self.checkers[1]))


@dataclass(frozen=True)
class MeldChoice:
    """What a trick's winner lays: the steps (each a sequence-file step: ``meld`` from the
    hand, ``table`` already melded, ``exchange`` for a dix exchanged), and their points."""

    steps: tuple[tuple[tuple[str, ...], tuple[str, ...], bool], ...]
    points: int

    def describe(self) -> str:
        if not self.steps:
            return "no meld"
        parts = []
        for hand, table, exchange in self.steps:
            cards = " ".join(Card.parse(c).symbol for c in (*hand, *table))
            parts.append(cards + (" (dix exchanged for the turned card)" if exchange else ""))
        return "; ".join(parts) + f" = {self.points}"


@dataclass(frozen=True, repr=False)
class StockResult(Result):
    """An open-stock analysis of a stage-1 position (``solve_stock``): the first seat's
    points less the second's from here with best play by both (``advantage``: meld laid and
    trick points, the last trick's bonus included), the same after each legal card of the
    player to move (``card_advantages``), the stock as it was (``stock``, top first), the
    search's size and time."""

    variant: str
    trump: Suit
    to_move: str
    first: str
    advantage: int
    card_advantages: dict[Card, int]
    stock: tuple[Card, ...]
    nodes: int
    seconds: float

    _repr_keys = ("to_move", "first", "advantage", "card_advantages")


class _Window:
    """One player's fail-soft search over his choices: the best value so far for the first
    seat (``maximiser``) or the second, and the window (``alpha``, ``beta``) it narrows."""

    def __init__(self, maximiser: bool, alpha: float, beta: float) -> None:
        self.maximiser, self.alpha, self.beta = maximiser, alpha, beta
        self.best = -INF if maximiser else INF

    def take(self, x: float) -> bool:
        """One choice's value; True once the window has closed (the rest need no search)."""
        if self.maximiser:
            self.best = max(self.best, x)
            self.alpha = max(self.alpha, x)
        else:
            self.best = min(self.best, x)
            self.beta = min(self.beta, x)
        return self.alpha >= self.beta


class _Search:
    def __init__(self, v: Variant, trump: Suit, deadline: Optional[float]) -> None:
        from pinosolve.meld.model import _all_options

        self.v, self.trump = v, trump
        self.rules1 = PlayRules.of(v, 1)
        self.seq = v.rules.meld.sequence
        if self.seq is None:
            raise PinosolveError(f"{v.id} has no stock stage melding ([meld.sequence])")
        self.options = _all_options(v, trump)
        self.memo: dict[tuple, tuple[float, float]] = {}  # proved (lower, upper) bounds
        self.stage2: dict[tuple, int] = {}
        self.nodes = 0
        self.deadline = deadline
        self.session: Any = None  # the play-offs' search (pinosolve.play.driver.Session)
        # each position's meld choices (shared: a choice's checker, hand and stock are
        # copied before they change)
        self.melds: dict[tuple, list[tuple[MeldChoice, Checker, list[int], list[int]]]] = {}

    def tick(self) -> None:
        self.nodes += 1  # (few nodes, each costly: the clock is read at every one)
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout

    # --- stage 2 -----------------------------------------------------------------------

    def play_off(self, hands: Sequence[Sequence[int]], leader: int) -> int:
        """The first seat's trick-point margin in the play-off from these hands."""
        key = (tuple(tuple(sorted(h)) for h in hands), leader)
        got = self.stage2.get(key)
        if got is not None:
            return got
        if not any(hands):
            return 0
        from pinosolve.play.budget import Budget
        from pinosolve.play.position import Position

        if self.session is None:  # one search and table for every play-off of the hand
            from pinosolve.play.driver import Session

            self.session = Session(PlayRules.of(self.v, 2), int(self.trump), (0, 1),
                                   budgeted=self.deadline is not None)
        total = sum(self.rules1.points[c] for h in hands for c in h) + \
            self.v.rules.points.last_trick
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if left is not None and left <= 0:
            raise SearchTimeout
        pos = Position([sorted(h) for h in hands], leader, [], (0, 1), int(self.trump))
        taken = self.session.solve(pos, value_only=True, budget=Budget(left),
                                   line=False).value
        if taken is None:  # (the play-off ran out of the time left)
            raise SearchTimeout
        first = taken if leader == 0 else total - taken
        out = first - (total - first)
        self.stage2[key] = out
        return out

    # --- melds ---------------------------------------------------------------------------

    def meld_choices(self, pos: StockPosition, p: int) -> list[tuple[MeldChoice, Checker,
                                                                     list[int], list[int]]]:
        """Every meld the trick's winner ``p`` may lay now (one, or a free kind beside it,
        before or after it: source 002's "the card taken from the bottom may be used
        immediately in meld", or none), as (choice, his checker after it, his hand after it,
        the stock after it)."""
        mine = pos.checkers[p]
        key = (p, pos.key_of(p), tuple(pos.stock), pos.trick_number,
               pos.trick_number in mine.declared_on, pos.trick_number in mine.trick_melds)
        got = self.melds.get(key)
        if got is not None:
            return got
        out = [(MeldChoice((), 0), copy.deepcopy(pos.checkers[p]), list(pos.hands[p]),
                list(pos.stock))]
        firsts = self._steps(pos.checkers[p], pos.hands[p], pos.stock, pos.trick_number)
        seen: set[tuple] = set()
        for step, pts, ch, hand, stock, free in firsts:
            out.append((MeldChoice((step,), pts), ch, hand, stock))
            for step2, pts2, ch2, hand2, stock2, _ in self._steps(
                    ch, hand, stock, pos.trick_number, free=None if free else True):
                pair = ((step, step2), pts + pts2)
                if pair in seen:
                    continue
                seen.add(pair)
                out.append((MeldChoice((step, step2), pts + pts2), ch2, hand2, stock2))
        self.melds[key] = out
        return out

    def _steps(self, checker: Checker, hand: list[int], stock: list[int], trick: int,
               free: Optional[bool] = False) -> list[tuple]:
        """Each single meld step that stands: (step, points, checker, hand, stock, whether
        it is a free kind). ``free``: True, free kinds only; None, any kind but a free one
        (a meld after the free kind); False, any."""
        assert self.seq is not None
        held = [0] * NUM_CARDS
        for c in hand:
            held[c] += 1
        table = [0] * NUM_CARDS
        for copy_ in checker.copies:
            if copy_.on_table:
                table[copy_.card.index] += 1
        out = []
        for o in self.options:
            is_free = o.kind in self.seq.free_kinds
            if (free is True and not is_free) or (free is None and is_free):
                continue
            need = o.counts
            if any(need[c] > held[c] + table[c] for c in range(NUM_CARDS)):
                continue
            cards = [c for c in range(NUM_CARDS) if need[c]]
            ranges = [range(max(0, need[c] - held[c]), min(need[c], table[c]) + 1)
                      for c in cards]
            for split in itertools.product(*ranges):
                from_table = [c for c, t in zip(cards, split) for _ in range(t)]
                from_hand = [c for c, t in zip(cards, split) for _ in range(need[c] - t)]
                exchanges = [False]
                if o.kind in self.seq.free_kinds and self.seq.dix_exchange != "none" and \
                        stock and not checker.dix_exchanged:
                    exchanges = [False, True]
                for exchange in exchanges:
                    got = self._try(checker, hand, stock, trick, from_hand, from_table,
                                    exchange)
                    if got is not None:
                        out.append((*got, is_free))
        return out

    def _try(self, checker: Checker, hand: list[int], stock: list[int], trick: int,
             from_hand: list[int], from_table: list[int], exchange: bool) -> Optional[tuple]:
        ch = copy.deepcopy(checker)
        names = tuple(str(Card.from_index(c)) for c in from_hand)
        table = tuple(str(Card.from_index(c)) for c in from_table)
        step: dict[str, Any] = {"meld": list(names), "trick": trick}
        if table:
            step["table"] = list(table)
        if exchange:
            step["exchange"] = True
        res = ch.meld(len(ch.melds) + 1, step)
        if res.violations:
            return None
        new_hand = list(hand)
        for c in from_hand:
            new_hand.remove(c)
        new_stock = list(stock)
        if exchange:  # the dix goes under the stock, the turned card into the hand
            new_hand.append(new_stock[-1])
            new_stock[-1] = from_hand[0]
            dix = next(i for i in range(len(ch.copies) - 1, -1, -1)
                       if ch.copies[i].card.index == from_hand[0] and ch.copies[i].on_table)
            ch.copies[dix].on_table = False
            ch.under = dix  # (drawn back by him, it is the same card, its dix scored)
        return ((names, table, exchange), res.points, ch, sorted(new_hand), new_stock)

    # --- the game tree -------------------------------------------------------------------

    def value(self, pos: StockPosition, alpha: float = -INF, beta: float = INF) -> int:
        """The first seat's margin from here, fail-soft within (``alpha``, ``beta``): exact
        inside the window; outside, a bound on the side of the window it falls (at most
        ``alpha``, or at least ``beta``). Proved bounds are kept per position."""
        self.tick()
        key = pos.key()
        lo, hi = self.memo.get(key, (-INF, INF))
        if lo >= beta or lo == hi:
            return int(lo)
        if hi <= alpha:
            return int(hi)
        mover = (pos.leader + len(pos.trick)) % 2
        window = _Window(mover == 0, max(alpha, lo), min(beta, hi))
        for card, from_table in self._ordered(pos, mover):
            if window.take(self.after_card(pos, card, from_table, window.alpha,
                                           window.beta)):
                break
        self._store(key, lo, hi, window.best, alpha, beta)
        return int(window.best)

    def _store(self, key: tuple, lo: float, hi: float, best: float, alpha: float,
               beta: float) -> None:
        if best <= alpha:  # failed low: an upper bound
            hi = min(hi, best)
        elif best >= beta:  # failed high: a lower bound
            lo = max(lo, best)
        else:
            lo = hi = best
        self.memo[key] = (lo, hi)

    def _ordered(self, pos: StockPosition, p: int) -> list[tuple[int, bool]]:
        """``cards``, the likelier best first: the higher cards (they win tricks and
        counters), which makes the window close sooner."""
        strength, points = self.rules1.strength, self.rules1.points
        return sorted(self.cards(pos, p),
                      key=lambda ct: (-points[ct[0]], strength[ct[0] % NRANK]))

    def cards(self, pos: StockPosition, p: int) -> list[tuple[int, bool]]:
        """What player ``p`` may play: (card, from the table?) for each distinct card of
        his hand and of his melds on the table that the rules allow (a card in both, both
        ways: played from the table it breaks its melds)."""
        from pinosolve.play.legality import legal_plays

        hand, table = set(pos.hands[p]), set(pos.table(p))
        legal, _ = legal_plays(self.rules1, sorted(hand | table), pos.trick, int(self.trump))
        return [(c, t) for c in legal for t in (False, True)
                if (c in table if t else c in hand)]

    def after_card(self, pos: StockPosition, card: int, from_table: bool = False,
                   alpha: float = -INF, beta: float = INF) -> int:
        """The first seat's margin from here after the mover plays ``card`` (from his hand,
        or ``from_table``), fail-soft within (``alpha``, ``beta``) as ``value``."""
        mover = (pos.leader + len(pos.trick)) % 2
        nxt = _copy(pos)
        gain = self._play(nxt, mover, card, from_table)
        if len(nxt.trick) < 2:
            return gain + self.value(nxt, alpha - gain, beta - gain)
        rules = self.rules1
        w = (nxt.leader + rules.winner(nxt.trick, int(self.trump))) % 2
        won = sum(rules.points[c] for c in nxt.trick)
        gain += won if w == 0 else -won
        nxt.trick = []
        nxt.leader = w
        return gain + self.after_trick(nxt, w, alpha - gain, beta - gain)

    def _play(self, pos: StockPosition, p: int, card: int, from_table: bool) -> int:
        """Play ``card`` of player ``p``: from the hand, or from the table (breaking its
        melds); a dix from the hand declared where the rules allow. Returns the first
        seat's points the declaration gives."""
        pos.trick.append(card)
        name = str(Card.from_index(card))
        if not from_table:
            pos.hands[p].remove(card)
            assert self.seq is not None
            if self.seq.dix_as_played:
                res = pos.checkers[p].declared(len(pos.checkers[p].melds) + 1,
                                               {"declared": name,
                                                "trick": pos.trick_number})
                if not res.violations and res.points:
                    return res.points if p == 0 else -res.points
            return 0
        pos.checkers[p].played(0, {"played": name})
        return 0

    def after_trick(self, pos: StockPosition, w: int, alpha: float = -INF,
                    beta: float = INF) -> int:
        """The draws and the winner's meld (in the rules' order), then the next trick or the
        play-off; fail-soft within (``alpha``, ``beta``) as ``value``."""
        assert self.seq is not None
        if not self.seq.draw_before_meld:
            return self._best_meld(pos, w, alpha, beta)
        window = _Window(w == 0, alpha, beta)
        for take in self._draws(pos, w):
            after_draw = _copy(pos)
            self._draw(after_draw, w, take)
            if window.take(self._best_meld(after_draw, w, window.alpha, window.beta)):
                break
        return int(window.best)

    def _best_meld(self, pos: StockPosition, w: int, alpha: float, beta: float) -> int:
        """The best of ``meld_values`` for the winner ``w``, fail-soft within the window."""
        window = _Window(w == 0, alpha, beta)
        for choice, ch, hand, stock in self.meld_choices(pos, w):
            if window.take(self._after_meld(pos, w, choice, ch, hand, stock, window.alpha,
                                            window.beta)):
                break
        return int(window.best)

    def meld_values(self, pos: StockPosition, w: int) -> list[tuple[MeldChoice, int]]:
        """Each meld the trick's winner ``w`` may lay at ``pos`` (after the trick, and after
        the draws where the rules draw before melding), with the first seat's margin from
        here after it, exactly: its points, the draws still to come, the next trick or the
        play-off."""
        return [(choice, self._after_meld(pos, w, choice, ch, hand, stock, -INF, INF))
                for choice, ch, hand, stock in self.meld_choices(pos, w)]

    def _after_meld(self, pos: StockPosition, w: int, choice: MeldChoice, ch: Checker,
                    hand: list[int], stock: list[int], alpha: float, beta: float) -> int:
        assert self.seq is not None
        gain = choice.points if w == 0 else -choice.points
        window = _Window(w == 0, alpha - gain, beta - gain)
        for take in [None] if self.seq.draw_before_meld else self._draws(pos, w):
            nxt = _copy(pos)  # (the choice's checker, hand and stock are shared: copied)
            nxt.checkers[w], nxt.hands[w], nxt.stock = copy.deepcopy(ch), list(hand), \
                list(stock)
            if take is not None:
                self._draw(nxt, w, take)
            nxt.trick_number += 1
            if not nxt.stock:
                hands = [nxt.hands[p] + nxt.table(p) for p in (0, 1)]
                x: float = self.play_off(hands, w)
            else:
                x = self.value(nxt, window.alpha, window.beta)
            if window.take(x):
                break
        return int(gain + window.best)

    def _draws(self, pos: StockPosition, w: int) -> list[int]:
        """Which card the winner takes: 0 (the top), or with the last two and the rules'
        choice, 0 or 1 (the turned card)."""
        assert self.seq is not None
        if len(pos.stock) == 2 and self.seq.last_card_choice:
            return [0, 1]
        return [0]

    def _draw(self, pos: StockPosition, w: int, take: int) -> None:
        """The winner takes the top card (or, ``take`` 1, the turned one), the loser the
        next. A dix exchanged under the stock that its player draws back is the card he
        melded: it goes back among his melded cards, its dix scored, not into his hand."""
        last = len(pos.stock) == 2
        first = pos.stock.pop(take)
        second = pos.stock.pop(0)
        bottom = (w if take == 1 else 1 - w) if last else None
        for p, card in ((w, first), (1 - w, second)):
            ch = pos.checkers[p]
            if p == bottom and ch.under is not None and \
                    ch.copies[ch.under].card.index == card:
                ch.copies[ch.under].on_table = True
            else:
                pos.hands[p].append(card)
                pos.hands[p].sort()
        if last:
            for ch in pos.checkers:
                ch.under = None


def _melds_key(ch: Checker) -> tuple:
    return (tuple((c.card.index, tuple(c.melds), c.on_table) for c in ch.copies),
            tuple((m.option.kind, m.option.multiple, tuple(m.copies), m.intact)
                  for m in ch.melds),
            ch.dix_exchanged, ch.dix_melded, ch.dixes_scored, ch.under)


def _copy(pos: StockPosition) -> StockPosition:
    return StockPosition(pos.variant, pos.trump, [list(h) for h in pos.hands], list(pos.stock),
                         pos.leader, list(pos.trick), [copy.deepcopy(c) for c in pos.checkers],
                         pos.trick_number)


def solve_stock(pos: StockPosition, timeout: Optional[float] = None) -> StockResult:
    """The open-stock value of a stage-1 position (see the module): the first seat's margin
    and each legal card's. ``timeout`` seconds (None: none): past it ``PinosolveError``."""
    from pinosolve.play.budget import check_timeout

    timeout = check_timeout(timeout)
    pos.check()
    start = time.perf_counter()
    search = _Search(pos.variant, pos.trump, None if timeout is None else start + timeout)
    mover = (pos.leader + len(pos.trick)) % 2
    pick = max if mover == 0 else min
    try:
        cards: dict[Card, int] = {}
        for c, from_table in search.cards(pos, mover):
            v = search.after_card(pos, c, from_table)
            card = Card.from_index(c)
            cards[card] = pick(cards[card], v) if card in cards else v
    except SearchTimeout:
        raise PinosolveError(f"stock stage: the search did not finish in {timeout} s") from None
    best = pick(cards.values())
    return StockResult(pos.variant.id, pos.trump, pos.variant.seats[mover],
                       pos.variant.seats[0], best, cards,
                       tuple(Card.from_index(c) for c in pos.stock), search.nodes,
                       round(time.perf_counter() - start, 4))


def open_stock(variant: Any, deal: Any, stock: Any, trump: Any, leader: Any = None,
               trick: Any = (), timeout: Optional[float] = None) -> StockResult:
    """``solve_stock`` of the position the text gives: ``deal`` the two hands held (PBN,
    ``"N:<hand> <hand>"``), ``stock`` the stock's cards in order, top first, the turned
    trump card last, ``trump``, ``leader`` (default the deal's first seat) and ``trick``
    (the card led, if any); no melds on the table yet. The stock's last card is the one
    turned for trump, so of the trump suit. Every problem is a
    ``PinosolveError`` in one line.

    >>> open_stock("two-hand", "N:A.KQ.. T..J.9", "AS KS 9S QH", "H", leader="N")
    StockResult(to_move=N, first=N, advantage=10, card_advantages={AS: 10, KH: 6, QH: 10})
    """
    from pinosolve.inputs import as_cards, as_deal, as_trump, as_variant
    from pinosolve.variants.sides import seat_index

    v = as_variant(variant)
    cards = as_deal(v, deal)
    suit = as_trump(v, trump)
    assert suit is not None  # (as_trump names a suit unless told to allow none)
    start = seat_index(v, leader if leader is not None else cards.first, "leader")
    led = [c.index for c in as_cards(v, trick, "trick")]
    pile = [c.index for c in as_cards(v, stock, "stock")]
    pos = StockPosition(v, suit, [[c.index for c in h] for h in cards.hands], pile, start, led)
    return solve_stock(pos, timeout)
