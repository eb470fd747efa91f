"""A contract's question, "can the side reach T?", by one null-window test at T, against the
exact value (issue 36): side by side on the same seeded full deals, in one run.

    python bench/threshold.py [--family F] [--deals N]

For each seeded deal (``bench/dd_full.deal_position``: the variant's ``random_deal(seed)``, a
seeded trump, the first seat leading): the time of the exact value (``solve``,
value only), then of ``reaches`` at three thresholds: the value itself (the hardest "yes"),
the value plus one (the hardest "no"), and the middle of the points in play (a typical
contract). Each answer is checked against the value. Prints the medians and the worst, and
the ratio of the medians (exact / threshold).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dd_full import deal_position  # noqa: E402
from pinosolve import load_variant  # noqa: E402
from pinosolve.play.driver import reaches, solve  # noqa: E402
from pinosolve.play.legality import PlayRules  # noqa: E402
from pinosolve.play.position import points_left  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", default="four-hand")
    ap.add_argument("--deals", type=int, default=100)
    args = ap.parse_args()
    v = load_variant(args.family)
    rules = PlayRules.of(v)
    declarer = v.seats[1] if len(v.seats) == 3 or v.rules.players.partnership != "fixed" \
        else None
    partner = v.seats[3] if v.rules.players.partnership == "called-card" else None
    exact, at, above, middle = [], [], [], []
    for seed in range(args.deals):
        pos = deal_position(args.family, seed, declarer, partner)
        t = time.perf_counter()
        value = solve(pos, rules, value_only=True).value
        exact.append(time.perf_counter() - t)
        half = points_left(rules, pos.hands, []) // 2
        for times, threshold in ((at, value), (above, value + 1), (middle, half)):
            t = time.perf_counter()
            answer = reaches(pos, rules, threshold)
            times.append(time.perf_counter() - t)
            assert answer == (value >= threshold), (seed, threshold, value, answer)
    print(f"{args.family}, {args.deals} deals: exact value median {statistics.median(exact):.3f}"
          f" s, worst {max(exact):.3f} s")
    for name, times in (("reach T = value", at), ("reach T = value + 1", above),
                        ("reach T = half the points", middle)):
        print(f"  {name}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s; "
              f"exact/threshold (medians) {statistics.median(exact) / statistics.median(times):.2f}x")


if __name__ == "__main__":
    main()
