"""pinosolve's players as ``pyspiel.Bot``s: OpenSpiel's evaluation runs them unchanged."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pinosolve.env  # noqa: E402
from pinosolve.env import EnvError  # noqa: E402


@pytest.mark.parametrize("vid, specs", [
    ("four-hand", ["rules", "random", "rules", "random"]),
    ("two-hand", ["rules", "open"]),
    ("three-hand-kitty", ["rules", "rules", "random"]),
    ("five-hand-call", ["rules"] * 5),
    ("double-deck", ["random", "rules", "random", "rules"]),
])
def test_evaluate_bots(vid: str, specs: list[str]) -> None:
    game = pyspiel.load_game("pinochle", {"variant": vid})
    bots = [pinosolve.env.bot(spec, game, p, seed=4) for p, spec in enumerate(specs)]
    for seed in range(2):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert len(returns) == len(specs)


def test_a_bot_replays_exactly_and_passes_card_by_card() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "four-hand"})
    runs = []
    for _ in range(2):
        bots = [pinosolve.env.bot("rules", game, p, seed=2) for p in range(4)]
        state = game.new_initial_state()
        rng = random.Random(3)
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        runs.append(state.history())
    assert runs[0] == runs[1]


def test_pimc_bot_plays_a_round() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "two-hand-24"})
    bots = [pinosolve.env.bot("pimc:samples=2,seconds=0.2", game, 0, seed=1),
            pinosolve.env.bot("rules", game, 1)]
    assert len(pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)) == 2


def test_bad_bots_are_one_line_errors() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "four-hand"})
    with pytest.raises(EnvError, match="no player"):
        pinosolve.env.bot("wizard", game, 0)
    with pytest.raises(EnvError, match="seat number"):
        pinosolve.env.bot("rules", game, 7)
    with pytest.raises(EnvError, match="pinochle game"):
        pinosolve.env.bot("rules", pyspiel.load_game("kuhn_poker"), 0)


def test_a_bot_refuses_another_games_state() -> None:
    four = pyspiel.load_game("pinochle", {"variant": "four-hand"})
    two = pyspiel.load_game("pinochle", {"variant": "two-hand"})
    state = two.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(EnvError, match="another game"):
        pinosolve.env.bot("rules", four, 0).step(state)
