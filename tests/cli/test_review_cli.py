"""``pinosolve review``: the table and JSON of a small ending, a renege shown with its rule,
bad records in one line (exit 2), a batch going on past a bad line (exit 1), and help that
loads no OR-Tools."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pinosolve

DEAL = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."
RENEGE = "tests/data/review-renege.toml"


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_table_and_json_of_a_small_ending(cli, tmp_path):
    path = _write(tmp_path, "r.json", json.dumps(
        {"variant": "four-hand", "deal": DEAL, "trump": "S", "play": "KS TS QS 9S"}))
    run = cli("review", "--record", path, "--json")
    assert run.code == 0, run.err
    got = run.json()
    want = pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S",
                             "play": "KS TS QS 9S"}).to_json()
    assert got | {"seconds": 0} == want | {"seconds": 0}
    assert got["plays"][0]["cost"] == 2 and got["summary"]["cost_by_seat"]["N"]["cost"] == 2
    table = cli("review", "--record", path)
    assert table.code == 0, table.err
    assert "K♠ -2" in table.out  # N's KS cost 2 against AS
    assert "points taken: NS" in table.out and "cost by seat: N 2 (1 card)" in table.out
    assert "after each trick" in table.out


def test_a_renege_is_shown_with_its_rule(cli):
    run = cli("review", "--record", RENEGE)
    assert run.code == 0, run.err
    assert "K♥ renege" in run.out and "trick.follow_suit" in run.out
    assert "reneges: 1" in run.out and "K♠ -5" in run.out and "no penalty" in run.out
    plays = cli("review", "--record", RENEGE, "--json").json()["plays"]
    assert (plays[1]["is_legal"], plays[1]["rule"], plays[1]["legal_cards"]) == \
        (False, "trick.follow_suit", ["TS"])


def test_the_options_give_the_variant_a_record_leaves_out(cli, tmp_path):
    path = _write(tmp_path, "r.toml", f'deal = "{DEAL}"\ntrump = "S"\nplay = "KS"\n')
    run = cli("review", "--record", path, "--variant", "four-hand", "--json")
    assert run.code == 0, run.err
    assert run.json()["variant"] == "four-hand"


def test_bad_records_are_one_line_and_exit_2(cli, tmp_path):
    cases = {
        "not held": {"variant": "four-hand", "deal": DEAL, "trump": "S", "play": "TS"},
        "size": {"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q..",
                 "trump": "S", "play": ""},
        "after the last": {"variant": "four-hand", "deal": "N:A... T... Q... 9...",
                           "trump": "S", "play": "AS TS QS 9S AS"},
        "unknown key": {"variant": "four-hand", "deal": DEAL, "trump": "S", "plays": ""},
    }
    for name, record in cases.items():
        run = cli("review", "--record", _write(tmp_path, "bad.json", json.dumps(record)))
        assert run.code == 2 and run.out == "", name
        assert run.err.startswith("pinosolve: error:") and run.err.count("\n") == 1, name
    missing = cli("review", "--record", str(tmp_path / "nope.toml"))
    assert missing.code == 2 and "not found" in missing.err


def test_a_batch_goes_on_past_a_bad_line(cli):
    lines = [{"deal": DEAL, "trump": "S", "play": "KS TS QS 9S"},
             {"deal": DEAL, "trump": "S", "play": "TS"},
             {"record": RENEGE}]
    run = cli("review", "--variant", "four-hand", "--input", "-",
              stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    assert run.code == 1
    out = run.lines()
    assert out[0]["plays"][0]["cost"] == 2
    assert out[1]["line"] == 2 and "TS" in out[1]["error"]
    assert out[2]["summary"]["reneges"] == 1


def test_help_loads_no_ortools():
    code = ("import sys\nfrom pinosolve.cli import main\n"
            "assert main(['review', '--help']) == 0\n"
            "assert 'ortools' not in sys.modules, 'ortools'\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "--record" in proc.stdout and "--timeout" in proc.stdout


def test_plot_draws_the_value_graph_as_png_and_svg(cli, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "graph.png"
    run = cli("review", "--record", RENEGE, "--plot", str(png))
    assert run.code == 0, run.err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"value graph: {png}" in run.out
    svg = tmp_path / "graph.svg"
    run = cli("review", "--record", RENEGE, "--plot", str(svg), "--json")
    assert run.code == 0, run.err
    assert run.json()["summary"]["reneges"] == 1  # stdout is the JSON alone
    assert f"value graph: {svg}" in run.err
    text = svg.read_text(encoding="utf-8")
    # the costly card and the renege are marked with seat, card and cost
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert "N K♠ -5" in text and "E K♥ renege" in text and "NS" in text
    # every kind of mark has its legend entry, and the title names the trump as tables do
    assert "a costly card of NS" in text and "a renege" in text and "trump ♠" in text
    pdf = tmp_path / "graph.pdf"
    assert cli("review", "--record", RENEGE, "--plot", str(pdf)).code == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_plot_from_python_takes_a_review_or_its_json(tmp_path):
    pytest.importorskip("matplotlib")
    from pinosolve.analysis.plot import plot_review

    r = pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S",
                          "play": "KS TS QS 9S KH"})
    assert plot_review(r, tmp_path / "a.svg").stat().st_size > 0
    assert plot_review(r.to_json(), str(tmp_path / "b.png")).stat().st_size > 0


@pytest.mark.parametrize("seats, tricks", [(4, 12), (5, 16), (4, 20)])
def test_the_graph_labels_do_not_overprint(tmp_path, seats, tricks):
    """Every card of every trick costly, as in a crowded five-hand or double-deck review: no
    two labels' boxes overlap as drawn (their extents from the renderer)."""
    pytest.importorskip("matplotlib")
    import random

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pinosolve.analysis import plot

    rng = random.Random(seats * 100 + tricks)
    names = "NESWX"[:seats]
    plays = [{"seat": names[k], "card": rng.choice(["TS", "KH", "QD", "AC", "9S"]),
              "trick": t, "is_legal": rng.random() > 0.1, "cost": rng.randint(1, 30)}
             for t in range(1, tricks + 1) for k in range(seats)]
    standings = [{"tricks": t, "trick_points": 2 * t, "value": 40, "bounds": [40, 40]}
                 for t in range(tricks + 1)]
    data = {"variant": "test", "trump": "S", "leader": "N", "plays": plays,
            "summary": {"side": "NS", "seats": ["N", "S"], "values_by_trick": standings}}
    seen = []
    close = plt.close
    plt.close = lambda fig: seen.append(fig)  # keep the figure to measure it
    try:
        plot._draw(plt, data, tmp_path / "g.png")
    finally:
        plt.close = close
    fig = seen[0]
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in fig.axes[0].texts]
    assert len(boxes) == len(plays)
    overlaps = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.overlaps(b)]
    assert not overlaps, f"{len(overlaps)} labels overprint"
    plt.close(fig)


