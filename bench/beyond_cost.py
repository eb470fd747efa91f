"""The searches beyond PIMC beside plain PIMC, on the same deals: their cost by cards held.

    python bench/beyond_cost.py [--variant four-hand] [--seeds 1 2 3 4 5] [--tricks 4 6 8]
                                [--samples 8] [--methods epimc presumed alphamu]
                                [--bid 250 --meld 150]

A deal of ``random_deal(seed)`` is played by the ``rules`` player's cards down to the given
number of tricks played (``bench/advise_model.py``'s positions: the lead of the next trick),
and the seat to move asks ``advise`` over the same ``--samples`` deals with each method, one
after the other (this machine drifts: each row shares its moment). alpha-mu asks about a
contract: ``--bid`` and the bidding side's ``--meld``. Prints, per tricks played, the median
and worst seconds of plain PIMC and each method's median and worst ratio to it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from advise_model import position

from pinosolve.analysis.advice import advise


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="four-hand")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--tricks", type=int, nargs="+", default=[4, 6, 8])
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--methods", nargs="+", default=["epimc", "presumed", "alphamu"])
    ap.add_argument("--bid", type=int, default=250)
    ap.add_argument("--meld", type=int, default=150)
    args = ap.parse_args(argv)
    print(f"{args.variant}, {args.samples} deals; seeds {args.seeds}")
    print("| tricks played | pimc median / worst s | " +
          " | ".join(f"{m} ratio median / worst" for m in args.methods) + " |")
    print("|---|---|" + "---|" * len(args.methods))
    for tricks in args.tricks:
        plain: list[float] = []
        ratio: dict[str, list[float]] = {m: [] for m in args.methods}
        for seed in args.seeds:
            view = position(args.variant, seed, tricks)
            t0 = time.perf_counter()
            advise(view, samples=args.samples, seed=seed)
            plain.append(time.perf_counter() - t0)
            for m in args.methods:
                contract = {"bid": args.bid, "meld": args.meld} if m == "alphamu" else {}
                t0 = time.perf_counter()
                advise(view, samples=args.samples, seed=seed, method=m, **contract)
                ratio[m].append((time.perf_counter() - t0) / plain[-1])
        print(f"| {tricks} | {statistics.median(plain):.3f} / {max(plain):.3f} | " +
              " | ".join(f"{statistics.median(ratio[m]):.1f} / {max(ratio[m]):.1f}"
                         for m in args.methods) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
