"""A whole deal's review against valuing every card of its opening position.

    python bench/review.py [--families F ...] [--seeds N ...] [--fresh]
    python bench/review.py --information [--families F ...] [--seeds N ...] [--samples N]
                           [--threads T]

For each fixed seeded deal (the variant's ``random_deal(seed)``, trump ``"SHDC"[seed % 4]``,
the first seat leading; three-hand-kitty's declarer the second seat): the time of one
``Game.solve`` of the opening position (every card valued, a fresh table), and the time of
``pinosolve.review`` of a whole plausible hand of that deal (each card a best one, now and
then another, seeded), which values every legal card at every position. Prints both and their
ratio per deal, then the median and the worst ratio per family: the issue's target is a
review within 3x the opening solve. ``--fresh`` also times the review with a fresh search per
position (no table kept across positions), as before the review kept one.

``--information``: the time of the whole hand's review with both lenses (the information
lens over ``--samples`` deals per decision, default the review's, solved ``--threads`` at a
time, default 2), beside the double-dummy lens alone, per deal, then the median and the worst
per family: the issue's target is a four-hand hand within 60 s on 2 cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pinosolve  # noqa: E402
from pinosolve import Game, load_variant  # noqa: E402
from pinosolve.play.driver import Session  # noqa: E402

import pinosolve.analysis.review as review_mod  # noqa: E402

ROLES = {"four-hand": {}, "two-hand": {}, "three-hand-kitty": {"declarer": 1}}
FAMILIES = list(ROLES)


def game_of(vid: str, seed: int) -> Game:
    v = load_variant(vid)
    roles = {k: v.seats[i] for k, i in ROLES[vid].items()}
    return Game(v, v.random_deal(seed), trump="SHDC"[seed % 4], **roles)


def plausible_play(g: Game, seed: int) -> list[str]:
    """A hand played out: mostly a best card, now and then any legal one (seeded). Valued
    with one session (its time is not measured)."""
    g = g.copy()
    session = Session(g.rules, int(g.trump), tuple(g.sides))
    rng = random.Random(seed)
    play = []
    while not g.over:
        r = g.result_of(session.solve(g.position(), check_trick=False))
        best = max(r.values.values())
        good = [c for c, x in r.values.items() if x == best]
        card = rng.choice(good if rng.random() < 0.8 else g.legal_moves())
        g.play(card)
        play.append(str(card))
    return play


def timed_review(record: dict, reuse: bool) -> tuple[float, pinosolve.Review]:
    review_mod._Valuer.reuse = reuse
    try:
        t = time.perf_counter()
        rev = pinosolve.review(record)
        return time.perf_counter() - t, rev
    finally:
        review_mod._Valuer.reuse = True


def both_lenses(families: list[str], seeds: list[int], samples: int | None,
                threads: int) -> None:
    from pinosolve.analysis.information import DEFAULT_SAMPLES

    samples = DEFAULT_SAMPLES if samples is None else samples
    for vid in families:
        times = []
        print(f"{vid}, {samples} deals per decision, {threads} threads:", flush=True)
        for seed in seeds:
            g = game_of(vid, seed)
            play = plausible_play(g, seed)
            record = {"variant": vid, "deal": str(g), "trump": g.trump.name, "play": play,
                      **{k: v for k, v in (("declarer", g.declarer),) if ROLES[vid]}}
            dd, _ = timed_review(record, True)
            t = time.perf_counter()
            rev = pinosolve.review(record, information=True, samples=samples, seed=seed,
                                   threads=threads)
            times.append(time.perf_counter() - t)
            lens = rev.information
            assert lens is not None
            print(f"  seed {seed}: both lenses {times[-1]:.2f}s (double dummy alone "
                  f"{dd:.2f}s), decisions {lens.exact} exact, {lens.sampled} sampled",
                  flush=True)
        print(f"  {vid}: both lenses median {statistics.median(times):.2f}s, worst "
              f"{max(times):.2f}s over {len(times)} deals", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", nargs="+", default=FAMILIES, choices=FAMILIES)
    ap.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3, 4, 5, 6, 7])
    ap.add_argument("--fresh", action="store_true",
                    help="also time the review with a fresh search per position")
    ap.add_argument("--information", action="store_true",
                    help="time the review with both lenses")
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    if args.information:
        both_lenses(args.families, args.seeds, args.samples, args.threads)
        return
    for vid in args.families:
        ratios, fresh_ratios = [], []
        print(f"{vid}:", flush=True)
        for seed in args.seeds:
            g = game_of(vid, seed)
            t = time.perf_counter()
            g.solve()
            opening = time.perf_counter() - t
            play = plausible_play(g, seed)
            record = {"variant": vid, "deal": str(g), "trump": g.trump.name, "play": play,
                      **{k: v for k, v in (("declarer", g.declarer),) if ROLES[vid]}}
            whole, rev = timed_review(record, True)
            ratios.append(whole / opening)
            line = (f"  seed {seed}: opening {opening:.3f}s, review of {len(rev.plays)} cards "
                    f"{whole:.3f}s, ratio {whole / opening:.2f}x")
            if args.fresh:
                fresh, rev2 = timed_review(record, False)
                assert rev2.plays == rev.plays and rev2.summary == rev.summary
                fresh_ratios.append(fresh / opening)
                line += f" (fresh per position {fresh:.3f}s, {fresh / opening:.2f}x)"
            print(line, flush=True)
        print(f"  {vid}: ratio median {statistics.median(ratios):.2f}x, worst "
              f"{max(ratios):.2f}x over {len(ratios)} deals", flush=True)
        if fresh_ratios:
            print(f"  {vid}: fresh per position: median {statistics.median(fresh_ratios):.2f}x, "
                  f"worst {max(fresh_ratios):.2f}x", flush=True)


if __name__ == "__main__":
    main()
