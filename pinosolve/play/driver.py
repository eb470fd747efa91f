"""What drives the double-dummy searches: ``solve`` and the null-window tests it asks.

``solve(pos, rules)`` gives a position's value for the side to move, every legal card's value
and an optimal line (a ``SearchOutcome``), searched by the compiled core or the Python reference
(``pinosolve.play.core.backend``). A ``Driver`` asks its search only null-window tests, "can
side 0 reach at least T?":

* MTD(f)-style (``Driver.mtdf``): each test at a guess kept inside the interval still open
  (the compiled core's playout, which follows the table's best leads and so closes in on the
  value as the tests fill the table; before the first test a minimax over the next trick, each
  line played out), else halving that interval;
* every card valued one by one, the others tested against the best so far;
* under a time budget, once a test outruns its share of it, tests that close in from outside
  (``_CloseIn``), so that a budget that runs out answers with bounds as narrow as it could buy;
  Ctrl-C keeps what was proved (``SearchInterrupted``).

The table of a search starts sized by the tricks left and grows with it up to ``solve``'s
``table_limit`` (``pinosolve.play.tables``): a per-call figure, so searches in one process
(a batch worker's, say) each have their own. Why the driver works as it does, with
measurements: docs/search.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional
from collections.abc import Callable

from pinosolve.errors import PinosolveError
from pinosolve.play.budget import DEFAULT, Budget, Technique
from pinosolve.play.core import CoreSearch, backend as chosen_backend
from pinosolve.play.engine import Engine, SearchTimeout
from pinosolve.play.rules import PlayRules
from pinosolve.play.position import Position, check_position, points_left
from pinosolve.play.reference import Search
from pinosolve.play.tables import grow_limit, table_entries
from pinosolve.play.trick import trick_points, winning_seat

__all__ = ["Budget", "Driver", "SearchOutcome", "SearchInterrupted", "SearchTimeout",
           "Session", "Technique", "Test", "new_search", "principal_line", "solve"]

TEST_SHARE = 0.25        # of the time left, the most a test may take before closing in


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C during ``solve``: still a KeyboardInterrupt, but it carries what the search had
    proved when it stopped (``result``: its bounds, as a budget that ran out leaves them), so
    that an hour's search interrupted is not an hour lost."""

    def __init__(self, result: SearchOutcome) -> None:
        super().__init__("search interrupted")
        result.interrupted = True
        self.result = result


@dataclass(frozen=True)
class Test:
    """One null-window test of the driver, as it finished: is the value at least ``beta``?
    ``result`` is the fail-soft answer (at least ``beta`` when it is, else below it), so a
    test that says yes proves the value at least ``result``, and one that says no proves it
    at most ``result``. The value is of the position tested: the one solved, or, when every
    card is valued, the position after a card (without the points that card's trick banked).
    For watching a long search close in."""

    beta: int
    result: int
    nodes: int
    seconds: float

    @property
    def reached(self) -> bool:
        return self.result >= self.beta


@dataclass
class SearchOutcome:
    """What ``solve`` proved: the value for the side to move (None unless proved exactly),
    bounds on it, each legal card's bounds (equal when it is valued), one optimal line, and
    the search's work. ``exact``: everything asked was proved."""

    value: Optional[int]                    # points the side to move takes from here
    bounds: tuple[int, int]                 # proved lower and upper bound on the value
    cards: dict[int, tuple[int, int]] = field(default_factory=dict)  # card -> (lo, hi)
    line: list[int] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = True
    interrupted: bool = False               # Ctrl-C stopped it (see SearchInterrupted)


