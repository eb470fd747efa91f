"""Shooting the moon played (``pinosolve.scoring.shoot``) against a plain minimax written
from source 003's text: "they must take all tricks to succeed. When shooting, the declarer's
partner does not play": the partner's hand is left out, the other seats play their tricks
with the rules' duties (``tests/dd_oracle``), and every trick the bidder takes counts one."""

from __future__ import annotations

import random

import pytest

from pinosolve import PinosolveError, load_variant
from pinosolve.scoring.shoot import shoot
from pinosolve.variants.variant import load_file
from tests import dd_oracle

SHOOT = "rules/examples/trickster-shoot.toml"


def _three_hand_shoot(tmp_path):
    path = tmp_path / "three-shoot.toml"
    path.write_text('extends = "trickster-three"\nid = "three-shoot"\n'
                    'description = "trickster-three with Ask to shoot"\n\n'
                    '[scoring]\nshoot_the_moon = true\n')
    return load_file(path)


def _oracle_tricks(v, hands, seats, bidder, leader, trump):
    """The most tricks ``bidder`` makes sure of, on a scale of one point a card."""
    rules = v.rules
    strength = dd_oracle.strength_of(rules)
    ones = {r: 1 for r in rules.points.cards}
    side = [0 if s == bidder else 1 for s in seats]
    first = dd_oracle.minimax(rules, ones, 0, hands, seats.index(leader), [], trump, side,
                              strength)
    return first // len(seats)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("which", ["four", "three"])
def test_shoot_against_plain_minimax(seed, which, tmp_path):
    v = load_file(SHOOT) if which == "four" else _three_hand_shoot(tmp_path)
    rng = random.Random(seed)
    deck = [str(c) for c in v.deck]
    rng.shuffle(deck)
    size = 3 if which == "four" else 4
    hands = {s: deck[i * size:(i + 1) * size] for i, s in enumerate(v.seats)}
    bidder = v.seats[seed % len(v.seats)]
    if seed % 2:  # a strong hand now and then, so that some shoots succeed
        hands[bidder] = sorted(hands[bidder], key=lambda c: c[0] != "A")
    trump = "SHDC"[seed % 4]
    deal = f"{v.seats[0]}:" + " ".join(_dotted(hands[s]) for s in v.seats)
    got = shoot(v, deal, trump, bidder)
    partner = got.partner
    seats = [s for s in v.seats if s != partner]
    want = _oracle_tricks(v, [hands[s] for s in seats], seats, bidder, bidder, trump)
    assert got.most_tricks == want and got.all_tricks == size
    assert got.made == (want == size)
    assert (partner is None) == (which == "three")
    assert len(got.best_line) == size * len(seats)


def _dotted(cards):
    from pinosolve.cards import Card, Hand
    return Hand([Card.parse(c) for c in cards]).dotted()


def test_shoot_the_seed_example_and_refusals(cli):
    deal = "N:AATTKKQQ.AA.AA. JJ99.TTKK.TT.AA .QQJJ99.KKQQJJ. ..99.TTKKQQJJ99"
    r = cli("makeable", "--rules", SHOOT, "--deal", deal, "--trump", "S", "--bidder", "N",
            "--shoot", "--json")
    assert r.code == 0, r.err
    got = r.json()
    assert (got["made"], got["most_tricks"], got["all_tricks"], got["partner"]) == \
        (True, 12, 12, "S")
    r = cli("makeable", "--rules", SHOOT, "--deal", deal, "--trump", "H", "--bidder", "N",
            "--shoot")
    assert r.code == 0 and "the shoot fails" in r.out and "S sits out" in r.out
    for args, words in ((["--variant", "trickster-classic"], "does not allow shooting"),
                        (["--rules", SHOOT, "--bid", "30"], "drop --bid")):
        r = cli("makeable", *args, "--deal", deal, "--trump", "S", "--bidder", "N", "--shoot")
        assert r.code == 2 and r.err.count("\n") == 1 and words in r.err, r.err
    with pytest.raises(PinosolveError, match="calls the partner"):
        v = load_variant("five-hand-call")
        shoot(_with_shoot(v), v.random_deal(1), "S", v.seats[0])


def _with_shoot(v):
    import dataclasses

    from pinosolve.variants.variant import Variant
    rules = dataclasses.replace(v.rules, scoring=dataclasses.replace(v.rules.scoring,
                                                                     shoot_the_moon=True))
    return Variant(rules, v.source, v.lineage)
