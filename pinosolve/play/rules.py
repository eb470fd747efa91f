"""The trick rules of a variant and stage, precomputed for the search: ``PlayRules`` (the rank
strengths, each card's points, the last trick's bonus, the obligations of ``[trick]``), and
which card beats which. Cards are indices 0..23 (``Card.index``): suit = index // 6, rank =
index % 6.

>>> from pinosolve.variants.variant import load_variant
>>> PlayRules.of(load_variant("four-hand")).winner([0, 1], trump=None)  # AS then TS: the ace
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Sequence

from pinosolve.cards import CARDS, Rank
from pinosolve.variants.schema import Trick
from pinosolve.variants.variant import Variant

NRANK = len(Rank)


@dataclass(frozen=True)
class PlayRules:
    """The trick rules of one variant and stage, precomputed for fast use in search."""

    def __copy__(self) -> PlayRules:
        return self  # (immutable: a copy is itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> PlayRules:
        return self

    trick: Trick
    strength: tuple[int, ...]  # per rank index: lower is stronger
    points: tuple[int, ...]    # per card index
    last_trick: int
    free: bool                 # no obligations at all (two-hand stock stage)

    def __repr__(self) -> str:
        order = "".join(r.letter for r in sorted(Rank, key=lambda r: self.strength[r])
                        if self.strength[r] < NRANK)
        counters = {r.letter: self.points[r] for r in Rank if self.points[r]}
        return (f"PlayRules(rank_order={order!r}, counters={counters}, "
                f"last_trick={self.last_trick}, free={self.free})")

    @classmethod
    def of(cls, variant: Variant, stage: int = 2) -> PlayRules:
        trick = variant.rules.trick
        order = trick.rank_order
        free = False
        if stage == 1:
            if variant.rules.deal.kitty_kind != "stock":
                raise ValueError("stage 1 exists only in variants with a stock")
            order = trick.stock_rank_order or order
            free = trick.stock_obligations == "none"
        strength = [NRANK] * NRANK
        for i, letter in enumerate(order):
            strength[Rank.parse(letter)] = i
        points = tuple(variant.card_points(c) if c.rank.letter in variant.rules.deck.ranks
                       else 0 for c in CARDS)
        return cls(trick, tuple(strength), points, variant.rules.points.last_trick, free)

    def beats(self, card: int, best: int, trump: Optional[int]) -> bool:
        """Whether ``card``, played later, beats ``best`` (the trick's current winner)."""
        cs, bs = card // NRANK, best // NRANK
        if cs == bs:
            return self.strength[card % NRANK] < self.strength[best % NRANK]
        return cs == trump  # a trump beats a plain card; an off-suit card never wins

    def winner(self, trick: Sequence[int], trump: Optional[int]) -> int:
        """Position (0-based, in play order) of the card that wins the trick."""
        best = 0
        for i in range(1, len(trick)):
            if self.beats(trick[i], trick[best], trump):
                best = i
        return best