class Driver:
    """The null-window tests of one search (``search``: an ``Engine``, the reference
    ``Search`` or the compiled ``CoreSearch``), each reported to ``on_test`` as it finishes.
    ``interrupted``: Ctrl-C arrived in a test, and no test runs after it (see ``test``)."""

    def __init__(self, search: Engine, on_test: Optional[Callable[[Test], None]] = None
                 ) -> None:
        self.search = search
        self.on_test = on_test
        self.interrupted = False

    def mtdf(self, hands: list[list[int]], leader: int, trick: list[int],
             ceiling: Optional[int] = None, floor: int = 0,
             escape: bool = False) -> tuple[int, int]:
        """Exact side-0 value by null-window tests; on timeout, BoundsTimeout carries bounds.

        Each test is at the guess (``guess``, asked again after every failed test: each test
        teaches the table more of the best line, so the guess closes in on the value), kept
        inside the interval still open; but a test that succeeded is followed by one a point
        above it, without asking (the playout after a success tends to overshoot, and a failed
        test just above the value costs as much as the one that settles it). With no guess,
        the interval is halved. Below a ``ceiling`` (a known upper bound, as a position's
        value is for each of its cards) the tests step down from it instead: most cards are
        worth the position's value or a little less, and tests just above a value are cheap
        where tests below it are not. A ``floor`` is a lower bound a test has already proved
        (its next test is a point above it).

        With a budget (``deadline``), each test may spend a quarter of the time left
        (TEST_SHARE). A test at the guess that needs more means the budget will likely run
        out before the value is proved, so the tests close in on the first guess from outside
        instead (``_CloseIn``): cheap tests far from the value, each narrowing the bounds the
        budget answers with. ``escape``: raise TestTooLong instead, for a caller with a better
        use for the budget."""
        rem = self.search.remaining(hands, trick)
        lo, hi = max(0, floor), rem if ceiling is None else max(0, min(rem, ceiling))
        reached = floor > 0  # the last test succeeded
        first = True
        anchor = 0       # the first guess
        budgeted = ceiling is None and self.search.deadline is not None
        closing: Optional[_CloseIn] = None  # once a test outran its share of the budget
        try:
            while lo < hi:
                step = closing.next(lo, hi) if closing is not None else None
                if step is not None:
                    beta = step
                else:
                    if ceiling is not None:
                        g: Optional[int] = hi
                    elif reached and self.search.guesses:
                        g = lo + 1
                    else:
                        g = self.search.guess(hands, leader, trick, first)
                    if g is None:
                        g = (lo + hi + 1) // 2
                    if first:
                        anchor = g
                    first = False
                    beta = min(max(g, lo + 1), hi)
                try:
                    v = self.test(hands, leader, trick, beta, rem,
                                  limited=budgeted and (closing is None or step is not None))
                except TestTooLong:
                    if closing is None:
                        if escape:
                            raise
                        closing = _CloseIn(anchor)
                    else:
                        closing.too_long()
                    continue
                if step is not None and closing is not None:  # (a step comes from closing)
                    closing.done()
                reached = v >= beta
                if reached:
                    lo = v
                else:
                    hi = v
        except SearchTimeout:
            raise BoundsTimeout(lo, hi) from None
        except KeyboardInterrupt:  # between tests (a guess, say): the bounds so far stand
            self.interrupted = True
            raise BoundsTimeout(lo, hi) from None
        return lo, hi

    def test(self, hands: list[list[int]], leader: int, trick: list[int], beta: int,
             rem: int, limited: bool) -> int:
        """One null-window test at ``beta``, reported to ``on_test``. ``limited``: it may spend
        only TEST_SHARE of the time left (TestTooLong if it needs more). Ctrl-C ends it as a
        budget running out would (SearchTimeout), so the callers keep the bounds proved before
        it, and every later test ends at once: ``solve`` then raises SearchInterrupted."""
        if self.interrupted:
            raise SearchTimeout
        nodes, began = self.search.nodes, time.perf_counter()
        try:
            v = self._bounded_test(hands, leader, trick, beta, rem, limited)
        except KeyboardInterrupt:
            self.interrupted = True
            raise SearchTimeout from None
        if self.on_test is not None:
            try:
                self.on_test(Test(beta, v, self.search.nodes - nodes,
                                  time.perf_counter() - began))
            except KeyboardInterrupt:  # in the report: this test's bound stands
                self.interrupted = True
        return v

    def _bounded_test(self, hands: list[list[int]], leader: int, trick: list[int], beta: int,
                      rem: int, limited: bool) -> int:
        if not limited:
            return self.search.ab(hands, leader, trick, beta - 1, beta, rem)
        deadline = self.search.deadline
        assert deadline is not None
        now = time.perf_counter()
        self.search.deadline = min(deadline, now + (deadline - now) * TEST_SHARE)
        try:
            return self.search.ab(hands, leader, trick, beta - 1, beta, rem)
        except SearchTimeout:
            if time.perf_counter() < deadline:
                raise TestTooLong from None
            raise
        finally:
            self.search.deadline = deadline


