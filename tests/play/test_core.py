"""The compiled core against the Python reference: identical values for every legal card."""

from __future__ import annotations

import re
import os
import random
import shutil
import subprocess
import sys

import pytest

from pinosolve.play.budget import Budget, Technique
from pinosolve import load_variant
from pinosolve.play.rules import PlayRules
from tests.generators import solve_any as solve
from tests.generators import FAMILIES, family_variant, random_obligations, random_position
from tests.generators import switch_runs

core = pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")

POSITIONS = 600  # per family; thousands in all


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_core_equals_reference(family, threads):
    """Every card's value; in 2 and 3 threads over one table (``Budget.threads``) too, on
    fewer positions."""
    refs, max_cards = FAMILIES[family]
    rnd = random.Random(f"core-{family}" + (f"-{threads}" if threads > 1 else ""))
    variants = [family_variant(r) for r in refs]
    for i in range(POSITIONS if threads == 1 else 30):
        v = variants[i % len(variants)]
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, max_cards + 1)
        a = solve(pos, rules, backend="c", budget=Budget(threads=threads))
        b = solve(pos, rules, backend="python")
        assert a.value == b.value and a.cards == b.cards, (v.id, pos)


def test_core_equals_reference_under_every_obligation_knob():
    """The shipped variants leave some obligation knobs at one setting (follow suit, trump even
    when unable to overtrump, no heading after a ruff, no partner exemption): every combination,
    on four-, three- and two-hand decks, must give the reference's value for every card. The
    core's bounds and proofs lean on the obligations (quick points counted length winners even
    where nobody must follow suit, found here), so each knob needs its own check."""
    rnd = random.Random("core-knobs")
    for i in range(1000):
        vid = ("four-hand", "three-hand-kitty", "two-hand")[i % 3]
        v = load_variant(vid)
        rules = random_obligations(PlayRules.of(v), rnd)
        pos = random_position(v, rnd, 5)
        a = solve(pos, rules, backend="c")
        b = solve(pos, rules, backend="python")
        assert a.value == b.value and a.cards == b.cards, (vid, rules.trick, rules.free, pos)


def test_core_equals_reference_on_longer_endings():
    rnd = random.Random("core-long")
    for vid, size in (("four-hand", 6), ("two-hand-1000", 9), ("double-deck", 5),
                      ("three-hand-auction", 6)):
        v = load_variant(vid)
        rules = PlayRules.of(v)
        for _ in range(15):
            pos = random_position(v, rnd, size)
            a = solve(pos, rules, backend="c", value_only=True)
            b = solve(pos, rules, backend="python", value_only=True)
            assert a.value == b.value, (vid, pos)


def test_core_without_table_or_equivalence():
    rnd = random.Random("core-plain")
    v = load_variant("four-hand-classic")
    rules = PlayRules.of(v)
    for _ in range(100):
        pos = random_position(v, rnd, 4)
        a = solve(pos, rules, backend="c", technique=Technique(use_tt=False, use_equivalence=False))
        b = solve(pos, rules, backend="python")
        assert a.value == b.value and a.cards == b.cards


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_partition_search_keeps_every_value(family):
    """Partition search answers positions it never searched, and small siblings skip cards on
    the same relied-on ranks, so both are checked where they act: endings of 6 to 12 cards a
    hand, where table entries are reused across many transpositions, against the same core with
    exact table keys and every card searched (itself checked against the reference above)."""
    refs, _ = FAMILIES[family]
    size = {"two-hand": 13, "three-hand": 12, "four-hand": 11, "double-deck": 10,
            "five-hand": 9}[family]
    exact = core.OPT_DEFAULT & ~core.OPT_PARTITION & ~core.OPT_SIBLING
    rnd = random.Random(f"partition-{family}")
    variants = [family_variant(r) for r in refs]
    for i in range(40):
        v = variants[i % len(variants)]
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, size)
        a = solve(pos, rules, backend="c")
        b = solve(pos, rules, backend="c", technique=Technique(core_options=exact))
        assert a.value == b.value and a.cards == b.cards, (v.id, pos)


