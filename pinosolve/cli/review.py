"""``pinosolve review``: a played hand, card by card, against its double-dummy best.

The command reads a record (a TOML or JSON file, or a batch line's keys), calls
``pinosolve.analysis.review.review`` and renders its answer; the analysis is the library's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cli.batch import Analysis, run_analysis
from pinosolve.cli.options import OWN, RUN, ModelOpt, with_options
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import (Params, Raw, chosen_variant_of, combined, either_flag, file_named,
                                  flag, given, seconds, text, whole)
from pinosolve.cli.printable import echo_written
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.analysis.information import LensReport, Moment, Thresholds
    from pinosolve.analysis.review import (MeldCheck, PlayReview, RecordLike, Review,
                                           SeatCost, TrickValue)
    from pinosolve.cards import Card
    from pinosolve.analysis.review_set import ReviewSet
    from pinosolve.records.record import Record

# a record's keys that a batch line (or --input object) gives as they are; its variant comes
# from the line's (or the command line's) variant or rules
RECORD_KEYS = ("deal", "trump", "leader", "declarer", "bidder", "partner", "called_card", "bid",
               "meld", "play")


def _record(params: Raw) -> Union[RecordLike, list[Record]]:
    """The record to review: the file's (RECORD: game records in tag pairs, or a TOML or
    JSON table; a folder: every hand of its files, ``review_set.hands_in_folder``), or the
    keys of a batch line; its variant the file's own (``Variant``, ``variant`` or
    ``rules``, relative to the file), else the options'."""
    if params.get("source") is not None:  # (read already, by review --annotate)
        return params["source"]
    path = file_named(params, "record")
    given = {k: params[k] for k in RECORD_KEYS if params.get(k) is not None}
    if path is None:
        if not given:
            raise PinosolveError("give the record: pinosolve review --record FILE (a game "
                                 "record, or a TOML or JSON file; '-' for stdin; or a "
                                 "folder), or "
                                 "--input FILE|- (JSON lines)")
        return {**given, "variant": chosen_variant_of(params)}
    if given:
        raise PinosolveError(f"give the record once: a file or its keys "
                             f"({', '.join(sorted(given))}), not both")
    from pinosolve.analysis.review_set import hands_in_folder, hands_of_file
    from pinosolve.records.read import read_source

    named = chosen_variant_of(params, named=True)  # (checked even where the file names its own)

    def default() -> Any:
        return chosen_variant_of(params)

    try:
        if path != "-" and os.path.isdir(path):  # a folder of records: every hand in it
            return hands_in_folder(path, named, default)
        text, name = read_source(path, "record")
        return hands_of_file(text, name, Path(path) if path != "-" else None, named, default)
    except PinosolveError as exc:  # (the command line names the rules by its options)
        message = str(exc)
        if named is not None and ("names its own variant" in message
                                  or "its Variant tag names" in message):
            message += ": drop --variant/--rules"
        raise PinosolveError(message) from None


def _thresholds(value: Any) -> Thresholds:
    from pinosolve.analysis.information import Thresholds

    if isinstance(value, (list, tuple)):
        value = ",".join(str(x) for x in value)
    if not isinstance(value, str):
        raise PinosolveError(f"thresholds: good,inaccuracy,mistake, got {value!r:.60}")
    return Thresholds.parse(value)


@dataclass(frozen=True)
class ReviewParams(Params):
    """``review``'s parameters: the played hand (a game record, a record's table, read from
    its file or a batch line's keys) and each search's budget."""

    record: Union[RecordLike, list[Record]] = combined(_record)
    timeout: Optional[float] = seconds()
    progress: Optional[bool] = either_flag()
    information: bool = flag()
    samples: Optional[int] = whole()
    seed: Optional[int] = whole()
    thresholds: Optional[Thresholds] = given(_thresholds)
    threads: int = whole(default=1)
    model: Optional[str] = text()

    def check(self) -> None:
        many = isinstance(self.record, list)
        if not self.information and not many:
            given = [f"--{k}" for k in ("samples", "seed", "thresholds", "model")
                     if getattr(self, k) is not None] + (["--threads"] if self.threads != 1
                                                         else [])
            if given:
                raise PinosolveError(f"{', '.join(given)}: options of the information lens: "
                                     "add --information")