class TestTooLong(Exception):
    """A test limited to a share of the time left needed more of it."""


class _CloseIn:
    """The tests of a search whose budget looks too small for tests at the guess: each one
    halfway from a bound towards the guess, the wider gap first. Tests far from the value are
    cheap, and each narrows the bounds that a budget running out answers with. A test that
    outruns its share of the time left is retried half as far from its bound, after a test on
    the other side; once both bounds are within a point of the guess, or neither side can
    make a step, the search goes back to its tests at the guess (None)."""

    def __init__(self, guess: int) -> None:
        self.guess = guess
        self.step = {"lo": 0, "hi": 0}    # 0: half the gap
        self.stuck = {"lo": False, "hi": False}
        self.last = ""

    def next(self, lo: int, hi: int) -> Optional[int]:
        g = min(max(self.guess, lo), hi)
        gap = {"lo": g - lo, "hi": hi - g}
        sides = [k for k in ("lo", "hi") if gap[k] > 1 and not self.stuck[k]]
        if not sides:
            return None
        sides.sort(key=lambda k: (k == self.last, -gap[k]))
        side = self.last = sides[0]
        step = min(self.step[side] or (gap[side] + 1) // 2, gap[side])
        self.step[side] = step
        return lo + step if side == "lo" else hi - step + 1

    def done(self) -> None:
        """The last test finished: the next step on its side is half the new gap."""
        self.step[self.last] = 0

    def too_long(self) -> None:
        """The last test outran its share: a smaller step on its side, if there is one."""
        if self.step[self.last] <= 1:
            self.stuck[self.last] = True
        self.step[self.last] //= 2


class BoundsTimeout(Exception):
    """A budget ran out (or Ctrl-C came) in ``Driver.mtdf``: the bounds it had proved."""

    def __init__(self, lo: int, hi: int) -> None:
        super().__init__(f"bounds {lo}..{hi}")
        self.lo, self.hi = lo, hi


def _after(search: Engine, hands: list[list[int]], leader: int, trick: list[int],
           card: int) -> tuple[list[list[int]], int, list[int], int]:
    """The position after ``card`` is played, and the side-0 points it banks at once."""
    hands = [list(h) for h in hands]
    trick = list(trick)
    player = (leader + len(trick)) % search.n
    hands[player].remove(card)
    trick.append(card)
    if len(trick) < search.n:
        return hands, leader, trick, 0
    winner = winning_seat(search.rules, leader, trick, search.trump, search.n)
    won = trick_points(search.rules, trick, last=not any(hands))
    return hands, winner, [], (won if search.side[winner] == 0 else 0)


def new_search(pos: Position, rules: PlayRules, backend: str,
               deadline: Optional[float] = None, table_limit: Optional[int] = None,
               technique: Technique = DEFAULT, budgeted: Optional[bool] = None,
               threads: int = 1) -> Engine:
    """The search ``solve`` runs on a position (``backend`` 'c' or 'python'): its sides
    re-labelled so that side 0 is the side to move, and a table sized by the tricks left (no
    larger than its limit) that grows with the search up to ``table_limit`` entries (see
    ``Budget``; ``budgeted``:
    whether that limit is capped for a search under a time budget, None: if it has a
    ``deadline``), unless ``technique.tt_entries`` fixes its size. ``threads`` above 1: the
    compiled core's search in that many threads over one table (``ThreadedSearch``); the
    Python reference searches in one."""
    mover = pos.to_move
    side = tuple(0 if s == pos.side[mover] else 1 for s in pos.side)
    t = technique
    tt_entries, grow_to = t.tt_entries, None
    if tt_entries is None:  # (it starts no larger than it may grow: the memory's bound)
        grow_to = grow_limit(deadline is not None if budgeted is None else budgeted,
                             table_limit)
        tt_entries = table_entries(pos.hands, grow_to)
    if backend == "c" and threads > 1:
        from pinosolve.play.threads import ThreadedSearch

        return ThreadedSearch(threads, rules, pos.trump, side, tt_entries, deadline, t.use_tt,
                              t.use_equivalence, t.core_options, grow_to)
    if backend == "c":
        return CoreSearch(rules, pos.trump, side, tt_entries, deadline, t.use_tt,
                          t.use_equivalence, t.core_options, grow_to)
    return Search(rules, pos.trump, side, tt_entries, deadline, t.use_tt, t.use_equivalence)


def reaches(pos: Position, rules: PlayRules, threshold: int, *, budget: Budget = Budget(),
            backend: Optional[str] = None, check_trick: bool = True) -> Optional[bool]:
    """Whether the side to move can make sure of at least ``threshold`` points from here:
    one null-window test at the threshold, where ``solve`` runs several to pin the value
    (what a contract's "can the side reach T?" needs). None: the budget ran out first."""
    lo, hi = threshold_test(pos, rules, threshold, budget=budget, backend=backend,
                            check_trick=check_trick).bounds
    return True if lo >= threshold else False if hi < threshold else None


def threshold_test(pos: Position, rules: PlayRules, threshold: int, *,
                   budget: Budget = Budget(), backend: Optional[str] = None,
                   check_trick: bool = True) -> SearchOutcome:
    """``reaches``' test with what it proved: ``bounds`` on the value of the side to move
    with ``threshold`` on one side of them (``(threshold, all)`` or ``(0, below)``), or
    every point in play when the budget ran out or Ctrl-C came first (``exact`` False,
    ``interrupted`` for Ctrl-C); ``value`` only where the bounds meet. No card is valued."""
    check_position(pos, rules, trick=check_trick)
    start = time.perf_counter()
    hands = [sorted(h) for h in pos.hands]
    trick = list(pos.trick)
    rem = points_left(rules, hands, trick)
    result = SearchOutcome(None, (0, rem))  # a threshold outside 0..rem needs no search
    if 0 < threshold <= rem:
        search = new_search(pos, rules, chosen_backend() if backend is None else backend,
                            budget.deadline(start), budget.table_limit,
                            threads=budget.threads)
        driver = Driver(search, budget.on_test)
        try:
            v = driver.test(hands, pos.leader, trick, threshold, rem, limited=False)
            result.bounds = (v, rem) if v >= threshold else (0, v)
        except SearchTimeout:
            result.exact, result.interrupted = False, driver.interrupted
        result.nodes = search.nodes
    lo, hi = result.bounds
    result.value = lo if lo == hi else None
    result.seconds = time.perf_counter() - start
    return result


def solve(pos: Position, rules: PlayRules, *, value_only: bool = False,
          budget: Budget = Budget(), backend: Optional[str] = None,
          technique: Technique = DEFAULT, check_trick: bool = True) -> SearchOutcome:
    """Value of the position for the side to move, every legal card's value, and a line.

    ``budget``: the time, the table and the progress reports (``Budget``); when its time
    runs out the outcome holds the bounds proved (``exact`` False). ``backend``: 'c'
    (compiled core), 'python' (reference) or None (see pinosolve.play.core). ``technique``:
    switches for measuring (``Technique``). Ctrl-C raises ``SearchInterrupted`` (a
    KeyboardInterrupt) with the result as far as it was proved, marked interrupted (and not
    exact, unless the tests had already met). ``check_trick``: refuse a trick that breaks
    the trick-play rules (a card its seat could not have played); False searches it as it
    lies, which the differential tests use to reach more states. A fresh search (and table)
    each call: ``Session`` keeps one across the positions of a deal."""
    check_position(pos, rules, trick=check_trick)
    if backend is None:
        backend = chosen_backend()
    start = time.perf_counter()
    return _run(lambda: new_search(pos, rules, backend, budget.deadline(start),
                                   budget.table_limit, technique, threads=budget.threads),
                pos, rules, value_only, budget.on_test, start)


def _run(make: Callable[[], Engine], pos: Position, rules: PlayRules, value_only: bool,
         on_test: Optional[Callable[[Test], None]], start: float,
         line: bool = True) -> SearchOutcome:
    """``solve``'s work on the search ``make`` gives (side 0: the side to move), its deadline
    already set; ``line`` False: no line (every card valued all the same)."""
    hands = [sorted(h) for h in pos.hands]
    trick = list(pos.trick)
    result = SearchOutcome(None, (0, points_left(rules, hands, trick)))
    search: Optional[Engine] = None
    nodes = 0
    interrupted = False
    try:
        search = make()
        nodes = search.nodes
        driver = Driver(search, on_test)
        groups = [] if value_only else search.moves(hands, pos.leader, trick)
        if groups:
            _value_every_card(driver, hands, pos.leader, trick, groups, result, line)
        else:
            try:
                lo, hi = driver.mtdf(hands, pos.leader, trick)
                result.value, result.bounds = lo, (lo, hi)
            except BoundsTimeout as t:
                result.bounds, result.exact = (t.lo, t.hi), False
        interrupted = driver.interrupted
    except KeyboardInterrupt:
        # Ctrl-C between tests (within one, the search keeps its bounds: see Driver.test):
        # what the result holds was proved, though bounds proved since it was last written
        # are lost
        interrupted, result.exact = True, False
    result.nodes = search.nodes - nodes if search is not None else 0
    result.seconds = time.perf_counter() - start
    if interrupted:
        raise SearchInterrupted(result)
    return result


class _Flipped:
    """A search seen from its side 1: the same table and nodes, every value ``rem`` minus
    side 0's. "Can side 1 reach at least beta?" is "can side 0 reach at least
    rem - beta + 1?" answered the other way, so a fail-soft answer v of the search below is
    rem - v here, with the window (alpha, beta) asked as (rem - beta, rem - alpha). Lets a
    ``Session`` whose table holds side-0 bounds answer for a mover on side 1 without a
    second table or a flipped one."""

    def __init__(self, search: Engine) -> None:
        self.inner = search
        self.rules, self.trump, self.n = search.rules, search.trump, search.n
        self.side = tuple(1 - s for s in search.side)
        self.guesses = search.guesses

    @property
    def nodes(self) -> int:
        return self.inner.nodes

    @property
    def deadline(self) -> Optional[float]:
        return self.inner.deadline

    @deadline.setter
    def deadline(self, value: Optional[float]) -> None:
        self.inner.deadline = value

    def remaining(self, hands: list[list[int]], trick: list[int]) -> int:
        return self.inner.remaining(hands, trick)

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        # the order and the groups depend on the sides only as partners or not: the same
        return self.inner.moves(hands, leader, trick, tt_best)

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        g = self.inner.guess(hands, leader, trick, first)
        return None if g is None else self.inner.remaining(hands, trick) - g

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int, beta: int,
           rem: int) -> int:
        return rem - self.inner.ab(hands, leader, trick, rem - beta, rem - alpha, rem)


