"""Advice by simulation: how long play and bid advice take, over fixed seeds.

    python bench/advise.py lead  [--family F] [--seeds K ...] [--samples N] [--threads T]
    python bench/advise.py bid   [--family F] [--seeds K ...] [--samples N] [--threads T]
    python bench/advise.py depth [--family F] [--seeds K ...] [--tricks T ...] [--samples N]
                                 [--threads T] [--budget S]

``lead``: the opening lead. The first seat holds its hand of ``random_deal(seed)`` and leads,
trump seeded as in ``bench/dd_full.deal_position``; ``advise(view, samples, seed, threads)`` is
timed, and beside it (for the why) the time of one deal's every-card valuation and its
value alone, median over the deals the advice sampled. ``bid``: the first seat's hand of
``random_deal(seed)`` before the auction, ``advise_bid`` over the four trumps. ``depth``: for
the variants whose full deals take minutes, a deal played at random (legal cards, seeded)
down to T cards a hand, the seat to move the viewer, every card out of the hands known
gone; the advice's time at each T, and the largest T whose worst time is within ``--budget``
seconds. Each prints the median and the worst over the seeds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dd_full import FAMILIES, deal_position  # noqa: E402
from pinosolve import Game, load_variant  # noqa: E402
from pinosolve.analysis.advice import advise  # noqa: E402
from pinosolve.analysis.bid_advice import advise_bid  # noqa: E402
from pinosolve.analysis.view import View  # noqa: E402


def _roles(v, family: str) -> dict:
    declarer, partner = FAMILIES.get(family, (None, None))
    roles = {}
    if declarer is not None:
        roles["declarer"] = v.seats[int(declarer)] if declarer.isdigit() and \
            declarer not in v.seats else declarer
    if partner is not None:
        roles["partner"] = partner if partner in v.seats else v.seats[int(partner)]
    return roles


def lead(family: str, seeds: list[int], samples: int, threads: int) -> None:
    v = load_variant(family)
    times, every, value = [], [], []
    for seed in seeds:
        deal = v.random_deal(seed)
        trump = "SHDC"[deal_position(family, seed, *FAMILIES[family]).trump]
        view = {"variant": v, "seat": v.seats[0], "hand": [str(c) for c in deal.hands[0]],
                "trump": trump, "leader": v.seats[0], **_roles(v, family)}
        t = time.perf_counter()
        got = advise(view, samples=samples, seed=seed, threads=threads)
        times.append(time.perf_counter() - t)
        best = next(iter(got.by_card))
        print(f"  seed {seed}: {times[-1]:.1f} s, best lead {best} "
              f"(mean {got.by_card[best].mean})", flush=True)
        for g in list(View(view).sample(5, seed=seed)):  # the why: one deal's parts
            t = time.perf_counter()
            g.solve()
            every.append(time.perf_counter() - t)
            t = time.perf_counter()
            g.solve(value_only=True)
            value.append(time.perf_counter() - t)
    print(f"{family} opening lead, {samples} samples, --threads {threads}, seeds {seeds}: median "
          f"{statistics.median(times):.1f} s, worst {max(times):.1f} s")
    print(f"  one deal (one core): every card valued median {statistics.median(every):.3f} s"
          f", value alone {statistics.median(value):.3f} s")


def bid(family: str, seeds: list[int], samples: int, threads: int) -> None:
    v = load_variant(family)
    times = []
    for seed in seeds:
        hand = v.random_deal(seed).hands[0]
        t = time.perf_counter()
        got = advise_bid(v, v.seats[0], hand, samples=samples, seed=seed, threads=threads)
        times.append(time.perf_counter() - t)
        print(f"  seed {seed}: {times[-1]:.1f} s, best trump {got.best_trump.name}, highest "
              f"bid {got.highest_bid}", flush=True)
    print(f"{family} bid advice over 4 trumps, {samples} samples, --threads {threads}, seeds "
          f"{seeds}: median {statistics.median(times):.1f} s, worst {max(times):.1f} s")


def ending_view(v, family: str, seed: int, tricks: int) -> dict:
    """A deal played at random down to ``tricks`` cards a hand: the view of the seat to
    move, every card out of the hands gone."""
    rng = random.Random(f"advise-depth/{family}/{seed}")
    roles = _roles(v, family)
    g = Game(v, v.random_deal(seed), trump="SHDC"[seed % 4], leader=v.seats[0], **roles)
    while len(g.hand(g.to_move)) > tricks or g.trick:
        g.play(rng.choice(g.legal_moves()))
    me = g.to_move
    held = [str(c) for s in v.seats for c in g.hand(s)]
    gone = [str(c) for c in v.deck]
    for c in held:
        gone.remove(c)
    return {"variant": v, "trump": g.trump.name, "seat": me,
            "hand": [str(c) for c in g.hand(me)], "leader": me, "gone": gone, **roles}


def depth(family: str, seeds: list[int], tricks: list[int], samples: int, threads: int,
          budget: float) -> None:
    """Each position's advice runs as the command, in a process stopped at twice the budget
    (a position too deep for the budget may take hours)."""
    import subprocess

    v = load_variant(family)
    within = None
    for k in sorted(tricks):
        times: list[float] = []
        for seed in seeds:
            view = ending_view(v, family, seed, k)
            args = [sys.executable, "-m", "pinosolve", "advise", "--variant", family,
                    "--trump", view["trump"], "--seat", view["seat"], "--hand",
                    " ".join(view["hand"]), "--leader", view["leader"], "--gone",
                    " ".join(view["gone"]), "--samples", str(samples), "--seed", str(seed),
                    "--threads", str(threads), "--json"]
            for role in ("declarer", "partner"):
                if role in view:
                    args += [f"--{role}", view[role]]
            t = time.perf_counter()
            try:
                run = subprocess.run(args, capture_output=True, text=True,
                                     timeout=2 * budget)
            except subprocess.TimeoutExpired:
                times.append(float("inf"))
                break
            times.append(time.perf_counter() - t)
            if run.returncode != 0:
                raise SystemExit(f"{family} seed {seed}, {k} tricks: {run.stderr.strip()}")
        shown = ", ".join("> %gs" % (2 * budget) if x == float("inf") else f"{x:.1f}s"
                          for x in times)
        print(f"{family}, {k} tricks left, {samples} samples, --threads {threads}: {shown}; median "
              f"{statistics.median(times):.1f} s, worst {max(times):.1f} s", flush=True)
        if max(times) <= budget:
            within = k
        else:
            break
    print(f"{family}: the most tricks left whose advice took at most {budget:g} s on every "
          f"seed: {within}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("lead", "bid", "depth"))
    ap.add_argument("--family", default="four-hand")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--samples", type=int)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--tricks", type=int, nargs="+", default=[3, 4, 5, 6, 7, 8])
    ap.add_argument("--budget", type=float, default=20.0)
    args = ap.parse_args()
    if args.what == "lead":
        lead(args.family, args.seeds, args.samples or 200, args.threads)
    elif args.what == "bid":
        bid(args.family, args.seeds, args.samples or 100, args.threads)
    else:
        depth(args.family, args.seeds, args.tricks, args.samples or 200, args.threads,
              args.budget)


if __name__ == "__main__":
    main()
