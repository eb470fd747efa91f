"""The board's speed, through its HTTP API as the page uses it, over fixed seeded hands.

    python bench/board.py [--seeds N ...]

For each seed: a plausible whole four-hand hand (bench/review.py's ``plausible_play``) is
opened on a running ``pinosolve board`` (started here, on a free port): the time of the
whole hand's review (the value graph and every position's badges: one ``POST /api/review``,
as the page asks on opening), then of every position's badges after it (the same request
again, from the board's cache, as a step does), and of one position's infer heat map. Prints
each, then the median and the worst: the issue's targets are a position's badges under 1 s
after the first solve of the hand, and a whole hand's graph under 10 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.review import game_of, plausible_play  # noqa: E402


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=600))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    args = ap.parse_args()
    proc = subprocess.Popen([sys.executable, "-m", "pinosolve", "board", "--no-browser",
                             "--port", "0"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    url = proc.stdout.readline().split()[1]
    graphs, badges, heats = [], [], []
    try:
        for seed in args.seeds:
            g = game_of("four-hand", seed)
            play = plausible_play(g, seed)
            rec = post(url + "api/record", {"text": str(g), "variant": "four-hand",
                                            "trump": g.trump.name})
            line = {**rec["review"], "play": play}
            t = time.perf_counter()
            review = post(url + "api/review", line)
            graphs.append(time.perf_counter() - t)
            t = time.perf_counter()
            again = post(url + "api/review", line)
            badges.append(time.perf_counter() - t)
            assert again == review
            view = {**rec["views"]["N"], "seat": "N", "play": play[:20], "shares": 200,
                    "seed": 1}
            t = time.perf_counter()
            post(url + "api/infer", view)
            heats.append(time.perf_counter() - t)
            print(f"  seed {seed}: whole hand's graph {graphs[-1]:.2f}s, a position's badges "
                  f"after it {badges[-1] * 1000:.1f}ms, a heat map {heats[-1]:.2f}s",
                  flush=True)
        for name, xs in (("graph", graphs), ("badges", badges), ("heat map", heats)):
            print(f"  {name}: median {statistics.median(xs):.3f}s, worst {max(xs):.3f}s over "
                  f"{len(xs)} hands", flush=True)
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
