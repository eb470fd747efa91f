"""Legal plays against a hand-made table covering every obligation knob, and trick winners."""

from __future__ import annotations

import pytest

from pinosolve import Card, Hand, load_file, load_variant
from pinosolve.play.rules import PlayRules
from pinosolve.play.legality import legal_plays

BASE = "four-hand"  # head always, trump if void, overtrump, trump even if unable to overtrump


def _rules(tmp_path, knobs: dict[str, object], stage: int = 2, base: str = BASE):
    if not knobs:
        return PlayRules.of(load_variant(base), stage)
    lines = [f'extends = "{base}"', "[trick]"]
    for key, value in knobs.items():
        if isinstance(value, bool):
            text = str(value).lower()
        elif isinstance(value, list):
            text = "[" + ", ".join(f'"{x}"' for x in value) + "]"
        else:
            text = f'"{value}"'
        lines.append(f"{key} = {text}")
    path = tmp_path / "house.toml"
    path.write_text("\n".join(lines) + "\n")
    return PlayRules.of(load_file(path), stage)


CASES = [
    # (knobs, trump, hand, trick, partner winning, legal cards, why)
    ({}, "S", "AD 9D KS QC", "", False, "AD 9D KS QC", "the leader plays anything"),
    ({}, "S", "AD 9D KS QC", "JD", False, "AD", "follow and head: only A♦ beats J♦"),
    ({}, "S", "9D TD KS", "AD", False, "TD 9D", "cannot beat A♦: any diamond"),
    ({"follow_suit": True, "head": "never", "overtrump": False}, "S", "AD 9D KS", "JD", False,
     "AD 9D", "head never: any diamond"),
    ({"head": "trump-led", "overtrump": False}, "S", "AD 9D", "JD", False, "AD 9D",
     "plain lead, head only on trump leads"),
    ({"head": "trump-led", "overtrump": False}, "S", "AS 9S", "JS", False, "AS",
     "trump lead: must beat"),
    ({}, "S", "AH KS 9S", "QD", False, "KS 9S", "void: must trump"),
    ({"trump_if_void": False, "overtrump": False, "trump_when_cannot_overtrump": False}, "S",
     "AH KS 9S", "QD", False, "AH KS 9S", "void, no duty to trump"),
    ({}, "S", "AH KS 9S", "QD JS", False, "KS", "must overtrump the J♠"),
    ({}, "S", "AH QS 9S", "QD KS", False, "QS 9S", "cannot overtrump: still a trump"),
    ({"trump_when_cannot_overtrump": False}, "S", "AH QS 9S", "QD KS", False, "AH QS 9S",
     "cannot overtrump: free to discard"),
    ({"overtrump": False}, "S", "AH KS 9S", "QD JS", False, "KS 9S",
     "no overtrump duty: any trump"),
    ({}, "S", "AD 9D", "QD JS", False, "AD 9D", "ruffed: no duty to beat the Q♦"),
    ({"head_after_ruff": True}, "S", "AD 9D", "QD JS", False, "AD",
     "head after ruff: must still beat Q♦"),
    ({"head_after_ruff": True}, "S", "JD 9D", "QD JS", False, "JD 9D",
     "head after ruff but unable: any diamond"),
    ({}, "S", "AD 9D", "JD QD", True, "AD", "partner winning excuses nothing by default"),
    ({"partner_exempt": True}, "S", "AD 9D", "JD QD", True, "AD 9D",
     "partner exempt: no heading while partner wins"),
    ({"partner_exempt": True}, "S", "AD 9D", "JD QD", False, "AD",
     "partner exempt, opponent winning: head"),
    ({"partner_exempt": True}, "S", "AH KS 9S", "QD JS", True, "KS 9S",
     "partner exempt: trump, no overtrump duty"),
    ({}, "S", "AH KD", "QS", False, "AH KD", "trump led, void in trump: anything"),
    ({}, "S", "AS AS 9S", "TS", False, "AS", "two copies: one distinct legal card"),
]


@pytest.mark.parametrize("knobs, trump, hand, trick, pw, legal, why", CASES,
                         ids=[c[-1] for c in CASES])
def test_legal_table(tmp_path, knobs, trump, hand, trick, pw, legal, why):
    rules = _rules(tmp_path, knobs)
    h = [c.index for c in Hand.parse(hand)]
    t = [Card.parse(c).index for c in trick.split()]
    got, reasons = legal_plays(rules, h, t, "SHDC".index(trump), pw)
    assert {str(Card.from_index(c)) for c in got} == set(legal.split()), why
    assert set(reasons) | set(got) == set(h)
    assert all("[trick." in r for r in reasons.values())


