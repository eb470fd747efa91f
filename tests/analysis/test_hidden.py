"""Hidden cards against enumeration of every deal: on small and late-deal views,
every assignment of the hidden physical cards to the seats (and the unseen pile) is listed
and replayed on a ``Game`` with the engine's legality; ``possible``, ``certain``, ``voids``,
``deals`` and ``weighted`` must be exactly what the consistent ones say. The sampler is
checked by chi-square against the same list, and the obligations' pairwise form against
``legal_plays`` on random hands."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from pinosolve import Card, Game, PinosolveError, load_variant
from pinosolve.analysis.constraints import obligations
from pinosolve.analysis.hidden import infer
from pinosolve.analysis.view import View
from pinosolve.inputs import as_variant
from tests.generators import GONE, VARIANTS, load_any, roles_of
from tests.view_oracle import enumerate_deals, ending_view, pbn

SMALL = [vid for vid in VARIANTS if not vid.endswith(".toml")]


HOUSE = ["trickster-head-trump-led", "two-hand-57-trump-led",
         "tests/data/four-hand-partner-exempt.toml"]
CASES = [(vid, seed, unknown, shown) for vid in ("two-hand", "three-hand-kitty", "four-hand",
                                                   "four-hand-classic", "trickster-modern",
                                                   "five-hand-call", "double-deck")
         for seed, unknown, shown in ((0, 0, False), (1, 1, True),
                                      (2, 2 if vid not in ("five-hand-call", "double-deck")
                                       else 1, False))]


CASES += [(vid, seed, 1, seed == 1) for vid in HOUSE for seed in (3, 4, 5)]
# deeper: three cards left each at four seats, four at two and three
CASES += [(vid, seed, seed % 2, False) for vid in ("four-hand", "four-hand-classic",
                                                   "trickster-modern", "two-hand-57",
                                                   "three-hand-kitty")
          for seed in range(10, 16)]
CASES += [("three-hand-kitty", 6, 2, "kitty"), ("three-hand-auction", 7, 2, "kitty"),
          ("four-hand", 8, 0, "passed"), ("double-deck", 9, 1, "passed")]


@pytest.mark.parametrize("vid, seed, unknown, shown", CASES)
def test_inference_is_what_every_deal_says(vid, seed, unknown, shown):
    """Late-deal views of every family, house rules that change the obligations, meld shown,
    cards passed, a kitty seen: the inference is what the list of every deal says."""
    v = load_any(vid) if vid.endswith(".toml") else as_variant(vid)
    left = (2 if len(v.seats) >= 4 else 3) + (seed >= 10)
    view, truth = ending_view(v, seed, left, unknown, shown is True,
                               kitty=shown == "kitty", passed=shown == "passed")
    if shown == "kitty":
        assert view.get("kitty")
    if shown == "passed":
        assert view.get("passed")
    others, tables = enumerate_deals(v, view)
    assert tables, "the true deal explains its own view"
    r = infer(view)
    assert r.deals == len(tables)
    assert r.weighted == sum(tables.values())
    played: Counter = Counter()
    # who played which card: replay on the true deal
    g = Game(v, pbn(v, truth), trump=view["trump"], leader=view["leader"], **roles_of(v))
    for card in view["play"]:
        played[(g.to_move, card)] += 1
        g.play(card)
    for i, seat in enumerate(others):
        got = r.by_seat[seat]
        now = [Counter(t[i]) - Counter({c: n for (s, c), n in played.items() if s == seat})
               for t in tables]
        possible = sorted({c for hand in now for c in hand})
        certain = Counter({c: min(hand[c] for hand in now) for c in possible})
        assert sorted(str(c) for c in got.possible) == possible, seat
        assert sorted(str(c) for c in got.certain) == sorted(certain.elements()), seat
        suits = {c[-1] for c in possible}
        assert [s.name for s in got.voids] == [s for s in "SHDC" if s not in suits], seat


def _chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value a df-degree statistic exceeds with probability about 0.001
    (Wilson and Hilferty's approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("vid, seed", [("four-hand", 1), ("three-hand-kitty", 2),
                                       ("double-deck", 2)])
def test_the_sampler_draws_each_deal_as_often_as_a_shuffle_makes_it(vid, seed):
    v = load_variant(vid)
    view, _ = ending_view(v, seed, 2 if len(v.seats) >= 4 else 3, unknown=2)
    others, tables = enumerate_deals(v, view)
    total = sum(tables.values())
    assert len(tables) >= 3
    draws = 6000
    seen: Counter = Counter()
    seen_view = View(view)
    seen_view.bounds()
    for game in seen_view.sample(draws, seed=7):
        start = _start_of(game, seen_view)
        seen[tuple(tuple(sorted(start[s])) for s in others)] += 1
    expected = {key[:-1]: 0.0 for key in tables}
    for key, w in tables.items():
        expected[key[:-1]] += draws * w / total
    assert set(seen) <= set(expected)
    chi = sum((seen[k] - e) ** 2 / e for k, e in expected.items())
    assert chi < _chi_square_limit(len(expected) - 1), (chi, len(expected))


def _start_of(game, view) -> dict[str, list[str]]:
    """The hands a sampled game's seats held as play began: now, plus the cards each played
    (the trick on the table among them)."""
    start = {}
    for i, s in enumerate(game.seats):
        cards = [str(c) for c in game.hand(s)]
        cards += [str(Card.from_index(k)) for k in range(len(view.played[i]))
                  for _ in range(view.played[i][k])]
        start[s] = cards
    return start


def test_samples_are_reproducible_from_a_seed_and_play_the_view():
    v = load_variant("four-hand")
    view, _ = ending_view(v, 3, 3, unknown=1)
    a = [str(g) for g in View(view).sample(20, seed=11)]
    b = [str(g) for g in View(view).sample(20, seed=11)]
    c = [str(g) for g in View(view).sample(20, seed=12)]
    assert a == b and a != c
    seen = View(view)
    seen.bounds()
    for g in seen.sample(5, seed=1):
        mine = Counter(view["hand"]) - Counter(
            str(Card.from_index(k)) for k in range(len(seen.played[seen.me]))
            for _ in range(seen.played[seen.me][k]))
        assert sorted(str(x) for x in g.hand(view["seat"])) == sorted(mine.elements())
        assert g.to_move == seen.seats[seen.to_move]
        assert [str(c) for c in g.trick] == [str(Card.from_index(c)) for c in seen.trick]


@pytest.mark.parametrize("vid", SMALL)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_legality_is_holding_none_of_the_obligations(vid, data):
    """The premise of the bounds: a card is legal exactly when the hand holds none of the
    cards that alone (beside it) would forbid it."""
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.legality import legal_plays

    v = load_any(vid)
    rules = PlayRules.of(v, 2)
    kinds = sorted({c.index for c in v.deck})
    trump = data.draw(st.sampled_from([0, 1, 2, 3]))
    trick = data.draw(st.lists(st.sampled_from(kinds), max_size=len(v.seats) - 1))
    hand = data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=8))
    partner = data.draw(st.booleans())
    allowed, _ = legal_plays(rules, hand, trick, trump, partner)
    for card in set(hand):
        forbid = obligations(rules, card, trick, trump, partner, kinds)
        assert (card in allowed) == (not any(k in forbid for k in hand if k != card)), \
            (vid, card, hand, trick)


def _possible(v, view) -> bool:
    """Whether any deal explains ``view``, by the rules alone: the viewer's hand and the cards
    gone within the deck, the hand no longer than the deal gives, the cards out of every
    hand no more than the deal leaves out (a kitty, a stock), and some assignment of the
    hidden cards consistent (``enumerate_deals``)."""
    deck = Counter(str(c) for c in v.deck)
    if Counter(view["hand"]) + Counter(view["gone"]) - deck:
        return False
    size, dealt = len(view["hand"]), v.rules.deal.hand_size
    hidden = sum((deck - Counter(view["hand"]) - Counter(view["gone"])).values())
    pile = hidden - size * (len(v.seats) - 1)
    if not 0 < size <= dealt or not 0 <= pile <= v.deck_size - dealt * len(v.seats):
        return False
    try:
        return bool(enumerate_deals(v, view)[1])
    except PinosolveError:  # (a replay past the end of the hands)
        return False


@settings(max_examples=120, deadline=None)
@given(vid=st.sampled_from(["four-hand", "three-hand-kitty", "two-hand", "double-deck"]),
       seed=st.integers(0, 10_000), how=st.sampled_from(["play", "shown", "drop", "gone-",
                                                         "gone+", "twice"]),
       data=st.data())
def test_a_view_is_refused_exactly_when_no_deal_explains_it(vid, seed, how, data):
    """The family of impossible views (a card held and played, meld shown that the
    deck cannot hold, a hand shorter than the deal gives, cards out of the hands that the
    deal does not leave out): a possible view changed at random is refused, with one
    PinosolveError, exactly when the enumeration of every deal finds none that explains it."""
    v = load_variant(vid)
    view, _ = ending_view(v, seed, 2 if len(v.seats) >= 4 else 3, unknown=seed % 3)
    view = {**view, "hand": list(view["hand"]), "play": list(view["play"]),
            "gone": list(view["gone"])}
    cards = sorted({str(c) for c in v.deck})
    others = [s for s in v.seats if s != view["seat"]]
    pick = data.draw(st.sampled_from(cards))
    if how == "play":
        view["play"].append(pick)
    elif how == "shown":
        view["shown"] = {data.draw(st.sampled_from(others)): [pick] * data.draw(
            st.integers(1, 2))}
    elif how == "drop":
        view["hand"].remove(data.draw(st.sampled_from(view["hand"])))
    elif how == "gone-" and view["gone"]:
        view["gone"].remove(data.draw(st.sampled_from(view["gone"])))
    elif how == "gone+":
        view["gone"].append(pick)
    elif how == "twice":  # another seat plays a card the viewer holds, as the trick's lead
        view["play"] = [view["hand"][0]] if view["leader"] != view["seat"] else []
        view["leader"] = data.draw(st.sampled_from(others))
        view["play"] = [data.draw(st.sampled_from(view["hand"]))]
    possible = _possible(v, view)
    try:
        View(view)
    except PinosolveError as e:
        assert not possible, (how, str(e))
        assert "\n" not in str(e)
    else:
        assert possible, how


def test_the_audits_impossible_views_name_the_problem(cli):
    """Three impossible views, each one line and exit 2 from the command line
    and a PinosolveError from View, infer and advise."""
    from pinosolve.analysis.advice import advise

    base = {"variant": "four-hand", "trump": "S", "seat": "S", "leader": "N"}
    cases = [({"hand": "AS AS 9S KD AH QC JC 9C TH KH QD JD", "play": "KS AS"},
              "no deal explains E's A♠ on trick 1"),
             ({"hand": "AS AS 9S 9S KD AH QC JC 9C TH KH QD", "shown": {"W": "9S 9S"}},
              "W showed 2 x 9♠ in meld"),
             ({"hand": "AS AS 9S KD AH QC JC 9C TH KH QD"}, "hand: 11 cards")]
    for change, message in cases:
        view = {**base, **change}
        for call in (View, infer, lambda x: advise(x, samples=1)):
            with pytest.raises(PinosolveError, match=message.split(":")[0]):
                call(view)
        args = [x for k, val in view.items() if k != "shown"
                for x in (f"--{k}", val)]
        if "shown" in view:
            args += ["--shown", "W=9S 9S"]
        run = cli("infer", *args)
        assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, run.err
        assert message in run.err, run.err


def test_the_declarer_may_pass_back_the_cards_it_received(cli):
    """Sources 000 and 001: the declarer passes back 4 cards, "including the same 4 cards they
    were passed": a card received and passed back is not in its hand as play began."""
    run = cli("infer", "--variant", "four-hand", "--trump", "S", "--bidder", "N", "--seat", "N",
              "--leader", "N", "--hand", "KS QS JS TH KH QH JH TD KD QD JD TC", "--gave",
              "AS 9H 9D 9C", "--received", "AS KS QS JS", "--json")
    assert run.code == 0, run.err
    assert run.json()["by_seat"]["S"]["certain"] == ["AS", "9H", "9D", "9C"]
    # the partner passes first: what it received stays in its hand
    partner = cli("infer", "--variant", "four-hand", "--trump", "S", "--bidder", "N", "--seat",
                  "S", "--leader", "N", "--hand", "KS QS JS TH KH QH JH TD KD QD JD TC",
                  "--gave", "AS 9H 9D 9C", "--received", "AS KS QS JS")
    assert partner.code == 2 and "not in the viewer's hand" in partner.err


