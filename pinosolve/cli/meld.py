"""``pinosolve meld``: the maximum meld of a holding, per trump, all optima, or two rule sets."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cards import Hand, Suit, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (MeldTrumpOpt, OWN, ProgressOpt, RUN, shorthand, want_flag,
                                   want_str, with_options)
from pinosolve.cli.output import console
from pinosolve.cli.foundation import variant_of
from pinosolve.errors import PinosolveError


def compute_meld(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.meld.solver import best_meld_all_trumps, meld_report

    v = variant_of(params)
    hand_text = want_str(params, "hand", "hand")
    if hand_text is None:
        raise PinosolveError("give the holding, e.g. 'AS TS KS QS JS' (an empty holding is '-')")
    if want_flag(params, "all_trumps"):
        for key in ("trump", "all", "compare"):
            if params.get(key) not in (None, False):
                raise PinosolveError(f"--all-trumps answers for every trump: drop --{key}")
        return best_meld_all_trumps(v, hand_text).to_json()
    if params.get("trump") is None:
        raise PinosolveError("name the trump with --trump S|H|D|C (or none), or use --all-trumps")
    trump = v.parse_trump(params["trump"], allow_none=True)
    compare = params.get("compare")
    if compare is not None and (not isinstance(compare, str) or not compare.strip()):
        raise PinosolveError(f"compare needs a variant ID or a rules file, got {compare!r}")
    return meld_report(v, hand_text, trump, want_flag(params, "all"), compare).to_json()


def _meld_rows(melds: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    return [(m["name"], symbols(m["cards"]), str(m["meld"]))
            for m in melds]


def render_meld(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    hand = Hand(result["hand"])
    out.print(f"{result['variant']}: {hand.pretty()}")
    if "by_trump" in result:
        table = Table(title="best meld for each trump", title_justify="left")
        table.add_column("trump")
        table.add_column("total", justify="right")
        table.add_column("melds", overflow="fold")
        for t, info in result["by_trump"].items():
            label = Suit[t].symbol if t != "none" else "no trump"
            names = ", ".join(f"{m['name']} {m['meld']}" for m in info["melds"]) or "—"
            mark = " *" if t == result["best_trump"] else ""
            table.add_row(label + mark, str(info["meld"]), names)
        out.print(table)
        out.print("(no trump: the meld that needs no trump at all; * the best trump)")
        return
    trump = Suit[result["trump"]].symbol if result["trump"] != "none" else "no trump"
    _print_declaration(out, f"trump {trump}", result["melds"], result["meld"])
    for i, decl in enumerate(result.get("declarations", [])[1:], 2):
        _print_declaration(out, f"equally good declaration {i}", decl["melds"], decl["meld"])
    if "declarations" in result:
        out.print(f"{len(result['declarations'])} distinct optimal declaration(s)")
    if "compare" in result:
        c = result["compare"]
        _print_declaration(out, f"under {c['variant']}", c["melds"], c["meld"])
        out.print(f"difference: {result['meld']} - {c['meld']} = {c['difference']}")
        for key, where in (("only_here", result["variant"]), ("only_there", c["variant"])):
            if c[key]:
                out.print(f"  only under {where}: " +
                          ", ".join(f"{m['name']} {m['meld']}" for m in c[key]))


def _print_declaration(out: Any, title: str, melds: list[dict[str, Any]], total: int) -> None:
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
        metavar="[HAND]", help="Shorthand for --hand.", show_default=False)] = None,
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="The holding: 'AS TS KS QS JS', 'AS,TS' or dotted 'ATKQJ...'; '-' for "
                       "none.", show_default=False)] = None,
    trump: MeldTrumpOpt = None,
    all_trumps: Annotated[bool, typer.Option(
        "--all-trumps", help="The best meld for each trump, and with no trump.")] = False,
    all_: Annotated[bool, typer.Option(
        "--all", help="Every distinct optimal declaration.")] = False,
    compare: Annotated[Optional[str], typer.Option(
        "--compare", help="Another variant ID (or rules file) to compare totals with.",
        show_default=False)] = None,
    progress: ProgressOpt = False,
    **given: Any,
) -> None:
    """The maximum meld of a holding: every meld, the cards it uses, its points, the total."""
    options = locals()
    options["hand"] = shorthand(options.pop("hand_arg"), hand, "hand")
    run_command(options, Analysis(compute_meld, progress=True), render_meld)
