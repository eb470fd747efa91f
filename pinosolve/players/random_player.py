"""``random``: a uniform choice among the legal choices (for a pass or a lay-away, a
uniform draw of the cards to give, the required ones included), from the seed the match
gives each round.

>>> from pinosolve.players.random_player import RandomPlayer
>>> from pinosolve.table.decision import Decision
>>> RandomPlayer().choose({}, Decision("trump", "N", ("S",)))
'S'
"""

from __future__ import annotations

import random
from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.players.base import Player, check_params
from pinosolve.table.decision import Choice, Decision
from pinosolve.variants.variant import Variant


class RandomPlayer(Player):
    """See the module."""

    kind = "random"

    def __init__(self, params: Optional[Mapping[str, str]] = None) -> None:
        super().__init__(params)
        check_params(self.kind, self.params, ())
        self.rng = random.Random(0)

    def start(self, variant: Variant, seat: str, seed: int) -> None:
        super().start(variant, seat, seed)
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        if not decision.count:
            return self.rng.choice(decision.choices)
        left = list(decision.choices)
        for c in decision.required:
            left.remove(c)
        return tuple(decision.required) + tuple(
            self.rng.sample(left, decision.count - len(decision.required)))
