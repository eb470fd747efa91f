"""Scoring one round: meld counted or lost, trick points, bid made or set, and the score change.

Every decision comes from the rules file (``[scoring]``, ``[points]``, ``[deal]``) and is
reported with the key that made it, so that a score dispute ends with the rule, not an
opinion. The round's facts are checked first: trick points that do not add up to the
variant's total, a bidder who is not a seat, a side that scored points without a trick, a
throw-in the rules do not allow — each is a one-line error.

Who scores together (a *group*): fixed partnerships score by side (``NS``/``EW``); without
partners every seat scores alone; with a called partner the bidder and partner score as one
group and so do the defenders, and each seat's running score gets its group's change (the
reading recorded in ``rules/five-hand-call.toml``). Trick points, tricks and won cards are
keyed by side in fixed partnerships and by seat otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union
from collections.abc import Mapping

from pinosolve.scoring.bidding import value_problem
from pinosolve.cards import Hand, Suit, hand_from_data
from pinosolve.scoring.contract import (Taken, holds_trump_marriage, laid_away_points,
                                        laid_away_reason, outcome)
from pinosolve.errors import PinosolveError
from pinosolve.inputs import VariantLike, as_trump, as_variant, check_keys
from pinosolve.results import Result, optional
from pinosolve.variants.sides import seat_name, teams
from pinosolve.variants.variant import Variant, number_of_tricks

ROUND_KEYS = {"variant", "rules", "bidder", "partner", "bid", "trump", "meld", "points", "won",
              "tricks", "last_trick", "laid_away", "throw_in", "shoot", "meld_order", "note"}


@dataclass(frozen=True)
class Group:
    """Players who score together this round."""

    name: str
    seats: tuple[str, ...]
    keys: tuple[str, ...]      # keys of points / tricks / won for this group
    units: tuple[str, ...]     # running scores that receive the group's change
    bidding: bool


@dataclass
class Round:
    """The facts of one round, checked against the variant."""

    bidder: Optional[str] = None
    partner: Optional[str] = None
    bid: Optional[int] = None
    trump: Optional[Suit] = None
    meld: dict[str, int] = field(default_factory=dict)          # seat -> meld points
    meld_cards: dict[str, Hand] = field(default_factory=dict)   # seat -> holding, if given
    points: Optional[dict[str, int]] = None                      # key -> raw trick points
    won: Optional[dict[str, Hand]] = None
    tricks: Optional[dict[str, int]] = None
    last_trick: Optional[str] = None
    laid_away: Optional[Hand] = None
    last_trick_apart: bool = False  # points were given without the last-trick bonus
    throw_in: bool = False
    shoot: bool = False
    meld_order: Optional[tuple[tuple[str, int], ...]] = None   # (seat, meld points) as laid


def point_keys(v: Variant) -> tuple[str, ...]:
    """Keys of trick points and tricks: sides in fixed partnerships, seats otherwise."""
    if v.rules.players.partnership == "fixed":
        return tuple(v.rules.players.sides)
    return v.seats


def score_units(v: Variant) -> tuple[str, ...]:
    """Whose running score is kept: sides in fixed partnerships, seats otherwise."""
    return point_keys(v)


def groups(v: Variant, rnd: Round) -> list[Group]:
    """Who scores together this round (``pinosolve.variants.sides.teams``), with the keys
    their points and tricks are given under and the running scores their change goes to."""
    fixed = v.rules.players.partnership == "fixed"
    return [Group(t.name, t.seats, (t.name,) if fixed else t.seats,
                  (t.name,) if fixed else t.seats, t.bidding)
            for t in teams(v, rnd.bidder, rnd.partner)]


# --- reading the facts --------------------------------------------------------------------


def _whole(value: Any, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PinosolveError(f"{what} must be a whole number, got {value!r}")
    if value < low:
        raise PinosolveError(f"{what} must be at least {low}, got {value}")
    return value


def _cards(v: Variant, value: Any, what: str) -> Hand:
    """Cards as a ``Hand``, or their text (a string or a list of card names), checked
    against the variant's deck."""
    if isinstance(value, Hand):
        return v.check_hand(value, what)
    return v.check_hand(hand_from_data(value, what), what)


