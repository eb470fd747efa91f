"""``pinosolve pass``: the declarer's best pass-back, or the partnership's best exchange."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cards import Hand, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (OWN, ProgressOpt, RUN, TrumpOpt, want_flag, want_str, want_trump,
                                   with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.foundation import suit_cells, variant_of
from pinosolve.errors import PinosolveError


def compute_pass(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.scoring.passing import cards_passed, exchange, pass_back

    v = variant_of(params)
    cards_passed(v)  # (before asking for the hands: the variant may pass none)
    trump = want_trump(v, params)
    hand_text = want_str(params, "hand", "hand")
    if hand_text is None:
        raise PinosolveError("give the declarer's hand with --hand (before the pass)")
    hand = v.parse_hand(hand_text, "hand")
    received_text = want_str(params, "received", "received")
    received = v.parse_hand(received_text, "received") if received_text is not None else None
    partner_text = want_str(params, "partner_hand", "partner-hand")
    called_text = want_str(params, "called", "called")
    if partner_text is None:
        if received is None:
            raise PinosolveError("give the cards the partner passed with --received (or the "
                                 "partner's hand with --partner-hand for the side's best "
                                 "exchange)")
        if called_text is not None:
            raise PinosolveError("--called goes with --partner-hand")
        return pass_back(v, trump, hand, received, want_flag(params, "all")).to_json()
    partner = v.parse_hand(partner_text, "partner-hand")
    if want_flag(params, "all"):
        raise PinosolveError("--all lists pass-backs; it does not go with --partner-hand")
    called = v.parse_hand(called_text, "called") if called_text is not None else None
    return exchange(v, trump, hand, partner, called, received).to_json()


def _strength(strength: dict[str, int]) -> str:
    """The strength kept, a count per criterion (trumps, then ranks: ``T`` shown as 10)."""
    return ", ".join(f"{'10' if k == 'T' else k} {n}" for k, n in strength.items())


def render_pass(result: dict[str, Any]) -> None:
    out = console()
    if "best" not in result:
        out.print(f"{result['variant']}, trump {suit_text(result['trump'])}: hand + "
                  f"received {symbols(result['received'])}")
        out.print(f"pass back: {symbols(result['return'])}", style="bold")
        out.print(f"keep: {'  '.join(suit_cells(Hand(result['keep'])))}")
        out.print(f"meld {result['meld']} (hand alone: {result['meld_before']}): "
                  + ", ".join(f"{m['name']} {m['meld']}" for m in result["melds"]))
        out.print(f"strength kept: {_strength(result['strength'])}")
        out.print(f"tie-break: {result['tie_break']}")
        if "alternatives" in result:
            more = "" if result["complete"] else " (list cut short)"
            out.print(f"{len(result['alternatives'])} returns keep meld "
                      f"{result['meld']}{more}:")
            for alt in result["alternatives"]:
                out.print(f"  {symbols(alt['return'])}   "
                          + _strength(alt["strength"]))
        return
    for label in ("best", "actual"):
        if label not in result:
            continue
        ex = result[label]
        out.print(f"{label}: partner passes {symbols(ex['pass'])}, declarer returns "
                  f"{symbols(ex['return'])}: side meld {ex['side_meld']} "
                  f"(declarer {ex['declarer']['meld']} + partner {ex['partner']['meld']})",
                  style="bold" if label == "best" else None)
    out.print(f"without any exchange: {result['meld_without_pass']}")
    if "gain" in result:
        out.print(f"the best exchange gains {result['gain']} over the pass received")


@with_options(OWN, RUN)
def pass_cmd(
    trump: TrumpOpt = None,
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="The declarer's hand before the pass.", show_default=False)] = None,
    received: Annotated[Optional[str], typer.Option(
        "--received", help="The cards the partner passed.", show_default=False)] = None,
    partner_hand: Annotated[Optional[str], typer.Option(
        "--partner-hand", help="The partner's hand before the pass: choose the pass and the "
                               "return together for the side's most meld.",
        show_default=False)] = None,
    called: Annotated[Optional[str], typer.Option(
        "--called", help="With --partner-hand in call-partner play: the called card, which "
                         "must be among the cards passed.", show_default=False)] = None,
    all_: Annotated[bool, typer.Option(
        "--all", help="List every return that keeps the maximum meld.")] = False,
    progress: ProgressOpt = False,
    **given: Any,
) -> None:
    """The declarer's pass-back for the most meld (ties: keep trumps, aces, tens)."""
    run_command(locals(), Analysis(compute_pass, progress=True), render_pass)
