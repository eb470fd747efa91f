"""Inference from what the other seats did: deals weighted by a model of their play.

A view's consistent deals (``pinosolve.analysis.view.View``) are all alike to the shuffle,
whatever the others played. A *model of the players* tells them apart: under a deal, each card
another seat chose (among two legal cards or more) had a chance under the model, and the deal's
*likelihood* is the product of those chances. Weighting each deal by its likelihood is Bayes's
rule (the shuffle is the prior); it is the policy-based inference that Rebstock, Solinas, Buro
and Sturtevant (2019) measured in Skat.

A model is a choice among the legal cards by a softmax over a few features of each card
(``FEATURES``: the card the ``rules`` player would play, its points, whether it is a trump,
wins the trick so far, is the highest card of its suit still out, ...), one weight vector for
leads and one for the cards that follow. ``fitted`` has every feature, its weights fitted by
maximum likelihood on self-play records of pimc players (``tools/fit_model.py`` writes
``models.toml`` beside this module, with the records it was fitted on); ``rules`` is the
``rules`` player made stochastic (the rules feature alone, its weight fitted the same way).
``temper`` (0 to 1) raises every likelihood to that power, trading the model's sharpness
against its errors; it is fitted on the same records. The sides are the deal's own: each seat
is taken to know who plays with him.

Sampling: ``oversample`` times the deals asked are drawn as the shuffle weights them, each is
weighted by its likelihood, and the deals asked are drawn from those in proportion
(systematic resampling); a deal drawn more than once is kept once with its count as weight,
so it is solved once. ``effective`` is the candidates' effective sample size (Kish): near the
count of candidates where the play tells little, near 1 where one deal explains it far better
than the rest.

>>> m = load_model("fitted", "four-hand")
>>> m.name, len(m.lead) == len(m.follow) == len(FEATURES)
('fitted', True)
>>> load_model(None, "four-hand") is None
True
"""

from __future__ import annotations

import math
import random
import weakref
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Optional
from collections.abc import Iterator, Sequence

from pinosolve.cards import NUM_CARDS
from pinosolve.play.rules import NRANK
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.analysis.view import View

MODELS = ("fitted", "rules")  # the models there are (and "none")
OVERSAMPLE = 8  # candidate deals drawn per deal asked
CANDIDATES = 16_000  # candidate deals at most (fewer per deal asked beyond 2,000 deals)
# the features of a legal card: the rules player's card; its points (over the most a card
# has); a trump; beats the trick's card so far (following); the highest of its suit still
# out (as the mover sees the cards); points given to a mate's winning trick; its suit's share
# of the hand; the lowest the mover holds of its suit; two copies held; beats the trick's
# card as the trick's last card; beats it where the trick holds points
FEATURES = ("rules", "counter", "trump", "wins", "master", "smear", "length", "lowest",
            "pair", "wins_last", "wins_points")


