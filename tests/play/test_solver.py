"""The double-dummy search against a plain minimax on random short endings, per family."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve.play.budget import Budget, Technique
from pinosolve import CARDS, Card, load_variant
from pinosolve.cards import Suit, parse_hand
from pinosolve.play.rules import PlayRules
from pinosolve.play.legality import legal_plays
from pinosolve.play.driver import solve as _solve
from pinosolve.play.position import Position
from tests import dd_oracle
from tests.generators import (FAMILIES, backends, family_variant, oracle_values,
                              random_legal_position, random_position)
from tests.generators import solve_any as solve


POSITIONS_PER_FAMILY = 300


_ORACLE_CASES: dict[str, list] = {}  # family -> its positions and the oracle's values


def _oracle_cases(family: str) -> list:
    """The family's fixed positions with the plain minimax's values, worked out once for
    every backend (the oracle takes most of the time)."""
    if family not in _ORACLE_CASES:
        refs, max_cards = FAMILIES[family]
        rnd = random.Random(f"dd-{family}")
        variants = [family_variant(r) for r in refs]
        cases = []
        for i in range(POSITIONS_PER_FAMILY):
            v = variants[i % len(variants)]
            pos = random_position(v, rnd, max_cards)
            cases.append((v, pos, oracle_values(v, pos)))
        _ORACLE_CASES[family] = cases
    return _ORACLE_CASES[family]


@pytest.mark.parametrize("backend", backends() + (["c-threads"] if "c" in backends() else []))
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_search_equals_plain_minimax(family, backend):
    # (the Python reference, a hundred times slower, on the first half of the positions;
    # c-threads: the compiled core in two threads over one table, Budget.threads)
    cases = _oracle_cases(family)
    threads = 2 if backend == "c-threads" else 1
    backend = "c" if backend == "c-threads" else backend
    for v, pos, expected in cases if backend == "c" else cases[:len(cases) // 2]:
        result = solve(pos, PlayRules.of(v), backend=backend, budget=Budget(threads=threads))
        got = {str(Card.from_index(c)): lo for c, (lo, hi) in result.cards.items()}
        assert all(lo == hi for lo, hi in result.cards.values())
        assert got == expected, (v.id, pos)
        assert result.value == max(expected.values()), (v.id, pos)
        assert result.exact and result.bounds == (result.value, result.value)


def test_without_table_or_equivalence_the_values_are_the_same():
    rnd = random.Random(7)
    v = load_variant("four-hand")
    for _ in range(100):
        pos = random_position(v, rnd, 3)
        a = solve(pos, PlayRules.of(v))
        b = solve(pos, PlayRules.of(v), technique=Technique(use_tt=False, use_equivalence=False))
        assert a.value == b.value and a.cards == b.cards


@pytest.mark.parametrize("backend", backends())
def test_any_guess_leads_the_driver_to_the_exact_value(backend, monkeypatch):
    """The driver asks for a guess before every test and trusts none: guesses below, above and
    outside the interval still open (even outside 0..points left) give the oracle's values."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.reference import Search

    rnd = random.Random(f"guess-{backend}")
    monkeypatch.setattr(Search, "guess", lambda self, h, l, t, first=False: rnd.randint(-5, 40))
    monkeypatch.setattr(CoreSearch, "guess", lambda self, h, l, t, first=False: rnd.randint(-5, 40))
    for ref in ("four-hand", "two-hand-1000", "three-hand-kitty"):
        v = family_variant(ref)
        for _ in range(40):
            pos = random_position(v, rnd, 3)
            expected = oracle_values(v, pos)
            result = solve(pos, PlayRules.of(v), backend=backend)
            got = {str(Card.from_index(c)): lo for c, (lo, hi) in result.cards.items()}
            assert got == expected and result.value == max(expected.values()), (ref, pos)


