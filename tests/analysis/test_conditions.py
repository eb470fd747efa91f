"""Dealing a deal that meets conditions (``deal --where``), and the condition language it
shares with ``study --where``: against a plain reading of each condition on the hand, the
exact counts against every order of a tiny deck and against the hypergeometric law, the
draws against the uniform law over the deals that meet them, and the seeds against each
other."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from pinosolve import Suit, load_variant
from pinosolve.analysis.conditions import CountTable, Term, deal_where, parse_conditions
from pinosolve.cards import CARDS, NUM_CARDS
from pinosolve.errors import PinosolveError
from pinosolve.variants.shuffle import Twister

RANKS = "ATKQJ9"


def _plain(v, text, hands, trump) -> bool:
    """Each condition read directly off the cards (no meld kinds beyond runs)."""
    for part in text.split(" and "):
        seat, term = part.split(":")
        cards = [str(c) for c in hands[seat]]
        if term.startswith("void("):
            ok = not any(c[1] == term[5] for c in cards)
        elif term.startswith("run("):
            ok = all(f"{r}{term[4]}" in cards for r in "ATKQJ")
        elif term.startswith("has="):
            ok = term[4:] in cards
        elif term.startswith("count("):
            n = sum(c[1] == term[6] for c in cards)
            ok = n <= int(term.split("<=")[1]) if "<=" in term else n >= int(term.split(">=")[1])
        elif term.startswith("trumps>="):
            ok = sum(c[1] == trump.name for c in cards) >= int(term[8:])
        else:
            raise AssertionError(term)
        if not ok:
            return False
    return True


CASES = [("four-hand", "N:run(S) and E:count(H)<=3", None), ("four-hand", "W:trumps>=6", "D"),
         ("two-hand", "N:has=AS and S:count(C)<=1", None), ("double-deck", "E:run(H)", None),
         ("three-hand-kitty", "E:void(S) and W:count(C)<=2", None),
         ("two-hand", "N:trumps>=5", None), ("five-hand-call", "3:count(D)>=6", None)]


@pytest.mark.parametrize("vid, text, trump", CASES)
def test_the_deal_drawn_meets_the_conditions_and_is_dealt_again(vid, text, trump):
    v = load_variant(vid)
    conditions = parse_conditions(v, text, "where")
    for seed in (1, 2, 3):
        found = deal_where(v, conditions, seed, 0, None if trump is None else Suit[trump])
        t = Suit[trump] if trump else found.dealt.trump
        assert _plain(v, text, found.dealt.deal, t), (seed, found)
        again = deal_where(v, conditions, seed, 0, None if trump is None else Suit[trump])
        assert again == found
        deck = sorted(str(c) for c in v.deck)
        held = sorted([str(c) for h in found.dealt.deal.hands for c in h] +
                      [str(c) for c in found.dealt.undealt])
        assert held == deck


@pytest.mark.parametrize("text, says", [
    ("N:aces(S)", "not in one suit"), ("N:trumps>=3", "give --trump"),
    ("N:bogus", "meld kinds: run"), ("N:void(X)", "give a suit"), ("N:run>=2", "no comparison"),
    ("Z:void(H)", "seat"), ("N:has=9S", "deck has no"), ("N:count(H)", "is not")])
def test_a_bad_condition_is_one_line(text, says):
    v = load_variant("double-deck")
    with pytest.raises(PinosolveError) as err:
        deal_where(v, parse_conditions(v, text, "where"), 1)
    assert says in str(err.value) and "\n" not in str(err.value), str(err.value)


@pytest.mark.parametrize("vid, text, names", [
    ("four-hand", "N:count(H)>=13", "N:count(H)>=13"),
    ("four-hand", "N:count(H)>=7 and N:count(S)>=6", "together"),
    ("four-hand", "N:void(S) and N:void(H) and N:void(D) and N:void(C)", "together"),
    ("double-deck", "E:count(S)>=21", "E:count(S)>=21"),
    ("four-hand", "N:count(S)>=5 and E:count(S)>=5 and W:count(S)>=3", "together"),
    ("two-hand", "N:trumps>=13", "N:trumps>=13"),
    ("four-hand", "N:count(D)<0", "N:count(D)<0")])
def test_impossible_card_counts_are_proved_at_once(vid, text, names):
    """Counting proves them impossible: one line, no deal dealt (before the fix, 20,000
    deals were dealt first, 40 to 136 s)."""
    v = load_variant(vid)
    with pytest.raises(PinosolveError) as err:
        deal_where(v, parse_conditions(v, text, "where"), 1, tries=1)
    said = str(err.value)
    assert "no deal of" in said and names in said and "\n" not in said, said


def test_a_rare_condition_is_drawn_at_once_with_its_exact_chance():
    """N:count(S)>=9 (49 s before the fix) against the hypergeometric law."""
    v = load_variant("four-hand")
    found = deal_where(v, parse_conditions(v, "N:count(S)>=9"), 1)
    law = Fraction(sum(comb(12, k) * comb(36, 12 - k) for k in range(9, 13)), comb(48, 12))
    assert found.drawn == 1 and len(found.dealt.deal["N"].suit(Suit.S)) >= 9
    assert Fraction(found.shuffles, found.orders) == law and found.orders == math.factorial(48)


def test_the_turned_trump_is_counted_over_its_four_suits():
    """two-hand: the trump is the turned card's suit, the first card after the hands; it is
    one of the 36 cards N does not hold."""
    v = load_variant("two-hand")
    found = deal_where(v, parse_conditions(v, "N:trumps>=8"), 4)
    law = Fraction(4 * sum(comb(12, k) * comb(36, 12 - k) * (12 - k) for k in range(8, 13)),
                   comb(48, 12) * 36)
    assert Fraction(found.shuffles, found.orders) == law
    assert len(found.dealt.deal["N"].suit(found.dealt.trump)) >= 8


def test_conditions_too_many_to_count_together_are_drawn_for(monkeypatch):
    """Where counting them all together passes its budget, the first are counted and the
    rest drawn for: the deal still meets them all, the same from the same seed."""
    import pinosolve.analysis.conditions as conditions

    v = load_variant("double-deck")
    text = "N:count(S)>=6 and E:count(H)>=6 and S:count(D)>=6 and W:count(C)>=6"
    found = deal_where(v, parse_conditions(v, text, "where"), 3)
    assert _plain4(found.dealt.deal, text) and found.chance is not None
    monkeypatch.setattr(conditions, "COUNT_BUDGET", 60)
    first = deal_where(v, parse_conditions(v, "N:count(S)>=6", "where"), 3)
    cut = deal_where(v, parse_conditions(v, text, "where"), 3)
    assert _plain4(cut.dealt.deal, text) and cut == deal_where(v, parse_conditions(v, text), 3)
    assert cut.shuffles == first.shuffles and cut.drawn > 1
    with pytest.raises(PinosolveError, match="E:count.H.>=21"):
        deal_where(v, parse_conditions(v, "N:count(S)>=6 and E:count(H)>=21", "where"), 3)


def _plain4(deal, text) -> bool:
    return all(len(deal[part[0]].suit(Suit[part[8]])) >= int(part.split(">=")[1])
               for part in text.split(" and "))


def test_different_seeds_and_indices_draw_different_deals():
    """Before the fix every seed scanned seeds upward to the first that met the
    conditions, so neighbouring seeds gave the same deal (--seed 1 and --seed 2 did)."""
    v = load_variant("four-hand")
    for text in ("N:count(S)>=5", "N:run(S)"):
        conditions = parse_conditions(v, text)
        by_seed = [str(deal_where(v, conditions, s).dealt.deal) for s in range(25)]
        by_index = [str(deal_where(v, conditions, 1, k).dealt.deal) for k in range(15)]
        assert len(set(by_seed)) == 25 and len(set(by_index)) == 15, text


# --- the count table against every order of a tiny deck ---------------------------------


def _orders(copies, sizes):
    """Every order of the physical cards (each copy its own card), as the kinds each holder
    gets (dealt in order: the holders, then the pool)."""
    physical = [k for k, n in enumerate(copies) for _ in range(n)]
    for order in itertools.permutations(range(len(physical))):
        kinds = [physical[i] for i in order]
        hands, at = {}, 0
        for name, size in sizes:
            hands[name] = kinds[at:at + size]
            at += size
        yield hands, kinds[at:]


def _meets(hands, terms):
    return all(t.lo <= sum(k in t.kinds for k in hands[t.holder]) <= t.hi for t in terms)


def _tiny(rnd):
    """A tiny deck (7 physical cards of kinds from two suits, one or two copies), three
    holders of two cards and a pool of one."""
    kinds = rnd.sample([0, 1, 2, 6, 7, 8], 4)
    copies = [0] * NUM_CARDS
    left = 7
    for i, k in enumerate(kinds):
        copies[k] = 1 if i < 3 and left > 4 - i else left if i == 3 else rnd.choice((1, 2))
        left -= copies[k]
    copies[kinds[-1]] += left
    return tuple(copies)


def _terms(rnd, names, copies):
    terms = []
    present = [k for k, n in enumerate(copies) if n]
    for _ in range(rnd.randint(1, 3)):
        kinds = frozenset(rnd.sample(present, rnd.randint(1, 3))) if rnd.random() < 0.5 \
            else frozenset(k for k in present if CARDS[k].suit == CARDS[rnd.choice(present)].suit)
        lo = rnd.randint(0, 2)
        terms.append(Term(rnd.choice(names), kinds, lo, rnd.choice((lo, lo + 1, 1 << 30))))
    return terms


def test_the_count_is_every_order_of_a_tiny_deck_that_meets_the_terms():
    rnd = random.Random(59)
    sizes = [("N", 2), ("E", 2), ("S", 2)]
    for _ in range(6):
        copies = _tiny(rnd)
        orders = list(_orders(copies, sizes))
        for _ in range(8):
            terms = _terms(rnd, ["N", "E", "S"], copies)
            named = {n: s for n, s in sizes if any(t.holder == n for t in terms)}
            pool = 7 - sum(named.values())
            table = CountTable(copies, named, pool, terms)
            want = sum(1 for hands, _ in orders if _meets(hands, terms))
            assert table.count() == want, (copies, terms)
            assert table.total() == len(orders) == math.factorial(7)


def _chi_square_limit(df: int) -> float:
    """The chi-square quantile of p = 1 - 1e-6 (Wilson-Hilferty)."""
    z = 4.753
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_draws_are_uniform_over_the_orders_that_meet_the_terms():
    """Each deal (the kinds each holder gets, the pool in order) drawn as often as the
    orders of the deck that give it: a chi-square test with a fixed seed."""
    copies = [0] * NUM_CARDS
    copies[0], copies[1], copies[6], copies[7] = 2, 1, 2, 2   # AS AS TS AH AH TH TH
    sizes = [("N", 2), ("E", 2), ("S", 2)]
    terms = [Term("N", frozenset({0, 1}), 1, 1 << 30), Term("E", frozenset({6, 7}), 0, 1)]
    table = CountTable(tuple(copies), {"N": 2, "E": 2}, 3, terms)
    want = Counter()
    for hands, pool in _orders(copies, sizes):
        if _meets(hands, terms):
            want[(tuple(sorted(hands["N"])), tuple(sorted(hands["E"])),
                  tuple(hands["S"] + pool))] += 1
    assert sum(want.values()) == table.count()
    rng, got, draws = Twister(7), Counter(), 6000
    for _ in range(draws):
        hands, pool = table.draw(rng)
        got[(tuple(sorted(hands["N"])), tuple(sorted(hands["E"])), tuple(pool))] += 1
    assert set(got) <= set(want)
    total = sum(want.values())
    chi = sum((got[k] - draws * n / total) ** 2 / (draws * n / total) for k, n in want.items())
    assert chi < _chi_square_limit(len(want) - 1), (chi, len(want))


def test_a_variants_draws_follow_the_exact_law_of_a_suit_count():
    """four-hand, N:count(S)>=8: how many spades N holds in 600 draws (one per index)
    against the hypergeometric law given the condition."""
    v = load_variant("four-hand")
    conditions = parse_conditions(v, "N:count(S)>=8")
    seen = Counter(len(deal_where(v, conditions, 1, k).dealt.deal["N"].suit(Suit.S))
                   for k in range(600))
    law = {k: comb(12, k) * comb(36, 12 - k) for k in range(8, 13)}
    total = sum(law.values())
    cells = {k: w for k, w in law.items() if 600 * w / total >= 5}
    rest = total - sum(cells.values())
    chi = sum((seen[k] - 600 * w / total) ** 2 / (600 * w / total) for k, w in cells.items())
    if rest:
        other = sum(n for k, n in seen.items() if k not in cells)
        chi += (other - 600 * rest / total) ** 2 / (600 * rest / total)
    assert chi < _chi_square_limit(len(cells) - (0 if rest else 1)), (chi, seen)


def test_deal_where_from_the_command_line(cli):
    run = cli("deal", "--variant", "four-hand", "--seed", "5", "--where",
              "N:run(S) and E:count(H)<=2", "--json")
    answer = json.loads(run.out)
    assert run.code == 0 and answer["where"] == "N:run(S) and E:count(H)<=2", run
    assert answer["seed"] == 5 and answer["index"] == 0 and 0 < answer["chance"] < 1
    again = json.loads(cli("deal", "--variant", "four-hand", "--seed", "5", "--where",
                           "N:run(S) and E:count(H)<=2", "--json").out)
    assert again == answer
    run = cli("deal", "--variant", "four-hand", "--seed", "5", "--where", "N:count(H)>=13")
    assert run.code == 2 and run.err.count("\n") == 1 and "no deal of four-hand" in run.err
    run = cli("deal", "--variant", "two-hand", "--where", "N:trumps>=2", "--trump", "S")
    assert run.code == 2 and "turns a card up" in run.err, run
    run = cli("deal", "--variant", "four-hand", "--seed", "5", "--where", "N:count(S)>=9",
              "--record")
    assert run.code == 0 and '[Where "N:count(S)>=9"]' in run.out, run
