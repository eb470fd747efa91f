"""How the meld commands scale on the audit's hostile sizes: a house-rules file of n
extra reuse classes, and a dispute of n claims. Each command runs in a fresh process (its
start included), ``--rounds`` times; the line per size gives the median and the worst.

    python bench/scaling.py                       # classes 3 6 12 24, claims 10 30 300 3000
    python bench/scaling.py --classes 6 --claims 20 --rounds 5

The inputs are fixed (no randomness): the classes file is the fuzz script's
(``fuzz/fuzz_cli._many_classes``: n marriage-like melds in any suit, each in a class of its
own, beside four-hand's round house), and the claims are the four marriages in turn,
claimed from a hand holding each once, so that every claim conflicts with the others.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fuzz.fuzz_cli import _many_classes  # noqa: E402

HAND = "KS QS KH QH KD QD KC QC"
MARRIAGES = ["KS QS", "KH QH", "KD QD", "KC QC"]


def timed(args: list[str], stdin: str = "") -> tuple[float, int]:
    """Seconds for ``pinosolve ARGS`` in a fresh process, and the bytes it answered; a run that
    fails ends the bench (exit 1), naming the command. Exit code 1 is an answer (a verdict of
    "not as claimed", or a batch with error lines), not a failure."""
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pinosolve", *args], input=stdin, cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    if run.returncode not in (0, 1):
        sys.exit(f"bench: {' '.join(args[:2])} failed: {run.stderr.strip()[:300]}")
    return seconds, len(run.stdout)


def report(what: str, runs: list[tuple[float, int]]) -> None:
    times = [s for s, _ in runs]
    print(f"{what}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
          f"answer {runs[0][1]:,} bytes", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--classes", type=int, nargs="*", default=[3, 6, 12, 24])
    ap.add_argument("--claims", type=int, nargs="*", default=[10, 30, 300, 3000])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if args.rounds < 1 or any(n < 1 for n in args.classes + args.claims):
        print("bench: --rounds, --classes and --claims take whole numbers from 1",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        for n in args.classes:
            rules = str(_many_classes(Path(folder), n))
            report(f"meld, {n} extra reuse classes",
                   [timed(["meld", HAND, "--trump", "H", "--json", "--rules", rules])
                    for _ in range(args.rounds)])
    for n in args.claims:
        line = json.dumps({"variant": "four-hand", "trump": "H", "hand": HAND,
                           "claim": [MARRIAGES[k % 4] for k in range(n)]})
        report(f"verify, {n} claims",
               [timed(["verify", "--input", "-"], line + "\n") for _ in range(args.rounds)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
