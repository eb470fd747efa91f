"""Each for himself: the max^n search's size and time on three-hand endings, against the
two-sided (paranoid) search of the same positions, by cards per hand.

    python bench/maxn.py [--cards K ...] [--seeds N] [--variant ID]

For each K, N seeded endings (every seat K cards, a trick begun or not, a seeded bidder);
the max^n search (``pinosolve.play.maxn``, plain Python, exhaustive) and the compiled
two-sided search (``Game.solve``, value only) on each. Prints the median and the worst of
each one's time and nodes, and the growth per card.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import Game, load_variant


def ending(v, seed: int, cards: int) -> Game:
    rng = random.Random(seed)
    deck = list(v.deck)
    rng.shuffle(deck)
    hands = [deck[i * cards:(i + 1) * cards] for i in range(len(v.seats))]
    deal = f"{v.seats[0]}:" + " ".join(
        ".".join("".join(c.rank.letter for c in h if c.suit.name == s) for s in "SHDC")
        for h in hands)
    bidder = rng.choice(v.seats)
    return Game(v, deal, trump="SHDC"[seed % 4], leader=rng.choice(v.seats), declarer=bidder)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, nargs="+", default=[3, 4, 5, 6])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--variant", default="three-hand-kitty")
    args = ap.parse_args()
    v = load_variant(args.variant)
    print(f"{args.variant}: max^n (Python) against the two-sided search (compiled), "
          f"{args.seeds} seeded endings each")
    print(f"{'cards':>5} {'maxn median s':>14} {'worst s':>9} {'median nodes':>13} "
          f"{'2-sided median s':>17} {'worst s':>9}")
    last = None
    for k in args.cards:
        each_t, each_n, two_t = [], [], []
        for seed in range(args.seeds):
            g = ending(v, 1000 * k + seed, k)
            t0 = time.perf_counter()
            r = g.solve_each()
            each_t.append(time.perf_counter() - t0)
            each_n.append(r.nodes)
            t0 = time.perf_counter()
            g.solve(value_only=True)
            two_t.append(time.perf_counter() - t0)
        med = statistics.median(each_n)
        growth = f"  x{med / last:.1f} nodes a card" if last else ""
        last = med
        print(f"{k:>5} {statistics.median(each_t):>14.4f} {max(each_t):>9.4f} {med:>13.0f} "
              f"{statistics.median(two_t):>17.4f} {max(two_t):>9.4f}{growth}")


if __name__ == "__main__":
    main()
