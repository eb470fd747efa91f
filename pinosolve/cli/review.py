"""``pinosolve review``: a played hand, card by card, against its double-dummy best.

The command reads a record (a TOML or JSON file, or a batch line's keys), calls
``pinosolve.analysis.review.review`` and renders its answer; the analysis is the library's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_analysis
from pinosolve.cli.options import OWN, RUN, with_options
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import (Params, Raw, chosen_variant_of, combined, either_flag, file_named,
                                  seconds)
from pinosolve.cli.printable import echo_written
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.analysis.review import (PlayReview, RecordLike, Review, SeatCost,
                                           TrickValue)

# a record's keys that a batch line (or --input object) gives as they are; its variant comes
# from the line's (or the command line's) variant or rules
RECORD_KEYS = ("deal", "trump", "leader", "declarer", "bidder", "partner", "called_card", "bid",
               "meld", "play")


def _record(params: Raw) -> RecordLike:
    """The record to review: the file's (RECORD: a game record, a ``Record``, or a TOML or
    JSON table), or the keys of a batch line; its variant the file's own (``Variant``,
    ``variant`` or ``rules``, relative to the file), else the options'."""
    if params.get("source") is not None:  # (read already, by review --annotate)
        return params["source"]
    from pinosolve.variants.variant import resolve, rules_path

    path = file_named(params, "record")
    variant_of = chosen_variant_of
    given = {k: params[k] for k in RECORD_KEYS if params.get(k) is not None}
    if path is None:
        if not given:
            raise PinosolveError("give the record: pinosolve review RECORD (a TOML or JSON "
                                 "file, '-' for stdin), or --input FILE|- (JSON lines)")
        return {**given, "variant": variant_of(params)}
    if given:
        raise PinosolveError(f"give the record once: a file or its keys "
                             f"({', '.join(sorted(given))}), not both")
    from pinosolve.files import parse_document
    from pinosolve.records.read import one_record, read_source
    from pinosolve.records.tags import looks_like_record

    text, name = read_source(path, "record")
    if looks_like_record(text):  # a game record (tag pairs): its Variant tag, or --variant/--rules
        return one_record(text, name, chosen_variant_of(params, named=True))
    data = parse_document(text, name)
    if not isinstance(data, dict):
        raise PinosolveError(f"{name}: expected a table with deal, trump and play")
    data = dict(data)
    rules = data.pop("rules", None)
    if rules is not None:
        if data.get("variant") is not None:
            raise PinosolveError(f"{path}: give variant or rules, not both")
        if not isinstance(rules, str):
            raise PinosolveError(f"{path}: rules must be text, got {rules!r}")
        where = Path(path) if path != "-" else None
        data["variant"] = resolve(None, str(rules_path(rules, where)))
    elif data.get("variant") is None:
        data["variant"] = variant_of(params)
    elif not isinstance(data["variant"], str):
        raise PinosolveError(f"{path}: variant must be text, got {data['variant']!r:.60}")
    else:
        data["variant"] = resolve(data["variant"], None)
    if params.get("variant") is not None or params.get("rules") is not None:
        named = variant_of(params)  # (checked even where the file names its own)
        if (named.id, named.rules) != (data["variant"].id, data["variant"].rules):
            raise PinosolveError(f"{path} names its own variant ({data['variant'].id}), not "
                                 f"{named.id}: drop --variant/--rules")
    return data


@dataclass(frozen=True)
class ReviewParams(Params):
    """``review``'s parameters: the played hand (a game record, a record's table, read from
    its file or a batch line's keys) and each search's budget."""

    record: RecordLike = combined(_record)
    timeout: Optional[float] = seconds()
    progress: Optional[bool] = either_flag()


@dataclass(frozen=True)
class ReviewLineParams(ReviewParams):
    """A record given by --input (a batch line, or its one object): its record file, if it
    names one, is a file, never '-' (standard input is the batch itself)."""

    @classmethod
    def check_given(cls, raw: Raw) -> None:
        if raw.get("record") == "-":
            raise PinosolveError("record: '-' (stdin) is where --input reads; name a file")


def compute_review(params: ReviewParams) -> Review:
    from pinosolve.analysis.review import review

    from pinosolve.cli.output import ProgressBar

    with ProgressBar("cards reviewed", params.progress) as on_card:
        return review(params.record, timeout=params.timeout, on_card=on_card)


def _value(standing: TrickValue, taken: bool = False) -> str:
    """A standing's double-dummy value (``taken``: plus the points already taken), or its
    proved bounds 'L..H'."""
    lo, hi = (b + (standing.trick_points if taken else 0) for b in standing.bounds)
    return str(lo) if lo == hi else f"{lo}..{hi}"


def _cost(seat_cost: SeatCost) -> str:
    if seat_cost.cost is not None:
        return str(seat_cost.cost)
    return "{}..{}".format(*(seat_cost.cost_bounds or ()))


