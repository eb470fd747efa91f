"""What a view tells of the hidden cards: bounds on the copies of each card each seat held
as play began, and the facts behind them, in words.

* a card a seat played, or showed in meld, or was passed, it held (a lower bound);
* a card a seat played while the rules would have obliged it to play another (follow suit,
  head the trick, trump, overtrump, as the rules file sets them) proves it held none of
  those others then: at most the copies it had already played (an upper bound), and the
  rule that decides is named (``obligations``);
* a card seen in the kitty was not in a hand (unless the seat that took the kitty held it).

``checked_bounds`` refuses a view no deal explains, naming the first card that breaks it;
``pinosolve.analysis.deals.DealTable`` counts and draws the deals within the bounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional
from collections.abc import Sequence

from pinosolve.cards import NUM_CARDS, Card
from pinosolve.errors import PinosolveError
from pinosolve.analysis.deals import DealTable
from pinosolve.play.trick import winning_seat

if TYPE_CHECKING:
    from pinosolve.analysis.view import View, _Event

Copies = dict[int, list[int]]   # per holder (a seat index; -1 the unseen pile): copies per card
Reasons = dict[int, list[str]]  # per holder: the facts behind its bounds, in words


@dataclass(frozen=True)
class Checked:
    """A view's bounds, checked: per holder the least (``lo``) and most (``hi``) copies of
    each card it held as play began and the reasons (``why``), per seat the copies it played
    (``played``), and the consistent deals (``table``)."""

    lo: Copies
    hi: Copies
    why: Reasons
    played: Copies
    table: DealTable


def obligations(rules: Any, card: int, trick: Sequence[int], trump: Optional[int],
                partner_winning: bool, kinds: Sequence[int]) -> dict[int, str]:
    """The cards (of ``kinds``) whose holding would have made ``card`` illegal on ``trick``,
    each with the rule that says so: what a seat that played ``card`` there did not hold."""
    from pinosolve.play.legality import legal_plays

    held: dict[int, str] = {}
    for other in kinds:
        if other == card:
            continue
        allowed, why = legal_plays(rules, [card, other], trick, trump, partner_winning)
        if card not in allowed:
            held[other] = why.get(card, "")
    return held


def checked_bounds(view: View) -> Checked:
    """The bounds of ``view`` (``Checked``), once every card of its play is explained.
    Raises ``PinosolveError`` naming what no deal explains: the cards shown, passed and seen
    in the kitty with the hand, or else the first card of the play (a renege seen from here,
    or an impossible record), found by halves."""
    lo, hi, why, played = bounds_of(view, len(view.events))
    table = DealTable(view, lo, hi)
    if table.count() > 0:
        return Checked(lo, hi, why, played, table)
    lo, hi, why, _ = bounds_of(view, 0)
    if DealTable(view, lo, hi).count() == 0:
        raise PinosolveError("view: no deal explains the cards shown, passed and seen "
                             f"in the kitty with this hand{_overdrawn(view, lo, hi, why)}")
    good, bad = 0, len(view.events)  # the first card no deal explains: by halves
    while bad - good > 1:
        mid = (good + bad) // 2
        if DealTable(view, *bounds_of(view, mid)[:2]).count() > 0:
            good = mid
        else:
            bad = mid
    e = view.events[bad - 1]
    lo, hi, _, _ = bounds_of(view, bad)
    raise PinosolveError(f"play: no deal explains {view.seats[e.seat]}'s "
                         f"{Card.from_index(e.card).symbol} on trick {e.trick}: "
                         f"{_conflict(view, lo, hi, e)}")


def bounds_of(view: View, upto: int) -> tuple[Copies, Copies, Reasons, Copies]:
    """The bounds from the first ``upto`` cards of the play (and the rest of the view), per
    holder the facts that set them, in words, in the order they came, and per seat the
    copies of each card it played in them."""
    lo = {s: [0] * NUM_CARDS for s in [*view.holders, -1]}
    hi = {s: [view.hidden[k] for k in range(NUM_CARDS)] for s in [*view.holders, -1]}
    why: dict[int, list[str]] = {s: [] for s in [*view.holders, -1]}
    name = view.seats

    def at_least(s: int, k: int, n: int, reason: Optional[str]) -> None:
        if n > lo[s][k]:
            lo[s][k] = n
            if reason and reason not in why[s]:  # (a card played needs no words)
                why[s].append(reason)

    def at_most(s: int, k: int, n: int) -> bool:
        if n < hi[s][k]:
            hi[s][k] = n
            return True
        return False

    if view.out == 0:
        for k in range(NUM_CARDS):
            hi[-1][k] = 0
    for s, counts in view.shown.items():
        for k, n in enumerate(counts):
            if n:
                at_least(s, k, n, f"{name[s]} showed {n} x {Card.from_index(k).symbol} in meld")
    mate = view.partner_of_viewer()
    for k, n in enumerate(view.gave):
        if n and mate is not None:
            at_least(mate, k, n, f"{name[view.me]} passed {Card.from_index(k).symbol} to "
                                 f"{name[mate]}")
    played: dict[int, list[int]] = {s: [0] * NUM_CARDS for s in range(len(view.seats))}
    trump = int(view.trump)
    for e in view.events[:upto]:
        trick_text = f"trick {e.trick}"
        winning = bool(e.before) and view.sides[winning_seat(
            view.rules, e.led_by, e.before, trump, len(view.seats))] == view.sides[e.seat]
        forbidding = obligations(view.rules, e.card, e.before, trump, winning, view.kinds)
        if e.seat == view.me:
            have = [m - p for m, p in zip(view.mine, played[e.seat])]
            if have[e.card] <= 0:
                raise PinosolveError(f"play: {name[e.seat]}, the viewer, "
                                     f"plays {Card.from_index(e.card)} on {trick_text} "
                                     "but does not hold it")
            bad = [k for k in forbidding if have[k] > 0]
            if bad:
                raise PinosolveError(
                    f"play: {Card.from_index(e.card)} on {trick_text} is a renege: the "
                    f"viewer {view.seat} held {Card.from_index(bad[0])} "
                    f"{_rule_of(forbidding[bad[0]])}")
        else:
            played_now = played[e.seat][e.card] + 1
            at_least(e.seat, e.card, played_now, None)
            by_rule: dict[str, list[int]] = {}
            for k, rule in forbidding.items():
                if at_most(e.seat, k, played[e.seat][k]):
                    by_rule.setdefault(_rule_of(rule), []).append(k)
            for key, kinds in by_rule.items():
                why[e.seat].append(_because(name[e.seat], e, kinds, key))
        played[e.seat][e.card] += 1
    # kitty cards seen: taken by the declarer (where the rules give it the kitty), or
    # left out; where the viewer took it, those not in its hand nor known gone were laid
    # away unseen
    taker = view.taker
    for k, n in enumerate(view.kitty):
        if taker == view.me:
            n = max(0, n - view.mine[k] - view.known[k])
        if not n:
            continue
        for s in view.holders:
            if s != taker and at_most(s, k, view.hidden[k] - n):
                reason = f"{Card.from_index(k).symbol} was in the kitty"
                if reason not in why[s]:
                    why[s].append(reason)
    return lo, hi, why, played


def _overdrawn(view: View, lo: dict[int, list[int]], hi: dict[int, list[int]],
               why: dict[int, list[str]]) -> str:
    """The first seat that must hold more copies of a card than it may (in words, after
    a colon), or nothing where only the hands' sizes conflict."""
    for s in view.holders:
        for k in view.kinds:
            if lo[s][k] > min(hi[s][k], view.hidden[k]):
                card = Card.from_index(k).symbol
                fact = next((w for w in why[s] if f" {card} " in f" {w} "),
                            f"{view.seats[s]} must hold {lo[s][k]} x {card}")
                return f": {fact}, {_hidden_of(view, k)}"
    return ""


