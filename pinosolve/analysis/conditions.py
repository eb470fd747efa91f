"""The condition language on a seat's hand, shared by ``study --where`` and ``deal --where``.

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
from collections.abc import Callable

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
            raise PinosolveError(f"where: no condition {self.what!r:.20} {self.op!r:.10}: "
                                 "give trumps, meld, count(SUIT), has or holds, and one of "
                                 f"{' '.join(_OPS)}")
        try:
            if self.what == "has":
                Card.parse(self.value)
            elif self.what == "holds":
                if not isinstance(self.value, str):
                    raise PinosolveError(f"where: holds takes a meld kind, got "
                                         f"{self.value!r:.20}")
                if self.arg is not None:
                    Suit.parse(self.arg)
            elif isinstance(self.value, bool) or not isinstance(self.value, int):
                raise PinosolveError(f"where: {self.what} takes a whole number, got "
                                     f"{self.value!r:.20}")
            if self.what == "count":
                Suit.parse(self.arg or "")
        except (TypeError, AttributeError):
            raise PinosolveError(f"where: not a condition: {self!r:.60}") from None

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


def parse_conditions(v: Any, text: Optional[str], option: str = "where"
                     ) -> tuple[Condition, ...]:
    """The conditions of ``text`` (see the module) for variant ``v``: () for None (an empty
    text is refused: a condition left out is no condition).
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
    if text is None:
        return ()
    if not text.strip():
        raise PinosolveError(f"{option}: give at least one condition (N:count(H)>=5, "
                             "N:trumps>=6 and E:void(S), ...), or leave it out")
    if len(text) > 10_000:
        raise PinosolveError(f"{option}: {len(text)} characters; conditions are a few")
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


MAX_TRIES = 20_000  # deals drawn at most in search of one that meets the rest (about 12 s)
COUNT_BUDGET = 100_000  # steps of counting at most (about 1 s); past it, fewer are counted
INFINITY = 1 << 30


def counted(c: Condition) -> bool:
    """Whether a condition is on the count of some cards in a hand (``has``, ``count``,
    ``void``, ``trumps``): the deals that meet such conditions are counted and drawn exactly
    (``CountTable``); the others (``meld``, a meld kind) are met by drawing again."""
    return c.what in ("has", "count", "trumps")


@dataclass(frozen=True)
class Term:
    """A card-count condition made plain: holder ``holder`` holds from ``lo`` to ``hi``
    cards (``hi`` INFINITY: no upper bound) of the card kinds ``kinds`` (card indices)."""

    holder: str
    kinds: frozenset[int]
    lo: int
    hi: int


def _term(c: Condition, trump: Any) -> Term:
    from pinosolve.cards import CARDS, Card

    if c.what == "has":
        kinds = frozenset({Card.parse(c.value).index})
        return Term(c.seat, kinds, 1, INFINITY)
    suit = trump if c.what == "trumps" else Suit.parse(c.arg or "")
    kinds = frozenset(k for k, card in enumerate(CARDS) if card.suit == suit)
    n = c.value
    lo, hi = {">=": (n, INFINITY), ">": (n + 1, INFINITY), "<=": (0, n), "<": (0, n - 1),
              "==": (n, n), "=": (n, n)}[c.op]
    return Term(c.seat, kinds, lo, hi)


class TooLarge(PinosolveError):
    """Counting the deals would take more steps than its budget allows."""


