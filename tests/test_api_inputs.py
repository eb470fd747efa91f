"""Hostile and odd inputs to the public API and the CLI's new surfaces (issue 33's probe):
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
    ({"timeout": math.nan}, "timeout"),
])
def test_solve_refuses_bad_settings(kwargs, word):
    with pytest.raises(PinosolveError, match=word):
        Game("four-hand", ENDING, trump="S").solve(**kwargs)


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
