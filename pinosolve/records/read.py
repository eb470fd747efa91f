"""Reading game records: the sections of ``pinosolve.records.tags`` made into ``Record``s, each
field checked as it is read (a one-line ``NotationError`` naming the section), and the files
the commands read records from.

>>> r = read_record('''[Variant "two-hand"]
... [Deal "N:A... K..."]
... [Contract "- - S"]
... [Play "N"]
... AS KS''')
>>> r.to_game().points
{'N': 3, 'S': 0}
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union
from collections.abc import Iterator

from pinosolve.cards import Card, Hand
from pinosolve.errors import NotationError, PinosolveError
from pinosolve.records.record import (_ORDER, PASS_CALLS, UNKNOWN, CardNote, Origin, Pass,
                                      Record, RecordError, rules_hash, rules_hashes,
                                      variant_name)
from pinosolve.records.tags import Section, split_records
from pinosolve.seats import find_seat

if TYPE_CHECKING:
    from pinosolve.inputs import VariantLike
    from pinosolve.variants.variant import Variant


def read_record(source: Union[str, Path], variant: Optional[VariantLike] = None) -> Record:
    """One record from its text, or from the file ``source`` names (a ``Path``, or text with
    no tag pair in it). ``variant`` (a ``Variant``, an ID or a rules file's path) gives the
    rules of a record with no Variant tag, or the file its tag names; it must agree with
    the tags (the same ID or house rule's name, and the Rules hash). NotationError (a
    ``PinosolveError``) names the line or tag at fault, for a file of no record or more
    than one too."""
    records = read_records(source, variant)
    if len(records) != 1:
        raise NotationError(f"expected one record, found {len(records)} (read_records reads "
                            "a file of them)")
    return records[0]


def read_records(source: Union[str, Path], variant: Optional[VariantLike] = None
                 ) -> list[Record]:
    """Every record of a text or file, in order (see ``read_record``)."""
    if isinstance(source, Path) or (isinstance(source, str) and "[" not in source):
        from pinosolve.files import read_text

        text = read_text(source, "record")
        try:
            return records_of_text(text, variant, str(source))
        except PinosolveError as exc:  # (named by its file)
            raise _named(exc, str(source)) from None
    if isinstance(source, str):
        return records_of_text(source, variant)
    raise PinosolveError(f"a record is its text or a file's path, got {source!r:.40}")


def _named(exc: PinosolveError, name: str) -> PinosolveError:
    """``exc`` again, its message led by the file's ``name``."""
    try:
        return type(exc)(f"{name}: {exc}")
    except TypeError:  # (an error that takes more than its message)
        return NotationError(f"{name}: {exc}")


def records_of_text(text: str, variant: Any = None, name: Optional[str] = None
                    ) -> list[Record]:
    """Every record of ``text``, which is the records' text whatever it holds (``read_records``
    takes text with no tag pair in it for a file's path); ``name``, the file's, is each
    record's ``origin``."""
    return [_record(sections, variant, None if name is None else Origin(name, k))
            for k, sections in enumerate(split_records(text), 1)]


def _record(sections: list[Section], variant: Any, origin: Optional[Origin] = None) -> Record:
    """The record of ``sections``; its errors (``NotationError``, ``RecordError``) name the
    line at fault (``line N: ...``), and the trick where it is in the play."""
    by_tag = {s.tag.lower(): s for s in sections}
    at = [sections[0].line if sections else 0]  # the line being read
    card_lines: list[int] = []  # where each card played stands
    try:
        return _read(sections, by_tag, variant, at, card_lines, origin)
    except RecordError as exc:
        section = by_tag.get(exc.tag.lower())
        line = at[0] if section is None else (
            card_lines[exc.card - 1] if exc.card is not None and 0 < exc.card <= len(card_lines)
            else section.line_of(exc.item) if exc.item is not None else section.line)
        raise _located(exc, line) from None
    except PinosolveError as exc:
        raise _located(exc, at[0]) from None


def _located(exc: PinosolveError, line: int) -> PinosolveError:
    """``exc`` again, its message led by ``line N: `` (0: no line known)."""
    if not line:
        return exc
    message = f"line {line}: {exc}"
    try:
        return type(exc)(message)
    except TypeError:  # (an error that takes more than its message)
        return NotationError(message)


def _read(sections: list[Section], by_tag: dict[str, Section], variant: Any, at: list[int],
          card_lines: list[int], origin: Optional[Origin]) -> Record:
    known = {t.lower() for t in _ORDER}

    def get(tag: str) -> Optional[Section]:
        s = by_tag.get(tag.lower())
        if s is not None:
            at[0] = s.line
        return s

    get("Variant")
    v = _variant(by_tag, variant)
    get("Rules")
    seats = v.seats

    def seat(value: str, what: str) -> str:
        return find_seat(seats, value.strip(), what, v.id)

    def hand(text: str, what: str) -> Hand:
        return v.parse_hand(text.replace(",", " ").strip() or "-", what)

    def lines(s: Section) -> Iterator[str]:
        """The section's data lines, each setting the line being read as it is read."""
        for k, line in enumerate(s.lines):
            at[0] = s.line_of(k)
            yield line

    fields: dict[str, Any] = {"variant": v, "origin": origin}
    tags = tuple((s.tag, s.value) for s in sections if s.tag.lower() not in known)
    fields["tags"] = tags
    for tag in ("Dealer", "Seat"):
        s = get(tag)
        if s is not None and s.value.strip():
            fields[tag.lower()] = seat(s.value, tag)
    s = get("Deal")
    if s is not None and s.value.strip():
        fields["deal"], fields["deal_first"] = _deal(v, s.value)
    s = get("Auction")
    if s is not None:
        fields["auction_first"] = seat(s.value, "Auction") if s.value.strip() else seats[0]
        calls = []
        for k, line in enumerate(s.lines):
            at[0] = s.line_of(k)
            calls += [_call(c) for c in line.split()]
        fields["auction"] = tuple(calls)
    s = get("Contract")
    if s is not None:
        fields.update(_contract(v, s.value))
    s = get("Partner")
    if s is not None and s.value.strip():
        fields["partner"] = seat(s.value, "Partner")
    s = get("CalledCard")
    if s is not None and s.value.strip():
        from pinosolve.variants.sides import check_call

        fields["called_card"] = check_call(v, s.value.strip(), "CalledCard")
    for tag, key in (("Kitty", "kitty"), ("LaidAway", "laid_away")):
        s = get(tag)
        if s is not None:
            fields[key] = hand(" ".join((s.value, *s.lines)), tag)
    s = get("Pass")
    if s is not None:
        fields["passes"] = tuple(_pass(v, line, n) for n, line in enumerate(lines(s), 1))
    s = get("Meld")
    if s is not None:
        fields["meld"] = dict(_meld(v, line) for line in lines(s))
    s = get("Play")
    if s is not None:
        fields["leader"] = seat(s.value, "Play") if s.value.strip() else \
            fields.get("deal_first") or seats[0]
        n = len(seats)
        cards: list[Card] = []
        for line in lines(s):
            for t in line.replace(",", " ").split():
                try:
                    cards.append(Card.parse(t))
                except NotationError as exc:
                    k = len(cards) + 1
                    raise NotationError(f"Play: trick {(k - 1) // n + 1}, card "
                                        f"{(k - 1) % n + 1}: {exc}") from None
                card_lines.append(at[0])
        fields["play"] = tuple(tuple(cards[i:i + n]) for i in range(0, len(cards), n))
    s = get("Result")
    if s is not None and s.value.strip() not in ("", "*"):
        fields["result"] = _result(v, s.value)
    s = get("Analysis")
    if s is not None:
        fields["notes"] = tuple(_note(v, line) for line in lines(s))
    at[0] = sections[0].line if sections else 0
    return Record(**fields)  # (checked as it is made: records.record.check_record)


def _variant(by_tag: dict[str, Section], given: Any) -> Variant:
    from pinosolve.inputs import as_variant
    from pinosolve.variants.variant import example_names, resolve

    s = by_tag.get("variant")
    if given is not None:
        v = as_variant(given)
        named = s.value.strip() if s is not None else ""
        if named and named not in (v.id, variant_name(v)):
            raise RecordError(f"record: its Variant tag names {named!r:.40}, not {v.id}: "
                              "read it under the rules it names, or name the rules it was "
                              "played under", "Variant")
    elif s is None or not s.value.strip():
        raise NotationError("record: no Variant tag (a variant ID, or a shipped house rule's "
                            "name)")
    else:
        name = s.value.strip()
        v = resolve(None, name) if name in example_names() else resolve(name, None)
    h = by_tag.get("rules")
    if h is not None and h.value.strip() and h.value.strip().lower() not in rules_hashes(v):
        raise RecordError(f"record: the Rules tag {h.value.strip()!r:.20} is not the hash "
                          f"of {v.id}'s rules ({rules_hash(v)}): the hand was played under "
                          "other house rules (name their file)", "Rules")
    return v


def _deal(v: Variant, text: str) -> tuple[dict[str, Optional[Hand]], str]:
    seats = v.seats
    head, sep, rest = text.strip().partition(":")
    first = find_seat(seats, head, "Deal: the seat before ':'", v.id) if sep else seats[0]
    tokens = (rest if sep else text).split()
    if len(tokens) != len(seats):
        raise NotationError(f"Deal: expected {len(seats)} hands for seats {' '.join(seats)}, "
                            f"found {len(tokens)}")
    start = seats.index(first)
    out: dict[str, Optional[Hand]] = {}
    for k, token in enumerate(tokens):
        s = seats[(start + k) % len(seats)]
        out[s] = None if token == UNKNOWN else v.parse_hand(token, f"Deal: seat {s}")
    return {s: out[s] for s in seats}, first


def _call(token: str) -> Optional[int]:
    if token.lower() in PASS_CALLS:
        return None
    if not (token.isascii() and token.isdigit()) or len(token) > 13:
        raise NotationError(f"Auction: a call is a number or Pass, got {token!r:.20}")
    return int(token)


def _contract(v: Variant, text: str) -> dict[str, Any]:
    """``bidder bid trump``, ``-`` for a part not known; leniently ``trump`` alone, or two
    parts: ``bidder trump`` where the first names a seat, else ``bid trump``."""
    tokens = text.split()
    if len(tokens) == 1:
        tokens = ["-", "-", *tokens]
    elif len(tokens) == 2:
        try:
            find_seat(v.seats, tokens[0], "", v.id)
            tokens = [tokens[0], "-", tokens[1]]
        except NotationError:
            tokens = ["-", *tokens]
    if len(tokens) != 3:
        raise NotationError(f"Contract: 'bidder bid trump' ('-' for a part not known), got "
                            f"{text!r:.60}")
    seat, bid, trump = tokens
    out: dict[str, Any] = {}
    if seat != "-":
        out["bidder"] = find_seat(v.seats, seat, "Contract: bidder", v.id)
    if bid != "-":
        if not (bid.isascii() and bid.isdigit()) or len(bid) > 13:
            raise NotationError(f"Contract: the bid is a whole number, got {bid!r:.20}")
        out["bid"] = int(bid)
    if trump != "-":
        out["trump"] = v.parse_trump(trump)
    return out


def _pass(v: Variant, line: str, n: int) -> Pass:
    text = line.replace("->", " ").replace(">", " ").replace(":", " ")
    tokens = text.split()
    if len(tokens) < 2:
        raise NotationError(f"Pass {n}: 'giver>receiver cards', got {line!r:.60}")
    giver = find_seat(v.seats, tokens[0], f"Pass {n}: giver", v.id)
    receiver = find_seat(v.seats, tokens[1], f"Pass {n}: receiver", v.id)
    return Pass(giver, receiver, v.parse_hand(" ".join(tokens[2:]) or "-", f"Pass {n}"))


def _meld(v: Variant, line: str) -> tuple[str, Union[int, Hand]]:
    head, _, rest = line.replace(":", " ", 1).strip().partition(" ")
    s = find_seat(v.seats, head, "Meld: seat", v.id)
    rest = rest.strip()
    if rest.isascii() and rest.isdigit():
        if len(rest) > 13:
            raise NotationError(f"Meld: {s}: the points are too large")
        return s, int(rest)
    return s, v.parse_hand(rest.replace(",", " ") or "-", f"Meld: {s}")


def _result(v: Variant, text: str) -> dict[str, int]:
    from pinosolve.scoring.round import point_keys

    keys = point_keys(v)
    tokens = text.replace(":", " ").replace(",", " ").split()
    if len(tokens) % 2:
        raise NotationError(f"Result: pairs of side (or seat) and points, got {text!r:.60}")
    out: dict[str, int] = {}
    for name, points in zip(tokens[::2], tokens[1::2]):
        match = [k for k in keys if k.upper() == name.upper()]
        if not match:
            raise NotationError(f"Result: {name!r:.20} is not one of {', '.join(keys)}")
        if not (points.isascii() and points.isdigit()) or len(points) > 13:
            raise NotationError(f"Result: {match[0]}: points are a whole number, got "
                                f"{points!r:.20}")
        out[match[0]] = int(points)
    return out


def _note(v: Variant, line: str) -> CardNote:
    tokens = line.split()
    if len(tokens) < 2:
        raise NotationError(f"Analysis: 'seat card key=value ...', got {line!r:.60}")
    s = find_seat(v.seats, tokens[0], "Analysis: seat", v.id)
    try:
        card = Card.parse(tokens[1])
    except NotationError as exc:
        raise NotationError(f"Analysis: {exc}") from None
    keys = []
    for t in tokens[2:]:
        k, eq, val = t.partition("=")
        if not eq or not k:
            raise NotationError(f"Analysis: 'key=value', got {t!r:.30}")
        keys.append((k, val))
    return CardNote(s, card, tuple(keys))


def read_source(path: str, what: str) -> tuple[str, str]:
    """The text of the file ``path`` ('-': standard input) by the safe readers of
    ``pinosolve.files``, and the name to give it in errors."""
    from pinosolve.files import read_stdin, read_text

    if path == "-":
        return read_stdin(what), f"{what} on stdin"
    return read_text(path, what), path


def one_record(text: str, name: str, variant: Any = None) -> Record:
    """The one record of a file's text; a one-line error naming the file otherwise."""
    try:
        records = records_of_text(text, variant, name)
    except PinosolveError as exc:
        raise _named(exc, name) from None
    if len(records) != 1:
        raise PinosolveError(f"{name}: {len(records)} records; give a file of one")
    return records[0]


def records_of_file(text: str, name: str, variant: Any = None) -> list[Record]:
    """Every record of a file's text (at least one), each knowing its ``origin``; a
    one-line error naming the file."""
    try:
        records = records_of_text(text, variant, name)
    except PinosolveError as exc:
        raise _named(exc, name) from None
    if not records:
        raise PinosolveError(f"{name}: no record")
    return records


def record_file(path: str, variant: Any = None) -> Record:
    """The one record in the file ``path`` ('-': standard input)."""
    text, name = read_source(path, "record")
    return one_record(text, name, variant)


def rounds_of(text: str, name: str, variant: Any = None) -> tuple[Variant, list[Any]]:
    """The variant and the rounds (``Record.round``: typed facts) of a file of game records,
    one round a record; the records must all name the same rules."""
    records = records_of_file(text, name, variant)
    v = records[0].variant
    for n, r in enumerate(records[1:], 2):
        if r.variant is not v and rules_hash(r.variant) != rules_hash(v):
            raise PinosolveError(f"{name}: record {n} is of {r.variant.id}, record 1 of {v.id}")
    return v, [r.round() for r in records]


