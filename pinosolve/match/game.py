"""Whole games at one seating: rounds played to the variant's target, in duplicate.

Game ``g`` of a match with seed ``S`` deals its round ``r`` (from 0) as deal ``g *
GAME_ROUNDS + r`` of the seed, dealt by ``dealer_of(g + r)``: every seating plays the same
deals in the same order, and goes on until the running scores name a winner under the
variant's rules (``pinosolve.scoring.game.play_game``: ``scoring.game``, ``tie_break``,
``must_bid_or_set_to_win``, ``mercy``, ``rounds``, and ``going_out = "meld-laid"``, where a
meld that reaches the target takes its player out at once). A round every seat passed (redealt) is
no round of the game; the next deal is dealt. A game still open after ``GAME_ROUNDS`` deals
is given to the highest running score.

>>> from pinosolve import load_variant
>>> game_deals(load_variant("four-hand"), 3)[:2]
((300, 'S'), (301, 'W'))
>>> check_game_variant(load_variant("two-hand")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Callable

from pinosolve.errors import PinosolveError
from pinosolve.match.board import Board
from pinosolve.match.seating import dealer_of
from pinosolve.variants.variant import Variant

GAME_ROUNDS = 100  # deals a game at most; game g's deals are g * GAME_ROUNDS onwards


def check_game_variant(v: Variant) -> None:
    """None where ``v`` has games to play (a target or a number of rounds); else
    PinosolveError."""
    s = v.rules.scoring
    if not s.game and not s.rounds:
        raise PinosolveError(f"{v.id} has no game to play to: each deal is settled alone "
                             "[scoring.game = 0]; play deals")


def game_deals(v: Variant, game: int) -> tuple[tuple[int, str], ...]:
    """Game ``game``'s deals in order: each deal's index and dealer."""
    return tuple((game * GAME_ROUNDS + r, dealer_of(v, game + r)) for r in range(GAME_ROUNDS))


def unit_seats(v: Variant, unit: str) -> tuple[str, ...]:
    """The seats a running score (``score_units``) is kept for: a side's seats, or a seat."""
    sides = v.rules.players.sides if v.rules.players.partnership == "fixed" else {}
    return tuple(sides[unit]) if unit in sides else (unit,)


@dataclass
class GamePlayed:
    """A game at one seating: ``seating`` (A or B per seat), the ``rounds`` played (boards,
    redeals included), the running ``totals`` at its end and the ``winners`` (running
    scores; ``why`` says how it was won)."""

    seating: tuple[str, ...]
    rounds: int
    totals: dict[str, int]
    winners: tuple[str, ...]
    why: str

    def wins(self, v: Variant, letter: str) -> float:
        """The share of the game ``letter`` won: the share of the winners it held (a side's
        seats are all one player's at a duplicate table)."""
        if not self.winners:
            return 0.0
        held = dict(zip(v.seats, self.seating))
        return sum(1 for u in self.winners if held[unit_seats(v, u)[0]] == letter) / \
            len(self.winners)

    def to_json(self) -> dict[str, Any]:
        return {"seating": "".join(self.seating), "rounds": self.rounds,
                "totals": self.totals, "winners": list(self.winners), "why": self.why}

    @classmethod
    def from_json(cls, data: Any) -> GamePlayed:
        """A game as ``to_json`` wrote it; ValueError where a field is not of its kind."""
        seating, rounds, totals = data["seating"], data["rounds"], data["totals"]
        winners, why = data["winners"], data["why"]
        if not isinstance(seating, str) or isinstance(rounds, bool) or \
                not isinstance(rounds, int) or not isinstance(totals, dict) or \
                not isinstance(winners, list) or not isinstance(why, str) or \
                not all(isinstance(u, str) for u in winners) or \
                len(set(winners)) != len(winners) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in totals.values()):
            raise ValueError("not a game as written")
        return cls(tuple(seating), rounds, dict(totals), tuple(winners), why)


PlayRound = Callable[[int, str, int], tuple[Board, Any]]  # (index, dealer, round) -> board


def play_game_at(v: Variant, game: int, seating: tuple[str, ...], play_round: PlayRound
                 ) -> tuple[GamePlayed, list[Board]]:
    """Game ``game`` at one ``seating``: ``play_round(index, dealer, round)`` plays each deal
    whole and gives its board and the round's facts (None: redealt), until the game is won
    (see the module)."""
    from pinosolve.scoring.game import play_game

    rounds: list[Any] = []
    boards: list[Board] = []
    record = None
    for r, (index, dealer) in enumerate(game_deals(v, game)):
        board, facts = play_round(index, dealer, r)
        boards.append(board)
        if facts is None:
            continue
        rounds.append(facts)
        record = play_game(v, rounds)
        if record.winner is not None:
            return GamePlayed(seating, len(boards), dict(record.totals),
                              tuple(record.winner.winners), record.winner.why), boards
    totals = dict(record.totals) if record is not None else {}
    best: Optional[int] = max(totals.values()) if totals else None
    winners = tuple(u for u, x in totals.items() if x == best)
    return GamePlayed(seating, len(boards), totals, winners,
                      f"no winner in {GAME_ROUNDS} deals: the highest score"), boards