@dataclass(frozen=True)
class PlayModel:
    """A model of the other seats' card play (see the module): ``name``, the ``FEATURES``'
    weights for leads (``lead``) and for the cards that follow (``follow``), and the
    ``temper`` every likelihood is raised to."""

    name: str
    lead: tuple[float, ...]
    follow: tuple[float, ...]
    temper: float = 1.0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 40:
            raise PinosolveError(f"model: a name of 1 to 40 characters, got {self.name!r:.50}")
        for key in ("lead", "follow"):
            w = getattr(self, key)
            if not isinstance(w, tuple) or len(w) != len(FEATURES) or any(
                    isinstance(x, bool) or not isinstance(x, (int, float))
                    or not -100 <= x <= 100 for x in w):
                raise PinosolveError(f"model: {key} must be {len(FEATURES)} numbers from -100 "
                                     f"to 100 ({', '.join(FEATURES)})")
        t = self.temper
        if not isinstance(t, (int, float)) or isinstance(t, bool) or not 0 <= t <= 1:
            raise PinosolveError(f"model: temper must be a number from 0 to 1, got {t!r}")

    def tempered(self, temper: float) -> PlayModel:
        """The same model with another ``temper``."""
        return replace(self, temper=temper)

    def log_chance(self, choice: Choice) -> float:
        """The log chance of the card chosen among ``choice.legal`` (a log-softmax)."""
        w = self.follow if choice.event.before else self.lead
        xs = [sum(a * b for a, b in zip(w, f)) for f in choice.features]
        top = max(xs)
        chosen = xs[choice.legal.index(choice.event.card)]
        return chosen - top - math.log(sum(math.exp(x - top) for x in xs))

    def log_likelihood(self, view: View, start: dict[int, list[int]],
                       memo: Optional[dict[Any, float]] = None) -> float:
        """The log chance (tempered) of the cards the other seats chose in ``view``'s play,
        under a deal of start holdings ``start`` (holder -> copies of each card, as
        ``DealTable`` gives them): the sum over their decisions with two legal cards or
        more. The viewer's own cards count nothing (he knows his hand). A seat's chances
        hang on its own holding and the sides alone: ``memo`` (one per view) keeps each
        seat's sum by them, for the other deals of the same view."""
        sides = sides_of(view, start)
        total = 0.0
        for s in view.holders:
            key = (s, tuple(start[s]), sides)
            got = None if memo is None else memo.get(key)
            if got is None:
                got = sum(self.log_chance(c)
                          for c in choices(view, start, seats=(s,), sides=sides))
                if memo is not None:
                    memo[key] = got
            total += got
        return self.temper * total


@dataclass(frozen=True)
class Choice:
    """A card chosen among two legal cards or more: the ``event`` (``View.events``'s: seat,
    card, trick, cards before, leader), the ``legal`` cards and each one's ``features``."""

    event: Any
    legal: list[int]
    features: list[tuple[float, ...]]


def load_model(spec: Optional[str], variant: Any) -> Optional[PlayModel]:
    """The model named ``spec`` (``fitted`` or ``rules``; None or ``none``: no model) with
    the weights fitted for ``variant`` (a ``Variant`` or its id; a variant not fitted takes
    the weights of a fitted variant with as many seats, else the first); ``PinosolveError``
    for a name there is not."""
    spec = model_name(spec)
    if spec is None:
        return None
    from pinosolve.variants.variant import Variant

    if not isinstance(variant, (str, Variant)):
        raise PinosolveError(f"model: the variant is a Variant or its id, got "
                             f"{type(variant).__name__}")
    fitted = _fitted()[spec]
    vid = variant if isinstance(variant, str) else variant.id
    seats = None if isinstance(variant, str) else len(variant.seats)
    row = fitted.get(vid)
    if row is None:
        same = [r for r in fitted.values() if r.get("seats") == seats]
        row = same[0] if same else next(iter(fitted.values()), {})
    try:
        return PlayModel(spec, tuple(float(x) for x in row["lead"]),
                         tuple(float(x) for x in row["follow"]),
                         float(row.get("temper", 1.0)))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PinosolveError(f"models.toml: model {spec} has no weights that load "
                             f"({exc!r:.60})") from None


def as_model(model: Any, variant: Any) -> Optional[PlayModel]:
    """``model`` as a ``PlayModel``: one already, or the one its name names for ``variant``
    (``load_model``; None or ``none``: None)."""
    return model if isinstance(model, PlayModel) else load_model(model, variant)


def check_model(model: Any) -> None:
    """``PinosolveError`` unless ``model`` is a ``PlayModel``, a model's name, ``none`` or
    None (checked before any work)."""
    if not isinstance(model, PlayModel):
        model_name(model)


def model_name(spec: Any) -> Optional[str]:
    """``spec`` checked as a model's name (None for ``none`` or None); ``PinosolveError``
    for a name there is not."""
    if spec is None or spec == "none":
        return None
    if not isinstance(spec, str) or spec not in MODELS:
        raise PinosolveError(f"model: {spec!r:.40} is not a model; the models: "
                             f"{', '.join(MODELS)} (or none)")
    return spec


