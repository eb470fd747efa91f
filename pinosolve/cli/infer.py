"""``pinosolve infer``: from one seat's view, what each other seat may and must hold.

The command reads the view from its options (or a batch line's keys), calls
``pinosolve.analysis.hidden.infer`` and renders its answer; the inference is the library's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cards import symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, OWN, RUN, VIEW, ModelOpt, named_values,
                                   one_bidder, with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import (Params, Raw, chosen_variant_of, combined, file_named, text,
                                  whole)
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.analysis.hidden import Inference
    from pinosolve.analysis.stock_view import StockView
    from pinosolve.analysis.view import View
    from pinosolve.analysis.witness import Witness

# the view's keys as options and batch keys, besides variant/rules and bidder/declarer
VIEW_OPTIONS = ("trump", "seat", "hand", "leader", "play", "partner", "called_card", "shown",
                "passed", "gave", "received", "kitty", "gone")


# the view's options that a stock-stage view (--stock) has no use for
NOT_STOCK = ("bidder", "declarer", "partner", "called_card", "shown", "passed", "gave",
             "received", "kitty", "record")


def view_of(params: Raw) -> Union[View, StockView]:
    """The view that the options give: a game record's (``record``, from ``seat`` or the
    record's Seat tag), a stock-stage view (``stock``: ``pinosolve.analysis.stock_view``'s
    keys), or the options' (``pinosolve.analysis.view``'s keys)."""
    from pinosolve.analysis.view import View

    if params.get("stock") is not None:
        return stock_view_of(params)
    if params.get("record") is not None:
        return _record_view(params)
    view: dict[str, Any] = {"variant": chosen_variant_of(params)}
    for key in ("trump", "seat", "hand", "leader", "play", "partner", "called_card", "kitty",
                "gone"):
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


def stock_view_of(params: Raw) -> StockView:
    """A stock-stage view from the options (``--stock`` and the view's cards)."""
    from pinosolve.analysis.stock_view import StockView

    given = [k for k in NOT_STOCK if params.get(k) is not None and params.get(k) is not False]
    if given:
        names = ", ".join(k.replace("_", "-") for k in given)
        raise PinosolveError(f"{names}: not used with --stock (the two-hand stock stage, as "
                             "one player sees it)")
    view: dict[str, Any] = {"variant": chosen_variant_of(params)}
    for key in ("trump", "seat", "hand", "leader", "play", "gone", "stock", "to_meld"):
        if params.get(key) is not None and not (key == "to_meld" and params[key] is False):
            view[key] = params[key]  # (a 0 or an empty text is the view's to refuse)
    return StockView(view)


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
    """``infer``'s parameters: one seat's view; ``witness``, the cards asked about
    (``SEAT:CARD``) for one deal that gives them, drawn with ``seed``."""

    view: Union[View, StockView] = combined(view_of)
    stock: Optional[str] = text()
    witness: Optional[str] = text()
    seed: Optional[int] = whole()
    shares: Optional[int] = whole()
    model: Optional[str] = text()

    def check(self) -> None:
        if self.stock is not None and self.witness is not None:
            raise PinosolveError("--witness: in the stock stage (no duty to follow) every "
                                 "unseen card may lie in the other hand or the stock, as "
                                 "infer --stock lists; drop --witness")
        if self.seed is not None and self.witness is None and not self.shares:
            raise PinosolveError("--seed draws a witness's deal or the deals of --shares: give "
                                 "--witness SEAT:CARD or --shares N")
        if self.model is not None and not self.shares:
            raise PinosolveError("--model weighs the deals of --shares: give --shares N")
        if self.shares is not None and (self.witness is not None or self.stock is not None):
            raise PinosolveError("--shares: the shares of the consistent deals of a view, not "
                                 "with --witness or --stock")


def compute_infer(params: InferParams) -> Union[Inference, Witness]:
    from pinosolve.analysis.stock_view import StockView

    if isinstance(params.view, StockView):
        from pinosolve.analysis.stock_view import infer_stock

        result: Inference = infer_stock(params.view)
        return result
    if params.witness is not None:
        from pinosolve.analysis.witness import witness

        return witness(params.view, params.witness, params.seed)
    from pinosolve.analysis.hidden import infer

    return infer(params.view, params.shares or 0, params.seed, params.model)


def render_witness(result: Witness) -> None:
    out = console()
    copies = Counter((h.seat, h.card) for h in result.holds)  # (a card asked twice: two)
    asked = " and ".join(f"{seat} holding {card.symbol}" + (f" x{n}" if n > 1 else "")
                         for (seat, card), n in copies.items())
    if not result.exists:
        out.print(f"{result.variant}, {result.seat}'s view: no consistent deal gives {asked} "
                  f"(none of {result.deals}). The proof:", style="bold")
        if result.proof is not None:
            out.print(f"  {result.proof.text}", highlight=False)
            for reason in result.proof.reasons:  # (those the proof's words do not quote)
                if reason not in result.proof.text:
                    out.print(f"    {reason}", highlight=False)
        return
    out.print(f"{result.variant}, {result.seat}'s view: {asked} in {result.deals_holding} of "
              f"the {result.deals} consistent deals; one of them (seed {result.seed}):",
              style="bold")
    out.print(f"  held now: {result.deal}")
    if result.trick:
        out.print(f"  on the table, led by {result.leader}: {symbols(result.trick)}")
    if result.start != result.deal:
        out.print(f"  as play began: {result.start}")


def render_infer(result: Union[Inference, Witness]) -> None:
    from rich.table import Table

    from pinosolve.analysis.witness import Witness

    if isinstance(result, Witness):
        return render_witness(result)

    out = console()
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}: "
                  f"{result.seat}'s view, {result.to_move} to play",
                  title_justify="left")
    for col in ("seat", "holds", "certain", "possible", "voids"):
        table.add_column(col)
    rows = dict(result.by_seat)
    if result.unseen:
        rows["unseen"] = result.unseen
    stock = result.unseen is not None and any("face-down stock" in r
                                              for r in result.unseen.reasons)
    for seat, s in rows.items():
        table.add_row("stock" if seat == "unseen" and stock else seat, str(s.cards_held),
                      symbols(s.certain), symbols(s.possible),
                      " ".join(x.symbol for x in s.voids) or "—")
    out.print(table)
    for s in rows.values():
        for reason in s.reasons:
            out.print(f"  {reason}")
    what = "arrangements of the other hand and the stock" if stock else "deals"
    out.print(f"consistent {what}: {result.deals} (as a shuffle deals the physical cards: "
              f"{result.weighted})")
    if result.called_card is not None and result.partner_shares is not None:
        shares = ", ".join(f"{s} {x:.1%}" for s, x in result.partner_shares.items())
        out.print(f"the partner the called card {result.called_card.symbol} names, by share "
                  f"of those deals: {shares}")
    if result.holding_shares is not None:
        for seat, held in result.holding_shares.items():
            out.print(f"{seat} holds, by share of the deals drawn: " + (", ".join(
                f"{c.symbol} {x:.0%}" for c, x in sorted(held.items(), key=lambda kv: -kv[1]))
                or "—"))
        if getattr(result, "model", None) is not None:
            out.print(f"deals weighted by model {result.model} of the other players' cards: "
                      f"effective sample size {result.effective} of the deals weighted "
                      "(up to eight drawn for each deal asked)")
        out.print(f"seed {result.seed} (--seed {result.seed} draws the same deals again)")


