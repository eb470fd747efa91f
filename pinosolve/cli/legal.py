"""``pinosolve legal``: which cards may be played to a trick, and why the others may not."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cli.batch import run_command
from pinosolve.cards import Card, symbols
from pinosolve.cli.options import OWN, RUN, TrumpOpt, want_flag, want_str, want_trump, with_options
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.foundation import variant_of
from pinosolve.errors import PinosolveError


def compute_legal(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.play.legality import legal

    v = variant_of(params)
    hand_text = want_str(params, "hand", "hand")
    if hand_text is None:
        raise PinosolveError("give the hand of the player to move with --hand")
    trick = want_str(params, "trick", "trick") or ""
    trump = want_trump(v, params)
    stage = params.get("stage")
    return legal(v, hand_text, trick, trump, 2 if stage is None else stage,
                 want_flag(params, "partner_winning")).to_json()


def render_legal(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    trick = symbols(result["trick"], "(you lead)")
    out.print(f"{result['variant']}, trump {suit_text(result['trump'])}, trick: {trick}")
    table = Table(show_header=True)
    table.add_column("card")
    table.add_column("may be played?", overflow="fold")
    for c in result["legal"]:
        table.add_row(Card.parse(c).symbol, "yes")
    for c, reason in result["illegal"].items():
        table.add_row(Card.parse(c).symbol, f"no: {reason}")
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
    run_command(locals(), compute_legal, render_legal)
