"""The solve command: JSON shape, sides per family, mid-trick positions, errors."""

from __future__ import annotations

import json
import os

import pytest

ENDING = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."


def test_solve_json_shape(cli):
    run = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
              ENDING, "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["to_move"] == "N" and data["side"] == "NS" and data["seats"] == ["N", "S"]
    assert data["value"] == 10 and data["exact"]
    assert data["values"] == {"AH": 10, "AS": 10, "KS": 8}
    assert len(data["best_line"]) == 12 and data["nodes"] > 0 and data["seconds"] >= 0
    won = sum(t["points"] for t in data["trick_by_trick"] if t["won_by"] in data["seats"])
    assert won == data["value"] and len(data["trick_by_trick"]) == 3


def test_value_only(cli):
    data = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
               ENDING, "--value-only", "--json").json()
    assert data["value"] == 10 and data["values"] == {} and data["best_line"] == []


def test_mid_trick(cli):
    # N led A♠ and has one card fewer; E to play
    data = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--trick",
               "AS", "--deal", "N:K.A.. T.K.A. Q.T.T. 9.Q.K.", "--json").json()
    assert data["to_move"] == "E" and data["side"] == "EW" and data["seats"] == ["E", "W"]
    assert data["values"] == {"TS": 0}  # must follow; N-S take all 10 anyway
    assert data["value"] == 0


def test_three_hand_needs_a_declarer(cli):
    deal = "N:A.K.. T.A.. K.T.."
    run = cli("solve", "--variant", "three-hand-kitty", "--trump", "S", "--leader", "N",
              "--deal", deal)
    assert run.code == 2 and "--bidder" in run.err
    data = cli("solve", "--variant", "three-hand-kitty", "--trump", "S", "--leader", "N",
               "--deal", deal, "--declarer", "E", "--json").json()
    assert data["seats"] == ["N", "W"]


def test_five_hand_called_partner(cli):
    deal = "1:A... K... T... Q... J..."
    run = cli("solve", "--variant", "five-hand-call", "--trump", "H", "--leader", "1",
              "--deal", deal, "--declarer", "1")
    assert run.code == 2 and "--partner" in run.err
    data = cli("solve", "--variant", "five-hand-call", "--trump", "H", "--leader", "1",
               "--deal", deal, "--declarer", "1", "--partner", "3", "--json").json()
    assert data["side"] == "13" and data["seats"] == ["1", "3"]
    assert data["value"] == 3 + 2  # A K T of spades + last trick 2


def test_two_hand_each_alone(cli):
    data = cli("solve", "--variant", "two-hand-57", "--trump", "H", "--leader", "S",
               "--deal", "N:A.A.. T.K..", "--json").json()
    assert data["side"] == "S" and data["seats"] == ["S"]


def test_timeout_reports_bounds(cli):
    deal = cli("deal", "--variant", "four-hand", "--seed", "5", "--json").json()["deal"]
    data = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
               deal, "--timeout", "0.05", "--json").json()
    assert data["exact"] is False and "note" in data
    lo, hi = data["bounds"]
    assert 0 <= lo <= hi <= 25
    # the cards valued before time ran out, exactly or within bounds, none above the value's
    for card_lo, card_hi in data.get("values_bounds", {}).values():
        assert 0 <= card_lo < card_hi <= hi
    assert all(0 <= x <= hi for x in data["values"].values())


def test_cards_known_only_within_bounds_are_shown_as_ranges(capsys):
    from pinosolve import Card, Hand, Suit
    from pinosolve.cli.solve import render_solve
    from pinosolve.game import SolveResult

    render_solve(SolveResult(
        variant="four-hand", trump=Suit.S, to_move="N", side="NS", seats=("N", "S"), value=10,
        bounds=(10, 10), exact=False, values={Card.parse("AS"): 10},
        values_bounds={Card.parse("KS"): (3, 9), Card.parse("AH"): (0, 10)}, best_line=(),
        trick_by_trick=(), nodes=1, seconds=0.1, interrupted=False, deal="N:AK.A.. - - -",
        hands={"N": Hand.parse("AS KS AH")}, leader="N", trick=(),
        note="time ran out while valuing each card"))
    rows = []  # the card table's rows: (card, what it takes)
    for line in capsys.readouterr().out.splitlines():
        cells = [cell.strip() for cell in line.strip("│ ").split("│")]
        if len(cells) == 2:
            rows.append(tuple(cells))
    assert rows == [("A♠  best", "10"), ("A♥", "0..10"), ("K♠", "3..9")]


