"""Review a played hand: each card as played against its double-dummy best.

A *record* is a mapping: ``variant``, ``deal`` (the hands as play began, PBN style),
``trump``, ``leader`` (default the deal's first seat), ``declarer`` (alias ``bidder``) and
``partner`` (or ``called_card``, the card he called, read in the hands as dealt: ``Game``) where
the variant needs them to fix the sides, optional ``bidder`` (the declaring
seat, also in fixed partnerships), ``bid`` and ``meld`` (per seat, points or the cards melded,
as ``score`` takes it; or a whole number, the declaring side's meld), ``laid_away`` (with a
contract where the bidder lays cards away: his laid-away cards, counted for him as ``score``
counts them), and ``play``: the cards in the order played (text ``"AS TS QS 9S"`` or a
list), possibly stopping mid-deal. A ``Game`` may be given instead: the cards played on it
are reviewed from the position it was set up in.

>>> r = review({"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.",
...             "trump": "S", "play": "KS TS QS 9S"})
>>> r.plays[0]
PlayReview(seat=N, card=KS, trick=1, is_legal=True, values={AS: 10, KS: 8, AH: 10}, cost=2,
           better=[AS, AH])
>>> r.summary.cost_by_seat["N"]
SeatCost(cost=2, costly_cards=1)

Each card played gets a ``PlayReview``: whether it was legal (``is_legal``; a renege names
the ``rule`` it broke and the ``legal_cards``, and the review goes on from the position as
played), every legal card's double-dummy value for the mover's side (``values``: points
from that position to the end of the deal, the cards on the table included), and its
``cost``: how many points the mover's side gave away against its best card. With a
``timeout`` per position, values a search did not prove in time are given as proved bounds
(``values_bounds``, ``cost_bounds``).

The ``ReviewSummary`` has the points each side took, the declaring side's double-dummy value
at the start and after each trick, each seat's total cost, and with ``bid`` and ``meld``
whether the contract was makeable at the start and whether it was made.

Every double-dummy answer comes from ``_Valuer.values``, which keeps one search and its
transposition table across the review's positions (``pinosolve.play.driver.Session``): they
are all from one deal, so each position's search starts with what the ones before it proved.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union
from collections.abc import Callable, Mapping

from pinosolve.analysis.information import (DEFAULT_SAMPLES, InformationCost, LensSummary,
                                            Thresholds)
from pinosolve.cards import Card, Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.game import Game, SolveResult
from pinosolve.inputs import as_cards, as_hand, as_variant, check_keys
from pinosolve.meld.model import MeldOption
from pinosolve.results import Result, optional
from pinosolve.play.budget import Budget
from pinosolve.seats import one_declarer
from pinosolve.variants.sides import seat_name, sides_fixed

if TYPE_CHECKING:
    from pinosolve.play.driver import Session
    from pinosolve.records.record import Record

# a hand to review: a game record, a Game with its cards played, or a record's table
RecordLike = Union[Game, "Record", Mapping[str, Any]]

_RECORD_KEYS = ("variant", "deal", "trump", "leader", "declarer", "bidder", "partner",
                "called_card",
                "bid", "meld", "play", "laid_away")


@dataclass(frozen=True, repr=False)
class PlayReview(Result):
    """One card as played: who played it (``seat``) to which trick (``trick``, from 1);
    whether it was legal (``is_legal``), and for a renege the ``rule`` it broke and the cards
    that were legal (``legal_cards``); ``values``: each legal card's double-dummy value for
    the mover's side (points from here to the end, the cards on the table included), and
    ``values_bounds``
    the proved bounds of those a time limit left unproved; ``cost``: the points the side gave
    away against its best card (0 for a best card; None after a renege, or where the values
    were not all proved, and then ``cost_bounds`` holds the proved bounds on it). With the
    information lens (``review(..., information=True)``): ``information``, the card's
    ``InformationCost`` from the mover's view (None after a renege), its ``label`` and
    ``luck`` (``pinosolve.analysis.information``). ``better``: for a card that cost points
    (or a renege), what should have been played: every legal card of the best value (where
    a time limit left bounds, every card that may have it)."""

    seat: str
    card: Card
    trick: int
    is_legal: bool
    values: dict[Card, int]
    cost: Optional[int]
    rule: Optional[str] = optional()
    legal_cards: Optional[tuple[Card, ...]] = optional()
    values_bounds: Optional[dict[Card, tuple[int, int]]] = optional()
    cost_bounds: Optional[tuple[int, int]] = optional()
    information: Optional[InformationCost] = optional()
    label: Optional[str] = optional()
    luck: Optional[str] = optional()
    better: Optional[tuple[Card, ...]] = optional()

    _repr_keys = ("seat", "card", "trick", "is_legal", "values", "cost", "rule", "cost_bounds",
                  "label", "better")

    @property
    def legal(self) -> bool:
        """The old name of ``is_legal`` (``legal`` is always a list of cards); it goes in a
        later release."""
        import warnings

        warnings.warn("PlayReview.legal is now is_legal", DeprecationWarning, stacklevel=2)
        return self.is_legal

    @property
    def value_bounds(self) -> Optional[dict[Card, tuple[int, int]]]:
        """The old name of ``values_bounds``; it goes in a later release."""
        import warnings

        warnings.warn("PlayReview.value_bounds is now values_bounds", DeprecationWarning,
                      stacklevel=2)
        return self.values_bounds


@dataclass(frozen=True, repr=False)
class TrickValue(Result):
    """The declaring side's standing after ``tricks`` finished tricks (0: at the start): the
    ``trick_points`` it has taken, and ``value``, the double-dummy points it takes from there
    to the end; ``bounds``: the proved bounds on it (equal to the value when it is proved;
    ``value`` None when a time limit left them apart)."""

    tricks: int
    trick_points: int
    value: Optional[int]
    bounds: tuple[int, int]


@dataclass(frozen=True, repr=False)
class SeatCost(Result):
    """A seat's total ``cost`` over the cards it played (None when a time limit left one of
    them unproved: then ``cost_bounds`` bounds it), and how many cards were proved to cost
    points (``costly_cards``)."""

    cost: Optional[int]
    costly_cards: int
    cost_bounds: Optional[tuple[int, int]] = optional()


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
class MeldCheck(Result):
    """A recorded meld against the most the hand held when it melded: ``seats`` (the seat,
    or the declaring side's seats whose meld counts where the record gives the side's
    total), the meld ``recorded`` (points; cards shown counted as ``score`` counts them),
    ``max_meld``, the most the hand could meld under the variant's meld rules and the trump
    (as dealt, with the kitty the bidder took, after the pass; ``pinosolve.meld.solver``),
    its ``melds``, and ``verdict``: ``right``, ``understated`` (the hand held more than was
    recorded) or ``overstated`` (more than the hand can make)."""

    seats: tuple[str, ...]
    recorded: int
    max_meld: int
    melds: tuple[MeldOption, ...]
    verdict: str

    _repr_keys = ("seats", "recorded", "max_meld", "verdict")


@dataclass(frozen=True, repr=False)
class Review(Result):
    """A played hand reviewed card by card (``plays``) and as a whole (``summary``).
    ``exact``: every value proved; ``timeout``: the seconds each position was given (None:
    no limit); ``note`` says what a time limit left unproved; ``information``: the
    information lens's summary, with ``review(..., information=True)``; ``meld_checks``:
    each recorded meld against the most its hand held (``MeldCheck``), where the record gives
    meld and holds the hands as dealt (not a record begun after the first trick, nor a
    variant that melds on tricks won)."""

    variant: str
    trump: Suit
    deal: str
    leader: str
    plays: tuple[PlayReview, ...]
    summary: ReviewSummary
    exact: bool
    seconds: float
    timeout: Optional[float] = optional()
    note: Optional[str] = optional()
    information: Optional[LensSummary] = optional()
    meld_checks: Optional[tuple[MeldCheck, ...]] = optional()

    _repr_keys = ("variant", "trump", "leader", "summary", "meld_checks")


class _Valuer:
    """Double-dummy values for the positions of one review, each given ``timeout`` seconds
    (None: no limit), on one search: a ``pinosolve.play.driver.Session`` whose transposition
    table is kept from one position to the next (they are all from one deal, with one trump
    and one pair of sides, so its bounds stay true), where a ``Game.solve`` per position
    would start each from an empty table. ``reuse`` False: a ``Game.solve`` per position (for
    measuring the reuse)."""

    reuse = True

    def __init__(self, timeout: Optional[float]) -> None:
        self.timeout = timeout
        self.exact = True
        self.session: Optional[Session] = None

    def values(self, game: Game, value_only: bool = False) -> SolveResult:
        if game.over or not self.reuse:
            res = game.solve(self.timeout, value_only)
        else:
            if self.session is None:
                from pinosolve.play.driver import Session

                self.session = Session(game.rules, int(game.trump), tuple(game.sides),
                                       budgeted=self.timeout is not None)
            res = game.result_of(self.session.solve(game.position(), value_only=value_only,
                                                    budget=Budget(self.timeout),
                                                    check_trick=False, line=False),
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
    check_keys(record, _RECORD_KEYS, "record")
    for key in ("variant", "deal", "trump"):
        if record.get(key) is None:
            raise PinosolveError(f"record: {key} is missing")
    v = as_variant(record["variant"])
    who = one_declarer(v.seats, record.get("declarer"), record.get("bidder"), "record", v.id)
    # (in fixed sides the declarer is only the bidder; a partner there is refused by
    # variants.sides.play_sides, as Game reads it)
    game = Game(v, record["deal"], trump=record["trump"], leader=record.get("leader"),
                declarer=None if sides_fixed(v) else who, partner=record.get("partner"),
                called_card=record.get("called_card"))
    play = record.get("play", ())
    cards = list(as_cards(v, play if play is not None else (), "play"))
    facts = {"bidder": None if who is None else seat_name(v, who, "bidder"),
             "bid": None if record.get("bid") is None else _amount(record["bid"], "bid"),
             "meld": record.get("meld"),
             "laid_away": None if record.get("laid_away") is None else
             as_hand(v, record["laid_away"], "laid_away")}
    if facts["meld"] is not None and facts["bid"] is None:
        raise PinosolveError("record: meld goes together with a bid (the contract): give the "
                             "bid")
    if facts["bid"] is not None and facts["meld"] is None:
        facts["meld"] = {}  # (a seat with no meld given melded nothing, as in a game record)
    if facts["meld"] is not None and not isinstance(facts["meld"], Mapping):
        if not isinstance(facts["meld"], (int, str)) or isinstance(facts["meld"], bool):
            raise PinosolveError(f"meld: a table of seat -> points or cards (or the declaring "
                                 f"side's meld, a whole number), got {facts['meld']!r:.60}")
        facts["meld"] = _amount(facts["meld"], "meld")
    if facts["bid"] is not None and facts["bidder"] is None:
        raise PinosolveError("record: a bid needs its bidder (bidder=SEAT)")
    return game, cards, facts


def _amount(value: Any, what: str) -> int:
    """A bid or a meld of a record (``as_amount``: score's range)."""
    from pinosolve.inputs import as_amount

    try:
        return as_amount(value, what)
    except PinosolveError as exc:
        raise PinosolveError(f"record: {exc}") from None


def _from_game(game: Game) -> tuple[Game, list[Card], dict[str, Any]]:
    start, cards = game.rewound()
    return start, cards, {"bidder": game.declarer, "bid": None, "meld": None,
                          "laid_away": None}


def record_of(game_or_record: RecordLike) -> Any:
    """The hand to review as a game record (``pinosolve.records.Record``): a ``Record`` as
    it is; a mapping or a ``Game`` with its cards played as they were, its contract facts
    added."""
    from pinosolve.records.record import Record

    if isinstance(game_or_record, Record):
        return game_or_record
    game, cards, facts = (_from_game(game_or_record) if isinstance(game_or_record, Game)
                          else _from_record(game_or_record))
    for card in cards:
        game.play_as_played(card)
    extra: dict[str, Any] = {"bidder": facts["bidder"], "bid": facts["bid"]}
    meld = facts["meld"]
    if isinstance(meld, int) and facts["bidder"] is not None:
        extra["meld"] = {facts["bidder"]: meld}
    elif isinstance(meld, Mapping):
        v = game.variant
        extra["meld"] = {seat_name(v, s, "meld"): m if isinstance(m, int) else
                         as_hand(v, m, f"meld: {s}") for s, m in meld.items()}
    if facts["laid_away"] is not None:
        extra["laid_away"] = facts["laid_away"]
    # (to_record gives the bidder back the cards he laid away: a record's Deal is as dealt)
    return game.to_record(**{k: val for k, val in extra.items() if val is not None})


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}..{hi}"


