"""The table: every variant's round played whole, one decision at a time, checked against
the game record (which replays and checks every card), the scorer, and what each seat may
see."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve import load_variant, variant_ids
from pinosolve.cards import Card
from pinosolve.errors import PinosolveError
from pinosolve.table import new_table
from pinosolve.records.read import read_record
from pinosolve.table.decision import Decision, IllegalChoice
from pinosolve.variants.dealer import seeded_deal

VARIANTS = variant_ids()


def random_answer(d: Decision, rng: random.Random):
    if not d.count:
        return rng.choice(d.choices)
    left = list(d.choices)
    for c in d.required:
        left.remove(c)
    return list(d.required) + rng.sample(left, d.count - len(d.required))


def play(vid: str, seed: int, index: int, on_decision=None):
    v = load_variant(vid)
    dealer = v.seats[index % len(v.seats)]
    t = new_table(v, seeded_deal(v, seed, index), dealer)
    rng = random.Random(seed * 1000 + index)
    while (d := t.decision()) is not None:
        if on_decision is not None:
            on_decision(t, d)
        t.apply(random_answer(d, rng))
    return v, t


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_variant_plays_whole_rounds(vid):
    """Random legal choices from the first call to the score: the round's record reads back
    equal and replays every card (Record checks itself), and the score is the scorer's of
    that record's facts."""
    for index in range(3):
        v, t = play(vid, 11, index)
        assert t.over and t.decision() is None
        scores = t.scores()
        assert set(scores) == set(v.seats)
        r = t.record()
        assert read_record(str(r), v.id if v.id in VARIANTS else None) == r
        if t.void:
            assert all(x == 0 for x in scores.values())
            continue
        if getattr(t, "thrown_in", False):
            assert r.result is None and not r.play
            continue
        if v.rules.deal.kitty_kind != "stock":
            assert r.result == r.points_taken()
            assert sum(r.result.values()) <= v.rules.points.total
        with pytest.raises(PinosolveError):
            t.apply("pass")  # (over: nothing pending)


def test_the_round_follows_the_rules_order():
    """Four-hand: the auction from the dealer's left, the trump by the bidder, the partner
    passes to the bidder and the bidder back, each seat melds, the bidder leads."""
    kinds: list[tuple[str, str]] = []
    v, t = play("four-hand", 3, 1, lambda t, d: kinds.append((d.kind, d.seat)))
    assert kinds[0] == ("call", "S")  # (deal 1: the dealer E; S on his left)
    if t.void:
        pytest.skip("redealt")
    order = [k for k, _ in kinds]
    first_play = order.index("play")
    assert order.index("trump") < order.index("pass") < first_play
    passes = [s for k, s in kinds if k == "pass"]
    assert passes == [{"N": "S", "S": "N", "E": "W", "W": "E"}[t.bidder], t.bidder]
    assert kinds[first_play] == ("play", t.bidder)


def test_illegal_choices_are_refused_and_change_nothing():
    v = load_variant("four-hand")
    t = new_table(v, seeded_deal(v, 1), "W")
    d = t.decision()
    for bad in ("24", "abc", "", None, 25, ["pass"], "9" * 3000):
        with pytest.raises(IllegalChoice):
            t.apply(bad)
        assert t.decision() == d


def test_pass_and_lay_away_answers_are_counted_cards_held():
    d = Decision("pass", "S", ("AS", "AS", "TH", "9C"), count=2, required=("TH",))
    assert d.check("th as") == ("TH", "AS")
    for bad in (["AS", "AS"], ["TH"], ["TH", "KD"], ["TH", "TH"], "TH AS AS", [1, 2], {}):
        with pytest.raises(IllegalChoice):
            d.check(bad)
    assert d.default() == ("TH", "AS")


# --- what a seat may see -------------------------------------------------------------------

def _cards_in(value) -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, x in value.items():
            out |= _cards_in(k) | _cards_in(x)
    elif isinstance(value, (list, tuple)):
        for x in value:
            out |= _cards_in(x)
    elif isinstance(value, str):
        for word in value.replace(";", " ").replace(":", " ").split():
            try:
                out.add(str(Card.parse(word)))
            except PinosolveError:
                pass
    return out


def _knowable(t, seat: str) -> set[str]:
    """Each card kind ``seat`` can know of, from the table's facts (an independent count):
    its own cards at any time, the kitty where shown, the cards passed to it, the meld
    shown, every card played, the two-hand table and turned card."""
    v = t.variant
    known = set(t.dealt.deal[seat].cards())
    if getattr(t, "game", None) is not None:
        known |= {str(c) for tr in t.game.tricks for c in tr.cards} | {str(c) for c in
                                                                         t.game.trick}
        known |= set(t.hands_at_play[seat].cards())
    if v.rules.deal.kitty_kind == "stock":
        pos = t.pos
        known |= {str(Card.from_index(c)) for c in pos.hands[v.seats.index(seat)]}
        known |= {str(Card.from_index(c)) for p in range(2) for c in pos.table(p)}
        known |= {str(Card.from_index(c)) for c in pos.trick}
        known |= {c for _, cards in t.stage1 for c in cards}
        known.add(str(t.dealt.turned))
        known |= {c for _, s, m in t.melds for c in _cards_in(m)}
        known |= set(getattr(t, "_seen", {}).get(seat, set()))
        return known
    known |= set(t.hands[seat].cards())
    if t.kitty is not None and t.bidder is not None and v.rules.deal.bidder_takes_kitty:
        known |= set(t.kitty.cards())
    for g, r, h in t.passes:
        if seat in (g, r):
            known |= set(h.cards())
    for h in t.shown.values():
        known |= set(h.cards())
    if t.called_card is not None:
        known.add(str(t.called_card))
    return known


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 50))
def test_a_view_never_holds_a_card_its_seat_could_not_see(vid, seed, index):
    """A player reading its view for a hidden card finds none: every card any view names is
    one its seat held, saw passed, saw shown or saw played (for two-hand: the table, the
    turned card, its draws)."""
    seen: dict[str, set[str]] = {}

    def probe(t, d):
        if t.variant.rules.deal.kitty_kind == "stock":  # (what it drew, as it drew)
            t._seen = seen
            for p, s in enumerate(t.variant.seats):
                seen.setdefault(s, set()).update(str(Card.from_index(c))
                                                 for c in t.pos.hands[p])
        for seat in t.variant.seats:
            leak = _cards_in(t.view(seat)) - _knowable(t, seat)
            assert not leak, (seat, d, leak)

    play(vid, seed, index, probe)


