"""How ``pinosolve review`` shows a review: the card that should have been played, by both
lenses, in the table, the biggest losses and the HTML report; tables that fit an 80-column
terminal with no word broken (a row a card where a row a trick does not fit); never a negative
zero; the time it took, named and rounded; and the HTML report's links to each trick and its
hands named by their files."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from pinosolve.analysis.report import html_report, loss, loss_bounds, number
from tests.cli.test_review_lenses_cli import CLUB, _club

DEAL = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."
# a five-hand ending (three tricks, a called partner): five seats in 80 columns
FIVE = {"variant": "five-hand-call", "deal": "1:...TKQ TJ..Q. J..AK. KK..J. Q..T.T",
        "trump": "H", "leader": "2", "bidder": "1", "partner": "3",
        "play": "QD KD JD TD TC TC KC TS AD KS QS QC JS JS KS"}
# "-0", "-0.0", "−0", "-0..": a negative zero, but not "-0.41"
NEGATIVE_ZERO = re.compile(r"[-−]0(?:\.0+)?(?:(?![\d.])|(?=\.\.))")
BOX = re.compile(r"[│┃┏┓┗┛┡┩└┘┳┻╇╈┣┫━─┼╋┯┷]")


def _write(tmp_path, name: str, data: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_better_card_is_named_ties_and_all(cli, tmp_path):
    path = _write(tmp_path, "r.json", {"variant": "four-hand", "deal": DEAL, "trump": "S",
                                       "play": "KS TS QS 9S"})
    got = cli("review", "--record", path, "--json").json()
    assert got["plays"][0]["better"] == ["AS", "AH"]  # (both worth 10 against the K♠'s 8)
    assert all("better" not in p for p in got["plays"][1:])  # (no point lost: none)
    table = cli("review", "--record", path)
    assert "K♠ -2 →A♠ or A♥" in table.out
    lens = cli("review", "--record", path, "--information", "--seed", "1", "--json").json()
    first = lens["plays"][0]
    better = first["information"]["better"]
    means = first["information"]["means"]
    assert set(better) == {c for c, m in means.items() if m == max(means.values())}
    moment = lens["information"]["by_seat"]["N"]["biggest"][0]
    assert (moment["better"], moment["dd_better"]) == (better, ["AS", "AH"])
    text = cli("review", "--record", path, "--information", "--seed", "1").out
    symbols = " or ".join({"AS": "A♠", "AH": "A♥"}[c] for c in better)
    assert f"{symbols} best; double dummy -2, A♠ or A♥ best)" in text
    page = tmp_path / "r.html"
    assert cli("review", "--record", path, "--information", "--seed", "1", "--html",
               str(page)).code == 0
    assert page.read_text().count("→") >= 3  # the table's two lenses and the losses


def test_a_renege_names_the_legal_card_that_should_have_been_played(cli, tmp_path):
    run = cli("review", "--record", "tests/data/review-renege.toml", "--information", "--seed", "2")
    assert run.code == 0, run.err
    assert "K♥ renege" in run.out and "[trick.follow_suit]" in run.out
    assert "→10♠" in run.out  # (E held the 10♠: following suit was the legal card)
    got = cli("review", "--record", "tests/data/review-renege.toml", "--json").json()
    assert got["plays"][1]["better"] == ["TS"]
    assert "K♥ in trick 1, a renege (10♠ was legal and best)" in run.out


def test_a_forced_cards_json_has_no_mean_over_no_deal(cli, tmp_path):
    run = cli("review", "--record", _club(tmp_path), "--information", "--seed", "3", "--json")
    forced = [p for p in run.json()["plays"] if len(p["values"]) == 1]
    assert forced
    for p in forced:
        assert p["information"] == {"cost": 0.0, "stderr": 0.0, "best": p["card"],
                                    "deals": 0, "exact": True}


def _tokens(text: str) -> set[str]:
    return set(BOX.sub(" ", text).split())


def test_the_tables_fit_80_columns_with_no_word_broken(cli, tmp_path, monkeypatch):
    club = _club(tmp_path)
    five = _write(tmp_path, "five.json", FIVE)
    for args in ([club, "--information", "--seed", "3"],
                 [five, "--information", "--seed", "1"],
                 [_club(tmp_path, 2), "--seed", "1"]):
        narrow = cli("review", *args)
        assert narrow.code == 0, narrow.err
        tables = [line for line in narrow.out.splitlines() if BOX.search(line)]
        assert max(cell_len(line) for line in tables) <= 80, args
        wide = _wide(cli, monkeypatch, args)
        assert _tokens("\n".join(tables)) <= _tokens(wide), (args, _tokens(
            "\n".join(tables)) - _tokens(wide))
        assert "inaccuracy" not in wide or re.search(r"\binaccuracy\b", narrow.out)
    # too narrow for a row a trick: a row a card, still no word broken
    narrow = _at(cli, monkeypatch, [five, "--information", "--seed", "1"], 60)
    play = narrow.split("\n-N →C")[0]  # (the table of the play)
    tables = [line for line in play.splitlines() if BOX.search(line)]
    assert max(cell_len(line) for line in tables) <= 60
    assert "information lens" in narrow and "seat" in narrow
    assert _tokens("\n".join(tables)) <= _tokens(
        _wide(cli, monkeypatch, [five, "--information", "--seed", "1"]))


def _at(cli, monkeypatch, args: list[str], columns: int) -> str:
    """The review's text at ``columns`` columns (the cli fixture sets 80)."""
    import pinosolve.cli.review as module
    from pinosolve.cli.output import console

    def sized():
        out = console()
        out.width = columns
        return out

    monkeypatch.setattr(module, "console", sized)
    run = cli("review", *args)
    monkeypatch.undo()
    assert run.code == 0, run.err
    return run.out