class Session:
    """One search, and its transposition table, kept across ``solve`` calls on positions of
    one deal (a review's, card by card): the table's bounds are on the points still to win
    from trick boundaries, keyed on the hands held and the leader (history-free), so they
    stay true from one position to the next as long as the rules, the trump and the sides
    do; a position of another deal only misses in the table.

    The table holds side-0 bounds for the sides of the first position solved (side 0: its
    mover's); a position whose mover is on the other side is searched through a view of the
    same search with every value complemented (``_Flipped``), so the answers are the ones a
    fresh ``solve`` gives, each position's value for its side to move. ``rules``, ``trump``
    and ``side`` (per seat, 0 or 1) are the deal's: a position with another trump or other
    sides is refused (``PinosolveError``). ``table_limit`` and ``threads`` (the session's
    table and threads, as a ``Budget``'s), ``backend`` and ``technique`` as for ``solve``; the
    table starts sized by the first position and grows (to ``CAPPED_LIMIT`` at most if
    ``budgeted``: None decides by the first call's timeout)."""

    def __init__(self, rules: PlayRules, trump: int, side: tuple[int, ...], *,
                 backend: Optional[str] = None, table_limit: Optional[int] = None,
                 budgeted: Optional[bool] = None, technique: Technique = DEFAULT,
                 threads: int = 1) -> None:
        self.rules, self.trump, self.side = rules, trump, tuple(side)
        self.backend = chosen_backend() if backend is None else backend
        self.table_limit, self.budgeted, self.technique = table_limit, budgeted, technique
        self.threads = Budget(threads=threads).threads  # (checked as a Budget checks it)
        self.search: Optional[Engine] = None
        self.solves = 0

    def _search_for(self, pos: Position, deadline: Optional[float]) -> Engine:
        """The session's search as the mover of ``pos`` sees it (side 0: the mover's), its
        deadline set; made (its table sized by ``pos``) on the first call."""
        if self.search is None:
            self.search = new_search(pos, self.rules, self.backend, deadline, self.table_limit,
                                     self.technique, self.budgeted, self.threads)
        self.search.deadline = deadline
        mover = pos.side[pos.to_move]
        if tuple(0 if s == mover else 1 for s in pos.side) == self.search.side:
            return self.search
        return _Flipped(self.search)

    def solve(self, pos: Position, *, value_only: bool = False, budget: Budget = Budget(),
              check_trick: bool = True, line: bool = True) -> SearchOutcome:
        """As ``solve(pos, rules, ...)``, on the session's search and table (the budget's
        ``table_limit`` and ``threads`` aside: the session's are fixed when it is made).
        ``line`` False: no line of play (its tests cost a review, which only wants the
        values, a tenth of its time)."""
        check_position(pos, self.rules, trick=check_trick)
        if pos.trump != self.trump:
            raise PinosolveError(f"a session's positions share one trump: {self.trump}, got "
                                 f"{pos.trump}")
        same = tuple(pos.side) == self.side
        if not same and tuple(1 - s for s in pos.side) != self.side:
            raise PinosolveError(f"a session's positions share the sides {self.side}, got "
                                 f"{tuple(pos.side)}")
        start = time.perf_counter()
        self.solves += 1
        return _run(lambda: self._search_for(pos, budget.deadline(start)), pos, self.rules,
                    value_only, budget.on_test, start, line)


