"""A witness for an inference: one whole deal consistent with a view in which the seats
hold the cards asked about, or the proof that there is none.

``infer`` says which cards each other seat *may* hold; a witness shows one deal behind a
"may", and a count of zero proves a "cannot". The deals are the view's own
(``pinosolve.analysis.deals.DealTable``, the table ``infer`` counts): the view's bounds on
each holder's cards as play began, with the lower bound of each card asked about raised to
the copies the seat has played of it and one more. The count is exact, and the witness is
drawn from those deals as a shuffle weights them, reproducibly from a seed.

Where the count is zero the answer carries its proof (``Proof``), which a reader can check
with a pencil: a group of holders, the ranges the view sets on what each holds now of each
hidden card (each with its facts; a card asked about at least the copies asked), and the
counting that follows from them: the group must hold more copies of one card than it may,
or more cards, or fewer, than its hands hold now. Such a group exists whenever no deal
does (the deals are the integer tables within bounds whose rows and columns add up to
given sums, and Hoffman's condition on such tables is that every group's least is at most
its hand and its most at least: ``_proof`` tries each group).

>>> w = witness({"variant": "two-hand", "trump": "S", "seat": "N", "hand": "AS TS",
...              "play": "AS KH", "leader": "N", "gone": "..AATTKKQQJJ99.AATTKKQQJJ99"},
...             "S:QH", seed=1)
>>> w.exists, w.deals_holding, w.deals
(True, 1, 6)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Optional, Union
from collections.abc import Mapping

from pinosolve.cards import Card, NUM_CARDS
from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional
from pinosolve.seats import find_seat


@dataclass(frozen=True, repr=False)
class Holding(Result):
    """One card asked about: the seat that holds it now (``seat``) and the card."""

    seat: str
    card: Card


@dataclass(frozen=True, repr=False)
class Range(Result):
    """What one holder (``seat``; ``unseen`` the unseen pile) may hold now of one card, in
    every consistent deal that gives the holdings asked: from ``least`` to ``most`` copies;
    ``asked``: the least is the copies asked (the question, not a fact of the view)."""

    seat: str
    card: Card
    least: int
    most: int
    asked: bool = False


@dataclass(frozen=True, repr=False)
class Limit(Result):
    """What a proof's group may hold now of one card (``hidden`` copies hidden now): at least
    the greater of its members' least and the copies the other holders cannot take (their
    most), at most the lesser of its members' most and the copies the others leave (their
    least): ``least`` and ``most``."""

    card: Card
    hidden: int
    least: int
    most: int


@dataclass(frozen=True, repr=False)
class Proof(Result):
    """Why no consistent deal gives the holdings asked: the group ``seats`` holds ``held``
    cards now; from the ``ranges`` (every holder's range of copies of a hidden card other
    than none to all, with the ``reasons`` the view gives) each card's ``limits`` follow,
    and they add up to ``least`` and ``most``. The ``contradiction``: a card's least is
    above its most ("card", that card's limit alone), or ``least`` is above ``held``
    ("least"), or ``most`` below it ("most"). ``text``: the same, in words."""

    contradiction: str
    seats: tuple[str, ...]
    held: int
    least: int
    most: int
    limits: tuple[Limit, ...]
    ranges: tuple[Range, ...]
    reasons: tuple[str, ...]
    text: str

    _repr_keys = ("contradiction", "seats", "held", "least", "most")


@dataclass(frozen=True, repr=False)
class Witness(Result):
    """The answer to "can these seats hold these cards now?" from a view: ``exists``, the
    number of consistent deals that give every holding asked (``deals_holding``) of all the
    view's consistent deals (``deals``; copies of a card alike, as ``infer`` counts them); where it
    exists, one such deal (``deal``: every hand held now, PBN, and the trick on the table,
    led by ``leader``) and the hands as play began (``start``), drawn with ``seed``; where
    none exists, the ``proof`` that none does."""

    variant: str
    seat: str
    holds: tuple[Holding, ...]
    exists: bool
    deals_holding: int
    deals: int
    deal: Optional[str] = optional()
    trick: Optional[tuple[Card, ...]] = optional()
    leader: Optional[str] = optional()
    start: Optional[str] = optional()
    seed: Optional[int] = optional()
    proof: Optional[Proof] = optional()

    _repr_keys = ("holds", "exists", "deals_holding", "deals")


_ASKED = re.compile(r"^\s*(?P<seat>[^\s:]+)\s*:\s*(?P<card>\S+)\s*$")


def read_holdings(view: Any, text: Any) -> tuple[Holding, ...]:
    """``SEAT:CARD`` terms joined by ``and`` (or commas): each a copy of the card the seat
    holds now (a card asked twice: two copies). A seat is another seat than the viewer's."""
    if not isinstance(text, str) or not text.strip():
        raise PinosolveError(f"witness: give SEAT:CARD (e.g. E:AS), got {text!r:.40}")
    if len(text) > 10_000:
        raise PinosolveError(f"witness: {len(text)} characters; a witness asks of a few cards")
    out = []
    for part in re.split(r"\s+and\s+|,", text.strip()):
        m = _ASKED.match(part)
        if m is None:
            raise PinosolveError(f"witness: {part.strip()!r:.40} is not SEAT:CARD (e.g. E:AS)")
        seat = find_seat(view.seats, m["seat"], "witness seat", view.variant.id)
        if seat == view.seat:
            raise PinosolveError(f"witness: {seat} is the viewer, whose cards are known")
        try:
            card = Card.parse(m["card"])
        except PinosolveError:
            raise PinosolveError(f"witness: {m['card']!r:.20} is not a card") from None
        if card not in view.variant.deck:
            raise PinosolveError(f"witness: {view.variant.id}'s deck has no {card}")
        out.append(Holding(seat, card))
    return tuple(out)


def witness(view: Union[Mapping[str, Any], Any], holds: Union[str, tuple[Holding, ...]],
            seed: Optional[int] = None) -> Witness:
    """A deal consistent with ``view`` (a ``View`` or its keys) in which every holding of
    ``holds`` (``SEAT:CARD`` text, or ``Holding``s) is held now, drawn reproducibly from
    ``seed`` (0 to 2**64 - 1; None: a fresh one, named in the answer), and how many
    consistent deals give them; ``exists`` False, no deal and the ``proof``, where none
    does. Raises
    ``PinosolveError`` for a bad view or a holding that names no card or seat."""
    from pinosolve.analysis.deals import DealTable
    from pinosolve.analysis.view import View
    from pinosolve.variants.shuffle import check_seed, fresh_seed

    v = view if isinstance(view, View) else View(view)
    if isinstance(holds, (tuple, list)) and holds and \
            all(isinstance(h, Holding) and h.seat in v.seats and h.seat != v.seat
                and isinstance(h.card, Card) and h.card in v.variant.deck
                for h in holds):
        asked = tuple(holds)
    else:
        asked = read_holdings(v, holds)
    lo, hi, why = v.bounds()
    raised = {h: list(row) for h, row in lo.items()}
    copies_asked = Counter((v.seats.index(h.seat), h.card.index) for h in asked)
    for (s, k), copies in copies_asked.items():
        raised[s][k] = max(raised[s][k], v.played[s][k] + copies)
    table = DealTable(v, raised, hi)
    holding = 0 if table.empty else table.count()
    answer = Witness(v.variant.id, v.seat, asked, holding > 0, holding, v.deal_count())
    if not holding:
        return replace(answer, proof=_proof(v, raised, hi, why, copies_asked))
    seed = fresh_seed() if seed is None else check_seed(seed)
    drawn = table.draw(random.Random(seed))
    game = v.game_of(drawn)
    start = [v.mine if s == v.me else drawn[s] for s in range(len(v.seats))]
    return replace(answer, deal=str(game), trick=tuple(game.trick), leader=game.leader,
                   start=f"{v.seats[0]}:" + " ".join(_dotted(row) for row in start),
                   seed=seed)


def _dotted(counts: list[int]) -> str:
    """A hand's copies of each card as PBN's dotted suits."""
    from pinosolve.cards import Hand

    return Hand.from_counts(tuple(counts[:NUM_CARDS])).dotted()


def _proof(v: Any, lo: dict[int, list[int]], hi: dict[int, list[int]],
           why: dict[int, list[str]], asked: Counter[tuple[int, int]]) -> Proof:
    """The proof that no table within ``lo``..``hi`` (per holder and card, as play began;
    ``asked``: the copies asked of each holder and card) fills the hands: the first group
    of holders, smallest first, whose limits contradict (see ``Proof``), in the cards held
    now. Every table of the deal table's is within the bounds used here, so where it counts
    none, some group contradicts (Hoffman's condition)."""
    from itertools import combinations

    from pinosolve.analysis.hidden import UNSEEN

    holders = [h for h in v.holders] + ([-1] if v.out else [])
    name = {h: v.seats[h] if h >= 0 else UNSEEN for h in holders}
    played = {h: v.played[h] if h >= 0 else [0] * NUM_CARDS for h in holders}
    held = {h: (v.hand_size if h >= 0 else v.out) - sum(played[h]) for h in holders}
    kinds = [k for k in range(NUM_CARDS) if v.deck[k]]
    hidden = {k: v.hidden[k] - sum(played[h][k] for h in holders) for k in kinds}
    least = {h: {k: lo[h][k] - played[h][k] for k in kinds} for h in holders}
    most = {h: {k: min(hi[h][k] - played[h][k], hidden[k], held[h]) for k in kinds}
            for h in holders}
    cards = [k for k in kinds if hidden[k] > 0 or any(least[h][k] > 0 for h in holders)]

    def limit(group: tuple[int, ...], k: int) -> Limit:
        others = [h for h in holders if h not in group]
        return Limit(Card.from_index(k), hidden[k],
                     max(sum(least[h][k] for h in group),
                         hidden[k] - sum(most[h][k] for h in others)),
                     min(sum(most[h][k] for h in group),
                         hidden[k] - sum(least[h][k] for h in others)))

    def ranges(ks: list[int]) -> tuple[Range, ...]:
        return tuple(Range(name[h], Card.from_index(k), least[h][k], most[h][k],
                           (h, k) in asked and least[h][k] == asked[(h, k)])
                     for h in holders for k in ks
                     if least[h][k] > 0 or most[h][k] < min(hidden[k], held[h]))

    def proof(kind: str, group: tuple[int, ...], limits: list[Limit], ks: list[int]) -> Proof:
        used = ranges(ks)
        reasons = tuple(dict.fromkeys(r for h in holders if any(b.seat == name[h] for b in used)
                                      for r in why.get(h, [])))
        if kind == "card":  # (a seat's facts about that card or its suit, where it has some)
            card = Card.from_index(ks[0])
            about = tuple(r for r in reasons if f" {card.symbol} " in f" {r} " or
                          f"of {card.suit.symbol} " in r)
            reasons = about or reasons
        low, high = sum(x.least for x in limits), sum(x.most for x in limits)
        group_names = [name[h] for h in group]
        who = _names(group_names)
        has = "holds" if len(group) == 1 else "hold"
        if kind == "card":
            x = limits[0]
            ask = " (asked)" if any(b.asked and b.seat in group_names for b in used) else ""
            text = (f"{who} would hold at least {x.least} x {x.card.symbol} now{ask}, but can "
                    f"hold at most {x.most} ({x.hidden or 'none'} hidden)")
        elif kind == "least":
            text = (f"{who} {has} {_cards(held_by(group))} now, but would hold at least {low}: "
                    + " ".join(x.card.symbol for x in limits for _ in range(x.least)))
        else:
            text = (f"{who} {has} {_cards(held_by(group))} now, but can hold at most {high}: "
                    + (" ".join(x.card.symbol for x in limits for _ in range(x.most))
                       or "none of the hidden cards"))
        return Proof(kind, tuple(name[h] for h in group), held_by(group), low, high,
                     tuple(limits), used, reasons, text)

    def held_by(group: tuple[int, ...]) -> int:
        return sum(held[h] for h in group)

    for size in range(1, len(holders) + 1):  # (all of them: a card none may take)
        for group in combinations(holders, size):
            limits = [limit(group, k) for k in cards]
            bad = next((x for x in limits if x.least > x.most), None)
            if bad is not None:
                return proof("card", group, [bad], [bad.card.index])
        for group in combinations(holders, size):
            limits = [limit(group, k) for k in cards]
            if sum(x.least for x in limits) > held_by(group):
                return proof("least", group, [x for x in limits if x.least], cards)
            if sum(x.most for x in limits) < held_by(group):
                return proof("most", group, [x for x in limits if x.most], cards)
    raise AssertionError("no group contradicts, though the deal table counts no deal")


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _names(names: list[str]) -> str:
    """Seats in words: "E", "E and W", "E, W and the unseen pile"."""
    words = ["the unseen pile" if n == "unseen" else n for n in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
