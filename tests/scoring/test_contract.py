"""The contract's outcome has one home (pinosolve.scoring.contract), used by score and makeable
alike.

makeable decides the rules' conditions on play that points alone do not settle (a side must
take a trick to save its meld; a Trickster bidder must capture a counter) by searches on other
point scales. Those claims are checked here against a plain minimax over the conditions
themselves, on small endings; and the audit's cases end to end.
"""

from __future__ import annotations

import random

import pytest

from pinosolve import Card, load_variant
from pinosolve.cards import Hand, Suit
from pinosolve.scoring.contract import Taken, outcome
from pinosolve.scoring.makeable import _TeamPlay, analyse as _analyse
from pinosolve.play.rules import PlayRules
from pinosolve.play.position import Position
from tests import dd_oracle


def analyse(*args, **kwargs):
    """The library's answer, as JSON."""
    return _analyse(*args, **kwargs).to_json()


def _can_make(v, pos: Position, team: int, condition) -> bool:
    """Whether side ``team`` can make sure that ``condition(points, tricks, counters)`` holds
    at the end, by plain minimax (no pruning, no table) over the rules' legal plays."""
    rules = v.rules
    strength = dd_oracle.strength_of(rules)
    points = dict(rules.points.cards)
    trump = "SHDC"[pos.trump]
    n = len(pos.hands)
    side = [0 if s == team else 1 for s in pos.side]

    def go(hands, leader, trick, got, tricks, counters) -> bool:
        if not trick and not any(hands):
            return condition(got, tricks, counters)
        player = (leader + len(trick)) % n
        win = (leader + dd_oracle.trick_winner(trick, trump, strength)) % n if trick else None
        legal = dd_oracle.legal(rules, hands[player], trick, trump, strength,
                                win is not None and side[win] == side[player])
        results = []
        for card in sorted(legal):
            h2 = [list(h) for h in hands]
            h2[player].remove(card)
            t2 = trick + [card]
            if len(t2) < n:
                results.append(go(h2, leader, t2, got, tricks, counters))
                continue
            w = (leader + dd_oracle.trick_winner(t2, trump, strength)) % n
            if side[w] == 0:
                won = sum(points[dd_oracle.rank(c)] for c in t2)
                won += rules.points.last_trick if not any(h2) else 0
                results.append(go(h2, w, [], got + won, tricks + 1,
                                  counters + sum(points[dd_oracle.rank(c)] > 0 for c in t2)))
            else:
                results.append(go(h2, w, [], got, tricks, counters))
        return any(results) if side[player] == 0 else all(results)

    hands = [[str(Card.from_index(c)) for c in h] for h in pos.hands]
    return go(hands, pos.leader, [], 0, 0, 0)


def _ending(v, rnd: random.Random, cards: int) -> Position:
    deck = list(v.deck)
    rnd.shuffle(deck)
    n = len(v.seats)
    hands = [[deck.pop().index for _ in range(cards)] for _ in range(n)]
    names = list(v.rules.players.sides) if v.rules.players.partnership == "fixed" else []
    if names:
        side = tuple(next(i for i, s in enumerate(names) if seat in v.rules.players.sides[s])
                     for seat in v.seats)
    else:
        side = tuple(rnd.randrange(2) for _ in range(n))
    return Position(hands, rnd.randrange(n), [], side, rnd.randrange(4))


@pytest.mark.parametrize("vid", ["four-hand", "trickster-classic", "three-hand-kitty",
                                 "two-hand"])
def test_forcing_a_trick_and_a_counter_agree_with_plain_minimax(vid):
    v = load_variant(vid)
    rules = PlayRules.of(v)
    rnd = random.Random(vid)
    checked = 0
    for _ in range(60):
        pos = _ending(v, rnd, rnd.randint(1, 3 if len(v.seats) > 2 else 4))
        team = rnd.choice(sorted(set(pos.side)))
        play = _TeamPlay(pos, rules, pos.side[pos.leader] == team, None, False)
        assert play.can_take_a_trick() == _can_make(
            v, pos, team, lambda p, t, c: t > 0), pos
        for need in (1, 2, v.rules.points.last_trick, v.rules.points.last_trick + 1):
            if need < 1:
                continue
            assert play.can_take_a_counter(need) == _can_make(
                v, pos, team, lambda p, t, c: c > 0 and p >= need), (pos, need)
            checked += 1
    assert checked >= 120


