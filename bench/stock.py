"""The open-stock search (``pinosolve.analysis.stock``) on two-hand positions late in the stock
stage: 12 cards a hand, the stock down to K cards, every card known, by K.

    python bench/stock.py [--stock K ...] [--seeds N] [--variant ID] [--timeout S]

Each position is a seeded deal's hands and the first K cards of the rest as the stock (the
turned trump card last), no melds on the table. Prints the median and the worst time and
search size per K, and how many ran out of ``--timeout``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import PinosolveError, Suit, load_variant  # noqa: E402
from pinosolve.analysis.stock import StockPosition, solve_stock  # noqa: E402


def position(v, seed: int, stock: int) -> StockPosition:
    rng = random.Random(seed)
    deck = [c.index for c in v.deck]
    rng.shuffle(deck)
    size = v.rules.deal.hand_size
    hands = [sorted(deck[:size]), sorted(deck[size:2 * size])]
    pile = deck[2 * size:2 * size + stock]
    return StockPosition(v, Suit(pile[-1] // 6), hands, pile, seed % 2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stock", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--variant", default="two-hand")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    v = load_variant(args.variant)
    print(f"{args.variant}: open stock, 12-card hands, {args.seeds} seeded positions each "
          f"(timeout {args.timeout} s)")
    print(f"{'stock':>5} {'median s':>9} {'worst s':>9} {'median nodes':>13} {'timed out':>10}")
    for k in args.stock:
        times, nodes, out = [], [], 0
        for seed in range(args.seeds):
            t0 = time.perf_counter()
            try:
                r = solve_stock(position(v, 100 * k + seed, k), timeout=args.timeout)
                nodes.append(r.nodes)
            except PinosolveError:
                out += 1
            times.append(time.perf_counter() - t0)
        print(f"{k:>5} {statistics.median(times):>9.2f} {max(times):>9.2f} "
              f"{statistics.median(nodes) if nodes else float('nan'):>13.0f} {out:>10}")


if __name__ == "__main__":
    main()
