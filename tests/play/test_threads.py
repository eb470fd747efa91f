"""One search in several threads over one table (``pinosolve.play.threads``, the core's
``share_table``, lockless entries and deferred moves): the same values as one thread on
longer searches (against the Python reference and plain minimax: ``test_core.py`` and
``test_solver.py``); cancelling deep inside a search; Ctrl-C; growth; the table shared only
between searches of the same game."""

from __future__ import annotations

import os
import random
import sys
import threading
import time

import pytest

from pinosolve import load_variant
from pinosolve.errors import PinosolveError
from pinosolve.play.budget import Budget
from pinosolve.play.rules import PlayRules
from tests.generators import random_position
from tests.generators import solve_any as solve

core = pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")


def test_threads_on_longer_searches_equal_one_thread():
    """Positions whose tests take many thousand nodes, where the threads meet in the table
    and defer to each other through several tricks: the same values, every card, in one, two
    and four threads (four on two cores: the threads interleave, as a busy machine makes them)."""
    rnd = random.Random("threads-longer")
    for vid, cards in (("four-hand", 7), ("three-hand-kitty", 8), ("double-deck", 5),
                       ("five-hand-call", 6)):
        v = load_variant(vid)
        rules = PlayRules.of(v)
        for _ in range(3):
            pos = random_position(v, rnd, cards)
            want = solve(pos, rules, backend="c")
            for threads in (2, 4):
                got = solve(pos, rules, backend="c", budget=Budget(threads=threads))
                assert (got.value, got.cards) == (want.value, want.cards), (vid, threads, pos)


def _core_for(vid: str, trump: int = 0, side=None):
    from pinosolve.play.core import CoreSearch

    v = load_variant(vid)
    side = side or tuple(i % 2 for i in range(len(v.seats)))
    return CoreSearch(PlayRules.of(v), trump, side, 1 << 16)


def test_a_table_is_shared_only_by_searches_of_the_same_game():
    a = _core_for("four-hand")
    with pytest.raises(ValueError, match="different games"):
        _core_for("four-hand", trump=1).core.share_table(a.core)
    with pytest.raises(ValueError, match="different games"):
        _core_for("four-hand", side=(0, 0, 1, 1)).core.share_table(a.core)
    with pytest.raises(ValueError, match="different games"):
        _core_for("four-hand-classic").core.share_table(a.core)
    with pytest.raises(TypeError):
        a.core.share_table("a table")
    b = _core_for("four-hand")
    b.core.share_table(a.core)
    a.core.share_table(a.core)  # (itself: nothing to do)
    assert b.core.entries == a.core.entries
    with pytest.raises(ValueError, match="lends its table"):
        a.core.__init__([0, 1, 0, 1], 0, list(a.rules.strength), list(a.rules.points),
                        a.rules.last_trick, {})
    del a  # the table lives on in b, which holds its lender
    v = load_variant("four-hand")
    pos = random_position(v, random.Random(3), 4)
    hands = [sorted(h) for h in pos.hands]
    rem = b.remaining(hands, list(pos.trick))
    assert 0 <= b.ab(hands, pos.leader, list(pos.trick), -1, rem + 1, rem) <= rem


