"""Transposition-table sizes: where a search's table starts, and how far it may grow.

Every figure here is a number of entries (a power of two); one entry of the compiled core's
table takes ``ENTRY_BYTES``. Nothing here is process state: a search gets its sizes as
arguments (``pinosolve.play.driver.solve``'s ``table_limit``), so two searches in one process
may have different ones. Why the sizes are what they are: docs/search.md.

>>> table_entries([[0] * 12] * 4)  # a four-hand full deal: 12 tricks to play
524288
>>> table_limit(memory=1 << 30), table_limit(memory=8 << 30, parts=2)
(8388608, 33554432)
>>> grow_limit(budgeted=True, limit=1 << 26) == CAPPED_LIMIT
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional
from collections.abc import Sequence

DEFAULT_TT_ENTRIES = 2_000_000  # a search's table when no size is asked (either engine)
ENTRY_BYTES = 16          # one table entry in the compiled core
LARGEST = 1 << 26         # the most entries a table may reach (1 GiB in the core)
SMALLEST_LIMIT = 1 << 22  # ... and the least a limit may come down to
CAPPED_LIMIT = 1 << 24    # the most for a search with a time budget
SMALLEST_BITS = 4         # log2 of the least a table may have, where memory refuses more


def table_limit(memory: Optional[int] = None, parts: int = 1) -> int:
    """The most entries a growing table may reach: ``LARGEST``, halved until it takes at most
    an eighth of ``memory`` bytes shared by ``parts`` searches at once (a batch's worker
    processes), never below ``SMALLEST_LIMIT``. ``memory``: the bytes this process may use
    (None: ``pinosolve.memory.usable_memory``, which heeds control groups and resource limits,
    not only the machine's size; 0: unknown, no halving)."""
    if memory is None:
        from pinosolve.memory import usable_memory

        memory = usable_memory()
    limit = LARGEST
    while memory > 0 and limit > SMALLEST_LIMIT and limit * ENTRY_BYTES > memory // (8 * parts):
        limit >>= 1
    return limit


@lru_cache(maxsize=1)
def default_limit() -> int:
    """``table_limit()`` for this process, one search at a time: what a search given no
    limit grows to. Measured once (the memory a process may use does not change under it)."""
    return table_limit()


def grow_limit(budgeted: bool, limit: Optional[int] = None) -> int:
    """The most entries a search's growing table may reach: ``limit`` (None:
    ``default_limit()``), or ``CAPPED_LIMIT`` where that is less and the search has a time
    budget (a doubling costs seconds a budget cannot spare)."""
    limit = default_limit() if limit is None else limit
    return min(limit, CAPPED_LIMIT) if budgeted else limit


def table_entries(hands: Sequence[Sequence[int]], limit: Optional[int] = None) -> int:
    """The entries a search of a position with these hands starts with, by the tricks left:
    2**16 up to 6 tricks, doubling every 2 tricks to 2**19 at 11 and 12 tricks, 2**22 up to
    16 tricks, 2**24 beyond; never more than ``limit`` (the most it may grow to, which the
    memory the process may use bounds: ``table_limit``), where one is given.

    >>> table_entries([[0] * 20] * 4), table_entries([[0] * 20] * 4, limit=1 << 22)
    (16777216, 4194304)
    """
    tricks = max((len(h) for h in hands), default=0)
    if tricks <= 12:
        start = 1 << (16 + max(0, (tricks - 5) // 2))
    else:
        start = 1 << (22 if tricks <= 16 else 24)
    return start if limit is None else min(start, limit)


def table_bits(entries: int) -> int:
    """log2 of a table size in entries, within what the core accepts (4 to 28)."""
    return max(4, min(28, entries.bit_length() - 1))
