"""``pinosolve advise``: play advice and (--bidding) bid advice from the command line: the
library's answer as JSON, tables for people, progress, the plot, bad views in one line
(exit 2), a batch going on past a bad line, and the same answer whatever --jobs."""

from __future__ import annotations

import json

import pytest

from pinosolve.analysis.advice import advise
from pinosolve.analysis.bid_advice import advise_bid
from tests.generators import GONE

ENDING = ["--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand", "QS 9S KD",
          "--leader", "N", "--play", "AS KH", "--gone", GONE]
VIEW = {"variant": "four-hand", "trump": "S", "seat": "S", "hand": "QS 9S KD",
        "leader": "N", "play": "AS KH", "gone": GONE}
OPENING = ["--variant", "four-hand", "--trump", "H", "--seat", "N", "--hand",
           "AS TS KH QH JH 9H AD QD JC 9C 9C KS"]
STRONG = ["--variant", "four-hand", "--seat", "N", "--hand",
          "AS AS TS KS QS JS 9S AH KH QD JC 9C"]


def test_play_advice_is_the_librarys(cli):
    run = cli("advise", *ENDING, "--exact", "--json")
    assert run.code == 0, run.err
    assert run.json() == advise(VIEW, exact=True).to_json()
    got = run.json()
    assert got["exact"] and got["bounded"] == 0 and "strategy fusion" in got["caveat"]
    assert sorted(a["rank"] for a in got["by_card"].values()) == \
        list(range(1, len(got["by_card"]) + 1))
    table = cli("advise", *ENDING, "--exact")
    assert table.code == 0 and "every consistent deal" in table.out and "method:" in table.out


def test_every_sampled_answer_prints_its_seed(cli):
    """A fresh seed is named in the text, so the same deals can be drawn again; an exact
    answer has none."""
    import re

    for args in (["advise", *OPENING, "--samples", "2"],
                 ["advise", "--bidding", *STRONG, "--trump", "S", "--samples", "2"]):
        run = cli(*args)
        seed = re.search(r"seed (\d+) \(--seed \1 draws the same deals again\)", run.out)
        assert run.code == 0 and seed, run.out
        again = cli(*args, "--seed", seed.group(1), "--json")
        assert again.json()["seed"] == int(seed.group(1))
    assert "seed" not in cli("advise", *ENDING, "--exact").out


def test_sampled_advice_is_the_same_whatever_the_threads(cli):
    args = ("advise", *OPENING, "--samples", "6", "--seed", "3", "--json")
    one, two = cli(*args, "--threads", "1"), cli(*args, "--threads", "2")
    assert one.code == 0 and two.code == 0, (one.err, two.err)
    assert one.json() == two.json() and one.json()["samples"] == 6 and one.json()["seed"] == 3


def test_a_contract_gives_each_cards_chance(cli):
    run = cli("advise", *ENDING, "--exact", "--bidder", "N", "--bid", "25", "--meld", "20",
              "--json")
    assert run.code == 0, run.err
    assert all(0 <= a["p_make"] <= 1 for a in run.json()["by_card"].values())
    assert "p(make)" in cli("advise", *ENDING, "--exact", "--bidder", "N", "--bid", "25",
                            "--meld", "20").out


def test_a_deal_out_of_time_gives_intervals(cli):
    run = cli("advise", *OPENING, "--samples", "2", "--seed", "1", "--timeout", "0.000001",
              "--json")
    assert run.code == 0, run.err
    got = run.json()
    assert got["bounded"] == 2
    for a in got["by_card"].values():
        assert a["mean"] is None and a["mean_bounds"][0] <= a["mean_bounds"][1]
    assert "ran out of time" in cli("advise", *OPENING, "--samples", "2", "--seed", "1",
                                    "--timeout", "0.000001").out


def test_progress_goes_to_stderr(cli):
    run = cli("advise", *ENDING, "--exact", "--progress", "--json")
    assert run.code == 0 and "deals solved" in run.err
    json.loads(run.out)  # stdout keeps the answer alone


def test_bid_advice_is_the_librarys_with_its_plot(cli, tmp_path):
    pytest.importorskip("matplotlib")
    where = tmp_path / "bids.png"
    run = cli("advise", "--bidding", *STRONG, "--samples", "2", "--seed", "5", "--trump", "S",
              "--json", "--plot", str(where))
    assert run.code == 0, run.err
    want = advise_bid("four-hand", "N", "AS AS TS KS QS JS 9S AH KH QD JC 9C", samples=2,
                      seed=5, trumps=["S"]).to_json()
    assert run.json() == want
    assert where.read_bytes()[:4] == b"\x89PNG"
    table = cli("advise", "--bidding", *STRONG, "--samples", "2", "--seed", "5", "--trump", "S")
    assert table.code == 0 and "advice:" in table.out and "highest bid" in table.out