@pytest.mark.parametrize("backend", backends())
def test_every_test_is_reported_and_each_is_true(backend):
    """on_test sees every null-window test, each as it finished: valuing the position alone, a
    test that says "at least beta" proves a lower bound and one that says no an upper bound,
    each true by the oracle, and the driver stops where they meet, at the value. Valuing every
    card too, the tests are of the positions after the cards. Either way the tests' nodes are
    all the nodes."""
    rnd = random.Random(f"on-test-{backend}")
    tested = 0
    for ref in ("four-hand", "two-hand-1000", "three-hand-kitty", "five-hand-call"):
        v = family_variant(ref)
        rules = PlayRules.of(v)
        for i in range(30):
            pos = random_position(v, rnd, 3)
            value = max(oracle_values(v, pos).values())
            seen = []
            res = solve(pos, rules, backend=backend, value_only=i % 2 == 0,
                        budget=Budget(on_test=seen.append))
            assert sum(t.nodes for t in seen) == res.nodes, (ref, pos)
            tested += bool(seen)  # a position decided without a test has nothing to report
            if not res.cards:  # one search of the position: each test bounds its value
                for t in seen:
                    assert t.reached == (value >= t.beta), (ref, pos, t)
                    assert t.result <= value if t.reached else t.result >= value, (ref, pos, t)
                lows = [t.result for t in seen if t.reached]
                highs = [t.result for t in seen if not t.reached]
                assert max(lows, default=0) == value == min(highs, default=value), (ref, pos)
    assert tested > 100, tested  # of 120 positions


@pytest.mark.parametrize("backend", backends())
def test_ctrl_c_keeps_the_bounds_proved(backend):
    """Ctrl-C (here: as the k-th test is reported) stops solve with SearchInterrupted, a
    KeyboardInterrupt, whose result holds what the tests before it proved: bounds on the value
    and on each card valued so far, each true by the oracle, and no test runs after it."""
    from pinosolve.play.driver import SearchInterrupted

    rnd = random.Random(f"ctrl-c-{backend}")
    stopped = 0
    for ref in ("four-hand", "three-hand-kitty", "five-hand-call"):
        v = family_variant(ref)
        rules = PlayRules.of(v)
        for i in range(24):
            pos = random_position(v, rnd, 3)
            values = oracle_values(v, pos)
            value = max(values.values())
            k = 1 + i % 3
            seen = []

            def report(test):
                seen.append(test)
                if len(seen) == k:
                    raise KeyboardInterrupt

            try:
                res = solve(pos, rules, backend=backend, value_only=i % 2 == 0,
                            budget=Budget(on_test=report))
                assert len(seen) < k, (ref, pos)  # it finished before the k-th test
                continue
            except SearchInterrupted as stop:
                res = stop.result
            except KeyboardInterrupt:
                pytest.fail(f"a plain KeyboardInterrupt: the bounds proved were lost {pos}")
            stopped += 1
            assert len(seen) == k, (ref, pos)  # no test after the interrupt
            lo, hi = res.bounds
            assert lo <= value <= hi, (ref, pos, res)
            assert res.value in (None, value), (ref, pos, res)
            if res.exact:  # interrupted at the last test: complete all the same
                assert lo == hi == value and len(res.cards) in (0, len(values)), (ref, pos)
            for card, (clo, chi) in res.cards.items():
                assert clo <= values[str(Card.from_index(card))] <= chi, (ref, pos, res)
            if not res.cards:  # one search of the position: its tests are its bounds
                assert lo == max([t.result for t in seen if t.reached], default=0)
    assert stopped > 40, stopped


