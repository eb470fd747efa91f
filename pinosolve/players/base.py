"""The one protocol of a player, and how a player is named.

A player decides from its own view only: ``choose(view, decision)`` gets the seat's view (a
JSON-ready table, ``pinosolve.table.state.Table.view``) and the ``Decision`` pending (its
kind, the legal choices) and returns one of the choices. ``start(variant, seat, seed)`` opens
each round: the rules, the seat it plays and a seed for its own randomness (the match derives
it from the match's seed, the deal and the seat, so a match replays exactly). A player that
``sees_all`` (the ``open`` player, a cheat named so in every table) is given, besides the
view, every hand (``deal``, the hands as play began, and ``hands``, as held now), the
partner, the kitty and the stock's order.

A player is named by a spec: its kind and its parameters, ``pimc:samples=32,seconds=0.5``;
``parse_spec`` reads it, ``make_player`` builds it (``pinosolve.players.make_player``).

>>> parse_spec("pimc:samples=32, threads=1")
('pimc', {'samples': '32', 'threads': '1'})
>>> parse_spec("cmd:python my bot.py")
('cmd', {'command': 'python my bot.py'})
"""

from __future__ import annotations

from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.errors import PinosolveError
from pinosolve.table.decision import Choice, Decision
from pinosolve.variants.variant import Variant

MAX_SPEC = 1000  # characters of a player's spec


class Player:
    """A player (see the module). Subclasses set ``kind`` and implement ``choose``."""

    kind = "player"
    sees_all = False

    def __init__(self, params: Optional[Mapping[str, str]] = None) -> None:
        self.params = dict(params or {})
        self.variant: Optional[Variant] = None
        self.seat = ""
        self.seed = 0

    @property
    def name(self) -> str:
        """The spec that makes this player again: its kind and its parameters."""
        if not self.params:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())

    def start(self, variant: Variant, seat: str, seed: int) -> None:
        """A new round: the rules, the seat this player holds, a seed for its choices."""
        self.variant, self.seat, self.seed = variant, seat, seed

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        """One of ``decision``'s choices (see ``pinosolve.table.decision``)."""
        raise NotImplementedError

    def close(self) -> None:
        """Release what the player holds (a program's process)."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """A player's spec as (kind, parameters): ``kind`` or ``kind:key=value,key=value``;
    ``cmd:COMMAND`` keeps the command whole. One-line ``PinosolveError`` for a malformed
    spec."""
    if not isinstance(spec, str) or not spec.strip():
        raise PinosolveError("player: give a player, such as random, rules, pimc:samples=32, "
                             "open or cmd:COMMAND")
    if len(spec) > MAX_SPEC or "\n" in spec or "\0" in spec:
        raise PinosolveError(f"player: a spec is one line of at most {MAX_SPEC} characters")
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip().lower()
    if kind == "cmd":
        if not rest.strip():
            raise PinosolveError("player cmd: give the command, such as cmd:python bot.py")
        return kind, {"command": rest.strip()}
    params: dict[str, str] = {}
    for part in rest.split(",") if rest.strip() else []:
        key, eq, value = part.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise PinosolveError(f"player {kind}: parameters are key=value, got "
                                 f"{part.strip()!r:.40}")
        if key in params:
            raise PinosolveError(f"player {kind}: {key} given twice")
        params[key] = value
    return kind, params


def whole_param(kind: str, params: Mapping[str, str], key: str, default: int, low: int,
                high: int) -> int:
    """A whole-number parameter from ``low`` to ``high``."""
    text = params.get(key)
    if text is None:
        return default
    try:  # (ASCII digits only: int() also reads other scripts' digits and underscores)
        value = int(text) if text.isascii() and text.lstrip("+-").isdigit() else low - 1
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise PinosolveError(f"player {kind}: {key} is a whole number from {low} to {high}, "
                             f"got {text!r:.20}")
    return value


def number_param(kind: str, params: Mapping[str, str], key: str, default: Optional[float],
                 low: float, high: float) -> Optional[float]:
    """A number parameter in (``low``, ``high``]."""
    text = params.get(key)
    if text is None:
        return default
    try:  # (ASCII only: float() also reads other scripts' digits and underscores)
        value = float(text) if text.isascii() and "_" not in text else float("nan")
    except ValueError:
        value = float("nan")
    if not low < value <= high:
        raise PinosolveError(f"player {kind}: {key} is a number above {low:g} and at most "
                             f"{high:g}, got {text!r:.20}")
    return value


def check_params(kind: str, params: Mapping[str, str], known: tuple[str, ...]) -> None:
    """Refuse a parameter the player does not take."""
    for key in params:
        if key not in known:
            takes = ", ".join(known) if known else "no parameters"
            raise PinosolveError(f"player {kind}: no parameter {key!r:.20} (it takes {takes})")


FAULTS = ("late", "crashed", "garbage", "illegal", "error")


class PlayerFault(PinosolveError):
    """A player that failed a decision: ``kind`` one of ``FAULTS`` (answered late, crashed,
    printed garbage, chose an illegal choice, raised an error); the match gives the
    decision's default instead and counts the fault."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
