"""OpenSpiel's CFR+ on the tiny variant: the exploitability after each number of iterations.

    python bench/env_cfr.py [--iterations 20] [--at 1,2,5,10,20]

Prints the number of information states, then for each iteration count in ``--at`` the
exploitability of the average policy (OpenSpiel's ``exploitability``) and the seconds so
far: the curve in docs/env.md.
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--at", default="1,2,5,10,20")
    args = parser.parse_args(argv)
    import pyspiel
    from open_spiel.python.algorithms import cfr, exploitability

    import pinosolve.env  # noqa: F401 (registers the game)

    at = {int(x) for x in args.at.split(",")}
    game = pyspiel.load_game("pinochle", {"rules": "tiny", "returns": "difference"})
    start = time.perf_counter()
    solver = cfr.CFRPlusSolver(game)
    print(f"information states: {len(solver.current_policy().state_lookup)}", flush=True)
    for k in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if k in at:
            value = exploitability.exploitability(game, solver.average_policy())
            print(f"{k} iterations: exploitability {value:.5f} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
