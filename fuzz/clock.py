"""The command line the fuzz scripts share: how long to run, and the seed of the run."""

from __future__ import annotations

import argparse
import random
import time


def fuzz_run(default_seconds: float) -> tuple[random.Random, float]:
    """``--seconds S`` and ``--seed TEXT``: the run's random source and when it ends (a
    time.monotonic)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=default_seconds)
    ap.add_argument("--seed", default="fuzz")
    args = ap.parse_args()
    return random.Random(args.seed), time.monotonic() + args.seconds
