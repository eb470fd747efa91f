"""Can the contract be made? The bidding side's meld plus its double-dummy trick points.

With every hand known, the side's meld comes from the meld engine (each member's best meld in
the trump named; a bidder who takes a kitty melds before laying cards away, so his holding is
his hand plus the cards laid away) and its trick points from the double-dummy solver, from
the opening lead to the end, with the laid-away cards added where they count for the bidder.
Against the bid that says made or set and by how much; and where the rules let the bidder
throw in, whether throwing in would have cost less than playing.

Double-dummy values maximise points, not tricks or counters, so where the rules ask for a
trick (``save_meld = trick``) or a counter (``bidder_needs_counter``) beside the points, a
search on another point scale settles whether the side can make sure of it (``_Verdict``).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any, Optional

from pinosolve.scoring.bidding import check_contract
from pinosolve.cards import Card, Hand, Suit
from pinosolve.scoring.contract import (Outcome, Taken, check_laid_away, holds_trump_marriage,
                                        laid_away_points, outcome)
from pinosolve.deal import Deal
from pinosolve.errors import PinosolveError
from pinosolve.inputs import (DealLike, HandLike, SuitLike, VariantLike, as_deal, as_hand,
                              as_trump, as_variant, as_whole)
from pinosolve.meld.model import Declaration
from pinosolve.results import Result, optional
from pinosolve.variants.sides import bidder_sides, bidding_team, seat_after, side_name
from pinosolve.variants.variant import Variant


def first_leader(v: Variant, bidder: str, dealer: Optional[str]) -> str:
    """Who leads to the first trick: the bidder, or the player left of the dealer (the last
    seat when no dealer is named), as ``trick.first_lead`` says."""
    if v.rules.trick.first_lead == "bidder":
        return bidder
    return seat_after(v, dealer if dealer is not None else v.seats[-1])


@dataclass(frozen=True, repr=False)
class ThrowIn(Result):
    """Whether the bidder may throw in (``allowed``; ``why`` not), and if so the defenders'
    meld and whether throwing in would have been the better choice (``advice``)."""

    allowed: bool
    why: Optional[str] = optional()
    defenders_meld: Optional[int] = optional()
    advice: Optional[str] = optional()


@dataclass(frozen=True, repr=False)
class Makeable(Result):
    """Whether the contract is made with every hand known (``makeable``): the bidding side
    (``side``, its name, and its ``seats``), who leads, its meld (``meld``; each seat's
    declaration in ``meld_by_seat``), its double-dummy trick points (``trick_points``; None:
    known only within ``trick_points_bounds``), made or set (None: undecided), its total and
    the margin over the bid, the search's size, the throw-in advice and the rules that
    decided."""

    variant: str
    trump: Suit
    bidder: str
    bid: int
    side: str
    seats: tuple[str, ...]
    leader: str
    meld: int
    meld_by_seat: dict[str, Declaration]
    trick_points: Optional[int]
    trick_points_bounds: tuple[int, int]
    made: Optional[bool]
    total: Optional[int]
    margin: Optional[int]
    nodes: int
    seconds: float
    throw_in: ThrowIn
    reasons: tuple[str, ...]
    interrupted: Optional[bool] = optional()
    note: Optional[str] = optional()
    called_card: Optional[Card] = optional()

    _repr_keys = ("trump", "bidder", "bid", "meld", "trick_points", "made", "margin")


def makeable(variant: VariantLike, deal: DealLike, trump: SuitLike, bidder: str, bid: int,
             partner: Optional[str] = None, laid_away: Optional[HandLike] = None,
             dealer: Optional[str] = None, timeout: Optional[float] = None,
             exact: bool = True, called_card: Any = None) -> Makeable:
    """Whether ``bidder``'s contract ``bid`` in ``trump`` is made with every hand of ``deal``
    known: the side's meld plus its double-dummy trick points; ``partner`` the called
    partner (call-partner play), ``laid_away`` the cards the bidder laid away (kitty games),
    ``dealer`` whose left-hand player leads first, ``timeout`` seconds for the search.
    ``exact`` False: made or set only, by one null-window test at the least trick points
    that make the contract (several times faster); ``trick_points`` is then None and
    ``trick_points_bounds`` has that threshold at one end. ``called_card``: the card the bidder
    calls (call-partner play, instead of ``partner``): ``deal`` is then the hands as dealt,
    the partner its first holder clockwise from the bidder's left, and where the rules pass
    cards the pass is made as bid advice makes it (``pinosolve.scoring.passing.call_partner``).

    >>> makeable("four-hand", "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ "
    ...          "AKJ.T9.Q9.ATKK9", "S", "N", 25)
    Makeable(trump=S, bidder=N, bid=25, meld=8, trick_points=8, made=False, margin=-9)
    """
    from pinosolve.variants.sides import seat_name

    v = as_variant(variant)
    cards = as_deal(v, deal, full=True)
    suit = as_trump(v, trump)
    assert suit is not None
    seat = seat_name(v, bidder, "bidder")
    as_whole(bid, "bid")
    away = as_hand(v, laid_away, "laid-away") if laid_away is not None else None
    return analyse(v, cards, suit, seat, bid,
                   None if partner is None else seat_name(v, partner, "partner"), away,
                   None if dealer is None else seat_name(v, dealer, "dealer"), timeout,
                   exact=exact, called_card=called_card)


def analyse(v: Variant, deal: Deal, trump: Suit, bidder: str, bid: int,
            partner: Optional[str] = None, laid_away: Optional[Hand] = None,
            dealer: Optional[str] = None, timeout: Optional[float] = None,
            answer_interrupted: bool = False, table_limit: Optional[int] = None,
            exact: bool = True, called_card: Any = None) -> Makeable:
    """Made or set by how much, with the meld, the trick points and the rules that decide
    (``exact`` False: made or set, by a threshold test; see ``makeable``).
    Ctrl-C in the search raises SearchInterrupted, unless ``answer_interrupted``: then the
    answer comes from the bounds proved so far, as after a timeout, marked ``interrupted``.
    ``table_limit``: the searches' table limit (``pinosolve.play.driver.solve``)."""
    from pinosolve.play.budget import check_timeout

    timeout = check_timeout(timeout)
    from pinosolve.meld.solver import best_meld
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.position import Position

    r, s = v.rules, v.rules.scoring
    check_contract(v, bid)
    if r.deal.kitty_kind == "stock":  # pragma: no cover - stock games have no auction here
        raise PinosolveError(f"{v.id} draws from a stock; the play cannot be solved from a deal")
    v.check_deal(deal, full=True)
    check_laid_away(v, deal.hands, laid_away)
    called: list[str] = []
    card = None
    if called_card is not None:
        deal, partner, card, called = _after_call(v, deal, trump, bidder, partner,
                                                  called_card)
    team = bidding_team(v, bidder, partner)
    melds: dict[str, Declaration] = {}
    for seat, hand in deal.items():
        if s.meld_by == "bidder" and seat != bidder:
            continue
        holding = hand + laid_away if (seat == bidder and laid_away is not None) else hand
        melds[seat] = best_meld(v, holding, trump)
    side_meld = sum(melds[seat].meld for seat in team if seat in melds)
    leader = first_leader(v, bidder, dealer)
    side = bidder_sides(v, bidder, partner)
    pos = Position([[c.index for c in h] for h in deal.hands], v.seats.index(leader), [], side,
                   int(trump))
    play = _TeamPlay(pos, PlayRules.of(v, 2), leader in team, timeout, answer_interrupted,
                     table_limit)
    away = laid_away_points(v, laid_away)
    reasons: list[str] = called
    if away:
        reasons.append(f"the {away} points laid away count for the bidder "
                       "[deal.discards_count]")
    bidder_holding = deal[bidder] + laid_away if laid_away is not None else deal[bidder]
    marriage = holds_trump_marriage(bidder_holding, trump)
    verdict = _Verdict(v, side_name(v, team), side_meld, away, bid, marriage, play, exact)
    lo, hi = verdict.lo, verdict.hi
    reasons.extend(verdict.reasons)
    note = None
    if play.undecided:
        why = "interrupted" if play.interrupted else "time ran out"
        note = f"{why}: the answer lies within the bounds proved so far"
    return Makeable(
        v.id, trump, bidder, bid, side_name(v, team), tuple(team), leader, side_meld, melds,
        (lo + away) if lo == hi else None, (lo + away, hi + away), verdict.made, verdict.total,
        None if verdict.total is None else verdict.total - bid, play.nodes,
        round(play.seconds, 3),
        _throw_in(v, side_meld, bid, verdict.made, melds, team, play.in_play + away),
        tuple(reasons), True if play.interrupted else None, note, card)


