"""A plain minimax over the two-hand stock stage, written from the sources' text apart from
``pinosolve.analysis.stock``: "the winner of the trick takes the top card of the stock ... the
loser of the trick then takes the next card", "the winner of the trick is now allowed to
meld" (source 004: before drawing), any card played (no duty in stage 1), a melded card
played from the table, "the winner of the trick may choose" between the last two (where the
rules say so), then the play-off by ``dd_oracle``'s plain minimax. Its own trick winner and
its own meld enumeration: every sub-multiset of the winner's cards (hand and table), each
split between the two, asked of the meld-sequence checker (``pinosolve.meld.sequence``,
tested on its own against the sources' examples) whether it stands, and a free kind (the dix)
beside it. No memo, no equivalence. Values: the first seat's margin over the second, meld
and trick points."""

from __future__ import annotations

import copy
import itertools

from pinosolve.meld.sequence import Checker
from tests import dd_oracle


def margin(v, trump, hands, stock, leader, trick=(), checkers=None, trick_no=1):
    """The first seat's margin from here, both playing for their own margin."""
    checkers = checkers or [Checker(v, trump) for _ in range(2)]
    mover = leader if not trick else 1 - leader
    best = None
    for card, from_table in moves(hands, checkers, mover):
        x = after_card(v, trump, hands, stock, leader, list(trick), checkers, trick_no, card,
                       from_table)
        if best is None or (x > best if mover == 0 else x < best):
            best = x
    return best


def card_advantages(v, trump, hands, stock, leader, trick=()):
    checkers = [Checker(v, trump) for _ in range(2)]
    mover = leader if not trick else 1 - leader
    out = {}
    for card, from_table in moves(hands, checkers, mover):
        x = after_card(v, trump, hands, stock, leader, list(trick), checkers, 1, card,
                       from_table)
        out[card] = x if card not in out else (max if mover == 0 else min)(out[card], x)
    return out


def table_of(checker):
    return [str(c.card) for c in checker.copies if c.on_table]


def moves(hands, checkers, p):
    out = [(c, False) for c in sorted(set(hands[p]))]
    out += [(c, True) for c in sorted(set(table_of(checkers[p])))]
    return out


def after_card(v, trump, hands, stock, leader, trick, checkers, trick_no, card, from_table):
    seq = v.rules.meld.sequence
    mover = leader if not trick else 1 - leader
    hands = [list(h) for h in hands]
    checkers = [copy.deepcopy(c) for c in checkers]
    gain = 0
    if from_table:
        checkers[mover].played(0, {"played": card})
    else:
        hands[mover].remove(card)
        if seq.dix_as_played:
            res = checkers[mover].declared(0, {"declared": card, "trick": trick_no})
            if not res.violations:
                gain += res.points if mover == 0 else -res.points
    trick = trick + [card]
    if len(trick) == 1:
        return gain + margin(v, trump, hands, stock, leader, trick, checkers, trick_no)
    strength = dd_oracle.strength_of(v.rules, stage=1)
    w = (leader + dd_oracle.trick_winner(trick, trump.name, strength)) % 2
    won = sum(v.rules.points.cards[c[0]] for c in trick)
    gain += won if w == 0 else -won
    results = []
    takes = [0, 1] if len(stock) == 2 and seq.last_card_choice else [0]
    for take in takes:
        if seq.draw_before_meld:
            h, s, c = draw(hands, stock, checkers, w, take)
            for mg, h2, s2, ch in melds(v, trump, h, s, c, w, trick_no):
                results.append(mg + rest(v, trump, h2, s2, w, ch, trick_no))
        else:
            for mg, h2, s2, ch in melds(v, trump, hands, stock, checkers, w, trick_no):
                h3, s3, c3 = draw(h2, s2, ch, w, take)
                results.append(mg + rest(v, trump, h3, s3, w, c3, trick_no))
    return gain + (max(results) if w == 0 else min(results))