@dataclass(frozen=True)
class ReviewLineParams(ReviewParams):
    """A record given by --input (a batch line, or its one object): its record file, if it
    names one, is a file, never '-' (standard input is the batch itself)."""

    @classmethod
    def check_given(cls, raw: Raw) -> None:
        if raw.get("record") == "-":
            raise PinosolveError("record: '-' (stdin) is where --input reads; name a file")


def compute_review(params: ReviewParams) -> Union[Review, ReviewSet]:
    from pinosolve.analysis.information import DEFAULT_SAMPLES
    from pinosolve.cli.output import ProgressBar, batch_line

    samples = DEFAULT_SAMPLES if params.samples is None else params.samples
    # (a batch line's deals in one thread: the lines run in processes, --jobs)
    threads = 1 if batch_line.get() else params.threads
    if isinstance(params.record, list):
        from pinosolve.analysis.review_set import review_many

        with ProgressBar("hands reviewed", params.progress) as on_hand:
            return review_many(params.record, timeout=params.timeout, samples=samples,
                               seed=params.seed, thresholds=params.thresholds,
                               threads=threads, on_hand=on_hand, model=params.model)
    from pinosolve.analysis.review import review

    with ProgressBar("cards reviewed", params.progress) as on_card:
        return review(params.record, timeout=params.timeout, on_card=on_card,
                      information=params.information, samples=samples, seed=params.seed,
                      thresholds=params.thresholds, threads=threads, model=params.model)


def _value(standing: TrickValue, taken: bool = False) -> str:
    """A standing's double-dummy value (``taken``: plus the points already taken), or its
    proved bounds 'L..H'."""
    lo, hi = (b + (standing.trick_points if taken else 0) for b in standing.bounds)
    return str(lo) if lo == hi else f"{lo}..{hi}"


def _cost(seat_cost: SeatCost) -> str:
    if seat_cost.cost is not None:
        return str(seat_cost.cost)
    return "{}..{}".format(*(seat_cost.cost_bounds or ()))


# A cell of a fitted table: its paragraphs (each begins a line), each a list of units, texts
# that a line never breaks (a card, a cost, a label with its count).
Cell = list[list[str]]


def _pack(units: list[str], width: int) -> list[str]:
    """``units`` in lines of at most ``width`` cells, a space between two on one line."""
    from rich.cells import cell_len

    lines: list[str] = []
    for unit in units:
        if lines and cell_len(lines[-1]) + 1 + cell_len(unit) <= width:
            lines[-1] += " " + unit
        else:
            lines.append(unit)
    return lines


def fitted_table(title: Optional[str], headers: list[tuple[str, str]], rows: list[list[Cell]],
                 width: int, always: bool = False) -> Any:
    """A rich table of ``rows`` (a ``Cell`` a column) under ``headers`` (each its text and
    its justification) at most ``width`` columns wide, in which no unit is broken: every
    column is at least as wide as its longest unit, the room left goes to the columns that
    need it most, and each paragraph is packed into lines of its column's width. Where the
    longest units alone need more than ``width``: None, or with ``always`` the table as
    rich lays it out (a terminal too narrow for anything better)."""
    from rich.cells import cell_len
    from rich.table import Table

    from pinosolve.cli.printable import printable

    n = len(headers)
    grid = [[[h.split()] for h, _ in headers]]
    grid += [[[[printable(u, one_line=True) for u in para] for para in cell] or [[]]
              for cell in row] for row in rows]
    low = [max([cell_len(u) for row in grid for para in row[k] for u in para] + [1])
           for k in range(n)]
    high = [max([cell_len(" ".join(para)) for row in grid for para in row[k]] + [1])
            for k in range(n)]
    room = width - (3 * n + 1)  # (each column's two spaces of padding, and n + 1 rules)
    if sum(low) > room:
        if not always:
            return None
        table = Table(title=title, title_justify="left")
        for head, justify in headers:
            table.add_column(head, justify=justify, overflow="fold")  # type: ignore[arg-type]
        for row in grid[1:]:
            table.add_row(*("\n".join(" ".join(para) for para in cell) for cell in row))
        return table
    widths = list(low)
    spare = room - sum(low)
    for k in sorted(range(n), key=lambda i: high[i] - low[i]):  # (whole first, least need)
        if high[k] - widths[k] <= spare:
            spare -= high[k] - widths[k]
            widths[k] = high[k]
    for _ in range(spare):  # (then a column at a time to those that still wrap)
        k = max(range(n), key=lambda i: high[i] - widths[i])
        if high[k] <= widths[k]:
            break
        widths[k] += 1

    def text(cell: Cell, w: int) -> str:
        return "\n".join(line for para in cell for line in _pack(para, w))

    table = Table(title=title, title_justify="left")
    for (_, justify), w, head_cell in zip(headers, widths, grid[0]):
        table.add_column(text(head_cell, w), justify=justify,  # type: ignore[arg-type]
                         width=w, no_wrap=True)
    for row in grid[1:]:
        table.add_row(*(text(cell, w) for cell, w in zip(row, widths)))
    return table