@pytest.mark.parametrize("backend", backends())
def test_ctrl_c_between_tests_keeps_the_bounds_proved(backend, monkeypatch):
    """Ctrl-C outside a test (here: in the driver's second guess) still gives
    SearchInterrupted, with the bounds the tests before it proved."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.driver import SearchInterrupted
    from pinosolve.play.reference import Search

    calls = []

    def guess(self, *args, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return None  # halve the interval

    monkeypatch.setattr(CoreSearch if backend == "c" else Search, "guess", guess)
    rnd = random.Random(f"ctrl-c-guess-{backend}")
    v = family_variant("four-hand")
    stopped = 0
    for _ in range(60):
        pos = random_position(v, rnd, 3)
        value = max(oracle_values(v, pos).values())
        calls.clear()
        seen = []
        try:
            res = solve(pos, PlayRules.of(v), backend=backend, value_only=True,
                        budget=Budget(on_test=seen.append))
            assert len(calls) < 2 and res.value == value
            continue
        except SearchInterrupted as stop:
            res = stop.result
        stopped += 1
        assert not res.exact and len(seen) == 1, (pos, res, seen)
        assert res.bounds == ((seen[0].result, res.bounds[1]) if seen[0].reached
                              else (0, seen[0].result)), (pos, res, seen)
        assert res.bounds[0] <= value <= res.bounds[1], (pos, res)
    assert stopped >= 5, stopped


@pytest.mark.parametrize("backend", backends())
def test_ctrl_c_between_a_cards_tests_keeps_every_card_proved(backend, monkeypatch):
    """Every-card mode: Ctrl-C in the Python between two cards' tests (here: as the k-th
    position is sized up, outside any test) keeps each card's bounds proved so far and the
    value's, all true by the oracle; no test runs after it."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.driver import SearchInterrupted
    from pinosolve.play.reference import Search

    cls = CoreSearch if backend == "c" else Search
    real = cls.remaining
    calls = [0, 0]  # calls so far, the call that raises
    seen: list = []
    ran = []  # tests reported when the interrupt came

    def remaining(self, *args):
        calls[0] += 1
        if calls[0] == calls[1]:
            ran.append(len(seen))
            raise KeyboardInterrupt
        return real(self, *args)

    monkeypatch.setattr(cls, "remaining", remaining)
    rnd = random.Random(f"ctrl-c-cards-{backend}")
    v = family_variant("four-hand")
    rules = PlayRules.of(v)
    stopped = kept = 0
    for i in range(48):
        pos = random_position(v, rnd, 3)
        values = oracle_values(v, pos)
        calls[:] = [0, 0]
        whole = solve(pos, rules, backend=backend)  # how many sizings a full valuation makes
        calls[:] = [0, 1 + (i * 7) % calls[0]]
        seen.clear()
        ran.clear()
        try:
            res = solve(pos, rules, backend=backend, budget=Budget(on_test=seen.append))
            pytest.fail(f"the interrupt was lost {pos}")
        except SearchInterrupted as stop:
            res = stop.result
        assert not res.exact or res.cards == whole.cards, (pos, res)
        stopped += 1
        assert len(seen) == ran[0], (pos, seen, ran)  # no test after the interrupt
        lo, hi = res.bounds
        assert lo <= max(values.values()) <= hi, (pos, res)
        for card, (clo, chi) in res.cards.items():
            assert clo <= values[str(Card.from_index(card))] <= chi, (pos, res)
        kept += any(b[0] == b[1] for b in res.cards.values())
    assert stopped == 48 and kept >= 10, (stopped, kept)


def test_principal_line_realises_the_value():
    """Playing the line out gives the side to move exactly the value."""
    rnd = random.Random(11)
    for vid in ("two-hand-57", "four-hand-classic", "three-hand-kitty"):
        v = load_variant(vid)
        rules = PlayRules.of(v)
        for _ in range(30):
            pos = random_position(v, rnd, 3)
            res = solve(pos, rules)
            hands = [list(h) for h in pos.hands]
            leader, trick, got = pos.leader, list(pos.trick), 0
            mover_side = pos.side[pos.to_move]
            for card in res.line:
                player = (leader + len(trick)) % len(hands)
                hands[player].remove(card)
                trick.append(card)
                if len(trick) == len(hands):
                    w = (leader + rules.winner(trick, pos.trump)) % len(hands)
                    pts = sum(rules.points[c] for c in trick)
                    if not any(hands):
                        pts += rules.last_trick
                    if pos.side[w] == mover_side:
                        got += pts
                    leader, trick = w, []
            assert not any(hands) and got == res.value


def test_timeout_answers_bounds():
    v = load_variant("four-hand")
    rnd = random.Random(3)
    deck = list(v.deck)
    rnd.shuffle(deck)
    hands = [[deck[i * 12 + k].index for k in range(12)] for i in range(4)]
    res = solve(Position(hands, 0, [], (0, 1, 0, 1), 0), PlayRules.of(v),
                budget=Budget(timeout=0.05))
    assert not res.exact
    lo, hi = res.bounds
    assert 0 <= lo <= hi <= 25


