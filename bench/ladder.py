"""The ladder: adjacent players matched in duplicate, variant by variant, with the commands
that made each row (``docs/players.md`` quotes its output).

    python bench/ladder.py --variant four-hand --deals 40 --out /tmp/ladder
    python bench/ladder.py --variant two-hand --pairs "rules random" --deals 200

Each row is ``pinosolve match A B --variant V --deals N --seed S --out DIR/V-k`` (run in
this process through the library, so a stopped ladder resumes from its folders): the mean
difference A - B in points a deal, its standard error and 95% bootstrap interval, and the
seconds it took. The default pairs climb random < rules < pimc:samples=4 <
pimc:samples=16 < open (a cheat: it sees every card).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.match.match import MatchSpec, run_match  # noqa: E402

PAIRS = ("rules random", "pimc:samples=4 rules", "pimc:samples=16 pimc:samples=4",
         "open pimc:samples=16")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="four-hand")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pairs", nargs="*", default=list(PAIRS),
                    help="each 'A B' (quoted), the stronger expected first")
    ap.add_argument("--out", default=None, help="a folder for each match (resumable)")
    args = ap.parse_args()
    print(f"| {args.variant} | A - B a deal | ± stderr | 95% interval | deals | seconds |")
    print("|---|---:|---:|---|---:|---:|")
    for k, pair in enumerate(args.pairs):
        first, second = pair.split()
        out = None if args.out is None else f"{args.out}/{args.variant}-{k}"
        start = time.perf_counter()
        r = run_match(MatchSpec(args.variant, first, second, args.seed), args.deals, out=out)
        low, high = r.interval
        print(f"| {first} vs {second} | {r.mean_difference:+.2f} | {r.stderr:.2f} | "
              f"[{low:+.2f}, {high:+.2f}] | {r.deals} | "
              f"{time.perf_counter() - start:.0f} |", flush=True)
        print(f"<!-- pinosolve match {first} {second} --variant {args.variant} --deals "
              f"{args.deals} --seed {args.seed} -->", flush=True)


if __name__ == "__main__":
    main()