def _width() -> int:
    return int(console().width)


def _better_units(cards: Optional[tuple[Card, ...]]) -> list[str]:
    """What should have been played: ``→A♠``, then ``or A♥`` for each card tied with it."""
    if not cards:
        return []
    return ["→" + cards[0].symbol, *(f"or {c.symbol}" for c in cards[1:])]


def _dd_units(entry: PlayReview) -> list[str]:
    """A card's double-dummy word: its cost (or a renege and its rule) and the better cards."""
    from pinosolve.analysis.report import loss, loss_bounds

    if not entry.is_legal:
        words = ["renege", f"[{entry.rule}]"]
    elif entry.cost:
        words = [loss(entry.cost)]
    elif entry.cost_bounds:
        words = [loss_bounds(*entry.cost_bounds)]
    else:
        words = []
    return words + _better_units(entry.better)


def _info_units(entry: PlayReview) -> list[str]:
    """The information lens's word on a card: its cost (if any), the cards best on what its
    player knew, its label (and luck)."""
    from pinosolve.analysis.report import loss, loss_bounds, number

    info = entry.information
    if entry.label is None or info is None:
        return []
    words = []
    if info.cost is None:
        low, high = info.cost_bounds or (0.0, 0.0)
        words.append("info " + loss_bounds(low, high, 1))
    elif number(info.cost, 2) != "0.00":
        words.append("info " + loss(info.cost, 2))
        if not info.exact:
            words.append(f"±{number(info.stderr, 2)}")
    words += _better_units(info.better)
    words.append(entry.label + ("," if entry.luck else ""))
    if entry.luck:
        words.append(entry.luck)
    return words


def _trick_table(result: Review, width: int) -> Any:
    """The play, a row a trick and a column a seat, each card with its costs; where that is
    too wide for ``width`` without breaking a word, a row a card. None: no room for either."""
    summary = result.summary
    seats = list(summary.cost_by_seat)  # every seat, in the deal's order
    after = {t.tricks: t for t in summary.values_by_trick}
    title = (f"{result.variant}, trump {suit_text(result.trump)}, {result.leader} leads")
    total = f"{summary.side} total after"
    tricks: dict[int, list[PlayReview]] = {}
    for entry in result.plays:
        tricks.setdefault(entry.trick, []).append(entry)

    def standing(number: int) -> str:
        t = after.get(number)
        return "" if t is None else _value(t, taken=True)

    rows: list[list[Cell]] = []
    for number, plays in tricks.items():
        cells: dict[str, Cell] = {s: [] for s in seats}
        for entry in plays:
            cells[entry.seat].append([entry.card.symbol, *_dd_units(entry)])
            if _info_units(entry):
                cells[entry.seat].append(_info_units(entry))
        rows.append([[[str(number)]], [[plays[0].seat]],
                     *[cells[s] or [["—"]] for s in seats], [[standing(number)]]])
    grid = fitted_table(title, [("trick", "right"), ("led by", "left"),
                                *[(s, "left") for s in seats], (total, "right")], rows, width)
    if grid is not None:
        return grid
    lens = result.information is not None
    rows = []
    for number, plays in tricks.items():
        for k, entry in enumerate(plays):
            row: list[Cell] = [[[str(number) if k == 0 else ""]], [[entry.seat]],
                               [[entry.card.symbol]], [_dd_units(entry) or ["0"]]]
            if lens:
                row.append([_info_units(entry)])
            row.append([[standing(number) if k == len(plays) - 1 else ""]])
            rows.append(row)
    headers = [("trick", "right"), ("seat", "left"), ("card", "left"),
               ("double dummy", "left")]
    headers += [("information lens", "left")] if lens else []
    return fitted_table(title, headers + [(total, "right")], rows, width, always=True)


