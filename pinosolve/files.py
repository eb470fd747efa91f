"""Reading the files a user names (rules files, ``extends``, sequences, puzzles): the one place
that opens them, so that no path can hang the program or exhaust its memory; and the one
strict reader of JSON input, files and batch lines alike (``load_json``).

Only regular files are read, and at most ``MAX_BYTES`` of them: a FIFO (which would block
for ever), a device (``/dev/zero`` reads without end), a directory or a socket is refused
with one line naming it. The file is opened without blocking, so even a FIFO with no writer
is seen for what it is before anything waits on it. Text must be UTF-8; documents nested
deeper than the parsers can follow are refused, not a crash.

A relative path that is not found, but that names an example file of the checkout the
documentation uses (``docs/examples/…``, ``puzzles/…``, ``rules/…``), reads the copy that
ships in the package (``shipped_copy``): the documentation's commands run as written from an
installed package, the way puzzles and house rules are found by name.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any, Optional

from pinosolve.errors import PinosolveError

MAX_BYTES = 1 << 20  # 1 MiB: the largest shipped rules file is under 12 KiB

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


# Set in the processes that answer ``pinosolve board``'s requests (by ``package_folders``):
# the folders (os.pathsep between them) outside which they read no file, whatever a request
# names.
READ_ONLY_UNDER = "PINOSOLVE_READ_ONLY_UNDER"


# the checkout's folders of example files the documentation names, and their copies in the
# package (pyproject.toml's package-dir): the checkout's own where it is one, else the copy
SHIPPED = (("docs/examples", "examples_data"), ("puzzles", "puzzles_data"),
           ("rules", "rules_data"))


def shipped_copy(path: str | Path) -> Optional[Path]:
    """The file of the package that ``path``, relative and as the documentation writes it
    (``docs/examples/club-endings.pgr``, ``puzzles/records/….pbn``, ``rules/examples/….toml``),
    names: the checkout's where the package runs from one, else the copy installed with it;
    None for any other path, or where there is no such file.

    >>> shipped_copy("docs/examples/four-hand-review.toml").name
    'four-hand-review.toml'
    >>> shipped_copy("docs/examples/none.toml") is None, shipped_copy("/etc/passwd") is None
    (True, True)
    """
    try:
        parts = PurePosixPath(str(path).replace(os.sep, "/")).parts
    except (TypeError, ValueError):
        return None
    parts = tuple(p for p in parts if p != ".")
    if not parts or parts[0] == "/" or ".." in parts or "\0" in str(path):
        return None
    package = Path(__file__).resolve().parent
    for source, data in SHIPPED:
        folder = tuple(source.split("/"))
        if parts[:len(folder)] != folder or len(parts) == len(folder):
            continue
        for base in (package.parent / source, package / data):
            candidate = base.joinpath(*parts[len(folder):])
            if candidate.is_file():
                return candidate
    return None


def _outside_package(path: str | Path) -> bool:
    """Whether ``path`` lies outside the folders ``READ_ONLY_UNDER`` names, where it is
    set."""
    allowed = os.environ.get(READ_ONLY_UNDER)
    if not allowed:
        return False
    try:
        real = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return True
    roots = [Path(r) for r in allowed.split(os.pathsep) if r]
    return not any(real == root or root in real.parents for root in roots)


def read_text(path: str | Path, what: str, error: type[PinosolveError] = PinosolveError
              ) -> str:
    """The UTF-8 text of the regular file ``path``; ``what`` names it in the one-line
    ``error`` raised for anything else (missing, unreadable, not a regular file, larger
    than MAX_BYTES, not UTF-8, or, where ``READ_ONLY_UNDER`` is set, outside its
    folders)."""
    name = str(path)
    if _outside_package(name):
        raise error(f"{what} {name!r}: this server reads no file (give the text itself)")
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        copy = shipped_copy(name)  # (an example the documentation names: the package's)
        if copy is not None:
            return read_text(copy, what, error)
        raise error(f"{what} {name!r} not found") from None
    except ValueError:  # a NUL in the name
        raise error(f"{what} {name!r}: not a file name (it holds a NUL)") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, or a FIFO opened for writing elsewhere
            raise error(f"{what} {name!r} is not a regular file") from None
        raise error(f"{what} {name!r} cannot be read: {exc.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((k for test, k in _KINDS if test(mode)), "not a regular file")
            raise error(f"{what} {name!r} is {kind}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 16, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise error(f"{what} {name!r} is larger than {MAX_BYTES // (1 << 20)} MiB")
    except OSError as exc:
        raise error(f"{what} {name!r} cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
    try:  # a byte-order mark that starts the file is no part of its text
        return b"".join(chunks).decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise error(f"{name}: not UTF-8 text (byte {exc.start})") from None


def read_stdin(what: str, error: type[PinosolveError] = PinosolveError) -> str:
    """The UTF-8 text of standard input (for a file named '-'), at most MAX_BYTES of it;
    ``what`` names it in the one-line ``error`` raised for anything else."""
    import sys

    if sys.stdin is None:
        raise error(f"{what} '-': there is no standard input to read")
    stream = getattr(sys.stdin, "buffer", sys.stdin)
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise error(f"{what} on stdin is larger than {MAX_BYTES // (1 << 20)} MiB")
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise error(f"{what} on stdin: not UTF-8 text (byte {exc.start})") from None


MAX_KEY_PARTS = 32  # parts of one dotted TOML key: the rules files use at most 4
MAX_NESTING = 32  # arrays and inline tables within each other (MAX_DEPTH for JSON)


def toml_shape_problem(text: str) -> Optional[str]:
    """Why ``text`` is too deep or has too long a dotted key to hand to ``tomllib``, or None.
    A key of n parts costs ``tomllib`` time and memory in n squared (40 KB of one key, 1.6
    GB), so keys and nesting are bounded before it parses: one pass over the text, strings
    and comments skipped, that counts the parts of each key (in a ``[table]`` header, before
    an ``=``, in an inline table) and the arrays and inline tables open. It reads no more
    than it needs to bound them: malformed TOML is left for ``tomllib`` to name.

    >>> toml_shape_problem('a.b."c.d" = [[1], {x.y = 2}]') is None
    True
    >>> toml_shape_problem("a" + ".a" * 40 + " = 1")
    'line 1: a key of more than 32 parts'
    """
    stack: list[str] = []  # the open arrays ('[') and inline tables ('{')
    key, parts, line, i, n = True, 1, 1, 0, len(text)
    header = False  # in a [table] or [[table]] header
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            if not stack:
                key, parts, header = True, 1, False
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            triple = text.startswith(c * 3, i)
            quote = c * 3 if triple else c
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if c == '"' and text[j] == "\\":
                    j += 1
                if j < n and text[j] == "\n":
                    if not triple:
                        break  # (a string cut at the line's end: tomllib names it)
                    line += 1
                j += 1
            i = j + len(quote) if text.startswith(quote, j) else j
            continue
        elif key and c == ".":
            parts += 1
            if parts > MAX_KEY_PARTS:
                return f"line {line}: a key of more than {MAX_KEY_PARTS} parts"
        elif c == "=" and key and not header:
            key = False
        elif c == "[" and key and not stack:
            header = True
        elif c == "]" and header:
            key = False
        elif c in "[{" and not key:
            stack.append(c)
            if len(stack) > MAX_NESTING:
                return f"line {line}: arrays and tables nested more than {MAX_NESTING} deep"
            if c == "{":
                key, parts = True, 1
        elif c in "]}" and stack and not key or c == "}" and stack and stack[-1] == "{":
            stack.pop()
            key = False
        elif c == "," and stack and stack[-1] == "{":
            key, parts = True, 1
        i += 1
    return None


def parse_toml(text: str, name: str, error: type[PinosolveError] = PinosolveError
               ) -> dict[str, Any]:
    """A TOML document, or one line saying why it is none (too deep, or a key of too many
    parts: ``toml_shape_problem``, checked before it is parsed)."""
    problem = toml_shape_problem(text)
    if problem:
        raise error(f"{name}: not readable TOML: {problem}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise error(f"{name}: not valid TOML: nested too deeply") from None
    except ValueError as exc:  # a number of more digits than Python converts (4300)
        raise error(f"{name}: not readable TOML: {str(exc)[:100]}") from None
    if _too_deep(data):  # (short keys in nested tables add up: a depth no file needs)
        raise error(f"{name}: not readable TOML: tables and arrays nested more than "
                    f"{MAX_DEPTH} deep")
    return data


def parse_document(text: str, name: str, error: type[PinosolveError] = PinosolveError
                   ) -> Any:
    """A JSON document (if it starts with ``{``), read as strictly as a batch line
    (``load_json``), or a TOML one; or one line saying why it is neither."""
    if not text.lstrip().startswith("{"):
        return parse_toml(text, name, error)
    try:
        return load_json(text)
    except PinosolveError as exc:
        raise error(f"{name}: {exc}") from None


# how deep JSON input (a batch line, a document) may nest: a batch line's option value is a
# list or an object at most (2 deep), a document a few levels more, and much deeper values
# only make the analysis recurse
MAX_DEPTH = 32
# how many digits a JSON integer may have (Python's int() stops at 4,300, with a message about
# its own settings); a card game has no use for more than a few
MAX_DIGITS = 100


def load_json(text: str | bytes) -> Any:
    """A JSON value as input may hold it, or PinosolveError saying why not: strict JSON (no
    NaN or Infinity, no number that overflows, no integer of more than MAX_DIGITS digits),
    nested at most MAX_DEPTH deep."""
    try:
        obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite,
                         parse_int=_short_int)
        deep = _too_deep(obj)
    except json.JSONDecodeError as exc:
        raise PinosolveError(f"not a JSON object: {exc.msg} at column {exc.colno}") from None
    except ValueError as exc:  # a number JSON reads and Python does not (see _finite)
        raise PinosolveError(f"not a JSON object: {exc}") from None
    except RecursionError:  # deeper than Python's recursion limit
        deep = True
    if deep:
        raise PinosolveError(f"JSON nested too deeply (more than {MAX_DEPTH} levels of arrays "
                             "and objects)")
    return obj


def _no_constant(name: str) -> Any:
    """JSON has no NaN or Infinity (Python's reader takes them): refused."""
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number with a fraction or an exponent, which must be a float's (1e400 would be
    infinity: refused)."""
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def _short_int(text: str) -> int:
    """A JSON integer of at most ``MAX_DIGITS`` digits."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _too_deep(value: Any) -> bool:
    """Do arrays and objects nest in ``value`` more than ``MAX_DEPTH`` levels deep?"""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((x, depth + 1) for x in item)
    return False


def read_table(path: str | Path, what: str, expect: str) -> dict[str, Any]:
    """One table from a TOML or JSON document (told apart by its first character): the file
    ``path``, or standard input for '-'; ``what`` names it in the one-line error raised for
    anything else, and ``expect`` says what the table holds (for a document that is none)."""
    if str(path) == "-":
        name = f"{what} on stdin"
        data = parse_document(read_stdin(what), name)
    else:
        name = str(path)
        data = parse_document(read_text(path, what), name)
    if not isinstance(data, dict):
        raise PinosolveError(f"{name}: expected {expect}")
    return data


def resolved(path: Path, what: str, error: type[PinosolveError] = PinosolveError) -> Path:
    """``path`` made absolute with every symbolic link followed, or one line saying why it
    cannot be (a loop of links: Python 3.11 raises RuntimeError, later ones OSError).

    >>> resolved(Path("/"), "--out")
    PosixPath('/')
    """
    try:
        return path.resolve()
    except RecursionError:  # (a RuntimeError too, but no loop of links: the caller's depth)
        raise
    except RuntimeError:
        raise error(f"{what}: a loop of symbolic links") from None
    except OSError as exc:
        raise error(f"{what}: {exc.strerror or exc}") from None


def writable_file(path: Path, what: str) -> Path:
    """``path`` checked as a file to write, before any work (``what`` names it in the error,
    e.g. ``"--out 'r.jsonl'"``): a regular file, or a new one in a folder that exists, that
    can be written, and not in a special place (/proc, /sys, /dev). A file the check creates
    is removed again."""
    real = resolved(path, what)
    try:
        if real.parts[1:2] and real.parts[1] in ("proc", "sys", "dev"):
            raise PinosolveError(f"{what}: not a place to write to")
        if path.exists() and not path.is_file():
            raise PinosolveError(f"{what}: not a regular file")
        if not path.parent.is_dir():
            raise PinosolveError(f"{what}: no folder {str(path.parent)!r:.80}")
        existed = path.exists()
        with open(path, "ab"):  # (can it be written? read-only places say no)
            pass
        if not existed:
            path.unlink()
    except OSError as exc:  # a name too long, a folder not searchable, ...
        raise PinosolveError(f"{what}: {exc.strerror or exc}") from None
    return path

