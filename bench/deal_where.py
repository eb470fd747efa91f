"""How long ``deal --where`` takes to find a deal that meets conditions on card counts, or to
say none can: each condition over fixed seeds, median and worst.

    python bench/deal_where.py [--seeds 1 2 3 4 5]

Each run is the library call the command makes (``analysis.conditions.deal_where`` on the
parsed conditions), timed alone; a refusal (no deal can meet it) counts as an answer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve.analysis.conditions import deal_where, parse_conditions  # noqa: E402
from pinosolve.errors import PinosolveError  # noqa: E402
from pinosolve.variants.variant import load_variant  # noqa: E402

CASES = [("four-hand", "N:count(H)>=13"),        # impossible: a 12-card hand
         ("four-hand", "N:count(S)>=9"),          # rare: 1 shuffle in 43,197
         ("four-hand", "N:count(H)>=7 and S:count(H)>=6"),  # impossible together
         ("double-deck", "N:count(S)>=8 and E:count(H)>=8 and S:count(D)>=8"),
         ("five-hand-call", "1:count(S)>=5 and 2:count(H)>=5 and 3:has=AS")]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    args = parser.parse_args(argv)
    for variant, where in CASES:
        v = load_variant(variant)
        times, said = [], set()
        for seed in args.seeds:
            start = time.perf_counter()
            try:
                deal_where(v, parse_conditions(v, where), seed)
                said.add("dealt")
            except PinosolveError:
                said.add("refused")
            times.append(time.perf_counter() - start)
        print(f"{variant:<15} {where:<55} x{len(times)}: median {statistics.median(times):.3f} s,"
              f" worst {max(times):.3f} s ({', '.join(sorted(said))})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