def _keyed(v: Variant, data: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise PinosolveError(f"{what} must be a table of {'/'.join(keys)} -> value")
    out: dict[str, Any] = {}
    for k, val in data.items():
        match = [key for key in keys if key.upper() == str(k).strip().upper()]
        if not match:
            raise PinosolveError(f"{what}: unknown key {k!r}; {v.id} keys are "
                                 f"{', '.join(keys)}")
        out[match[0]] = val
    return out


def read_round(v: Variant, data: dict[str, Any]) -> Round:
    """A round's facts from a table of its keys (a JSON or TOML table, a batch line): cards
    and the trump read into their types, then checked as a ``Round`` made in Python is
    (``check_round``); every problem is one line."""
    if not isinstance(data, dict):
        raise PinosolveError("a round must be a table of keys")
    check_keys(data, ROUND_KEYS, "round")
    meld = data.get("meld") or {}
    if not isinstance(meld, dict):
        raise PinosolveError("meld must be a table of seat -> points or cards")
    points, cards = _split_meld(v, meld)
    won = data.get("won")
    if isinstance(won, dict):
        won = {k: _cards(v, c, f"won {k}") for k, c in won.items()}
    laid = data.get("laid_away")
    return check_round(v, Round(
        bidder=data.get("bidder"), partner=data.get("partner"), bid=data.get("bid"),
        trump=None if data.get("trump") is None else v.parse_trump(data["trump"]),
        meld=points, meld_cards=cards, points=data.get("points"), won=won,
        tricks=data.get("tricks"), last_trick=data.get("last_trick"),
        laid_away=None if laid is None else _cards(v, laid, "laid_away"),
        throw_in=data.get("throw_in", False), shoot=data.get("shoot", False),
        meld_order=data.get("meld_order")))


def check_round(v: Variant, given: Round) -> Round:
    """The facts of ``given`` checked against the variant's rules, and what follows from
    them: the seats and sides named as the variant names them, meld given as cards counted
    by the meld engine, trick points from the cards won, the last trick's bonus added where
    the points leave it out. ``given`` is not changed; every problem is one line.

    >>> from pinosolve import load_variant
    >>> r = check_round(load_variant("four-hand"), Round(bidder="n", bid=25, trump=Suit.S,
    ...                 meld={"N": 12}, points={"ns": 15, "ew": 10}))
    >>> r.bidder, r.points
    ('N', {'NS': 15, 'EW': 10})
    """
    r = v.rules
    rnd = Round()
    rnd.throw_in = _bool(given.throw_in, "throw_in")
    rnd.shoot = _bool(given.shoot, "shoot")
    if given.trump is not None:
        rnd.trump = as_trump(v, given.trump)
    if r.bidding.enabled:
        if given.bidder is None:
            raise PinosolveError(f"name the bidder (bidder = SEAT): {v.id} has an auction")
        rnd.bidder = seat_name(v, given.bidder, "bidder")
        if given.bid is None:
            raise PinosolveError("give the winning bid (bid = N)")
        rnd.bid = _whole(given.bid, "bid")
        problem = value_problem(r.bidding, rnd.bid)
        if problem:
            raise PinosolveError(f"bid {rnd.bid} cannot be the contract: {problem}")
    else:
        for key in ("bidder", "bid", "throw_in", "shoot"):
            if getattr(given, key) not in (None, False):
                raise PinosolveError(f"{key}: {v.id} has no auction [bidding.enabled = false]")
    if r.players.partnership == "called-card" and rnd.bidder is not None:
        if given.partner is None:
            raise PinosolveError(f"{v.id}: name the called partner (partner = SEAT; the "
                                 "bidder's own seat if he holds the called card)")
        rnd.partner = seat_name(v, given.partner, "partner")
    elif given.partner is not None:
        raise PinosolveError(f"partner: {v.id} has no called partner")
    _check_meld(v, given.meld, given.meld_cards, rnd)
    if given.meld_order is not None:
        rnd.meld_order = _meld_order(v, given.meld_order, rnd)
    keys = point_keys(v)
    if given.laid_away is not None:
        if not (r.deal.bidder_discards and rnd.bidder):
            raise PinosolveError(f"laid_away: in {v.id} the bidder lays no cards away "
                                 "[deal.bidder_discards = 0]")
        rnd.laid_away = _cards(v, given.laid_away, "laid_away")
        if len(rnd.laid_away) != r.deal.bidder_discards:
            raise PinosolveError(f"laid_away: {len(rnd.laid_away)} cards, but the bidder lays "
                                 f"away {r.deal.bidder_discards} [deal.bidder_discards]")
    if given.last_trick is not None:
        if not isinstance(given.last_trick, str):
            raise PinosolveError(f"last_trick must name a side ({'/'.join(keys)}), got "
                                 f"{given.last_trick!r}")
        rnd.last_trick = _keyed(v, {given.last_trick: 0}, "last_trick", keys).popitem()[0]
    if given.tricks is not None:
        tricks = {k: _whole(n, f"tricks {k}") for k, n in
                  _keyed(v, given.tricks, "tricks", keys).items()}
        total = number_of_tricks(v)
        if set(tricks) == set(keys) and sum(tricks.values()) != total:
            raise PinosolveError(f"tricks: {sum(tricks.values())} in all, but a round of "
                                 f"{v.id} has {total}")
        if sum(tricks.values()) > total:
            raise PinosolveError(f"tricks: {sum(tricks.values())} in all, more than the "
                                 f"{total} of a round")
        rnd.tricks = tricks
    if given.points is not None and given.won is not None:
        raise PinosolveError("give either points or won (the cards), not both")
    if given.won is not None:
        _read_won(v, given.won, rnd, keys)
    elif given.points is not None:
        _read_points(v, given.points, rnd, keys)
    elif not rnd.throw_in and not rnd.meld_order:  # (a game may end on a meld laid)
        raise PinosolveError("give the trick points (points = {side: n}) or the cards won "
                             "(won = {side: cards})")
    if rnd.throw_in and (rnd.points is not None or rnd.tricks):
        raise PinosolveError("throw_in: a hand thrown in is not played; drop points, won and "
                             "tricks")
    _check_tricks_against_points(v, rnd)
    return rnd


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise PinosolveError(f"{key} must be true or false, got {value!r}")
    return value


def _split_meld(v: Variant, meld: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Hand]]:
    """A meld table's entries as a ``Round`` holds them: points as given, and the cards
    shown (text or a ``Hand``) read into ``Hand``s, by seat."""
    points: dict[str, Any] = {}
    cards: dict[str, Hand] = {}
    for key, x in meld.items():
        if isinstance(x, (str, list, Hand)):
            seat = seat_name(v, key, "meld")
            cards[seat] = _cards(v, x, f"meld {seat}")
        else:
            points[key] = x
    return points, cards


