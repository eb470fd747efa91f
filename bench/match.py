"""Speed of matches: a ``rules`` deal at every seating, and the match's own share of a
``pimc`` match (the time outside the players' decisions), over fixed seeded deals.

    python bench/match.py [--deals N] [--variant four-hand] [--pimc pimc:samples=4]

Prints the median and worst milliseconds of one deal played at both tables (rules against
rules), and for ``--pimc`` against rules the share of the match's time spent outside the
players (dealing, views, legality, records, scoring). One core, one process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.match.match import MatchSpec, close_players, play_deal  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="four-hand")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pimc", default="pimc:samples=4", help="'' to skip the pimc part")
    ap.add_argument("--pimc-deals", type=int, default=3)
    args = ap.parse_args()
    spec = MatchSpec(args.variant, "rules", "rules", args.seed)
    play_deal(spec, 10**6)  # (warm: imports, the meld engine's models)
    times = []
    for k in range(args.deals):
        start = time.perf_counter()
        play_deal(spec, k)
        times.append(time.perf_counter() - start)
    print(f"{args.variant}: rules against rules, a deal at every seating: median "
          f"{statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms "
          f"over {args.deals} deals (seed {args.seed})")
    close_players()
    if not args.pimc:
        return
    spec = MatchSpec(args.variant, args.pimc, "rules", args.seed)
    total = inside = 0.0
    for k in range(args.pimc_deals):
        start = time.perf_counter()
        result, _ = play_deal(spec, k)
        total += time.perf_counter() - start
        inside += sum(sum(b.seconds.values()) for b in result.boards)
    print(f"{args.variant}: {args.pimc} against rules, {args.pimc_deals} deals: "
          f"{total:.1f} s, of which {total - inside:.2f} s outside the players "
          f"({(total - inside) / total:.1%})")


if __name__ == "__main__":
    main()
