"""One idea, one name: every renamed option and batch key (``cli.renames.RENAMED``) still
works under its old name for a release, answers exactly as the new name does, and says so in
one line on stderr; no command declares an old name any more."""

from __future__ import annotations

import json

import pytest
import typer

from pinosolve.cli import app, renames
from pinosolve.cli.renames import RENAMED


@pytest.fixture(autouse=True)
def _fresh_notices(monkeypatch):
    monkeypatch.setattr(renames, "_told", set())


def _commands() -> dict[str, set[str]]:
    """Each command's option names (without dashes, '_' for '-')."""
    group = typer.main.get_command(app)
    return {name: {opt[2:].replace("-", "_") for p in cmd.params for opt in p.opts
                   if opt.startswith("--")}
            for name, cmd in group.commands.items()}  # type: ignore[attr-defined]


def test_no_command_declares_an_old_name_and_each_new_name_exists():
    commands = _commands()
    for command, table in RENAMED.items():
        names = set().union(*commands.values()) if command == "*" else commands[command]
        for old, new in table.items():
            for name, opts in commands.items():
                if command in ("*", name):
                    assert old not in opts, f"{name} still declares --{old}"
            assert new in names, f"--{new} is no option of {command}"


# (command line with the old spelling, the same with the new one)
CASES = [
    (["bid", "--variant", "four-hand", "--history", "25 26 pass", "--json"],
     ["bid", "--variant", "four-hand", "--auction", "25 26 pass", "--json"]),
    (["bid", "--variant", "four-hand", "--history=25 x"],
     ["bid", "--variant", "four-hand", "--auction=25 x"]),
    (["pass", "--variant", "five-hand-call", "--trump", "H", "--hand", "AH TH KH QH JH 9H "
      "AS TS KS QS", "--received", "AD TD KD", "--called", "AH"],
     ["pass", "--variant", "five-hand-call", "--trump", "H", "--hand", "AH TH KH QH JH 9H "
      "AS TS KS QS", "--received", "AD TD KD", "--called-card", "AH"]),
    (["solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
      "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "--bidder", "N", "--call", "AS", "--json"],
     ["solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
      "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "--bidder", "N", "--called-card", "AS", "--json"]),
    (["deal", "--variant", "four-hand", "--seed", "3", "--record"],
     ["deal", "--variant", "four-hand", "--seed", "3", "--as-record"]),
    (["study", "--variant", "four-hand", "--deals", "2", "--filter", "N:trumps"],
     ["study", "--variant", "four-hand", "--deals", "2", "--where", "N:trumps"]),
    (["study", "--variant", "four-hand", "--deals", "2", "--workers", "999"],
     ["study", "--variant", "four-hand", "--deals", "2", "--jobs", "999"]),
]


@pytest.mark.parametrize("old,new", CASES, ids=lambda c: " ".join(c[:1] + c[-3:]))
def test_old_spelling_answers_as_the_new_one_with_one_notice(cli, old, new):
    then, now = cli(*old), cli(*new)
    assert (then.code, then.out) == (now.code, now.out)
    notices = [line for line in then.err.splitlines() if line.startswith("pinosolve: notice")]
    assert len(notices) == 1 and "is now " in notices[0], then.err
    assert then.err.replace(notices[0] + "\n", "") == now.err
    assert "notice" not in now.err


def test_a_record_as_the_first_argument_is_read_as_record_with_one_notice(cli):
    then = cli("review", "tests/data/review-renege.toml", "--json")
    now = cli("review", "--record", "tests/data/review-renege.toml", "--json")
    assert then.code == now.code == 0
    assert {**then.json(), "seconds": 0} == {**now.json(), "seconds": 0}
    assert then.err == ("pinosolve: notice: review RECORD is now review --record RECORD; the "
                        "old name goes in a later release\n") and now.err == ""
    both = cli("review", "--record", "a.toml", "b.toml")
    assert both.code == 2 and both.err.count("\n") == 1 and "once" in both.err
    board = cli("board", "--no-browser", "--port", "0", "no-such.pgr")  # (refused unserved)
    assert board.code == 2 and board.err.startswith("pinosolve: notice: board RECORD")
    assert "not found" in board.err.splitlines()[1]


@pytest.mark.parametrize("args", [
    ["bid", "--variant", "four-hand", "--history", "50 55", "--auction", "50 60"],
    ["bid", "--variant", "four-hand", "--auction=25", "--history=26"],
    ["study", "--variant", "four-hand", "--deals", "1", "--where", "N:has=AS", "--filter",
     "N:has=KS"],
])
def test_an_old_and_a_new_name_together_are_refused(cli, args):
    run = cli(*args)
    assert run.code == 2 and run.err.count("\n") == 1 and "give one of them" in run.err


def test_a_renamed_batch_key_is_read_with_one_notice(cli):
    lines = [{"variant": "four-hand", "history": "25"}, {"variant": "four-hand", "auction": "25"},
             {"variant": "four-hand", "history": "25 26"}]
    run = cli("bid", "--input", "-", stdin="\n".join(map(json.dumps, lines)))
    answers = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 0 and [a["to_move"] for a in answers] == ["E", "E", "S"]
    assert run.err.count("notice: the key history is now auction") == 1


def test_an_old_key_the_command_still_has_is_not_renamed():
    # (a key renamed in one command keeps its meaning where another still has it)
    assert renames.renamed_key("history", {"history", "dealer"}, quiet=True) == "history"
    assert renames.renamed_key("history", {"dealer"}, quiet=True) == "history"


def test_python_old_names_warn_and_answer():
    import pinosolve
    from pinosolve.variants.holdings import show_hand
    from pinosolve.variants.variant import load_variant

    ruling = pinosolve.auction("four-hand", "25 pass")
    with pytest.warns(DeprecationWarning, match="to_move"):
        assert ruling.to_act == ruling.to_move == "S"
    held = show_hand(load_variant("four-hand"), "AS TS KS")
    with pytest.warns(DeprecationWarning, match="cards_held"):
        assert held.count == held.cards_held == 3


def test_old_result_names_warn_and_answer():
    import pinosolve

    game = pinosolve.Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S", leader="N")
    solved = game.solve()
    with pytest.warns(DeprecationWarning, match="values_bounds"):
        assert solved.value_bounds == solved.values_bounds == {}
    review = pinosolve.review({"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.",
                               "trump": "S", "leader": "N", "play": "AS TS QS 9S"})
    play = review.plays[0]
    with pytest.warns(DeprecationWarning, match="is_legal"):
        assert play.legal is play.is_legal is True
    with pytest.warns(DeprecationWarning, match="values_bounds"):
        assert play.value_bounds is play.values_bounds