def _wide(cli, monkeypatch, args: list[str]) -> str:
    return _at(cli, monkeypatch, args, 400)


def test_the_console_is_as_wide_as_columns_says(monkeypatch):
    from pinosolve.cli.output import console

    monkeypatch.setenv("COLUMNS", "80")
    assert console().width == 80


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.text("abc♠♥→-.,±0123456789", min_size=1, max_size=12),
                         min_size=1, max_size=6), min_size=1, max_size=6),
       st.integers(20, 120))
def test_a_fitted_table_never_breaks_a_unit(columns, width):
    """Any cells at any width: each line within the width and each unit whole on one line,
    or no fitted table (then the caller lays it out otherwise)."""
    from rich.console import Console

    from pinosolve.cli.review import fitted_table

    rows = [[[units] for units in columns]] * 2
    headers = [(f"h{k}", "left") for k in range(len(columns))]
    table = fitted_table(None, headers, rows, width)
    need = sum(max(cell_len(u) for u in [*units, h]) for units, (h, _) in
               zip(columns, headers)) + 3 * len(columns) + 1
    if table is None:
        assert need > width
        return
    out = Console(width=width, record=True, file=open("/dev/null", "w"))
    out.print(table)
    text = out.export_text()
    assert max(cell_len(line) for line in text.splitlines()) <= width
    lines = [BOX.sub("|", line) for line in text.splitlines()]
    for units in columns:
        for u in units:
            assert any(f" {u} " in f" {piece.strip()} " for line in lines
                       for piece in line.split("|")), (u, text)


@given(st.floats(-1e6, 1e6, allow_nan=False), st.integers(0, 4))
def test_no_number_is_a_negative_zero(x, places):
    for text in (number(x, places), number(x, places, sign=True), loss(abs(x), places),
                 loss_bounds(0, abs(x), places), loss_bounds(abs(x) / 3, abs(x), places)):
        assert not NEGATIVE_ZERO.search(text), (x, places, text)


def test_no_negative_zero_anywhere_and_the_time_named(cli, tmp_path):
    """The family: the text, the HTML and the annotated record of reviews whose losses
    round to zero (a double-dummy cost of 0 among the biggest losses, luck near 0)."""
    club = _club(tmp_path)
    five = _write(tmp_path, "five.json", FIVE)
    for args in ([club, "--information", "--seed", "3"], [_club(tmp_path, 2), "--seed", "1"],
                 [five, "--information", "--seed", "1"], ["tests/data/review-renege.toml"]):
        page = tmp_path / "r.html"
        run = cli("review", *args, "--html", str(page))
        assert run.code == 0, run.err
        for text in (run.out, page.read_text()):
            assert not NEGATIVE_ZERO.search(re.sub(r"<[^>]*>", " ", text)), \
                NEGATIVE_ZERO.search(re.sub(r"<[^>]*>", " ", text))
        assert re.search(r"^reviewed in \d+\.\d s$", run.out.splitlines()[-2], re.M), run.out


