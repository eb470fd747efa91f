"""Card, hand and deal notation: parsing, printing, and parse(format(x)) == x."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve.cards import CARDS, NUM_CARDS, Card, Hand, Rank, Suit
from pinosolve.deal import Deal
from pinosolve.errors import NotationError

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.mark.parametrize("text, expected", [
    ("AS", "AS"), ("as", "AS"), ("TH", "TH"), ("10H", "TH"), ("10♥", "TH"), ("t♥", "TH"),
    ("9c", "9C"), ("9♣", "9C"), ("K♦", "KD"), ("qs", "QS"), (" JD ", "JD"), ("Q♤", "QS"),
])
def test_card_forms(text, expected):
    assert str(Card.parse(text)) == expected


def test_card_indices_are_a_bijection():
    assert len(CARDS) == NUM_CARDS == 24
    assert [c.index for c in CARDS] == list(range(24))
    assert all(Card.parse(str(c)) is c for c in CARDS)
    assert CARDS[0] == Card(Suit.S, Rank.A) and CARDS[-1] == Card(Suit.C, Rank.NINE)


def test_symbol_form():
    assert Card.parse("TH").symbol == "10♥"
    assert Hand.parse("AAT.K9..QJ").pretty() == "♠ A A 10  ♥ K 9  ♦ —  ♣ Q J"


def test_dotted_example_from_the_issue():
    hand = Hand.parse("AAT.K9..QJ")
    assert str(hand) == "AS AS TS KH 9H QC JC"
    assert hand.dotted() == "AAT.K9..QJ"
    assert Hand.parse("A A 10.K9.-.QJ") == hand
    assert Hand.parse("AS,AS,TS, KH 9H;QC JC") == hand


def test_multiset_semantics():
    hand = Hand.parse("AS AS TH")
    assert hand.count("AS") == 2 and len(hand) == 3 and "TH" in hand and "9C" not in hand
    assert hand - Hand.parse("AS") == Hand.parse("AS TH")
    with pytest.raises(NotationError):
        hand - Hand.parse("9C")
    assert Hand.parse("-") == Hand() == Hand.parse("") == Hand.parse("...")


@pytest.mark.parametrize("text", ["XS", "AX", "A", "S", "1S", "AS10", "A.S", "AAT.K9.QJ",
                                  "AAT.K9..QJ.", "AXT...", "11H", "A♥♥"])
def test_bad_notation(text):
    with pytest.raises(NotationError):
        Hand.parse(text)


counts_48 = st.lists(st.integers(0, 2), min_size=24, max_size=24)
counts_80 = st.lists(st.integers(0, 4), min_size=20, max_size=20).map(
    lambda xs: [xs.pop(0) if r is not Rank.NINE else 0 for c in CARDS for r in [c.rank]])


def _spell(card: Card, rnd: random.Random) -> str:
    rank = card.rank.letter
    if card.rank is Rank.T and rnd.random() < 0.5:
        rank = "10"
    suit = card.suit.letter if rnd.random() < 0.5 else SYMBOL[card.suit.letter]
    text = rank + suit
    return text.lower() if rnd.random() < 0.3 else text


@settings(max_examples=300)
@given(st.one_of(counts_48, counts_80), st.randoms(use_true_random=False))
def test_hand_round_trips(counts, rnd):
    hand = Hand.from_counts(counts)
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse(hand.dotted()) == hand
    assert Hand.parse(",".join(hand.cards())) == hand
    spelled = [_spell(c, rnd) for c in hand]
    rnd.shuffle(spelled)
    assert Hand.parse(rnd.choice([" ", ", ", ","]).join(spelled)) == hand


@settings(max_examples=200)
@given(st.sampled_from([("N", "S"), ("N", "E", "W"), ("N", "E", "S", "W"),
                        ("1", "2", "3", "4", "5")]),
       st.randoms(use_true_random=False), st.integers(0, 12))
def test_deal_round_trips(seats, rnd, size):
    deck = [c for c in CARDS for _ in range(2)]
    rnd.shuffle(deck)
    size = min(size, len(deck) // len(seats))
    hands = tuple(Hand(deck[i * size:(i + 1) * size]) for i in range(len(seats)))
    first = rnd.choice(seats)
    deal = Deal(seats, hands, first)
    text = str(deal)
    assert text.startswith(first + ":")
    assert Deal.parse(text, seats) == deal
    commas = f"{first}:" + " ".join(",".join(deal[s].cards()) or "-" for s in
                                    seats[seats.index(first):] + seats[:seats.index(first)])
    assert Deal.parse(commas, seats) == deal


def test_deal_is_clockwise_from_the_named_seat():
    seats = ("N", "E", "S", "W")
    deal = Deal.parse("E:A... K... Q... J...", seats)
    assert str(deal["E"]) == "AS" and str(deal["S"]) == "KS"
    assert str(deal["W"]) == "QS" and str(deal["N"]) == "JS"
    assert str(deal) == "E:A... K... Q... J..."


@pytest.mark.parametrize("text", ["", "X:A... K... Q... J...", "N:A... K... Q...",
                                  "N:A... K... Q... J... 9...", "N:A... K... Q... JX..."])
def test_bad_deals(text):
    with pytest.raises(NotationError):
        Deal.parse(text, ("N", "E", "S", "W"))
