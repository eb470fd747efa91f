"""``pinosolve meld``: the maximum meld of a holding, per trump, all optima, or two rule sets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union
from collections.abc import Sequence

import typer

from pinosolve.cards import Suit, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import MeldTrumpOpt, OWN, SatProgressOpt, RUN, shorthand, with_options
from pinosolve.cli.output import console
from pinosolve.cli.params import Params, Raw, chosen_variant, flag, given, reader, text
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.meld.model import MeldOption
    from pinosolve.meld.solver import AllTrumps, MeldReport
    from pinosolve.variants.variant import Variant


@dataclass(frozen=True)
class MeldParams(Params):
    """``meld``'s parameters: a holding and a trump (or every trump), every optimum or
    another rule set to compare with."""

    variant: Variant = chosen_variant()
    hand: str = text(missing="give the holding, e.g. 'AS TS KS QS JS' (an empty holding is "
                             "'-')")
    all_trumps: bool = flag()
    trump: Optional[Suit] = reader(lambda raw, name, got: _trump(raw, got))
    all: bool = flag()
    compare: Any = given()
    progress: bool = flag()
    # every trump: asked for (--all-trumps), or no trump named
    every_trump: bool = reader(lambda raw, name, got: got["all_trumps"] or
                               raw.get("trump") is None)

    def check(self) -> None:
        compare = self.compare
        if compare is not None and (not isinstance(compare, str) or not compare.strip()):
            raise PinosolveError(f"compare needs a variant ID or a rules file, got {compare!r}")


def _trump(raw: Raw, got: dict[str, Any]) -> Optional[Suit]:
    """The trump (None: no trump), or None where every trump is asked for: ``--all-trumps``
    (which no other option of one trump's answer goes with), or no trump named."""
    if got["all_trumps"]:
        for key in ("trump", "all", "compare"):
            if raw.get(key) not in (None, False):
                raise PinosolveError(f"--all-trumps answers for every trump: drop --{key}")
        return None
    if raw.get("trump") is None:
        given = [key for key in ("all", "compare") if raw.get(key) not in (None, False)]
        if given:
            raise PinosolveError(f"--{given[0]} answers for one trump: name it with --trump "
                                 "S|H|D|C (or none)")
        return None  # (no trump named: every trump, the bidder's question; see every_trump)
    trump: Optional[Suit] = got["variant"].parse_trump(raw["trump"], allow_none=True)
    return trump


def compute_meld(params: MeldParams) -> Union[AllTrumps, MeldReport]:
    from pinosolve.meld.solver import best_meld_all_trumps, meld_report

    if params.every_trump:
        return best_meld_all_trumps(params.variant, params.hand)
    return meld_report(params.variant, params.hand, params.trump, params.all, params.compare)


def _meld_rows(melds: Sequence[MeldOption]) -> list[tuple[str, str, str]]:
    return [(m.name, symbols(m.cards), str(m.meld)) for m in melds]


def render_meld(result: Union[AllTrumps, MeldReport]) -> None:
    from rich.table import Table

    from pinosolve.meld.solver import AllTrumps

    out = console()
    if isinstance(result, AllTrumps):
        out.print(f"{result.variant}: {result.hand.pretty()}")
        table = Table(title="best meld for each trump", title_justify="left")
        table.add_column("trump")
        table.add_column("total", justify="right")
        table.add_column("melds", overflow="fold")
        best = result.by_trump[result.best_trump.name].meld
        tied = [t for t, info in result.by_trump.items() if t != "none" and info.meld == best]
        for t, info in result.by_trump.items():
            label = Suit[t].symbol if t != "none" else "no trump"
            names = ", ".join(f"{m.name} {m.meld}" for m in info.melds) or "—"
            mark = " *" if t in tied else ""
            table.add_row(label + mark, str(info.meld), names)
        out.print(table)
        out.print("(no trump: the meld that needs no trump at all; * the best trump" +
                  (f", {len(tied)} tied)" if len(tied) > 1 else ")"))
        return
    decl = result.declaration
    out.print(f"{decl.variant}: {decl.hand.pretty()}")
    trump = decl.trump.symbol if decl.trump is not None else "no trump"
    _print_declaration(out, f"trump {trump}", decl.melds, decl.meld)
    for i, other in enumerate((result.declarations or ())[1:], 2):
        _print_declaration(out, f"equally good declaration {i}", other.melds, other.meld)
    if result.declarations is not None:
        out.print(f"{len(result.declarations)} distinct optimal declaration(s)")
    if result.compare is not None:
        c = result.compare
        _print_declaration(out, f"under {c.variant}", c.declaration.melds, c.meld)
        out.print(f"difference: {decl.meld} - {c.meld} = {c.difference}")
        for only, where in ((c.only_here, decl.variant), (c.only_there, c.variant)):
            if only:
                out.print(f"  only under {where}: " +
                          ", ".join(f"{m.name} {m.meld}" for m in only))


def _print_declaration(out: Any, title: str, melds: Sequence[MeldOption], total: int) -> None:
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column("meld")
    table.add_column("cards", overflow="fold")
    table.add_column("points", justify="right")
    for row in _meld_rows(melds):
        table.add_row(*row)
    table.add_row("total", "", str(total), style="bold")
    out.print(table)


@with_options(OWN, RUN)
def meld(
    hand_arg: Annotated[Optional[str], typer.Argument(
        metavar="HAND", help="Shorthand for --hand.", show_default=False)] = None,
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="The holding: 'AS TS KS QS JS', 'AS,TS' or dotted 'ATKQJ...'; '-' for "
                       "none.", show_default=False)] = None,
    trump: MeldTrumpOpt = None,
    all_trumps: Annotated[bool, typer.Option(
        "--all-trumps", help="The best meld for each trump, and with no trump (the answer "
        "when no --trump is named).")] = False,
    all_: Annotated[bool, typer.Option(
        "--all", help="Every distinct optimal declaration.")] = False,
    compare: Annotated[Optional[str], typer.Option(
        "--compare", help="Another variant ID (or rules file) to compare totals with.",
        show_default=False)] = None,
    progress: SatProgressOpt = False,
    **given: Any,
) -> None:
    """The maximum meld of a holding: every meld, the cards it uses, its points, the total;
    with no --trump, the best meld for each trump (the bidder's question), ties marked."""
    options = locals()
    options["hand"] = shorthand(options.pop("hand_arg"), hand, "hand")
    run_command(options, MELD, render_meld)


MELD = Analysis(MeldParams, compute_meld, progress=True)
