"""The consistent deals of a view, counted, ranged and drawn (``DealTable``).

A view (``pinosolve.analysis.view.View``) bounds how many copies of each card each holder
(the other seats, and the unseen pile) held as play began. The deals it allows are the
integer tables holder x card within those bounds whose rows hold each hand and whose columns
hold each card's hidden copies. ``DealTable`` walks the cards one by one over the holders'
filled counts (dynamic programming): the exact number of deals, each weighted by the ways a
shuffle of the physical cards makes it; the least and most copies any deal gives each entry;
every deal in turn; and draws, uniform as a shuffle weights them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import comb
from typing import TYPE_CHECKING, Optional

from pinosolve.cards import NUM_CARDS

if TYPE_CHECKING:
    from pinosolve.analysis.view import View


class DealTable:
    """The consistent deals as tables of copies (holder x card) within bounds: each holder's
    row sums to its hand (the pile: what is left out), each card's column to its hidden
    copies. Walked card by card over the holders' filled counts: exact counts, the range of
    each entry over every deal, and uniform weighted draws. The state is the seats' filled
    counts alone: the pile's follows from them (the cards walked so far, less the seats')."""

    def __init__(self, view: View, lo: dict[int, list[int]], hi: dict[int, list[int]]) -> None:
        self.holders = [*view.holders, -1]
        self.cap = tuple([view.hand_size] * len(view.holders) + [view.out])
        self.n = len(view.holders)
        self.kinds = [k for k in view.kinds if view.hidden[k] > 0]
        self.copies = view.hidden
        self.walked = [0]  # the hidden cards of the kinds before each position
        for k in self.kinds:
            self.walked.append(self.walked[-1] + self.copies[k])
        self.lo, self.hi = lo, hi
        # a holder that must hold more copies of a card than are hidden (or than its bound)
        # has no deal, whether or not any copy of that card is hidden
        self.empty = any(lo[h][k] > min(hi[h][k], self.copies[k])
                         for h in self.holders for k in range(NUM_CARDS))
        self._options: list[list[tuple[tuple[int, ...], int]]] = [
            list(self._splits(k)) for k in self.kinds]
        self._back: Optional[list[dict[tuple[int, ...], tuple[int, int]]]] = None

    def _splits(self, k: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way to share the copies of card ``k`` among the holders within bounds, and
        its shuffle weight (the multinomial: which physical copies go where)."""
        bounds = [(self.lo[h][k], min(self.hi[h][k], cap)) for h, cap in
                  zip(self.holders, self.cap)]

        def go(i: int, left: int) -> Iterator[tuple[int, ...]]:
            if i == len(bounds) - 1:
                if bounds[i][0] <= left <= bounds[i][1]:
                    yield (left,)
                return
            for n in range(bounds[i][0], min(bounds[i][1], left) + 1):
                for rest in go(i + 1, left - n):
                    yield (n, *rest)

        for split in go(0, self.copies[k]):
            weight, left = 1, self.copies[k]
            for n in split:
                weight *= comb(left, n)
                left -= n
            yield split, weight

    def backward(self) -> list[dict[tuple[int, ...], tuple[int, int]]]:
        """For each card position i and filled counts, the (deals, weighted deals) that
        complete the table from card i on."""
        if self._back is not None:
            return self._back
        full = self.cap[:self.n]
        out = self.cap[self.n]
        layers: list[dict[tuple[int, ...], tuple[int, int]]] = [{} for _ in self.kinds]
        layers.append({full: (1, 1)} if self.walked[-1] - sum(full) == out and
                      not self.empty else {})
        for i in range(len(self.kinds) - 1, -1, -1):
            after = layers[i + 1]
            here: dict[tuple[int, ...], tuple[int, int]] = {}
            for state, (n, w) in after.items():
                for split, weight in self._options[i]:
                    prev = tuple(a - b for a, b in zip(state, split))
                    if min(prev) < 0 or not 0 <= self.walked[i] - sum(prev) <= out:
                        continue
                    old = here.get(prev, (0, 0))
                    here[prev] = (old[0] + n, old[1] + w * weight)
            layers[i] = here
        self._back = layers
        return layers

    def count(self) -> int:
        """The consistent deals (copies of a card alike)."""
        return self._totals()[0]

    def weighted(self) -> int:
        """The shuffles of the physical cards that give them."""
        return self._totals()[1]

    def _totals(self) -> tuple[int, int]:
        return self.backward()[0].get(tuple(0 for _ in range(self.n)), (0, 0))

    def ranges(self) -> dict[int, list[tuple[int, int]]]:
        """For each holder and card, the least and most copies over every deal."""
        back = self.backward()
        reach = {tuple(0 for _ in range(self.n))}
        out = {h: [(0, 0)] * NUM_CARDS for h in self.holders}
        for i, k in enumerate(self.kinds):
            nxt: set[tuple[int, ...]] = set()
            seen: list[list[int]] = [[] for _ in self.holders]
            for state in reach:
                for split, _ in self._options[i]:
                    after = tuple(a + b for a, b in zip(state, split))  # (seats only)
                    if after in back[i + 1]:
                        nxt.add(after)
                        for j, n in enumerate(split):
                            seen[j].append(n)
            for j, h in enumerate(self.holders):
                if seen[j]:
                    out[h][k] = (min(seen[j]), max(seen[j]))
            reach = nxt
        return out

    def every(self) -> Iterator[tuple[dict[int, list[int]], int]]:
        """Every consistent table, with its shuffle weight."""
        back = self.backward()
        table = {h: [0] * NUM_CARDS for h in self.holders}

        def go(i: int, state: tuple[int, ...], weight: int
               ) -> Iterator[tuple[dict[int, list[int]], int]]:
            if i == len(self.kinds):
                yield {h: list(row) for h, row in table.items()}, weight
                return
            k = self.kinds[i]
            for split, w in self._options[i]:
                after = tuple(a + b for a, b in zip(state, split))
                if after in back[i + 1]:
                    for h, n in zip(self.holders, split):
                        table[h][k] = n
                    yield from go(i + 1, after, weight * w)

        if tuple(0 for _ in range(self.n)) in back[0]:
            yield from go(0, tuple(0 for _ in range(self.n)), 1)

    def draw(self, rng: random.Random) -> dict[int, list[int]]:
        """One deal, drawn with probability its shuffle weight over the total."""
        back = self.backward()
        state = tuple(0 for _ in range(self.n))
        table = {h: [0] * NUM_CARDS for h in self.holders}
        for i, k in enumerate(self.kinds):
            choices = []
            for split, weight in self._options[i]:
                after = tuple(a + b for a, b in zip(state, split))
                if after in back[i + 1]:
                    choices.append((split, weight * back[i + 1][after][1]))
            total = sum(w for _, w in choices)
            pick = rng.randrange(total)
            for split, w in choices:  # noqa: B007 (the split picked is used after the loop)
                if pick < w:
                    break
                pick -= w
            for h, n in zip(self.holders, split):
                table[h][k] = n
            state = tuple(a + b for a, b in zip(state, split))
        return table
