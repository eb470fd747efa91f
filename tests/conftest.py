"""Shared test helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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
