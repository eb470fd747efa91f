"""Text for people's terminals: control characters shown, never obeyed.

Rules files, batch lines and arguments are data, and their text reaches the human output (a
variant's name, a meld's name, a key in an error). Raw, an escape sequence in it could clear
the screen, recolour or overwrite what was printed, and so fake a ruling. Every string bound
for the terminal passes through here: C0 and C1 control characters (but newline and tab in
prose), DEL, and the Unicode controls that reorder or hide text are written as visible
escapes. JSON output needs none of this: json.dumps escapes control characters itself.

>>> printable("evil\\x1b[2J")
'evil\\\\x1b[2J'
>>> printable({"name": ["a\\u202eb"]})
{'name': ['a\\\\u202eb']}
"""

from __future__ import annotations

import re
from typing import Any

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                     "\u202a-\u202e\u2066-\u2069\ufeff]")
_UNSAFE_LINE = re.compile(_UNSAFE.pattern[:-1] + "\n\t]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: Any, one_line: bool = False) -> Any:
    """``value`` with every string in it (dict keys, lists and tuples included) made safe to
    print; ``one_line`` escapes newlines and tabs too (for a one-line error message)."""
    if isinstance(value, str):
        return (_UNSAFE_LINE if one_line else _UNSAFE).sub(_escape, value)
    if isinstance(value, dict):
        return {printable(k, one_line): printable(v, one_line) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(printable(v, one_line) for v in value)
    return value


def echo_written(what: str, path: Any, err: bool) -> None:
    """The line that says where a file was written (``what: path``), the name made safe to
    print on one line (a file name may hold an escape sequence), to stderr with ``err``."""
    import typer

    typer.echo(f"{what}: {printable(str(path), True)}", err=err)
