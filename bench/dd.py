"""Double-dummy speed of the reference search: endings of 3 to 8 tricks and full deals.

    python bench/dd.py [--full-deals N] [--timeout S]

Positions are fixed seeded random endings (every player holds k cards, trick empty, random
leader and trump); each is solved with --value-only semantics. Prints, per family and ending
length, the median and the worst time and node count. Full deals are capped by --timeout; a
capped deal is reported as such (the Python reference is the oracle for the compiled core of
the next issue, not the fast path).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import load_variant  # noqa: E402
from pinosolve.play.budget import Budget  # noqa: E402
from pinosolve.variants.sides import play_sides  # noqa: E402
from pinosolve.play.rules import PlayRules  # noqa: E402
from pinosolve.play.driver import solve  # noqa: E402
from pinosolve.play.position import Position  # noqa: E402

FAMILIES = [("two-hand", None, None), ("three-hand-kitty", "N", None),
            ("four-hand", None, None), ("double-deck", None, None),
            ("five-hand-call", "1", "3")]


def ending(vid: str, tricks: int, seed: int, declarer, partner) -> Position:
    v = load_variant(vid)
    rnd = random.Random(f"{vid}/{tricks}/{seed}")
    deck = list(v.deck)
    rnd.shuffle(deck)
    n = len(v.seats)
    hands = [[deck.pop().index for _ in range(tricks)] for _ in range(n)]
    return Position(hands, rnd.randrange(n), [], play_sides(v, declarer, partner),
                    rnd.randrange(4))


def run(vid, declarer, partner, tricks, seeds, timeout):
    rules = PlayRules.of(load_variant(vid))
    times, nodes, capped = [], [], 0
    for seed in range(seeds):
        pos = ending(vid, tricks, seed, declarer, partner)
        start = time.perf_counter()
        res = solve(pos, rules, value_only=True, budget=Budget(timeout=timeout or None))
        times.append(time.perf_counter() - start)
        nodes.append(res.nodes)
        capped += not res.exact
    cap = f", {capped} capped at {timeout:g} s" if capped else ""
    print(f"{vid:17s} {tricks:2d} tricks x{seeds}: median {statistics.median(times):8.3f} s "
          f"worst {max(times):8.3f} s; nodes median {int(statistics.median(nodes)):>9d} "
          f"worst {max(nodes):>9d}{cap}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--max-tricks", type=int, default=8)
    ap.add_argument("--full-deals", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; reference search (pure Python), one thread")
    for vid, declarer, partner in FAMILIES:
        for tricks in range(3, args.max_tricks + 1):
            run(vid, declarer, partner, tricks, args.seeds, args.timeout)
    for vid, declarer, partner in FAMILIES:
        if args.full_deals:
            run(vid, declarer, partner, load_variant(vid).rules.deal.hand_size,
                args.full_deals, args.timeout)


if __name__ == "__main__":
    main()