def test_small_siblings_prune_and_keep_every_value():
    """Small siblings must actually skip cards (else the switch is dead code) and every value
    must stay the reference's: four-hand and double-deck endings of 5 cards a hand, where
    same-point low cards abound."""
    rnd = random.Random("siblings")
    without = core.OPT_DEFAULT & ~core.OPT_SIBLING
    nodes = {True: 0, False: 0}
    for i in range(40):
        vid = ("four-hand", "double-deck")[i % 2]
        v = load_variant(vid)
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, 5)
        ref = solve(pos, rules, backend="python")
        for on in (True, False):
            res = solve(pos, rules, backend="c",
                        technique=Technique(core_options=core.OPT_DEFAULT if on else without))
            assert res.value == ref.value and res.cards == ref.cards, (vid, pos, on)
            nodes[on] += res.nodes
    assert nodes[True] < nodes[False]


def test_a_table_that_grows_mid_search_keeps_every_value():
    """The core doubles its table when the search outgrows it, in the middle of a search,
    copying every entry to where a probe through the wider mask looks: values stay the
    reference's, the table did grow, and it stops at its limit."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.driver import Driver

    rnd = random.Random("grow")
    grew = 0
    for i in range(30):
        vid = ("four-hand", "three-hand-kitty", "double-deck")[i % 3]
        v = load_variant(vid)
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, 7)
        side = [0 if s == pos.side[pos.to_move] else 1 for s in pos.side]
        search = CoreSearch(rules, pos.trump, side, 1 << 7, grow_to=1 << 12)
        lo, hi = Driver(search).mtdf([sorted(h) for h in pos.hands], pos.leader, list(pos.trick))
        assert lo == hi == solve(pos, rules, backend="python", value_only=True).value, pos
        assert 1 << 7 <= search.core.entries <= 1 << 12
        grew += search.core.entries > 1 << 7
    assert grew


def test_wide_windows_keep_the_fail_soft_contract():
    """Every driver test is a null window, but the core takes any window: inside it the value
    is exact, at or below alpha an upper bound, at or above beta a lower bound. One table
    serves many windows on each position, so entries narrow later windows (the only path where
    a result relies on what the entry relied on)."""
    from pinosolve.play.core import CoreSearch

    rnd = random.Random("windows")
    checked = 0
    for i in range(60):
        vid = ("four-hand", "two-hand", "three-hand-kitty", "double-deck")[i % 4]
        v = load_variant(vid)
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, 6)
        truth = solve(pos, rules, backend="python", value_only=True).value
        side = [0 if s == pos.side[pos.to_move] else 1 for s in pos.side]
        search = CoreSearch(rules, pos.trump, side, 1 << 12)
        hands = [sorted(h) for h in pos.hands]
        rem = search.remaining(hands, list(pos.trick))
        for _ in range(12):
            a = rnd.randint(-1, rem)
            b = rnd.randint(a + 1, rem + 1)
            got = search.ab(hands, pos.leader, list(pos.trick), a, b, rem)
            if a < got < b:
                assert got == truth, (vid, pos, a, b)
            elif got <= a:
                assert truth <= got, (vid, pos, a, b)
            else:
                assert truth >= got, (vid, pos, a, b)
            checked += 1
    assert checked == 720


def test_one_core_across_deals_whose_suits_hold_as_many_cards():
    """The core keeps each suit's part of a table key per suit and card count, from one search
    to the next: the same cards dealt round to other seats (every suit as long, held by other
    seats) must be valued afresh, not taken for the deal searched before."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.driver import Driver
    from pinosolve.play.position import Position

    rnd = random.Random("suit-keys")
    checked = 0
    for vid in ("four-hand", "three-hand-kitty", "double-deck"):
        v = load_variant(vid)
        rules = PlayRules.of(v)
        n = len(v.seats)
        side = (0, 1, 1) if n == 3 else tuple(s % 2 for s in range(n))
        for _ in range(6):
            deck = [c.index for c in v.deck]
            rnd.shuffle(deck)
            k = rnd.randint(2, 5)
            cards = [deck[i * k:(i + 1) * k] for i in range(n)]
            trump = rnd.randrange(4)
            search = Driver(CoreSearch(rules, trump, side, 1 << 12))
            for shift in range(n):
                hands = [sorted(cards[(s + shift) % n]) for s in range(n)]
                lo, hi = search.mtdf(hands, 0, [])
                truth = solve(Position(hands, 0, [], side, trump), rules, backend="python",
                              value_only=True).value
                assert lo == hi == truth, (vid, hands, trump)
                checked += 1
    assert checked == 6 * (4 + 3 + 4)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("label,options", switch_runs())
