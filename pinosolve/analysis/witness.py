"""A witness for an inference: one whole deal consistent with a view in which the seats
hold the cards asked about, or the proof that there is none.

``infer`` says which cards each other seat *may* hold; a witness shows one deal behind a
"may", and a count of zero proves a "cannot". The deals are the view's own
(``pinosolve.analysis.deals.DealTable``, the table ``infer`` counts): the view's bounds on
each holder's cards as play began, with the lower bound of each card asked about raised to
the copies the seat has played of it and one more. The count is exact, and the witness is
drawn from those deals as a shuffle weights them, reproducibly from a seed.

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
class Witness(Result):
    """The answer to "can these seats hold these cards now?" from a view: ``exists``, the
    number of consistent deals that give every holding asked (``deals_holding``) of all the
    view's consistent deals (``deals``; copies of a card alike, as ``infer`` counts them); where it
    exists, one such deal (``deal``: every hand held now, PBN, and the trick on the table,
    led by ``leader``) and the hands as play began (``start``), drawn with ``seed``."""

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
    consistent deals give them; ``exists`` False, and no deal, where none does. Raises
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
    lo, hi, _ = v.bounds()
    raised = {h: list(row) for h, row in lo.items()}
    for (seat, card), copies in Counter((h.seat, h.card) for h in asked).items():
        s = v.seats.index(seat)
        k = card.index
        raised[s][k] = max(raised[s][k], v.played[s][k] + copies)
    table = DealTable(v, raised, hi)
    holding = 0 if table.empty else table.count()
    answer = Witness(v.variant.id, v.seat, asked, holding > 0, holding, v.deal_count())
    if not holding:
        return answer
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
