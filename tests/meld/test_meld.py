"""The CP-SAT maximum meld against the brute-force oracle, the sources' worked examples, and the
shape of every declaration (points add up, every card is held, classes are respected)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinosolve import Hand, Suit, load_file, load_variant
from pinosolve.meld.solver import best_meld, maximiser
from pinosolve.variants.variant import rules_dir, variant_ids
from tests import meld_oracle

ALL_TABLES = variant_ids() + [f"examples/{p.stem}" for p in sorted((rules_dir() / "examples")
                                                                   .glob("*.toml"))]


def _distinct_meld_tables(refs: list[str]) -> list[str]:
    """One variant per distinct meld table and deck (house rules that change only play or
    scoring share their base's table)."""
    from pinosolve.variants.datafile import to_data

    seen, out = set(), []
    for ref in refs:
        r = _variant(ref).rules
        key = repr((to_data(r.meld), r.deck.copies, r.deck.ranks))
        if key not in seen:
            seen.add(key)
            out.append(ref)
    return out
TRUMPS = ["S", "H", "D", "C", None]


def _variant(ref: str):
    if ref.startswith("examples/"):
        return load_file(rules_dir() / f"{ref}.toml")
    return load_variant(ref)


def _meld_rich(v, rnd: random.Random, size: int) -> list[str]:
    """A holding built from whole melds of the table (then topped up at random)."""
    deck = Counter(str(c) for c in v.deck)
    hand: Counter = Counter()
    trump = rnd.choice("SHDC")
    table = meld_oracle.melds(v.rules, trump)
    for _ in range(rnd.randint(1, 6)):
        cards, _, _ = rnd.choice(table)
        if all(hand[c] + n <= deck[c] for c, n in cards.items()):
            hand += cards
    rest = list((deck - hand).elements())
    rnd.shuffle(rest)
    while sum(hand.values()) < size and rest:
        hand[rest.pop()] += 1
    return list(hand.elements())


def _random_holding(v, rnd: random.Random) -> list[str]:
    size = rnd.randint(0, v.rules.deal.hand_size + v.rules.deal.kitty // 4 + 4)
    if rnd.random() < 0.5:
        return _meld_rich(v, rnd, size)
    deck = [str(c) for c in v.deck]
    rnd.shuffle(deck)
    return deck[:size]


def _check_declaration(v, hand: list[str], decl) -> None:
    held = Counter(hand)
    assert sum(m.meld for m in decl.melds) == decl.meld
    for cls in v.rules.meld.classes:
        used: Counter = Counter()
        for m in decl.melds:
            if cls in m.classes:
                used.update(m.cards.cards())
        assert all(held[c] >= n for c, n in used.items()), (cls, used, held)


def test_every_meld_table_is_covered():
    tables = _distinct_meld_tables(ALL_TABLES)
    for ref in ("double-deck", "four-hand", "four-hand-classic", "two-hand-57", "two-hand-1000",
                "examples/four-hand-grand-pinochle", "examples/trickster-run-extras"):
        assert ref in tables
    # five-hand-call melds exactly as double-deck (source 000 gives both one table)
    assert "five-hand-call" not in tables


@pytest.mark.parametrize("table", _distinct_meld_tables(ALL_TABLES))
@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**64), trump=st.sampled_from(TRUMPS))
def test_cp_sat_equals_brute_force(table, seed, trump):
    v = _variant(table)
    hand = _random_holding(v, random.Random(seed))
    decl = best_meld(v, Hand(hand), Suit[trump] if trump else None)
    assert decl.meld == meld_oracle.best(v.rules, hand, trump)
    _check_declaration(v, hand, decl)


# --- the rule texts' own worked examples (rules-research.md §5, seeds) ------------------

