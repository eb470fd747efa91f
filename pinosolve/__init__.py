"""pinosolve: a Pinochle rules engine and solver.

Every variant is a data file (``rules/*.toml``); the public API starts from a variant::

    from pinosolve import load_variant, Hand
    v = load_variant("four-hand")
    hand = v.parse_hand("AS TS KS QS JS")

Heavy parts (the CP-SAT meld engine, the double-dummy solver) are imported on first use so that
``import pinosolve`` stays cheap.
"""

from __future__ import annotations

# Ctrl-C as the program starts is one line, never a traceback (pinosolve.program): SIGINT is
# held (the builtin _signal, loaded at Python's start, needs no import) while the module that
# puts the handler in place loads, and a Ctrl-C that came meanwhile reaches that handler
import _signal  # noqa: E402

_held = (_signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT})
         if hasattr(_signal, "pthread_sigmask") else None)
try:
    from pinosolve import program  # noqa: E402, F401
finally:
    if _held is not None:
        _signal.pthread_sigmask(_signal.SIG_SETMASK, _held)
    del _held

__version__ = "0.1.0"

from pinosolve.cards import CARDS, Card, Hand, Rank, Suit  # noqa: E402
from pinosolve.deal import Deal  # noqa: E402
from pinosolve.errors import DeckError, NotationError, PinosolveError, RulesError  # noqa: E402
from pinosolve.game import Game, IllegalPlay, PlayedTrick, SolveResult, solve_many  # noqa: E402
from pinosolve.variants.variant import Variant, load_file, load_variant, resolve, variant_ids  # noqa: E402

__all__ = [
    "CARDS", "Card", "Deal", "DeckError", "Game", "Hand", "IllegalPlay", "NotationError",
    "PinosolveError", "PlayedTrick", "Rank", "RulesError", "SolveResult", "Suit", "Variant",
    "load_file", "load_variant", "resolve", "solve_many", "variant_ids",
    "__version__",
]
