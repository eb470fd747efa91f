"""The meld options of a variant under one trump: what the maximiser may choose from.

An *option* is one meld as laid on the table: a kind from the rules file, a multiple (single,
double, …), the suit of its suit variable, its exact cards, the reuse classes its cards occupy,
and its points. Everything here is derived from the rules file; nothing is variant-specific.

Two reductions keep the maximiser's model small without changing any maximum:

* a multiple is offered only when its value beats every split into smaller multiples of the
  same kind (a double marriage worth 2 + 2 scores no more than two marriages);
* a composite meld spanning several classes (round house) is offered only when its value beats
  the best meld of its own cards in its own classes without it (source 000: 24 = its parts, so
  it is not a meld of its own; the double round house, 240 against 160 of parts, is). Melds
  of other classes may lie on the same cards beside it, so they do not count against it.

A declaration is then *named* by :func:`group_multiples`: the sets of one kind and suit are
listed as the fewest melds among the best-scoring splits into the multiples the rules define,
so four runs in double-deck trump are a quadruple run (500, as much as two double runs) and two
marriages in one suit where the rules value a double marriage are that double marriage.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Optional

from pinosolve.meld import table as meldtable
from pinosolve.cards import NUM_CARDS, Hand, Suit
from pinosolve.results import Result, TrumpName
from pinosolve.variants.variant import Variant

SUIT_WORDS = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


@dataclass(frozen=True, repr=False)
class MeldOption(Result):
    """One meld: its kind, multiple, suit, the name of the kind at that multiple
    (``kind_name``), reuse classes and meld points (``meld``); ``name`` its full name
    ('marriage in hearts'), ``cards`` its cards. The same names as its JSON,
    ``{"name", "kind", "cards", "meld"}``; ``repr`` shows its name, points and cards, e.g.
    ``run 150: AS TS KS QS JS``.
    """

    _json_keys = ("name", "kind", "cards", "meld")

    kind: str
    multiple: int
    suit: Optional[Suit]
    kind_name: str
    counts: tuple[int, ...]
    classes: tuple[str, ...]
    meld: int

    @property
    def name(self) -> str:
        """Its full name: 'marriage in hearts', 'double pinochle'."""
        return f"{self.kind_name} in {SUIT_WORDS[self.suit]}" if self.suit is not None \
            else self.kind_name

    @property
    def cards(self) -> Hand:
        """The meld's cards."""
        return Hand.from_counts(self.counts)

    def __repr__(self) -> str:
        return f"{self.name} {self.meld}: {' '.join(self.cards.cards())}"

    def fits(self, counts: tuple[int, ...]) -> bool:
        return all(a <= b for a, b in zip(self.counts, counts))


@dataclass(frozen=True, repr=False)
class Declaration(Result):
    """The melds declared together from one holding under one trump, and their meld points.

    JSON: ``{"variant", "trump", "hand", "meld", "melds"}``: ``meld`` the total points,
    ``melds`` each meld (:class:`MeldOption`); ``trump`` ``"none"`` for the meld that needs
    no trump.
    """

    trump: TrumpName
    melds: tuple[MeldOption, ...]
    variant: str = ""
    hand: Hand = Hand()

    _json_keys = ("variant", "trump", "hand", "meld", "melds")
    _repr_keys = ("trump", "meld", "melds")

    @property
    def meld(self) -> int:
        """The meld points of the declaration: its melds' together."""
        return sum(m.meld for m in self.melds)

    def melds_json(self) -> list[dict[str, object]]:
        """The melds alone, as JSON."""
        return [m.to_json() for m in self.melds]


def _best_split(values: dict[int, int], n: int) -> int:
    """Best total for n sets made of smaller multiples (n itself excluded)."""
    best = [0] * (n + 1)
    for m in range(1, n + 1):
        best[m] = max([best[m - k] + v for k, v in values.items() if k <= m and (k < n)] or [0])
    return best[n]


def all_options(variant: Variant, trump: Optional[Suit]) -> tuple[MeldOption, ...]:
    """Every meld the table defines under this trump, with no reduction (for identifying
    a claimed meld and for the brute-force view)."""
    return _all_options(variant, trump)


@functools.lru_cache(maxsize=256)
def _all_options(variant: Variant, trump: Optional[Suit]) -> tuple[MeldOption, ...]:
    deck = variant.deck.counts
    out = []
    for kid, kind in variant.rules.meld.kinds.items():
        for suit, single in meldtable.instances(kind, trump):
            base = [0] * NUM_CARDS
            for card, n in single.items():
                base[card.index] = n
            for mult, value in enumerate(kind.values, 1):
                counts = tuple(n * mult for n in base)
                if value <= 0 or any(c > d for c, d in zip(counts, deck)):
                    continue
                out.append(MeldOption(kid, mult, suit, meldtable.multiple_name(kind, mult),
                                      counts, tuple(kind.classes), value))
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _multiples(variant: Variant, trump: Optional[Suit]
               ) -> dict[tuple[str, Optional[Suit]], dict[int, MeldOption]]:
    """Every meld the table defines under this trump, by kind and suit, then by multiple."""
    out: dict[tuple[str, Optional[Suit]], dict[int, MeldOption]] = {}
    for o in _all_options(variant, trump):
        out.setdefault((o.kind, o.suit), {})[o.multiple] = o
    return out


