"""The statistics of a duplicate match: how far apart two players are, and when to stop.

``summarise`` turns per-deal score differences (player A minus player B, one per deal) into
a ``Summary``: the mean, its standard error and a bootstrap percentile interval, optionally
narrowed by a control variate (a per-deal number that moves with the difference, such as the
deal's double-dummy par). ``Sprt`` is a sequential probability ratio test between two means
of the difference, for a match that stops as soon as the evidence is enough; ``parse_sprt``
reads its "LOW,HIGH" spelling. Pure Python (the standard library only), deterministic for a
seed. Every bad input is a one-line ``PinosolveError``.
"""

from __future__ import annotations

import math
import random
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

from pinosolve.errors import PinosolveError

MIN_RESAMPLES = 100
MAX_RESAMPLES = 1_000_000
MIN_DEALS_TO_DECIDE = 10  # (an SPRT decides on no fewer: the variance comes from the sample)
MAX_SPRT_TEXT = 100
SPRT_LIMIT = 1e9  # |LOW|, |HIGH| at most: points a deal, far past any game's (no overflow)

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


@dataclass(frozen=True)
class Summary:
    """Per-deal differences summarised: ``deals`` counted, their ``mean`` and its standard
    error ``stderr``, and a bootstrap percentile interval ``[low, high]`` for the mean.
    ``adjusted`` when a control variate was given, whose fitted coefficient is
    ``coefficient`` (None without one)."""

    deals: int
    mean: float
    stderr: float
    low: float
    high: float
    adjusted: bool = False
    coefficient: Optional[float] = None

    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly on one side of zero (a difference shown)."""
        return self.low > 0 or self.high < 0


def _floats(values: Sequence[float], name: str) -> list[float]:
    """The values as finite floats, or a PinosolveError naming ``name`` and the first bad one."""
    out = []
    for i, value in enumerate(values):
        try:
            x = float(value)
        except (TypeError, ValueError):
            raise PinosolveError(f"{name}[{i}] is not a number: {value!r:.40}") from None
        if not math.isfinite(x):
            raise PinosolveError(f"{name}[{i}] is not finite: {x!r}")
        out.append(x)
    return out


def _quantile(ordered: list[float], p: float) -> float:
    """The p-quantile of sorted values, interpolated linearly between order statistics."""
    pos = p * (len(ordered) - 1)
    i = min(int(math.floor(pos)), len(ordered) - 2)
    frac = pos - i
    return ordered[i] + (ordered[i + 1] - ordered[i]) * frac


def summarise(diffs: Sequence[float], *, seed: int = 0, resamples: int = 2000,
              control: Optional[Sequence[float]] = None,
              confidence: float = 0.95) -> Summary:
    """The mean of the per-deal differences ``diffs``, its standard error (the sample
    standard deviation over sqrt(n); 0 for one deal) and a bootstrap percentile interval at
    ``confidence``: the deals resampled with replacement ``resamples`` times by
    ``random.Random(seed)``, so the same input and seed give the same interval.

    With ``control`` (one number per deal whose expectation is unknown, e.g. the deal's
    double-dummy par), each difference is adjusted to d_i - b (c_i - mean(c)), b = cov(d, c)
    / var(c) fitted on the sample (0 when the control does not vary, or for one deal): the
    mean is unchanged, the spread the control explains is removed from the standard error,
    and the interval is bootstrapped on the adjusted values (b is not refitted per resample).
    Centred on the sample's own mean control, the adjusted mean equals the plain one, and the
    narrower interval is for the mean difference at these deals' controls: it leaves out the
    deals' luck in the control itself, so it is not an interval for the mean over all deals
    when the difference depends on the control.

    Raises ``PinosolveError`` for no deals, a control of another length, a value that is not
    a finite number, ``resamples`` outside 100..1,000,000, or ``confidence`` outside (0, 1).

    >>> s = summarise([1, 2, 3, 4, 10], seed=1)
    >>> s.deals, s.mean, round(s.stderr, 4)
    (5, 4.0, 1.5811)
    >>> s.low <= s.mean <= s.high, s == summarise([1, 2, 3, 4, 10], seed=1)
    (True, True)
    >>> summarise([5.0]).low, summarise([5.0]).high
    (5.0, 5.0)
    """
    values = _floats(diffs, "diffs")
    n = len(values)
    if n == 0:
        raise PinosolveError("no deals to summarise")
    if isinstance(resamples, bool) or not isinstance(resamples, int) \
            or not MIN_RESAMPLES <= resamples <= MAX_RESAMPLES:
        raise PinosolveError(f"resamples must be a whole number from {MIN_RESAMPLES} to "
                             f"{MAX_RESAMPLES:,}, not {resamples!r:.40}")
    if not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise PinosolveError(f"confidence must be between 0 and 1, not {confidence!r:.40}")
    coefficient: Optional[float] = None
    if control is not None:
        c = _floats(control, "control")
        if len(c) != n:
            raise PinosolveError(f"control has {len(c)} values for {n} deals; give one per deal")
        coefficient = 0.0
        if n >= 2:
            var_c = statistics.variance(c)
            if var_c > 0:
                coefficient = statistics.covariance(values, c) / var_c
        if coefficient:
            mean_c = math.fsum(c) / n
            values = [d - coefficient * (ci - mean_c) for d, ci in zip(values, c)]
    mean = math.fsum(values) / n
    adjusted = control is not None
    if n < 2 or statistics.variance(values) == 0:
        return Summary(n, mean, 0.0, mean, mean, adjusted, coefficient)
    stderr = statistics.stdev(values) / math.sqrt(n)
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    tail = (1 - confidence) / 2
    return Summary(n, mean, stderr, _quantile(means, tail), _quantile(means, 1 - tail),
                   adjusted, coefficient)


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of the per-deal difference's mean: H0, the mean
    is ``low``, against H1, the mean is ``high`` (``low`` < ``high``), with the error rates
    ``alpha`` (deciding "high" when it is ``low``) and ``beta`` (deciding "low" when it is
    ``high``), each in (0, 0.5). The differences are taken as normal, with the variance
    estimated from the sample; a decision needs at least ``MIN_DEALS_TO_DECIDE`` (10) deals,
    so that the estimate is sane.

    >>> test = Sprt(-2, 2)
    >>> test.decide([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
    'high'
    >>> test.decide([-3, -1, -4, -1, -5, -9, -2, -6, -5, -3])
    'low'
    >>> test.decide([3, 1, 4, 1, 5]) is None  # (too few deals to decide)
    True
    """

    low: float
    high: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name in ("low", "high", "alpha", "beta"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value) or abs(value) > SPRT_LIMIT:
                raise PinosolveError(f"sprt {name} must be a finite number from -{SPRT_LIMIT:g} to "
                                     f"{SPRT_LIMIT:g}, not {value!r:.40}")
        if not self.low < self.high:
            raise PinosolveError(f"sprt low must be below high, not {self.low!r} and "
                                 f"{self.high!r}")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise PinosolveError(f"sprt {name} must be between 0 and 0.5, not "
                                     f"{getattr(self, name)!r}")

    def llr(self, diffs: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 (mean ``high``) against H0 (mean ``low``) for
        normal differences with the sample variance s^2: (high - low) / s^2 * sum(d_i -
        (low + high) / 2). 0.0 for fewer than two deals or no spread."""
        values = _floats(diffs, "diffs")
        if len(values) < 2:
            return 0.0
        var = statistics.variance(values)
        if var == 0:
            return 0.0
        mid = (self.low + self.high) / 2
        return (self.high - self.low) / var * math.fsum(d - mid for d in values)

    def bounds(self) -> tuple[float, float]:
        """The stopping bounds on the log-likelihood ratio, (log(beta / (1 - alpha)),
        log((1 - beta) / alpha)): below the first decides "low", above the second "high"."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def decide(self, diffs: Sequence[float]) -> Optional[str]:
        """The decision so far: "high" once the log-likelihood ratio reaches the upper bound,
        "low" once it reaches the lower, None while it is between them or while there are
        fewer than 10 deals (the variance is estimated from the sample)."""
        if len(diffs) < MIN_DEALS_TO_DECIDE:
            _floats(diffs, "diffs")
            return None
        ratio = self.llr(diffs)
        lower, upper = self.bounds()
        if ratio >= upper:
            return "high"
        if ratio <= lower:
            return "low"
        return None


def parse_sprt(text: str) -> Sprt:
    """The ``Sprt`` that "LOW,HIGH" spells: two finite decimal numbers, low below high, e.g.
    "-2,2" or "0,5.5" (spaces around either allowed; alpha and beta the defaults). Anything
    else is a one-line ``PinosolveError`` naming the problem.

    >>> parse_sprt("0, 5.5")
    Sprt(low=0.0, high=5.5, alpha=0.05, beta=0.05)
    """
    if not isinstance(text, str):
        raise PinosolveError(f"sprt must be text such as '-2,2', not {type(text).__name__}")
    if len(text) > MAX_SPRT_TEXT:
        raise PinosolveError(f"sprt is {len(text)} characters long; give LOW,HIGH such as '-2,2'")
    parts = text.split(",")
    if len(parts) != 2:
        what = "no comma" if len(parts) == 1 else f"{len(parts)} parts"
        raise PinosolveError(f"sprt {text!r} has {what}; give LOW,HIGH such as '-2,2'")
    numbers = []
    for name, part in zip(("low", "high"), parts):
        word = part.strip()
        if not _NUMBER.fullmatch(word):
            if word.lower().lstrip("+-") in ("nan", "inf", "infinity"):
                raise PinosolveError(f"sprt {name} must be finite, not {word!r}")
            raise PinosolveError(f"sprt {name} {word!r} is not a number (in {text!r})")
        value = float(word)
        if not math.isfinite(value):
            raise PinosolveError(f"sprt {name} {word!r} is too large to be finite")
        numbers.append(value)
    return Sprt(numbers[0], numbers[1])
