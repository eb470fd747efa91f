"""Build typed, frozen rule objects from plain TOML data, with errors that name the key.

The schema *is* the dataclasses in :mod:`pinosolve.variants.schema`: their type hints say what a key
holds and their field metadata add ranges, choices and documentation. This module walks the
hints, so adding a rule knob is one field, not a field plus a validator.

Supported field types: ``bool``, ``int``, ``str``, ``Literal[...]``, ``tuple[T, ...]``,
``dict[str, T]``, ``T | None`` and nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, get_args, get_origin, get_type_hints

from pinosolve.errors import RulesError

_HINTS: dict[type, dict[str, Any]] = {}


# the largest number any key of a data file may hold, where its schema sets no smaller
# bound: a bid or a meld past it is more than any side can make (scoring.bidding.BID_LIMIT)
VALUE_LIMIT = 10**12


def knob(default: Any = dataclasses.MISSING, *, doc: str, min: int | None = None,
         max: int | None = None, choices: tuple[str, ...] | None = None) -> Any:
    """A schema field: its default, its one-line documentation and its allowed range."""
    meta = {"doc": doc, "min": min, "max": max, "choices": choices}
    if isinstance(default, dict):
        frozen = dict(default)
        return dataclasses.field(default_factory=lambda: dict(frozen), metadata=meta)
    if isinstance(default, list):
        raise TypeError("list defaults are not allowed in the schema; use a tuple")
    return dataclasses.field(default=default, metadata=meta)


def table(cls: type, *, doc: str) -> Any:
    """A nested table whose every key has a default, so the whole table may be omitted."""
    return dataclasses.field(default_factory=cls, metadata={"doc": doc})


def hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _describe(tp: Any) -> str:
    origin = get_origin(tp)
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number"
    if tp is str:
        return "a string"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if origin is tuple:
        return f"a list of {_describe(get_args(tp)[0])}"
    if origin is dict:
        return f"a table of {_describe(get_args(tp)[1])}"
    if dataclasses.is_dataclass(tp):
        return "a table"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in get_args(tp) if a is not type(None))
    return str(tp)


# Keys renamed since a release, by dotted path: a file with the old name is told the new one.
RENAMED = {"seed": "source"}  # 0.1.0: "seed" is the random seed everywhere else


def build(cls: type, data: Any, where: str = "") -> Any:
    """Convert ``data`` (parsed TOML) into an instance of dataclass ``cls``.

    ``where`` is the dotted key path used in error messages.
    """
    if not isinstance(data, dict):
        raise RulesError(f"key {where or '(top level)'!r}: expected a table, got {data!r}")
    known = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(data) - set(known))
    if unknown:
        path = f"{where}.{unknown[0]}" if where else unknown[0]
        if path in RENAMED:
            raise RulesError(f"key {path!r} is now {RENAMED[path]!r}: rename it")
        raise RulesError(
            f"unknown key {path!r} (known keys here: {', '.join(sorted(known))})"
        )
    types_ = hints(cls)
    kwargs = {}
    for name, field in known.items():
        path = f"{where}.{name}" if where else name
        if name in data:
            kwargs[name] = _convert(types_[name], data[name], path, field.metadata)
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            doc = field.metadata.get("doc", _describe(types_[name]))
            raise RulesError(f"missing key {path!r}: {doc}")
    try:
        return cls(**kwargs)
    except RulesError as exc:
        raise RulesError(f"{where or 'rules'}: {exc}") from None


def _convert(tp: Any, value: Any, path: str, meta: Any = None) -> Any:
    meta = meta or {}
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if value is None:
            return None
        errors = []
        for arg in args:
            try:
                return _convert(arg, value, path, meta)
            except RulesError as exc:
                errors.append(str(exc))
        raise RulesError(errors[0])
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return build(tp, value, path)
    if tp is bool:
        if not isinstance(value, bool):
            raise RulesError(f"key {path!r}: expected true or false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"key {path!r}: expected a whole number, got {value!r}")
        lo, hi = meta.get("min"), meta.get("max")
        if hi is None:  # (no number a data file holds is larger: see VALUE_LIMIT)
            hi = VALUE_LIMIT
        if lo is not None and value < lo:
            raise RulesError(f"key {path!r}: {value} is below the minimum {lo}")
        if hi is not None and value > hi:
            raise RulesError(f"key {path!r}: {value} is above the maximum {hi}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise RulesError(f"key {path!r}: expected a string, got {value!r}")
        choices = meta.get("choices")
        if choices and value not in choices:
            raise RulesError(f"key {path!r}: expected one of {', '.join(choices)}; got {value!r}")
        return value
    if origin is Literal:
        allowed = get_args(tp)
        if value not in allowed:
            raise RulesError(
                f"key {path!r}: expected one of {', '.join(map(str, allowed))}; got {value!r}"
            )
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise RulesError(f"key {path!r}: expected {_describe(tp)}, got {value!r}")
        item = get_args(tp)[0]
        return tuple(_convert(item, v, f"{path}[{i}]", meta) for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise RulesError(f"key {path!r}: expected {_describe(tp)}, got {value!r}")
        item = get_args(tp)[1]
        return {str(k): _convert(item, v, f"{path}.{k}", meta) for k, v in value.items()}
    raise TypeError(f"unsupported schema type {tp!r} at {path}")  # a schema bug, not user input


def to_data(obj: Any) -> Any:
    """The inverse of :func:`build`: plain dicts/lists for JSON and TOML-like printing."""
    if dataclasses.is_dataclass(obj):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)
                if f.init}
    if isinstance(obj, tuple):
        return [to_data(v) for v in obj]
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    return obj


def describe_fields(cls: type, prefix: str = "") -> list[tuple[str, str, str]]:
    """(key, type, doc) for every key of the schema: the reference table in docs and tests."""
    rows = []
    types_ = hints(cls)
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        path = f"{prefix}{field.name}"
        tp = types_[field.name]
        rows.append((path, _describe(tp), field.metadata.get("doc", "")))
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            rows.extend(describe_fields(tp, path + "."))
    return rows
