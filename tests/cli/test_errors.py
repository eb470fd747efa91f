"""Bad input never crashes: each case gives exit code 2 and one line on stderr naming it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from fuzz import fuzz_cli

GOOD_FILE = """
extends = "four-hand"
id = "house"
"""

BROKEN_RULES = {
    # name: (file text, a word the message must contain)
    "not-toml": ("id = [unclosed", "not valid TOML"),
    "unknown-key": (GOOD_FILE + "colour = 'red'\n", "colour"),
    "unknown-nested-key": (GOOD_FILE + "[trick]\nheadd = 'always'\n", "trick.headd"),
    "bad-choice": (GOOD_FILE + "[trick]\nhead = 'sometimes'\n", "trick.head"),
    "wrong-type": (GOOD_FILE + "[deal]\nhand_size = 'twelve'\n", "deal.hand_size"),
    "bool-as-int": (GOOD_FILE + "[deck]\ncopies = true\n", "deck.copies"),
    "total-mismatch": (GOOD_FILE + "[points]\ntotal = 26\n", "points.total"),
    "deck-size": (GOOD_FILE + "[deal]\nhand_size = 11\n", "deal.hand_size"),
    "rank-order": (GOOD_FILE + "[trick]\nrank_order = ['A','K','Q','J','9']\n",
                   "trick.rank_order"),
    "points-extra-rank": (GOOD_FILE + "[points]\ncards = {\"8\" = 0}\n", "points.cards"),
    "unknown-extends": ("extends = 'no-such-variant'\n", "no-such-variant"),
    "missing-extends-file": ("extends = './nothing.toml'\n", "nothing.toml"),
    "missing-key": ("id = 'x'\nname = 'x'\ndescription = 'x'\n", "missing key"),
    "bad-meld-pattern": (GOOD_FILE + "[meld.kinds.run]\ncards = 'A@ X@'\n", "meld.kinds.run"),
    "unknown-class": (GOOD_FILE + "[meld.kinds.run]\nclasses = ['Z']\n", "meld.kinds.run"),
    "meld-too-many-copies": (GOOD_FILE + "[meld.kinds.run]\nvalues = [15, 150, 300]\n",
                             "meld.kinds.run.values"),
    "sides-not-partition": (GOOD_FILE + "[players.sides]\nNS = ['N', 'E']\n", "players.sides"),
    "copies-range": (GOOD_FILE + "[deck]\ncopies = 0\n", "deck.copies"),
    "negative-value": (GOOD_FILE + "[meld.kinds.dix]\nvalues = [-1]\n", "meld.kinds.dix"),
}


def _one_line(run, *words):
    assert run.code == 2, (run.code, run.out, run.err)
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("pinosolve: error: ")
    assert "Traceback" not in run.err
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.mark.parametrize("name", sorted(BROKEN_RULES))
def test_broken_rules_file(cli, tmp_path, name):
    text, word = BROKEN_RULES[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    _one_line(cli("show", "AS", "--rules", str(path)), word, str(path))


def test_extends_cycle(cli, tmp_path):
    (tmp_path / "a.toml").write_text("extends = './b.toml'\n")
    (tmp_path / "b.toml").write_text("extends = './a.toml'\n")
    _one_line(cli("rules", "--rules", str(tmp_path / "a.toml")), "circle")


def test_rules_path_is_directory(cli, tmp_path):
    _one_line(cli("rules", "--rules", str(tmp_path)), "directory")


def test_rules_file_missing(cli, tmp_path):
    _one_line(cli("rules", "--rules", str(tmp_path / "none.toml")), "not found")


def test_good_house_file_loads(cli, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(GOOD_FILE + "[trick]\nhead = 'trump-led'\novertrump = false\n")
    run = cli("rules", "--rules", str(path), "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["id"] == "house" and data["trick"]["head"] == "trump-led"
    assert data["meld"]["kinds"]["run"]["values"] == [15, 150]  # inherited
    assert data["lineage"][-1] == str(path)


BAD_COMMANDS = {
    # malformed cards and hands
    "bad-rank": (["show", "XS", "--variant", "four-hand"], "'XS'"),
    "bad-suit": (["show", "AX", "--variant", "four-hand"], "'AX'"),
    "lone-rank": (["show", "A", "--variant", "four-hand"], "'A'"),
    "eleven": (["show", "11H", "--variant", "four-hand"], "'11H'"),
    "dotted-three-groups": (["show", "AAT.K9.QJ", "--variant", "four-hand"], "four suits"),
    "dotted-bad-rank": (["show", "AXT...", "--variant", "four-hand"], "'X'"),
    "three-copies": (["show", "AS AS AS", "--variant", "four-hand"], "AS"),
    "nine-in-double-deck": (["show", "9S", "--variant", "double-deck"], "9S"),
    "five-copies-double-deck": (["show", "AS AS AS AS AS", "--variant", "double-deck"], "AS"),
    # malformed deals
    "deal-unknown-seat": (["show", "--deal", "X:A... K... Q... J...", "--variant", "four-hand"],
                          "'X'"),
    "deal-too-few-hands": (["show", "--deal", "N:A... K... Q...", "--variant", "four-hand"],
                           "expected 4 hands"),
    "deal-too-many-hands": (["show", "--deal", "N:A... K... - - -", "--variant", "four-hand"],
                            "expected 4 hands"),
    "deal-bad-card": (["show", "--deal", "N:A... K... Q... JZ...", "--variant", "four-hand"],
                      "seat W"),
    "deal-too-many-copies": (["show", "--deal", "N:A... A... A... -", "--variant",
                              "four-hand"], "AS"),
    "deal-hand-size": (["show", "--deal", "N:A... K... Q... J...", "--full", "--variant",
                        "four-hand"], "12"),
    "deal-nine-double-deck": (["show", "--deal", "N:9... - - -", "--variant", "double-deck"],
                              "9S"),
    "deal-empty": (["show", "--deal", "", "--variant", "four-hand"], "empty deal"),
    "deal-five-seats": (["show", "--deal", "N:A... - - - -", "--variant", "five-hand-call"],
                        "'N'"),
    # variants and options
    "unknown-variant": (["show", "AS", "--variant", "nine-hand"], "nine-hand"),
    "variant-path-like": (["show", "AS", "--variant", "../four-hand"], "unknown variant"),
    "no-variant": (["show", "AS"], "--variant"),
    "both-variant-and-rules": (["show", "AS", "--variant", "four-hand", "--rules", "x.toml"],
                               "not both"),
    "unknown-variant-rules-cmd": (["rules", "nope"], "nope"),
    "no-hand": (["show", "--variant", "four-hand"], "hand"),
    "hand-and-deal": (["show", "AS", "--deal", "N:- - - -", "--variant", "four-hand"],
                      "not both"),
    "unknown-option": (["show", "AS", "--bogus"], "--bogus"),
    "unknown-command": (["frobnicate"], "frobnicate"),
    "seed-not-int": (["deal", "--seed", "x", "--variant", "four-hand"], "seed"),
    "missing-input-file": (["show", "--input", "/nonexistent/in.jsonl"], "not found"),
    # names longer than the file system allows (found by fuzzing: an OSError escaped)
    "variant-name-too-long": (["show", "AS", "--variant", "x" * 300], "unknown variant"),
    "rules-path-too-long": (["show", "AS", "--rules", "x" * 300], "cannot be read"),
    "input-path-too-long": (["show", "--input", "x" * 300, "--variant", "four-hand"],
                            "cannot be read"),
}


@pytest.mark.parametrize("name", sorted(BAD_COMMANDS))
def test_bad_command_line(cli, name):
    args, word = BAD_COMMANDS[name]
    _one_line(cli(*args), word)


def test_at_least_thirty_malformed_cases():
    assert len(BAD_COMMANDS) + len(BROKEN_RULES) + 3 >= 30


def test_real_process_exit_code_and_no_traceback():
    """The installed entry point, not only main(): exit status 2 and a single stderr line."""
    proc = subprocess.run([sys.executable, "-m", "pinosolve", "show", "QX", "--variant",
                           "four-hand"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "QX" in proc.stderr
    assert proc.stdout == ""


MELD_BAD = {
    # (no trump is every trump; an option of one trump's answer asks for it)
    "meld-all-no-trump": (["meld", "AS", "--all", "--variant", "four-hand"], "--trump"),
    "meld-bad-trump": (["meld", "AS", "--trump", "X", "--variant", "four-hand"], "'X'"),
    "meld-bad-card": (["meld", "AS ZZ", "--trump", "S", "--variant", "four-hand"], "'ZZ'"),
    "meld-no-hand": (["meld", "--trump", "S", "--variant", "four-hand"], "holding"),
    "meld-compare-unknown": (["meld", "AS", "--trump", "S", "--variant", "four-hand",
                              "--compare", "nope"], "nope"),
    "meld-compare-nines": (["meld", "9S", "--trump", "S", "--variant", "four-hand",
                            "--compare", "double-deck"], "9S"),
    "meld-nine-double-deck": (["meld", "9H", "--trump", "H", "--variant", "double-deck"], "9H"),
    "verify-no-claim": (["verify", "--hand", "AS", "--trump", "S", "--variant", "four-hand"],
                        "--claim"),
    # (no hand is the cards laid, noted; no trump for a claim is still asked for)
    "verify-no-trump": (["verify", "--claim", "AS", "--variant", "four-hand"], "--trump"),
    "verify-bad-claim": (["verify", "--hand", "AS", "--claim", "AX", "--trump", "S",
                          "--variant", "four-hand"], "claim 1"),
    "verify-missing-sequence": (["verify", "--sequence", "/nonexistent.toml", "--variant",
                                 "two-hand"], "not found"),
    "verify-sequence-no-stock-variant": (["verify", "--sequence",
                                          "puzzles/meld/13-second-pinochle.toml", "--variant",
                                          "four-hand"], None),
    "puzzle-missing": (["puzzle", "/nonexistent.toml"], "not found"),
}


@pytest.mark.parametrize("name", sorted(MELD_BAD))
def test_bad_meld_and_verify_input(cli, name, monkeypatch):
    from tests.conftest import ROOT

    monkeypatch.chdir(ROOT)
    args, word = MELD_BAD[name]
    if word is None:  # the sequence file names its own variant: this must succeed
        assert cli(*args).code == 0
        return
    _one_line(cli(*args), word)


def test_verify_sequence_needs_a_two_hand_variant(cli, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('trump = "S"\n[[steps]]\nmeld = "KS QS"\n')
    _one_line(cli("verify", "--sequence", str(path), "--variant", "four-hand"), "[meld.sequence]")


@pytest.mark.parametrize("command, line, word", [
    # a NUL in a file name, which no command line can carry but a JSON line can
    ("meld", {"hand": "AS", "rules": "x\u0000y"}, "NUL"),
    ("verify", {"sequence": "x\u0000y"}, "NUL"),
    ("show", {"hand": "AS", "variant": "four\u0000hand"}, "unknown variant"),
    # a side that is not a name
    ("score", {"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20},
               "points": {"NS": 10, "EW": 15}, "last_trick": {"NS": 1}}, "last_trick"),
    ("score", {"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20},
               "points": {"NS": 10, "EW": 15}, "last_trick": ["NS"]}, "last_trick"),
])
def test_bad_batch_values_get_an_error_record(cli, command, line, word):
    """Values found by fuzzing the batch lines (tracebacks before): each gets its error
    record, and the next line is still answered."""
    good = {"meld": {"hand": "AS", "variant": "four-hand", "trump": "S"},
            "verify": {"hand": "KS QS", "claim": "KS QS", "trump": "H", "variant": "four-hand"},
            "show": {"hand": "AS", "variant": "four-hand"},
            "score": {"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20},
                      "points": {"NS": 10, "EW": 15}, "last_trick": "EW"}}[command]
    stdin = json.dumps(line) + "\n" + json.dumps(good) + "\n"
    run = cli(command, "--input", "-", stdin=stdin)
    assert run.code == 1 and run.err == "", run.err  # a batch with an error line
    first, second = run.lines()
    assert word in first["error"], first
    assert "error" not in second, second


def test_fuzz_script_runs_and_finds_nothing():
    """fuzz/fuzz_cli.py, the long bad-input run, in a few seconds (that it still runs, and
    that what it checks holds for the lines it tries)."""
    import re

    from tests.conftest import ROOT

    run = subprocess.run([sys.executable, "fuzz/fuzz_cli.py", "--seconds", "4", "--seed",
                          "suite"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    counts = re.fullmatch(r"(\d+) lines, (\d+) answered, (\d+) error records; (\d+) broken "
                          r"files; (\d+) --jobs batches; (\d+) hostile inputs; 0 failed\n",
                          run.stdout)
    # (a --jobs batch is one try in thirty: a slow machine may not reach one in 4 s)
    assert counts and all(int(n) > 0 for n in counts.groups()[:4]), run.stdout


@pytest.mark.parametrize("family", sorted(fuzz_cli.HOSTILE))
def test_every_hostile_family_is_survived(family, tmp_path):
    """Each family of hostile input an audit found, once, as the fuzz script
    tries it (the long run draws many of each): a right answer or one line, in time."""
    import random

    for seed in range(3):
        command, wrong, what = fuzz_cli.HOSTILE[family](random.Random(seed), tmp_path)
        assert wrong is None, (command, wrong, what)


def test_fuzz_script_finds_a_crash():
    """The fuzz script's check fails an answer that is a traceback, or not one JSON line."""
    from fuzz import fuzz_cli

    assert fuzz_cli.failure(0, '{"value": 3}\n', "") is None
    assert fuzz_cli.failure(1, '{"error": "x"}\n', "") is None
    assert "exit 0" in fuzz_cli.failure(0, '{"error": "x"}\n', "")  # a batch with errors: 1
    assert "exit 1" in fuzz_cli.failure(1, '{"value": 3}\n', "")
    assert "exit 1" in fuzz_cli.failure(1, "", "pinosolve: error: internal error: OSError")
    assert "2 lines" in fuzz_cli.failure(0, "{}\n{}\n", "")
    assert "not JSON" in fuzz_cli.failure(0, "Traceback\n", "")
    progress = "line 1: test at 4: at least 4 (2 nodes, 0.00 s)\n"  # solve --progress
    assert fuzz_cli.failure(0, "{}\n", progress) is None
    assert fuzz_cli.failure(0, "{}\n", progress + "Traceback\n") is not None
    code, out, err = fuzz_cli.run_line("meld", '{"hand": "AS ZZ", "variant": "four-hand"}')
    assert fuzz_cli.failure(code, out, err) is None and "error" in json.loads(out)
    assert fuzz_cli.file_failure(0, "") is None
    assert fuzz_cli.file_failure(2, "pinosolve: error: x.toml: key 'id' ...\n") is None
    assert "exit 70" in fuzz_cli.file_failure(70, "pinosolve: error: internal error: X\n")
    assert fuzz_cli.file_failure(2, "pinosolve: error: internal error: X\n") is not None
    assert fuzz_cli.file_failure(2, "Traceback\n  File\n") is not None
    assert fuzz_cli.file_failure(1, "") is not None  # a verdict only from puzzle and game
    assert fuzz_cli.file_failure(1, "", verdict=True) is None


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_full_disk_under_stdout_is_one_line_not_an_internal_error():
    """Output that cannot be written is the machine's problem, not a bug: one line naming it,
    exit code 74 (EX_IOERR), no 'internal error'."""
    from tests.conftest import ROOT

    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "pinosolve", "deal", "--variant", "four-hand",
                              "--seed", "1", "--json"], cwd=ROOT, stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    assert run.returncode == 74, run.stderr
    assert run.stderr == "pinosolve: error: input/output error: No space left on device\n"


