"""Deals in PBN style: ``N:<hand> <hand> …``, hands clockwise from the named seat.

Inside a deal each hand is one token: the dotted form ``AAT.K9..QJ``, a comma-joined card
list ``AS,AS,TS``, or ``-`` for an empty hand. Which seats exist is the variant's business, so
parsing takes the seat list; :meth:`pinosolve.variants.variant.Variant.parse_deal` supplies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Iterator

from pinosolve.cards import Hand
from pinosolve.diagram import diagram_html, diagram_text
from pinosolve.errors import NotationError
from pinosolve.seats import find_seat


@dataclass(frozen=True)
class Deal:
    """The hands of every seat, in the variant's clockwise seat order."""

    def __copy__(self) -> Deal:
        return self  # (immutable: a copy is itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        return self

    seats: tuple[str, ...]
    hands: tuple[Hand, ...]
    first: str = ""  # the seat the text started from; only affects printing

    def __post_init__(self) -> None:
        if len(self.seats) != len(self.hands):
            raise NotationError("a deal needs one hand per seat")
        if not self.first:
            object.__setattr__(self, "first", self.seats[0])

    @classmethod
    def parse(cls, text: str, seats: tuple[str, ...]) -> Deal:
        if not isinstance(text, str) or not text.strip():
            raise NotationError("empty deal: write it as " + cls._example(seats))
        raw = text.strip()
        first = seats[0]
        head, sep, rest = raw.partition(":")
        if sep:
            first = find_seat(seats, head, "deal: the seat before ':'")
            raw = rest
        tokens = raw.split()
        if len(tokens) != len(seats):
            raise NotationError(
                f"deal: expected {len(seats)} hands for seats {' '.join(seats)}, found "
                f"{len(tokens)} (write each hand as S.H.D.C, or cards joined by commas)")
        start = seats.index(first)
        by_seat: dict[str, Hand] = {}
        for offset, token in enumerate(tokens):
            seat = seats[(start + offset) % len(seats)]
            try:
                by_seat[seat] = Hand.parse(token)
            except NotationError as exc:
                raise NotationError(f"deal: seat {seat}: {exc}") from None
        return cls(tuple(seats), tuple(by_seat[s] for s in seats), first)

    @staticmethod
    def _example(seats: tuple[str, ...]) -> str:
        return f"{seats[0]}:" + " ".join(["AT.KQ.J9.A"] * len(seats))

    def __getitem__(self, seat: str) -> Hand:
        return self.hands[self.seats.index(find_seat(self.seats, seat, "seat"))]

    def items(self) -> Iterator[tuple[str, Hand]]:
        return iter(zip(self.seats, self.hands))

    def __str__(self) -> str:
        start = self.seats.index(self.first)
        order = self.seats[start:] + self.seats[:start]
        return f"{self.first}:" + " ".join(self[s].dotted() for s in order)

    def diagram(self) -> str:
        """The hands drawn for people (``pinosolve.diagram``): a compass diagram for four
        seats N E S W, else a table a seat a row. ``str(deal)`` stays the PBN-style text.

        >>> print(Deal.parse("A.K.. T.A..", ("N", "S")).diagram())
        N  ♠ A    ♥ K   ♦ —   ♣ —
        S  ♠ 10   ♥ A   ♦ —   ♣ —
        """
        return diagram_text(self.seats, self.hands)

    def _repr_html_(self) -> str:
        return diagram_html(self.seats, self.hands)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Deal) and self.seats == other.seats
                and self.hands == other.hands)

    def __hash__(self) -> int:
        return hash((self.seats, self.hands))

    def to_json(self) -> dict[str, list[str]]:
        return {seat: hand.cards() for seat, hand in self.items()}