def _fitted() -> dict[str, dict[str, dict[str, Any]]]:
    """The shipped weights (``models.toml``): model -> variant id -> lead, follow, temper."""
    import tomllib
    from importlib.resources import files

    try:
        data = tomllib.loads(files("pinosolve.analysis").joinpath("models.toml").read_text())
        return {m: dict(data[m]) for m in MODELS}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise PinosolveError(f"models.toml: the shipped models cannot be read ({exc})") \
            from None


def sides_of(view: View, start: dict[int, list[int]]) -> tuple[int, ...]:
    """The sides of trick play in a deal of ``view`` (start holdings ``start``): the view's,
    or with a called card, those of the deal's partner."""
    if view.called_card is None:
        return tuple(view.sides)
    from pinosolve.variants.sides import play_sides

    return tuple(play_sides(view.variant, view.declarer, view.partner_in(start)))


@dataclass(frozen=True)
class _Moment:
    """What every seat saw as a card of the view's play was chosen: the event, the seat
    winning the trick so far (None: a lead), its card, whether the card is the trick's
    last, whether the trick holds points, and the copies of each card not yet played."""

    event: Any
    top: Optional[int]
    best: int
    last: bool
    points: bool
    out: tuple[int, ...]


_TIMELINES: weakref.WeakKeyDictionary[Any, list[_Moment]] = weakref.WeakKeyDictionary()


def _timeline(view: View) -> list[_Moment]:
    """The view's play as ``_Moment``s (kept per view: a view never changes)."""
    got = _TIMELINES.get(view)
    if got is not None:
        return got
    rules, trump, n = view.rules, int(view.trump), len(view.seats)
    out = [a - b for a, b in zip(view.deck, view.known)]  # not yet played, as all see
    moments = []
    for e in view.events:
        win = rules.winner(e.before, trump) if e.before else None
        moments.append(_Moment(e, None if win is None else (e.led_by + win) % n,
                               -1 if win is None else e.before[win], len(e.before) == n - 1,
                               any(rules.points[c] for c in e.before), tuple(out)))
        out[e.card] -= 1
    _TIMELINES[view] = moments
    return moments


def choices(view: View, start: dict[int, list[int]], everyone: bool = False,
            seats: Optional[Sequence[int]] = None, sides: Optional[Sequence[int]] = None
            ) -> Iterator[Choice]:
    """Each card of ``view``'s play that another seat (``everyone``: any seat; ``seats``:
    those seats) chose among two legal cards or more, under start holdings ``start`` (holder
    -> copies of each card; the viewer's row is his hand) and ``sides`` (default: the
    deal's), with its legal cards and their features."""
    from pinosolve.play.legality import legal_plays
    from pinosolve.players.rules import thumb_card

    if sides is None:
        sides = sides_of(view, start)
    asked = set(seats) if seats is not None else \
        set(range(len(view.seats))) if everyone else set(view.holders)
    rules, trump = view.rules, int(view.trump)
    strength, pts = rules.strength, rules.points
    most = max(pts) or 1
    held = {s: list(start[s]) for s in asked if s != view.me}
    if view.me in asked:
        held[view.me] = list(view.mine)
    for m in _timeline(view):
        e = m.event
        if e.seat not in asked:
            continue
        counts = held[e.seat]
        mate = m.top is not None and sides[m.top] == sides[e.seat]
        hand = [k for k in range(NUM_CARDS) if counts[k] for _ in range(counts[k])]
        legal, _ = legal_plays(rules, hand, e.before, trump, mate)
        if len(legal) >= 2:
            ruled = thumb_card(rules, trump, hand, e.before, legal, mate, m.last)
            out = m.out
            feats: list[tuple[float, ...]] = []
            for c in legal:
                suit, r = c // NRANK, strength[c % NRANK]
                wins = m.best >= 0 and rules.beats(c, m.best, trump)
                first = suit * NRANK
                master = all(out[k] - counts[k] <= 0 for k in range(first, first + NRANK)
                             if strength[k % NRANK] < r)
                same = [k for k in range(first, first + NRANK) if counts[k]]
                feats.append((
                    float(c == ruled), pts[c] / most, float(suit == trump), float(wins),
                    float(master), pts[c] / most if mate else 0.0,
                    sum(counts[first:first + NRANK]) / len(hand),
                    float(all(strength[k % NRANK] <= r for k in same)),
                    float(counts[c] >= 2), float(wins and m.last),
                    float(wins and m.points)))
            yield Choice(e, legal, feats)
        counts[e.card] -= 1