def test_human_output(cli):
    run = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
              ENDING)
    assert run.code == 0 and "optimal line" in run.out and "best" in run.out


def test_batch(cli):
    lines = [{"deal": ENDING, "trump": "S", "leader": "N"},
             {"deal": ENDING, "trump": "S", "leader": "Q"},
             {"deal": ENDING, "trump": "S", "leader": "E", "trick": "AS"}]
    out = cli("solve", "--variant", "four-hand", "--input", "-", "--json",
              stdin="\n".join(json.dumps(x) for x in lines)).lines()
    assert out[0]["value"] == 10 and "error" in out[1] and "error" in out[2]


def test_jobs_answer_every_line_in_order(cli):
    """--jobs 2 (and 0: one per core) gives the answers --jobs 1 gives, line for line in the
    input's order, bad lines included; --jobs without --input, or below 0, is refused."""
    import random

    from pinosolve import Card, Deal, Hand, load_variant
    from tests.generators import random_legal_position

    v = load_variant("four-hand")
    rnd = random.Random("jobs")
    cards = lambda ix: [Card.from_index(c) for c in ix]
    lines = []
    for i in range(14):
        pos = random_legal_position(v, rnd, 4)
        deal = Deal(v.seats, tuple(Hand(cards(h)) for h in pos.hands))
        lines.append({"deal": str(deal), "trump": "SHDC"[pos.trump],
                      "leader": v.seats[pos.leader],
                      "trick": " ".join(str(c) for c in cards(pos.trick)),
                      "value_only": i % 2 == 0})
        if i % 5 == 4:
            lines.append({"deal": ENDING, "trump": "S", "leader": "Q"})  # a bad line
    stdin = "\n".join(json.dumps(x) for x in lines) + "\n"
    drop = lambda d: {k: x for k, x in d.items() if k != "seconds"}
    runs = [cli("solve", "--variant", "four-hand", "--input", "-", "--jobs", jobs, stdin=stdin)
            for jobs in ("1", "2", "0")]
    assert all(run.code == 1 for run in runs), [run.err for run in runs]  # (1: error lines)
    one, *others = [[drop(x) for x in run.lines()] for run in runs]
    assert len(one) == len(lines) and sum("error" in x for x in one) == 2
    assert sum("value" in x for x in one) == 14
    assert all(other == one for other in others)
    for args, word in ((["--jobs", "-1", "--input", "-"], "--jobs: -1"),
                       (["--jobs", "2", "--deal", ENDING, "--trump", "S", "--leader", "N"],
                        "--jobs needs --input")):
        run = cli("solve", "--variant", "four-hand", *args, stdin=stdin)
        assert run.code == 2 and run.out == "" and len(run.err.splitlines()) == 1, run.err
        assert word in run.err, run.err


def test_progress_prints_each_test_on_stderr(cli):
    """--progress: a line per null-window test on stderr, each bound true, meeting at the
    value; stdout holds the same answer as without it."""
    import re

    deal = "N:AKQ.AT.. TJ.KQ.A. Q9.T9.T. A9.J.KQ."
    args = ("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal", deal,
            "--value-only", "--json")
    plain, shown = cli(*args), cli(*args, "--progress")
    assert plain.code == shown.code == 0 and plain.err == "", shown.err
    value = shown.json()["value"]
    drop = lambda d: {k: x for k, x in d.items() if k != "seconds"}
    assert drop(shown.json()) == drop(plain.json())
    tests = [re.fullmatch(r"test at (\d+): at (least|most) (\d+) \((\d+) nodes, [\d.]+ s\)", line)
             for line in shown.err.splitlines()]
    assert tests and all(tests), shown.err
    assert sum(int(t[4]) for t in tests) == shown.json()["nodes"]
    lows = [int(t[3]) for t in tests if t[2] == "least"]
    highs = [int(t[3]) for t in tests if t[2] == "most"]
    assert all(x <= value for x in lows) and all(x >= value for x in highs)
    assert max(lows, default=0) == value == min(highs, default=value)
    # in a batch each line says which input line it is for (lines may run at once: --jobs)
    lines = [{"deal": deal, "trump": "S", "leader": "N", "value_only": True, "progress": p}
             for p in (True, False, True)]
    run = cli("solve", "--variant", "four-hand", "--input", "-",
              stdin="\n".join(json.dumps(x) for x in lines))
    said = [line.split(": test at ")[0] for line in run.err.splitlines()]
    assert run.code == 0 and said and set(said) == {"line 1", "line 3"}, run.err
    assert said == sorted(said) and said.count("line 1") == len(tests)
    # a batch line that gives progress as anything but true/false gets an error record
    out = cli("solve", "--variant", "four-hand", "--input", "-", "--json",
              stdin=json.dumps({"deal": ENDING, "trump": "S", "leader": "N", "progress": "yes"}))
    assert "progress" in out.lines()[0]["error"]


