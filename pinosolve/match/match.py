"""A duplicate match between two players: the same deals, every seating, the difference.

Deal ``k`` of a match with seed ``S`` is ``seeded_deal(variant, S, k)`` (as ``deal --seed S
--index k`` deals it), dealt by the seat ``k`` places round the table; it is played once
per arrangement of the players A and B (``pinosolve.match.seating``), each time whole
(``pinosolve.match.board``). Its *difference* is the mean over the arrangements of A's mean
seat score less B's: what A gains over B a deal, in the variant's points, with the luck of
the cards taken out by the swapped seats. ``play_deal(spec, k)`` is that task alone: it
depends on (spec, k) only, so deals can run in any order or process and a match resumes
where it stopped. ``run_match`` plays the deals, keeps them in ``--out``'s folder (one JSON
line a deal, one record a board), stops early where a sequential test decides, and sums up
(``MatchResult``: the mean difference, its standard error and 95% interval, make and set
rates, faults, time).

>>> r = run_match(MatchSpec("two-hand", "rules", "random", seed=1), deals=4)
>>> r.deals, r.players["A"], r.boards
(4, 'rules', 8)
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional
from collections.abc import Callable, Generator, Mapping

from pinosolve.errors import PinosolveError
from pinosolve.match.board import Board, play_board, play_round
from pinosolve.match.game import GAME_ROUNDS, GamePlayed, play_game_at
from pinosolve.match.seating import arrangements, dealer_of
from pinosolve.players import make_player
from pinosolve.players.base import Player
from pinosolve.results import Result, optional
from pinosolve.variants.dealer import MAX_INDEX, seeded_deal
from pinosolve.variants.variant import Variant

MAX_DEALS = 1_000_000
MAX_LINE = 1 << 20  # bytes of one line of a match's deals file


@dataclass(frozen=True)
class MatchSpec:
    """What a match plays: ``variant`` (a Variant or its ID), the players ``first`` (A) and
    ``second`` (B) by their specs, the ``seed`` of its deals, ``answer_seconds``, the time a
    program player has for each answer, and whether its unit is a whole game to the
    variant's target (``games``; ``pinosolve.match.game``) or a deal. Checked as it is
    made."""

    variant: Any
    first: str
    second: str
    seed: int = 0
    answer_seconds: float = 10.0
    games: bool = False

    def __post_init__(self) -> None:
        from pinosolve.inputs import as_variant
        from pinosolve.match.game import check_game_variant
        from pinosolve.variants.shuffle import check_seed

        object.__setattr__(self, "variant", as_variant(self.variant))
        check_seed(self.seed)
        if not isinstance(self.games, bool):
            raise PinosolveError(f"games: True or False, got {self.games!r:.20}")
        if self.games:
            check_game_variant(self.variant)
        seconds = self.answer_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or \
                not 0 < seconds <= 3600:
            raise PinosolveError(f"answer_seconds: a number above 0 and at most 3600, got "
                                 f"{seconds!r:.20}")
        for spec in (self.first, self.second):
            if not isinstance(spec, str):
                raise PinosolveError(f"player: a spec as text, got {type(spec).__name__}")
            player = make_player(spec, seconds=seconds)  # (its name and parameters)
            try:
                check = getattr(player, "check", None)
                if check is not None:
                    check()  # (a program that cannot start is named before any deal)
            finally:
                player.close()


@dataclass
class DealResult:
    """A deal of a match (or a game, in a match of games): its ``index``, ``dealer``, the
    ``boards`` (one per arrangement; a game's, every round of each arrangement in turn),
    the ``difference`` (A less B, points a deal) and, for a game, each arrangement's game
    (``games``)."""

    index: int
    dealer: str
    boards: list[Board]
    difference: float
    games: Optional[list[GamePlayed]] = None

    def to_json(self) -> dict[str, Any]:
        out = {"index": self.index, "dealer": self.dealer, "difference": self.difference,
               "boards": [b.to_json() for b in self.boards]}
        if self.games is not None:
            out["games"] = [g.to_json() for g in self.games]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealResult:
        games = data.get("games")
        return cls(int(data["index"]), str(data["dealer"]),
                   [Board.from_json(b) for b in data["boards"]], float(data["difference"]),
                   None if games is None else [GamePlayed.from_json(g) for g in games])


_PLAYERS: dict[tuple[Any, ...], Player] = {}  # this process's players, kept between deals


def _player(spec: MatchSpec, letter: str, seat: str) -> Player:
    key = (spec.first, spec.second, spec.answer_seconds, letter, seat)
    p = _PLAYERS.get(key)
    if p is None:
        p = _PLAYERS[key] = make_player(spec.first if letter == "A" else spec.second,
                                        seconds=spec.answer_seconds)
    return p


def close_players() -> None:
    """Close the players this process keeps (a program player's process)."""
    for p in _PLAYERS.values():
        p.close()
    _PLAYERS.clear()


def seat_seed(seed: int, index: int, board: int, seat: str) -> int:
    """The seed a player starts a round with: from the match's seed, the deal, the board
    and the seat alone."""
    text = f"{seed}/{index}/{board}/{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def play_deal(spec: MatchSpec, index: int) -> tuple[DealResult, list[str]]:
    """Deal ``index`` played at every arrangement: the result and each board's record."""
    v: Variant = spec.variant
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= MAX_INDEX:
        raise PinosolveError(f"deal index {index} is out of range")
    if spec.games and index >= MAX_INDEX // GAME_ROUNDS:
        raise PinosolveError(f"game {index} is out of range")
    if spec.games:
        return _play_game(spec, index)
    dealt = seeded_deal(v, spec.seed, index)
    seats = v.seats
    dealer = dealer_of(v, index)
    boards = []
    for k, seating in enumerate(arrangements(v)):
        players = {s: _player(spec, x, s) for s, x in zip(seats, seating)}
        seeds, tags = _board_setup(spec, index, k, players, f"{index}.{k + 1}")
        boards.append(play_board(v, dealt, dealer, seating, players, seeds, tags))
    diff = sum(b.difference(v) for b in boards) / len(boards)
    return DealResult(index, dealer, boards, diff), [b.record for b in boards]


def _play_game(spec: MatchSpec, game: int) -> tuple[DealResult, list[str]]:
    """Game ``game`` played whole at every arrangement (``pinosolve.match.game``)."""
    v: Variant = spec.variant
    seats = v.seats
    games, boards = [], []
    for k, seating in enumerate(arrangements(v)):
        players = {s: _player(spec, x, s) for s, x in zip(seats, seating)}
        one = functools.partial(_game_round, spec, game, k, seating, players)
        played, rounds = play_game_at(v, game, seating, one)
        games.append(played)
        boards.extend(rounds)
    return DealResult(game, dealer_of(v, game), boards, game_difference(v, boards),
                      games), [b.record for b in boards]


def _game_round(spec: MatchSpec, game: int, k: int, seating: tuple[str, ...],
                players: dict[str, Player], index: int, dealer: str, r: int
                ) -> tuple[Board, Any]:
    """Round ``r`` of game ``game`` (deal ``index``) at arrangement ``k``."""
    v: Variant = spec.variant
    seeds, tags = _board_setup(spec, index, k, players, f"{game}.{k + 1}.{r + 1}",
                               (("Game", str(game)), ("Round", str(r + 1))))
    return play_round(v, seeded_deal(v, spec.seed, index), dealer, seating, players, seeds,
                      tags)


def _board_setup(spec: MatchSpec, index: int, k: int, players: Mapping[str, Player],
                 board: str, more: tuple[tuple[str, str], ...] = ()
                 ) -> tuple[dict[str, int], tuple[tuple[str, str], ...]]:
    """Deal ``index`` at arrangement ``k``: each seat's seed, and the record's tags (the
    board's label ``board``, then ``more``)."""
    seats = spec.variant.seats
    seeds = {s: seat_seed(spec.seed, index, k, s) for s in seats}
    names = " ".join(f"{s}={players[s].name}" for s in seats)
    return seeds, (("Event", "pinosolve match"), ("Seed", str(spec.seed)),
                   ("Index", str(index)), ("Board", board), *more, ("Players", names))


def game_difference(v: Variant, boards: list[Board]) -> float:
    """A game's difference: over its arrangements, the mean of A's less B's points a deal
    (each arrangement's boards, redeals included, in turn)."""
    by: dict[tuple[str, ...], list[float]] = {}
    for b in boards:
        by.setdefault(b.seating, []).append(b.difference(v))
    return sum(sum(d) / len(d) for d in by.values()) / len(by)


def play_deal_alone(spec: MatchSpec, index: int) -> tuple[DealResult, list[str]]:
    """``play_deal``, the players closed after it: a worker's task, which leaves no program
    player's process behind it (a worker may end at any time)."""
    try:
        return play_deal(spec, index)
    finally:
        close_players()


@dataclass(frozen=True, repr=False)
class Fault(Result):
    """Decisions a player lost to the default: the ``kind`` of failure (``late``,
    ``crashed``, ``garbage``, ``illegal``, ``error``), how many (``decisions``), and the
    first, described (``note``)."""

    kind: str
    decisions: int
    note: str


@dataclass(frozen=True, repr=False)
class PlayerRow(Result):
    """One player's rows of a match: its spec (``name``), whether it ``cheats`` (sees every
    card), its mean score a board (``mean``), the contracts it won (``contracts``), made
    (``contracts_made``) and set (``contracts_set``), its faults by kind (``faults``), its
    seconds a decision and, in a match of games, the games it won (``games_won``: a game won
    at every arrangement counts 1, a shared win its share)."""

    name: str
    cheats: bool
    mean: float
    contracts: int
    contracts_made: int
    contracts_set: int
    faults: tuple[Fault, ...]
    seconds_per_decision: float
    games_won: Optional[float] = optional()


@dataclass(frozen=True, repr=False)
class MatchResult(Result):
    """A match summed up (see the module): the ``variant``, the ``players`` (A and B by
    spec), the ``seed``, the deals played and ``boards``, the mean ``difference`` a deal
    (A less B) with its ``stderr`` and its 95% bootstrap interval (``interval``), the
    ``verdict`` (``A``, ``B`` or ``none``: whether the interval lies above or below zero),
    the sequential test's decision (``sprt``: ``high``, ``low`` or None), each player's
    rows (``by_player``), the void boards (all passed, redealt), the ``seconds`` and the
    folder of the records (``out``). In a match of games, ``games`` is the games played
    (each at every arrangement), ``deals`` the deals they dealt, and the difference, its
    interval and the sequential test are of each game's points a deal."""

    variant: str
    players: dict[str, str]
    seed: int
    deals: int
    boards: int
    mean_difference: float
    stderr: float
    interval: tuple[float, float]
    verdict: str
    by_player: dict[str, PlayerRow]
    void: int
    seconds: float
    sprt: Optional[str] = optional()
    sprt_bounds: Optional[tuple[float, float]] = optional()
    out: Optional[str] = optional()
    differences: Optional[tuple[float, ...]] = optional()
    games: Optional[int] = optional()

    _repr_keys = ("players", "deals", "mean_difference", "interval", "verdict")


def summary(spec: MatchSpec, results: list[DealResult], seconds: float,
            sprt: Any = None, out: Optional[str] = None, keep: bool = False) -> MatchResult:
    """The ``MatchResult`` of the deals played (see ``MatchResult``)."""
    from pinosolve.match.stats import summarise

    if not results:
        raise PinosolveError("the match played no deal")
    v = spec.variant
    diffs = [r.difference for r in results]
    s = summarise(diffs, seed=spec.seed % (1 << 32))
    rows = {}
    boards = [b for r in results for b in r.boards]
    for letter, name in (("A", spec.first), ("B", spec.second)):
        scores = [x for b in boards if (x := b.player_score(v, letter)) is not None]
        won = [b for b in boards if b.bidder is not None and
               dict(zip(v.seats, b.seating)).get(b.bidder) == letter]
        faults: dict[str, int] = {}
        notes: dict[str, str] = {}
        for b in boards:
            for kind, n in b.faults.get(letter, {}).items():
                faults[kind] = faults.get(kind, 0) + n
                notes.setdefault(kind, b.fault_notes.get(f"{letter} {kind}", ""))
        decisions = sum(b.decided.get(letter, 0) for b in boards) or 1
        games_won = None
        if spec.games:  # (a game's share: its wins over its arrangements)
            games_won = round(sum(sum(g.wins(v, letter) for g in r.games) / len(r.games)
                                  for r in results if r.games), 4)
        rows[letter] = PlayerRow(name, make_player(name, seconds=spec.answer_seconds).sees_all,
                                 round(sum(scores) / len(scores), 4), len(won),
                                 sum(1 for b in won if b.made), sum(1 for b in won
                                                                    if b.made is False),
                                 tuple(Fault(k, n, notes[k]) for k, n in faults.items()),
                                 round(sum(b.seconds.get(letter, 0) for b in boards)
                                               / decisions, 6), games_won)
    verdict = "A" if s.low > 0 else "B" if s.high < 0 else "none"
    decision = sprt.decide(diffs) if sprt is not None else None
    dealt = sum(max((g.rounds for g in r.games or ()), default=1) for r in results)
    return MatchResult(v.id, {"A": spec.first, "B": spec.second}, spec.seed, dealt,
                       len(boards), round(s.mean, 4), round(s.stderr, 4),
                       (round(s.low, 4), round(s.high, 4)), verdict, rows,
                       sum(1 for b in boards if b.void), round(seconds, 3),
                       decision, (sprt.low, sprt.high) if sprt is not None else None, out,
                       tuple(round(d, 4) for d in diffs) if keep else None,
                       len(results) if spec.games else None)


# --- the folder of a match, and resuming ---------------------------------------------------

def _header(spec: MatchSpec) -> dict[str, Any]:
    from pinosolve.records.record import rules_hash

    head = {"match": 1, "variant": spec.variant.id, "rules": rules_hash(spec.variant),
            "first": spec.first, "second": spec.second, "seed": spec.seed}
    if spec.games:
        head["games"] = True
    return head


@dataclass
class Folder:
    """A match's folder: ``match.json`` (what the match is, and the pinosolve version that
    began it), ``deals.jsonl`` (a line per deal played) and ``records/`` (a record per
    board, ``DEAL-BOARD.pbn``). Open, it is locked (``.lock``): a second match run into the
    same folder at once is refused; ``close`` lets it go."""

    path: Path
    done: dict[int, DealResult] = field(default_factory=dict)
    lock: Any = None

    def close(self) -> None:
        """Let the folder go (its lock)."""
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def _take_lock(self) -> None:
        import fcntl

        where = self.path / ".lock"
        if where.is_symlink() or (where.exists() and not where.is_file()):
            raise PinosolveError(f"the match's folder {self.path}: .lock is not a regular "
                                 "file")
        try:
            f = open(where, "a")
        except OSError:  # (a folder that cannot be written: nothing will be written there
            return       # to guard; reading a finished match back needs no lock)
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            raise PinosolveError(f"the match's folder {self.path} is in use by another "
                                 "match running now") from None
        self.lock = f

    @classmethod
    def open(cls, path: str, spec: MatchSpec) -> Folder:
        """The folder at ``path`` for ``spec``: made if new; where it holds deals of the same
        match, those deals (a line cut short by a kill is dropped); PinosolveError where it
        holds another match or is not a folder."""
        from pinosolve.files import load_json, read_text

        p = Path(path)
        if p.exists() and not p.is_dir():
            raise PinosolveError(f"the match's folder {path}: not a folder")
        folder = cls(p)
        head = p / "match.json"
        want = _header(spec)
        if not head.exists() and p.exists() and any(
                x.name not in (".lock", "records") or x.is_symlink() or
                (x.name == "records" and (not x.is_dir() or any(x.iterdir())))
                for x in p.iterdir()):
            raise PinosolveError(f"the match's folder {path} is not empty and holds no "
                                 "match; give a new folder")
        try:
            p.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PinosolveError(f"the match's folder {path}: {exc.strerror}") from None
        folder._take_lock()  # (then no other match writes here until it is closed)
        try:
            if head.exists():
                try:
                    got = load_json(read_text(head, "match.json"))
                except (PinosolveError, ValueError):
                    got = None
                if isinstance(got, dict):
                    got.pop("pinosolve", None)  # (the version that began it: any resumes it)
                if got != want:
                    raise PinosolveError(f"the match's folder {path} holds another match "
                                         f"({_describe(got)}); give a new folder")
                folder._read_deals(spec)
            else:
                head.write_text(json.dumps({**want, "pinosolve": _version()}) + "\n")
            (p / "records").mkdir(exist_ok=True)
        except OSError as exc:
            folder.close()
            raise PinosolveError(f"the match's folder {path}: {exc.strerror or exc} "
                                 f"({Path(exc.filename or path).name})") from None
        except BaseException:
            folder.close()
            raise
        return folder

    def _read_deals(self, spec: MatchSpec) -> None:
        """The deals ``deals.jsonl`` holds, each checked against the match (its index, dealer,
        seatings, seats and scores; its difference computed again from its boards): from the
        first line that is cut short, unreadable or not this match's, the file is cut there
        and those deals are played again. A ``deals.jsonl`` that is not a regular file is
        refused."""
        from pinosolve.files import load_json

        path = self.path / "deals.jsonl"
        if not path.exists() and not path.is_symlink():
            return
        if path.is_symlink() or not path.is_file():
            raise PinosolveError(f"the match's folder {self.path}: deals.jsonl is not a "
                                 "regular file")
        good = 0
        with open(path, "rb") as f:
            while True:
                line = f.readline(MAX_LINE + 1)  # (bounded: a file of one endless line)
                if not line or len(line) > MAX_LINE or not line.endswith(b"\n"):
                    break
                try:
                    r = _checked(spec, DealResult.from_json(load_json(line)))
                except (PinosolveError, ValueError, KeyError, TypeError, AttributeError,
                        OverflowError, IndexError, RecursionError):
                    break
                self.done[r.index] = r
                good += len(line)
        if good != path.stat().st_size:
            with open(path, "r+b") as f:  # (a line cut short by a kill, or not this match's)
                f.truncate(good)

    def add(self, result: DealResult, records: list[str]) -> None:
        for k, text in enumerate(records, 1):
            where = self.path / "records" / f"{result.index:06d}-{k}.pbn"
            if where.is_symlink() or (where.exists() and not where.is_file()):
                raise PinosolveError(f"the match's folder {self.path}: {where.name} is not a "
                                     "regular file")
            where.write_text(text)
        with open(self.path / "deals.jsonl", "a") as f:
            f.write(json.dumps(result.to_json()) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.done[result.index] = result


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pinosolve")
    except PackageNotFoundError:
        return "unknown"


def _checked(spec: MatchSpec, r: DealResult) -> DealResult:
    """``r`` as read from a folder, if it is a deal of ``spec``'s match: its index in range,
    its dealer, one board per seating in order, every seat's score a whole number, its
    difference the one its boards give; else ``ValueError``."""
    v = spec.variant
    seatings: tuple[tuple[str, ...], ...] = arrangements(v)
    if spec.games:
        seatings = _game_seatings(spec, r)
    elif r.games is not None:
        raise ValueError("a game in a match of deals")
    if isinstance(r.index, bool) or not 0 <= r.index <= MAX_INDEX or \
            (spec.games and r.index >= MAX_INDEX // GAME_ROUNDS) or \
            r.dealer != dealer_of(v, r.index) or len(r.boards) != len(seatings):
        raise ValueError("not a deal of this match")
    for b, seating in zip(r.boards, seatings):
        if b.seating != seating or set(b.scores) != set(v.seats) or any(
                isinstance(x, bool) or not isinstance(x, int) or abs(x) > 10**12
                for x in b.scores.values()) or (b.bidder is not None and
                                                b.bidder not in v.seats):
            raise ValueError("not a board of this match")
        if not (b.made is None or isinstance(b.made, bool)) or not (
                b.bid is None or (isinstance(b.bid, int) and not isinstance(b.bid, bool))) \
                or not all(_counts(x) for x in b.faults.values()) or not _counts(b.decided) \
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                           and math.isfinite(x) for x in b.seconds.values()):
            raise ValueError("a board's figures are not this match's kind")
    difference = game_difference(v, r.boards) if spec.games else \
        sum(b.difference(v) for b in r.boards) / len(r.boards)
    if not math.isclose(difference, r.difference, rel_tol=1e-9, abs_tol=1e-9):
        raise ValueError("a difference its boards do not give")
    return r


def _game_seatings(spec: MatchSpec, r: DealResult) -> tuple[tuple[str, ...], ...]:
    """The seating of each board of game ``r`` as its games say (each arrangement's game in
    order, its rounds in a row); ValueError where its games are not this match's kind."""
    from pinosolve.scoring.round import score_units

    v = spec.variant
    units = set(score_units(v))
    if r.games is None or \
            [g.seating for g in r.games] != list(arrangements(v)) or any(
            not 1 <= g.rounds <= GAME_ROUNDS or not set(g.winners) <= units
            or set(g.totals) not in (units, set()) or not _counts(g.totals) for g in r.games):
        raise ValueError("not a game of this match")
    target = v.rules.scoring.game
    for g in r.games:  # (a winner reached the target, or, where none did, led)
        top = max(g.totals.values(), default=0)
        if not g.winners or any(g.totals.get(u, 0) < target and g.totals.get(u, 0) != top
                                for u in g.winners):
            raise ValueError("a game's winner its totals do not give")
    return tuple(g.seating for g in r.games for _ in range(g.rounds))


def _counts(table: Any) -> bool:
    """Whether ``table`` maps text to whole numbers."""
    return isinstance(table, dict) and all(
        isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool)
        for k, n in table.items())


def _describe(head: Any) -> str:
    if not isinstance(head, dict):
        return "unreadable"
    return f"{head.get('variant')}: {head.get('first')} against {head.get('second')}, " \
           f"seed {head.get('seed')}"


DealReport = Callable[[int, int, DealResult], None]  # (deals done, deals, the deal)
WINDOW = 4  # deals in flight a worker, with --jobs or on Dask


def _in_order(spec: MatchSpec, indices: list[int], jobs: int, client: Any
              ) -> Generator[tuple[DealResult, list[str]], None, None]:
    """``play_deal`` of each index, yielded in the order given: here (``jobs`` 1), in
    ``jobs`` worker processes, or on a Dask ``client``'s workers (each deal a pure task keyed
    by the match and the index, so the scheduler may run it again), a few deals in flight
    per worker. Closing the iterator cancels the deals not yet taken."""
    if jobs == 1 and client is None:
        for index in indices:
            yield play_deal(spec, index)
        return
    if client is not None:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        key = hashlib.sha256(json.dumps(_header(spec), sort_keys=True).encode()).hexdigest()

        def submit(index: int) -> Any:
            return client.submit(play_deal_alone, spec, index, pure=True, retries=3,
                                 key=f"pinosolve-match-{key[:16]}-{index}")
        pool = None
    else:
        import concurrent.futures
        import multiprocessing

        workers = jobs
        pool = concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context("forkserver"),
            initializer=_worker_signals)

        def submit(index: int) -> Any:
            assert pool is not None
            return pool.submit(play_deal_alone, spec, index)
    window = WINDOW * workers
    pending = {i: submit(i) for i in indices[:window]}
    later = iter(indices[window:])
    try:
        for index in indices:
            result = pending.pop(index).result()
            nxt = next(later, None)
            if nxt is not None:
                pending[nxt] = submit(nxt)
            yield result
    finally:
        for future in pending.values():
            future.cancel()
        if pool is not None:
            if pending:  # (stopped early: the deals under way are not waited for)
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


def _worker_signals() -> None:
    """A worker's signals: Ctrl-C is its parent's to handle (one line, not one a worker);
    SIGTERM ends the worker at once, its players closed first (a program player's
    process). (Raising SystemExit would not do: the pool's worker loop catches it and
    plays the next deal it has queued.)"""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stopped)