def _check_meld(v: Variant, points: Any, cards: Any, rnd: Round) -> None:
    """Each seat's meld: points as given, or the cards shown, counted by the meld engine."""
    for what, table in (("meld", points), ("meld_cards", cards)):
        if not isinstance(table, Mapping):
            raise PinosolveError(f"{what} must be a table of seat -> "
                                 f"{'points' if what == 'meld' else 'cards'}, got {table!r:.40}")
    together = Hand()
    for key, value in cards.items():
        seat = seat_name(v, key, "meld")
        if not isinstance(value, (str, list, Hand)):
            raise PinosolveError(f"meld_cards {seat}: cards (a Hand or their text), got "
                                 f"{value!r:.40}")
        hand = _cards(v, value, f"meld {seat}")
        limit = v.rules.deal.hand_size + (v.rules.deal.bidder_discards
                                          if seat == rnd.bidder else 0)
        if len(hand) > limit:
            raise PinosolveError(f"meld {seat}: {len(hand)} cards, but a holding of {v.id} "
                                 f"has at most {limit}")
        together = together + hand
        rnd.meld_cards[seat] = hand
    for key, value in points.items():
        seat = seat_name(v, key, "meld")
        rnd.meld[seat] = _whole(value, f"meld {seat}")
    v.check_hand(together, "meld holdings together")
    if rnd.meld_cards:
        if rnd.trump is None:
            raise PinosolveError("trump: needed to count meld given as cards")
        from pinosolve.meld.solver import best_meld

        for seat, hand in rnd.meld_cards.items():
            rnd.meld[seat] = best_meld(v, hand, rnd.trump).meld


