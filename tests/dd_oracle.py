"""A plain minimax for short endings, written independently of pinosolve's search.

Its own legality (straight from the rules-file knobs), its own trick winner, no transposition
table, no pruning, no card equivalence. Cards are (suit letter, rank letter, copy-free) tuples
rendered as strings like "AS"; a hand is a list of such strings.
"""

from __future__ import annotations


def strength_of(rules, stage: int = 2) -> dict[str, int]:
    order = rules.trick.rank_order
    if stage == 1 and rules.trick.stock_rank_order:
        order = rules.trick.stock_rank_order
    return {r: i for i, r in enumerate(order)}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def trick_winner(trick: list[str], trump: str, strength: dict[str, int]) -> int:
    def better(a: str, b: str) -> bool:  # does a (played later) beat b?
        if suit(a) == suit(b):
            return strength[rank(a)] < strength[rank(b)]
        return suit(a) == trump

    w = 0
    for i in range(1, len(trick)):
        if better(trick[i], trick[w]):
            w = i
    return w


def legal(rules, hand: list[str], trick: list[str], trump: str, strength: dict[str, int],
          partner_winning: bool) -> set[str]:
    k = rules.trick
    cards = set(hand)
    if not trick:
        return cards
    led = suit(trick[0])
    w = trick[trick_winner(trick, trump, strength)]
    trumped = suit(w) == trump and led != trump
    beat_duty = not (k.partner_exempt and partner_winning)
    follow = {c for c in cards if suit(c) == led}
    if follow:
        options = follow
        must_head = k.head == "always" or (k.head == "trump-led" and led == trump)
        if must_head and beat_duty:
            if not trumped:
                higher = {c for c in follow if strength[rank(c)] < strength[rank(w)]}
                if higher:
                    options = higher
            elif k.head_after_ruff:
                best_led = min((c for c in trick if suit(c) == led),
                               key=lambda c: strength[rank(c)])
                higher = {c for c in follow if strength[rank(c)] < strength[rank(best_led)]}
                if higher:
                    options = higher
        return options
    trumps = {c for c in cards if suit(c) == trump}
    if led == trump or not trumps or not k.trump_if_void:
        return cards
    if trumped and k.overtrump and beat_duty:
        over = {c for c in trumps if strength[rank(c)] < strength[rank(w)]}
        if over:
            return over
        return trumps if k.trump_when_cannot_overtrump else cards
    return trumps


def minimax(rules, points: dict[str, int], last: int, hands: list[list[str]], leader: int,
            trick: list[str], trump: str, side: list[int], strength: dict[str, int]) -> int:
    """Points side 0 takes from here, both sides playing perfectly."""
    n = len(hands)
    player = (leader + len(trick)) % n
    win_so_far = (leader + trick_winner(trick, trump, strength)) % n if trick else None
    partner_winning = win_so_far is not None and side[win_so_far] == side[player]
    values = []
    for card in sorted(legal(rules, hands[player], trick, trump, strength, partner_winning)):
        values.append(play(rules, points, last, hands, leader, trick, trump, side, strength,
                           card))
    return max(values) if side[player] == 0 else min(values)


def play(rules, points, last, hands, leader, trick, trump, side, strength, card) -> int:
    """Side-0 points from here after the player to move plays ``card``."""
    n = len(hands)
    player = (leader + len(trick)) % n
    new_hands = [list(h) for h in hands]
    new_hands[player].remove(card)
    new_trick = trick + [card]
    if len(new_trick) < n:
        return minimax(rules, points, last, new_hands, leader, new_trick, trump, side, strength)
    w = (leader + trick_winner(new_trick, trump, strength)) % n
    won = sum(points[rank(c)] for c in new_trick)
    if not any(new_hands):
        return won + last if side[w] == 0 else 0
    gain = won if side[w] == 0 else 0
    return gain + minimax(rules, points, last, new_hands, w, [], trump, side, strength)
