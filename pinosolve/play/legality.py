"""Trick play from the rules file: which cards may be played, who wins a trick, what it is worth.

Legality comes from the variant's obligation knobs alone (``[trick]`` in the rules file):
follow suit; head the trick always, only on trump leads, or never; trump when void; overtrump;
trump even when unable to overtrump; whether a plain lead that has been trumped still obliges
followers to beat the best card of the led suit; a partner exemption; and, in two-handed play,
no obligations while the stock lasts. A trick is won by the highest trump, else the highest
card of the led suit; of two identical cards the first played wins.

Cards here are indices 0..23 (``Card.index``): suit = index // 6, rank = index % 6.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union
from collections.abc import Sequence

from pinosolve.cards import CARDS, Card, Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.inputs import (HandLike, SuitLike, VariantLike, as_cards, as_hand, as_trump,
                              as_variant)
from pinosolve.results import Result
from pinosolve.play.rules import NRANK, PlayRules
from pinosolve.play.trick import unfinished_problem, winning_seat

def _name(card: int) -> str:
    """A card in a reason, as people read it (``10♣``)."""
    return CARDS[card].symbol


def legal_plays(rules: PlayRules, hand: Sequence[int], trick: Sequence[int],
                trump: Optional[int], partner_winning: bool = False
                ) -> tuple[list[int], dict[int, str]]:
    """The distinct cards of ``hand`` that may be played to ``trick``, and for every card that
    may not, the rule that forbids it (the rule's key in brackets)."""
    cards = sorted(set(hand))
    if not trick or rules.free:
        return cards, {}
    t = rules.trick
    led = trick[0] // NRANK
    win = rules.winner(trick, trump)
    best = trick[win]
    ruffed = best // NRANK == trump and led != trump
    exempt = t.partner_exempt and partner_winning
    suit_sym = Suit(led).symbol
    allowed = cards
    why: dict[int, str] = {}

    def narrow(keep: list[int], reason: str) -> None:
        nonlocal allowed
        if keep:
            for c in allowed:
                if c not in keep:
                    why[c] = reason
            allowed = keep

    led_cards = [c for c in cards if c // NRANK == led]
    if t.follow_suit and led_cards:
        narrow(led_cards, f"must follow suit: you hold {suit_sym} [trick.follow_suit]")
        heading = t.head == "always" or (t.head == "trump-led" and led == trump)
        if heading and not exempt:
            if ruffed:
                if t.head_after_ruff:
                    top = max((c for c in trick if c // NRANK == led),
                              key=lambda c: -rules.strength[c % NRANK])
                    higher = [c for c in led_cards
                              if rules.strength[c % NRANK] < rules.strength[top % NRANK]]
                    narrow(higher, f"must beat the {_name(top)} even though the trick is "
                                   "trumped [trick.head_after_ruff]")
            else:
                higher = [c for c in led_cards if rules.beats(c, best, trump)]
                narrow(higher, f"must beat the {_name(best)} with a higher {suit_sym} "
                               f"[trick.head = {t.head}]")
        return allowed, why
    if trump is None or led == trump:
        return allowed, why  # void in the led suit and no trump to play: any card
    trumps = [c for c in cards if c // NRANK == trump]
    if t.trump_if_void and trumps:
        narrow(trumps, f"void in {suit_sym}: must play a trump [trick.trump_if_void]")
        if ruffed and t.overtrump and not exempt:
            over = [c for c in trumps if rules.beats(c, best, trump)]
            if over:
                narrow(over, f"must overtrump the {_name(best)} [trick.overtrump]")
            elif not t.trump_when_cannot_overtrump:
                allowed = cards  # unable to overtrump: free to discard
                for c in cards:
                    why.pop(c, None)
    return allowed, why


def illegal_in_trick(rules: PlayRules, hands: Sequence[Sequence[int]], leader: int,
                     trick: Sequence[int], trump: Optional[int], side: Sequence[int]
                     ) -> Optional[tuple[int, int, str]]:
    """The first card of the trick so far that its seat could not have played, as (seat, card,
    the rule that forbids it), or None. ``hands`` are the cards still held: a seat that has
    played held its card too. ``side`` tells partners apart (the partner exemption)."""
    n = len(hands)
    for k in range(1, len(trick)):
        seat = (leader + k) % n
        winning = winning_seat(rules, leader, trick[:k], trump, n)
        legal, why = legal_plays(rules, [*hands[seat], trick[k]], trick[:k], trump,
                                 side[winning] == side[seat])
        if trick[k] not in legal:
            return seat, trick[k], why[trick[k]]
    return None


def trick_problem(rules: PlayRules, hands: Sequence[Sequence[int]], leader: int,
                  trick: Sequence[int], trump: Optional[int], side: Sequence[int],
                  seats: Optional[Sequence[str]] = None) -> Optional[str]:
    """``illegal_in_trick`` as the one line that refuses the trick (``trick: SEAT could not
    have played CARD: the rule``), or None; seats by ``seats`` names, else ``seat N``."""
    wrong = illegal_in_trick(rules, hands, leader, trick, trump, side)
    if wrong is None:
        return None
    seat, card, why = wrong
    name = seats[seat] if seats is not None else f"seat {seat}"
    return f"trick: {name} could not have played {_name(card)}: " \
           f"{why.replace('you hold', f'{name} holds')}"


@dataclass(frozen=True, repr=False)
class LegalPlays(Result):
    """The cards the player to move may play to the trick (``legal``), and for each other
    card of the hand the rule that forbids it (``illegal``: card -> reason)."""

    variant: str
    trump: Suit
    stage: int
    hand: Hand
    trick: tuple[Card, ...]
    legal: tuple[Card, ...]
    illegal: dict[Card, str]

    _repr_keys = ("trump", "trick", "legal", "illegal")


def legal(variant: VariantLike, hand: HandLike, trick: Union[str, Sequence[Union[Card, str]]] = (),
          trump: SuitLike = None, stage: int = 2, partner_winning: bool = False) -> LegalPlays:
    """The legal plays from ``hand`` to the unfinished ``trick`` (its cards in play order;
    none: the player leads) under ``trump``; ``stage`` 1 is two-handed play while the stock
    lasts, 2 the play-off (and every other variant's play). ``partner_winning``: the card
    winning the trick so far is the player's partner's (where ``trick.partner_exempt`` frees
    him then from beating it).

    >>> legal("four-hand", "AS 9S KH", ["TS"], trump="H")
    LegalPlays(trump=H, trick=[TS], legal=[AS], illegal={9S: ..., KH: ...})
    """
    v = as_variant(variant)
    held = as_hand(v, hand)
    if not held:
        raise PinosolveError("hand: the player to move holds no card")
    order = as_cards(v, trick, "trick")
    finished = unfinished_problem(len(order), len(v.seats))
    if finished is not None:
        raise PinosolveError(finished)
    v.check_hand(Hand(order) + held, "hand and trick together")
    suit = as_trump(v, trump)
    assert suit is not None
    if isinstance(stage, bool) or stage not in (1, 2):
        raise PinosolveError(f"stage must be 1 (while the stock lasts) or 2 (the play-off), "
                             f"got {stage!r}")
    if stage == 1 and v.rules.deal.kitty_kind != "stock":
        raise PinosolveError(f"{v.id} has no stock, so no stage 1")
    if not isinstance(partner_winning, bool):
        raise PinosolveError(f"partner_winning must be true or false, got {partner_winning!r}")
    plays, why = legal_plays(PlayRules.of(v, stage), [c.index for c in held],
                             [c.index for c in order], int(suit), partner_winning and bool(order))
    return LegalPlays(v.id, suit, stage, held, order, tuple(CARDS[c] for c in plays),
                      {CARDS[c]: r for c, r in sorted(why.items())})
