"""A running ``pinosolve board``, started as the user starts it (the real command, in a
process of its own, on a free port), for the board's tests."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT

RECORD = "docs/examples/four-hand-review.toml"


class Running:
    def __init__(self, proc: subprocess.Popen, url: str) -> None:
        self.proc, self.url = proc, url
        self.host, self.port = re.match(r"http://([^:/]+):(\d+)/", url).groups()


def start_board(*args: str) -> Running:
    proc = subprocess.Popen([sys.executable, "-m", "pinosolve", "board", "--no-browser",
                             "--port", "0", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "PINOSOLVE_BOARD_IDLE": "2"})
    line = proc.stdout.readline()
    m = re.match(r"board: (http://\S+) ", line)
    if not m:
        proc.kill()
        raise AssertionError(f"the board did not start: {line!r} {proc.stderr.read()[-2000:]}")
    return Running(proc, m.group(1))


def stop_board(board: Running) -> None:
    try:
        os.killpg(board.proc.pid, signal.SIGINT)
        board.proc.wait(10)
    except (OSError, subprocess.TimeoutExpired):
        os.killpg(board.proc.pid, signal.SIGKILL)
        board.proc.wait()


@pytest.fixture(scope="module")
def board():
    running = start_board(RECORD)
    time.sleep(0.1)
    yield running
    stop_board(running)