def test_a_renege_seen_from_the_viewer_and_an_impossible_play_are_refused():
    # N leads AS; E plays KH though (the viewer S sees) ... E showed KS in meld
    view = {"variant": "four-hand", "trump": "S", "seat": "S", "hand": "QS 9S KD",
            "leader": "N", "play": "AS KH", "shown": {"E": "KS"}, "gone": GONE}
    with pytest.raises(PinosolveError, match="K♥ on trick 1"):
        infer(view)
    mine = {"variant": "four-hand", "trump": "S", "seat": "N", "hand": "AS KH 9D",
            "leader": "W", "play": "QS KH", "gone": GONE}
    with pytest.raises(PinosolveError, match="renege"):
        infer(mine)


def test_a_view_is_read_once_and_never_changed():
    """Its facts and its bounds are found as it is built; nothing sets them after."""
    view = View({"variant": "two-hand", "trump": "S", "seat": "N", "hand": "AS TS",
                 "play": "AS KH", "leader": "N", "gone": "..AATTKKQQJJ99.AATTKKQQJJ99"})
    before = view.bounds()
    for name, value in (("seat", "S"), ("play", []), ("table", None), ("new", 1)):
        with pytest.raises(AttributeError, match="never changed"):
            setattr(view, name, value)
    assert view.seat == "N" and view.bounds() is before and view.deal_count() == 6