def test_plot_refuses_bad_files_and_batches_before_searching(cli, tmp_path):
    cases = [("--plot", str(tmp_path / "g.jpg")),
             ("--plot", str(tmp_path / "no-such-folder" / "g.png")),
             ("--plot", str(tmp_path)),
             ("--plot", str(tmp_path / "g.png"), "--input", "-")]
    for args in cases:
        run = cli("review", "--record", RENEGE, *args)
        assert run.code == 2 and run.out == "", args
        assert run.err.startswith("pinosolve: error:") and run.err.count("\n") == 1, args
    assert not (tmp_path / "g.png").exists()


def test_plot_without_matplotlib_says_how_to_install_it(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    run = cli("review", "--record", RENEGE, "--plot", str(tmp_path / "g.png"))
    assert run.code == 2 and run.out == ""
    assert "pip install 'pinosolve[plot]'" in run.err and run.err.count("\n") == 1


def test_timeout_per_position_shows_bounds(cli, tmp_path):
    from pinosolve import load_variant

    v = load_variant("double-deck")
    path = _write(tmp_path, "dd.json", json.dumps(
        {"variant": "double-deck", "deal": str(v.random_deal(2)), "trump": "C",
         "play": ""}))
    run = cli("review", "--record", path, "--timeout", "0.05")
    assert run.code == 0, run.err
    assert "per position" in run.out and "0: " in run.out and ".." in run.out
    got = cli("review", "--record", path, "--timeout", "0.05", "--json").json()
    assert got["exact"] is False and got["timeout"] == 0.05
    lo, hi = got["summary"]["values_by_trick"][0]["bounds"]
    assert got["summary"]["values_by_trick"][0]["value"] is None and lo < hi


def test_hostile_records_and_options_are_one_line_and_exit_2(cli, tmp_path):
    """Found by a probe of the command: each is one line and exit 2, before any search."""
    base = f'variant = "four-hand"\ndeal = "{DEAL}"\ntrump = "S"\nplay = "KS"\n'
    cases = {
        "5000-digit bid": base + 'bidder = "N"\nmeld = 1\nbid = ' + "9" * 5000 + "\n",
        "negative bid": base + 'bidder = "N"\nmeld = 1\nbid = -5\n',
        "huge meld": base + 'bidder = "N"\nbid = 20\nmeld = 10000000000000000000\n',
        "partner in fixed sides": base + 'partner = "S"\n',
        "a partner that is no seat": base + 'partner = "ZZ"\n',
        "a huge trump": base.replace('trump = "S"', 'trump = "' + "x" * 100000 + '"'),
        "a huge variant": base.replace('"four-hand"', '"' + "x" * 100000 + '"'),
        "meld cards in a variant with no auction": base.replace("four-hand", "two-hand-57")
        .replace(DEAL, "N:AK.A.. T.K.A.") + 'bidder = "N"\nbid = 20\nmeld = 1\n',
    }
    for name, text in cases.items():
        run = cli("review", "--record", _write(tmp_path, "bad.toml", text))
        assert run.code == 2 and run.out == "", (name, run.out)
        assert run.err.startswith("pinosolve: error:") and run.err.count("\n") == 1, name
        assert len(run.err) < 400, name
    good = _write(tmp_path, "good.toml", base)
    for args in (["--variant", "nonsense"], ["--variant", "four-hand-classic"],
                 ["--rules", "/dev/zero"], ["--input", "-"],
                 ["--plot", str(tmp_path / ("a" * 300 + ".png"))],
                 ["--plot", str(tmp_path / "x.png") + "/"]):
        run = cli("review", "--record", good, *args)
        assert run.code == 2 and run.err.count("\n") == 1, args
    assert cli("review", "--record", good, "--variant", "four-hand").code == 0


def test_declarer_is_the_bidder_in_fixed_sides(cli, tmp_path):
    base = (f'variant = "four-hand"\ndeal = "{DEAL}"\ntrump = "S"\nplay = "KS"\n'
            'bid = 25\nmeld = 10\n')
    by_declarer = cli("review", "--record", _write(tmp_path, "d.toml", base + 'declarer = "N"\n'),
                      "--json")
    by_bidder = cli("review", "--record", _write(tmp_path, "b.toml", base + 'bidder = "N"\n'),
                    "--json")
    assert by_declarer.code == by_bidder.code == 0, by_declarer.err
    assert by_declarer.json() | {"seconds": 0} == by_bidder.json() | {"seconds": 0}


def test_a_batch_line_never_reads_its_record_from_stdin(cli):
    run = cli("review", "--input", "-",
              stdin=json.dumps({"record": "-"}) + "\n" + json.dumps({"record": RENEGE}) + "\n")
    assert run.code == 1
    out = run.lines()
    assert "stdin" in out[0]["error"] and out[1]["summary"]["reneges"] == 1


def test_a_renege_rule_folds_in_a_narrow_table_rather_than_being_cut(monkeypatch):
    """On a narrow terminal the renege's rule wraps in its cell: every letter is there."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "60"}
    run = subprocess.run([sys.executable, "-m", "pinosolve", "review", RENEGE],
                         capture_output=True, text=True, env=env, check=True)
    cells = "".join(line.replace("│", "").replace(" ", "") for line in run.stdout.splitlines())
    assert "[trick.follow_suit]" in cells and "…" not in run.stdout


def test_review_shows_its_progress_when_asked_and_never_with_quiet(cli):
    run = cli("review", "--record", RENEGE, "--progress")
    assert run.code == 0 and "cards reviewed" in run.err and "6/6" in run.err, run.err
    run = cli("review", "--record", RENEGE, "--quiet", "--json")
    assert run.code == 0 and run.err == "" and run.json()["summary"]["reneges"] == 1
    seen = []
    pinosolve.review({"variant": "four-hand", "deal": DEAL, "trump": "S",
                      "play": "KS TS QS 9S KH"}, on_card=lambda done, total: seen.append(
                          (done, total)))
    assert seen == [(k, 5) for k in range(1, 6)]
