"""The full-deal benchmark runs and reports what the issue asks for (a smoke test: no timings
are checked)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _bench(*args: str) -> str:
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "dd_full.py"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_full_deal_bench_reports_median_worst_and_nodes():
    out = _bench("--deals", "3", "--families", "two-hand")
    line = next(x for x in out.splitlines() if x.startswith("two-hand"))
    assert re.search(r"x3: median +[\d.]+ s, p90 +[\d.]+ s, worst +[\d.]+ s; nodes median \d+",
                     line), line
    assert "capped" not in line


def test_capped_deals_report_the_bounds_proved():
    pytest.importorskip("pinosolve._core")
    out = _bench("--deals", "2", "--families", "double-deck", "--timeout", "0.05")
    line = next(x for x in out.splitlines() if x.startswith("double-deck"))
    found = re.findall(r"(\d+): (\d+)\.\.(\d+)", line.split("capped at", 1)[1])
    assert [seed for seed, _, _ in found] == ["0", "1"], line
    assert all(0 <= int(lo) <= int(hi) <= 50 for _, lo, hi in found), line
