"""The full-deal benchmark runs and reports what the issue asks for (a smoke test: no timings
are checked)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "dd_full.py"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def _bench(*args: str) -> str:
    proc = _run(*args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_full_deal_bench_reports_median_worst_and_nodes():
    out = _bench("--deals", "3", "--families", "two-hand")
    line = next(x for x in out.splitlines() if x.startswith("two-hand"))
    assert re.search(r"x3: median +[\d.]+ s, p90 +[\d.]+ s, worst +[\d.]+ s; nodes median \d+",
                     line), line
    assert "capped" not in line


def test_capped_deals_report_the_bounds_proved():
    pytest.importorskip("pinosolve.play._core")
    out = _bench("--deals", "2", "--families", "double-deck", "--timeout", "0.05")
    line = next(x for x in out.splitlines() if x.startswith("double-deck"))
    found = re.findall(r"(\d+): (\d+)\.\.(\d+)", line.split("capped at", 1)[1])
    assert [seed for seed, _, _ in found] == ["0", "1"], line
    assert all(0 <= int(lo) <= int(hi) <= 50 for _, lo, hi in found), line


def test_growth_cuts_each_deal_to_the_tricks_asked():
    out = _bench("--growth", "3", "5", "--deals", "3", "--families", "four-hand")
    lines = [x for x in out.splitlines() if x.startswith("four-hand")]
    assert [re.search(r"(\d+) tricks +x3", x).group(1) for x in lines] == ["3", "5"], out
    # 5 tricks of four hands take more search than 3: a cut that kept the whole deal, or
    # the same cards for every K, would not show it
    nodes = [int(re.search(r"nodes median (\d+)", x).group(1)) for x in lines]
    assert nodes[0] < nodes[1], out


def test_growth_refuses_more_tricks_than_a_hand_holds():
    proc = _run("--growth", "3", "13", "--families", "four-hand")
    assert proc.returncode == 2
    assert "13 tricks is not 1 to 12 for four-hand" in proc.stderr
    assert "tricks" not in proc.stdout  # nothing measured before the refusal


def test_seeds_and_each_print_every_deal_as_it_finishes():
    out = _bench("--seeds", "5", "2", "--each", "--families", "two-hand")
    deals = re.findall(r"two-hand value only seed (\d+): value (\d+), [\d.]+ s, (\d+) nodes", out)
    assert [seed for seed, _, _ in deals] == ["5", "2"], out  # the seeds asked, in order
    # the summary covers exactly those deals
    assert re.search(r"two-hand +value only +x2: median", out), out
    # each deal's value is the one the solver gives for that seed's deal
    from bench.dd_full import deal_position
    from pinosolve import load_variant
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.driver import solve

    rules = PlayRules.of(load_variant("two-hand"))
    for seed, value, _ in deals:
        res = solve(deal_position("two-hand", int(seed), None, None), rules, value_only=True,
                    backend="python" if seed == "2" else None)
        assert res.value == int(value), (seed, value, res.value)


def test_tests_prints_each_test_then_its_deal():
    out = _bench("--seeds", "4", "1", "--tests", "--families", "two-hand")
    lines = out.splitlines()
    deals = [i for i, line in enumerate(lines) if " value only seed " in line]
    assert len(deals) == 2, out  # --tests implies --each
    start = 0
    for end in deals:
        found = re.search(r"value (\d+), [\d.]+ s, (\d+) nodes", lines[end])
        value, nodes = map(int, found.groups())
        tests = [re.fullmatch(r" +test at (\d+): value (>=|<=) (\d+), [\d.]+ s, (\d+) nodes", line)
                 for line in lines[start:end] if "test at" in line]
        assert tests and all(tests), lines[start:end]
        # the deal's nodes are its tests' nodes; each test's bound holds, and they meet
        assert sum(int(t[4]) for t in tests) == nodes, lines[start:end + 1]
        lows = [int(t[3]) for t in tests if t[2] == ">="]
        highs = [int(t[3]) for t in tests if t[2] == "<="]
        assert all(x <= value for x in lows) and all(x >= value for x in highs)
        assert value in lows + highs
        start = end + 1


def test_ctrl_c_prints_the_bounds_so_far_and_stops():
    """A long run stopped with Ctrl-C says where the deal being searched had got to (seed 0's
    value, 20, within its bounds) and skips the deals after it."""
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-c", "import signal, runpy, sys; "
         "signal.signal(signal.SIGINT, signal.default_int_handler); "  # the runner may ignore it
         "sys.argv = ['dd_full.py', '--families', 'double-deck', '--seeds', '0', '1', "
         "'--timeout', '0']; runpy.run_path('bench/dd_full.py', run_name='__main__')"],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().startswith("python "), proc.stderr.read()
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, (out, err)
    lo, hi = map(int, re.fullmatch(r"  double-deck value only seed 0: interrupted, bounds "
                                   r"(\d+)\.\.(\d+), [\d.]+ s, \d+ nodes\n", out).groups())
    assert lo <= 20 <= hi and err == ""


@pytest.mark.parametrize("args, message", [
    (["--deals", "0"], "--deals: 0 is not a number of deals"),
    (["--timeout", "-1"], "--timeout: -1 s is not a time"),
    (["--timeout", "nan"], "--timeout: nan s is not a time"),
    (["--seeds", "3", "-1"], "--seeds: -1 is not a seed"),
    (["--families", "nine-hand"], "invalid choice: 'nine-hand'"),
    (["--table-limit", "40"], "--table-limit: 40 is not 22 to 30"),
    (["--table-limit", "12"], "--table-limit: 12 is not 22 to 30"),
])
def test_bad_arguments_get_one_line_and_exit_2(args, message):
    proc = _run(*args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "median" not in proc.stdout  # refused before measuring


def test_table_limit_is_what_the_searches_grow_to(monkeypatch, capsys, grow_limits):
    """--table-limit sets the limit solve() gives every growing table, and the header says
    it; with the flag ignored the searches would get the machine's limit. The flag is passed
    to each search: no process-wide figure changes."""
    pytest.importorskip("pinosolve.play._core")
    from pinosolve.play.tables import CAPPED_LIMIT, default_limit

    spec = importlib.util.spec_from_file_location("dd_full_bench", ROOT / "bench" / "dd_full.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    machine = default_limit()
    bits = 23 if machine != 1 << 23 else 24
    monkeypatch.setattr(sys, "argv", ["dd_full.py", "--deals", "2", "--families", "two-hand",
                                      "--timeout", "0", "--table-limit", str(bits)])
    bench.main()
    assert grow_limits and set(grow_limits) == {1 << bits}
    assert f"table up to 2**{bits} entries" in capsys.readouterr().out
    # under a time budget the capped limit still applies, and the header says so
    grow_limits.clear()
    monkeypatch.setattr(sys, "argv", ["dd_full.py", "--deals", "2", "--families", "two-hand",
                                      "--timeout", "30", "--table-limit", "26"])
    bench.main()
    assert grow_limits and set(grow_limits) == {CAPPED_LIMIT}
    assert f"table up to 2**{CAPPED_LIMIT.bit_length() - 1} entries" in capsys.readouterr().out
    assert default_limit() == machine


def _ab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "ab_core.py"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_ab_core_times_two_builds_and_checks_their_values(tmp_path):
    proc = _ab(".", ".", "--family", "two-hand", "--deals", "3", "--rounds", "1")
    if proc.returncode == 2 and "cannot run" in proc.stderr:
        pytest.skip(f"no C compiler to build the cores with: {proc.stderr.strip()}")
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"round 1 A: [\d.]+ s, median [\d.]+ ms, \d+ nodes", proc.stdout)
    assert "B/A time:" in proc.stdout and "values: the same" in proc.stdout
    # a core in which a trump no longer beats a plain card values the deals differently: the
    # check says so
    import shutil

    shutil.copytree(ROOT / "pinosolve" / "play" / "search", tmp_path / "search")
    part = tmp_path / "search" / "moves.c"
    src = part.read_text()
    ruff = "    return SUIT(card) == c->trump;"
    assert src.count(ruff) == 1
    part.write_text(src.replace(ruff, "    return 0;"))
    broken = tmp_path / "broken.c"  # the binding, with the broken parts beside it
    broken.write_text((ROOT / "pinosolve" / "play" / "_core.c").read_text())
    proc = _ab(".", str(broken), "--family", "two-hand", "--deals", "3", "--rounds", "1")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "VALUES DIFFER" in proc.stdout


def test_ab_core_refuses_a_source_it_cannot_find():
    proc = _ab(".", "no-such-revision", "--deals", "1")
    assert proc.returncode == 2
    assert "'no-such-revision' is neither a file nor a git revision" in proc.stderr


def _driver(*args: str, code: str = "") -> subprocess.CompletedProcess:
    """bench/driver.py with ``args``; ``code`` runs first in its process (to patch it)."""
    run = "\n".join([f"import sys; sys.path.insert(0, {str(ROOT)!r}); import bench.driver as d",
                     code, f"sys.argv = ['driver.py', *{list(args)!r}]; sys.exit(d.main())"])
    return subprocess.run([sys.executable, "-c", run], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_driver_bench_sets_the_search_against_an_oracle_that_knows_the_value():
    proc = _driver("--family", "two-hand", "--seeds", "5", "2")
    assert proc.returncode == 0, proc.stderr
    deals = re.findall(r"  two-hand seed (\d+): value (\d+); (\d+) tests \((.*)\), (\d+) nodes; "
                       r"oracle (\d+) nodes\n", proc.stdout)
    assert [d[0] for d in deals] == ["5", "2"], proc.stdout
    from bench.dd_full import deal_position
    from pinosolve import load_variant
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.driver import solve

    rules = PlayRules.of(load_variant("two-hand"))
    total = oracle = count = 0
    for seed, value, n, tests, nodes, proved in deals:
        found = re.findall(r"(\d+): (>=|<=) (\d+) (\d+)", tests)
        assert len(found) == int(n) and sum(int(t[3]) for t in found) == int(nodes), tests
        # the value is the solver's for that seed's deal, and the tests' bounds meet on it
        res = solve(deal_position("two-hand", int(seed), None, None), rules, value_only=True,
                    backend="python")
        assert res.value == int(value)
        assert int(value) in [int(t[2]) for t in found]
        total, oracle, count = total + int(nodes), oracle + int(proved), count + int(n)
    assert f"two-hand x2: search {total} nodes in {count} tests" in proc.stdout
    assert f"oracle {oracle} nodes" in proc.stdout


def test_driver_bench_says_when_the_oracle_disagrees_with_the_value():
    # a solve that reports a point too many: the oracle's tests find v not reached
    patch = ("real = d.solve; "
             "d.solve = lambda *a, **k: (lambda r: (setattr(r, 'value', r.value + 1), r)[1])"
             "(real(*a, **k))")
    proc = _driver("--family", "two-hand", "--seeds", "5", code=patch)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "DISAGREES" in proc.stdout
    assert "the oracle's tests disagree with the value on seeds [5]" in proc.stderr


@pytest.mark.parametrize("args, message", [
    (["--deals", "0"], "--deals: 0 is not a number of deals"),
    (["--seeds", "-2"], "--seeds: -2 is not a seed"),
    (["--family", "nine-hand"], "invalid choice: 'nine-hand'"),
])
def test_driver_bench_refuses_bad_arguments(args, message):
    proc = _driver(*args)
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_scaling_bench_reports_median_and_worst_per_size():
    """bench/scaling.py on the smallest sizes: one line per size, median and worst; bad
    sizes are one line and exit 2."""
    import re
    import subprocess
    import sys

    from tests.conftest import ROOT

    run = subprocess.run([sys.executable, "bench/scaling.py", "--classes", "2", "--claims",
                          "5", "--rounds", "2"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["meld, 2 extra reuse classes",
                                                      "verify, 5 claims"]
    assert all(re.search(r"median [\d.]+ s, worst [\d.]+ s, answer [\d,]+ bytes$", line)
               for line in lines), lines
    bad = subprocess.run([sys.executable, "bench/scaling.py", "--claims", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_solve_many_bench_sets_threads_beside_one_at_a_time():
    """bench/solve_many.py on two small deals: threads 1 and threads 2 each get a median and a
    worst, and the values are checked equal."""
    import re
    import subprocess
    import sys

    from tests.conftest import ROOT

    run = subprocess.run([sys.executable, "bench/solve_many.py", "--family", "two-hand",
                          "--deals", "3", "--rounds", "2"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert re.fullmatch(r"threads 1: median [\d.]+ s, worst [\d.]+ s", lines[1]), lines
    assert re.fullmatch(r"threads 2: median [\d.]+ s, worst [\d.]+ s", lines[2]), lines
    assert lines[3].startswith("speed-up of the medians: "), lines


def test_review_bench_reports_each_deal_and_the_median_and_worst_ratio():
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "review.py"), "--families",
                           "two-hand", "--seeds", "1", "2", "--fresh"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert len(re.findall(r"seed \d: opening [\d.]+s, review of 24 cards [\d.]+s, ratio "
                          r"[\d.]+x \(fresh per position [\d.]+s, [\d.]+x\)", out)) == 2, out
    assert re.search(r"two-hand: ratio median [\d.]+x, worst [\d.]+x over 2 deals", out), out


def test_review_bench_times_both_lenses():
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "review.py"), "--information",
                           "--families", "two-hand", "--seeds", "1", "2", "--samples", "5"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert len(re.findall(r"seed \d: both lenses [\d.]+s \(double dummy alone [\d.]+s\), "
                          r"decisions \d+ exact, 0 sampled", out)) == 2, out
    assert re.search(r"two-hand: both lenses median [\d.]+s, worst [\d.]+s over 2 deals",
                     out), out


def test_board_bench_times_the_graph_the_badges_and_a_heat_map():
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "board.py"), "--seeds", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert re.search(r"seed 1: whole hand's graph [\d.]+s, a position's badges after it "
                     r"[\d.]+ms, a heat map [\d.]+s", out), out
    for name in ("graph", "badges", "heat map"):
        assert re.search(rf"{name}: median [\d.]+s, worst [\d.]+s over 1 hands", out), out


def test_infer_bench_reports_the_median_and_worst_per_family_and_tricks():
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "infer.py"), "--families",
                           "four-hand", "two-hand", "--seeds", "2", "--tricks", "1", "4",
                           "--samples", "20"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 4, lines
    for line in lines:
        assert re.fullmatch(r"[\w-]+ after \d tricks: infer median [\d.]+ s, worst [\d.]+ s; "
                            r"20 samples median [\d.]+ s, worst [\d.]+ s; deals \S+ to \S+",
                            line), line


def test_deal_where_bench_reports_median_and_worst():
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "deal_where.py"), "--seeds", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 5 and all(re.search(r"x1: median [\d.]+ s, worst [\d.]+ s", x)
                                   for x in lines), proc.stdout
    assert "(refused)" in lines[0] and "(dealt)" in lines[1]


def test_match_benches_report_what_the_issue_asks():
    """bench/match.py (a rules deal at both tables, the match's share of a pimc match),
    bench/ladder.py (a row per pair, with its command) and bench/calibration.py run small."""
    def run(name: str, *args: str) -> str:
        proc = subprocess.run([sys.executable, str(ROOT / "bench" / name), *args],
                              capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout
    out = run("match.py", "--deals", "3", "--variant", "two-hand", "--pimc",
              "pimc:samples=1", "--pimc-deals", "1")
    assert re.search(r"median [\d.]+ ms, worst [\d.]+ ms over 3 deals", out), out
    assert re.search(r"outside the players \([\d.]+%\)", out), out
    out = run("ladder.py", "--variant", "two-hand", "--deals", "3", "--pairs", "rules random")
    assert "| rules vs random |" in out and "pinosolve match rules random" in out
    out = run("calibration.py", "--matches", "3", "--deals", "4")
    assert re.search(r"3 matches of 4 deals: \d rejected", out), out
    out = run("calibration.py", "--matches", "2", "--deals", "12", "--power", "rules random")
    assert "deals it took: median" in out, out
