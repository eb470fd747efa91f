"""``pinosolve makeable``: with every hand known, is the contract made, and by how much?"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, OWN, RUN, SIDES, DealerOpt, ProgressOpt,
                                   TimeoutOpt, TrumpOpt, want_flag, want_str, want_timeout,
                                   want_trump, with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.foundation import variant_of
from pinosolve.errors import PinosolveError


def _seat(v: Any, value: Any, what: str) -> Optional[str]:
    from pinosolve.variants.sides import seat_name

    return None if value is None else seat_name(v, value, what)


def compute_makeable(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.cli.pool import table_share
    from pinosolve.scoring.makeable import analyse

    v = variant_of(params)
    deal_text = want_str(params, "deal", "deal")
    if deal_text is None:
        raise PinosolveError("give every hand with --deal 'N:<hand> <hand> …'")
    deal = v.parse_deal(deal_text, full=True)
    trump = want_trump(v, params)
    bidder = _seat(v, params.get("bidder"), "bidder")
    if bidder is None:
        raise PinosolveError("name the bidder with --bidder SEAT")
    bid = params.get("bid")
    if bid is None or isinstance(bid, bool) or not isinstance(bid, int):
        raise PinosolveError(f"give the contract with --bid N (a whole number), got {bid!r}")
    laid_text = want_str(params, "laid_away", "laid-away")
    laid = v.parse_hand(laid_text, "laid-away") if laid_text is not None else None
    timeout = want_timeout(params)
    return analyse(v, deal, trump, bidder, bid, _seat(v, params.get("partner"), "partner"),
                   laid, _seat(v, params.get("dealer"), "dealer"), timeout,
                   answer_interrupted=True, table_limit=table_share(),
                   exact=not want_flag(params, "verdict_only")).to_json()


def render_makeable(result: dict[str, Any]) -> None:
    out = console()
    side = result["side"]
    out.print(f"{result['variant']}, trump {suit_text(result['trump'])}: {result['bidder']} bid "
              f"{result['bid']}; {result['leader']} leads")
    for seat, m in result["meld_by_seat"].items():
        mark = " (bidding side)" if seat in result["seats"] else ""
        out.print(f"  {seat} meld {m['meld']}{mark}: "
                  + (", ".join(f"{x['name']} {x['meld']}" for x in m["melds"]) or "none"))
    lo, hi = result["trick_points_bounds"]
    pts = str(lo) if lo == hi else f"{lo}–{hi}"
    out.print(f"{side}: meld {result['meld']}, double-dummy trick points {pts}")
    if result["made"] is None:
        out.print("undecided: interrupted" if result.get("interrupted") else
                  "undecided within the time allowed", style="bold")
    elif result["margin"] is None:
        out.print("made" if result["made"] else "set", style="bold")
    elif result["made"]:
        out.print(f"made with {result['margin']} to spare", style="bold")
    else:
        out.print(f"set by {-result['margin']}", style="bold")
    if result.get("note"):
        out.print(result["note"])
    for reason in result["reasons"]:
        out.print(f"  - {reason}")
    t = result["throw_in"]
    out.print("throw-in: " + (t["advice"] if t["allowed"] else f"not allowed ({t['why']})"))
    out.print(f"{result['nodes']} nodes, {result['seconds']} s")


@with_options(OWN, SIDES, RUN)
def makeable_cmd(
    deal: Annotated[Optional[str], typer.Option(
        "--deal", help="Every hand as played: 'N:<hand> <hand> …'.", show_default=False)] = None,
    trump: TrumpOpt = None,
    bid: Annotated[Optional[int], typer.Option(
        "--bid", help="The contract.", show_default=False)] = None,
    laid_away: Annotated[Optional[str], typer.Option(
        "--laid-away", help="Kitty games: the cards the bidder laid away.",
        show_default=False)] = None,
    dealer: DealerOpt = None,
    timeout: TimeoutOpt = None,
    verdict_only: Annotated[bool, typer.Option(
        "--verdict-only", help="Made or set only, by one null-window test at the least trick "
        "points that make the contract: several times faster, no exact trick points.")] = False,
    progress: ProgressOpt = False,
    **given: Any,
) -> None:
    """Meld plus double-dummy trick points against the bid: made or set, and by how much."""
    run_command(locals(), MAKEABLE, render_makeable)


# the analysis a batch runs ("declarer": another name of "bidder")
MAKEABLE = Analysis(compute_makeable, aliases=BIDDER_ALIASES, progress=True,
                    preload=("pinosolve.progress", "pinosolve.scoring.makeable",
                             "pinosolve.meld.solver", "pinosolve.play.driver",
                             "pinosolve.play.core", "pinosolve.play._core"))
