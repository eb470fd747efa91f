"""A witness for an inference (``infer --witness``): the view's deal table against
python-constraint, the design's logic-programming engine, on the same problems.

    python bench/witness.py [--families F ...] [--seeds N] [--tricks T ...]

For each family and number of tricks played, fixed seeded views (``bench/infer.py``'s), and
for each a question "does seat X hold card C now?" about a hidden card (a seeded choice among
the cards some other seat may hold, and half the time one it cannot). Both engines get the
same problem: the view's bounds on each holder's copies of each card as play began
(``View.bounds``, the rules' obligations already in them), each holder's hand size, each
card's hidden copies, and the copy asked about.

* table: ``pinosolve.analysis.witness.witness`` (the exact count, then one deal drawn);
* csp: python-constraint's backtracking solver over the integer table (a variable per holder
  and card, its domain the bounds; an exact-sum constraint per holder and per card),
  ``getSolution()``, one witness or None, with no count. It is skipped where
  python-constraint is not installed.

Prints the median and the worst time of each, and whether they agree on "exists".
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from infer import FAMILIES, view_of  # noqa: E402

from pinosolve.analysis.view import View  # noqa: E402
from pinosolve.analysis.witness import witness  # noqa: E402
from pinosolve.cards import Card  # noqa: E402


def question(view: View, seed: int) -> tuple[str, Card]:
    """A seat (not the viewer) and a hidden card: one it may hold, or (odd seeds) one the
    bounds say it cannot."""
    rng = random.Random(seed)
    lo, hi, _ = view.bounds()
    seat = rng.choice(view.holders)
    may = [k for k in view.kinds if view.hidden[k] and hi[seat][k] > view.played[seat][k]]
    cannot = [k for k in view.kinds if view.hidden[k] and k not in may]
    pool = cannot if seed % 2 and cannot else may or cannot
    return view.seats[seat], Card.from_index(rng.choice(pool))


def csp_witness(view: View, seat: str, card: Card) -> bool:
    import constraint

    lo, hi, _ = view.bounds()
    s, k = view.seats.index(seat), card.index
    problem = constraint.Problem(constraint.BacktrackingSolver())
    holders = [*view.holders, -1]
    caps = {h: view.hand_size for h in view.holders} | {-1: view.out}
    cells: dict[int, list[str]] = {h: [] for h in holders}
    columns: dict[int, list[str]] = {}
    for h in holders:
        for kind in view.kinds:
            if not view.hidden[kind]:
                continue
            low = lo[h][kind]
            if (h, kind) == (s, k):  # the copy asked about, besides those it has played
                low = max(low, view.played[s][k] + 1)
            high = min(hi[h][kind], view.hidden[kind], caps[h])
            if low > high:
                return False
            name = f"{h}/{kind}"
            problem.addVariable(name, list(range(low, high + 1)))
            cells[h].append(name)
            columns.setdefault(kind, []).append(name)
    for h, names in cells.items():
        if names:
            problem.addConstraint(constraint.ExactSumConstraint(caps[h]), names)
        elif caps[h]:
            return False
    for kind, names in columns.items():
        problem.addConstraint(constraint.ExactSumConstraint(view.hidden[kind]), names)
    return problem.getSolution() is not None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", nargs="+", default=FAMILIES[:3])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--tricks", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--csp-limit", type=float, default=20.0,
                        help="seconds a csp problem may take before the rest are skipped")
    args = parser.parse_args()
    try:
        import constraint  # noqa: F401
        have_csp = True
    except ImportError:
        have_csp = False
    print(f"{'family':18} {'tricks':>6}  {'table median/worst s':>22}  "
          f"{'csp median/worst s':>20}  agree")
    for family in args.families:
        for tricks in args.tricks:
            table_t, csp_t, agree, skipped = [], [], 0, 0
            for seed in range(args.seeds):
                view = View(view_of(family, seed, tricks))
                seat, card = question(view, seed)
                t = time.perf_counter()
                exists = witness(view, f"{seat}:{card}", seed=seed).exists
                table_t.append(time.perf_counter() - t)
                if have_csp and (not csp_t or max(csp_t) < args.csp_limit):
                    t = time.perf_counter()
                    found = csp_witness(view, seat, card)
                    csp_t.append(time.perf_counter() - t)
                    agree += found == exists
                else:
                    skipped += 1
            csp = (f"{statistics.median(csp_t):9.4f} /{max(csp_t):9.4f}" if csp_t
                   else "       (not run)")
            note = f"{agree}/{len(csp_t)}" + (f", {skipped} skipped" if skipped else "")
            print(f"{family:18} {tricks:>6}  {statistics.median(table_t):10.4f} /"
                  f"{max(table_t):9.4f}  {csp:>20}  {note}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
