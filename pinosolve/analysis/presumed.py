"""Presumed-payoff PIMC: the other seats not presumed to see every card.

PIMC overestimates what the other players know as much as what the mover knows: each deal is
solved with every seat seeing every card, so a defence that needs a guess is found in every
deal. Wisser's Presumed Payoff PIMC (IJCAI 2015, "An Expert-Level Card Playing Agent Based
on a Variant of Perfect Information Monte Carlo Sampling"; AAAI-16 workshop against Nash
approximations) corrects the other side's knowledge and keeps the mover's, at little cost,
and played Schnapsen above expert level.

Our reading (only the papers' abstracts could be read here): after the viewer's card, each
other seat's card to the viewer's next decision is chosen once for all the deals that reach
it alike (the cards everyone saw), as the card best for its side on average over the deals
where it could be played (and where it plays on the same side: a called card's partner
knows his side); a deal where the seat cannot play that card takes the next card in that
order that it can. At the viewer's next decision each deal is solved double-dummy as in
PIMC. The presumed player knows less than a real one (its own hand only through what it may
play), so this brackets the truth from the other end from PIMC; matches decide
(``docs/beyond-pimc.md``). With one consistent deal it is the double-dummy value.
"""

from __future__ import annotations

from pinosolve.analysis.epimc import tree_values
from pinosolve.analysis.worlds import Worlds


def presumed_values(worlds: Worlds, depth: int = 1) -> dict[int, dict[int, float]]:
    """Each legal card of the viewer -> its value in each world, the other seats choosing
    without seeing the deal up to the viewer's ``depth``-th next decision (see the module)."""
    return tree_values(worlds, depth, mine_blind=False, others_blind=True)