def draw(hands, stock, checkers, w, take):
    """The winner's card and the loser's. The turned card is the last: if it is a dix its
    player exchanged and he draws it back, it is his melded card again, not a new one."""
    hands = [list(h) for h in hands]
    stock = list(stock)
    checkers = [copy.deepcopy(c) for c in checkers]
    got = {w: stock[take], 1 - w: stock[1 - take] if len(stock) == 2 else stock[1]}
    turned_to = None
    if len(stock) == 2:
        turned_to = w if take == 1 else 1 - w
    for p in (w, 1 - w):
        mine = checkers[p]
        if p == turned_to and mine.under is not None and \
                str(mine.copies[mine.under].card) == got[p]:
            mine.copies[mine.under].on_table = True
        else:
            hands[p].append(got[p])
    if len(stock) == 2:
        stock = []
        for c in checkers:
            c.under = None
    else:
        stock = stock[2:]
    return hands, stock, checkers


def rest(v, trump, hands, stock, w, checkers, trick_no):
    if stock:
        return margin(v, trump, hands, stock, w, (), checkers, trick_no + 1)
    full = [hands[p] + table_of(checkers[p]) for p in (0, 1)]
    if not any(full):
        return 0
    rules = v.rules
    points = dict(rules.points.cards)
    strength = dd_oracle.strength_of(rules)
    first = dd_oracle.minimax(rules, points, rules.points.last_trick, full, w, [],
                              trump.name, [0, 1], strength)
    total = sum(points[c[0]] for h in full for c in h) + rules.points.last_trick
    return first - (total - first)


def melds(v, trump, hands, stock, checkers, w, trick_no):
    """(the first seat's meld points, hands, stock, checkers) for each way the winner may
    meld: nothing, one meld, or one meld and a free kind beside it."""
    out = [(0, hands, stock, checkers)]
    sign = 1 if w == 0 else -1
    for pts, h, s, ch, dix in steps(v, trump, hands, stock, checkers, w, trick_no, "any"):
        out.append((sign * pts, h, s, ch))
        # a dix beside the meld, or (source 002) a meld after the dix, with the card it took
        for pts2, h2, s2, ch2, _ in steps(v, trump, h, s, ch, w, trick_no,
                                          "meld" if dix else "dix"):
            out.append((sign * (pts + pts2), h2, s2, ch2))
    return out


def steps(v, trump, hands, stock, checkers, w, trick_no, which):
    seq = v.rules.meld.sequence
    table = table_of(checkers[w])
    pool = [(c, False) for c in hands[w]] + [(c, True) for c in table]
    seen = set()
    for size in range(1, min(len(pool), 5) + 1):
        for combo in itertools.combinations(range(len(pool)), size):
            picked = [pool[i] for i in combo]
            key = tuple(sorted(picked))
            if key in seen:
                continue
            seen.add(key)
            from_hand = [c for c, t in picked if not t]
            from_table = [c for c, t in picked if t]
            is_dix = len(picked) == 1 and picked[0][0] == "9" + trump.name
            if (which == "dix" and not is_dix) or (which == "meld" and is_dix):
                continue
            dix = is_dix and not from_table
            for exchange in ([False, True] if dix and stock and seq.dix_exchange != "none"
                             else [False]):
                ch = [copy.deepcopy(c) for c in checkers]
                step = {"meld": from_hand, "trick": trick_no}
                if from_table:
                    step["table"] = from_table
                if exchange:
                    step["exchange"] = True
                res = ch[w].meld(len(ch[w].melds) + 1, step)
                if res.violations:
                    continue
                h = [list(x) for x in hands]
                for c in from_hand:
                    h[w].remove(c)
                s = list(stock)
                if exchange:
                    h[w].append(s[-1])
                    s[-1] = from_hand[0]
                    at = max(i for i, c in enumerate(ch[w].copies)
                             if str(c.card) == from_hand[0] and c.on_table)
                    ch[w].copies[at].on_table = False
                    ch[w].under = at
                yield res.points, h, s, ch, is_dix
