"""The text of a game record: tag pairs and their sections, as bridge's PBN writes them.

A record is a list of *sections*. Each starts with a tag pair, ``[Name "value"]`` on a line
of its own, and holds the data lines after it up to the next tag pair. Records follow one
another in a file; a record ends where a tag it already has appears again (a writer puts an
empty line between records, as PBN does). This module knows only that syntax, not what any
tag means (``pinosolve.records.record`` does).

Import is lenient: ``%`` starts a comment line and ``;`` a comment to the end of the line,
``{...}`` is a comment anywhere (over several lines too), tag names are matched without regard
to case, and the value's
quotes may hold ``\\"`` and ``\\\\``. Export is exact: one space between name and value, the
escapes written, data lines stripped.

>>> [s.tag for s in split_records('[Variant "two-hand"]\\n[Play "N"]\\nAS 9S')[0]]
['Variant', 'Play']
>>> format_section(Section("Event", 'say "hi"', ()))
'[Event "say \\\\"hi\\\\""]'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pinosolve.errors import NotationError

MAX_SECTIONS = 10_000  # tag pairs in one file: a record has about 15
MAX_VALUE = 10_000  # characters of one tag's value

_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')


@dataclass(frozen=True)
class Section:
    """One tag pair (``tag`` as spelt in the file, ``value`` unescaped) and its data lines
    (stripped, comments and empty lines left out); ``line`` is where the tag stands (from
    1) and ``at`` where each data line stands, for error messages (0 and () for a section
    made, not read)."""

    tag: str
    value: str
    lines: tuple[str, ...]
    line: int = 0
    at: tuple[int, ...] = ()

    def line_of(self, k: int) -> int:
        """Where data line ``k`` (from 0) stands; the tag's line where that is not known."""
        return self.at[k] if 0 <= k < len(self.at) else self.line


def looks_like_record(text: str) -> bool:
    """True when the text's first line that is neither empty nor a comment is a tag pair
    (TOML's ``[table]`` headers have no quoted value, JSON starts with ``{`` or ``[{``).

    >>> looks_like_record('% a comment\\n[Deal "N:A..."]'), looks_like_record('[position]')
    (True, False)
    """
    for raw in _uncommented(text):
        line = raw.strip()
        if line:
            return _TAG.match(line) is not None
    return False


def _uncommented(text: str) -> list[str]:
    """The lines with comments blanked: ``{...}`` (its line breaks kept, so that line
    numbers hold), ``;`` to the end of the line, and lines that start with ``%``; a quoted
    tag value keeps its braces and semicolons."""
    out: list[str] = []
    depth = False
    for line in text.splitlines():
        if not depth and line.lstrip().startswith("%"):
            out.append("")
            continue
        kept: list[str] = []
        quoted = escaped = False
        for ch in line:
            if depth:
                depth = ch != "}"
            elif quoted:
                kept.append(ch)
                quoted = escaped or ch != '"'
                escaped = not escaped and ch == "\\"
            elif ch == "{":
                depth = True
            elif ch == ";":
                break
            else:
                kept.append(ch)
                quoted = ch == '"'
        out.append("".join(kept))
    return out


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def split_records(text: str) -> list[list[Section]]:
    """Every record of the text, each as its sections in order; NotationError for a line
    before the first tag pair, a line that opens a tag pair but is not one, or a file of
    more than ``MAX_SECTIONS`` tag pairs."""
    records: list[list[Section]] = []
    current: list[Section] = []
    seen: set[str] = set()
    tag, value, at = "", "", 0
    lines: list[str] = []
    numbers: list[int] = []
    count = 0

    def close() -> None:
        if tag:
            current.append(Section(tag, value, tuple(lines), at, tuple(numbers)))

    for number, raw in enumerate(_uncommented(text), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            m = _TAG.fullmatch(line)
            if m is None:
                raise NotationError(f"line {number}: not a tag pair [Name \"value\"]: "
                                    f"{line!r:.60}")
            count += 1
            if count > MAX_SECTIONS:
                raise NotationError(f"line {number}: more than {MAX_SECTIONS} tag pairs")
            if len(m.group(2)) > MAX_VALUE:
                raise NotationError(f"line {number}: a tag value of more than {MAX_VALUE} "
                                    "characters")
            close()
            name = m.group(1)
            if name.lower() in seen:  # the same tag again: the next record starts
                records.append(current)
                current, seen = [], set()
            seen.add(name.lower())
            tag, value, lines, numbers, at = name, _unescape(m.group(2)), [], [], number
            continue
        if not tag:
            raise NotationError(f"line {number}: data before the first tag pair: "
                                f"{line!r:.60}")
        lines.append(line)
        numbers.append(number)
    close()
    if current:
        records.append(current)
    return records


def format_section(section: Section) -> str:
    """The section's export text: the tag pair, then each data line."""
    value = section.value.replace("\\", "\\\\").replace('"', '\\"')
    return "\n".join([f'[{section.tag} "{value}"]', *section.lines])
