"""One name for a seeded deal: deal k of a study with seed S is what
``pinosolve deal --seed S --index k`` deals and what ``seeded_deal(v, S, k)`` gives, for
every variant (before, ``deal --seed 7`` and ``study --seed 7`` dealt different first deals,
and nothing dealt a study's deal k alone)."""

from __future__ import annotations

import json

import pytest

from pinosolve import load_variant
from pinosolve.analysis.study import Spec, deal_of, study_chunk
from pinosolve.cards import Hand
from pinosolve.errors import PinosolveError
from pinosolve.variants.dealer import seeded_deal
from pinosolve.variants.variant import variant_ids


@pytest.mark.parametrize("vid", variant_ids())
def test_deal_index_k_is_the_studys_deal_k(cli, vid):
    v = load_variant(vid)
    for seed, k in ((7, 0), (7, 5), (2**64 - 1, 10**9)):
        args = ["deal", "--variant", vid, "--seed", str(seed), "--json"]
        answer = json.loads(cli(*args, *(["--index", str(k)] if k else [])).out)
        dealt, _ = deal_of(Spec(v, seed=seed), k)
        assert answer["deal"] == str(dealt.deal) == str(seeded_deal(v, seed, k).deal)
        assert answer["seed"] == seed and answer["index"] == k
        undealt = [str(c) for c in dealt.undealt]
        assert answer["kitty"] == (undealt if dealt.kind == "stock" else
                                   [str(c) for c in Hand(dealt.undealt)])


def test_a_studys_records_are_the_deals_of_its_seed_and_index(cli):
    v = load_variant("four-hand")
    records = study_chunk(Spec(v, seed=7, trump="S"), 0, 2)
    for r in records:
        answer = json.loads(cli("deal", "--variant", "four-hand", "--seed", "7", "--index",
                                str(r["index"]), "--json").out)
        assert r["deal"] == answer["deal"]
    plain = json.loads(cli("deal", "--variant", "four-hand", "--seed", "7", "--json").out)
    assert plain["deal"] == records[0]["deal"]


def test_the_public_names():
    import pinosolve

    assert pinosolve.seeded_deal is seeded_deal and pinosolve.Dealt is not None
    assert pinosolve.deal_where is not None and pinosolve.dd_table is not None
    assert "seeded_deal" in pinosolve.__all__ and "dd_table" in pinosolve.__all__


def test_a_bad_index_is_one_line(cli):
    for bad in ("-1", str(10**9 + 1)):
        run = cli("deal", "--variant", "four-hand", "--seed", "7", "--index", bad)
        assert run.code == 2 and "index" in run.err and run.err.count("\n") == 1, run
    with pytest.raises(PinosolveError, match="index"):
        seeded_deal(load_variant("four-hand"), 7, -1)
    with pytest.raises(PinosolveError, match="Spec"):
        deal_of("four-hand", 1)  # type: ignore[arg-type]