def annotate(record: Any, result: Union[Review, Mapping[str, Any]]) -> Any:
    """``record`` (a ``Record``) with its Analysis section written from a review of it
    (the ``Review``, or its JSON): for each card, ``cost`` (or ``renege`` and the rule); with
    the information lens its cost ``info`` (``lo..hi`` where only bounds were proved), its
    ``stderr`` where sampled, ``deals`` (``all``: every consistent deal, else how many were
    drawn), ``label`` and ``luck``; then each legal card's double-dummy value (``lo..hi``
    where only bounds were proved)."""
    from pinosolve.records.record import CardNote, with_notes

    data = result.to_json() if isinstance(result, Review) else result
    notes = []
    for p in data["plays"]:
        keys: list[tuple[str, str]] = []
        if not p["is_legal"]:
            keys.append(("renege", p["rule"] or "not-held"))
        elif p["cost"] is not None:
            keys.append(("cost", str(p["cost"])))
        elif p.get("cost_bounds"):
            keys.append(("cost", _span(*p["cost_bounds"])))
        info = p.get("information")
        if info is not None:
            keys.append(("info", f"{info['cost']:g}" if info["cost"] is not None else
                         "{:g}..{:g}".format(*info["cost_bounds"])))
            if not info["exact"]:
                keys.append(("stderr", f"{info['stderr']:g}"))
            if info["deals"]:  # (none searched for a card with no other legal card)
                keys.append(("deals", "all" if info["exact"] else str(info["deals"])))
        if p.get("label") is not None:
            keys.append(("label", p["label"]))
        if p.get("luck") is not None:
            keys.append(("luck", p["luck"]))
        keys += [(c, str(val)) for c, val in p["values"].items()]
        keys += [(c, _span(*b)) for c, b in (p.get("values_bounds") or {}).items()]
        notes.append(CardNote(p["seat"], Card.parse(p["card"]), tuple(keys)))
    return with_notes(record, notes)


