"""Every rules file loads, and its deck, hand sizes and point totals add up.

The expected figures are the rule texts' own (the issue's table): 25 / 57 / 240+10 / 50 … They
are recomputed here from the raw TOML, independently of the loader's own check.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pinosolve.variants.variant import load_file, load_variant, rules_dir, variant_ids
from tests.generators import EXPECTED

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {"000_16661a07257bd93c.txt", "001_ea7c0647df0f3db0.txt", "002_86ee7457b64117f0.txt",
         "003_6841792694ef8517.txt", "004_5ce4b8283299341d.txt"}

# id: (source, players, deck size, hand size, undealt cards, points in play, last trick)
def test_every_required_variant_is_there():
    assert set(EXPECTED) <= set(variant_ids())


@pytest.mark.parametrize("vid", sorted(EXPECTED))
def test_variant_adds_up(vid):
    source, players, deck, hand_size, undealt, total, last = EXPECTED[vid]
    v = load_variant(vid)
    r = v.rules
    assert r.id == vid
    assert r.source.startswith(source) and r.source in SOURCES
    assert len(v.seats) == players
    assert v.deck_size == deck == len(list(v.deck))
    assert r.deal.hand_size == hand_size and r.deal.kitty == undealt
    assert players * hand_size + undealt == deck
    assert r.points.total == total and r.points.last_trick == last
    # recompute from the raw file (following extends by hand), not from the loader
    raw = _raw(rules_dir() / f"{vid}.toml")
    ranks = raw["deck"]["ranks"]
    copies = raw["deck"]["copies"]
    pts = raw["points"]["cards"]
    assert copies * 4 * sum(pts[k] for k in ranks) + raw["points"]["last_trick"] == total
    assert copies * 4 * len(ranks) == deck
    assert v.hand_points(v.deck) + last == total


def _raw(path: Path) -> dict:
    data = tomllib.loads(path.read_text())
    parent = data.pop("extends", None)
    if parent is None:
        return data
    base = _raw(path.parent / (parent if parent.endswith(".toml") else f"{parent}.toml"))
    for key, value in data.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            base[key] = {**base[key], **value}
        else:
            base[key] = value
    return base


@pytest.mark.parametrize("path", sorted(rules_dir().glob("*.toml")), ids=lambda p: p.stem)
def test_every_file_loads_and_cites_a_source(path):
    v = load_file(path)
    assert v.rules.source in SOURCES
    text = path.read_text()
    assert v.rules.source in text or "extends" in text


@pytest.mark.parametrize("path", sorted((rules_dir() / "examples").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_house_rule_examples_load(path):
    v = load_file(path)
    assert v.id not in EXPECTED
    # they extend a variant, but for the tiny game for solvers (docs/env.md): no variant
    # has a deck of eight cards to extend
    assert len(v.lineage) >= 2 or v.id == "tiny"


def test_every_source_a_rules_file_names_is_shipped():
    shipped = {p.name for p in (rules_dir() / "sources").glob("*.txt")}
    named = {load_file(p).rules.source for p in rules_dir().glob("*.toml")}
    assert SOURCES == shipped and named - {""} <= shipped, (shipped, named)


def test_specific_rule_values():
    """Spot checks of values the sources state outright."""
    dd = load_variant("double-deck").rules
    assert dd.meld.kinds["run"].values == (25, 250, 450, 500)
    assert dd.meld.kinds["pinochle"].values == (15, 30, 90, 500)
    assert "9" not in dd.deck.ranks
    classic = load_variant("four-hand-classic").rules
    extras = sorted(k.values[0] for k in classic.meld.kinds.values()
                    if k.enabled and k.classes == ("A",) and len(k.cards.split()) in (6, 7))
    assert extras == [190, 190, 230]
    assert classic.bidding.minimum == 250 and classic.passing.cards == 4
    assert load_variant("two-hand-1000").rules.points.round_to == 10
    assert load_variant("three-hand-auction").rules.scoring.meld_by == "bidder"
    assert load_variant("five-hand-call").rules.players.partnership == "called-card"
    assert load_variant("two-hand").rules.trick.stock_obligations == "none"
    # source 003: "16 cards to each of 3 players in the 3-player game"; "Passing is not
    # available in the 3-player game"; "'3' for a 3-player individual game"
    three = load_variant("trickster-three").rules
    assert three.deal.hand_size == 16 and three.passing.cards == 0
    assert three.players.partnership == "none" and len(three.players.seats) == 3
    assert three.meld == load_variant("trickster-classic").rules.meld


def _number_keys():
    """Every whole-number key of the schema's top-level tables (and of the lists of whole
    numbers), with its bounds: (table, key, is a list, least, most)."""
    import dataclasses
    import typing

    from pinosolve.variants.datafile import VALUE_LIMIT, hints
    from pinosolve.variants.schema import Rules

    out = []
    for top in dataclasses.fields(Rules):
        kind = hints(Rules)[top.name]
        if not dataclasses.is_dataclass(kind):
            continue
        types_ = hints(kind)
        for f in dataclasses.fields(kind):
            tp = types_[f.name]
            listed = typing.get_origin(tp) is tuple and typing.get_args(tp)[0] is int
            if tp is int or listed:
                lo, hi = f.metadata.get("min"), f.metadata.get("max")
                out.append((top.name, f.name, listed, lo, VALUE_LIMIT if hi is None else hi))
    return out


@pytest.mark.parametrize("table, key, listed, lo, hi", _number_keys())
def test_every_number_of_a_rules_file_is_bounded(tmp_path, table, key, listed, lo, hi):
    """Absurd values were taken (``bidding.minimum = 10**20``, ``deal.packets =
    [0]``). Every whole-number key, a value past each of its bounds (the schema's, else
    VALUE_LIMIT, the bound bids already had) is one RulesError naming the key."""
    from pinosolve.errors import RulesError

    for bad in ([hi + 1, 10**20] + ([lo - 1] if lo is not None else [])):
        value = f"[{bad}]" if listed else str(bad)
        path = tmp_path / f"{table}-{key}.toml"
        path.write_text(f'extends = "four-hand"\n[{table}]\n{key} = {value}\n')
        with pytest.raises(RulesError, match=f"{table}.{key}") as caught:
            load_file(path)
        assert "\n" not in str(caught.value)


def test_the_audits_absurd_values_are_one_line(cli, tmp_path):
    """Four: a meld of 10**20 to advise, a meld-sequence step on trick -3, and
    rules with bidding.minimum = 10**20 or deal.packets = [0]."""
    hand = ["--variant", "four-hand", "--trump", "H", "--seat", "N", "--hand",
            "TS KS JS TH TH QH JD 9D 9D JC JC 9C", "--leader", "N", "--samples", "1"]
    for meld in ("100000000000000000000", "-1"):
        run = cli("advise", *hand, "--bid", "25", "--meld", meld)
        assert run.code == 2 and "meld" in run.err and run.err.count("\n") == 1, run.err
    seq = tmp_path / "seq.toml"
    for trick in (-3, 0, 25, 10**20):
        seq.write_text(f'type = "meld-sequence"\nvariant = "two-hand"\n[position]\n'
                       f'trump = "S"\n[[position.steps]]\nmeld = "KS QS"\ntrick = {trick}\n')
        run = cli("verify", "--sequence", str(seq))
        assert run.code == 2 and "trick" in run.err and run.err.count("\n") == 1, run.err
    seq.write_text('type = "meld-sequence"\nvariant = "two-hand-57"\n[position]\ntrump = "S"\n'
                   '[[position.steps]]\nmeld = "KS QS"\ntrick = 7\n[[position.steps]]\n'
                   'meld = "AS TS JS"\ntable = "KS QS"\ntrick = 3\n')  # (back in time)
    run = cli("verify", "--sequence", str(seq))
    assert run.code == 2 and "comes before trick 7" in run.err, run.err
    for table, body in (("bidding", "minimum = 100000000000000000000"),
                        ("deal", "packets = [0]")):
        house = tmp_path / "house.toml"
        house.write_text(f'extends = "four-hand"\n[{table}]\n{body}\n')
        run = cli("rules", "--rules", str(house))
        assert run.code == 2 and table in run.err and run.err.count("\n") == 1, run.err


def test_a_chain_of_extends_is_bounded(tmp_path):
    """A chain of 'extends' of a thousand files hit Python's recursion limit (an internal
    error, or a loop of links named where there was none): more than MAX_EXTENDS files is
    one RulesError saying so; a chain within it loads."""
    from pinosolve.errors import RulesError
    from pinosolve.variants.variant import MAX_EXTENDS

    def chain(n: int) -> Path:
        for i in range(n):
            (tmp_path / f"c{i}.toml").write_text(f'extends = "c{i + 1}.toml"\n')
        (tmp_path / f"c{n}.toml").write_text('extends = "four-hand"\n')
        return tmp_path / "c0.toml"

    assert load_file(chain(MAX_EXTENDS - 2)).rules.deal.hand_size == 12
    for n in (MAX_EXTENDS + 1, 1200):
        with pytest.raises(RulesError, match=f"more than {MAX_EXTENDS} files deep") as caught:
            load_file(chain(n))
        assert "symbolic" not in str(caught.value)


def test_the_old_seed_key_names_its_new_name(tmp_path):
    from pinosolve.errors import RulesError

    path = tmp_path / "old.toml"
    path.write_text('extends = "four-hand"\nseed = "000_16661a07257bd93c.txt"\n')
    with pytest.raises(RulesError, match="key 'seed' is now 'source': rename it"):
        load_file(path)
