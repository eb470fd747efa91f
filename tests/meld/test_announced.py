"""Is my announced total right? (``verify --announced N --hand ...`` with no claims): the
holding's best meld against the total, by the brute-force oracle (``tests/meld_oracle.py``):
right, too high or too low, by how much, in the player's words first; exit code 1 when not
right, as for a declaration not as claimed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinosolve import load_variant
from pinosolve.meld.dispute import check_announced
from tests import meld_oracle

VARIANTS = ("four-hand", "two-hand", "three-hand-kitty", "four-hand-classic", "double-deck",
            "five-hand-call")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.sampled_from("SHDC"),
       st.integers(-3, 3), st.booleans())
def test_the_verdict_is_the_oracles(vid, seed, trump, shift, far):
    v = load_variant(vid)
    hand = [str(c) for c in v.random_deal(seed)[v.seats[0]].cards()]
    best = meld_oracle.best(v.rules, hand, trump)
    announced = max(0, best + shift * (37 if far else 1))
    r = check_announced(v, " ".join(hand), trump, announced)
    assert (r.max_meld, r.off_by, r.valid) == (best, announced - best, announced == best)
    assert sum(m.meld for m in r.max_melds) == best
    # the player's words first: the total, what the hand makes, then the verdict
    assert r.ruling.startswith(f"you announced {announced}; ")
    if announced > best:
        assert f"makes at most {best} " in r.ruling
        assert r.ruling.endswith(f"that is {announced - best} too high")
    elif announced < best:
        assert r.ruling.endswith(f"that is {best - announced} too low")
    else:
        assert r.ruling.startswith(f"you announced {announced}; right: the hand makes {best}")
    assert "meld.classes" not in r.ruling and "[" not in r.ruling


HAND = "AS TS KS QS JS KH QH AD AH AC QS JD"  # a run, a marriage, aces, a pinochle: 31


@pytest.mark.parametrize("announced, code, verdict, words", [
    (31, 0, "right", "you announced 31; right: the hand makes 31"),
    (340, 1, "too high", "you announced 340; the hand makes at most 31"),
    (20, 1, "too low", "you announced 20; the hand makes 31")])
def test_is_my_total_right_from_the_command_line(cli, announced, code, verdict, words):
    args = ["verify", "--variant", "four-hand", "--trump", "S", "--hand", HAND,
            "--announced", str(announced)]
    run = cli(*args)
    assert run.code == code and f"verdict: {verdict}" in run.out, run
    assert words in run.out and "a run (15)" in run.out
    answer = cli(*args, "--json").json()
    assert (answer["valid"], answer["off_by"], answer["max_meld"]) == (code == 0,
                                                                       announced - 31, 31)
    from jsonschema import Draft202012Validator

    from pinosolve.schemas import command_schema

    Draft202012Validator(command_schema("verify")).validate(answer)


def test_is_my_total_right_in_a_batch_and_without_a_hand(cli):
    base = ["verify", "--variant", "four-hand", "--trump", "S"]
    lines = [{"hand": HAND, "announced": 31}, {"hand": HAND, "announced": 30},
             {"announced": 31}]
    run = cli(*base, "--input", "-", stdin="".join(json.dumps(x) + "\n" for x in lines))
    out = run.lines()
    assert out[0]["valid"] and not out[1]["valid"] and out[1]["off_by"] == -1, out
    assert "give the holding with --hand" in out[2]["error"]
    run = cli(*base, "--announced", "31")
    assert run.code == 2 and run.err.count("\n") == 1 and "--hand" in run.err, run


def test_a_declaration_announced_wrong_says_so_in_the_players_words_first():
    from pinosolve.meld.dispute import verify

    r = verify("four-hand", HAND, ["AS TS KS QS JS", "KS QS"], "S", announced=340)
    wrong = [p for p in r.problems if "340" in p]
    assert wrong and wrong[0].startswith("you announced 340; the cards laid make 15: a run "
                                         "(15)"), r.problems
    conflict = [c.reason for c in r.claims if "cannot serve" in c.reason][0]
    # the cards and the hand first, the rules file's class names last
    assert conflict.index("the hand holds") < conflict.index("class A"), conflict


def test_random_hands_agree_with_the_oracle_across_trumps():
    """A fixed family beside hypothesis's: ten hands of each variant, every trump."""
    rng = random.Random(59)
    for vid in VARIANTS:
        v = load_variant(vid)
        for _ in range(3):
            hand = [str(c) for c in v.random_deal(rng.randrange(10**6))[v.seats[-1]].cards()]
            for trump in "SHDC":
                best = meld_oracle.best(v.rules, hand, trump)
                assert check_announced(v, hand, trump, best).valid
                assert check_announced(v, hand, trump, best + 1).off_by == 1
