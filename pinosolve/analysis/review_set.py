"""Many reviewed hands together: each seat, each player and each role over all of them.

``review_many(records, ...)`` reviews each game record with both lenses
(``pinosolve.analysis.review.review(..., information=True)``) and pools the cards
(``pinosolve.analysis.information.lens_report``): by seat; by player, where the records name
the players (the tags ``North``, ``East``, ``South``, ``West`` for those seats, and
``Player<seat>`` for any seat: ``Player1`` in five-hand); by role where a record has a bidder
(``bidder``, ``partner``: the bidder's side's other seats, ``defender``); and the first
leads alone (``first_lead``: the first card of every hand whose record begins at the first
trick, and ``first_lead_by_player``).

The hands come from files: ``hands_of_file`` reads one file in every form ``review`` reads
(game records in tag pairs, one or several; a TOML or JSON table of the record's keys), and
``hands_in_folder`` every file of a folder, each hand knowing its file and its number there
(``Record.origin``). A file or a hand that cannot be read or reviewed is passed over, named
with its reason (``Skipped``), and the others go on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union
from collections.abc import Callable, Mapping, Sequence

from pinosolve.analysis.information import (DEFAULT_SAMPLES, LensReport, Scored, Thresholds,
                                            deal_points, derived_seed, lens_options,
                                            lens_report, scored_of)
from pinosolve.analysis.review import Review
from pinosolve.errors import PinosolveError
from pinosolve.results import Result

if TYPE_CHECKING:
    from pinosolve.records.record import Record
    from pinosolve.variants.variant import Variant

COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}
ROLES = ("bidder", "partner", "defender")


MAX_FOLDER_FILES = 10000  # the files a folder of records may hold


@dataclass(frozen=True, repr=False)
class Skipped(Result):
    """A file, or one hand of it, that a review of many passed over: ``file`` as named,
    ``record`` the hand's number in the file (from 1; None: the whole file), and ``reason``,
    the one-line error that refused it."""

    file: str
    record: Optional[int]
    reason: str


@dataclass(frozen=True, repr=False)
class HandLine(Result):
    """One hand of the set: its number (from 1), ``event`` (its Event tag, or None), the
    points each side took, and each seat's accuracy (None: it made no choice); ``file``,
    the file it was read from, and ``record``, its number in that file (from 1), where it
    was read from one (None otherwise)."""

    hand: int
    event: Optional[str]
    points_taken: dict[str, int]
    accuracy: dict[str, Optional[float]]
    file: Optional[str] = None
    record: Optional[int] = None


@dataclass(frozen=True, repr=False)
class ReviewSet(Result):
    """Hands reviewed with both lenses, pooled: ``hands`` (a line each), ``by_seat``,
    ``by_player`` (named players only), ``by_role``, ``first_lead`` and
    ``first_lead_by_player`` as ``LensReport``s; ``points`` (one deal's) and the
    ``thresholds`` of the labels; ``samples`` and ``seed`` as the reviews drew them (each
    hand from a seed derived from it); ``reviews``: each hand's ``Review``, in order (a
    line of ``hands`` each); ``skipped``: the files and hands passed over, with why."""

    variant: str
    hands: tuple[HandLine, ...]
    by_seat: dict[str, LensReport]
    by_player: dict[str, LensReport]
    by_role: dict[str, LensReport]
    first_lead: LensReport
    first_lead_by_player: dict[str, LensReport]
    points: int
    thresholds: tuple[float, float, float]
    samples: int
    seed: int
    seconds: float
    reviews: tuple[Review, ...]
    skipped: tuple[Skipped, ...] = ()

    _repr_keys = ("variant", "by_seat", "by_player", "skipped")


class Hands(list["Record"]):
    """Hands read together (a folder, or a file of several), each a ``Record`` knowing its
    file (``origin``), in order; ``skipped``: the files passed over, and why."""

    skipped: tuple[Skipped, ...] = ()


def review_table(data: Mapping[str, Any], name: str, where: Optional[Path] = None,
                 variant: Optional[Variant] = None,
                 default: Optional[Callable[[], Variant]] = None) -> dict[str, Any]:
    """A TOML or JSON table of a record's keys (``pinosolve.analysis.review``'s mapping) as
    ``review`` takes it: its ``variant``, or ``rules`` (a rules file's path, relative to
    the folder of ``where``, the file), resolved; ``variant``, the one given, must be the one it
    names where it names one, and stands in where it names none, as ``default()`` does
    after it. ``name`` (the file's) leads each one-line error."""
    from pinosolve.variants.variant import resolve, rules_path

    out = dict(data)
    rules = out.pop("rules", None)
    if rules is not None:
        if out.get("variant") is not None:
            raise PinosolveError(f"{name}: give variant or rules, not both")
        if not isinstance(rules, str):
            raise PinosolveError(f"{name}: rules must be text, got {rules!r:.60}")
        out["variant"] = resolve(None, str(rules_path(rules, where)))
    elif out.get("variant") is None:
        if variant is None and default is None:
            raise PinosolveError(f"{name}: name the variant (variant = \"ID\", or rules)")
        out["variant"] = variant if variant is not None else default()  # type: ignore[misc]
    elif not isinstance(out["variant"], str):
        raise PinosolveError(f"{name}: variant must be text, got {out['variant']!r:.60}")
    else:
        out["variant"] = resolve(out["variant"], None)
    if variant is not None and (variant.id, variant.rules) != (out["variant"].id,
                                                               out["variant"].rules):
        raise PinosolveError(f"{name} names its own variant ({out['variant'].id}), not "
                             f"{variant.id}")
    return out


def hands_of_file(text: str, name: str, where: Optional[Path] = None,
                  variant: Optional[Variant] = None,
                  default: Optional[Callable[[], Variant]] = None
                  ) -> Union[Record, Hands, dict[str, Any]]:
    """The hand or hands of a file's ``text`` in every form ``review`` reads: game records
    in tag pairs (one: its ``Record``; several: ``Hands``), else a TOML or JSON table of a
    record's keys (``review_table``: the mapping as ``review`` takes it). ``name`` leads
    each one-line error."""
    from pinosolve.files import parse_document
    from pinosolve.records.read import records_of_file
    from pinosolve.records.tags import looks_like_record

    if looks_like_record(text):
        records = records_of_file(text, name, variant)
        return records[0] if len(records) == 1 else Hands(records)
    data = parse_document(text, name)
    if not isinstance(data, dict):
        raise PinosolveError(f"{name}: expected a game record, or a table with deal, trump "
                             "and play")
    return review_table(data, name, where, variant, default)


def hands_in_folder(path: str, variant: Optional[Variant] = None,
                    default: Optional[Callable[[], Variant]] = None) -> Hands:
    """Every hand of every file in the folder ``path`` (not its subfolders; files, or links
    to files, in name order; hidden files left out), each read as ``hands_of_file`` reads
    it and knowing its file and number there (``Record.origin``); a file that cannot be
    read (not UTF-8 text, too large, neither a game record nor a table, or a record the
    reader refuses) is passed over, named with its reason in ``skipped``. A one-line error
    for a folder that cannot be listed, of more than ``MAX_FOLDER_FILES`` files, or with no
    hand in it."""
    import os

    from pinosolve.analysis.review import record_of
    from pinosolve.files import read_text
    from pinosolve.records.record import Origin

    try:
        names = sorted(e.name for e in os.scandir(path)
                       if not e.name.startswith(".") and e.is_file())
    except OSError as exc:
        raise PinosolveError(f"record folder {path!r}: {exc.strerror or exc}") from None
    if len(names) > MAX_FOLDER_FILES:
        raise PinosolveError(f"record folder {path!r}: {len(names)} files, more than "
                             f"{MAX_FOLDER_FILES}")
    hands = Hands()
    skipped = []
    for name in names:
        file = os.path.join(path, name)
        try:
            got = hands_of_file(read_text(file, "record"), file, Path(file), variant, default)
            if isinstance(got, Mapping):  # (a table: one hand, as a record)
                got = replace(record_of(got), origin=Origin(file, 1))
            hands += got if isinstance(got, list) else [got]
        except PinosolveError as exc:
            reason = str(exc)
            skipped.append(Skipped(file, None, reason[len(file) + 2:]
                                   if reason.startswith(f"{file}: ") else reason))
    hands.skipped = tuple(skipped)
    if not hands:
        first = f": {skipped[0].file}: {skipped[0].reason}" if skipped else ""
        raise PinosolveError(f"record folder {path!r}: no game record in it "
                             f"({len(skipped)} file{'' if len(skipped) == 1 else 's'} "
                             f"passed over{first})")
    return hands


def player_names(record: Any) -> dict[str, str]:
    """Seat -> player name, from a record's tags (``North`` ... or ``Player<seat>``)."""
    tags = {k.lower(): v for k, v in record.tags}
    out = {}
    for seat in record.variant.seats:
        for tag in (COMPASS.get(seat), f"Player{seat}"):
            if tag is not None and tags.get(tag.lower()):
                out[seat] = tags[tag.lower()]
                break
    return out


def review_many(records: Sequence[Any], timeout: Optional[float] = None,
                samples: int = DEFAULT_SAMPLES,
                seed: Optional[int] = None, thresholds: Optional[Thresholds] = None,
                threads: int = 1, on_hand: Optional[Callable[[int, int], None]] = None,
                model: Any = None) -> ReviewSet:
    """Review each of ``records`` (game records, ``pinosolve.records.Record``, of one
    variant) with both lenses, and pool them (see the module). The arguments are
    ``review``'s; hand ``k`` (from 0) draws its deals from a seed of its own, derived from
    ``seed`` and ``k`` (``information.derived_seed``). ``on_hand(done,
    hands)`` is called as each hand is reviewed. A hand the review refuses, or of another
    variant than the first, is passed over and named in the answer's ``skipped`` (with
    those of ``records.skipped``, for ``Hands``), each by its file and number there where
    it was read from one (``Record.origin``), else by its number in ``records``; the
    others' lines keep their numbers in ``records``. PinosolveError for no record, or none
    the review takes."""
    import time

    from pinosolve.analysis.review import review

    skipped = list(records.skipped) if isinstance(records, Hands) else []
    records = list(records)
    if not records:
        raise PinosolveError("no record to review")

    def skip(n: int, record: Any, reason: str) -> None:
        origin = getattr(record, "origin", None)
        where = record.where() if origin is not None else ""
        reason = reason[len(where):] if where and reason.startswith(where) else reason
        skipped.append(Skipped(f"hand {n + 1}", None, reason) if origin is None else
                       Skipped(origin.file, origin.record, reason))

    v = records[0].variant
    samples, seed, thresholds, threads = lens_options(samples, seed, thresholds, threads)
    from pinosolve.analysis.model import check_model

    check_model(model)
    started = time.perf_counter()
    points = deal_points(v)
    seats: dict[str, list[Scored]] = {s: [] for s in v.seats}
    players: dict[str, list[Scored]] = {}
    roles: dict[str, list[Scored]] = {r: [] for r in ROLES}
    leads: list[Scored] = []
    leads_by: dict[str, list[Scored]] = {}
    lines = []
    reviews = []
    for n, record in enumerate(records):
        if (record.variant.id, record.variant.rules) != (v.id, v.rules):
            skip(n, record, f"{record.variant.id}, but the first hand is {v.id}: the hands of "
                 "one variant are reviewed together")
            continue
        try:
            result = review(record, timeout=timeout, information=True, samples=samples,
                            seed=derived_seed(seed, n), thresholds=thresholds,
                            threads=threads, model=model)
        except PinosolveError as exc:
            skip(n, record, str(exc))
            continue
        reviews.append(result)
        names = player_names(record)
        summary = result.summary
        hands = record.hands_at_play()
        whole = all(h is not None and len(h) == v.rules.deal.hand_size for h in hands.values())
        for k, play in enumerate(result.plays):
            for c in scored_of(play, points, thresholds, n + 1):
                seats[c.seat].append(c)
                if c.seat in names:
                    players.setdefault(names[c.seat], []).append(c)
                if summary.bidder is not None:
                    role = ("bidder" if c.seat == summary.bidder else
                            "partner" if c.seat in summary.seats else "defender")
                    roles[role].append(c)
                if k == 0 and whole:
                    leads.append(c)
                    if c.seat in names:
                        leads_by.setdefault(names[c.seat], []).append(c)
        assert result.information is not None
        origin = getattr(record, "origin", None)
        lines.append(HandLine(n + 1, dict(record.tags).get("Event"), summary.points_taken,
                              {s: rep.accuracy for s, rep in
                               result.information.by_seat.items()},
                              None if origin is None else origin.file,
                              None if origin is None else origin.record))
        if on_hand is not None:
            on_hand(n + 1, len(records))
    if not reviews:
        raise PinosolveError(f"no hand could be reviewed: {skipped[-1].file}"
                             + ("" if skipped[-1].record is None else
                                f" (record {skipped[-1].record})")
                             + f": {skipped[-1].reason}")
    return ReviewSet(v.id, tuple(lines), {s: lens_report(c) for s, c in seats.items()},
                     {p: lens_report(c) for p, c in players.items()},
                     {r: lens_report(c) for r, c in roles.items() if c},
                     lens_report(leads), {p: lens_report(c) for p, c in leads_by.items()},
                     points, thresholds.lines, samples, seed,
                     round(time.perf_counter() - started, 4), tuple(reviews), tuple(skipped))