def test_timeout_while_valuing_cards_or_the_line_keeps_the_value(monkeypatch):
    """A budget that runs out after the value is proved: the value stays, marked inexact."""
    import pinosolve.play.driver as driver

    v = load_variant("four-hand")
    pos = random_position(v, random.Random(4), 4)
    exact = solve(pos, PlayRules.of(v), backend="python")

    def boom(*args, **kwargs):
        raise driver.SearchTimeout

    monkeypatch.setattr(driver, "principal_line", boom)
    res = solve(pos, PlayRules.of(v), backend="python")
    assert res.value == exact.value and not res.exact and res.line == []


class _Budget:
    """Patches a search class so that its null-window test number ``limit`` (from 1) raises
    SearchTimeout, as a budget running out there would; ``calls`` counts the tests asked."""

    def __init__(self, monkeypatch, kind) -> None:
        from pinosolve.play.reference import SearchTimeout

        real = kind.ab
        self.calls = self.limit = 0

        def spent(search, *args):
            self.calls += 1
            if self.calls >= self.limit:
                raise SearchTimeout
            return real(search, *args)

        monkeypatch.setattr(kind, "ab", spent)

    def reset(self, limit: int) -> None:
        self.calls, self.limit = 0, limit


def _outrun_share(monkeypatch, when) -> None:
    """A test limited to a share of the budget outruns it whenever ``when()`` says so."""
    from pinosolve.play.driver import Driver, TestTooLong

    real = Driver.test

    def test(self, hands, leader, trick, beta, rem, limited):
        if limited and when():
            raise TestTooLong
        return real(self, hands, leader, trick, beta, rem, limited)

    monkeypatch.setattr(Driver, "test", test)


def _true_as_far_as_it_goes(res, expected: dict[str, int], finished: bool) -> bool:
    """A solve that a budget may have cut short: its bounds hold the oracle's value (given
    exactly when they meet), every card it gives lies within its oracle value, and it is
    exact, with every card valued, if it ``finished``. Returns ``finished``."""
    value = max(expected.values())
    lo, hi = res.bounds
    assert lo <= value <= hi
    assert res.value in (None, value) and (res.value is None) == (lo < hi)
    for c, (clo, chi) in res.cards.items():
        assert clo <= expected[str(Card.from_index(c))] <= chi
    if finished:
        assert res.exact
        assert {str(Card.from_index(c)): b for c, b in res.cards.items()} == \
            {card: (x, x) for card, x in expected.items()}
    else:
        assert not res.exact
    return finished


@pytest.mark.parametrize("backend", backends())
def test_a_budget_spent_at_any_test_leaves_true_bounds(backend, monkeypatch):
    """Time runs out at the k-th null-window test, for every k: whatever is answered is true.
    The bounds hold the oracle's value (exact if the value was proved), and every legal card
    is given (a solve cut short in the first card's first test gave that card alone), within
    its oracle value, as a range or exactly."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.reference import Search

    v = load_variant("four-hand")
    rnd = random.Random(f"budget-{backend}")
    budget = _Budget(monkeypatch, CoreSearch if backend == "c" else Search)
    for _ in range(6):
        pos = random_position(v, rnd, 4)
        expected = oracle_values(v, pos)
        for k in range(1, 200):
            budget.reset(k)
            res = solve(pos, PlayRules.of(v), backend=backend)
            assert {str(Card.from_index(c)) for c in res.cards} == set(expected), (k, res)
            if _true_as_far_as_it_goes(res, expected, finished=budget.calls < k):
                break


@pytest.mark.parametrize("backend", backends())
def test_tests_that_outrun_their_share_still_end_exact(backend, monkeypatch):
    """With a budget, a test that outruns its share of it sends the search closing in from
    outside; whichever tests do so (here, at random), a budget that lasts still ends in the
    oracle's value for every card."""

    v = load_variant("four-hand")
    rnd = random.Random(f"share-{backend}")
    outran = 0

    def when() -> bool:
        nonlocal outran
        if rnd.random() < 0.6:
            outran += 1
            return True
        return False

    _outrun_share(monkeypatch, when)
    for _ in range(8):
        pos = random_position(v, rnd, 4)
        expected = oracle_values(v, pos)
        for value_only in (True, False):
            res = solve(pos, PlayRules.of(v), backend=backend, value_only=value_only,
                        budget=Budget(timeout=600))
            assert res.exact and res.value == max(expected.values()), pos
            if not value_only:
                assert {str(Card.from_index(c)): lo for c, (lo, _) in res.cards.items()} \
                    == expected
    assert outran > 10