def test_a_shared_table_grows_only_while_no_search_reads_it():
    """A table that grew under another thread's search would move under it: the search that
    outgrows a shared table stops every search of it (grow_wanted), the caller grows it and
    asks again, and the threaded search's answer is the one thread's."""
    from bench.dd_full import deal_position
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.engine import SearchTimeout
    from pinosolve.play.threads import ThreadedSearch

    v = load_variant("three-hand-kitty")
    rules = PlayRules.of(v)
    pos = deal_position("three-hand-kitty", 2, "E", None)
    side = tuple(0 if s == pos.side[pos.to_move] else 1 for s in pos.side)
    a = CoreSearch(rules, pos.trump, side, 1 << 12, grow_to=1 << 20)
    b = CoreSearch(rules, pos.trump, side, 1 << 12, grow_to=1 << 20)
    b.core.share_table(a.core)
    hands = [sorted(h) for h in pos.hands]
    rem = a.remaining(hands, [])
    with pytest.raises(SearchTimeout):
        a.ab(hands, pos.leader, [], 15, 16, rem)  # millions of nodes: it outgrows 2**12
    assert a.core.grow_wanted and b.core.grow_wanted
    assert a.core.entries == b.core.entries == 1 << 12
    with pytest.raises(ValueError, match="another's table"):
        b.core.grow()
    assert a.core.grow() and not a.core.grow_wanted
    b.core.share_table(a.core)
    assert a.core.entries == b.core.entries == 1 << 13
    alone = CoreSearch(rules, pos.trump, side, 1 << 12, grow_to=1 << 20)
    want = alone.ab(hands, pos.leader, [], 15, 16, rem)
    both = ThreadedSearch(2, rules, pos.trump, side, 1 << 12, grow_to=1 << 20)
    got = both.ab(hands, pos.leader, [], 15, 16, rem)
    assert (got >= 16) == (want >= 16)
    assert both.searches[0].core.entries > 1 << 12
    assert both.searches[0].core.entries == both.searches[1].core.entries


def test_cancelling_stops_a_search_deep_inside_and_it_searches_again():
    """A full double-deck deal (an hour's search), cancelled from another thread half a
    second in: Timeout within moments, and the same search then answers a small position."""
    from bench.dd_full import deal_position
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.engine import SearchTimeout

    v = load_variant("double-deck")
    rules = PlayRules.of(v)
    pos = deal_position("double-deck", 0, None, None)
    s = CoreSearch(rules, pos.trump, tuple(pos.side), 1 << 16)
    hands = [sorted(h) for h in pos.hands]
    rem = s.remaining(hands, [])
    timer = threading.Timer(0.5, lambda: setattr(s.core, "cancelled", True))
    timer.start()
    start = time.monotonic()
    with pytest.raises(SearchTimeout):
        s.ab(hands, pos.leader, [], 19, 20, rem)
    assert time.monotonic() - start < 30  # (not a speed bound: uncancelled, an hour)
    assert s.core.nodes > 1000
    assert s.core.cancelled  # the caller clears it
    s.core.cancelled = False
    from bench.dd_full import cut

    small = cut(pos, 3, 0)  # three cards a hand of the same deal
    hands = [sorted(h) for h in small.hands]
    rem = s.remaining(hands, [])
    want = solve(small, rules, backend="python", value_only=True).value
    assert s.ab(hands, small.leader, [], -1, rem + 1, rem) == want


def test_a_threaded_search_under_a_deadline_answers_bounds_and_leaves_no_thread():
    """Bounds at the deadline, and no helper thread left once the search is gone."""
    from bench.dd_full import deal_position
    from pinosolve.play.driver import solve as plain_solve

    v = load_variant("double-deck")
    pos = deal_position("double-deck", 1, None, None)
    before = threading.active_count()
    start = time.monotonic()
    res = plain_solve(pos, PlayRules.of(v), value_only=True,
                      budget=Budget(timeout=0.5, threads=2))
    assert time.monotonic() - start < 30
    lo, hi = res.bounds
    assert not res.exact and 0 <= lo <= hi <= 50
    # the helper threads end with their search, once it is garbage
    until = time.monotonic() + 10
    while threading.active_count() > before and time.monotonic() < until:
        time.sleep(0.01)
    assert threading.active_count() == before


@pytest.mark.parametrize("threads", [0, -1, 65, True, 2.0, "2", None])
def test_a_bad_number_of_threads_is_refused(threads):
    with pytest.raises(PinosolveError, match="threads must be a whole number from 1 to 64"):
        Budget(threads=threads)


