"""Game records (``pinosolve.records``): the text read and written, round trips over random
legal play in every variant, the review of a record against the review of the same hand as
TOML, a record written by hand in the documented form, and hostile texts."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinosolve
from pinosolve.errors import PinosolveError
from pinosolve.game import Game
from pinosolve.records.read import read_record, read_records
from pinosolve.records.tags import split_records
from pinosolve.variants.sides import sides_fixed
from pinosolve.variants.variant import load_variant, variant_ids
from tests.generators import RECORDS_DOC as DOC, toml_review

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = variant_ids()


def _random_game(variant_id: str, seed: int, plays: int) -> Game:
    """A full deal of the variant from ``seed``, a trump and a bidder drawn from it, and up
    to ``plays`` random legal cards played."""
    v = load_variant(variant_id)
    rnd = random.Random(seed)
    trump = rnd.choice("SHDC")
    bidder = rnd.choice(v.seats)
    roles = {"declarer": bidder}
    if v.rules.players.partnership == "called-card":
        roles["partner"] = rnd.choice([s for s in v.seats if s != bidder])
    elif sides_fixed(v):
        roles = {}
    g = Game(v, v.random_deal(seed), trump=trump, leader=rnd.choice(v.seats), **roles)
    for _ in range(plays):
        if g.over:
            break
        g.play(rnd.choice(g.legal_moves()))
    return g


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 200))
def test_a_game_round_trips_through_its_record(variant_id: str, seed: int, plays: int) -> None:
    g = _random_game(variant_id, seed, plays)
    record = g.to_record()
    text = str(record)
    again = read_record(text)
    assert again == record and str(again) == text
    h = again.to_game()
    assert (str(h), h.to_move, h.trick, h.points) == (str(g), g.to_move, g.trick, g.points)
    assert [t.cards for t in h.tricks] == [t.cards for t in g.tricks]
    if g.over:  # a finished hand says what each side took; its record's Result agrees
        assert "[Result \"*\"]" not in text
        assert sum(again.result.values()) == sum(g.points.values())
    else:
        assert text.rstrip().endswith('[Result "*"]')


def test_a_game_set_up_mid_trick_records_the_trick_as_played_by_its_seats() -> None:
    g = Game("four-hand", "N:K... .K.A. .T.T. ...K", trump="S", leader="W",
             trick="9S TS")  # W led 9S, N played TS
    g.play("KH")
    r = read_record(str(g.to_record()))
    assert r.deal["W"].cards() == ["9S", "KC"] and r.deal["N"].cards() == ["TS", "KS"]
    assert r.leader == "W" and [str(c) for c in r.play[0]] == ["9S", "TS", "KH"]
    assert str(r.to_game()) == str(g)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "puzzles/review").glob("*.toml")))
def test_the_review_of_an_exported_record_is_the_review_of_the_toml(name: str) -> None:
    from pinosolve.analysis.review import record_of

    position, expected = toml_review(ROOT / "puzzles/review" / name)
    text = str(record_of(position))
    got = pinosolve.review(read_record(text)).to_json()
    for answer in (got, expected):
        answer.pop("seconds")
    assert got == expected


HAND_WRITTEN = """\
% A hand written by hand, in the lenient form docs/records.md allows
[Event "Club night, board 3"]
[variant "three-hand-kitty"]   ; a tag name in any case
[Dealer "W"]
[Deal "N:TQ99.AKQ9.AAT.QJJ9 ATKQJ.QJJ.TKKQ9.TQ AKJ.ATK9.QJJ.ATKK9"]
[Auction "N"]
250 260 pass
270 { N raises } pass
[Contract "N 270 H"]
[Kitty "10H 9D AC"]
[LaidAway "9S 9S QC"]
[Meld ""]
N: KH QH JH AH TH   {a run}
E 20
[Play "N"]
AH, QH, 9H
"""


def test_a_record_written_by_hand_in_the_documented_form_is_read() -> None:
    r = read_record(HAND_WRITTEN)
    assert r.variant.id == "three-hand-kitty" and r.dealer == "W"
    assert r.auction_first == "N" and r.auction == (250, 260, None, 270, None)
    assert (r.bidder, r.bid, r.trump.letter) == ("N", 270, "H")
    assert r.kitty.cards() == ["TH", "AC", "9D"] or sorted(r.kitty.cards()) == ["9D", "AC", "TH"]
    assert r.meld["E"] == 20 and len(r.meld["N"]) == 5
    assert r.tags == (("Event", "Club night, board 3"),)
    hands = r.hands_at_play()
    assert len(hands["N"]) == 15 and "AC" in hands["N"].cards() and "9S" not in hands["N"].cards()
    g = r.to_game()
    assert g.tricks[0].cards == tuple(pinosolve.Card.parse(c) for c in ("AH", "QH", "9H"))
    assert read_record(str(r)) == r
    view = r.view_input("E")  # a defender sees the kitty shown, not the cards laid away
    assert view["kitty"] and "gone" not in view and view["declarer"] == "N"
    assert r.view_input("N")["gone"] == ["9S", "9S", "QC"]


def test_passes_are_made_in_order_and_the_view_sees_its_own() -> None:
    v = load_variant("four-hand")
    deal = v.random_deal(5)
    to_n = deal["S"].cards()[:4]
    back = (deal["N"].cards()[:2] + to_n[:2])  # N passes back two of the cards it received
    text = (f'[Variant "four-hand"]\n[Deal "{deal}"]\n[Contract "N 300 S"]\n[Pass ""]\n'
            f'S>N {" ".join(to_n)}\nN -> S: {",".join(back)}\n[Play "N"]\n')
    r = read_record(text)
    hands = r.hands_at_play()
    assert hands["N"] == deal["N"] + pinosolve.Hand(to_n) - pinosolve.Hand(back)
    assert hands["S"] == deal["S"] - pinosolve.Hand(to_n) + pinosolve.Hand(back)
    assert r.view_input("S")["passed"] == {"gave": to_n, "received": pinosolve.Hand(back).cards()}
    assert "passed" not in r.view_input("E")
    with pytest.raises(PinosolveError, match="Pass 2: N does not hold"):
        read_record(text.replace(",".join(back), " ".join(deal["E"].cards()[:4])))


def test_records_in_one_file_are_read_in_order() -> None:
    one = str(_random_game("four-hand", 1, 10).to_record())
    two = str(_random_game("double-deck", 2, 30).to_record())
    records = read_records(one + "\n" + two)
    assert [r.variant.id for r in records] == ["four-hand", "double-deck"]
    assert len(split_records(one + two)) == 2  # (a tag seen again starts the next record)


def test_the_rules_hash_names_the_house_rules() -> None:
    from pinosolve.records.record import rules_hash
    from pinosolve.variants.variant import resolve

    text = str(_random_game("four-hand", 3, 4).to_record())
    assert rules_hash(resolve("four-hand")) != rules_hash(resolve("four-hand-classic"))
    with pytest.raises(PinosolveError, match="other house rules"):
        read_record(text.replace('[Rules "', '[Rules "0'))
    # a shipped house rule is named by its name, and its hash is its own
    g = Game("trickster-head-trump-led", "N:A... K... Q... 9...", trump="S")
    r = read_record(str(g.to_record()))
    assert r.variant.rules == g.variant.rules


def test_a_result_that_the_play_contradicts_is_refused() -> None:
    g = _random_game("four-hand", 5, 48)
    text = str(g.to_record())
    assert g.over
    side, points = next(iter(g.points.items()))
    wrong = text.replace(f"{side} {points}", f"{side} {points + 1}")
    with pytest.raises(PinosolveError, match="Result: the play gives"):
        read_record(wrong)


HOSTILE = [
    "", "no tags at all [", '[Variant "four-hand"', '[Variant "nope"]',
    '[Variant "four-hand"]\n[Deal "N:ZZ - - -"]', '[Variant "four-hand"]\n[Deal "N:A"]',
    '[Variant "four-hand"]\n[Play ""]\nAS', '[Variant "four-hand"]\n[Contract "N N N N"]',
    '[Variant "four-hand"]\n[Contract "99999999999999999999 S"]',
    '[Variant "four-hand"]\n[Auction "N"]\n1e9', '[Variant "four-hand"]\n[Result "NS x"]',
    '[Variant "four-hand"]\n[Meld ""]\nQ 20', '[Variant "four-hand"]\n[Analysis ""]\nN AS c',
    '[Variant "four-hand"]\n[Pass ""]\nN', "[" * 100_000, '[Variant "' + "x" * 20_000 + '"]',
    '[Variant "four-hand"]\n' + '[X "1"]\n' * 20_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_texts_are_one_line_errors(text: str) -> None:
    try:
        records = read_records(text)
    except PinosolveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
    else:
        for r in records:  # read (leniently): then it plays back, or says why in one line
            try:
                r.to_game()
            except PinosolveError:
                pass


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_any_damage_to_a_record_is_read_or_refused_in_one_line(seed: int, data) -> None:
    lines = str(_random_game(random.Random(seed).choice(VARIANTS), seed, seed % 60)
                .to_record()).splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        k = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "dup", "cut", "junk", "swap"]))
        if how == "drop":
            del lines[k]
        elif how == "dup":
            lines.insert(k, lines[k])
        elif how == "cut":
            lines[k] = lines[k][:data.draw(st.integers(0, max(0, len(lines[k]) - 1)))]
        elif how == "junk":
            lines[k] += data.draw(st.text(max_size=8))
        else:
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[k], lines[j] = lines[j], lines[k]
        if not lines:
            break
    try:
        for r in read_records("\n".join(lines)):
            str(r)
            try:
                r.to_game()
            except PinosolveError as exc:
                assert "\n" not in str(exc)
    except PinosolveError as exc:
        assert "\n" not in str(exc)




def test_every_record_in_the_format_document_is_read_and_exported_the_same() -> None:
    import re

    blocks = re.findall(r"```pbn\n(.*?)```", DOC, re.S)
    assert len(blocks) >= 3
    for block in blocks:
        r = read_record(block)
        assert read_record(str(r)) == r
        if r.seat is None:
            assert str(r.to_game())  # a whole hand plays back
        else:
            assert r.view_input()["seat"] == r.seat
    first = read_record(blocks[0])
    assert str(first) == re.sub(r"%.*\n", "", blocks[0])  # the first is in canonical form


def test_the_python_examples_of_the_format_document_run() -> None:
    import doctest
    import re

    for block in re.findall(r"```python\n(.*?)```", DOC, re.S):
        test = doctest.DocTestParser().get_doctest(block, {}, "records.md", "records.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0 and runner.tries > 0


@pytest.mark.parametrize("name", sorted(p.stem for p in (ROOT / "puzzles/review").glob("*.toml")))
def test_the_shipped_records_are_the_review_puzzles_hands(name: str) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from make_records import record_text
    finally:
        sys.path.pop(0)
    shipped = (ROOT / "puzzles/records" / f"{name}.pbn").read_text()
    assert shipped == record_text(ROOT / "puzzles/review" / f"{name}.toml"), \
        "run python tools/make_records.py"


@pytest.mark.parametrize("digits", ["²", "٣", "１２"])  # digits of other scripts: int refuses
def test_numbers_in_other_scripts_are_one_line_errors(digits: str) -> None:
    for text in (f'[Variant "four-hand"]\n[Auction "N"]\n{digits}',
                 f'[Variant "four-hand"]\n[Contract "N {digits} H"]',
                 f'[Variant "four-hand"]\n[Meld ""]\nN {digits}',
                 f'[Variant "four-hand"]\n[Result "NS {digits}"]'):
        with pytest.raises(PinosolveError):
            read_record(text)


def test_a_records_round_is_its_facts_typed():
    """``Record.round()`` hands score the round as typed values (seats, a Suit, Hands), which
    ``check_round`` checks as they are: the score of a record is the score of its facts."""
    from pinosolve import Suit
    from pinosolve.scoring.round import Round

    for path in sorted((ROOT / "puzzles" / "records").glob("*.pbn")):
        record = read_record(path)
        rnd = record.round()
        assert isinstance(rnd, Round) and isinstance(rnd.trump, Suit), path
        assert all(isinstance(h, pinosolve.Hand) for h in rnd.meld_cards.values()), path
        if rnd.points is not None and record.bidder is not None:  # a contract played out
            assert pinosolve.score(record.variant, rnd).bidder == record.bidder, path


def test_the_rules_hash_is_the_rules_played_not_the_keys_written(tmp_path):
    """Keys written at their defaults (as a key the schema gains later is, in every file
    written before it) leave the hash as it is; one value changed changes it."""
    from pinosolve.records.record import rules_hash
    from pinosolve.variants.variant import load_file, load_variant

    base = load_variant("trickster-classic")
    same = tmp_path / "same.toml"
    same.write_text('extends = "trickster-classic"\nid = "same"\nname = "other words"\n'
                    '[scoring]\nsettlement = "side"\n[trick]\nstock_obligations = "none"\n')
    other = tmp_path / "other.toml"
    other.write_text('extends = "trickster-classic"\nid = "other"\n[bidding]\nminimum = 200\n')
    assert rules_hash(load_file(same)) == rules_hash(base)
    assert rules_hash(load_file(other)) != rules_hash(base)


def test_a_record_written_before_a_built_in_variant_set_a_later_key_still_reads(tmp_path):
    """two-hand-57 came to set scoring.going_out and two-hand-1000
    meld.sequence.dix_as_played after records of them were written: their Rules tag then
    was the hash of the rules without the key, which is the hash of a house file that sets it
    back to its default; such a record still names the rules."""
    from pinosolve import load_file, load_variant
    from pinosolve.records.read import read_record
    from pinosolve.records.record import rules_hash, rules_hashes

    for vid, key in (("two-hand-57", '[scoring]\ngoing_out = "end-of-round"'),
                     ("two-hand-1000", "[meld.sequence]\ndix_as_played = false")):
        before = tmp_path / f"{vid}-before.toml"
        before.write_text(f'extends = "{vid}"\nid = "before"\n{key}\n')
        old = rules_hash(load_file(before))
        v = load_variant(vid)
        assert old != rules_hash(v) and {old, rules_hash(v)} <= rules_hashes(v)
        text = f'[Variant "{vid}"]\n[Rules "{old}"]\n[Deal "N:A... K..."]\n[Contract "- - S"]\n'
        assert read_record(text).variant.id == vid
    with pytest.raises(PinosolveError, match="not the hash"):
        read_record('[Variant "two-hand-57"]\n[Rules "00000000"]\n')


def test_a_record_written_before_a_note_was_reworded_still_reads():
    """0.1.0 reworded two-hand-57's meld note ("seed table" became "source table") and
    four-hand-classic's class names: the records shipped before carried these Rules tags,
    and still name the rules."""
    from pinosolve.records.read import read_record
    from pinosolve.records.record import rules_hash

    for vid, old in (("two-hand-57", "1e0f54dd"), ("two-hand-57-trump-led", "58e586e6"),
                     ("four-hand-classic", "d302af94")):
        deal = "N:A... K..." if vid.startswith("two") else "N:A... K... Q... J..."
        text = f'[Variant "{vid}"]\n[Rules "{old}"]\n[Deal "{deal}"]\n[Contract "- - S"]\n'
        record = read_record(text)
        assert record.variant.id == vid and rules_hash(record.variant) != old
