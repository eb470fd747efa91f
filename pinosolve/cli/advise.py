"""``pinosolve advise``: which card to play, or what to bid, seeing only one seat's cards.

Play advice reads the view (``infer``'s options, the viewer being the seat to move) and calls
``pinosolve.analysis.advice.advise``; ``--bidding`` reads a hand before the auction and calls
``pinosolve.analysis.bid_advice.advise_bid``. The simulations are the library's: this module
parses, reports progress and renders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cards import symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, OWN, RUN, VIEW, DealTimeoutOpt, DealerOpt,
                                   ModelOpt, cpu_threads, meld_option, with_options)
from pinosolve.cli.output import ProgressBar, batch_line, console, suit_text
from pinosolve.cli.infer import view_of
from pinosolve.cli.params import (Params, Raw, chosen_variant_of, either_flag, flag, given, reader,
                                  seconds, text, want_flag, whole)
from pinosolve.cli.printable import echo_written
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.analysis.advice import Advice
    from pinosolve.analysis.bid_advice import BidAdvice
    from pinosolve.analysis.stock_view import StockAdvice, StockView
    from pinosolve.analysis.view import View
    from pinosolve.variants.variant import Variant

PLAY_SAMPLES, BID_SAMPLES = 200, 100
BID_KEYS = ("auction", "dealer", "confidence")  # options of bid advice only
PLAY_KEYS = ("leader", "play", "bidder", "partner", "called_card", "shown", "passed", "gave",
             "received", "kitty", "gone", "exact", "bid", "meld",
             "record", "stock", "to_meld", "model", "method",
             "depth")  # options of play advice only


@dataclass(frozen=True)
class AdviseParams(Params):
    """``advise``'s parameters: play advice's view, or (``bidding``) a hand before the
    auction; the simulation's size, seed and budget."""

    bidding: bool = flag()
    variant: Optional[Variant] = reader(lambda raw, name, got: chosen_variant_of(raw)
                                        if got["bidding"] else None)
    view: Union[View, StockView, None] = reader(lambda raw, name, got: _view(raw, got))
    seat: Optional[str] = text()
    hand: Optional[str] = text()
    trump: Optional[str] = text()
    samples: Optional[int] = whole()
    seed: Optional[int] = whole()
    exact: bool = flag()
    model: Optional[str] = text()
    method: Optional[str] = text()
    depth: Optional[int] = whole()
    stock: Optional[str] = text()
    to_meld: bool = flag()
    bid: Optional[int] = whole()
    meld: Any = given(meld_option)
    auction: Optional[str] = text()
    dealer: Optional[str] = text()
    confidence: Any = given()
    timeout: Optional[float] = seconds()
    progress: Optional[bool] = either_flag()
    threads: int = whole(default=1)

    @classmethod
    def check_given(cls, raw: Raw) -> None:
        bidding = want_flag(raw, "bidding")
        given = [k for k in (PLAY_KEYS if bidding else BID_KEYS)
                 if raw.get(k) not in (None, False)]
        if given:
            names = ", ".join(k.replace("_", "-") for k in given)
            if bidding:
                raise PinosolveError(f"{names}: not an option of --bidding (a hand before the "
                                     "auction), but of play advice")
            raise PinosolveError(f"{names}: an option of --bidding (bid advice), not of play "
                                 "advice")
        if raw.get("stock") is not None:
            given = [k for k in ("bid", "meld", "model", "method", "depth")
                     if raw.get(k) is not None]
            if given:
                raise PinosolveError(f"{', '.join(given)}: not used with --stock (the two-hand "
                                     "stock stage, as one player sees it)")
        elif want_flag(raw, "to_meld"):
            raise PinosolveError("--to-meld: the meld after a trick won in the stock stage: "
                                 "give the stock (--stock)")
        if want_flag(raw, "exact"):
            given = [k for k in ("samples", "seed") if raw.get(k) is not None]
            if given:
                raise PinosolveError(f"{', '.join(given)}: not used with exact (every "
                                     "consistent deal, not a sample)")

    def check(self) -> None:
        from pinosolve.analysis.stock_view import StockView

        if self.threads != 1 and isinstance(self.view, StockView):
            raise PinosolveError("--threads: a stock-stage view's arrangements are solved one "
                                 "at a time")
        if self.bidding and (self.seat is None or self.hand is None):
            raise PinosolveError("--bidding: give the seat and its hand (--seat, --hand)")