@pytest.mark.parametrize("backend", backends())
def test_a_deal_too_big_for_its_budget_bounds_the_value_then_the_cards(backend, monkeypatch):
    """The first card's first test outruns its share, so the budget goes to the position's
    value first; then time runs out at the k-th test, for every k. The bounds hold the
    oracle's value and every card given lies within its oracle value."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.reference import Search

    v = load_variant("four-hand")
    rnd = random.Random(f"too-big-{backend}")
    budget = _Budget(monkeypatch, CoreSearch if backend == "c" else Search)
    escaped = False

    def when() -> bool:  # the first limited test of each solve: the first card's first
        nonlocal escaped
        first, escaped = not escaped, True
        return first

    _outrun_share(monkeypatch, when)
    for _ in range(5):
        pos = random_position(v, rnd, 4)
        expected = oracle_values(v, pos)
        for k in range(1, 200):
            budget.reset(k)
            escaped = False
            res = solve(pos, PlayRules.of(v), backend=backend, budget=Budget(timeout=600))
            if _true_as_far_as_it_goes(res, expected, finished=budget.calls < k):
                break


def test_closing_in_steps_halfway_from_the_wider_gap():
    """Each step is half the gap between a bound and the guess, the sides taking turns (the
    wider gap first), half as far again after a test that outran its share."""
    from pinosolve.play.driver import _CloseIn

    c = _CloseIn(20)
    assert c.next(0, 50) == 50 - 15 + 1   # the gap above (30) is the wider: 36 tests <= 35
    c.done()
    assert c.next(0, 35) == 10            # then the other side: half of 20
    c.too_long()
    assert c.next(0, 35) == 35 - 8 + 1   # after a test that outran: the other side first
    c.too_long()
    assert c.next(0, 35) == 5             # half as far as 10
    c.done()
    assert c.next(5, 35) == 35 - 4 + 1   # the sides take turns; that one's step was halved
    c.done()
    assert c.next(5, 31) == 5 + 8         # half the gap again after a test that ended
    c.done()
    assert c.next(19, 21) is None         # within a point of the guess on both sides
    stuck = _CloseIn(10)
    for _ in range(8):
        if stuck.next(0, 20) is None:
            break
        stuck.too_long()
    assert stuck.next(0, 20) is None      # no side can make a step


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 60), st.integers(0, 60), st.integers(-5, 70),
       st.lists(st.sampled_from(["done", "too_long"]), max_size=12))
def test_closing_in_always_tests_inside_the_open_interval(a, b, guess, events):
    from pinosolve.play.driver import _CloseIn

    lo, hi = min(a, b), max(a, b)
    c = _CloseIn(guess)
    for event in events:
        beta = c.next(lo, hi)
        if beta is None:
            g = min(max(guess, lo), hi)
            assert (g - lo <= 1 or c.stuck["lo"]) and (hi - g <= 1 or c.stuck["hi"])
            return
        assert lo < beta <= hi
        if event == "done":
            c.done()
            if beta <= min(max(guess, lo), hi):
                lo = beta  # the test succeeded (the value is at least beta)
            else:
                hi = beta - 1
        else:
            c.too_long()


def test_engine_and_oracle_agree_on_legal_sets():
    rnd = random.Random(5)
    for ref in [r for refs, _ in FAMILIES.values() for r in refs]:
        v = family_variant(ref)
        rules = PlayRules.of(v)
        strength = dd_oracle.strength_of(v.rules)
        for _ in range(200):
            pos = random_position(v, rnd, 6)
            hand = pos.hands[pos.to_move]
            for pw in (False, True):
                legal, why = legal_plays(rules, hand, pos.trick, pos.trump, pw)
                oracle = dd_oracle.legal(v.rules, [str(CARDS[c]) for c in hand],
                                         [str(CARDS[c]) for c in pos.trick], "SHDC"[pos.trump],
                                         strength, pw)
                assert {str(CARDS[c]) for c in legal} == oracle
                assert set(why) | set(legal) == set(hand)


def test_table_grows_with_the_tricks_left_and_stays_bounded():
    from pinosolve.play.tables import table_entries

    sizes = [table_entries([[0] * t, [1] * t]) for t in range(0, 25)]
    assert sizes == sorted(sizes)
    assert sizes[2] == 1 << 16 and sizes[12] == 1 << 19 and sizes[15] == 1 << 22
    assert max(sizes) == 1 << 24
    assert table_entries([]) == 1 << 16


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize("change, word", [
    (dict(hands=[[99], [1], [2], [3]]), "not a card index"),
    (dict(hands=[[-1], [1], [2], [3]]), "not a card index"),
    (dict(trick=[True]), "not a card index"),
    (dict(hands=[[0, 1], [2], [3], [4]]), "should hold"),
    (dict(hands=[[0] * 9, [1] * 9, [2] * 9, [3] * 9]), "copies"),
    (dict(trump=7), "trump"),
    (dict(leader=9), "leader"),
    (dict(trick=[4, 5, 6, 7]), "trick: 4 cards"),
    (dict(side=(0, 1)), "side"),
    (dict(side=(0, 1, 2, 1)), "side"),
    (dict(hands=[[i] for i in range(9)], side=tuple(i % 2 for i in range(9))), "seats"),
    (dict(hands=[[], [], [], []], trick=[0]), "holds no card"),
])
def test_solve_refuses_a_position_no_deal_can_reach(backend, change, word):
    """Both backends refuse, with one PositionError naming the problem, what no deal can
    reach: before, the core raised ValueError or IndexError, and the reference solved some of
    them (nine copies of a card, trump 7, leader 9) or failed deep inside (an uneven deal:
    'no move keeps the proved value')."""
    from pinosolve.errors import PinosolveError
    from pinosolve.play.position import PositionError

    good = dict(hands=[[0], [1], [2], [3]], leader=0, trick=[], side=(0, 1, 0, 1), trump=0)
    rules = PlayRules.of(family_variant("four-hand"))
    assert solve(Position(**good), rules, backend=backend).value is not None
    pos = Position(**{**good, **change})
    with pytest.raises(PositionError, match=word) as caught:
        solve(pos, rules, backend=backend)
    assert isinstance(caught.value, PinosolveError) and "\n" not in str(caught.value)
    assert pos.problem() == str(caught.value)


@pytest.mark.parametrize("backend", ["python", "c"])
def test_solve_refuses_a_trick_that_breaks_the_rules(backend):
    """A card its seat could not have played (a revoke, a failure to head or to trump) makes
    no position of a deal: ``solve`` refuses it with one PositionError naming the seat, the
    card and the rule, as the CLI does; ``check_trick=False`` searches it as it lies. Tricks
    played by the rules are solved as before."""
    from pinosolve.play.legality import illegal_in_trick
    from pinosolve.play.position import PositionError

    if backend == "c":
        pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")
    rnd = random.Random(f"trick-check-{backend}")
    refused = solved = 0
    for family, (refs, _) in FAMILIES.items():
        for ref in refs[:2]:
            v = family_variant(ref)
            rules = PlayRules.of(v)
            for _ in range(4):
                pos = random_legal_position(v, rnd, 3)
                assert _solve(pos, rules, backend=backend).value == \
                    solve(pos, rules, backend=backend).value
                solved += 1
            found = 0
            for _ in range(300):  # tricks drawn at random: some break the rules
                pos = random_position(v, rnd, 3)
                wrong = illegal_in_trick(rules, pos.hands, pos.leader, pos.trick, pos.trump,
                                         pos.side)
                if wrong is None:
                    continue
                seat, card, why = wrong
                with pytest.raises(PositionError) as caught:
                    _solve(pos, rules, backend=backend)
                msg = str(caught.value)
                assert "\n" not in msg and msg.startswith(f"trick: seat {seat} could not have "
                                                          f"played {CARDS[card].symbol}: ")
                assert why.split("[")[-1] in msg  # the rule that decides it
                assert solve(pos, rules, backend=backend).value is not None  # check_trick=False
                found += 1
                if found == 3:
                    break
            refused += found
    assert refused >= 15 and solved >= 20, (refused, solved)


AUDIT_DEAL = [  # the audit's deal: four-hand, spades trump, N to lead; value 8 for N-S
    "TS QS 9S 9S KH QH 9H AD TD QC JC 9C", "AS TS KS JS AH QH JH AD QD 9D TC JC",
    "QS AH TH KH JH TD KD KD JD JD AC QC", "AS KS JS TH 9H QD 9D AC TC KC KC 9C"]


def _audit_position() -> Position:
    hands = [[c.index for c in parse_hand(h)] for h in AUDIT_DEAL]
    return Position(hands, 0, [], (0, 1, 0, 1), int(Suit.S))


class _Clock:
    """A stand-in for ``time`` in the driver and the reference search: each reading of the
    clock moves it on by ``step`` seconds, so a deadline strikes after a known number of
    readings (the search reads it every 1024 nodes), deep inside a test, wherever the real
    one would."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _set_clock(monkeypatch, clock: _Clock) -> None:
    """One stand-in clock for every module that reads the time in a Python search."""
    from pinosolve.play import driver, reference

    monkeypatch.setattr(driver, "time", clock)
    monkeypatch.setattr(reference, "time", clock)


