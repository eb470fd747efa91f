"""One exception family for every user-facing problem.

Every error pinosolve raises on bad input is a :class:`PinosolveError` whose message is a
single line naming the problem (which card, which key, which file). The CLI prints that line
and exits with code 2; library users can catch the one base class.
"""

from __future__ import annotations


class PinosolveError(ValueError):
    """Bad input: the message is one line that names the problem."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split()))


class NotationError(PinosolveError):
    """A card, hand or deal that cannot be read."""


class DeckError(PinosolveError):
    """Cards that are well formed but impossible in the variant's deck or deal."""


class RulesError(PinosolveError):
    """A rules file that cannot be loaded, or an unknown variant."""
