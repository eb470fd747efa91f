"""The standard streams as the ``pinosolve`` program can rely on them.

stderr carries diagnostics only (error lines, progress bars): a stderr that is closed, or a
full disk under it, must not end a command or cost it its answer on stdout, and what is meant
for stderr must never land in stdout (a closed descriptor 2 would be taken by the next file
opened). stdout carries the answer: where it is closed there is no answer to give, which is
one line on stderr and exit code 74, before any work.
"""

from __future__ import annotations

import io
import os
import sys
from typing import Any, Optional


class Diagnostics(io.TextIOBase):
    """A text stream over stderr that a failed write cannot stop: a line it cannot take is
    lost, the command goes on."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except (OSError, ValueError):  # a full disk, a closed pipe: nowhere to tell
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError):
            pass

    def fileno(self) -> int:
        return int(self._stream.fileno())

    def isatty(self) -> bool:
        try:
            return bool(self._stream.isatty())
        except (OSError, ValueError):
            return False

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self._stream, "encoding", None) or "utf-8")


def _open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _hold(fd: int) -> None:
    """Point a closed descriptor ``fd`` at the null device, so that no file opened later
    takes it."""
    if not _open(fd):
        null = os.open(os.devnull, os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)


def steady() -> Optional[str]:
    """Make stderr safe to write (a closed descriptor 2 is held on the null device; every
    write is forgiven); the problem with stdout, if any: closed (None: it is open)."""
    if not _open(2) or sys.stderr is None:  # (Python leaves it None where 2 was closed)
        _hold(2)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    if not isinstance(sys.stderr, Diagnostics):
        sys.stderr = Diagnostics(sys.stderr)
    if sys.stdout is None or not _open(1):
        _hold(1)  # (for the same reason)
        return "output error: standard output is closed"
    return None