def render_review(result: Review) -> None:
    from rich.table import Table

    out = console()
    summary = result.summary
    seats = list(summary.cost_by_seat)  # every seat, in the deal's order
    side = summary.side
    after = {t.tricks: t for t in summary.values_by_trick}
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}, "
                  f"{result.leader} leads", title_justify="left")
    table.add_column("trick", justify="right")
    table.add_column("led by")
    for seat in seats:
        table.add_column(seat, overflow="fold")  # (a renege's rule folds, never cut)
    table.add_column(f"{side} total after", justify="right")
    tricks: dict[int, list[PlayReview]] = {}
    for entry in result.plays:
        tricks.setdefault(entry.trick, []).append(entry)
    for number, plays in tricks.items():
        cells: dict[str, list[str]] = {s: [] for s in seats}
        for entry in plays:
            cell = entry.card.symbol
            if not entry.legal:
                cell += f" renege [{entry.rule}]"
            elif entry.cost:
                cell += f" -{entry.cost}"
            elif entry.cost_bounds:
                cell += " -{}..{}".format(*entry.cost_bounds)
            cells[entry.seat].append(cell)
        standing = after.get(number)
        value = "" if standing is None else _value(standing, taken=True)
        table.add_row(str(number), plays[0].seat,
                      *["\n".join(cells[s]) or "—" for s in seats], value)
    out.print(table if result.plays else "no card played")
    out.print(f"-N: the points the card gave away against its side's best card (-L..H: proved "
              f"bounds, the search ran out of time); {side} total: the points {side} has taken "
              "and will take with best play from here")
    taken = ", ".join(f"{name} {pts}" for name, pts in summary.points_taken.items())
    out.print(f"points taken: {taken}" + ("" if summary.finished else " (play unfinished)"),
              style="bold")
    values = ", ".join(f"{t.tricks}: {_value(t)}" for t in summary.values_by_trick)
    out.print(f"{side}'s double-dummy value (points still to take) at the start and after each "
              f"trick: {values}")
    costs = ", ".join(f"{seat} {_cost(c)} ({c.costly_cards} card"
                      f"{'' if c.costly_cards == 1 else 's'})"
                      for seat, c in summary.cost_by_seat.items())
    out.print(f"cost by seat: {costs}")
    if summary.reneges:
        out.print(f"reneges: {summary.reneges}; no penalty is applied: the rules files "
                  "have no renege penalty, so the review scores the play as it went")
    if summary.bid is not None:
        verdicts = {True: "yes", False: "no", None: "not decided"}
        out.print(f"contract: {summary.bidder} bid {summary.bid} with meld "
                  f"{summary.meld}; makeable: {verdicts[summary.makeable]}; made: "
                  f"{verdicts[summary.made]}")
    if result.note:
        out.print(result.note)
    out.print(f"{result.seconds} s")


@with_options(OWN, RUN)
def review_cmd(
    record: Annotated[Optional[str], typer.Argument(
        metavar="RECORD", help="The played hand: a game record (docs/records.md), or a TOML "
        "or JSON file ('-': stdin) with variant (or rules), deal, trump, play, and as needed "
        "leader, bidder, partner (or called_card), bid and meld (per seat, points or cards).",
        show_default=False)] = None,
    timeout: Annotated[Optional[float], typer.Option(
        "--timeout", help="Seconds for each position's search (0 < s <= 1e9); where it runs "
        "out, the proved bounds are given, never a guess.", show_default=False)] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--quiet", help="A progress bar on stderr: cards reviewed (default: "
        "shown where stderr is a terminal).", show_default=False)] = None,
    annotate: Annotated[Optional[str], typer.Option(
        "--annotate", help="Also write the hand as a game record with each "
        "card's cost and values (its Analysis section) into this file.",
        show_default=False)] = None,
    plot: Annotated[Optional[str], typer.Option(
        "--plot", help="Also draw the value graph into this file, .png, .svg or .pdf (needs "
        "matplotlib: pip install 'pinosolve\\[plot]').", show_default=False)] = None,
    **given: Any,
) -> None:
    """Review a played hand: each card against its double-dummy best, reneges, each seat's
    cost."""
    json_out, input_source = given["json_out"], given["input_source"]
    where = None
    if plot is not None:
        from pinosolve.analysis.plot import plot_path, require_matplotlib

        if input_source is not None:
            raise PinosolveError("--plot draws one record's graph: give RECORD, not --input")
        where = plot_path(plot)
        require_matplotlib()
    if input_source is not None and record is not None:
        raise PinosolveError("give RECORD or --input (JSON lines of records), not both")
    params: dict[str, Any] = {"record": record, "timeout": timeout, "variant": given["variant"],
                              "rules": given["rules"], **{k: None for k in RECORD_KEYS}}
    if progress is not None:
        params["progress"] = progress
    out = source = None
    if annotate is not None:
        from pinosolve.analysis.review import record_of
        from pinosolve.files import writable_file

        if input_source is not None:
            raise PinosolveError("--annotate writes one record's analysis: give RECORD, "
                                 "not --input")
        out = writable_file(Path(annotate), "--annotate")
        source = record_of(_record(params))
        params["source"] = source
    result = run_analysis(params, json_out=json_out, input_source=input_source,
                          analysis=REVIEW if input_source is None else REVIEW_LINES,
                          render=render_review, jobs=given["jobs"])
    if out is not None:
        from pinosolve.analysis.review import annotate as annotated

        try:
            out.write_text(str(annotated(source, result)), encoding="utf-8")
        except OSError as exc:
            raise PinosolveError(f"--annotate: {exc.strerror or exc}") from None
        echo_written("annotated record", out, json_out)
    if where is not None:
        from pinosolve.analysis.plot import plot_review

        plot_review(result, where)
        echo_written("value graph", where, json_out)


# the analysis a batch runs: each line a record's keys (or "record": a file)
REVIEW = Analysis(ReviewParams, compute_review,
                  preload=("pinosolve.analysis.review", "pinosolve.game", "pinosolve.play.driver",
                           "pinosolve.play.core", "pinosolve.play._core"))
REVIEW_LINES = Analysis(ReviewLineParams, compute_review, preload=REVIEW.preload)