@pytest.mark.parametrize("args, message", [
    (["--variant", "nope"], "variant"),
    (["--hand", "QS 9S ZZ"], "ZZ"),
    (["--seat", "N", "--hand", "AS JD 9D"], "to move"),
    (["--hand", "QS QS QS"], "QS"),
    (["--bid", "25"], "together"),
    (["--bid", "7", "--meld", "3"], "bid 7"),
    (["--samples", "0"], "samples"),
    (["--seed", "-1"], "seed"),
    (["--timeout", "-1"], "timeout"),
    (["--jobs", "-1"], "jobs"),
    (["--jobs", "65"], "jobs"),
    (["--threads", "-1"], "threads"),
    (["--threads", "65"], "threads"),
    (["--auction", "25"], "--bidding"),
    (["--plot", "x.png"], "--bidding"),
    (["--gone", "", "--hand", "AS TS KH QH JH 9H AD QD JC 9C 9C KS", "--play", "", "--leader", "S",
      "--exact"], "consistent deals"),
])
def test_bad_play_requests_are_one_line_and_exit_2(cli, args, message):
    argv = dict(zip(ENDING[::2], ENDING[1::2]))
    flags = [a for a in args if a == "--exact"]
    pairs = [a for a in args if a != "--exact"]
    argv.update(zip(pairs[::2], pairs[1::2]))
    if not flags:
        argv.setdefault("--samples", "1")
    run = cli("advise", *[x for kv in argv.items() for x in kv], *flags)
    assert run.code == 2 and run.out == "", (args, run.out)
    assert run.err.startswith("pinosolve: error:") and run.err.count("\n") == 1, run.err
    assert message in run.err, run.err


@pytest.mark.parametrize("args, message", [
    (["--variant", "two-hand", "--seat", "N", "--hand", "AS"], "no auction"),
    ([*STRONG[:4], "--hand", "AS KS"], "hand_size"),
    ([*STRONG, "--play", "AS"], "not an option of --bidding"),
    ([*STRONG, "--confidence", "2"], "confidence"),
    ([*STRONG, "--auction", "25"], "E's call"),
    ([*STRONG, "--auction", "25 pass pass pass"], "over"),
    ([*STRONG, "--plot", "bids.txt"], ".png, .svg or .pdf"),
    ([*STRONG, "--dealer", "X"], "dealer"),
    (["--variant", "four-hand", "--seat", "N"], "--hand"),
])
def test_bad_bid_requests_are_one_line_and_exit_2(cli, args, message):
    run = cli("advise", "--bidding", *args, "--samples", "1")
    assert run.code == 2 and run.out == "", (args, run.out)
    assert run.err.startswith("pinosolve: error:") and run.err.count("\n") == 1, run.err
    assert message in run.err, run.err


def test_a_batch_goes_on_past_a_bad_line(cli):
    lines = [{**{k: v for k, v in VIEW.items() if k != "variant"}, "exact": True},
             {"seat": "N", "hand": "AS"},
             "not an object",
             {"bidding": True, "seat": "N", "hand": "AS AS TS KS QS JS 9S AH KH QD JC 9C",
              "trump": "S", "samples": 1, "seed": 2},
             {"bidding": True, "seat": "N", "hand": "AS", "samples": "many"}]
    stdin = "".join(json.dumps(x) + "\n" for x in lines) + "{" * 100000 + "\n"
    run = cli("advise", "--variant", "four-hand", "--input", "-", stdin=stdin)
    assert run.code == 1
    answers = run.lines()
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 5, 6]
    assert "error" not in answers[0] and answers[0]["exact"]
    assert "error" not in answers[3] and answers[3]["per_trump"][0]["trump"] == "S"
    assert all("error" in answers[k] for k in (1, 2, 4, 5))


