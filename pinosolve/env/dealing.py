"""The deal as chance: each hand dealt one card type at a time, in deck order.

A hand is a multiset of card types, so the game deals each hand's cards in deck order (the
next card is never before the last one in the deck): the chance tree has one path per
distinct deal, not one per order of the same cards, and each hand comes out with the chance
a shuffle gives it. With ``pool`` the copies of each type not yet dealt, ``size`` the
hand's cards and ``picks`` its cards dealt so far (in order), ``outcomes`` gives each type
the next card may be and its chance: the number of ways (physical cards of a shuffle) to
complete the hand with that type next, over the number of ways to complete it at all.

>>> outcomes([1, 1, 1], 2, [])   # two cards of three: AB, AC, BC
[(0, 0.6666666666666666), (1, 0.3333333333333333)]
>>> outcomes([2, 1], 2, [0])     # two copies of A and one B: AA 1 way, AB 2 ways
[(0, 0.3333333333333333), (1, 0.6666666666666666)]
"""

from __future__ import annotations

from math import comb


def outcomes(pool: list[int], size: int, picks: list[int]) -> list[tuple[int, float]]:
    """Each card type the hand's next card may be, with its chance (see the module):
    ``pool`` is the copies of each type before the hand was begun, ``picks`` its cards so
    far (types, in deck order), ``size`` its cards in all."""
    types = len(pool)
    above = [0] * (types + 1)  # copies of the types at or after each type
    for t in range(types - 1, -1, -1):
        above[t] = above[t + 1] + pool[t]
    if not picks:
        total = comb(above[0], size)
        return [(t, (comb(above[t], size) - comb(above[t + 1], size)) / total)
                for t in range(types) if pool[t] and comb(above[t], size) > comb(above[t + 1],
                                                                                   size)]
    a = picks[-1]
    j = picks.count(a)
    r = size - (len(picks) - j)  # cards of type a or later
    c = pool[a]

    def z(lo: int) -> int:
        return sum(comb(c, k) * comb(above[a + 1], r - k) for k in range(lo, min(c, r) + 1))

    whole = z(j)
    out = []
    again = z(j + 1)
    if again:
        out.append((a, again / whole))
    rest = r - j
    for t in range(a + 1, types):
        ways = comb(c, j) * (comb(above[t], rest) - comb(above[t + 1], rest))
        if ways:
            out.append((t, ways / whole))
    return out
