"""Play advice with and without a model of the players, side by side: the model's cost.

    python bench/advise_model.py [--variant four-hand] [--seeds 1 2 3 4 5] [--tricks 2 5 8]
                                 [--samples 16] [--model fitted]

A deal of ``random_deal(seed)`` is played by the ``rules`` player's cards (``thumb_card``)
down to the given number of tricks played, and the seat to move asks ``advise`` over
``--samples`` deals from its view (its hand as play began, every card played since, the
declarer where the variant needs one), once with no model and once with ``--model``, one
after the other (this machine drifts: the pair shares its moment). Prints, per tricks
played, the median and worst seconds of each and of their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import Game, load_variant
from pinosolve.cards import Card
from pinosolve.analysis.advice import advise
from pinosolve.play.rules import PlayRules
from pinosolve.players.rules import thumb_card
from pinosolve.variants.sides import sides_fixed


def position(vid: str, seed: int, tricks: int) -> dict:
    """The mover's view after ``tricks`` tricks of rules play on deal ``seed``."""
    v = load_variant(vid)
    roles = {} if sides_fixed(v) or len(v.seats) == 2 else {"declarer": v.seats[1]}
    trump, leader = "SHDC"[seed % 4], v.seats[seed % len(v.seats)]
    g = Game(v, v.random_deal(seed), trump=trump, leader=leader, **roles)
    start = {s: " ".join(str(c) for c in g.hand(s)) for s in v.seats}
    rules = PlayRules.of(v, 2)
    play = []
    n = len(v.seats)
    while len(play) < tricks * n:
        seat = g.to_move
        legal = [c.index for c in g.legal_moves()]
        trick = [c.index for c in g.trick]
        held = [c.index for c in g.hand(seat)]
        mate = bool(trick) and g.side_of(seat) == g.side_of(
            v.seats[(v.seats.index(g.leader) + rules.winner(trick, int(g.trump))) % n])
        card = thumb_card(rules, int(g.trump), held, trick, legal, mate, len(trick) == n - 1)
        play.append(str(Card.from_index(card)))
        g.play(play[-1])
    return {"variant": vid, "trump": trump, "seat": g.to_move, "hand": start[g.to_move],
            "leader": leader, "play": " ".join(play), **roles}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="four-hand")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--tricks", type=int, nargs="+", default=[2, 5, 8])
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--model", default="fitted")
    args = ap.parse_args(argv)
    print(f"{args.variant}, {args.samples} deals, model {args.model}; seeds {args.seeds}")
    print("| tricks played | plain median / worst s | model median / worst s | ratio median / "
          "worst |")
    print("|---|---|---|---|")
    for tricks in args.tricks:
        plain, model, ratio = [], [], []
        for seed in args.seeds:
            view = position(args.variant, seed, tricks)
            t0 = time.perf_counter()
            advise(view, samples=args.samples, seed=seed)
            t1 = time.perf_counter()
            advise(view, samples=args.samples, seed=seed, model=args.model)
            t2 = time.perf_counter()
            plain.append(t1 - t0)
            model.append(t2 - t1)
            ratio.append((t2 - t1) / (t1 - t0))
        print(f"| {tricks} | {statistics.median(plain):.3f} / {max(plain):.3f} | "
              f"{statistics.median(model):.3f} / {max(model):.3f} | "
              f"{statistics.median(ratio):.2f} / {max(ratio):.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
