"""The compiled double-dummy search: which search runs, and the binding to the C core.

``backend()`` chooses: ``PINOSOLVE_CORE=c`` demands the compiled core (an error if it is
missing), ``PINOSOLVE_CORE=python`` forces the reference (``pinosolve.play.reference``); unset,
the compiled core is used when it was built and loads. ``describe()`` says which, in one line.

``CoreSearch`` is the compiled ``Engine`` (``pinosolve.play.engine``): its alpha-beta (``ab``)
and its guesses run in the compiled core (``pinosolve.play._core``, whose interface
``_core.h`` documents); the legal moves it gives the driver (for valuing every card and for
the line) come from ``moves.MoveOrder``, as the reference's do. The rules reach the core by
name (the ``[trick]`` settings), the table's sizes as arguments of each search.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Optional
from collections.abc import Sequence

from pinosolve.errors import PinosolveError, RulesError
from pinosolve.play.rules import PlayRules
from pinosolve.play.engine import SearchTimeout
from pinosolve.play.moves import MoveOrder
from pinosolve.play.position import PositionError, points_left
from pinosolve.play.tables import DEFAULT_TT_ENTRIES, ENTRY_BYTES, SMALLEST_BITS, table_bits
from pinosolve.variants.schema import POINTS_LIMIT

ENV = "PINOSOLVE_CORE"

# the compiled core's technique switches (``pinosolve.play._core.OPT_*``), each on by default:
# for measuring them one at a time (``bench/dd_full.py --ablation``) and for the tests that
# check that none changes a value
SWITCHES = ("OPT_TT", "OPT_EQUIV", "OPT_RELATIVE", "OPT_QUICK", "OPT_MASTER", "OPT_ORDER",
            "OPT_GUESS", "OPT_PARTITION", "OPT_KILLER", "OPT_SIBLING", "OPT_RECENT")


def _load() -> tuple[Any, str]:
    try:
        from pinosolve.play import _core
    except ImportError as exc:
        return None, f"compiled core not available ({exc})"
    return _core, ""


def backend() -> str:
    """'c' or 'python', honouring the environment variable; a ``PinosolveError`` for a value
    of it that is neither, or for ``c`` when the core cannot be loaded."""
    wanted = os.environ.get(ENV, "").strip().lower()
    if wanted not in ("", "c", "python"):
        raise PinosolveError(f"{ENV} must be 'c' or 'python', got {wanted!r}")
    if wanted == "python":
        return "python"
    module, why = _load()
    if module is None:
        if wanted == "c":
            raise PinosolveError(f"{ENV}=c but the {why}")
        _warn_once(why)
        return "python"
    return "c"


_warned = False


def _warn_once(why: str) -> None:
    """The first search that falls back to the Python reference says so, once a process, on
    stderr: it runs about 75 times slower, and nothing else would tell."""
    global _warned
    if _warned:
        return
    _warned = True
    print(f"pinosolve: warning: {why}; the search runs in the Python reference, about 75 "
          f"times slower (install with a C compiler to build it; {ENV}=python silences this)",
          file=sys.stderr, flush=True)


def describe() -> str:
    """One line for ``pinosolve --version``."""
    try:
        which = backend()
    except PinosolveError as exc:
        return f"search core: {exc}"
    if which == "c":
        return "search core: compiled C (pinosolve.play._core)"
    module, why = _load()
    if os.environ.get(ENV, "").strip().lower() == "python":
        return f"search core: Python reference (forced by {ENV}=python)"
    return f"search core: Python reference ({why})"


def trick_settings(rules: PlayRules) -> dict[str, object]:
    """The trick-play rules as the core takes them (``Core``'s ``trick``): by the rules file's
    names, ``free_play`` for a stage without obligations."""
    t = rules.trick
    return {"follow_suit": bool(t.follow_suit), "head": t.head,
            "trump_if_void": bool(t.trump_if_void), "overtrump": bool(t.overtrump),
            "trump_when_cannot_overtrump": bool(t.trump_when_cannot_overtrump),
            "head_after_ruff": bool(t.head_after_ruff),
            "partner_exempt": bool(t.partner_exempt), "free_play": bool(rules.free)}


class CoreSearch:
    """The compiled ``Engine``: ``ab`` and ``guess`` in the core, ``moves`` from
    ``MoveOrder``.

    ``tt_entries``: the table's first size; ``grow_to``: it doubles as the search outgrows
    it, keeping its entries, up to this many entries (None: it keeps its size). Both are this
    search's own. A table the memory refuses (``MemoryError``: a limit on the address space,
    say) is asked again at half the size, and grows no further than the size that fitted
    (``table_bits``: log2 of the entries it started with); one that cannot have even
    ``2**SMALLEST_BITS`` entries is a ``PinosolveError``, in one line. ``core_options``: the
    core's technique switches (``pinosolve.play._core.OPT_*``), for measuring them one by
    one; None means all the default ones. Rules whose points the core cannot hold (each
    0..POINTS_LIMIT) are refused with a ``RulesError``, a position with more points in play
    with a ``PositionError``."""

    def __init__(self, rules: PlayRules, trump: int, side: Sequence[int],
                 tt_entries: int = DEFAULT_TT_ENTRIES, deadline: Optional[float] = None,
                 use_tt: bool = True, use_equivalence: bool = True,
                 core_options: Optional[int] = None, grow_to: Optional[int] = None) -> None:
        from pinosolve.play import _core

        self.rules, self.trump, self.side, self.n = rules, trump, tuple(side), len(side)
        self.deadline, self.nodes = deadline, 0
        self.order = MoveOrder(rules, trump, side, use_equivalence)

        # the core holds every value in play exactly up to POINTS_LIMIT (the loader refuses
        # rules that could put more in play); rules made otherwise are refused here
        wrong = [p for p in (*rules.points, rules.last_trick) if not 0 <= p <= POINTS_LIMIT]
        if wrong:
            raise RulesError(f"points: {wrong[0]} for a card or the last trick, but the "
                             f"compiled core holds 0 to {POINTS_LIMIT} points in play")
        self._timeout = _core.Timeout
        options = _core.OPT_DEFAULT if core_options is None else core_options
        self.guesses = bool(options & _core.OPT_GUESS)
        bits = table_bits(tt_entries)
        grow = table_bits(grow_to) if grow_to else 0
        while True:  # a table the memory refuses: half the size, down to the least
            try:
                self.core = _core.Core(list(side), trump, list(rules.strength),
                                       list(rules.points), rules.last_trick,
                                       trick_settings(rules), tt_bits=bits,
                                       use_tt=int(use_tt), use_equivalence=int(use_equivalence),
                                       options=options, grow_bits=grow)
                break
            except MemoryError:
                if bits <= SMALLEST_BITS:
                    raise PinosolveError(
                        f"out of memory: the search's table cannot have even {1 << bits} "
                        f"entries ({(1 << bits) * ENTRY_BYTES} bytes) in the memory this "
                        "process may use (a limit set by ulimit -v, a container or the "
                        "machine)") from None
                bits -= 1
                grow = min(grow, bits) if grow else 0  # (no growing past what fitted)
        self.table_bits = bits

    def remaining(self, hands: list[list[int]], trick: list[int]) -> int:
        """All points still to be won: table, hands and the last-trick bonus."""
        return points_left(self.rules, hands, trick)

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        """The legal cards, grouped and best first (``MoveOrder``'s)."""
        return self.order.moves(hands, leader, trick, tt_best)

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        """Both sides play the core's first-ordered card to the end (the table's best lead and
        the killers first): a cheap guess that saves the driver costly tests away from the
        value, and close to it once tests have filled the table. Before the first test
        (``first``), with no table to follow, the best of every line through the next trick
        (minimax over its cards), each then played out. None when the guesses are switched
        off (``OPT_GUESS``)."""
        if not self.guesses:
            return None
        if first:
            return self.core.estimate(hands, leader, trick, self.n)
        return self.core.playout(hands, leader, trick)

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int, beta: int,
           rem: int) -> int:
        budget = 0.0
        if self.deadline is not None:
            budget = self.deadline - time.perf_counter()
            if budget <= 0:
                raise SearchTimeout
        if rem > POINTS_LIMIT:
            raise PositionError(f"{rem} points in play, but the compiled core holds at most "
                                f"{POINTS_LIMIT}")
        # every value lies in 0..rem: a wider window means the same (and fits a C int)
        alpha, beta = min(max(alpha, -1), rem), min(max(beta, 0), rem + 1)
        try:
            return self.core.ab(hands, leader, trick, alpha, beta, rem, budget)
        except self._timeout:
            raise SearchTimeout from None
        finally:
            self.nodes = self.core.nodes
