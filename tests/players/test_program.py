"""The ``cmd:`` player (pinosolve/players/program.py): a round played by four programs, the
request as documented, each answer's form; and each way a program fails (crashing, hanging,
answering late, printing garbage or an illegal card, flooding standard error, forking,
missing) is the documented fault, in time, with no process left behind. The programs are
modes of tests/players/bots.py."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path

import pytest

from pinosolve import load_variant
from pinosolve.errors import PinosolveError
from pinosolve.players import make_player
from pinosolve.players.base import PlayerFault
from pinosolve.players.program import GIVE_UP, ProgramPlayer
from pinosolve.table.decision import Decision, IllegalChoice
from pinosolve.table.state import Table
from pinosolve.variants.dealer import seeded_deal

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="POSIX only")

BOTS = Path(__file__).with_name("bots.py")
PLAY = Decision("play", "N", ("AS", "TS", "KD"))
PASS = Decision("pass", "N", ("AS", "TS", "KD", "QS"), count=2, required=("QS",))
VIEW = {"variant": "four-hand", "seat": "N", "hand": ["AS", "TS", "KD"]}


def bot(*args: str, seconds: float = 5.0) -> ProgramPlayer:
    command = " ".join(shlex.quote(a) for a in (sys.executable, str(BOTS), *args))
    return ProgramPlayer(command, seconds=seconds)


@pytest.fixture
def players():
    """Bots made here are closed after the test, and every program they started (the pids
    seen) must be gone: collected, never a zombie of ours."""
    made: list[ProgramPlayer] = []
    pids: set[int] = set()

    def make(*args: str, seconds: float = 5.0) -> ProgramPlayer:
        p = bot(*args, seconds=seconds)
        made.append(p)
        return p

    make.pids = pids  # type: ignore[attr-defined]
    yield make
    for p in made:
        p.close()
    for pid in pids:
        assert_collected(pid)


def fault(player: ProgramPlayer, decision: Decision = PLAY, view=VIEW) -> PlayerFault:
    with pytest.raises(PlayerFault) as info:
        player.choose(view, decision)
    return info.value


def alive(pid: int) -> bool:
    """Is ``pid`` running (not gone, not a zombie waiting for a parent that is not us)?"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def assert_gone(pid: int, within: float = 3.0) -> None:
    stop = time.monotonic() + within
    while alive(pid):
        assert time.monotonic() < stop, f"process {pid} survived"
        time.sleep(0.01)


def assert_collected(pid: int) -> None:
    """``pid`` was our child and has been waited for: no zombie left."""
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    assert_gone(pid)


# --- a whole round, and the request -------------------------------------------------------


def test_four_programs_play_a_round_and_the_request_is_as_documented(players, tmp_path):
    v = load_variant("four-hand")
    t = Table(v, seeded_deal(v, 1))
    log = tmp_path / "requests.jsonl"
    seats = {s: players("good", str(log)) if s == "N" else players("good") for s in v.seats}
    for k, (s, p) in enumerate(seats.items()):
        p.start(v, s, 1000 + k)
    sent = []
    moves = 0
    while (d := t.decision()) is not None:
        view = t.view(d.seat)
        if d.seat == "N":
            sent.append((json.loads(json.dumps(view)), d))
        t.apply(d.check(seats[d.seat].choose(view, d)))
        moves += 1
    assert t.over and not t.void and t.bidder == "N" and moves > 48
    assert len(t.played) == 48
    pids = [p.pid for p in seats.values()]
    assert all(pids) and len(set(pids)) == 4  # one program a seat, started once
    for p in seats.values():
        p.close()
    for pid in pids:
        assert pid is not None
        assert_collected(pid)
    got = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(got) == len(sent)
    for req, (view, d) in zip(got, sent):
        assert req == {"protocol": "pinosolve-player/1", "variant": "four-hand", "seat": "N",
                       "seed": 1000, "view": view,
                       "decision": {"kind": d.kind, "seat": d.seat, "choices": list(d.choices),
                                    "count": d.count, "required": list(d.required)}}
    assert {r["decision"]["kind"] for r in got} >= {"call", "trump", "play"}


def test_make_player_and_names():
    p = make_player("cmd:python bot.py --x", seconds=0.5)
    assert isinstance(p, ProgramPlayer)
    assert (p.name, p.kind, p.sees_all, p.seconds, p.pid) == ("cmd:python bot.py --x", "cmd",
                                                              False, 0.5, None)
    assert ProgramPlayer("x").seconds == 10.0
    p.close()


@pytest.mark.parametrize("seconds", [0, -1, 3601, "x", float("nan"), True, None, "inf"])
def test_bad_seconds_refused(seconds):
    with pytest.raises(PinosolveError, match="seconds is a number above 0") as info:
        ProgramPlayer("python bot.py", seconds=seconds)
    assert "\n" not in str(info.value)


def test_unknown_option_refused():
    with pytest.raises(PinosolveError, match="no option 'samples'"):
        make_player("cmd:python bot.py", samples=3)