def _view(raw: Raw, got: dict[str, Any]) -> Union[View, StockView, None]:
    """Play advice's view (``infer``'s, a stock-stage one with --stock); none with --bidding."""
    return None if got["bidding"] else view_of(raw)


def compute_advise(params: AdviseParams) -> Union[Advice, BidAdvice, StockAdvice]:
    from pinosolve.analysis.stock_view import StockView

    if isinstance(params.view, StockView):
        from pinosolve.analysis.stock_view import advise_stock

        with ProgressBar("deals solved", params.progress) as on_deal:
            return advise_stock(params.view, samples=PLAY_SAMPLES if params.samples is None
                                else params.samples, seed=params.seed, exact=params.exact,
                                timeout=params.timeout, on_deal=on_deal)
    # (a batch line solves its deals in one thread: the lines run in processes)
    threads = 1 if batch_line.get() else params.threads
    with ProgressBar("deals solved", params.progress) as on_deal:
        if params.view is None:
            return _bid_advice(params, threads, on_deal)
        from pinosolve.analysis.advice import advise

        return advise(params.view, samples=PLAY_SAMPLES if params.samples is None
                      else params.samples, exact=params.exact, timeout=params.timeout,
                      threads=threads, on_deal=on_deal, seed=params.seed, bid=params.bid,
                      meld=params.meld, model=params.model,
                      method="pimc" if params.method is None else params.method,
                      depth=params.depth)


def _bid_advice(params: AdviseParams, threads: int, on_deal: Any) -> BidAdvice:
    from pinosolve.analysis.bid_advice import advise_bid

    return advise_bid(params.variant, params.seat, params.hand,
                      samples=BID_SAMPLES if params.samples is None else params.samples,
                      seed=params.seed,
                      trumps=None if params.trump is None else [params.trump],
                      confidence=0.5 if params.confidence is None else params.confidence,
                      auction=params.auction, dealer=params.dealer, timeout=params.timeout,
                      threads=threads, on_deal=on_deal)


def render_advise(result: Union[Advice, BidAdvice, StockAdvice]) -> None:
    from pinosolve.analysis.bid_advice import BidAdvice
    from pinosolve.analysis.stock_view import StockAdvice

    if isinstance(result, BidAdvice):
        return render_bid_advice(result)
    if isinstance(result, StockAdvice):
        return render_stock_advice(result)
    from rich.table import Table

    out = console()
    how = "every consistent deal" if result.exact else f"{result.samples} sampled deals"
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}: "
                  f"{result.seat} to play, over {how}", title_justify="left")
    contract = any(a.p_make is not None or a.p_make_bounds is not None
                   for a in result.by_card.values())
    for col in ("rank", "card", "mean", "± stderr", "best in",
                *(("p(make)",) if contract else ()), ""):
        table.add_column(col, justify="left" if col == "card" else "right")
    for card, a in result.by_card.items():
        mean = f"{a.mean:.2f}" if a.mean is not None else \
            "{:.2f}..{:.2f}".format(*_pair(a.mean_bounds))
        make = () if not contract else (
            (f"{a.p_make:.0%}" if a.p_make is not None else
             "{:.0%}..{:.0%}".format(*_pair(a.p_make_bounds))),)
        table.add_row(str(a.rank), card.symbol, mean, f"{a.stderr:.2f}",
                      f"{a.best_share:.0%}", *make,
                      "≈ best" if a.close and a.rank > 1 else "")
    out.print(table)
    out.print("mean: points the mover's side takes from here; ≈ best: not beaten "
              "significantly by the best card (paired over the same deals)")
    if result.bounded:
        out.print(f"{result.bounded} deals ran out of time: their values are bounds, and "
                  "the means intervals")
    if result.model is not None:
        from pinosolve.analysis.model import candidates

        drawn = result.samples if result.exact else candidates(result.samples)
        out.print(f"deals weighted by model {result.model} of the other players' cards: "
                  f"effective sample size {result.effective} of the {drawn} deals weighted")
    _seed(result.seed)
    out.print(f"method: {result.caveat}")


