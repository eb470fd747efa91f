"""The ``Game`` object driven through whole deals of every variant, against independent checks:
legal moves against the plain oracle's legality and the ``legal`` command, ``play``/``unplay``
against ``str(g)``, ``solve`` against the ``solve`` command and against plain minimax."""

from __future__ import annotations

import random

import pytest

import pinosolve
from pinosolve.play.budget import Budget
from pinosolve import (Card, Game, IllegalPlay, PinosolveError, load_variant,
                       variant_ids)
from tests import dd_oracle
from tests.generators import VARIANTS, ending, load_any, new_game, oracle_value, roles_of

def _winner(v, g: Game) -> str:
    """The seat whose card is winning the trick so far, by the oracle's trick winner."""
    strength = dd_oracle.strength_of(v.rules)
    lead = v.seats.index(g.leader)
    return v.seats[(lead + dd_oracle.trick_winner([str(c) for c in g.trick], g.trump.name,
                                                  strength)) % len(v.seats)]


def _oracle_legal(v, g: Game) -> set[str]:
    rules = v.rules
    strength = dd_oracle.strength_of(rules)
    mover = v.seats.index(g.to_move)
    partner_winning = False
    if g.trick:
        lead = v.seats.index(g.leader)
        win = (lead + dd_oracle.trick_winner([str(c) for c in g.trick], g.trump.name,
                                            strength)) % len(v.seats)
        partner_winning = g.sides[win] == g.sides[mover]
    return dd_oracle.legal(rules, [str(c) for c in g.hand(g.to_move)],
                           [str(c) for c in g.trick], g.trump.name, strength, partner_winning)


def _cli_legal(cli, v, g: Game) -> list[str]:
    which = ["--variant", v.id] if v.id in variant_ids() else ["--rules", str(v.source)]
    winning = bool(g.trick) and g.side_of(_winner(v, g)) == g.side_of(g.to_move)
    run = cli("legal", *which, "--trump", g.trump.name, "--hand",
              g.hand(g.to_move).dotted(), "--trick", " ".join(str(c) for c in g.trick), "--json",
              *(["--partner-winning"] if winning else []))
    assert run.code == 0, run.err
    return run.json()["legal"]


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_whole_deals_legal_moves_and_take_backs(cli, variant_id):
    v = load_any(variant_id)
    for seed in range(2):
        total = sum(v.card_points(c) for hand in v.random_deal(seed).hands for c in hand)
        g = new_game(v, seed)
        rng = random.Random(seed)
        before: list[tuple[str, list[str], str]] = []
        step = 0
        while not g.over:
            moves = g.legal_moves()
            names = [str(c) for c in moves]
            assert len(set(names)) == len(names)
            assert sorted(moves, key=lambda c: c.index) == moves  # suit by suit, high first
            assert set(names) == _oracle_legal(v, g), (variant_id, seed, str(g))
            if step % 5 == 0:
                assert _cli_legal(cli, v, g) == names
            for card in g.hand(g.to_move):
                assert g.is_legal(card) == (str(card) in names)
            if step % 3 == 0:  # str(g) reads back as the same position, the trick beside it
                again = Game(v, str(g), trump=g.trump, trick=g.trick, **roles_of(v))
                assert (again.to_move, again.leader, again.legal_moves(), str(again)) == \
                    (g.to_move, g.leader, moves, str(g))
                if not g.trick:
                    assert str(Game(v, str(g), trump=g.trump, **roles_of(v))) == str(g)
            before.append((str(g), [str(c) for c in g.trick], g.to_move))
            g.play(rng.choice(moves))
            step += 1
        assert sum(g.points.values()) == total + v.rules.points.last_trick
        assert sum(len(t.cards) for t in g.tricks) == step
        while before:
            held, trick, to_move = before.pop()
            g.unplay()
            assert (str(g), [str(c) for c in g.trick], g.to_move) == (held, trick, to_move)
        assert set(g.points.values()) == {0} and g.tricks == []
        assert str(g) == str(new_game(v, seed))
        with pytest.raises(PinosolveError, match="no card to take back"):
            g.unplay()


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_solve_agrees_with_the_command_and_with_plain_minimax(cli, variant_id):
    v = load_any(variant_id)
    tricks_left = 3 if len(v.seats) <= 4 else 2
    for seed in range(3):
        g = ending(v, seed, tricks_left)
        before = str(g), repr(g)
        r = g.solve()
        assert (str(g), repr(g)) == before  # solving leaves the game alone
        value, cards = oracle_value(v, g)
        assert r.exact and r.value == value == r.bounds[0] == r.bounds[1]
        assert {str(c): x for c, x in r.values.items()} == cards
        assert r.side == g.side_of(g.to_move)
        replay = g.copy()
        for card in r.best_line:
            replay.play(card)
        # the value counts the cards on the table: they are in the line's first trick
        assert replay.over and sum(t.points for t in r.trick_by_trick
                                   if g.side_of(t.won_by) == r.side) == r.value
        which = ["--rules", v.source] if variant_id.endswith(".toml") else ["--variant", v.id]
        args = ["solve", *which, "--deal", str(g), "--trump", g.trump.name,
                "--leader", g.leader, "--json"]
        if g.trick:
            args += ["--trick", " ".join(str(c) for c in g.trick)]
        for key, seat in roles_of(v).items():
            args += [f"--{key}", seat]
        run = cli(*args)
        assert run.code == 0, run.err
        assert run.json()["value"] == r.value and run.json()["values"] == cards