def review(game_or_record: RecordLike, timeout: Optional[float] = None,
           on_card: Optional[Callable[[int, int], None]] = None, information: bool = False,
           samples: int = DEFAULT_SAMPLES, seed: Optional[int] = None,
           thresholds: Optional[Thresholds] = None, threads: int = 1,
           model: Any = None) -> Review:
    """Review a played hand: a record (see the module) or a ``Game`` with cards played on
    it. ``timeout``: seconds for each position's search (None: no limit); where it runs out
    the review gives the bounds proved (``values_bounds``, ``cost_bounds``), never a guess, and
    ``exact`` is False. ``on_card(reviewed, cards)`` is called as each card is reviewed.
    Raises ``PinosolveError`` for a bad record, and ``IllegalPlay`` for a card its seat does
    not hold. A game record (``pinosolve.records.Record``) is read as its
    ``review_input()``.

    ``information``: also the information lens (``pinosolve.analysis.information``): each
    card's cost from its player's view, over every consistent deal where there are at most
    ``samples``, else ``samples`` deals drawn from ``seed`` (None: a fresh one, named in the
    answer) and solved ``threads`` at a time; ``timeout`` is then also each decision's
    budget for its deals; the labels from ``thresholds`` (default ``Thresholds()``);
    ``model``: a model of the players weighting the deals, as ``advise`` takes it."""
    from pinosolve.records.record import Record

    record = game_or_record if isinstance(game_or_record, Record) else None
    given: Union[Game, Mapping[str, Any]] = (record.review_input() if record is not None
                                              else game_or_record)  # type: ignore[assignment]
    from pinosolve.play.budget import check_timeout

    timeout = check_timeout(timeout)
    from pinosolve.analysis.model import check_model

    check_model(model)
    if information:
        from pinosolve.analysis.information import lens_options

        samples, seed, thresholds, threads = lens_options(samples, seed, thresholds, threads)
    started = time.perf_counter()
    if isinstance(given, Game):
        game, cards, facts = _from_game(given)
    else:
        game, cards, facts = _from_record(given)
    v = game.variant
    deal, first_leader = str(game), game.leader
    bidder = facts["bidder"]
    side_seat = bidder if bidder is not None else first_leader
    side = game.side_of(side_seat)
    seats = tuple(s for s in game.seats if game.side_of(s) == side)
    meld_given = facts["meld"]  # (as given: per seat, or the side's total)
    if facts["bid"] is not None:  # the contract's facts checked before any search
        if not v.rules.bidding.enabled:
            raise PinosolveError(f"{v.id} has no auction, so no contract [bidding.enabled = "
                                 "false]")
        from pinosolve.scoring.bidding import check_contract
        from pinosolve.scoring.contract import check_laid_away
        from pinosolve.scoring.round import side_meld

        check_contract(v, facts["bid"])  # (as makeable, score and advise check it)
        check_laid_away(v, v.parse_deal(deal).hands, facts["laid_away"], "laid_away")
        facts["meld"] = side_meld(v, facts["meld"], game.trump, bidder, seats)
    elif facts["laid_away"] is not None:
        raise PinosolveError("record: laid_away goes with a contract (bid and meld)")
    checks = None
    if meld_given:  # (none given, or an empty table: nothing recorded to check)
        checks = meld_checks(record if record is not None else record_of(given),
                             meld_given, game.trump, bidder, seats)
    valuer = _Valuer(timeout)
    lens = None
    if information:
        assert seed is not None and thresholds is not None
        from pinosolve.analysis.information import InformationLens

        whole = record if record is not None else record_of(given)
        # (a Game set up mid-trick: its record's play holds that trick's cards first)
        from pinosolve.analysis.model import as_model

        lens = InformationLens(whole, lambda s: game.side_of(s), samples, seed, timeout,
                               threads, thresholds, len(whole.cards_played()) - len(cards),
                               as_model(model, v))

    def standing(g: Game, res: Optional[SolveResult]) -> TrickValue:
        """The declaring side's value of ``g`` from its search (None: the deal is over)."""
        lo, hi = (0, 0) if res is None else res.bounds
        if res is not None and res.side != side:
            left = _points_left(g)
            lo, hi = left - hi, left - lo
        return TrickValue(len(g.tricks), g.points[side], lo if lo == hi else None, (lo, hi))

    plays: list[PlayReview] = []
    trajectory: list[TrickValue] = []
    costs = {s: [0, 0, 0, True] for s in game.seats}  # low, high, costly cards, proved
    reneges = 0
    if game.trick:  # a Game set up mid-trick: its start is a value too
        trajectory.append(standing(game, valuer.values(game, True)))
    for card in cards:
        if game.over:
            raise PinosolveError(f"play: {card} comes after the last card of the deal")
        seat, number = game.to_move, len(game.tricks) + 1
        legal = tuple(game.legal_moves())
        res = valuer.values(game)
        if not game.trick:
            trajectory.append(standing(game, res))
        broken = game.play_as_played(card)
        values = dict(res.values)
        open_ = dict(res.values_bounds)
        cost = cost_bounds = None
        span = {c: (values[c], values[c]) if c in values else open_[c]
                for c in legal if c in values or c in open_}
        better = _better(span, card)
        if broken is not None:
            reneges += 1
        else:
            if len(span) == len(legal):
                low, high = span[card]
                others = [b for c, b in span.items() if c != card]  # (none: a forced card)
                lo = max([0] + [b[0] - high for b in others])
                hi = max([0] + [b[1] - low for b in others])
                if lo == hi:
                    cost = lo
                else:
                    cost_bounds = (lo, hi)
                if lo == 0:  # (no point proved lost: no better card to name)
                    better = None
                mine = costs[seat]
                mine[0] += lo
                mine[1] += hi
                mine[2] += lo > 0
                mine[3] = mine[3] and lo == hi
            else:  # (a card with no proved bound at all: cannot happen, but never guess)
                costs[seat][3] = False
        info = label = luck = None
        if lens is not None:
            dd = (cost, cost) if cost is not None else (cost_bounds or (0, 0))
            info, label, luck = lens.judge(seat, card, number, lens.offset + len(plays),
                                           legal, broken is not None, dd)
        plays.append(PlayReview(seat, card, number, broken is None, values, cost,
                                None if broken is None else broken.rule,
                                None if broken is None else legal,
                                open_ or None, cost_bounds, info, label, luck, better))
        if on_card is not None:
            on_card(len(plays), len(cards))
    if not game.trick:  # the standing after the last finished trick (or at the start)
        if not trajectory or trajectory[-1].tricks != len(game.tricks):
            trajectory.append(standing(game, None if game.over else
                                       valuer.values(game, True)))
    makeable = made = None
    reasons: Optional[tuple[str, ...]] = None
    if facts["bid"] is not None:
        makeable, made, reasons = _contract(v, game, start_bounds=trajectory[0].bounds,
                                            start=first_leader, deal=deal, side=side,
                                            bidder=bidder, bid=facts["bid"],
                                            meld=facts["meld"], timeout=timeout,
                                            laid_away=facts["laid_away"])
    by_seat = {s: SeatCost(lo if proved else None, n, None if proved else (lo, hi))
               for s, (lo, hi, n, proved) in costs.items()}
    summary = ReviewSummary(side, seats, game.points, tuple(trajectory), by_seat, reneges,
                            game.over, bidder, facts["bid"], facts["meld"], makeable, made,
                            reasons)
    note = None if valuer.exact else (
        f"not every value was proved within {timeout} s per position: the unproved ones are "
        "given as proved bounds (values_bounds, cost_bounds), never guessed")
    return Review(v.id, game.trump, deal, first_leader, tuple(plays), summary, valuer.exact,
                  round(time.perf_counter() - started, 4), timeout, note,
                  None if lens is None else lens.summary(game.seats, plays), checks)


