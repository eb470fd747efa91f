"""``resample_from_infostate``: states the seat cannot tell apart, drawn uniformly.

The oracle enumerates every deal of the tiny variant (each a shuffle's equal share: one
copy of each card), replays the round's decisions under it, and keeps the deals under
which the seat sees exactly what it saw: the exact distribution of the other hands. The
resampler's draws are tested against it with a chi-square test (fixed seeds, a critical
value at the 0.1% level). On the big variants, each draw is a state the seat cannot tell
from the real one.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pinosolve.env  # noqa: E402,F401


def _chance(state: object, rng: random.Random) -> None:
    while state.is_chance_node():  # type: ignore[attr-defined]
        acts, probs = zip(*state.chance_outcomes())  # type: ignore[attr-defined]
        state.apply_action(rng.choices(acts, probs)[0])  # type: ignore[attr-defined]


def _consistent(game: object, state: object, player: int) -> Counter:
    """Every deal of the tiny game under which ``player`` sees what it saw, by the other
    hands (each deal once: all are equally likely)."""
    known = state.information_state_string(player)  # type: ignore[attr-defined]
    actions = [pa.action for pa in state.full_history()  # type: ignore[attr-defined]
               if pa.player != -1]
    cards = range(8)
    found: Counter = Counter()
    for north in itertools.combinations(cards, 2):
        rest = [c for c in cards if c not in north]
        for south in itertools.combinations(rest, 2):
            for turned in [c for c in rest if c not in south]:
                other = game.new_initial_state()  # type: ignore[attr-defined]
                for a in (*north, *south, turned):
                    other.apply_action(a)
                ok = True
                for a in actions:
                    if a not in other.legal_actions():
                        ok = False
                        break
                    other.apply_action(a)
                if ok and other.information_state_string(player) == known:
                    found[(north, south)] += 1
    return found


def _critical(df: int) -> float:
    """The chi-square value exceeded with chance 0.001 (Wilson-Hilferty)."""
    z = 3.090
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_resample_is_uniform_over_the_consistent_deals(seed: int) -> None:
    game = pyspiel.load_game("pinochle", {"rules": "tiny"})
    rng = random.Random(seed)
    state = game.new_initial_state()
    _chance(state, rng)
    for _ in range(rng.randrange(3)):  # (a view before play, or after a card or two)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        _chance(state, rng)
    if state.is_terminal():
        pytest.skip("the round ended")
    player = state.current_player()
    exact = _consistent(game, state, player)
    assert exact, "the real deal is consistent"
    draws = 600 * len(exact)
    sampler = random.Random(seed * 7919)
    got: Counter = Counter()
    for _ in range(draws):
        other = state.resample_from_infostate(player, sampler.random)
        assert other.information_state_string(player) == \
            state.information_state_string(player)
        got[(tuple(other.hands[0]), tuple(other.hands[1]))] += 1
    assert set(got) <= set(exact)
    total = sum(exact.values())
    if len(exact) == 1:
        return
    chi2 = sum((got[k] - draws * n / total) ** 2 / (draws * n / total)
               for k, n in exact.items())
    assert chi2 < _critical(len(exact) - 1), (chi2, len(exact))


@pytest.mark.parametrize("params", [{"variant": "four-hand"},
                                    {"variant": "three-hand-kitty"},
                                    {"variant": "double-deck"}], ids=str)
def test_resample_keeps_what_the_seat_saw(params: dict[str, str]) -> None:
    game = pyspiel.load_game("pinochle", params)
    rng = random.Random(11)
    done = 0
    for _ in range(3):
        state = game.new_initial_state()
        _chance(state, rng)
        while not state.is_terminal():
            if rng.random() < 0.12:
                p = state.current_player()
                other = state.resample_from_infostate(p, rng.random)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.legal_actions() == state.legal_actions()
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                done += 1
            state.apply_action(rng.choice(state.legal_actions()))
            _chance(state, rng)
    assert done >= 10


def test_resample_needs_the_deal_dealt() -> None:
    game = pyspiel.load_game("pinochle", {"rules": "tiny"})
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError):
        state.resample_from_infostate(0, random.random)


def test_resample_in_the_stock_stage_keeps_what_the_seat_saw() -> None:
    """Two-hand, the first three tricks of the stock stage (deeper, a draw can take more
    than the resampler's tries: docs/env.md)."""
    game = pyspiel.load_game("pinochle", {"variant": "two-hand"})
    rng = random.Random(12)
    done = 0
    for _ in range(4):
        state = game.new_initial_state()
        _chance(state, rng)
        while len(state.table.stage1) < 3:
            p = state.current_player()
            other = state.resample_from_infostate(p, rng.random)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.legal_actions() == state.legal_actions()
            done += 1
            state.apply_action(rng.choice(state.legal_actions()))
            _chance(state, rng)
    assert done >= 20


def test_resample_mid_pass_draws_the_receivers_cards_afresh() -> None:
    """The receiver of a pass being chosen has not seen its cards: its draws vary them."""
    from tests.env.test_env_game import _mid_pass

    state = _mid_pass("four-hand", 3)
    giver = state.current_player()
    receiver = state.get_game().variant.seats.index(state.table._pass_seats()[1])
    assert receiver != giver
    rng = random.Random(5)
    picks = {tuple(state.resample_from_infostate(receiver, rng.random).chosen)
             for _ in range(12)}
    assert len(picks) > 1
