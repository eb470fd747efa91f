"""Meld engine speed: a cold CLI answer, and --input throughput, over fixed seeded hands.

    python bench/meld.py            # prints median and worst of each measurement

Targets: one holding, one trump, from the CLI cold in under 0.5 s; --input with
thousands of hands at 1000 hands/s or more.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve import load_variant  # noqa: E402

CLI = [shutil.which("pinosolve") or sys.executable, *([] if shutil.which("pinosolve")
                                                      else ["-m", "pinosolve"])]


def hands(variant_id: str, n: int, seed: int) -> list[dict]:
    v = load_variant(variant_id)
    rnd = random.Random(seed)
    deck = [str(c) for c in v.deck]
    out = []
    for _ in range(n):
        rnd.shuffle(deck)
        out.append({"hand": " ".join(deck[:v.rules.deal.hand_size]),
                    "trump": rnd.choice("SHDC")})
    return out


def timed(cmd: list[str], stdin: str | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True)
    return time.perf_counter() - start


def cold(runs: int = 15) -> None:
    cmd = CLI + ["meld", "AH TH KH KH QH JH 9H QS JD AS AD AC", "--trump", "H",
                 "--variant", "four-hand-classic", "--json"]
    times = sorted(timed(cmd) for _ in range(runs))
    print(f"cold 'pinosolve meld' (one holding, one trump), {runs} runs: "
          f"median {statistics.median(times):.3f} s, worst {times[-1]:.3f} s")


def batch(variant_id: str, n: int = 5000, runs: int = 3) -> None:
    lines = "\n".join(json.dumps(h) for h in hands(variant_id, n, seed=2026)) + "\n"
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        fh.write(lines)
    rates = []
    for _ in range(runs):
        t = timed(CLI + ["meld", "--variant", variant_id, "--input", fh.name, "--json"])
        rates.append(n / t)
    rates.sort()
    print(f"--input {n} seeded {variant_id} hands (process start included), {runs} runs: "
          f"median {statistics.median(rates):.0f} hands/s, worst {rates[0]:.0f} hands/s")


if __name__ == "__main__":
    print(f"python {sys.version.split()[0]}, command {' '.join(CLI)}")
    cold()
    for vid in ("four-hand-classic", "double-deck", "two-hand-1000"):
        batch(vid)
