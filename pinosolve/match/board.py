"""One board of a match: a deal played whole by the players seated as one arrangement.

``play_board(variant, dealt, dealer, seating, players, seeds)`` runs the round at the table
(``pinosolve.table``) decision by decision: the seat to decide gets its own view (a player
that sees all, its open view) and answers; an answer that is late, a crash, garbage, an
illegal choice or an error is replaced by the decision's default and counted as a fault
of that player (``pinosolve.players.base.FAULTS``). The answer is the ``Board``: each
seat's score change, the contract, whether it was made, the faults, and the record.

>>> from pinosolve import load_variant
>>> from pinosolve.players import make_player
>>> from pinosolve.variants.dealer import seeded_deal
>>> v = load_variant("two-hand")
>>> players = {s: make_player("rules") for s in v.seats}
>>> b = play_board(v, seeded_deal(v, 1), "S", ("A", "B"), players, {"N": 1, "S": 2})
>>> sorted(b.scores) == ["N", "S"], b.faults
(True, {})
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Optional
from collections.abc import Mapping

from pinosolve.errors import PinosolveError
from pinosolve.players.base import Player, PlayerFault
from pinosolve.table import new_table
from pinosolve.table.decision import IllegalChoice
from pinosolve.variants.dealer import Dealt
from pinosolve.variants.variant import Variant

MAX_FAULT_TEXT = 200


@dataclass
class Board:
    """A board played: ``seating`` (A or B per seat), each seat's score change
    (``scores``), the ``bidder`` and ``bid`` (None: no contract; ``void``: redealt), whether
    the contract was ``made``, the ``faults`` per player letter and kind (with the first
    message of each in ``fault_notes``), the decisions made, each player's seconds, and the
    ``record`` (its text)."""

    seating: tuple[str, ...]
    scores: dict[str, int]
    bidder: Optional[str] = None
    bid: Optional[int] = None
    made: Optional[bool] = None
    void: bool = False
    faults: dict[str, dict[str, int]] = field(default_factory=dict)
    fault_notes: dict[str, str] = field(default_factory=dict)
    decisions: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    record: str = ""
    deal: str = ""  # the hands as dealt (PBN), the same at every board of a deal
    decided: dict[str, int] = field(default_factory=dict)  # decisions by player letter

    def to_json(self) -> dict[str, Any]:
        return {"seating": "".join(self.seating), "scores": self.scores,
                "bidder": self.bidder, "bid": self.bid, "made": self.made, "void": self.void,
                "faults": self.faults, "fault_notes": self.fault_notes,
                "decisions": self.decisions, "seconds": self.seconds, "deal": self.deal,
                "decided": self.decided}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Board:
        return cls(tuple(data["seating"]), dict(data["scores"]), data.get("bidder"),
                   data.get("bid"), data.get("made"), bool(data.get("void")),
                   dict(data.get("faults") or {}), dict(data.get("fault_notes") or {}),
                   int(data.get("decisions") or 0), dict(data.get("seconds") or {}),
                   deal=str(data.get("deal") or ""),
                   decided=dict(data.get("decided") or {}))

    def player_score(self, v: Variant, letter: str) -> Optional[float]:
        """The mean score change of the seats ``letter`` held (None: it held none)."""
        mine = [self.scores[s] for s, x in zip(v.seats, self.seating) if x == letter]
        return sum(mine) / len(mine) if mine else None

    def difference(self, v: Variant) -> float:
        """A's mean seat score less B's."""
        a, b = self.player_score(v, "A"), self.player_score(v, "B")
        assert a is not None and b is not None
        return a - b


def play_board(v: Variant, dealt: Dealt, dealer: str, seating: tuple[str, ...],
               players: Mapping[str, Player], seeds: Mapping[str, int],
               tags: tuple[tuple[str, str], ...] = ()) -> Board:
    """Play ``dealt`` whole with ``players`` (seat -> player) seated as ``seating`` (see
    the module). ``seeds``: seat -> the seed its player starts the round with."""
    return play_round(v, dealt, dealer, seating, players, seeds, tags)[0]


def play_round(v: Variant, dealt: Dealt, dealer: str, seating: tuple[str, ...],
               players: Mapping[str, Player], seeds: Mapping[str, int],
               tags: tuple[tuple[str, str], ...] = ()) -> tuple[Board, Any]:
    """``play_board``, and the round's facts as scored (``Table.facts``; None where it was
    redealt), which a game's running score takes."""
    table = new_table(v, dealt, dealer, tags)
    board = Board(seating, {}, deal=str(dealt.deal))
    letter = dict(zip(v.seats, seating))
    for s in v.seats:
        players[s].start(v, s, seeds[s])
    clock = {"A": 0.0, "B": 0.0}
    while (d := table.decision()) is not None:
        start = time.perf_counter()
        made, fault = answer_of(players[d.seat], table, d)
        if fault is not None:
            _fault(board, letter[d.seat], *fault, d)
        clock[letter[d.seat]] += time.perf_counter() - start
        table.apply(made)
        board.decisions += 1
        board.decided[letter[d.seat]] = board.decided.get(letter[d.seat], 0) + 1
    board.seconds = {k: round(x, 6) for k, x in clock.items()}
    board.void = bool(table.void)
    board.scores = table.scores()
    if not board.void:
        result = table.score()
        board.bidder, board.bid, board.made = result.bidder, result.bid, result.made
    board.record = str(table.record())
    return board, None if board.void else table.facts()


def answer_of(player: Player, table: Any, d: Any) -> tuple[Any, Optional[tuple[str, str]]]:
    """``player``'s answer to decision ``d`` at ``table`` (its view, or its open view for a
    player that sees all), checked: the answer and None, or the decision's default and the
    fault (its kind and message) where the player answered late, crashed, printed garbage,
    chose an illegal choice or raised an error (a built-in player's defect is reported as a
    fault, never the end of a match)."""
    view = table.open_view(d.seat) if player.sees_all else table.view(d.seat)
    try:
        return d.check(player.choose(view, d)), None
    except PlayerFault as fault:
        return d.default(), (fault.kind, str(fault))
    except IllegalChoice as exc:
        return d.default(), ("illegal", str(exc))
    except (PinosolveError, ValueError, KeyError, IndexError, TypeError,
            AssertionError) as exc:
        return d.default(), ("error", f"{type(exc).__name__}: {exc}")


def _fault(board: Board, who: str, kind: str, message: str, d: Any) -> None:
    per = board.faults.setdefault(who, {})
    per[kind] = per.get(kind, 0) + 1
    board.fault_notes.setdefault(f"{who} {kind}", f"{d.kind} at {d.seat}: {message}"
                                 [:MAX_FAULT_TEXT])
