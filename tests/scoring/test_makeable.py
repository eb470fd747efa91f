"""``makeable``: the meld engine and the double-dummy solver put together, checked against each
on its own (the meld oracle and a separate ``solve``), and its errors."""

from __future__ import annotations

import pytest

from pinosolve.cards import Hand, Suit
from pinosolve.scoring.makeable import analyse as _analyse
from pinosolve.variants.variant import load_variant
from tests.generators import bids_near
from tests import meld_oracle


def analyse(*args, **kwargs):
    """The library's answer, as JSON."""
    return _analyse(*args, **kwargs).to_json()


def _deal(cli, vid, seed):
    run = cli("deal", "--seed", str(seed), "--variant", vid, "--json")
    assert run.code == 0, run.err
    return run.json()


def _solve_value(cli, vid, deal, trump, leader, declarer=None):
    args = ["solve", "--deal", deal, "--trump", trump, "--leader", leader, "--value-only",
            "--variant", vid, "--json"]
    if declarer:
        args += ["--declarer", declarer]
    run = cli(*args)
    assert run.code == 0, run.err
    return run.json()["value"]


@pytest.mark.parametrize("bidder, trump, bid", [("N", "S", 30), ("E", "H", 25), ("N", "S", 60),
                                                ("E", "H", 51)])
def test_four_hand_against_meld_oracle_and_solve(cli, bidder, trump, bid):
    v = load_variant("four-hand")
    text = _deal(cli, "four-hand", 3)["deal"]
    deal = v.parse_deal(text, full=True)
    res = analyse(v, deal, Suit.parse(trump), bidder, bid)
    team = ("N", "S") if bidder in "NS" else ("E", "W")
    meld = sum(meld_oracle.best(v.rules, deal[s].cards(), trump) for s in team)
    points = _solve_value(cli, "four-hand", text, trump, bidder)  # the bidder leads
    assert res["meld"] == meld and res["trick_points"] == points
    kept = meld if points > 0 else 0  # source 000: meld needs a trick
    assert res["total"] == kept + points
    assert res["made"] == (kept + points >= bid) and res["margin"] == kept + points - bid
    assert res["leader"] == bidder


def test_unreachable_bid_may_be_thrown_in(cli):
    v = load_variant("four-hand-classic")
    # (a deal where E-W meld nothing in spades; written out, not dealt from a seed, which
    # would tie the test to the dealer's stream)
    deal = v.parse_deal("N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9",
                        full=True)
    res = analyse(v, deal, Suit.S, "E", 300)
    assert res["meld"] == 0 and res["made"] is False
    assert res["throw_in"]["allowed"] and res["throw_in"]["advice"].startswith("throw in")
    within = analyse(v, deal, Suit.S, "N", 250)
    assert not within["throw_in"]["allowed"] and "within reach" in within["throw_in"]["why"]


def test_kitty_game_counts_the_laid_away_cards(cli):
    v = load_variant("three-hand-kitty")
    dealt = _deal(cli, "three-hand-kitty", 1)
    deal = v.parse_deal(dealt["deal"], full=True)
    away = Hand(dealt["kitty"])
    res = analyse(v, deal, Suit.H, "E", 20, laid_away=away)
    points = _solve_value(cli, "three-hand-kitty", dealt["deal"], "H", "E", declarer="E")
    assert res["trick_points"] == points + v.hand_points(away)
    assert res["meld_by_seat"]["E"]["meld"] == meld_oracle.best(
        v.rules, (deal["E"] + away).cards(), "H")


def test_makeable_command(cli):
    text = _deal(cli, "four-hand", 3)["deal"]
    run = cli("makeable", "--deal", text, "--trump", "S", "--bidder", "N", "--bid", "30",
              "--variant", "four-hand")
    assert run.code == 0, run.err
    assert "set by" in run.out or "made" in run.out


@pytest.mark.parametrize("args, message", [
    (["--variant", "two-hand", "--deal", "N:AKQ.. -", "--bid", "30"], "deal"),
    (["--variant", "four-hand", "--bid", "20"], "bidding.minimum"),
    (["--variant", "four-hand", "--bid", "30", "--partner", "S"], "no called partner"),
    (["--variant", "four-hand", "--bid", "x"], "bid"),
    (["--variant", "three-hand-kitty", "--bid", "30"], "deal"),
])
def test_makeable_errors(cli, args, message):
    text = _deal(cli, "four-hand", 3)["deal"]
    full = ["--deal", text] if "--deal" not in args else []
    run = cli("makeable", *full, "--trump", "S", "--bidder", "N", *args)
    assert run.code == 2, run.out
    assert run.err.count("\n") == 1 and message in run.err, run.err


def test_kitty_game_needs_the_laid_away_cards(cli):
    dealt = _deal(cli, "three-hand-kitty", 1)
    run = cli("makeable", "--deal", dealt["deal"], "--trump", "H", "--bidder", "E", "--bid",
              "22", "--variant", "three-hand-kitty")
    assert run.code == 2 and "--laid-away" in run.err


def test_ctrl_c_answers_from_the_bounds_proved(cli, monkeypatch):
    """Ctrl-C in makeable's search: the command answers from the bounds proved so far, as
    after a timeout, marked interrupted, and exits 130; ``analyse`` itself raises unless asked
    to answer."""
    import pinosolve.play.driver as S

    def interrupted(pos, rules, **kw):
        raise S.SearchInterrupted(S.SearchOutcome(None, (3, 20), exact=False))

    text = _deal(cli, "four-hand", 3)["deal"]
    args = ("makeable", "--deal", text, "--trump", "S", "--bidder", "N", "--bid", "30",
            "--variant", "four-hand", "--json")
    monkeypatch.setattr(S, "solve", interrupted)
    run = cli(*args)
    assert run.code == 130 and run.err == "pinosolve: interrupted\n", run.err
    data = run.json()
    assert data["interrupted"] and data["note"].startswith("interrupted")
    assert data["trick_points"] is None and data["trick_points_bounds"] == [3, 20]
    monkeypatch.setattr(S, "solve", interrupted)
    v = load_variant("four-hand")
    with pytest.raises(S.SearchInterrupted):
        analyse(v, v.parse_deal(text, full=True), Suit.S, "N", 30)


