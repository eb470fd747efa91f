"""Studies: each record equals solve deal by deal, deals depend on
(seed, index) alone, and a Dask LocalCluster of two worker processes gives the records the
local backend gives."""

from __future__ import annotations

import pytest

from pinosolve import Game, PinosolveError, load_variant
from pinosolve.analysis.conditions import parse_conditions
from pinosolve.analysis.study import Spec, chunks, deal_seed, study, study_chunk


def test_records_are_solve_deal_by_deal():
    v = load_variant("four-hand")
    spec = Spec(v, seed=3, leader="E", best_meld=True)
    for record in study_chunk(spec, 0, 4):
        deal = v.random_deal(deal_seed(3, record["index"]))
        assert record["deal"] == str(deal)
        g = Game(v, deal, trump=record["trump"], leader="E")
        assert record["value"] == g.solve(value_only=True).value


def test_a_contract_in_a_kitty_game_is_judged_after_the_lay_away():
    """A study took no bid where the bidder lays cards away. Each record's bidder
    takes the kitty the seed deals and lays away the cards ``lay_away`` chooses; ``made`` is
    ``makeable``'s exact verdict on that deal with those cards laid away."""
    from collections import Counter

    from pinosolve.scoring.makeable import makeable
    from pinosolve.variants.dealer import random_deal

    v = load_variant("three-hand-kitty")
    spec = Spec(v, seed=2, trump="H", bids=(20, 24), bidder="E")
    verdicts = set()
    for record in study_chunk(spec, 0, 3):
        dealt = random_deal(v, deal_seed(2, record["index"]))
        assert record["deal"] == str(dealt.deal) and len(record["laid_away"]) == 3
        held = Counter(str(c) for c in dealt.deal["E"]) + Counter(str(c) for c in dealt.undealt)
        assert not Counter(record["laid_away"]) - held
        kept = held - Counter(record["laid_away"])
        hands = {s: [str(c) for c in dealt.deal[s]] for s in v.seats}
        hands["E"] = list(kept.elements())
        deal = "N:" + " ".join(".".join("".join(c[:-1] for c in hands[s] if c[-1] == x)
                                        for x in "SHDC") for s in v.seats)
        for bid, made in record["made"].items():
            assert made == makeable(v, deal, "H", "E", int(bid),
                                    laid_away=" ".join(record["laid_away"])).made
            verdicts.add(made)
    assert verdicts == {True, False}


def test_a_deal_depends_on_seed_and_index_alone():
    v = load_variant("four-hand")
    spec = Spec(v, seed=5)
    whole = study_chunk(spec, 0, 6)
    parts = study_chunk(spec, 4, 6) + study_chunk(spec, 0, 4)
    assert sorted(parts, key=lambda r: r["index"]) == whole
    assert list(chunks(10, 4)) == [(0, 4), (4, 8), (8, 10)]
    assert list(chunks(10, 4, 4)) == [(4, 8), (8, 10)]


def test_the_filter_language():
    v = load_variant("four-hand")
    spec = Spec(v, seed=2, trump="S", filter=parse_conditions(v, "N:trumps>=4 and N:has=AS"))
    kept = study_chunk(spec, 0, 30)
    assert kept
    for r in kept:
        hand = v.random_deal(deal_seed(2, r["index"]))["N"]
        assert sum(1 for c in hand if c.suit.name == "S") >= 4 and "AS" in hand.cards()
    for bad in ("N:trumps", "Q:trumps>=2", "N:has>AS", "N:meld>=x", "N:count(X)<=1"):
        with pytest.raises(PinosolveError, match="where"):
            parse_conditions(v, bad)


def test_a_dask_local_cluster_gives_the_local_records():
    distributed = pytest.importorskip("distributed")
    from pinosolve.analysis.study import run_dask

    v = load_variant("four-hand")
    spec = Spec(v, seed=1, leader="N")
    local = study(spec, 12)
    got: dict[int, list] = {}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        run_dask(spec, chunks(12, 4), client, lambda a, b, records: got.update({a: records}))
    assert [r for a in sorted(got) for r in got[a]] == local
