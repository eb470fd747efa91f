"""``pinosolve verify``: settle a meld dispute, for one declaration or a two-handed sequence."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cards import Hand, symbols
from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (MeldTrumpOpt, OWN, ProgressOpt, RUN, want_str, want_trump,
                                   with_options)
from pinosolve.cli.output import console, suit_text
from pinosolve.cli.foundation import variant_of
from pinosolve.errors import PinosolveError


def compute_verify(params: dict[str, Any]) -> dict[str, Any]:
    if params.get("sequence") is not None:
        for key in ("claim", "hand", "announced"):
            if params.get(key) not in (None, []):
                raise PinosolveError(f"--sequence checks a whole melding sequence from its "
                                     f"file: drop --{key}")
        from pinosolve.meld.sequence import verify_sequence_file

        named = params.get("variant") or params.get("rules")
        return verify_sequence_file(params["sequence"], variant_of(params) if named else None,
                                    params.get("trump")).to_json()
    from pinosolve.meld.dispute import verify

    v = variant_of(params)
    hand_text = want_str(params, "hand", "hand")
    if hand_text is None:
        raise PinosolveError("give the holding with --hand (the melds are checked against it)")
    trump = want_trump(v, params, allow_none=True)
    claims = params.get("claim") or []
    if not isinstance(claims, (str, list)) or not claims:
        raise PinosolveError("give each claimed meld with --claim \"KH QH\" (one per meld)")
    announced = params.get("announced")
    if announced is not None and (isinstance(announced, bool) or not isinstance(announced, int)):
        raise PinosolveError(f"announced must be a whole number, got {announced!r}")
    return verify(v, hand_text, claims, trump, announced).to_json()


def render_verify(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    if "steps" in result:
        table = Table(title=f"{result['variant']}, trump {suit_text(result['trump'])}: "
                            "melding sequence", title_justify="left")
        for col in ("step", "cards", "meld", "points", "claimed", "verdict"):
            table.add_column(col, overflow="fold")
        for s in result["steps"]:
            cards = symbols(s["cards"]) if s["action"] == "meld" else "played " + symbols(
                s["cards"])
            verdict = "ok" if s["stands"] else "; ".join(f"{v['reason']} [{v['rule']}]"
                                                         for v in s["violations"])
            table.add_row(str(s["step"]), cards, s["name"] or "—",
                          str(s["meld"]) if s["action"] == "meld" else "",
                          "" if s["claimed"] is None else str(s["claimed"]), verdict)
        out.print(table)
        out.print(f"total {result['meld']} (claimed {result['claimed']}): "
                  + ("every meld stands" if result["valid"] else
                     f"{len(result['violations'])} violation(s)"))
        return
    table = Table(title=f"{result['variant']}, trump {suit_text(result['trump'])}: "
                        f"{Hand(result['hand']).pretty()}", title_justify="left")
    for col in ("#", "claimed meld", "is", "points", "ruling"):
        table.add_column(col, overflow="fold")
    for i, m in enumerate(result["claims"], 1):
        ruling = "stands" if m["stands"] else f"{m['reason']} [{', '.join(m['rules'])}]"
        table.add_row(str(i), symbols(m["cards"]), m["name"] or "no meld", str(m["meld"]),
                      ruling)
    out.print(table)
    laid = ", ".join(f"{m['name']} {m['meld']}" for m in result["melds"]) or "no meld"
    out.print(f"the cards laid make: {laid}")
    for group in result["combined"]:
        out.print(f"  {group['text']} ({group['claimed']} as separate claims)")
    said = (f"announced {result['announced']}" if result.get("announced") is not None else
            f"the claims one by one add up to {result['claimed']}")
    out.print(f"{said}; the cards laid are worth {result['meld']}; the holding's "
              f"maximum is {result['max_meld']}")
    for problem in result["problems"]:
        out.print(f"  - {problem}")
    out.print("verdict: " + ("the declaration stands" if result["valid"] else "not as claimed"))


@with_options(OWN, RUN)
def verify(
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="The holding the melds come from.", show_default=False)] = None,
    claim: Annotated[Optional[list[str]], typer.Option(
        "--claim", help="One meld as laid on the table, e.g. \"KH QH\" (repeat per meld).",
        show_default=False)] = None,
    trump: MeldTrumpOpt = None,
    announced: Annotated[Optional[int], typer.Option(
        "--announced", help="The total the player announced for the claim.",
        show_default=False)] = None,
    sequence: Annotated[Optional[str], typer.Option(
        "--sequence", help="A two-handed melding sequence (TOML or JSON file) to check.",
        show_default=False)] = None,
    progress: ProgressOpt = False,
    **given: Any,
) -> None:
    """Check a declared meld against the rules: which melds stand, and what each is worth;
    exit code 1 if the declaration is not as claimed."""
    run_command(locals(), Analysis(compute_verify, progress=True, verdict="valid"), render_verify)
