"""``pinosolve score`` (one round) and ``pinosolve game`` (a whole game record)."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, BidderOpt, DeclarerOpt, JsonOpt, OWN, PartnerOpt,
                                   RUN, RulesOpt, TrumpOpt, VariantOpt, complete_game, named_values,
                                   shorthand, want_str, with_options)
from pinosolve.cli.output import console, emit_json, suit_text
from pinosolve.cli.foundation import named_variant, variant_of
from pinosolve.errors import PinosolveError

_PAIRS = ("meld", "points", "won", "tricks")


def compute_score(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.scoring.round import ROUND_KEYS, score

    if params.get("record") is not None:
        return _record_score(params)
    v = variant_of(params)
    data: dict[str, Any] = {}
    for key in ROUND_KEYS - {"variant", "rules", "note"}:
        value = params.get(key)
        if value is None or value is False:
            continue
        data[key] = named_values(value, key) if key in _PAIRS else value
    return score(v, data).to_json()


def _record_score(params: dict[str, Any]) -> dict[str, Any]:
    """The round of a game record file (``record``): its contract, meld and trick points."""
    from pinosolve.records.read import record_file
    from pinosolve.scoring.round import ROUND_KEYS, score

    given = sorted(k for k in ROUND_KEYS - {"variant", "rules", "note"}
                   if params.get(k) not in (None, False))
    if given:
        raise PinosolveError(f"give the round once: --record, or its options "
                             f"({', '.join(given)}), not both")
    path = want_str(params, "record", "record")
    assert path is not None
    record = record_file(path, named_variant(params))
    return score(record.variant, record.round()).to_json()


def render_score(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    title = f"{result['variant']}"
    if result["bidder"] is not None:
        title += f": {result['bidder']} bid {result['bid']}"
        if result.get("trump"):
            title += f", trump {suit_text(result['trump'])}"
    table = Table(title=title, title_justify="left")
    for col in ("side", "meld", "counted", "trick points", "scored", "change"):
        table.add_column(col, justify="left" if col in ("side", "counted") else "right")
    for sd in result["sides"]:
        tp = "—" if sd["trick_points"] is None else str(sd["trick_points"])
        table.add_row(sd["side"] + (" (bid)" if sd["bidding"] else ""), str(sd["meld"]),
                      "yes" if sd["meld_counted"] else "no", tp, str(sd["points_scored"]),
                      f"{sd['change']:+d}")
    out.print(table)
    if result["made"] is not None:
        verdict = "made" if result["made"] else ("thrown in" if result.get("thrown_in")
                                                  else "set")
        out.print(f"contract {verdict}", style="bold")
    out.print("score: " + ", ".join(f"{u} {c:+d}" for u, c in result["score"].items()))
    for reason in result["reasons"]:
        out.print(f"  - {reason}")
    if result.get("game_over"):
        out.print(f"game over: {', '.join(result['game_over']['winners'])} win", style="bold")


PairOpt = list[str]


@with_options(OWN, RUN)
def score_cmd(
    bidder: BidderOpt = None,
    declarer: DeclarerOpt = None,
    bid: Annotated[Optional[int], typer.Option(
        "--bid", help="The winning bid.", show_default=False)] = None,
    trump: TrumpOpt = None,
    partner: PartnerOpt = None,
    meld: Annotated[Optional[PairOpt], typer.Option(
        "--meld", help="SEAT=points or SEAT=cards (the meld engine counts them); repeat.",
        show_default=False)] = None,
    points: Annotated[Optional[PairOpt], typer.Option(
        "--points", help="SIDE=trick points (a seat where there are no fixed sides); repeat.",
        show_default=False)] = None,
    won: Annotated[Optional[PairOpt], typer.Option(
        "--won", help="SIDE=the cards it won (instead of --points); repeat.",
        show_default=False)] = None,
    tricks: Annotated[Optional[PairOpt], typer.Option(
        "--tricks", help="SIDE=number of tricks taken; repeat.", show_default=False)] = None,
    last_trick: Annotated[Optional[str], typer.Option(
        "--last-trick", help="The side that took the last trick (its bonus counted in its "
                             "--points, or left out of every side's, as seed 004 counts).",
        show_default=False)] = None,
    laid_away: Annotated[Optional[str], typer.Option(
        "--laid-away", help="Cards the bidder laid away (they count for him where the rules "
                            "say so).", show_default=False)] = None,
    throw_in: Annotated[bool, typer.Option(
        "--throw-in", help="The bidder conceded without play.")] = False,
    shoot: Annotated[bool, typer.Option(
        "--shoot", help="The bidder shot the moon.")] = False,
    record: Annotated[Optional[str], typer.Option(
        "--record", help="The round from a game record file (docs/records.md; '-': stdin): "
        "its Contract, Meld and Result (or the points its play took).",
        show_default=False)] = None,
    **given: Any,
) -> None:
    """Score one round: meld kept or lost, trick points, bid made or set, each rule named."""
    run_command(locals(), SCORE, render_score)


# the analysis a batch runs ("declarer": another name of "bidder")
SCORE = Analysis(compute_score, aliases=BIDDER_ALIASES)


# --- game ---------------------------------------------------------------------------------


def compute_game(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.puzzle import find_game
    from pinosolve.scoring.game import game_from_file

    path = want_str(params, "file", "file")
    if path is None:
        raise PinosolveError("give the game record: pinosolve game NAME|FILE (or --input "
                             "FILE|-); 'pinosolve game --list' names the shipped ones")
    if path != "-":
        path = str(find_game(path))
    fallback = None
    if params.get("variant") or params.get("rules"):
        fallback = variant_of(params)
    from pinosolve.records.read import read_source, rounds_of
    from pinosolve.records.tags import looks_like_record

    text, name = read_source(path, "game record")
    if looks_like_record(text):  # a file of game records: each a round, in order
        v, rounds = rounds_of(text, name, fallback)
        from pinosolve.scoring.game import play_game

        return play_game(v, rounds, None).to_json()
    return game_from_file(path, fallback, text).to_json()


def render_game(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    units = list(result["totals"])
    table = Table(title=f"{result['variant']}, game {result['game'] or 'none'}",
                  title_justify="left")
    table.add_column("round", justify="right")
    table.add_column("bid")
    for u in units:
        table.add_column(u, justify="right")
    for row in result["rounds"]:
        bid = "—" if row["bidder"] is None else (
            f"{row['bidder']} {row['bid']} " + ("made" if row["made"] else "set"))
        table.add_row(str(row["round"]), bid,
                      *[f"{row['score'][u]:+d} = {row['totals'][u]}" for u in units])
    out.print(table)
    if result["winner"]:
        w = result["winner"]
        out.print(f"winner: {'/'.join(w['winners'])} after round {w['round']} — {w['why']}",
                  style="bold")
    else:
        out.print(result["status"], style="bold")
    if "agrees" in result:
        out.print("the answer on file " + ("agrees" if result["agrees"] else
                                            f"DISAGREES: {result['answer']}"))


def list_games(json_out: bool) -> None:
    """``game --list``: each shipped game record's name, variant and title."""
    from pinosolve.puzzle import shipped_games
    from pinosolve.scoring.game import read_record

    rows = []
    for name, path in shipped_games().items():
        data = read_record(str(path))
        rows.append({"name": name, "variant": data.get("variant") or data.get("rules"),
                     "title": data.get("title", "")})
    if json_out:
        emit_json(rows)
        return
    from pinosolve.cli.puzzles import show_list

    show_list(rows, "Game records (pinosolve game NAME)", ("name", "variant"))


