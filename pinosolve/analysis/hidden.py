"""Hidden cards from one seat's view: what each other seat may and must hold (``infer``).

The view (``pinosolve.analysis.view.View``) is what one seat knows; its bounds
(``pinosolve.analysis.constraints``) are what it tells of the hidden cards, each with its
reason; ``pinosolve.analysis.deals.DealTable`` walks the cards one by one over the seats'
filled counts (dynamic programming): it counts the consistent deals exactly, finds for each
seat and card the least and most copies any deal gives (what is ``certain`` and
``possible``), and draws deals uniformly, each weighted by the number of ways a shuffle of
the physical cards makes it (two copies split between two seats is two deals of the
shuffle, kept together one), with no model of the players' choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.analysis.view import View
from pinosolve.errors import PinosolveError
from pinosolve.cards import NUM_CARDS, Card, Suit
from pinosolve.results import Result, optional

__all__ = ["Inference", "SeatInference", "UNSEEN", "infer"]

UNSEEN = "unseen"  # the unseen pile's name in answers: hidden cards no seat holds


@dataclass(frozen=True, repr=False)
class SeatInference(Result):
    """What one other seat holds now (``cards_held`` cards): ``possible`` (each card it may
    hold, in some consistent deal), ``certain`` (the cards, with copies, it holds in every
    one), ``voids`` (the suits it cannot hold), and ``reasons``: the facts of the view behind
    the bounds, in words."""

    cards_held: int
    possible: tuple[Card, ...]
    certain: tuple[Card, ...]
    voids: tuple[Suit, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class Inference(Result):
    """A view's inference (``infer``): per other seat (``by_seat``), and ``deals``, the exact
    number of distinct consistent deals of the hidden cards (copies of a card alike); ``weighted``:
    the number of shuffles of the physical cards that give them; ``unseen``: where the deal
    leaves hidden cards out of the hands (a kitty not seen, discards), what that pile may
    and must hold; with a ``called_card`` whose partner the viewer does not know,
    ``partner_shares``: each seat's share of the consistent deals (shuffle-weighted) in
    which it is the partner (the declarer's own seat: he plays alone); with ``shares``,
    ``holding_shares``: per other seat, the share of that many deals drawn (from ``seed``) in
    which it holds each card it may hold now; with a ``model`` of the players (its name),
    those deals are weighted by it and ``effective`` is their effective sample size."""

    variant: str
    trump: Suit
    seat: str
    to_move: str
    by_seat: dict[str, SeatInference]
    deals: int
    weighted: int
    unseen: Optional[SeatInference] = optional()
    called_card: Optional[Card] = optional()
    partner_shares: Optional[dict[str, float]] = optional()
    holding_shares: Optional[dict[str, dict[Card, float]]] = optional()
    seed: Optional[int] = optional()
    model: Optional[str] = optional()
    effective: Optional[float] = optional()

    _repr_keys = ("seat", "to_move", "deals")


def infer(view: Mapping[str, Any] | View, shares: int = 0, seed: Optional[int] = None,
          model: Any = None) -> Inference:
    """What each other seat may and must hold, from one seat's ``view`` (see the module);
    ``shares`` (0 to 20000): also how often each holds each card it may hold, over that
    many consistent deals drawn from ``seed`` (None: a fresh one, named in the answer),
    weighted by ``model`` (``fitted``, ``rules`` or a ``PlayModel``: a model of the other
    players' card play, ``pinosolve.analysis.model``; None: the shuffle alone).

    >>> r = infer({"variant": "two-hand", "trump": "S", "seat": "N", "hand": "AS TS",
    ...            "play": "AS KH", "leader": "N", "gone": "..AATTKKQQJJ99.AATTKKQQJJ99"})
    >>> r, r.by_seat["S"].voids
    (Inference(seat=N, to_move=N, deals=6), (<Suit.S: 0>, <Suit.D: 2>, <Suit.C: 3>))
    """
    v = view if isinstance(view, View) else View(view)
    _, _, why = v.bounds()
    table = v.table
    ranges = table.ranges()
    seats: list[tuple[str, SeatInference]] = []
    for s in [*v.holders, -1]:
        if s == -1 and not v.out:
            break
        played = v.played[s] if s >= 0 else [0] * NUM_CARDS
        now = [(ranges[s][k][0] - played[k], ranges[s][k][1] - played[k])
               for k in range(NUM_CARDS)]
        possible = tuple(Card.from_index(k) for k in range(NUM_CARDS) if now[k][1] > 0)
        certain = tuple(Card.from_index(k) for k in range(NUM_CARDS)
                        for _ in range(now[k][0]))
        suits = {c.suit for c in possible}
        voids = tuple(x for x in Suit if x not in suits)
        reasons = tuple(why[s])
        seats.append((v.seats[s] if s >= 0 else UNSEEN,
                      SeatInference(v.hand_size - sum(played) if s >= 0 else v.out, possible,
                                    certain, voids, reasons)))
    unseen = seats.pop()[1] if v.out else None
    partners = {s: round(x, 6) for s, x in v.partner_shares().items()} or None
    from pinosolve.analysis.model import as_model

    holding = effective = None
    weigher = as_model(model, v.variant)
    if weigher is not None and not shares:
        raise PinosolveError("model: it weighs the deals drawn for the holding shares: give "
                             "shares")
    if shares:
        holding, seed, effective = _holding_shares(v, dict(seats), shares, seed, weigher)
    return Inference(v.variant.id, v.trump, v.seat, v.seats[v.to_move], dict(seats),
                     table.count(), table.weighted(), unseen, v.called_card, partners,
                     holding, seed if shares else None,
                     None if weigher is None else weigher.name, effective)


def _holding_shares(v: View, seats: dict[str, SeatInference], n: int, seed: Optional[int],
                    model: Any = None
                    ) -> tuple[dict[str, dict[Card, float]], int, Optional[float]]:
    """Per seat, the share of ``n`` consistent deals (drawn from ``seed``, weighted by
    ``model``) in which it holds each card it may hold now; the seed; with a model, the
    effective sample size."""
    from pinosolve.analysis.advice import MAX_SAMPLES, deals_of
    from pinosolve.inputs import as_whole
    from pinosolve.variants.shuffle import fresh_seed

    n = as_whole(n, "shares")
    if not 0 < n <= MAX_SAMPLES:
        raise PinosolveError(f"shares: the deals to draw, from 1 to {MAX_SAMPLES}, got {n}")
    seed = fresh_seed() if seed is None else seed
    counts: dict[str, dict[Card, float]] = {s: dict.fromkeys(info.possible, 0)
                                            for s, info in seats.items()}
    deals, _, effective = deals_of(v, model, False, n, seed, n)
    for g, weight in deals:
        for s, held in counts.items():
            hand = set(g.hand(s))
            for card in held:
                held[card] += weight * (card in hand)
    return {s: {c: round(k / n, 4) for c, k in held.items()} for s, held in counts.items()}, \
        seed, None if effective is None else round(effective, 2)
