"""Many reviewed hands together: each seat, each player and each role over all of them.

``review_many(records, ...)`` reviews each game record with both lenses
(``pinosolve.analysis.review.review(..., information=True)``) and pools the cards
(``pinosolve.analysis.information.lens_report``): by seat; by player, where the records name
the players (the tags ``North``, ``East``, ``South``, ``West`` for those seats, and
``Player<seat>`` for any seat: ``Player1`` in five-hand); by role where a record has a bidder
(``bidder``, ``partner``: the bidder's side's other seats, ``defender``); and the first
leads alone (``first_lead``: the first card of every hand whose record begins at the first
trick, and ``first_lead_by_player``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Callable, Sequence

from pinosolve.analysis.information import (DEFAULT_SAMPLES, LensReport, Scored, Thresholds,
                                            deal_points, derived_seed, lens_options,
                                            lens_report, scored_of)
from pinosolve.analysis.review import Review
from pinosolve.errors import PinosolveError
from pinosolve.results import Result

COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}
ROLES = ("bidder", "partner", "defender")


@dataclass(frozen=True, repr=False)
class HandLine(Result):
    """One hand of the set: its number (from 1), ``event`` (its Event tag, or None), the
    points each side took, and each seat's accuracy (None: it made no choice)."""

    hand: int
    event: Optional[str]
    points_taken: dict[str, int]
    accuracy: dict[str, Optional[float]]


@dataclass(frozen=True, repr=False)
class ReviewSet(Result):
    """Hands reviewed with both lenses, pooled: ``hands`` (a line each), ``by_seat``,
    ``by_player`` (named players only), ``by_role``, ``first_lead`` and
    ``first_lead_by_player`` as ``LensReport``s; ``points`` (one deal's) and the
    ``thresholds`` of the labels; ``samples`` and ``seed`` as the reviews drew them (each
    hand from a seed derived from it); ``reviews``: each hand's ``Review``, in order."""

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

    _repr_keys = ("variant", "by_seat", "by_player")


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
                threads: int = 1, on_hand: Optional[Callable[[int, int], None]] = None
                ) -> ReviewSet:
    """Review each of ``records`` (game records, ``pinosolve.records.Record``, of one
    variant) with both lenses, and pool them (see the module). The arguments are
    ``review``'s; hand ``k`` (from 0) draws its deals from a seed of its own, derived from
    ``seed`` and ``k`` (``information.derived_seed``). ``on_hand(done,
    hands)`` is called as each hand is reviewed. PinosolveError for no record, records of
    different variants, or a record the review refuses (named by its number)."""
    import time

    from pinosolve.analysis.review import review

    records = list(records)
    if not records:
        raise PinosolveError("no record to review")
    v = records[0].variant
    for n, r in enumerate(records, 1):
        if (r.variant.id, r.variant.rules) != (v.id, v.rules):
            raise PinosolveError(f"record {n}: {r.variant.id}, but record 1 is {v.id}: review "
                                 "the hands of one variant together")
    samples, seed, thresholds, threads = lens_options(samples, seed, thresholds, threads)
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
        try:
            result = review(record, timeout=timeout, information=True, samples=samples,
                            seed=derived_seed(seed, n), thresholds=thresholds,
                            threads=threads)
        except PinosolveError as exc:
            raise PinosolveError(f"record {n + 1}: {exc}") from None
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
        lines.append(HandLine(n + 1, dict(record.tags).get("Event"), summary.points_taken,
                              {s: rep.accuracy for s, rep in
                               result.information.by_seat.items()}))
        if on_hand is not None:
            on_hand(n + 1, len(records))
    return ReviewSet(v.id, tuple(lines), {s: lens_report(c) for s, c in seats.items()},
                     {p: lens_report(c) for p, c in players.items()},
                     {r: lens_report(c) for r, c in roles.items() if c},
                     lens_report(leads), {p: lens_report(c) for p, c in leads_by.items()},
                     points, thresholds.lines, samples, seed,
                     round(time.perf_counter() - started, 4), tuple(reviews))
