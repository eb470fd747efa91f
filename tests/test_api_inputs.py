"""Hostile and odd inputs to the public API and the CLI's new surfaces (a probe):
each is one PinosolveError line (exit 2 at the command line), never a traceback, a hang, or
a silently wrong answer."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

import pinosolve
from pinosolve import Game, PinosolveError, Suit, load_variant
from tests.conftest import ROOT

ENDING = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."


def test_many_conflicting_claims_are_ruled_in_time():
    """verify summed, for each claim of a conflict, over every other claim: 40,000 copies of
    one marriage took 77 s (a 1 MiB batch line could hold 175,000). The bound below is a
    hang guard, 20 times what it takes now."""
    code = ("import pinosolve\n"
            "r = pinosolve.verify('four-hand', 'KH QH', ['KH QH'] * 40000, 'H')\n"
            "print(r.valid, len(r.claims))\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.split() == ["False", "40000"], run.stderr


@pytest.mark.parametrize("timeout", [-1, 0, math.nan, math.inf, True, 10**20, "x", [1]])
def test_makeable_refuses_a_bad_timeout(timeout):
    v = load_variant("four-hand")
    with pytest.raises(PinosolveError, match="timeout must be"):
        pinosolve.makeable(v, v.random_deal(5), "S", "N", 30, timeout=timeout)


@pytest.mark.parametrize("history", [b"25 26", None, 5, ["25", None], {"a": 1}])
def test_auction_refuses_what_is_no_history(history):
    with pytest.raises(PinosolveError, match="history"):
        pinosolve.auction("four-hand", history)


@pytest.mark.parametrize("cword", ["x", "", None])
def test_a_broken_completion_request_is_one_line_exit_2(cword):
    env = dict(os.environ, _PINOSOLVE_COMPLETE="complete_bash",
               COMP_WORDS="pinosolve solve --variant ")
    env.pop("COMP_CWORD", None)
    if cword is not None:
        env["COMP_CWORD"] = cword
    run = subprocess.run([sys.executable, "-m", "pinosolve"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "COMP_CWORD" in run.stderr


@pytest.mark.parametrize("kwargs, word", [
    ({"table_limit": "x"}, "table_limit"), ({"table_limit": 0}, "table_limit"),
    ({"table_limit": 2**80}, "table_limit"), ({"on_test": 5}, "on_test"),
    ({"timeout": math.nan}, "timeout"), ({"timeout": -1}, "timeout"),
])
def test_solve_refuses_bad_settings(kwargs, word):
    from pinosolve import Budget

    with pytest.raises(PinosolveError, match=word):
        Game("four-hand", ENDING, trump="S").solve(Budget(**kwargs))
    if "timeout" in kwargs:  # seconds alone, for a budget of time
        with pytest.raises(PinosolveError, match=word):
            Game("four-hand", ENDING, trump="S").solve(kwargs["timeout"])


@pytest.mark.parametrize("budget", ["2", [1], b"1", {"timeout": 1}])
def test_solve_takes_a_budget_or_seconds_and_nothing_else(budget):
    with pytest.raises(PinosolveError, match="timeout"):
        Game("four-hand", ENDING, trump="S").solve(budget)


@pytest.mark.parametrize("kwargs, word", [
    ({"declarer": ""}, "not a seat"), ({"declarer": 0}, "not a seat"),
    ({"bidder": " "}, "not a seat"), ({"declarer": "N", "bidder": "E"}, "once"),
    ({"trick": b"AS", "declarer": "E"}, "bytes"),
])
def test_seats_given_are_seats(kwargs, word):
    with pytest.raises(PinosolveError, match=word):
        Game("three-hand-kitty", "N:AK.A.. T.K.A. Q.T.T.", trump="S", **kwargs)


def test_one_seat_under_both_names_is_one_bidder():
    g = Game("three-hand-kitty", "N:AK.A.. T.K.A. Q.T.T.", trump="S", declarer="n", bidder="N")
    assert g.declarer == "N" and g.sides == (0, 1, 1)


def test_a_house_rule_names_a_game_variant_as_in_every_entry_point():
    by_name = Game("trickster-head-trump-led", "N:A.K.. T.A.. K.T.. Q.Q..", trump="S")
    by_path = Game(str(ROOT / "rules/examples/trickster-head-trump-led.toml"),
                   "N:A.K.. T.A.. K.T.. Q.Q..", trump="S")
    assert by_name.variant.id == by_path.variant.id == "trickster-head-trump-led"
    assert by_name.solve().value == by_path.solve().value


def test_score_checks_a_hand_built_round_and_a_rounds_own_variant():
    from pinosolve.scoring.round import Round

    with pytest.raises(PinosolveError, match="meld_cards"):
        pinosolve.score("four-hand", Round(bidder="N", bid=25, trump=Suit.S,
                                           meld_cards={"N": 5}, points={"NS": 15, "EW": 10}))
    base = {"bidder": "N", "bid": 25, "trump": "S", "meld": {"N": 12},
            "points": {"NS": 15, "EW": 10}}
    with pytest.raises(PinosolveError, match="not the variant given"):
        pinosolve.score("four-hand", base | {"variant": "two-hand"})
    with pytest.raises(PinosolveError, match="rules"):
        pinosolve.score("four-hand", base | {"rules": "/dev/zero"})
    assert pinosolve.score("four-hand", base | {"variant": "four-hand"}).made is True


ODD = [None, True, -1, 1.5, float("nan"), "", "x", b"AS", [], {}, [1, 2], {"a": 1}, object()]
VIEW4 = {"variant": "four-hand", "trump": "S", "seat": "N",
         "hand": "AS 9S KD AH QC JC 9C TH KH QD JD 9H"}


def _entry_points():
    """(name, call taking one odd value) for the public API's entry points: each argument in
    turn given a value of the wrong type or out of range."""
    import pinosolve
    from pinosolve.analysis.conditions import Condition, parse_conditions
    from pinosolve.analysis.study import (Spec, chunks, deal_seed, gives_record, study,
                                          study_chunk, study_deal)

    v = pinosolve.load_variant("four-hand")
    view = pinosolve.View(VIEW4)
    spec = Spec(v, 1)
    return [
        ("check_hand", lambda x: v.check_hand(x)),
        ("hand_points", lambda x: v.hand_points(x)),
        ("parse_hand", lambda x: v.parse_hand(x)),
        ("parse_deal", lambda x: v.parse_deal(x)),
        ("View", lambda x: pinosolve.View(x)),
        ("View hand", lambda x: pinosolve.View({**VIEW4, "hand": x})),
        ("View seat", lambda x: pinosolve.View({**VIEW4, "seat": x})),
        ("View.game_of", lambda x: view.game_of(x)),
        ("View.sample n", lambda x: list(view.sample(x, seed=1))),
        ("View.sample seed", lambda x: list(view.sample(1, seed=x))),
        ("infer", lambda x: pinosolve.infer(x)),
        ("advise samples", lambda x: pinosolve.advise(VIEW4 | {"leader": "N"}, samples=x)),
        ("advise seed", lambda x: pinosolve.advise(VIEW4 | {"leader": "N"}, samples=1, seed=x)),
        ("advise meld", lambda x: pinosolve.advise(VIEW4 | {"leader": "N"}, samples=1, bid=25,
                                                   meld=x)),
        ("Spec seed", lambda x: Spec(v, x)),
        ("Spec variant", lambda x: Spec(x, 1)),
        ("Spec trump", lambda x: Spec(v, 1, trump=x)),
        ("Spec leader", lambda x: Spec(v, 1, leader=x)),
        ("Spec meld", lambda x: Spec(v, 1, meld=x)),
        ("Spec bids", lambda x: Spec(v, 1, bids=x, bidder="N")),
        ("Spec filter", lambda x: Spec(v, 1, filter=x)),
        ("Spec timeout", lambda x: Spec(v, 1, timeout=x)),
        ("study deals", lambda x: study(spec, x)),
        ("study spec", lambda x: study(x, 1)),
        ("study_chunk", lambda x: study_chunk(spec, 0, x)),
        ("best_meld hand", lambda x: pinosolve.best_meld(v, x, "S")),
        ("best_meld trump", lambda x: pinosolve.best_meld(v, "AS KS", x)),
        ("legal", lambda x: pinosolve.legal(v, x, "S")),
        ("score", lambda x: pinosolve.score(v, x)),
        ("makeable bid", lambda x: pinosolve.makeable(v, v.random_deal(1), "S", "N", x)),
        ("review", lambda x: pinosolve.review(x)),
        ("auction", lambda x: pinosolve.auction(v, x)),
        ("Game deal", lambda x: pinosolve.Game(v, x, trump="S")),
        ("View.every_deal", lambda x: next(view.every_deal(x), None)),
        ("hand_points", lambda x: pinosolve.load_variant("double-deck").hand_points(
            pinosolve.Hand("9S"))),
        ("Hand.from_counts", lambda x: pinosolve.Hand.from_counts([x] * 24)),
        ("parse_conditions variant", lambda x: parse_conditions(x, "N:trumps>=1")),
        ("parse_conditions text", lambda x: parse_conditions(v, x)),
        ("Condition", lambda x: Condition("N", "trumps", ">=", x)),
        ("chunks", lambda x: list(chunks(10, x))),
        ("study_deal", lambda x: study_deal(spec, x)),
        ("deal_seed", lambda x: deal_seed(x, 1)),
        ("gives_record", lambda x: gives_record(spec, x)),
    ]


@pytest.mark.parametrize("value", ODD, ids=lambda x: type(x).__name__ if type(x) is object
                         else repr(x))  # (an id the same in every process: pytest -n)
def test_every_entry_point_checks_its_arguments(value):
    """A wrong type may raise TypeError, but an AttributeError (or any other
    error) from deep inside is a defect, and a study took a seed of None, NaN or -1 into
    its records. Every public entry point, every odd value: the package's own error (or
    TypeError), or an answer."""
    wrong = []
    for name, call in _entry_points():
        try:
            call(value)
        except (PinosolveError, TypeError):
            pass
        except Exception as exc:
            wrong.append(f"{name}({value!r}): {type(exc).__name__}: {exc}")
        else:  # (none of these values is one of these arguments')
            if name in ("Spec seed", "Spec variant", "study deals", "study spec", "View",
                        "View hand", "View seat", "View.game_of", "View.every_deal",
                        "hand_points", "Hand.from_counts", "parse_conditions variant",
                        "chunks", "study_deal", "deal_seed", "gives_record"):
                wrong.append(f"{name}({value!r}) was taken")
    assert not wrong, wrong
