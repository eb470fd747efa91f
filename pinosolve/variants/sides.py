"""A variant's seats and sides, their one home: naming a seat of the variant, the seats
clockwise, and who plays together (reading a seat from any list of seats: ``pinosolve.seats``).

Seats are the variant's (``players.seats``, clockwise). Who plays together comes from
``players.partnership``:

* ``fixed``: the sides of ``players.sides`` (four-handed ``NS`` and ``EW``);
* ``called-card``: the bidder and the partner he called against the rest;
* ``none``: each player alone in the scoring; in play the bidder against the others together
  (in two-handed play, simply one against one).

>>> from pinosolve import load_variant
>>> v = load_variant("three-hand-auction")
>>> seat_name(v, "e", "leader")
'E'
>>> play_sides(v, bidder="E")                  # seats N E W: the bidder's side is 0
(1, 0, 1)
>>> [t.name for t in teams(v, bidder="E")]     # in the scoring, each plays for himself
['N', 'E', 'W']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional
from collections.abc import Iterable, Mapping

from pinosolve.errors import PinosolveError
from pinosolve.seats import find_seat

if TYPE_CHECKING:  # (the variant module reads deals, which look seats up in pinosolve.seats)
    from pinosolve.variants.variant import Variant


def seat_name(v: Variant, value: Any, what: str) -> str:
    """The seat of variant ``v`` that ``value`` names (see ``find_seat``)."""
    return find_seat(v.seats, value, what, v.id)


def seat_index(v: Variant, value: Any, what: str) -> int:
    """The index in clockwise order of the seat ``value`` names (see ``seat_name``)."""
    return v.seats.index(seat_name(v, value, what))


def seat_after(v: Variant, seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places clockwise (to the left) of ``seat``.

    >>> from pinosolve import load_variant
    >>> seat_after(load_variant("four-hand"), "W")
    'N'
    """
    seats = v.seats
    return seats[(seats.index(seat) + steps) % len(seats)]


@dataclass(frozen=True)
class Team:
    """Players who score together this round, and whether they are the bidder's."""

    name: str                  # its name (``side_name``)
    seats: tuple[str, ...]     # clockwise
    bidding: bool


def _check_partner(v: Variant, bidder: Optional[str], partner: Optional[str]) -> None:
    kind = v.rules.players.partnership
    if partner is not None and kind != "called-card":
        raise PinosolveError(f"partner: {v.id} has no called partner; drop partner= "
                             f"[players.partnership = {kind}]")
    if kind == "called-card" and bidder is not None and partner is None:
        raise PinosolveError(f"{v.id}: name the called partner (partner=SEAT), the bidder's "
                             "own seat if he holds the called card")


def teams(v: Variant, bidder: Optional[str] = None, partner: Optional[str] = None
          ) -> list[Team]:
    """Who scores together: the fixed sides; the bidder and his called partner against the
    rest; or each player alone. ``bidder`` and ``partner`` are seat names (already checked
    with ``seat_name``); a called-card variant with a bidder needs the partner."""
    kind = v.rules.players.partnership
    _check_partner(v, bidder, partner)
    if kind == "fixed":
        return [Team(name, tuple(seats), bidder in seats)
                for name, seats in v.rules.players.sides.items()]
    if kind == "called-card" and bidder is not None:
        team = tuple(s for s in v.seats if s in (bidder, partner))
        rest = tuple(s for s in v.seats if s not in team)
        return [Team(side_name(v, team), team, True), Team(side_name(v, rest), rest, False)]
    return [Team(s, (s,), s == bidder) for s in v.seats]


def bidding_team(v: Variant, bidder: str, partner: Optional[str] = None) -> tuple[str, ...]:
    """The seats that play for the bidder: his fixed side, him and his called partner, or him
    alone."""
    return next(t.seats for t in teams(v, bidder, partner) if t.bidding)


def called_partner(v: Variant, bidder: str, holdings: Mapping[str, Any], card: Any,
                   named: Optional[str] = None, what: str = "partner") -> str:
    """The partner a called ``card`` names: the first seat holding a copy, clockwise from the
    bidder's left (the order of play); the bidder himself, playing alone, when nobody else
    holds one (the readings of ``players.partnership = "called-card"`` in the rules files).
    ``holdings``: seat -> the cards it holds as dealt (anything ``in`` tests a card
    against). ``named``: a partner given as well, which must be the one the card names
    (else a ``PinosolveError`` saying both, ``what`` naming where it was given).

    >>> from pinosolve import load_variant
    >>> v = load_variant("five-hand-call")
    >>> called_partner(v, "2", {"1": ["AS"], "3": [], "4": ["AS"], "5": []}, "AS")
    '4'
    """
    seat = next((s for s in (seat_after(v, bidder, k) for k in range(1, len(v.seats)))
                 if card in holdings.get(s, ())), bidder)
    if named is not None and named != seat:
        shown = getattr(card, "symbol", card)
        raise PinosolveError(f"{what}: {named}, but the called {shown}'s first holder from "
                             f"{bidder}'s left is {seat}")
    return seat


