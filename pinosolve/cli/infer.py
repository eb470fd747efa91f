"""``pinosolve infer``: from one seat's view, what each other seat may and must hold.

The command reads the view from its options (or a batch line's keys), calls
``pinosolve.analysis.hidden.infer`` and renders its answer; the inference is the library's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pinosolve.cards import symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, RUN, VIEW, named_values, one_bidder,
                                   with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import Params, Raw, chosen_variant_of, combined, file_named
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.analysis.hidden import Inference
    from pinosolve.analysis.view import View

# the view's keys as options and batch keys, besides variant/rules and bidder/declarer
VIEW_OPTIONS = ("trump", "seat", "hand", "leader", "play", "partner", "shown", "passed",
                "gave", "received", "kitty", "gone")


def view_of(params: Raw) -> View:
    """The view that the options give: a game record's (``record``, from ``seat`` or the
    record's Seat tag), or the options' (``pinosolve.analysis.view``'s keys)."""
    from pinosolve.analysis.view import View

    if params.get("record") is not None:
        return _record_view(params)
    view: dict[str, Any] = {"variant": chosen_variant_of(params)}
    for key in ("trump", "seat", "hand", "leader", "play", "partner", "kitty", "gone"):
        if params.get(key) is not None:
            view[key] = params[key]
    bidder = one_bidder(params.get("bidder"), None)
    if bidder is not None:
        view["declarer"] = bidder
    if params.get("shown") is not None:
        view["shown"] = named_values(params["shown"], "shown")
    passed = {k: params[k] for k in ("gave", "received") if params.get(k) is not None}
    if params.get("passed") is not None:
        if passed:
            raise PinosolveError("give the pass once: passed, or gave and received")
        view["passed"] = params["passed"]
    elif passed:
        view["passed"] = passed
    return View(view)


def _record_view(params: Raw) -> View:
    from pinosolve.records.read import record_file

    given = [k for k in VIEW_OPTIONS if k != "seat" and params.get(k) not in (None, False)]
    given += ["bidder"] if params.get("bidder") is not None else []
    if given:
        raise PinosolveError(f"give the view once: --record, or its options "
                             f"({', '.join(sorted(given))}), not both")
    path = file_named(params, "record")
    assert path is not None
    record = record_file(path, chosen_variant_of(params, named=True))
    seat = params.get("seat")
    if seat is None and record.seat is None and all(
            h is not None for h in record.hands_at_play().values()):
        seat = record.to_game().to_move  # a whole hand: the seat to move
    from pinosolve.analysis.view import View

    return View(record.view_input(seat))


@dataclass(frozen=True)
class InferParams(Params):
    """``infer``'s parameters: one seat's view."""

    view: View = combined(view_of)


def compute_infer(params: InferParams) -> Inference:
    from pinosolve.analysis.hidden import infer

    return infer(params.view)


def render_infer(result: Inference) -> None:
    from rich.table import Table

    out = console()
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}: "
                  f"{result.seat}'s view, {result.to_move} to play",
                  title_justify="left")
    for col in ("seat", "holds", "certain", "possible", "voids"):
        table.add_column(col)
    rows = dict(result.by_seat)
    if result.unseen:
        rows["unseen"] = result.unseen
    for seat, s in rows.items():
        table.add_row(seat, str(s.cards_held), symbols(s.certain), symbols(s.possible),
                      " ".join(x.symbol for x in s.voids) or "—")
    out.print(table)
    for s in rows.values():
        for reason in s.reasons:
            out.print(f"  {reason}")
    out.print(f"consistent deals: {result.deals} (as a shuffle deals the physical cards: "
              f"{result.weighted})")


@with_options(VIEW, RUN)
def infer_cmd(**given: Any) -> None:
    """From one seat's view: what each other seat may and must hold, and why."""
    run_command(locals(), INFER, render_infer)


INFER = Analysis(InferParams, compute_infer, aliases=BIDDER_ALIASES,
                 preload=("pinosolve.analysis.hidden", "pinosolve.analysis.view",
                          "pinosolve.analysis.constraints", "pinosolve.play.legality"))