def _value_every_card(driver: Driver, hands: list[list[int]], leader: int, trick: list[int],
                      groups: list[tuple[int, list[int]]], result: SearchOutcome,
                      line: bool = True) -> None:
    """The value, every legal card's value and a line, into ``result``.

    The value comes card by card rather than from a search of the position: the first card
    is valued exactly, and each other one is only tested against the best so far (valued
    exactly only if it reaches it). That proves every card's upper bound against the value
    itself, which valuing the cards needs anyway, where a search of the position proves it a
    point higher, for nothing. The value is known
    before the weaker cards are valued, so a budget that runs out after it keeps it.

    Under a budget, a first test of the first card that outruns its share of it means a deal
    too big to value card by card in time: the budget goes to the value first (a search of
    the position, closing in from outside if it must), which bounds every card from above,
    and then to the cards."""
    search = driver.search
    kids = [_after(search, hands, leader, trick, rep) for rep, _ in groups]
    bounds: list[Optional[tuple[int, int]]] = [None] * len(groups)
    best: Optional[int] = None
    try:
        for i, (h2, l2, t2, gain) in enumerate(kids):
            rem = search.remaining(h2, t2)
            target = None if best is None else best - gain
            if target is None or target <= 0:
                lo, hi = driver.mtdf(h2, l2, t2, escape=i == 0)
            elif target > rem:
                lo, hi = 0, rem  # cannot reach the best so far
            else:
                v = driver.test(h2, l2, t2, target, rem, limited=False)
                lo, hi = driver.mtdf(h2, l2, t2, floor=v) if v >= target else (0, v)
            bounds[i] = (lo + gain, hi + gain)
            if lo == hi and (best is None or lo + gain > best):
                best = lo + gain
    except TestTooLong:
        best = _value_first(driver, hands, leader, trick, kids, bounds, groups, result)
        if best is None:
            return
    except (BoundsTimeout, SearchTimeout, KeyboardInterrupt) as t:
        if isinstance(t, KeyboardInterrupt):  # between tests: what they proved stands
            driver.interrupted = True
        elif isinstance(t, BoundsTimeout):
            bounds[i] = (t.lo + gain, t.hi + gain)
        # every card is answered: as far as it was proved, else what it may still reach; and
        # the value lies between the best card proved and the best any card may still reach
        known = [b or _reach(search, kid) for kid, b in zip(kids, bounds)]
        _record(groups, list(known), result)
        lo, hi = max(b[0] for b in known), max(b[1] for b in known)
        result.bounds, result.exact = (lo, hi), False
        if lo == hi:  # bounds that meet are the value, though not every card is valued
            result.value = lo
        return
    assert best is not None
    result.value, result.bounds = best, (best, best)
    try:
        for i, (h2, l2, t2, gain) in enumerate(kids):
            lo, hi = bounds[i] or (0, 0)
            if lo < hi:
                try:
                    lo, hi = driver.mtdf(h2, l2, t2, ceiling=hi - gain)
                except BoundsTimeout as t:  # this card's bounds narrowed as far as they got
                    bounds[i] = (max(lo, t.lo + gain), min(hi, t.hi + gain))
                    raise
                bounds[i] = (lo + gain, hi + gain)
        if line:
            first = next(rep for (rep, _), b in zip(groups, bounds) if b == (best, best))
            result.line = principal_line(driver, hands, leader, trick, best, first)
    except (BoundsTimeout, SearchTimeout, KeyboardInterrupt) as t:
        # the value stands; cards or line are partial
        if isinstance(t, KeyboardInterrupt):
            driver.interrupted = True
        result.exact = False
    _record(groups, bounds, result)


