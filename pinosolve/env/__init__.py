"""Pinochle for game-AI research: an OpenSpiel game and a PettingZoo environment.

``import pinosolve.env`` registers the OpenSpiel game ``pinochle`` (``pinosolve.env.game``:
every shipped variant, or a rules file); ``pettingzoo_env(...)`` is the same game as a
PettingZoo AEC environment (``pinosolve.env.aec``); ``bot(spec, game, player)`` one of
pinosolve's players as a ``pyspiel.Bot`` (``pinosolve.env.bots``). It needs the ``env``
extra: ``pip install "pinosolve[env]"``. ``docs/env.md`` has the action and tensor layouts
and examples.
"""

from __future__ import annotations

from typing import Any

try:
    import pyspiel
except ImportError:  # pragma: no cover (the extra is missing)
    from pinosolve.errors import PinosolveError

    raise PinosolveError('pinosolve.env needs the env extra: pip install "pinosolve[env]" '
                         "(open_spiel, pettingzoo)") from None

from pinosolve.env.game import EnvError, PinochleGame, PinochleState

__all__ = ["EnvError", "PinochleGame", "PinochleState", "bot", "load_game", "pettingzoo_env"]


def load_game(variant: str = "four-hand", **params: Any) -> Any:
    """``pyspiel.load_game("pinochle", {"variant": variant, ...})``."""
    return pyspiel.load_game("pinochle", {"variant": variant, **params})


def pettingzoo_env(variant: str = "four-hand", **params: Any) -> Any:
    """The game as a PettingZoo AEC environment (see ``pinosolve.env.aec``)."""
    from pinosolve.env.aec import PinochleEnv

    return PinochleEnv(variant, **params)


def bot(spec: str, game: Any, player: int, seed: int = 0) -> Any:
    """Player ``spec`` (``random``, ``rules``, ``pimc:samples=8``, ``open``) as a
    ``pyspiel.Bot`` for seat ``player`` of ``game`` (see ``pinosolve.env.bots``)."""
    from pinosolve.env.bots import PlayerBot

    return PlayerBot(spec, game, player, seed)
