"""A number of 5,000 digits, in every option that takes a number, is refused in one line.

Python's ``int()`` stops at 4,300 digits with a ``ValueError`` about its own settings, which
the command line would report as an internal error (exit 70). The family: every option of
every command typed as a number (read by the command line's parser), and every text option
that holds a number (read by ``cli.params.whole_text``), on the command line (one line,
exit 2) and in a batch line (that line's error record, no internal error). Each is given to
a command the documentation runs, so that the number is what is refused."""

from __future__ import annotations

import importlib.util
import json

import pytest

from tests.conftest import ROOT

DIGITS = "9" * 5000

# the text options whose words hold a number, and how a number is written in them
IN_TEXT = {("advise", "--meld"): [DIGITS, f"N={DIGITS}"],
           ("score", "--meld"): [f"NS={DIGITS}"],
           ("score", "--points"): [f"NS={DIGITS}"],
           ("score", "--tricks"): [f"NS={DIGITS}"],
           ("score", "--meld-order"): [f"NS={DIGITS}"],
           ("deal", "--where"): [f"N:count(S)>={DIGITS}"],
           ("study", "--where"): [f"N:count(S)>={DIGITS}"]}


def _doc_commands() -> dict[str, list[str]]:
    """Each command's first example in the documentation (the golden corpus's list)."""
    spec = importlib.util.spec_from_file_location("golden", ROOT / "tools" / "golden.py")
    assert spec is not None and spec.loader is not None
    golden = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(golden)
    first: dict[str, list[str]] = {
        "verify": ["verify", "--variant", "four-hand", "--trump", "H", "--hand",
                   "AH TH KH QH JH 9H AS KS", "--claim", "run"]}
    for _, args in golden.doc_commands():
        first.setdefault(args[0], args)  # (a command the docs do not run: its own)
    return first


def _number_options() -> list[tuple[str, str, list[str]]]:
    """(command, option, values): every option typed as a number, and ``IN_TEXT``."""
    import typer.main

    from pinosolve.cli import app

    out = []
    for name, command in typer.main.get_command(app).commands.items():
        for p in command.params:
            longs = [o for o in p.opts if o.startswith("--")]
            kind = getattr(getattr(p, "type_descriptor", None), "annotation", None)
            if longs and kind in (int, float, list[int], list[float]):
                out.append((name, longs[0], [DIGITS]))
    out += [(name, opt, values) for (name, opt), values in IN_TEXT.items()]
    return out


BASES = _doc_commands()
OPTIONS = [case for case in _number_options() if case[0] in BASES]


def test_the_family_is_found():
    found = {(name, opt) for name, opt, _ in OPTIONS}
    assert set(IN_TEXT) <= found
    assert {("deal", "--seed"), ("advise", "--bid"), ("verify", "--announced")} <= found


@pytest.mark.parametrize("name, option, values", OPTIONS, ids=lambda x: str(x)[:20])
def test_a_huge_number_on_the_command_line_is_one_line(cli, name, option, values):
    for value in values:
        run = cli(*BASES[name], option, value)
        assert run.code == 2 and run.err.count("\n") == 1 and "internal" not in run.err, \
            (name, option, run.code, run.err[:300])


def _batched(name: str) -> bool:
    """Whether the command reads batch lines (--input) in its documented example's form (a
    command given a file by position reads that instead)."""
    import typer.main

    from pinosolve.cli import app

    command = typer.main.get_command(app).commands[name]
    return any("--input" in p.opts for p in command.params) and \
        not any(p.param_type_name == "argument" for p in command.params)


@pytest.mark.parametrize("name, option, values",
                         [case for case in OPTIONS if _batched(case[0])],
                         ids=lambda x: str(x)[:20])
def test_a_huge_number_in_a_batch_line_is_that_lines_error(cli, name, option, values):
    key = option.lstrip("-").replace("-", "_")
    lines = [json.dumps({key: v}) for v in values]
    lines += [json.dumps({key: [v]}) for v in values]
    lines += [f'{{"{key}": {DIGITS}}}']
    run = cli(*BASES[name], "--input", "-", stdin="\n".join(lines) + "\n")
    answers = run.lines()
    assert len(answers) == len(lines), (name, option, run.out[:300], run.err[:300])
    for answer in answers:
        assert "error" in answer and "internal" not in answer["error"], (name, option, answer)
    assert run.code == 1 and "internal" not in run.err, (name, option, run.code, run.err)
