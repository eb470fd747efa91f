"""The legal cards of the seat to play, grouped and ordered for the search: ``MoveOrder``.

Both searches (``engine``) use it: the reference for every node, the compiled core's binding
for the cards the driver values one by one (the core orders its own nodes in C,
``search/moves.c`` and ``search/ordering.c``, and the tests check the two agree on values).

* equivalent cards searched once: the copies of one card always; cards adjacent in rank in
  one hand only when they have the same point value and no other player holds, and the table
  shows, a card of a rank in [lower, higher] of that suit (both ends included: of two
  identical cards the first played wins, so the bridge rule is wrong here);
* ordered: the table's best lead first, high cards to lead, a counter on partner's winning
  card, the cheapest winning card, else the lowest loser.
"""

from __future__ import annotations

from typing import Optional
from collections.abc import Sequence

from pinosolve.play.legality import NRANK, legal_plays
from pinosolve.play.rules import PlayRules
from pinosolve.play.trick import winning_seat


class MoveOrder:
    """The move generator of one deal's rules, trump and sides (``side[seat]``: 0 or 1);
    ``use_equivalence`` False gives every legal card a group of its own (for measuring).

    >>> from pinosolve import load_variant
    >>> from pinosolve.cards import Card
    >>> order = MoveOrder(PlayRules.of(load_variant("four-hand")), 0, (0, 1, 0, 1))
    >>> hand = sorted(Card.parse(c).index for c in ("AS", "KS", "QS", "9H"))
    >>> [[str(Card.from_index(c)) for c in group]  # A, K: no ten out, both a point
    ...  for _, group in order.moves([hand, [], [], []], 0, [])]
    [['AS', 'KS'], ['QS'], ['9H']]
    """

    def __init__(self, rules: PlayRules, trump: int, side: Sequence[int],
                 use_equivalence: bool = True) -> None:
        self.rules, self.trump, self.side, self.n = rules, trump, tuple(side), len(side)
        self.points, self.strength = rules.points, rules.strength
        self.use_equivalence = use_equivalence

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        """Distinct legal cards grouped into equivalence classes, best first:
        (representative, [every card of its class])."""
        player = (leader + len(trick)) % self.n
        partner_winning = False
        if trick:
            winning = winning_seat(self.rules, leader, trick, self.trump, self.n)
            partner_winning = self.side[winning] == self.side[player]
        legal, _ = legal_plays(self.rules, hands[player], trick, self.trump, partner_winning)
        groups = self._equivalence(hands, player, trick, legal)
        groups.sort(key=lambda g: self._order_key(g[0], hands, leader, trick, player, tt_best))
        return groups

    def _equivalence(self, hands: list[list[int]], player: int, trick: list[int],
                     legal: list[int]) -> list[tuple[int, list[int]]]:
        if not self.use_equivalence:
            return [(c, [c]) for c in legal]
        strength = self.strength
        others: set[tuple[int, int]] = {(c // NRANK, strength[c % NRANK]) for c in trick}
        for seat, hand in enumerate(hands):
            if seat != player:
                others.update((c // NRANK, strength[c % NRANK]) for c in hand)
        groups: list[tuple[int, list[int]]] = []
        by_suit: dict[int, list[int]] = {}
        for c in legal:
            by_suit.setdefault(c // NRANK, []).append(c)
        for suit, cards in by_suit.items():
            cards.sort(key=lambda c: strength[c % NRANK])  # strongest first
            current = [cards[0]]
            for c in cards[1:]:
                prev = current[-1]
                lo, hi = strength[prev % NRANK], strength[c % NRANK]
                clear = all((suit, s) not in others for s in range(lo, hi + 1))
                if clear and self.points[c] == self.points[prev]:
                    current.append(c)
                else:
                    groups.append((current[-1], current))
                    current = [c]
            groups.append((current[-1], current))
        return groups

    def _order_key(self, card: int, hands: list[list[int]], leader: int, trick: list[int],
                   player: int, tt_best: Optional[int]) -> tuple:
        strength = self.strength[card % NRANK]
        is_trump = card // NRANK == self.trump
        pts = self.points[card]
        if card == tt_best:
            return (-1, 0, 0)
        if not trick:  # leading: high trumps, then aces and other high cards
            return (0, strength, 0 if is_trump else 1)
        win_seat = winning_seat(self.rules, leader, trick, self.trump, self.n)
        best = trick[self.rules.winner(trick, self.trump)]
        if self.side[win_seat] == self.side[player]:
            return (0, -pts, strength)  # partner winning: give counters
        if self.rules.beats(card, best, self.trump):
            return (0, 0 if not is_trump else 1, -strength, pts)  # cheapest winner first
        return (1, pts, -strength)  # cannot win: lowest loser