def render_stock_advice(result: StockAdvice) -> None:
    from rich.table import Table

    out = console()
    how = "every arrangement" if result.exact else f"{result.samples} sampled arrangements"
    what = "meld" if result.by_meld is not None else "card"
    choices: dict[Any, Any] = result.by_meld if result.by_meld is not None else \
        result.by_card or {}
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}: the stock stage, "
                  f"{result.seat} to {'meld' if what == 'meld' else 'play'}, over {how} of "
                  "the other hand and the stock", title_justify="left")
    for col in ("rank", what, "advantage", "± stderr", "best in", ""):
        table.add_column(col, justify="left" if col == what else "right")
    for key, a in choices.items():
        table.add_row(str(a.rank), key if isinstance(key, str) else key.symbol,
                      f"{a.advantage:+.2f}", f"{a.stderr:.2f}", f"{a.best_share:.0%}",
                      "≈ best" if a.close and a.rank > 1 else "")
    out.print(table)
    out.print(f"advantage: {result.seat}'s points less the other's from here (meld and "
              "tricks); ≈ best: not beaten significantly by the best (paired over the same "
              "arrangements)")
    _seed(result.seed)
    out.print(f"method: {result.caveat}")


def _seed(seed: Optional[int]) -> None:
    """A sample's seed, in every randomised answer: --seed draws the same deals again."""
    if seed is not None:
        console().print(f"seed {seed} (--seed {seed} draws the same deals again)")


def _pair(bounds: Optional[tuple[float, float]]) -> tuple[float, float]:
    """Bounds a result gives where its exact figure is None."""
    assert bounds is not None
    return bounds