def _value_first(driver: Driver, hands: list[list[int]], leader: int, trick: list[int],
                 kids: list[tuple[list[list[int]], int, list[int], int]],
                 bounds: list[Optional[tuple[int, int]]], groups: list[tuple[int, list[int]]],
                 result: SearchOutcome) -> Optional[int]:
    """The position's value, with every card bounded by it in ``bounds``; None when the
    budget ran out first (``result`` then holds the bounds proved: on the value, and on every
    card from above)."""
    try:
        lo, hi = driver.mtdf(hands, leader, trick)
    except BoundsTimeout as t:
        lo, hi = t.lo, t.hi
    for i, kid in enumerate(kids):
        least, most = _reach(driver.search, kid)
        bounds[i] = (least, max(least, min(hi, most)))
    if lo == hi:
        return lo
    _record(groups, bounds, result)
    result.bounds, result.exact = (lo, hi), False
    return None


def _reach(search: Engine, kid: tuple[list[list[int]], int, list[int], int]) -> tuple[int, int]:
    """What a card not yet valued may be worth (``kid``: the position after it, as ``_after``
    gives it): at least the points it banks at once, at most those and every point left."""
    hands, _, trick, gain = kid
    return gain, gain + search.remaining(hands, trick)


def _record(groups: list[tuple[int, list[int]]], bounds: list[Optional[tuple[int, int]]],
            result: SearchOutcome) -> None:
    """Each card's bounds, as far as they are known, for every card of its group."""
    for (_, group), b in zip(groups, bounds):
        if b is not None:
            for card in group:
                result.cards[card] = b


