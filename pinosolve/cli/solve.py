"""``pinosolve solve``: double-dummy value of a position and of every legal card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cards import Suit, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, OWN, RUN, SIDES, TimeoutOpt, TrumpOpt,
                                   cpu_threads, with_options)
from pinosolve.cli.output import SearchStatus, console, show_test, suit_text
from pinosolve.cli.foundation import suit_cells
from pinosolve.cli.params import (Params, chosen_variant, either_flag, flag, given, seconds,
                                  suit, text, whole)
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import Variant

if TYPE_CHECKING:
    from pinosolve.analysis.stock import StockResult
    from pinosolve.game import EachResult, SolveResult


@dataclass(frozen=True)
class SolveParams(Params):
    """``solve``'s parameters: a position and the search's budget."""

    variant: Variant = chosen_variant()
    deal: str = text(missing="give the cards still held with --deal 'N:<hand> <hand> …'")
    trump: Suit = suit()
    leader: Optional[str] = text()
    trick: str = text(default="")
    bidder: Optional[str] = text()
    partner: Optional[str] = text()
    called_card: Any = given()
    value_only: bool = flag()
    each_for_himself: bool = flag()
    stock: Optional[str] = text()
    timeout: Optional[float] = seconds()
    progress: Optional[bool] = either_flag()
    threads: int = whole(default=1)

    def check(self) -> None:
        if self.threads != 1 and (self.each_for_himself or self.stock is not None):
            raise PinosolveError("--threads: --each-for-himself and --stock search in one "
                                 "thread")
        if self.each_for_himself and (self.value_only or self.progress):
            raise PinosolveError("--each-for-himself answers every card and each seat's "
                                 "points: drop --value-only and --progress")
        if self.stock is not None:
            extra = [name for name, on in (("--value-only", self.value_only),
                                           ("--progress", self.progress),
                                           ("--each-for-himself", self.each_for_himself),
                                           ("--bidder", self.bidder is not None),
                                           ("--partner", self.partner is not None),
                                           ("--called-card", self.called_card is not None))
                     if on]
            if extra:
                raise PinosolveError(f"--stock solves the two-hand stock stage: drop "
                                     f"{', '.join(extra)}")


def compute_solve(params: SolveParams) -> Union[SolveResult, EachResult, StockResult]:
    from pinosolve.cli.pool import table_share
    from pinosolve.game import Game
    from pinosolve.play.budget import Budget
    from pinosolve.play.driver import SearchInterrupted

    if params.stock is not None:
        from pinosolve.analysis.stock import open_stock

        return open_stock(params.variant, params.deal, params.stock, params.trump,
                          params.leader, params.trick, params.timeout)

    game = Game(params.variant, params.deal, trump=params.trump, leader=params.leader,
                trick=params.trick, declarer=params.bidder, partner=params.partner,
                called_card=params.called_card)
    if params.each_for_himself:
        return game.solve_each(params.timeout)
    # --progress prints the tests and --quiet nothing: the status line only where neither said
    with SearchStatus(None if params.progress is None else False) as on_status:
        on_test = show_test if params.progress else on_status
        try:
            budget = Budget(params.timeout, table_share(), on_test,
                            cpu_threads(params.threads))
            return game.solve(budget, params.value_only)
        except SearchInterrupted as stop:  # Ctrl-C: answer what was proved (run_analysis)
            return game.result_of(stop.result, params.value_only)


def render_solve(result: Union[SolveResult, EachResult, StockResult]) -> None:
    from rich.table import Table

    from pinosolve.analysis.stock import StockResult
    from pinosolve.game import EachResult

    if isinstance(result, EachResult):
        render_each(result)
        return
    if isinstance(result, StockResult):
        render_stock(result)
        return
    out = console()
    _position(result, "")
    side = result.side
    if result.exact or result.value is not None:
        out.print(f"{result.to_move} to move; side {side} takes {result.value} from here "
                  "with best play", style="bold")
    else:
        lo, hi = result.bounds
        why = "interrupted" if result.interrupted else "time ran out"
        out.print(f"{result.to_move} to move; side {side} takes between {lo} and {hi} "
                  f"({why})", style="bold")
    if result.values or result.values_bounds:
        cards = Table(title="each legal card", title_justify="left")
        cards.add_column("card")
        cards.add_column(f"{side} takes", justify="right")
        best = result.value
        for card, val in sorted(result.values.items(), key=lambda kv: -kv[1]):
            cards.add_row(card.symbol + ("  best" if val == best else ""), str(val))
        for card, (lo, hi) in sorted(result.values_bounds.items(),
                                     key=lambda kv: (-kv[1][1], -kv[1][0])):
            cards.add_row(card.symbol, f"{lo}..{hi}")
        out.print(cards)
    _line(result, "optimal line:")
    if result.note:
        out.print(result.note)
    out.print(f"{result.nodes} nodes, {result.seconds} s")


def _position(result: Union[SolveResult, EachResult], title: str) -> None:
    """The hands of the position solved, the seat to move marked, and the trick so far."""
    from rich.table import Table

    out = console()
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}{title}",
                  title_justify="left")
    table.add_column("seat")
    for s in Suit:
        table.add_column(s.symbol)
    for seat, hand in result.hands.items():
        mark = " (to move)" if seat == result.to_move else ""
        table.add_row(seat + mark, *suit_cells(hand))
    out.print(table)
    if result.trick:
        out.print(f"trick so far (led by {result.leader}): " + symbols(result.trick))


def _line(result: Union[SolveResult, EachResult], heading: str) -> None:
    """The line trick by trick, each card with its seat, and who wins what."""
    if not result.trick_by_trick:
        return
    out = console()
    out.print(heading)
    order = list(result.hands)  # the seats, clockwise
    for i, t in enumerate(result.trick_by_trick, 1):
        at = order.index(t.leader)
        played = ", ".join(f"{order[(at + k) % len(order)]} {c.symbol}"
                           for k, c in enumerate(t.cards))
        out.print(f"  trick {i}: {played}  -> {t.won_by} wins {t.points}")


def render_stock(result: StockResult) -> None:
    out = console()
    out.print(f"{result.variant}, trump {suit_text(result.trump)}: the stock stage, every "
              f"card known; the stock, top first: {symbols(result.stock)}")
    out.print(f"{result.to_move} to move; {result.first}'s points less the other's from here "
              f"(meld and tricks): {result.advantage:+d}", style="bold")
    pick = max if result.to_move == result.first else min
    best = pick(result.card_advantages.values())
    for card, value in sorted(result.card_advantages.items(),
                              key=lambda kv: -kv[1] if result.to_move == result.first
                              else kv[1]):
        out.print(f"  {card.symbol:<4} {value:+d}" + ("  best" if value == best else ""))
    out.print(f"{result.nodes} positions, {result.seconds} s")


def render_each(result: EachResult) -> None:
    from rich.table import Table

    out = console()
    _position(result, ": each for himself")
    out.print("points each seat takes from here: " + ", ".join(
        f"{s} {p}" for s, p in result.seat_points.items()), style="bold")
    if result.card_seat_points:
        cards = Table(title=f"each legal card of {result.to_move}", title_justify="left")
        cards.add_column("card")
        for seat in result.seat_points:
            cards.add_column(seat, justify="right")
        best = result.best_line[0] if result.best_line else None
        for card, points in result.card_seat_points.items():
            cards.add_row(card.symbol + ("  played" if card == best else ""),
                          *(str(p) for p in points.values()))
        out.print(cards)
    _line(result, "the line, each seat playing for itself:")
    out.print(result.note)
    out.print(f"{result.nodes} nodes, {result.seconds} s")


@with_options(OWN, SIDES, RUN)
def solve_cmd(
    deal: Annotated[Optional[str], typer.Option(
        "--deal", help="The cards still held: 'N:<hand> <hand> …'.", show_default=False)] = None,
    trump: TrumpOpt = None,
    leader: Annotated[Optional[str], typer.Option(
        "--leader", help="The seat that led (or leads) the current trick (default: the seat "
        "the deal starts from, as in N:…).",
        show_default=False)] = None,
    trick: Annotated[Optional[str], typer.Option(
        "--trick", help="Cards already on the table in this trick, in order from the leader.",
        show_default=False)] = None,
    value_only: Annotated[bool, typer.Option(
        "--value-only", help="Only the position's value (faster).")] = False,
    stock: Annotated[Optional[str], typer.Option(
        "--stock", help="Two hands: the stock stage, every card known: the stock's cards in "
        "order, top first, the turned trump card last; draws and meld are played out, then "
        "the play-off. For a few tricks before the stock runs out.",
        show_default=False)] = None,
    each_for_himself: Annotated[bool, typer.Option(
        "--each-for-himself", help="Where no seats are partners (three hands): every seat "
        "plays for its own points (max^n), not the others together against the bidder; "
        "each seat's points and each card's. Exhaustive: for endings.")] = False,
    timeout: TimeoutOpt = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--quiet", help="--progress: each null-window test of the search on "
        "stderr as it finishes; --quiet: nothing (default: where stderr is a terminal, a "
        "status line once the search has run a second).", show_default=False)] = None,
    threads: Annotated[int, typer.Option(
        "--threads", help="Threads the search runs in, over one table (0: one per core, at "
        "most 64); the answer is the same whatever --threads. For searches of a second or "
        "more.")] = 1,
    **given: Any,
) -> None:
    """Double-dummy: the points the side to move takes with best play, and each card's value."""
    run_command(locals(), SOLVE, render_solve)


# the analysis a batch runs: "declarer" is the older name of "bidder" (the puzzle files' too)
SOLVE = Analysis(SolveParams, compute_solve, aliases=BIDDER_ALIASES,
                 preload=("pinosolve.game", "pinosolve.play.driver", "pinosolve.play.core",
                          "pinosolve.play._core"))
