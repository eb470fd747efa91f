"""A long differential run of the compiled core, beyond what the suite can afford:

    python fuzz/fuzz_core.py [--seconds S] [--seed TEXT]

Random positions across every variant family, each either (60%) solved by the core and by the
Python reference, every legal card valued, or (40%) a longer ending solved by the core with
partition search and small siblings and again with exact table keys and every card searched.
A third of the core's searches run in 2 to 4 threads over one table (``Budget.threads``), and
on the reference's positions each technique switch is then off at random (a fifth each).
15% of the positions get random trick-play obligations (the knobs no shipped variant sets
together), 10% random card points and last-trick bonus as large as the deal total allows
(POINTS_LIMIT, the core's bound). Each mismatch is printed in full; the last line counts the
positions checked. Exit
code 1 if any differed.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve.play.budget import Budget, Technique
from pinosolve.play import _core as core
from pinosolve.play.core import SWITCHES
from pinosolve.play.rules import PlayRules
from pinosolve.variants.schema import POINTS_LIMIT
from tests.generators import solve_any as solve
from fuzz.clock import fuzz_run
from tests.generators import FAMILIES, family_variant, random_obligations, random_position

# cards a hand at most, for the core-against-core check (the reference check uses the suite's
# sizes plus one)
LONGER = {"two-hand": 11, "three-hand": 9, "four-hand": 8, "double-deck": 6, "five-hand": 6}
EXACT = core.OPT_DEFAULT & ~core.OPT_PARTITION & ~core.OPT_SIBLING & ~core.OPT_RECENT


def large_points(rules: PlayRules, rnd: random.Random) -> PlayRules:
    """The rules with random points per rank and last-trick bonus, each up to POINTS_LIMIT // 64
    (no position here holds 63 cards, so the total stays within the bound)."""
    top = POINTS_LIMIT // 64
    per_rank = [rnd.choice((0, rnd.randint(0, top), top)) for _ in range(6)]
    return dataclasses.replace(rules, points=tuple(per_rank[c % 6] for c in range(24)),
                               last_trick=rnd.randint(0, top))


def main() -> int:
    rnd, end = fuzz_run(600.0)
    checked = {"reference": 0, "exact keys": 0, "threads": 0}
    bad = 0
    while time.monotonic() < end:
        family = rnd.choice(sorted(FAMILIES))
        refs, max_cards = FAMILIES[family]
        v = family_variant(rnd.choice(refs))
        rules = PlayRules.of(v)
        if rnd.random() < 0.15:
            rules = random_obligations(rules, rnd)
        if rnd.random() < 0.1:
            rules = large_points(rules, rnd)
        if rnd.random() < 0.6:
            kind, pos = "reference", random_position(v, rnd, max_cards + 1)
            b = solve(pos, rules, backend="python")
        else:
            kind, pos = "exact keys", random_position(v, rnd, LONGER[family])
            b = solve(pos, rules, backend="c", technique=Technique(core_options=EXACT))
        if rnd.random() < 1 / 3:
            options = core.OPT_DEFAULT
            for name in SWITCHES if kind == "reference" else ():  # (a longer ending with
                if rnd.random() < 0.2:                              # no table: hours)
                    options &= ~getattr(core, name)
            a = solve(pos, rules, backend="c", technique=Technique(core_options=options),
                      budget=Budget(threads=rnd.randint(2, 4)))
            checked["threads"] += 1
        else:
            a = solve(pos, rules, backend="c")
        checked[kind] += 1
        if a.value != b.value or a.cards != b.cards:
            bad += 1
            print(f"MISMATCH against {kind}: {v.id} {rules.trick} free={rules.free} {pos}: "
                  f"{a.value} {a.cards} != {b.value} {b.cards}", flush=True)
    print(f"checked {checked['reference']} positions against the reference and "
          f"{checked['exact keys']} against exact keys ({checked['threads']} of them "
          f"searched in threads); {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