def meld_checks(record: Any, meld: Any, trump: Suit, bidder: Optional[str],
                side: tuple[str, ...]) -> Optional[tuple[MeldCheck, ...]]:
    """Each recorded meld of ``record`` (a ``Record``) against the most its hand held when
    it melded (``MeldCheck``): ``meld`` as the review reads it, per seat (points or the
    cards shown; a team that scores together with a line for some of its melding seats only
    is judged whole, that line being its total) or the declaring side's total (a whole
    number: the side's ``side`` seats whose meld counts, the bidder's alone where only he
    melds). None where the record
    cannot tell: a hand not known, a record begun after the first trick, or a variant whose
    meld is made on tricks won (``meld.sequence``), from a hand that changes."""
    from pinosolve.meld.solver import best_meld

    v = record.variant
    if v.rules.meld.sequence is not None:
        return None
    hands = record.hands_at_play()
    if any(h is None or len(h) != v.rules.deal.hand_size for h in hands.values()):
        return None
    if record.laid_away is not None and record.bidder is not None:
        held = hands[record.bidder]
        assert held is not None
        hands[record.bidder] = held + record.laid_away  # (he melds before laying away)
    if isinstance(meld, Mapping):
        # (each seat as recorded; but where a team that scores together has a Meld line for
        # some of its melding seats only, the line is the team's total, as a score sheet
        # writes it against one name: the team is judged)
        given = {seat_name(v, s, "meld"): m for s, m in meld.items()}
        counts = [s for s in v.seats if v.rules.scoring.meld_by == "all" or s == bidder]
        groups: list[tuple[tuple[str, ...], Any]] = []
        for team in _scoring_teams(v, bidder, side):
            melding = [s for s in team if s in counts]
            lines = [s for s in team if s in given]
            if lines and len(melding) > 1 and not set(melding) <= set(lines):
                groups.append((tuple(dict.fromkeys(melding + lines)),
                               [given[s] for s in lines]))
            else:
                groups += [((s,), given[s]) for s in lines]
        order = {s: i for i, s in enumerate(v.seats)}
        groups.sort(key=lambda g: order[g[0][0]])
    else:
        counted = tuple(s for s in side if v.rules.scoring.meld_by == "all" or s == bidder)
        groups = [(counted, meld)]
    out = []
    for seats, given_meld in groups:
        parts = given_meld if isinstance(given_meld, list) else [given_meld]
        recorded = sum(m if isinstance(m, int) else
                       best_meld(v, as_hand(v, m, f"meld: {seats[0]}"), trump).meld
                       for m in parts)
        best = [best_meld(v, hands[s], trump) for s in seats]
        most = sum(d.meld for d in best)
        verdict = ("right" if recorded == most else
                   "understated" if recorded < most else "overstated")
        out.append(MeldCheck(seats, recorded, most, tuple(m for d in best for m in d.melds),
                             verdict))
    return tuple(out)