def test_a_real_ctrl_c_answers_from_the_bounds_proved():
    """A real SIGINT during makeable's search of a full double-deck deal (an hour's search):
    the answer from the bounds proved, marked interrupted, then exit 130. The meld is solved
    first, by CP-SAT, which used to leave SIGINT killing the process outright."""
    import json
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    deal = ("N:AKKQJ.TKKJ.AATKQJJ.ATKQ AAATKQJ.ATTK.TQ.AKQJJJJ TTKQJ.AAAKQJ.AATKQJ.KQQ "
            "TQJ.TQQQJJ.TKKQJ.AATTTK")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pinosolve", "makeable", "--variant", "double-deck", "--deal",
         deal, "--trump", "H", "--bidder", "N", "--bid", "60", "--json"], cwd=ROOT, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(4)  # the meld is solved and the search under way
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130 and err == "pinosolve: interrupted\n", (proc.returncode, err)
    data = json.loads(out)
    assert data["interrupted"] and data["meld"] == 68 and data["trick_points"] is None, data
    lo, hi = data["trick_points_bounds"]
    assert 0 <= lo <= hi <= 50, data


def _at_the_minimum(cli, vid, seed, bidder, trump):
    """Deal ``seed`` of ``vid`` (the kitty laid away where the rules lay cards away), and its
    exact answer at the minimum bid: variant, deal, trump, laid-away cards, answer."""
    v = load_variant(vid)
    dealt = _deal(cli, vid, seed)
    deal = v.parse_deal(dealt["deal"], full=True)
    away = Hand(dealt["kitty"]) if v.rules.deal.bidder_discards else None
    suit = Suit.parse(trump)
    return v, deal, suit, away, analyse(v, deal, suit, bidder, v.rules.bidding.minimum,
                                        laid_away=away)


@pytest.mark.parametrize("vid, seed, bidder, trump", [
    ("four-hand", 3, "N", "S"), ("four-hand", 4, "E", "D"), ("four-hand", 5, "S", "C"),
    ("four-hand-classic", 3, "W", "H"), ("trickster-classic", 2, "E", "S"),
    ("trickster-modern", 6, "N", "H"), ("three-hand-kitty", 1, "E", "H")])
def test_a_verdict_by_threshold_test_is_the_exact_verdict(cli, vid, seed, bidder, trump):
    """``exact=False`` (``--verdict-only``) decides made or set by one null-window test at
    the least trick points that make the contract (or by the trick and counter tests alone):
    the same verdict as the exact trick points, at the bids on both sides of the side's
    total, with the threshold at one end of the bounds it reports."""
    v, deal, suit, away, first = _at_the_minimum(cli, vid, seed, bidder, trump)
    exact_points = first["trick_points"]
    assert exact_points is not None
    total = first["meld"] + exact_points
    for bid in bids_near(v, total) + [v.rules.bidding.minimum]:
        exact = analyse(v, deal, suit, bidder, bid, laid_away=away)
        quick = analyse(v, deal, suit, bidder, bid, laid_away=away, exact=False)
        assert quick["made"] == exact["made"], (bid, exact["reasons"], quick["reasons"])
        lo, hi = quick["trick_points_bounds"]
        assert lo <= exact_points <= hi, (bid, lo, hi, exact_points)
        assert quick["meld"] == exact["meld"] and quick["throw_in"]["allowed"] == \
            exact["throw_in"]["allowed"]
        assert quick["margin"] in (None, exact["margin"])


def test_verdict_only_from_the_command(cli):
    text = _deal(cli, "four-hand", 3)["deal"]
    args = ("makeable", "--deal", text, "--trump", "S", "--bidder", "N", "--bid", "30",
            "--variant", "four-hand", "--json")
    exact, quick = cli(*args).json(), cli(*args, "--verdict-only").json()
    assert quick["made"] == exact["made"] and quick["trick_points"] is None
    assert any("null-window test" in r or "not searched" in r for r in quick["reasons"])


@pytest.mark.parametrize("vid, seed, bidder, trump", [
    ("four-hand", 4, "E", "D"), ("four-hand-classic", 3, "W", "H"),
    ("trickster-modern", 6, "N", "H"), ("three-hand-kitty", 1, "E", "H")])
def test_a_bid_out_of_reach_still_gives_the_proved_total(cli, vid, seed, bidder, trump):
    """A bid that not even every point in play makes gave ``total`` and ``margin``
    null though the trick points were proved. Every bid out of reach gives the side's total
    (the same as at a bid within reach: it does not depend on the bid) and margin total -
    bid."""
    from pinosolve.scoring.bidding import value_problem

    v, deal, suit, away, first = _at_the_minimum(cli, vid, seed, bidder, trump)
    assert first["total"] is not None
    reach = first["meld"] + v.rules.points.total
    far = [b for b in range(reach + 1, reach + 400)
           if value_problem(v.rules.bidding, b) is None][:3]
    assert far
    for bid in far:
        res = analyse(v, deal, suit, bidder, bid, laid_away=away)
        assert res["made"] is False and res["trick_points"] == first["trick_points"]
        assert res["total"] == first["total"] and res["margin"] == first["total"] - bid, \
            res["reasons"]