# --- answers ------------------------------------------------------------------------------


@pytest.mark.parametrize("line, decision, choice", [
    ('{"choice": "TS"}', PLAY, "TS"),
    ('"TS"', PLAY, "TS"),
    ('  {"choice": "TS", "why": "high"}  ', PLAY, "TS"),
    ('{"choice": ["QS", "TS"]}', PASS, ("QS", "TS")),
    ('["QS", "TS"]', PASS, ("QS", "TS")),
    ('"QS TS"', PASS, "QS TS"),
])
def test_answer_forms(players, line, decision, choice):
    p = players("say", line)
    got = p.choose(VIEW, decision)
    assert got == choice
    decision.check(got)


def test_an_illegal_card_is_returned_for_the_match_to_refuse(players):
    p = players("say", '{"choice": "QH"}')
    got = p.choose(VIEW, PLAY)
    assert got == "QH"
    with pytest.raises(IllegalChoice):
        PLAY.check(got)
    assert p.choose(VIEW, PLAY) == "QH"  # (the program is not at fault with the player)


def test_heavy_standard_error_does_not_stall(players):
    p = players("noisy")
    start = time.monotonic()
    assert p.choose(VIEW, PLAY) == "AS" and p.choose(VIEW, PLAY) == "AS"
    assert time.monotonic() - start < 4


# --- garbage ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["text", "number", "object", "null", "nullchoice",
                                  "listnumbers", "empty", "deep30k", "utf8"])
def test_a_line_of_garbage_is_garbage_and_the_program_goes_on(players, kind):
    p = players("garbage", kind)
    f = fault(p)
    assert f.kind == "garbage" and "\n" not in str(f) and p.name[:40] in str(f)
    assert ("not UTF-8" in str(f)) == (kind == "utf8")
    pid = p.pid
    assert pid is not None
    assert fault(p).kind == "garbage" and p.pid == pid  # the same program, still in step
    players.pids.add(pid)


@pytest.mark.parametrize("kind", ["deep", "mega"])
def test_a_flood_is_garbage_and_ends_the_program(players, kind):
    p = players("garbage", kind, seconds=5)
    p.check()
    pid = p.pid
    assert pid is not None
    start = time.monotonic()
    f = fault(p)
    assert f.kind == "garbage" and "longer than 65536 bytes" in str(f)
    assert time.monotonic() - start < 2 and p.pid is None
    assert_collected(pid)


def test_output_printed_unasked_is_garbage(players):
    p = players("twice")
    assert p.choose(VIEW, PLAY) == "AS"
    time.sleep(0.1)
    f = fault(p)
    assert f.kind == "garbage" and "unasked" in str(f) and p.pid is None
    assert p.choose(VIEW, PLAY) == "AS"  # started again, afresh


# --- late ---------------------------------------------------------------------------------


def test_a_hanging_program_is_late_in_time_and_killed(players):
    p = players("hang", seconds=0.5)
    p.check()
    pid = p.pid
    assert pid is not None
    start = time.monotonic()
    f = fault(p)
    took = time.monotonic() - start
    assert f.kind == "late" and "0.5 s" in str(f) and 0.45 <= took < 1.5
    assert p.pid is None
    assert_collected(pid)
    fault(p)  # started again (and late again)
    assert p.pid is None


def test_a_line_begun_and_not_ended_is_late(players):
    p = players("garbage", "partial", seconds=0.5)
    f = fault(p)
    assert f.kind == "late" and "did not end" in str(f)


def test_a_late_answer_is_never_the_next_decisions(players, tmp_path):
    p = players("late", str(tmp_path / "marker"), "1.5", seconds=0.5)
    start = time.monotonic()
    assert fault(p).kind == "late"
    assert time.monotonic() - start < 1.2
    assert p.choose(VIEW, PLAY) == "AS"  # not KD, the first program's late answer
    assert p.choose(VIEW, PLAY) == "AS"


# --- crashes ------------------------------------------------------------------------------


def test_a_program_that_crashes_at_once_is_given_up_after_three_starts(players, tmp_path):
    starts = tmp_path / "starts"
    p = players("now", "3", str(starts))
    faults = [fault(p) for _ in range(GIVE_UP)]
    assert all(f.kind == "crashed" and "exited with code 3" in str(f) for f in faults)
    assert "gave up" in str(faults[-1]) and "gave up" not in str(faults[0])
    begin = time.monotonic()
    for _ in range(5):
        f = fault(p)
        assert f.kind == "crashed" and "gave up after 3 restarts" in str(f)
    assert time.monotonic() - begin < 0.1
    assert len(starts.read_text().split()) == GIVE_UP  # no fourth start
    for pid in starts.read_text().split():
        assert_collected(int(pid))
    with pytest.raises(PinosolveError, match="gave up"):
        p.check()


def test_a_program_that_exits_after_reading_its_request(players):
    p = players("crash", "0", "0")
    f = fault(p)
    assert f.kind == "crashed" and "exited with code 0" in str(f) and p.pid is None