def test_what_a_hostile_probe_found(cli, tmp_path):
    """An independent probe of the command found these; each is one line and exit 2 now,
    or a right answer."""
    def refused(*args, says):
        run = cli(*args)
        assert run.code == 2 and run.out == "", (args, run.out)
        assert run.err.count("\n") == 1 and says in run.err, (args, run.err)

    everything = [str(c) for c in __import__("pinosolve").load_variant("four-hand").deck]
    for card in ("AS", "KH", "QS", "AD"):
        everything.remove(card)
    refused("advise", "--variant", "four-hand", "--trump", "S", "--seat", "N", "--hand", "AS",
            "--leader", "N", "--play", "AS KH QS AD", "--gone", " ".join(everything),
            "--samples", "2", says="the deal is over")
    refused("advise", *ENDING, "--exact", "--samples", "5", says="not used with exact")
    refused("advise", *ENDING, "--plot", "x.png", says="give --bidding")
    refused("advise", "--bidding", *STRONG, "--plot", "/proc/x.png", "--samples", "1",
            says="plot")
    refused("advise", "--bidding", "--variant", "four-hand", "--seat", "N", "--hand",
            "AS AS TS KS QS JS 9S AH KH QD JC 9C 9C", says="deals 12")
    refused("infer", "--variant", "three-hand-kitty", "--trump", "S", "--seat", "N",
            "--bidder", "E", "--hand", "AS AS TS TS KS KS QS QS JS JS 9S AH AH TH TH",
            "--kitty", "KH QH JH 9H", says="[deal.kitty]")
    refused("infer", "--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
            "QS 9S KD AH AH TH TH KH KH QH JH 9H", "--passed", "AH AH TH TH KH AD AD TD TD",
            says="[passing.cards]")
    # the dotted hand form works in every view, as in meld
    dotted = cli("advise", "--bidding", "--variant", "four-hand", "--seat", "N", "--hand",
                 "AATKQJ9.AK.Q.J9", "--trump", "S", "--samples", "1", "--seed", "2", "--json")
    listed = cli("advise", "--bidding", *STRONG, "--trump", "S", "--samples", "1", "--seed",
                 "2", "--json")
    assert dotted.code == 0 and dotted.json() == listed.json()
    # a seed not given is drawn, and named so that the answer can be had again
    drawn = cli("advise", *OPENING, "--samples", "1", "--json").json()["seed"]
    again = cli("advise", *OPENING, "--samples", "1", "--json", "--seed", str(drawn))
    assert again.json()["seed"] == drawn
    # every deal out of time: the levels are undecided, not "pass"
    rushed = cli("advise", "--bidding", *STRONG, "--trump", "S", "--samples", "2", "--seed",
                 "1", "--timeout", "0.000001")
    assert rushed.code == 0 and "undecided" in rushed.out and "pass (" not in rushed.out


def test_a_batch_line_with_a_huge_number_first_is_that_lines_error(cli):
    for command in ("advise", "makeable"):
        stdin = '{"samples": ' + "9" * 5001 + "}\n" + json.dumps(
            {**{k: v for k, v in VIEW.items() if k != "variant"}, "exact": True}) + "\n"
        run = cli(command, "--variant", "four-hand", "--input", "-", stdin=stdin)
        assert run.code == 1, run.err
        assert "error" in run.lines()[0], command


def test_makeable_verdict_only_in_a_batch_is_true_or_false(cli):
    from tests.generators import FULL_DEAL as DEAL

    line = {"deal": DEAL, "trump": "S", "bidder": "N", "bid": 30, "verdict_only": "false"}
    run = cli("makeable", "--variant", "four-hand", "--input", "-",
              stdin=json.dumps(line) + "\n")
    assert run.code == 1 and "true or false" in run.lines()[0]["error"]


def test_bid_levels_and_the_highest_bid_on_huge_meld_values(cli, tmp_path):
    """A house rule of huge meld values and a sparse bid step: the levels go from one open
    bid to the next (no walk over every number), and the highest bid is found over every
    level, not only the first 200 reported."""
    sparse = tmp_path / "sparse.toml"
    sparse.write_text('extends = "four-hand"\n[meld.kinds.dix]\nvalues = [1000000000, '
                      '1000000000]\n[bidding]\nminimum = 100000000\nstep = 100000000\n')
    run = cli("advise", "--bidding", "--rules", str(sparse), *STRONG[2:], "--trump", "S",
              "--samples", "1", "--seed", "3", "--json")
    assert run.code == 0, run.err
    got = run.json()
    assert got["highest_bid"] == 1000000000 and \
        [lv["bid"] for lv in got["per_trump"][0]["levels"]] == [k * 10**8 for k in range(1, 11)]
    dense = tmp_path / "dense.toml"
    dense.write_text('extends = "four-hand"\n[meld.kinds.dix]\nvalues = [1000000000, '
                     '1000000000]\n')
    run = cli("advise", "--bidding", "--rules", str(dense), *STRONG[2:], "--trump", "S",
              "--samples", "1", "--seed", "3", "--json")
    got = run.json()
    assert len(got["per_trump"][0]["levels"]) == 200 and got["highest_bid"] > 10**9


