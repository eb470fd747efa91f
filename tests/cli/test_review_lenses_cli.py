"""``pinosolve review --information``: both lenses in the table and the JSON, a folder or a
file of several records pooled by seat, player and role, ``--annotate`` with both lenses,
bad options in one line, and the ``--html`` report opened in a real headless Chromium (the
distribution's package), its hand and graphs shown, with no network."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from pinosolve.records.read import read_records

CLUB = """[Event "Club night, board 7"]
[North "Ann"]
[South "Bo <b>"]
[East "Cy"]
[West "Di"]
[Variant "four-hand"]
[Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."]
[Contract "N 25 S"]
[Meld ""]
N 0
[Play "N"]
KS TS QS 9S
KH TH QH AH
AS AD TD KD
"""


def _club(tmp_path, hands: int = 1) -> str:
    path = tmp_path / "club.pgr"
    path.write_text("\n".join(CLUB.replace("board 7", f"board {k + 7}")
                              for k in range(hands)), encoding="utf-8")
    return str(path)


def test_both_lenses_in_the_table_and_the_json(cli, tmp_path):
    path = _club(tmp_path)
    run = cli("review", "--record", path, "--information", "--seed", "3", "--json")
    assert run.code == 0, run.err
    got = run.json()
    first = got["plays"][0]
    assert first["cost"] == 2
    assert (first["information"]["exact"], first["information"]["deals"]) == (False, 40)
    # (few deals left: every one of them; the last card, with no other, needs none)
    assert any(p["information"]["exact"] and p["information"]["deals"] for p in got["plays"])
    assert got["plays"][8]["information"]["deals"] == 0
    assert first["label"] in ("best", "good", "inaccuracy", "mistake", "blunder")
    lens = got["information"]
    assert lens["points"] == 25 and lens["seed"] == 3
    assert set(lens["by_seat"]) == {"N", "E", "S", "W"} and set(lens["by_side"]) == {"NS", "EW"}
    table = cli("review", "--record", path, "--information", "--seed", "3")
    assert table.code == 0, table.err
    assert "the two lenses by seat" in table.out and "accuracy" in table.out
    assert "labels by the information cost in a deal of 25 points" in table.out
    plain = cli("review", "--record", path, "--json").json()
    assert "information" not in plain and "label" not in plain["plays"][0]


def test_a_file_of_several_records_is_pooled(cli, tmp_path):
    path = _club(tmp_path, hands=2)
    run = cli("review", "--record", path, "--seed", "1", "--json")
    assert run.code == 0, run.err
    got = run.json()
    assert [h["event"] for h in got["hands"]] == ["Club night, board 7", "Club night, board 8"]
    assert set(got["by_player"]) == {"Ann", "Bo <b>", "Cy", "Di"}
    assert set(got["by_role"]) == {"bidder", "partner", "defender"}
    # the same hand twice (each drawing its own deals): the cards add up, and the accuracy is
    # the mean over every choice of both
    each = [r["information"]["by_seat"]["N"] for r in got["reviews"]]
    pooled = got["by_seat"]["N"]
    assert pooled["cards"] == sum(e["cards"] for e in each) == 6
    assert pooled["accuracy"] == pytest.approx(
        sum(e["accuracy"] * e["choices"] for e in each) / sum(e["choices"] for e in each),
        abs=0.01)
    assert got["by_player"]["Ann"] == pooled
    assert got["first_lead"]["cards"] == 0  # (these records begin after some tricks)
    table = cli("review", "--record", path, "--seed", "1")
    assert table.code == 0 and "by player" in table.out
    assert "first leads" not in table.out  # (none: every hand began after some tricks)


def test_a_folder_of_records(cli, tmp_path):
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a.pgr").write_text(CLUB, encoding="utf-8")
    (folder / "b.pgr").write_text(CLUB.replace("board 7", "board 9"), encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    (folder / "zz.bin").write_bytes(bytes(range(256)))  # (not text: passed over)
    (folder / "sub").mkdir()
    run = cli("review", "--record", str(folder), "--seed", "1", "--json")
    assert run.code == 0, run.err
    assert [h["event"] for h in run.json()["hands"]] == ["Club night, board 7",
                                                         "Club night, board 9"]
    empty = tmp_path / "empty"
    empty.mkdir()
    bad = cli("review", "--record", str(empty))
    assert bad.code == 2 and "no game record" in bad.err and bad.err.count("\n") == 1


def test_annotate_writes_both_lenses(cli, tmp_path):
    path = _club(tmp_path)
    out = tmp_path / "annotated.pgr"
    run = cli("review", "--record", path, "--information", "--seed", "3", "--annotate", str(out))
    assert run.code == 0, run.err
    record = read_records(out)[0]
    first = dict(record.notes[0].keys)
    assert first["cost"] == "2" and "info" in first and "label" in first
    assert first["deals"] == "40" and "stderr" in first
    assert any(dict(n.keys).get("deals") == "all" for n in record.notes)
    assert dict(record.tags)["North"] == "Ann"  # (the tags kept)
    many = tmp_path / "many.pgr"
    run = cli("review", "--record", _club(tmp_path, 2), "--seed", "1", "--annotate", str(many))
    assert run.code == 0, run.err
    assert len(read_records(many)) == 2


def test_the_lens_weighs_its_deals_by_a_model(cli, tmp_path):
    """With --model the lens's deals are the model's (the library's answer), and a decision
    with several consistent deals can be judged otherwise than without it."""
    from pinosolve.analysis.review import review

    path = _club(tmp_path)
    run = cli("review", "--record", path, "--information", "--seed", "3", "--model",
              "rules", "--json")
    assert run.code == 0, run.err
    record = read_records(path)[0]
    library = review(record, information=True, seed=3, model="rules").to_json()
    assert {**run.json(), "seconds": 0} == {**library, "seconds": 0}
    assert run.json()["information"]["model"] == "rules"
    # (the weights move the costs: a model of zero weights draws the same candidates)
    from pinosolve.analysis.model import FEATURES, PlayModel

    flat = PlayModel("flat", (0.0,) * len(FEATURES), (0.0,) * len(FEATURES))
    flat_run = review(record, information=True, seed=3, model=flat).to_json()
    assert [p["information"] for p in run.json()["plays"]] != \
        [p["information"] for p in flat_run["plays"]]


def test_bad_lens_options_are_one_line(cli, tmp_path):
    path = _club(tmp_path)
    for args, match in ((["--samples", "5"], "add --information"),
                        (["--information", "--samples", "0"], "samples"),
                        (["--information", "--thresholds", "0.5,0.1,0.2"], "thresholds"),
                        (["--information", "--thresholds", "a"], "thresholds"),
                        (["--information", "--threads", "65"], "threads"),
                        (["--model", "fitted"], "add --information"),
                        (["--information", "--model", "bogus"], "not a model"),
                        (["--plot", str(tmp_path / "g.png")], None)):
        if match is None:
            continue
        run = cli("review", "--record", path, *args)
        assert run.code == 2 and match in run.err and run.err.count("\n") == 1, (args, run.err)
    plot = cli("review", "--record", _club(tmp_path, 2), "--plot", str(tmp_path / "g.png"))
    assert plot.code == 2 and "one hand" in plot.err


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None and os.environ.get("CI") != "true",
                    reason="no Chromium here (.ci/run installs Debian's)")
def test_the_html_report_opens_in_a_headless_browser(cli, tmp_path):
    assert CHROMIUM is not None, "CI installs Chromium (.ci/run)"
    page = tmp_path / "report.html"
    run = cli("review", "--record", _club(tmp_path), "--information", "--seed", "3", "--html",
              str(page))
    assert run.code == 0, run.err
    text = page.read_text(encoding="utf-8")
    for needle in ("http://", "https://", "<script", "<link", "src="):
        assert needle not in text, needle  # (nothing to fetch: it opens with no network)
    proc = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", f"--user-data-dir={tmp_path / 'profile'}",
         "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    assert "four-hand reviewed: Club night, board 7" in dom
    assert 'class="hands"' in dom and "♠" in dom  # the hand
    assert dom.count("<svg") == 2 and "<polyline" in dom  # the value graph, both lenses
    assert 'class="badge' in dom and "the two lenses by seat" in dom
    shot = tmp_path / "report.png"
    proc = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         f"--user-data-dir={tmp_path / 'profile2'}", f"--screenshot={shot}",
         "--window-size=1000,1400", page.as_uri()], capture_output=True, text=True,
        timeout=120)
    assert proc.returncode == 0 and shot.stat().st_size > 10000, proc.stderr[-2000:]
    pooled = tmp_path / "pooled.html"
    run = cli("review", "--record", _club(tmp_path, 2), "--seed", "1", "--html", str(pooled))
    assert run.code == 0, run.err
    text = pooled.read_text(encoding="utf-8")
    assert "Bo &lt;b&gt;" in text and "Bo <b>" not in text  # (a record's text is escaped)
    assert "hand 2: club.pgr #2, Club night, board 8" in text  # (its file, its number there)
