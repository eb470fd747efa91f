"""A seeded shuffle that gives the same order on every Python version and platform.

Python's ``random`` promises the same ``random()`` sequence for a seed across versions, but
not the same ``shuffle``: its algorithm may change. Deals named by a seed must not, so the
shuffle is written out here: the Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998),
seeded from the seed's 32-bit words as ``init_by_array`` does, integers below ``n`` drawn by
rejection from ``bit_length(n)`` high bits of a 32-bit output, and the Fisher-Yates shuffle
from the last position down. These are the steps CPython 3.11 takes for
``random.Random(seed).shuffle``, so seeds keep the deals they have always named; the tests
check that on the running Python.

>>> cards = list("abcdef")
>>> shuffle(cards, seed=7)
>>> "".join(cards)
'eafdbc'
"""

from __future__ import annotations

from typing import TypeVar
from collections.abc import MutableSequence

from pinosolve.errors import PinosolveError

SEED_LIMIT = 1 << 64  # seeds are whole numbers from 0 to 2**64 - 1

_N, _M = 624, 397
_MASK = 0xFFFFFFFF
T = TypeVar("T")


class Twister:
    """The MT19937 generator, seeded from a whole number as ``init_by_array`` does."""

    def __init__(self, seed: int) -> None:
        key = []
        while True:
            key.append(seed & _MASK)
            seed >>= 32
            if not seed:
                break
        mt = [0] * _N
        mt[0] = 19650218
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i, j = i + 1, j + 1
            if i >= _N:
                mt[0], i = mt[_N - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0], i = mt[_N - 1], 1
        mt[0] = 0x80000000
        self._mt, self._next = mt, _N

    def _twist(self) -> None:
        mt = self._mt
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._next = 0

    def word(self) -> int:
        """The next 32-bit output."""
        if self._next >= _N:
            self._twist()
        y = self._mt[self._next]
        self._next += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1`` (``n`` from 1 to 2**32), every one as likely."""
        bits = n.bit_length()
        while True:
            r = self.word() >> (32 - bits)
            if r < n:
                return r

    def big_below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1`` for any ``n >= 1`` (a count of deals may have
        a hundred digits), every one as likely: ``bit_length(n)`` bits from whole 32-bit
        outputs, the first word's high bits first, drawn again while ``n`` or more."""
        if n <= 1 << 32:
            return self.below(n)
        bits = n.bit_length()
        words = -(-bits // 32)
        while True:
            r = 0
            for _ in range(words):
                r = (r << 32) | self.word()
            r >>= words * 32 - bits
            if r < n:
                return r

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place from this generator's next outputs (Fisher-Yates from
        the last position down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def fresh_seed() -> int:
    """A seed drawn from the system's randomness, for a caller that names it in its answer
    (so that what was drawn can be drawn again)."""
    import secrets

    return secrets.randbelow(1 << 32)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1, else a one-line error."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        shown = repr(seed) if not isinstance(seed, int) or seed.bit_length() < 200 else \
            "a number of more than 60 digits"
        raise PinosolveError(f"seed must be a whole number from 0 to 2**64 - 1, got {shown}")
    return seed


def shuffle(items: MutableSequence[T], seed: int) -> None:
    """Shuffle ``items`` in place, the order fixed by ``seed`` (0 <= seed < 2**64)."""
    Twister(check_seed(seed)).shuffle(items)
