"""``pinosolve score`` (one round) and ``pinosolve game`` (a whole game record)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import (BIDDER_ALIASES, BidderOpt, DeclarerOpt, JsonOpt, OWN, PartnerOpt,
                                   RUN, RulesOpt, TrumpOpt, VariantOpt, complete_game, named_values,
                                   shorthand, with_options)
from pinosolve.cli.output import console, emit_json, suit_text
from pinosolve.cli.params import (Params, Raw, chosen_variant_of, combined, file_named, reader,
                                  want_str, whole_text)
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.records.record import Record
    from pinosolve.scoring.game import GameRecord
    from pinosolve.scoring.round import Round, RoundScore
    from pinosolve.variants.variant import Variant

_PAIRS = ("meld", "points", "won", "tricks")


def _record(raw: Raw) -> Optional[Record]:
    """The game record file that --record names (None: none), given instead of the round's
    options."""
    if raw.get("record") is None:
        return None
    from pinosolve.records.read import record_file
    from pinosolve.scoring.round import ROUND_KEYS

    given = sorted(k for k in ROUND_KEYS - {"variant", "rules", "note"}
                   if raw.get(k) not in (None, False))
    if given:
        raise PinosolveError(f"give the round once: --record, or its options "
                             f"({', '.join(given)}), not both")
    path = file_named(raw, "record")
    assert path is not None
    return record_file(path, chosen_variant_of(raw, named=True))


def _round(raw: Raw, got: dict[str, Any]) -> Round:
    """The round's facts, read and checked: the record's, or the options'."""
    from pinosolve.scoring.round import ROUND_KEYS, check_round, read_round

    v = got["variant"]
    if got["record"] is not None:
        return check_round(v, got["record"].round())
    data: dict[str, Any] = {}
    for key in ROUND_KEYS - {"variant", "rules", "note"}:
        value = raw.get(key)
        if value is None or value is False:
            continue
        data[key] = named_values(value, key) if key in _PAIRS else \
            _in_order(value) if key == "meld_order" else value
    return read_round(v, data)


def _in_order(value: Any) -> Any:
    """--meld-order's SEAT=points words, in order, as [seat, points] pairs (a JSON list of
    pairs as it is)."""
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        return value
    out = []
    for word in value:
        seat, sep, points = word.partition("=")
        if not sep or not points.strip().isdigit():
            raise PinosolveError(f"--meld-order: expected SEAT=points, got {word!r:.40}")
        out.append([seat.strip(), whole_text(points, f"--meld-order {seat.strip()!r:.20}")])
    return out


@dataclass(frozen=True)
class ScoreParams(Params):
    """``score``'s parameters: one round's facts (the options', or a game record's)."""

    record: Optional[Record] = combined(_record)
    variant: Variant = reader(lambda raw, name, got: got["record"].variant if got["record"]
                              is not None else chosen_variant_of(raw))
    round: Round = reader(lambda raw, name, got: _round(raw, got))


def compute_score(params: ScoreParams) -> RoundScore:
    from pinosolve.scoring.round import score_round

    return score_round(params.variant, params.round)


