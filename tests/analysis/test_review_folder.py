"""Many hands from files (``analysis.review_set``): a folder is read in every form a single
file is (game records in tag pairs, TOML and JSON tables), each hand knows its file and its
number there, and a file or a hand that is refused is passed over, named with its reason,
while the others are reviewed."""

from __future__ import annotations

import json

from pinosolve.analysis.review_set import Hands, hands_in_folder, review_many
from pinosolve.records.read import read_records

CLUB = """[Event "Club night, board 7"]
[North "Ann"]
[Variant "four-hand"]
[Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."]
[Contract "N 25 S"]
[Play "N"]
KS TS QS 9S
KH TH QH AH
"""
TABLE = {"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "trump": "S",
         "play": "AS TS QS 9S"}
TOML = 'variant = "four-hand"\ndeal = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."\ntrump = "H"\nplay = "AS"\n'


def _folder(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "a.pgr").write_text(CLUB + "\n" + CLUB.replace("board 7", "board 8"))
    (folder / "b.json").write_text(json.dumps(TABLE))
    (folder / "c.toml").write_text(TOML)
    (folder / "d.pbn").write_text(CLUB.replace("KH TH QH AH", "KH TH QH AD"))  # (N: no AD)
    (folder / "e.pbn").write_text(CLUB.replace('[Contract "N 25 S"]\n', ""))  # (no trump)
    (folder / "notes.txt").write_text("the club's notes")
    return folder


def test_a_folder_reads_every_form_and_names_what_it_passes_over(tmp_path):
    folder = _folder(tmp_path)
    hands = hands_in_folder(str(folder))
    assert isinstance(hands, Hands)
    where = [(r.origin.file.rsplit("/", 1)[1], r.origin.record) for r in hands]
    assert where == [("a.pgr", 1), ("a.pgr", 2), ("b.json", 1), ("c.toml", 1), ("e.pbn", 1)]
    assert [str(c) for c in hands[3].cards_played()] == ["AS"] and hands[3].trump.letter == "H"
    skipped = {s.file.rsplit("/", 1)[1]: s for s in hands.skipped}
    assert set(skipped) == {"d.pbn", "notes.txt"}
    assert skipped["d.pbn"].reason.startswith("line 8: Play: trick 2, card 4: N does not hold AD")
    assert skipped["d.pbn"].record is None


def test_a_set_reviews_the_others_and_keeps_each_hands_file_and_number(tmp_path):
    folder = _folder(tmp_path)
    got = review_many(hands_in_folder(str(folder)), samples=2, seed=1)
    lines = [(h.hand, h.file.rsplit("/", 1)[1], h.record) for h in got.hands]
    # (e.pbn has no trump: the review refuses it, and the others keep their numbers)
    assert lines == [(1, "a.pgr", 1), (2, "a.pgr", 2), (3, "b.json", 1), (4, "c.toml", 1)]
    assert len(got.reviews) == 4
    data = got.to_json()
    assert [(h["file"], h["record"]) for h in data["hands"]] == [
        (h.file, h.record) for h in got.hands]
    reasons = {s["file"].rsplit("/", 1)[1]: (s["record"], s["reason"]) for s in data["skipped"]}
    assert reasons["e.pbn"] == (1, "record: no trump (the Contract tag: [Contract \"N 250 H\"], "
                                   "or [Contract \"- - H\"] with no contract)")
    assert set(reasons) == {"d.pbn", "notes.txt", "e.pbn"}


def test_a_hand_of_another_variant_is_passed_over_not_fatal():
    two = read_records(CLUB.replace("board 7", "board 9")
                       + "\n" + CLUB.replace('"four-hand"', '"four-hand-classic"')
                       .replace("N 25 S", "N 250 S"))
    got = review_many(two, samples=2, seed=1)
    assert [h.hand for h in got.hands] == [1]
    assert got.skipped[0].file == "hand 2" and "four-hand-classic" in got.skipped[0].reason


def test_review_of_a_folder_on_the_command_line(cli, tmp_path):
    folder = _folder(tmp_path)
    out = tmp_path / "annotated.pgr"
    run = cli("review", "--record", str(folder), "--samples", "2", "--seed", "1", "--json",
              "--annotate", str(out))
    assert run.code == 0, run.err
    got = run.json()
    assert [h["record"] for h in got["hands"]] == [1, 2, 1, 1]
    assert {s["file"].rsplit("/", 1)[1] for s in got["skipped"]} == {"d.pbn", "notes.txt",
                                                                      "e.pbn"}
    annotated = read_records(out)  # (each hand reviewed, with its own notes)
    assert [len(r.notes) for r in annotated] == [8, 8, 4, 1]