def test_a_crash_after_answers_restarts_the_program(players):
    p = players("crash", "2", "5")
    seen = set()
    for _ in range(3):  # answers twice, crashes, and again; never given up
        for _ in range(2):
            assert p.choose(VIEW, PLAY) == "AS"
            seen.add(p.pid)
            players.pids.add(p.pid)
        f = fault(p)
        assert f.kind == "crashed" and "exited with code 5" in str(f) and "gave up" not in str(f)
    assert len(seen) == 3


def test_only_starts_in_a_row_that_never_answer_give_up(players, tmp_path):
    starts = tmp_path / "starts"
    p = players("flaky", str(starts))
    for _ in range(3):  # crash, crash, an answer, then a crash after it
        for _ in range(2):
            assert "gave up" not in str(fault(p))
        assert p.choose(VIEW, PLAY) == "AS"
        f = fault(p)
        assert f.kind == "crashed" and "exited with code 1" in str(f)
    assert "gave up" not in str(f) and len(starts.read_text().split()) == 9
    for pid in starts.read_text().split():
        assert_collected(int(pid))


# --- no process left behind ---------------------------------------------------------------


def test_close_kills_the_whole_process_group(players, tmp_path):
    pidfile = tmp_path / "child"
    p = players("fork", str(pidfile))
    assert p.choose(VIEW, PLAY) == "AS"
    pid, child = p.pid, int(pidfile.read_text())
    assert pid is not None and alive(child)
    p.close()
    assert p.pid is None
    assert_collected(pid)
    assert_gone(child)
    p.close()  # again: nothing to do


def test_close_kills_a_program_that_will_not_exit(players):
    p = players("stubborn")
    assert p.choose(VIEW, PLAY) == "AS"
    pid = p.pid
    assert pid is not None
    start = time.monotonic()
    p.close()
    assert 0.15 < time.monotonic() - start < 1.5
    assert_collected(pid)


def test_a_program_that_exits_when_its_input_closes_is_not_kept_waiting(players):
    p = players("good")
    p.check()
    pid = p.pid
    assert pid is not None
    start = time.monotonic()
    p.close()
    assert time.monotonic() - start < 0.15
    assert_collected(pid)


def test_a_dropped_player_ends_its_program():
    p = bot("stubborn")
    p.check()
    pid = p.pid
    assert pid is not None
    del p
    assert_collected(pid)


def test_close_before_any_start():
    p = bot("good")
    p.close()
    p.close()


# --- programs that cannot start -----------------------------------------------------------


@pytest.mark.parametrize("command, words", [
    ("no-such-program-pinosolve --level 3", "cannot start 'no-such-program-pinosolve'"),
    ("'unclosed quote", "cannot read the command"),
    ("   ", "give the command"),
])
def test_a_command_that_cannot_start(command, words):
    p = ProgramPlayer(command)
    with pytest.raises(PinosolveError) as info:
        p.check()
    assert words in str(info.value) and "\n" not in str(info.value)
    f = fault(p)
    assert f.kind == "crashed" and words in str(f)


def test_a_file_that_is_not_executable(tmp_path):
    script = tmp_path / "bot.py"
    script.write_text("print('hi')\n")
    p = ProgramPlayer(str(script))
    with pytest.raises(PinosolveError, match="cannot start .*Permission denied"):
        p.check()


@pytest.mark.skipif(not hasattr(__import__("resource"), "prlimit"), reason="no prlimit")
def test_a_programs_memory_is_limited(players):
    p = players("memory")
    assert p.choose(VIEW, PLAY) == "small"


def test_the_docs_bot_plays_a_match(tmp_path):
    """The bot on docs/players.md, run as a program player in a match: no fault."""
    import re

    from pinosolve.match.match import MatchSpec, run_match
    from tests.conftest import ROOT

    text = (ROOT / "docs" / "players.md").read_text()
    bot = re.search(r"^```py\n(.*?)^```", text, re.S | re.M).group(1)
    path = tmp_path / "bot.py"
    path.write_text(bot)
    r = run_match(MatchSpec("four-hand", f"cmd:{sys.executable} {path}", "rules", seed=1), 1)
    assert r.by_player["A"].faults == () and r.boards == 2


def test_a_match_sent_sigterm_leaves_no_program_behind(tmp_path):
    """SIGTERM to ``pinosolve match`` mid-match unwinds it: the program player's process
    group (here a child it forked, too) is killed, not left running."""
    import signal
    import subprocess

    pidfile = tmp_path / "child"
    bot = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(BOTS))} fork {pidfile}"
    proc = subprocess.Popen([sys.executable, "-m", "pinosolve", "match", bot, "rules",
                             "--variant", "two-hand", "--deals", "500", "--jobs", "1", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        child = 0
        while not child or not alive(child):  # (the program MatchSpec checked is gone)
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr
            time.sleep(0.05)
            text = pidfile.read_text().strip() if pidfile.exists() else ""
            child = int(text) if text.isdigit() else 0
        time.sleep(0.5)  # (deals under way)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert_gone(child)