def test_the_html_links_every_trick_it_names_and_names_each_hands_file(cli, tmp_path):
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "monday.pgr").write_text(CLUB, encoding="utf-8")
    (folder / "tuesday.pgr").write_text(CLUB.replace("board 7", "board 9"), encoding="utf-8")
    (folder / "wednesday.pgr").write_text(CLUB.replace("KS TS QS 9S", "KS KS QS 9S"),
                                          encoding="utf-8")  # (refused: passed over)
    page = tmp_path / "set.html"
    run = cli("review", "--record", str(folder), "--seed", "1", "--html", str(page))
    assert run.code == 0, run.err
    assert "2 hands, 1 passed over" in run.out
    assert re.search(r"^passed over: wednesday\.pgr( #1)?: \S", run.out, re.M), run.out
    assert "monday.pgr" in run.out and "tuesday.pgr" in run.out  # (the file column)
    text = page.read_text()
    assert "<h2>passed over</h2>" in text and "wednesday.pgr" in text
    ids = set(re.findall(r'id="([^"]+)"', text))
    links = re.findall(r'<a href="#([^"]+)">([^<]*)</a>', text)
    named = re.findall(r"\(((?:hand \d+, )?trick \d+)\)", re.sub(r"<[^>]*>", "", text))
    assert links and named and len(named) == len([x for x in links if "trick" in x[0]])
    for target, words in links:
        assert target in ids, target  # (every link leads somewhere in the page)
        found = re.fullmatch(r"hand (\d+), trick (\d+)", words)
        if found:
            assert target == f"hand-{found[1]}-trick-{found[2]}"
    assert {"hand-1", "hand-2", "hand-1-trick-1", "hand-2-trick-3"} <= ids
    # each hand named by its file, in the index and its heading
    assert text.count("monday.pgr, Club night, board 7") == 2
    assert text.count("tuesday.pgr, Club night, board 9") == 2
    single = tmp_path / "one.html"
    assert cli("review", "--record", _club(tmp_path), "--information", "--seed", "3", "--html",
               str(single)).code == 0
    text = single.read_text()
    for target in re.findall(r'<a href="#([^"]+)">', text):
        assert f'id="{target}"' in text and target.startswith("trick-")


def test_a_hand_of_a_set_is_named_by_its_file(tmp_path):
    """Each hand's heading and the index name the file it was read from, where the set
    tells it (``HandLine``'s file)."""
    from dataclasses import dataclass

    from pinosolve.analysis.report import hand_title

    @dataclass
    class Line:
        hand: int
        event: object
        file: object = None
        record: object = None

    assert hand_title(Line(3, "Club night", "/x/monday.pgr", 1)) == \
        "hand 3: monday.pgr, Club night"
    assert hand_title(Line(3, "Club night", "/x/monday.pgr", 2), several=True) == \
        "hand 3: monday.pgr #2, Club night"
    assert hand_title(Line(3, None, "/x/monday.pgr")) == "hand 3: monday.pgr"
    assert hand_title(Line(3, None)) == "hand 3"
    assert callable(html_report)


def test_the_graph_writes_a_loss_as_the_table_does(tmp_path):
    """The value graph's marks name a loss as the table does: -2, and proved bounds as the
    change they made, -3..-1 (not -1..3)."""
    import pytest

    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pinosolve.analysis import plot

    plays = [{"seat": "N", "card": "KS", "trick": 1, "is_legal": True, "cost": 2},
             {"seat": "E", "card": "TH", "trick": 1, "is_legal": True, "cost": None,
              "cost_bounds": [1, 3]}]
    standings = [{"tricks": t, "trick_points": 0, "value": 9, "bounds": [9, 9]}
                 for t in range(2)]
    data = {"variant": "test", "trump": "S", "leader": "N", "plays": plays,
            "summary": {"side": "NS", "seats": ["N", "S"], "values_by_trick": standings}}
    seen = []
    close = plt.close
    plt.close = lambda fig: seen.append(fig)  # keep the figure to read its labels
    try:
        plot._draw(plt, data, tmp_path / "g.png")
    finally:
        plt.close = close
    labels = sorted(t.get_text() for t in seen[0].axes[0].texts)
    plt.close(seen[0])
    assert labels == ["E 10♥ -3..-1", "N K♠ -2"]
