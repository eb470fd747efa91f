"""Review a played hand: each card as played against its double-dummy best (issue 34).

A *record* is a mapping: ``variant``, ``deal`` (the hands as play began, PBN style),
``trump``, ``leader`` (default the deal's first seat), ``declarer`` (alias ``bidder``) and
``partner`` where the variant needs them to fix the sides, optional ``bidder`` (the declaring
seat, also in fixed partnerships), ``bid`` and ``meld`` (the declaring side's meld points),
and ``play``: the cards in the order played (text ``"AS TS QS 9S"`` or a list), possibly
stopping mid-deal. A ``Game`` may be given instead: the cards played on it are reviewed from
the position it was set up in.

>>> r = review({"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.",
...             "trump": "S", "play": "KS TS QS 9S"})
>>> r.plays[0]
PlayReview(seat=N, card=KS, trick_number=1, is_legal=True,
           card_values={AS: 10, KS: 8, AH: 10}, cost=2)
>>> r.summary.cost_by_seat["N"]
SeatCost(cost=2, costly_cards=1)

Each card played gets a ``PlayReview``: whether it was legal (a renege names the rule it
broke and the cards that were legal, and the review goes on from the position as played),
every legal card's double-dummy value for the mover's side (points from that position to the
end of the deal, the cards on the table included), and its ``cost``: how many points the
mover's side gave away against its best card. The ``ReviewSummary`` has the points each side
took, the declaring side's double-dummy value at the start and after each trick, each seat's
total cost, and with ``bid`` and ``meld`` whether the contract was makeable at the start and
whether it was made.

Every double-dummy answer comes from ``_Valuer.values``, which keeps one search and its
transposition table across the review's positions (``pinosolve.play.driver.Session``): they
are all from one deal, so each position's search starts with what the ones before it proved.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Union

from pinosolve.cards import Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.game import Game, SolveResult
from pinosolve.inputs import as_cards, as_variant, as_whole
from pinosolve.results import Result, optional
from pinosolve.seats import seat_name

RecordLike = Union[Game, Mapping[str, Any]]

_RECORD_KEYS = ("variant", "deal", "trump", "leader", "declarer", "bidder", "partner", "bid",
                "meld", "play")


@dataclass(frozen=True, repr=False)
class PlayReview(Result):
    """One card as played: who played it (``seat``) to which trick (``trick_number``, from
    1); ``is_legal``, and for a renege the ``rule`` it broke and the cards that were
    ``legal``; ``card_values``: each legal card's double-dummy value for the mover's side
    (points from here to the end, the cards on the table included; a card missing was not
    proved in time); ``cost``: the points the side gave away against its best card (0 for a
    best card; None after a renege, or where the values were not proved)."""

    seat: str
    card: Card
    trick_number: int
    is_legal: bool
    card_values: dict[Card, int]
    cost: Optional[int]
    rule: Optional[str] = optional()
    legal: Optional[tuple[Card, ...]] = optional()

    _repr_keys = ("seat", "card", "trick_number", "is_legal", "card_values", "cost", "rule")


@dataclass(frozen=True, repr=False)
class TrickValue(Result):
    """The declaring side's standing after ``tricks`` finished tricks (0: at the start): the
    ``trick_points`` it has taken, and ``value``, the double-dummy points it takes from there
    to the end (None: not proved in time)."""

    tricks: int
    trick_points: int
    value: Optional[int]


@dataclass(frozen=True, repr=False)
class SeatCost(Result):
    """A seat's total ``cost`` over the cards it played, and how many of them cost points."""

    cost: int
    costly_cards: int


@dataclass(frozen=True, repr=False)
class ReviewSummary(Result):
    """The hand as a whole: ``side`` (the declaring side, or the first leader's) and the
    points each side took (``points_taken``); that side's double-dummy value at the start
    and after each trick (``values_by_trick``); each seat's cost (``cost_by_seat``); the
    reneges; with ``bid`` and ``meld``, whether the contract was ``makeable`` at the start and
    whether it was ``made`` (None: the play is unfinished, or not decided)."""

    side: str
    seats: tuple[str, ...]
    points_taken: dict[str, int]
    values_by_trick: tuple[TrickValue, ...]
    cost_by_seat: dict[str, SeatCost]
    reneges: int
    finished: bool
    bidder: Optional[str] = optional()
    bid: Optional[int] = optional()
    meld: Optional[int] = optional()
    makeable: Optional[bool] = optional()
    made: Optional[bool] = optional()
    reasons: Optional[tuple[str, ...]] = optional()

    _repr_keys = ("side", "points_taken", "reneges", "finished", "makeable", "made")


@dataclass(frozen=True, repr=False)
class Review(Result):
    """A played hand reviewed card by card (``plays``) and as a whole (``summary``)."""

    variant: str
    trump: Suit
    deal: str
    leader: str
    plays: tuple[PlayReview, ...]
    summary: ReviewSummary
    exact: bool
    seconds: float
    note: Optional[str] = optional()

    _repr_keys = ("variant", "trump", "leader", "summary")


