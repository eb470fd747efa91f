"""The one rule of what a record holds (``records.record.check_record``): every record that
``Game.to_record`` writes, with any combination of the facts it takes, reads back and is
reviewed; and every kind of fault in a record is refused naming where it is (the file, the
line, and the trick and card where it is in the play)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinosolve.analysis.review import review
from pinosolve.cards import Hand
from pinosolve.errors import PinosolveError
from pinosolve.game import Game
from pinosolve.records.read import read_record, records_of_file
from pinosolve.records.record import Record
from pinosolve.scoring.bidding import value_problem
from pinosolve.variants.sides import sides_fixed
from pinosolve.variants.variant import load_variant, variant_ids

VARIANTS = variant_ids()
FACTS = ("bidder", "bid", "meld", "kitty", "laid_away", "passes", "dealer", "auction", "tags")


def _small_game(variant_id: str, rnd: random.Random, size: int) -> tuple[Game, Hand]:
    """A game of ``size`` cards a seat, cut from a seeded deal (a review of it is quick),
    some cards played; and the cards of the deck no seat holds."""
    v = load_variant(variant_id)
    deal = v.random_deal(rnd.randrange(2**32))
    hands = [Hand(h.cards()[:size]) for h in deal.hands]
    rest = v.deck
    for h in hands:
        rest = rest - h
    text = "N:" if False else f"{v.seats[0]}:" + " ".join(h.dotted() for h in hands)
    bidder = rnd.choice(v.seats)
    roles = {} if sides_fixed(v) else {"declarer": bidder}
    if v.rules.players.partnership == "called-card":
        roles["partner"] = rnd.choice(v.seats)
    g = Game(v, text, trump=rnd.choice("SHDC"), leader=rnd.choice(v.seats), **roles)
    for _ in range(rnd.randrange(len(v.seats) * size + 1)):
        g.play(rnd.choice(g.legal_moves()))
    return g, rest


def _facts(g: Game, rest: Hand, rnd: random.Random, chosen: set[str]) -> dict:
    """A value for each fact in ``chosen`` that the variant can hold (the others left out)."""
    v = g.variant
    d = v.rules.deal
    spare = rest.cards()
    rnd.shuffle(spare)
    facts: dict = {}
    bidder = g.declarer or rnd.choice(v.seats)
    if "bidder" in chosen or "bid" in chosen or "laid_away" in chosen:
        facts["bidder"] = bidder
    b = v.rules.bidding
    if "bid" in chosen and b.enabled and value_problem(b, b.minimum) is None:
        facts["bid"] = b.minimum
    if "meld" in chosen:  # (each seat's cards shown its own: the deck's copies at most)
        facts["meld"] = {}
        for s in rnd.sample(v.seats, rnd.randrange(len(v.seats) + 1)):
            k = rnd.randrange(3)
            facts["meld"][s] = rnd.randrange(100) if rnd.random() < 0.5 else \
                " ".join(spare[:k]) or "-"
            spare = spare[k:] if not isinstance(facts["meld"][s], int) else spare
    if "laid_away" in chosen and d.bidder_discards and len(spare) >= d.bidder_discards:
        facts["laid_away"], spare = spare[:d.bidder_discards], spare[d.bidder_discards:]
    elif d.bidder_discards and "bid" in facts:
        facts.pop("bid")  # (a record of a bid there gives the laid-away cards)
    if "kitty" in chosen and d.kitty_kind in ("kitty", "widow"):
        # (as it lay: where the bidder took it, from his hand at set-up or what he laid away)
        source = spare if not d.bidder_takes_kitty else \
            g.rewound()[0].hand(bidder).cards() + list(facts.get("laid_away", ()))
        if len(source) >= d.kitty:
            facts["kitty"] = source[:d.kitty]
        if "kitty" in facts and not d.bidder_takes_kitty:
            spare = [c for c in spare if c not in facts["kitty"]]
    if "passes" in chosen and v.rules.passing.cards:
        start = g.rewound()[0]
        giver, receiver = rnd.sample(v.seats, 2)
        held = start.hand(receiver).cards()
        facts["passes"] = [(giver, receiver, held[:rnd.randrange(len(held) + 1)])]
    if "dealer" in chosen:
        facts["dealer"] = rnd.choice(v.seats)
    if "auction" in chosen:
        facts["auction"] = [None if rnd.random() < 0.5 else rnd.randrange(1000)
                            for _ in range(rnd.randrange(5))]
        facts["auction_first"] = rnd.choice(v.seats)
    if "tags" in chosen:
        facts["tags"] = {"Event": 'Club "night"; {7}', "North": "Ann \\ Bo"}
    return facts


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(1, 2),
       st.sets(st.sampled_from(FACTS)))
def test_every_record_to_record_writes_reads_back_and_is_reviewed(variant_id, seed, size,
                                                                   chosen):
    rnd = random.Random(seed)
    g, rest = _small_game(variant_id, rnd, size)
    facts = _facts(g, rest, rnd, chosen)
    record = g.to_record(**facts)
    text = str(record)
    again = read_record(text)
    assert again == record and str(again) == text
    assert str(again.to_game()) == str(g)
    assert again.bid == facts.get("bid")
    result = review(again, timeout=30)  # (the review reads what the reader read)
    assert len(result.plays) == len(again.cards_played())
    if "bid" in facts:
        assert result.summary.bid == facts["bid"]


def test_a_bid_with_no_meld_is_read_reviewed_and_scored_alike(tmp_path):
    """The audit's record: ``to_record(bid=...)`` with no meld; every seat melded nothing,
    in the reader, the review and score (it was refused by the review alone)."""
    from pinosolve.scoring.round import check_round

    v = load_variant("four-hand")
    g = Game(v, v.random_deal(5), trump="H")
    while not g.over:
        g.play(g.legal_moves()[0])
    record = read_record(str(g.to_record(bidder="N", bid=250)))
    assert record.bid == 250 and record.meld == {}
    assert check_round(v, record.round()).meld == {}
    summary = review(record, timeout=60).summary
    assert (summary.bid, summary.meld) == (250, 0)


@pytest.mark.parametrize("facts, words", [
    ({"bid": 250}, "to_record(bid=...): Contract: a bid needs its bidder"),
    ({"bidder": "N", "bid": 7}, "bid 7 cannot be the contract"),
    ({"laid_away": "JS JS JD"}, "laid_away=...): LaidAway: in four-hand the bidder lays no"),
    ({"kitty": "AS"}, "deals no kitty"),
    ({"passes": [("N", "E", "AS")]}, "passes: E does not hold AS"),
    ({"tags": {"Deal": "x"}}, "a tag the record holds once"),
    ({"tags": {"Event": "two\nlines"}}, "one line"),
])
def test_to_record_refuses_what_the_reader_would_in_one_line(facts, words):
    g = Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S")
    with pytest.raises(PinosolveError) as got:
        g.to_record(**facts)
    assert words in str(got.value) and "\n" not in str(got.value)


# --- where: every kind of fault names its line, and its trick where it is in the play -------

BASE = """% a comment line
[Event "Club night"]
[Variant "four-hand"]
[Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."]
[Contract "N 250 S"]
[Meld ""]
N 20
S 4
[Play "N"]
AS TS QS 9S
AH KH
TH QH
KS AD TD KD
[Result "NS 10 EW 0"]
[Analysis ""]
N AS cost=0
"""

# (the fault, what the text becomes, the line it is on, the trick and card where in the play)
FAULTS = [
    ("a card not held", ("AS TS QS 9S", "AS TS QS AD"), 10, "trick 1, card 4: W does not hold AD"),
    ("a third copy", ("KS AD TD KD", "KS 9S 9S KD"), 13, "trick 3, card 3"),
    ("a card that is no card", ("TH QH", "TH QX"), 12, "trick 2, card 4"),
    ("a Result the play contradicts", ("NS 10 EW 0", "NS 0 EW 10"), 14, None),
    ("a bid with no bidder", ('"N 250 S"', '"- 250 S"'), 5, None),
    ("a bid the rules refuse", ('"N 250 S"', '"N 7 S"'), 5, None),
    ("a meld line of no seat", ("S 4", "X 4"), 8, None),
    ("a meld of too many cards", ("S 4", "S AS AS KS KS QS QS JS JS 9S 9S AH AH KH"), 8, None),
    ("meld shown of more copies than the deck", ("N 20\nS 4", "N KS KS\nS KS"), 8, None),
    ("a note for another card", ("N AS cost=0", "N KS cost=0"), 16, "trick 1, card 1"),
    ("a hand of two many cards", ("N:AK.A..", "N:AKQJ9.AKQJ9.AK.A"), 4, None),
    ("a Deal of too many copies", ("Q.T.T.", "AA.T.T."), 4, None),
    ("a leader who is no seat", ('[Play "N"]', '[Play "Q"]'), 9, None),
    ("a tag pair that is not one", ('[Meld ""]', '[Meld "'), 6, None),
    ("a rules hash of other rules", ('[Contract', '[Rules "00000000"]\n[Contract'), 5, None),
    ("a laid-away card", ('[Meld ""]', '[LaidAway "AS"]\n[Meld ""]'), 6, None),
    ("an Auction call that is no call", ("[Contract", '[Auction "N"]\n250 Pass Px\n[Contract'),
     6, None),
    ("a Kitty where none is dealt", ("[Play", '[Kitty "AS"]\n[Play'), 9, None),
]


@pytest.mark.parametrize("fault, change, line, place", FAULTS, ids=[f[0] for f in FAULTS])
def test_every_fault_in_a_record_names_the_file_and_where(fault, change, line, place):
    assert read_record(BASE).bid == 250  # (the text is a record as it stands)
    text = BASE.replace(*change)
    assert text != BASE
    with pytest.raises(PinosolveError) as got:
        records_of_file(text, "club.pbn")
    message = str(got.value)
    assert message.startswith("club.pbn: ") and "\n" not in message, message
    if line is not None:
        assert re.match(rf"club\.pbn: line {line}: ", message), message
    else:
        assert re.match(r"club\.pbn: line \d+: ", message), message
    if place is not None:
        assert place in message, message


def test_a_fault_in_the_second_record_of_a_file_names_its_own_line():
    text = BASE + "\n" + BASE.replace("AS TS QS 9S", "AS TS QS AD")
    with pytest.raises(PinosolveError, match=r"^club\.pbn: line 27: Play: trick 1, card 4: "):
        records_of_file(text, "club.pbn")


def test_a_record_made_in_python_names_the_trick():
    g = Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S")
    good = g.to_record()
    from dataclasses import replace

    from pinosolve.cards import Card

    with pytest.raises(PinosolveError, match=r"^Play: trick 1, card 2: E does not hold AH"):
        replace(good, leader="N", play=((Card.parse("AS"), Card.parse("AH")),))
    assert isinstance(good, Record)


def test_what_a_command_finds_lacking_in_a_record_names_its_file(cli, tmp_path):
    """A record the reader takes but a command cannot use (a review needs the trump; a view
    its seat) is named by its file (and its number there, past the first)."""
    from pathlib import Path

    from pinosolve.records.read import read_records

    path = tmp_path / "club.pbn"
    path.write_text(BASE + "\n" + BASE.replace('[Contract "N 250 S"]\n', ""))
    first, second = read_records(Path(path))
    with pytest.raises(PinosolveError, match=rf"^{re.escape(str(path))}: record 2: record: no "
                                             "trump"):
        review(second)
    with pytest.raises(PinosolveError, match=rf"^{re.escape(str(path))}: record: whose view"):
        first.view_input()
    one = tmp_path / "one.pbn"
    one.write_text(BASE.replace('[Contract "N 250 S"]\n', ""))
    run = cli("review", "--record", str(one))
    assert run.code == 2 and f"error: {one}: record: no trump" in run.err, run.err
    run = cli("infer", "--record", str(one))
    assert run.code == 2 and f"error: {one}: record: no trump" in run.err, run.err