def _scoring_teams(v: Any, bidder: Optional[str], side: tuple[str, ...]
                   ) -> list[tuple[str, ...]]:
    """The seats that score together this hand (``variants.sides.teams``): the fixed sides,
    the bidder and his called partner (``side``) against the rest, or each player alone."""
    from pinosolve.variants.sides import teams

    kind = v.rules.players.partnership
    partner = next((s for s in side if s != bidder), None) if kind == "called-card" else None
    if kind == "called-card" and (bidder is None or partner is None):
        return [(s,) for s in v.seats]
    return [t.seats for t in teams(v, bidder, partner)]


def _better(span: Mapping[Card, tuple[int, int]], played: Optional[Card]
            ) -> Optional[tuple[Card, ...]]:
    """The cards of the best value among ``span`` (each legal card's proved bounds), other
    than ``played``: every card whose high bound reaches the best low bound (one value
    each where every value is proved: the best cards, ties and all). None for no card."""
    if not span:
        return None
    top = max(lo for lo, _ in span.values())
    out = tuple(c for c, (_, hi) in span.items() if hi >= top and c != played)
    return out or None


def _contract(v: Any, game: Game, start_bounds: tuple[int, int], start: str, deal: str, side: str,
              bidder: str, bid: int, meld: int, timeout: Optional[float],
              laid_away: Optional[Hand] = None
              ) -> tuple[Optional[bool], Optional[bool], tuple[str, ...]]:
    """Whether the contract was makeable at the start (the makeable command's verdict on
    the double-dummy value of the opening position) and whether the play as it went made it
    (the score command's rules, ``pinosolve.scoring.contract``), the bidder's ``laid_away``
    cards counted for him where the rules say so."""
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.position import Position
    from pinosolve.scoring.contract import (Taken, holds_trump_marriage, laid_away_points,
                                            laid_away_reason, outcome)
    from pinosolve.scoring.makeable import _TeamPlay, _Verdict

    opening = v.parse_deal(deal)
    holding = opening[bidder] + laid_away if laid_away is not None else opening[bidder]
    marriage = holds_trump_marriage(holding, game.trump)
    away = laid_away_points(v, laid_away)
    sides = tuple(0 if game.side_of(s) == side else 1 for s in game.seats)
    pos = Position([[c.index for c in h] for h in opening.hands], game.seats.index(start), [],
                   sides, int(game.trump))
    team_play = _TeamPlay(pos, PlayRules.of(v, 2), game.side_of(start) == side, timeout,
                          False)
    lo, hi = start_bounds
    verdict = _Verdict(v, side, meld, away, bid, marriage, team_play, known=(lo, hi))
    reasons = [laid_away_reason(side, away)] if away else []
    reasons += ["makeable at the start: " + r for r in verdict.reasons]
    made = None
    if game.over:
        won = [t for t in game.tricks if game.side_of(t.won_by) == side]
        counter = any(v.card_points(c) for t in won for c in t.cards)
        taken = Taken(game.points[side], away, bool(won), counter)
        o = outcome(v, side, meld, taken, bid, marriage)
        made = o.made
        reasons += ["as played: " + r for r in o.reasons]
    return verdict.made, made, tuple(reasons)