def test_a_deal_played_out_is_worth_nothing_as_in_python(cli):
    """The command refused a deal with no cards left, where Game.solve answers 0 (and a
    finished game's str() is that deal): both answer 0 now."""
    run = cli("solve", "--variant", "four-hand", "--trump", "S", "--deal", "N:- - - -",
              "--json")
    assert run.code == 0, run.err
    assert (run.json()["value"], run.json()["exact"], run.json()["best_line"]) == (0, True, [])


def test_the_leader_defaults_to_the_seat_the_deal_starts_from(cli):
    """As Game does: --leader may be left out where the deal names the seat on lead."""
    a = cli("solve", "--variant", "four-hand", "--trump", "S", "--deal", ENDING, "--json")
    b = cli("solve", "--variant", "four-hand", "--trump", "S", "--deal", ENDING, "--leader",
            "N", "--json")
    assert a.code == b.code == 0 and a.json()["leader"] == "N"
    assert {k: x for k, x in a.json().items() if k != "seconds"} == \
        {k: x for k, x in b.json().items() if k != "seconds"}


@pytest.mark.parametrize("args, word", [
    (["--deal", ENDING, "--leader", "N"], "--trump"),
    (["--trump", "S", "--leader", "N"], "--deal"),
    (["--trump", "S", "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q..", "--trick", "KD"],
     "should hold"),  # no --leader: the deal's first seat, N, led the KD
    (["--trump", "S", "--leader", "X", "--deal", ENDING], "'X'"),
    (["--trump", "S", "--leader", "N", "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q.."], "should hold"),
    (["--trump", "S", "--leader", "N", "--deal", "N:AAA... - - -"], "AS"),
    (["--trump", "S", "--leader", "N", "--trick", "AS KS QS JS", "--deal", ENDING],
     "unfinished"),
    (["--trump", "S", "--leader", "N", "--trick", "AS", "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."],
     "should hold"),
    (["--trump", "S", "--leader", "N", "--deal", ENDING, "--timeout", "-1"], "timeout"),
    (["--trump", "S", "--leader", "N", "--deal", ENDING, "--trick", "ZZ"], "trick"),
])
def test_solve_errors(cli, args, word):
    run = cli("solve", "--variant", "four-hand", *args)
    assert run.code == 2 and word in run.err and len(run.err.strip().splitlines()) == 1


def test_ctrl_c_answers_the_bounds_proved_and_exits_130(cli, monkeypatch):
    """Ctrl-C during a solve (here: as the first test is reported) prints the answer so far,
    marked interrupted, with bounds that hold, then ends the command with exit code 130; in a
    batch, after the line it interrupted."""
    import pinosolve.cli.solve as solve_cli

    deal = "N:AKQ.AT.. TJ.KQ.A. Q9.T9.T. A9.J.KQ."
    args = ("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal", deal)
    value = cli(*args, "--value-only", "--json").json()["value"]

    def stop(test):
        raise KeyboardInterrupt

    for extra in (["--value-only", "--json"], ["--json"], []):
        monkeypatch.setattr(solve_cli, "show_test", stop)
        run = cli(*args, *extra, "--progress")
        assert run.code == 130 and run.err.endswith("pinosolve: interrupted\n"), run.err
        if "--json" not in extra:
            assert "interrupted" in run.out
            continue
        data = run.json()
        assert data["interrupted"] and data["note"].startswith("interrupted")
        lo, hi = data["bounds"]
        assert lo <= value <= hi and (lo, hi) != (0, 25), data  # the first test's bound
    line = json.dumps({"deal": deal, "trump": "S", "leader": "N", "value_only": True,
                       "progress": True})
    monkeypatch.setattr(solve_cli, "show_test", stop)
    run = cli("solve", "--variant", "four-hand", "--input", "-", stdin=line + "\n" + line + "\n")
    assert run.code == 130 and len(run.lines()) == 1 and run.lines()[0]["interrupted"]