def _assert_bounds_hold(res, value: int) -> None:
    """The answer of a search a deadline may have cut short holds ``value``."""
    lo, hi = res.bounds
    assert 0 <= lo <= value <= hi, (res.bounds, value)
    assert res.value in (None, value)
    if res.exact:
        assert res.value == value
    assert all(clo <= chi <= hi for clo, chi in res.cards.values())


@pytest.mark.parametrize("step", [0.02, 0.05, 0.1, 0.2])
def test_python_deadline_striking_deep_inside_a_test_leaves_true_bounds(monkeypatch, step):
    """The reference search moved a card from its hand into the trick and did not
    put it back when the budget unwound through it, so the tests after a test that outran
    its share of the budget searched corrupted hands (value 0, "exact", bounds 0..-2**30
    where 8 is right). The clock here strikes after 4/step readings of it (the first test's
    share after a quarter of them), each 1024 nodes apart: deep inside ``ab``."""
    pos = _audit_position()
    rules = PlayRules.of(load_variant("four-hand"))
    _set_clock(monkeypatch, _Clock(step))
    for value_only in (True, False):
        res = _solve(pos, rules, backend="python", value_only=value_only,
                     budget=Budget(timeout=4.0))
        assert res.nodes > 1024  # it was stopped inside the search, not before it
        _assert_bounds_hold(res, 8)
        assert pos.hands == _audit_position().hands


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize("timeout", [0.01, 0.03, 0.1, 0.3])
def test_a_real_deadline_inside_the_search_leaves_true_bounds(backend, timeout):
    """The audit deal (value 8: stated by the audit, and what both searches find unbudgeted)
    under real deadlines that strike mid-search: the answer is bounds that hold 8, or 8."""
    pos = _audit_position()
    rules = PlayRules.of(load_variant("four-hand"))
    for value_only in (True, False):
        res = _solve(pos, rules, backend=backend, value_only=value_only,
                     budget=Budget(timeout=timeout))
        _assert_bounds_hold(res, 8)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.01, 0.3))
