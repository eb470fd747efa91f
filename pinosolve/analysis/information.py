"""The information lens of a review: what a card cost on what its player could know.

The double-dummy cost of a card (``pinosolve.analysis.review``) is measured with every card
seen. Its *information cost* is measured from the mover's view at that moment (the cards it
held, the play so far, the meld shown, the cards it passed or was passed, the kitty it saw:
``pinosolve.analysis.view.View``): over the deals consistent with that view, each weighted as
a shuffle deals it, each legal card is valued double dummy; a card's information cost is the
best card's mean less its own (paired: the same deals for every card of the decision). The
deals are every consistent deal where there are no more of them than ``samples`` (the cost
is then exact), else ``samples`` of them drawn from a seed, and the cost has a standard error.
It is the advice machinery (``pinosolve.analysis.advice``), and has its known flaw: each deal
is solved as if every card were known from there on.

*Labels* come from the information cost as a share of the points a deal holds
(``Thresholds``): ``best`` (no cost), ``good`` (below ``good``), ``inaccuracy`` (below
``inaccuracy``), ``mistake`` (below ``mistake``) and ``blunder``. Then from the two lenses
together: ``unlucky`` (best or good on what it knew, but at least an inaccuracy double dummy)
and ``lucky`` (a mistake or a blunder on what it knew, but free double dummy). A renege is
labelled ``renege``.

A card's *accuracy* is ``100 * max(0, 1 - cost / (mistake * points))``: 100 for a best card,
falling straight to 0 at the blunder line. A seat's accuracy is the mean over the cards it
chose (a card with no other legal card is not a choice; a renege counts 0).

>>> t = Thresholds()
>>> t.label(0.0, 25), t.label(0.4, 25), t.label(1.0, 25), t.label(2.0, 25), t.label(3.0, 25)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> t.luck('best', 3, 25), t.luck('blunder', 0, 25), t.luck('good', 0, 25)
('unlucky', 'lucky', None)
>>> round(card_accuracy(1.25, 25, t), 2)
50.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional
from collections.abc import Sequence

from pinosolve.cards import Card
from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional

if TYPE_CHECKING:
    from pinosolve.analysis.view import View

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
LUCK = ("lucky", "unlucky")
RENEGE = "renege"
DEFAULT_SAMPLES = 40  # deals per decision, where the consistent deals are more
_EPSILON = 1e-9


@dataclass(frozen=True)
class Thresholds:
    """Where the labels change, as shares of the points one deal holds (its counters and the
    last trick's bonus): a cost below ``good`` is good, below ``inaccuracy`` an inaccuracy,
    below ``mistake`` a mistake, and from ``mistake`` on a blunder; no cost is best. Each
    from 0 to 1, in that order. ``Thresholds.parse("0.02,0.05,0.1")`` reads the command
    line's form."""

    good: float = 0.02
    inaccuracy: float = 0.05
    mistake: float = 0.10

    def __post_init__(self) -> None:
        values = (self.good, self.inaccuracy, self.mistake)
        if any(isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x)
               for x in values) or not 0 < self.good <= self.inaccuracy <= self.mistake <= 1:
            raise PinosolveError(f"thresholds: three shares of a deal's points with 0 < good "
                                 f"<= inaccuracy <= mistake <= 1, got {values!r:.80}")

    @classmethod
    def parse(cls, text: str) -> Thresholds:
        """``"good,inaccuracy,mistake"``: three numbers (shares of a deal's points)."""
        parts = str(text).split(",")
        try:
            values = [float(p) for p in parts]
        except ValueError:
            values = []
        if len(values) != 3:
            raise PinosolveError(f"thresholds: three numbers, good,inaccuracy,mistake (shares "
                                 f"of a deal's points, such as 0.02,0.05,0.1), got {text!r:.60}")
        return cls(*values)

    @property
    def lines(self) -> tuple[float, float, float]:
        """``(good, inaccuracy, mistake)``, as the answers give them."""
        return self.good, self.inaccuracy, self.mistake

    def label(self, cost: float, points: int) -> str:
        """The label of an information ``cost`` in a deal of ``points`` points."""
        if cost <= _EPSILON:
            return "best"
        for name, line in (("good", self.good), ("inaccuracy", self.inaccuracy),
                           ("mistake", self.mistake)):
            if cost < line * points - _EPSILON:
                return name
        return "blunder"

    def luck(self, label: str, dd_cost: float, points: int) -> Optional[str]:
        """``unlucky``: ``label`` best or good, yet the card cost at least an inaccuracy
        double dummy; ``lucky``: a mistake or a blunder that cost nothing double dummy;
        else None."""
        if label in ("best", "good") and dd_cost >= self.good * points - _EPSILON:
            return "unlucky"
        if label in ("mistake", "blunder") and dd_cost <= _EPSILON:
            return "lucky"
        return None


