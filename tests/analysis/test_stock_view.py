"""Stock-stage advice from one player's view (``pinosolve.analysis.stock_view``) against an
independent enumeration: every ordering of the hidden physical cards (each as likely as a
shuffle makes it), the other hand dealt first and the face-down stock after, each solved by
the plain stock-stage minimax (``tests/stock_oracle``), each card's margin averaged."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pinosolve import PinosolveError, load_variant
from pinosolve.analysis.stock import _Search
from pinosolve.analysis.stock_view import StockView, advise_stock
from tests import stock_oracle


def _view(vid, seat, hand, hidden, stock, play="", to_meld=False):
    """A view whose unseen cards are exactly ``hidden``: every other card is gone."""
    v = load_variant(vid)
    rest = [str(c) for c in v.deck]
    for c in hand.split() + hidden.split() + [c for c in stock.split() if c != "?"] + \
            play.split():
        rest.remove(c)
    view = {"variant": vid, "trump": "H", "seat": seat, "hand": hand, "stock": stock,
            "gone": " ".join(rest)}
    if play:
        view.update(play=play, leader="S" if seat == "N" else "N")
    if to_meld:
        view["to_meld"] = True
    return view


def _oracle(view, hidden):
    """Each card's mean margin for the viewer over every ordering of the hidden copies."""
    v = load_variant(view["variant"])
    me = v.seats.index(view["seat"])
    hand = view["hand"].split()
    play = view.get("play", "").split()
    other = len(hand) - len(play)
    sums: dict[str, Fraction] = {}
    orders = list(itertools.permutations(hidden.split()))
    for order in orders:
        fill = iter(order[other:])
        pile = [c if c != "?" else next(fill) for c in view["stock"].split()]
        hands = [hand, list(order[:other])]
        if me == 1:
            hands.reverse()
        leader = (1 - me) if play else me
        from pinosolve import Suit
        values = stock_oracle.card_advantages(v, Suit.H, hands, pile, leader, play)
        for c, x in values.items():
            sums[c] = sums.get(c, 0) + (x if me == 0 else -x)
    return {c: s / len(orders) for c, s in sums.items()}


@pytest.mark.parametrize("vid, seat, hand, hidden, stock, play", [
    ("two-hand", "N", "AS KH", "AS TH 9H", "? QH", ""),
    ("two-hand-57", "S", "QS 9H", "KH JD TC", "? AH", ""),
    ("two-hand-1000", "N", "KH 9D", "QH AD 9S", "? ? TH JH", "AC"),
    ("two-hand", "S", "QH", "KH 9H TS JC", "? ? ? AH", ""),
    # the dix declared as played: the trick's number is the stock's, whatever the hands hold
    ("two-hand-1000", "N", "9H AS", "QS 9S AD", "? TH", ""),
])
def test_stock_advice_against_every_ordering(vid, seat, hand, hidden, stock, play):
    view = _view(vid, seat, hand, hidden, stock, play)
    got = advise_stock(view, exact=True)
    want = _oracle(view, hidden)
    assert {str(c): a.advantage for c, a in got.by_card.items()} == \
        {c: round(float(x), 4) for c, x in want.items()}
    best = max(want.values())
    assert {str(c) for c, a in got.by_card.items() if a.rank == 1} <= \
        {c for c, x in want.items() if x == best}
    # a sample is drawn from the same arrangements: its means lie within them
    sampled = advise_stock(view, samples=30, seed=5)
    assert set(sampled.by_card) == set(got.by_card) and sampled.seed == 5


