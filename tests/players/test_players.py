"""The built-in players: their names, their choices against oracles, and their speed."""

from __future__ import annotations

import random

import pytest

from pinosolve import load_variant
from pinosolve.errors import PinosolveError
from pinosolve.table import new_table
from pinosolve.players import make_player
from pinosolve.players.base import parse_spec
from pinosolve.table.decision import Decision
from pinosolve.variants.dealer import seeded_deal
from tests.generators import oracle_value


@pytest.mark.parametrize("spec, name", [
    ("random", "random"), ("RULES", "rules"), ("pimc", "pimc"),
    ("pimc:samples=8, seconds=0.5", "pimc:samples=8,seconds=0.5"), ("open", "open"),
    ("pimc:model=fitted", "pimc:model=fitted"), ("pimc:model=none", "pimc:model=none"),
    ("pimc:method=epimc,depth=2,held=4", "pimc:method=epimc,depth=2,held=4"),
])
def test_a_player_is_named_by_its_spec(spec, name):
    assert make_player(spec).name == name
    assert make_player(name).name == name


@pytest.mark.parametrize("spec", [
    "", "  ", "x" * 2000, "bot", "pimc:samples=-1", "pimc:samples=1e9", "pimc:samples",
    "pimc:samples=2,samples=3", "pimc:seconds=nan", "pimc:seconds=0", "random:x=1",
    "open:seconds=inf", "pimc:threads=65", "cmd:   ", "rules\n", "pimc:=3",
    "pimc:samples=\u0663", "pimc:samples=1_6", "pimc:seconds=\u0661.5", "pimc:seconds=1_0",
    "pimc:samples=\uff18", "pimc:model=x", "pimc:model=", "pimc:model=Fitted",
    "pimc:method=ismcts", "pimc:method=", "pimc:depth=2", "pimc:held=3",
    "pimc:method=epimc,depth=4", "pimc:method=presumed,held=0",
])
def test_a_bad_spec_is_one_line(spec):
    with pytest.raises(PinosolveError) as err:
        make_player(spec)
    assert "\n" not in str(err.value)


def test_cmd_keeps_its_command_whole():
    assert parse_spec("cmd:python bot.py --depth=3,4") == (
        "cmd", {"command": "python bot.py --depth=3,4"})


def _to_ending(vid: str, seed: int, tricks_left: int):
    v = load_variant(vid)
    t = new_table(v, seeded_deal(v, seed, 0), v.seats[-1])
    rng = random.Random(seed)
    rules = make_player("rules")
    while (d := t.decision()) is not None:
        if d.kind == "play" and t.game is not None and \
                max(len(t.game.hand(s)) for s in v.seats) <= tricks_left:
            return v, t, d
        rules.start(v, d.seat, seed)
        t.apply(rules.choose(t.view(d.seat), d) if d.kind != "play" else
                rng.choice(d.choices))
    return v, t, None


@pytest.mark.parametrize("vid, seed", [("four-hand", 1), ("four-hand", 2),
                                       ("three-hand-kitty", 3), ("five-hand-call", 4),
                                       ("two-hand", 5), ("double-deck", 6)])
def test_open_plays_the_double_dummy_card(vid, seed):
    """Late in a hand, the open player's card is one of the best by plain minimax."""
    v, t, d = _to_ending(vid, seed, 2)
    if d is None:
        pytest.skip("redealt")
    p = make_player("open")
    p.start(v, d.seat, 0)
    card = p.choose(t.open_view(d.seat), d)
    best, values = oracle_value(v, t.game)
    assert values[card] == best


def test_pimc_in_a_play_off_with_every_card_known_plays_the_best_card():
    """In two-hand's play-off the view leaves nothing hidden: the advice is exact."""
    v, t, d = _to_ending("two-hand", 7, 3)
    p = make_player("pimc:samples=2")
    p.start(v, d.seat, 0)
    card = p.choose(t.view(d.seat), d)
    best, values = oracle_value(v, t.game)
    assert values[card] == best


