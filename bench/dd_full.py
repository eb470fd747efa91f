"""Full-deal double-dummy speed of the search core, over fixed seeded deals (against its targets).

    python bench/dd_full.py [--deals N | --seeds K ...] [--timeout S] [--each] [--tests]
                            [--backend c|python] [--families ...] [--threads T]
    python bench/dd_full.py --ablation [--deals N] [--families four-hand]
    python bench/dd_full.py --growth K [K ...] [--deals N] [--families ...]
    python bench/dd_full.py --table-limit BITS ...

Each deal is `pinosolve deal --seed K` for K = 0..N-1, with a seeded random trump; the bidder
(three- and five-hand) is seat 1 and the called partner seat 3. Prints median and worst time
and nodes per family for --value-only, and for four-hand also the time to value every opening
lead. Deals that hit --timeout are reported as capped, each with the bounds on its value
proved before the cap; --timeout 0 sets no cap (a full double-deck deal then runs for hours).
--seeds deals those seeds instead of 0..N-1, and --each prints every deal's value (or bounds),
time and nodes as it finishes: what a long run or a distribution needs. --tests also prints
each null-window test as it finishes (is the value at least beta? its nodes and time), then
the deal's line as --each does, so that a search of hours shows its bounds closing in. Ctrl-C
prints the bounds the deal being searched had reached, and stops.

--threads T searches each deal in T threads over one table (``Budget(threads=T)``).

--ablation measures the compiled core's techniques one at a time: every default technique
switched off in turn, value only, and last every technique on in two threads.

--growth measures how the time grows with the tricks left, for deals too big to solve whole:
each deal is cut to K cards a hand (every hand keeps K of its own cards, drawn with a fixed
seed), value only. Not an ending reached by play, but a position of the same variant with K
tricks to go, hands of the same make-up; the ratio from one K to the next is what it is for.

--table-limit BITS lets a growing table reach 2**BITS entries (16 bytes each) instead of what
the machine's memory allows (pinosolve.play.tables.default_limit, 2**26 at most; under
--timeout the capped limit still applies), passed to each search: what a
larger table would buy the searches of an hour, measured. The header says the limit in force
(under --timeout, the lesser of the two).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import load_variant  # noqa: E402
from pinosolve.play.budget import Budget, Technique  # noqa: E402
from pinosolve.variants.sides import play_sides  # noqa: E402
from pinosolve.play.core import SWITCHES, describe  # noqa: E402
from pinosolve.play.driver import SearchInterrupted, Test, solve  # noqa: E402
from pinosolve.play.rules import PlayRules  # noqa: E402
from pinosolve.play.position import Position  # noqa: E402
from pinosolve.play.tables import grow_limit  # noqa: E402

FAMILIES = {"four-hand": (None, None), "two-hand": (None, None),
            "three-hand-kitty": ("E", None), "double-deck": (None, None),
            "five-hand-call": ("1", "3")}


def deal_position(vid: str, seed: int, declarer, partner) -> Position:
    v = load_variant(vid)
    deal = v.random_deal(seed)
    rnd = random.Random(f"trump/{vid}/{seed}")
    hands = [[c.index for c in h] for h in deal.hands]
    return Position(hands, 0, [], play_sides(v, declarer, partner), rnd.randrange(4))


def cut(pos: Position, tricks: int, seed: int) -> Position:
    """The deal with every hand cut to ``tricks`` of its own cards (seeded draw)."""
    rnd = random.Random(f"cut/{tricks}/{seed}")
    hands = [sorted(rnd.sample(h, tricks)) for h in pos.hands]
    return Position(hands, pos.leader, [], pos.side, pos.trump)


def show_test(t: Test) -> None:
    says = f">= {t.result}" if t.reached else f"<= {t.result}"
    print(f"    test at {t.beta}: value {says}, {t.seconds:.3f} s, {t.nodes} nodes", flush=True)


def measure(vid: str, seeds: list[int], timeout: float, backend: str, value_only: bool,
            options=None, label: str = "", tricks: int = 0, each: bool = False,
            tests: bool = False, table_limit: Optional[int] = None, threads: int = 1) -> None:
    declarer, partner = FAMILIES[vid]
    rules = PlayRules.of(load_variant(vid))
    what = label or ("value only" if value_only else "every lead")
    times, nodes, capped = [], [], []
    for seed in seeds:
        pos = deal_position(vid, seed, declarer, partner)
        if tricks:
            pos = cut(pos, tricks, seed)
        start = time.perf_counter()
        try:
            budget = Budget(timeout or None, table_limit, show_test if tests else None,
                            threads)
            res = solve(pos, rules, value_only=value_only, backend=backend, budget=budget,
                        technique=Technique(core_options=options))
        except SearchInterrupted as stop:  # Ctrl-C: this deal's bounds so far, then stop
            lo, hi = stop.result.bounds
            print(f"  {vid} {what} seed {seed}: interrupted, bounds {lo}..{hi}, "
                  f"{time.perf_counter() - start:.3f} s, {stop.result.nodes} nodes", flush=True)
            raise
        times.append(time.perf_counter() - start)
        nodes.append(res.nodes)
        if not res.exact:
            capped.append(f"{seed}: {res.bounds[0]}..{res.bounds[1]}")
        if each:
            got = f"value {res.value}" if res.exact else \
                f"capped, bounds {res.bounds[0]}..{res.bounds[1]}"
            print(f"  {vid} {what} seed {seed}: {got}, {times[-1]:.3f} s, {res.nodes} nodes",
                  flush=True)
    # a capped deal's value lies within the bounds its tests proved before the cap
    cap = (f"; {len(capped)} capped at {timeout:g} s (seed: bounds proved "
           f"{', '.join(capped)})") if capped else ""
    q = statistics.quantiles(times, n=10) if len(times) >= 10 else [max(times)] * 9
    print(f"{vid:17s} {what:14s} x{len(seeds)}: median {statistics.median(times):8.3f} s, "
          f"p90 {q[8]:8.3f} s, worst {max(times):8.3f} s; nodes median "
          f"{int(statistics.median(nodes))}, worst {max(nodes)}{cap}", flush=True)


def ablation(args) -> None:
    from pinosolve.play import _core

    default = _core.OPT_DEFAULT
    runs = [("all default", default)]
    for name in SWITCHES:
        runs.append((f"no {name[4:].lower()}", default & ~getattr(_core, name)))
    families = args.families if args.families != list(FAMILIES) else ["four-hand"]
    for vid in families:
        # a first search, not shown: the process's first pays for its memory and caches
        warm = deal_position(vid, args.seeds[0], *FAMILIES[vid])
        solve(warm, PlayRules.of(load_variant(vid)), value_only=True,
              budget=Budget(args.timeout or None, args.limit))
        for label, options in runs:
            measure(vid, args.seeds, args.timeout, "c", True, options, label, each=args.each,
                    tests=args.tests, table_limit=args.limit)
        measure(vid, args.seeds, args.timeout, "c", True, default, "2 threads", each=args.each,
                tests=args.tests, table_limit=args.limit, threads=2)


def chosen_seeds(ap: argparse.ArgumentParser, args) -> list[int]:
    """The seeds --seeds names, else 0..--deals-1; a bad one is an argument error (exit 2)."""
    if args.deals < 1:
        ap.error(f"--deals: {args.deals} is not a number of deals (1 or more)")
    if args.seeds is not None and min(args.seeds) < 0:
        ap.error(f"--seeds: {min(args.seeds)} is not a seed (0 or more)")
    return args.seeds if args.seeds is not None else list(range(args.deals))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seeds", type=int, nargs="+", metavar="K")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--each", action="store_true")
    ap.add_argument("--tests", action="store_true")
    ap.add_argument("--backend", default=None, choices=["c", "python"])
    ap.add_argument("--families", nargs="*", default=list(FAMILIES), choices=list(FAMILIES))
    ap.add_argument("--ablation", action="store_true")
    ap.add_argument("--growth", type=int, nargs="+", metavar="K")
    ap.add_argument("--table-limit", type=int, metavar="BITS")
    ap.add_argument("--threads", type=int, default=1, metavar="T")
    args = ap.parse_args()
    if not 1 <= args.threads <= 64:
        ap.error(f"--threads: {args.threads} is not a number of threads (1 to 64)")
    args.seeds = chosen_seeds(ap, args)
    if not args.timeout >= 0:  # negative, or nan
        ap.error(f"--timeout: {args.timeout:g} s is not a time (0 sets no cap)")
    args.limit = None  # what solve() grows a table to (None: what the memory allows)
    if args.table_limit is not None:
        if not 22 <= args.table_limit <= 30:
            ap.error(f"--table-limit: {args.table_limit} is not 22 to 30 (2**BITS entries)")
        args.limit = 1 << args.table_limit
    args.each = args.each or args.tests  # a deal's tests, then its value
    limit = grow_limit(args.timeout > 0, args.limit)  # what the searches get (a budget caps it)
    threads = "one thread" if args.threads == 1 else f"{args.threads} threads a search"
    print(f"python {sys.version.split()[0]}; {describe()}; {threads}; table up to "
          f"2**{limit.bit_length() - 1} entries")
    if args.ablation:
        ablation(args)
        return
    if args.growth:
        for vid in args.families:  # every K checked before the first is measured
            size = load_variant(vid).rules.deal.hand_size
            for k in args.growth:
                if not 1 <= k <= size:
                    ap.error(f"--growth: {k} tricks is not 1 to {size} for {vid}")
        for vid in args.families:
            for k in args.growth:
                measure(vid, args.seeds, args.timeout, args.backend, True,
                        label=f"{k} tricks", tricks=k, each=args.each, tests=args.tests,
                        table_limit=args.limit, threads=args.threads)
        return
    for vid in args.families:
        measure(vid, args.seeds, args.timeout, args.backend, True, each=args.each,
                tests=args.tests, table_limit=args.limit, threads=args.threads)
        if vid == "four-hand":
            measure(vid, args.seeds, args.timeout, args.backend, False, each=args.each,
                    tests=args.tests, table_limit=args.limit, threads=args.threads)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the bounds so far are printed (measure)
        sys.exit(130)
