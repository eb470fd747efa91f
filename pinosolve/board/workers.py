"""The processes that answer the board's requests: each one ``pinosolve COMMAND --input -``.

A request to ``POST /api/<command>`` is a batch line of that command, and its answer is the
batch's answer line: so the board answers exactly as the command line does, its checks and
its error messages included, because it *is* the command line. Each command has a worker
process, started on its first request and kept (so a request costs no start-up), which reads
one line at a time; for the commands that count their work (``COUNTED``), ``--progress``
makes it say on stderr how far a long line has got.

A worker runs with ``READ_ONLY_UNDER`` set (``pinosolve.files``) to the package's own folders
(``package_folders``): it reads the package's code, rules and puzzles and no other file,
whatever a request names. A line that runs too long
or is cancelled is ended by killing its worker, and the next request starts a new one.

A worker ends with the board, however the board ends (``end_with_board``): the board stops
its workers as it closes, and a worker whose board is gone without a word (killed) ends
itself, and every process it started, within ``WATCH_SECONDS``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from pinosolve.files import READ_ONLY_UNDER

# the commands the board answers: every command with a batch (``pinosolve.schemas.BATCH``)
COMMANDS = ("meld", "verify", "legal", "score", "bid", "pass", "makeable", "solve", "show",
            "deal", "review", "infer", "advise", "play")
# the commands whose long lines say how far they have got (--progress: a line per tenth)
COUNTED = ("review", "advise")
_PROGRESS = re.compile(r"^line \d+: (\d+)/(\d+) (.*)$")
BOARD = "PINOSOLVE_BOARD"  # (in a worker's environment: the board's process id)
WATCH_SECONDS = 0.5  # how often a worker looks whether its board is still there


def package_folders() -> str:
    """The package's own folders (its code, its rules, its puzzles), as ``READ_ONLY_UNDER``
    takes them."""
    from pathlib import Path

    import pinosolve
    from pinosolve.puzzle import puzzles_dir
    from pinosolve.variants.variant import rules_dir

    return os.pathsep.join(str(p.resolve()) for p in (Path(pinosolve.__file__).parent,
                                                      rules_dir(), puzzles_dir()))


def end_with_board(board: int) -> None:
    """In a worker: end this process, and every process it started (its process group: the
    board starts each worker in a session of its own), once the board (process ``board``) is
    gone, however it went: a thread looks every ``WATCH_SECONDS`` whether the worker's parent
    is still the board (an orphan's parent is another process). The board's id comes from the
    board (``BOARD``), not from the worker's own parent at its start: a board killed while its
    worker started would be missed. (The kernel's PR_SET_PDEATHSIG is no use here: it follows
    the thread that started the worker, a connection's thread, which ends with the
    connection, not with the board.)"""

    def watch() -> None:
        while os.getppid() == board:
            time.sleep(WATCH_SECONDS)
        try:
            if os.getpgrp() == os.getpid():  # (the leader of its own group: never another's)
                os.killpg(os.getpid(), signal.SIGKILL)
        finally:
            os._exit(1)

    threading.Thread(target=watch, name="end-with-board", daemon=True).start()


class Cancelled(Exception):
    """The request was cancelled, or ran out of its time, and its worker was ended."""


@dataclass
class Progress:
    """How far one request has got: ``done`` of ``total`` (``what``: cards reviewed, deals
    solved), as its worker last said."""

    done: int = 0
    total: int = 0
    what: str = ""
    cancelled: threading.Event = field(default_factory=threading.Event)


class Worker:
    """One ``pinosolve COMMAND --input - --progress`` process; ``ask`` sends it a line and
    waits for its answer. One request at a time (a lock)."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.lock = threading.Lock()
        self.closed = False  # (ended with the board: no process is started again)
        self.proc: Optional[subprocess.Popen[str]] = None
        self.progress: Optional[Progress] = None

    def _start(self) -> subprocess.Popen[str]:
        import pinosolve

        env = {**os.environ, READ_ONLY_UNDER: package_folders(), "PYTHONUNBUFFERED": "1",
               "NO_COLOR": "1", BOARD: str(os.getpid())}
        counted = ["--progress"] if self.command in COUNTED else []
        # (-P: no folder of the user's on the import path; the package's own folder as the
        # working one; this module as the program: the command line, ended with the board)
        proc = subprocess.Popen([sys.executable, "-P", "-m", "pinosolve.board.workers",
                                 self.command,
                                 "--input", "-", *counted], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                encoding="utf-8", env=env, start_new_session=True,
                                cwd=os.path.dirname(os.path.abspath(pinosolve.__file__)))
        threading.Thread(target=self._read_stderr, args=(proc,), daemon=True).start()
        return proc

    def _read_stderr(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            m = _PROGRESS.match(line.strip())
            progress = self.progress
            if m and progress is not None and self.proc is proc:
                progress.done, progress.total, progress.what = int(m[1]), int(m[2]), m[3]

    def stop(self) -> None:
        """End the process (its request, if one runs, answers ``Cancelled``)."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
        if proc is not None:
            proc.wait()

    def _acquire(self, deadline: float, progress: Progress) -> None:
        """The worker's lock, waiting at most to ``deadline``; ``Cancelled`` if the request
        is cancelled or runs out of time while it waits for another one."""
        while not self.lock.acquire(timeout=0.05):
            if progress.cancelled.is_set():
                raise Cancelled("cancelled")
            if time.monotonic() > deadline:
                raise Cancelled("the board was busy with other analyses for too long")

    def ask(self, line: dict[str, Any], seconds: float, progress: Progress) -> dict[str, Any]:
        """The answer to ``line`` (the batch's answer line, its ``line`` key removed), within
        ``seconds`` (waiting for the worker included); ``Cancelled`` where it takes longer,
        ``progress.cancelled`` is set, or the process ends or answers no JSON."""
        deadline = time.monotonic() + seconds
        self._acquire(deadline, progress)
        try:
            if self.closed:
                raise Cancelled("the board is closing")
            if self.proc is None or self.proc.poll() is not None:
                self.proc = self._start()
            proc = self.proc
            self.progress = progress
            assert proc.stdin is not None and proc.stdout is not None
            try:
                proc.stdin.write(json.dumps(line, ensure_ascii=False, separators=(",", ":"))
                                 + "\n")
                proc.stdin.flush()
            except OSError:
                self.stop()
                raise Cancelled("the worker ended") from None
            answer: list[str] = []
            stdout = proc.stdout
            reader = threading.Thread(target=lambda: answer.append(stdout.readline()),
                                      daemon=True)
            reader.start()
            while reader.is_alive():
                reader.join(0.05)
                if progress.cancelled.is_set() or time.monotonic() > deadline:
                    self.stop()
                    reader.join(5)
                    why = "cancelled" if progress.cancelled.is_set() else \
                        f"took longer than {seconds:g} s"
                    raise Cancelled(why)
            if not answer or not answer[0]:
                self.stop()
                raise Cancelled("the worker ended")
            try:
                out: dict[str, Any] = json.loads(answer[0])
            except json.JSONDecodeError:
                self.stop()
                raise Cancelled("the worker answered no JSON") from None
            out.pop("line", None)
            return out
        finally:
            self.progress = None
            self.lock.release()


class Workers:
    """The workers of each command, started on first use: at most ``PER_COMMAND`` of them,
    so that one long request (a review with the information lens) does not hold up a short
    one of the same command; ``close`` ends them all."""

    PER_COMMAND = 2

    def __init__(self) -> None:
        self.workers: dict[str, list[Worker]] = {c: [] for c in COMMANDS}
        self.lock = threading.Lock()
        self.closed = False

    def _worker(self, command: str) -> Worker:
        with self.lock:
            if self.closed:
                raise Cancelled("the board is closing")
            pool = self.workers[command]
            for w in pool:
                if not w.lock.locked():
                    return w
            if len(pool) < self.PER_COMMAND:
                pool.append(Worker(command))
                return pool[-1]
            return pool[0]

    def ask(self, command: str, line: dict[str, Any], seconds: float,
            progress: Optional[Progress] = None) -> dict[str, Any]:
        """``command``'s answer to ``line`` (see ``Worker.ask``)."""
        return self._worker(command).ask(line, seconds, progress or Progress())

    def close(self) -> None:
        """End every worker; a request still waiting for one is answered ``Cancelled``."""
        with self.lock:
            self.closed = True
            for pool in self.workers.values():
                for w in pool:
                    w.closed = True
                    w.stop()


if __name__ == "__main__":  # a worker: the command line (pinosolve COMMAND ...), ended with
    from pinosolve.cli import run  # its board

    if os.environ.get(BOARD, "").isdigit():
        end_with_board(int(os.environ.pop(BOARD)))
    run()
