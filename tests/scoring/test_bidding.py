"""The auction: source 000's double-deck schedule, source 001's raises, all-pass duties, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve.scoring.bidding import (auction, next_bids, outcome, raise_problem, run_auction,
                                       value_problem)
from pinosolve.variants.variant import load_file, load_variant


def _judge(v, calls, **kw):
    """The ruling on an auction, as JSON."""
    return outcome(run_auction(v, calls, **kw)).to_json()


def source000_double_deck_legal(value: int) -> bool:
    """Source 000, double deck, word for word: 'The minimum bid is 50 points. The minimum bid
    increment is 1 point until 60 points. After 60 points ... multiples of 5 points until 100
    points. After 100 points ... 10 points ... all bids past 100 must be evenly divisible by 10
    (ie 115 is illegal) and all bids between 60 and 100 must be evenly divisible by 5.'"""
    if value < 50:
        return False
    if value <= 60:
        return True
    if value <= 100:
        return value % 5 == 0
    return value % 10 == 0


@given(st.integers(min_value=0, max_value=400))
@settings(max_examples=400, deadline=None)
def test_double_deck_bid_values_follow_the_seed_text(value):
    for vid in ("double-deck", "five-hand-call"):
        b = load_variant(vid).rules.bidding
        assert (value_problem(b, value) is None) == source000_double_deck_legal(value)


def test_double_deck_schedule_examples():
    b = load_variant("double-deck").rules.bidding
    assert "115 is not a multiple of 10" in value_problem(b, 115)
    assert "bidding.bands" in value_problem(b, 115)
    assert value_problem(b, 61) and value_problem(b, 99)
    assert value_problem(b, 49).startswith("below the minimum bid 50")
    for ok in (50, 51, 59, 60, 65, 95, 100, 110, 150, 200):
        assert value_problem(b, ok) is None
    assert next_bids(b, 58)["lowest"][:4] == [59, 60, 65, 70]
    assert next_bids(b, 95)["lowest"][:3] == [100, 110, 120]


def test_source001_raises_are_ten_or_twenty():
    b = load_variant("four-hand-classic").rules.bidding
    assert raise_problem(b, 250, None) is None
    assert raise_problem(b, 260, 250) is None and raise_problem(b, 270, 250) is None
    assert "bidding.max_raise = 20" in raise_problem(b, 280, 250)
    assert "multiple of 10" in raise_problem(b, 255, 250)
    assert "higher than the last bid" in raise_problem(b, 250, 250)
    assert next_bids(b, 250) == {"lowest": [260, 270], "highest": 270}


def test_auction_turns_passes_and_winner():
    v = load_variant("four-hand")
    a = _judge(v, "25 26 pass 30".split())
    assert a["is_legal"] and not a["finished"]
    assert [c["seat"] for c in a["calls"]] == ["N", "E", "S", "W"]
    assert a["passed"] == ["S"] and a["high"] == {"seat": "W", "bid": 30}
    assert a["to_move"] == "N" and a["next_bids"]["lowest"][0] == 31
    a = _judge(v, "25 26 pass 30 pass pass".split())
    assert a["finished"] and a["contract"] == {"seat": "W", "bid": 30}
    # passers are skipped: after S passes, W then N, E
    a = _judge(v, "25 pass 26 27 28".split())
    assert [c["seat"] for c in a["calls"]] == ["N", "E", "S", "W", "N"]
    # the dealer is E: bidding starts with S
    a = _judge(v, ["25"], dealer="E")
    assert a["calls"][0]["seat"] == "S" and a["order"] == ["S", "W", "N", "E"]


