"""A command's parameters as one frozen typed record, read once at the edge.

A command declares its parameters as a frozen dataclass deriving from :class:`Params`. Each
field says how it is read from the raw option values (the command line's, or a batch line's
keys, which may hold any JSON) with one of the readers below: :func:`flag`, :func:`text`,
:func:`whole` (and :func:`whole_text`, a number written in an option's text),
:func:`seconds`, :func:`cards`, :func:`chosen_variant`, :func:`suit`,
:func:`given`, :func:`combined`, or its own :func:`reader`.
``Params.read(raw)`` reads the fields in order (the variant first: a trump is read in it)
and then calls ``check``, where a command keeps the rules between its options
(``check_given``, before any is read, the rules on which options go together). Below the edge
a command's ``compute`` takes the record and returns a typed result; nothing there reads raw
option values.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example(Params):
...     hand: Optional[str] = text()
...     all: bool = flag()
>>> Example.read({"hand": "AS TS", "all": True})
Example(hand='AS TS', all=True)
>>> Example.read({"all": "yes"})
Traceback (most recent call last):
pinosolve.errors.PinosolveError: all must be true or false, got 'yes'
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Optional, TypeVar
from collections.abc import Callable, Mapping

from pinosolve.errors import PinosolveError

Raw = Mapping[str, Any]  # option values as given: a name ('_' for '-') -> any JSON value
Reader = Callable[[Raw, str, dict[str, Any]], Any]  # (raw, the field's name, fields read)
P = TypeVar("P", bound="Params")
_READ = "pinosolve_read"


@dataclasses.dataclass(frozen=True)
class Params:
    """Base of the commands' parameter records: ``read`` them from raw option values."""

    @classmethod
    def read(cls: type[P], raw: Raw) -> P:
        """The record of ``raw``'s values, each read by its field's reader, then ``check``ed;
        ``PinosolveError`` (one line, naming the option) for a value that cannot be one."""
        cls.check_given(raw)
        got: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            got[f.name] = f.metadata[_READ](raw, f.name, got)
        params = cls(**got)
        params.check()
        return params

    @classmethod
    def check_given(cls, raw: Raw) -> None:
        """The rules on which options are given together, checked before any is read (an
        option of another mode): a ``PinosolveError`` where they are broken. None by
        default."""

    def check(self) -> None:
        """The rules between the options (one excludes another, one needs another): a
        ``PinosolveError`` where they are broken. Nothing to check by default."""


def reader(read: Reader, default: Any = None) -> Any:
    """A field read by ``read(raw, its name, the fields read before it)``: for an option that
    the readers below do not cover."""
    return dataclasses.field(default=default, metadata={_READ: read})


def flag() -> Any:
    """A true/false option (a batch line may give anything)."""
    return reader(lambda raw, name, got: want_flag(raw, name), False)


def either_flag() -> Any:
    """A --this/--that option: true, false, or None where neither was given (the command
    then decides, as ``--progress/--quiet`` does by the terminal)."""
    return reader(lambda raw, name, got: None if raw.get(name) is None
                  else want_flag(raw, name))


def text(what: Optional[str] = None, missing: Optional[str] = None,
         default: Optional[str] = None) -> Any:
    """A text option (a list of texts is joined by spaces, as repeated words are): None
    where it is not given, or ``default``; ``missing``, where given, is the message for an
    option that must be given. ``what``: its name in messages (default the option's)."""
    def read(raw: Raw, name: str, got: dict[str, Any]) -> Optional[str]:
        value = text_of(raw, name, missing, what)
        return default if value is None else value

    return reader(read, default)


def text_of(raw: Raw, name: str, missing: Optional[str] = None,
            what: Optional[str] = None) -> Optional[str]:
    """The text option ``name`` (``want_str``; ``what``: its name in messages, default the
    option's); None where it is not given, unless ``missing``, the message for an option
    that must be given."""
    value = want_str(raw, name, what or name.replace("_", "-"))
    if value is None and missing is not None:
        raise PinosolveError(missing)
    return value


def whole(what: Optional[str] = None, default: Optional[int] = None) -> Any:
    """A whole-number option: None where it is not given, or ``default``."""
    def read(raw: Raw, name: str, got: dict[str, Any]) -> Optional[int]:
        from pinosolve.inputs import as_whole

        value = raw.get(name)
        return default if value is None else as_whole(value, what or name.replace("_", "-"))

    return reader(read, default)