def test_meld_advice_values_each_meld_as_the_plain_minimax_does():
    """After a trick won: each arrangement's meld choices give the margins the plain
    minimax's meld enumeration gives, the best the same."""
    view = _view("two-hand", "N", "KH QH", "TS 9S JD", "? AH", to_meld=True)
    sv = StockView(view)
    v = sv.variant
    for (other, unseen), _ in sv._every():
        pos = sv.position(other, unseen)
        ours = sorted({x for _, x in _Search(v, sv.trump, None).meld_values(pos, 0)})
        names = lambda cs: [str(__import__("pinosolve").cards.Card.from_index(c)) for c in cs]
        from pinosolve.meld.sequence import Checker
        checkers = [Checker(v, sv.trump) for _ in range(2)]
        hands = [names(pos.hands[0]), names(pos.hands[1])]
        pile = names(pos.stock)
        want = set()
        for take in ([0, 1] if len(pile) == 2 and v.rules.meld.sequence.last_card_choice
                     else [0]):
            for mg, h, s, ch in stock_oracle.melds(v, sv.trump, hands, pile, checkers, 0,
                                                   pos.trick_number):
                h2, s2, c2 = stock_oracle.draw(h, s, ch, 0, take)
                want.add(mg + stock_oracle.rest(v, sv.trump, h2, s2, 0, c2,
                                                pos.trick_number))
        assert max(ours) == max(want)
    advice = advise_stock(view, exact=True)
    assert advice.by_card is None and "no meld" in advice.by_meld
    top = next(iter(advice.by_meld))
    assert "K♥ Q♥" in top  # the royal marriage is worth laying


@pytest.mark.parametrize("change, words", [
    ({"stock": "? ?"}, "turned trump card"),
    ({"stock": "? QS"}, "not of the trump suit"),
    ({"stock": "? ? QH"}, "even number"),
    ({"gone": ""}, "unseen"),
    ({"stock": "TS QH"}, "more 10♠"),
    ({"leader": "S"}, "advice is for the player to move"),
    ({"play": "TS"}, "leader"),
    ({"variant": "four-hand"}, "no stock stage"),
    ({"to_meld": "yes"}, "true or false"),
    ({"stocks": "? QH"}, "unknown key"),
    ({"hand": "AS TS KS QS JS 9S AD TD KD QD JD 9D AC", "gone": ""}, "deals 12"),
    ({"stock": "? " * 31 + "QH"}, "stock holds 24"),
    ({"to_meld": True, "stock": "? " * 23 + "QH", "gone": ""}, "no trick has been won"),
    ({"leader": "S", "to_meld": True}, "the trick's winner melds"),
])
def test_a_view_no_deal_explains_is_refused(change, words):
    view = _view("two-hand", "N", "AS KH", "AS TH 9H", "? QH")
    view.update(change)
    with pytest.raises(PinosolveError, match=words):
        advise_stock(view, exact=True)


def test_exact_refuses_more_arrangements_than_its_limit():
    view = _view("two-hand", "S", "QH 9C", "KH 9H TS JC AD", "? ? ? AH")
    with pytest.raises(PinosolveError, match="more than 3 arrangements"):
        advise_stock(view, exact=True, limit=3)


def test_advise_stock_from_the_command_line(cli):
    view = _view("two-hand", "N", "AS KH", "AS TH 9H", "? QH")
    args = ["advise", "--variant", "two-hand", "--trump", "H", "--seat", "N", "--hand",
            "AS KH", "--stock", "? QH", "--gone", view["gone"]]
    r = cli(*args, "--exact", "--json")
    assert r.code == 0, r.err
    assert r.json() == advise_stock(view, exact=True).to_json()
    r = cli(*args, "--seed", "3", "--samples", "10")
    assert r.code == 0 and "A♠" in r.out and "stock stage" in r.out and "seed 3" in r.out
    for bad, words in ((["--stock", "? QS"], "not of the trump suit"),
                       (["--bid", "20", "--meld", "4"], "not used with --stock"),
                       (["--to-meld", "--stock", "?"], "even number")):
        r = cli(*args, *bad)
        assert r.code == 2 and r.err.count("\n") == 1 and words in r.err, r.err
    r = cli("advise", "--variant", "two-hand", "--trump", "H", "--seat", "N", "--hand",
            "AS KH", "--to-meld")
    assert r.code == 2 and "give the stock" in r.err


