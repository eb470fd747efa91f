"""The OpenSpiel game as a PettingZoo AEC environment, chance played by the environment.

``PinochleEnv(variant, rules=, dealer=, returns=, observation=, render_mode=)``: the agents are
``player_0`` … (the seats in the rules file's order, ``infos[agent]["seat"]`` names each);
an agent's observation is ``{"observation": tensor, "action_mask": mask}``, the tensor the
game's observation tensor (``observation="information_state"``: the information-state
tensor, perfect recall; layouts in ``pinosolve.env.observer``), the mask 1 at each legal
action. The deal and the draws are dealt by the environment from the seed given to
``reset``. Rewards are 0 until the round ends, then each agent's return (the game's
``returns``). An illegal action raises ``EnvError`` naming it.

>>> env = PinochleEnv("two-hand")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, int(obs["action_mask"].sum()) > 0, info["seat"]
('player_0', True, 'N')
"""

from __future__ import annotations

import random
from typing import Any, Optional

import gymnasium
import numpy as np
import pyspiel
from pettingzoo.utils.env import AECEnv

from pinosolve.env.game import EnvError, PinochleGame
from pinosolve.env.observer import PinochleObserver

OBSERVATIONS = ("observation", "information_state")


class PinochleEnv(AECEnv):  # (PettingZoo's base class, untyped)
    """See the module."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "pinochle_v0",
                                "is_parallelizable": False}

    def __init__(self, variant: str = "four-hand", rules: str = "", dealer: int = -1,
                 returns: str = "score", observation: str = "observation",
                 render_mode: Optional[str] = None) -> None:
        super().__init__()
        if observation not in OBSERVATIONS:
            raise EnvError(f"pinochle: observation is one of {', '.join(OBSERVATIONS)}, got "
                           f"{observation!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise EnvError(f"pinochle: render_mode is human, ansi or None, got "
                           f"{render_mode!r}")
        params: dict[str, Any] = {"variant": variant, "dealer": dealer, "returns": returns}
        if rules:
            params["rules"] = rules
        self.game: PinochleGame = pyspiel.load_game("pinochle", params)
        self.render_mode = render_mode
        self.observer = PinochleObserver(self.game, pyspiel.IIGObservationType(
            perfect_recall=observation == "information_state"))
        seats = self.game.variant.seats
        self.possible_agents = [f"player_{k}" for k in range(len(seats))]
        self._index = {a: k for k, a in enumerate(self.possible_agents)}
        size = self.game.num_distinct_actions()
        high = float(max(self.game.variant.deck.counts))
        shape = self.observer.tensor.shape
        self._spaces = {a: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, high, shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8)})
            for a in self.possible_agents}
        self._actions = {a: gymnasium.spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()
        self.round: Any = None  # (the OpenSpiel state; AECEnv.state is another thing)

    def observation_space(self, agent: str) -> Any:
        return self._spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._actions[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> None:
        """A new round, dealt from ``seed`` (None: from fresh entropy)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int,
                                                                                np.integer))):
            raise EnvError(f"pinochle: a seed is a whole number, got {seed!r}")
        self._rng = random.Random(None if seed is None else int(seed))
        self.round = self.game.new_initial_state()
        self._chance()
        self.agents = list(self.possible_agents)
        seats = self.game.variant.seats
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"seat": seats[k]} for k, a in enumerate(self.agents)}
        self._select()

    def _chance(self) -> None:
        s = self.round
        while s.is_chance_node():
            outcomes = s.chance_outcomes()
            x = self._rng.random()
            pick = outcomes[-1][0]
            for action, p in outcomes:
                x -= p
                if x < 0:
                    pick = action
                    break
            s.apply_action(pick)

    def _select(self) -> None:
        s = self.round
        if s.is_terminal():
            for k, a in enumerate(self.possible_agents):
                self.rewards[a] = float(s.returns()[k])
                self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0] if self.agents else ""
            return
        self.agent_selection = self.possible_agents[s.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation tensor and its action mask (zeros when not to move)."""
        k = self._index[agent]
        self.observer.set_from(self.round, k)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.round.is_terminal() and self.round.current_player() == k:
            mask[self.round.legal_actions()] = 1
        return {"observation": self.observer.tensor.copy(), "action_mask": mask}

    def step(self, action: Any) -> None:
        """The agent to move plays ``action`` (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise EnvError(f"pinochle: an action is a whole number, got {action!r}")
        if int(action) not in self.round.legal_actions():
            raise EnvError(f"pinochle: action {int(action)} is not legal for {agent}")
        self.round.apply_action(int(action))
        self._chance()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The round as text (every card: a referee's view)."""
        text = str(self.round)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
