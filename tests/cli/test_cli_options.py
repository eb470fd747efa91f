"""One vocabulary on the command line: option names, the default variant, names
of shipped files, exit codes, metavars, completion, fresh deal seeds, unwrapped deals."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pinosolve.variants.variant import variant_ids
from tests.conftest import ROOT

COMMANDS = ("variants", "rules", "show", "deal", "meld", "verify", "legal", "solve",
            "makeable", "score", "game", "bid", "pass", "puzzle", "review", "infer",
            "advise", "board", "study", "match", "play")
ENDING = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."
HAND = "AH TH KH JH 9H AS AD AC KS QS QD 9C"
PARTNER = "QH KH JD QC 9S 9S TS TD TC JC JC 9D"


ENV = ("PINOSOLVE_VARIANT", "XDG_CONFIG_HOME", "HOME")


@pytest.fixture(autouse=True)
def no_default_variant(tmp_path):
    """No PINOSOLVE_VARIANT and no config file of the user's: each test sets its own. (Set
    in os.environ itself: the cli fixture undoes its monkeypatch after each run.)"""
    saved = {k: os.environ.get(k) for k in ENV}
    os.environ.pop("PINOSOLVE_VARIANT", None)
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def _options(help_text: str) -> dict[str, str]:
    """Each option's row in rich's help: the long name(s), and what follows up to its help."""
    rows = {}
    for line in help_text.splitlines():
        m = re.match(r"│ (--[a-z-]+(?:,--[a-z-]+)*)\s+(?:-[a-z]\s+)?(\S*)", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


# --- help: metavars, completion, exit codes, no ortools -------------------------------------


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_shows_plain_metavars(cli, command):
    run = cli(*([command] if command else []), "--help")
    assert run.code == 0, run.err
    assert not re.search(r"<(bool|str|int|float|list)", run.out), run.out
    from pinosolve.cli import app, main  # noqa: F401
    import typer

    from pinosolve.cli import plain_metavars

    group = plain_metavars(typer.main.get_command(app))
    sub = group.commands[command] if command else group
    for param in sub.params:
        if getattr(param, "param_type_name", "") != "option":
            continue
        want = "" if param.is_flag else {int: "INT", float: "FLOAT"}.get(
            param.type_descriptor.annotation, "TEXT")
        assert param.metavar == want, (command, param.name, param.metavar)


def test_flags_show_no_metavar_and_values_do(cli):
    rows = _options(cli("solve", "--help").out)
    assert rows["--value-only"].startswith("Only")  # the help text, no metavar before it
    assert rows["--timeout"] == "FLOAT" and rows["--jobs"] == "INT"
    assert rows["--deal"] == "TEXT" and rows["--bidder"] == rows["--declarer"] == "TEXT"


def test_help_texts_print_their_brackets(cli):
    """Help is rich markup: a literal "[" is escaped, or rich eats "[plot]" as a tag."""
    import typer

    from pinosolve.cli import app

    group = typer.main.get_command(app)
    for name, sub in group.commands.items():
        for text in [sub.help or "", *(getattr(p, "help", None) or "" for p in sub.params)]:
            assert re.search(r"(?<!\\)\[", text) is None, (name, text)
    for command in ("advise", "review", "study"):
        out = " ".join(cli(command, "--help").out.replace("│", " ").split())
        assert "pip install 'pinosolve[plot]'" in out, command


def test_help_groups_the_commands_by_job(cli):
    out = cli("--help").out
    for panel in ("Rules and hands", "Meld", "Play", "Scoring and bidding", "Analysis",
                  "Studies"):
        assert panel in out
    from pinosolve.cli.commands import COMMANDS

    for name, _, _, summary in COMMANDS:  # one line each, a sentence
        assert "\n" not in summary and summary.endswith((".", "?")) and len(summary) < 60


def test_help_names_the_exit_codes_and_offers_completion(cli):
    out = " ".join(cli("--help").out.replace("│", " ").split())
    assert "--install-completion" in out and "--show-completion" in out
    for code in ("0 done", "1 a batch", "2 bad input", "70 internal error", "130 Ctrl-C"):
        assert code in out, code


def test_no_help_imports_ortools():
    code = ("import sys, io, contextlib\n"
            "from pinosolve.cli import main\n"
            f"for c in {list(COMMANDS)!r} + ['']:\n"
            "    with contextlib.redirect_stdout(io.StringIO()):\n"
            "        assert main(([c] if c else []) + ['--help']) == 0, c\n"
            "    assert 'ortools' not in sys.modules, c\n")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def _complete(words: str) -> tuple[list[str], str]:
    """What bash completion offers for the last of ``words`` (as the script typer installs
    asks: the program run with _PINOSOLVE_COMPLETE set), and the modules the asking loaded."""
    code = ("import sys\n"
            "from pinosolve.cli import main\n"
            "try:\n"
            "    main()\n"
            "except SystemExit:\n"
            "    pass\n"
            "sys.stderr.write(' '.join(sys.modules))\n")
    env = {**os.environ, "_PINOSOLVE_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    run = subprocess.run([sys.executable, "-c", code, *words.split()[1:]], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    return run.stdout.split(), run.stderr


@pytest.mark.parametrize("words, want", [
    ("pinosolve show --variant fo", ["four-hand", "four-hand-classic"]),
    ("pinosolve solve --variant ", variant_ids()),
    ("pinosolve rules thr", ["three-hand-auction", "three-hand-kitty"]),
    ("pinosolve makeable --rules trickster-k", ["trickster-kitty"]),
    ("pinosolve puzzle 05-q", ["05-queen-of-spades-three-times"]),
    ("pinosolve game source00", ["source000-two-hand-most-tricks", "source001-bidder-goes-out",
                                 "source002-out-with-meld"]),
])
def test_the_shell_completes_variants_rules_puzzles_and_games(words, want):
    offered, modules = _complete(words)
    assert offered == want
    assert "ortools" not in modules.split() and "pinosolve.play.core" not in modules.split()


# --- the same names everywhere --------------------------------------------------------------


@pytest.mark.parametrize("command", ["show", "meld", "legal", "verify", "pass"])
def test_the_hand_is_hand_everywhere(cli, command):
    assert "--hand" in _options(cli(command, "--help").out)


@pytest.mark.parametrize("command", ["show", "meld"])
def test_the_hand_argument_is_a_shorthand(cli, command):
    extra = ["--trump", "S"] if command == "meld" else []
    a = cli(command, "AS KS QS", "--variant", "four-hand", "--json", *extra)
    b = cli(command, "--hand", "AS KS QS", "--variant", "four-hand", "--json", *extra)
    assert a.code == b.code == 0 and a.json() == b.json(), (a.err, b.err)
    both = cli(command, "AS", "--hand", "KS", "--variant", "four-hand", *extra)
    assert both.code == 2 and "once" in both.err and both.err.count("\n") == 1


@pytest.mark.parametrize("command", ["solve", "makeable", "score"])
def test_partner_is_a_seat_and_bidder_the_bidding_seat(cli, command):
    rows = _options(cli(command, "--help").out)
    assert "--partner" in rows and any(k.startswith("--bidder") for k in rows), rows


def test_pass_takes_the_partners_cards_as_partner_hand(cli):
    run = cli("pass", "--variant", "four-hand", "--trump", "H", "--hand", HAND,
              "--partner-hand", PARTNER, "--json")
    assert run.code == 0 and "best" in run.json(), run.err  # the side's best exchange
    old = cli("pass", "--variant", "four-hand", "--trump", "H", "--hand", HAND,
              "--partner", PARTNER)
    assert old.code == 2 and "--partner-hand" in old.err and old.err.count("\n") == 1
    line = json.dumps({"partner-hand": PARTNER})
    batch = cli("pass", "--variant", "four-hand", "--trump", "H", "--hand", HAND,
                "--input", "-", stdin=line + "\n")
    assert batch.code == 0 and batch.lines()[0]["best"] == run.json()["best"], batch.out


def test_declarer_is_an_alias_of_bidder_on_the_command_line_and_in_a_batch(cli):
    base = ["solve", "--variant", "three-hand-kitty", "--trump", "S", "--leader", "N",
            "--deal", "N:A.K.. T.A.. K.T..", "--json"]
    a = cli(*base, "--bidder", "E").json()
    b = cli(*base, "--declarer", "E").json()
    c = cli(*base, "--bidder", "N").json()
    # N to move: with E bidding, N plays with W; with N bidding, alone
    assert a == {**b, "seconds": a["seconds"]} and a["side"] != c["side"]
    assert "W" in a["side"] and "W" not in c["side"]
    lines = "".join(json.dumps({"deal": "N:A.K.. T.A.. K.T..", "leader": "N", key: "E"}) + "\n"
                    for key in ("bidder", "declarer"))
    out = cli("solve", "--variant", "three-hand-kitty", "--trump", "S", "--input", "-",
              stdin=lines).lines()
    assert [x["side"] for x in out] == [a["side"]] * 2 and out[0]["value"] == a["value"]


SCORE = ["score", "--variant", "four-hand-classic", "--bid", "250", "--trump", "S", "--meld",
         "N=100", "--meld", "S=40", "--points", "NS=150", "--points", "EW=100", "--json"]
MAKEABLE = ["makeable", "--variant", "four-hand", "--trump", "S", "--bid", "30", "--deal",
            "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9", "--json"]


@pytest.mark.parametrize("base", [SCORE, MAKEABLE], ids=["score", "makeable"])
def test_declarer_is_bidder_in_every_command_with_bidder(cli, base):
    by_bidder = cli(*base, "--bidder", "N")
    assert by_bidder.code == 0, by_bidder.err
    for other in (["--declarer", "N"], ["--bidder", "N", "--declarer", "n"]):
        run = cli(*base, *other)
        assert run.code == 0 and _timeless(run.json()) == _timeless(by_bidder.json()), run.err
    line = json.dumps({"declarer": "N"}) + "\n" + json.dumps({"bidder": "N",
                                                               "declarer": " n "}) + "\n"
    batch = cli(*base, "--input", "-", stdin=line)
    assert batch.code == 0, batch.out
    assert [_timeless(x) for x in batch.lines()] == \
        [{"line": n, **_timeless(by_bidder.json())} for n in (1, 2)]


@pytest.mark.parametrize("command", ["solve", "makeable", "score"])
def test_bidder_and_declarer_naming_two_seats_is_an_error(cli, command):
    assert "--declarer" in _options(cli(command, "--help").out)
    run = cli(command, "--variant", "four-hand", "--bidder", "W", "--declarer", "E")
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, run.err
    assert "give the bidder once: --bidder W and --declarer E differ" in run.err
    base = {"solve": SOLVE_ARGS, "makeable": MAKEABLE, "score": SCORE}[command]
    stdin = json.dumps({"bidder": "W", "declarer": "E"}) + "\n"
    batch = cli(*base[:1], *base[1:], "--input", "-", stdin=stdin)
    assert batch.code == 1 and batch.lines() == [
        {"line": 1, "error": "give the bidder once: bidder W and declarer E differ"}]


SOLVE_ARGS = ["solve", "--variant", "three-hand-kitty", "--trump", "S", "--leader", "N",
              "--deal", "N:A.K.. T.A.. K.T..", "--json"]


def _timeless(answer):
    """An answer without what changes from run to run (the time taken)."""
    return {k: v for k, v in answer.items() if k != "seconds"}


def test_rules_takes_the_variant_as_an_option_too(cli):
    assert cli("rules", "--variant", "four-hand", "--json").json() == \
        cli("rules", "four-hand", "--json").json()


# --- --progress -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "makeable", "meld", "pass", "verify", "puzzle"])
def test_progress_is_offered_where_a_search_runs(cli, command):
    assert "--progress" in _options(cli(command, "--help").out)


def test_meld_progress_reports_cp_sat_solutions_on_stderr_only(cli):
    args = ["meld", "AH TH KH KH QH JH", "--trump", "H", "--variant", "four-hand-classic",
            "--json"]
    quiet, loud = cli(*args), cli(*args, "--progress")
    assert quiet.err == "" and loud.out == quiet.out
    lines = loud.err.splitlines()
    import re

    found = [re.fullmatch(r"CP-SAT model (\d+): a better solution, objective (-?[\d.]+) "
                          r"\(minimised; [\d.]+ s\)", line) for line in lines]
    assert found and all(found), lines
    models = [int(m[1]) for m in found]
    assert models[0] == 1 and models == sorted(models)  # numbered as they are solved
    for model in set(models):  # each solution better than the one before it
        objectives = [float(m[2]) for m in found if int(m[1]) == model]
        assert objectives == sorted(objectives, reverse=True)
    assert -float(found[-1][2]) == quiet.json()["meld"]  # the last minimises minus the points


def test_makeable_progress_reports_the_search_tests(cli):
    deal = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
    run = cli("makeable", "--variant", "four-hand", "--trump", "S", "--bidder", "N", "--bid",
              "30", "--deal", deal, "--progress", "--json")
    assert run.code == 0 and run.json()["made"] is False
    assert any(re.match(r"test at -?\d+: at (least|most) ", x) for x in run.err.splitlines())


# --- --input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["show", "deal", "meld", "verify", "legal", "solve",
                                     "makeable", "score", "bid", "pass"])
def test_every_batch_command_has_the_one_input_option(cli, command):
    text = " ".join(cli(command, "--help").out.replace("│", " ").split())
    assert "--input TEXT JSON input, a file or '-' for stdin: JSON lines" in text, text


def test_one_json_object_over_lines_is_one_analysis_in_every_command(cli):
    pretty = json.dumps({"hand": "AS KS QS JS TS", "trump": "S"}, indent=2)
    run = cli("meld", "--variant", "four-hand", "--input", "-", "--json", stdin=pretty)
    assert run.code == 0 and run.json()["meld"] == 15 and "line" not in run.json()


def test_game_takes_its_record_as_input_from_a_file_or_stdin(cli):
    path = ROOT / "puzzles/games/source001-bidder-goes-out.toml"
    a = cli("game", str(path), "--json")
    b = cli("game", "--input", str(path), "--json")
    c = cli("game", "--input", "-", "--json", stdin=path.read_text())
    assert a.code == b.code == c.code == 0 and a.json() == b.json() == c.json()
    assert a.json()["agrees"] is True and a.json()["winner"]["round"] == 2


# --- exit codes and the line of every answer --------------------------------------------------


def test_every_batch_answer_names_its_line_and_errors_exit_1(cli):
    good = json.dumps({"hand": "AS"})
    run = cli("show", "--variant", "four-hand", "--input", "-", stdin=f"{good}\n\n{good}\n")
    assert run.code == 0 and [x["line"] for x in run.lines()] == [1, 3]
    run = cli("show", "--variant", "four-hand", "--input", "-", stdin=f"{good}\n[]\n")
    assert run.code == 1 and [x["line"] for x in run.lines()] == [1, 2]
    assert "error" in run.lines()[1] and "error" not in run.lines()[0]


def test_verify_not_as_claimed_exits_1(cli):
    args = ["verify", "--variant", "four-hand-classic", "--trump", "H", "--hand",
            "AH TH KH QH JH"]
    fine = cli(*args, "--claim", "AH TH KH QH JH", "--json")
    wrong = cli(*args, "--claim", "AH TH KH QH JH", "--claim", "KH QH", "--json")
    assert fine.code == 0 and fine.json()["valid"] is True
    assert wrong.code == 1 and wrong.json()["valid"] is False and wrong.err == ""
    lines = [{"claim": "AH TH KH QH JH"}, {"claim": ["AH TH KH QH JH", "KH QH"]}]
    stdin = "".join(json.dumps(x) + "\n" for x in lines)
    batch = cli(*args, "--input", "-", stdin=stdin)
    assert batch.code == 1 and [x["valid"] for x in batch.lines()] == [True, False]
    batch = cli(*args, "--input", "-", stdin=json.dumps(lines[0]) + "\n")
    assert batch.code == 0


# --- the variant: default, did you mean, suit words, names of shipped rules -------------------


def test_the_default_variant_comes_from_the_environment_then_the_config_file(cli, tmp_path):
    run = cli("show", "AS")
    assert run.code == 2 and "PINOSOLVE_VARIANT" in run.err and run.err.count("\n") == 1
    config = tmp_path / "config" / "pinosolve" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('variant = "double-deck"\n')
    assert cli("show", "AS", "--json").json()["variant"] == "double-deck"
    os.environ["PINOSOLVE_VARIANT"] = "two-hand"
    assert cli("show", "AS", "--json").json()["variant"] == "two-hand"
    assert cli("show", "AS", "--json", "--variant", "four-hand").json()["variant"] == \
        "four-hand"
    rules = cli("show", "AS", "--json", "--rules", "trickster-kitty").json()
    assert rules["variant"] == "trickster-kitty"


@pytest.mark.parametrize("text, word", [
    ("variant = [\n", "not valid TOML"),
    ("variant = 3\n", "variant must be"),
    ('colour = "red"\n', "unknown key 'colour'"),
    ('variant = "for-hand"\n', "did you mean four-hand?"),
])
def test_a_broken_config_file_is_one_line_exit_2(cli, tmp_path, text, word):
    config = tmp_path / "config" / "pinosolve" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(text)
    run = cli("show", "AS")
    assert run.code == 2 and word in run.err and run.err.count("\n") == 1, run.err
    assert cli("show", "AS", "--variant", "four-hand").code == 0  # named: never read


def test_the_config_file_is_found_under_home_without_xdg(tmp_path):
    from pinosolve.variants.variant import config_path, default_variant

    del os.environ["XDG_CONFIG_HOME"]
    os.environ["HOME"] = str(tmp_path)
    assert config_path() == tmp_path / ".config" / "pinosolve" / "config.toml"
    assert default_variant() == (None, str(config_path()))


@pytest.mark.parametrize("typo, meant", [("for-hand", "four-hand"), ("double-dek", "double-deck"),
                                         ("two-hand-100", "two-hand-1000")])
def test_an_unknown_variant_gets_did_you_mean(cli, typo, meant):
    run = cli("show", "AS", "--variant", typo)
    assert run.code == 2 and f"did you mean {meant}?" in run.err and run.err.count("\n") == 1


def test_a_house_rule_example_given_as_a_variant_says_to_use_rules(cli):
    run = cli("show", "AS", "--variant", "trickster-kitty")
    assert run.code == 2 and "--rules trickster-kitty" in run.err


@pytest.mark.parametrize("word, suit", [("hearts", "H"), ("Hearts", "H"), ("spade", "S"),
                                        ("SPADES", "S"), ("diamonds", "D"), ("Club", "C")])
def test_suit_words_name_the_trump(cli, word, suit):
    run = cli("meld", "AS KS QS", "--trump", word, "--variant", "four-hand", "--json")
    assert run.code == 0 and run.json()["trump"] == suit, run.err


def test_shipped_rules_files_are_named_and_a_path_that_exists_wins(cli, monkeypatch, tmp_path):
    names = sorted(p.stem for p in (ROOT / "rules/examples").glob("*.toml"))
    listed = cli("rules", "--list", "--json").json()
    assert [r["name"] for r in listed] == names
    for name in names:
        by_name = cli("rules", "--rules", name, "--json")
        by_path = cli("rules", "--rules", f"rules/examples/{name}.toml", "--json")
        assert by_name.code == 0 and by_name.json()["id"] == by_path.json()["id"]
    typo = cli("rules", "--rules", "trickster-head-trump")
    assert typo.code == 2 and "did you mean trickster-head-trump-led?" in typo.err
    monkeypatch.chdir(tmp_path)  # a file of that name here: the path wins
    Path("trickster-kitty").write_text('extends = "four-hand"\nid = "mine"\n')
    assert cli("rules", "--rules", "trickster-kitty", "--json").json()["id"] == "mine"


# --- puzzles by name --------------------------------------------------------------------------


def test_puzzle_list_names_every_shipped_puzzle_and_a_name_runs_it(cli):
    files = sorted((ROOT / "puzzles/meld").glob("*.toml")) + \
        sorted((ROOT / "puzzles/dd").glob("*.toml")) + \
        sorted((ROOT / "puzzles/review").glob("*.toml"))
    listed = cli("puzzle", "--list", "--json").json()
    assert [r["name"] for r in listed] == [p.stem for p in files]
    by_name = cli("puzzle", "05-queen-of-spades-three-times", "--json")
    by_path = cli("puzzle", "puzzles/meld/05-queen-of-spades-three-times.toml", "--json")
    assert by_name.code == 0 and by_name.json()["result"] == by_path.json()["result"]
    typo = cli("puzzle", "05-queen-of-spades")
    assert typo.code == 2 and "did you mean 05-queen-of-spades-three-times?" in typo.err
    table = cli("puzzle", "--list").out
    assert all(p.stem in table for p in files)  # whole, never folded


@pytest.mark.parametrize("command", ["puzzle", "game", "rules"])
@pytest.mark.parametrize("columns", ["80", "60", "200"])
def test_lists_never_fold_names_types_or_variants(command, columns):
    """At 80 columns 'four-hand-classic' came out as 'four-hand-c' over 'lassic'. The three
    lists share one layout (cli.output.show_list): the same heading line and columns."""
    env = {**os.environ, "COLUMNS": columns}
    run = lambda *a: subprocess.run([sys.executable, "-m", "pinosolve", *a],
                                    capture_output=True, text=True, cwd=ROOT, env=env)
    listed = json.loads(run(command, "--list", "--json").stdout)
    lines = run(command, "--list").stdout.splitlines()
    assert re.match(r"\S.* \(pinosolve \S+ .*NAME\)$", lines[0]), lines[0]
    assert lines[1].split()[0] == "name"
    for r in listed:
        whole = r"\s+".join(re.escape(r[k]) for k in ("name", "type", "variant", "extends")
                            if r.get(k))
        assert any(re.match(rf"{whole}(\s|$)", line) for line in lines), (r, lines)
        text = r.get("title") or r.get("description")
        assert text.split()[0] in "\n".join(lines)


def test_game_records_are_named_listed_and_a_path_that_exists_wins(cli, monkeypatch,
                                                                    tmp_path):
    files = sorted((ROOT / "puzzles/games").glob("*.toml"))
    listed = cli("game", "--list", "--json").json()
    assert [r["name"] for r in listed] == [p.stem for p in files]
    assert all(r["variant"] and r["title"] for r in listed)
    table = cli("game", "--list").out
    assert all(p.stem in table for p in files)
    for path in files:
        by_name = cli("game", path.stem, "--json")
        by_path = cli("game", str(path), "--json")
        assert by_name.code == 0 and by_name.json() == by_path.json(), by_name.err
        assert cli("game", "--input", f"games/{path.stem}.toml", "--json").json() == \
            by_path.json()
    typo = cli("game", "source001-bidder")
    assert typo.code == 2 and "did you mean source001-bidder-goes-out?" in typo.err
    assert typo.err.count("\n") == 1
    not_a_puzzle = cli("puzzle", "source001-bidder-goes-out")
    assert not_a_puzzle.code == 2 and "pinosolve game source001-bidder-goes-out" in \
        not_a_puzzle.err
    assert cli("game", "--list", "source000-two-hand-most-tricks").code == 2
    monkeypatch.chdir(tmp_path)  # a file of that name here: the path wins
    Path("source001-bidder-goes-out").write_text(files[0].read_text())  # source000's record
    assert cli("game", "source001-bidder-goes-out", "--json").json() == \
        cli("game", str(files[0]), "--json").json()


# --- deal: a fresh seed, printed; deals never wrapped -----------------------------------------


def test_deal_draws_a_fresh_seed_and_names_it(cli):
    a = cli("deal", "--variant", "four-hand", "--json").json()
    b = cli("deal", "--variant", "four-hand", "--json").json()
    assert isinstance(a["seed"], int) and 0 <= a["seed"] < 2 ** 32
    assert a["seed"] != b["seed"]  # (equal once in 2**32 runs)
    again = cli("deal", "--variant", "four-hand", "--seed", str(a["seed"]), "--json").json()
    assert again == a
    table = cli("deal", "--variant", "four-hand", "--seed", "7").out.splitlines()
    assert table[-1] == "seed 7"
    batch = cli("deal", "--variant", "four-hand", "--input", "-", stdin='{}\n{"seed": 7}\n')
    fresh, seven = batch.lines()
    assert seven["seed"] == 7 and isinstance(fresh["seed"], int)


@pytest.mark.parametrize("vid", variant_ids())
def test_deals_are_never_wrapped_at_the_terminal_width(vid):
    env = {**os.environ, "COLUMNS": "40"}
    run = lambda *a: subprocess.run([sys.executable, "-m", "pinosolve", *a],
                                    capture_output=True, text=True, cwd=ROOT, env=env)
    data = json.loads(run("deal", "--variant", vid, "--seed", "3", "--json").stdout)
    assert run("deal", "--variant", vid, "--seed", "3").stdout.splitlines()[0] == data["deal"]
    shown = run("show", "--variant", vid, "--deal", data["deal"]).stdout.splitlines()
    assert data["deal"] in shown


# --- one rendering: cards as 10♣, trumps as ♠, sides as NS -------------------------------------

LETTER_CARD = re.compile(r"(?<![\w.:])[AKQJT9][SHDC](?!\w)")
VIEW_PLAY = ("--seat", "S", "--hand", HAND, "--trump", "H", "--leader", "E", "--play",
             "KD", "--variant", "four-hand")


@pytest.mark.parametrize("args", [
    ("show", "AS TS KC TC 9D", "--variant", "four-hand"),
    ("show", "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "--variant", "four-hand"),
    ("deal", "--variant", "three-hand-kitty", "--seed", "1"),
    ("deal", "--variant", "two-hand", "--seed", "1"),
    ("pass", "--variant", "four-hand", "--trump", "S", "--hand", HAND, "--received",
     "JD QS 9C AC", "--all"),
    ("pass", "--variant", "four-hand", "--trump", "S", "--hand", HAND, "--partner-hand",
     PARTNER),
    ("legal", "--variant", "four-hand", "--hand", "AS TS 9H", "--trump", "H", "--trick", "KD"),
    ("meld", HAND, "--variant", "four-hand", "--trump", "S"),
    ("verify", "--variant", "four-hand", "--hand", HAND, "--trump", "H", "--claim", "KS QS",
     "--claim", "AS AH AD AC"),
    ("verify", "--variant", "four-hand", "--hand", HAND, "--trump", "H", "--claim", "KH QH",
     "--claim", "AS 9S", "--claim", "QS JD JD", "--announced", "40"),
    ("solve", "--variant", "four-hand", "--deal", ENDING, "--trump", "S"),
    ("score", "--variant", "four-hand", "--bidder", "N", "--bid", "25", "--trump", "S",
     "--meld", "N=KS QS", "--points", "NS=15", "--points", "EW=10"),
    ("infer", *VIEW_PLAY),
    ("advise", *VIEW_PLAY, "--samples", "4", "--seed", "1"),
])
def test_text_shows_cards_and_trumps_as_symbols(cli, args):
    """People's text never shows a card as ``TC`` or a trump as ``S`` (a deal's dotted
    notation, which is not cards one by one, aside)."""
    run = cli(*args)
    assert run.code in (0, 1), run.err  # (1: verify's "not as claimed")
    assert not LETTER_CARD.findall(run.out), run.out
    assert not re.search(r"trump [SHDC]\b", run.out), run.out


@pytest.mark.parametrize("vid", variant_ids())
def test_every_side_has_one_name_with_no_plus(vid):
    """``side_name``: every set of seats gets one name, told apart from every other set's,
    and a fixed side its rules name."""
    import itertools

    from pinosolve import load_variant
    from pinosolve.variants.sides import side_name

    v = load_variant(vid)
    names = {}
    for k in range(1, len(v.seats) + 1):
        for seats in itertools.combinations(v.seats, k):
            name = side_name(v, reversed(seats))
            assert "+" not in name and name not in names, (seats, name, names.get(name))
            names[name] = seats
    for fixed, seats in v.rules.players.sides.items():
        assert side_name(v, seats) == fixed


def test_every_batch_command_takes_jobs(cli):
    """--jobs, a batch's processes, in every command that reads --input (game's --input is
    one game, its rounds scored in order)."""
    for command in set(COMMANDS) - {"game"}:
        rows = _options(cli(command, "--help").out)
        if "--input" in rows:
            assert rows.get("--jobs") == "INT", command


def test_no_usage_line_doubles_its_brackets(cli):
    """An optional argument's metavar given with its brackets showed as [[HAND]]: typer adds
    them itself."""
    from pinosolve.cli.commands import COMMANDS

    for name, *_ in COMMANDS:
        usage = next(line for line in cli(name, "--help").out.splitlines() if "Usage:" in line)
        assert "[[" not in usage and "]]" not in usage, (name, usage)