def render_bid_advice(result: BidAdvice) -> None:
    from rich.table import Table

    out = console()
    out.print(f"{result.variant}: seat {result.seat} holding {symbols(result.hand)}, over "
              f"{result.samples} deals")
    table = Table(title="the bidding side's total, by trump", title_justify="left")
    for col in ("trump", "mean", "± stderr", "meld", "trick points", "highest bid",
                "p(make) there"):
        table.add_column(col, justify="left" if col == "trump" else "right")
    for t in result.per_trump:
        mean = f"{t.mean:.1f}" if t.mean is not None else \
            "{:.1f}..{:.1f}".format(*_pair(t.mean_bounds))
        level = next((lv for lv in t.levels if lv.bid == t.highest), None)
        chance = "" if level is None else (f"{level.p_make:.0%}" if level.p_make is not None
                                           else "{:.0%}..{:.0%}".format(
                                               *_pair(level.p_make_bounds)))
        table.add_row(t.trump.symbol, mean, f"{t.stderr:.1f}", f"{t.mean_meld:.1f}",
                      "" if t.mean_trick_points is None else f"{t.mean_trick_points:.1f}",
                      "pass" if t.highest is None else str(t.highest), chance)
    out.print(table)
    best = result.per_trump[0]
    steps = [lv for lv in best.levels if lv.p_make is not None]
    # (the levels up to where the chance falls below a tenth, about eight of them)
    steps = steps[:next((i + 1 for i, lv in enumerate(steps) if (lv.p_make or 0) < 0.1),
                        len(steps))]
    if steps:
        shown = steps[:: max(1, len(steps) // 8)]
        out.print(f"{suit_text(best.trump)} make chance by bid: " + ", ".join(
            f"{lv.bid} {lv.p_make:.0%}" for lv in shown))
    if result.highest_bid is None and result.bounded:
        out.print("advice: undecided: the time limit left the chances unproved (no level is "
                  f"sure to be made in {result.confidence:.0%} of the deals); allow more "
                  "time")
    elif result.highest_bid is None:
        out.print(f"advice: pass (no bid is made in {result.confidence:.0%} of the deals)")
    else:
        out.print(f"advice: bid up to {result.highest_bid} with "
                  f"{suit_text(result.best_trump)} as trump (made in at least "
                  f"{result.confidence:.0%} of the deals)")
    if result.bounded:
        out.print(f"{result.bounded} deals ran out of time: their chances are bounds")
    _seed(result.seed)
    out.print(f"method: {result.caveat}")


@with_options(VIEW, OWN, RUN)
def advise_cmd(
    samples: Annotated[Optional[int], typer.Option(
        "--samples", help=f"Deals to sample (default {PLAY_SAMPLES}, at most 20000; with "
        f"--bidding {BID_SAMPLES}, at most 2000).", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="The sampling seed (0 to 2**64 - 1; default: a fresh one).",
        show_default=False)] = None,
    exact: Annotated[bool, typer.Option(
        "--exact", help="Every consistent deal, weighted as a shuffle deals it (refused "
        "above 20000 deals).")] = False,
    model: ModelOpt = None,
    method: Annotated[Optional[str], typer.Option(
        "--method", help="How the deals are searched: pimc (each on its own; the default), "
        "epimc (your next decision chosen once for every deal), presumed (the other seats "
        "not seeing the deal to your next decision) or alphamu (the contract made or set, "
        "with --bid and --meld). For the last tricks: their trees grow about tenfold a card "
        "held.", show_default=False)] = None,
    depth: Annotated[Optional[int], typer.Option(
        "--depth", help="With --method other than pimc: your later decisions searched as "
        "one choice for every deal (1 to 3, default 1; alpha-mu's M is this plus 1).",
        show_default=False)] = None,
    bid: Annotated[Optional[int], typer.Option(
        "--bid", help="The contract (with --meld): each card's chance of making it.",
        show_default=False)] = None,
    meld: Annotated[Optional[list[str]], typer.Option(
        "--meld", help="The bidding side's meld (with --bid): its points, or SEAT=points or "
        "SEAT=cards, repeated, as score takes it; the bidding side is "
        "the --bidder's, else the mover's.", show_default=False)] = None,
    stock: Annotated[Optional[str], typer.Option(
        "--stock", help="Two hands, the stock stage as the viewer sees it: the stock, top "
        "first, ? for each face-down card, the turned trump card last ('? ? ? QH'); --hand "
        "is the cards held now, --gone the tricks' cards before, --play the card the other "
        "led. For the last tricks of the stock.", show_default=False)] = None,
    to_meld: Annotated[bool, typer.Option(
        "--to-meld", help="With --stock: the viewer has just won a trick (its cards gone) "
        "and lays a meld: each meld's value.")] = False,
    bidding: Annotated[bool, typer.Option(
        "--bidding", help="Bid advice: --seat and its --hand before the auction; each trump "
        "(or --trump) over sampled deals.")] = False,
    auction: Annotated[Optional[str], typer.Option(
        "--auction", help="With --bidding: the calls so far, from the dealer's left "
        "('25 26 pass').", show_default=False)] = None,
    dealer: DealerOpt = None,
    confidence: Annotated[Optional[float], typer.Option(
        "--confidence", help="With --bidding: the chance of making a bid worth bidding "
        "(default 0.5).", show_default=False)] = None,
    plot: Annotated[Optional[str], typer.Option(
        "--plot", help="With --bidding: draw the make-probability curve per trump into this "
        "file, .png, .svg or .pdf (needs matplotlib: pip install 'pinosolve\\[plot]').",
        show_default=False)] = None,
    timeout: DealTimeoutOpt = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--quiet", help="A progress bar on stderr: deals solved, and the leading "
        "card so far (default: shown where stderr is a terminal).",
        show_default=False)] = None,
    threads: Annotated[int, typer.Option(
        "--threads", help="Deals solved at once, each in a thread (0: one per core, at most "
        "64); the answer is the same whatever --threads.")] = 1,
    **given: Any,
) -> None:
    """Which card to play, or (--bidding) what to bid, seeing only your own cards: each
    choice over sampled deals."""
    # (a view's deals in threads; a batch line's in one: the lines run in processes, --jobs)
    options = {**locals(), "threads": cpu_threads(threads)}
    del options["plot"]  # (drawn here, from one answer: not a key of the analysis)
    where = None
    if plot is not None:
        from pinosolve.analysis.plot import plot_path, require_matplotlib

        if not bidding:
            raise PinosolveError("--plot draws bid advice's curves: give --bidding")
        if given["input_source"] is not None:
            raise PinosolveError("--plot draws one bid advice's curves: give the hand, not "
                                 "--input")
        where = plot_path(plot)
        require_matplotlib()
    result = run_command(options, ADVISE, render_advise)
    if where is not None:
        from pinosolve.analysis.plot import plot_bid_advice

        plot_bid_advice(result, where)
        echo_written("make-probability curves", where, given["json_out"])



ADVISE = Analysis(AdviseParams, compute_advise, aliases=BIDDER_ALIASES,
                  preload=("pinosolve.analysis.advice", "pinosolve.analysis.bid_advice",
                           "pinosolve.analysis.hidden", "pinosolve.analysis.view",
                           "pinosolve.analysis.constraints", "pinosolve.game",
                           "pinosolve.play.driver", "pinosolve.play.core"))
