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

from typing import Any, Optional

from pinosolve.bidding import value_problem
from pinosolve.cards import Hand, Suit
from pinosolve.deal import Deal
from pinosolve.errors import PinosolveError
from pinosolve.scoring import Round, groups, round_points
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
    from pinosolve.solver import Position, SearchInterrupted, solve

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
    reasons: list[str] = []
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
    try:
        res = solve(pos, PlayRules.of(v, 2), value_only=True, timeout=timeout)
    except SearchInterrupted as stop:
        if not answer_interrupted:
            raise
        res = stop.result
    in_play = sum(v.hand_points(h) for h in deal.hands) + r.points.last_trick
    lo, hi = res.bounds
    if leader not in team:
        lo, hi = in_play - hi, in_play - lo
    away = v.hand_points(laid_away) if (laid_away is not None and r.deal.discards_count) else 0
    if away:
        reasons.append(f"the {away} points laid away count for the bidder "
                       "[deal.discards_count]")
    out: dict[str, Any] = {
        "variant": v.id, "trump": trump.name, "bidder": bidder, "bid": bid,
        "side": list(team), "leader": leader, "meld": side_meld, "melds": melds,
        "trick_points": (lo + away) if lo == hi else None,
        "trick_points_bounds": [lo + away, hi + away],
        "nodes": res.nodes, "seconds": round(res.seconds, 3),
    }
    outcome_lo = _outcome(v, side_meld, lo + away, bid, [])
    outcome_hi = _outcome(v, side_meld, hi + away, bid, reasons)
    if res.interrupted:
        out["interrupted"] = True
    if lo != hi:
        why = "interrupted" if res.interrupted else "time ran out"
        out["note"] = f"{why}: the trick points lie within the bounds proved so far"
        if outcome_lo["made"] == outcome_hi["made"]:
            out["made"] = outcome_hi["made"]
        else:
            out["made"] = None
            reasons.append("the bounds do not decide the contract; allow more time")
        out["margin"] = None
        out["total"] = None
    else:
        out.update(made=outcome_hi["made"], total=outcome_hi["total"],
                   margin=outcome_hi["total"] - bid)
    out["throw_in"] = _throw_in(v, side_meld, bid, out, melds, team, in_play + away)
    out["reasons"] = reasons
    return out


def _outcome(v: Variant, meld: int, points: int, bid: int, reasons: list[str]
             ) -> dict[str, Any]:
    """The bidding side's total and whether it makes ``bid`` with ``points`` trick points."""
    s = v.rules.scoring
    counted = True
    if s.min_meld and meld < s.min_meld:
        reasons.append(f"meld {meld} is below the minimum {s.min_meld}: the bid fails "
                       f"[scoring.min_meld = {s.min_meld}]")
        return {"made": False, "total": 0}
    if s.min_trick_points and points < s.min_trick_points:
        reasons.append(f"{points} trick points, fewer than {s.min_trick_points}: the bid fails "
                       f"[scoring.min_trick_points = {s.min_trick_points}]")
        return {"made": False, "total": 0}
    if meld and s.save_meld in ("trick", "counter") and points == 0:
        counted = False
        reasons.append(f"no trick points with best defence: the meld {meld} is not saved "
                       f"[scoring.save_meld = {s.save_meld}]")
    elif meld and s.save_meld == "trick-points" and points < s.save_meld_points:
        counted = False
        reasons.append(f"{points} trick points, {s.save_meld_points} needed to save the meld "
                       f"[scoring.save_meld = trick-points]")
    if s.bidder_needs_counter and points <= v.rules.points.last_trick:
        reasons.append("with best defence the side may capture no counter: the bid fails "
                       "[scoring.bidder_needs_counter]")
        return {"made": False, "total": 0}
    scored = round_points(v, points)
    if scored != points:
        reasons.append(f"{points} card points count as {scored} [points.round_to]")
    total = (meld if counted else 0) + scored
    made = total >= bid
    reasons.append(f"meld {meld if counted else 0} + trick points {scored} = {total} "
                   f"{'≥' if made else '<'} bid {bid}: {'made' if made else 'set'}"
                   f"{'' if made else f' by {bid - total}'} [scoring]")
    return {"made": made, "total": total}


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

