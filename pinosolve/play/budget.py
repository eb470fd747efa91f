"""What a double-dummy search may spend, and how it runs: ``Budget`` and ``Technique``.

Every search of the driver (``pinosolve.play.driver``: ``solve``, ``threshold_test``,
``Session.solve``) and ``Game.solve`` take one ``Budget``: the time it may take, the most
table entries it may grow to, and who hears of each null-window test as it finishes. Ctrl-C
is the one interrupt: it always stops a search with what it had proved
(``driver.SearchInterrupted``), so a budget never needs a switch for it. ``Technique`` holds
the switches that change how a search runs but never what it answers (the table's size, the
techniques the tests and benchmarks turn off one by one).

>>> Budget(timeout=2).timeout, Budget().deadline(10.0)
(2.0, None)
>>> Budget(timeout=0)
Traceback (most recent call last):
pinosolve.errors.PinosolveError: timeout must be a number of seconds more than 0 and at ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union
from collections.abc import Callable

from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.play.driver import Test

MAX_TIMEOUT = 1e9  # seconds: the longest budget a search takes
MAX_TABLE = 1 << 28  # entries: the largest table a budget allows

MAX_THREADS = 64  # the most threads one search may run in


def check_timeout(timeout: object, what: str = "timeout") -> Optional[float]:
    """A search's time budget: None (no limit) or seconds more than 0 and at most
    ``MAX_TIMEOUT``, as a float; anything else is a one-line ``PinosolveError``: NaN and
    infinity (with NaN no clock reading is ever past the deadline, so either would silently
    mean no limit), 0, negatives, larger numbers, and what is not a number.

    >>> check_timeout(2), check_timeout(None)
    (2.0, None)
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) \
            or not 0 < timeout <= MAX_TIMEOUT:  # (false for NaN)
        shown = repr(timeout) if len(repr(timeout)) <= 40 else repr(timeout)[:37] + "..."
        raise PinosolveError(f"{what} must be a number of seconds more than 0 and at most "
                             f"{MAX_TIMEOUT:,.0f} (leave it out for no limit), got {shown}")
    return float(timeout)


@dataclass(frozen=True)
class Budget:
    """What one search may spend. ``timeout``: seconds (None: no limit; checked by
    ``check_timeout``); when it runs out the answer holds the bounds proved so far.
    ``table_limit``: the most entries the compiled core's table may grow to (None:
    ``tables.default_limit()``, what this process's memory allows one search; a batch worker
    passes its share). ``on_test``: called with each null-window test (a ``driver.Test``)
    as it finishes, so that a search that runs for hours shows its bounds closing in.
    ``threads``: how many threads the search runs in (1 to ``MAX_THREADS``; the compiled
    core only, see ``pinosolve.play.threads``), each test searched by all of them over one
    table: worth it for a search of a second or more."""

    timeout: Optional[float] = None
    table_limit: Optional[int] = None
    on_test: Optional[Callable[[Test], None]] = None
    threads: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "timeout", check_timeout(self.timeout))
        limit = self.table_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or
                                  not 1 <= limit <= MAX_TABLE):
            raise PinosolveError(f"table_limit must be a whole number of entries from 1 to "
                                 f"2**28, got {limit!r:.40}")
        threads = self.threads
        if isinstance(threads, bool) or not isinstance(threads, int) or \
                not 1 <= threads <= MAX_THREADS:
            raise PinosolveError(f"threads must be a whole number from 1 to {MAX_THREADS}, "
                                 f"got {threads!r:.40}")
        if self.on_test is not None and not callable(self.on_test):
            raise PinosolveError(f"on_test must be a function of a test, got "
                                 f"{self.on_test!r:.40}")

    def deadline(self, start: float) -> Optional[float]:
        """The ``time.perf_counter`` reading past which a search begun at ``start`` stops."""
        return None if self.timeout is None else start + self.timeout


BudgetLike = Union[Budget, float, None]  # a Budget, or its timeout alone (None: no limit)


def as_budget(budget: BudgetLike) -> Budget:
    """A ``Budget``, or seconds for one with that timeout alone (None: none at all)."""
    return budget if isinstance(budget, Budget) else Budget(timeout=budget)


@dataclass(frozen=True)
class Technique:
    """How a search runs, never what it answers: for the benchmarks' ablations and the
    differential tests. ``tt_entries``: the table's fixed size (None: sized by the tricks
    left, growing up to the budget's ``table_limit``); ``use_tt``, ``use_equivalence``:
    the table and the equivalent-card groups on or off; ``core_options``: the compiled
    core's technique switches (``pinosolve.play._core.OPT_*``; None: its defaults)."""

    tt_entries: Optional[int] = None
    use_tt: bool = True
    use_equivalence: bool = True
    core_options: Optional[int] = None


DEFAULT = Technique()
