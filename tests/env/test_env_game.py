"""The OpenSpiel game against OpenSpiel's own checks and against pinosolve's table.

Every shipped variant and the tiny one pass ``pyspiel.random_sim_test`` (serialized and
deserialized at every state). A random round's returns equal the score of the same round
played at a pinosolve table from the same deal with the same choices, and every legal
action set equals the table's legal choices (the auction's calls, the passes, the cards).
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pinosolve.env  # noqa: E402 (registers the game)
from pinosolve import variant_ids  # noqa: E402
from pinosolve.cards import Card, Hand  # noqa: E402
from pinosolve.deal import Deal  # noqa: E402
from pinosolve.env.dealing import outcomes  # noqa: E402
from pinosolve.env.game import EnvError  # noqa: E402
from pinosolve.table import new_table  # noqa: E402
from pinosolve.variants.dealer import Dealt  # noqa: E402

GAMES = [{"variant": v} for v in variant_ids()] + [{"rules": "tiny"},
                                                   {"rules": "trickster-kitty"}]


def _name(params: dict[str, str]) -> str:
    return next(iter(params.values()))


@pytest.mark.parametrize("params", GAMES, ids=_name)
def test_random_sim_test(params: dict[str, str]) -> None:
    game = pyspiel.load_game("pinochle", params)
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def _play(game: object, rng: random.Random) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _deal_of(state: object, game: object) -> Dealt:
    """The deal the chance actions made, rebuilt without the environment."""
    v, a = game.variant, game.actions  # type: ignore[attr-defined]
    hands = [[Card.from_index(a.card_index(t)) for t in h] for h in state.hands]  # type: ignore
    left = list(v.deck.counts)
    for h in hands:
        for c in h:
            left[c.index] -= 1
    turned = None
    if state.turned is not None:  # type: ignore[attr-defined]
        turned = Card.from_index(a.card_index(state.turned))  # type: ignore[attr-defined]
        left[turned.index] -= 1
    rest = tuple(Card.from_index(k) for k, n in enumerate(left) for _ in range(n))
    return Dealt(Deal(v.seats, tuple(Hand(h) for h in hands)), rest, turned,
                 v.rules.deal.kitty_kind)


@pytest.mark.parametrize("vid", [v for v in variant_ids() if "two-hand" not in v])
def test_returns_and_legal_sets_agree_with_the_table(vid: str) -> None:
    """Replay each random round at a fresh table: the legal sets and the scores agree."""
    game = pyspiel.load_game("pinochle", {"variant": vid})
    rng = random.Random(vid)
    checked = 0
    for _ in range(12):
        state = game.new_initial_state()
        while state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        table = new_table(game.variant, _deal_of(state, game), game.dealer)
        while not state.is_terminal():
            d = table.decision()
            legal = state.legal_choices()
            if d.count:  # (one card an action: every card held once, less those picked)
                held = list(d.choices)
                for c in state.chosen:
                    held.remove(c)
                assert set(legal.values()) <= set(held)
                picks = []
                while len(picks) < d.count:
                    action = rng.choice(state.legal_actions())
                    picks.append(state.legal_choices()[action])
                    state.apply_action(action)
                table.apply(tuple(picks))
                checked += 1
                continue
            assert sorted(legal.values()) == sorted(d.choices), d
            action = rng.choice(state.legal_actions())
            table.apply(legal[action])
            state.apply_action(action)
            checked += 1
        assert table.decision() is None
        expected = table.scores()
        assert state.returns() == [float(expected[s]) for s in game.variant.seats]
    assert checked > 100


def test_returns_are_the_round_score_from_the_record() -> None:
    """The returns equal the score the round's game record gives, read back as text."""
    from pinosolve.records import read_record
    from pinosolve.scoring.round import score

    game = pyspiel.load_game("pinochle", {"variant": "four-hand"})
    rng = random.Random(5)
    seen = 0
    while seen < 10:
        state = _play(game, rng)
        if state.table.void:
            continue
        record = read_record(str(state.table.record()))
        result = score(game.variant, record.round())
        sides = {s: result.score.get(t, 0) for t, seats in
                 game.variant.rules.players.sides.items() for s in seats}
        assert state.returns() == [float(sides[s]) for s in game.variant.seats]
        seen += 1


