"""``pinosolve verify``: settle a meld dispute, for one declaration or a two-handed sequence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cards import symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import MeldTrumpOpt, OWN, SatProgressOpt, RUN, with_options
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.params import (Params, Raw, chosen_variant_of, combined, file_named, flag,
                                  reader, want_str, whole)
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.meld.dispute import AnnouncedRuling, Ruling
    from pinosolve.meld.sequence import SequenceRuling
    from pinosolve.variants.variant import Variant


def _hand(raw: Raw, got: dict[str, Any]) -> Optional[str]:
    return want_str(raw, "hand", "hand")  # (none: the holding is the cards laid, noted)


def _trump(raw: Raw, got: dict[str, Any]) -> Any:
    """A claim's trump (a suit, None: no trump); a sequence's as given (its file may name
    it)."""
    if got["sequence"] is not None:
        return raw.get("trump")
    if raw.get("trump") is None:
        raise PinosolveError("name the trump with --trump S|H|D|C (or none)")
    return got["variant"].parse_trump(raw["trump"], allow_none=True)


def _claims(raw: Raw, got: dict[str, Any]) -> Any:
    claims = raw.get("claim") or []
    if got["sequence"] is None and (not isinstance(claims, (str, list)) or not claims):
        if raw.get("announced") is not None and not claims:
            if got["hand"] is None:
                raise PinosolveError("--announced with no --claim checks the total against "
                                     "the holding's best meld: give the holding with --hand")
            return []  # (is the total announced right? the holding's best meld says)
        raise PinosolveError("give each claimed meld with --claim \"KH QH\" (one per meld), "
                             "or only --announced N to check a total against --hand")
    return claims


@dataclass(frozen=True)
class VerifyParams(Params):
    """``verify``'s parameters: a holding, its claimed melds and trump, the total announced;
    or a two-handed melding sequence's file."""

    sequence: Optional[str] = reader(lambda raw, name, got: file_named(raw, name))
    variant: Optional[Variant] = combined(lambda raw: chosen_variant_of(
        raw, named=raw.get("sequence") is not None))  # (a sequence's file may name its own)
    hand: Optional[str] = reader(lambda raw, name, got: _hand(raw, got))
    trump: Any = reader(lambda raw, name, got: _trump(raw, got))
    claim: Any = reader(lambda raw, name, got: _claims(raw, got))
    announced: Optional[int] = whole()
    progress: bool = flag()

    @classmethod
    def check_given(cls, raw: Raw) -> None:
        if raw.get("sequence") is not None:
            # (an empty --claim list is typer's "not given"; any announced total is one)
            given = [k for k in ("claim", "hand") if raw.get(k) not in (None, [])]
            given += ["announced"] if raw.get("announced") is not None else []
            if given:
                raise PinosolveError(f"--sequence checks a whole melding sequence from its "
                                     f"file: drop --{given[0]}")


def compute_verify(params: VerifyParams) -> Union[Ruling, SequenceRuling, AnnouncedRuling]:
    if params.sequence is not None:
        from pinosolve.meld.sequence import verify_sequence_file

        return verify_sequence_file(params.sequence, params.variant, params.trump)
    assert params.variant is not None
    if not params.claim and params.announced is not None and params.hand is not None:
        from pinosolve.meld.dispute import check_announced

        return check_announced(params.variant, params.hand, params.trump, params.announced)
    from pinosolve.meld.dispute import verify

    return verify(params.variant, params.hand, params.claim, params.trump, params.announced)


