"""One search in several threads (``ThreadedSearch``): each null-window test is searched by
every thread at once, over one table they share, and the first to finish answers it.

Each thread has a ``CoreSearch`` of its own (its killers, its recent positions, its key
cache); their tables are one (``Core.share_table``), so what one proves the others read, and
near the root each leaves for last a move another is searching (the core's ``defer.c``), so
that they split the tree between them rather than search it twice. The test's answer is the
same whichever thread gives it: a fail-soft bound on the same side of the window (each search
is exact on its own, and the table holds only facts about positions).

The thread that asked runs one search itself, so a deadline and Ctrl-C reach it as they reach
a search alone; the others run in threads started for the test, and each is cancelled
(``Core.cancelled``) once the test is answered. A shared table grows as one search's does,
but only while no search reads it: the search that outgrows it stops them all
(``Core.grow_wanted``), the table doubles, keeping its entries, and the test is asked again,
its work so far found in the table.
"""

from __future__ import annotations

import threading
from typing import Optional
from collections.abc import Sequence

from pinosolve.play.core import CoreSearch
from pinosolve.play.engine import SearchTimeout
from pinosolve.play.rules import PlayRules


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
        while True:
            try:
                return self._ab_once(hands, leader, trick, alpha, beta, rem)
            except SearchTimeout:
                if not owner.grow_wanted:
                    raise
            owner.grow()  # (no search runs now) and again, on the grown table
            for s in self.searches[1:]:
                s.core.share_table(owner)

    def _ab_once(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int,
                 beta: int, rem: int) -> int:
        mine, others = self.searches[0], self.searches[1:]
        answers: list[int] = []  # the helpers' (each stops the others when it has one)

        def helper(search: CoreSearch) -> None:
            try:
                value = search.ab(hands, leader, trick, alpha, beta, rem)
            except Exception:  # cancelled, out of time (as the first is), or an error the
                return         # first search meets as well, and raises
            answers.append(value)
            for s in self.searches:
                s.core.cancelled = True

        for s in self.searches:
            s.core.cancelled = False
        crew = [threading.Thread(target=helper, args=(s,), daemon=True,
                                 name="pinosolve-search-helper") for s in others]
        for t in crew:
            t.start()
        try:
            return mine.ab(hands, leader, trick, alpha, beta, rem)
        except SearchTimeout:
            if answers:  # a helper answered first, and cancelled this one
                return answers[0]
            raise
        finally:
            for s in others:
                s.core.cancelled = True
            for t in crew:
                t.join()