@pytest.mark.parametrize("command", ["advise", "infer", "solve", "meld", "review", "pass"])
def test_a_batch_line_takes_no_key_of_the_command_line_alone(cli, command):
    """--plot, --input, --jobs and --json say how the command runs, not what it analyses: a
    batch line that gives one is refused by name, and the batch goes on."""
    for key in ("plot", "input_source", "jobs", "json_out", "hand_arg", "rules_path"):
        run = cli(command, "--variant", "four-hand", "--input", "-",
                  stdin=json.dumps({key: "x"}) + "\n")
        error = run.lines()[0]["error"]
        assert key in error and "unknown" in error, (command, key, error)


def test_long_work_shows_progress_where_a_person_watches(cli, monkeypatch):
    """advise and study show their bar by default where stderr is a terminal, not on a pipe
    nor for a batch line; --progress and --quiet say so either way."""
    import io

    from pinosolve.cli import output

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(output.sys, "stderr", Terminal())
    assert output.progress_wanted(None) is True
    assert output.progress_wanted(False) is False
    token = output.batch_line.set(3)
    assert output.progress_wanted(None) is False
    output.batch_line.reset(token)
    monkeypatch.setattr(output.sys, "stderr", io.StringIO())
    assert output.progress_wanted(None) is False and output.progress_wanted(True) is True
    run = cli("advise", *OPENING, "--samples", "2", "--seed", "1", "--quiet")
    assert run.code == 0 and "deals solved" not in run.err
    run = cli("advise", *OPENING, "--samples", "2", "--seed", "1", "--progress")
    assert run.code == 0 and "deals solved" in run.err
    run = cli("study", "--variant", "four-hand", "--deals", "2", "--seed", "1", "--trump", "S",
              "--quiet")
    assert run.code == 0, run.err


MID = ["--variant", "four-hand", "--trump", "S", "--seat", "N", "--hand",
       "AS AS TS KS QS JS AH TH KH AD TD AC", "--leader", "N", "--play",
       "AH 9H QH JH AD 9D KD QD"]


def test_a_model_of_the_players_is_the_librarys_and_named(cli):
    run = cli("advise", *MID, "--samples", "6", "--seed", "4", "--model", "fitted", "--json")
    assert run.code == 0, run.err
    got = run.json()
    view = {"variant": "four-hand", "trump": "S", "seat": "N",
            "hand": "AS AS TS KS QS JS AH TH KH AD TD AC", "leader": "N",
            "play": "AH 9H QH JH AD 9D KD QD"}
    assert got == advise(view, samples=6, seed=4, model="fitted").to_json()
    assert got["model"] == "fitted" and 1 <= got["effective"] <= 48
    assert "model" not in cli("advise", *MID, "--samples", "6", "--seed", "4",
                              "--json").json()
    table = cli("advise", *MID, "--samples", "6", "--seed", "4", "--model", "rules")
    assert table.code == 0 and "model rules" in table.out


@pytest.mark.parametrize("args, words", [
    (["--model", "bogus"], "not a model"),
    (["--model", ""], "not a model"),
    (["--bidding", "--model", "fitted"], "--bidding"),
])
def test_a_bad_model_is_one_line(cli, args, words):
    base = STRONG if "--bidding" in args else MID
    run = cli("advise", *base, *args)
    assert run.code == 2 and words in run.err and len(run.err.strip().splitlines()) == 1


def test_a_search_beyond_pimc_is_the_librarys_and_named(cli):
    for method in ("epimc", "presumed"):
        run = cli("advise", *ENDING, "--exact", "--method", method, "--json")
        assert run.code == 0, run.err
        got = run.json()
        assert got == advise(VIEW, exact=True, method=method).to_json()
        assert got["method"] == method and got["depth"] == 1
    run = cli("advise", *ENDING, "--exact", "--method", "alphamu", "--depth", "2", "--bid",
              "250", "--meld", "200", "--json")
    assert run.code == 0, run.err
    got = run.json()
    assert got["method"] == "alphamu" and got["depth"] == 2
    assert all(0 <= a["p_make"] <= 1 for a in got["by_card"].values())
    plain = cli("advise", *ENDING, "--exact", "--json").json()
    assert "method" not in plain and "depth" not in plain
    table = cli("advise", *ENDING, "--exact", "--method", "epimc")
    assert table.code == 0 and "EPIMC" in table.out


@pytest.mark.parametrize("args, words", [
    (["--method", "ismcts"], "method must be one of"),
    (["--method", "epimc", "--depth", "9"], "depth must be from 1 to 3"),
    (["--depth", "2"], "PIMC searches no tree"),
    (["--method", "alphamu"], "give bid and meld"),
])
def test_a_bad_method_is_one_line(cli, args, words):
    run = cli("advise", *ENDING, "--exact", *args)
    assert run.code == 2 and words in run.err and len(run.err.strip().splitlines()) == 1