def test_the_leak_probe_can_fail():
    """The probe above, given the open view (a cheat's), finds the hidden cards."""
    v = load_variant("four-hand")
    t = new_table(v, seeded_deal(v, 5), "W")
    assert _cards_in(t.open_view("N")) - _knowable(t, "N")


# --- the rules' own corners ----------------------------------------------------------------

def _until(t, kind, rng, answer=None):
    """Random legal answers until a decision of ``kind`` (returned), or the round's end."""
    while (d := t.decision()) is not None:
        if d.kind == kind:
            return d
        t.apply(answer(d) if answer else random_answer(d, rng))
    return None


def test_a_bidder_may_throw_in_where_the_rules_say_and_scores_as_they_say():
    """trickster-classic (throw_in = any): the bidder is asked before the first lead; thrown
    in, the bidder's side loses the bid and each defending side scores its meld
    (throw_in_defenders = meld), nothing is played, and the record says so."""
    from pinosolve.variants.sides import teams

    v = load_variant("trickster-classic")
    for index in range(6):
        t = new_table(v, seeded_deal(v, 21, index), v.seats[-1])
        d = _until(t, "throw_in", random.Random(index))
        if d is None:
            continue
        assert d.seat == t.bidder and d.choices == ("play", "throw_in")
        assert t.game is None
        t.apply("throw_in")
        assert t.over and t.thrown_in
        side = next(team.seats for team in teams(v, t.bidder) if team.bidding)
        for seat, change in t.scores().items():
            if seat in side:
                assert change == -t.bid
            else:
                mates = next(team.seats for team in teams(v) if seat in team.seats)
                assert change == sum(t.meld_points.get(s, 0) for s in mates)
        assert dict(t.record().tags)["ThrownIn"] == "yes"
        return
    pytest.fail("no deal reached the throw-in")


def test_throw_in_when_unreachable_is_offered_only_out_of_reach():
    """four-hand-classic (throw_in = unreachable): asked only where the bid exceeds the
    bidding side's meld and every trick point."""
    v = load_variant("four-hand-classic")
    asked = played = 0
    for index in range(12):
        t = new_table(v, seeded_deal(v, 4, index), v.seats[-1])
        rng = random.Random(index)

        def low_bids(d):  # (calls near the minimum, or a pass; the rest at random)
            if d.kind != "call":
                return random_answer(d, rng)
            low = [c for c in d.choices if c.isdigit()][:3 * (index % 4)]
            return rng.choice(low) if low and rng.random() < 0.5 else d.choices[0]
        d = _until(t, "throw_in", rng, low_bids)
        if t.void:
            continue
        if d is None:
            played += 1
            continue
        asked += 1
        side = [s for s in v.seats if s in ("N", "S")] if t.bidder in "NS" else ["E", "W"]
        assert t.bid > sum(t.meld_points.get(s, 0) for s in side) + v.rules.points.total
    assert asked and played


def test_shoot_the_moon_is_refused_at_the_table_until_it_is_played():
    from pinosolve.variants.variant import resolve

    v = resolve(rules="trickster-shoot")
    with pytest.raises(PinosolveError, match="shoot"):
        new_table(v, seeded_deal(v, 1), v.seats[-1])


def test_a_stuck_dealer_is_offered_the_minimum_only():
    for vid, passing in (("double-deck", False), ("four-hand", True)):
        v = load_variant(vid)
        t = new_table(v, seeded_deal(v, 1), "W")
        for _ in range(3):
            t.apply("pass")
        d = t.decision()
        assert d.seat == "W"
        want = (("pass",) if passing else ()) + (str(v.rules.bidding.minimum),)
        assert d.choices == want


def test_a_called_partner_is_shown_only_by_his_pass_or_his_called_card():
    """Without a pass (five-hand-call-no-pass), no view names the partner, his own
    included (a holder of a copy cannot know that no seat ahead of him holds another),
    until he plays the called card; then every view does."""
    from pinosolve.variants.variant import resolve

    v = resolve(rules="five-hand-call-no-pass")
    for index in range(4):
        t = new_table(v, seeded_deal(v, 8, index), v.seats[-1])
        rng = random.Random(index)
        while (d := t.decision()) is not None:
            played = []  # (seat, card) of every card played so far
            if t.game is not None:
                for leader, cards in [(tr.leader, tr.cards) for tr in t.game.tricks] + \
                        [(t.game.leader, tuple(t.game.trick))]:
                    played += list(zip(_order(v, leader), cards))
            shown = t.partner not in (None, t.bidder) and (t.partner, t.called_card) in played
            for seat in v.seats:
                assert ("partner" in t.view(seat)) == shown, (seat, d)
                if shown:
                    assert t.view(seat)["partner"] == t.partner
            t.apply(random_answer(d, rng))


def _order(v, leader):
    k = v.seats.index(leader)
    return v.seats[k:] + v.seats[:k]