class CountTable:
    """The orders of a deck whose deal meets card-count terms, counted exactly and drawn
    uniformly, as a shuffle weights them.

    The deck is ``copies`` (copies of each card kind, by card index), dealt in order into
    ``holders`` (name -> the positions it takes: the seats' hands, and a turned card) and a
    pool (the rest: the undealt cards, and the hands no term names, whose shares of the pool
    never change the count). Every physical card is distinct, so every order of the deck is
    one shuffle. The card kinds are split into atoms (kinds in the same terms); a walk over
    the atoms that the terms name, one atom at a time, keeps each named holder's filled
    count and each term's count so far; the cards of no term fill the holders last, in
    closed form. A table of atom counts (holder x atom) is made by
    ``prod over atoms of multinomial(copies; holders' counts, pool's)`` ways to share the
    physical cards, times the orders within each holder and the pool.

    >>> from pinosolve.cards import NUM_CARDS
    >>> t = CountTable((1,) * 4 + (0,) * (NUM_CARDS - 4), {"N": 2}, 2,
    ...                [Term("N", frozenset({0, 1}), 2, 2)])
    >>> t.count(), t.total()   # N holds both of cards 0 and 1: 2 orders of them, 2 of the pool
    (4, 24)
    """

    def __init__(self, copies: tuple[int, ...], holders: dict[str, int], pool: int,
                 terms: list[Term], budget: Optional[int] = None) -> None:
        self.budget, self.work = budget, 0
        self.copies = copies
        self.names = list(holders)
        self.sizes = tuple(holders[h] for h in self.names)
        self.pool = pool
        self.terms = terms
        if sum(copies) != sum(self.sizes) + pool:
            raise PinosolveError(f"a deck of {sum(copies)} cards does not fill "
                                 f"{sum(self.sizes)} dealt and {pool} undealt")
        if any(t.holder not in holders for t in terms):
            raise PinosolveError("a term names a holder that takes no cards")
        atoms: dict[frozenset[int], list[int]] = {}
        for k, n in enumerate(copies):
            if n:
                atoms.setdefault(frozenset(i for i, t in enumerate(terms) if k in t.kinds),
                                 []).append(k)
        self.other = atoms.pop(frozenset(), [])   # the kinds of no term: filled last
        self.atoms = sorted(atoms.items(), key=lambda a: sorted(a[0]))
        self.sizes_of = [sum(copies[k] for k in kinds) for _, kinds in self.atoms]
        # where each term's count is kept in the state (after the holders' filled counts)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def _splits(self, i: int, state: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way the copies of atom ``i`` share among the holders from ``state`` (no
        holder past its size), the rest to the pool, with its multinomial weight."""
        from math import comb

        m = self.sizes_of[i]
        room = [size - got for size, got in zip(self.sizes, state)]
        out: list[tuple[tuple[int, ...], int]] = []

        def go(j: int, left: int, split: tuple[int, ...], weight: int) -> None:
            if j == len(room):
                if left <= self.pool:
                    out.append((split, weight))
                return
            for n in range(min(room[j], left) + 1):
                go(j + 1, left - n, (*split, n), weight * comb(left, n))

        go(0, m, (), 1)
        return out

    def _step(self, i: int, state: tuple[int, ...], split: tuple[int, ...]
              ) -> Optional[tuple[int, ...]]:
        """The state after atom ``i`` shares as ``split``; None where a term is broken."""
        h = len(self.names)
        filled = tuple(a + b for a, b in zip(state[:h], split))
        sums = list(state[h:])
        ins = self.atoms[i][0]
        for t in ins:
            term = self.terms[t]
            n = sums[t] + split[self.names.index(term.holder)]
            if n > term.hi:
                return None
            sums[t] = n if term.hi < INFINITY else min(n, term.lo)
        return (*filled, *sums)

    def _rest(self, i: int, state: tuple[int, ...]) -> int:
        """The weighted ways to complete the deal from atom ``i`` on, in ``state``."""
        key = (i, state)
        if key in self._memo:
            return self._memo[key]
        if i == len(self.atoms):
            total = self._close(state)
        else:
            total = 0
            splits = self._splits(i, state)
            self.work += len(splits)
            if self.budget is not None and self.work > self.budget:
                raise TooLarge(f"more than {self.budget} steps to count")
            for split, weight in splits:
                after = self._step(i, state, split)
                if after is not None:
                    total += weight * self._rest(i + 1, after)
        self._memo[key] = total
        return total

    def _close(self, state: tuple[int, ...]) -> int:
        """The ways the cards of no term fill the holders from ``state`` (every term met)."""
        from math import comb

        h = len(self.names)
        if any(state[h + t] < term.lo for t, term in enumerate(self.terms)):
            return 0
        left = sum(self.copies[k] for k in self.other)
        weight = 1
        for size, got in zip(self.sizes, state[:h]):
            need = size - got
            if need > left:
                return 0
            weight *= comb(left, need)
            left -= need
        return weight if left <= self.pool else 0

    def _start(self) -> tuple[int, ...]:
        return (0,) * (len(self.names) + len(self.terms))

    def count(self) -> int:
        """The orders of the deck (every physical card distinct) whose deal meets the terms."""
        from math import factorial

        ways = self._rest(0, self._start())
        for size in self.sizes:
            ways *= factorial(size)
        return ways * factorial(self.pool)

    def total(self) -> int:
        """Every order of the deck."""
        from math import factorial

        return factorial(sum(self.copies))

    def draw(self, rng: Any) -> tuple[dict[str, list[int]], list[int]]:
        """One deal meeting the terms, every order of the deck that meets them as likely
        (``rng``: a ``variants.shuffle.Twister``): each holder's cards (card indices) and the
        pool's, in a uniformly shuffled order. ``PinosolveError`` where none meets them."""
        state = self._start()
        if not self._rest(0, state):
            raise PinosolveError("no deal meets the conditions")
        h = len(self.names)
        shares: list[tuple[int, ...]] = []
        for i in range(len(self.atoms)):
            choices = []
            for split, weight in self._splits(i, state):
                nxt = self._step(i, state, split)
                if nxt is not None and (w := weight * self._rest(i + 1, nxt)):
                    choices.append((split, nxt, w))
            pick = rng.big_below(sum(w for _, _, w in choices))
            for split, after, w in choices:  # noqa: B007 (the choice is used after the loop)
                if pick < w:
                    break
                pick -= w
            shares.append(split)
            state = after
        hands: dict[str, list[int]] = {name: [] for name in self.names}
        pool: list[int] = []
        for (_, kinds), split in zip(self.atoms, shares):
            cards = [k for k in kinds for _ in range(self.copies[k])]
            rng.shuffle(cards)
            for name, n in zip(self.names, split):
                hands[name] += cards[:n]
                cards = cards[n:]
            pool += cards
        cards = [k for k in self.other for _ in range(self.copies[k])]
        rng.shuffle(cards)
        for name, size, got in zip(self.names, self.sizes, state[:h]):
            hands[name] += cards[:size - got]
            cards = cards[size - got:]
        pool += cards
        rng.shuffle(pool)
        return hands, pool