class _Valuer:
    """Double-dummy values for the positions of one review, sharing one time budget and one
    search: a ``pinosolve.play.driver.Session`` whose transposition table is kept from one
    position to the next (they are all from one deal, with one trump and one pair of sides,
    so its bounds stay true), where a ``Game.solve`` per position would start each from an
    empty table. ``reuse`` False: a ``Game.solve`` per position (for measuring the reuse)."""

    reuse = True

    def __init__(self, timeout: Optional[float]) -> None:
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self.exact = True
        self.session: Any = None

    def values(self, game: Game, value_only: bool = False) -> SolveResult:
        left = None
        if self.deadline is not None:
            left = max(self.deadline - time.perf_counter(), 0.001)
        if game.over or not self.reuse:
            res = game.solve(left, value_only)
        else:
            if self.session is None:
                from pinosolve.play.driver import Session

                self.session = Session(game.rules, int(game.trump), tuple(game.sides),
                                       budgeted=self.deadline is not None)
            res = game.result_of(self.session.solve(game.position(), value_only=value_only,
                                                    timeout=left, check_trick=False,
                                                    line=False),
                                 value_only)
        if not res.exact:
            self.exact = False
        return res


def _points_left(game: Game) -> int:
    from pinosolve.play.position import points_left

    pos = game.position()
    return points_left(game.rules, pos.hands, pos.trick)


def _from_record(record: Mapping[str, Any]) -> tuple[Game, list[Card], dict[str, Any]]:
    """The game as play began, the cards played, and the contract facts of a record."""
    if not isinstance(record, Mapping):
        raise PinosolveError(f"review takes a Game or a record (a mapping), got "
                             f"{type(record).__name__}")
    unknown = sorted(set(record) - set(_RECORD_KEYS))
    if unknown:
        raise PinosolveError(f"record: unknown key(s) {', '.join(unknown)}; the keys are "
                             f"{', '.join(_RECORD_KEYS)}")
    for key in ("variant", "deal", "trump"):
        if record.get(key) is None:
            raise PinosolveError(f"record: {key} is missing")
    v = as_variant(record["variant"])
    fixed = v.rules.players.partnership == "fixed" or len(v.seats) == 2
    declarer, bidder = record.get("declarer"), record.get("bidder")
    if declarer is not None and bidder is not None and \
            seat_name(v, declarer, "declarer") != seat_name(v, bidder, "bidder"):
        raise PinosolveError(f"record: declarer {declarer!r} and bidder {bidder!r} are "
                             "different seats")
    who = declarer if declarer is not None else bidder
    roles = {} if fixed and declarer is None else {"declarer": who, "partner":
                                                    record.get("partner")}
    game = Game(v, record["deal"], trump=record["trump"], leader=record.get("leader"),
                **{k: val for k, val in roles.items() if val is not None})
    play = record.get("play", ())
    cards = list(as_cards(v, play if play is not None else (), "play"))
    facts = {"bidder": None if who is None else seat_name(v, who, "bidder"),
             "bid": None if record.get("bid") is None else as_whole(record["bid"], "bid"),
             "meld": None if record.get("meld") is None else as_whole(record["meld"], "meld")}
    if (facts["bid"] is None) != (facts["meld"] is None):
        raise PinosolveError("record: give bid and meld together (the contract needs both)")
    if facts["bid"] is not None and facts["bidder"] is None:
        raise PinosolveError("record: a bid needs its bidder (bidder=SEAT)")
    return game, cards, facts


def _from_game(game: Game) -> tuple[Game, list[Card], dict[str, Any]]:
    start = game.copy()
    cards: list[Card] = []
    while start._history:
        cards.append(start.unplay())
    cards.reverse()
    start._tricks, start._history = [], []
    start._points = {name: 0 for name in start.side_names}
    return start, cards, {"bidder": game.declarer, "bid": None, "meld": None}


