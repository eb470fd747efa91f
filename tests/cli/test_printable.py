"""Text from rules files reaches people's terminals escaped: it can never drive the terminal.

An audit: escape sequences in a rules file's text reached the terminal raw and
could fake a ruling. Rich emits no codes of its own to a stream that is not a terminal, so
any control character in the human output here would have come from the data.
"""

from __future__ import annotations

import contextlib
import io
import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve.cli import main
from pinosolve.cli.printable import printable

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# text a hostile file might hold: escape sequences, bidi overrides, ordinary letters
HOSTILE = st.lists(st.sampled_from(["\x1b", "[", "2J", "31m", "]0;", "\x07", "\x9b", "\r",
                                    "\u202e", "\u2066", "\x08", "ruling: made", "a", " "]),
                   min_size=1, max_size=12).map("".join)


def _house(tmp_path, name: str, description: str, meld_name: str):
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "four-hand"\nname = {json.dumps(name)}\n'
                    f"description = {json.dumps(description)}\n"
                    f"[meld.kinds.marriage]\nname = {json.dumps(meld_name)}\n")
    return path


@settings(max_examples=20, deadline=None)
@given(name=HOSTILE, description=HOSTILE, meld_name=HOSTILE)
def test_rules_text_never_reaches_the_terminal_raw(tmp_path_factory, name, description,
                                                   meld_name):
    tmp = tmp_path_factory.mktemp("house")
    path = str(_house(tmp, name, description, meld_name))
    for args in (["rules", "--rules", path], ["meld", "KH QH", "--trump", "S", "--rules", path],
                 ["verify", "--trump", "S", "--hand", "KH QH", "--claim", "KH QH",
                  "--announced", "9", "--rules", path]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(args)
        text = out.getvalue() + err.getvalue()
        assert not CONTROL.search(text), (args, text)


@given(st.text())
def test_printable_leaves_no_control_but_newline_and_tab(text):
    shown = printable(text)
    assert not CONTROL.search(shown)
    assert not re.search("[\x00-\x1f\x7f-\x9f]", printable(text, one_line=True))
    if not CONTROL.search(text) and "\\" not in text:
        assert shown == text  # ordinary text prints as written


@settings(max_examples=20, deadline=None)
@given(key=HOSTILE, card=HOSTILE)
def test_error_messages_show_control_characters_too(tmp_path_factory, key, card):
    """An error quotes what was wrong (a rules file's unknown key, a card that is none): on
    one line, with its control characters escaped."""
    path = tmp_path_factory.mktemp("key") / "house.toml"
    path.write_text(f'extends = "four-hand"\n{json.dumps(key)} = 1\n')
    # (a card that happens to be one is followed by one that is none: the line is refused)
    for args in (["rules", "--rules", str(path)],
                 ["meld", f"{card} ZZ", "--variant", "four-hand"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
        assert code == 2 and err.getvalue().count("\n") == 1, err.getvalue()
        assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]",
                             err.getvalue()), err.getvalue()


def test_a_plot_name_is_echoed_printable(cli, tmp_path):
    """``--plot`` echoed raw escape sequences from a file name to the terminal.
    Every command that writes a plot says where in one printable line."""
    name = tmp_path / "evil\x1b[2J\x07.png"
    hand = "AS AS TS KS QS JS 9S AH KH QD JC 9C"
    for args in (["study", "--variant", "four-hand", "--deals", "1", "--seed", "1"],
                 ["advise", "--bidding", "--variant", "four-hand", "--seat", "N", "--hand",
                  hand, "--samples", "1", "--seed", "1"],
                 ["review", "--record", "tests/data/review-renege.toml"]):
        run = cli(*args, "--plot", str(name))
        assert run.code == 0, run.err
        said = run.out + run.err
        assert "\x1b" not in said and "\x07" not in said, said[-300:]
        assert "evil\\x1b[2J\\x07.png" in said, said[-300:]
        assert name.exists()
        name.unlink()
