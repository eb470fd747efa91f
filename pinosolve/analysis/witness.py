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
    """What a proof's group (its ``seats``) may hold now of one card, of the ``hidden``
    copies hidden now: at least ``least`` (its members' least, added up) and at most
    ``most`` (their most added up, at most the copies hidden; in a "most" proof, less the
    copies its ``others`` would hold). Never negative."""

    card: Card
    hidden: int
    least: int
    most: int


@dataclass(frozen=True, repr=False)
class Proof(Result):
    """Why no consistent deal gives the holdings asked, in the numbers of one group of
    holders, the smallest that shows it: ``seats`` (``unseen``: the unseen pile), who hold
    ``held`` cards now, and, in a "most" proof, the ``others`` whose holdings cut theirs. Per
    card, the group's ``limits`` (``least`` and ``most``: theirs added up) follow from the
    ``ranges`` the view sets on what each of them holds now (with the ``reasons`` the view
    gives; a card asked about at least the copies asked). The ``contradiction``:

    - ``card`` (one limit): the seats would hold more copies of the card than are hidden,
      or one seat more than its facts or its hand allow (``least`` above ``most``), or
      every holder together can hold fewer copies than are hidden (``most`` below
      ``hidden``);
    - ``least``: the seats would hold more cards than their hands hold (``least`` above
      ``held``);
    - ``most``: they can hold fewer hidden cards than their hands hold (``most`` below
      ``held``), each card's hidden copies less those the ``others`` would hold.

    ``text``: the same, in words. Every number is one a player can check, none negative."""

    contradiction: str
    seats: tuple[str, ...]
    others: tuple[str, ...]
    held: int
    least: int
    most: int
    limits: tuple[Limit, ...]
    ranges: tuple[Range, ...]
    reasons: tuple[str, ...]
    text: str

    _repr_keys = ("contradiction", "seats", "others", "held", "least", "most")


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
    ``asked``: the copies asked of each holder and card) fills the hands, in the cards held
    now: of the contradictions below, one of the smallest group of holders (the seats it
    names), each step stated in the group's own numbers, none negative.

    - "card": the group would hold more copies of one card than are hidden, or than its
      members can hold (one seat: a void, its hand's size), or every holder together can
      hold fewer copies than are hidden;
    - "least": the group would hold more cards than its hands hold now;
    - "most": the group (``seats``) can hold fewer hidden cards than its hands hold now,
      counting each card's hidden copies less those the ``others`` would hold.

    Every table of the deal table's is within these bounds, so where it counts none, one of
    them contradicts (Hoffman's condition on tables within bounds with given row and column
    sums, the seats of a cut on one side and the cards on which the others' least binds on
    the other: a cut with nobody on the seats' side is a "card" of too many copies, with
    everybody a "card" of too few)."""
    from itertools import combinations

    from pinosolve.analysis.hidden import UNSEEN

    holders = [h for h in v.holders] + ([-1] if v.out else [])
    name = {h: v.seats[h] if h >= 0 else UNSEEN for h in holders}
    played = {h: v.played[h] if h >= 0 else [0] * NUM_CARDS for h in holders}
    held = {h: (v.hand_size if h >= 0 else v.out) - sum(played[h]) for h in holders}
    kinds = [k for k in range(NUM_CARDS) if v.deck[k]]
    hidden = {k: v.hidden[k] - sum(played[h][k] for h in holders) for k in kinds}
    least = {h: {k: max(0, lo[h][k] - played[h][k]) for k in kinds} for h in holders}
    cap = {h: {k: max(0, min(hi[h][k] - played[h][k], held[h])) for k in kinds}
           for h in holders}  # (the facts and the hand's size; not yet the copies hidden)
    most = {h: {k: min(cap[h][k], max(0, hidden[k])) for k in kinds} for h in holders}
    cards = [k for k in kinds if hidden[k] > 0 or any(least[h][k] > 0 for h in holders)]
    viewer = v.seats[v.me]

    def sym(k: int) -> str:
        return Card.from_index(k).symbol

    def was_asked(h: int, k: int) -> bool:
        return (h, k) in asked and least[h][k] == asked[(h, k)]

    def facts(h: int, k: int, low: bool) -> list[str]:
        """The view's facts that set holder h's least of card k (``low``: its meld, a pass)
        or its most (a void, the kitty)."""
        card = Card.from_index(k)
        sets_least = (f" {card.symbol} in meld", f"passed {card.symbol} to")
        return [r for r in why.get(h, []) if any(w in r for w in sets_least) == low
                and (f" {card.symbol} " in f" {r} " or f"out of {card.suit.symbol} " in r)]

    def must(h: int, k: int) -> str:
        """Why holder h holds at least least[h][k] of card k, in words."""
        if was_asked(h, k):
            return "asked"
        return "; ".join(facts(h, k, True)) or "the view's facts"

    def copies(n: int, k: int) -> str:
        card = sym(k)
        return (f"an {card}" if card[0] == "A" else f"a {card}") if n == 1 else f"{n} x {card}"

    def listing(h: int, ks: list[int], bare: bool = False) -> str:
        """The copies of cards ``ks`` holder h would hold, each with why ("a Q♦ and a 9♦
        (asked)"; ``bare``: "Q♦ Q♦ 9♦ (asked)")."""
        items = [(" ".join([sym(k)] * least[h][k]) if bare else copies(least[h][k], k),
                  must(h, k)) for k in ks]
        if len({why for _, why in items}) == 1:
            return (" ".join if bare else _and)([what for what, _ in items]) \
                + f" ({items[0][1]})"
        return ", ".join(f"{what} ({why})" for what, why in items)

    def unhidden(k: int) -> str:
        """Where the copies of card k not hidden from the viewer are, in words."""
        out = v.deck[k] - hidden[k]
        mine = v.mine[k] - v.played[v.me][k]  # (the viewer's, held now)
        seen = out - mine  # (played, or gone before the view)
        if out == 1 and v.deck[k] == 2 and hidden[k]:
            return f"{viewer} holds the other" if mine else "the other is played or gone"
        if not hidden[k] and (not mine or not seen):
            every = "it" if out == 1 else "both" if out == 2 else f"all {out}"
            return f"{viewer} holds {every}" if mine else \
                f"{every} {'is' if out == 1 else 'are'} played or gone"
        return " and ".join([f"{viewer} holds {mine}"] * bool(mine) + [
            f"{seen} {'is' if seen == 1 else 'are'} played or gone"] * bool(seen))

    def ranges(hs: list[int], ks: list[int]) -> tuple[Range, ...]:
        return tuple(Range(name[h], Card.from_index(k), least[h][k], most[h][k],
                           was_asked(h, k))
                     for h in hs for k in ks
                     if least[h][k] > 0 or most[h][k] < min(hidden[k], held[h]))

    def reasons_of(used: tuple[Range, ...], caps: list[int]) -> tuple[str, ...]:
        """The facts behind the ranges a proof uses: their least (where not asked), and
        their most where the proof uses the most of holders ``caps`` and a fact sets it."""
        by = {name[h]: h for h in holders}
        out = []
        for b in used:
            h, k = by[b.seat], b.card.index
            if b.least and not b.asked:
                out += facts(h, k, True)
            if h in caps and hi[h][k] - played[h][k] < min(hidden[k], held[h]):
                out += facts(h, k, False)
        return tuple(dict.fromkeys(out))

    def names(group: list[int]) -> str:
        return _names([name[h] for h in group])

    def hold(group: list[int]) -> str:
        return "holds" if len(group) == 1 else "hold"

    def held_by(group: list[int]) -> int:
        return sum(held[h] for h in group)

    def proof(kind: str, group: list[int], others: list[int], limits: list[Limit],
              used: tuple[Range, ...], text: str, caps: list[int]) -> Proof:
        return Proof(kind, tuple(name[h] for h in group), tuple(name[h] for h in others),
                     held_by(group), sum(x.least for x in limits), sum(x.most for x in limits),
                     tuple(limits), used, reasons_of(used, caps), text)

    found: list[tuple[int, int, Proof]] = []  # (seats named, kind's order, proof)
    for k in cards:  # "card": more copies than are hidden (the fewest seats that show it)
        need = sorted((h for h in holders if least[h][k] > 0), key=lambda h: -least[h][k])
        if sum(least[h][k] for h in need) > hidden[k]:
            group = next(need[:n] for n in range(1, len(need) + 1)
                         if sum(least[h][k] for h in need[:n]) > hidden[k])
            group.sort(key=holders.index)
            limit = Limit(Card.from_index(k), hidden[k], sum(least[h][k] for h in group),
                          min(sum(most[h][k] for h in group), hidden[k]))
            whose = (f"{names(group)} would hold {copies(limit.least, k)}"
                     + (" between them" if len(group) > 1 else ""))
            because = sorted({must(h, k) for h in group})
            if len(because) > 1 or len(group) > 1 and because != ["asked"]:
                because = [f"{name[h]}: asked" if was_asked(h, k) else must(h, k)
                           for h in group]
            text = (f"{whose} now ({'; '.join(because)}), but "
                    + (f"no {sym(k)} is hidden from {viewer}: {unhidden(k)}" if not hidden[k]
                       else f"only {hidden[k]} {'is' if hidden[k] == 1 else 'are'} hidden "
                            f"from {viewer} ({unhidden(k)})"))
            found.append((len(group), 0, proof("card", group, [], [limit],
                                               ranges(group, [k]), text, [])))
    for h in holders:  # "card": one seat, more copies than its facts or its hand allow
        for k in cards:
            if cap[h][k] < least[h][k] <= hidden[k]:
                why_not = (f"{name[h]} {hold([h])} {_cards(held[h])} now"
                           if cap[h][k] == held[h] else "; ".join(facts(h, k, False))
                           or "the view's facts")
                limit = Limit(Card.from_index(k), hidden[k], least[h][k], most[h][k])
                text = (f"{name[h]} would hold {copies(least[h][k], k)} now ({must(h, k)}), "
                        f"but can hold {'none' if not cap[h][k] else f'at most {cap[h][k]}'} "
                        f"({why_not})")
                found.append((1, 1, proof("card", [h], [], [limit], ranges([h], [k]), text,
                                          [h])))
    for k in cards:  # "card": every holder together, fewer copies than are hidden
        if sum(most[h][k] for h in holders) < hidden[k]:
            limit = Limit(Card.from_index(k), hidden[k], sum(least[h][k] for h in holders),
                          sum(most[h][k] for h in holders))
            text = (f"{names(holders)} can hold at most {limit.most} x {sym(k)} between "
                    f"them, but {hidden[k]} {'is' if hidden[k] == 1 else 'are'} hidden from "
                    f"{viewer}")
            found.append((len(holders), 4, proof("card", holders, [], [limit],
                                                 ranges(holders, [k]), text, holders)))
    for size in range(1, len(holders) + 1):
        for group in map(list, combinations(holders, size)):
            rest = [h for h in holders if h not in group]
            # "least": the cards the group would hold, more than its hands hold
            owed = [k for k in cards if any(least[h][k] for h in group)]
            limits = [Limit(Card.from_index(k), hidden[k], sum(least[h][k] for h in group),
                            min(sum(most[h][k] for h in group), hidden[k])) for k in owed]
            if sum(x.least for x in limits) > held_by(group):
                listed = "; ".join(
                    (f"{name[h]} " if len(group) > 1 else "")
                    + listing(h, [k for k in owed if least[h][k]], bare=True)
                    for h in group if any(least[h][k] for k in owed))
                text = (f"{names(group)} {hold(group)} {_cards(held_by(group))} now, but would "
                        f"hold at least {sum(x.least for x in limits)}: {listed}")
                found.append((size, 2, proof("least", group, [], limits,
                                             ranges(group, owed), text, [])))
            if not rest:  # (everybody: too few copies of a card, above)
                continue
            # "most": the hidden cards the group can hold, fewer than its hands hold, each
            # card's copies hidden less those the others would hold
            room, cut = {}, {}
            for k in cards:
                own = min(sum(most[h][k] for h in group), hidden[k])
                left = hidden[k] - sum(least[h][k] for h in rest)
                room[k] = min(own, left)
                if left < own:
                    cut[k] = [h for h in rest if least[h][k]]
            if min(room.values(), default=0) < 0 or sum(room.values()) >= held_by(group):
                continue
            others = [h for h in rest if any(h in hs for hs in cut.values())]
            limits = [Limit(Card.from_index(k), hidden[k], sum(least[h][k] for h in group),
                            room[k]) for k in cards if room[k] or k in cut]
            can = " ".join(sym(k) for k in cards for _ in range(room[k])) or "none of them"
            text = (f"{names(group)} {hold(group)} {_cards(held_by(group))} now, but can hold "
                    f"at most {sum(room.values())} of the hidden cards: {can}")
            if others:
                text += ", as " + " and ".join(
                    f"{name[h]} would hold " + listing(h, [k for k in cut if h in cut[k]])
                    for h in others)
            used = ranges(group, cards) + ranges(others, list(cut))
            found.append((size + len(others), 3, proof("most", group, others, limits, used,
                                                       text, group)))
    if not found:
        raise AssertionError("no group contradicts, though the deal table counts no deal")
    return min(found, key=lambda f: (f[0], f[1]))[2]


def _cards(n: int) -> str:
    return "no cards" if not n else f"{n} card" if n == 1 else f"{n} cards"


def _names(names: list[str]) -> str:
    """Seats in words: "E", "E and W", "E, W and the unseen pile"."""
    return _and(["the unseen pile" if n == "unseen" else n for n in names])


def _and(words: list[str]) -> str:
    """Words listed: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
