"""The diagrams: every card drawn once, where its seat is, read back by a simple reader."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import pinosolve
from pinosolve.cards import NUM_CARDS, Card, Hand, Suit
from pinosolve.diagram import diagram_html, diagram_text

SYMBOL = {s.symbol: s for s in Suit}


def _suit_cell(text: str) -> tuple[Suit, list[str]]:
    """'♠ A 10 K' -> (S, ['A', 'T', 'K']); '♣ —' -> (C, [])."""
    symbol, _, ranks = text.strip().partition(" ")
    ranks = ranks.strip()
    return SYMBOL[symbol], [] if ranks == "—" else [
        "T" if r == "10" else r for r in ranks.split()]


def _hand(cells: list[tuple[Suit, list[str]]]) -> Hand:
    assert [s for s, _ in cells] == list(Suit)  # every suit, in order, once
    return Hand([r + s.name for s, ranks in cells for r in ranks])


def read_table(text: str, seats: list[str]) -> dict[str, Hand]:
    hands = {}
    for line in text.splitlines():
        seat, _, rest = line.partition("  ")
        if seat in seats and rest and rest.lstrip()[0] in SYMBOL:
            cells = [c for c in rest.split("   ") if c.strip()]
            hands[seat] = _hand([_suit_cell(c) for c in cells])
    return hands


def read_compass(text: str) -> dict[str, Hand]:
    lines = text.splitlines()
    north = lines.index(next(x for x in lines if x.strip() == "N"))
    west = north + 5
    south = west + 5
    column = lines[north].index("N")
    east_column = lines[west].index("E")
    cells: dict[str, list[tuple[Suit, list[str]]]] = {"N": [], "E": [], "S": [], "W": []}
    for i in range(4):
        cells["N"].append(_suit_cell(lines[north + 1 + i][column:]))
        row = lines[west + 1 + i]
        cells["W"].append(_suit_cell(row[:east_column]))
        cells["E"].append(_suit_cell(row[east_column:]))
        cells["S"].append(_suit_cell(lines[south + 1 + i][column:]))
    assert lines[west].startswith("W") and lines[south].strip() == "S"
    return {seat: _hand(c) for seat, c in cells.items()}


hand_st = st.lists(st.integers(0, NUM_CARDS - 1), max_size=20).map(
    lambda xs: Hand(Card.from_index(x) for x in xs))


@settings(max_examples=150, deadline=None)
@given(st.lists(hand_st, min_size=4, max_size=4), st.permutations(["N", "E", "S", "W"]))
def test_compass_reads_back(hands, seats):
    text = diagram_text(seats, hands, ["a note"])
    assert text.splitlines()[0] == "a note"
    assert read_compass(text) == dict(zip(seats, hands))
    assert all(line == line.rstrip() for line in text.splitlines())


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.lists(hand_st, min_size=n, max_size=n),
    st.lists(st.sampled_from(["P1", "P2", "North", "X", "Y", "Z", "S"]), min_size=n,
             max_size=n, unique=True))))
def test_table_reads_back(case):
    hands, seats = case
    if sorted(seats) == sorted(["N", "E", "S", "W"]):
        return
    text = diagram_text(seats, hands)
    assert read_table(text, seats) == dict(zip(seats, hands))


def test_html_escapes_and_colours():
    html = diagram_html(["<b>", "E"], [Hand.parse("AH"), Hand.parse("KS")], ["<script>"])
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;b&gt;" in html
    assert '<span style="color:#c00">♥</span> A' in html
    assert '<span style="color:inherit">♠</span> K' in html


def test_game_and_deal_draw_the_cards_still_held():
    g = pinosolve.Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S", leader="N")
    for card in ("AS", "TS", "QS", "9S", "KS"):
        g.play(card)
    text = g.diagram()
    assert text.splitlines()[:3] == ["four-hand, trump ♠; E to play",
                                    "on the table, led by N: K♠", "taken: NS 2, EW 0"]
    assert read_compass(text) == dict(g.deal.items())
    assert g._repr_html_().count("<b>") == 4
    three = pinosolve.Game("three-hand-kitty", pinosolve.load_variant(
        "three-hand-kitty").random_deal(2), trump="H", declarer="E")
    assert three.diagram().startswith("three-hand-kitty, trump ♥, declarer E; N to play\n")
    assert read_table(three.diagram(), list(three.seats)) == dict(three.deal.items())
    assert read_table(three.deal.diagram(), list(three.seats)) == dict(three.deal.items())
    assert str(g) == "N:.A.. .K.A. .T.T. .Q.K." and "<table>" in g.deal._repr_html_()
