"""Speed of the round-level questions over fixed seeded deals: the pass-back (CP-SAT), the
partnership's exchange, and makeable (meld plus a double-dummy full deal).

    python bench/contract.py [--deals N]    # median and worst of each, one thread
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve import load_variant  # noqa: E402
from pinosolve.cards import Hand, Suit  # noqa: E402


def deals(vid: str, n: int, seed: int) -> list[tuple[list[list[str]], Suit]]:
    v = load_variant(vid)
    rnd = random.Random(seed)
    deck = [str(c) for c in v.deck]
    size = v.rules.deal.hand_size
    out = []
    for _ in range(n):
        rnd.shuffle(deck)
        out.append(([deck[i * size:(i + 1) * size] for i in range(len(v.seats))],
                    Suit.parse(rnd.choice("SHDC"))))
    return out


def report(name: str, times: list[float]) -> None:
    print(f"{name:<40} n={len(times):<4} median {statistics.median(times) * 1000:8.1f} ms"
          f"   worst {max(times) * 1000:8.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=20)
    args = ap.parse_args()
    from pinosolve.scoring.makeable import analyse
    from pinosolve.scoring.passing import pass_back, side_exchange

    for vid in ("four-hand", "double-deck"):
        v = load_variant(vid)
        pb, ex = [], []
        for hands, trump in deals(vid, args.deals, 2026):
            t = time.perf_counter()
            pass_back(v, trump, Hand(hands[0]), Hand(hands[2][:4]))
            pb.append(time.perf_counter() - t)
            t = time.perf_counter()
            side_exchange(v, trump, Hand(hands[0]), Hand(hands[2]))
            ex.append(time.perf_counter() - t)
        report(f"pass-back {vid}", pb)
        report(f"partner exchange {vid}", ex)
    v = load_variant("four-hand")
    mk = []
    for hands, trump in deals("four-hand", args.deals, 2026):
        deal = v.parse_deal("N:" + " ".join(",".join(h) for h in hands), full=True)
        t = time.perf_counter()
        analyse(v, deal, trump, "N", 30)
        mk.append(time.perf_counter() - t)
    report("makeable four-hand (full deal)", mk)


if __name__ == "__main__":
    main()
