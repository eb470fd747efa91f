"""Shooting the moon, played: can the bidder take every trick, his partner sitting out?

Source 003 (Trickster, "Ask to shoot"): "If they choose to shoot, they must take all tricks to
succeed. When shooting, the declarer's partner does not play." Where the rules allow it
(``scoring.shoot_the_moon``), ``shoot`` answers with every hand known: the bidder plays alone
against the others (in a game with no partner, three-hand, everyone plays), the partner's
hand out of the play. Tricks, not points, decide it, so the search counts every card as one
point and no last-trick bonus: a trick is worth as many points as the seats that play, and
the bidder's most tricks are his most points on that scale divided by them.

The reading chosen where the source is silent: the lead stays with the rules' first leader;
were that the partner, the next seat to his left leads.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Optional

from pinosolve.cards import Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.inputs import DealLike, SuitLike, VariantLike, as_deal, as_trump, as_variant
from pinosolve.results import Result, optional


@dataclass(frozen=True, repr=False)
class Shoot(Result):
    """A shoot played double-dummy (``shoot``): the ``bidder``, his ``partner`` who sits out
    (None where there is none), who ``leader``s, the most tricks the bidder can make sure of
    (``most_tricks``; None where the time ran out, ``tricks_bounds`` then), of ``all_tricks``,
    whether the shoot succeeds (``made``; None: undecided), a ``best_line`` (the cards in
    play order, the partner's left out), the search's size and time."""

    variant: str
    trump: Suit
    bidder: str
    leader: str
    all_tricks: int
    most_tricks: Optional[int]
    tricks_bounds: tuple[int, int]
    made: Optional[bool]
    best_line: tuple[Card, ...]
    nodes: int
    seconds: float
    partner: Optional[str] = optional()

    _repr_keys = ("bidder", "partner", "leader", "most_tricks", "all_tricks", "made")


def shoot(variant: VariantLike, deal: DealLike, trump: SuitLike, bidder: str,
          dealer: Optional[str] = None, timeout: Optional[float] = None) -> Shoot:
    """Whether ``bidder`` takes every trick of ``deal`` (the hands held at the start of a
    trick, every seat's, the partner's too) with ``trump``, his partner out (see the module).
    ``dealer`` fixes the first leader where the rules have the dealer's left lead;
    ``timeout`` seconds (None: none), past it the bounds proved. Every problem is a
    ``PinosolveError`` in one line.

    >>> shoot("trickster-shoot", "N:A.A.. K.K.. T.T.. Q.Q..", "S", "N")
    Shoot(bidder=N, partner=S, leader=N, most_tricks=2, all_tricks=2, made=True)
    """
    from pinosolve.play.budget import Budget, check_timeout
    from pinosolve.play.driver import solve
    from pinosolve.play.position import Position
    from pinosolve.play.rules import PlayRules
    from pinosolve.scoring.makeable import first_leader
    from pinosolve.variants.sides import seat_after, seat_name, teams

    v = as_variant(variant)
    timeout = check_timeout(timeout)
    if not v.rules.scoring.shoot_the_moon:
        raise PinosolveError(f"shoot: {v.id} does not allow shooting the moon "
                             "[scoring.shoot_the_moon = false]")
    cards = as_deal(v, deal)
    suit = as_trump(v, trump)
    assert suit is not None  # (as_trump names a suit unless told to allow none)
    bidder = seat_name(v, bidder, "bidder")
    kind = v.rules.players.partnership
    if kind == "called-card":
        raise PinosolveError(f"shoot: {v.id} calls the partner by a card; shooting is played "
                             "here with fixed partners or none [players.partnership]")
    partner: Optional[str] = None
    if kind == "fixed":
        mine = next(t for t in teams(v) if bidder in t.seats)
        if len(mine.seats) != 2:
            raise PinosolveError(f"shoot: the bidder's side has {len(mine.seats)} seats; the "
                                 "partner who sits out must be one")
        partner = next(s for s in mine.seats if s != bidder)
    sizes = {len(h) for h in cards.hands}
    if len(sizes) != 1 or not sizes.pop():
        raise PinosolveError("deal: the hands held at the start of a trick, as many cards "
                             "each, one at least")
    leader = first_leader(v, bidder, dealer if dealer is None else
                          seat_name(v, dealer, "dealer"))
    if leader == partner:
        leader = seat_after(v, leader)
    seats = [s for s in v.seats if s != partner]
    hands = [[c.index for c in cards[s]] for s in seats]
    rules = PlayRules.of(v, 2)
    ones = dataclasses.replace(rules, points=tuple(1 for _ in rules.points), last_trick=0)
    pos = Position(hands, seats.index(leader), [], tuple(0 if s == bidder else 1
                                                         for s in seats), int(suit))
    res = solve(pos, ones, budget=Budget(timeout))
    n, tricks = len(seats), len(hands[0])
    lo, hi = res.bounds
    if leader != bidder:  # the search answers for the side to move: the defenders
        lo, hi = n * tricks - hi, n * tricks - lo
    lo, hi = lo // n, hi // n
    made = True if lo == tricks else False if hi < tricks else None
    return Shoot(v.id, suit, bidder, leader, tricks, lo if lo == hi else None, (lo, hi), made,
                 tuple(Card.from_index(c) for c in res.line), res.nodes,
                 round(res.seconds, 4), partner)
