"""A round at the table: the deal played from the first call to the score, one decision at a
time, each seat seeing only its own view (``state.Table``, ``stock.StockTable``).

>>> from pinosolve import load_variant
>>> from pinosolve.variants.dealer import seeded_deal
>>> v = load_variant("two-hand")
>>> type(new_table(v, seeded_deal(v, 1), "S")).__name__
'StockTable'
"""

from __future__ import annotations

from typing import Any

from pinosolve.variants.dealer import Dealt
from pinosolve.variants.variant import Variant


def new_table(v: Variant, dealt: Dealt, dealer: str, tags: tuple[tuple[str, str], ...] = ()
              ) -> Any:
    """The round's table for ``dealt``: a ``StockTable`` for a variant that draws from a
    stock, else a ``Table``; ``tags`` go into its record."""
    if v.rules.deal.kitty_kind == "stock":
        from pinosolve.table.stock import StockTable

        return StockTable(v, dealt, dealer, tags)
    from pinosolve.table.state import Table

    return Table(v, dealt, dealer, tags)
