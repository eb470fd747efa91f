"""The options and batch keys renamed so that one idea has one name in every command.

An old spelling still works for a release: on the command line (``--old`` or ``--old=V``)
and as a batch line's key, it is read as the new one, and a one-line notice on stderr says
so, once per spelling and process. ``RENAMED`` is the one table, by command (``"*"``: every
command); ``CHANGELOG.md`` lists the same renames for people. A record file given as the
first argument (``review``, ``board``), before ``--record`` took it in every command, is read
by ``positional_record`` with the same notice.

>>> renamed_args(["bid", "--history", "25 pass"], quiet=True)
['bid', '--auction', '25 pass']
>>> renamed_args(["pass", "--called=QS", "--hand", "QS"], quiet=True)
['pass', '--called-card=QS', '--hand', 'QS']
>>> renamed_key("history", {"auction", "dealer"}, quiet=True)
'auction'
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Mapping
from typing import Optional

# command -> old name -> new name (option names without their dashes, '_' for '-')
RENAMED: Mapping[str, Mapping[str, str]] = {
    "*": {"call": "called_card"},
    "bid": {"history": "auction"},
    "deal": {"record": "as_record"},  # (--record FILE reads a record everywhere else)
    "pass": {"called": "called_card"},
    "study": {"filter": "where", "workers": "jobs"},
}

_told: set[tuple[str, str]] = set()  # the old names said already in this process


def _renames(command: str) -> dict[str, str]:
    return {**RENAMED.get("*", {}), **RENAMED.get(command, {})}


def _notice(old: str, new: str, dashes: str) -> None:
    if (dashes, old) in _told:
        return
    _told.add((dashes, old))
    what = "" if dashes or " " in old else "the key "
    spell = (lambda name: dashes + name.replace("_", "-")) if dashes else (lambda name: name)
    sys.stderr.write(f"pinosolve: notice: {what}{spell(old)} is now {spell(new)}; the old "
                     "name goes in a later release\n")


def renamed_args(args: list[str], quiet: bool = False) -> list[str]:
    """``args`` (the command line after the program's name) with each renamed option of its
    command written as its new name (up to ``--``), saying so on stderr unless ``quiet``."""
    command = next((a for a in args if not a.startswith("-")), None)
    if command is None:
        return list(args)
    from pinosolve.errors import PinosolveError

    renames = _renames(command)
    given = {a[2:].partition("=")[0].replace("-", "_") for a in args if a.startswith("--")}
    out: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            return out + list(args[i:])
        name, eq, value = arg[2:].partition("=")
        old = name.replace("-", "_")
        if arg.startswith("--") and old in renames:
            new = renames[old]
            if new in given:  # (both names: which to believe? say so, as for any option twice)
                raise PinosolveError(f"--{old.replace('_', '-')} is the old name of "
                                     f"--{new.replace('_', '-')}: give one of them")
            if not quiet:
                _notice(old, new, "--")
            arg = "--" + new.replace("_", "-") + eq + value
        out.append(arg)
    return out


def renamed_key(key: str, names: Collection[str], quiet: bool = False) -> str:
    """A batch line's ``key`` ('-' or '_' alike) as the name of one of ``names`` (its
    command's option names): a renamed key is read as its new name where the command has
    that and not the old one, saying so on stderr (unless ``quiet``)."""
    old = key.replace("-", "_")
    if old in names:
        return old
    for renames in RENAMED.values():
        new = renames.get(old)
        if new is not None and new in names:
            if not quiet:
                _notice(old, new, "")
            return new
    return old


def positional_record(command: str, record: Optional[str], given: Optional[str]
                      ) -> Optional[str]:
    """A command's record file: ``record`` (its ``--record``), or ``given`` as its first
    argument, the old form, said in a notice; both: one line naming the problem."""
    from pinosolve.errors import PinosolveError

    if given is None:
        return record
    if record is not None:
        raise PinosolveError(f"give the record once: --record {record!r:.60} and {given!r:.60}")
    _notice(f"{command} RECORD", f"{command} --record RECORD", "")
    return given