def _after_call(v: Variant, deal: Deal, trump: Suit, bidder: str, partner: Optional[str],
                called_card: Any) -> tuple[Deal, str, Card, list[str]]:
    """The deal as play begins after the bidder's call on the hands as dealt, the partner,
    the card, and the reasons."""
    from pinosolve.cards import symbols
    from pinosolve.scoring.passing import call_partner

    called = call_partner(v, trump, dict(deal.items()), bidder, called_card, partner)
    card = called.card
    if called.partner == bidder:
        reasons = [f"{bidder} called {card.symbol}: nobody else holds a copy, and he plays alone "
                   "[players.partnership = called-card]"]
    else:
        reasons = [f"{bidder} called {card.symbol}: {called.partner} is its first holder "
                   f"from {bidder}'s left, and partner [players.partnership = called-card]"]
    ex = called.exchange
    if ex is not None:
        reasons.append(f"{called.partner} passes {symbols(ex.passed)} and {bidder} returns "
                       f"{symbols(ex.returned)}, for the most meld [passing.cards = "
                       f"{v.rules.passing.cards}]")
    return (Deal(tuple(v.seats), tuple(called.hands[s] for s in v.seats)), called.partner,
            card, reasons)


class _Verdict:
    """Made, set or undecided, exactly as the contract rules (pinosolve.scoring.contract) decide it
    for the best play of the bidding side, with the reasons and, where the side's best play
    for points meets every condition, its total. The side's trick points are ``known``
    bounds, or searched on ``play``: exactly, or (``exact`` False) by a threshold test.

    The outcome grows with the trick points, a trick and a counter, so the side makes its bid
    if and only if it can make sure of the least trick points that make it (``need``, found
    on contract.outcome itself, so rounding, minimums and meld saving all count) together
    with what else the rules ask: a counter (``scoring.bidder_needs_counter``; a counter is
    taken in a trick) or, where the meld is lost without a trick and no trick points are
    needed, a trick (``scoring.save_meld = trick``). Trick points prove a trick, and more
    than the last-trick bonus a counter; else a search on another point scale settles it."""

    def __init__(self, v: Variant, name: str, meld: int, away: int, bid: int, marriage: bool,
                 play: _TeamPlay, exact: bool = True,
                 known: Optional[tuple[int, int]] = None) -> None:
        s, bonus = v.rules.scoring, v.rules.points.last_trick
        self.made: Optional[bool] = None
        self.total: Optional[int] = None
        self.reasons: list[str] = []
        self.tested: Optional[int] = None  # the threshold a single test was run at
        counter = True if s.bidder_needs_counter else None

        def at(points: int, trick: Optional[bool] = True) -> Outcome:
            return outcome(v, name, meld, Taken(points, away, trick, counter), bid, marriage)

        trick_saves = s.save_meld == "trick" and meld and not s.bidder_needs_counter
        need = _least(lambda p: bool(at(p).made), play.in_play)
        self.unsearched = False  # the verdict needs no search of the trick points
        if known is not None:  # bounds on the side's trick points proved elsewhere
            lo, hi = known
        elif exact:
            lo, hi = play.points()
        elif (need is None or need == 0 or s.bidder_needs_counter
              or (trick_saves and at(0, trick=False).made)):
            # decided without the trick points, or by a trick or a counter (tested below)
            lo, hi, self.unsearched = 0, play.in_play, True
        else:  # only "can the side reach need?" decides
            lo, hi = play.reach(need)
            decided = lo >= need or hi < need
            self.tested = need if decided and lo != hi else None
        self.lo, self.hi = lo, hi
        if need is None:  # not even every point in play makes it
            self.reasons.append(f"even with all {play.in_play} trick points in play:")
            self._take(at(play.in_play), total=False)
            if lo == hi:  # the side's trick points were proved: its total is known
                took = True if lo or not trick_saves else play.can_take_a_trick()
                if took is not None:
                    best = at(lo, trick=took)
                    self.reasons.append(f"with the {lo} trick points of {name}'s best "
                                        "play:")
                    self.reasons.extend(best.reasons)
                    self.total = best.total
        elif trick_saves and at(0, trick=False).made:  # made with no trick at all
            self._take(at(lo) if lo else at(0, trick=False),
                       total=lo == hi and lo > 0)
        elif s.bidder_needs_counter and (self.unsearched or not (lo > bonus or hi < need)):
            can = play.can_take_a_counter(max(need, 1))
            if can is None:
                self._undecided("whether a counter can be captured with them")
            elif can:
                self.reasons.append(f"{name} can capture a counter and {need} trick points "
                                    "in the same play [scoring.bidder_needs_counter]")
                self._take(at(need), total=False)
            else:
                self.made = False
                self.reasons.append(f"{name} cannot capture a counter and {need} trick points "
                                    "in the same play: the bid fails "
                                    "[scoring.bidder_needs_counter]")
        elif trick_saves and need == 0 and lo == 0:
            can = play.can_take_a_trick()
            if can is None:
                self._undecided("whether a trick can be taken")
            elif can:
                self.reasons.append(f"{name} can make sure of a trick, though of no trick "
                                    "points [scoring.save_meld = trick]")
                self._take(at(0), total=hi == 0)
            else:
                self._take(at(0, trick=False), total=True)
        elif lo >= need:
            self._take(at(lo), total=lo == hi, end=lo)
        elif hi < need:
            self._take(at(hi), total=lo == hi, end=hi)
        else:
            self._undecided(f"whether the side reaches {need}")

    def _take(self, o: Outcome, total: bool, end: Optional[int] = None) -> None:
        """The verdict ``o`` gives; ``total``: its total is the side's; ``end``: it is the
        outcome at that end of bounds that have not met."""
        if end is not None and self.tested is not None:
            self.reasons.append(f"one null-window test at {self.tested} trick points: the "
                                f"side {'can' if o.made else 'cannot'} make sure of them "
                                "(the exact trick points were not searched); "
                                f"{'even at' if o.made else 'even with'} {end}:")
        elif end is not None and self.unsearched:
            self.reasons.append(f"the trick points were not searched (not needed); even at "
                                f"{end}:")
        elif end is not None and self.lo < self.hi:
            self.reasons.append(f"the trick points lie within {self.lo}..{self.hi} (the "
                                f"search was cut short); {'even at' if o.made else 'even with'}"
                                f" {end}:")
        self.made = o.made
        if total or o.made is not False:
            self.reasons.extend(o.reasons)
        else:  # the side's best: the real shortfall may be more
            self.reasons.extend(r.replace(": set by ", ": set by at least ") for r in o.reasons)
        if total:
            self.total = o.total

    def _undecided(self, what: str) -> None:
        self.reasons.append(f"the search was cut short before it showed {what}: the bounds "
                            "do not decide the contract; allow more time")


