"""The PettingZoo environment: PettingZoo's own API test, the masks, the rewards, errors."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

import pinosolve.env
from pinosolve.env import EnvError


@pytest.mark.parametrize("vid", ["four-hand", "two-hand", "five-hand-call", "double-deck"])
def test_pettingzoo_api_test(vid: str) -> None:
    api_test(pinosolve.env.pettingzoo_env(vid), num_cycles=300, verbose_progress=False)


def test_information_state_observations_and_the_tiny_rules() -> None:
    api_test(pinosolve.env.pettingzoo_env(rules="tiny", observation="information_state"),
             num_cycles=100, verbose_progress=False)


def test_rewards_are_the_games_returns_and_masks_its_legal_actions() -> None:
    env = pinosolve.env.pettingzoo_env("three-hand-kitty")
    for seed in range(5):
        env.reset(seed=seed)
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            state = env.round
            legal = state.legal_actions()
            assert [i for i, m in enumerate(obs["action_mask"]) if m] == legal
            env.step(env.action_space(agent).sample(obs["action_mask"]))
        assert [total[a] for a in env.possible_agents] == env.round.returns()


def test_the_same_seed_deals_the_same_round() -> None:
    a, b = pinosolve.env.pettingzoo_env("four-hand"), pinosolve.env.pettingzoo_env("four-hand")
    a.reset(seed=9)
    b.reset(seed=9)
    assert str(a.round) == str(b.round)


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(EnvError, match="unknown variant"):
        pinosolve.env.pettingzoo_env("no-such-variant")
    with pytest.raises(EnvError, match="observation"):
        pinosolve.env.pettingzoo_env("four-hand", observation="pixels")
    env = pinosolve.env.pettingzoo_env("four-hand")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = next(i for i, m in enumerate(obs["action_mask"]) if not m)
    with pytest.raises(EnvError) as info:
        env.step(illegal)
    assert "\n" not in str(info.value)
    with pytest.raises(EnvError):
        env.step("AS")


def test_seeds_of_numpy_and_bad_seeds() -> None:
    import numpy as np

    env = pinosolve.env.pettingzoo_env("two-hand")
    env.reset(seed=np.int64(3))
    with pytest.raises(EnvError, match="seed"):
        env.reset(seed="three")