def render_verify(result: Union[Ruling, SequenceRuling, AnnouncedRuling]) -> None:
    from rich.table import Table

    from pinosolve.meld.dispute import AnnouncedRuling
    from pinosolve.meld.sequence import SequenceRuling

    out = console()
    if isinstance(result, AnnouncedRuling):
        out.print(f"{result.variant}, trump {suit_text(result.trump)}: {result.hand.pretty()}",
                  highlight=False)
        out.print(result.ruling, highlight=False)
        for best in result.max_melds:
            out.print(f"  {best.name} {best.meld}: {symbols(best.cards)} "
                      f"[meld.kinds.{best.kind}.values]", highlight=False)
        out.print("verdict: " + ("right" if result.valid else
                                 "too high" if result.off_by > 0 else "too low"))
        return
    if isinstance(result, SequenceRuling):
        table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}: "
                            "melding sequence", title_justify="left")
        for col in ("step", "cards", "meld", "points", "claimed", "verdict"):
            table.add_column(col, overflow="fold")
        for s in result.steps:
            cards = (symbols(s.cards) if s.action == "meld" else
                     f"{'played' if s.action == 'played' else 'declared as played'} "
                     f"{symbols(s.cards)}")
            verdict = "ok" if s.stands else "; ".join(f"{v.reason} [{v.rule}]"
                                                      for v in s.violations)
            table.add_row(str(s.step), cards, s.name or "—",
                          "" if s.action == "played" else str(s.meld),
                          "" if s.claimed is None else str(s.claimed), verdict)
        out.print(table)
        out.print(f"total {result.meld} (claimed {result.claimed}): "
                  + ("every meld stands" if result.valid else
                     f"{len(result.violations)} violation(s)"))
        return
    table = Table(title=f"{result.variant}, trump {suit_text(result.trump)}: "
                        f"{result.hand.pretty()}", title_justify="left")
    for col in ("#", "claimed meld", "is", "points", "ruling"):
        table.add_column(col, overflow="fold")
    shown: dict[str, int] = {}  # a ruling already in the table (a conflict's), by claim
    for i, m in enumerate(result.claims, 1):
        ruling = "stands" if m.stands else f"{m.reason} [{', '.join(m.rules)}]"
        if not m.stands and ruling in shown:
            ruling = f"as claim {shown[ruling]}"
        shown.setdefault(ruling, i)
        table.add_row(str(i), symbols(m.cards), m.name or "no meld", str(m.meld), ruling)
    out.print(table)
    laid = ", ".join(f"{m.name} {m.meld}" for m in result.melds) or "no meld"
    out.print(f"the cards laid make: {laid}")
    for group in result.combined:
        out.print(f"  {group.text} ({group.claimed} as separate claims)")
    said = (f"announced {result.announced}" if result.announced is not None else
            f"the claims one by one add up to {result.claimed}")
    out.print(f"{said}; the cards laid are worth {result.meld}; the holding's "
              f"maximum is {result.max_meld}")
    in_table = [m.reason for m in result.claims if not m.stands]
    printed: set[str] = set()
    for problem in result.problems:  # (a claim's ruling is in the table: once is enough)
        which, _, why = problem.partition(": ")
        line = (f"{which}: as ruled above" if any(why in reason for reason in in_table)
                else problem)
        if line not in printed:
            printed.add(line)
            out.print(f"  - {line}")
    for note in result.notes:
        out.print(f"  note: {note}")
    out.print("verdict: " + ("the declaration stands" if result.valid else "not as claimed"))


@with_options(OWN, RUN)
def verify(
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="The holding the melds come from (default: the cards laid, with a "
        "note).", show_default=False)] = None,
    claim: Annotated[Optional[list[str]], typer.Option(
        "--claim", help="One meld as laid on the table, e.g. \"KH QH\" (repeat per meld).",
        show_default=False)] = None,
    trump: MeldTrumpOpt = None,
    announced: Annotated[Optional[int], typer.Option(
        "--announced", help="The total the player announced for the claim; with --hand "
        "and no --claim: is it right? (the holding's best meld against it).",
        show_default=False)] = None,
    sequence: Annotated[Optional[str], typer.Option(
        "--sequence", help="A two-handed melding sequence (TOML or JSON file) to check.",
        show_default=False)] = None,
    progress: SatProgressOpt = False,
    **given: Any,
) -> None:
    """Check a declared meld against the rules: which melds stand, and what each is worth;
    or (--announced with --hand, no --claim) whether a total announced is the holding's
    best meld; exit code 1 if the declaration is not as claimed, or the total not right."""
    run_command(locals(), VERIFY, render_verify)


VERIFY = Analysis(VerifyParams, compute_verify, progress=True, verdict="valid")
