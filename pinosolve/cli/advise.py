"""``pinosolve advise``: which card to play, seeing only one seat's cards (issue 36).

The command reads the view (``infer``'s options, the viewer being the seat to move), calls
``pinosolve.analysis.advice.advise`` and renders its answer; the simulation is the library's.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cli import app
from pinosolve.cli.common import (BIDDER_ALIASES, Analysis, BidderOpt, DeclarerOpt, HandOpt,
                                  InputOpt, JobsOpt, JsonOpt, PartnerOpt, RulesOpt, TrumpOpt,
                                  VariantOpt, console, one_bidder, run_analysis,
                                  want_timeout)
from pinosolve.cli.infer import view_of


def compute_advise(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.analysis.advice import advise

    view = view_of(params)
    options = {k: params[k] for k in ("samples", "seed", "bid", "meld")
               if params.get(k) is not None}
    return advise(view, exact=bool(params.get("exact")), timeout=want_timeout(params),
                  jobs=params.get("threads") or 1, **options).to_json()


def render_advise(result: dict[str, Any]) -> None:
    from rich.table import Table

    from pinosolve.cards import Card, Suit

    out = console()
    how = "every consistent deal" if result["exact"] else f"{result['samples']} sampled deals"
    table = Table(title=f"{result['variant']}, trump {Suit[result['trump']].symbol}: "
                  f"{result['seat']} to play, over {how}", title_justify="left")
    for col in ("rank", "card", "mean", "± stderr", "best in", "p(make)", ""):
        table.add_column(col, justify="right" if col != "card" else "left")
    for card, a in sorted(result["cards"].items(), key=lambda kv: kv[1]["rank"]):
        mean = f"{a['mean']:.2f}" if a["mean"] is not None else \
            "{:.2f}..{:.2f}".format(*a["mean_bounds"])
        table.add_row(str(a["rank"]), Card.parse(card).symbol, mean, f"{a['stderr']:.2f}",
                      f"{a['best_share']:.0%}",
                      "" if a.get("p_make") is None else f"{a['p_make']:.0%}",
                      "≈ best" if a["close"] and a["rank"] > 1 else "")
    out.print(table)
    if result["bounded"]:
        out.print(f"{result['bounded']} deals ran out of time: their values are bounds, and "
                  "the means intervals")
    out.print(f"method: {result['caveat']}")


@app.command("advise")
def advise_cmd(
    seat: Annotated[Optional[str], typer.Option(
        "--seat", help="The viewer's seat: the seat to move.", show_default=False)] = None,
    hand: HandOpt = None,
    trump: TrumpOpt = None,
    leader: Annotated[Optional[str], typer.Option(
        "--leader", help="Who led the first trick (default: the first seat).",
        show_default=False)] = None,
    play: Annotated[Optional[str], typer.Option(
        "--play", help="The cards played since, in order.", show_default=False)] = None,
    bidder: BidderOpt = None,
    declarer: DeclarerOpt = None,
    partner: PartnerOpt = None,
    shown: Annotated[Optional[list[str]], typer.Option(
        "--shown", help="Meld a seat laid: SEAT=CARDS; repeat.", show_default=False)] = None,
    passed: Annotated[Optional[str], typer.Option(
        "--passed", help="The cards passed between the viewer and its partner, either way.",
        show_default=False)] = None,
    kitty: Annotated[Optional[str], typer.Option(
        "--kitty", help="The kitty, if the viewer saw it.", show_default=False)] = None,
    gone: Annotated[Optional[str], typer.Option(
        "--gone", help="Cards out of play that the viewer knows.", show_default=False)] = None,
    samples: Annotated[int, typer.Option(
        "--samples", help="Deals to sample (1 to 1000000).")] = 200,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="The sampling seed (0 to 2**64 - 1; default: a fresh one).",
        show_default=False)] = None,
    exact: Annotated[bool, typer.Option(
        "--exact", help="Every consistent deal, weighted as a shuffle deals it (refused "
        "above 20000 deals).")] = False,
    bid: Annotated[Optional[int], typer.Option(
        "--bid", help="The contract (with --meld): each card's chance of making it.",
        show_default=False)] = None,
    meld: Annotated[Optional[int], typer.Option(
        "--meld", help="The mover's side's meld points (with --bid).",
        show_default=False)] = None,
    timeout: Annotated[Optional[float], typer.Option(
        "--timeout", help="Seconds per deal; a deal that runs out gives bounds.",
        show_default=False)] = None,
    variant: VariantOpt = None,
    rules_path: RulesOpt = None,
    json_out: JsonOpt = False,
    input_source: InputOpt = None,
    jobs: JobsOpt = 1,
) -> None:
    """Which card to play, seeing only your own cards: each legal card over sampled deals."""
    params: dict[str, Any] = {"seat": seat, "hand": hand, "trump": trump, "leader": leader,
                              "play": play, "bidder": one_bidder(bidder, declarer),
                              "partner": partner, "shown": shown, "passed": passed,
                              "gave": None, "received": None, "kitty": kitty, "gone": gone,
                              "samples": samples, "seed": seed, "exact": exact, "bid": bid,
                              "meld": meld, "timeout": timeout, "variant": variant,
                              "rules": rules_path,
                              # one view: --jobs solves its deals in threads; a batch: lines
                              # in processes
                              "threads": jobs if input_source is None else 1}
    run_analysis(params, json_out=json_out, input_source=input_source, compute=ADVISE,
                 render=render_advise, jobs=jobs if input_source is not None else 1)


ADVISE = Analysis(compute_advise, aliases=BIDDER_ALIASES,
                  preload=("pinosolve.analysis.advice", "pinosolve.analysis.hidden",
                           "pinosolve.game", "pinosolve.play.driver", "pinosolve.play.core"))