def whole_text(text: str, what: str) -> int:
    """The whole number ``text`` writes (decimal digits, a sign allowed, spaces around) in
    at most ``pinosolve.files.MAX_DIGITS`` digits, as a batch line's JSON numbers are read;
    ``PinosolveError`` naming ``what`` otherwise. Every option whose text holds a number
    reads it here: Python's ``int()`` stops at 4,300 digits with a ``ValueError`` about its
    own settings, which would be an internal error.

    >>> whole_text(" 70 ", "meld")
    70
    >>> whole_text("9" * 200, "meld")
    Traceback (most recent call last):
    pinosolve.errors.PinosolveError: meld: a number of 200 digits (at most 100)
    """
    from pinosolve.files import MAX_DIGITS

    digits = text.strip()
    digits = digits[1:] if digits[:1] in ("-", "+") else digits
    if not (digits.isascii() and digits.isdigit()):
        raise PinosolveError(f"{what}: {text.strip()!r:.40} is not a whole number")
    if len(digits) > MAX_DIGITS:
        raise PinosolveError(f"{what}: a number of {len(digits)} digits (at most {MAX_DIGITS})")
    return int(text)


def seconds(what: str = "timeout") -> Any:
    """A time budget: None for no limit, or seconds more than 0 (``check_timeout``)."""
    def read(raw: Raw, name: str, got: dict[str, Any]) -> Optional[float]:
        from pinosolve.play.budget import check_timeout

        return check_timeout(raw.get(name), what)

    return reader(read, None)


def chosen_variant(named: bool = False) -> Any:
    """The variant that ``--variant`` or ``--rules`` names (``chosen_variant_of``). A field
    of this reader is named ``variant``, and comes first."""
    return reader(lambda raw, name, got: chosen_variant_of(raw, named), None)


def chosen_variant_of(raw: Raw, named: bool = False) -> Any:
    """The ``Variant`` that ``--variant`` or ``--rules`` names; ``named``: None where they
    name none, for an input that names its own (a game record), which they stand in for."""
    if named and not raw.get("variant") and not raw.get("rules"):
        return None
    from pinosolve.variants.variant import resolve

    return resolve(want_str(raw, "variant", "variant"), want_str(raw, "rules", "rules"))


def combined(read: Callable[[Raw], Any]) -> Any:
    """A field read from several options at once (a view, a round): ``read(raw)``."""
    return reader(lambda raw, name, got: read(raw), None)


def suit(allow_none: bool = False, needed: bool = True) -> Any:
    """The ``--trump`` option, read in the variant read before it: a suit, or None for no
    trump where ``allow_none``; ``needed``: it must be given."""
    def read(raw: Raw, name: str, got: dict[str, Any]) -> Any:
        if raw.get(name) is None:
            if not needed:
                return None
            raise PinosolveError("name the trump with --trump S|H|D|C"
                                 + (" (or none)" if allow_none else ""))
        return got["variant"].parse_trump(raw[name], allow_none)

    return reader(read, None)


def cards(missing: Optional[str] = None) -> Any:
    """A hand's cards (a ``Hand`` of the variant read before it): None where the option is
    not given; ``missing``, where given, is the message for an option that must be given."""
    def read(raw: Raw, name: str, got: dict[str, Any]) -> Any:
        value = text_of(raw, name, missing)
        return None if value is None else got["variant"].parse_hand(value,
                                                                      name.replace("_", "-"))

    return reader(read, None)


def given(read: Optional[Callable[[Any], Any]] = None, default: Any = None) -> Any:
    """An option whose value the library reads and checks itself (a table of meld, a list
    of claims): as given, or ``read(value)`` where it is given."""
    def read_given(raw: Raw, name: str, got: dict[str, Any]) -> Any:
        value = raw.get(name)
        if value is None:
            return default
        return value if read is None else read(value)

    return reader(read_given, default)


def file_named(raw: Raw, key: str) -> Optional[str]:
    """The file an option names (None: none), '-' for standard input, except in a batch
    line or an object read by ``--input -``, whose standard input is the input itself."""
    from pinosolve.cli.output import batch_line, input_is_stdin

    path = raw.get(key)
    if path is None:
        return None
    if not isinstance(path, str):
        raise PinosolveError(f"{key}: a file's path, got {path!r:.40}")
    if path == "-" and (batch_line.get() or input_is_stdin.get()):
        raise PinosolveError(f"{key}: '-' (stdin) is where --input reads; name a file")
    return path


def want_flag(params: Raw, key: str) -> bool:
    """A true/false option (a JSON line may give anything; null, as for every option, is
    not given: false)."""
    value = params.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise PinosolveError(f"{key.replace('_', '-')} must be true or false, got {value!r}")
    return value


def want_str(params: Raw, key: str, what: str) -> Optional[str]:
    """A text parameter from the command line or a JSON line (where it may be mistyped)."""
    value = params.get(key)
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise PinosolveError(f"{what} must be text, got {json.dumps(value)}")
    return value