CLASSIC = "four-hand-classic"
EXAMPLES = [
    # (variant, hand, trump, total, source)
    (CLASSIC, "AH TH KH QH JH", "H", 150, "M1 run"),
    (CLASSIC, "AH TH KH QH JH KH", "H", 190, "M2 source 001 run + king"),
    ("trickster-classic", "AH TH KH QH JH KH", "H", 150, "M2 strict class model"),
    (CLASSIC, "AH TH KH QH JH QH", "H", 190, "M3 source 001 run + queen"),
    (CLASSIC, "AH TH KH QH JH KH QH", "H", 230, "M4 source 001 run + marriage"),
    ("trickster-classic", "AH TH KH QH JH KH QH", "H", 190, "M4 run + royal marriage"),
    (CLASSIC, "AH AH TH TH KH KH QH QH JH JH", "H", 1500, "M5 double run"),
    (CLASSIC, "AH TH KH QH JH", "C", 20, "M6 one common marriage"),
    (CLASSIC, "KS QS", "S", 40, "M7 royal marriage"),
    (CLASSIC, "KS KS QS QS", "S", 80, "M8 two royal marriages"),
    (CLASSIC, "KC KC QC QC", "H", 40, "M9 two common marriages"),
    (CLASSIC, "9D", "D", 10, "M10 dix"),
    (CLASSIC, "9D 9D", "D", 20, "M10 two dix"),
    (CLASSIC, "9D", "C", 0, "M10 nine off trump"),
    (CLASSIC, "JD QS", "C", 40, "M11 pinochle"),
    (CLASSIC, "JD JD QS QS", "C", 300, "M11 double pinochle"),
    ("examples/trickster-no-double-pinochle", "JD JD QS QS", "C", 80, "no double pinochle"),
    (CLASSIC, "AS AH AD AC", "H", 100, "M12 aces around"),
    (CLASSIC, "AS AS AH AH AD AD AC AC", "H", 1000, "M12 thousand aces"),
    (CLASSIC, "KC KD KH KS QC", "C", 120, "M13 kings + royal marriage"),
    (CLASSIC, "JC JD JH JS QS", "H", 80, "M14 jacks + pinochle"),
    (CLASSIC, "AC TC KC QC JC 9C JD KS QS", "C", 220, "M15 DAN worked example"),
    (CLASSIC, "KS QS KH QH KD QD KC QC", "H", 240, "M16 round house = parts"),
    ("examples/four-hand-grand-pinochle", "KS QS JD", "H", 80, "M17 grand pinochle (EB11)"),
    (CLASSIC, "KS QS JD", "H", 60, "M17 marriage + pinochle"),
    ("double-deck", "KS QS KH QH KD QD KC QC", "H", 24, "D1 round house 24"),
    ("double-deck", "KS QS KH QH KD QD KC QC AH TH JH", "H", 45,
     "D2 round house + run: JA's 15 + 3x2 + 8 + 6 = 35 with source 000's run of 25"),
    ("double-deck", "KS KS QS QS KH KH QH QH KD KD QD QD KC KC QC QC", "H", 240,
     "source 000 double round house 240 (parts would be 160)"),
    ("double-deck", "AH AH TH TH KH KH QH QH JH JH", "H", 250, "source 000 double run"),
    ("double-deck", " ".join(["AH", "TH", "KH", "QH", "JH"] * 3), "H", 450, "triple run"),
    ("double-deck", " ".join(["AS", "AH", "AD", "AC"] * 3), "S", 300, "triple aces"),
    ("double-deck", " ".join(["QS", "JD"] * 4), "S", 500, "quadruple pinochle"),
    ("four-hand", "AS TS KS QS JS", "S", 15, "source 000 run 15"),
    ("four-hand", "KS QS", "S", 4, "source 000 royal marriage 4"),
    ("four-hand", "JD QS JD QS", "C", 30, "source 000 double pinochle 30"),
    ("four-hand", "KS KS QS", "C", 2, "source 000: K, K, Q counts as a single marriage"),
    ("two-hand-57", "JD QS JD QS", "C", 30, "source 002 double pinochle 30"),
    ("two-hand-57", "AS AS AH AH AD AD AC AC", "C", 20, "source 002 double aces count 20"),
    ("two-hand-1000", "QC JH", "S", 0, "alternate pinochle off by default"),
    ("examples/two-hand-1000-alt-pinochle", "QC JH", "S", 40, "source 004 Q♣ J♥ with ♠ trump"),
    ("examples/two-hand-1000-alt-pinochle", "QC JH", "H", 0, "not with ♥ trump"),
    ("examples/two-hand-1000-alt-pinochle", "QS JD", "D", 0, "Q♠ J♦ replaced with ♦ trump"),
]


@pytest.mark.parametrize("ref, hand, trump, total, source", EXAMPLES,
                         ids=[e[4] for e in EXAMPLES])
def test_worked_example(ref, hand, trump, total, source):
    v = _variant(ref)
    decl = best_meld(v, Hand.parse(hand), Suit[trump])
    assert decl.meld == total, [(m.name, m.meld) for m in decl.melds]
    assert meld_oracle.best(v.rules, Hand.parse(hand).cards(), trump) == total


