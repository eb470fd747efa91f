"""The contract's outcome: whether a side's meld counts, what it scores, and whether its bid
is made. The one home of these rules (``[scoring]`` and ``[points]`` keys), used by ``score``
(the facts of a round as played) and by ``makeable`` (the facts of the best play, from
double-dummy searches).

What a side took is a ``Taken``: its *trick points* (card points of the tricks it won and the
last-trick bonus) apart from the points laid away that count for it (``deal.discards_count``).
Laid-away cards are points for the bidder, but they are not taken in play: they save no meld
and capture no counter (source 000: a side saves its meld only if it "must win at least one
trick"). Every decision is reported with the key that made it.

>>> from pinosolve.variants.variant import load_variant
>>> v = load_variant("three-hand-kitty")
>>> outcome(v, "N", 30, Taken(0, laid_away=3, took_trick=False), bid=20).made
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional
from collections.abc import Sequence

from pinosolve.cards import Card, Hand, Rank, Suit
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import Variant


@dataclass(frozen=True)
class Taken:
    """What one side took in play, as far as it is known (None: not known)."""

    trick_points: int                   # its tricks' card points and the last-trick bonus
    laid_away: int = 0                  # laid-away points that count for it
    took_trick: Optional[bool] = None
    took_counter: Optional[bool] = None

    @property
    def raw(self) -> int:
        """Every card point the side is credited with."""
        return self.trick_points + self.laid_away

    @property
    def trick(self) -> Optional[bool]:
        """Whether it won a trick: known, or implied by trick points (only tricks give them)."""
        if self.took_trick is not None:
            return self.took_trick
        return True if self.trick_points > 0 else None


def laid_away_points(v: Variant, laid_away: Optional[Hand]) -> int:
    """The points of the bidder's laid-away cards that count for his side: their card points
    where ``deal.discards_count`` says so (sources 000 and 004: "these cards count toward the
    trick points the bid winner earns"), else 0; 0 for no cards (None).

    >>> from pinosolve.variants.variant import load_variant
    >>> v = load_variant("three-hand-kitty")
    >>> laid_away_points(v, v.parse_hand("KD QH TH")), laid_away_points(v, None)
    (2, 0)
    """
    if laid_away is None or not v.rules.deal.discards_count:
        return 0
    return v.hand_points(laid_away)


def check_laid_away(v: Variant, hands: Sequence[Hand], laid_away: Optional[Hand],
                    key: str = "laid-away") -> None:
    """The bidder's laid-away cards as the rules ask, with the ``hands`` as play began:
    exactly ``deal.bidder_discards`` of them, all within the deck together with the hands,
    where he lays cards away; none where he does not. ``key``: the option's or record key's
    name in the messages. Raises ``PinosolveError``."""
    need = v.rules.deal.bidder_discards
    if not need:
        if laid_away is not None:
            raise PinosolveError(f"{key}: in {v.id} the bidder lays no cards away")
        return
    if laid_away is None:
        how = f"--{key}" if "-" in key else key
        raise PinosolveError(f"give the {need} cards the bidder laid away with {how} "
                             "[deal.bidder_discards]")
    if len(laid_away) != need:
        raise PinosolveError(f"{key}: {len(laid_away)} cards, but the bidder lays away "
                             f"{need} [deal.bidder_discards]")
    everything = laid_away
    for hand in hands:
        everything = everything + hand
    v.check_hand(everything, f"deal and {key} cards together")


def laid_away_reason(name: str, points: int) -> str:
    """Why ``points`` laid away are in side ``name``'s trick points, in words."""
    return f"{name}: the {points} points laid away count for the bidder [deal.discards_count]"


@dataclass
class Outcome:
    """A side's score for the round before settlement, and whether its bid is made."""

    meld: int
    meld_counted: bool = True
    points: int = 0               # card points as recorded (rounded); 0 if not scored
    total: int = 0
    made: Optional[bool] = None   # the bidding side only
    reasons: list[str] = field(default_factory=list)


def round_points(v: Variant, raw: int) -> int:
    """Card points as recorded: source 004 counts in tens, a remainder of 7, 8 or 9 rounding up.

    >>> from pinosolve.variants.variant import load_variant
    >>> v = load_variant("two-hand-1000")
    >>> round_points(v, 136), round_points(v, 137)
    (130, 140)
    """
    unit, up = v.rules.points.round_to, v.rules.points.round_up_from
    if unit == 1:
        return raw
    base, rest = divmod(raw, unit)
    return (base + (1 if up and rest >= up else 0)) * unit


def holds_trump_marriage(holding: Hand, trump: Suit) -> bool:
    """Whether ``holding`` has the king and queen of trump (``bidding.trump_needs_marriage``)."""
    return Card(trump, Rank.K) in holding and Card(trump, Rank.Q) in holding


def outcome(v: Variant, name: str, meld: int, taken: Taken, bid: Optional[int] = None,
            trump_marriage: Optional[bool] = None) -> Outcome:
    """Side ``name``'s meld (counted or lost), points and total; with ``bid`` (the bidding
    side), whether the bid is made. ``trump_marriage``: whether the bidder held a marriage
    in trump, where ``bidding.trump_needs_marriage`` asks (None: not known, not checked).
    Facts the rules need and ``taken`` lacks raise PinosolveError naming them."""
    s = v.rules.scoring
    out = Outcome(meld)
    out.meld_counted = _meld_counts(v, name, meld, taken, out.reasons)
    if s.min_trick_points and taken.raw < s.min_trick_points:
        out.meld_counted = False
        out.reasons.append(f"{name} took {taken.raw} trick points, fewer than "
                           f"{s.min_trick_points}: scores nothing "
                           f"[scoring.min_trick_points = {s.min_trick_points}]")
    else:
        out.points = round_points(v, taken.raw)
        if out.points != taken.raw:
            out.reasons.append(f"{name}: {taken.raw} card points count as {out.points} (in "
                               f"{v.rules.points.round_to}s, {v.rules.points.round_up_from} "
                               "and up rounds up) [points.round_to, points.round_up_from]")
    out.total = (meld if out.meld_counted else 0) + out.points
    if bid is not None:
        out.made = _bid_made(v, name, out, taken, bid, trump_marriage)
    return out


def _meld_counts(v: Variant, name: str, meld: int, taken: Taken, reasons: list[str]) -> bool:
    s = v.rules.scoring
    if meld and s.min_meld and meld < s.min_meld:
        reasons.append(f"{name}'s meld {meld} is below the minimum {s.min_meld}: not "
                       f"recorded [scoring.min_meld = {s.min_meld}]")
        return False
    if not meld or s.save_meld == "none":
        return True
    if s.save_meld == "trick":
        took = taken.trick
        if took is None:
            raise PinosolveError(f"tricks: needed to decide whether {name} saved its meld "
                                 "by taking a trick [scoring.save_meld = trick]")
        counted, why = took, "took a trick" if took else "took no trick"
    elif s.save_meld == "counter":
        counted = taken.trick_points > 0
        why = (f"took {taken.trick_points} trick points" if counted else
               "took no trick points (no counter, not the last trick)")
    else:
        counted = taken.trick_points >= s.save_meld_points
        why = f"took {taken.trick_points} trick points, {s.save_meld_points} needed"
    if taken.laid_away and not counted:
        why += f"; the {taken.laid_away} points laid away were not taken in play"
    reasons.append(f"{name}'s meld {meld} {'counts' if counted else 'is lost'}: {why} "
                   f"[scoring.save_meld = {s.save_meld}]")
    return counted


def _bid_made(v: Variant, name: str, out: Outcome, taken: Taken, bid: int,
              trump_marriage: Optional[bool]) -> bool:
    s = v.rules.scoring
    if s.min_meld and out.meld < s.min_meld:
        out.reasons.append(f"{name} melded {out.meld}, below the minimum {s.min_meld}: the "
                           f"bid fails [scoring.min_meld = {s.min_meld}]")
        return False
    if s.min_trick_points and taken.raw < s.min_trick_points:
        out.reasons.append(f"{name} took fewer than {s.min_trick_points} trick points: the "
                           f"bid fails [scoring.min_trick_points = {s.min_trick_points}]")
        return False
    if v.rules.bidding.trump_needs_marriage:
        if trump_marriage is None:
            raise PinosolveError("meld: give the bidder's meld as cards (and the trump), "
                                 "needed to decide whether he holds a marriage in trump "
                                 "[bidding.trump_needs_marriage]")
        if not trump_marriage:
            out.reasons.append("the bidder holds no marriage in trump: the bid fails "
                               "[bidding.trump_needs_marriage]")
            return False
    if s.bidder_needs_counter:
        if taken.took_counter is None:
            raise PinosolveError("last_trick: needed to decide whether the bidding side took "
                                 "a counter [scoring.bidder_needs_counter]")
        if not taken.took_counter:
            out.reasons.append(f"{name} captured no counter: the bid fails "
                               "[scoring.bidder_needs_counter]")
            return False
    made = out.total >= bid
    meld = out.meld if out.meld_counted else 0
    out.reasons.append(f"{name}: meld {meld} + trick points {out.points} = {out.total} "
                       f"{'≥' if made else '<'} bid {bid}: "
                       f"{'made' if made else f'set by {bid - out.total}'} [scoring]")
    return made