def test_difference_returns_are_zero_sum() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "three-hand-kitty",
                                          "returns": "difference"})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = random.Random(2)
    for _ in range(10):
        assert abs(sum(_play(game, rng).returns())) < 1e-9


def test_the_deal_is_a_shuffle() -> None:
    """Each hand's chance, dealt in deck order, is the share of shuffles that deal it
    (enumerated over the physical cards, for small pools)."""
    from collections import Counter
    from itertools import combinations

    rng = random.Random(3)
    for _ in range(150):
        pool = [rng.randint(0, 3) for _ in range(rng.randint(1, 5))]
        if not sum(pool):
            continue
        size = rng.randint(1, sum(pool))
        cards = [t for t, n in enumerate(pool) for _ in range(n)]
        exact = Counter(tuple(sorted(c)) for c in combinations(cards, size))
        total = sum(exact.values())
        tree: dict[tuple[int, ...], float] = {}

        def walk(picks: list[int], p: float) -> None:
            if len(picks) == size:
                tree[tuple(picks)] = p
                return
            got = outcomes(pool, size, picks)
            assert abs(sum(q for _, q in got) - 1) < 1e-9
            for t, q in got:
                walk([*picks, t], p * q)

        walk([], 1.0)
        assert set(tree) == set(exact)
        for hand, n in exact.items():
            assert abs(tree[hand] - n / total) < 1e-9


def test_information_state_tensor_is_a_function_of_the_string() -> None:
    """Perfect recall both ways, on random states: the same information-state string
    gives the same tensor, and different strings different tensors."""
    for params in ({"variant": "four-hand"}, {"variant": "two-hand"}, {"rules": "tiny"}):
        game = pyspiel.load_game("pinochle", params)
        rng = random.Random(1)
        by_string: dict[str, tuple[float, ...]] = {}
        for _ in range(6):
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    p = state.current_player()
                    text = state.information_state_string(p)
                    tensor = tuple(state.information_state_tensor(p))
                    assert by_string.setdefault(text, tensor) == tensor
                    acts = state.legal_actions()
                else:
                    acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(list(acts)))
        tensors = list(by_string.values())
        assert len(set(tensors)) == len(tensors)


def test_observation_holds_the_hand_and_the_trick() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "four-hand"})
    state = _play_to_play(game, random.Random(4))
    p = state.current_player()
    obs = pinosolve.env.observer.PinochleObserver(game)
    obs.set_from(state, p)
    held = state.table.game.hand(game.variant.seats[p])
    assert [int(x) for x in obs.dict["holding"]] == list(held.counts)
    assert obs.dict["phase"][pinosolve.env.observer.PHASES.index("play")] == 1


def _play_to_play(game: object, rng: random.Random) -> object:
    while True:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
                continue
            if state.decision().kind == "play":
                return state
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("params, words", [
    ({"variant": "no-such-variant"}, "unknown variant"),
    ({"rules": "/nonexistent/house.toml"}, "not found"),
    ({"variant": "four-hand", "dealer": 9}, "dealer"),
    ({"variant": "four-hand", "returns": "money"}, "returns"),
    ({"variant": "four-hand", "colour": "red"}, "unknown parameter"),
])
def test_bad_parameters_are_one_line_errors(params: dict[str, object], words: str) -> None:
    with pytest.raises(pyspiel.SpielError) as info:
        pyspiel.load_game("pinochle", params)
    message = str(info.value)
    assert words in message.lower() and "\n" not in message


def test_a_broken_rules_file_is_one_line(tmp_path: object) -> None:
    path = tmp_path / "bad.toml"  # type: ignore[operator]
    path.write_text('extends = "four-hand"\n[deck]\ncopies = "two"\n')
    with pytest.raises(EnvError) as info:
        pyspiel.load_game("pinochle", {"rules": str(path)})
    assert "copies" in str(info.value) and "\n" not in str(info.value)