def test_python_deadline_anywhere_keeps_the_oracle_value_in_bounds(seed, step):
    """Random four-hand endings of up to 5 cards a hand, against plain minimax, with the
    deadline striking after a random number of clock readings."""
    v = load_variant("four-hand")
    pos = random_position(v, random.Random(seed), 4)
    expected = oracle_values(v, pos)
    with pytest.MonkeyPatch.context() as patch:
        _set_clock(patch, _Clock(step))
        res = solve(pos, PlayRules.of(v), backend="python", budget=Budget(timeout=1.0))
    _true_as_far_as_it_goes(res, expected, finished=res.exact)


def test_a_line_told_trick_by_trick_takes_the_value():
    """``tricks_of_line`` on the line ``solve`` gives: every trick has one card a seat, played
    in turn from its leader and won by the seat the oracle's own trick winner names, each
    trick led by the last one's winner, and the points of the tricks the side to move won add
    up to the value (the trick on the table counted whole, the last trick with its bonus)."""
    from pinosolve.play.trick import tricks_of_line

    rnd = random.Random("tricks-of-line")
    checked = 0
    for family, (refs, max_cards) in FAMILIES.items():
        for i in range(12):
            v = family_variant(refs[i % len(refs)])
            rules = PlayRules.of(v)
            strength = dd_oracle.strength_of(v.rules)
            pos = random_legal_position(v, rnd, max_cards)
            res = _solve(pos, rules)
            tricks = tricks_of_line(rules, pos, res.line)
            n = len(pos.hands)
            assert len(tricks) == (len(pos.trick) + len(res.line)) // n
            leader, taken = pos.leader, 0
            for k, t in enumerate(tricks):
                assert t.leader == leader and len(t.cards) == n
                if k == 0:
                    assert list(t.cards[:len(pos.trick)]) == pos.trick
                names = [str(CARDS[c]) for c in t.cards]
                won = (t.leader + dd_oracle.trick_winner(names, "SHDC"[pos.trump], strength)) % n
                assert t.winner == won and [t.seat_of(j) for j in range(n)] == \
                    [(leader + j) % n for j in range(n)]
                last = k == len(tricks) - 1
                assert t.points == sum(v.rules.points.cards[dd_oracle.rank(x)] for x in names) \
                    + (v.rules.points.last_trick if last else 0)
                if pos.side[t.winner] == pos.side[pos.to_move]:
                    taken += t.points
                leader = t.winner
            assert taken == res.value, (v.id, pos, res.line)
            checked += 1
    assert checked == 12 * len(FAMILIES)


