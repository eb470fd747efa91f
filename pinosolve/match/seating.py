"""Duplicate seating: every arrangement of two players, A and B, over a variant's seats,
so that each deal is played by both from every seat.

- fixed partnerships: two tables, A on one side at the first, on the other at the second;
- each for himself, two or three seats: every way to seat A and B with both playing (two
  seats: the hands swapped; three: the six arrangements);
- more seats without fixed sides (five-hand call-partner): the rotations of A and B
  alternating round the table, and of the same with A and B swapped (ten for five seats),
  so that each seat is held by each player equally often.

>>> from pinosolve import load_variant
>>> arrangements(load_variant("four-hand"))
(('A', 'B', 'A', 'B'), ('B', 'A', 'B', 'A'))
>>> [len(arrangements(load_variant(v))) for v in ("three-hand-kitty", "five-hand-call")]
[6, 10]
"""

from __future__ import annotations

import itertools

from pinosolve.variants.variant import Variant


def arrangements(v: Variant) -> tuple[tuple[str, ...], ...]:
    """Each arrangement: the player (``A`` or ``B``) at each seat, in seat order."""
    seats = v.seats
    n = len(seats)
    if v.rules.players.partnership == "fixed" and len(v.rules.players.sides) == 2:
        first, second = (set(s) for s in v.rules.players.sides.values())
        one = tuple("A" if s in first else "B" for s in seats)
        return one, tuple("B" if x == "A" else "A" for x in one)
    if n <= 3:
        return tuple(a for a in itertools.product("AB", repeat=n) if len(set(a)) == 2)
    pattern = tuple("AB"[k % 2] for k in range(n))
    rotations = [pattern[k:] + pattern[:k] for k in range(n)]
    swapped = [tuple("B" if x == "A" else "A" for x in r) for r in rotations]
    return tuple(dict.fromkeys(rotations + swapped))


def dealer_of(v: Variant, index: int) -> str:
    """The dealer of deal ``index`` of a match (or a hand played against pinosolve): the
    last seat deals deal 0, and the deal passes to the left, deal by deal."""
    return v.seats[(len(v.seats) - 1 + index) % len(v.seats)]
