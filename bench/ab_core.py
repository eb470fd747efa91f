"""Two builds of the compiled search core, timed against each other on the same deals.

    python bench/ab_core.py A B [--family F] [--deals N | --seeds K ...] [--rounds R]
                           [--every] [--cflags "..."] [--define NAME[=V] ...]

A and B each name a core source: a git revision (its ``pinosolve/play/_core.c`` and, where it
has them, its ``_core.h`` and ``search/`` folder), a path to a C file (with the ``_core.h``
and ``search/`` beside it, else the working tree's), or ``.`` for the working tree's. Each is compiled as ``pip install`` compiles it (the
interpreter's own CFLAGS, then setup.py's ``-O3 -std=c11``; ``--cflags`` adds flags, to
both builds, and ``--define NAME`` a ``-D`` to B alone, for a switch in the source) and put
beside a copy of the working tree's Python package, so only the core differs (both cores must
therefore take the arguments the working tree's binding gives them).

The runs alternate, A then B, for ``--rounds`` rounds, each in a fresh process that solves
every deal (``bench/dd_full.py``'s deals, value only, or every opening lead with
``--every``). This machine's speed drifts by 10% within minutes, so only interleaved runs
compare; a single pair of runs says little. Prints each build's total time per round, its
median and its nodes, and checks that both builds found the same values (a hash of every
value, and of every card's with ``--every``): a change meant to keep the search exact must
keep them. Exit code 1 when they differ, 2 on a bad argument or a build that fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = "pinosolve/play/_core.c"
HEADER = "pinosolve/play/_core.h"  # the core's interface, which _core.c includes
SETUP_FLAGS = ["-O3", "-std=c11"]  # setup.py's extra_compile_args


def fail(message: str) -> None:
    print(f"ab_core: {message}", file=sys.stderr)
    sys.exit(2)


SEARCH = "pinosolve/play/search"  # the core's parts (since the binding was split from them)


def source_of(name: str) -> tuple[str, str, dict[str, str]]:
    """The C source a build names ('.', a file, or a git revision), its header (the empty
    text for a revision from before the core had one), and the files of its search/ folder
    (none for a revision from before the core was split into it)."""
    if name == ".":
        return (ROOT / CORE).read_text(), (ROOT / HEADER).read_text(), _parts(ROOT / SEARCH)
    path = Path(name)
    if path.is_file():
        beside = path.with_name(Path(HEADER).name)
        parts = _parts(path.parent / "search") or _parts(ROOT / SEARCH)
        return (path.read_text(), (beside if beside.is_file() else ROOT / HEADER).read_text(),
                parts)
    proc = None
    for where in (CORE, "pinosolve/_core.c"):  # (the core's path before the play/ folder)
        try:
            proc = subprocess.run(["git", "show", f"{name}:{where}"], cwd=ROOT,
                                  capture_output=True, text=True)
        except OSError:  # no git
            break
        if proc.returncode == 0:
            break
    if proc is None or proc.returncode != 0:
        fail(f"{name!r} is neither a file nor a git revision with {CORE}")
    header = subprocess.run(["git", "show", f"{name}:{HEADER}"], cwd=ROOT,
                            capture_output=True, text=True)
    listed = subprocess.run(["git", "ls-tree", "--name-only", f"{name}:{SEARCH}"], cwd=ROOT,
                            capture_output=True, text=True)
    parts = {}
    if listed.returncode == 0:
        for part in listed.stdout.split():
            parts[part] = subprocess.run(["git", "show", f"{name}:{SEARCH}/{part}"], cwd=ROOT,
                                         capture_output=True, text=True, check=True).stdout
    return proc.stdout, header.stdout if header.returncode == 0 else "", parts


def _parts(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.glob("*.[ch]"))} \
        if folder.is_dir() else {}


def build(name: str, where: Path, extra: list[str]) -> Path:
    """A package directory: the working tree's Python files and this build's core."""
    pkg = where / "pinosolve"
    shutil.copytree(ROOT / "pinosolve", pkg,
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    src = where / "_core.c"
    text, header, parts = source_of(name)
    src.write_text(text)
    (where / Path(HEADER).name).write_text(header)  # found beside the source, as in the tree
    if parts:
        (where / "search").mkdir()
        for part, body in parts.items():
            (where / "search" / part).write_text(body)
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "gcc"
    flags = (sysconfig.get_config_var("CFLAGS") or "").split() + SETUP_FLAGS + extra
    out = pkg / "play" / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    cmd = [*cc.split(), *flags, "-shared", "-fPIC", "-I", sysconfig.get_paths()["include"],
           str(src), "-o", str(out)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as exc:
        fail(f"building {name!r}: cannot run {cc}: {exc}")
    if proc.returncode != 0:
        fail(f"building {name!r} failed:\n{proc.stderr.strip()}")
    return where


def child(where: str, family: str, seeds: list[int], every: bool) -> None:
    """One run, in its own process: solve every deal with the core in ``where``."""
    sys.path.insert(0, where)
    import pinosolve  # noqa: F401  (first, from `where`: bench/dd_full's imports reuse it)

    assert pinosolve.__file__.startswith(where), pinosolve.__file__
    sys.path.insert(1, str(ROOT / "bench"))
    from dd_full import FAMILIES, deal_position

    from pinosolve import load_variant
    from pinosolve.play.rules import PlayRules
    from pinosolve.play.driver import solve

    rules = PlayRules.of(load_variant(family))
    times, nodes, values = [], 0, []
    for seed in seeds:
        pos = deal_position(family, seed, *FAMILIES[family])
        start = time.perf_counter()
        res = solve(pos, rules, value_only=not every, backend="c")
        times.append(time.perf_counter() - start)
        nodes += res.nodes
        values.append((res.value, sorted(res.cards.items())))
    digest = hashlib.sha256(repr(values).encode()).hexdigest()[:12]
    print(json.dumps({"seconds": sum(times), "median": statistics.median(times),
                      "nodes": nodes, "values": digest}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--family", default="four-hand")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seeds", type=int, nargs="+", metavar="K")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--every", action="store_true", help="value every opening lead")
    ap.add_argument("--cflags", default="", help="more compiler flags, for both builds")
    ap.add_argument("--define", action="append", default=[], metavar="NAME[=V]",
                    help="-D for build B only")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    seeds = args.seeds if args.seeds is not None else list(range(args.deals))
    if args.child:
        child(args.child, args.family, seeds, args.every)
        return
    sys.path.insert(0, str(ROOT / "bench"))
    from dd_full import FAMILIES

    if args.family not in FAMILIES:
        fail(f"unknown family {args.family!r} (one of {', '.join(FAMILIES)})")
    if args.rounds < 1 or not seeds:
        fail("nothing to run: --rounds and the deals must be at least 1")
    with tempfile.TemporaryDirectory(prefix="ab_core.") as tmp:
        extra = args.cflags.split()
        builds = {"A": build(args.a, Path(tmp) / "A", extra),
                  "B": build(args.b, Path(tmp) / "B", extra + [f"-D{d}" for d in args.define])}
        runs: dict[str, list[dict]] = {"A": [], "B": []}
        cmd = [sys.executable, __file__, args.a, args.b, "--family", args.family,
               "--seeds", *map(str, seeds)] + (["--every"] if args.every else [])
        env = {**os.environ, "PINOSOLVE_RULES_DIR": str(ROOT / "rules")}
        for r in range(args.rounds):
            for label, where in builds.items():
                proc = subprocess.run([*cmd, "--child", str(where)], capture_output=True,
                                      text=True, env=env)
                if proc.returncode != 0:
                    fail(f"run of {label} failed:\n{proc.stderr.strip()}")
                run = json.loads(proc.stdout.strip().splitlines()[-1])
                runs[label].append(run)
                print(f"round {r + 1} {label}: {run['seconds']:.3f} s, median "
                      f"{run['median'] * 1000:.1f} ms, {run['nodes']} nodes, values "
                      f"{run['values']}", flush=True)
    mode = "every lead" if args.every else "value only"
    print(f"{args.family}, {mode}, {len(seeds)} deals, {args.rounds} rounds, interleaved:")
    for label, name in (("A", args.a), ("B", args.b)):
        total = [x["seconds"] for x in runs[label]]
        print(f"  {label} ({name}): {statistics.median(total):.3f} s a round (median; "
              f"{min(total):.3f} to {max(total):.3f}), {runs[label][0]['nodes']} nodes")
    ratio = (statistics.median(x["seconds"] for x in runs["B"]) /
             statistics.median(x["seconds"] for x in runs["A"]))
    print(f"  B/A time: {ratio:.3f}")
    hashes = {x["values"] for x in runs["A"] + runs["B"]}
    if len(hashes) > 1:
        print("  VALUES DIFFER between the builds")
        sys.exit(1)
    print("  values: the same")


if __name__ == "__main__":
    main()
