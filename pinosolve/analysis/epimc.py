"""EPIMC: perfect-information Monte Carlo with the perfect-information step postponed.

PIMC solves each deal as if every card were seen from the first card on, so its mover may
play one card in one deal and another in the next where it could not tell them apart
(strategy fusion). EPIMC (Arjonilla, Saffidine and Cazenave 2024, "Perfect Information Monte
Carlo with Postponing Reasoning", arXiv 2408.02380) postpones that step to a depth ``d`` and
proves that a deeper postponement never adds fusion. Here the depth is the viewer's next
decision (``depth`` 1; 2: the one after): each legal card is played in every consistent
deal, the other seats answer in each deal as PIMC has them (each sees the deal), and at the
viewer's next decision one card is chosen for every deal that reaches it alike (the cards
everyone saw), by its mean over those deals; there each deal is solved double-dummy, every
card valued.

The tree is ``pinosolve.analysis.worlds``'s; ``tree_values`` also backs up
``pinosolve.analysis.presumed`` (the other seats not seeing the deal). Each card's value in
each deal is the points the viewer's side takes from the view on, as ``advise``'s.

Our reading where the paper's text could not be read here (only its abstract): the other
seats are clairvoyant inside the postponed part, as PIMC's leaves make them; a deal where a
public line is impossible (an unseen holder without the card) drops out of that branch.
"""

from __future__ import annotations

from collections.abc import Sequence

from pinosolve.analysis.worlds import Worlds, weighted_mean


def epimc_values(worlds: Worlds, depth: int = 1) -> dict[int, dict[int, float]]:
    """Each legal card of the viewer -> its value in each world, the viewer's next ``depth``
    decisions chosen once for every world reaching them (see the module)."""
    return tree_values(worlds, depth, mine_blind=True, others_blind=False)


def tree_values(worlds: Worlds, depth: int, mine_blind: bool, others_blind: bool
                ) -> dict[int, dict[int, float]]:
    """Each legal card of the viewer (to move at the root) -> its value in each world (see
    the module). ``depth``: the viewer's decisions after the root searched in the tree (at
    least 1); ``mine_blind``: those decisions chosen by the mean over the worlds reaching
    them (EPIMC), else each world's best (PIMC's leaf); ``others_blind``: the other seats'
    cards chosen by their mean over the worlds where they could play them (presumed payoff),
    else each world's best for their side."""
    alive = list(range(len(worlds)))
    legal = worlds.legal(alive)
    out = {}
    for card in legal:
        with worlds.played(card, alive):
            out[card] = _node(worlds, alive, depth, mine_blind, others_blind)
    return out


def _node(worlds: Worlds, alive: list[int], depth: int, mine_blind: bool, others_blind: bool
          ) -> dict[int, float]:
    if worlds.over(alive):
        return {w: float(worlds.gained(w)) for w in alive}
    mover = worlds.mover(alive)
    if mover == worlds.me:
        if depth == 1:
            return _leaf(worlds, alive, mine_blind)
        kids = {}
        for card in worlds.legal(alive):
            with worlds.played(card, alive):
                kids[card] = _node(worlds, alive, depth - 1, mine_blind, others_blind)
        if not mine_blind:
            return {w: max(k[w] for k in kids.values()) for w in alive}
        best = max(kids, key=lambda c: (weighted_mean(kids[c], worlds.weights), -c))
        return kids[best]
    kids = {}
    where = worlds.legal(alive)
    for card, ws in where.items():
        with worlds.played(card, ws):
            kids[card] = _node(worlds, ws, depth, mine_blind, others_blind)
    return _others(worlds, alive, kids, mover, others_blind)


def _leaf(worlds: Worlds, alive: Sequence[int], mine_blind: bool) -> dict[int, float]:
    """The viewer's next decision: each world solved; one card for all (``mine_blind``) or
    each world's best."""
    if not mine_blind:
        return {w: float(worlds.solve(w, every=False)[0]) for w in alive}
    cards = {w: worlds.solve(w, every=True)[1] for w in alive}
    shared = set.intersection(*(set(c) for c in cards.values()))
    best = max(sorted(shared), key=lambda c: (weighted_mean({w: cards[w][c] for w in alive},
                                                            worlds.weights), -c))
    return {w: float(cards[w][best]) for w in alive}


def _others(worlds: Worlds, alive: Sequence[int], kids: dict[int, dict[int, float]],
            mover: int, blind: bool) -> dict[int, float]:
    """Another seat's choice in each world among the cards it could play there: the best
    for its side in that world, or (``blind``) the first legal card in the order of their
    means for its side, over the worlds where each could be played among those where it is
    on the same side (a called card's partner knows his side; the viewer may not)."""
    out = {}
    if not blind:
        for w in alive:
            sign = 1.0 if worlds.ours(mover, w) else -1.0
            out[w] = sign * max(sign * k[w] for k in kids.values() if w in k)
        return out
    for ours in (True, False):
        group = {w for w in alive if worlds.ours(mover, w) == ours}
        if not group:
            continue
        sign = 1.0 if ours else -1.0
        means = {c: weighted_mean({w: x for w, x in k.items() if w in group}, worlds.weights)
                 for c, k in kids.items() if group.intersection(k)}
        order = sorted(means, key=lambda c: (-sign * means[c], c))
        for w in sorted(group):
            card = next(c for c in order if w in kids[c])
            out[w] = kids[card][w]
    return out
