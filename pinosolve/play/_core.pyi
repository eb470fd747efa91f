"""Types of the compiled double-dummy core (``_core.c``); ``pinosolve.play.core`` is its one
user. Seats, cards and points are plain integers in the index form of
``pinosolve.play.position``."""

from collections.abc import Sequence

OPT_TT: int
OPT_EQUIV: int
OPT_RELATIVE: int
OPT_QUICK: int
OPT_ORDER: int
OPT_MASTER: int
OPT_GUESS: int
OPT_PARTITION: int
OPT_KILLER: int
OPT_SIBLING: int
OPT_RECENT: int
OPT_DEFAULT: int
ENTRY_BYTES: int
POINTS_MAX: int


class Timeout(Exception):
    """A search's deadline passed (``ab``'s ``budget_seconds``)."""


class Core:
    """One search with its transposition table, kept across searches."""

    def __init__(self, side: Sequence[int], trump: int, strength: Sequence[int],
                 points: Sequence[int], last_trick: int, trick: object, tt_bits: int = 20,
                 use_tt: int = 1, use_equivalence: int = 1, use_relative: int = 1,
                 options: int = ..., grow_bits: int = 0) -> None: ...
    def ab(self, hands: Sequence[Sequence[int]], leader: int, trick: Sequence[int], alpha: int,
           beta: int, rem: int, budget_seconds: float = ...) -> int: ...
    def estimate(self, hands: Sequence[Sequence[int]], leader: int, trick: Sequence[int],
                 plies: int) -> int: ...
    def playout(self, hands: Sequence[Sequence[int]], leader: int,
                trick: Sequence[int]) -> int: ...
    def stats(self) -> None: ...
    def share_table(self, other: Core) -> None: ...
    def grow(self) -> bool: ...
    @property
    def grow_wanted(self) -> bool: ...
    cancelled: bool
    defer_tricks: int
    @property
    def nodes(self) -> int: ...
    @property
    def entries(self) -> int: ...
