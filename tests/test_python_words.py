"""The library speaks Python to Python callers and the command line its options: no error
the library raises names a command-line option (``--bidder``), each names the argument as a
caller writes it (``bidder=``), and the command line rewords those at its edge; the public
surface is typed, and the API reference documents each name where it is imported from."""

from __future__ import annotations

import ast
import inspect
import re
import typing
from pathlib import Path

import pytest

import pinosolve
from pinosolve.errors import PinosolveError

ROOT = Path(__file__).resolve().parents[1]
OPTION = re.compile(r"--(\{|[a-z])")

# raises that name a command on purpose, each with why: (file, words in the message)
COMMAND_LINE_ONLY = {
    ("pinosolve/puzzle.py", "--list"),  # (names the command that lists the puzzles)
    ("pinosolve/schemas.py", "--input"),  # (the schema of a command's batch answer)
    ("pinosolve/analysis/study.py", "--out"),  # (resuming the command's --out file)
    ("pinosolve/analysis/conditions.py", "--trump"),  # (deal --where; issue 59 item 13's)
}


def _raises_naming_an_option():
    """Every ``raise`` outside the command line (``cli/``, ``board/``) whose message names a
    command-line option, as (file, line, message source)."""
    for path in sorted((ROOT / "pinosolve").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("pinosolve/cli/", "pinosolve/board/")):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and node.exc is not None:
                text = ast.unparse(node.exc)
                if OPTION.search(text):
                    yield rel, node.lineno, text


def test_no_library_error_names_a_command_line_option():
    found = [(rel, line, text[:100]) for rel, line, text in _raises_naming_an_option()
             if not any(rel == f and w in text for f, w in COMMAND_LINE_ONLY)]
    assert found == []


@pytest.mark.parametrize("call, words", [
    (lambda: pinosolve.Game("four-hand", "N:A... T... K... Q...", trump="S", bidder="N"),
     "drop bidder="),
    (lambda: pinosolve.Game("four-hand", "N:A... T... K... Q...", trump="S", partner="S"),
     "drop partner="),
    (lambda: pinosolve.Game("three-hand-kitty", "N:A... T... K...", trump="S",
                            called_card="AS"), "called partner"),
    (lambda: pinosolve.Game("five-hand-call", "1:A... T... K... Q... J...", trump="S",
                            declarer="1", called_card="AS"), "(partner=)"),
    (lambda: pinosolve.resolve("four-hand", "four-hand-classic"), "variant= or rules="),
    (lambda: pinosolve.read_record('[Variant "four-hand"]\n[Deal "N:A... T... K... Q..."]')
     .view_input(), "seat="),
])
def test_a_python_caller_is_told_the_argument(call, words):
    with pytest.raises(PinosolveError) as got:
        call()
    message = str(got.value)
    assert words in message and not OPTION.search(message), message


def test_the_command_line_names_its_options_for_the_same_errors(cli):
    run = cli("solve", "--variant", "four-hand", "--deal", "N:A... T... K... Q...", "--trump",
              "S", "--bidder", "N")
    assert run.code == 2 and "drop --bidder [players.partnership" in run.err, run.err
    run = cli("solve", "--variant", "four-hand", "--rules", "four-hand-classic", "--deal",
              "N:A... T... K... Q...", "--trump", "S")
    assert run.code == 2 and "give --variant or --rules, not both" in run.err, run.err
    batch = cli("solve", "--input", "-", stdin='{"variant": "four-hand", "deal": '
                '"N:A... T... K... Q...", "trump": "S", "bidder": "N"}\n')
    assert "drop --bidder" in batch.out, batch.out


def test_to_record_is_typed_and_takes_its_facts_by_name():
    from pinosolve.records.record import Record

    sig = inspect.signature(pinosolve.Game.to_record)
    assert all(p.kind is p.KEYWORD_ONLY for name, p in sig.parameters.items() if name != "self")
    assert {"bidder", "bid", "meld", "kitty", "laid_away", "passes", "dealer", "auction",
            "tags"} <= set(sig.parameters)
    assert sig.return_annotation == "Record" and Record.__module__ == "pinosolve.records.record"
    assert sig.parameters["bid"].annotation == "Optional[int]"
    with pytest.raises(TypeError):
        pinosolve.Game("four-hand", "N:A... T... K... Q...", trump="S").to_record(bids=250)


def test_the_public_functions_say_what_they_return():
    loose = []
    for name in pinosolve.__all__:
        obj = getattr(pinosolve, name)
        members = [(name, obj)] if inspect.isfunction(obj) else [
            (f"{name}.{m}", f) for m, f in vars(obj).items()
            if inspect.isfunction(f) and not m.startswith("_")] if inspect.isclass(obj) else []
        for label, f in members:
            if inspect.signature(f).return_annotation in ("Any", typing.Any):
                loose.append(label)
    # (the analyses' View and Game.result_of take a search's own objects; the rest are typed)
    assert [x for x in loose if not x.startswith(("View.", "Game.result_of"))] == []


def test_the_api_reference_documents_public_names_where_they_are_imported():
    api = (ROOT / "docs" / "api.md").read_text()
    names = re.findall(r"^::: (\S+)$", api, flags=re.M)
    assert names and all(re.fullmatch(r"pinosolve\.\w+", n) for n in names), names
    assert all(hasattr(pinosolve, n.split(".")[1]) for n in names)
    assert {"pinosolve.Game", "pinosolve.read_record", "pinosolve.Record",
            "pinosolve.RecordError"} <= set(names)
