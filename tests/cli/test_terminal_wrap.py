"""On a terminal, a command's prose wraps between words at the terminal's width (a line the
terminal cut would break a word: ``inacc|uracy``); into a pipe, each line goes whole."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

ARGS = ["review", "--record", "tests/data/review-renege.toml"]
SENTENCE = "no penalty is applied: the rules files have no renege penalty"


def _on_a_terminal(columns: int) -> str:
    """What ``pinosolve ARGS`` writes to a pseudo-terminal ``columns`` wide."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen([sys.executable, "-m", "pinosolve", *ARGS], cwd=ROOT, env=env,
                            stdout=follower, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    os.close(follower)
    out = b""
    while True:
        try:
            got = os.read(leader, 65536)
        except OSError:  # (the terminal closed: the command ended)
            break
        if not got:
            break
        out += got
    proc.wait(120)
    os.close(leader)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    return re.sub(r"\x1b\[[0-9;]*m", "", text)  # (the styles: no width on the screen)


def test_prose_wraps_between_words_on_a_terminal():
    text = _on_a_terminal(80)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80, text
    assert SENTENCE in " ".join(line.strip() for line in lines), text


def test_into_a_pipe_a_line_goes_whole():
    run = subprocess.run([sys.executable, "-m", "pinosolve", *ARGS], cwd=ROOT,
                         capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"})
    assert run.returncode == 0
    assert any(SENTENCE in line and len(line) > 80 for line in run.stdout.splitlines())