def _say(text: str, **style: Any) -> None:
    """A line of prose (as every command prints it: the terminal wraps it)."""
    console().print(text, **style)


def lens_table(title: str, reports: dict[str, LensReport]) -> Any:
    """A table of ``LensReport``s, one row each (a seat, a side, a player, a role): each
    label with its count kept on one line, never a word broken where the terminal has room."""
    from pinosolve.analysis.report import number

    headers = [("", "left"), ("accuracy", "right"), ("choices", "right"), ("labels", "left"),
               ("lost: info", "right"), ("dd", "right"), ("luck", "right")]
    rows: list[list[Cell]] = []
    for name, rep in reports.items():
        labels = [f"{k} {n}" for k, n in rep.labels.items() if n]
        labels = [f"{x}," for x in labels[:-1]] + labels[-1:]
        rows.append([[name.split() or [""]],
                     [["—" if rep.accuracy is None else number(rep.accuracy, 1)]],
                     [[str(rep.choices)]], [labels or ["—"]], [[number(rep.info_lost, 1)]],
                     [[f"{round(rep.dd_lost, 1):g}"]], [[number(rep.luck, 1, sign=True)]]])
    return fitted_table(title, headers, rows, _width(), always=True)


def _moment(m: Moment, name: str) -> str:
    """One of the biggest losses: the card, where, what it cost by each lens and what should
    have been played."""
    from pinosolve.analysis.report import cards_text, loss

    where = (f"hand {m.hand} " if m.hand is not None else "") + f"trick {m.trick}"
    by = f" by {m.seat}" if m.seat != name else ""
    if m.label == "renege":
        return f"{m.card.symbol} in {where}{by}, a renege" + (
            f" ({cards_text(m.better)} was legal and best)" if m.better else "")
    better = f", {cards_text(m.better)} best" if m.better else ""
    dd = f"double dummy {loss(m.dd_cost)}" + (
        f", {cards_text(m.dd_better)} best" if m.dd_better else "")
    return f"{m.card.symbol} in {where}{by} {loss(m.cost, 2)} ({m.label}{better}; {dd})"


def _biggest(reports: dict[str, LensReport]) -> None:
    for name, rep in reports.items():
        if rep.biggest:
            _say(f"{name}'s biggest losses: " + ", ".join(_moment(m, name)
                                                          for m in rep.biggest))


def _meld_remarks(checks: Optional[tuple[MeldCheck, ...]], where: str = "") -> None:
    """A line for each recorded meld that is not what the hand held (``where``: which hand
    of a set)."""
    for c in checks or ():
        if c.verdict == "right":
            continue
        who = " and ".join(c.seats)
        held = f"{who}'s hand{'s' if len(c.seats) > 1 else ''} held {c.max_meld}" + (
            f" ({', '.join(f'{m.name} {m.meld}' for m in c.melds)})" if c.melds else "")
        _say(f"meld {c.verdict}{where}: the record gives {who} {c.recorded}, but {held} "
             f"when {'they' if len(c.seats) > 1 else 'it'} melded", style="bold")


def _took(seconds: float) -> str:
    """How long the review took, rounded."""
    return f"reviewed in {seconds:.1f} s"


