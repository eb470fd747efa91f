"""Typed answers: one base class that gives every result its JSON and its JSON Schema.

Every command's answer is a frozen dataclass (``repr=False``, to keep this class's short
``repr``) deriving from :class:`Result`. Its JSON keys are
its fields in order (or the names ``_json_keys`` lists, ``"key:attribute"`` where the key
differs from the attribute, which may be a property), and each value is written from its type:
a :class:`~pinosolve.cards.Card` as its name (``"AS"``), a :class:`~pinosolve.cards.Hand` as
the list of its card names, a :class:`~pinosolve.cards.Suit` as its letter, a nested result
as an object. A field declared with :func:`optional` is left out of the JSON while it is None.
:data:`TrumpName` is a trump that may be "no trump", written ``"none"``.

:func:`schema` reads the same type hints and writes a JSON Schema (draft 2020-12), so that the
JSON and its schema cannot drift apart: the tests validate every command's output against it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, repr=False)
... class Pair(Result):
...     seat: str
...     hand: Hand
>>> Pair("N", Hand.parse("TS AS")).to_json()
{'seat': 'N', 'hand': ['AS', 'TS']}
>>> Pair("N", Hand.parse("TS AS"))
Pair(seat=N, hand=AS TS)
>>> schema(Pair)["$defs"]["Pair"]["required"]
['seat', 'hand']
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Annotated, Any, ClassVar, Optional, Union
from collections.abc import Sequence

from pinosolve.cards import Card, Hand, Rank, Suit

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _NoTrump:
    """Marks a trump that may be "no trump": None is written ``"none"``, not null."""

    def __repr__(self) -> str:
        return "NO_TRUMP_AS_NONE"


NO_TRUMP = _NoTrump()
TrumpName = Annotated[Optional[Suit], NO_TRUMP]  # None: no trump, written "none"

_OMIT = "pinosolve_omit_none"
_FLATTEN = "pinosolve_flatten"


def optional(default: Any = None) -> Any:
    """A field left out of the JSON (and not required by the schema) while it is None."""
    return dataclasses.field(default=default, metadata={_OMIT: True})


def flatten() -> Any:
    """A nested result whose keys are written into this one's object (not under its name)."""
    return dataclasses.field(metadata={_FLATTEN: True})


class Result:
    """Base of the typed answers: ``to_json()`` and a short ``repr`` from the type hints.

    ``_json_keys``: the JSON keys in order, each ``"key"`` or ``"key:attribute"`` (default:
    every field). ``_repr_keys``: the keys ``repr`` shows (default: the JSON keys)."""

    _json_keys: ClassVar[tuple[str, ...]] = ()
    _repr_keys: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON (dicts, lists, text, numbers, booleans and null)."""
        out: dict[str, Any] = {}
        for spec in _specs(_cls(self)):
            value = getattr(self, spec.attribute)
            if value is None and spec.omit:
                continue
            encoded = encode(value, spec.hint)
            if spec.flatten:
                out.update(encoded)
            else:
                out[spec.key] = encoded
        return out

    def __repr__(self) -> str:
        specs = {s.key: s for s in _specs(_cls(self))}
        keys = self._repr_keys or tuple(specs)
        parts = []
        for key in keys:
            spec = specs.get(key)
            attribute = spec.attribute if spec else key
            value = getattr(self, attribute)
            if value is None and spec is not None and spec.omit:
                continue
            parts.append(f"{key}={short(value, spec.hint if spec else Any)}")
        return f"{type(self).__name__}({', '.join(parts)})"


@dataclasses.dataclass(frozen=True)
class _Spec:
    key: str
    attribute: str
    hint: Any
    omit: bool
    flatten: bool


def _cls(result: object) -> Any:
    """A result's class, as ``_specs`` is cached by it."""
    return type(result)


