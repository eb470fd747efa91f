"""``open``: sees every card and plays each card double dummy (the best card for its side
with every hand known, ``Game.solve``); its other decisions are ``rules``'s. An upper bound
for the players that see only their own cards, never a fair opponent: every table names it
a cheat. In the two-hand stock stage it plays as ``rules`` does (the open-stock search
reaches only the last tricks of the stock); the play-off it plays double dummy.

>>> from pinosolve.players.open import OpenPlayer
>>> OpenPlayer().sees_all
True
"""

from __future__ import annotations

from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.players.base import check_params, number_param
from pinosolve.players.rules import RulesPlayer
from pinosolve.table.decision import Choice, Decision


class OpenPlayer(RulesPlayer):
    """See the module. ``seconds``: the most one card's search may take (default none);
    past it the best card found so far by the proved bounds."""

    kind = "open"
    sees_all = True

    def __init__(self, params: Optional[Mapping[str, str]] = None) -> None:
        super().__init__({})
        self.params = dict(params or {})
        check_params(self.kind, self.params, ("seconds",))
        self.seconds = number_param(self.kind, self.params, "seconds", None, 0, 3600)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        if decision.kind != "play" or view.get("stage") == 1 or len(decision.choices) == 1:
            return super().choose(view, decision)
        from pinosolve.game import Game
        from pinosolve.play.budget import Budget

        v = self.variant
        assert v is not None
        g = Game(v, view["deal"], trump=view["trump"], leader=view["leader"],
                 **({"declarer": view["bidder"]} if "bidder" in view
                    and v.rules.players.partnership != "fixed" and len(v.seats) > 2 else {}),
                 **({"partner": view["partner"]} if view.get("partner") else {}))
        for c in view["play"]:
            g.play(c)
        budget = None if self.seconds is None else Budget(timeout=self.seconds)
        res = g.solve(budget)
        value = {c: (x, x) for c, x in res.values.items()}
        value.update(res.values_bounds)  # (past seconds: the best lower bound proved)
        best = max(value, key=lambda c: value[c])
        return str(best)