def _meld_order(v: Variant, given: Any, rnd: Round) -> tuple[tuple[str, int], ...]:
    """The melds laid during play, in order, as (seat, meld points); each seat's meld is
    their sum (checked against ``meld`` where that is given too)."""
    if v.rules.scoring.going_out != "meld-laid":
        raise PinosolveError(f"meld_order: in {v.id} meld does not count toward the game as it "
                             "is laid [scoring.going_out = end-of-round]")
    if not isinstance(given, (list, tuple)):
        raise PinosolveError("meld_order must be a list of [seat, points] in the order the "
                             f"melds were laid, got {given!r:.40}")
    if len(given) > 4 * number_of_tricks(v):
        raise PinosolveError(f"meld_order: {len(given)} melds, more than a round can hold")
    order = []
    for n, entry in enumerate(given, 1):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise PinosolveError(f"meld_order {n}: expected [seat, points], got {entry!r:.40}")
        order.append((seat_name(v, entry[0], f"meld_order {n}"),
                      _whole(entry[1], f"meld_order {n} points")))
    sums = {seat: sum(p for s, p in order if s == seat) for seat, _ in order}
    for seat in v.seats:
        laid = sums.get(seat, 0)
        if seat in rnd.meld and rnd.meld[seat] != laid:
            raise PinosolveError(f"meld_order: {seat}'s melds add up to {laid}, but meld "
                                 f"{seat} = {rnd.meld[seat]}")
        if seat not in rnd.meld and laid:
            rnd.meld[seat] = laid
    return tuple(order)


def _read_points(v: Variant, data: Any, rnd: Round, keys: tuple[str, ...]) -> None:
    points = {k: _whole(n, f"points {k}") for k, n in _keyed(v, data, "points", keys).items()}
    missing = [k for k in keys if k not in points]
    if missing:
        raise PinosolveError(f"points: missing {', '.join(missing)} (give every "
                             f"{'side' if len(keys) < len(v.seats) else 'seat'}, 0 included)")
    rnd.points = points
    bonus = v.rules.points.last_trick
    cards_only = v.rules.points.total - bonus
    if bonus and sum(points.values()) + _laid_away_points(v, rnd) == cards_only:
        # source 004 counts the card points apart ("there should be a total of 240"), the
        # winner of the last trick scoring 10 for it beside them
        if rnd.last_trick is None:
            raise PinosolveError(
                f"points add up to {cards_only}: the card points alone, without the {bonus} "
                "for the last trick; say who took it (last_trick = SIDE) [points.last_trick]")
        points[rnd.last_trick] += bonus
        rnd.last_trick_apart = True
    _check_total(v, rnd, sum(points.values()))
    if bonus and rnd.last_trick is not None and points[rnd.last_trick] < bonus:
        raise PinosolveError(f"points: {rnd.last_trick} took the last trick, worth {bonus}, "
                             f"but has {points[rnd.last_trick]} points [points.last_trick]")