def test_all_pass_duties_per_seed():
    stuck = _judge(load_variant("double-deck"), "pass pass pass".split())
    assert stuck["to_move"] == "W" and "dealer-stuck" in stuck["ruling"]
    bad = _judge(load_variant("double-deck"), "pass pass pass pass".split())
    assert not bad["is_legal"] and "must take the contract at the minimum 50" in bad["ruling"]
    took = _judge(load_variant("double-deck"), "pass pass pass 50".split())
    assert took["contract"] == {"seat": "W", "bid": 50}
    may = _judge(load_variant("four-hand"), "pass pass pass pass".split())
    assert may["is_legal"] and may["finished"] and "redealt" in may["ruling"]
    assert "dealer-may-take" in may["ruling"]
    redeal = _judge(load_variant("three-hand-auction"), "pass pass pass".split())
    assert redeal["finished"] and "all_pass = redeal" in redeal["ruling"]


def test_illegal_call_stops_the_judging():
    a = _judge(load_variant("double-deck"), "50 55 58 60 61 70".split())
    assert not a["is_legal"] and len(a["calls"]) == 5
    assert a["calls"][4] == {"seat": "N", "call": "61", "is_legal": False,
                             "reason": "61 is not a multiple of 5 [bidding.bands: above 60 in "
                                       "steps of 5]"}


def test_house_rules_banned_endings_and_single_round(tmp_path):
    f = tmp_path / "brooklyn.toml"
    f.write_text('extends = "three-hand-auction"\nid = "brooklyn"\n'
                 '[bidding]\nbanned_endings = [40, 90]\nsingle_round = true\n')
    v = load_file(f)
    assert "ending in 40" in value_problem(v.rules.bidding, 340)
    a = _judge(v, "300 pass 350".split())
    assert a["finished"] and a["contract"] == {"seat": "W", "bid": 350}


def test_bid_command(cli):
    run = cli("bid", "--auction", "50 55 58 60 65 70 pass 100 110", "--variant", "double-deck",
              "--json")
    assert run.code == 0, run.err
    res = run.json()
    assert res["to_move"] == "E" and res["next_bids"]["lowest"][:2] == [120, 130]
    run = cli("bid", "--auction", "25 26", "--variant", "four-hand")
    assert run.code == 0 and "S to call" in run.out


def test_bid_errors_are_one_line(cli):
    for args in (["--auction", "25 x", "--variant", "four-hand"],
                 ["--auction", "25", "--variant", "two-hand"],
                 ["--auction", "25", "--dealer", "Q", "--variant", "four-hand"],
                 ["--auction", "pass pass pass pass 25", "--variant", "four-hand"]):
        run = cli("bid", *args)
        assert run.code == 2, args
        assert run.err.count("\n") == 1 and run.err.startswith("pinosolve: error:"), run.err


def test_source003_allow_misdeal():
    """Source 003, 'Allow misdeal': 'a player with 5 or more 9s can call a misdeal as their
    first bid.' A first call, by any seat, ends the auction with a redeal; a later call of a
    seat that has called is illegal; rules without the option have no misdeal."""
    from pinosolve.variants.variant import rules_dir

    v = load_file(rules_dir() / "examples" / "trickster-misdeal.toml")
    first = auction(v, "misdeal")
    assert first.finished and first.contract is None and first.is_legal
    assert "N calls a misdeal" in first.ruling and "[bidding.misdeal_nines = 5]" in first.ruling
    second = auction(v, "250 260 misdeal")
    assert second.finished and second.calls[-1].seat == "S" and second.to_move is None
    late = auction(v, "250 260 270 280 misdeal")
    assert not late.is_legal and "first call" in late.calls[-1].reason
    off = auction("trickster-classic", "misdeal")
    assert not off.is_legal and "[bidding.misdeal_nines = 0]" in off.calls[0].reason


@pytest.mark.parametrize("extends, nines, says", [("trickster-classic", 9, "holds 8"),
                                                  ("double-deck", 5, "holds 0")])
def test_a_misdeal_needs_the_nines_the_deck_holds(tmp_path, extends, nines, says):
    from pinosolve.errors import RulesError

    path = tmp_path / "bad.toml"
    path.write_text(f'extends = "{extends}"\nid = "bad"\n[bidding]\nmisdeal_nines = {nines}\n')
    with pytest.raises(RulesError, match=says):
        load_file(path)
