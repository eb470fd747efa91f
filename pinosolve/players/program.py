"""``cmd:COMMAND``: a player that is a program of one's own, speaking JSON lines on its
standard input and output (as a chess engine speaks UCI). POSIX systems only.

The protocol, ``pinosolve-player/1``:

* **Start.** The program is started once, when its first decision comes (or by
  ``check()``): ``COMMAND`` split as a POSIX shell would split it (``shlex.split``, no shell
  runs it), in the current directory, in a session (a process group) of its own, its
  standard error discarded. It serves every round and every decision of its seat until its
  standard input closes; then it should exit (it is killed 0.2 s later, with every process
  of its group). Its memory is limited where the system allows: 2 GiB of data (the limit
  ``RLIMIT_DATA``, set as it starts; memory merely reserved, as Java and Node.js do, is not
  counted).
* **Request.** Each decision the program's seat faces is one line of JSON (UTF-8, ended
  by ``\\n``) written to its standard input::

      {"protocol": "pinosolve-player/1", "variant": "four-hand", "seat": "N",
       "seed": 12345, "decision": {"kind": "play", "seat": "N", "choices": ["AS", "TS"],
       "count": 0, "required": []}, "view": {...}}

  ``seed`` is the round's seed (for the program's own randomness: a match replays
  exactly); ``decision`` is the ``pinosolve.table.decision.Decision`` pending (``count``
  0: answer one of ``choices``; else answer ``count`` of them, ``required`` among them);
  ``view`` is what the seat sees (``pinosolve.table.state.Table.view``, in the vocabulary
  of ``docs/json.md``).
* **Answer.** One line of JSON on its standard output: ``{"choice": "AS"}``, or for a
  ``count`` decision ``{"choice": ["AS", "TS"]}``; the bare value (``"AS"``,
  ``["AS", "TS"]``) is read alike, and other keys beside ``choice`` are ignored. Nothing
  else may be printed: a line printed before its request is sent is garbage.
* **Time.** ``seconds`` (default 10) to answer each request, from when it is sent.
* **Faults** (``pinosolve.players.base.PlayerFault``; the match gives the decision's
  default and counts the fault):

  - ``late``: no whole line in time (a line begun and not ended is late). The program and
    its process group are killed; the next decision starts it again, afresh.
  - ``crashed``: it exited or closed its output before answering (the message gives its
    exit code), or could not be started. The next decision starts it again, unless three
    starts in a row ended before answering anything: then every later decision is this
    fault at once, and the program is not started again.
  - ``garbage``: an answer that is not one line of UTF-8 JSON giving a text or a list of
    texts (a number, ``null``, an object without ``choice``, nesting too deep to read,
    bytes that are not UTF-8, ...). A line longer than 64 KiB, or output printed unasked,
    ends the program too (it is started again at the next decision).

  A choice that is well formed but not legal is the match's to find
  (``Decision.check``): ``choose`` returns what the program said.

>>> import sys
>>> p = ProgramPlayer(sys.executable + " -c pass", seconds=2)
>>> p.name, p.seconds
('cmd:... -c pass', 2.0)
>>> p.close()
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import signal
import subprocess
import time
from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.errors import PinosolveError
from pinosolve.players.base import Player, PlayerFault
from pinosolve.table.decision import Choice, Decision

PROTOCOL = "pinosolve-player/1"
SECONDS = 10.0  # to answer each request, by default
MOST_SECONDS = 3600.0
MAX_LINE = 64 * 1024  # bytes of an answer's line
CHUNK = 64 * 1024  # bytes read at a time
GIVE_UP = 3  # starts in a row that end before answering
GRACE = 0.2  # seconds a program has to exit once its input is closed
MEMORY = 2 << 30  # bytes of data a program may hold (RLIMIT_DATA)


class ProgramPlayer(Player):
    """The program ``command`` as a player (see the module); ``seconds`` to answer each
    request (above 0, at most 3600). One-line ``PinosolveError`` for a bad ``seconds`` or an
    unknown option; a command that cannot run is found by ``check()`` (or is a ``crashed``
    fault at each decision)."""

    kind = "cmd"
    sees_all = False

    def __init__(self, command: str, *, seconds: Any = SECONDS, **options: Any) -> None:
        self._proc: Optional[subprocess.Popen[bytes]] = None
        if not isinstance(command, str):
            raise PinosolveError("player cmd: the command is a text, such as python bot.py")
        super().__init__({"command": command})
        if options:
            raise PinosolveError(f"player cmd: no option {next(iter(options))!r:.20} "
                                 "(it takes seconds)")
        self.command = command
        self.seconds = answer_seconds(seconds)
        self._owner = 0  # the process that started the program (a fork's copy leaves it be)
        self._readable: Optional[selectors.BaseSelector] = None
        self._writable: Optional[selectors.BaseSelector] = None
        self._buf = bytearray()
        self._answers = 0  # lines the running program has answered
        self._failed = 0  # starts in a row that ended before answering
        self._why = ""  # how the last of them ended

    @property
    def name(self) -> str:
        """``cmd:`` and the command."""
        return "cmd:" + self.command

    @property
    def pid(self) -> Optional[int]:
        """The running program's process ID (and its process group's), None when none
        runs."""
        return self._proc.pid if self._proc is not None else None

    def check(self) -> None:
        """Start the program now, unless it runs. One-line ``PinosolveError`` naming the
        command and the reason when it cannot be started (or was given up)."""
        if self._failed >= GIVE_UP:
            raise PinosolveError(self._gave_up())
        if self._proc is None:
            self._spawn()

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        """Send the request, read the answer: the choice as the program gave it (a text, or
        a tuple of texts), legal or not. ``PlayerFault`` (see the module) for a program
        late, crashed or printing garbage."""
        if self._failed >= GIVE_UP:
            raise PlayerFault("crashed", self._gave_up())
        if self._proc is None:
            try:
                self._spawn()
            except PinosolveError as exc:
                self._failed += 1
                self._why = str(exc)
                raise PlayerFault("crashed", str(exc)) from None
        request = self._request(view, decision)
        deadline = time.monotonic() + self.seconds
        self._unasked()
        self._send(request, deadline)
        line = self._read_line(deadline)
        self._answers += 1
        self._failed = 0
        try:
            return read_answer(line)
        except PlayerFault as exc:
            raise PlayerFault(exc.kind, f"player {self.name}: {exc}") from None

    def close(self) -> None:
        """Close the program's input, give it 0.2 s to exit, then kill its process group
        and collect it. Idempotent; never raises."""
        try:
            self._stop(GRACE, polite=True)
        except Exception:  # pragma: no cover (closing must not fail)
            self._proc = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover (interpreter shutdown)
            pass

    # --- the program's process -----------------------------------------------------------

    def _args(self) -> list[str]:
        try:
            args = shlex.split(self.command)
        except ValueError as exc:
            raise PinosolveError(f"player {self.name:.80}: cannot read the command: "
                                 f"{exc}") from None
        if not args:
            raise PinosolveError("player cmd: give the command, such as cmd:python bot.py")
        if not hasattr(os, "killpg"):
            raise PinosolveError(f"player {self.name:.80}: a program player needs a POSIX "
                                 "system")
        return args

    def _spawn(self) -> None:
        args = self._args()
        try:
            proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, start_new_session=True,
                                    bufsize=0, close_fds=True)
        except (OSError, ValueError, subprocess.SubprocessError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise PinosolveError(f"player {self.name:.80}: cannot start {args[0]!r:.60}: "
                                 f"{reason}") from None
        assert proc.stdin is not None and proc.stdout is not None
        limit_memory(proc.pid)
        os.set_blocking(proc.stdin.fileno(), False)
        self._proc, self._owner, self._answers = proc, os.getpid(), 0
        self._buf.clear()
        self._readable = selectors.DefaultSelector()
        self._readable.register(proc.stdout.fileno(), selectors.EVENT_READ)
        self._writable = selectors.DefaultSelector()
        self._writable.register(proc.stdin.fileno(), selectors.EVENT_WRITE)

    def _stop(self, grace: float, polite: bool = False) -> Optional[int]:
        """End the program and its process group (SIGKILL), collecting it; its exit status
        if it ended by itself within ``grace`` seconds (negative: the signal), else None.
        ``polite``: close its input first."""
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        for sel in (self._readable, self._writable):
            if sel is not None:
                sel.close()
        self._readable = self._writable = None
        self._buf.clear()
        if self._owner != os.getpid():  # a forked copy of this player: not its program
            return None
        if polite:
            _quietly_close(proc.stdin)
        code = _ended_within(proc, grace)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass  # (the group has ended)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover (stuck in the kernel)
            pass
        _quietly_close(proc.stdin)
        _quietly_close(proc.stdout)
        return code

    def _crashed(self, what: str) -> PlayerFault:
        """The program ended (``what`` says when): stop it, count a start that ended before
        answering, and the fault naming its exit status."""
        before = self._answers == 0
        code = self._stop(GRACE)
        message = f"player {self.name:.80}: the program {ended(code)} {what}"
        if before:
            self._failed += 1
            self._why = message
            if self._failed >= GIVE_UP:
                message += f"; gave up after {GIVE_UP} restarts"
        return PlayerFault("crashed", message)

    def _gave_up(self) -> str:
        return f"{self._why}; gave up after {GIVE_UP} restarts"

    # --- one request and its answer ------------------------------------------------------

    def _request(self, view: Mapping[str, Any], decision: Decision) -> bytes:
        request = {
            "protocol": PROTOCOL,
            "variant": self.variant.id if self.variant is not None else view.get("variant"),
            "seat": self.seat or decision.seat,
            "seed": self.seed,
            "decision": {"kind": decision.kind, "seat": decision.seat,
                         "choices": list(decision.choices), "count": decision.count,
                         "required": list(decision.required)},
            "view": dict(view),
        }
        return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n"
                ).encode("utf-8")

    def _unasked(self) -> None:
        """Before a request: nothing may wait on the program's output (a line printed
        unasked is garbage, and ends it); an output closed is a crash."""
        assert self._proc is not None and self._readable is not None
        if not self._buf and not self._readable.select(0):
            return
        chunk = b""
        if not self._buf:
            chunk = self._read_chunk()
            if not chunk:
                raise self._crashed("between requests")
        shown = bytes(self._buf or chunk)[:40]
        self._stop(0)
        raise PlayerFault("garbage", f"player {self.name:.80}: printed {shown!r} unasked")

    def _send(self, data: bytes, deadline: float) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        assert self._writable is not None
        fd, left = self._proc.stdin.fileno(), memoryview(data)
        while left:
            wait = deadline - time.monotonic()
            if wait <= 0 or not self._writable.select(wait):
                if time.monotonic() >= deadline:
                    raise self._late("did not read its request")
                continue
            try:
                left = left[os.write(fd, left):]
            except BlockingIOError:
                continue
            except OSError:  # (BrokenPipeError: its input is closed)
                raise self._crashed("before reading its request") from None

    def _read_line(self, deadline: float) -> bytes:
        """The next line the program prints, before ``deadline``; faults otherwise."""
        assert self._readable is not None
        while True:
            end = self._buf.find(b"\n")
            if end > MAX_LINE or (end < 0 and len(self._buf) > MAX_LINE):
                self._stop(0)
                raise PlayerFault("garbage", f"player {self.name:.80}: an answer longer "
                                  f"than {MAX_LINE} bytes")
            if end >= 0:
                line = bytes(self._buf[:end])
                del self._buf[:end + 1]
                return line
            wait = deadline - time.monotonic()
            if wait <= 0:
                raise self._late("gave no answer" if not self._buf else
                                 "did not end its answer's line")
            if not self._readable.select(wait):
                continue
            chunk = self._read_chunk()
            if not chunk:
                raise self._crashed("before answering")
            self._buf += chunk

    def _read_chunk(self) -> bytes:
        assert self._proc is not None and self._proc.stdout is not None
        try:
            return os.read(self._proc.stdout.fileno(), CHUNK)
        except OSError:
            return b""

    def _late(self, what: str) -> PlayerFault:
        self._stop(0)
        return PlayerFault("late", f"player {self.name:.80}: {what} in {self.seconds:g} s; "
                           "the program was stopped")


def answer_seconds(seconds: Any) -> float:
    """``seconds`` as the time to answer a request: a number above 0 and at most 3600 (or
    its text), else a one-line ``PinosolveError``.

    >>> answer_seconds("0.5"), answer_seconds(3)
    (0.5, 3.0)
    """
    try:
        value = float(seconds) if not isinstance(seconds, bool) else float("nan")
    except (TypeError, ValueError):
        value = float("nan")
    if not 0 < value <= MOST_SECONDS:
        raise PinosolveError(f"player cmd: seconds is a number above 0 and at most "
                             f"{MOST_SECONDS:g}, got {str(seconds)[:20]!r}")
    return value


def read_answer(line: bytes) -> Choice:
    """The choice an answer's line gives (a text, or a tuple of texts for a list), or
    ``PlayerFault("garbage", ...)``.

    >>> read_answer(b'{"choice": "AS"}'), read_answer(b'["AS", "TS"]')
    ('AS', ('AS', 'TS'))
    >>> read_answer(b'{"x": 1}')
    Traceback (most recent call last):
    ...
    pinosolve.players.base.PlayerFault: no "choice" in the answer {"x": 1}
    """
    shown = line[:40].decode("utf-8", "replace")
    try:
        value = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise PlayerFault("garbage", f"an answer that is not UTF-8: {line[:40]!r}") from None
    except (ValueError, RecursionError):  # (RecursionError: nested too deep)
        raise PlayerFault("garbage", f"an answer that is not JSON: {shown!r}") from None
    if isinstance(value, dict):
        if "choice" not in value:
            raise PlayerFault("garbage", f'no "choice" in the answer {shown}')
        value = value["choice"]
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise PlayerFault("garbage", f"the choice is a text or a list of texts, got {shown!r}")


def ended(code: Optional[int]) -> str:
    """How a program ended, from its exit status (``_stop``'s).

    >>> ended(3), ended(-9), ended(None)
    ('exited with code 3', 'was killed by signal SIGKILL', 'closed its output')
    """
    if code is None:
        return "closed its output"
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


def limit_memory(pid: int, limit: int = MEMORY) -> bool:
    """Lower process ``pid``'s limit on its data (``RLIMIT_DATA``) to ``limit`` bytes;
    False where the system cannot (no ``prlimit``)."""
    try:
        import resource

        soft, hard = resource.prlimit(pid, resource.RLIMIT_DATA)
        low = [limit if v == resource.RLIM_INFINITY else min(v, limit) for v in (soft, hard)]
        resource.prlimit(pid, resource.RLIMIT_DATA, (low[0], low[1]))
    except (ImportError, AttributeError, OSError, ValueError):
        return False
    return True


def _ended_within(proc: subprocess.Popen[bytes], grace: float) -> Optional[int]:
    """``proc``'s exit status if it ends within ``grace`` seconds, without collecting it
    (its process ID, and so its group's, stays taken until it is killed); else None."""
    stop = time.monotonic() + grace
    while True:
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except (AttributeError, ChildProcessError, OSError):
            info = None
            code = proc.poll()
            if code is not None:
                return code
        if info is not None:
            return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
        if time.monotonic() >= stop:
            return None
        time.sleep(0.005)


def _quietly_close(f: Any) -> None:
    try:
        if f is not None:
            f.close()
    except OSError:
        pass
