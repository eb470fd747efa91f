"""Bid advice from one hand before the auction, by simulation over the hidden deals.

For each trump, deals of the other hands consistent with the seat's own are drawn (the same
deals for every trump, so that trumps compare paired), and on each the round is played out
as the variant's rules go on from the seat winning the auction, with the engines the project
has, every card known:

* the bidder takes the kitty and lays cards away where the rules say so
  (``pinosolve.scoring.passing.lay_away``: the most meld kept);
* in call-partner play the bidder calls the highest trump he lacks a copy of, and its first
  holder clockwise is his partner (``pinosolve.scoring.passing.call_partner``);
* partners exchange cards where the rules pass (``side_exchange``: the CP-SAT pass model,
  pass and return chosen together for the most side meld, the called card passed);
* then each member of the bidding side melds (CP-SAT) and the side's double-dummy trick
  points are solved with the rules' first leader.

The side's total on each deal, and whether each bid level is made, come from the contract
rules (``pinosolve.scoring.contract.outcome``). A trick or a counter the trick points do not
prove (no trick points at all; none above the last-trick bonus) is taken as not won, so no
contract is counted made on a guess. The method assumes every card known from the auction on:
the partner's pass, the lay-away and the play all see every hand (strategy fusion, as in
``advise``), and the other players' calls are not modelled: the auction so far only sets the
levels still open.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Callable, Sequence

from pinosolve.cards import Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional
from pinosolve.variants.sides import side_name

BID_CAVEAT = ("perfect-information Monte Carlo: after the auction every card is taken as known "
              "(the pass, the lay-away and the play), and the other players' calls are not "
              "modelled")
MAX_LEVELS = 200  # bid levels reported per trump
MAX_SAMPLES = 2000  # deals at most (each trump's rounds are kept until solved)


@dataclass(frozen=True, repr=False)
class BidLevel(Result):
    """One bid level: the share of the deals in which it is made (``p_make``; None where a
    deal's search ran out of time: then ``p_make_bounds``)."""

    bid: int
    p_make: Optional[float]
    p_make_bounds: Optional[tuple[float, float]] = optional()


@dataclass(frozen=True, repr=False)
class TotalShare(Result):
    """One total of the bidding side and the share of the deals that give it."""

    total: int
    share: float


@dataclass(frozen=True, repr=False)
class TrumpAdvice(Result):
    """One trump over the deals: the bidding side's total (``mean`` and ``stderr``; None with
    ``mean_bounds`` where deals were bounded), its ``distribution`` (over the deals solved
    exactly), the mean meld and trick points, each open bid ``level``'s chance, and
    ``highest``: the highest level made with at least the confidence asked (None: none)."""

    trump: Suit
    mean: Optional[float]
    stderr: float
    mean_meld: float
    mean_trick_points: Optional[float]
    distribution: tuple[TotalShare, ...]
    levels: tuple[BidLevel, ...]
    highest: Optional[int]
    mean_bounds: Optional[tuple[float, float]] = optional()


@dataclass(frozen=True, repr=False)
class BidAdvice(Result):
    """Bid advice (``advise_bid``): per trump (``per_trump``, best first), the best trump and the
    highest bid with at least ``confidence`` of being made (None: no level reaches it),
    over ``samples`` deals (``bounded``: deals whose search ran out of time)."""

    variant: str
    seat: str
    hand: Hand
    samples: int
    confidence: float
    per_trump: tuple[TrumpAdvice, ...]
    best_trump: Suit
    highest_bid: Optional[int]
    bounded: int
    caveat: str
    seed: Optional[int] = optional()
    auction: Optional[str] = optional()

    _repr_keys = ("seat", "samples", "best_trump", "highest_bid")


DealReport = Callable[[int, int], None]  # (deals solved, deals)


def advise_bid(variant: Any, seat: Any, hand: Any, samples: int = 100,
               seed: Optional[int] = None, confidence: float = 0.5,
               trumps: Optional[Sequence[Any]] = None, auction: Optional[str] = None,
               dealer: Optional[Any] = None, timeout: Optional[float] = None, threads: int = 1,
               on_deal: Optional[DealReport] = None) -> BidAdvice:
    """What ``seat`` should bid holding ``hand`` (see the module): ``samples`` deals drawn
    from ``seed`` (0 to 2**64 - 1; None: a fresh one, named in the answer; the same whatever
    ``threads``, the deals solved at once),
    each trump of ``trumps`` (default: every suit), bid levels above the ``auction`` so far
    (calls in turn from the dealer's left, ``dealer`` default the last seat), ``timeout``
    seconds per deal's search (bounds where it runs out), ``confidence`` in (0, 1].
    ``on_deal(solved, deals)`` is called as each deal is solved."""
    from pinosolve.inputs import as_variant, as_whole
    from pinosolve.play.budget import check_timeout
    from pinosolve.variants.sides import seat_name
    from pinosolve.variants.shuffle import fresh_seed

    v = as_variant(variant)
    if not v.rules.bidding.enabled:
        raise PinosolveError(f"{v.id} has no auction, so no bid to advise "
                             "[bidding.enabled = false]")
    if v.rules.deal.kitty_kind == "stock":  # pragma: no cover - no stock game has an auction
        raise PinosolveError(f"{v.id} draws from a stock; its play cannot be simulated")
    me = seat_name(v, seat, "seat")
    samples = as_whole(samples, "samples")
    if not 1 <= samples <= MAX_SAMPLES:
        raise PinosolveError(f"samples must be from 1 to {MAX_SAMPLES}, got {samples}")
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or \
            not 0 < confidence <= 1:
        raise PinosolveError(f"confidence must be a number in (0, 1], got {confidence!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 64:
        raise PinosolveError(f"threads must be a whole number from 1 to 64, got {threads!r}")
    timeout = check_timeout(timeout)
    suits = _trumps(v, trumps)
    lowest = _lowest_open(v, me, auction, dealer)
    seed = fresh_seed() if seed is None else seed  # (named in the answer)
    held, deals = deals_around(v, me, hand, samples, seed)
    rounds = [[_Round(v, me, holdings, pile, t, dealer) for t in suits]
              for holdings, pile in deals]
    _solve([r for per in rounds for r in per], timeout, threads, on_deal)
    advice = [_trump_advice(v, t, [per[k] for per in rounds], lowest, confidence)
              for k, t in enumerate(suits)]
    advice.sort(key=lambda a: (-(a.highest if a.highest is not None else -1),
                               -(a.mean if a.mean is not None else a.mean_bounds[0]
                                 if a.mean_bounds else 0)))
    best = advice[0]
    bounded = sum(1 for per in rounds if any(r.bounds[0] != r.bounds[1] for r in per))
    return BidAdvice(v.id, me, held, samples, float(confidence),
                     tuple(advice), best.trump, best.highest, bounded, BID_CAVEAT, seed,
                     auction)


def deals_around(v: Any, seat: str, hand: Any, samples: int, seed: Optional[int]
                 ) -> tuple[Hand, list[tuple[dict[str, Hand], Hand]]]:
    """``seat``'s ``hand`` and ``samples`` deals of the other cards drawn uniformly from
    ``seed`` (``pinosolve.analysis.view.View``, no play): each every seat's hand and the
    cards left undealt (kitty or widow)."""
    from pinosolve.analysis.view import View
    from pinosolve.inputs import as_hand
    from pinosolve.variants.shuffle import check_seed

    # (the seat as the bidder, alone where a partner is called: the sides do not matter to
    # a deal drawn before the auction)
    held = v.check_hand(as_hand(v, hand, "hand"), "hand", full=True)
    roles = {"declarer": seat, **({"partner": seat} if v.rules.players.partnership
                                  == "called-card" else {})}
    view = View({"variant": v, "seat": seat, "hand": list(held), "trump": "S", **roles})
    view.bounds()
    rng = random.Random(None if seed is None else check_seed(seed))
    deals = []
    for _ in range(samples):
        table = view.table.draw(rng)
        deals.append(({s: Hand.from_counts(view.mine if i == view.me else table[i])
                       for i, s in enumerate(v.seats)}, Hand.from_counts(table[-1])))
    return Hand.from_counts(view.mine), deals


def _trumps(v: Any, trumps: Optional[Sequence[Any]]) -> list[Suit]:
    if trumps is None:
        return list(Suit)
    if isinstance(trumps, str):
        trumps = trumps.replace(",", " ").split()
    out: list[Suit] = []
    for t in trumps:
        suit = v.parse_trump(t)
        if suit is None:
            raise PinosolveError("trumps: name suits (S, H, D, C)")
        if suit not in out:
            out.append(suit)
    if not out:
        raise PinosolveError("trumps: name at least one suit")
    return out


def _lowest_open(v: Any, seat: str, auction: Optional[str], dealer: Any) -> Optional[int]:
    """The last bid of the ``auction`` so far (None: no bid yet), after checking that it is
    legal, not over, and ``seat``'s turn to call."""
    from pinosolve.scoring.bidding import parse_history, run_auction

    if auction is None:
        return None
    if not isinstance(auction, str):
        raise PinosolveError("auction: the calls so far as text, e.g. '25 26 pass'")
    state = run_auction(v, parse_history(auction), dealer)
    if state.invalid_at is not None:
        call = state.calls[state.invalid_at]
        raise PinosolveError(f"auction: call {state.invalid_at + 1} ({call.call} by "
                             f"{call.seat}) is not legal: {call.reason}")
    turn = state.to_move()
    if turn is None:
        raise PinosolveError("auction: it is over; there is no call left to advise")
    if turn != seat:
        raise PinosolveError(f"auction: it is {turn}'s call, not {seat}'s")
    return state.high[1] if state.high else None


class _Round:
    """One deal played out for one trump with ``seat`` as bidder: the bidding side, its meld
    after the kitty, the call and the pass, and (once solved) its trick points' bounds."""

    def __init__(self, v: Any, bidder: str, holdings: dict[str, Hand], pile: Hand,
                 trump: Suit, dealer: Any) -> None:
        from pinosolve.deal import Deal
        from pinosolve.game import Game
        from pinosolve.meld.solver import best_meld
        from pinosolve.scoring.contract import holds_trump_marriage, laid_away_points
        from pinosolve.scoring.makeable import first_leader
        from pinosolve.scoring.passing import call_partner, lay_away, side_exchange
        from pinosolve.variants.sides import bidding_team, card_to_call, seat_name, sides_fixed

        r = v.rules
        hands = dict(holdings)
        self.away = 0
        laid = Hand([])
        if r.deal.bidder_takes_kitty and len(pile):
            hands[bidder] = hands[bidder] + pile
            if r.deal.bidder_discards:
                laid = lay_away(v, trump, holdings[bidder], pile)
                hands[bidder] = hands[bidder] - laid
                self.away = laid_away_points(v, laid)
        partner = None
        if r.players.partnership == "called-card":  # the call, and the pass it makes
            called = call_partner(v, trump, hands, bidder,
                                  card_to_call(v, trump, hands[bidder]))
            partner, hands = called.partner, called.hands
        team = bidding_team(v, bidder, partner)
        mate = next((s for s in team if s != bidder), None)
        if r.passing.cards and mate is not None and partner is None:  # fixed partners
            ex = side_exchange(v, trump, hands[bidder], hands[mate])
            assert ex.declarer is not None and ex.partner is not None
            hands[bidder], hands[mate] = ex.declarer, ex.partner
        self.meld = sum(best_meld(v, hands[s], trump).meld for s in team
                        if r.scoring.meld_by != "bidder" or s == bidder)
        self.name = side_name(v, team)
        self.marriage = holds_trump_marriage(hands[bidder] + laid, trump)
        leader = first_leader(v, bidder, None if dealer is None else
                              seat_name(v, dealer, "dealer"))
        self.ours = leader in team
        roles: dict[str, Any] = {} if sides_fixed(v) else {"declarer": bidder}
        if partner is not None:
            roles["partner"] = partner
        deal = Deal(tuple(v.seats), tuple(hands[s] for s in v.seats))
        self.game = Game(v, deal, trump=trump, leader=leader, **roles)
        self.in_play = 0
        self.bounds = (0, 0)

    def take(self, result: Any, in_play: int) -> None:
        """The solved value (for the side leading) as the bidding side's trick points."""
        lo, hi = result.bounds
        self.in_play = in_play
        self.bounds = (lo, hi) if self.ours else (in_play - hi, in_play - lo)


def _solve(rounds: list[_Round], timeout: Optional[float], threads: int,
           on_deal: Optional[DealReport]) -> None:
    from pinosolve.game import solve_many
    from pinosolve.play.position import points_left

    def report(k: int, _: Any) -> None:
        if on_deal is not None:
            report.done += 1  # type: ignore[attr-defined]
            on_deal(report.done, len(rounds))  # type: ignore[attr-defined]

    report.done = 0  # type: ignore[attr-defined]
    results = solve_many([r.game for r in rounds], threads=threads, timeout=timeout,
                         value_only=True, on_result=report)
    for r, res in zip(rounds, results):
        pos = r.game.position()
        r.take(res, points_left(r.game.rules, pos.hands, pos.trick))


def _open_after(b: Any, value: int, last: Optional[int]) -> Optional[int]:
    """The least bid above ``value`` open after the ``last`` bid (None: the first call), or
    None: from one multiple of the step to the next (``bidding.step_*``), past the banned
    endings, within the largest raise."""
    from pinosolve.scoring.bidding import raise_problem, step_at

    bid = max(value + 1, b.minimum, (last or 0) + 1)
    for _ in range(10_000):
        step = step_at(b, bid)[0]
        if bid % step:
            bid += step - bid % step
        problem = raise_problem(b, bid, last)
        if problem is None:
            return bid
        if "more than" in problem or "largest raise" in problem:
            return None  # (past the bids that exist, or the largest raise)
        bid += 1
    return None  # pragma: no cover - no rules file bans ten thousand levels in a row


def _open_at_or_below(b: Any, value: int, last: Optional[int]) -> Optional[int]:
    """The greatest bid of at most ``value`` open after the ``last`` bid, or None."""
    from pinosolve.scoring.bidding import raise_problem, step_at

    bid = value
    for _ in range(10_000):
        if bid < b.minimum or (last is not None and bid <= last):
            return None
        step = step_at(b, bid)[0]
        bid -= bid % step
        if raise_problem(b, bid, last) is None:
            return bid
        bid -= 1
    return None  # pragma: no cover - as above


def _trump_advice(v: Any, trump: Suit, rounds: list[_Round], lowest: Optional[int],
                  confidence: float) -> TrumpAdvice:
    from pinosolve.scoring.contract import Taken, outcome

    bonus = v.rules.points.last_trick
    n = len(rounds)

    def result(r: _Round, points: int, bid: Optional[int]) -> Any:
        taken = Taken(points, r.away, points > 0, points > bonus)
        return outcome(v, r.name, r.meld, taken, bid, r.marriage)

    lows = [result(r, r.bounds[0], None).total for r in rounds]
    highs = [result(r, r.bounds[1], None).total for r in rounds]
    sure = [lo == hi for lo, hi in zip(lows, highs)]
    b = v.rules.bidding
    top = max([*highs, b.minimum])

    def chance(bid: int, end: int) -> float:
        return sum(1 for r in rounds if result(r, r.bounds[end], bid).made) / n

    levels: list[BidLevel] = []
    bid = _open_after(b, b.minimum - 1, lowest)
    while bid is not None and bid <= top and len(levels) < MAX_LEVELS:
        low, high = chance(bid, 0), chance(bid, 1)
        levels.append(BidLevel(bid, round(low, 4) if low == high else None,
                               None if low == high else (round(low, 4), round(high, 4))))
        bid = _open_after(b, bid, lowest)
    # the highest open level whose chance reaches the confidence (its lower bound where
    # deals were bounded), over every level, not only those reported: the chance falls as
    # the bid rises, so the last value that reaches it is found by halving
    highest = None
    first = _open_after(b, b.minimum - 1, lowest)
    if first is not None and chance(first, 0) >= confidence:
        good, bad = first, top + 1
        while bad - good > 1:
            mid = (good + bad) // 2
            good, bad = (mid, bad) if chance(mid, 0) >= confidence else (good, mid)
        highest = _open_at_or_below(b, good, lowest)
    mean_lo, mean_hi = sum(lows) / n, sum(highs) / n
    exact = all(sure)
    spread = 0.0
    if n > 1:
        spread = math.sqrt(sum((x - mean_lo) ** 2 for x in lows) / (n - 1) / n)
    counts: dict[int, int] = {}
    for total, ok in zip(lows, sure):
        if ok:
            counts[total] = counts.get(total, 0) + 1
    points = [r.bounds[0] for r in rounds]
    return TrumpAdvice(
        trump, round(mean_lo, 4) if exact else None, round(spread, 4),
        round(sum(r.meld for r in rounds) / n, 4),
        round(sum(points) / n, 4) if exact else None,
        tuple(TotalShare(t, round(c / n, 4)) for t, c in sorted(counts.items())),
        tuple(levels), highest,
        None if exact else (round(mean_lo, 4), round(mean_hi, 4)))
