"""One search in several threads (``ThreadedSearch``): each null-window test is searched by
every thread at once, over one table they share, and the first to finish answers it.

Each thread has a ``CoreSearch`` of its own (its killers, its recent positions, its key
cache); their tables are one (``Core.share_table``), so what one proves the others read, and
near the root each leaves for last a move another is searching (the core's ``defer.c``), so
that they split the tree between them rather than search it twice. The test's answer is the
same whichever thread gives it: a fail-soft bound on the same side of the window (each search
is exact on its own, and the table holds only facts about positions).

The thread that asks runs one search itself, so a deadline and Ctrl-C reach it as they reach
a search alone; the others run in helper threads, started with the search and kept for its
tests (starting a thread took about a millisecond, more than a small test), each cancelled
(``Core.cancelled``) once the test is answered. Every helper has finished its part before
``ab`` returns or raises, however it ends (Ctrl-C included); the helpers end with the search
(when it is garbage). A shared table grows as one search's does, but only while no search
reads it: the search that outgrows it stops them all (``Core.grow_wanted``), the table
doubles, keeping its entries, and the test is asked again, its work so far found in the
table.
"""

from __future__ import annotations

import queue
import threading
import weakref
from typing import Any, Optional
from collections.abc import Sequence

from pinosolve.play.core import CoreSearch
from pinosolve.play.engine import SearchTimeout
from pinosolve.play.rules import PlayRules

MAX_RESTARTS = 64  # a test asked again after the table grew, at most (it doubles each time)


class _Job:
    """One test for the helpers: the arguments, the answers they found, and a flag each sets
    when its part is done."""

    def __init__(self, args: tuple[Any, ...], helpers: int, cores: list[Any]) -> None:
        self.args, self.cores = args, cores
        self.answers: list[int] = []
        self.done = [threading.Event() for _ in range(helpers)]


def _helper(search: CoreSearch, jobs: queue.SimpleQueue[Optional[tuple[_Job, int]]]) -> None:
    """A helper thread: each test that comes, searched; None ends it."""
    while True:
        got = jobs.get()
        if got is None:
            return
        job, k = got
        try:
            value = search.ab(*job.args)
        except Exception:  # cancelled, out of time (as the first is), or an error the first
            pass           # search meets as well, and raises
        else:
            job.answers.append(value)
            for core in job.cores:  # the test is answered: the others stop
                core.cancelled = True
        finally:
            job.done[k].set()


def _stop_helpers(queues: list[queue.SimpleQueue[Optional[tuple[_Job, int]]]]) -> None:
    for q in queues:
        q.put(None)


class ThreadedSearch:
    """The compiled ``Engine`` over ``threads`` threads (2 or more), one table between them.
    The other arguments are ``CoreSearch``'s."""

    def __init__(self, threads: int, rules: PlayRules, trump: int, side: Sequence[int],
                 tt_entries: int, deadline: Optional[float] = None, use_tt: bool = True,
                 use_equivalence: bool = True, core_options: Optional[int] = None,
                 grow_to: Optional[int] = None) -> None:
        self.searches = [CoreSearch(rules, trump, side, tt_entries, deadline, use_tt,
                                    use_equivalence, core_options, grow_to)]
        for _ in range(threads - 1):
            helper = CoreSearch(rules, trump, side, 16, deadline, use_tt, use_equivalence,
                                core_options)  # (its own table is let go at once)
            helper.core.share_table(self.searches[0].core)
            self.searches.append(helper)
        first = self.searches[0]
        self.rules, self.trump, self.side, self.n = first.rules, first.trump, first.side, first.n
        self.guesses = first.guesses
        self._queues: list[queue.SimpleQueue[Optional[tuple[_Job, int]]]] = []
        for s in self.searches[1:]:
            q: queue.SimpleQueue[Optional[tuple[_Job, int]]] = queue.SimpleQueue()
            threading.Thread(target=_helper, args=(s, q), daemon=True,
                             name="pinosolve-search-helper").start()
            self._queues.append(q)
        weakref.finalize(self, _stop_helpers, list(self._queues))

    @property
    def deadline(self) -> Optional[float]:
        return self.searches[0].deadline

    @deadline.setter
    def deadline(self, when: Optional[float]) -> None:
        for s in self.searches:
            s.deadline = when

    @property
    def nodes(self) -> int:
        """The positions searched so far, by every thread."""
        return sum(s.core.nodes for s in self.searches)

    def remaining(self, hands: list[list[int]], trick: list[int]) -> int:
        return self.searches[0].remaining(hands, trick)

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        return self.searches[0].moves(hands, leader, trick, tt_best)

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        return self.searches[0].guess(hands, leader, trick, first)

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int, beta: int,
           rem: int) -> int:
        """``CoreSearch.ab``, searched by every thread at once: the first answer."""
        owner = self.searches[0].core
        for _ in range(MAX_RESTARTS):
            try:
                return self._ab_once(hands, leader, trick, alpha, beta, rem)
            except SearchTimeout:
                if not owner.grow_wanted:
                    raise
            owner.grow()  # (no search runs now; the helpers follow it at their next test)
        raise SearchTimeout  # pragma: no cover - the table cannot double so often

    def _ab_once(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int,
                 beta: int, rem: int) -> int:
        cores = [s.core for s in self.searches]
        for core in cores:
            core.cancelled = False
        job = _Job((hands, leader, trick, alpha, beta, rem), len(self._queues), cores)
        posted = 0
        try:
            for k, q in enumerate(self._queues):
                q.put((job, k))
                posted += 1
            return self.searches[0].ab(hands, leader, trick, alpha, beta, rem)
        except SearchTimeout:
            if job.answers:  # a helper answered first, and cancelled this search
                return job.answers[0]
            raise
        finally:
            _finish(job, posted)


def _finish(job: _Job, posted: int) -> None:
    """Every helper that took the test stopped and done: a Ctrl-C while this waits is held
    until they are, then raised."""
    interrupted = False
    while True:
        try:
            for core in job.cores:
                core.cancelled = True
            for done in job.done[:posted]:
                done.wait()
            break
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        raise KeyboardInterrupt
