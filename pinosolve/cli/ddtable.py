"""``pinosolve ddtable``: a deal's double-dummy table, every trump and every leader."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, OWN, RUN, SIDES, TimeoutOpt, cpu_threads,
                                   with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import Params, chosen_variant, given, seconds, text, whole
from pinosolve.variants.variant import Variant

if TYPE_CHECKING:
    from pinosolve.analysis.ddtable import DDTable


@dataclass(frozen=True)
class DDTableParams(Params):
    """``ddtable``'s parameters: a deal, who plays together where the rules do not fix it,
    and the searches' budget."""

    variant: Variant = chosen_variant()
    deal: str = text(missing="give the deal with --deal 'N:<hand> <hand> …'")
    bidder: Optional[str] = text()
    partner: Optional[str] = text()
    called_card: Any = given()
    timeout: Optional[float] = seconds()
    threads: int = whole(default=1)

    def check(self) -> None:
        cpu_threads(self.threads)


def compute_ddtable(params: DDTableParams) -> DDTable:
    """The table (``analysis.ddtable.dd_table``), ``--threads`` cells at a time."""
    from pinosolve.analysis.ddtable import dd_table

    return dd_table(params.variant, params.deal, bidder=params.bidder, partner=params.partner,
                    called_card=params.called_card, timeout=params.timeout,
                    threads=cpu_threads(params.threads))


def render_ddtable(result: DDTable) -> None:
    """For people: a row per trump, a column per leader, each cell the points the first
    side takes (the bidder's, else the first seat's); the other side takes the rest."""
    from rich.table import Table

    from pinosolve.cards import Suit

    out = console()
    first, *rest = result.teams
    seats = [c.leader for c in result.cells if c.trump == Suit.S]
    out.print(f"{result.variant}: {result.deal}")
    table = Table(title=f"the points {first} takes of the {result.points} in play with best "
                  f"play (the rest: {', '.join(rest)})", title_justify="left")
    table.add_column("trump")
    for seat in seats:
        table.add_column(f"{seat} leads", justify="right")
    for trump in Suit:
        row = [suit_text(trump)]
        for seat in seats:
            cell = result.cell(trump, seat)
            if cell.points_taken is not None:
                row.append(str(cell.points_taken[first]))
            else:  # (not proved in time: the bounds, turned to the first side's)
                lo, hi = cell.bounds
                if cell.side != first:
                    lo, hi = result.points - hi, result.points - lo
                row.append(f"{lo}–{hi}")
        table.add_row(*row)
    out.print(table)
    late = sum(1 for c in result.cells if c.points_taken is None)
    if late:
        out.print(f"{late} cells not proved within --timeout: their bounds")
    out.print(f"{result.nodes} nodes, {result.seconds} s")


@with_options(OWN, SIDES, RUN)
def ddtable_cmd(
    deal: Annotated[Optional[str], typer.Option(
        "--deal", help="The deal: 'N:<hand> <hand> …', every hand the same size (a full deal, "
        "or the cards held at a trick's lead).", show_default=False)] = None,
    timeout: TimeoutOpt = None,
    threads: Annotated[int, typer.Option(
        "--threads", help="Cells solved at once, each in a thread (0: one per core, at most "
        "64); the answer is the same whatever --threads.")] = 1,
    **given: Any,
) -> None:
    """Double-dummy table: the points each side takes with best play, for every trump and
    every seat leading (--timeout: seconds for each cell)."""
    run_command(locals(), DDTABLE, render_ddtable)


DDTABLE = Analysis(DDTableParams, compute_ddtable, aliases=BIDDER_ALIASES,
                   preload=("pinosolve.analysis.ddtable", "pinosolve.game",
                            "pinosolve.play.driver", "pinosolve.play.core",
                            "pinosolve.play._core"))
