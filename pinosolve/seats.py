"""Seats by name: the one home of reading a seat from a list of seats (``find_seat``) and
of the declarer named as declarer or bidder (``one_declarer``). Where the seats and who
plays together come from a variant, see ``pinosolve.variants.sides``.

>>> find_seat(("N", "E", "W"), "e", "leader")
'E'
"""

from __future__ import annotations

from typing import Any, Optional
from collections.abc import Sequence

from pinosolve.errors import NotationError, PinosolveError


def find_seat(seats: Sequence[str], value: Any, what: str, where: str = "") -> str:
    """The seat of ``seats`` that ``value`` names (any case, spaces around ignored), or a
    ``NotationError`` in one line that names ``what`` and lists the seats (of ``where``).

    >>> find_seat(("N", "E", "S", "W"), " s ", "leader")
    'S'
    """
    if isinstance(value, str):
        wanted = value.strip().upper()
        for s in seats:
            if s.upper() == wanted:
                return s
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise NotationError(f"{what}: {shown} is not a seat{' of ' + where if where else ''}; "
                        f"seats are {' '.join(seats)}")


def one_declarer(seats: Sequence[str], declarer: Any, bidder: Any, what: str,
                 where: str = "") -> Optional[str]:
    """The declarer's seat from ``declarer`` and ``bidder``, its other name: either, or both
    naming the same seat (None for neither); the one home of that reconciliation, for
    ``Game``, a review's record and a view (``what`` names the input in the error).

    >>> one_declarer(("N", "E", "S", "W"), None, "w", "view")
    'W'
    >>> one_declarer(("N", "S"), "N", "S", "G")
    Traceback (most recent call last):
    pinosolve.errors.PinosolveError: G: give the declarer once: declarer 'N' and bidder 'S' differ
    """
    named = [find_seat(seats, value, key, where) for key, value in (("declarer", declarer),
                                                                     ("bidder", bidder))
             if value is not None]
    if len(set(named)) > 1:
        raise PinosolveError(f"{what}: give the declarer once: declarer {declarer!r:.20} and "
                             f"bidder {bidder!r:.20} differ")
    return named[0] if named else None