def lens_options(samples: Any, seed: Any, thresholds: Any, threads: Any
                 ) -> tuple[int, int, Thresholds, int]:
    """The information lens's options checked (``PinosolveError`` in one line): ``samples``
    from 2 to ``MAX_SAMPLES``, ``seed`` (None: a fresh one), ``thresholds`` (None: the
    defaults), ``threads`` from 1 to 64."""
    from pinosolve.analysis.advice import MAX_SAMPLES
    from pinosolve.inputs import as_whole
    from pinosolve.variants.shuffle import check_seed, fresh_seed

    samples = as_whole(samples, "samples")
    if not 2 <= samples <= MAX_SAMPLES:
        raise PinosolveError(f"samples must be from 2 to {MAX_SAMPLES} (a standard error "
                             f"needs two deals), got {samples}")
    seed = fresh_seed() if seed is None else check_seed(seed)
    if thresholds is None:
        thresholds = Thresholds()
    elif not isinstance(thresholds, Thresholds):
        raise PinosolveError(f"thresholds: a Thresholds, got {type(thresholds).__name__}")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 64:
        raise PinosolveError(f"threads must be a whole number from 1 to 64, got {threads!r}")
    return samples, seed, thresholds, threads


def derived_seed(seed: int, *path: int) -> int:
    """A seed of its own for each decision (and hand) of a review drawn from ``seed``: a hash
    of the seed and the numbers that name the decision, so that no two share a stream.

    >>> derived_seed(1, 0) != derived_seed(1, 1) != derived_seed(2, 0)
    True
    """
    import hashlib

    text = ":".join(str(x) for x in (seed, *path)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def card_accuracy(cost: float, points: int, thresholds: Thresholds) -> float:
    """A card's accuracy from its information ``cost``: 100 at no cost, 0 from the blunder
    line (``thresholds.mistake`` of the deal's ``points``) on, straight between."""
    return 100.0 * max(0.0, 1.0 - cost / (thresholds.mistake * points))


def deal_points(variant: Any) -> int:
    """The points one deal holds: every counter of the deck and the last trick's bonus."""
    return int(variant.hand_points(variant.deck) + variant.rules.points.last_trick)


@dataclass(frozen=True, repr=False)
class InformationCost(Result):
    """One card's information cost (see the module): ``cost``, the expected points the
    mover's side gave away against the best card from its view (None where a search ran out
    of time: ``cost_bounds`` then), its ``stderr`` (0 when ``exact``), ``best`` the card with
    the best mean, ``means`` each legal card's mean (points from here for the mover's side,
    the trick on the table included), ``deals`` averaged and ``exact`` (every consistent
    deal, weighted); ``better``, for a card that cost points, the cards that should have
    been played: every card of the best mean (where a time limit left bounds, every card
    that may have it).

    A card with no other legal card (``forced``) costs nothing, exactly, and no deal is
    searched: it has no ``means`` (left out, never a mean over no deal) and ``deals`` 0."""

    cost: Optional[float]
    stderr: float
    best: Card
    means: Optional[dict[Card, float]] = optional()
    deals: int = 0
    exact: bool = True
    cost_bounds: Optional[tuple[float, float]] = optional()
    better: Optional[tuple[Card, ...]] = optional()

    _repr_keys = ("cost", "stderr", "best", "deals", "exact", "better")

    @classmethod
    def forced(cls, card: Card) -> InformationCost:
        """A card with no other legal card: it costs nothing, and no deal is searched."""
        return cls(0.0, 0.0, card, None, 0, True)

    @property
    def is_forced(self) -> bool:
        """Whether the card had no other legal card (no deal searched, no means)."""
        return self.means is None


def information_cost(view: View, card: Card, legal: Sequence[Card], samples: int = DEFAULT_SAMPLES,
                     seed: int = 0, timeout: Optional[float] = None,
                     threads: int = 1, model: Any = None) -> InformationCost:
    """The information cost of ``card``, played by the view's seat (to move) with ``legal``
    its legal cards: over every consistent deal where they are at most ``samples``, else
    ``samples`` drawn from ``seed``. ``timeout``: seconds for the whole decision, shared out
    over its deals (a deal out of time gives bounds, and the cost is then bounds).
    ``model``: a ``PlayModel`` weighting the deals (``pinosolve.analysis.advice.advise``).

    A card with no other legal card costs nothing, and no deal is searched."""
    from pinosolve.analysis.advice import deals_of, solved_deals, weighted_stderr

    if len(set(legal)) <= 1:
        return InformationCost.forced(card)
    if samples < 2:
        raise PinosolveError(f"samples must be at least 2 (a standard error needs two deals), "
                             f"got {samples}")
    if view.to_move != view.me:
        raise PinosolveError(f"the view is {view.seat}'s, but {view.seats[view.to_move]} is to "
                             "play")
    count = view.deal_count()
    exact = count <= samples
    deals, n, effective = deals_of(view, model, exact, samples, seed, count)
    per_deal = None if timeout is None else max(timeout / n, 0.001)
    rows = solved_deals(view, deals, n, threads=threads, timeout=per_deal)
    weights = [r.weight for r in rows]
    total = sum(weights)
    cards = sorted({c for r in rows for c in r.cards})
    if card not in cards:
        raise PinosolveError(f"{card} is not a legal card from the view")

    def mean(c: Card, end: int) -> float:
        return sum(w * r.cards[c][end] for w, r in zip(weights, rows)) / total

    low = {c: mean(c, 0) for c in cards}
    high = {c: mean(c, 1) for c in cards}
    best = max(cards, key=lambda c: (low[c], -c.index))
    stderr = 0.0
    if not exact and total > 1:  # (drawn deals: each weight counts draws)
        diffs = [r.cards[best][0] - r.cards[card][0] for r in rows]
        stderr = weighted_stderr(diffs, weights, effective)
    # (every value proved: high is low, and both bounds are the best mean less the card's)
    lo = round(max(0.0, max(low.values()) - high[card]), 4)
    hi = round(max(0.0, max(high.values()) - low[card]), 4)
    means = {c: round(low[c], 4) for c in cards}
    better = None
    if lo > 0:  # (the cards of the best mean; with bounds apart, every one that may have it)
        top = max(low.values())
        better = tuple(c for c in cards if c != card and high[c] >= top - _EPSILON)
    if lo == hi:
        return InformationCost(lo, round(stderr, 4), best, means, len(rows), exact,
                               better=better)
    return InformationCost(None, round(stderr, 4), best, means, len(rows), exact, (lo, hi),
                           better)


def decision_view(record: Any, seat: str, played: int) -> View:
    """The view of ``seat`` (to play the record's card number ``played`` + 1) from a game
    record (``pinosolve.records.Record``): its hand as play began, the first ``played`` cards
    of the play, the meld shown, the passes it made or was given, the kitty where it was
    shown, and the cards outside every hand as play began where the seat saw them.

    Which cards outside the hands a seat saw: where the hands are shorter than the deal
    gives (the record begins after some tricks) or the deal's undealt cards are a stock
    (two-hand's play-off: the stock was played out in the first stage), they were played to
    tricks before, and every seat saw them, but the cards the bidder laid away (``LaidAway``),
    which only he saw. Where the hands are the whole deal, the undealt cards (a kitty, the
    cards laid away) are unseen but as the record shows them (``Kitty``; ``LaidAway`` to the
    bidder)."""
    from pinosolve.analysis.view import View

    return View(decision_view_input(record, seat, played))


def decision_view_input(record: Any, seat: str, played: int) -> dict[str, Any]:
    """The keys of ``decision_view``'s view (``pinosolve.analysis.view.VIEW_KEYS``).

    Where the sides hang on a called card, the seat knows the partner where the rules make
    him known before play (a pass to the declarer, duties that depend on him) or the record
    begins late (he may have shown himself in the tricks before), else only the called
    card, whatever the record's Partner tag says. In a record begun late (or a stock
    game's play-off), meld shown that the seat cannot still hold (its copies played to the
    tricks before) is left out of what the view says was shown."""
    from collections import Counter

    v = record.variant
    data = record.view_input(seat)
    data["play"] = data["play"][:played]
    hands = record.hands_at_play()
    sizes = {len(h) for h in hands.values() if h is not None}
    begun_late = bool(sizes) and max(sizes) < v.rules.deal.hand_size
    if record.called_card is not None and record.bidder is not None:
        partner = record.partner_seat()
        data.pop("called_card", None)
        data.pop("partner", None)
        if v.rules.passing.cards or v.rules.trick.partner_exempt or begun_late:
            if partner is not None:
                data["partner"] = partner
        else:
            data["called_card"] = str(record.called_card)
    if begun_late or v.rules.deal.kitty_kind == "stock":
        deck = Counter(v.deck.cards())
        outside = Counter(deck)
        for h in hands.values():
            outside -= Counter(h.cards() if h is not None else ())
        if record.laid_away is not None and seat != record.bidder:
            outside -= Counter(record.laid_away.cards())
        gone = Counter(data.get("gone", ())) | outside
        data["gone"] = sorted(gone.elements())
        if data.get("shown"):
            mine = Counter(data["hand"])
            shown = {}
            for who, cards in data["shown"].items():
                room = mine if who == seat else deck - gone - mine
                kept = Counter(cards) & room
                if kept:
                    shown[who] = sorted(kept.elements())
            data["shown"] = shown
            if not shown:
                del data["shown"]
    return data


@dataclass(frozen=True, repr=False)
class Moment(Result):
    """One of the largest losses: the card (``seat``, ``card``, ``trick``), its information
    cost (``cost``), its double-dummy cost (``dd_cost``) and its ``label`` (``-``: not
    decided, a time limit left the cost's bounds apart); ``hand``, the hand's number in a
    set of hands; what should have been played: ``better``, the best cards from the
    player's view (``InformationCost.better``; for a renege, the best legal cards double
    dummy), and ``dd_better``, the best cards with every card seen where the card cost
    points double dummy (``PlayReview.better``)."""

    seat: str
    card: Card
    trick: int
    cost: float
    dd_cost: float
    label: str
    hand: Optional[int] = optional()
    better: Optional[tuple[Card, ...]] = optional()
    dd_better: Optional[tuple[Card, ...]] = optional()


@dataclass(frozen=True, repr=False)
class LensReport(Result):
    """The two lenses over a seat's, a side's or a player's cards: ``cards`` played,
    ``choices`` (cards with another legal card beside them), ``accuracy`` (the mean card
    accuracy over the choices; None with none), ``labels`` (how many of each), the points
    given away by each lens (``dd_lost``, ``info_lost``: proved lower bounds where a search
    ran out of time), ``errors`` (mistakes, blunders and reneges), ``error_rate`` (errors
    per choice) and ``dd_error_rate`` (the share of choices that cost points double dummy,
    as bridge analysts count), ``luck`` (the information costs less the double-dummy ones,
    over the cards the lens judged: above 0, the cards cost less with every card seen than
    the player could expect), and ``biggest``, the three largest information costs (a
    renege among them)."""

    cards: int
    choices: int
    accuracy: Optional[float]
    labels: dict[str, int]
    dd_lost: float
    info_lost: float
    errors: int
    error_rate: Optional[float]
    dd_error_rate: Optional[float]
    luck: float
    biggest: tuple[Moment, ...]

    _repr_keys = ("cards", "choices", "accuracy", "labels", "info_lost", "dd_lost")


@dataclass(frozen=True)
class Scored:
    """One card as the lenses see it, for ``lens_report``: whether the lens ``judged`` it
    (not after a renege), whether it was a ``choice``, its accuracy (None: not a choice, or
    its cost not proved), label and luck (None: not decided), the two costs (proved lower
    bounds where unproved)."""

    seat: str
    card: Card
    trick: int
    choice: bool
    accuracy: Optional[float]
    label: Optional[str]
    luck: Optional[str]
    info_cost: float
    dd_cost: float
    judged: bool = True
    hand: Optional[int] = None
    better: Optional[tuple[Card, ...]] = None
    dd_better: Optional[tuple[Card, ...]] = None


def scored_of(play: Any, points: int, thresholds: Thresholds,
              hand: Optional[int] = None) -> list[Scored]:
    """A reviewed card (a ``PlayReview`` of a review with the information lens) as the
    lenses score it; none for a review without the lens. A card after a renege is not
    judged: only its double-dummy cost counts. Costs are proved lower bounds where
    unproved, and a card whose information cost is not proved has no accuracy. ``hand``:
    the hand's number, in a set of hands."""
    dd = play.cost if play.cost is not None else (play.cost_bounds or (0, 0))[0]
    info = play.information
    dd_better = getattr(play, "better", None)
    if play.label == RENEGE:
        return [Scored(play.seat, play.card, play.trick, True, 0.0, RENEGE, None, 0.0, dd,
                       hand=hand, better=dd_better)]
    if info is None:
        return [Scored(play.seat, play.card, play.trick, False, None, None, None, 0.0, dd,
                       judged=False, hand=hand, dd_better=dd_better)]
    cost = info.cost if info.cost is not None else (info.cost_bounds or (0.0, 0.0))[0]
    choice = not info.is_forced and len(info.means or ()) > 1
    accuracy = card_accuracy(cost, points, thresholds) if choice and info.cost is not None \
        else None
    return [Scored(play.seat, play.card, play.trick, choice, accuracy, play.label, play.luck,
                   cost, dd, hand=hand, better=info.better, dd_better=dd_better)]


def lens_report(cards: Sequence[Scored]) -> LensReport:
    """The ``LensReport`` of ``cards`` (any seats' or hands' cards, together)."""
    judged = [c for c in cards if c.judged]
    choices = [c for c in judged if c.choice]
    scores = [c.accuracy for c in choices if c.accuracy is not None]
    labels = {name: 0 for name in (*LABELS, *LUCK, RENEGE)}
    for c in judged:
        if c.label is not None:
            labels[c.label] += 1
        if c.luck is not None:
            labels[c.luck] += 1
    errors = labels["mistake"] + labels["blunder"] + labels[RENEGE]
    dd_lost = round(sum(c.dd_cost for c in cards), 4)
    info_lost = round(sum(c.info_cost for c in judged), 4)
    luck = round(sum(c.info_cost - c.dd_cost for c in judged), 4)
    costly = sum(1 for c in choices if c.dd_cost > _EPSILON)
    ranked = sorted((c for c in judged if c.info_cost > _EPSILON or c.label == RENEGE),
                    key=lambda c: -c.info_cost)[:3]
    return LensReport(len(cards), len(choices),
                      round(sum(scores) / len(scores), 2) if scores else None, labels,
                      dd_lost, info_lost, errors,
                      round(errors / len(choices), 4) if choices else None,
                      round(costly / len(choices), 4) if choices else None, luck,
                      tuple(Moment(c.seat, c.card, c.trick, round(c.info_cost, 4),
                                   round(c.dd_cost, 4), c.label or "-", c.hand, c.better,
                                   c.dd_better if c.dd_cost > _EPSILON else None)
                            for c in ranked))


@dataclass(frozen=True, repr=False)
class LensSummary(Result):
    """The information lens over a reviewed hand: each seat's and each side's
    ``LensReport``, and the seats of each side (``sides``); ``points`` (one deal's, the
    labels' scale), the ``thresholds`` (shares of it), ``samples`` and ``seed`` (the deals
    drawn per decision, where they were drawn), and how many decisions were ``exact``
    (every consistent deal) and ``sampled``; ``stopped`` names the card after which a
    renege left no view to judge from (None: none); ``model``: the model of the players
    that weighted each decision's deals (None: none)."""

    by_seat: dict[str, LensReport]
    by_side: dict[str, LensReport]
    sides: dict[str, tuple[str, ...]]
    points: int
    thresholds: tuple[float, float, float]
    samples: int
    seed: int
    exact: int
    sampled: int
    stopped: Optional[int] = optional()
    model: Optional[str] = optional()

    _repr_keys = ("by_seat", "exact", "sampled")


class InformationLens:
    """The information lens over one review (``pinosolve.analysis.review.review``): ``judge``
    each card as it is reviewed, then ``summary``. ``record``: the hand as a game record;
    ``side_of``: seat -> side name; ``seed``: the review's, from which each decision's deals
    are drawn (decision ``k`` from ``derived_seed(seed, k)``, so that a review is
    reproducible card by card); ``offset``: the cards of the record's play before the first
    one reviewed (a ``Game`` set up mid-trick); ``model``: a ``PlayModel`` weighting each
    decision's deals (None: the shuffle alone)."""

    def __init__(self, record: Any, side_of: Any, samples: int, seed: int,
                 timeout: Optional[float], threads: int, thresholds: Thresholds,
                 offset: int = 0, model: Any = None) -> None:
        self.record = record
        self.side_of = side_of
        self.samples, self.seed, self.timeout, self.threads = samples, seed, timeout, threads
        self.thresholds = thresholds
        self.points = deal_points(record.variant)
        self.offset = offset
        self.model = model
        self.exact = self.sampled = 0
        self.stopped: Optional[int] = None

    def judge(self, seat: str, card: Card, trick: int, played: int, legal: Sequence[Card],
              reneged: bool, dd_bounds: tuple[int, int]
              ) -> tuple[Optional[InformationCost], Optional[str], Optional[str]]:
        """The card number ``played`` + 1 of the record's play (``seat`` plays ``card`` to
        ``trick`` with ``legal`` its legal cards; ``reneged``: it was not one of them;
        ``dd_bounds``: its double-dummy cost, proved bounds): its information cost, label
        and luck. Where a time limit left the cost's bounds apart, the label is the one
        both bounds give (None where they differ), and so is the luck."""
        if self.stopped is not None:  # after a renege: no view to judge from
            return None, None, None
        if reneged:
            self.stopped = played + 1
            return None, RENEGE, None
        choice = len(set(legal)) > 1
        if choice:
            view = decision_view(self.record, seat, played)
            info = information_cost(view, card, legal, self.samples,
                                    derived_seed(self.seed, played), self.timeout,
                                    self.threads, self.model)
            if info.exact:
                self.exact += 1
            else:
                self.sampled += 1
        else:
            info = InformationCost.forced(card)
        lo, hi = (info.cost, info.cost) if info.cost is not None else \
            (info.cost_bounds or (0.0, 0.0))
        t, points = self.thresholds, self.points
        label = t.label(lo, points) if t.label(lo, points) == t.label(hi, points) else None
        if label is None:
            return info, None, None
        lucks = {t.luck(label, dd, points) for dd in dd_bounds}
        return info, label, lucks.pop() if len(lucks) == 1 else None

    def summary(self, seats: Sequence[str], plays: Sequence[Any]) -> LensSummary:
        """The summary over the cards judged (``plays``, the review's ``PlayReview``s):
        each seat's and each side's report."""
        scored = [c for p in plays for c in scored_of(p, self.points, self.thresholds)]
        by_seat = {s: lens_report([c for c in scored if c.seat == s]) for s in seats}
        sides: dict[str, list[str]] = {}
        for s in seats:
            sides.setdefault(self.side_of(s), []).append(s)
        by_side = {name: lens_report([c for c in scored if c.seat in members])
                   for name, members in sides.items()}
        return LensSummary(by_seat, by_side, {k: tuple(m) for k, m in sides.items()},
                           self.points, self.thresholds.lines, self.samples, self.seed,
                           self.exact, self.sampled, self.stopped,
                           None if self.model is None else self.model.name)


def running_losses(data: dict[str, Any]) -> dict[str, dict[str, list[float]]]:
    """From a review's JSON with the information lens: for each side (``sides`` of its
    summary), the points given away so far by each lens (``info``, ``dd``: proved lower
    bounds where unproved) before the first card and after each card played."""
    lens = data["information"]
    side_of = {seat: name for name, seats in lens["sides"].items() for seat in seats}
    runs = {name: {"info": [0.0], "dd": [0.0]} for name in lens["sides"]}
    for play in data["plays"]:
        mover = side_of[play["seat"]]
        info = play.get("information")
        steps = {"dd": float(play["cost"] if play["cost"] is not None else
                             (play.get("cost_bounds") or (0, 0))[0]),
                 "info": 0.0 if info is None else float(
                     info["cost"] if info["cost"] is not None else info["cost_bounds"][0])}
        for name, lenses in runs.items():
            for kind, run in lenses.items():
                run.append(run[-1] + (steps[kind] if name == mover else 0.0))
    return runs
