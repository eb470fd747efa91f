"""The commands that read and write game records: review (and --annotate), infer and advise
(--record), score (--record), game (a file of records), deal --as-record; and bad record files
as one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pinosolve
from pinosolve.records.read import read_record
from pinosolve.records.record import Record
from pinosolve.variants.variant import variant_ids
from tests.conftest import ROOT
from tests.generators import RECORDS_DOC as DOC, toml_review

VARIANTS = variant_ids()


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pinosolve", *args], capture_output=True,
                          text=True, input=stdin, timeout=300)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from pinosolve.analysis.review import record_of

    position, _ = toml_review(ROOT / "puzzles/review/02-source001-bid-340-on-meld-70.toml")
    path = tmp_path_factory.mktemp("records") / "hand.pbn"
    path.write_text(str(record_of(position)))
    return path


def test_review_annotate_writes_the_record_with_each_cards_analysis(played: Path,
                                                                    tmp_path: Path) -> None:
    out = tmp_path / "annotated.pbn"
    run = _cli("review", "--record", str(played), "--annotate", str(out), "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    r = read_record(out.read_text())
    assert len(r.notes) == len(answer["plays"]) == 48
    for note, p in zip(r.notes, answer["plays"]):
        keys = dict(note.keys)
        assert (note.seat, str(note.card)) == (p["seat"], p["card"])
        assert int(keys["cost"]) == p["cost"]
        assert {c: int(keys[c]) for c in p["values"]} == p["values"]
    again = _cli("review", "--record", str(out), "--json")  # the annotated record reads back
    assert json.loads(again.stdout)["plays"] == answer["plays"]


def test_infer_and_advise_read_the_view_from_a_record(played: Path, tmp_path: Path) -> None:
    r = read_record(played.read_text())
    half = tmp_path / "half.pbn"
    half.write_text(str(Record(**{**r.__dict__, "play": r.play[:6], "result": None})))
    by_record = _cli("infer", "--record", str(half), "--seat", "E", "--json")
    view = read_record(half.read_text()).view_input("E")
    by_options = _cli("infer", "--seat", "E", "--hand", " ".join(view["hand"]), "--trump", "H",
                      "--leader", "N", "--play", " ".join(view["play"]), "--bidder", "N",
                      "--variant", "four-hand-classic", "--json")
    assert by_record.returncode == 0, by_record.stderr
    assert json.loads(by_record.stdout) == json.loads(by_options.stdout)
    advice = _cli("advise", "--record", str(half), "--samples", "8", "--seed", "1", "--json")
    assert advice.returncode == 0, advice.stderr
    assert json.loads(advice.stdout)["seat"] == read_record(half.read_text()).to_game().to_move
    both = _cli("infer", "--record", str(half), "--hand", "AS")
    assert both.returncode == 2 and "give the view once" in both.stderr


def test_score_and_game_read_records(played: Path, tmp_path: Path) -> None:
    by_record = _cli("score", "--record", str(played), "--json")
    by_options = _cli("score", "--variant", "four-hand-classic", "--bidder", "N", "--bid", "340",
                      "--trump", "H", "--meld", "N=70", "--points", "NS=120", "--points",
                      "EW=130", "--json")
    assert by_record.returncode == 0, by_record.stderr
    assert json.loads(by_record.stdout) == json.loads(by_options.stdout)
    two = tmp_path / "game.pbn"
    two.write_text(played.read_text() + "\n" + played.read_text())
    game = _cli("game", str(two), "--json")
    assert game.returncode == 0, game.stderr
    assert [r["totals"] for r in json.loads(game.stdout)["rounds"]] == \
        [{"NS": -340, "EW": 130}, {"NS": -680, "EW": 260}]


def test_deal_record_is_a_record_of_the_deal(cli) -> None:
    for variant in VARIANTS:
        run = cli("deal", "--as-record", "--seed", "11", "--variant", variant)
        assert run.code == 0, run.err
        r = read_record(run.out)
        plain = cli("deal", "--seed", "11", "--variant", variant, "--json").json()
        assert r.deal_text() == str(pinosolve.Deal.parse(plain["deal"], r.variant.seats))
        assert r.tags[0] == ("Seed", "11")


def test_bad_record_files_are_one_line_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Variant "four-hand"]\n[Deal "N:ZZ - - -"]\n')
    for args in (["review", "--record", str(bad)], ["infer", "--record", str(bad), "--seat", "N"],
                 ["score", "--record", str(bad)], ["game", str(bad)]):
        run = _cli(*args)
        assert run.returncode == 2 and run.stderr.count("\n") == 1, (args, run.stderr)




def test_the_annotated_example_of_the_format_document_is_what_review_writes(
        tmp_path: Path) -> None:
    import re

    block = next(b for b in re.findall(r"```pbn\n(.*?)```", DOC, re.S) if "[Analysis" in b)
    bare = tmp_path / "bare.pbn"
    bare.write_text(block[:block.index("[Analysis")])
    out = tmp_path / "out.pbn"
    assert _cli("review", "--record", str(bare), "--annotate", str(out)).returncode == 0
    assert out.read_text() == block




def test_a_meld_in_digits_of_another_script_is_a_one_line_error() -> None:
    for meld in ("²", "N=²"):
        run = _cli("advise", "--variant", "four-hand", "--trump", "H", "--seat", "N", "--hand",
                   "TS KS JS TH TH QH JD 9D 9D JC JC 9C", "--bid", "250", "--meld", meld,
                   "--samples", "2", "--seed", "1")
        assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr


@pytest.mark.parametrize("text, says", [
    ("", "0 records"), ('[Variant "four-hand"]\n', "no Deal"),
    ('[Variant "four-hand"]\n[Seat "S"]\n[Deal "N:? ? AKQJ.T9.KQJ9.A9 ?"]\n', "not known")])
def test_records_that_are_no_game_say_what_is_missing(tmp_path: Path, text: str,
                                                      says: str) -> None:
    path = tmp_path / "r.pbn"
    path.write_text(text)
    command = ["infer", "--record", str(path)] if not text else ["review", "--record", str(path)]
    if text == "":
        command = ["score", "--record", str(path)]
    run = _cli(*command)
    assert run.returncode == 2 and says in run.stderr and run.stderr.count("\n") == 1, \
        run.stderr


def test_a_record_of_another_variant_than_the_options_name_is_refused(tmp_path: Path) -> None:
    """As a TOML record naming its own variant is: --variant does not reread a double-deck
    record as four-hand."""
    path = tmp_path / "r.pbn"
    body = '[Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."]\n[Contract "- - S"]\n[Play "N"]\nKS TS\n'
    path.write_text('[Variant "double-deck"]\n' + body)
    run = _cli("review", "--record", str(path), "--variant", "four-hand")
    assert run.returncode == 2 and "Variant tag names 'double-deck'" in run.stderr, run.stderr
    path.write_text('[Variant "four-hand"]\n' + body)  # the same variant, or none: read
    assert _cli("review", "--record", str(path), "--variant", "four-hand").returncode == 0
    path.write_text(body)
    assert _cli("review", "--record", str(path), "--variant", "four-hand").returncode == 0
