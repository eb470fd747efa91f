"""The auction: which bids are legal, whose turn it is, who wins, and what happens when all pass.

Everything comes from the ``[bidding]`` table of the rules file. A bid value is legal when it
is at least ``minimum``, a multiple of the step in force at that value (``step`` below every
band, a band's ``step`` above its ``above``; source 000's double deck: 1 up to 60, 5 up to 100,
10 beyond, "all bids past 100 must be evenly divisible by 10") and does not end in a banned
ending. A raise must beat the last bid, by no more than ``max_raise`` where one is set (source
001: "a player can bid 10 or 20 points or pass"); the opening bid is limited only by the
minimum. Passing is final. Bidding starts left of the dealer (the next seat clockwise).
Where ``misdeal_nines`` is set (Trickster's "Allow misdeal", source 003: "a player with 5 or
more 9s can call a misdeal as their first bid"), a player's first call may be ``misdeal``: the
auction ends and the cards are redealt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from pinosolve.errors import PinosolveError
from pinosolve.inputs import VariantLike, as_variant
from pinosolve.results import Result, optional
from pinosolve.variants.sides import seat_after, seat_name
from pinosolve.variants.datafile import VALUE_LIMIT
from pinosolve.variants.schema import Bidding
from pinosolve.variants.variant import Variant

PASS_WORDS = ("pass", "p", "-", "no")
MISDEAL = "misdeal"  # the call of a player who may have the cards redealt (misdeal_nines)


def step_at(b: Bidding, value: int) -> tuple[int, str]:
    """The step (bid multiple and smallest raise) in force at ``value``, and its rule key."""
    step, key = b.step, f"bidding.step = {b.step}"
    for band in sorted(b.bands, key=lambda band: band.above):
        if value > band.above:
            step, key = band.step, f"bidding.bands: above {band.above} in steps of {band.step}"
    return step, key


# no side can make more: 40 cards a hand hold at most 40 melds of MELD_VALUE_LIMIT each, and
# the trick points are at most POINTS_LIMIT (schema); a bid of more is a typing slip. The
# same bound holds every number of a rules file (datafile.VALUE_LIMIT).
BID_LIMIT = VALUE_LIMIT



def value_problem(b: Bidding, value: int) -> Optional[str]:
    """Why ``value`` can never be bid in this auction, or None if it can."""
    if value > BID_LIMIT:
        return f"{value} is more than any side can make (bids go up to {BID_LIMIT})"
    if value < b.minimum:
        return f"below the minimum bid {b.minimum} [bidding.minimum = {b.minimum}]"
    step, key = step_at(b, value)
    if value % step:
        return f"{value} is not a multiple of {step} [{key}]"
    if value % 100 in b.banned_endings:
        return f"bids ending in {value % 100:02d} are not allowed [bidding.banned_endings]"
    return None


def check_contract(variant: Variant, bid: int) -> None:
    """A one-line error unless ``bid`` can be a contract of ``variant``: it has an auction,
    and the bid is one its rules allow."""
    if not variant.rules.bidding.enabled:
        raise PinosolveError(f"{variant.id} has no auction, so no contract to make "
                             "[bidding.enabled = false]")
    problem = value_problem(variant.rules.bidding, bid)
    if problem:
        raise PinosolveError(f"bid {bid} cannot be the contract: {problem}")


def raise_problem(b: Bidding, value: int, last: Optional[int]) -> Optional[str]:
    """Why ``value`` is not a legal bid after ``last`` (None: the opening bid)."""
    problem = value_problem(b, value)
    if problem:
        return problem
    if last is not None:
        if value <= last:
            return f"a bid must be higher than the last bid {last}"
        if b.max_raise and value - last > b.max_raise:
            return (f"a raise of {value - last} over {last} is more than the largest raise "
                    f"{b.max_raise} [bidding.max_raise = {b.max_raise}]")
    return None


def next_bids(b: Bidding, last: Optional[int], count: int = 6) -> dict[str, Any]:
    """The legal bids after ``last``: the lowest few, and the highest where raises are capped."""
    value = b.minimum if last is None else last + 1
    top = last + b.max_raise if (last is not None and b.max_raise) else None
    lowest: list[int] = []
    while len(lowest) < count and (top is None or value <= top) and value < 1_000_000:
        if raise_problem(b, value, last) is None:
            lowest.append(value)
        value += 1
    return {"lowest": lowest, "highest": top if top is not None else None}


@dataclass
class Call:
    seat: str
    call: str                       # "pass" or the bid as text
    bid: Optional[int]
    legal: bool = True
    reason: str = ""


@dataclass
class Auction:
    """The state after a history of calls."""

    variant: Variant
    dealer: str
    calls: list[Call] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    high: Optional[tuple[str, int]] = None
    acted: set[str] = field(default_factory=set)
    invalid_at: Optional[int] = None    # index of the first illegal call
    misdeal: Optional[str] = None       # the seat that called a misdeal (the auction ends)

    @property
    def order(self) -> list[str]:
        n = len(self.variant.seats)
        return [seat_after(self.variant, self.dealer, k) for k in range(1, n + 1)]

    @property
    def in_play(self) -> list[str]:
        return [s for s in self.order if s not in self.passed]

    @property
    def all_passed(self) -> bool:
        return self.high is None and len(self.passed) == len(self.order)

    @property
    def finished(self) -> bool:
        b = self.variant.rules.bidding
        if self.all_passed or self.misdeal is not None:
            return True
        if self.high is None:
            return False
        if b.single_round:
            return len(self.acted) == len(self.order)
        return self.in_play == [self.high[0]]

    def to_move(self) -> Optional[str]:
        """Whose call is next: clockwise from the last caller, skipping those who passed."""
        if self.finished or self.invalid_at is not None:
            return None
        order = self.order
        if not self.calls:
            return order[0]
        i = order.index(self.calls[-1].seat)
        for k in range(1, len(order) + 1):
            seat = order[(i + k) % len(order)]
            if seat not in self.passed and not (self.variant.rules.bidding.single_round
                                                and seat in self.acted):
                return seat
        return None  # pragma: no cover - finished covers this

    def dealer_stuck_now(self, seat: str) -> bool:
        """The dealer's turn after every other player passed without a bid."""
        return (seat == self.dealer and self.high is None
                and len(self.passed) == len(self.order) - 1)

    def play(self, token: str) -> Call:
        b = self.variant.rules.bidding
        seat = self.to_move()
        if seat is None:
            raise PinosolveError(f"call {len(self.calls) + 1} ({token}): the auction is already "
                                 "over")
        text = token.strip().lower()
        if text == MISDEAL:
            call = Call(seat, MISDEAL, None)
            if not b.misdeal_nines:
                call.legal = False
                call.reason = f"{self.variant.id} has no misdeal [bidding.misdeal_nines = 0]"
            elif seat in self.acted:
                call.legal = False
                call.reason = (f"a misdeal is called as a player's first call; {seat} has "
                               f"called before [bidding.misdeal_nines = {b.misdeal_nines}]")
            else:
                self.misdeal = seat
        elif text in PASS_WORDS:
            call = Call(seat, "pass", None)
            if self.dealer_stuck_now(seat) and b.all_pass == "dealer-stuck":
                call.legal = False
                call.reason = (f"everyone else passed: the dealer is stuck and must take the "
                               f"contract at the minimum {b.minimum} "
                               "[bidding.all_pass = dealer-stuck]")
            else:
                self.passed.append(seat)
        else:
            try:
                value = int(text)
            except ValueError:
                raise PinosolveError(f"call {len(self.calls) + 1}: {token!r} is neither a bid "
                                     "(a whole number) nor pass" +
                                     (" nor misdeal" if b.misdeal_nines else "")) from None
            call = Call(seat, str(value), value)
            last = self.high[1] if self.high else None
            problem = raise_problem(b, value, last)
            if problem:
                call.legal, call.reason = False, problem
            else:
                self.high = (seat, value)
        self.acted.add(seat)
        self.calls.append(call)
        if not call.legal:
            self.invalid_at = len(self.calls) - 1
        return call


