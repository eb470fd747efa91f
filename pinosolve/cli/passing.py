"""``pinosolve pass``: the declarer's best pass-back, or the partnership's best exchange."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cards import Hand, Suit, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import OWN, SatProgressOpt, RUN, TrumpOpt, with_options
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.foundation import suit_cells
from pinosolve.cli.params import Params, Raw, cards, chosen_variant_of, combined, flag, suit
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.scoring.passing import ExchangeReport, PassBack
    from pinosolve.variants.variant import Variant


def _passing_variant(raw: Raw) -> Variant:
    """The variant, which must pass cards (before the hands are asked for)."""
    from pinosolve.scoring.passing import cards_passed

    v = chosen_variant_of(raw)
    cards_passed(v)
    return v


@dataclass(frozen=True)
class PassParams(Params):
    """``pass``'s parameters: the declarer's hand and trump, and the pass received or the
    partner's hand."""

    variant: Variant = combined(_passing_variant)
    trump: Suit = suit()
    hand: Hand = cards(missing="give the declarer's hand with --hand (before the pass)")
    received: Optional[Hand] = cards()
    partner_hand: Optional[Hand] = cards()
    called_card: Optional[Hand] = cards()
    all: bool = flag()
    progress: bool = flag()

    def check(self) -> None:
        if self.partner_hand is None:
            if self.received is None:
                raise PinosolveError("give the cards the partner passed with --received (or "
                                     "the partner's hand with --partner-hand for the side's "
                                     "best exchange)")
            if self.called_card is not None:
                raise PinosolveError("--called-card goes with --partner-hand")
        elif self.all:
            raise PinosolveError("--all lists pass-backs; it does not go with --partner-hand")


def compute_pass(params: PassParams) -> Union[PassBack, ExchangeReport]:
    from pinosolve.scoring.passing import exchange, pass_back

    v = params.variant
    if params.partner_hand is None:
        assert params.received is not None
        return pass_back(v, params.trump, params.hand, params.received, params.all)
    return exchange(v, params.trump, params.hand, params.partner_hand, params.called_card,
                    params.received)


def _strength(strength: dict[str, int]) -> str:
    """The strength kept, a count per criterion (trumps, then ranks: ``T`` shown as 10)."""
    return ", ".join(f"{'10' if k == 'T' else k} {n}" for k, n in strength.items())


def render_pass(result: Union[PassBack, ExchangeReport]) -> None:
    from pinosolve.scoring.passing import PassBack

    out = console()
    if isinstance(result, PassBack):
        out.print(f"{result.variant}, trump {suit_text(result.trump)}: hand + "
                  f"received {symbols(result.received)}")
        out.print(f"pass back: {symbols(result.returned)}", style="bold")
        out.print(f"keep: {'  '.join(suit_cells(result.keep))}")
        out.print(f"meld {result.meld} (hand alone: {result.meld_before}): "
                  + ", ".join(f"{m.name} {m.meld}" for m in result.melds))
        out.print(f"strength kept: {_strength(result.strength)}")
        out.print(f"tie-break: {result.tie_break}")
        if result.alternatives is not None:
            more = "" if result.complete else " (list cut short)"
            out.print(f"{len(result.alternatives)} returns keep meld "
                      f"{result.meld}{more}:")
            for alt in result.alternatives:
                out.print(f"  {symbols(alt.returned)}   " + _strength(alt.strength))
        return
    for label, ex in (("best", result.best), ("actual", result.actual)):
        if ex is None:
            continue
        out.print(f"{label}: partner passes {symbols(ex.passed)}, declarer returns "
                  f"{symbols(ex.returned)}: side meld {ex.side_meld} "
                  f"(declarer {ex.declarer.meld} + partner {ex.partner.meld})",
                  style="bold" if label == "best" else None)
    out.print(f"without any exchange: {result.meld_without_pass}")
    if result.gain is not None:
        out.print(f"the best exchange gains {result.gain} over the pass received")


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
    called_card: Annotated[Optional[str], typer.Option(
        "--called-card", help="With --partner-hand in call-partner play: the called card, which "
                         "must be among the cards passed.", show_default=False)] = None,
    all_: Annotated[bool, typer.Option(
        "--all", help="List every return that keeps the maximum meld.")] = False,
    progress: SatProgressOpt = False,
    **given: Any,
) -> None:
    """The declarer's pass-back for the most meld (ties: keep trumps, aces, tens)."""
    run_command(locals(), PASS, render_pass)


PASS = Analysis(PassParams, compute_pass, progress=True)
