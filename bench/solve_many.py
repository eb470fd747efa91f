"""solve_many in threads against one at a time, side by side: what the GIL-free core buys.

    python bench/solve_many.py [--family three-hand-kitty] [--deals 4] [--rounds 3]
                               [--threads 2]

Each round solves the same seeded full deals (value only) with ``threads=1`` and with ``threads=N``,
in alternating order (the machine drifts: only runs side by side compare), checks that both
give the same values, and prints the median and worst wall time of each and the speed-up of
the medians. On a machine with fewer free cores than ``--threads`` the speed-up is bounded by the
cores, not by the interpreter.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pinosolve  # noqa: E402
from pinosolve import Suit  # noqa: E402
from pinosolve.play.core import describe  # noqa: E402

BIDDER = {"three-hand-kitty": {"declarer": "E"}, "three-hand-auction": {"declarer": "E"},
          "five-hand-call": {"declarer": "2", "partner": "4"}}


def games(family: str, deals: int) -> list[pinosolve.Game]:
    v = pinosolve.load_variant(family)
    return [pinosolve.Game(v, v.random_deal(seed), trump=Suit(seed % 4),
                           **BIDDER.get(family, {})) for seed in range(deals)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--family", default="three-hand-kitty")
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    todo = games(args.family, args.deals)
    print(f"python {sys.version.split()[0]}; {describe()}; {args.family}, {args.deals} deals, "
          f"value only; threads 1 against threads {args.threads}, {args.rounds} rounds alternating")
    times: dict[int, list[float]] = {1: [], args.threads: []}
    values: dict[int, list] = {}
    for r in range(args.rounds):
        for threads in ((1, args.threads) if r % 2 == 0 else (args.threads, 1)):
            start = time.perf_counter()
            out = pinosolve.solve_many(todo, threads=threads, value_only=True)
            times[threads].append(time.perf_counter() - start)
            values.setdefault(threads, [x.value for x in out])
    if values[1] != values[args.threads]:
        sys.exit(f"solve_many: the values differ: {values[1]} against {values[args.threads]}")
    for threads, ts in times.items():
        print(f"threads {threads}: median {statistics.median(ts):.3f} s, worst {max(ts):.3f} s")
    speed = statistics.median(times[1]) / statistics.median(times[args.threads])
    print(f"speed-up of the medians: {speed:.2f}x (values {values[1]})")


if __name__ == "__main__":
    main()
