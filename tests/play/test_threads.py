"""One search in several threads over one table (``pinosolve.play.threads``, the core's
``share_table``, lockless entries and deferred moves): the same values as the Python
reference and as one thread, whatever the switches; cancelling deep inside a search; the
table shared only between searches of the same game."""

from __future__ import annotations

import random
import threading
import time

import pytest

from pinosolve import load_variant
from pinosolve.errors import PinosolveError
from pinosolve.play.budget import Budget, Technique
from pinosolve.play.rules import PlayRules
from tests.generators import FAMILIES, family_variant, random_position
from tests.generators import solve_any as solve

core = pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_threads_equal_the_reference(family):
    """Every card's value, searched in 2 and in 3 threads, against the Python reference."""
    refs, max_cards = FAMILIES[family]
    rnd = random.Random(f"threads-{family}")
    variants = [family_variant(r) for r in refs]
    for i in range(60):
        v = variants[i % len(variants)]
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, max_cards + 1)
        b = solve(pos, rules, backend="python")
        a = solve(pos, rules, backend="c", budget=Budget(threads=2 + i % 2))
        assert a.value == b.value and a.cards == b.cards, (v.id, pos)


def _switches():
    names = ("OPT_TT", "OPT_EQUIV", "OPT_RELATIVE", "OPT_QUICK", "OPT_MASTER", "OPT_ORDER",
             "OPT_GUESS", "OPT_PARTITION", "OPT_KILLER", "OPT_SIBLING", "OPT_RECENT")
    return [(f"no {n}", core.OPT_DEFAULT & ~getattr(core, n)) for n in names] + [("bare", 0)]


@pytest.mark.parametrize("label,options", _switches())
def test_threads_keep_the_values_with_every_switch(label, options):
    """Each technique switched off in turn, in two threads, against one thread with every
    technique on (itself checked against the reference)."""
    rnd = random.Random(f"threads-switch-{label}")
    for i in range(30):
        vid = ("four-hand", "two-hand-1000", "double-deck", "three-hand-kitty",
               "five-hand-call")[i % 5]
        v = load_variant(vid)
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, 5)
        a = solve(pos, rules, backend="c", technique=Technique(core_options=options),
                  budget=Budget(threads=2))
        b = solve(pos, rules, backend="c")
        assert a.value == b.value and a.cards == b.cards, (label, vid, pos)


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
    assert threading.active_count() == before


@pytest.mark.parametrize("threads", [0, -1, 65, True, 2.0, "2", None])
def test_a_bad_number_of_threads_is_refused(threads):
    with pytest.raises(PinosolveError, match="threads must be a whole number from 1 to 64"):
        Budget(threads=threads)