def render_review(result: Union[Review, ReviewSet]) -> None:
    from pinosolve.analysis.review_set import ReviewSet

    if isinstance(result, ReviewSet):
        render_review_set(result)
        return
    out = console()
    summary = result.summary
    side = summary.side
    out.print(_trick_table(result, _width()) if result.plays else "no card played")
    _say(f"-N →C: the points the card gave away against its side's best card, with every "
         f"card seen, and the card that should have been played (-H..-L: proved bounds, the "
         f"search ran out of time); {side} total: the points {side} has taken and will take "
         "with best play from here")
    taken = ", ".join(f"{name} {pts}" for name, pts in summary.points_taken.items())
    _say(f"points taken: {taken}" + ("" if summary.finished else " (play unfinished)"),
         style="bold")
    values = ", ".join(f"{t.tricks}: {_value(t)}" for t in summary.values_by_trick)
    _say(f"{side}'s double-dummy value (points still to take) at the start and after each "
         f"trick: {values}")
    costs = ", ".join(f"{seat} {_cost(c)} ({c.costly_cards} card"
                      f"{'' if c.costly_cards == 1 else 's'})"
                      for seat, c in summary.cost_by_seat.items())
    _say(f"cost by seat: {costs}")
    if summary.reneges:
        _say(f"reneges: {summary.reneges}; no penalty is applied: the rules files have no "
             "renege penalty, so the review scores the play as it went")
    if summary.bid is not None:
        verdicts = {True: "yes", False: "no", None: "not decided"}
        _say(f"contract: {summary.bidder} bid {summary.bid} with meld {summary.meld}; "
             f"makeable: {verdicts[summary.makeable]}; made: {verdicts[summary.made]}")
    _meld_remarks(result.meld_checks)
    if result.note:
        _say(result.note)
    lens = result.information
    if lens is not None:
        _say("info -C ±E →C, label: the information cost, the points the card gave away on "
             "average against the best card from its player's view (±: its standard error, "
             "where sampled), the card best on that view, and its label")
        out.print(lens_table("the two lenses by seat", lens.by_seat))
        out.print(lens_table("and by side", lens.by_side))
        _biggest(lens.by_seat)
        _lens_legend(lens.points, lens.thresholds, lens.exact, lens.sampled, lens.samples,
                     lens.seed)
        if lens.stopped is not None:
            _say(f"the information lens stops at card {lens.stopped}, a renege: no legal "
                 "play explains the views after it")
    _say(_took(result.seconds))


def _lens_legend(points: int, thresholds: tuple[float, float, float], exact: Optional[int],
                 sampled: Optional[int], samples: int, seed: int) -> None:
    good, inaccuracy, mistake = (x * points for x in thresholds)
    _say(f"labels by the information cost in a deal of {points} points: best 0, good "
         f"< {good:g}, inaccuracy < {inaccuracy:g}, mistake < {mistake:g}, blunder from "
         f"{mistake:g} (--thresholds); unlucky: best or good, yet at least an inaccuracy "
         "double dummy; lucky: a mistake or a blunder that cost nothing double dummy")
    _say("accuracy: 100 x (1 - cost / blunder line), at least 0, averaged over the cards "
         "that were a choice; luck: points lost by the information lens less those lost "
         "double dummy, over the cards it judged (above 0: lucky)")
    if exact is not None:
        _say(f"decisions over every consistent deal: {exact}; over {samples} sampled "
             f"deals: {sampled} (seed {seed}: --seed {seed} draws the same deals again)")
    else:
        _say(f"each decision over every consistent deal where there are at most "
             f"{samples}, else {samples} sampled (seed {seed}: --seed {seed} draws the "
             "same deals again)")