@pytest.mark.parametrize("vid, seed", [("four-hand", 3), ("three-hand-kitty", 4)])
def test_holding_shares_agree_with_every_deal_within_their_error(vid, seed):
    """``infer(view, shares=N)``: the share of N drawn deals in which each seat holds each
    card, against the exact share over every consistent deal (shuffle-weighted), within four
    standard errors; certain cards always held; the same shares from the same seed."""
    v = as_variant(vid)
    view, truth = ending_view(v, seed, 3, unknown=1)
    others, tables = enumerate_deals(v, view)
    g = Game(v, pbn(v, truth), trump=view["trump"], leader=view["leader"], **roles_of(v))
    played: Counter = Counter()
    for card in view["play"]:
        played[(g.to_move, card)] += 1
        g.play(card)
    n = 3000
    r = infer(view, shares=n, seed=7)
    total = sum(tables.values())
    for i, seat in enumerate(others):
        left = Counter({c: k for (s, c), k in played.items() if s == seat})
        for card, share in r.holding_shares[seat].items():
            exact = sum(w for t, w in tables.items()
                        if (Counter(t[i]) - left)[str(card)] > 0) / total
            error = math.sqrt(max(exact * (1 - exact), 1e-9) / n)
            assert abs(share - exact) <= 4 * error + 1e-9, (seat, card, share, exact)
        for card in r.by_seat[seat].certain:
            assert r.holding_shares[seat][card] == 1.0
    assert infer(view, shares=n, seed=7).holding_shares == r.holding_shares
    with pytest.raises(PinosolveError, match="shares"):
        infer(view, shares=0 - 1)
