"""Hidden-card inference and sampling from one seat's view.

    python bench/infer.py [--families F ...] [--seeds N] [--tricks T ...] [--samples S]

For each family and each number of tricks played, fixed seeded views: the variant's
``random_deal(seed)``, trump ``"SHDC"[seed % 4]``, the first seat leading, the tricks played
at random (legal cards, seeded), seen by seat ``seed % seats``. Times ``infer`` (possible,
certain, voids, reasons and the exact count) and drawing ``--samples`` deals as ``Game``s
(``View.sample``), and prints the median and the worst per family and tricks. The issue's
targets (four-hand): infer at most 0.2 s, 1,000 samples at most 0.5 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import Game, load_variant  # noqa: E402
from pinosolve.analysis.hidden import infer  # noqa: E402
from pinosolve.analysis.view import View  # noqa: E402

FAMILIES = ["four-hand", "two-hand", "three-hand-kitty", "double-deck", "five-hand-call"]


def view_of(vid: str, seed: int, tricks: int) -> dict:
    v = load_variant(vid)
    roles = {}
    if v.rules.players.partnership != "fixed" and len(v.seats) > 2:
        roles = {"declarer": v.seats[1]}
        if v.rules.players.partnership == "called-card":
            roles["partner"] = v.seats[3]
    deal = v.random_deal(seed)
    g = Game(v, deal, trump="SHDC"[seed % 4], leader=v.seats[0], **roles)
    start = g.copy()
    rng = random.Random(seed)
    play = []
    for _ in range(tricks * len(v.seats)):
        card = rng.choice(g.legal_moves())
        g.play(card)
        play.append(str(card))
    me = v.seats[seed % len(v.seats)]
    return {"variant": vid, "trump": g.trump.name, "seat": me,
            "hand": [str(c) for c in start.hand(me)], "leader": v.seats[0], "play": play,
            **roles}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", nargs="+", default=FAMILIES, choices=FAMILIES)
    ap.add_argument("--seeds", type=int, default=7)
    ap.add_argument("--tricks", nargs="+", type=int, default=[1, 4, 9])
    ap.add_argument("--samples", type=int, default=1000)
    args = ap.parse_args()
    for vid in args.families:
        for tricks in args.tricks:
            inferring, sampling, deals = [], [], []
            for seed in range(args.seeds):
                view = view_of(vid, seed, tricks)
                t = time.perf_counter()
                r = infer(view)
                inferring.append(time.perf_counter() - t)
                deals.append(r.deals)
                t = time.perf_counter()
                drawn = sum(1 for _ in View(view).sample(args.samples, seed=seed))
                sampling.append(time.perf_counter() - t)
                assert drawn == args.samples
            print(f"{vid} after {tricks} tricks: infer median {statistics.median(inferring):.3f}"
                  f" s, worst {max(inferring):.3f} s; {args.samples} samples median "
                  f"{statistics.median(sampling):.3f} s, worst {max(sampling):.3f} s; "
                  f"deals {min(deals):.2e} to {max(deals):.2e}", flush=True)


if __name__ == "__main__":
    main()