@pytest.mark.parametrize("hand, gone, stock", [
    ("AS KH 9H", "TTKKQQJJ99.AATQJJ.AATTKKQQJJ99.AATTKKQQJJ", "? ? ? QH"),
    ("AS KH", "TTKKQQJJ99.AATKQJJ9.AATTKKQQJJ99.AATTKKQQJJ99", "? QH"),
    ("AS KH 9H", "TTKKQQJJ99.AATQJJ.AATTKKQQJJ99.AATTKKQQJ9", "? 9C ? QH"),
])
def test_infer_stock_against_every_arrangement(hand, gone, stock):
    """Counts, and what each place may and must hold, against the arrangements listed."""
    from collections import Counter

    from pinosolve.analysis.stock_view import infer_stock

    view = {"variant": "two-hand", "trump": "H", "seat": "N", "hand": hand, "gone": gone,
            "stock": stock}
    sv = StockView(view)
    every = list(sv._every())
    got = infer_stock(view)
    assert got.deals == len(every) == len({(tuple(h), tuple(o)) for (h, o), _ in every})
    assert got.weighted == sum(w for _, w in every)
    for place, i in ((got.by_seat["S"], 0), (got.unseen, 1)):
        counts = [Counter(a[i]) for a, _ in every]
        kinds = {k for c in counts for k in c}
        assert {c.index for c in place.possible} == kinds
        least = Counter({k: min(c[k] for c in counts) for k in kinds})
        assert Counter(c.index for c in place.certain) == +least


def test_infer_stock_from_the_command_line(cli):
    view = _view("two-hand", "N", "AS KH", "AS TH 9H", "? QH")
    args = ["infer", "--variant", "two-hand", "--trump", "H", "--seat", "N", "--hand",
            "AS KH", "--stock", "? QH", "--gone", view["gone"]]
    r = cli(*args, "--json")
    assert r.code == 0, r.err
    got = r.json()
    assert got["deals"] == 3 and got["by_seat"]["S"]["cards_held"] == 2 and \
        got["unseen"]["cards_held"] == 1
    r = cli(*args)
    assert r.code == 0 and "stock" in r.out and "arrangements" in r.out
    for bad, words in ((["--witness", "S:AS"], "drop --witness"),
                       (["--bidder", "N"], "not used with --stock")):
        r = cli(*args, *bad)
        assert r.code == 2 and r.err.count("\n") == 1 and words in r.err, r.err


def test_a_sample_seed_is_checked_as_every_seed_is():
    view = _view("two-hand", "N", "AS KH", "AS TH 9H", "? QH")
    for bad in (-5, 2 ** 64, 1.5, "x", [1], True):
        with pytest.raises(PinosolveError, match="seed must be"):
            advise_stock(view, samples=2, seed=bad)


def test_infer_answers_a_view_where_the_other_player_is_to_move():
    """Advice is for the player to move; what the others hold is known to either."""
    from pinosolve.analysis.stock_view import infer_stock

    view = _view("two-hand", "N", "AS KH", "AS TH 9H", "? QH")
    view["leader"] = "S"
    got = infer_stock(view)
    assert got.to_move == "S" and got.by_seat["S"].cards_held == 2
    with pytest.raises(PinosolveError, match="advice is for the player to move"):
        advise_stock(view, exact=True)
    led = _view("two-hand", "N", "KH", "AS TH 9H", "? QH", play="AS")
    led["leader"] = "N"  # the viewer led his A♠: the other, with two cards, is to play
    got = infer_stock(led)
    assert got.to_move == "S" and got.by_seat["S"].cards_held == 2 and got.deals == 3


def test_a_rules_file_with_duties_in_the_stock_stage_has_no_views(tmp_path):
    from pinosolve.variants.variant import load_file

    path = tmp_path / "duty.toml"
    path.write_text('extends = "two-hand"\nid = "two-hand-duty"\n'
                    'description = "two-hand with the play-off duties in the stock stage"\n\n'
                    '[trick]\nstock_obligations = "play-off"\n')
    view = _view("two-hand", "N", "AS KH", "AS TH 9H", "? QH")
    view["variant"] = load_file(path)
    with pytest.raises(PinosolveError, match="stock_obligations"):
        StockView(view)
