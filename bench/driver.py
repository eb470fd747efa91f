"""How many of a full deal's search nodes go to finding the value rather than proving it.

    python bench/driver.py [--family F] [--deals N | --seeds K ...] [--backend c|python]

The search finds a value by null-window tests ("are the points at least beta?") at its
guesses. Two tests prove a value v: one that v is reached, one that v + 1 is not (only one
when v is 0 or every point left). Every other test is the price of not knowing v. For each
deal (``bench/dd_full.py``'s deals, value only) this runs the search as ``solve`` does, then,
on a fresh table, an oracle that runs only the tests that prove v. The oracle needs the answer,
so it is no driver, but its nodes bound what any better choice of tests could save. Its tests
also check the value: v must be reached and v + 1 not (exit code 1 otherwise).

Prints each deal's tests (beta, what it proved, nodes) and the oracle's nodes, then over all
deals the share of the search's nodes per test (first test, second, ...) and both totals.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dd_full import FAMILIES, chosen_seeds, deal_position  # noqa: E402
from pinosolve import load_variant  # noqa: E402
from pinosolve.play.budget import Budget  # noqa: E402
from pinosolve.play.core import backend as chosen_backend, describe  # noqa: E402
from pinosolve.errors import PinosolveError  # noqa: E402
from pinosolve.play.rules import PlayRules  # noqa: E402
from pinosolve.play.driver import Test, new_search, solve  # noqa: E402
from pinosolve.play.position import Position  # noqa: E402


def oracle(pos: Position, rules: PlayRules, backend: str, value: int) -> tuple[int, bool]:
    """Nodes of the tests that prove ``value`` on a fresh search, as ``solve`` makes it, and
    whether they agree with it."""
    search = new_search(pos, rules, backend)
    hands = [sorted(h) for h in pos.hands]
    trick = list(pos.trick)
    rem = search.remaining(hands, trick)
    agree = True
    for beta in (value, value + 1):
        if 0 < beta <= rem:
            result = search.ab(hands, pos.leader, trick, beta - 1, beta, rem)
            agree = agree and (result >= beta) == (beta == value)
    return search.nodes, agree


def show(tests: list[Test]) -> str:
    return ", ".join(f"{t.beta}: {'>=' if t.reached else '<='} {t.result} {t.nodes}"
                     for t in tests)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--family", default="four-hand", choices=list(FAMILIES))
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seeds", type=int, nargs="+", metavar="K")
    ap.add_argument("--backend", default=None, choices=["c", "python"])
    args = ap.parse_args()
    seeds = chosen_seeds(ap, args)
    try:
        backend = args.backend or chosen_backend()
    except PinosolveError as exc:
        ap.error(str(exc))
    print(f"python {sys.version.split()[0]}; {describe()}; one thread")
    vid = args.family
    declarer, partner = FAMILIES[vid]
    rules = PlayRules.of(load_variant(vid))
    per_test: list[int] = []  # the search's nodes by test number, over every deal
    searched = proved = tests = 0
    wrong = []
    for seed in seeds:
        pos = deal_position(vid, seed, declarer, partner)
        done: list[Test] = []
        res = solve(pos, rules, value_only=True, backend=backend,
                    budget=Budget(on_test=done.append))
        assert res.value is not None  # no budget: the value is exact
        nodes, agree = oracle(pos, rules, backend, res.value)
        if not agree:
            wrong.append(seed)
        for i, t in enumerate(done):
            if i == len(per_test):
                per_test.append(0)
            per_test[i] += t.nodes
        searched, proved, tests = searched + res.nodes, proved + nodes, tests + len(done)
        print(f"  {vid} seed {seed}: value {res.value}; {len(done)} tests ({show(done)}), "
              f"{res.nodes} nodes; oracle {nodes} nodes{'' if agree else ' DISAGREES'}",
              flush=True)
    shares = " ".join(f"{n / max(searched, 1):.3f}" for n in per_test)
    print(f"{vid} x{len(seeds)}: search {searched} nodes in {tests} tests "
          f"({tests / len(seeds):.2f} a deal; share by test number: {shares}); "
          f"oracle {proved} nodes ({proved / max(searched, 1):.3f} of the search's)")
    if wrong:
        print(f"the oracle's tests disagree with the value on seeds {wrong}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
