"""Progress reports of long searches, for whoever asked for them (the command line's
``--progress``), without each layer between the command and the search passing them on.

While :func:`reporting` is in force, the double-dummy searches that are not given an
``on_test`` of their own report each null-window test to ``search_test``, and the CP-SAT
models report each better solution to ``sat_solution`` (its objective, the seconds since
that solve began, and the model's number: an answer may solve several). Outside it nothing
is reported and nothing is paid. This module imports
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
SolutionReport = Callable[[float, float, int], None]  # (objective, seconds, model)

search_test: ContextVar[Optional[TestReport]] = ContextVar("search_test", default=None)
sat_solution: ContextVar[Optional[SolutionReport]] = ContextVar("sat_solution", default=None)
_models: ContextVar[Optional[list[int]]] = ContextVar("_models", default=None)


def next_model() -> int:
    """The number of a CP-SAT model about to be solved inside :func:`reporting`'s block
    (1, 2, …): an answer may solve several, and each reports its own solutions."""
    count = _models.get()
    if count is None:  # (outside a block: nobody reads the number)
        return 0
    count[0] += 1
    return count[0]


@contextmanager
def reporting(on_test: Optional[TestReport], on_solution: Optional[SolutionReport]
              ) -> Iterator[None]:
    """Report the searches run inside the block to ``on_test`` and ``on_solution``."""
    tokens = (search_test.set(on_test), sat_solution.set(on_solution), _models.set([0]))
    try:
        yield
    finally:
        search_test.reset(tokens[0])
        sat_solution.reset(tokens[1])
        _models.reset(tokens[2])
