"""A review remarks a recorded meld that is not what the hand held: understated (the hand
held more) or overstated (more than the hand can make), per seat or for the declaring side's
total, from the hand as it melded (as dealt, with the kitty the bidder took, after the pass),
checked against the simple maximum-meld oracle (``tests/meld_oracle``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pinosolve
from pinosolve import load_variant
from pinosolve.analysis.review import meld_checks
from pinosolve.cards import Hand
from pinosolve.records.record import Pass, Record
from tests import meld_oracle


def _melding_hands(v, deal, bidder, kitty, passes):
    """Each seat's cards as it melded, by hand: as dealt, the kitty to the bidder where he
    takes it, each pass given and received in order."""
    hands = {s: Counter(str(c) for c in deal[s]) for s in v.seats}
    if kitty is not None and v.rules.deal.bidder_takes_kitty:
        hands[bidder] += Counter(str(c) for c in kitty)
    for giver, receiver, cards in passes:
        hands[giver] -= Counter(cards)
        hands[receiver] += Counter(cards)
    return {s: sorted(h.elements()) for s, h in hands.items()}


@pytest.mark.parametrize("vid, seed", [("four-hand", 1), ("four-hand", 2),
                                       ("four-hand-classic", 3), ("double-deck", 4),
                                       ("three-hand-kitty", 5), ("three-hand-kitty", 6)])
def test_each_seats_meld_against_the_most_its_hand_held_as_it_melded(vid, seed):
    v = load_variant(vid)
    rng = random.Random(seed)
    dealt = v.random_deal(seed)
    deal = {s: dealt[s] for s in v.seats}
    bidder = rng.choice(v.seats)
    trump = rng.choice("SHDC")
    kitty = laid_away = None
    passes: list[tuple[str, str, list[str]]] = []
    if v.rules.deal.kitty and v.rules.deal.bidder_takes_kitty:
        undealt = Counter(str(c) for c in v.deck) - Counter(
            str(c) for s in v.seats for c in deal[s])
        kitty = Hand.parse(" ".join(sorted(undealt.elements())))
    n = v.rules.passing.cards
    if n and v.rules.players.partnership == "fixed":
        partner = next(s for side in v.rules.players.sides.values() if bidder in side
                       for s in side if s != bidder)
        given = rng.sample([str(c) for c in deal[partner]], n)
        held = Counter(str(c) for c in deal[bidder]) + Counter(given)
        back = rng.sample(sorted(held.elements()), n)
        passes = [(partner, bidder, given), (bidder, partner, back)]
    hands = _melding_hands(v, deal, bidder, kitty, passes)
    if v.rules.deal.bidder_discards:
        laid_away = Hand.parse(" ".join(rng.sample(hands[bidder], v.rules.deal.bidder_discards)))
    best = {s: meld_oracle.best(v.rules, hands[s], trump) for s in v.seats}
    recorded = {s: best[s] + rng.choice((-2, 0, 3)) for s in v.seats}
    recorded = {s: m for s, m in recorded.items() if m >= 0}
    record = Record(v, deal=deal, deal_first=v.seats[0], bidder=bidder,
                    bid=v.rules.bidding.minimum, trump=pinosolve.Suit[trump], kitty=kitty,
                    laid_away=laid_away,
                    passes=tuple(Pass(g, r, Hand.parse(" ".join(c))) for g, r, c in passes),
                    meld=dict(recorded), leader=bidder)
    side = tuple(s for s in v.seats if s == bidder or v.rules.players.partnership == "fixed"
                 and any(bidder in m and s in m for m in v.rules.players.sides.values()))
    checks = meld_checks(record, record._meld_data(), pinosolve.Suit[trump], bidder, side)
    # each seat judged alone; but a fixed side with a Meld line for some of its melding seats
    # only: that line is the side's total, and the side is judged
    melds = [s for s in v.seats if v.rules.scoring.meld_by == "all" or s == bidder]
    teams = list(v.rules.players.sides.values()) if v.rules.players.partnership == "fixed" \
        else [[s] for s in v.seats]
    want_groups = []
    for team in teams:
        melding, lines = [s for s in team if s in melds], [s for s in team if s in recorded]
        if lines and len(melding) > 1 and not set(melding) <= set(lines):
            want_groups.append(tuple(dict.fromkeys(melding + lines)))
        else:
            want_groups += [(s,) for s in lines]
    want_groups.sort(key=lambda g: v.seats.index(g[0]))
    assert checks is not None and [c.seats for c in checks] == want_groups
    for c in checks:
        got = sum(recorded.get(s, 0) for s in c.seats)
        most = sum(best[s] for s in c.seats)
        assert (c.recorded, c.max_meld) == (got, most), c
        want = "right" if got == most else "understated" if got < most else "overstated"
        assert c.verdict == want, c
        assert sum(m.meld for m in c.melds) == most, c


DEAL = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"


def test_the_review_says_so_per_seat_and_for_a_sides_total(cli, tmp_path):
    v = load_variant("four-hand")
    north, south = (meld_oracle.best(v.rules, [str(c) for c in v.parse_deal(DEAL)[s]], "H")
                    for s in ("N", "S"))
    base = {"variant": "four-hand", "deal": DEAL, "trump": "H", "bidder": "N", "bid": 25,
            "play": "JC TC AC 9C"}
    # the side's total as the hands held it, then one short of it (understated)
    right = pinosolve.review({**base, "meld": north + south})
    assert [(c.seats, c.verdict) for c in right.meld_checks] == [(("N", "S"), "right")]
    short = pinosolve.review({**base, "meld": north + south - 1}).meld_checks[0]
    assert (short.recorded, short.max_meld, short.verdict) == \
        (north + south - 1, north + south, "understated")
    # per seat: N's overstated, S's as cards shown (counted as score counts them)
    per_seat = pinosolve.review({**base, "meld": {"N": north + 5, "S": "QS JD"}}).meld_checks
    assert [(c.seats, c.recorded, c.verdict) for c in per_seat] == \
        [(("N",), north + 5, "overstated"),
         (("S",), 4, "right" if south == 4 else "understated" if south > 4 else "overstated")]
    # the side's total written against one seat, as a score sheet does: the side is judged
    one_line = pinosolve.review({**base, "meld": {"N": north + south}}).meld_checks
    assert [(c.seats, c.recorded, c.verdict) for c in one_line] == \
        [(("N", "S"), north + south, "right")]
    path = tmp_path / "r.json"
    import json

    path.write_text(json.dumps({**base, "meld": {"N": north + 5, "S": south}}))
    run = cli("review", "--record", str(path))
    assert run.code == 0, run.err
    assert f"meld overstated: the record gives N {north + 5}, but N's hand held {north}" \
        in run.out
    got = cli("review", "--record", str(path), "--json").json()
    check = got["meld_checks"][0]
    assert check == {"seats": ["N"], "recorded": north + 5, "max_meld": north,
                     "melds": check["melds"], "verdict": "overstated"}
    assert sum(m["meld"] for m in check["melds"]) == north
    html = tmp_path / "r.html"
    assert cli("review", "--record", str(path), "--html", str(html)).code == 0
    assert "meld overstated" in html.read_text()


def test_no_remark_where_the_record_cannot_tell():
    """A record begun after the first trick holds no hand as it melded; a review with no
    meld given has nothing to check."""
    late = {"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S",
            "bidder": "N", "bid": 25, "meld": {"N": 4}, "play": "KS TS QS 9S"}
    assert pinosolve.review(late).meld_checks is None
    assert "meld_checks" not in pinosolve.review(late).to_json()
    assert pinosolve.review({**late, "bid": None, "meld": None,
                             "bidder": None}).meld_checks is None