def test_laid_away_points_save_no_meld():
    """Source 000: a side saves its meld only by winning a trick; laid-away points are the
    bidder's, but not won in play. The audit: makeable said "made with 12 to spare"."""
    v = load_variant("three-hand-kitty")
    o = outcome(v, "E", 20, Taken(0, laid_away=3, took_trick=False), bid=20)
    assert not o.meld_counted and o.total == 3 and o.made is False
    o = outcome(v, "E", 20, Taken(0, laid_away=3, took_trick=True), bid=20)
    assert o.meld_counted and o.total == 23 and o.made is True


def test_a_counter_worth_the_last_trick_is_a_counter():
    """Trickster: a side that took a 10-point counter but not the last trick (10) captured
    a counter; the old makeable judged "no counter" from trick points <= last-trick bonus."""
    v = load_variant("trickster-classic")
    assert outcome(v, "NS", 200, Taken(10, took_counter=True), bid=200).made is True
    assert outcome(v, "NS", 250, Taken(10, took_counter=False), bid=200).made is False


def _kitty_deal_the_bidder_cannot_win_a_trick():
    """E holds only nines and jacks, N and W every higher card of every suit but the three
    in the kitty, which E lays away (two aces and a ten: 3 points for E)."""
    e = "9S 9S JS JS 9H 9H JH JH 9D 9D JD JD 9C JC JC"
    n = "AH AH TH TH KH KH QH QH AD AD TD TD KD KD QD"
    w = "TS KS KS QS QS AC AC TC TC KC KC QC QC 9C QD"
    kitty = "AS AS TS"
    return f"N:{n.replace(' ', ',')} {e.replace(' ', ',')} {w.replace(' ', ',')}", kitty


def test_makeable_kitty_bidder_who_takes_no_trick_loses_his_meld():
    v = load_variant("three-hand-kitty")
    text, kitty = _kitty_deal_the_bidder_cannot_win_a_trick()
    deal = v.parse_deal(text, full=True)
    res = analyse(v, deal, Suit.S, "E", 20, laid_away=Hand.parse(kitty))
    assert res["meld_by_seat"]["E"]["meld"] + 3 >= 20  # meld and laid-away points reach the bid
    assert res["trick_points"] == 3  # the laid-away points only
    assert res["made"] is False and res["margin"] < 0, res
    assert any("took no trick" in r for r in res["reasons"]), res["reasons"]


def test_undecided_makeable_gives_no_made_or_set_reason(monkeypatch):
    """A makeable whose time ran out with the contract undecided printed the
    reason line of a made contract. Bounds 3..20 on the trick points, meld 8, bid 25: the
    contract is made at the top of the bounds and set at the bottom, so no reason says
    either; bid 30 is set even at the top, and says so."""
    import pinosolve.play.driver as S

    def bounded(pos, rules, **kw):
        return S.SearchOutcome(None, (3, 20), exact=False)

    monkeypatch.setattr(S, "solve", bounded)
    v = load_variant("four-hand")
    # pinosolve deal --variant four-hand --seed 3
    text = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
    deal = v.parse_deal(text, full=True)
    assert analyse(v, deal, Suit.S, "N", 30)["made"] is False
    res = analyse(v, deal, Suit.S, "N", 25)
    assert res["made"] is None and res["margin"] is None and res["total"] is None
    assert not any("made" in r or "set" in r for r in res["reasons"]), res["reasons"]
    assert res["note"].startswith("time ran out")


