"""A match's statistics (pinosolve/match/stats.py): the summary's mean, standard error and
bootstrap interval, exact on a hand-computed example and calibrated on synthetic data; the
control variate; the SPRT's bounds, decisions and error rates; and every bad input refused
with a one-line PinosolveError."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve.errors import PinosolveError
from pinosolve.match.stats import Sprt, Summary, parse_sprt, summarise


def _normal(seed: int, n: int, mean: float = 0.0, sd: float = 1.0) -> list[float]:
    rng = random.Random(seed)
    return [rng.gauss(mean, sd) for _ in range(n)]


# --- summarise -------------------------------------------------------------------------------

def test_hand_computed_mean_and_stderr():
    # mean 4; deviations -3 -2 -1 0 6, squares sum to 50, variance 50 / 4; stderr sqrt(12.5 / 5)
    s = summarise([1, 2, 3, 4, 10])
    assert (s.deals, s.mean) == (5, 4.0)
    assert s.stderr == pytest.approx(math.sqrt(2.5), rel=1e-12)
    assert s.low < s.mean < s.high
    assert 1 <= s.low and s.high <= 10  # (a mean of resampled deals lies within their range)
    assert (s.adjusted, s.coefficient) == (False, None)


def test_the_interval_is_deterministic_for_a_seed_and_differs_between_seeds():
    diffs = _normal(7, 30)
    assert summarise(diffs, seed=3) == summarise(diffs, seed=3)
    intervals = {(s.low, s.high) for s in (summarise(diffs, seed=k) for k in range(5))}
    assert len(intervals) == 5


def test_the_interval_is_as_wide_as_normal_theory_says():
    s = summarise(_normal(11, 400, mean=1.0, sd=2.0), seed=1)
    assert s.high - s.low == pytest.approx(2 * 1.96 * s.stderr, rel=0.1)
    assert s.low < s.mean < s.high
    narrow = summarise(_normal(11, 400, mean=1.0, sd=2.0), seed=1, confidence=0.5)
    assert s.low < narrow.low < narrow.high < s.high
    assert narrow.high - narrow.low == pytest.approx(2 * 0.6745 * s.stderr, rel=0.15)


def test_one_deal_or_no_spread_is_a_point():
    assert summarise([2.5]) == Summary(1, 2.5, 0.0, 2.5, 2.5, False, None)
    s = summarise([0.1] * 7)
    assert (s.stderr, s.low, s.high) == (0.0, s.mean, s.mean)
    assert s.mean == pytest.approx(0.1)


def test_excludes_zero():
    assert Summary(3, 1.0, 0.1, 0.5, 1.5, False, None).excludes_zero()
    assert Summary(3, -1.0, 0.1, -1.5, -0.5, False, None).excludes_zero()
    assert not Summary(3, 0.2, 0.1, -0.1, 0.5, False, None).excludes_zero()
    assert not Summary(3, 0.0, 0.0, 0.0, 0.0, False, None).excludes_zero()


def test_a_control_variate_removes_the_spread_it_explains():
    rng = random.Random(5)
    control = [rng.gauss(0, 5) for _ in range(200)]
    diffs = [3 + c + rng.gauss(0, 0.2) for c in control]
    plain = summarise(diffs, seed=2)
    adjusted = summarise(diffs, seed=2, control=control)
    assert adjusted.adjusted and adjusted.coefficient == pytest.approx(1.0, abs=0.02)
    assert adjusted.stderr < plain.stderr / 10
    assert adjusted.high - adjusted.low < (plain.high - plain.low) / 10
    # centred on the sample's own mean control, the adjustment leaves the mean as it was
    assert adjusted.mean == pytest.approx(plain.mean, abs=1e-12)
    assert adjusted.mean == pytest.approx(3, abs=1.0)
    assert adjusted.low < adjusted.mean < adjusted.high


def test_a_constant_control_changes_nothing():
    diffs = _normal(9, 50, mean=1.0)
    plain = summarise(diffs, seed=4)
    same = summarise(diffs, seed=4, control=[7.0] * 50)
    assert (same.adjusted, same.coefficient) == (True, 0.0)
    assert (same.deals, same.mean, same.stderr, same.low, same.high) == \
        (plain.deals, plain.mean, plain.stderr, plain.low, plain.high)
    one = summarise([4.0], control=[1.0])
    assert (one.mean, one.stderr, one.low, one.high, one.coefficient) == (4.0, 0.0, 4.0, 4.0, 0.0)


def test_the_interval_is_calibrated_under_no_difference():
    """200 matches of 100 deals with mean 0: about 5% of the intervals exclude zero."""
    shown = sum(summarise(_normal(1000 + k, 100), seed=k, resamples=1000).excludes_zero()
                for k in range(200))
    assert 0.02 <= shown / 200 <= 0.08, shown


def test_the_interval_shows_a_real_difference():
    """A mean of 0.5 at sd 1 over 100 deals is five standard errors, three past the interval's
    reach: nearly always shown (all but about one in 800; these seeds miss 2 of 100)."""
    shown = sum(summarise(_normal(2000 + k, 100, mean=0.5), seed=k, resamples=500)
                .excludes_zero() for k in range(100))
    assert shown >= 95, shown


@pytest.mark.parametrize("args, kw, words", [
    ([], {}, "no deals"),
    ([1.0, 2.0], {"control": [1.0]}, "control has 1 values for 2 deals"),
    ([1.0, 2.0], {"control": [1.0, 2.0, 3.0]}, "control has 3 values"),
    ([1.0, math.nan], {}, "diffs[1] is not finite"),
    ([1.0, math.inf], {}, "diffs[1] is not finite"),
    ([-math.inf], {}, "diffs[0] is not finite"),
    ([1.0, "x"], {}, "diffs[1] is not a number"),
    ([1.0, None], {}, "diffs[1] is not a number"),
    ([1.0, 2.0], {"control": [1.0, math.nan]}, "control[1] is not finite"),
    ([1.0, 2.0], {"resamples": 99}, "resamples"),
    ([1.0, 2.0], {"resamples": 1_000_001}, "resamples"),
    ([1.0, 2.0], {"resamples": 500.0}, "resamples"),
    ([1.0, 2.0], {"resamples": 0}, "resamples"),
    ([1.0, 2.0], {"confidence": 0.0}, "confidence"),
    ([1.0, 2.0], {"confidence": 1.0}, "confidence"),
    ([1.0, 2.0], {"confidence": 95}, "confidence"),
    ([1.0, 2.0], {"confidence": -0.5}, "confidence"),
    ([1.0, 2.0], {"confidence": math.nan}, "confidence"),
])
def test_every_bad_input_to_summarise_is_a_one_line_error(args, kw, words):
    with pytest.raises(PinosolveError) as got:
        summarise(args, **kw)
    assert words in str(got.value) and "\n" not in str(got.value), str(got.value)


def test_the_resamples_limits_are_inclusive():
    assert summarise([1.0, 2.0, 4.0], resamples=100).deals == 3
    assert summarise([1.0], resamples=1_000_000).deals == 1  # (one deal: no resampling)


# --- the SPRT --------------------------------------------------------------------------------

def test_the_bounds_for_five_percent_errors():
    lower, upper = Sprt(-1, 1).bounds()
    assert lower == pytest.approx(-2.944, abs=1e-3) and upper == pytest.approx(2.944, abs=1e-3)
    assert (lower, upper) == pytest.approx((-math.log(19), math.log(19)))
    assert Sprt(0, 1, alpha=0.01, beta=0.2).bounds() == \
        pytest.approx((math.log(0.2 / 0.99), math.log(0.8 / 0.01)))


def test_the_log_likelihood_ratio():
    # mean 2, sample variance (4 + 1 + 0 + 1 + 4) / 4 = 2.5; for -1..1, (high - low) / var = 0.8
    diffs = [0.0, 1.0, 2.0, 3.0, 4.0]
    assert Sprt(-1, 1).llr(diffs) == pytest.approx(0.8 * 10)
    assert Sprt(0, 4).llr(diffs) == pytest.approx(4 / 2.5 * 0)
    assert Sprt(0, 1).llr(diffs) == pytest.approx(1 / 2.5 * (10 - 2.5))
    assert Sprt(-1, 1).llr([5.0]) == 0.0 and Sprt(-1, 1).llr([]) == 0.0
    assert Sprt(-1, 1).llr([3.0] * 20) == 0.0


@pytest.mark.parametrize("seed", range(5))
def test_a_match_at_either_mean_is_decided_for_it(seed):
    test = Sprt(-1, 1)
    assert test.decide(_normal(seed, 100, mean=1, sd=3)) == "high"
    assert test.decide(_normal(seed, 100, mean=-1, sd=3)) == "low"


def test_between_the_means_it_waits():
    test = Sprt(-1, 1)
    assert test.decide([1.0, -1.0] * 10) is None
    assert test.decide([2.0, -2.0, 0.5, -0.5] * 5) is None


def test_it_decides_nothing_on_fewer_than_ten_deals():
    test = Sprt(-1, 1)
    lopsided = [5.0, 6.0] * 6  # (the ratio is far past either bound from two deals on)
    assert test.llr(lopsided[:9]) > 100
    assert [test.decide(lopsided[:n]) for n in range(12)] == [None] * 10 + ["high"] * 2
    assert test.decide([-x for x in lopsided[:9]]) is None
    assert test.decide([-x for x in lopsided[:10]]) == "low"


def _stopped(test: Sprt, mean: float, seed: int) -> str | None:
    """Deals drawn one at a time (sd 2) until the test decides, or 2000 deals."""
    rng = random.Random(seed)
    diffs: list[float] = []
    while len(diffs) < 2000:
        diffs.append(rng.gauss(mean, 2))
        decision = test.decide(diffs)
        if decision:
            return decision
    return None


def test_played_sequentially_its_errors_are_about_alpha_and_beta():
    test = Sprt(0, 1)
    at_low = Counter(_stopped(test, 0, 500 + k) for k in range(100))
    at_high = Counter(_stopped(test, 1, 500 + k) for k in range(100))
    assert at_low["high"] <= 10 and at_low["low"] >= 90, at_low
    assert at_high["low"] <= 10 and at_high["high"] >= 90, at_high


@pytest.mark.parametrize("kw, words", [
    ({"low": 1, "high": 1}, "low must be below high"),
    ({"low": 2, "high": -2}, "low must be below high"),
    ({"low": math.nan, "high": 1}, "low must be a finite number"),
    ({"low": 0, "high": math.inf}, "high must be a finite number"),
    ({"low": 0, "high": 1, "alpha": 0}, "alpha must be between 0 and 0.5"),
    ({"low": 0, "high": 1, "alpha": 0.5}, "alpha must be between 0 and 0.5"),
    ({"low": 0, "high": 1, "beta": -0.1}, "beta must be between 0 and 0.5"),
    ({"low": 0, "high": 1, "beta": 0.7}, "beta must be between 0 and 0.5"),
    ({"low": 0, "high": 1, "beta": math.nan}, "beta must be a finite number"),
])
def test_a_bad_sprt_is_refused(kw, words):
    with pytest.raises(PinosolveError, match=words):
        Sprt(**kw)


def test_the_decision_refuses_a_bad_difference():
    with pytest.raises(PinosolveError, match=r"diffs\[2\] is not finite"):
        Sprt(0, 1).decide([1.0, 2.0, math.nan])
    with pytest.raises(PinosolveError, match=r"diffs\[10\] is not finite"):
        Sprt(0, 1).decide([1.0] * 10 + [math.inf])


# --- parse_sprt ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, low, high", [
    ("-2,2", -2.0, 2.0), ("0,5.5", 0.0, 5.5), (" 1 , 2e1 ", 1.0, 20.0), ("+.5,1.", 0.5, 1.0),
    ("-10.25,-3", -10.25, -3.0),
])
def test_parse_sprt_reads_low_comma_high(text, low, high):
    assert parse_sprt(text) == Sprt(low, high)


@pytest.mark.parametrize("text, words", [
    ("", "no comma"), ("1", "no comma"), ("1;2", "no comma"), ("1,2,3", "3 parts"),
    (",", "low '' is not a number"), ("a,b", "low 'a' is not a number"),
    ("1,two", "high 'two' is not a number"), ("1_0,20", "low '1_0' is not a number"),
    ("nan,1", "low must be finite"), ("1,inf", "high must be finite"),
    ("-Infinity,0", "low must be finite"), ("1e999,1e1000", "too large"),
    ("2,-2", "low must be below high"), ("1,1", "low must be below high"),
    ("1," + "0" * 100, "characters long"),
])
def test_parse_sprt_names_the_problem(text, words):
    with pytest.raises(PinosolveError) as got:
        parse_sprt(text)
    assert words in str(got.value) and "\n" not in str(got.value), str(got.value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=120), st.text(alphabet="0123456789.,+-eE nafiI_\n", max_size=20)))
def test_parse_sprt_raises_nothing_but_its_own_error(text):
    try:
        got = parse_sprt(text)
    except PinosolveError as e:
        assert "\n" not in str(e)
    else:
        assert math.isfinite(got.low) and math.isfinite(got.high) and got.low < got.high


def test_it_decides_exactly_when_the_ratio_reaches_a_bound():
    test = Sprt(-0.5, 0.5)
    lower, upper = test.bounds()
    seen = Counter()
    for seed in range(20):
        diffs = _normal(seed, 60, mean=(seed % 3 - 1) * 0.3, sd=2)
        for n in range(10, 61):
            ratio = test.llr(diffs[:n])
            want = "high" if ratio >= upper else "low" if ratio <= lower else None
            assert test.decide(diffs[:n]) == want
            seen[want, round(abs(ratio) - upper) if want else 0] += 1
    # (ratios just past either bound, and short of both)
    assert seen["high", 0] and seen["low", 0] and seen[None, 0], seen