def principal_line(driver: Driver, hands: list[list[int]], leader: int, trick: list[int],
                   value: int, first: Optional[int] = None) -> list[int]:
    """One optimal continuation to the end of the deal (side-0 value ``value`` throughout),
    starting with ``first`` when the caller knows that card keeps the value (testing the
    cards before it again can cost as much as valuing them did)."""
    search = driver.search
    line: list[int] = []
    hands = [list(h) for h in hands]
    trick = list(trick)
    while any(hands) or (trick and len(trick) < search.n):
        player = (leader + len(trick)) % search.n
        maximise = search.side[player] == 0
        chosen = None
        for rep, _ in search.moves(hands, leader, trick):
            if first is not None and rep != first:
                continue
            h2, l2, t2, gain = _after(search, hands, leader, trick, rep)
            rem = search.remaining(h2, t2)
            target = value - gain
            if first is not None:  # known to keep the value
                ok = True
            elif maximise:  # does this card keep side 0 at >= value?
                ok = driver.test(h2, l2, t2, target, rem, limited=False) >= target
            else:  # does it hold side 0 to <= value?
                ok = driver.test(h2, l2, t2, target + 1, rem, limited=False) <= target
            if ok:
                chosen = (rep, h2, l2, t2, gain)
                break
        if chosen is None:  # pragma: no cover - would mean an inconsistent value
            raise RuntimeError("no move keeps the proved value")
        rep, hands, leader, trick, gain = chosen
        value -= gain
        line.append(rep)
        first = None
    return line