def _least(makes: Any, most: int) -> Optional[int]:
    """The least trick points in 0..most for which ``makes`` holds (it holds for every
    number above one it holds for), or None."""
    if not makes(most):
        return None
    low, high = 0, most
    while low < high:
        mid = (low + high) // 2
        if makes(mid):
            high = mid
        else:
            low = mid + 1
    return low


class _TeamPlay:
    """Double-dummy searches of the deal for the bidding side, sharing one time budget: its
    most trick points, and whether it can force a trick, or a counter, where the rules ask
    (points alone do not say: a side may take a pointless trick, or a counter worth no more
    than the last trick)."""

    def __init__(self, pos: Any, rules: Any, team_leads: bool, timeout: Optional[float],
                 answer_interrupted: bool, table_limit: Optional[int] = None) -> None:
        self.pos, self.rules, self.team_leads = pos, rules, team_leads
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self.answer_interrupted = answer_interrupted
        self.table_limit = table_limit
        self.nodes, self.seconds = 0, 0.0
        self.interrupted = self.undecided = False
        self.in_play = self.total(rules)

    def _budget(self, left: Optional[float]) -> Any:
        """A search's share of the budget: the time ``left``, the table, the progress."""
        from pinosolve import progress
        from pinosolve.play.budget import Budget

        return Budget(left, self.table_limit, progress.search_test.get())

    def total(self, rules: Any) -> int:
        """Every point of the deal on ``rules``' scale, the last-trick bonus included."""
        from pinosolve.play.position import points_left

        return points_left(rules, self.pos.hands, [])

    def points(self, rules: Any = None) -> tuple[int, int]:
        """Bounds on the most points the side can make sure of, on ``rules``' point scale."""
        from pinosolve.play.driver import SearchInterrupted, solve

        rules = rules or self.rules
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if self.interrupted or (left is not None and left <= 0):  # no time for a search
            self.undecided = True
            return 0, self.total(rules)
        try:
            res = solve(self.pos, rules, value_only=True, budget=self._budget(left))
        except SearchInterrupted as stop:
            if not self.answer_interrupted:
                raise
            res, self.interrupted = stop.result, True
        self.nodes += res.nodes
        self.seconds += res.seconds
        lo, hi = res.bounds
        if lo != hi:
            self.undecided = True
        if not self.team_leads:
            total = self.total(rules)
            lo, hi = total - hi, total - lo
        return lo, hi

    def reach(self, need: int, rules: Any = None) -> tuple[int, int]:
        """Bounds on the side's most trick points (on ``rules``' scale) with ``need`` on one
        side of them: one null-window test (the side's or, where the other side leads,
        theirs at the points the side must not let it reach); every point in play where time
        ran out first."""
        from pinosolve.play.driver import threshold_test

        rules = rules or self.rules
        total = self.total(rules)
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if self.interrupted or (left is not None and left <= 0):
            self.undecided = True
            return 0, total
        res = threshold_test(self.pos, rules, need if self.team_leads else total - need + 1,
                             budget=self._budget(left))
        self.nodes += res.nodes
        self.seconds += res.seconds
        if res.interrupted:
            if not self.answer_interrupted:
                from pinosolve.play.driver import SearchInterrupted

                raise SearchInterrupted(res)
            self.interrupted = True
        lo, hi = res.bounds
        if lo != hi and not res.exact:
            self.undecided = True
        return (lo, hi) if self.team_leads else (total - hi, total - lo)

    def can_take_a_trick(self) -> Optional[bool]:
        """Whether the side can make sure of a trick: every card worth a point, no bonus."""
        ones = dataclasses.replace(self.rules, points=tuple(1 for _ in self.rules.points),
                                   last_trick=0)
        return _reaches(self.reach(1, ones), 1)

    def can_take_a_counter(self, need: int) -> Optional[bool]:
        """Whether the side can make sure of a counter and ``need`` (≥ 1) trick points in
        the same play: on a scale whose last-trick bonus is below ``need``, reaching ``need``
        takes a counter, and with a counter, the bonus cut so does not stop it reaching it."""
        cut = dataclasses.replace(self.rules,
                                  last_trick=min(self.rules.last_trick, need - 1))
        return _reaches(self.reach(need, cut), need)


def _reaches(bounds: tuple[int, int], need: int) -> Optional[bool]:
    lo, hi = bounds
    return True if lo >= need else False if hi < need else None


def _throw_in(v: Variant, meld: int, bid: int, made: Optional[bool],
              melds: dict[str, Declaration], team: tuple[str, ...], all_points: int) -> ThrowIn:
    """Whether the bidder may throw in, and whether it would have been the better choice."""
    s = v.rules.scoring
    if s.throw_in == "never":
        return ThrowIn(False, "[scoring.throw_in = never]")
    if s.throw_in == "unreachable" and bid <= meld + all_points:
        return ThrowIn(False, f"the bid {bid} is within reach of meld {meld} + {all_points} "
                              "trick points [scoring.throw_in = unreachable]")
    defenders_meld = sum(m.meld for seat, m in melds.items() if seat not in team)
    if made is None:
        advice = "undecided (the play's value is not known exactly)"
    elif made:
        advice = "play: the contract makes with best play"
    else:
        advice = ("throw in: the contract fails with best play, and throwing in gives the "
                  "defenders their meld only, not their trick points "
                  f"[scoring.throw_in_defenders = {s.throw_in_defenders}]")
    return ThrowIn(True, None, defenders_meld, advice)

