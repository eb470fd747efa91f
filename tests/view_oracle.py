"""The hidden-card oracle: late-deal views of every variant, and every assignment of their
hidden physical cards to the seats (and the unseen pile) listed and replayed on a ``Game``
with the engine's legality: what ``infer``, ``View.sample`` and ``advise`` are checked
against, deliberately simple."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from pinosolve import Game, IllegalPlay
from tests.generators import roles_of


def ending_view(v, seed: int, cards_left: int = 3, unknown: int = 0, shown: bool = False,
                 kitty: bool = False, passed: bool = False):
    """A view of a late-deal position: the hands as 'play began' are the hands left after
    some tricks; every card outside them is gone (known to the viewer) but ``unknown`` of
    them, which join the hidden cards (an unseen pile: at most the cards the deal leaves
    out of the hands, a kitty or a stock). Then a trick or two played at random (legal
    cards). Returns the view and the true start hands."""
    unknown = min(unknown, v.deck_size - v.rules.deal.hand_size * len(v.seats))
    rng = random.Random(seed)
    g = Game(v, v.random_deal(seed), trump="SHDC"[seed % 4], leader=v.seats[seed % len(v.seats)],
             **roles_of(v))
    while max(len(g.hand(s)) for s in v.seats) > cards_left or g.trick:
        g.play(rng.choice(g.legal_moves()))
    start = {s: [str(c) for c in g.hand(s)] for s in v.seats}
    leader = g.to_move
    in_hands = Counter(c for h in start.values() for c in h)
    deck = Counter(str(c) for c in v.deck)
    gone = list((deck - in_hands).elements())
    rng.shuffle(gone)
    gone = gone[unknown:]
    play = []
    for _ in range(rng.randrange(len(v.seats) * min(2, cards_left) + 1)):
        card = rng.choice(g.legal_moves())
        g.play(card)
        play.append(str(card))
    me = v.seats[rng.randrange(len(v.seats))]
    view = {"variant": v, "trump": g.trump.name, "seat": me, "hand": start[me],
            "leader": leader, "play": play, "gone": gone, **roles_of(v)}
    if shown:
        other = next(s for s in v.seats if s != me)
        view["shown"] = {other: start[other][:2]}
    if kitty and unknown:  # the viewer saw the cards left out: a kitty
        hidden = list((deck - Counter(start[me]) - Counter(gone) - Counter(
            c for s in v.seats if s != me for c in start[s])).elements())
        view["kitty"] = hidden[:1]
    if passed:
        mates = [s for s in v.seats if s != me and g.side_of(s) == g.side_of(me)]
        if len(mates) == 1:
            view["passed"] = {"gave": start[mates[0]][:1]}
    return view, start


def consistent(v, view, hands) -> bool:
    """Whether the start ``hands`` (seat -> cards; 'pile': the cards left out) explain the
    view: the play replayed with the engine's legality, the meld shown held, the cards
    passed held by the partner, the kitty's cards left out (or taken by the declarer)."""
    for seat, cards in (view.get("shown") or {}).items():
        if Counter(cards) - Counter(hands[seat]):
            return False
    if view.get("passed"):
        me = view["seat"]
        g0 = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"],
                  **roles_of(v))
        mate = next(s for s in v.seats if s != me and g0.side_of(s) == g0.side_of(me))
        if Counter(view["passed"]["gave"]) - Counter(hands[mate]):
            return False
    if view.get("kitty"):
        takers = Counter(hands["pile"])
        declarer = view.get("declarer")
        if declarer and v.rules.deal.bidder_takes_kitty and declarer != view["seat"]:
            takers += Counter(hands[declarer])
        if Counter(view["kitty"]) - takers:
            return False
    g = Game(v, pbn(v, hands), trump=view["trump"], leader=view["leader"], **roles_of(v))
    for card in view["play"]:
        try:
            g.play(card)
        except IllegalPlay:
            return False
    return True


def pbn(v, hands) -> str:
    """The deal of ``hands`` (seat -> card names) in dotted PBN."""
    def dotted(cards):
        return ".".join("".join(c[:-1] for c in cards if c[-1] == s) for s in "SHDC")

    return f"{v.seats[0]}:" + " ".join(dotted(hands[s]) for s in v.seats)


def enumerate_deals(v, view):
    """Every assignment of the hidden physical cards (copies told apart) to the other seats
    and the pile: the consistent ones, counted per distinct table of copies."""
    me = view["seat"]
    deck = Counter(str(c) for c in v.deck)
    hidden = deck - Counter(view["hand"]) - Counter(view["gone"])
    physical = [(c, i) for c, n in sorted(hidden.items()) for i in range(n)]
    others = [s for s in v.seats if s != me]
    size = len(view["hand"])
    pile = len(physical) - size * len(others)
    tables: Counter = Counter()
    for order in assignments(len(physical), [size] * len(others) + [pile]):
        hands = {me: list(view["hand"])}
        for s, group in zip([*others, "pile"], order):
            hands[s] = [physical[i][0] for i in group]
        if consistent(v, view, hands):
            key = tuple(tuple(sorted(hands[s])) for s in [*others, "pile"])
            tables[key] += 1
    return others, tables


def assignments(n: int, sizes: list[int]):
    """Every way to split items 0..n-1 into groups of ``sizes`` (ordered groups)."""
    if not sizes:
        yield []
        return
    items = list(range(n))

    def go(left, sizes):
        if not sizes:
            yield []
            return
        for group in itertools.combinations(left, sizes[0]):
            rest = [x for x in left if x not in group]
            for tail in go(rest, sizes[1:]):
                yield [group, *tail]

    yield from go(items, sizes)