def test_an_illegal_action_is_one_line() -> None:
    game = pyspiel.load_game("pinochle", {"variant": "four-hand"})
    state = _play_to_play(game, random.Random(2))
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError) as info:
        state.apply_action(illegal)
    assert "\n" not in str(info.value).strip()


@pytest.mark.parametrize("vid", [v for v in variant_ids() if "two-hand" in v])
def test_stock_rounds_agree_with_the_table(vid: str) -> None:
    """A stock round's draws are chance: once it is over, its stock's order is known, and
    a table dealt that stock offers the same choices at every decision and scores the
    same."""
    from pinosolve.table.stock import StockTable

    game = pyspiel.load_game("pinochle", {"variant": vid})
    rng = random.Random(vid)
    for _ in range(8):
        state = game.new_initial_state()
        made: list[tuple[list[str], str]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
                continue
            legal = state.legal_choices()
            action = rng.choice(state.legal_actions())
            made.append((sorted(legal.values()), legal[action]))
            state.apply_action(action)
        dealt = _deal_of(state, game)
        order = [Card.from_index(c) for _, _, c, seen in state.drawn if not seen]
        dealt = Dealt(dealt.deal, tuple(order), dealt.turned, dealt.kind)
        table = StockTable(game.variant, dealt, game.dealer)
        for legal, choice in made:
            d = table.decision()
            assert sorted(d.choices) == legal
            table.apply(choice)
        assert table.decision() is None
        expected = table.scores()
        assert state.returns() == [float(expected[s]) for s in game.variant.seats]


def _mid_pass(vid: str, seed: int) -> object:
    """A round stopped with one card of a pass or a lay-away picked."""
    game = pyspiel.load_game("pinochle", {"variant": vid})
    rng = random.Random(seed)
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
                continue
            if state.chosen:
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no pass")


@pytest.mark.parametrize("vid", ["four-hand", "three-hand-kitty", "double-deck"])
def test_a_pass_in_progress_is_seen_by_its_giver_alone(vid: str) -> None:
    import json

    state = _mid_pass(vid, 1)
    giver = state.current_player()
    picked = state.chosen[0]
    for p in range(state.get_game().num_players()):
        seen = json.loads(state.observation_string(p)).get("chosen")
        assert (seen == [picked]) == (p == giver)
        logged = state.information_state_string(p).split()[-1]
        assert (logged.endswith(":" + picked) and logged.startswith(("pass:", "lay_away:"))) \
            == (p == giver)


def test_a_pass_is_taken_in_deck_order_and_always_finishes() -> None:
    """Every random pass and lay-away is completed (the order never strands a pick)."""
    for vid in ("four-hand", "three-hand-kitty", "five-hand-call", "double-deck"):
        game = pyspiel.load_game("pinochle", {"variant": vid})
        rng = random.Random(vid)
        for _ in range(15):
            state = _play(game, rng)
            assert state.is_terminal()


def test_out_of_range_actions_are_one_line_errors_at_chance_nodes() -> None:
    for params in ({"variant": "four-hand"}, {"variant": "two-hand"}):
        game = pyspiel.load_game("pinochle", params)
        state = game.new_initial_state()
        for action in (game.num_distinct_actions(), 10**6, 30):  # (-1: OpenSpiel refuses)
            with pytest.raises(pyspiel.SpielError) as info:
                state.apply_action(action)
            assert "\n" not in str(info.value).strip()


def test_a_rules_file_with_huge_meld_values_is_refused(tmp_path: object) -> None:
    path = tmp_path / "big.toml"  # type: ignore[operator]
    path.write_text('extends = "four-hand"\nid = "big"\n[meld.kinds.run]\n'
                    'values = [15, 100000000]\n')
    with pytest.raises(EnvError, match="actions"):
        pyspiel.load_game("pinochle", {"rules": str(path)})