def check_call(v: Variant, card: Any, what: str = "called_card") -> Any:
    """The card ``card`` names (a ``Card`` or its text) as the variant's call: refused where
    the variant calls no partner, or the deck holds no such card. Returns the ``Card``.

    >>> from pinosolve import load_variant
    >>> check_call(load_variant("five-hand-call"), "ah")
    Card(AH)
    """
    from pinosolve.cards import Card

    kind = v.rules.players.partnership
    if kind != "called-card":
        raise PinosolveError(f"{what}: {v.id} has no called partner; drop it "
                             f"[players.partnership = {kind}]")
    if isinstance(card, Card):
        called = card
    elif isinstance(card, str) and card.strip().lower() == "auto":
        raise PinosolveError(f"{what}: auto (the bidder's call chosen deal by deal) is for "
                             "study; give the card called, such as AH")
    elif isinstance(card, str) and 0 < len(card) <= 16:
        try:
            called = Card.parse(card)
        except PinosolveError as exc:
            raise PinosolveError(f"{what}: {exc}") from None
    else:
        raise PinosolveError(f"{what}: one card, as text such as AH, got {card!r:.40}")
    if not v.deck.counts[called.index]:
        raise PinosolveError(f"{what}: {called.symbol} is not a card of {v.id}'s deck")
    return called


def card_to_call(v: Variant, trump: Any, hand: Any) -> Any:
    """The card a bidder holding ``hand`` calls when asked to choose: the highest trump (in
    ``trick.rank_order``) he lacks a copy of, else a plain suit's ace, king ... (the order
    of suits: trump, then S H D C).

    >>> from pinosolve import Hand, Suit, load_variant
    >>> card_to_call(load_variant("five-hand-call"), Suit.H, Hand.parse("AH AH AH AH TH"))
    Card(TH)
    """
    from pinosolve.cards import Card, Suit

    copies = v.rules.deck.copies
    for suit in [trump, *[s for s in Suit if s != trump]]:
        for rank in v.rules.trick.rank_order:
            card = Card.parse(f"{rank}{suit.name}")
            if hand.counts[card.index] < copies:
                return card
    raise PinosolveError("the bidder holds every card: nothing to call")


def sides_fixed(v: Variant) -> bool:
    """Whether the sides of trick play are fixed whoever bids: fixed partnerships, or two
    players one against the other (then no bidder or partner names them)."""
    return v.rules.players.partnership == "fixed" or len(v.seats) == 2


def play_sides(v: Variant, bidder: Optional[str] = None, partner: Optional[str] = None
               ) -> tuple[int, ...]:
    """The two sides of trick play, per seat in clockwise order: 0 or 1.

    Fixed partnerships: the sides' order in the rules file (the bidder plays no part). Two
    players: one against the other. Otherwise the bidder (with his called partner) is side 0
    and every other player side 1: a bidder is needed. ``bidder``, ``partner``: seat names in
    any case."""
    kind = v.rules.players.partnership
    n = len(v.seats)
    if sides_fixed(v):
        for key, value in (("bidder", bidder), ("partner", partner)):
            if value is not None:
                raise PinosolveError(f"{key}: {v.id} plays in fixed sides (or one against "
                                     f"one); drop {key}= [players.partnership = {kind}]")
    if kind == "fixed":
        names = list(v.rules.players.sides)
        return tuple(next(i for i, name in enumerate(names)
                          if seat in v.rules.players.sides[name]) for seat in v.seats)
    if n == 2:
        return (0, 1)
    if bidder is None:
        with_whom = "with the partner he calls" if kind == "called-card" else "alone"
        raise PinosolveError(f"{v.id}: name the bidder (bidder=SEAT), who plays {with_whom} "
                             "against the others")
    return bidder_sides(v, seat_name(v, bidder, "bidder"),
                        seat_name(v, partner, "partner") if partner is not None else None)


def bidder_sides(v: Variant, bidder: str, partner: Optional[str] = None) -> tuple[int, ...]:
    """Per seat in clockwise order: 0 for the seats that play for the bidder (his fixed side,
    him and his called partner, or him alone), 1 for the others.

    >>> from pinosolve import load_variant
    >>> bidder_sides(load_variant("four-hand"), "E")
    (1, 0, 1, 0)
    """
    team = bidding_team(v, bidder, partner)
    return tuple(0 if s in team else 1 for s in v.seats)


def side_name(v: Variant, seats: Iterable[str]) -> str:
    """How a side is named in every answer and table: a fixed side's name (``NS``), else
    its seats in seat order, joined (``EW`` defending in three-hand, ``13`` for a bidder and
    his called partner in five-hand).

    >>> from pinosolve import load_variant
    >>> side_name(load_variant("four-hand"), "SN"), side_name(load_variant("five-hand-call"), "31")
    ('NS', '13')
    """
    members = set(seats)
    fixed = [name for name, side in v.rules.players.sides.items() if set(side) == members]
    return fixed[0] if fixed else "".join(s for s in v.seats if s in members)


def side_names(v: Variant, sides: tuple[int, ...]) -> tuple[str, str]:
    """The names of play sides 0 and 1 (``side_name``).

    >>> from pinosolve import load_variant
    >>> v = load_variant("four-hand")
    >>> side_names(v, play_sides(v))
    ('NS', 'EW')
    """
    return (side_name(v, (s for s, side in zip(v.seats, sides) if side == 0)),
            side_name(v, (s for s, side in zip(v.seats, sides) if side == 1)))
