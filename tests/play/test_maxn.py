"""Each for himself (source 000, three hands: "Players aren't partnered with each other"): the
max^n search against a plain max^n written apart (``tests/maxn_oracle``), on random endings
of every variant where no seats are partners and three or more play."""

from __future__ import annotations

import random

import pytest

from pinosolve import load_variant
from pinosolve.cards import Card
from pinosolve.play.maxn import EachForHimself, line_of
from pinosolve.play.rules import PlayRules
from tests import dd_oracle, maxn_oracle
from tests.generators import random_legal_position

NAMES = lambda cards: [str(Card.from_index(c)) for c in cards]


def _ending(v, rnd, cards):
    """A random ending, the trick so far played legally (``random_legal_position``: no
    variant here exempts a partner, so its random sides do not change what is legal)."""
    pos = random_legal_position(v, rnd, cards)
    return PlayRules.of(v), [sorted(h) for h in pos.hands], pos.leader, list(pos.trick), \
        pos.trump


@pytest.mark.parametrize("vid", ["three-hand-kitty", "three-hand-auction", "trickster-three"])
@pytest.mark.parametrize("seed", range(8))
def test_every_card_against_plain_max_n(vid, seed):
    v = load_variant(vid)
    rnd = random.Random(seed)
    rules, hands, leader, trick, trump = _ending(v, rnd, 4)
    bidder = rnd.choice([None, *range(len(hands))])
    search = EachForHimself(rules, trump, len(hands), bidder)
    got = {str(Card.from_index(c)): v for c, v in
           search.card_values([list(h) for h in hands], leader, list(trick)).items()}
    strength = dd_oracle.strength_of(v.rules)
    points = dict(v.rules.points.cards)
    want = maxn_oracle.values(v.rules, points, v.rules.points.last_trick,
                              [NAMES(h) for h in hands], leader, NAMES(trick), "SHDC"[trump],
                              strength, bidder)
    assert got == want
    value = search.value([list(h) for h in hands], leader, list(trick))
    assert value == maxn_oracle.best(v.rules, points, v.rules.points.last_trick,
                                     [NAMES(h) for h in hands], leader, NAMES(trick),
                                     "SHDC"[trump], strength, bidder)
    # the points of the line played out are the value, and add up to all still in play
    line = line_of(search, hands, leader, trick)
    assert len(line) == sum(map(len, hands))
    card, _ = maxn_oracle.choice(v.rules, points, v.rules.points.last_trick,
                                 [NAMES(h) for h in hands], leader, NAMES(trick),
                                 "SHDC"[trump], strength, bidder)
    assert str(Card.from_index(line[0])) == card
    assert sum(value) == sum(rules.points[c] for h in hands for c in h) + \
        sum(rules.points[c] for c in trick) + rules.last_trick


def test_each_for_himself_is_not_the_paranoid_value():
    """Somewhere among random endings a defender, playing for himself, lets the bidder take
    more than the two-sided search gives him (the paranoid value is only his guarantee);
    never less."""
    from pinosolve.play.reference import Search

    v = load_variant("three-hand-kitty")
    more = 0
    for seed in range(60):
        rnd = random.Random(1000 + seed)
        rules, hands, leader, trick, trump = _ending(v, rnd, 4)
        bidder = rnd.randrange(3)
        side = tuple(0 if s == bidder else 1 for s in range(3))
        each = EachForHimself(rules, trump, 3, bidder).value([list(h) for h in hands], leader,
                                                             list(trick))
        search = Search(rules, trump, side)
        rem = sum(rules.points[c] for h in hands for c in h) + \
            sum(rules.points[c] for c in trick) + rules.last_trick
        paranoid = search.ab([list(h) for h in hands], leader, list(trick), -1, rem + 1, rem)
        assert each[bidder] >= paranoid
        more += each[bidder] > paranoid
    assert more > 0


def test_solve_each_for_himself_from_the_command_line(cli):
    import json

    from pinosolve import Game

    args = ["solve", "--variant", "trickster-three", "--trump", "H", "--bidder", "E",
            "--deal", "N:AK.T.. TQ.A.. KJ.K.."]
    got = cli(*args, "--each-for-himself", "--json")
    assert got.code == 0, got.err
    answer = json.loads(got.out)
    want = Game("trickster-three", "N:AK.T.. TQ.A.. KJ.K..", trump="H",
                declarer="E").solve_each().to_json()
    assert {k: answer[k] for k in ("seat_points", "card_seat_points", "best_line")} == \
        {k: want[k] for k in ("seat_points", "card_seat_points", "best_line")}
    assert sum(answer["seat_points"].values()) == sum(
        load_variant("trickster-three").card_points(Card.parse(c))
        for c in "AS KS TH TS QS AH KS JS KH".split()) + \
        load_variant("trickster-three").rules.points.last_trick
    for bad, words in (([*args, "--each-for-himself", "--value-only"], "drop --value-only"),
                       (["solve", "--variant", "four-hand", "--trump", "H", "--deal",
                         "N:A... K... Q... J...", "--each-for-himself"], "as partners"),
                       (["solve", "--variant", "two-hand", "--trump", "H", "--deal",
                         "N:A... K...", "--each-for-himself"], "one against the other")):
        r = cli(*bad)
        assert r.code == 2 and r.err.count("\n") == 1 and words in r.err, r.err