def test_every_technique_switch_keeps_the_values(label, options, threads):
    """The bench's ablation runs are only meaningful if each switch leaves the answer alone;
    so in two threads over one table (``Budget.threads``), on fewer positions."""
    rnd = random.Random(f"switch-{label}-{threads}")
    for i in range(120 if threads == 1 else 40):
        vid = ("four-hand", "two-hand-1000", "double-deck", "three-hand-kitty",
               "five-hand-call")[i % 5]
        v = load_variant(vid)
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, 4)
        a = solve(pos, rules, backend="c", technique=Technique(core_options=options),
                  budget=Budget(threads=threads))
        b = solve(pos, rules, backend="python")
        assert a.value == b.value and a.cards == b.cards, (label, vid, pos)


def test_core_timeout_gives_bounds():
    v = load_variant("double-deck")
    pos = random_position(v, random.Random(1), 20)
    res = solve(pos, PlayRules.of(v), backend="c", value_only=True, budget=Budget(timeout=0.02))
    lo, hi = res.bounds
    assert 0 <= lo <= hi <= 50


_INTERRUPTED = """
import random, signal, sys
from pinosolve import load_variant
from pinosolve.play.budget import Budget
from pinosolve.play.rules import PlayRules
from tests.generators import solve_any as solve
from bench.dd_full import deal_position
from tests.generators import random_position

signal.signal(signal.SIGINT, signal.default_int_handler)  # even where the runner ignores it
v = load_variant("double-deck")
pos = deal_position("double-deck", 0, None, None)  # a full deal: an hour's search
print("searching", flush=True)
try:
    solve(pos, PlayRules.of(v), backend="c", value_only=True,  # hours without a cap
          budget=Budget(threads=THREADS))
    print("finished")
except KeyboardInterrupt as stop:
    # the search unwound cleanly, with what it had proved: the same process solves again
    lo, hi = stop.result.bounds  # the deal's value is 20 (an hour's search, no cap)
    kept = not stop.result.exact and 0 <= lo <= 20 <= hi <= 50
    small = random_position(v, random.Random(2), 2)
    print("interrupted", kept, solve(small, PlayRules.of(v), backend="c").value is not None)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_search_at_once(threads):
    """Python runs signal handlers only between bytecodes; the core, one call that may last
    hours, runs them itself every few ms, so Ctrl-C raises KeyboardInterrupt at once. In
    threads (``Budget.threads``) the helper's search is cancelled with it."""
    import signal
    import time

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    script = _INTERRUPTED.replace("THREADS", str(threads))
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=root, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().strip() == "searching", proc.stderr.read()
        time.sleep(1.0)  # well inside the first test
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert out.strip() == "interrupted True True", (out, err)
    assert time.monotonic() - sent < 30  # not a bound on speed: without the check, hours


