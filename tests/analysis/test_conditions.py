"""Dealing until a deal meets conditions (``deal --where``), and the condition language it
shares with ``study --filter``, against a plain reading of each condition on the hand."""

from __future__ import annotations

import json

import pytest

from pinosolve import Suit, load_variant
from pinosolve.analysis.conditions import first_deal_where, parse_conditions
from pinosolve.errors import PinosolveError
from pinosolve.variants.dealer import random_deal

RANKS = "ATKQJ9"


def _plain(v, text, hands, trump) -> bool:
    """Each condition read directly off the cards (no meld kinds beyond runs)."""
    for part in text.split(" and "):
        seat, term = part.split(":")
        cards = [str(c) for c in hands[seat]]
        if term.startswith("void("):
            ok = not any(c[1] == term[5] for c in cards)
        elif term.startswith("run("):
            ok = all(f"{r}{term[4]}" in cards for r in "ATKQJ")
        elif term.startswith("has="):
            ok = term[4:] in cards
        elif term.startswith("count("):
            ok = sum(c[1] == term[6] for c in cards) <= int(term.split("<=")[1])
        elif term.startswith("trumps>="):
            ok = sum(c[1] == trump.name for c in cards) >= int(term[8:])
        else:
            raise AssertionError(term)
        if not ok:
            return False
    return True


@pytest.mark.parametrize("vid, text, trump", [
    ("four-hand", "N:run(S) and E:count(H)<=3", None), ("four-hand", "W:trumps>=6", "D"),
    ("two-hand", "N:has=AS and S:count(C)<=1", None), ("double-deck", "E:run(H)", None),
    ("three-hand-kitty", "E:void(S) and W:count(C)<=2", None), ("two-hand", "N:trumps>=5", None)])
def test_the_deal_found_is_the_first_that_meets_the_conditions(vid, text, trump):
    v = load_variant(vid)
    conditions = parse_conditions(v, text, "where")
    found, dealt = first_deal_where(v, conditions, 1000, None if trump is None else Suit[trump])
    assert found == 1000 + dealt - 1
    for seed in range(1000, found + 1):
        dealt = random_deal(v, seed)
        t = Suit[trump] if trump else dealt.trump
        hands = {s: dealt.deal[s] for s in v.seats}
        assert _plain(v, text, hands, t) == (seed == found), (seed, found)


@pytest.mark.parametrize("text, says", [
    ("N:aces(S)", "not in one suit"), ("N:trumps>=3", "give --trump"),
    ("N:bogus", "meld kinds: run"), ("N:void(X)", "give a suit"), ("N:run>=2", "no comparison"),
    ("Z:void(H)", "seat"), ("N:has=9S", "deck has no"), ("N:count(H)", "is not")])
def test_a_bad_condition_is_one_line(text, says):
    v = load_variant("double-deck")
    with pytest.raises(PinosolveError) as err:
        first_deal_where(v, parse_conditions(v, text, "where"), 1)
    assert says in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_conditions_no_deal_meets_are_refused_after_a_bounded_search():
    v = load_variant("four-hand")
    with pytest.raises(PinosolveError, match="none of 50 deals"):
        first_deal_where(v, parse_conditions(v, "N:void(S) and N:void(H) and N:void(D)"), 1,
                         tries=50)


def test_deal_where_from_the_command_line_deals_it_again_by_its_seed(cli):
    run = cli("deal", "--variant", "four-hand", "--seed", "5", "--where",
              "N:run(S) and E:count(H)<=2", "--json")
    answer = json.loads(run.out)
    assert run.code == 0 and answer["where"] == "N:run(S) and E:count(H)<=2", run
    again = json.loads(cli("deal", "--variant", "four-hand", "--seed", str(answer["seed"]),
                           "--json").out)
    assert again["deal"] == answer["deal"] and "where" not in again
    run = cli("deal", "--variant", "two-hand", "--where", "N:trumps>=2", "--trump", "S")
    assert run.code == 2 and "turns a card up" in run.err, run
