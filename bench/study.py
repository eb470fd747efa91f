"""Study throughput: four-hand value-only deals per second on the local backend
with 1 and 2 worker processes, and on a Dask LocalCluster of 2 workers, side by side on the
same seeded deals, and the Dask overhead over the local backend.

    python bench/study.py [--deals N] [--seed S] [--family F]

Each run is the command itself (``pinosolve study --deals N --seed S``, records to a file),
so process start-up and the chunks' scheduling count. The deals are the same in every run
(deal k is made from (seed, k)), and the records are checked to be identical.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(args: list[str], out: Path) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pinosolve", "study", *args, "--out", str(out),
                    "--json"], check=True, capture_output=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--family", default="four-hand")
    args = ap.parse_args()
    base = ["--variant", args.family, "--deals", str(args.deals), "--seed", str(args.seed)]
    runs = {"local, 1 worker": base + ["--jobs", "1"],
            "local, 2 workers": base + ["--jobs", "2"],
            "dask LocalCluster, 2 workers": base + ["--backend", "dask", "--jobs", "2"]}
    times, texts = {}, {}
    with tempfile.TemporaryDirectory() as folder:
        for name, argv in runs.items():
            out = Path(folder) / f"{len(times)}.jsonl"
            times[name] = run(argv, out)
            texts[name] = out.read_text()
            print(f"{name}: {times[name]:.1f} s, {args.deals / times[name]:.1f} deals/s",
                  flush=True)
    assert len(set(texts.values())) == 1, "the backends' records differ"
    over = times["dask LocalCluster, 2 workers"] / times["local, 2 workers"] - 1
    print(f"{args.family}, {args.deals} deals, seed {args.seed}: Dask overhead over the "
          f"local backend (2 workers each): {over:+.1%}; the records are identical")


if __name__ == "__main__":
    main()