def test_fuzz_script_runs_and_finds_nothing():
    """fuzz/fuzz_core.py, the long differential run, in a few seconds (that it still runs)."""
    import re

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run = subprocess.run([sys.executable, "fuzz/fuzz_core.py", "--seconds", "3", "--seed",
                          "suite"], cwd=root, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    counts = re.fullmatch(r"checked (\d+) positions against the reference and (\d+) against "
                          r"exact keys \((\d+) of them searched in threads\); 0 mismatches\n",
                          run.stdout)
    assert counts and int(counts[1]) > 0 and int(counts[2]) > 0 and int(counts[3]) > 0, \
        run.stdout


def test_environment_forces_the_backend(monkeypatch):
    from pinosolve.play.core import backend, describe

    monkeypatch.setenv("PINOSOLVE_CORE", "python")
    assert backend() == "python" and "forced" in describe()
    monkeypatch.setenv("PINOSOLVE_CORE", "c")
    assert backend() == "c" and "compiled" in describe()


@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind is not installed")
def test_core_under_valgrind(tmp_path):
    """No invalid reads/writes or leaks of definitely-lost memory in the core."""
    script = tmp_path / "run.py"
    script.write_text(
        "import random\n"
        "from pinosolve import load_variant\n"
        "from pinosolve.play.rules import PlayRules\n"
        "from pinosolve.play.budget import Technique\n"
        "from tests.generators import solve_any as solve\n"
        "from tests.generators import random_position\n"
        "rnd = random.Random(9)\n"
        "for vid in ('four-hand', 'double-deck', 'five-hand-call', 'two-hand-57'):\n"
        "    v = load_variant(vid)\n"
        "    for _ in range(4):\n"
        "        solve(random_position(v, rnd, 4), PlayRules.of(v), backend='c',\n"
        "              technique=Technique(tt_entries=1 << 12))\n"
        "from pinosolve.play.core import CoreSearch\n"  # a table that grows mid-search
        "from pinosolve.play.driver import Driver\n"
        "v = load_variant('four-hand')\n"
        "grew = 0\n"
        "for _ in range(40):  # until a search outgrows its first table\n"
        "    pos = random_position(v, rnd, 8)\n"
        "    side = [0 if s == pos.side[pos.to_move] else 1 for s in pos.side]\n"
        "    s = CoreSearch(PlayRules.of(v), pos.trump, side, 1 << 7, grow_to=1 << 10)\n"
        "    Driver(s).mtdf([sorted(h) for h in pos.hands], pos.leader, list(pos.trick))\n"
        "    grew += s.core.entries > 1 << 7\n"
        "    if grew:\n"
        "        break\n"
        "assert grew\n"
        "print('every search ran')\n")
    from tests.conftest import ROOT

    proc = subprocess.run(
        ["valgrind", "--error-exitcode=99", "--errors-for-leak-kinds=definite",
         "--leak-check=full", "--suppressions=/dev/null", sys.executable, str(script)],
        cwd=ROOT, capture_output=True, text=True, env={"PYTHONMALLOC": "malloc",
                                                        "PYTHONPATH": str(ROOT),
                                                        "PATH": "/usr/bin:/bin"})
    assert proc.returncode in (0, 99), proc.stderr[-2000:]
    assert "ERROR SUMMARY" in proc.stderr  # valgrind really ran the script
    # (99 is CPython's own noise under valgrind: the script must still have run to its end)
    assert "every search ran" in proc.stdout, proc.stderr[-2000:]
    # one record per blank-line-separated block; ours are those whose stack is in the core
    records, current = [], []
    for line in proc.stderr.splitlines():
        body = line.split("==", 2)[-1].strip() if line.startswith("==") else line
        if not body:
            if current:
                records.append(current)
            current = []
        else:
            current.append(body)
    records.append(current)
    ours = [r for r in records if any("_core.cpython" in x or re.search(
        r"\b(_core|core|table|moves|keys|bounds|ordering|probe|search)\.c:", x) for x in r)
            and any(w in r[0] for w in ("Invalid", "uninitialised", "definitely lost",
                                        "Mismatched", "overlap"))]
    assert not ours, "\n\n".join("\n".join(r) for r in ours[:5])


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_estimate_is_minimax_over_its_plies_then_the_playout(family):
    """The driver's first guess: with no plies it is the playout; looking ahead over every card
    left it is the full minimax, which is the position's exact value (the reference's)."""
    from pinosolve.play.core import CoreSearch

    refs, max_cards = FAMILIES[family]
    rnd = random.Random(f"estimate-{family}")
    for i in range(60):
        v = family_variant(refs[i % len(refs)])
        rules = PlayRules.of(v)
        pos = random_position(v, rnd, min(max_cards, 3))
        side = tuple(0 if s == pos.side[pos.to_move] else 1 for s in pos.side)
        search = CoreSearch(rules, pos.trump, side, 1 << 12)
        hands = [sorted(h) for h in pos.hands]
        plies = sum(len(h) for h in hands)
        assert search.core.estimate(hands, pos.leader, pos.trick, 0) == \
            search.core.playout(hands, pos.leader, pos.trick)
        exact = solve(pos, rules, backend="python", value_only=True).value
        assert search.core.estimate(hands, pos.leader, pos.trick, plies) == exact, (v.id, pos)


def test_table_limit_fits_the_machine():
    """A growing table stops at 2**26 entries, or at an eighth of the memory where that is
    less, and never below 2**22."""
    from pinosolve.play.tables import ENTRY_BYTES, default_limit, table_limit

    TABLE_LIMIT = default_limit()

    assert table_limit(64 << 30) == 1 << 26
    assert table_limit(8 << 30) == 1 << 26          # 1 GiB is an eighth of 8 GiB
    assert table_limit(4 << 30) == 1 << 25
    assert table_limit(1 << 30) == 1 << 23
    assert table_limit(1 << 20) == 1 << 22          # a floor, whatever the memory
    assert table_limit(0) == 1 << 26                # memory unknown
    assert table_limit(8 << 30, parts=2) == 1 << 25  # two searches at once share the eighth
    assert table_limit(1 << 30, parts=4) == 1 << 22
    assert ENTRY_BYTES == core.ENTRY_BYTES  # the size the limit is reckoned in
    assert TABLE_LIMIT & (TABLE_LIMIT - 1) == 0 and 1 << 22 <= TABLE_LIMIT <= 1 << 26
    if hasattr(os, "sysconf"):  # this machine's limit: an eighth of its memory at most
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        assert TABLE_LIMIT * ENTRY_BYTES <= max(memory // 8, (1 << 22) * ENTRY_BYTES)


def test_a_budget_keeps_the_table_below_the_capped_limit(grow_limits):
    """Growing past 2**24 entries costs seconds a time budget cannot spare: a search with a
    timeout may grow only to CAPPED_LIMIT, one without to its table limit; with no limit
    given, to what this process's memory allows."""
    from pinosolve.play.position import Position
    from pinosolve.play.tables import CAPPED_LIMIT, default_limit

    v = load_variant("two-hand")
    pos = Position([[0, 1], [2, 3]], 0, [], (0, 1), 0)
    rules = PlayRules.of(v)
    solve(pos, rules, value_only=True, backend="c", budget=Budget(timeout=5.0, table_limit=1 << 26))
    solve(pos, rules, value_only=True, backend="c", budget=Budget(table_limit=1 << 26))
    solve(pos, rules, value_only=True, backend="c", budget=Budget(timeout=5.0, table_limit=1 << 23))
    solve(pos, rules, value_only=True, backend="c")
    assert grow_limits == [CAPPED_LIMIT, 1 << 26, 1 << 23, default_limit()]


def test_two_searches_in_one_process_keep_their_own_table_limits():
    """The table limit is each search's own: two searches alive at once in one process, asked
    in turn about the same deals, each grow their table to their own limit and no further,
    and both find the reference's values (before, one module-wide figure set the limit of
    every search in the process)."""
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.driver import Driver
    from pinosolve.play.position import Position

    v = load_variant("four-hand")
    rules = PlayRules.of(v)
    rnd = random.Random("two-limits")
    side = (0, 1, 0, 1)
    limits = (1 << 9, 1 << 12)
    drivers = [Driver(CoreSearch(rules, 0, side, 1 << 7, grow_to=limit)) for limit in limits]
    for _ in range(8):
        deck = [c.index for c in v.deck]
        rnd.shuffle(deck)
        hands = [sorted(deck[i * 6:(i + 1) * 6]) for i in range(4)]
        truth = solve(Position(hands, 0, [], side, 0), rules, backend="python",
                      value_only=True).value
        for d in drivers:
            assert d.mtdf(hands, 0, []) == (truth, truth), hands
    small, large = (d.search.core.entries for d in drivers)
    assert small == limits[0] and limits[0] < large <= limits[1], (small, large)


def test_core_refuses_more_copies_than_its_counts_hold():
    """The core's sums of copy counts (one byte a card, summed over seats) hold at most 8
    copies of a card in all hands together: the core itself refuses more with a ValueError,
    whoever calls it (``solve`` refuses any position no deal can reach before that)."""
    from pinosolve.play.core import CoreSearch

    rules = PlayRules.of(load_variant("four-hand"))
    search = CoreSearch(rules, 0, (0, 1, 0, 1), 1 << 12)
    eight = [[0, 0], [0, 0], [0, 0], [0, 0]]  # eight copies of the ace of the first suit
    assert search.core.ab(eight, 0, [], -1, 100, 9) == 9
    with pytest.raises(ValueError, match="more than 8 copies"):
        search.core.ab([[0, 0], [0, 0], [0, 0], [0, 0, 0]], 0, [], -1, 100, 9)
    with pytest.raises(ValueError, match="bad card"):
        search.core.ab([[0], [0], [0], [99]], 0, [], -1, 100, 9)


def test_the_core_takes_the_trick_rules_by_name_and_names_a_bad_one():
    """The core takes the trick rules as named settings (the rules file's [trick] names):
    every field is checked on the way in, and a bad one is refused with an error that names
    it (before, a positional 7-tuple whose wrong value said only "knobs")."""
    import re

    from pinosolve.play.core import trick_settings

    rules = PlayRules.of(load_variant("four-hand"))
    good = trick_settings(rules)
    assert set(good) == {"follow_suit", "head", "trump_if_void", "overtrump",
                         "trump_when_cannot_overtrump", "head_after_ruff", "partner_exempt",
                         "free_play"}

    def make(trick):
        return core.Core([0, 1, 0, 1], 0, list(rules.strength), list(rules.points),
                         rules.last_trick, trick)

    make(good)
    make({**good, "head": "never", "overtrump": 0, "free_play": True})
    for change, message in [({"overtrump": 2}, "trick.overtrump: 0 or 1"),
                            ({"partner_exempt": 2**70}, "trick.partner_exempt: 0 or 1"),
                            ({"follow_suit": "yes"}, "trick.follow_suit: 0 or 1"),
                            ({"trump_if_void": None}, "trick.trump_if_void: 0 or 1"),
                            ({"head": "sometimes"}, "trick.head: 'always', 'trump-led' or"),
                            ({"head": 0}, "trick.head: 'always', 'trump-led' or"),
                            ({"overtrumps": 1}, "trick: no rule named 'overtrumps'")]:
        with pytest.raises(ValueError, match=re.escape(message)):
            make({**good, **change})
    for name in good:
        with pytest.raises(ValueError, match=re.escape(f"trick.{name}: missing")):
            make({k: x for k, x in good.items() if k != name})
    with pytest.raises(TypeError, match="trick: a dict"):
        make((1, 0, 1, 1, 1, 0, 0))
    with pytest.raises(ValueError, match="tt_bits: 4 to 28, got 40"):
        core.Core([0, 1, 0, 1], 0, list(rules.strength), list(rules.points), rules.last_trick,
                  good, tt_bits=40)


def test_each_trick_rule_reaches_the_core_under_its_own_name():
    """One rule changed at a time, by name, changes the core's legal cards as the same rule
    changes the reference's: random four-hand endings, solved by both with each rule of the
    variant flipped in turn (most flips change which cards are legal somewhere)."""
    import dataclasses

    from tests.generators import solve_any as _solve

    v = load_variant("four-hand")
    base = PlayRules.of(v)
    rnd = random.Random("rule-by-name")
    flips = {"follow_suit": False, "head": "never", "trump_if_void": False,
             "overtrump": False, "trump_when_cannot_overtrump": False,
             "head_after_ruff": True, "partner_exempt": True}
    differ = set()
    for name, value in flips.items():
        rules = dataclasses.replace(base, trick=dataclasses.replace(base.trick, **{name: value}))
        for _ in range(60):
            pos = random_position(v, rnd, 4)
            a = _solve(pos, rules, backend="c")
            b = _solve(pos, rules, backend="python")
            assert a.value == b.value and a.cards == b.cards, (name, pos)
            before = _solve(pos, base, backend="python")
            if set(before.cards) != set(b.cards):
                differ.add(name)
    assert {"follow_suit", "head", "trump_if_void"} <= differ and len(differ) >= 5, differ


def test_a_search_without_the_compiled_core_says_so_once(monkeypatch, capsys):
    """No compiled core (pip with no compiler): the first search says it runs in Python, on
    stderr, once; forcing the reference (PINOSOLVE_CORE=python) is deliberate and silent."""
    from pinosolve.play import core

    monkeypatch.setattr(core, "_load", lambda: (None, "compiled core not available (test)"))
    monkeypatch.setattr(core, "_warned", False)
    monkeypatch.delenv(core.ENV, raising=False)
    assert core.backend() == "python" and core.backend() == "python"
    err = capsys.readouterr().err
    assert err.count("warning") == 1 and "75 times slower" in err and "not available" in err
    monkeypatch.setattr(core, "_warned", False)
    monkeypatch.setenv(core.ENV, "python")
    assert core.backend() == "python" and capsys.readouterr().err == ""
