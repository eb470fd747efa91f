"""A plain max^n for short endings, each seat playing for its own points, written apart from
pinosolve's search: ``dd_oracle``'s legality (no partner, so no exemption) and trick winner,
no memo, no card equivalence. The tie rule is the one ``pinosolve.play.maxn`` documents,
written again here from its words: own points; then fewer for the bidder (a seat other than
the bidder); then fewer for the seat with the most among the others; then the lower card
(the weakest rank in the rules' rank order, then the first suit of S H D C)."""

from __future__ import annotations

from tests.dd_oracle import legal, rank, trick_winner

def values(rules, points, last, hands, leader, trick, trump, strength, bidder):
    """{card: the points each seat takes from here after it}, for the seat to move."""
    n = len(hands)
    player = (leader + len(trick)) % n
    out = {}
    for card in sorted(legal(rules, hands[player], trick, trump, strength, False)):
        out[card] = after(rules, points, last, hands, leader, trick, trump, strength, bidder,
                          card)
    return out


def after(rules, points, last, hands, leader, trick, trump, strength, bidder, card):
    n = len(hands)
    player = (leader + len(trick)) % n
    hands = [list(h) for h in hands]
    hands[player].remove(card)
    trick = trick + [card]
    if len(trick) < n:
        return best(rules, points, last, hands, leader, trick, trump, strength, bidder)
    winner = (leader + trick_winner(trick, trump, strength)) % n
    won = sum(points[rank(c)] for c in trick) + (last if not any(hands) else 0)
    rest = best(rules, points, last, hands, winner, [], trump, strength, bidder) \
        if any(hands) else (0,) * n
    return tuple(p + (won if s == winner else 0) for s, p in enumerate(rest))


def best(rules, points, last, hands, leader, trick, trump, strength, bidder):
    """The points each seat takes from here."""
    return choice(rules, points, last, hands, leader, trick, trump, strength, bidder)[1]


def choice(rules, points, last, hands, leader, trick, trump, strength, bidder):
    """(the card the seat to move plays, the points each seat takes from here)."""
    n = len(hands)
    me = (leader + len(trick)) % n
    chosen = None
    for card, v in values(rules, points, last, hands, leader, trick, trump, strength,
                          bidder).items():
        key = (v[me],
               -v[bidder] if bidder is not None and bidder != me else 0,
               -max(v[s] for s in range(n) if s != me),
               strength[rank(card)], -"SHDC".index(card[1]))
        if chosen is None or key > chosen[0]:
            chosen = (key, v, card)
    return chosen[2], chosen[1]
