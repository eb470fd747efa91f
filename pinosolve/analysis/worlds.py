"""The deals a view allows, played forward together: the tree the searches beyond PIMC share.

PIMC (``pinosolve.analysis.advice``) solves each consistent deal (a "world") on its own, as if
every card were seen from the first card on. The searches of ``epimc``, ``presumed`` and
``alphamu`` instead play the worlds forward together along the cards everyone sees: a node
of the tree is the cards played since the view's position (public, the same in every world),
and the worlds where those cards could have been played (an unseen holder could only play a
card it holds, and must follow as the rules say). ``Worlds`` keeps one ``Game`` and one
search session (one transposition table) per world, plays and takes back a card in the
worlds that allow it, and solves a world's position double-dummy at a leaf.

A node's values are root-relative: the points the viewer's side takes from the view's
position on (the trick on the table included), as ``advise``'s ``mean``, in every world.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Optional

from pinosolve.cards import Card
from pinosolve.play.budget import Budget

if TYPE_CHECKING:
    from pinosolve.game import Game
    from pinosolve.play.driver import Session

MAX_LEAVES = 200_000  # leaf solves one decision may take at most (PinosolveError past it)


class Worlds:
    """The worlds of one decision, played forward together (see the module). ``games``: one
    ``Game`` per world at the view's position (copied: they are played on), ``weights`` their
    weights, ``me`` the viewer's seat index (to move at the root), ``timeout`` seconds for
    each leaf's search (a world where one ran out is named in ``inexact``: its values are
    not proved)."""

    def __init__(self, games: Sequence[Game], weights: Sequence[float], me: int,
                 timeout: Optional[float] = None) -> None:
        self.games = [g.copy() for g in games]
        self.weights = list(weights)
        self.me = me
        self.timeout = timeout
        self.sessions: list[Optional[Session]] = [None] * len(self.games)
        # the viewer's side by world (a called card's partner differs from world to world)
        self.sides = [g.side_of(g.seats[me]) for g in self.games]
        self.start = [g.points[side] for g, side in zip(self.games, self.sides)]
        self.leaves = 0
        self.inexact: set[int] = set()

    def __len__(self) -> int:
        return len(self.games)

    def mover(self, alive: Sequence[int]) -> int:
        """The seat to move at the current node (the same in every world of ``alive``)."""
        g = self.games[alive[0]]
        return g.seats.index(g.to_move)

    def gained(self, w: int) -> int:
        """The points the viewer's side has taken in world ``w`` since the root."""
        return self.games[w].points[self.sides[w]] - self.start[w]

    def over(self, alive: Sequence[int]) -> bool:
        """Whether the deal is over at the current node (in every world of ``alive``)."""
        return self.games[alive[0]].over

    def ours(self, seat: int, w: int) -> bool:
        """Whether ``seat`` plays on the viewer's side in world ``w`` (a called card's
        partner differs from world to world)."""
        g = self.games[w]
        return g.sides[seat] == g.sides[self.me]

    def legal(self, alive: Sequence[int]) -> dict[int, list[int]]:
        """Each card index the mover may play in some world of ``alive``, with those worlds,
        in card order."""
        out: dict[int, list[int]] = {}
        for w in alive:
            for c in sorted({c.index for c in self.games[w].legal_moves()}):
                out.setdefault(c, []).append(w)
        return dict(sorted(out.items()))

    @contextmanager
    def played(self, card: int, alive: Sequence[int]) -> Iterator[None]:
        """``card`` played in each world of ``alive`` for the body, then taken back."""
        for w in alive:
            self.games[w].play(Card.from_index(card))
        try:
            yield
        finally:
            for w in alive:
                self.games[w].unplay()

    def solve(self, w: int, every: bool) -> tuple[int, dict[int, int]]:
        """World ``w``'s position solved, the viewer to move (the trees' leaves are its
        decisions): the points the viewer's side takes in all from the root (those taken
        since, and its value from here), and with ``every``, each legal card's the same way.
        A search out of time gives its lower bounds."""
        from pinosolve.errors import PinosolveError
        from pinosolve.play.driver import Session

        g = self.games[w]
        base = self.gained(w)
        if g.over:
            return base, {}
        assert g.seats.index(g.to_move) == self.me
        self.leaves += 1
        if self.leaves > MAX_LEAVES:
            raise PinosolveError(f"the search over the worlds passed {MAX_LEAVES:,} leaf "
                                 f"solves: use fewer samples or plain PIMC")
        s = self.sessions[w]
        if s is None:
            from pinosolve.play.tables import table_limit

            # (every world's table is kept to the end: they share the memory)
            s = self.sessions[w] = Session(g.rules, int(g.trump), tuple(g.sides),
                                           budgeted=self.timeout is not None,
                                           table_limit=table_limit(parts=len(self.games)))
        pos = g.position()
        res = s.solve(pos, value_only=not every, budget=Budget(self.timeout),
                      check_trick=False, line=False)
        if not res.exact:
            self.inexact.add(w)
        return base + res.bounds[0], {c: base + lo for c, (lo, _) in res.cards.items()}


def weighted_mean(values: dict[int, float], weights: Sequence[float]) -> float:
    """The mean of ``values`` (world -> value) under ``weights`` (by world).

    >>> weighted_mean({0: 10, 2: 20}, [1, 5, 3])
    17.5
    """
    total = sum(weights[w] for w in values)
    return sum(weights[w] * x for w, x in values.items()) / total if total else 0.0
