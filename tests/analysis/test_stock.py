"""The two-hand stock stage with every card known (an open stock): the search against a
plain minimax written from the sources' text (``tests/stock_oracle``), on small positions of
the three stock variants with stocks of 2 to 6 cards: draws, the last card's choice, one meld
a trick won (with the dix beside it, the dix exchange, reuse and upgrades as the rules say),
melded cards played from the table, the deece declared as played, then the play-off."""

from __future__ import annotations

import random

import pytest

from pinosolve import PinosolveError, Suit, load_variant
from pinosolve.cards import Card
from pinosolve.analysis.stock import StockPosition, solve_stock
from tests import stock_oracle


def _position(vid: str, seed: int, cards: int, stock: int):
    v = load_variant(vid)
    rng = random.Random(seed)
    deck = [str(c) for c in v.deck]
    rng.shuffle(deck)
    trump = Suit(seed % 4)
    # melds are likelier with the trump's marriage and dix about
    for want in (f"K{trump.name}", f"Q{trump.name}", f"9{trump.name}"):
        if seed % 3 == 0 and want in deck:
            deck.remove(want)
            deck.insert(rng.randrange(2 * cards + stock), want)
    hands = [sorted(deck[:cards]), sorted(deck[cards:2 * cards])]
    pile = deck[2 * cards:2 * cards + stock]
    turned = next(c for c in deck[2 * cards:] if c.endswith(trump.name))  # turned for trump
    if turned not in pile:
        pile[-1] = turned
    pile.remove(turned)
    pile.append(turned)
    leader = rng.randrange(2)
    trick = []
    if seed % 2:
        trick = [rng.choice(hands[leader])]
        hands[leader].remove(trick[0])
    return v, trump, hands, pile, leader, trick


@pytest.mark.parametrize("vid", ["two-hand", "two-hand-57", "two-hand-1000"])
@pytest.mark.parametrize("seed, cards, stock", [(1, 2, 2), (2, 2, 4), (4, 2, 6), (9, 3, 2)])
def test_open_stock_against_plain_minimax(vid, seed, cards, stock):
    v, trump, hands, pile, leader, trick = _position(vid, seed, cards, stock)
    ix = lambda cs: [Card.parse(c).index for c in cs]
    pos = StockPosition(v, trump, [ix(h) for h in hands], ix(pile), leader, ix(trick))
    got = solve_stock(pos)
    want = stock_oracle.card_advantages(v, trump, hands, pile, leader, trick)
    assert {str(c): m for c, m in got.card_advantages.items()} == want
    assert got.advantage == (max if (leader + len(trick)) % 2 == 0 else min)(want.values())


@pytest.mark.parametrize("hands, pile", [
    (["QH 9H AC", "TH TD JD"], "JD QC AH KH"),   # the dix exchanged, then the K taken melded
    (["9H AD AC", "9D 9C JC"], "TS JS QC KH"),   # the exchanged dix drawn back: no new dix
])
def test_source_002_dix_exchange_against_plain_minimax(hands, pile):
    """Source 002: "the first Dix to be melded is done so by exchanging it for the face-up
    trump card ... and the card taken from the bottom may be used immediately in meld"."""
    test_open_stock_melds_against_plain_minimax("two-hand-57", hands, pile, 0)


def test_a_stock_position_that_cannot_be_is_refused():
    v = load_variant("two-hand")
    ix = lambda cs: [Card.parse(c).index for c in cs.split()]
    for hands, pile, words in (([ix("AS"), ix("KS")], ix("QS"), "even"),
                               ([ix("AS AS"), ix("AS AS")], ix("AS 9S"), "more A♠"),
                               ([ix("AS KS"), ix("AS")], ix("QS 9S"), "as many"),
                               ([ix("AS"), ix("KS")], [], "even")):
        with pytest.raises(PinosolveError, match=words):
            solve_stock(StockPosition(v, Suit.S, hands, pile, 0))
    with pytest.raises(PinosolveError, match="no stock stage"):
        solve_stock(StockPosition(load_variant("four-hand"), Suit.S, [ix("AS"), ix("KS")],
                                  ix("QS JS"), 0))