def game_cmd(
    file: Annotated[Optional[str], typer.Argument(
        metavar="[NAME|FILE]", autocompletion=complete_game,
        help="A shipped game record by name (see --list), or a file: shorthand for "
             "--input FILE.", show_default=False)] = None,
    list_: Annotated[bool, typer.Option(
        "--list", help="List the shipped game records by name.")] = False,
    variant: VariantOpt = None,
    rules_path: RulesOpt = None,
    json_out: JsonOpt = False,
    input_source: Annotated[Optional[str], typer.Option(
        "--input", help="The game, a file or '-' for stdin: game records (docs/records.md), "
                        "a round each; or TOML or JSON, variant and a list of rounds with "
                        "the keys of 'pinosolve score'.",
        show_default=False)] = None,
) -> None:
    """Score a whole game round by round and name the winner by the variant's rules; exit
    code 1 if the answer on file disagrees."""
    if list_:
        if file is not None or input_source is not None:
            raise PinosolveError("--list lists every shipped game record: drop the record")
        list_games(json_out)
        return
    params = {"file": shorthand(file, input_source, "input"), "variant": variant,
              "rules": rules_path}
    result = compute_game(params)
    emit_json(result) if json_out else render_game(result)
    if result.get("agrees") is False:
        raise typer.Exit(1)
