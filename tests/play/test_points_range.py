"""Large card points: every deal total up to POINTS_LIMIT is searched exactly by both cores;
a rules file whose deal could put more in play is refused when it is loaded, in one line that
names the key."""

from __future__ import annotations

import dataclasses
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve import Card, load_file, load_variant
from pinosolve.errors import RulesError
from pinosolve.play.rules import PlayRules
from pinosolve.variants.schema import POINTS_LIMIT
from tests import meld_oracle
from tests.generators import backends, oracle_values, random_position, solve_any as solve

RANKS = ("A", "T", "K", "Q", "J", "9")
BASES = ("four-hand", "two-hand", "three-hand-kitty", "double-deck")


def house_rules(directory: Path, base: str, cards: dict[str, int], last: int) -> Path:
    """A house-rules file extending ``base`` with these card points and last-trick bonus."""
    total = load_variant(base).rules.deck.copies * 4 * sum(cards.values()) + last
    points = ", ".join(f'"{r}" = {n}' for r, n in cards.items())
    path = directory / f"{base}-big.toml"
    path.write_text(f'extends = "{base}"\n\n[points]\ncards = {{ {points} }}\n'
                    f"last_trick = {last}\ntotal = {total}\n")
    return path


# N: J♥ 10♦ J♦ 9♦, E: Q♠ J♠ K♦ J♦, S: K♠ K♥ J♥ 9♥, W: 10♥ A♦ 10♣ K♣; spades, N leads
DEAL = "N:.J.TJ9. QJ..KJ. K.KJ9.. .T.A.TK"


@pytest.mark.parametrize("backend", backends())
def test_5000_points_a_card(cli, tmp_path, monkeypatch, backend):
    """Every card 5000 points (240,000 in play): the core answered 0 where N-S take 40,000,
    its table's 16-bit bounds having wrapped."""
    path = house_rules(tmp_path, "four-hand", dict.fromkeys(RANKS, 5000), 0)
    args = ("solve", "--rules", str(path), "--deal", DEAL, "--trump", "S", "--leader", "N",
            "--json")
    monkeypatch.setenv("PINOSOLVE_CORE", backend)  # (each run undoes it)
    run = cli(*args, "--value-only")
    assert run.code == 0, run.err
    assert run.json()["value"] == 40000 and run.json()["bounds"] == [40000, 40000]
    monkeypatch.setenv("PINOSOLVE_CORE", backend)
    run = cli(*args)
    assert run.code == 0, run.err
    v = load_file(path)
    deal = v.parse_deal(DEAL)
    from pinosolve.play.position import Position

    pos = Position([sorted(c.index for c in h) for h in deal.hands], 0, [], (0, 1, 0, 1), 0)
    truth = oracle_values(v, pos)
    assert max(truth.values()) == 40000
    assert run.json()["values"] == truth


