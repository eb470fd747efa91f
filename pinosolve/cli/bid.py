"""``pinosolve bid``: judge an auction so far — each call, the legal next bids, the winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import DealerOpt, OWN, RUN, with_options
from pinosolve.cli.output import console
from pinosolve.cli.params import Params, chosen_variant, text

if TYPE_CHECKING:
    from pinosolve.scoring.bidding import AuctionRuling
    from pinosolve.variants.variant import Variant


@dataclass(frozen=True)
class BidParams(Params):
    """``bid``'s parameters: the calls so far and the dealer."""

    variant: Variant = chosen_variant()
    auction: str = text(default="")
    dealer: Optional[str] = text()


def compute_bid(params: BidParams) -> AuctionRuling:
    from pinosolve.scoring.bidding import auction

    return auction(params.variant, params.auction, params.dealer)


def render_bid(result: AuctionRuling) -> None:
    out = console()
    out.print(f"{result.variant}: dealer {result.dealer}, bidding order "
              f"{' '.join(result.order)}")
    for i, c in enumerate(result.calls, 1):
        mark = "" if c.is_legal else f"  ILLEGAL: {c.reason}"
        out.print(f"  {i:>2}. {c.seat:<3} {c.call}{mark}")
    if result.passed:
        out.print(f"passed: {' '.join(result.passed)}")
    if result.high:
        out.print(f"high bid: {result.high.seat} {result.high.bid}")
    if result.next_bids:
        nb = result.next_bids
        more = f" … up to {nb.highest}" if nb.highest is not None else " …"
        out.print(f"legal next bids: {', '.join(map(str, nb.lowest))}{more}")
    out.print(result.ruling, style="bold")


@with_options(OWN, RUN)
def bid_cmd(
    auction: Annotated[Optional[str], typer.Option(
        "--auction", help="The calls so far in turn order: bids and 'pass' (and 'misdeal', "
                          "where the rules allow one), e.g. \"25 26 pass 30\".",
        show_default=False)] = None,
    dealer: DealerOpt = None,
    **given: Any,
) -> None:
    """Judge an auction: legal calls, legal next bids, who passed, who wins, all-pass duty."""
    run_command(locals(), BID, render_bid)


BID = Analysis(BidParams, compute_bid)