def _long_position(vid: str = "double-deck", seed: int = 0):
    """A full deal (double-deck: an hour's search), its hands sorted, side 0 the mover's."""
    from bench.dd_full import deal_position

    pos = deal_position(vid, seed, None, None)
    side = tuple(0 if s == pos.side[pos.to_move] else 1 for s in pos.side)
    return PlayRules.of(load_variant(vid)), pos, side, [sorted(h) for h in pos.hands]


def test_ctrl_c_in_a_threaded_test_leaves_no_helper_searching():
    """A review found that a Ctrl-C while the helpers were being started left them searching
    (an hour, with no deadline), and a second search on the same object then crashed. Ctrl-C
    in the asking thread, here 0.3 s into a full double-deck test: every helper has stopped
    when it is raised, and the same search then answers a small position rightly."""
    from bench.dd_full import cut
    from pinosolve.play.threads import ThreadedSearch

    rules, pos, side, hands = _long_position()
    both = ThreadedSearch(2, rules, pos.trump, side, 1 << 16)
    mine = both.searches[0]
    real_ab = mine.ab

    def interrupted(*args):
        time.sleep(0.3)  # the helper is deep in its search
        raise KeyboardInterrupt

    mine.ab = interrupted
    rem = both.remaining(hands, [])
    with pytest.raises(KeyboardInterrupt):
        both.ab(hands, pos.leader, [], 19, 20, rem)
    helper = both.searches[1].core
    assert helper.nodes > 1000  # it had searched, and stopped:
    before = helper.nodes
    time.sleep(0.3)
    assert helper.nodes == before
    mine.ab = real_ab
    small = cut(pos, 3, 0)
    hands = [sorted(h) for h in small.hands]
    rem = both.remaining(hands, [])
    want = _one_thread_value(rules, small, side, hands, rem)
    assert both.ab(hands, small.leader, [], -1, rem + 1, rem) == want


def _one_thread_value(rules, pos, side, hands, rem):
    """One thread's answer: the value of ``pos`` with a fresh table."""
    from pinosolve.play.core import CoreSearch

    return CoreSearch(rules, pos.trump, side, 1 << 16).ab(hands, pos.leader, [], -1, rem + 1,
                                                          rem)


def test_a_borrower_made_again_lets_go_of_the_table_first():
    """A review found that a borrower whose __init__ failed part-way kept the lender's table
    with its game half changed, and wrong values came from the lender's searches (170 of 300
    positions). It lets go of the table before it changes anything."""
    a, b = _core_for("four-hand"), _core_for("four-hand")
    b.core.share_table(a.core)
    with pytest.raises(ValueError):
        b.core.__init__([0, 0, 1, 1], 0, list(b.rules.strength), [1] * 5, 0, {})
    with pytest.raises(ValueError, match="not made"):
        b.core.ab([[0], [1], [2], [3]], 0, [], -1, 2, 1)
    rnd = random.Random("reinit")
    v = load_variant("four-hand")
    for _ in range(100):
        pos = random_position(v, rnd, 4)
        side = tuple(0 if s == pos.side[pos.to_move] else 1 for s in pos.side)
        if side != a.side or pos.trump != 0:
            continue
        hands = [sorted(h) for h in pos.hands]
        rem = a.remaining(hands, list(pos.trick))
        got = a.core.ab(hands, pos.leader, list(pos.trick), -1, rem + 1, rem)
        want = _core_for("four-hand").core.ab(hands, pos.leader, list(pos.trick), -1, rem + 1,
                                              rem)
        assert got == want