def _read_won(v: Variant, data: Any, rnd: Round, keys: tuple[str, ...]) -> None:
    won = {k: _cards(v, c, f"won {k}") for k, c in _keyed(v, data, "won", keys).items()}
    missing = [k for k in keys if k not in won]
    if missing:
        raise PinosolveError(f"won: missing {', '.join(missing)}")
    everything = Hand()
    for hand in won.values():
        everything = everything + hand
    if rnd.laid_away is not None:
        everything = everything + rnd.laid_away
    v.check_hand(everything, "won cards together")
    played = number_of_tricks(v) * len(v.seats)
    in_tricks = sum(len(h) for h in won.values())
    if in_tricks != played:
        raise PinosolveError(f"won: {in_tricks} cards in tricks, but a round of {v.id} plays "
                             f"{played}")
    for k, hand in won.items():
        if len(hand) % len(v.seats):
            raise PinosolveError(f"won {k}: {len(hand)} cards is not a whole number of tricks")
    bonus = v.rules.points.last_trick
    if bonus and rnd.last_trick is None:
        raise PinosolveError("last_trick: say who took the last trick (it is worth "
                             f"{bonus} [points.last_trick])")
    rnd.won = won
    rnd.points = {k: v.hand_points(h) + (bonus if k == rnd.last_trick else 0)
                  for k, h in won.items()}
    tricks = {k: len(h) // len(v.seats) for k, h in won.items()}
    if rnd.tricks is not None and any(rnd.tricks.get(k, n) != n for k, n in tricks.items()):
        raise PinosolveError("tricks: do not match the cards won")
    rnd.tricks = tricks


def _laid_away_points(v: Variant, rnd: Round) -> int:
    """The card points of the cards the bidder laid away (0 if none)."""
    return v.hand_points(rnd.laid_away) if rnd.laid_away is not None else 0


def _check_total(v: Variant, rnd: Round, in_tricks: int) -> None:
    total = v.rules.points.total
    away = _laid_away_points(v, rnd)
    if in_tricks + away != total:
        extra = f" (with {away} laid away)" if rnd.laid_away is not None else ""
        raise PinosolveError(f"points add up to {in_tricks + away}{extra}, but a round of "
                             f"{v.id} has {total} [points.total]")


def _check_tricks_against_points(v: Variant, rnd: Round) -> None:
    if rnd.points is None or rnd.tricks is None:
        return
    for k, n in rnd.tricks.items():
        if n == 0 and rnd.points.get(k, 0) > 0:
            raise PinosolveError(f"{k}: {rnd.points[k]} trick points but no trick")
    if rnd.last_trick is not None and rnd.tricks.get(rnd.last_trick) == 0:
        raise PinosolveError(f"last_trick: {rnd.last_trick} took no trick")


# --- scoring ------------------------------------------------------------------------------


@dataclass
class GroupScore:
    group: Group
    meld: int = 0
    meld_counted: bool = True
    raw: Optional[int] = None         # trick points taken (laid-away cards included)
    away: int = 0                     # of those, the points laid away
    points: int = 0                   # as recorded (rounded), 0 if not scored
    tricks: Optional[int] = None
    total: int = 0
    change: int = 0


def _took_counter(v: Variant, rnd: Round, g: GroupScore) -> Optional[bool]:
    """Whether the group captured a counter card (a card with points), as far as known."""
    if rnd.won is not None:
        return any(v.card_points(c) > 0 for k in g.group.keys for c in rnd.won[k])
    raw = sum(rnd.points[k] for k in g.group.keys) if rnd.points else 0
    bonus = v.rules.points.last_trick
    if raw == 0:
        return False
    if rnd.last_trick is not None:
        return raw - (bonus if rnd.last_trick in g.group.keys else 0) > 0
    if raw > bonus:
        return True
    return None


@dataclass(frozen=True, repr=False)
class SideScore(Result):
    """One scoring side's round: its name and seats, whether it bid, its meld and whether it
    counts, its trick points (``trick_points``, laid-away points included; None: not given)
    and the points recorded for them (``points_scored``), its tricks, its total for the
    round and the change to its running score."""

    side: str
    seats: tuple[str, ...]
    bidding: bool
    meld: int
    meld_counted: bool
    trick_points: Optional[int]
    points_scored: int
    tricks: Optional[int]
    total: int
    change: int


@dataclass(frozen=True, repr=False)
class GameOver(Result):
    """The round ends the game at once (a failed shoot): the running scores that win."""

    winners: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class RoundScore(Result):
    """One round scored (``score``): the contract (``bidder``, ``bid``, ``trump``), whether it
    was made (None: no contract), thrown in or shot, each running score's change
    (``score``), each side's figures (``sides``), and the rules that decided (``reasons``)."""

    variant: str
    bidder: Optional[str]
    bid: Optional[int]
    trump: Optional[Suit]
    made: Optional[bool]
    thrown_in: bool
    shoot: bool
    score: dict[str, int]
    sides: tuple[SideScore, ...]
    reasons: tuple[str, ...]
    game_over: Optional[GameOver] = optional()

    _repr_keys = ("bidder", "bid", "trump", "made", "score")


def score_round(v: Variant, rnd: Round) -> RoundScore:
    """Score a checked round (see :func:`score`)."""
    r, s = v.rules, v.rules.scoring
    if rnd.points is None and not rnd.throw_in:
        raise PinosolveError("give the trick points (points = {side: n}) or the cards won "
                             "(won = {side: cards}): only a game ends a round on a meld laid "
                             "[scoring.going_out]")
    reasons: list[str] = []
    if rnd.last_trick_apart:
        reasons.append(f"{rnd.last_trick} took the last trick: {r.points.last_trick} beside the "
                       "card points [points.last_trick]")
    gs = [GroupScore(g) for g in groups(v, rnd)]
    bidding = next((g for g in gs if g.group.bidding), None)
    for g in gs:
        meld_seats = [seat for seat in g.group.seats
                      if s.meld_by == "all" or seat == rnd.bidder]
        for seat in g.group.seats:
            if seat not in meld_seats and rnd.meld.get(seat):
                reasons.append(f"{seat}'s meld {rnd.meld[seat]} does not count: only the "
                               "bidder melds [scoring.meld_by = bidder]")
        g.meld = sum(rnd.meld.get(seat, 0) for seat in meld_seats)
        if rnd.points is not None:
            g.raw = sum(rnd.points[k] for k in g.group.keys)
            if g is bidding and rnd.laid_away is not None and r.deal.discards_count:
                g.away = away = laid_away_points(v, rnd.laid_away)
                g.raw += away
                reasons.append(laid_away_reason(g.group.name, away))
        if rnd.tricks is not None:
            g.tricks = sum(rnd.tricks.get(k, 0) for k in g.group.keys)
    out: dict[str, Any] = {"variant": v.id, "bidder": rnd.bidder, "bid": rnd.bid,
                           "trump": rnd.trump,
                           "made": None}
    if rnd.throw_in:
        return _thrown_in(v, rnd, gs, bidding, reasons, out)
    if rnd.shoot:
        return _shoot(v, rnd, gs, bidding, reasons, out)
    for g in gs:
        assert g.raw is not None
        is_bidding = g is bidding
        taken = Taken(g.raw - g.away, g.away,
                      took_trick=None if g.tricks is None else g.tricks > 0,
                      took_counter=_took_counter(v, rnd, g) if is_bidding else None)
        o = outcome(v, g.group.name, g.meld, taken, rnd.bid if is_bidding else None,
                    _trump_marriage(rnd) if is_bidding else None)
        g.meld_counted, g.points, g.total, g.change = o.meld_counted, o.points, o.total, o.total
        reasons.extend(o.reasons)
        if is_bidding:
            out["made"] = o.made
    if bidding is not None:
        assert rnd.bid is not None
        made = out["made"]
        others = [g for g in gs if g is not bidding]
        if s.settlement == "each-opponent":
            n = len(others)
            sign = 1 if made else -1
            bidding.change = sign * rnd.bid * n
            for g in others:
                g.change = -sign * rnd.bid
            reasons.append(
                f"each opponent {'pays' if made else 'is paid'} the bid {rnd.bid}: "
                f"{bidding.group.name} {bidding.change:+d} "
                "[scoring.settlement = each-opponent]")
        elif not made:
            if s.set == "progressive":
                bidding.change = 0
                for g in others:
                    g.change += rnd.bid
                reasons.append(f"{bidding.group.name} is set: scores nothing, and the bid "
                               f"{rnd.bid} goes to the opponents [scoring.set = progressive]")
            else:
                bidding.change = -rnd.bid
                reasons.append(f"{bidding.group.name} is set: the bid {rnd.bid} is subtracted "
                               "and the round's points are lost [scoring.set = subtract]")
    return _finish(v, gs, reasons, out)


def _trump_marriage(rnd: Round) -> Optional[bool]:
    """Whether the bidder held a marriage in trump, where his meld was given as cards."""
    if rnd.bidder not in rnd.meld_cards or rnd.trump is None:
        return None
    return holds_trump_marriage(rnd.meld_cards[rnd.bidder], rnd.trump)


def _thrown_in(v: Variant, rnd: Round, gs: list[GroupScore], bidding: Optional[GroupScore],
               reasons: list[str], out: dict[str, Any]) -> RoundScore:
    s = v.rules.scoring
    assert bidding is not None and rnd.bid is not None
    if s.throw_in == "never":
        raise PinosolveError(f"throw_in: {v.id} does not allow the bidder to throw in "
                             "[scoring.throw_in = never]")
    reach = bidding.meld + v.rules.points.total
    if s.throw_in == "unreachable":
        if rnd.bid <= reach:
            raise PinosolveError(
                f"throw_in: a bid of {rnd.bid} is within reach (meld {bidding.meld} + all "
                f"{v.rules.points.total} trick points = {reach}), so it must be played "
                "[scoring.throw_in = unreachable]")
        reasons.append(f"the bid {rnd.bid} exceeds meld {bidding.meld} + all "
                       f"{v.rules.points.total} trick points = {reach}: the bidder may throw in "
                       "[scoring.throw_in = unreachable]")
    else:
        reasons.append("the bidder throws in [scoring.throw_in = any]")
    bidding.change = -rnd.bid
    bidding.meld_counted = False
    reasons.append(f"{bidding.group.name} loses the bid {rnd.bid}")
    extra = {"meld": 0, "meld+25": 25, "meld+50": 50, "nothing": 0}[s.throw_in_defenders]
    for g in gs:
        if g is bidding:
            continue
        counted = s.throw_in_defenders != "nothing" and not (
            s.min_meld and g.meld < s.min_meld)
        g.meld_counted = counted
        g.change = (g.meld if counted else 0) + (extra if s.throw_in_defenders != "nothing"
                                                 else 0)
        g.total = g.change
        reasons.append(f"{g.group.name} scores {g.change} "
                       f"[scoring.throw_in_defenders = {s.throw_in_defenders}]")
    out["made"] = False
    out["thrown_in"] = True
    return _finish(v, gs, reasons, out)


def _shoot(v: Variant, rnd: Round, gs: list[GroupScore], bidding: Optional[GroupScore],
           reasons: list[str], out: dict[str, Any]) -> RoundScore:
    s = v.rules.scoring
    assert bidding is not None
    if not s.shoot_the_moon:
        raise PinosolveError(f"shoot: {v.id} does not allow shooting the moon "
                             "[scoring.shoot_the_moon = false]")
    if not s.game:
        raise PinosolveError("shoot: shooting the moon needs a game target [scoring.game]")
    if bidding.tricks is None:
        raise PinosolveError("tricks: needed to decide whether the shooter took every trick")
    total = number_of_tricks(v)
    made = bidding.tricks == total
    for g in gs:
        g.meld_counted = False
        g.change = 0
    if made:
        bidding.change = s.game
        reasons.append(f"{bidding.group.name} took all {total} tricks shooting the moon: "
                       f"credited with the game score {s.game} [scoring.shoot_the_moon]")
    else:
        winners = [u for g in gs if g is not bidding for u in g.group.units]
        out["game_over"] = GameOver(tuple(winners))
        reasons.append(f"{bidding.group.name} took {bidding.tricks} of {total} tricks shooting "
                       f"the moon: the game is over and the opponents "
                       f"({', '.join(winners)}) win [scoring.shoot_the_moon]")
    out["made"] = made
    out["shoot"] = True
    return _finish(v, gs, reasons, out)


def _finish(v: Variant, gs: list[GroupScore], reasons: list[str], out: dict[str, Any]
            ) -> RoundScore:
    """The answer's common part: each unit's change, each side's figures, the reasons."""
    return RoundScore(out["variant"], out["bidder"], out["bid"], out["trump"], out["made"],
                      out.get("thrown_in", False), out.get("shoot", False),
                      _unit_changes(v, gs), tuple(_side(g) for g in gs), tuple(reasons),
                      out.get("game_over"))


def _unit_changes(v: Variant, gs: list[GroupScore]) -> dict[str, int]:
    changes = {u: 0 for u in score_units(v)}
    for g in gs:
        for u in g.group.units:
            changes[u] = g.change
    return changes


def _side(g: GroupScore) -> SideScore:
    return SideScore(g.group.name, g.group.seats, g.group.bidding, g.meld, g.meld_counted,
                     g.raw, g.points, g.tricks, g.total, g.change)


def score(variant: VariantLike, round: Union[Round, Mapping[str, Any]]) -> RoundScore:
    """Read and score one round: ``round`` holds the keys of ``pinosolve score`` (bidder, bid,
    trump, meld, points or won, tricks, last_trick, laid_away, throw_in, shoot, partner),
    or is a :class:`Round` read already.

    >>> r = score("four-hand", {"bidder": "N", "bid": 25, "trump": "S",
    ...                         "meld": {"N": 12, "E": 4}, "points": {"NS": 15, "EW": 10}})
    >>> r
    RoundScore(bidder=N, bid=25, trump=S, made=True, score={NS: 27, EW: 14})
    """
    v = as_variant(variant)
    if isinstance(round, Round):  # made in Python: its typed facts checked as they are
        return score_round(v, check_round(v, round))
    if not isinstance(round, Mapping):
        raise PinosolveError(f"a round is a table of keys (bidder, bid, …), got {round!r:.60}")
    data = dict(round)
    if data.pop("rules", None) is not None:
        raise PinosolveError("round: give the rules as score's variant (a rules file's path "
                             "or a house rule's name), not as a key of the round")
    named = data.pop("variant", None)
    if named is not None and named != v.id:
        raise PinosolveError(f"round: variant {named!r:.40} is not the variant given ({v.id})")
    return score_round(v, read_round(v, data))


def side_meld(v: Variant, meld: Any, trump: Suit, bidder: str, seats: tuple[str, ...]) -> int:
    """The declaring side's meld, as ``review`` and ``advise`` take it: a whole number as
    given, or from ``meld`` per seat (points, or the cards melded, counted by the meld engine
    for ``trump``) over the seats of ``seats`` whose meld counts (every one, or the bidder's
    alone: ``scoring.meld_by``)."""
    from pinosolve.inputs import as_amount

    if not isinstance(meld, Mapping):
        if isinstance(meld, bool) or not isinstance(meld, (int, str)):
            raise PinosolveError(f"meld: a table of seat -> points or cards, or the declaring "
                                 f"side's meld (a whole number), got {meld!r:.60}")
        return as_amount(meld, "meld")
    rnd = Round(trump=trump)
    _check_meld(v, *_split_meld(v, meld), rnd)
    counts = [s for s in seats if v.rules.scoring.meld_by == "all" or s == bidder]
    return sum(rnd.meld.get(s, 0) for s in counts)
