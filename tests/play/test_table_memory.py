"""The search's table fits the memory there is: sized from what the process may use, asked
again at half the size where the memory refuses it, and one line where even the least table
does not fit."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from pinosolve import load_variant
from pinosolve.errors import PinosolveError
from pinosolve.play import core
from pinosolve.play.tables import SMALLEST_BITS, table_entries
from tests.conftest import ROOT

LIMIT = 300_000 * 1024  # ulimit -v 300000: what the audit ran under


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS") or core.backend() != "c",
                    reason="an address-space limit, and the compiled core's table")
def test_a_double_deck_deal_is_solved_under_300_mb():
    """A full double-deck deal starts a table of 2**24 entries (256 MiB), which a 300 MB
    address space refused (exit 70): now it is answered, within the time given."""
    deal = load_variant("double-deck").random_deal(3)
    run = subprocess.run([sys.executable, "-m", "pinosolve", "solve", "--variant",
                          "double-deck", "--deal", str(deal), "--trump", "S", "--timeout", "1",
                          "--json"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         preexec_fn=_limited)
    assert run.returncode == 0, (run.returncode, run.stderr[-500:])
    assert "bounds" in run.stdout or "value" in run.stdout


def test_a_table_the_memory_refuses_is_asked_again_smaller(monkeypatch):
    """Each MemoryError halves the table, and it grows no further than what fitted."""
    if core.backend() != "c":
        pytest.skip("the compiled core's table")
    from pinosolve.play import _core
    from pinosolve.play.rules import PlayRules

    asked = []
    real = _core.Core

    def refusing(*args, **kw):
        asked.append((kw["tt_bits"], kw["grow_bits"]))
        if kw["tt_bits"] > 12:
            raise MemoryError
        return real(*args, **kw)

    monkeypatch.setattr(_core, "Core", refusing)
    rules = PlayRules.of(load_variant("four-hand"))
    search = core.CoreSearch(rules, 0, (0, 1, 0, 1), tt_entries=1 << 16, grow_to=1 << 20)
    assert search.table_bits == 12
    assert asked == [(16, 20), (15, 15), (14, 14), (13, 13), (12, 12)]

    monkeypatch.setattr(_core, "Core", lambda *a, **k: (_ for _ in ()).throw(MemoryError))
    with pytest.raises(PinosolveError) as err:
        core.CoreSearch(rules, 0, (0, 1, 0, 1), tt_entries=1 << 16)
    assert "out of memory" in str(err.value) and "\n" not in str(err.value)
    assert f"{1 << SMALLEST_BITS} entries" in str(err.value)


def test_the_first_table_is_no_larger_than_its_limit():
    hands = [[0] * 20] * 4
    assert table_entries(hands) == 1 << 24
    assert table_entries(hands, 1 << 22) == 1 << 22
    assert table_entries([[0] * 3] * 4, 1 << 22) == 1 << 16
