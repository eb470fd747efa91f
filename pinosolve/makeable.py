"""Can the contract be made? The bidding side's meld plus its double-dummy trick points.

With every hand known, the side's meld comes from the meld engine (each member's best meld in
the trump named; a bidder who takes a kitty melds before laying cards away, so his holding is
his hand plus the cards laid away) and its trick points from the double-dummy solver, from
the opening lead to the end, with the laid-away cards added where they count for the bidder.
Against the bid that says made or set and by how much; and where the rules let the bidder
throw in, whether throwing in would have cost less than playing.

Double-dummy values maximise points, not tricks: a side that takes no trick points is not
assumed to have taken a pointless trick, so ``save_meld = trick`` then counts its meld as lost
(the conservative reading, stated in the answer).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Optional

from pinosolve.bidding import value_problem
from pinosolve.cards import Card, Hand, Rank, Suit
from pinosolve.contract import Outcome, Taken, outcome
from pinosolve.deal import Deal
from pinosolve.errors import PinosolveError
from pinosolve.scoring import Round, groups
from pinosolve.variant import Variant


def _team(v: Variant, bidder: str, partner: Optional[str]) -> tuple[str, ...]:
    kind = v.rules.players.partnership
    if partner is not None and kind != "called-card":
        raise PinosolveError(f"{v.id} has no called partner; drop --partner")
    if kind == "called-card" and partner is None:
        raise PinosolveError(f"{v.id}: name the called partner with --partner SEAT (the "
                             "bidder's own seat if he holds the called card)")
    return next(g.seats for g in groups(v, Round(bidder=bidder, partner=partner)) if g.bidding)


def first_leader(v: Variant, bidder: str, dealer: Optional[str]) -> str:
    rule = v.rules.trick.first_lead
    if rule == "bidder":
        return bidder
    seats = list(v.seats)
    d = seats.index(dealer) if dealer is not None else len(seats) - 1
    return seats[(d + 1) % len(seats)]  # eldest: left of the dealer


def analyse(v: Variant, deal: Deal, trump: Suit, bidder: str, bid: int,
            partner: Optional[str] = None, laid_away: Optional[Hand] = None,
            dealer: Optional[str] = None, timeout: Optional[float] = None,
            answer_interrupted: bool = False) -> dict[str, Any]:
    """Made or set by how much, with the meld, the trick points and the rules that decide.
    Ctrl-C in the search raises SearchInterrupted, unless ``answer_interrupted``: then the
    answer comes from the bounds proved so far, as after a timeout, marked ``interrupted``."""
    from pinosolve.meldsolver import best_meld
    from pinosolve.play import PlayRules
    from pinosolve.solver import Position

    r, s = v.rules, v.rules.scoring
    if not r.bidding.enabled:
        raise PinosolveError(f"{v.id} has no auction, so no contract to make "
                             "[bidding.enabled = false]")
    problem = value_problem(r.bidding, bid)
    if problem:
        raise PinosolveError(f"bid {bid} cannot be the contract: {problem}")
    if r.deal.kitty_kind == "stock":  # pragma: no cover - stock games have no auction here
        raise PinosolveError(f"{v.id} draws from a stock; the play cannot be solved from a deal")
    v.check_deal(deal, full=True)
    if r.deal.bidder_discards:
        if laid_away is None:
            raise PinosolveError(f"give the {r.deal.bidder_discards} cards the bidder laid away "
                                 "with --laid-away [deal.bidder_discards]")
        if len(laid_away) != r.deal.bidder_discards:
            raise PinosolveError(f"laid-away: {len(laid_away)} cards, but the bidder lays away "
                                 f"{r.deal.bidder_discards} [deal.bidder_discards]")
        everything = laid_away
        for hand in deal.hands:
            everything = everything + hand
        v.check_hand(everything, "deal and laid-away cards together")
    elif laid_away is not None:
        raise PinosolveError(f"laid-away: in {v.id} the bidder lays no cards away")
    team = _team(v, bidder, partner)
    melds: dict[str, Any] = {}
    for seat, hand in deal.items():
        if s.meld_by == "bidder" and seat != bidder:
            continue
        holding = hand + laid_away if (seat == bidder and laid_away is not None) else hand
        decl = best_meld(v, holding, trump)
        melds[seat] = {"meld": decl.total, "melds": decl.to_json()}
    side_meld = sum(melds[seat]["meld"] for seat in team if seat in melds)
    leader = first_leader(v, bidder, dealer)
    seats = list(v.seats)
    side = tuple(0 if seat in team else 1 for seat in seats)
    pos = Position([[c.index for c in h] for h in deal.hands], seats.index(leader), [], side,
                   int(trump))
    play = _TeamPlay(pos, PlayRules.of(v, 2), leader in team, timeout, answer_interrupted)
    lo, hi = play.points()
    away = v.hand_points(laid_away) if (laid_away is not None and r.deal.discards_count) else 0
    reasons: list[str] = []
    if away:
        reasons.append(f"the {away} points laid away count for the bidder "
                       "[deal.discards_count]")
    bidder_holding = deal[bidder] + laid_away if laid_away is not None else deal[bidder]
    marriage = Card(trump, Rank.K) in bidder_holding and Card(trump, Rank.Q) in bidder_holding
    took_trick = took_counter = None
    if s.save_meld == "trick" and side_meld and lo == 0:
        took_trick = play.can_take_a_trick()
    if s.bidder_needs_counter and lo <= r.points.last_trick:
        took_counter = play.can_take_a_counter(max(bid - side_meld - away, 1))
    name = "+".join(team)
    ends = [_outcome(v, name, side_meld, Taken(b, away, took_trick, took_counter), bid, marriage)
            for b in (lo, hi)]
    out: dict[str, Any] = {
        "variant": v.id, "trump": trump.name, "bidder": bidder, "bid": bid,
        "side": list(team), "leader": leader, "meld": side_meld, "melds": melds,
        "trick_points": (lo + away) if lo == hi else None,
        "trick_points_bounds": [lo + away, hi + away],
        "nodes": play.nodes, "seconds": round(play.seconds, 3),
    }
    if play.interrupted:
        out["interrupted"] = True
    low, high = ends
    if low is not None and high is not None and low.made == high.made:
        # decided: made even with the fewest points the bounds allow, or set with the most
        decided = low if low.made else high
        reasons.extend(decided.reasons)
        out["made"] = decided.made
    else:
        out["made"] = None
        reasons.append("the bounds do not decide the contract; allow more time")
    if lo == hi and low is not None and low.made is not None:
        out.update(total=low.total, margin=low.total - bid)
    else:
        out.update(total=None, margin=None)
    if play.undecided:
        why = "interrupted" if play.interrupted else "time ran out"
        out["note"] = f"{why}: the answer lies within the bounds proved so far"
    out["throw_in"] = _throw_in(v, side_meld, bid, out, melds, team, play.in_play + away)
    out["reasons"] = reasons
    return out


def _outcome(v: Variant, name: str, meld: int, taken: Taken, bid: int, marriage: bool
             ) -> Optional[Outcome]:
    """The contract's outcome with these facts of play; None where a fact the rules ask
    for was not settled within the time allowed."""
    s = v.rules.scoring
    if s.save_meld == "trick" and meld and taken.trick is None:
        return None
    if s.bidder_needs_counter and taken.trick_points <= v.rules.points.last_trick \
            and taken.took_counter is None:
        return None
    if s.bidder_needs_counter and taken.took_counter is None:
        taken = dataclasses.replace(taken, took_counter=True)  # more than the last trick
    return outcome(v, name, meld, taken, bid, marriage)


class _TeamPlay:
    """Double-dummy searches of the deal for the bidding side, sharing one time budget: its
    most trick points, and whether it can force a trick, or a counter, where the rules ask
    (points alone do not say: a side may take a pointless trick, or a counter worth no more
    than the last trick)."""

    def __init__(self, pos: Any, rules: Any, team_leads: bool, timeout: Optional[float],
                 answer_interrupted: bool) -> None:
        self.pos, self.rules, self.team_leads = pos, rules, team_leads
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self.answer_interrupted = answer_interrupted
        self.nodes, self.seconds = 0, 0.0
        self.interrupted = self.undecided = False
        self.in_play = self.total(rules)

    def total(self, rules: Any) -> int:
        """Every point of the deal on ``rules``' scale, the last-trick bonus included."""
        from pinosolve.solver import points_left

        return points_left(rules, self.pos.hands, [])

    def points(self, rules: Any = None) -> tuple[int, int]:
        """Bounds on the most points the side can make sure of, on ``rules``' point scale."""
        from pinosolve.solver import SearchInterrupted, solve

        rules = rules or self.rules
        left = None
        if self.deadline is not None:
            left = self.deadline - time.perf_counter()
            if left <= 0:
                self.undecided = True
                return 0, self.total(rules)
        if self.interrupted:
            self.undecided = True
            return 0, self.total(rules)
        try:
            res = solve(self.pos, rules, value_only=True, timeout=left)
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

    def can_take_a_trick(self) -> Optional[bool]:
        """Whether the side can make sure of a trick: every card worth a point, no bonus."""
        ones = dataclasses.replace(self.rules, points=tuple(1 for _ in self.rules.points),
                                   last_trick=0)
        return _reaches(self.points(ones), 1)

    def can_take_a_counter(self, need: int) -> Optional[bool]:
        """Whether the side can make sure of a counter and ``need`` (≥ 1) trick points in
        the same play: on a scale whose last-trick bonus is below ``need``, reaching ``need``
        takes a counter, and with a counter, the bonus cut so does not stop it reaching it."""
        cut = dataclasses.replace(self.rules,
                                  last_trick=min(self.rules.last_trick, need - 1))
        return _reaches(self.points(cut), need)