@with_options(VIEW, OWN, RUN)
def infer_cmd(
    witness: Annotated[Optional[str], typer.Option(
        "--witness", help="One deal consistent with the view in which each SEAT:CARD is "
        "held now (e.g. E:AS; several joined by 'and'), and how many give it; or the proof "
        "that none does.", show_default=False)] = None,
    stock: Annotated[Optional[str], typer.Option(
        "--stock", help="Two hands, the stock stage: the stock as the viewer sees it, top "
        "first, ? for each face-down card, the turned trump card last ('? ? ? QH'); --hand "
        "is the cards held now, --gone the tricks' cards before.", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="With --witness: the seed its deal is drawn with; with --shares, its "
        "deals (0 to 2**64 - 1; default: a fresh one, printed).", show_default=False)] = None,
    shares: Annotated[Optional[int], typer.Option(
        "--shares", help="Also how often each seat holds each card it may hold, over this "
        "many consistent deals drawn (at most 20000).", show_default=False)] = None,
    model: ModelOpt = None,
    **given: Any,
) -> None:
    """From one seat's view: what each other seat may and must hold, and why; or (--witness)
    one deal behind a "may", or the proof of a "cannot"."""
    run_command(locals(), INFER, render_infer)


INFER = Analysis(InferParams, compute_infer, aliases=BIDDER_ALIASES,
                 preload=("pinosolve.analysis.hidden", "pinosolve.analysis.view",
                          "pinosolve.analysis.constraints", "pinosolve.play.legality"))
