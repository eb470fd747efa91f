"""The board's signals at their edges: a signal the board was started ignoring (``nohup``)
stays ignored, a second one while it closes changes nothing, and one that comes the moment
its address is printed ends it as cleanly as any other."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest

from tests.board.test_board_server import Board
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")


def _ignoring_hup() -> None:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


def test_a_board_started_under_nohup_survives_a_hang_up():
    board = Board(preexec=_ignoring_hup)
    try:
        os.kill(board.proc.pid, signal.SIGHUP)
        status, answer = board.request("GET", "/api/variants", timeout=10)
        assert status == 200 and "four-hand" in answer["variants"]
        assert board.proc.poll() is None
    finally:
        stderr = board.stop()
    assert board.proc.returncode == 130 and stderr == "pinosolve: interrupted\n"


@pytest.mark.parametrize("second", ["SIGHUP", "SIGTERM"])
def test_a_second_signal_while_the_board_closes_changes_nothing(second):
    """A closed terminal sends more than one signal: the first ends the board, its one line
    and its exit code stand."""
    for _ in range(3):
        board = Board()
        os.kill(board.proc.pid, signal.SIGHUP)
        os.kill(board.proc.pid, getattr(signal, second))
        board.proc.wait(10)
        stderr = board.proc.stderr.read()
        assert board.proc.returncode == 128 + signal.SIGHUP
        assert stderr == "pinosolve: board: ended by SIGHUP\n"


def test_a_signal_the_moment_the_address_is_printed_ends_the_board_cleanly():
    for _ in range(3):
        proc = subprocess.Popen(
            [sys.executable, "-m", "pinosolve", "board", "--no-browser", "--port", "0"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True)
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert re.match(r"board: http://", line), line
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
        assert proc.returncode == 128 + signal.SIGTERM
        assert proc.stderr.read() == "pinosolve: board: ended by SIGTERM\n"  # type: ignore