def _reaches(bounds: tuple[int, int], need: int) -> Optional[bool]:
    lo, hi = bounds
    return True if lo >= need else False if hi < need else None


def _throw_in(v: Variant, meld: int, bid: int, out: dict[str, Any], melds: dict[str, Any],
              team: tuple[str, ...], all_points: int) -> dict[str, Any]:
    """Whether the bidder may throw in, and whether it would have been the better choice."""
    s = v.rules.scoring
    if s.throw_in == "never":
        return {"allowed": False, "why": "[scoring.throw_in = never]"}
    if s.throw_in == "unreachable" and bid <= meld + all_points:
        return {"allowed": False,
                "why": f"the bid {bid} is within reach of meld {meld} + {all_points} trick "
                       "points [scoring.throw_in = unreachable]"}
    defenders_meld = sum(m["meld"] for seat, m in melds.items() if seat not in team)
    if out["made"] is None:
        advice = "undecided (the play's value is not known exactly)"
    elif out["made"]:
        advice = "play: the contract makes with best play"
    else:
        advice = ("throw in: the contract fails with best play, and throwing in gives the "
                  "defenders their meld only, not their trick points "
                  f"[scoring.throw_in_defenders = {s.throw_in_defenders}]")
    return {"allowed": True, "defenders_meld": defenders_meld, "advice": advice}