@dataclass(frozen=True)
class Weighted:
    """Deals drawn and weighted by a model: ``deals`` (start holdings and the times each was
    drawn), ``candidates`` (the deals drawn from the shuffle) and ``effective`` (their
    effective sample size under the likelihoods)."""

    deals: list[tuple[dict[int, list[int]], int]]
    candidates: int
    effective: float


def weighted_draws(view: View, n: int, rng: random.Random, model: PlayModel,
                   oversample: int = OVERSAMPLE) -> Weighted:
    """``n`` deals of ``view`` drawn in proportion to shuffle weight times likelihood under
    ``model`` (see the module), ``oversample`` candidates each (at most ``CANDIDATES`` in
    all, and at least ``n``)."""
    m = candidates(n, oversample)
    tables = [view.table.draw(rng) for _ in range(m)]
    memo: dict[Any, float] = {}
    logs = [model.log_likelihood(view, t, memo) for t in tables]
    top = max(logs)
    w = [math.exp(x - top) for x in logs]
    effective = effective_size(w)
    counts = systematic(w, n, rng)
    return Weighted([(t, c) for t, c in zip(tables, counts) if c], m, effective)


def candidates(n: int, oversample: int = OVERSAMPLE) -> int:
    """The candidate deals drawn for ``n`` deals asked: ``oversample`` each, at most
    ``CANDIDATES`` in all, and at least ``n``.

    >>> candidates(16), candidates(20000)
    (128, 20000)
    """
    return max(n, min(n * oversample, CANDIDATES))


def weighted_every(view: View, model: PlayModel, limit: int
                   ) -> list[tuple[dict[int, list[int]], float]]:
    """Every consistent deal of ``view`` (``PinosolveError`` above ``limit`` of them) as
    start holdings, each weighted by its shuffle weight times its likelihood under
    ``model``, scaled so that the likeliest weighs its shuffle weight."""
    count = view.table.count()
    if count > limit:
        raise PinosolveError(f"{count} consistent deals, more than the limit of {limit}")
    memo: dict[Any, float] = {}
    every = [(t, w, model.log_likelihood(view, t, memo)) for t, w in view.table.every()]
    top = max(x for _, _, x in every)
    return [(t, w * math.exp(x - top)) for t, w, x in every]


def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of ``weights``: (sum w)^2 / sum w^2.

    >>> effective_size([1, 1, 1, 1]), effective_size([1, 0, 0, 0])
    (4.0, 1.0)
    """
    total = float(sum(weights))
    return total * total / sum(w * w for w in weights)


def systematic(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """How many of ``n`` draws each weight gets, by systematic resampling: one uniform
    offset, ``n`` evenly spaced points over the cumulative weights.

    >>> systematic([1, 0, 3], 4, random.Random(1))
    [1, 0, 3]
    """
    top = max(weights, default=0.0)
    if n <= 0 or top <= 0:
        return [0] * len(weights)
    weights = [w / top for w in weights]  # (scaled: tiny weights' steps would underflow)
    total = float(sum(weights))
    step = total / n
    point = rng.random() * step
    counts = [0] * len(weights)
    acc = 0.0
    i = 0
    for k in range(n):
        target = point + k * step
        while i < len(weights) - 1 and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        counts[i] += 1
    return counts