@pytest.mark.parametrize("method", ["epimc", "presumed", "alphamu"])
def test_a_method_beyond_pimc_plays_its_advices_best_card_late_in_the_hand(method):
    """With ``held`` reached, the player's card is ``advise``'s best with its method (the
    contract the view shows, for alpha-mu); before, PIMC's."""
    from pinosolve.analysis.advice import advise
    from pinosolve.players.pimc import ADVICE_KEYS, _contract_of

    for seed in (1, 2, 3):
        v, t, d = _to_ending("four-hand", seed, 3)
        if d is not None and len(d.choices) > 1:
            break
    assert d is not None and len(d.choices) > 1  # (a choice to make)
    view = t.view(d.seat)
    p = make_player(f"pimc:samples=6,method={method},held=3")
    p.start(v, d.seat, 5)
    card = p.choose(view, d)
    p.start(v, d.seat, 5)
    given = {k: view[k] for k in ADVICE_KEYS if k in view}
    contract = _contract_of(view, given) if method == "alphamu" else {}
    assert contract is not None
    want = advise(given, samples=6, seed=p._seed(), method=method, **contract)
    assert card == str(next(iter(want.by_card)))
    early = make_player(f"pimc:samples=6,method={method},held=2")
    early.start(v, d.seat, 5)
    plain = advise(given, samples=6, seed=early._seed())
    early.start(v, d.seat, 5)
    assert early.choose(view, d) == str(next(iter(plain.by_card)))


@pytest.mark.parametrize("vid", ["four-hand", "three-hand-kitty", "two-hand"])
def test_pimc_plays_a_whole_round(vid):
    """Every decision of a round, each answer legal (a tight budget: bounds decide)."""
    v = load_variant(vid)
    t = new_table(v, seeded_deal(v, 1, 0), v.seats[-1])
    p = make_player("pimc:samples=1,seconds=0.05,model=fitted")
    while (d := t.decision()) is not None:
        p.start(v, d.seat, 1)
        t.apply(d.check(p.choose(t.view(d.seat), d)))
    assert t.over


def test_rules_rules_of_thumb():
    v = load_variant("four-hand")
    p = make_player("rules")
    p.start(v, "N", 0)
    # the lead: an ace of a plain suit
    d = Decision("play", "N", ("AH", "9H", "KS", "9C"))
    view = {"trump": "S", "holding": ["AH", "9H", "KS", "9C"], "trick": [], "play": []}
    assert p.choose(view, d) == "AH"
    # the partner's pass: his trump first, then aces
    d = Decision("pass", "N", tuple("AS 9S AH TD KD QD JC 9C KH QH JH 9H".split()), count=4)
    view = {"trump": "S", "bidder": "S", "holding": list(d.choices)}
    assert set(p.choose(view, d)) == {"AS", "9S", "AH", "TD"}
    # the partner winning with no one left to play: a counter on it
    d = Decision("play", "W", ("TH", "9H"))
    p.start(v, "W", 0)
    view = {"trump": "S", "holding": ["TH", "9H"], "trick": ["KH", "AH", "QH"]}
    assert p.choose(view, d) == "TH"  # (N led KH; E, W's partner, wins: W smears his ten)
    p.start(v, "N", 0)
    d = Decision("play", "N", ("TH", "9H"))
    view = {"trump": "S", "holding": ["TH", "9H"], "trick": ["QH", "JH", "AH"]}
    assert p.choose(view, d) == "9H"  # (E led; W wins with AH; N cannot win: his lowest)


def test_rules_smears_the_weakest_counter_and_knows_its_side():
    """Four-hand: W last, partner E winning: of A and K (a point each) the king goes on.
    Three-hand: the defenders play together against the bidder; the bidder has no mate."""
    p = make_player("rules")
    p.start(load_variant("four-hand"), "W", 0)
    view = {"trump": "S", "holding": ["AH", "KH"], "trick": ["QH", "AH", "9H"]}
    assert p.choose(view, Decision("play", "W", ("AH", "KH"))) == "KH"
    v = load_variant("three-hand-kitty")  # seats N E W; N bid; W last, E winning
    p.start(v, "W", 0)
    view = {"trump": "S", "bidder": "N", "holding": ["TH", "9H"], "trick": ["9H", "AH"]}
    assert p.choose(view, Decision("play", "W", ("TH", "9H"))) == "TH"
    p.start(v, "E", 0)  # E last: W (a fellow defender) led the ace, the bidder followed
    view = {"trump": "S", "bidder": "N", "holding": ["TH", "9H"], "trick": ["AH", "9H"]}
    assert p.choose(view, Decision("play", "E", ("TH", "9H"))) == "TH"
    p.start(v, "N", 0)  # the bidder last: E led, W's ace wins; the bidder's lowest
    view = {"trump": "S", "bidder": "N", "holding": ["TH", "9H"], "trick": ["9H", "AH"]}
    assert p.choose(view, Decision("play", "N", ("TH", "9H"))) == "9H"
