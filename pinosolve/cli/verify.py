"""``pinosolve verify``: settle a meld dispute, for one declaration or a two-handed sequence."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from pinosolve.cards import Card, Hand
from pinosolve.cli import app
from pinosolve.cli.common import (Analysis, InputOpt, JsonOpt, MeldTrumpOpt, ProgressOpt,
                                  RulesOpt, VariantOpt, console, run_analysis, want_str,
                                  want_trump)
from pinosolve.cli.foundation import variant_of
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import resolve, rules_path


def compute_verify(params: dict[str, Any]) -> dict[str, Any]:
    if params.get("sequence") is not None:
        for key in ("claim", "hand", "announced"):
            if params.get(key) not in (None, []):
                raise PinosolveError(f"--sequence checks a whole melding sequence from its "
                                     f"file: drop --{key}")
        return _compute_sequence(params)
    from pinosolve.meld.dispute import verify_claims

    v = variant_of(params)
    hand_text = want_str(params, "hand", "hand")
    if hand_text is None:
        raise PinosolveError("give the holding with --hand (the melds are checked against it)")
    hand = v.parse_hand(hand_text, "hand")
    trump = want_trump(v, params, allow_none=True)
    claims_raw = params.get("claim") or []
    if isinstance(claims_raw, str):
        claims_raw = [claims_raw]
    if not isinstance(claims_raw, list) or not claims_raw:
        raise PinosolveError("give each claimed meld with --claim \"KH QH\" (one per meld)")
    claims = []
    for i, text in enumerate(claims_raw, 1):
        if not isinstance(text, str):
            raise PinosolveError(f"claim {i} must be cards as text, got {text!r}")
        claim = v.parse_hand(text, f"claim {i}")
        if not claim:
            raise PinosolveError(f"claim {i} is empty")
        claims.append(claim)
    announced = params.get("announced")
    if announced is not None and (isinstance(announced, bool) or not isinstance(announced, int)):
        raise PinosolveError(f"announced must be a whole number, got {announced!r}")
    return verify_claims(v, hand, trump, claims, announced)


def _compute_sequence(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.meld.sequence import read_sequence, verify_sequence

    path = params["sequence"]
    if not isinstance(path, str):
        raise PinosolveError(f"sequence must be a file path, got {path!r}")
    data = read_sequence(path)
    if isinstance(data.get("position"), dict) and "steps" in data["position"]:
        # a meld-sequence puzzle: its position is the sequence
        data = {**{k: data[k] for k in ("variant", "rules") if k in data}, **data["position"]}
    unknown = sorted(set(data) - {"variant", "rules", "trump", "steps", "note", "title"})
    if unknown:
        raise PinosolveError(f"{path}: unknown key {unknown[0]!r}; keys are variant, rules, "
                             "trump, steps, title, note")
    if data.get("rules"):
        v = resolve(None, str(rules_path(str(data["rules"]), Path(path))))
    elif data.get("variant"):
        v = resolve(data.get("variant"), None)
    else:
        v = variant_of(params)
    trump_text = data.get("trump", params.get("trump"))
    if trump_text is None:
        raise PinosolveError("name the trump in the sequence file or with --trump")
    trump = v.parse_trump(trump_text)
    return verify_sequence(v, trump, data.get("steps"))


def render_verify(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    symbols = lambda cards: " ".join(Card.parse(c).symbol for c in cards)  # noqa: E731
    if "steps" in result:
        table = Table(title=f"{result['variant']}, trump {result['trump']}: melding sequence",
                      title_justify="left")
        for col in ("step", "cards", "meld", "points", "claimed", "verdict"):
            table.add_column(col, overflow="fold")
        for s in result["steps"]:
            cards = symbols(s["cards"]) if s["action"] == "meld" else "played " + symbols(
                s["cards"])
            verdict = "ok" if s["ok"] else "; ".join(f"{v['reason']} [{v['rule']}]"
                                                     for v in s["violations"])
            table.add_row(str(s["step"]), cards, s["meld"] or "—",
                          str(s["points"]) if s["action"] == "meld" else "",
                          "" if s["claimed"] is None else str(s["claimed"]), verdict)
        out.print(table)
        out.print(f"total {result['total']} (claimed {result['claimed_total']}): "
                  + ("every meld stands" if result["valid"] else
                     f"{len(result['violations'])} violation(s)"))
        return
    table = Table(title=f"{result['variant']}, trump {result['trump']}: "
                        f"{Hand(result['hand']).pretty()}", title_justify="left")
    for col in ("#", "claimed meld", "is", "points", "ruling"):
        table.add_column(col, overflow="fold")
    for i, m in enumerate(result["melds"], 1):
        ruling = "stands" if m["ok"] else f"{m['reason']} [{', '.join(m['rules'])}]"
        table.add_row(str(i), symbols(m["cards"]), m["meld"] or "no meld", str(m["points"]),
                      ruling)
    out.print(table)
    laid = ", ".join(f"{m['name']} {m['points']}" for m in result["laid_melds"]) or "no meld"
    out.print(f"the cards laid make: {laid}")
    for group in result["combined"]:
        out.print(f"  {group['text']} ({group['claimed']} as separate claims)")
    said = (f"announced {result['announced']}" if result.get("announced") is not None else
            f"the claims one by one add up to {result['claimed_points']}")
    out.print(f"{said}; the cards laid are worth {result['claim_value']}; the holding's "
              f"maximum is {result['max_points']}")
    for problem in result["problems"]:
        out.print(f"  - {problem}")
    out.print("verdict: " + ("the declaration stands" if result["valid"] else "not as claimed"))


@app.command()
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
    variant: VariantOpt = None,
    rules_path: RulesOpt = None,
    json_out: JsonOpt = False,
    input_source: InputOpt = None,
) -> None:
    """Check a declared meld against the rules: which melds stand, and what each is worth;
    exit code 1 if the declaration is not as claimed."""
    params = {"hand": hand, "claim": claim, "trump": trump, "announced": announced,
              "sequence": sequence, "progress": progress, "variant": variant,
              "rules": rules_path}
    run_analysis(params, json_out=json_out, input_source=input_source,
                 compute=Analysis(compute_verify, progress=True, verdict="valid"),
                 render=render_verify)
