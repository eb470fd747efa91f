"""``pinosolve makeable``: with every hand known, is the contract made, and by how much?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cards import Suit
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, OWN, RUN, SIDES, DealerOpt, ProgressOpt,
                                   TimeoutOpt, TrumpOpt, with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import (Params, Raw, chosen_variant, flag, given, reader, seconds,
                                  suit, text, text_of)
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.deal import Deal
    from pinosolve.scoring.makeable import Makeable
    from pinosolve.scoring.shoot import Shoot
    from pinosolve.variants.variant import Variant


def seat_of(what: str) -> Any:
    """A parameter record's field: a seat of the variant read before it (None where the
    option is not given), by its name as the variant spells it."""
    def read(raw: Raw, name: str, got: dict[str, Any]) -> Optional[str]:
        from pinosolve.variants.sides import seat_name

        value = raw.get(name)
        return None if value is None else seat_name(got["variant"], value, what)

    return reader(read)


def _full_deal(raw: Raw, got: dict[str, Any]) -> Deal:
    held = text_of(raw, "deal", "give every hand with --deal 'N:<hand> <hand> …'")
    deal: Deal = got["variant"].parse_deal(held, full=True)
    return deal


@dataclass(frozen=True)
class MakeableParams(Params):
    """``makeable``'s parameters: every hand, the contract, and the search's budget."""

    variant: Variant = chosen_variant()
    deal: Deal = reader(lambda raw, name, got: _full_deal(raw, got))
    trump: Suit = suit()
    bidder: Optional[str] = seat_of("bidder")
    bid: Any = given()
    laid_away: Optional[str] = text()
    partner: Optional[str] = seat_of("partner")
    called_card: Any = given()
    dealer: Optional[str] = seat_of("dealer")
    timeout: Optional[float] = seconds()
    verdict_only: bool = flag()
    progress: bool = flag()
    shoot: bool = flag()

    def check(self) -> None:
        if self.bidder is None:
            raise PinosolveError("name the bidder with --bidder SEAT")
        if self.shoot:
            extra = [name for name, on in (("--bid", self.bid is not None),
                                           ("--laid-away", self.laid_away is not None),
                                           ("--partner", self.partner is not None),
                                           ("--called-card", self.called_card is not None),
                                           ("--verdict-only", self.verdict_only),
                                           ("--progress", self.progress)) if on]
            if extra:
                raise PinosolveError(f"--shoot plays a shoot the moon (every trick, the "
                                     f"partner out): drop {', '.join(extra)}")
            return
        if self.bid is None or isinstance(self.bid, bool) or not isinstance(self.bid, int):
            raise PinosolveError(f"give the contract with --bid N (a whole number), got "
                                 f"{self.bid!r}")


def compute_makeable(params: MakeableParams) -> Union[Makeable, Shoot]:
    from pinosolve.cli.pool import table_share
    from pinosolve.scoring.makeable import analyse

    v = params.variant
    assert params.bidder is not None
    if params.shoot:
        from pinosolve.scoring.shoot import shoot

        return shoot(v, params.deal, params.trump, params.bidder, params.dealer,
                     params.timeout)
    laid = v.parse_hand(params.laid_away, "laid-away") if params.laid_away is not None \
        else None
    return analyse(v, params.deal, params.trump, params.bidder, params.bid, params.partner, laid,
                   params.dealer, params.timeout, answer_interrupted=True,
                   table_limit=table_share(), exact=not params.verdict_only,
                   called_card=params.called_card)


def render_makeable(result: Union[Makeable, Shoot]) -> None:
    from pinosolve.scoring.shoot import Shoot

    if isinstance(result, Shoot):
        return render_shoot(result)
    out = console()
    side = result.side
    out.print(f"{result.variant}, trump {suit_text(result.trump)}: {result.bidder} bid "
              f"{result.bid}; {result.leader} leads")
    for seat, m in result.meld_by_seat.items():
        mark = " (bidding side)" if seat in result.seats else ""
        out.print(f"  {seat} meld {m.meld}{mark}: "
                  + (", ".join(f"{x.name} {x.meld}" for x in m.melds) or "none"))
    lo, hi = result.trick_points_bounds
    pts = str(lo) if lo == hi else f"{lo}–{hi}"
    out.print(f"{side}: meld {result.meld}, double-dummy trick points {pts}")
    if result.made is None:
        out.print("undecided: interrupted" if result.interrupted else
                  "undecided within the time allowed", style="bold")
    elif result.margin is None:
        out.print("made" if result.made else "set", style="bold")
    elif result.made:
        out.print(f"made with {result.margin} to spare", style="bold")
    else:
        out.print(f"set by {-result.margin}", style="bold")
    if result.note:
        out.print(result.note)
    for reason in result.reasons:
        out.print(f"  - {reason}")
    t = result.throw_in
    out.print("throw-in: " + (t.advice or "" if t.allowed else f"not allowed ({t.why})"))
    out.print(f"{result.nodes} nodes, {result.seconds} s")


def render_shoot(result: Shoot) -> None:
    out = console()
    out_seat = f"; {result.partner} sits out" if result.partner else ""
    out.print(f"{result.variant}, trump {suit_text(result.trump)}: {result.bidder} shoots the "
              f"moon{out_seat}; {result.leader} leads")
    lo, hi = result.tricks_bounds
    most = str(lo) if lo == hi else f"{lo}–{hi}"
    out.print(f"{result.bidder} takes at most {most} of the {result.all_tricks} tricks "
              "against the best defence")
    verdict = {True: "the shoot succeeds: every trick", False: "the shoot fails",
               None: "undecided within the time allowed"}[result.made]
    out.print(verdict, style="bold")
    if result.best_line:
        n = len(result.best_line) // result.all_tricks  # the seats that play
        out.print("a line of best play, trick by trick: " + " | ".join(
            " ".join(c.symbol for c in result.best_line[i:i + n])
            for i in range(0, len(result.best_line), n)))
    out.print(f"{result.nodes} nodes, {result.seconds} s")


@with_options(OWN, SIDES, RUN)
def makeable_cmd(
    deal: Annotated[Optional[str], typer.Option(
        "--deal", help="Every hand as played: 'N:<hand> <hand> …' (with --called-card, as dealt).",
        show_default=False)] = None,
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
    shoot: Annotated[bool, typer.Option(
        "--shoot", help="Shooting the moon (where the rules allow it): can the bidder take "
        "every trick, his partner's hand out of the play? No --bid.")] = False,
    **given: Any,
) -> None:
    """Meld plus double-dummy trick points against the bid: made or set, and by how much."""
    run_command(locals(), MAKEABLE, render_makeable)


# the analysis a batch runs ("declarer": another name of "bidder")
MAKEABLE = Analysis(MakeableParams, compute_makeable, aliases=BIDDER_ALIASES, progress=True,
                    preload=("pinosolve.progress", "pinosolve.scoring.makeable",
                             "pinosolve.meld.solver", "pinosolve.play.driver",
                             "pinosolve.play.core", "pinosolve.play._core"))
