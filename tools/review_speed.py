"""How long a whole four-hand deal's review takes against one solve of its opening position
(every card valued): issue 34's speed target is a review within 3x that solve.

    python tools/review_speed.py [SEED ...]
"""

from __future__ import annotations

import random
import sys
import time

import pinosolve
from pinosolve import Game, load_variant


def main(seeds: list[int]) -> None:
    v = load_variant("four-hand")
    for seed in seeds:
        deal = str(v.random_deal(seed))
        trump = "SHDC"[seed % 4]
        g = Game(v, deal, trump=trump)
        t = time.perf_counter()
        g.solve()
        opening = time.perf_counter() - t
        rng = random.Random(seed)
        play = []
        while not g.over:  # a plausible hand: mostly best cards, now and then another
            r = g.solve()
            best = max(r.cards.values())
            good = [c for c, x in r.cards.items() if x == best]
            card = rng.choice(good if rng.random() < 0.8 else g.legal_moves())
            g.play(card)
            play.append(str(card))
        record = {"variant": "four-hand", "deal": deal, "trump": trump, "play": play}
        t = time.perf_counter()
        rev = pinosolve.review(record)
        whole = time.perf_counter() - t
        print(f"seed {seed}: opening solve {opening:.2f}s, review of {len(rev.plays)} cards "
              f"{whole:.2f}s, ratio {whole / opening:.1f}x", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 2, 3])