@dataclass(frozen=True)
class DealWhere:
    """A deal meeting conditions (``deal_where``): the deal (``variants.dealer.Dealt``),
    the deals drawn to find it (1 where every condition is counted), and the exact number of
    orders of the deck (``shuffles``, of ``orders``) whose deal meets the conditions on
    counts of cards (None where there are none)."""

    dealt: Any
    drawn: int
    shuffles: Optional[int] = None
    orders: Optional[int] = None

    @property
    def chance(self) -> Optional[float]:
        """The share of shuffles whose deal meets the card-count conditions."""
        if self.shuffles is None or not self.orders:
            return None
        from fractions import Fraction

        return float(Fraction(self.shuffles, self.orders))


def _tables(v: Any, terms_of: Callable[[Any], list[Term]], trump_turned: bool
            ) -> list[tuple[Optional[Suit], CountTable]]:
    """The count tables of the deal: one, or where the turned card fixes the trump that the
    terms read, one per suit of the turned card (the turned card a holder of one card)."""
    from pinosolve.cards import CARDS

    size = v.rules.deal.hand_size
    copies = v.deck.counts
    undealt = len(v.deck) - size * len(v.seats)
    out = []
    for trump in (tuple(Suit) if trump_turned else (None,)):
        terms = terms_of(trump)
        named = [s for s in v.seats if any(t.holder == s for t in terms)]
        holders = {s: size for s in named}
        pool = undealt + size * (len(v.seats) - len(named))
        if trump is not None:
            holders["turned"] = 1
            pool -= 1
            terms = [*terms, Term("turned", frozenset(
                k for k, card in enumerate(CARDS) if card.suit == trump), 1, 1)]
        out.append((trump, CountTable(tuple(copies), holders, pool, terms)))
    return out


