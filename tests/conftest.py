"""Shared test helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

import io
import json
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A suite started with Ctrl-C ignored (in the background, under nohup) would pass that on to
# every program the tests start, and the tests of Ctrl-C would test another program: the
# programs start with Python's own handling, as from a terminal (a handled signal is reset
# to its default in a program started from here; an ignored one would stay ignored).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)

    def lines(self):
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


@pytest.fixture
def cli(monkeypatch):
    """Call ``pinosolve ARGS…`` in-process; returns exit code, stdout and stderr."""
    from pinosolve.cli import main

    def run(*args: str, stdin: str = "") -> Run:
        out, err = io.StringIO(), io.StringIO()
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        monkeypatch.setenv("COLUMNS", "80")
        code = main(list(args))
        monkeypatch.undo()
        return Run(code, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def grow_limits(monkeypatch):
    """The limit each compiled search's table may grow to (``grow_to``), in the order the
    searches are made, however solve() passes it."""
    import inspect

    from pinosolve.play.core import CoreSearch

    seen = []
    init = CoreSearch.__init__

    def spy(self, *args, **kw):
        seen.append(inspect.signature(init).bind(self, *args, **kw).arguments["grow_to"])
        init(self, *args, **kw)

    monkeypatch.setattr(CoreSearch, "__init__", spy)
    return seen


# The quick subset (pytest -m quick, about three minutes): the notation, the rules files, meld,
# legality, scoring and the records, in process, less their long differential families;
# every test of the package's own docstrings too. The whole suite is the gate; this is for
# the edit-and-run loop.
QUICK_MODULES = {"test_cards", "test_legal", "test_scoring", "test_bidding", "test_contract",
                 "test_game", "test_files", "test_records", "test_rules_files", "test_meld",
                 "test_printable", "test_docs"}
QUICK_SKIP = {"test_cp_sat_equals_brute_force", "test_extends_refuses_every_kind",
              "test_any_damage_to_a_record_is_read_or_refused_in_one_line"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        module = Path(str(item.fspath)).stem
        in_package = "pinosolve" in Path(str(item.fspath)).parts
        name = getattr(item, "originalname", None) or item.name
        if in_package or (module in QUICK_MODULES and name not in QUICK_SKIP):
            item.add_marker(pytest.mark.quick)