@pytest.mark.parametrize("to", ["group", "parent"])
def test_ctrl_c_stops_a_parallel_batch_and_its_workers(to):
    """Ctrl-C during a --jobs batch of hour-long searches, at the terminal (SIGINT to the whole
    process group) or sent to the command alone: the answers already out stand, the lines
    being analysed answer the bounds they had proved (in order, marked interrupted), no line
    starts after it, the command exits 130 at once, and no worker outlives it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    deal = ("N:AKKQJ.TKKJ.AATKQJJ.ATKQ AAATKQJ.ATTK.TQ.AKQJJJJ TTKQJ.AAAKQJ.AATKQJ.KQQ "
            "TQJ.TQQQJJ.TKKQJ.AATTTK")  # a full double-deck deal: an hour to solve
    lines = [{"deal": "N:", "trump": "H", "leader": "N"}]  # a bad line first: answered at once
    lines += [{"deal": deal, "trump": t, "leader": "N", "value_only": True} for t in "HSDC"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "pinosolve", "solve", "--variant", "double-deck", "--input", "-",
         "--jobs", "2"], cwd=ROOT, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True)  # its own group, as at a terminal
    try:
        proc.stdin.write("".join(json.dumps(x) + "\n" for x in lines))
        proc.stdin.close()
        proc.stdin = None  # written and closed: communicate has nothing to send
        first = proc.stdout.readline()
        time.sleep(2)  # the workers are deep in their searches
        if to == "group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert json.loads(first)["line"] == 1 and "error" in json.loads(first)
    assert proc.returncode == 130 and err == "pinosolve: interrupted\n", err
    answers = [json.loads(x) for x in out.splitlines()]
    assert [a["trump"] for a in answers] == ["H", "S"], out  # the two lines in progress
    for a in answers:
        assert a["interrupted"] and not a["exact"] and a["value"] is None, a
        assert 0 <= a["bounds"][0] <= a["bounds"][1] <= 50, a
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):  # nothing is left in the group
        os.killpg(proc.pid, 0)


def test_a_worker_that_ctrl_c_reached_starts_no_other_line(monkeypatch):
    """At the terminal, Ctrl-C reaches a batch's workers and the command at the same moment. A
    worker whose line it interrupted, or that it found between lines, must start no other
    line, even before the command has set the batch's stop (the command hands a free worker
    its next line at once)."""
    import multiprocessing
    import signal

    from pinosolve.cli import pool as cli_pool

    stop = multiprocessing.Event()
    monkeypatch.setattr(cli_pool, "_stop", stop)
    calls = []

    def interrupted(params):  # a search that Ctrl-C ended: it answers its bounds
        calls.append(params)
        return {"value": None, "interrupted": True}

    def before_any_answer(params):  # Ctrl-C before the analysis had anything to answer
        calls.append(params)
        raise KeyboardInterrupt

    defaults = {"deal": None}
    line = json.dumps({"deal": "N:"})
    handler = signal.getsignal(signal.SIGINT)
    try:
        for compute in (interrupted, before_any_answer):
            stop.clear()
            calls.clear()
            first = cli_pool._worker_line(1, line, defaults, set(defaults), compute)
            assert bool((first or {}).get("interrupted")) == (compute is interrupted)
            assert cli_pool._worker_line(2, line, defaults, set(defaults), compute) is None
            assert len(calls) == 1 and stop.is_set(), compute.__name__
        # Ctrl-C while the worker was between lines: the next line does not start either
        monkeypatch.setattr(cli_pool, "_ctrl_c_seen", False)
        stop.clear()
        calls.clear()
        cli_pool._ctrl_c_between_lines(signal.SIGINT, None)
        assert cli_pool._worker_line(3, line, defaults, set(defaults), interrupted) is None
        assert calls == [] and stop.is_set()
    finally:
        signal.signal(signal.SIGINT, handler)


def _ctrl_c_on_line_2(params):
    """A batch compute (module level: the workers get it by pickle) that Ctrl-C reaches on the
    second line, before it has anything to answer."""
    import time

    if params["deal"] == "2":
        raise KeyboardInterrupt
    time.sleep(0.2)  # the Ctrl-C on line 2 comes before this worker is free for line 3
    return {"deal": params["deal"]}


def test_a_parallel_batch_stops_where_ctrl_c_reached_a_worker_before_any_answer(capsys):
    """Ctrl-C sent to one worker alone, before its line had anything to answer: the batch
    stops there, as it does when the line answers the bounds it had proved: no line after it
    is answered (it used to write ``null`` for the line and end in a traceback)."""
    from pinosolve.cli import pool as cli_pool

    lines = [json.dumps({"deal": str(k)}) + "\n" for k in range(1, 7)]
    with pytest.raises(KeyboardInterrupt):
        cli_pool.batch_parallel(lines, {"deal": None}, _ctrl_c_on_line_2, 2)
    out = capsys.readouterr().out
    # line 1 is answered unless its worker had not started it when the Ctrl-C came
    assert [json.loads(x) for x in out.splitlines()] in ([{"line": 1, "deal": "1"}], []), out


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    from pathlib import Path

    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            kids.append(int(stat.parent.name))
    return kids


def _searching(pid: int, count: int) -> list[int]:
    """The ``count`` workers of ``pid``, once each has spent a second of CPU (it has taken its
    line and is searching: a worker killed before that would not cost a line)."""
    import time

    for _ in range(600):
        kids = _children(pid)
        busy = []
        for kid in kids:
            try:
                with open(f"/proc/{kid}/stat") as f:
                    utime = int(f.read().rsplit(")", 1)[1].split()[11])
            except (OSError, IndexError, ValueError):
                continue
            if utime >= os.sysconf("SC_CLK_TCK"):
                busy.append(kid)
        if len(kids) == count and len(busy) == count:
            return busy
        time.sleep(0.1)
    raise AssertionError(f"the workers did not start searching: {kids}")


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
def test_a_worker_that_dies_costs_its_line_only():
    """--jobs: a worker killed on its line (the kernel's out-of-memory killer, say) gets that
    line an error record, and the batch goes on and ends (a multiprocessing pool replaced a
    dead worker but waited for its line's answer for ever)."""
    import os
    import signal
    import subprocess
    import sys

    from tests.conftest import ROOT

    deal = ("N:AKKQJ.TKKJ.AATKQJJ.ATKQ AAATKQJ.ATTK.TQ.AKQJJJJ TTKQJ.AAAKQJ.AATKQJ.KQQ "
            "TQJ.TQQQJJ.TKKQJ.AATTTK")  # a full double-deck deal: an hour to solve
    lines = [{"deal": deal, "trump": t, "leader": "N", "value_only": True, "timeout": 60}
             for t in "HS"]
    lines.append({"variant": "four-hand", "deal": ENDING, "trump": "S", "leader": "N"})
    proc = subprocess.Popen(
        [sys.executable, "-m", "pinosolve", "solve", "--variant", "double-deck", "--input", "-",
         "--jobs", "2"], cwd=ROOT, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True)
    try:
        proc.stdin.write("".join(json.dumps(x) + "\n" for x in lines))
        proc.stdin.close()
        proc.stdin = None
        workers = _searching(proc.pid, 2)
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
    finally:
        os.killpg(proc.pid, signal.SIGKILL) if proc.poll() is None else None
    assert proc.returncode == 1 and err == "", err  # (1: the lines whose worker died)
    answers = [json.loads(x) for x in out.splitlines()]
    assert [a.get("line") for a in answers[:2]] == [1, 2], out
    assert all("died" in a["error"] for a in answers[:2]), out
    assert answers[2]["value"] == 10 and len(answers) == 3, out


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
def test_a_worker_killed_between_lines_is_replaced():
    """--jobs: a worker killed while it waits for a line (no line lost) is replaced, and the
    next lines are answered. With a multiprocessing pool the batch stalled for ever: the dead
    worker kept the lock of the queue the others take their lines from."""
    import signal
    import subprocess
    import sys
    import threading
    import time

    from tests.conftest import ROOT

    proc = subprocess.Popen(
        [sys.executable, "-m", "pinosolve", "solve", "--variant", "four-hand", "--trump", "S",
         "--input", "-", "--jobs", "2"], cwd=ROOT, text=True, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    # a stall fails the test instead of hanging it (the whole group: a worker left alive
    # would keep the output open)
    timer = threading.Timer(60, os.killpg, (proc.pid, signal.SIGKILL))
    timer.start()
    try:
        proc.stdin.write(json.dumps({"deal": ENDING, "leader": "N"}) + "\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["value"] == 10
        workers = _children(proc.pid)  # the worker that line started, free again
        assert len(workers) == 1, workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        for leader, value in (("N", 10), ("E", 0), ("N", 10)):
            proc.stdin.write(json.dumps({"deal": ENDING, "leader": leader}) + "\n")
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["value"] == value
        proc.stdin.close()
        assert proc.wait() == 0 and proc.stdout.read() == "" and proc.stderr.read() == ""
        assert not set(_children(proc.pid)) & set(workers)
    finally:
        timer.cancel()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def _die_at_once(*args):
    """A worker start that kills the worker (module level, for the workers to find)."""
    os._exit(3)


def test_workers_that_die_as_they_start_end_the_batch(monkeypatch, capsys):
    """Workers that die as soon as they start (no memory for them, say) end a --jobs batch
    with one error, after error records for the lines they took: it does not start workers
    for ever."""
    from pinosolve.cli import pool as cli_pool
    from pinosolve.errors import PinosolveError

    monkeypatch.setattr(cli_pool, "_start_worker", _die_at_once)  # the workers fork from here
    lines = [json.dumps({"deal": str(k)}) + "\n" for k in range(1, 30)]
    with pytest.raises(PinosolveError, match="keep dying"):
        cli_pool.batch_parallel(lines, {"deal": None}, lambda params: params, 2)
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert all("died" in a["error"] for a in out) and len(out) < 10, out


def _running(pid: int) -> bool:
    """Is ``pid`` a live process (not gone, not a zombie)?"""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGKILL"])
def test_workers_do_not_outlive_a_killed_batch(sig):
    """SIGTERM to a --jobs batch stops its workers and exits 143; after SIGKILL, which the
    command cannot catch, the workers see that it is gone and end. Either way no hour-long
    search is left running."""
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    deal = ("N:AKKQJ.TKKJ.AATKQJJ.ATKQ AAATKQJ.ATTK.TQ.AKQJJJJ TTKQJ.AAAKQJ.AATKQJ.KQQ "
            "TQJ.TQQQJJ.TKKQJ.AATTTK")  # a full double-deck deal: an hour to solve
    lines = [{"deal": deal, "trump": t, "leader": "N", "value_only": True} for t in "HSD"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "pinosolve", "solve", "--variant", "double-deck", "--input", "-",
         "--jobs", "2"], cwd=ROOT, text=True, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        proc.stdin.write("".join(json.dumps(x) + "\n" for x in lines))
        proc.stdin.close()
        workers = _searching(proc.pid, 2)
        proc.send_signal(getattr(signal, sig))
        assert proc.wait(timeout=30) == (143 if sig == "SIGTERM" else -signal.SIGKILL)
        for _ in range(50):  # the kernel's signal to them is not instant
            if not any(_running(pid) for pid in workers):
                break
            time.sleep(0.1)
        assert not any(_running(pid) for pid in workers), workers
    finally:  # nothing left behind, even when the test fails
        for pid in set(workers) | set(_children(proc.pid)):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.kill()


def test_jobs_answer_a_line_before_the_next_one_comes():
    """A program may send a line and wait for its answer before it sends the next: with
    --jobs the answer must not wait for more input."""
    import subprocess
    import sys
    import threading

    from tests.conftest import ROOT

    proc = subprocess.Popen(
        [sys.executable, "-m", "pinosolve", "solve", "--variant", "four-hand", "--trump", "S",
         "--input", "-", "--jobs", "2"], cwd=ROOT, text=True, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    timer = threading.Timer(60, proc.kill)  # a deadlock fails the test instead of hanging it
    timer.start()
    try:
        for leader, value in (("N", 10), ("E", 0)):
            proc.stdin.write(json.dumps({"deal": ENDING, "leader": leader}) + "\n")
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["value"] == value
        proc.stdin.close()
        assert proc.wait() == 0 and proc.stdout.read() == ""
    finally:
        timer.cancel()
        proc.kill()


def test_a_long_search_shows_a_status_line_where_a_person_watches(cli):
    """Where stderr is a terminal a search shows a status line once it has run ``after``
    seconds (here 0), fed by the search's tests; --quiet and --progress replace it (nothing,
    or the test lines), and a search that ends first shows nothing."""
    import time
    from pinosolve.cli import output

    made = []

    class Watched(output.SearchStatus):
        def __init__(self, given=None, after=1.0):
            super().__init__(True if given is None else given, after=0.0)
            made.append(self)

        def _show(self):
            time.sleep(0.05)  # the search runs on meanwhile
            super()._show()

    deal = "N:AKQ.AT.. TJ.KQ.A. Q9.T9.T. A9.J.KQ."
    args = ("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal", deal,
            "--value-only", "--json")
    with pytest.MonkeyPatch.context() as patch:  # (cli undoes its own patches after a run)
        patch.setattr("pinosolve.cli.solve.SearchStatus", Watched)
        run = cli(*args)
        assert run.code == 0 and made[-1].wanted and made[-1].done
        assert made[-1].tests >= 1 and made[-1].nodes == run.json()["nodes"]
        assert made[-1].text().startswith("searching ") and " tests, " in made[-1].text()
        quiet = cli(*args, "--quiet")
        assert quiet.code == 0 and quiet.err == "" and not made[-1].wanted
        shown = cli(*args, "--progress")
        assert shown.err.startswith("test at ") and made[-1].tests == 0  # the lines instead
        assert not made[-1].wanted  # and no status line beside them
        assert len(made) == 3
    # the status itself: nothing before ``after``; shown, then gone when the search ends
    status = output.SearchStatus(True, after=30.0)
    with status as on_test:
        on_test(type("T", (), {"nodes": 5, "reached": True, "result": 7})())
    assert status.status is None and status.text().endswith("1 tests, 5 nodes; last: at least 7")
    status = output.SearchStatus(True, after=0.0)
    with status:
        deadline = time.monotonic() + 5
        while status.status is None and time.monotonic() < deadline:
            time.sleep(0.01)
    assert status.status is not None and status.done


def test_threads_give_the_same_answer(cli):
    """--threads N: the search in N threads over one table; the answer is the same (0: one
    per core); a batch line may name it too."""
    deal = "N:AKQ.AT.K. TJ9.KQ.A. 9AK.JT.Q. QTJ.A9.T."
    args = ("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal", deal,
            "--json")
    one = cli(*args).json()
    for threads in ("2", "0"):
        got = cli(*args, "--threads", threads).json()
        for key in ("nodes", "seconds"):
            one.pop(key, None), got.pop(key, None)
        assert got == one
    lines = "".join(json.dumps({"deal": deal, "trump": "S", "threads": t}) + "\n"
                    for t in (2, 0))
    run = cli("solve", "--variant", "four-hand", "--input", "-", stdin=lines)
    assert run.code == 0, run.err
    assert [json.loads(x)["value"] for x in run.out.splitlines()] == [one["value"]] * 2


@pytest.mark.parametrize("extra,says", [
    (("--threads", "-1"), "threads must be a whole number from 0 (one per core) to 64, got -1"),
    (("--threads", "65"), "threads must be a whole number from 0 (one per core) to 64, got 65"),
    (("--threads", "2", "--each-for-himself"), "--threads: --each-for-himself and --stock"),
    (("--threads", "0", "--each-for-himself"), "--threads: --each-for-himself and --stock"),
])
def test_bad_threads_are_one_line_and_exit_2(cli, extra, says):
    run = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
              ENDING, *extra)
    assert run.code == 2 and says in run.err and len(run.err.splitlines()) == 1, run.err