def render_review_set(result: ReviewSet) -> None:
    out = console()
    from collections import Counter

    from pinosolve.analysis.report import hand_file, hand_name, number, skipped_text

    several = Counter(hand_file(line) for line in result.hands)
    files = [hand_name(line, several[hand_file(line)] > 1) for line in result.hands]
    headers = [("hand", "right")] + ([("file", "left")] if any(files) else []) + [
        ("event", "left"), ("points taken", "left"), ("accuracy by seat", "left")]
    rows: list[list[Cell]] = []
    for line, name in zip(result.hands, files):
        taken = [f"{k} {v}" for k, v in line.points_taken.items()]
        accuracy = [f"{k} {'—' if a is None else number(a, 1)}"
                    for k, a in line.accuracy.items()]
        rows.append([[[str(line.hand)]]] + ([[[name or "—"]]] if any(files) else []) +
                    [[(line.event or "—").split()],
                     [[f"{x}," for x in taken[:-1]] + taken[-1:]],
                     [[f"{x}," for x in accuracy[:-1]] + accuracy[-1:]]])
    title = f"{result.variant}: {len(result.hands)} hands" + (
        f", {len(result.skipped)} passed over" if result.skipped else "")
    out.print(fitted_table(title, headers, rows, _width(), always=True))
    for skip in result.skipped:
        _say(f"passed over: {skipped_text(skip)}")
    out.print(lens_table("by seat", result.by_seat))
    _biggest(result.by_seat)
    if result.by_player:
        out.print(lens_table("by player", result.by_player))
    if result.by_role:
        out.print(lens_table("by role (error rate: mistakes, blunders and reneges per choice)",
                             result.by_role))
        rates = ", ".join(f"{role} {_rate(r.error_rate)} (double dummy "
                          f"{_rate(r.dd_error_rate)})" for role, r in result.by_role.items())
        _say(f"error rate by role: {rates}")
    if result.first_lead.cards:
        out.print(lens_table("first leads (hands recorded from the first trick)",
                             {"every hand": result.first_lead, **result.first_lead_by_player}))
    _lens_legend(result.points, result.thresholds, None, None, result.samples, result.seed)
    for line, review in zip(result.hands, result.reviews):
        _meld_remarks(review.meld_checks, f" (hand {line.hand})")
    _say(_took(result.seconds))


def _rate(rate: Optional[float]) -> str:
    from pinosolve.analysis.report import number

    return "—" if rate is None else f"{number(100 * rate, 1)}%"


