"""The double-dummy table (``ddtable``): every cell is ``Game.solve`` of its trump and leader,
and on small late deals the plain minimax of ``tests/dd_oracle.py``; the sides and seats come
from the variant; the command's table, JSON, batch and errors."""

from __future__ import annotations

import json
import random

import pytest
from jsonschema import Draft202012Validator

from pinosolve import Game, Suit
from pinosolve.analysis.ddtable import dd_table
from pinosolve.errors import PinosolveError
from pinosolve.schemas import command_schema
from tests import dd_oracle
from tests.generators import VARIANTS, load_any, roles_of


def _late_deal(v, seed: int, tricks: int) -> str:
    """The cards held at a trick's lead, ``tricks`` tricks before the end, after random
    legal play from a seeded deal."""
    roles = roles_of(v)
    g = Game(v, v.random_deal(seed), trump=Suit(seed % 4), leader=v.seats[0], **roles)
    rng = random.Random(seed)
    while len(g.hand(v.seats[0])) > tricks or g.trick:
        g.play(rng.choice(g.legal_moves()))
    return str(g.deal)


def _bidder(roles):
    return {"bidder": roles.get("declarer"), "partner": roles.get("partner")}


def _minimax(v, deal, trump, leader, seats) -> int:
    """The plain minimax's points for ``seats`` (the leader's side) from the opening lead."""
    rules = v.rules
    d = v.parse_deal(deal)
    hands = [[str(c) for c in d[s]] for s in v.seats]
    side = [0 if s in seats else 1 for s in v.seats]
    return dd_oracle.minimax(rules, dict(rules.points.cards), rules.points.last_trick, hands,
                             v.seats.index(leader), [], trump.name, side,
                             dd_oracle.strength_of(rules))


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_cell_is_solve_and_the_plain_minimax(vid):
    v = load_any(vid)
    roles = roles_of(v)
    for seed, tricks in ((1, 2), (2, 3)):
        deal = _late_deal(v, seed, tricks)
        table = dd_table(v, deal, **_bidder(roles))
        held = v.parse_deal(deal)
        assert table.points == sum(v.card_points(c) for h in held.hands for c in h) + \
            v.rules.points.last_trick
        assert [(c.trump, c.leader) for c in table.cells] == \
            [(t, s) for t in Suit for s in v.seats]
        for cell in table.cells:
            g = Game(v, deal, trump=cell.trump, leader=cell.leader, **roles)
            assert cell.value == g.solve(value_only=True).value, (deal, cell)
            assert cell.side == g.side_of(cell.leader) and cell.leader in cell.seats
            assert cell.value == _minimax(v, deal, cell.trump, cell.leader, cell.seats)
            assert cell.exact and sum(cell.points_taken.values()) == table.points
            assert cell.points_taken[cell.side] == cell.value
        # the sides are the variant's: every seat on one, the bidder's first
        assert sorted(s for seats in table.teams.values() for s in seats) == sorted(v.seats)
        if roles:
            assert roles["declarer"] in next(iter(table.teams.values()))


def test_a_deeper_deal_is_solve_cell_by_cell_in_threads():
    from pinosolve import load_variant

    v = load_variant("four-hand")
    deal = _late_deal(v, 5, 5)
    one = dd_table(v, deal)
    two = dd_table(v, deal, threads=2)
    assert [c.to_json() for c in one.cells] == [c.to_json() for c in two.cells]
    for cell in one.cells:
        g = Game(v, deal, trump=cell.trump, leader=cell.leader)
        assert cell.value == g.solve().value
        assert one.taken("NS", cell.trump, cell.leader) + \
            one.taken("EW", cell.trump, cell.leader) == one.points


@pytest.mark.parametrize("deal, says", [
    ("N:AK.A.. T.K.A. Q.T.T. 9.Q..", "should hold 3"), ("N:AK.A..", "hands"),
    ("N:AK.A.. T.K.A. Q.T.T. 9.Q.X.", "bad hand")])
def test_a_bad_deal_is_one_line(cli, deal, says):
    run = cli("ddtable", "--variant", "four-hand", "--deal", deal)
    assert run.code == 2 and says in run.err and run.err.count("\n") == 1, run
    with pytest.raises(PinosolveError):
        dd_table("four-hand", deal)


def test_a_variant_without_fixed_sides_needs_the_bidder(cli):
    run = cli("ddtable", "--variant", "three-hand-kitty", "--deal", "N:AK.A.. T.K.A. Q.T.T.")
    assert run.code == 2 and "bidder" in run.err and run.err.count("\n") == 1, run
    run = cli("ddtable", "--variant", "three-hand-kitty", "--deal", "N:AK.A.. T.K.A. Q.T.T.",
              "--bidder", "E", "--json")
    answer = json.loads(run.out)
    assert run.code == 0 and answer["bidder"] == "E" and list(answer["teams"]) == ["E", "NW"]


def test_the_command_table_json_batch_and_schema(cli):
    deal = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."
    run = cli("ddtable", "--variant", "four-hand", "--deal", deal)
    assert run.code == 0 and "the points NS takes of the 10 in play" in run.out, run
    assert "N leads" in run.out and "W leads" in run.out and "♣" in run.out
    answer = json.loads(cli("ddtable", "--variant", "four-hand", "--deal", deal, "--json").out)
    assert answer["teams"] == {"NS": ["N", "S"], "EW": ["E", "W"]} and len(answer["cells"]) == 16
    assert answer["cells"][0] == {"trump": "S", "leader": "N", "side": "NS", "seats": ["N", "S"],
                                  "value": 10, "exact": True, "bounds": [10, 10],
                                  "points_taken": {"NS": 10, "EW": 0}}
    Draft202012Validator(command_schema("ddtable")).validate(answer)
    lines = json.dumps({"deal": deal}) + "\n" + json.dumps({"deal": "N:AK"}) + "\n"
    batch = cli("ddtable", "--variant", "four-hand", "--input", "-", stdin=lines)
    out = [json.loads(line) for line in batch.out.splitlines()]
    assert batch.code == 1 and out[0]["cells"] == answer["cells"] and "error" in out[1], batch
    for line in out:
        Draft202012Validator(command_schema("ddtable", batch=True)).validate(line)


def test_a_cell_not_proved_in_time_holds_its_bounds(cli):
    from pinosolve import load_variant

    v = load_variant("four-hand")
    table = dd_table(v, v.random_deal(3), timeout=0.001)
    for cell in table.cells:
        lo, hi = cell.bounds
        assert 0 <= lo <= hi <= table.points
        assert (cell.points_taken is None) == (not cell.exact)
    run = cli("ddtable", "--variant", "four-hand", "--deal", str(v.random_deal(3)),
              "--timeout", "0.001")
    assert run.code == 0 and ("–" in run.out or "not proved" not in run.out), run