def _values(variant: Variant, trump: Optional[Suit], key: tuple[str, Optional[Suit]]
            ) -> dict[int, int]:
    """What each multiple the table defines of one kind and suit (``key``) is worth."""
    return {k: m.meld for k, m in _multiples(variant, trump)[key].items()}


@functools.lru_cache(maxsize=256)
def options(variant: Variant, trump: Optional[Suit]) -> tuple[MeldOption, ...]:
    """The options the maximiser uses: all_options less dominated multiples and composites."""
    kept = [o for o in _all_options(variant, trump) if o.multiple == 1
            or o.meld > _best_split(_values(variant, trump, (o.kind, o.suit)), o.multiple)]
    simple = tuple(o for o in kept if len(o.classes) == 1)
    return tuple(o for o in kept if len(o.classes) == 1 or o.meld > _parts_value(simple, o))


def _parts_value(simple: tuple[MeldOption, ...], composite: MeldOption) -> int:
    """The best meld of a composite's own cards from single-class options of its own classes
    (melds of other classes can lie beside it, so they do not compete with it), by CP-SAT: the
    model grows linearly with the classes, where a depth-first search over the options grew
    about 8x per class (a rules file with six extra classes hung every meld command)."""
    from pinosolve.meld.solver import max_value

    own = [o for o in simple if o.classes[0] in composite.classes]
    return max_value(own, composite.classes, composite.counts)


def group_multiples(variant: Variant, trump: Optional[Suit],
                    melds: list[MeldOption]) -> list[MeldOption]:
    """The same melds regrouped per kind and suit: n sets split into the multiples the rules
    define (value > 0) for the most points, then the fewest melds, then the largest multiples
    first. Never worth less than ``melds`` (their own split is one of those tried)."""
    defined = _multiples(variant, trump)
    sets: dict[tuple[str, Optional[Suit]], int] = {}
    for m in melds:
        sets[(m.kind, m.suit)] = sets.get((m.kind, m.suit), 0) + m.multiple
    out: list[MeldOption] = []
    for key, n in sets.items():
        out.extend(defined[key][k] for k in _fewest_best_split(
            _values(variant, trump, key), n))
    return out


def _fewest_best_split(values: dict[int, int], n: int) -> list[int]:
    """The multiples (largest first) that split n sets for the most points, then fewest melds."""
    best: list[Optional[tuple[int, int, list[int]]]] = [(0, 0, [])] + [None] * n
    for m in range(1, n + 1):
        for k in sorted(values, reverse=True):
            prev = best[m - k] if k <= m else None
            if prev is None:
                continue
            cand = (prev[0] + values[k], prev[1] - 1, sorted([k, *prev[2]], reverse=True))
            now = best[m]
            if now is None or cand[:2] > now[:2]:
                best[m] = cand
    split = best[n]
    assert split is not None  # (k = 1 is always a value: any n splits into ones)
    return split[2]


def identify(variant: Variant, trump: Optional[Suit],
             counts: tuple[int, ...]) -> Optional[MeldOption]:
    """The meld these exact cards make, if any (the highest-scoring reading)."""
    matches = [o for o in _all_options(variant, trump) if o.counts == counts]
    return max(matches, key=lambda o: o.meld, default=None)


def read_claim(variant: Variant, trump: Optional[Suit],
               counts: tuple[int, ...]) -> Optional[MeldOption]:
    """The meld one claim lays: a meld of the table (:func:`identify`), else n >= 2 sets of one
    single meld, named as its n-fold multiple and worth what the rules give n sets, split into
    the multiples they value (source 002 values only single aces around, and "double aces around
    count 20"; two dix are 2 x 10 where only the dix is valued). None: no meld."""
    exact = identify(variant, trump, counts)
    if exact is not None:
        return exact
    readings = []
    for o in _all_options(variant, trump):
        if o.multiple != 1:
            continue
        n = max(counts[i] // k for i, k in enumerate(o.counts) if k)
        if n < 2 or tuple(k * n for k in o.counts) != counts:
            continue
        values = _values(variant, trump, (o.kind, o.suit))
        value = sum(values[k] for k in _fewest_best_split(values, n))
        kind = variant.rules.meld.kinds[o.kind]
        readings.append(MeldOption(o.kind, n, o.suit, meldtable.multiple_name(kind, n),
                                   counts, o.classes, value))
    return max(readings, key=lambda o: o.meld, default=None)