@with_options(OWN, RUN)
def review_cmd(
    record: Annotated[Optional[str], typer.Option(
        "--record", help="The played hand: a game record (docs/records.md), or a TOML "
        "or JSON file ('-': stdin) with variant (or rules), deal, trump, play, and as needed "
        "leader, bidder, partner (or called_card), bid and meld (per seat, points or cards); "
        "or a file of several, or a folder of them.", show_default=False)] = None,
    record_given: Annotated[Optional[str], typer.Argument(
        metavar="RECORD", hidden=True, help="The old place of --record (a notice says so).",
        show_default=False)] = None,
    timeout: Annotated[Optional[float], typer.Option(
        "--timeout", help="Seconds for each position's search (0 < s <= 1e9), and with "
        "--information for each decision's deals, shared out among them; where it runs out, "
        "the proved bounds are given, never a guess.", show_default=False)] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--quiet", help="A progress bar on stderr: cards reviewed (default: "
        "shown where stderr is a terminal).", show_default=False)] = None,
    annotate: Annotated[Optional[str], typer.Option(
        "--annotate", help="Also write the hand as a game record with each "
        "card's cost and values (its Analysis section) into this file.",
        show_default=False)] = None,
    plot: Annotated[Optional[str], typer.Option(
        "--plot", help="Also draw the value graph into this file, .png, .svg or .pdf (needs "
        "matplotlib: pip install 'pinosolve\\[plot]'); with --information, both lenses.",
        show_default=False)] = None,
    html: Annotated[Optional[str], typer.Option(
        "--html", help="Also write a report into this file: one self-contained HTML page "
        "(the hand, each card's costs, the value graph, the biggest losses) that a browser "
        "opens with no network.", show_default=False)] = None,
    information: Annotated[bool, typer.Option(
        "--information", help="Also the information lens: each card's cost from what its "
        "player could know (every consistent deal, or --samples of them), labels, accuracy "
        "and luck. A folder or a file of several records always has it.")] = False,
    samples: Annotated[Optional[int], typer.Option(
        "--samples", help="Deals per decision for the information lens (default 40, at most "
        "20000); a decision with no more consistent deals than this takes every one of "
        "them, exactly.", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="The sampling seed (0 to 2**64 - 1; default: a fresh one, named in "
        "the answer).", show_default=False)] = None,
    thresholds: Annotated[Optional[str], typer.Option(
        "--thresholds", help="Where the labels change, G,I,M as shares of a deal's points: "
        "good below G, inaccuracy below I, mistake below M, blunder from M (default "
        "0.02,0.05,0.1).", show_default=False)] = None,
    threads: Annotated[int, typer.Option(
        "--threads", help="The information lens's deals solved at once, each in a thread (0: "
        "one per core, at most 64); the answer is the same whatever --threads.")] = 1,
    model: ModelOpt = None,
    **given: Any,
) -> None:
    """Review a played hand (or a folder or file of hands): each card against its
    double-dummy best and, with --information, against the best card on what its player
    could know; labels, accuracy, luck; reneges; each seat's cost."""
    from pinosolve.cli.options import cpu_threads

    from pinosolve.cli.renames import positional_record

    record = positional_record("review", record, record_given)
    json_out, input_source = given["json_out"], given["input_source"]
    where = page = None
    if plot is not None:
        from pinosolve.analysis.plot import plot_path, require_matplotlib

        if input_source is not None:
            raise PinosolveError("--plot draws one record's graph: give --record, not --input")
        where = plot_path(plot)
        require_matplotlib()
    if input_source is not None and record is not None:
        raise PinosolveError("give --record or --input (JSON lines of records), not both")
    params: dict[str, Any] = {"record": record, "timeout": timeout, "variant": given["variant"],
                              "rules": given["rules"], **{k: None for k in RECORD_KEYS},
                              "information": information, "samples": samples, "seed": seed,
                              "thresholds": thresholds, "threads": cpu_threads(threads),
                              "model": model}
    if progress is not None:
        params["progress"] = progress
    out = source = None
    if annotate is not None or html is not None or where is not None:
        from pinosolve.analysis.review import record_of
        from pinosolve.files import writable_file

        if input_source is not None:
            raise PinosolveError(f"{'--annotate' if annotate else '--html'} writes the "
                                 "analysis of --record: give --record, not --input")
        if annotate is not None:
            out = writable_file(Path(annotate), "--annotate")
        if html is not None:
            page = writable_file(Path(html), "--html")
        got = _record(params)  # (read once: it may be stdin)
        if where is not None and isinstance(got, list):
            raise PinosolveError("--plot draws one hand's graph: give a record of one hand")
        source = got if isinstance(got, list) or (out is None and page is None) \
            else record_of(got)
        params["source"] = source
    result = run_analysis(params, json_out=json_out, input_source=input_source,
                          analysis=REVIEW if input_source is None else REVIEW_LINES,
                          render=render_review, jobs=given["jobs"])
    if out is not None:
        from pinosolve.analysis.review import annotate as annotated

        # (a set's lines keep each hand's number in the records read: one passed over has none)
        hands = [source] if not isinstance(source, list) else \
            [source[line.hand - 1] for line in result.hands]
        reviews = [result] if not isinstance(source, list) else result.reviews
        try:
            out.write_text("\n".join(str(annotated(r, rev)) for r, rev in zip(hands, reviews)),
                           encoding="utf-8")
        except OSError as exc:
            raise PinosolveError(f"--annotate: {exc.strerror or exc}") from None
        echo_written("annotated record" + ("s" if len(hands) > 1 else ""), out, json_out)
    if page is not None:
        from pinosolve.analysis.report import html_report

        try:
            page.write_text(html_report(result, source), encoding="utf-8")
        except OSError as exc:
            raise PinosolveError(f"--html: {exc.strerror or exc}") from None
        echo_written("HTML report", page, json_out)
    if where is not None:
        from pinosolve.analysis.plot import plot_review

        plot_review(result, where)
        echo_written("value graph", where, json_out)


# the analysis a batch runs: each line a record's keys (or "record": a file)
REVIEW = Analysis(ReviewParams, compute_review,
                  preload=("pinosolve.analysis.review", "pinosolve.game", "pinosolve.play.driver",
                           "pinosolve.play.core", "pinosolve.play._core"))
REVIEW_LINES = Analysis(ReviewLineParams, compute_review, preload=REVIEW.preload)