def test_a_grown_table_is_followed_and_not_grown_under_a_search():
    """A review found two ways to a crash: a borrower searching after its lender grew (it
    kept the freed table), and a lender growing while a borrower searched. A borrower follows
    its lender's table at each search; growing while any search of the table runs is refused.
    """
    rules, pos, side, hands = _long_position()
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.engine import SearchTimeout

    a = CoreSearch(rules, pos.trump, side, 1 << 12, grow_to=1 << 13)
    b = CoreSearch(rules, pos.trump, side, 1 << 12)
    b.core.share_table(a.core)
    assert a.core.grow() and a.core.entries == 1 << 13  # (and at its limit: b searches on)
    small = [h[:2] for h in hands]
    rem = b.remaining(small, [])
    assert b.ab(small, pos.leader, [], -1, rem + 1, rem) == \
        CoreSearch(rules, pos.trump, side, 1 << 12).ab(small, pos.leader, [], -1, rem + 1, rem)
    assert b.core.entries == 1 << 13
    rem = b.remaining(hands, [])
    failed: list[BaseException] = []

    def search() -> None:
        try:
            b.ab(hands, pos.leader, [], 19, 20, rem)
        except SearchTimeout:
            pass
        except BaseException as exc:  # pragma: no cover
            failed.append(exc)

    t = threading.Thread(target=search)
    t.start()
    time.sleep(0.3)
    try:
        with pytest.raises(ValueError, match="a search of the table is running"):
            a.core.grow()
        with pytest.raises(ValueError, match="searching in another thread"):
            b.core.ab(small, pos.leader, [], -1, 100, b.remaining(small, []))
    finally:
        b.core.cancelled = True
        t.join()
    assert not failed


_NO_MEMORY = """
import resource, sys
from bench.dd_full import deal_position
from pinosolve import load_variant
from pinosolve.play.core import CoreSearch
from pinosolve.play.rules import PlayRules
from pinosolve.play.threads import ThreadedSearch

v = load_variant("three-hand-kitty")
rules = PlayRules.of(v)
pos = deal_position("three-hand-kitty", 2, "E", None)
side = tuple(0 if s == pos.side[pos.to_move] else 1 for s in pos.side)
hands = [sorted(h) for h in pos.hands]
alone = CoreSearch(rules, pos.trump, side, 1 << 12, grow_to=1 << 22)
rem = alone.remaining(hands, [])
want = alone.ab(hands, pos.leader, [], 16, 17, rem) >= 17  # (9 million nodes)
both = ThreadedSearch(2, rules, pos.trump, side, 1 << 12, grow_to=1 << 26)
with open("/proc/self/status") as f:
    size = next(int(x.split()[1]) for x in f if x.startswith("VmSize")) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + (16 << 20), size + (16 << 20)))
got = both.ab(hands, pos.leader, [], 16, 17, rem) >= 17
print(got == want, both.searches[0].core.entries < 1 << 20)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc")
def test_a_shared_table_that_finds_no_memory_to_grow_keeps_its_size():
    """A review found that a shared table whose doubling found no memory had its test asked
    again for ever (30 272 restarts in 40 s): the search stopped at once each time, wanting
    to grow. A doubling that fails keeps the table's size for good, as one search does."""
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run = subprocess.run([sys.executable, "-c", _NO_MEMORY], cwd=root, capture_output=True,
                         text=True, timeout=300)
    assert run.stdout.split() == ["True", "True"], run.stdout + run.stderr


def test_a_session_in_threads_answers_as_one_thread():
    """A review's positions of one deal on one table (``Session``), in two threads: the same
    value and cards, position after position, both sides to move."""
    from pinosolve import Game
    from pinosolve.play.driver import Session

    g = Game("four-hand", "N:AKQ.AT.K. TJ9.KQ.A. 9AK.JT.Q. QTJ.A9.T.", trump="S")
    pos = g.position()
    one = Session(g.rules, pos.trump, pos.side)
    two = Session(g.rules, pos.trump, pos.side, threads=2)
    for _ in range(12):
        pos = g.position()
        a, b = one.solve(pos, line=False), two.solve(pos, line=False)
        assert (a.value, a.cards) == (b.value, b.cards)
        g.play(g.legal_moves()[0])
    with pytest.raises(PinosolveError, match="threads must be a whole number"):
        Session(g.rules, pos.trump, pos.side, threads=0)
