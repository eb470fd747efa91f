"""``pinosolve infer``: from one seat's view, what each other seat may and must hold.

The command reads the view from its options (or a batch line's keys), calls
``pinosolve.analysis.hidden.infer`` and renders its answer; the inference is the library's.
"""

from __future__ import annotations

from typing import Any


from pinosolve.cards import symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, RUN, VIEW, named_values, one_bidder,
                                   with_options)
from pinosolve.cli.output import batch_line, console, suit_text
from pinosolve.cli.foundation import named_variant, variant_of
from pinosolve.errors import PinosolveError

# the view's keys as options and batch keys, besides variant/rules and bidder/declarer
VIEW_OPTIONS = ("trump", "seat", "hand", "leader", "play", "partner", "shown", "passed",
                "gave", "received", "kitty", "gone")


def compute_infer(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.analysis.hidden import infer

    return infer(view_of(params)).to_json()


def view_of(params: dict[str, Any]) -> dict[str, Any]:
    """The view (``pinosolve.analysis.view``'s keys) that the options give: a game
    record's (``record``, from ``seat`` or the record's Seat tag), or the options'."""
    if params.get("record") is not None:
        return _record_view(params)
    view: dict[str, Any] = {"variant": variant_of(params)}
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
    return view


def _record_view(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.records.read import record_file

    given = [k for k in VIEW_OPTIONS if k != "seat" and params.get(k) not in (None, False)]
    given += ["bidder"] if params.get("bidder") is not None else []
    if given:
        raise PinosolveError(f"give the view once: --record, or its options "
                             f"({', '.join(sorted(given))}), not both")
    path = params["record"]
    if not isinstance(path, str):
        raise PinosolveError(f"record: a file's path, got {path!r:.40}")
    if path == "-" and batch_line.get():
        raise PinosolveError("record: '-' (stdin) is where --input reads; name a file")
    record = record_file(path, named_variant(params))
    seat = params.get("seat")
    if seat is None and record.seat is None and all(
            h is not None for h in record.hands_at_play().values()):
        seat = record.to_game().to_move  # a whole hand: the seat to move
    return record.view_input(seat)


def render_infer(result: dict[str, Any]) -> None:
    from rich.table import Table

    from pinosolve.cards import Suit

    out = console()
    table = Table(title=f"{result['variant']}, trump {suit_text(result['trump'])}: "
                  f"{result['seat']}'s view, {result['to_move']} to play",
                  title_justify="left")
    for col in ("seat", "holds", "certain", "possible", "voids"):
        table.add_column(col)
    rows = dict(result["by_seat"])
    if result.get("unseen"):
        rows["unseen"] = result["unseen"]
    for seat, s in rows.items():
        table.add_row(seat, str(s["cards_held"]), symbols(s["certain"]), symbols(s["possible"]),
                      " ".join(Suit[x].symbol for x in s["voids"]) or "—")
    out.print(table)
    for s in rows.values():
        for reason in s["reasons"]:
            out.print(f"  {reason}")
    out.print(f"consistent deals: {result['deals']} (as a shuffle deals the physical cards: "
              f"{result['weighted']})")


@with_options(VIEW, RUN)
def infer_cmd(**given: Any) -> None:
    """From one seat's view: what each other seat may and must hold, and why."""
    run_command(locals(), INFER, render_infer)


INFER = Analysis(compute_infer, aliases=BIDDER_ALIASES,
                 preload=("pinosolve.analysis.hidden", "pinosolve.analysis.view",
                          "pinosolve.analysis.constraints", "pinosolve.play.legality"))
