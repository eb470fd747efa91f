"""A whole game: rounds scored one by one, running totals, and the winner by the variant's rules.

After each round the scores are checked against ``scoring.game``. Several players or sides over
the target are separated by ``scoring.tie_break`` in order (``bidder``: the side that won this
round's bid; ``higher-score``; ``last-round``: most points this round; ``most-tricks``: most
tricks this round). ``must_bid_or_set_to_win`` lets only a side that made its bid, or the side
that set it, go out. ``mercy`` ends a lopsided game early. A failed shoot-the-moon ends it at
once. Where meld is written down as it is laid (``going_out = "meld-laid"``, source 002) a
round's ``meld_order`` is checked meld by meld, and the first to reach the target with a meld
wins at once. A game record that goes on after the game was won is an error.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from pinosolve.errors import PinosolveError
from pinosolve.files import read_table
from pinosolve.inputs import check_keys
from pinosolve.results import Result, optional
from pinosolve.scoring.round import (Round, RoundScore, check_round, groups, read_round,
                                     score_round, score_units)
from pinosolve.variants.variant import Variant, resolve, rules_path

GAME_KEYS = {"variant", "rules", "rounds", "start", "title", "note", "answer"}


def read_record(path: str) -> dict[str, Any]:
    """A game record, TOML or JSON, from the file ``path`` ('-': standard input)."""
    return read_table(path, "game record", "a table with 'rounds'")


def variant_for(data: dict[str, Any], path: Optional[str], fallback: Optional[Variant]
                ) -> Variant:
    if data.get("rules"):
        rules = rules_path(str(data["rules"]), Path(path) if path else None)
        return resolve(None, str(rules))
    if data.get("variant"):
        return resolve(str(data["variant"]), None)
    if fallback is None:
        raise PinosolveError("name the variant in the game file (variant = ID) or with "
                             "variant= or rules=")
    return fallback


def _winner_among(v: Variant, over: list[str], rnd: Round, result: RoundScore,
                  totals: dict[str, int]) -> tuple[list[str], str]:
    """Apply the tie-breaks to the units over the target; ([], why) if none decides."""
    s = v.rules.scoring
    if _one_side(v, rnd, over):
        return over, f"{'/'.join(over)} reached {s.game} [scoring.game = {s.game}]"
    candidates = list(over)
    for rule in s.tie_break:
        if rule == "bidder":
            bidders = [u for g in groups(v, rnd) if g.bidding for u in g.units]
            pick = [u for u in candidates if u in bidders]
        elif rule == "higher-score":
            best = max(totals[u] for u in candidates)
            pick = [u for u in candidates if totals[u] == best]
        elif rule == "last-round":
            best = max(result.score[u] for u in candidates)
            pick = [u for u in candidates if result.score[u] == best]
        else:  # most-tricks
            tricks = {sd.side: sd.tricks for sd in result.sides}
            per_unit = {u: next((t for g in groups(v, rnd) if u in g.units
                                 for t in [tricks.get(g.name)]), None) for u in candidates}
            if any(t is None for t in per_unit.values()):
                return [], ("the tie would go to the most tricks, but the last round gives "
                            "no tricks [scoring.tie_break]")
            best = max(t for t in per_unit.values() if t is not None)
            pick = [u for u in candidates if per_unit[u] == best]
        if pick:
            candidates = pick
        if _one_side(v, rnd, candidates):
            return candidates, (f"{' and '.join(over)} reached {s.game}; "
                                f"{'/'.join(candidates)} wins by the tie-break '{rule}' "
                                f"[scoring.tie_break]")
    return [], (f"{' and '.join(over)} reached {s.game} and no tie-break separates them: "
                "the game goes on [scoring.tie_break]")


def _one_side(v: Variant, rnd: Round, units: list[str]) -> bool:
    """The units are one scoring group (a called partnership shares one result)."""
    if len(units) == 1:
        return True
    return any(set(units) <= set(g.units) for g in groups(v, rnd))


def _mercy(v: Variant, totals: dict[str, int]) -> Optional[str]:
    s = v.rules.scoring
    low, high = min(totals.values()), max(totals.values())
    if s.mercy == "minus-half" and low <= -s.game / 2:
        return f"a score of {low} is at or below minus half the game [scoring.mercy = minus-half]"
    if s.mercy == "minus-game" and low <= -s.game:
        return f"a score of {low} is at or below minus the game [scoring.mercy = minus-game]"
    if s.mercy == "spread" and high - low >= s.game:
        return (f"the spread {high - low} reaches the game {s.game} "
                "[scoring.mercy = spread]")
    return None


@dataclass(frozen=True, repr=False)
class GameRound(Result):
    """One round of a game: its number, contract, whether it was made, each running score's
    change (``score``) and running total after it (``totals``), and the reasons."""

    round: int
    bidder: Optional[str]
    bid: Optional[int]
    made: Optional[bool]
    score: dict[str, int]
    totals: dict[str, int]
    reasons: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class GameWinner(Result):
    """Who won the game (``winners``: running scores), after which round, and why."""

    round: int
    winners: tuple[str, ...]
    why: str


@dataclass(frozen=True, repr=False)
class GameRecord(Result):
    """A whole game scored (``pinosolve game``): the target (``game``; 0: none), or the
    number of rounds the game is (``rounds_to_play``, where the rules make it one of a number
    of rounds), each round, the final running totals and the winner (None: no winner yet,
    ``status`` says why); for a record with an answer on file, that answer and whether it
    ``agrees``."""

    variant: str
    game: int
    rounds: tuple[GameRound, ...]
    totals: dict[str, int]
    winner: Optional[GameWinner]
    status: Optional[str] = optional()
    answer: Optional[dict[str, Any]] = optional()
    agrees: Optional[bool] = optional()
    rounds_to_play: Optional[int] = optional()

    _repr_keys = ("game", "totals", "winner")


def play_game(v: Variant, rounds: Any, start: Any = None) -> GameRecord:
    """Score every round in order and name the winner."""
    s = v.rules.scoring
    if not isinstance(rounds, list) or not rounds:
        raise PinosolveError("a game record needs a non-empty list 'rounds'")
    units = score_units(v)
    totals = {u: 0 for u in units}
    if start is not None:
        if not isinstance(start, dict):
            raise PinosolveError("start must be a table of side -> score")
        for k, val in start.items():
            match = [u for u in units if u.upper() == str(k).upper()]
            if not match or isinstance(val, bool) or not isinstance(val, int):
                raise PinosolveError(f"start: bad entry {k!r} = {val!r}; keys are "
                                     f"{', '.join(units)}")
            totals[match[0]] = val
    table: list[dict[str, Any]] = []
    winner: Optional[dict[str, Any]] = None
    for n, data in enumerate(rounds, 1):
        if winner is not None:
            raise PinosolveError(f"round {n}: the game was already over after round "
                                 f"{winner['round']} ({winner['why']})")
        if isinstance(data, dict):
            data = {k: val for k, val in data.items() if k not in ("variant", "rules")}
        try:
            rnd = check_round(v, data) if isinstance(data, Round) else read_round(v, data)
            out = _out_by_meld(v, rnd, totals) if s.game else None
            if out is None and rnd.points is None and not rnd.throw_in:
                raise PinosolveError("no meld laid takes anyone out, so the round is played "
                                     "to the end: give its trick points (points = {side: n}) "
                                     "or the cards won")
            result = score_round(v, rnd) if out is None else None
        except PinosolveError as exc:
            raise PinosolveError(f"round {n}: {exc}") from None
        if out is not None:
            unit, laid, why = out
            for u in laid:
                totals[u] += laid[u]
            table.append({"round": n, "bidder": None, "bid": None, "made": None,
                          "score": laid, "totals": dict(totals), "reasons": [why]})
            winner = {"round": n, "winners": [unit], "why": why}
            continue
        assert result is not None  # (scored: nobody went out with a meld)
        for u, change in result.score.items():
            totals[u] += change
        table.append({"round": n, "bidder": result.bidder, "bid": result.bid,
                      "made": result.made, "score": result.score,
                      "totals": dict(totals), "reasons": list(result.reasons)})
        if result.game_over is not None:
            winner = {"round": n, "winners": result.game_over.winners,
                      "why": "the shooter failed to take every trick "
                             "[scoring.shoot_the_moon]"}
            continue
        if s.rounds:
            if n == s.rounds:  # the last round: the highest score wins (ties: all of them)
                best = max(totals.values())
                winner = {"round": n, "winners": [u for u in units if totals[u] == best],
                          "why": f"the highest score after {s.rounds} rounds [scoring.rounds]"}
            continue
        if not s.game:
            continue
        over = [u for u in units if totals[u] >= s.game]
        if s.must_bid_or_set_to_win and over:
            eligible = _bid_or_set(v, rnd, result)
            kept = [u for u in over if u in eligible]
            if len(kept) < len(over):
                table[-1]["reasons"].append(
                    f"{', '.join(u for u in over if u not in kept)} over {s.game} without "
                    "making the bid or setting it: not out [scoring.must_bid_or_set_to_win]")
            over = kept
        if over:
            names, why = _winner_among(v, over, rnd, result, totals)
            if names:
                winner = {"round": n, "winners": names, "why": why}
                continue
            table[-1]["reasons"].append(why)
        why_mercy = _mercy(v, totals)
        if why_mercy:
            best = max(totals.values())
            winner = {"round": n, "winners": [u for u in units if totals[u] == best],
                      "why": f"mercy: {why_mercy}; the highest score wins"}
    status = None
    if winner is None:
        status = (f"no winner yet: {len(table)} of the game's {s.rounds} rounds played "
                  "[scoring.rounds]" if s.rounds else
                  "no game target: each deal is settled alone [scoring.game = 0]"
                  if not s.game else f"no winner yet: nobody has gone out at {s.game}")
    return GameRecord(
        v.id, s.game, tuple(GameRound(r["round"], r["bidder"], r["bid"], r["made"], r["score"],
                                      r["totals"], tuple(r["reasons"])) for r in table),
        totals,
        None if winner is None else GameWinner(winner["round"], tuple(winner["winners"]),
                                               winner["why"]),
        status, rounds_to_play=s.rounds or None)


def _out_by_meld(v: Variant, rnd: Round, totals: dict[str, int]
                 ) -> Optional[tuple[str, dict[str, int], str]]:
    """Where meld counts as it is laid: the running score that reaches the game with a meld
    during the round, the meld laid up to then, and why; None if no meld reaches it."""
    s = v.rules.scoring
    if s.going_out != "meld-laid" or not rnd.meld_order:
        return None
    unit_of = {seat: g.units[0] for g in groups(v, rnd) for seat in g.seats}
    laid = {u: 0 for u in totals}
    for n, (seat, points) in enumerate(rnd.meld_order, 1):
        unit = unit_of[seat]
        laid[unit] += points
        if totals[unit] + laid[unit] >= s.game:
            return unit, laid, (f"{unit} reached {s.game} with meld {n} of the round "
                                f"({points} points), laid during play: out at once, and the "
                                "rest of the round is not scored [scoring.going_out = "
                                "meld-laid]")
    return None


def _bid_or_set(v: Variant, rnd: Round, result: RoundScore) -> list[str]:
    """Units that may win this round: the bidders if they made, the defenders if they set."""
    if result.made is None:
        return list(score_units(v))
    return [u for g in groups(v, rnd) if g.bidding == bool(result.made) for u in g.units]


def game_from_file(path: str, fallback: Optional[Variant] = None,
                   text: Optional[str] = None) -> GameRecord:
    """The game record in the file ``path`` (TOML or JSON; ``text``: its text, read
    already) scored; its answer on file, if any (``winner``: the running scores that win,
    ``round``), checked."""
    if text is None:
        data = read_record(path)
    else:
        from pinosolve.files import parse_document

        data = parse_document(text, path if path != "-" else "game record on stdin")
        if not isinstance(data, dict):
            raise PinosolveError(f"{path}: expected a table with 'rounds'")
    check_keys(data, GAME_KEYS, path)
    v = variant_for(data, path, fallback)
    out = play_game(v, data.get("rounds"), data.get("start"))
    answer = data.get("answer")
    if answer is not None:
        if not isinstance(answer, dict) or set(answer) - {"winner", "round"}:
            raise PinosolveError(f"{path}: answer must be a table with winner and round")
        got = ({"winner": list(out.winner.winners), "round": out.winner.round}
               if out.winner is not None else {})
        out = dataclasses.replace(out, answer=answer,
                                  agrees=all(got.get(k) == val for k, val in answer.items()))
    return out