def test_run_king_queen_is_not_also_a_royal_marriage():
    decl = best_meld(load_variant("trickster-classic"), Hand.parse("AH TH KH QH JH"), Suit.H)
    assert [m.name for m in decl.melds] == ["run"]


def test_queen_of_spades_serves_three_classes():
    v = load_variant("four-hand-classic")
    decl = best_meld(v, Hand.parse("KS QS QH QD QC JD"), Suit.H)
    assert sorted(m.name for m in decl.melds) == ["common marriage in spades", "pinochle",
                                                  "queens around"]
    assert decl.meld == 20 + 40 + 60


def test_all_lists_every_optimal_declaration(tmp_path):
    """A house rule with two equal melds competing for A♠ in one class: two optima."""
    path = tmp_path / "tie.toml"
    path.write_text("""
extends = "four-hand"
[meld.kinds.ace-king]
name = "ace-king"
cards = "AS KS"
classes = ["A"]
values = [5]
[meld.kinds.ace-queen]
name = "ace-queen"
cards = "AS QS"
classes = ["A"]
values = [5]
""")
    v = load_file(path)
    decls = maximiser(v, Suit.H).all_best(Hand.parse("AS KS QS"))
    assert [[m.name for m in d.melds] for d in decls] == [["ace-king"], ["ace-queen"]]
    assert all(d.meld == 5 for d in decls)
    # two copies of A♠: both melds at once, a single optimum
    assert len(maximiser(v, Suit.H).all_best(Hand.parse("AS AS KS QS"))) == 1
    # identical copies never make distinct declarations
    assert len(maximiser(load_variant("four-hand"), Suit.S).all_best(Hand.parse("KS KS QS"))) == 1


def test_empty_and_partial_holdings():
    v = load_variant("four-hand")
    assert best_meld(v, Hand(), Suit.S).meld == 0
    assert best_meld(v, Hand.parse("9S"), Suit.S).meld == 1


def test_model_is_reused_across_hands():
    v = load_variant("four-hand")
    m = maximiser(v, Suit.H)
    assert maximiser(v, Suit.H) is m
    totals = [m.best(Hand.parse(h)).meld for h in ("AH TH KH QH JH", "KS QS", "AH TH KH QH JH")]
    assert totals == [15, 2, 15]


