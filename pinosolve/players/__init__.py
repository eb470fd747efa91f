"""Players for every phase of every variant, and how to name them (``docs/players.md``).

``make_player(spec)`` builds a player from its spec: ``random``, ``rules``,
``pimc:samples=32,seconds=1,threads=1``, ``open`` (a cheat: it sees every card) or
``cmd:COMMAND`` (a program speaking JSON lines, ``pinosolve.players.program``). Every player
follows the one protocol of ``pinosolve.players.base.Player``.

>>> make_player("pimc:samples=8").name
'pimc:samples=8'
>>> make_player("open").sees_all
True
"""

from __future__ import annotations

from typing import Any

from pinosolve.errors import PinosolveError
from pinosolve.players.base import Player, parse_spec

KINDS = ("random", "rules", "pimc", "open", "cmd")


def make_player(spec: str, **options: Any) -> Player:
    """The player ``spec`` names (see the module); ``options`` go to a program player
    (``seconds``, the time it has to answer). One-line ``PinosolveError`` for an unknown
    kind or a bad parameter."""
    kind, params = parse_spec(spec)
    if kind == "random":
        from pinosolve.players.random_player import RandomPlayer

        return RandomPlayer(params)
    if kind == "rules":
        from pinosolve.players.rules import RulesPlayer

        return RulesPlayer(params)
    if kind == "pimc":
        from pinosolve.players.pimc import PimcPlayer

        return PimcPlayer(params)
    if kind == "open":
        from pinosolve.players.open import OpenPlayer

        return OpenPlayer(params)
    if kind == "cmd":
        from pinosolve.players.program import ProgramPlayer

        return ProgramPlayer(params["command"], **options)
    raise PinosolveError(f"player: no player {kind!r:.30}; the players are "
                         f"{', '.join(KINDS)}")


__all__ = ["KINDS", "Player", "make_player"]
