"""Progress reports of long searches, for whoever asked for them (the command line's
``--progress``), without each layer between the command and the search passing them on.

While :func:`reporting` is in force, the double-dummy searches that are not given an
``on_test`` of their own report each null-window test to ``search_test``, and the CP-SAT
models report each better solution to ``sat_solution`` (its objective, and the seconds since
that solve began). Outside it nothing is reported and nothing is paid. This module imports
nothing heavy: the command line may load it before OR-Tools.

>>> def note(test): pass
>>> with reporting(note, None):
...     search_test.get() is note
True
>>> search_test.get() is None
True
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Optional
from collections.abc import Callable, Iterator

TestReport = Callable[[Any], None]  # called with a pinosolve.play.driver.Test
SolutionReport = Callable[[float, float], None]  # (objective, seconds)

search_test: ContextVar[Optional[TestReport]] = ContextVar("search_test", default=None)
sat_solution: ContextVar[Optional[SolutionReport]] = ContextVar("sat_solution", default=None)


@contextmanager
def reporting(on_test: Optional[TestReport], on_solution: Optional[SolutionReport]
              ) -> Iterator[None]:
    """Report the searches run inside the block to ``on_test`` and ``on_solution``."""
    tokens = (search_test.set(on_test), sat_solution.set(on_solution))
    try:
        yield
    finally:
        search_test.reset(tokens[0])
        sat_solution.reset(tokens[1])