@functools.cache
def _specs(cls: Any) -> tuple[_Spec, ...]:
    """The JSON keys of a result class: key, attribute, type hint, omitted when None,
    flattened."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = typing.get_type_hints(cls, include_extras=True)
    names = cls._json_keys or tuple(fields)
    specs = []
    for name in names:
        key, _, attribute = name.partition(":")
        attribute = attribute or key
        if attribute in fields:
            meta = fields[attribute].metadata
            specs.append(_Spec(key, attribute, hints[attribute], bool(meta.get(_OMIT)),
                               bool(meta.get(_FLATTEN))))
        else:  # a property: its return type
            prop = getattr(cls, attribute)
            fget = prop.fget if isinstance(prop, property) else prop
            hint = typing.get_type_hints(fget, include_extras=True)["return"]
            specs.append(_Spec(key, attribute, hint, False, False))
    return tuple(specs)


def _strip(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """A hint without Annotated, and the Annotated metadata."""
    if typing.get_origin(hint) is Annotated:
        args = typing.get_args(hint)
        return args[0], tuple(args[1:])
    return hint, ()


def encode(value: Any, hint: Any = Any) -> Any:
    """``value`` as JSON, read as type ``hint``."""
    base, extras = _strip(hint)
    if value is None:
        return "none" if NO_TRUMP in extras else None
    if isinstance(value, Result):
        return value.to_json()
    if isinstance(value, Hand):
        return value.cards()
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bool) or isinstance(value, (int, float, str)) and \
            not isinstance(value, enum.Enum):
        return value
    if isinstance(value, enum.Enum):
        return value.name
    args = typing.get_args(base)
    if isinstance(value, dict):
        item = args[1] if len(args) == 2 else Any
        return {_key(k): encode(v, item) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if typing.get_origin(base) is tuple and args and args[-1] is not Ellipsis:
            return [encode(v, h) for v, h in zip(value, args)]
        item = args[0] if args else Any
        return [encode(v, item) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def _key(key: Any) -> str:
    if key is None:
        return "none"
    if isinstance(key, enum.Enum):
        return key.name
    return str(key)


def short(value: Any, hint: Any = Any) -> str:
    """A value as ``repr`` shows it: cards as their names, suits as letters, no count
    vectors."""
    base, extras = _strip(hint)
    if value is None:
        return "none" if NO_TRUMP in extras else "None"
    if isinstance(value, Hand):
        return str(value) or "-"
    if isinstance(value, (Card, str)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)}: {short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        shown = [short(v) for v in value[:8]]
        if len(value) > 8:
            shown.append(f"... {len(value) - 8} more")
        return "[" + ", ".join(shown) + "]"
    return repr(value)


# --- JSON Schema --------------------------------------------------------------------------

_CARD = {"type": "string", "pattern": "^[" + "".join(r.letter for r in Rank) + "][SHDC]$",
         "description": "a card: rank (A T K Q J 9) then suit (S H D C)"}
_SUIT = {"enum": [s.name for s in Suit], "description": "a suit letter"}


def schema(classes: Union[type, Sequence[type]], title: Optional[str] = None,
           batch: bool = False) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON of a result class, or of any one of
    several (a command whose answer depends on its options). ``batch``: of one line of a
    batch's answer: an answer with its input ``line`` number first, or that line's error
    record ``{"line": N, "error": "..."}``."""
    if isinstance(classes, type):
        classes = (classes,)
    defs: dict[str, Any] = {}
    refs = []
    for cls in classes:
        _define(cls, defs)
        name = cls.__name__
        if batch:
            line = dict(defs[name])
            line["properties"] = {"line": {"type": "integer", "minimum": 1,
                                           "description": "the input line answered"},
                                  **line["properties"]}
            line["required"] = ["line", *line["required"]]
            defs[name + "Line"] = line
            name += "Line"
        refs.append({"$ref": f"#/$defs/{name}"})
    if batch:
        defs["ErrorLine"] = error_record()
        refs.append({"$ref": "#/$defs/ErrorLine"})
    out: dict[str, Any] = {"$schema": SCHEMA_DIALECT,
                           "title": title or " or ".join(c.__name__ for c in classes)}
    docs = [" ".join((c.__doc__ or "").strip().split("\n\n")[0].split()) for c in classes]
    if any(docs):
        out["description"] = " Or: ".join(d for d in docs if d)
    out.update(refs[0] if len(refs) == 1 else {"oneOf": refs})
    out["$defs"] = dict(sorted(defs.items()))
    return out


def error_record() -> dict[str, Any]:
    """The schema of a batch line's error record: ``{"line": N, "error": "..."}``."""
    return {"type": "object", "additionalProperties": False, "required": ["line", "error"],
            "properties": {"line": {"type": "integer", "minimum": 1},
                           "error": {"type": "string"}}}


def _schema_of(hint: Any, defs: dict[str, Any]) -> dict[str, Any]:
    base, extras = _strip(hint)
    if NO_TRUMP in extras:
        return {"enum": [s.name for s in Suit] + ["none"],
                "description": "a trump suit letter, or none for no trump"}
    if base is Any:
        return {}
    if isinstance(base, type) and issubclass(base, Result):
        _define(base, defs)
        return {"$ref": f"#/$defs/{base.__name__}"}
    if base is Card:
        return dict(_CARD)
    if base is Hand:
        return {"type": "array", "items": dict(_CARD)}
    if base is Suit:
        return dict(_SUIT)
    if base is bool:
        return {"type": "boolean"}
    if base is int:
        return {"type": "integer"}
    if base is float:
        return {"type": "number"}
    if base is str:
        return {"type": "string"}
    if base is type(None):
        return {"type": "null"}
    origin, args = typing.get_origin(base), typing.get_args(base)
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in args]}
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin in (list, tuple) or base in (list, tuple):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return {"type": "array", "prefixItems": [_schema_of(a, defs) for a in args],
                    "items": False, "minItems": len(args)}
        return {"type": "array", "items": _schema_of(args[0], defs) if args else {}}
    if origin is dict or base is dict:
        key = args[0] if args else str
        out: dict[str, Any] = {"type": "object",
                               "additionalProperties": _schema_of(args[1], defs) if args else {}}
        if key is Card:
            out["propertyNames"] = {"pattern": _CARD["pattern"]}
        elif key is Suit:
            out["propertyNames"] = dict(_SUIT)
        return out
    raise TypeError(f"no JSON Schema for type {hint!r}")


def _define(cls: type, defs: dict[str, Any]) -> None:
    """Put ``cls``'s object schema in ``defs`` (once)."""
    name = cls.__name__
    if name in defs:
        return
    defs[name] = {}  # (a result that holds itself ends here)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for spec in _specs(cls):
        if spec.flatten:
            inner, _ = _strip(spec.hint)
            _define(inner, defs)
            properties.update(defs[inner.__name__]["properties"])
            required.extend(defs[inner.__name__]["required"])
            continue
        hint = spec.hint
        if spec.omit:  # left out while None: the key, where present, holds the rest
            base, extras = _strip(hint)
            rest = [a for a in typing.get_args(base) if a is not type(None)]
            hint = rest[0] if len(rest) == 1 else Union[tuple(rest)]
        else:
            required.append(spec.key)
        properties[spec.key] = _schema_of(hint, defs)
    body: dict[str, Any] = {"type": "object", "properties": properties, "required": required,
                            "additionalProperties": False}
    doc = (cls.__doc__ or "").strip().split("\n\n")[0]
    if doc and not doc.startswith(name + "("):
        body = {"description": " ".join(doc.split()), **body}
    defs[name] = body