def _hidden_of(view: View, k: int) -> str:
    """How many copies of card ``k`` are hidden from the viewer, in words."""
    return (f"but only {view.hidden[k]} of the deck's {view.deck[k]} x "
            f"{Card.from_index(k).symbol} are neither in {view.seat}'s hand nor gone")


def _conflict(view: View, lo: dict[int, list[int]], hi: dict[int, list[int]], e: _Event) -> str:
    for k in view.kinds:
        if lo[e.seat][k] > view.hidden[k]:
            return f"it must have held {lo[e.seat][k]} x {Card.from_index(k).symbol}, " \
                   f"{_hidden_of(view, k)}"
        if lo[e.seat][k] > hi[e.seat][k]:
            return (f"it must have held {lo[e.seat][k]} x {Card.from_index(k).symbol} and at "
                    f"most {hi[e.seat][k]}")
    return "the cards left cannot fill the hands"


def _rule_of(reason: str) -> str:
    """The rule key of a legality reason ('... [trick.follow_suit]')."""
    return reason[reason.rfind("["):] if "[" in reason else ""


def _because(seat: str, e: _Event, held: list[int], key: str) -> str:
    """Why ``seat`` held none of ``held`` when it played ``e.card`` (``key``: the rule), in
    words."""
    card = Card.from_index(e.card).symbol
    led = Card.from_index(e.before[0]).suit if e.before else None
    cards = " ".join(Card.from_index(k).symbol for k in held)
    if "follow_suit" in key and led is not None:
        return f"{seat} showed out of {led.symbol} on trick {e.trick} ({card}) {key}"
    if "trump_if_void" in key:
        return f"{seat} did not trump on trick {e.trick} ({card}): held no {cards} {key}"
    if "head" in key or "overtrump" in key:
        return f"{seat} could not beat the trick on trick {e.trick} ({card}): held no " \
               f"{cards} {key}"
    return f"{seat} played {card} on trick {e.trick}: held no {cards} {key}"
