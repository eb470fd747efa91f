"""``pinosolve legal``: which cards may be played to a trick, and why the others may not."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinosolve.cards import Suit, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import OWN, RUN, TrumpOpt, with_options
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import Params, chosen_variant, flag, suit, text, whole

if TYPE_CHECKING:
    from pinosolve.play.legality import LegalPlays
    from pinosolve.variants.variant import Variant


@dataclass(frozen=True)
class LegalParams(Params):
    """``legal``'s parameters: the mover's hand, the trick so far and the trump."""

    variant: Variant = chosen_variant()
    hand: str = text(missing="give the hand of the player to move with --hand")
    trick: str = text(default="")
    trump: Suit = suit()
    stage: int = whole(default=2)
    partner_winning: bool = flag()


def compute_legal(params: LegalParams) -> LegalPlays:
    from pinosolve.play.legality import legal

    return legal(params.variant, params.hand, params.trick, params.trump, params.stage,
                 params.partner_winning)


def render_legal(result: LegalPlays) -> None:
    from rich.table import Table

    out = console()
    trick = symbols(result.trick, "(you lead)")
    out.print(f"{result.variant}, trump {suit_text(result.trump)}, trick: {trick}")
    table = Table(show_header=True)
    table.add_column("card")
    table.add_column("may be played?", overflow="fold")
    for c in result.legal:
        table.add_row(c.symbol, "yes")
    for c, reason in result.illegal.items():
        table.add_row(c.symbol, f"no: {reason}")
    out.print(table)


@with_options(OWN, RUN)
def legal(
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="The hand of the player to move.", show_default=False)] = None,
    trick: Annotated[Optional[str], typer.Option(
        "--trick", help="The cards already played to the trick, in order: \"JD QC\".",
        show_default=False)] = None,
    trump: TrumpOpt = None,
    stage: Annotated[Optional[int], typer.Option(
        "--stage", help="Two-handed play: 1 while the stock lasts, 2 the play-off.",
        show_default=False)] = None,
    partner_winning: Annotated[bool, typer.Option(
        "--partner-winning", help="The trick's winning card so far is your partner's (where "
        "the rules then free you from beating it: trick.partner_exempt).")] = False,
    **given: Any,
) -> None:
    """The cards that may be played, and the rule that forbids each of the others."""
    run_command(locals(), LEGAL, render_legal)


LEGAL = Analysis(LegalParams, compute_legal)