@pytest.mark.parametrize("backend", backends())
@settings(max_examples=40, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_large_point_scales_are_exact(backend, data, seed):
    """Card points anywhere up to the bound a card (the deal total at most POINTS_LIMIT): the
    loader takes the file, and every legal card's value on a short ending is the plain
    minimax's."""
    base = data.draw(st.sampled_from(BASES), label="base")
    ranks = load_variant(base).rules.deck.ranks
    deck = load_variant(base).deck_size
    last = data.draw(st.integers(0, POINTS_LIMIT // 4), label="last_trick")
    top = (POINTS_LIMIT - last) // deck
    if data.draw(st.booleans(), label="at the bound"):
        cards = dict.fromkeys(ranks, top)
        last = POINTS_LIMIT - deck * top  # the deal total exactly POINTS_LIMIT
    else:
        cards = {r: data.draw(st.integers(0, top), label=r) for r in ranks}
        if not last and not any(cards.values()):
            last = 1  # a deal puts at least a point in play
    with tempfile.TemporaryDirectory() as d:
        v = load_file(house_rules(Path(d), base, cards, last))
    assert v.rules.points.total <= POINTS_LIMIT
    rnd = random.Random(seed)
    for _ in range(3):
        pos = random_position(v, rnd, 4 if base == "two-hand" else 3)
        truth = oracle_values(v, pos)
        result = solve(pos, PlayRules.of(v), backend=backend)
        assert result.value == max(truth.values()), (base, cards, last, pos)
        got = {str(Card.from_index(c)): lo for c, (lo, hi) in result.cards.items() if lo == hi}
        assert got == truth, (base, cards, last, pos)


BOUND = POINTS_LIMIT // 48  # a four-hand card's points with the deal total at the bound


@pytest.mark.parametrize("cards, last, key", [
    (dict.fromkeys(RANKS, BOUND), POINTS_LIMIT - 48 * BOUND + 1, "points.cards.A"),
    ({**dict.fromkeys(RANKS, 0), "K": POINTS_LIMIT // 8 + 1}, 0, "points.cards.K"),
    ({**dict.fromkeys(RANKS, 1), "T": 2**31}, 0, "points.cards.T"),
    ({**dict.fromkeys(RANKS, 1), "9": 10**30}, 0, "points.cards.9"),
    (dict.fromkeys(RANKS, 1), 2**31, "points.last_trick"),
    (dict.fromkeys(RANKS, 0), POINTS_LIMIT + 1, "points.last_trick"),
])
def test_points_over_the_bound_are_refused(cli, tmp_path, cards, last, key):
    """Over POINTS_LIMIT in play (by one point, by a card or bonus of 2**31 or 10**30): the
    loader refuses the file, naming the key, and so do 'rules' and 'solve' (exit 2, one
    line, no traceback)."""
    path = house_rules(tmp_path, "four-hand", cards, last)
    with pytest.raises(RulesError, match=f"key '{key}'.*{POINTS_LIMIT}"):
        load_file(path)
    for args in (("rules", "--rules", str(path)),
                 ("solve", "--rules", str(path), "--deal", DEAL, "--trump", "S", "--leader",
                  "N", "--value-only", "--json")):
        run = cli(*args)
        assert run.code == 2 and run.out == "", (args, run.out)
        assert len(run.err.strip().splitlines()) == 1 and f"key '{key}'" in run.err, run.err
        assert "Traceback" not in run.err and "internal error" not in run.err


def test_points_at_the_bound_are_taken(tmp_path):
    """The deal total exactly POINTS_LIMIT loads (the bound is what the core holds, no less)."""
    v = load_file(house_rules(tmp_path, "four-hand", dict.fromkeys(RANKS, BOUND),
                              POINTS_LIMIT - 48 * BOUND))
    assert v.rules.points.total == POINTS_LIMIT


def test_the_core_holds_what_the_loader_lets_through():
    core = pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")
    assert core.POINTS_MAX == POINTS_LIMIT


@pytest.mark.parametrize("big", [POINTS_LIMIT + 1, 2**31, 2**32 + 5, 2**64, 10**30, -1])
def test_the_core_refuses_points_it_cannot_hold(big):
    """Rules made without the loader: a card's points or the last-trick bonus outside
    0..POINTS_LIMIT (2**31 and more would wrap in a C int) never reach the search. CoreSearch
    refuses them before the call (a RulesError), and the core itself with a ValueError (an
    OverflowError past a C int, for the bonus it takes as one)."""
    core = pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")
    from pinosolve.play.core import CoreSearch, trick_settings

    rules = PlayRules.of(load_variant("four-hand"))
    for bad in (dataclasses.replace(rules, points=(big,) + rules.points[1:]),
                dataclasses.replace(rules, last_trick=big)):
        with pytest.raises(RulesError, match=f"points: {big} .*{POINTS_LIMIT}"):
            CoreSearch(bad, 0, (0, 1, 0, 1), 1 << 12)
        with pytest.raises((ValueError, OverflowError)):
            core.Core([0, 1, 0, 1], 0, list(bad.strength), list(bad.points), bad.last_trick,
                      trick_settings(rules))


def test_the_core_refuses_a_position_over_the_bound():
    """Every card at most POINTS_LIMIT, but more than that in the hands together: the
    position is refused (CoreSearch: a PositionError; the core: a ValueError), as is a ``rem``
    that is not the points in play."""
    pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")
    from pinosolve.play.core import CoreSearch
    from pinosolve.play.position import PositionError

    rules = PlayRules.of(load_variant("four-hand"))
    aces = dataclasses.replace(rules, points=tuple(POINTS_LIMIT if c % 6 == 0 else 0
                                                   for c in range(24)), last_trick=0)
    search = CoreSearch(aces, 0, (0, 1, 0, 1), 1 << 12)
    assert search.ab([[0], [1], [2], [3]], 0, [], -1, 1, POINTS_LIMIT) == POINTS_LIMIT
    two = [[0], [6], [1], [2]]  # two aces
    with pytest.raises(PositionError, match=str(POINTS_LIMIT)):
        search.ab(two, 0, [], -1, 1, 2 * POINTS_LIMIT)
    with pytest.raises(ValueError, match="points in play"):
        search.core.ab(two, 0, [], -1, 1, POINTS_LIMIT)
    with pytest.raises(ValueError, match="rem"):
        search.core.ab([[0], [1], [2], [3]], 0, [], -1, 1, 7)


def test_any_window_means_what_it_says():
    """The core takes any window, however wide (its bounds clamped to the values a position
    can have): the exact value inside it, a bound outside."""
    pytest.importorskip("pinosolve.play._core", reason="the compiled core was not built")
    from pinosolve.play.core import CoreSearch

    v = load_variant("four-hand")
    rnd = random.Random("windows")
    for _ in range(20):
        pos = random_position(v, rnd, 4)
        truth = solve(pos, PlayRules.of(v), backend="python", value_only=True).value
        side = [0 if s == pos.side[pos.to_move] else 1 for s in pos.side]
        search = CoreSearch(PlayRules.of(v), pos.trump, side, 1 << 12)
        hands = [sorted(h) for h in pos.hands]
        rem = search.remaining(hands, list(pos.trick))
        for a, b in ((-2**40, 2**40), (-2**31, 2**31), (-10**30, 10**30)):
            assert search.ab(hands, pos.leader, list(pos.trick), a, b, rem) == truth
        assert search.ab(hands, pos.leader, list(pos.trick), 2**40, 2**41, rem) == rem
        assert search.ab(hands, pos.leader, list(pos.trick), -2**41, -2**40, rem) == 0


@pytest.mark.parametrize("value", [2**31, 2**61, 10**30])
def test_a_meld_worth_more_than_the_limit_is_refused_naming_the_key(cli, tmp_path, value):
    """A review of fixes: a run worth 2**61 loaded, then meld failed inside
    CP-SAT (MODEL_INVALID) with no key named. Meld values are bounded at load."""
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "four-hand"\n[meld.kinds.run]\nvalues = [{value}]\n')
    run = cli("meld", "AS TS KS QS JS", "--trump", "S", "--rules", str(path))
    assert run.code == 2 and "meld.kinds.run.values" in run.err and run.err.count("\n") == 1


def test_melds_at_the_limit_are_counted_exactly(cli, tmp_path):
    from pinosolve.variants.schema import MELD_VALUE_LIMIT

    path = tmp_path / "house.toml"
    path.write_text(f'extends = "four-hand"\n[meld.kinds.run]\nvalues = [{MELD_VALUE_LIMIT}]\n')
    hand = "AS TS KS QS JS AS TS KS QS JS"
    meld = cli("meld", hand, "--trump", "S", "--rules", str(path), "--json").json()
    v = load_file(path)
    assert meld["meld"] == meld_oracle.best(v.rules, hand.split(), "S") >= 2 * MELD_VALUE_LIMIT
    ruling = cli("verify", "--trump", "S", "--hand", hand, "--claim", "AS TS KS QS JS",
                 "--claim", "AS TS KS QS JS", "--rules", str(path), "--json").json()
    assert ruling["meld"] == meld["meld"] and ruling["valid"]
