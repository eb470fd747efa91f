"""One search in threads against the same search in one, side by side, over fixed deals.

    python bench/threads.py [--family F] [--tricks K] [--seeds K ...] [--threads T]
                            [--rounds R] [--every]

Each deal is ``bench/dd_full.py``'s (seeded deal and trump), cut to ``--tricks`` cards a hand
(0: the full deal) as ``dd_full.py --growth`` cuts it; each is solved value only (every
opening lead with ``--every``) in one thread and in ``--threads`` threads
(``Budget(threads=T)``), the two alternating ``--rounds`` times, and each takes its fastest
round: this machine drifts by 10% within minutes, so only runs side by side compare. Prints
each deal's times and their ratio, then the median and the worst ratio, and checks that both
found the same values (exit code 1 if not).

Beside each ratio, the machine's own ceiling for it: the same one-thread search run
``--threads`` times at once, each on its own table, as independent searches would share the
machine; ``threads x t1 / t_together`` is how much more work the cores do together than one
does alone (memory and caches are shared), and no search split over them can beat that.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dd_full import FAMILIES, cut, deal_position  # noqa: E402
from pinosolve import load_variant  # noqa: E402
from pinosolve.play.budget import Budget  # noqa: E402
from pinosolve.play.driver import solve  # noqa: E402
from pinosolve.play.rules import PlayRules  # noqa: E402


def _together(pos, rules, value_only: bool, threads: int) -> float:
    """Seconds for ``threads`` one-thread searches of ``pos`` run at once, each on its own
    table."""
    crew = [threading.Thread(target=solve, args=(pos, rules), kwargs={"value_only": value_only})
            for _ in range(threads)]
    start = time.perf_counter()
    for t in crew:
        t.start()
    for t in crew:
        t.join()
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", default="five-hand-call", choices=sorted(FAMILIES))
    ap.add_argument("--tricks", type=int, default=13)
    ap.add_argument("--seeds", type=int, nargs="+", default=list(range(6)))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--every", action="store_true")
    args = ap.parse_args()
    rules = PlayRules.of(load_variant(args.family))
    what = "every opening lead" if args.every else "value only"
    cards = f"{args.tricks} cards a hand" if args.tricks else "full deals"
    print(f"{args.family}, {cards}, {what}: one thread against {args.threads}, "
          f"{args.rounds} rounds each, alternating", flush=True)
    ratios, ceilings, same = [], [], True
    for seed in args.seeds:
        pos = deal_position(args.family, seed, *FAMILIES[args.family])
        if args.tricks:
            pos = cut(pos, args.tricks, seed)
        best = {1: float("inf"), args.threads: float("inf")}
        answers = set()
        for _ in range(args.rounds):
            for threads in (1, args.threads):
                start = time.perf_counter()
                res = solve(pos, rules, value_only=not args.every,
                            budget=Budget(threads=threads))
                best[threads] = min(best[threads], time.perf_counter() - start)
                answers.add((res.value, tuple(sorted(res.cards.items()))))
        same = same and len(answers) == 1
        ratios.append(best[1] / best[args.threads])
        together = _together(pos, rules, not args.every, args.threads)
        ceilings.append(args.threads * best[1] / together)
        print(f"  seed {seed}: value {res.value}, one thread {best[1]:.3f} s, "
              f"{args.threads} threads {best[args.threads]:.3f} s: {ratios[-1]:.2f}x "
              f"(ceiling: {args.threads} searches at once {together:.3f} s, "
              f"{ceilings[-1]:.2f}x){'' if len(answers) == 1 else ' VALUES DIFFER'}",
              flush=True)
    print(f"{args.threads} threads against one: median {statistics.median(ratios):.2f}x, "
          f"worst {min(ratios):.2f}x, best {max(ratios):.2f}x over {len(ratios)} deals; "
          f"the machine's ceiling median {statistics.median(ceilings):.2f}x; "
          f"values {'the same' if same else 'DIFFER'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