# --- one door to the search: the Engine, one Budget ---------------------------------------------


@pytest.mark.parametrize("backend", backends())
def test_both_searches_are_engines_and_neither_is_built_on_the_other(backend):
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.driver import new_search
    from pinosolve.play.engine import Engine
    from pinosolve.play.reference import Search

    assert not issubclass(CoreSearch, Search) and not issubclass(Search, CoreSearch)
    v = load_variant("four-hand")
    pos = Position([[0], [6], [12], [18]], 0, [], (0, 1, 0, 1), 0)
    search = new_search(pos, PlayRules.of(v), backend)
    assert isinstance(search, Engine)
    assert isinstance(search, CoreSearch if backend == "c" else Search)


@pytest.mark.parametrize("bad, match", [
    ({"timeout": 0}, "timeout"), ({"timeout": float("nan")}, "timeout"),
    ({"timeout": "2"}, "timeout"), ({"timeout": True}, "timeout"),
    ({"table_limit": 0}, "table_limit"), ({"table_limit": 1 << 29}, "table_limit"),
    ({"table_limit": 2.0}, "table_limit"), ({"on_test": "print"}, "on_test"),
])
def test_a_budget_refuses_what_is_no_budget(bad, match):
    from pinosolve import PinosolveError

    with pytest.raises(PinosolveError, match=match):
        Budget(**bad)


def test_a_budget_is_the_one_way_to_limit_a_search():
    """Its time, its table and its progress reach the search: a table limit of one entry and
    a budget of seconds give the value a search without them gives; each test is reported."""
    from pinosolve import Game

    v = load_variant("four-hand")
    game = Game(v, v.random_deal(3), trump="H", leader="E")
    for _ in range(7 * 4):  # five tricks left
        game.play(game.legal_moves()[0])
    seen: list = []
    full = game.solve(value_only=True)
    tight = game.solve(Budget(timeout=600, table_limit=1, on_test=seen.append), True)
    # (the last test of MTD(f) meets the bounds at its fail-soft answer: the value)
    assert tight.value == full.value and seen and seen[-1].result == full.value