def test_stock_stage_has_no_obligations():
    v = load_variant("two-hand")
    h = [c.index for c in Hand.parse("AH KS 9D")]
    legal, why = legal_plays(PlayRules.of(v, 1), h, [Card.parse("QD").index], 0)
    assert len(legal) == 3 and not why
    legal, _ = legal_plays(PlayRules.of(v, 2), h, [Card.parse("QD").index], 0)
    assert [str(Card.from_index(c)) for c in legal] == ["9D"]


def test_stock_stage_rank_order(tmp_path):
    """A house rule: tens rank above kings while the stock lasts (source 004 variation)."""
    rules1 = _rules(tmp_path, {"stock_rank_order": ["A", "T", "K", "Q", "J", "9"]}, 1,
                    base="two-hand-1000")
    rules2 = PlayRules.of(load_variant("two-hand-1000"), 2)
    trick = [Card.parse("KD").index, Card.parse("TD").index]
    assert rules1.winner(trick, 0) == 1  # stage 1: the ten beats the king
    assert rules2.winner(trick, 0) == 0  # source 004's play-off: A K Q J 10 9


@pytest.mark.parametrize("trick, trump, winner", [
    ("AS AS", "H", 0), ("KS AS", "H", 1), ("AS 9H", "H", 1), ("AS AH", "C", 0),
    ("9H AS KH", "H", 2), ("QD JS QS KD", "C", 3), ("TD TD", "S", 0),
])
def test_trick_winner(trick, trump, winner):
    rules = PlayRules.of(load_variant("four-hand"), 2)
    cards = [Card.parse(c).index for c in trick.split()]
    assert rules.winner(cards, "SHDC".index(trump)) == winner


def test_legal_command(cli):
    run = cli("legal", "--trump", "S", "--hand", "AD 9D KS QC", "--trick", "JD QC",
              "--variant", "four-hand", "--json")
    data = run.json()
    assert data["legal"] == ["AD"] and "trick.head" in data["illegal"]["9D"]
    assert "follow" in data["illegal"]["KS"]
    run = cli("legal", "--trump", "S", "--hand", "AH KS", "--trick", "QD", "--stage", "1",
              "--variant", "two-hand", "--json")
    assert sorted(run.json()["legal"]) == ["AH", "KS"]


def test_a_trick_played_by_the_rules_passes_and_a_broken_one_is_caught():
    """``illegal_in_trick`` over random tricks in every family: a trick whose every card was
    chosen among its seat's legal plays passes; with one card after the lead swapped for one
    its seat could not play, that seat and card are named (the cards before it are legal, so
    it is the first)."""
    import random

    from pinosolve.play.legality import illegal_in_trick
    from tests.generators import FAMILIES, family_variant, random_legal_position

    rnd = random.Random("illegal-in-trick")
    caught = 0
    for family in sorted(FAMILIES):
        for ref in FAMILIES[family][0]:
            v = family_variant(ref)
            rules = PlayRules.of(v)
            for _ in range(40):
                pos = random_legal_position(v, rnd, 4)
                assert illegal_in_trick(rules, pos.hands, pos.leader, pos.trick, pos.trump,
                                        pos.side) is None, (ref, pos)
                if len(pos.trick) < 2:
                    continue
                n = len(pos.hands)
                k = rnd.randrange(1, len(pos.trick))
                seat = (pos.leader + k) % n
                held = [*pos.hands[seat], pos.trick[k]]
                winning = (pos.leader + rules.winner(pos.trick[:k], pos.trump)) % n
                legal, _ = legal_plays(rules, held, pos.trick[:k], pos.trump,
                                       pos.side[winning] == pos.side[seat])
                bad = [c for c in held if c not in legal]
                if not bad:
                    continue
                card = rnd.choice(bad)
                hands = [list(h) for h in pos.hands]
                hands[seat] = list(held)
                hands[seat].remove(card)
                trick = list(pos.trick)
                trick[k] = card
                found = illegal_in_trick(rules, hands, pos.leader, trick, pos.trump, pos.side)
                assert found is not None and found[:2] == (seat, card), (ref, pos, k, card)
                assert found[2].endswith("]"), found  # the rule's key in brackets
                caught += 1
    assert caught > 50, caught


def test_solve_refuses_a_trick_its_seats_could_not_have_played(cli):
    """N leads A♠; E, holding 10♠, shows K♥: one line naming the seat, the card and the rule."""
    run = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--trick",
              "AS KH", "--deal", "N:K.A.. T..A. Q.T.T. 9.Q.K.")
    assert run.code == 2 and run.out == ""
    assert run.err == ("pinosolve: error: trick: E could not have played K♥: must follow suit: "
                       "E holds ♠ [trick.follow_suit]\n"), run.err
    ok = cli("solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--trick",
             "AS TS", "--deal", "N:K.A.. .K.A. Q.T.T. 9.Q.K.")
    assert ok.code == 0, ok.err