def render_score(result: RoundScore) -> None:
    from rich.table import Table

    out = console()
    title = f"{result.variant}"
    if result.bidder is not None:
        title += f": {result.bidder} bid {result.bid}"
        if result.trump is not None:
            title += f", trump {suit_text(result.trump)}"
    table = Table(title=title, title_justify="left")
    # "recorded": the trick points as the rules record them (rounded); none where no trick
    # was played (a throw-in), so that it never reads as a score against the change
    for col in ("side", "meld", "counted", "trick points", "recorded", "change"):
        table.add_column(col, justify="left" if col in ("side", "counted") else "right")
    for sd in result.sides:
        played = sd.trick_points is not None
        table.add_row(sd.side + (" (bid)" if sd.bidding else ""), str(sd.meld),
                      "yes" if sd.meld_counted else "no",
                      str(sd.trick_points) if played else "—",
                      str(sd.points_scored) if played else "—", f"{sd.change:+d}")
    out.print(table)
    if result.made is not None:
        verdict = "made" if result.made else ("thrown in" if result.thrown_in else "set")
        out.print(f"contract {verdict}", style="bold")
    out.print("score: " + ", ".join(f"{u} {c:+d}" for u, c in result.score.items()))
    for reason in result.reasons:
        out.print(f"  - {reason}")
    if result.game_over:
        out.print(f"game over: {', '.join(result.game_over.winners)} win", style="bold")


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
                             "--points, or left out of every side's, as source 004 counts).",
        show_default=False)] = None,
    laid_away: Annotated[Optional[str], typer.Option(
        "--laid-away", help="Cards the bidder laid away (they count for him where the rules "
                            "say so).", show_default=False)] = None,
    meld_order: Annotated[Optional[PairOpt], typer.Option(
        "--meld-order", help="SEAT=points for each meld laid during play, in order, where meld "
        "counts as it is laid (scoring.going_out = meld-laid); repeat.",
        show_default=False)] = None,
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
SCORE = Analysis(ScoreParams, compute_score, aliases=BIDDER_ALIASES)


# --- game ---------------------------------------------------------------------------------


def _game_file(raw: Raw) -> str:
    """The game record's file: a shipped one's by name, a path, or '-'."""
    from pinosolve.puzzle import find_game

    path = want_str(raw, "file", "file")
    if path is None:
        raise PinosolveError("give the game record: pinosolve game NAME|FILE (or --input "
                             "FILE|-); 'pinosolve game --list' names the shipped ones")
    return path if path == "-" else str(find_game(path))


@dataclass(frozen=True)
class GameParams(Params):
    """``game``'s parameters: the game record's file, and the variant that stands in where
    the file names none."""

    file: str = combined(_game_file)
    variant: Optional[Variant] = combined(lambda raw: chosen_variant_of(raw)
                                          if raw.get("variant") or raw.get("rules") else None)


def compute_game(params: GameParams) -> GameRecord:
    from pinosolve.records.read import read_source, rounds_of
    from pinosolve.records.tags import looks_like_record
    from pinosolve.scoring.game import game_from_file, play_game

    text, name = read_source(params.file, "game record")
    if looks_like_record(text):  # a file of game records: each a round, in order
        v, rounds = rounds_of(text, name, params.variant)
        return play_game(v, rounds, None)
    return game_from_file(params.file, params.variant, text)


def render_game(result: GameRecord) -> None:
    from rich.table import Table

    out = console()
    units = list(result.totals)
    length = f"{result.rounds_to_play} rounds" if result.rounds_to_play else \
        f"game {result.game or 'none'}"
    table = Table(title=f"{result.variant}, {length}", title_justify="left")
    table.add_column("round", justify="right")
    table.add_column("bid")
    for u in units:
        table.add_column(u, justify="right")
    for row in result.rounds:
        bid = "—" if row.bidder is None else (
            f"{row.bidder} {row.bid} " + ("made" if row.made else "set"))
        table.add_row(str(row.round), bid,
                      *[f"{row.score[u]:+d} = {row.totals[u]}" for u in units])
    out.print(table)
    if result.winner:
        w = result.winner
        out.print(f"winner: {'/'.join(w.winners)} after round {w.round} — {w.why}",
                  style="bold")
    else:
        out.print(result.status, style="bold")
    if result.agrees is not None:
        out.print("the answer on file " + ("agrees" if result.agrees else
                                            f"DISAGREES: {result.answer}"))


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
    from pinosolve.cli.output import show_list

    show_list(rows, "Game records (pinosolve game NAME)", ("name", "variant"))


def game_cmd(
    file: Annotated[Optional[str], typer.Argument(
        metavar="NAME|FILE", autocompletion=complete_game,
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
    result = compute_game(GameParams.read({"file": shorthand(file, input_source, "input"),
                                           "variant": variant, "rules": rules_path}))
    emit_json(result.to_json()) if json_out else render_game(result)
    if result.agrees is False:
        raise typer.Exit(1)