def _stopped(signum: int, frame: Any) -> None:
    try:
        close_players()
    finally:
        os._exit(128 + signum)


def run_match(spec: MatchSpec, deals: int, *, sprt: Any = None, out: Optional[str] = None,
              start: int = 0, on_deal: Optional[DealReport] = None,
              keep_differences: bool = False, jobs: int = 1, client: Any = None
              ) -> MatchResult:
    """Play deals ``start`` .. ``start + deals - 1`` of ``spec`` (see the module), stopping
    early where ``sprt`` (a ``pinosolve.match.stats.Sprt``) decides; with ``out``, in that
    folder, taking the deals it holds already. ``jobs``: worker processes on this machine;
    ``client``: a Dask client whose workers play the deals instead; either way the deals are
    taken in order and the answer is the same as here. ``on_deal(done, deals, result)``
    after each deal. In a match of games (``spec.games``), ``deals`` and ``start`` count
    games, and ``on_deal`` comes after each game. PinosolveError for a bad value."""
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise PinosolveError(f"deals: a whole number from 1 to {MAX_DEALS}, got {deals!r:.20}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 256:
        raise PinosolveError(f"jobs: a whole number from 1 to 256, got {jobs!r:.20}")
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise PinosolveError(f"start: a whole number from 0, got {start!r:.20}")
    if out is not None and (not isinstance(out, str) or "\0" in out):
        raise PinosolveError("out: a folder's path as text")
    if sprt is not None and not hasattr(sprt, "decide"):
        raise PinosolveError("sprt: a pinosolve.match.stats.Sprt (parse_sprt reads LOW,HIGH)")
    last = MAX_INDEX // GAME_ROUNDS - 1 if spec.games else MAX_INDEX
    if start + deals - 1 > last:
        raise PinosolveError(f"the {'games' if spec.games else 'deals'} go past the last "
                             f"index {last}")
    folder = Folder.open(out, spec) if out is not None else None
    clock = time.perf_counter()
    results: list[DealResult] = []
    indices = list(range(start, start + deals))
    done = folder.done if folder is not None else {}
    played = _in_order(spec, [i for i in indices if i not in done], jobs, client)
    try:
        for index in indices:
            got = done.get(index)
            if got is None:
                got, records = next(played)
                if folder is not None:
                    folder.add(got, records)
            results.append(got)
            if on_deal is not None:
                on_deal(len(results), deals, got)
            if sprt is not None and sprt.decide([r.difference for r in results]):
                break
    finally:
        played.close()
        close_players()
        if folder is not None:
            folder.close()
    return summary(spec, results, time.perf_counter() - clock, sprt, out, keep_differences)