@pytest.mark.parametrize("vid", ["two-hand", "two-hand-57", "two-hand-1000"])
@pytest.mark.parametrize("hands, pile, leader", [
    (["9H KH", "QS JD"], "QH 9H AH JH", 0),           # dix exchange, marriage, pinochle
    (["9H KH", "9H QH"], "QH KH", 1),                  # two dixes, the marriage drawn
    (["QS KH", "JD 9H"], "QH AH KS 9H", 0),            # melds built from the table
    (["KH 9H AS", "TS JS 9C"], "9S QH", 0),            # a marriage and the dix beside it
])
def test_open_stock_melds_against_plain_minimax(vid, hands, pile, leader):
    v = load_variant(vid)
    trump = Suit.H
    split = [h.split() for h in hands]
    ix = lambda cs: [Card.parse(c).index for c in cs]
    got = solve_stock(StockPosition(v, trump, [ix(h) for h in split], ix(pile.split()),
                                    leader))
    want = stock_oracle.card_advantages(v, trump, split, pile.split(), leader)
    assert {str(c): m for c, m in got.card_advantages.items()} == want


def test_solve_stock_from_the_command_line(cli):
    import json

    from pinosolve.analysis.stock import open_stock

    args = ["solve", "--variant", "two-hand-57", "--trump", "H", "--leader", "S",
            "--deal", "N:A.KQ.. T..J.9", "--stock", "AS 9H KS QH"]
    got = cli(*args, "--json")
    assert got.code == 0, got.err
    want = open_stock("two-hand-57", "N:A.KQ.. T..J.9", "AS 9H KS QH", "H", "S").to_json()
    answer = json.loads(got.out)
    assert {k: answer[k] for k in ("to_move", "advantage", "card_advantages", "stock")} == \
        {k: want[k] for k in ("to_move", "advantage", "card_advantages", "stock")}
    for bad, words in (([*args, "--value-only"], "drop --value-only"),
                       ([*args[:-1], "AS 9H KH"], "even number"),
                       ([*args[:-1], "AS 9H KS XX"], "XX"),
                       ([*args[:-1], "AS 9H KH QS"], "turned for trump"),
                       (["solve", "--variant", "four-hand", "--trump", "H", "--deal",
                         "N:A... K... Q... J...", "--stock", "AH KS"], "no stock stage")):
        r = cli(*bad)
        assert r.code == 2 and r.err.count("\n") == 1 and words in r.err, r.err


def test_the_last_card_chosen_after_the_meld_against_plain_minimax(tmp_path):
    """A house rule no shipped file has: meld before drawing (source 004) and the last card's
    choice (source 002) together: each draw of the last two starts from the meld's state."""
    from pinosolve.variants.variant import load_file

    path = tmp_path / "choice.toml"
    path.write_text('extends = "two-hand-1000"\nid = "two-hand-1000-choice"\n'
                    'description = "two-hand-1000 where the last trick winner chooses"\n\n'
                    '[meld.sequence]\nlast_card_choice = true\n')
    v = load_file(path)
    for hands, pile, leader in ((["9H KH AS", "TS JS 9C"], "QH 9H", 0),
                                (["QH 9H AD", "9D 9C JC"], "KH AH", 1)):
        split = [h.split() for h in hands]
        ix = lambda cs: [Card.parse(c).index for c in cs]
        got = solve_stock(StockPosition(v, Suit.H, [ix(h) for h in split], ix(pile.split()),
                                        leader))
        want = stock_oracle.card_advantages(v, Suit.H, split, pile.split(), leader)
        assert {str(c): m for c, m in got.card_advantages.items()} == want
