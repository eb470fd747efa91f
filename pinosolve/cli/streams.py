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


def steady() -> Optional[str]:
    """Make stderr safe to write (a closed descriptor 2 is pointed at the null device, so no
    file opened later takes it; every write is forgiven); the problem with stdout, if any:
    closed (None: it is open)."""
    if not _open(2):
        null = os.open(os.devnull, os.O_WRONLY)
        if null != 2:
            os.dup2(null, 2)
            os.close(null)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    elif sys.stderr is None:  # pragma: no cover - (Python leaves it None only when closed)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    if not isinstance(sys.stderr, Diagnostics):
        sys.stderr = Diagnostics(sys.stderr)
    if sys.stdout is None or not _open(1):
        if _open(1) is False:  # hold descriptor 1 too, for the same reason
            null = os.open(os.devnull, os.O_WRONLY)
            if null != 1:
                os.dup2(null, 1)
                os.close(null)
        return "output error: standard output is closed"
    return None
