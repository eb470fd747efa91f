"""A deliberately simple maximum-meld oracle, written independently of pinosolve's engine.

It reads the meld table from the rules data (the kinds' card patterns, classes and values) but
expands patterns and searches on its own: every meld the table defines, every multiple, no
pruning of dominated multiples or composites (they cannot change a maximum), and a plain
depth-first search over how many times each meld is declared, with one capacity per class and
card. Cards are plain strings like "AS" here.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

SUITS = "SHDC"


def _expand(pattern: str, trump: str | None) -> list[Counter]:
    tokens = pattern.split()
    var = next((t[-1] for t in tokens if t[-1] in "#*"), None)
    if var is None:
        suits = [None]
    elif var == "*" or trump is None:
        suits = list(SUITS)
    else:
        suits = [s for s in SUITS if s != trump]
    out = []
    for s in suits:
        cards = Counter()
        for t in tokens:
            rank, suit = t[:-1], t[-1]
            if suit == "@":
                if trump is None:
                    return []
                suit = trump
            elif suit in "#*":
                suit = s
            cards[rank + suit] += 1
        out.append(cards)
    return out


def melds(rules, trump: str | None) -> list[tuple[Counter, tuple[str, ...], int]]:
    """(cards, classes, value) for every meld of the table under ``trump`` (None: no trump)."""
    copies = rules.deck.copies
    result = []
    for kind in rules.meld.kinds.values():
        if not kind.enabled:
            continue
        if trump is None and ("none" not in kind.trumps or kind.needs_trump):
            continue
        if trump is not None and trump not in kind.trumps:
            continue
        for single in _expand(kind.cards, trump):
            for n, value in enumerate(kind.values, 1):
                cards = Counter({c: k * n for c, k in single.items()})
                if value > 0 and max(cards.values()) <= copies:
                    result.append((cards, tuple(kind.classes), value))
    return result


def best(rules, hand: list[str], trump: str | None) -> int:
    held = Counter(hand)
    table = [m for m in melds(rules, trump) if all(held[c] >= n for c, n in m[0].items())]
    # melds that share no (class, card) slot cannot interact: solve each group on its own
    groups: list[list[int]] = []
    slots_of = [{(cls, c) for cls in m[1] for c in m[0]} for m in table]
    for i in range(len(table)):
        joined = [g for g in groups if any(slots_of[i] & slots_of[j] for j in g)]
        merged = [i] + [j for g in joined for j in g]
        groups = [g for g in groups if g not in joined] + [merged]
    return sum(_best_group([table[i] for i in g], held) for g in groups)


def _best_group(table, held: Counter) -> int:
    slots = sorted({(cls, c) for cards, classes, _ in table for cls in classes for c in cards})
    index = {s: i for i, s in enumerate(slots)}
    start = tuple(held[c] for _, c in slots)
    needs = [[(index[(cls, c)], n) for cls in classes for c, n in cards.items()]
             for cards, classes, _ in table]

    @cache
    def search(i: int, room: tuple[int, ...]) -> int:
        if i == len(table):
            return 0
        value = table[i][2]
        top = search(i + 1, room)
        free = list(room)
        taken = 0
        while True:
            for k, n in needs[i]:
                free[k] -= n
            if min(free) < 0:
                break
            taken += 1
            top = max(top, taken * value + search(i + 1, tuple(free)))
        return top

    return search(0, start)


def fewest_copies(claims: list[tuple[Counter, tuple[str, ...]]]) -> Counter:
    """The copies a declaration needs, by trying the ways to give the claims copies: per card
    the fewest copies k such that each claim gets its own n copies and claims sharing a class
    get different ones (a hand lays at most the copies it holds). Claims: (cards, classes)."""
    from itertools import combinations

    def fits(users: list[tuple[int, set]], k: int, given: list[set]) -> bool:
        if len(given) == len(users):
            return True
        n, classes = users[len(given)]
        taken = set().union(*(g for g, (_, other) in zip(given, users) if classes & other))
        return any(fits(users, k, given + [set(pick)])
                   for pick in combinations(sorted(set(range(k)) - taken), n))

    need = Counter()
    for card in sorted({c for cards, _ in claims for c in cards}):
        users = [(cards[card], set(classes)) for cards, classes in claims if cards[card]]
        k = max(n for n, _ in users)
        while not fits(users, k, []):
            k += 1
        need[card] = k
    return need