def test_a_meld_solve_leaves_ctrl_c_to_python():
    """After a CP-SAT solve, Ctrl-C is still Python's KeyboardInterrupt. CP-SAT's default is to
    catch SIGINT during a solve and then put back the OS default, which killed the process at
    the next Ctrl-C: makeable, which solves the meld first, lost its search's bounds. Run in a
    child process, since the bug kills whoever receives the signal."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import os, signal, time\n"
            "from pinosolve.cards import Suit\n"
            "from pinosolve.meld.solver import best_meld\n"
            "from pinosolve.scoring.passing import pass_back\n"
            "from pinosolve.variants.variant import load_variant\n"
            "v = load_variant('four-hand')\n"
            "best_meld(v, v.parse_hand('AS TS KS QS JS'), Suit.S)\n"
            "pass_back(v, Suit.H, v.parse_hand('AH TH KH JH 9H AS AD AC KS QS QD 9C'),\n"
            "          v.parse_hand('QH KH JD QC'))\n"
            "try:\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n"
            "    time.sleep(5)\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt')\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and run.stdout == "KeyboardInterrupt\n", (run.returncode,
                                                                         run.stderr)


# --- many reuse classes ----------------------------------------------------------


def _many_classes_file(tmp_path, n: int, round_house: int | None = None):
    """four-hand plus n marriage-like kinds, each a reuse class of its own (a 540-byte file at
    n = 6 hung meld, verify and score: deciding the round house's dominance searched every
    combination of the melds on its cards, about 8x per class)."""
    lines = ['extends = "four-hand"', 'id = "many-classes"', "[meld.classes]"]
    lines += [f'M{i} = "m{i}"' for i in range(n)]
    for i in range(n):
        lines += [f"[meld.kinds.m{i}]", f'name = "m{i}"', 'cards = "K# Q#"',
                  f'classes = ["M{i}"]', "values = [2]"]
    if round_house is not None:
        lines += ["[meld.kinds.round-house]", f"values = [{round_house}]"]
    path = tmp_path / f"many-{n}.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_many_reuse_classes_answer_within_a_bound(tmp_path):
    """Twelve extra classes: meld, verify and score answer (a hang guard, not a timing test),
    and the maximum is the closed form: four-hand's 24 for the round house's cards (royal
    marriage 4, three marriages 6, kings 8, queens 6) plus 3 plain marriages x 2 per class."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    n = 12
    path = str(_many_classes_file(tmp_path, n))
    hand = "KS QS KH QH KD QD KC QC"
    commands = [
        ["meld", "--rules", path, "--trump", "H", hand, "--json"],
        ["verify", "--rules", path, "--trump", "H", "--hand", hand, "--claim", "KS QS",
         "--json"],
        ["score", "--rules", path, "--bidder", "N", "--bid", "30", "--trump", "H",
         "--meld", f"N={hand}", "--meld", "E=0", "--points", "NS=20", "--points", "EW=5",
         "--json"],
    ]
    for args in commands:
        run = subprocess.run([sys.executable, "-m", "pinosolve", *args], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        data = json.loads(run.stdout)
        if args[0] == "score":
            total = data["sides"][0]["meld"]
        else:
            total = data.get("max_meld", data.get("meld"))
        assert total == 24 + 6 * n, (args[0], total)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(n=st.integers(1, 3), value=st.integers(20, 50), trump=st.sampled_from("SHDC"))
def test_composite_is_weighed_against_its_own_classes_only(tmp_path_factory, n, value, trump):
    """A round house (classes A and B) worth more than the A and B melds on its cards is a meld
    of its own even when melds of other classes lie on the same cards: those can be declared
    beside it. Weighing it against every class dropped it, e.g. n = 1, value 30: 30 + 6 was
    scored 30."""
    path = _many_classes_file(tmp_path_factory.mktemp("rh"), n, round_house=value)
    v = load_file(path)
    hand = "KS QS KH QH KD QD KC QC".split()
    decl = best_meld(v, Hand(hand), Suit[trump])
    assert decl.meld == meld_oracle.best(v.rules, hand, trump) == max(value, 24) + 6 * n
    _check_declaration(v, hand, decl)


# --- naming the multiples the rules define --------------------------------------


def _best_partition(values: list[int], n: int) -> tuple[int, int]:
    """(most points, fewest melds) for n sets of one meld split into multiples worth
    ``values`` (1x, 2x, ...; 0 = no meld of its own), by trying every partition."""
    def parts(left: int, top: int):
        if left == 0:
            yield []
        for k in range(min(left, top), 0, -1):
            for rest in parts(left - k, k):
                yield [k, *rest]

    best = (0, 0)
    for p in parts(n, n):
        if all(k <= len(values) and values[k - 1] > 0 for k in p):
            best = max(best, (sum(values[k - 1] for k in p), -len(p)))
    return best[0], -best[1]


def test_double_deck_names_the_quadruple_run_and_royal_marriage():
    """Four runs in trump are a quadruple run (500 = two double runs, 250 + 250): the listing
    said "double run + double run". Four trump marriages are a quadruple royal marriage (16),
    not four royal marriages."""
    v = load_variant("double-deck")
    decl = best_meld(v, Hand.parse(" ".join(["AH", "TH", "KH", "QH", "JH"] * 4)), Suit.H)
    assert [(m.name, m.meld) for m in decl.melds] == [("quadruple run", 500)]
    decl = best_meld(v, Hand.parse("KH KH KH KH QH QH QH QH"), Suit.H)
    assert [(m.name, m.meld) for m in decl.melds] == [("quadruple royal marriage", 16)]


@pytest.mark.parametrize("table", _distinct_meld_tables(ALL_TABLES))
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**64), trump=st.sampled_from(TRUMPS))
def test_listing_names_the_largest_multiple_at_no_loss(table, seed, trump):
    """Within each kind and suit the listing splits its sets into the fewest melds among the
    best-scoring splits the rules' values allow (a multiple worth at least its split is named)."""
    v = _variant(table)
    hand = _random_holding(v, random.Random(seed))
    decl = best_meld(v, Hand(hand), Suit[trump] if trump else None)
    groups: dict = {}
    for m in decl.melds:
        groups.setdefault((m.kind, m.suit), []).append(m)
    for (kind, _), melds in groups.items():
        n = sum(m.multiple for m in melds)
        values = list(v.rules.meld.kinds[kind].values)
        assert (sum(m.meld for m in melds), len(melds)) == _best_partition(values, n), melds