@pytest.mark.parametrize("old, new, word", [
    # found by fuzzing puzzle and meld-sequence files: each was a KeyError or TypeError
    ('type = "meld-dispute"', "type = { N = 1 }", "type must be text"),
    ('trump = "H"\n', "", "missing key 'position.trump'"),
    ('hand = "AH TH KH QH JH"\n', "", "missing key 'position.hand'"),
    ('claims = ["AH TH KH QH JH", "KH QH"]', "claims = 1.5", "position.claims must be"),
    ('claims = ["AH TH KH QH JH", "KH QH"]', "claims = [1]", "position.claims must be"),
    ("announced = 190", "announced = true", "position.announced must be"),
    ("announced = 190", "announced = 190\nsteps = []", "unknown key 'position.steps'"),
    ('why = """', 'why = 3\nx = """', "answer.why must be text"),
])
def test_a_broken_puzzle_file_is_one_line(cli, tmp_path, old, new, word):
    from tests.conftest import ROOT

    text = (ROOT / "puzzles/meld/01-run-and-royal-marriage.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "puzzle.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    run = cli("puzzle", str(path))
    assert run.code == 2 and word in run.err and run.err.count("\n") == 1, run.err


def test_a_sequence_file_naming_a_list_as_its_variant_is_one_line(cli, tmp_path):
    from tests.conftest import ROOT

    text = (ROOT / "puzzles/meld/12-upgrade-royal-marriage-to-run.toml").read_text("utf-8")
    path = tmp_path / "sequence.toml"
    path.write_text(text.replace('variant = "two-hand-57"', 'variant = ["AS"]'), "utf-8")
    run = cli("verify", "--sequence", str(path))
    assert run.code == 2 and "unknown variant" in run.err, run.err


def test_an_error_line_quoting_a_huge_value_is_cut(cli, tmp_path):
    """A message may quote the value at fault: a 400 KB list in a rules file gave a 900 KB
    line. The line stays one line, cut at MESSAGE_LIMIT characters."""
    from pinosolve.cli import MESSAGE_LIMIT

    rules = tmp_path / "long.toml"
    rules.write_text("id = [" + "1," * 200_000 + "1]\n")
    run = cli("rules", "--rules", str(rules))
    assert run.code == 2 and run.err.count("\n") == 1, run.err[:300]
    assert len(run.err) <= MESSAGE_LIMIT + 40 and run.err.rstrip().endswith("…")