def deal_where(v: Any, conditions: tuple[Condition, ...], seed: int, index: int = 0,
               trump: Any = None, tries: int = MAX_TRIES) -> DealWhere:
    """A deal of ``v`` meeting every condition, drawn from (``seed``, ``index``) alone: the
    same seed, index and conditions deal it again, and each seed and index draws
    independently of its neighbours (the draws come from a generator seeded by
    ``variants.dealer.deal_seed(seed, index)``).

    The conditions on counts of cards (``counted``) are decided exactly: the deals that meet
    them are counted (``CountTable``) and one is drawn from exactly those, as a shuffle
    weights them; where none meets them, ``PinosolveError`` says so at once, naming a
    condition no deal meets alone where there is one. The others (``meld``, a meld kind) are
    met by drawing again, ``tries`` deals at most (``PinosolveError`` then), and so are the
    last card-count conditions where counting them all together would take more than
    ``COUNT_BUDGET`` steps (several seats' counts of several suits of the 80-card deck):
    each is still counted alone, so none that no deal meets is drawn for. ``trump``: the
    trump the conditions read (``trumps``, ``meld``) where the rules turn no card up to fix
    it.

    >>> from pinosolve import load_variant
    >>> v = load_variant("four-hand")
    >>> found = deal_where(v, parse_conditions(v, "N:count(S)>=10"), 1)
    >>> len(found.dealt.deal["N"].suit(Suit.S)) >= 10, found.drawn, found.chance < 1e-5
    (True, 1, True)
    """
    from pinosolve.variants.dealer import dealt_in_order, deal_seed
    from pinosolve.variants.shuffle import Twister, check_seed
    from pinosolve.cards import CARDS

    seed = check_seed(seed)
    rng = Twister(deal_seed(seed, index))
    if trump is not None:
        from pinosolve.inputs import as_trump

        trump = as_trump(v, trump)
    turned = v.rules.deal.turn_trump
    if trump is not None and turned:
        raise PinosolveError(f"trump: {v.id} turns a card up to fix the trump [deal.turn_trump]; "
                             "drop --trump")
    if trump is None and not turned and any(c.needs_trump for c in conditions):
        raise PinosolveError("where: trumps and meld read the trump: give --trump")
    exact = [c for c in conditions if counted(c)]
    rest = [c for c in conditions if not counted(c)]

    def tables_of(conds: list[Condition], budget: Optional[int]
                  ) -> list[tuple[Optional[Suit], CountTable]]:
        turned_read = turned and any(c.what == "trumps" for c in conds)
        out = _tables(v, lambda t: [_term(c, t if t is not None else trump) for c in conds],
                      turned_read) if conds else []
        for _, table in out:
            table.budget = budget
        return out

    # each condition alone first: one that no deal meets is named at once (each is cheap)
    for c in exact:
        try:
            none = not sum(t.count() for _, t in tables_of([c], COUNT_BUDGET))
        except TooLarge:
            continue
        if none:
            raise PinosolveError(f"where: no deal of {v.id} meets {c.seat}:{_said(c)} (every "
                                 "deal counted)")
    # then together, one more at a time while counting stays within its budget (the rest:
    # drawn again)
    tables: list[tuple[Optional[Suit], CountTable]] = []
    counts: list[int] = []
    taken = 0
    while taken < len(exact):
        more = tables_of(exact[:taken + 1], COUNT_BUDGET)
        try:
            counts = [t.count() for _, t in more]
        except TooLarge:
            break
        tables, taken = more, taken + 1
        if not sum(counts):
            break
    rest = exact[taken:] + rest
    exact = exact[:taken]
    if tables and not sum(counts):
        raise PinosolveError(f"where: no deal of {v.id} meets the conditions together (every "
                             "deal counted)")
    rest.sort(key=lambda c: c.what == "meld")  # (the meld engine last)
    size = v.rules.deal.hand_size
    for n in range(tries):
        if tables:
            pick = rng.big_below(sum(counts))
            for (_, table), ways in zip(tables, counts):  # noqa: B007
                if pick < ways:
                    break
                pick -= ways
            hands, pool = table.draw(rng)
            order: list[int] = []
            for s in v.seats:  # (the seats no condition names take theirs from the pool)
                take = hands[s] if s in hands else pool[:size]
                pool = pool if s in hands else pool[size:]
                order += take
            order += hands.get("turned", []) + pool
            dealt = dealt_in_order(v, [CARDS[k] for k in order])
        else:
            cards = list(v.deck)
            rng.shuffle(cards)
            dealt = dealt_in_order(v, cards)
        hands_of = dealt.deal
        t = trump if trump is not None else dealt.trump
        if all(c.holds(v, hands_of[c.seat], t) for c in rest):
            return DealWhere(dealt, n + 1, sum(counts) if tables else None,
                             tables[0][1].total() if tables else None)
    raise PinosolveError(f"where: none of {tries} deals drawn from seed {seed} meets the "
                         "conditions: they are impossible, or rarer than that")


def _said(c: Condition) -> str:
    """A condition as the language writes it."""
    if c.what == "has":
        return f"has={c.value}"
    if c.what == "count":
        return f"count({c.arg}){c.op}{c.value}"
    return f"{c.what}{c.op}{c.value}"