def test_an_illegal_card_names_the_seat_the_card_and_the_rule():
    g = Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S", leader="N")
    g.play("AH")
    with pytest.raises(IllegalPlay) as bad:
        g.play("AD")  # E holds K♥: must follow
    assert (bad.value.seat, str(bad.value.card), bad.value.rule) == ("E", "AD",
                                                                     "trick.follow_suit")
    message = str(bad.value)
    assert "E" in message and "AD" in message and "trick.follow_suit" in message
    with pytest.raises(IllegalPlay, match="E does not hold QS"):
        g.play("QS")
    with pytest.raises(PinosolveError):
        g.play("XX")
    assert [str(c) for c in g.trick] == ["AH"] and g.to_move == "E"


@pytest.mark.parametrize("kwargs, word", [
    ({"variant": "four-hnad"}, "four-hand"),
    ({"deal": "N:AK.A.. T.K.A. Q.T.T."}, "expected 4 hands"),
    ({"deal": "N:AKQ.A.. T.K.A. Q.T.T. 9.Q.K."}, "should hold"),
    ({"leader": "X"}, "not a seat"),
    ({"trump": "Z"}, "trump"),
    ({"trick": ["QS", "QS"]}, "deal and trick"),
    ({"trick": ["QH"]}, "should hold 2"),
    ({"declarer": "N"}, "fixed sides"),
])
def test_a_bad_game_is_one_error_naming_the_problem(kwargs, word):
    args = {"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S",
            "leader": "N"} | kwargs
    with pytest.raises(PinosolveError, match=word):
        Game(args.pop("variant"), args.pop("deal"), **args)


def test_str_reads_back_and_repr_is_the_call():
    g = Game("three-hand-kitty", load_variant("three-hand-kitty").random_deal(3), trump="H",
             declarer="E")
    g.play(g.legal_moves()[0])
    again = eval(repr(g), {"Game": Game})
    assert str(again) == str(g) and again.trick == g.trick and again.to_move == g.to_move


def test_random_deal_is_fixed_by_its_seed():
    """The same seed gives the same deal everywhere: the deals below were made by this
    shuffle once and are fixed here; the shuffle is also checked against Python's own."""
    v = load_variant("four-hand")
    assert str(v.random_deal(7)) == str(v.random_deal(seed=7))
    assert str(v.random_deal(0)) == FOUR_HAND_SEED_0
    from pinosolve.variants.shuffle import shuffle

    for seed in [0, 1, 2, 99, 2**31, 2**32 + 5, 2**63 + 11]:
        ours, pythons = list(range(80)), list(range(80))
        shuffle(ours, seed)
        random.Random(seed).shuffle(pythons)
        assert ours == pythons, seed
    for bad in (-1, 2**64, 1.5, "7", True):
        with pytest.raises(PinosolveError, match="seed"):
            v.random_deal(bad)


FOUR_HAND_SEED_0 = "N:AAQ.ATJ9.KJ.AJ9 TKKJ99.TJ.T.QJ9 QJ.KQ.K99.TTKKQ T.AKQ9.AATQQJ.A"


def test_solve_many_keeps_the_order_and_the_values():
    v = load_variant("four-hand")
    games = [ending(v, seed, 4) for seed in range(6)]
    alone = [g.solve(value_only=True).value for g in games]
    assert [r.value for r in pinosolve.solve_many(games, threads=2, value_only=True)] == alone
    assert [r.value for r in pinosolve.solve_many(games, threads=1, value_only=True)] == alone
    assert [r.values for r in pinosolve.solve_many(games[:3], threads=3)] == \
        [g.solve().values for g in games[:3]]
    for bad in (0, -1, 1.5, True):
        with pytest.raises(PinosolveError, match="threads"):
            pinosolve.solve_many(games, threads=bad)
    with pytest.raises(PinosolveError, match="Game"):
        pinosolve.solve_many(["N:..."])


def test_a_budget_gives_bounds_around_the_value():
    v = load_variant("four-hand")
    g = Game(v, v.random_deal(1), trump="S", leader="N")
    r = g.solve(value_only=True, budget=Budget(timeout=0.05))
    exact = g.solve(value_only=True).value
    assert r.bounds[0] <= exact <= r.bounds[1]
    assert r.exact == (r.value is not None) and (not r.exact or r.value == exact)
    with pytest.raises(PinosolveError, match="timeout"):
        g.solve(0)


def test_a_card_is_its_name():
    assert str(Card.parse("AS")) == "AS"
    g = Game("two-hand", "N:A... T...", trump="S", leader="N")
    assert g.legal_moves() == [Card.parse("AS")]


def test_solve_many_raises_the_first_games_error():
    v = load_variant("four-hand")
    games = [ending(v, seed, 3) for seed in range(3)]
    with pytest.raises(PinosolveError, match="timeout"):
        pinosolve.solve_many(games, threads=2, timeout=-1)


def test_ctrl_c_stops_solve_many_at_once_deep_inside_the_searches(tmp_path):
    """Ctrl-C while two long searches run in the threads: solve_many raises
    KeyboardInterrupt in the caller at once, and the program ends without waiting for them."""
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "many.py"
    script.write_text(
        "import sys, pinosolve\n"
        "v = pinosolve.load_variant('five-hand-call')\n"
        "games = [pinosolve.Game(v, v.random_deal(s), trump='S', declarer='1', partner='3')\n"
        "         for s in (0, 1)]\n"
        "print('solving', flush=True)\n"
        "try:\n"
        "    pinosolve.solve_many(games, threads=2, value_only=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "solving"
    time.sleep(1.0)  # both searches are deep in the core by now (each takes over 30 s)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 3 and "interrupted" in out