def review(game_or_record: RecordLike, timeout: Optional[float] = None) -> Review:
    """Review a played hand: a record (see the module) or a ``Game`` with cards played on
    it. ``timeout``: seconds for the whole review (None: no limit); values not proved in
    time are left out, their costs None, and ``exact`` is False. Raises ``PinosolveError``
    for a bad record, and ``IllegalPlay`` for a card its seat does not hold."""
    from pinosolve.play.driver import check_timeout

    timeout = check_timeout(timeout)
    started = time.perf_counter()
    if isinstance(game_or_record, Game):
        game, cards, facts = _from_game(game_or_record)
    else:
        game, cards, facts = _from_record(game_or_record)
    v = game.variant
    deal, first_leader = str(game), game.leader
    bidder = facts["bidder"]
    side_seat = bidder if bidder is not None else first_leader
    side = game.side_of(side_seat)
    seats = tuple(s for s in game.seats if game.side_of(s) == side)
    valuer = _Valuer(timeout)

    def for_side(res: SolveResult, g: Game) -> Optional[int]:
        if res.value is None:
            return None
        return res.value if res.side == side else _points_left(g) - res.value

    plays: list[PlayReview] = []
    trajectory: list[TrickValue] = []
    costs = {s: [0, 0] for s in game.seats}
    reneges = 0
    if game.trick:  # a Game set up mid-trick: its start is a value too
        trajectory.append(TrickValue(0, 0, for_side(valuer.values(game, True), game)))
    for card in cards:
        if game.over:
            raise PinosolveError(f"play: {card} comes after the last card of the deal")
        seat, number = game.to_move, len(game.tricks) + 1
        legal = tuple(game.legal_moves())
        res = valuer.values(game)
        if not game.trick:
            trajectory.append(TrickValue(len(game.tricks), game.points[side],
                                         for_side(res, game)))
        broken = game.play_as_played(card)
        values = dict(res.cards)
        cost = None
        if broken is None and card in values and len(values) == len(legal):
            cost = max(values.values()) - values[card]
        elif broken is not None:
            reneges += 1
        if cost:
            costs[seat][0] += cost
            costs[seat][1] += 1
        plays.append(PlayReview(seat, card, number, broken is None, values, cost,
                                None if broken is None else broken.rule,
                                None if broken is None else legal))
    if not game.trick:  # the standing after the last finished trick (or at the start)
        value = 0 if game.over else for_side(valuer.values(game, True), game)
        if not trajectory or trajectory[-1].tricks != len(game.tricks):
            trajectory.append(TrickValue(len(game.tricks), game.points[side], value))
    makeable = made = None
    reasons: Optional[tuple[str, ...]] = None
    if facts["bid"] is not None:
        makeable, made, reasons = _contract(v, game, start_value=trajectory[0].value,
                                            start=first_leader, deal=deal, side=side,
                                            bidder=bidder, bid=facts["bid"],
                                            meld=facts["meld"], timeout=timeout)
    summary = ReviewSummary(side, seats, game.points, tuple(trajectory),
                            {s: SeatCost(c, n) for s, (c, n) in costs.items()}, reneges,
                            game.over, bidder, facts["bid"], facts["meld"], makeable, made,
                            reasons)
    note = None if valuer.exact else ("time ran out: values not proved in time are left out, "
                                      "and their costs are null")
    return Review(v.id, game.trump, deal, first_leader, tuple(plays), summary, valuer.exact,
                  round(time.perf_counter() - started, 4), note)


def _contract(v: Any, game: Game, start_value: Optional[int], start: str, deal: str, side: str,
              bidder: str, bid: int, meld: int, timeout: Optional[float]
              ) -> tuple[Optional[bool], Optional[bool], tuple[str, ...]]:
    """Whether the contract was makeable at the start (the makeable command's verdict on
    the double-dummy value of the opening position) and whether the play as it went made it
    (the score command's rules, ``pinosolve.scoring.contract``)."""
    from pinosolve.play.legality import PlayRules
    from pinosolve.play.position import Position
    from pinosolve.scoring.contract import Taken, holds_trump_marriage, outcome
    from pinosolve.scoring.makeable import _TeamPlay, _Verdict

    if not v.rules.bidding.enabled:
        raise PinosolveError(f"{v.id} has no auction, so no contract [bidding.enabled = false]")
    if v.rules.deal.bidder_discards:
        raise PinosolveError(f"{v.id}: the bidder lays cards away; the review does not take "
                             "laid-away cards yet [deal.bidder_discards]")
    opening = v.parse_deal(deal)
    marriage = holds_trump_marriage(opening[bidder], game.trump)
    sides = tuple(0 if game.side_of(s) == side else 1 for s in game.seats)
    pos = Position([[c.index for c in h] for h in opening.hands], game.seats.index(start), [],
                   sides, int(game.trump))
    team_play = _TeamPlay(pos, PlayRules.of(v, 2), game.side_of(start) == side, timeout,
                          False)
    lo, hi = (start_value, start_value) if start_value is not None else (0, team_play.in_play)
    verdict = _Verdict(v, side, meld, 0, bid, marriage, team_play, lo, hi)
    reasons = ["makeable at the start: " + r for r in verdict.reasons]
    made = None
    if game.over:
        won = [t for t in game.tricks if game.side_of(t.winner) == side]
        counter = any(v.card_points(c) for t in won for c in t.cards)
        taken = Taken(game.points[side], 0, bool(won), counter)
        o = outcome(v, side, meld, taken, bid, marriage)
        made = o.made
        reasons += ["as played: " + r for r in o.reasons]
    return verdict.made, made, tuple(reasons)
