"""Calibration and power of the match statistics, measured on real matches.

    python bench/calibration.py --variant two-hand --matches 200 --deals 100
    python bench/calibration.py --power "rules random" --variant four-hand

Calibration: ``--matches`` matches of ``random`` against itself (seeds 1, 2, ...; ``--deals``
deals each): the share whose 95% interval excludes zero should be 5% (the issue asks 5% ± 3%).
Power (``--power "A B"``): the deals a match of A against B needs before the sequential
test ``--sprt LOW,HIGH`` decides (``match --sprt``), over ``--matches`` seeds (median and
worst, and how often it decided for HIGH), matches of up to ``--deals``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.match.match import MatchSpec, play_deal  # noqa: E402
from pinosolve.match.stats import parse_sprt, summarise  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="two-hand")
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--power", default=None, help="'A B': deals needed to tell A from B")
    ap.add_argument("--sprt", default="0,5", help="LOW,HIGH points a deal, for --power")
    args = ap.parse_args()
    start = time.perf_counter()
    if args.power is None:
        spec_of = lambda seed: MatchSpec(args.variant, "random", "random", seed)
        rejected = 0
        for seed in range(1, args.matches + 1):
            spec = spec_of(seed)
            diffs = [play_deal(spec, k)[0].difference for k in range(args.deals)]
            rejected += summarise(diffs, seed=seed).excludes_zero()
        share = rejected / args.matches
        print(f"{args.variant}: random against random, {args.matches} matches of "
              f"{args.deals} deals: {rejected} rejected equality at 95% ({share:.1%}); "
              f"{time.perf_counter() - start:.0f} s")
        return
    first, second = args.power.split()
    test = parse_sprt(args.sprt)
    needed, high = [], 0
    for seed in range(1, args.matches + 1):
        spec = MatchSpec(args.variant, first, second, seed)
        diffs: list[float] = []
        decided = None
        for k in range(args.deals):
            diffs.append(play_deal(spec, k)[0].difference)
            decided = test.decide(diffs)
            if decided:
                break
        needed.append(len(diffs))
        high += decided == "high"
    print(f"{args.variant}: {first} against {second}, sequential test {args.sprt}, "
          f"{args.matches} matches: decided for HIGH in {high}; deals it took: median "
          f"{statistics.median(needed)}, worst {max(needed)} (cap {args.deals}); "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