# house rules that combine the contract's conditions (a review of fixes found
# makeable wrong on the first three: a counter from one line and points from another)
HOUSE = {
    "tc-min": ('extends = "trickster-classic"\n[points]\n'
               'cards = { A = 10, T = 10, K = 5, Q = 5, J = 0, "9" = 0 }\n'
               "[scoring]\nmin_trick_points = 10\n", [230, 240, 245], [250]),
    "tc-round": ('extends = "trickster-classic"\n[points]\n'
                 'cards = { A = 11, T = 10, K = 4, Q = 3, J = 2, "9" = 0 }\n'
                 "round_to = 10\nround_up_from = 7\n", [120, 121, 242], [250]),
    "tc-tp": ('extends = "trickster-classic"\n[points]\n'
              'cards = { A = 10, T = 10, K = 5, Q = 5, J = 0, "9" = 0 }\n'
              '[scoring]\nsave_meld = "trick-points"\nsave_meld_points = 10\n', [120, 240],
              [250]),
    "kitty-trick": ('extends = "three-hand-kitty"\n', [0, 18, 20, 22], [20, 21, 25]),
    "classic-counter": ('extends = "four-hand-classic"\n', [0, 240, 250], [250, 260]),
    "trickster": ('extends = "trickster-classic"\n', [0, 230, 240, 250], [250]),
}


@pytest.mark.parametrize("house", sorted(HOUSE))
def test_makeable_verdict_agrees_with_minimax_over_the_contract_rules(tmp_path, house):
    """makeable's verdict, on small endings, against a plain minimax whose leaves are the
    contract rules themselves (contract.outcome on the trick points, tricks and counters the
    side took): made exactly when the side can make sure of an outcome that makes it."""
    from pinosolve.scoring.makeable import _Verdict
    from pinosolve.variants.variant import load_file

    text, melds, bids = HOUSE[house]
    path = tmp_path / f"{house}.toml"
    path.write_text(text)
    v = load_file(path)
    rules = PlayRules.of(v)
    rnd = random.Random(house)
    away_points = [0, 1, 3] if v.rules.deal.discards_count else [0]
    seen = set()
    for _ in range(400):
        pos = _ending(v, rnd, rnd.randint(1, 3 if len(v.seats) > 3 else 4))
        team = pos.side[pos.leader] if rnd.random() < 0.5 else 1 - pos.side[pos.leader]
        meld, bid, away = rnd.choice(melds), rnd.choice(bids), rnd.choice(away_points)
        play = _TeamPlay(pos, rules, pos.side[pos.leader] == team, None, False)
        lo, hi = play.points()
        verdict = _Verdict(v, "side", meld, away, bid, True, play, known=(lo, hi))
        # the verdict by threshold tests alone (makeable --verdict-only) is the same
        quick = _Verdict(v, "side", meld, away, bid, True,
                         _TeamPlay(pos, rules, pos.side[pos.leader] == team, None, False),
                         exact=False)

        def makes(points, tricks, counters):
            return bool(outcome(v, "side", meld, Taken(points, away, tricks > 0, counters > 0),
                                bid, True).made)

        truth = _can_make(v, pos, team, makes)
        assert verdict.made == truth, (house, pos, team, meld, bid, away, verdict.reasons)
        assert quick.made == truth, (house, pos, team, meld, bid, away, quick.reasons)
        seen.add(truth)
    assert seen == {True, False}  # the endings and bids reach both verdicts


def test_trump_marriage_rule_is_never_passed_unchecked(cli, tmp_path):
    """bidding.trump_needs_marriage: the review found score making a bid with the meld given
    as points, where the marriage cannot be seen; it now asks for the cards, as the trick and
    counter rules ask for what they need."""
    path = tmp_path / "tm.toml"
    path.write_text('extends = "trickster-classic"\n[bidding]\ntrump_needs_marriage = true\n')
    base = ("score", "--rules", str(path), "--bidder", "N", "--trump", "S", "--points",
            "NS=200", "--points", "EW=50", "--last-trick", "NS")
    run = cli(*base, "--bid", "300", "--meld", "N=300")
    assert run.code == 2 and "as cards" in run.err and run.err.count("\n") == 1
    made = cli(*base, "--bid", "250", "--meld", "N=KS QS AS TS JS", "--json").json()
    assert made["made"] is True
    unmarried = cli(*base, "--bid", "250", "--meld", "N=KH QH AS TS JS", "--json").json()
    assert unmarried["made"] is False
    assert any("no marriage in trump" in r for r in unmarried["reasons"])