def parse_history(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


def run_auction(variant: Variant, history: list[str], dealer: Optional[str] = None
                ) -> Auction:
    """Replay ``history`` (bids and passes in turn order); stops judging at an illegal call."""
    b = variant.rules.bidding
    if not b.enabled:
        raise PinosolveError(f"{variant.id} has no auction: trump is turned "
                             "[bidding.enabled = false]")
    dealer = variant.seats[-1] if dealer is None else seat_name(variant, dealer, "dealer")
    auction = Auction(variant, dealer)
    for token in history:
        if auction.invalid_at is not None:
            break
        auction.play(token)
    return auction


@dataclass(frozen=True, repr=False)
class CallRuling(Result):
    """One call of the auction: the seat, the call (``pass`` or the bid), whether it is
    legal, and why not."""

    seat: str
    call: str
    is_legal: bool
    reason: Optional[str] = optional()


@dataclass(frozen=True, repr=False)
class SeatBid(Result):
    """A seat and its bid."""

    seat: str
    bid: int


@dataclass(frozen=True, repr=False)
class NextBids(Result):
    """The legal next bids: the lowest few, and the highest where raises are capped."""

    lowest: tuple[int, ...]
    highest: Optional[int]


@dataclass(frozen=True, repr=False)
class AuctionRuling(Result):
    """The ruling on an auction so far (``pinosolve bid``): each call, whether every call is
    legal (``is_legal``), who passed, the high bid, whether the auction is over and who took
    the contract at what bid (``contract``), whose turn it is and the legal next bids, and
    the ruling in words."""

    variant: str
    dealer: str
    order: tuple[str, ...]
    calls: tuple[CallRuling, ...]
    is_legal: bool
    passed: tuple[str, ...]
    high: Optional[SeatBid]
    finished: bool
    contract: Optional[SeatBid]
    to_move: Optional[str]
    next_bids: Optional[NextBids]
    ruling: str

    _repr_keys = ("dealer", "calls", "is_legal", "high", "contract", "to_move", "ruling")

    @property
    def to_act(self) -> Optional[str]:
        """The old name of ``to_move`` (one name for the seat whose turn it is, in the
        auction as in the play); it goes in a later release."""
        import warnings

        warnings.warn("AuctionRuling.to_act is now to_move", DeprecationWarning, stacklevel=2)
        return self.to_move


def auction(variant: VariantLike, history: Union[str, list[str]],
            dealer: Optional[str] = None) -> AuctionRuling:
    """The ruling on the calls ``history`` (bids and passes in turn order, as text
    ``"25 26 pass 30"`` or a list) with ``dealer`` dealing (default: the last seat).

    >>> r = auction("four-hand", "25 pass 26")
    >>> r.high, r.to_move, r.ruling
    (SeatBid(seat=S, bid=26), 'W', 'W to call: bid or pass')
    """
    v = as_variant(variant)
    if isinstance(history, str):
        calls = parse_history(history)
    elif isinstance(history, (list, tuple)) and all(
            isinstance(c, str) or (isinstance(c, int) and not isinstance(c, bool))
            for c in history):
        calls = [str(c) for c in history]
    else:
        raise PinosolveError(f"history: the calls as text ('25 26 pass') or a list of calls, "
                             f"got {history!r:.60}")
    return outcome(run_auction(v, calls, dealer))


def outcome(auction: Auction) -> AuctionRuling:
    """The ruling on the auction so far."""
    b = auction.variant.rules.bidding
    out: dict[str, Any] = {
        "variant": auction.variant.id, "dealer": auction.dealer,
        "order": tuple(auction.order),
        "calls": tuple(CallRuling(c.seat, c.call, c.legal, c.reason or None)
                       for c in auction.calls),
        "is_legal": auction.invalid_at is None,
        "passed": tuple(auction.passed),
        "high": SeatBid(*auction.high) if auction.high else None,
        "finished": auction.invalid_at is None and auction.finished,
        "contract": None, "to_move": None, "next_bids": None,
    }
    if auction.invalid_at is not None:
        bad = auction.calls[auction.invalid_at]
        out["ruling"] = (f"call {auction.invalid_at + 1} ({bad.seat} {bad.call}) is illegal: "
                         f"{bad.reason}; later calls are not judged")
        return AuctionRuling(**out)
    if auction.misdeal is not None:
        out["ruling"] = (f"{auction.misdeal} calls a misdeal (holding {b.misdeal_nines} or more "
                         f"nines): the cards are redealt [bidding.misdeal_nines = "
                         f"{b.misdeal_nines}]")
        return AuctionRuling(**out)
    if auction.all_passed:
        out["ruling"] = {
            "redeal": "all passed: the cards are thrown in and redealt "
                      "[bidding.all_pass = redeal]",
            "dealer-may-take": f"all passed, the dealer too: the cards are redealt (the dealer "
                               f"could have taken the contract at {b.minimum}) "
                               "[bidding.all_pass = dealer-may-take]",
        }.get(b.all_pass, "all passed")
        return AuctionRuling(**out)
    if auction.finished:
        seat, value = auction.high  # type: ignore[misc]
        out["contract"] = SeatBid(seat, value)
        out["ruling"] = f"{seat} wins the auction at {value}"
        return AuctionRuling(**out)
    seat = auction.to_move()
    out["to_move"] = seat
    last = auction.high[1] if auction.high else None
    nb = next_bids(b, last)
    out["next_bids"] = NextBids(tuple(nb["lowest"]), nb["highest"])
    if seat is not None and auction.dealer_stuck_now(seat):
        out["ruling"] = {
            "dealer-stuck": f"everyone else passed: the dealer {seat} is stuck and must take "
                            f"the contract at {b.minimum} [bidding.all_pass = dealer-stuck]",
            "dealer-may-take": f"everyone else passed: the dealer {seat} may take the contract "
                               f"at {b.minimum} or pass, and then the cards are redealt "
                               "[bidding.all_pass = dealer-may-take]",
            "redeal": f"everyone else passed: if the dealer {seat} passes too, the cards are "
                      "redealt [bidding.all_pass = redeal]",
        }[b.all_pass]
    else:
        out["ruling"] = f"{seat} to call: bid or pass"
    return AuctionRuling(**out)
