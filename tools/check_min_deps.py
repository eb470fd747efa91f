#!/usr/bin/env python3
"""Install pinosolve with every dependency at its declared lower bound, then smoke-test every
command.

The pins are read from ``[project].dependencies`` in pyproject.toml (``name>=low`` becomes
``name==low``), so the check cannot drift from what the package declares. The package is
installed the way a user installs it (``pip install .``, from a copy of the source tree so the
checkout gets no build files) into a fresh virtual environment in a temporary directory, made
with the Python that runs this script. Dependencies of the dependencies (click, protobuf,
numpy, ...) are left to pip.

    python3 tools/check_min_deps.py                  # the check (CI runs it: .ci/run)
    python3 tools/check_min_deps.py --print-pins     # only print the pins
    python3 tools/check_min_deps.py --latest --pin typer==0.16.0     # bisecting: this pin,
                                                     # every other dependency at its latest
    python3 tools/check_min_deps.py --smoke PATH     # only the smoke test, of PATH/bin/pinosolve

Exit code 0 if every smoke command passes; 1 with one line per failing command otherwise (2 if
the install itself fails).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*?)\s*$")
_SPEC = re.compile(r"^\s*(>=|<=|==|!=|~=|<|>)\s*([0-9][0-9A-Za-z.+!*-]*)\s*$")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_requirement(text: str) -> tuple[str, list[tuple[str, str]]]:
    """'name>=1.2,<2' -> ('name', [('>=', '1.2'), ('<', '2')]). Extras and environment markers
    are not used by pinosolve's dependencies and are refused rather than misread."""
    m = _REQ.match(text)
    if not m or any(c in text for c in "[];@"):
        raise ValueError(f"unsupported requirement {text!r}")
    specs = []
    for part in filter(None, (p.strip() for p in m.group(2).split(","))):
        s = _SPEC.match(part)
        if not s:
            raise ValueError(f"unsupported version specifier {part!r} in {text!r}")
        specs.append((s.group(1), s.group(2)))
    return _normal(m.group(1)), specs


def project(pyproject: Path = ROOT / "pyproject.toml") -> dict:
    return tomllib.loads(pyproject.read_text())["project"]


def dependencies(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, list[tuple[str, str]]]:
    """pyproject.toml's runtime dependencies: normalised name -> specifiers."""
    return dict(parse_requirement(r) for r in project(pyproject)["dependencies"])


def lower_bound_pins(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """'name==low' for every dependency; a dependency without a '>=' bound is an error."""
    pins = []
    for name, specs in dependencies(pyproject).items():
        lows = [v for op, v in specs if op == ">="]
        if len(lows) != 1:
            raise ValueError(f"{name}: expected exactly one '>=' lower bound, got {specs}")
        pins.append(f"{name}=={lows[0]}")
    return pins


@dataclass(frozen=True)
class Smoke:
    """One command: its arguments, what stdout (or stderr, for usage errors) must contain."""

    args: tuple[str, ...]
    expect: tuple[str, ...]
    stdin: str = ""
    code: int = 0

    @property
    def line(self) -> str:
        cmd = shlex.join(["pinosolve", *self.args])
        lines = len(self.stdin.splitlines())
        return f"{cmd} (with {lines} JSON lines on stdin)" if self.stdin else cmd


def _s(line: str, *expect: str, stdin: str = "", code: int = 0) -> Smoke:
    return Smoke(tuple(shlex.split(line)), expect, stdin, code)


DEAL4 = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
# the cards of the tricks before a four-hand ending where S holds QS 9S KD (a view gives
# them as gone: four-hand deals every card)
GONE = ("AS TS KS QS JS JS 9S AH TH TH KH QH JH JH 9H 9H AD AD TD KD QD QD JD 9D AC AC TC TC "
        "KC KC QC QC JC JC 9C 9C")
SMALL = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."
HAND = "AH TH KH JH 9H AS AD AC KS QS QD 9C"

# Every command, with invocations taken from README.md (which tests/test_readme.py runs), the
# figure each must print, and each command's --help (below).
SMOKE: list[Smoke] = [
    _s("--version", f"pinosolve {project()['version']}", "search core"),
    _s("variants", "four-hand-classic", "double-deck"),
    _s("rules four-hand-classic", "Four-hand partnership pinochle"),
    _s("rules double-deck --json", '"id": "double-deck"'),
    _s("rules --keys", "Rules-file keys"),
    _s("rules --rules rules/examples/trickster-head-trump-led.toml", "trickster-head-trump-led"),
    _s('show "AAT.K9..QJ" --variant four-hand', "A♠ A♠ 10♠ K♥ 9♥ Q♣ J♣"),
    _s('show "A♠ 10♥ 10♥ K♦ Q♦" --variant double-deck --json', '"points": 4'),
    _s('show --variant three-hand-kitty --deal "N:AK.T.QJ. 9.A.K. Q.J.T.A"',
       "N:AK.T.QJ. 9.A.K. Q.J.T.A"),
    _s("deal --variant five-hand-call --seed 42", "1:TKJJ.AA.TTKKKK.ATTJ"),
    _s('meld "AH TH KH KH QH JH 9H QS JD AS AD AC" --all-trumps --variant four-hand-classic',
       "340", "run + king 190"),
    _s('meld "AC TC KC QC JC 9C JD KS QS" --trump C --variant four-hand-classic', "220"),
    _s('meld "KS KS QS QS KH KH QH QH KD KD QD QD KC KC QC QC" --trump H --variant double-deck'
       " --json", '"meld": 240'),
    _s('meld "AH TH KH KH QH JH" --trump H --variant four-hand-classic --compare '
       "trickster-classic", "190", "under trickster-classic"),
    _s('meld "AS KS QS" --trump H --all --variant four-hand', "1 distinct optimal declaration"),
    _s("meld --variant four-hand --input -", '"meld": 15', '"line": 2, "error"', '"meld": 2',
       code=1,
       stdin='{"hand": "AS TS KS QS JS", "trump": "S"}\n{"hand": "XS"}\n'
             '{"hand": "KD QD", "trump": "H"}\n'),
    _s('verify --trump H --hand "AH TH KH QH JH" --claim "AH TH KH QH JH" --claim "KH QH" '
       "--announced 190 --variant four-hand-classic", "royal marriage", "meld.classes.A",
       code=1),  # not as claimed
    _s("verify --sequence puzzles/meld/12-upgrade-royal-marriage-to-run.toml",
       "1 violation(s)", code=1),
    _s('legal --trump S --hand "AD 9D KS 9S QC" --trick "JD QC" --variant four-hand',
       "trick.follow_suit"),
    _s(f'solve --variant four-hand --trump S --leader N --deal "{SMALL}"',
       "takes 10 from here", "best"),
    _s(f'ddtable --variant four-hand --deal "{SMALL}" --json', '"leader": "W"', '"cells"'),
    _s(f'solve --variant four-hand --trump S --leader N --deal "{SMALL}" --value-only',
       "takes 10 from here"),
    _s('solve --variant four-hand --trump S --leader N --trick "AS" '
       '--deal "N:K.A.. T.K.A. Q.T.T. 9.Q.K." --json', '"value": 0', '"exact": true'),
    _s('solve --variant three-hand-kitty --trump S --leader N --bidder E '
       '--deal "N:A.K.. T.A.. K.T.."', "takes 4 from here"),
    _s("solve --variant four-hand --trump S --input - --jobs 2", '"value": 10', '"value": 0',
       stdin=f'{{"deal": "{SMALL}", "leader": "N"}}\n{{"deal": "{SMALL}", "leader": "E"}}\n'),
    _s("puzzle puzzles/meld/05-queen-of-spades-three-times.toml",
       "the engine agrees with the answer on file"),
    _s("puzzle puzzles/dd/14-four-hand.toml", "takes 3 from here"),
    _s("review --record tests/data/review-renege.toml", "renege", "reneges: 1"),
    _s("infer --variant four-hand --trump S --seat S --hand 'QS 9S KD' --leader N "
       f"--play 'AS KH' --json --gone '{GONE}'", '"deals"', '"voids"'),
    _s("advise --variant four-hand --trump S --seat S --hand 'QS 9S KD' --leader N "
       f"--play 'AS KH' --exact --json --gone '{GONE}'", '"by_card"', '"exact": true'),
    _s("advise --bidding --variant four-hand --seat N --hand "
       "'AS AS TS KS QS JS 9S AH KH QD JC 9C' --trump S --samples 2 --seed 1",
       "advice: "),
    _s("study --variant four-hand --deals 3 --seed 1 --jobs 1", '"index": 2'),
    _s("match rules random --variant two-hand --deals 3 --seed 1 --json", '"verdict"',
       '"mean_difference"'),
    _s("play --variant four-hand --seat S --seed 1 --answers 25", "your "),
    _s("score --variant four-hand-classic --bidder N --bid 340 --meld N=40 --meld S=30 "
       "--meld E=60 --meld W=20 --throw-in", "score: NS -340, EW +80"),
    _s("score --variant three-hand-auction --bidder E --bid 300 --meld E=160 --points N=60 "
       "--points E=137 --points W=53 --json", '"made": true'),
    _s("score --variant four-hand --input tests/data/round.json", "score: NS +40, EW +11"),
    _s("game puzzles/games/source001-bidder-goes-out.toml", "winner: EW after round 2"),
    _s("game puzzles/games/source000-two-hand-most-tricks.toml --json", '"variant": "two-hand"'),
    _s('bid --variant double-deck --auction "50 55 58 60 65 70 pass 100 110"',
       "high bid: N 110"),
    _s('bid --variant double-deck --auction "50 61"', "61 is not a multiple of 5"),
    _s('bid --variant four-hand --auction "pass pass pass pass" --json',
       '"variant": "four-hand"'),
    _s(f'pass --variant four-hand --trump H --hand "{HAND}" --received "QH KH JD QC" --all',
       "pass back: K♠ K♥ 9♥ 9♣"),
    _s(f'pass --variant four-hand --trump H --hand "{HAND}" '
       '--partner-hand "QH KH JD QC 9S 9S TS TD TC JC JC 9D" --received "QH KH JD QC"',
       "the best exchange gains 0"),
    _s(f'makeable --variant four-hand --trump S --bidder N --bid 30 --deal "{DEAL4}"',
       "set by 14"),
    _s(f'makeable --variant four-hand-classic --trump S --bidder E --bid 300 --deal "{DEAL4}" '
       "--json", '"bidder": "E"'),
    # the option parser's errors: one line, exit code 2
    _s("meld AS --bogus", "No such option", "--bogus", code=2),
    _s("meld AS --trump", "requires an argument", code=2),
    _s("solve --jobs x", "Invalid value for '--jobs'", code=2),
    # the board serves until Ctrl-C: its smoke is the record it refuses before it listens
    _s("board --no-browser --port 70000", "--port: a port from 0 to 65535", code=2),
    _s("--help", "Usage: pinosolve", "meld", "makeable"),
]

COMMANDS = ("variants", "rules", "show", "deal", "bid", "legal", "makeable", "meld", "pass",
            "ddtable",
            "puzzle", "review", "infer", "advise", "board", "study", "score", "game", "solve",
            "verify", "match", "play")
SMOKE += [_s(f"{c} --help", f"pinosolve {c}", "--help") for c in COMMANDS]


def run_smoke(exe: Path, cases: list[Smoke] = SMOKE) -> list[str]:
    """Run every case with the console script EXE from the source tree (for the example
    files); returns one line per failure."""
    env = dict(os.environ, COLUMNS="100", PYTHONUTF8="1")
    env.pop("PINOSOLVE_CORE", None)
    failures = []
    for case in cases:
        try:
            proc = subprocess.run([str(exe), *case.args], input=case.stdin.encode(), cwd=ROOT,
                                  env=env, capture_output=True, timeout=300)
        except subprocess.TimeoutExpired:
            failures.append(f"{case.line}: timed out after 300 s")
            continue
        out = proc.stdout.decode("utf-8", "replace")
        err = proc.stderr.decode("utf-8", "replace")
        where = out if case.code in (0, 1) else err  # (1: an answer that says no)
        missing = [e for e in case.expect if e not in where]
        if proc.returncode != case.code or missing:
            last = (err.strip().splitlines() or ["(no stderr)"])[-1]
            why = (f"exit code {proc.returncode}, expected {case.code}"
                   if proc.returncode != case.code else f"output lacks {missing[0]!r}")
            failures.append(f"{case.line}: {why}; stderr: {last}")
    return failures


def _copy_source(dest: Path) -> Path:
    skip = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "*.so",
                                  "__pycache__", ".pytest_cache", ".hypothesis")
    shutil.copytree(ROOT, dest, ignore=skip)
    return dest


def _versions(python: Path, names: list[str]) -> str:
    code = ("import importlib.metadata as m, sys\n"
            "for n in sys.argv[1:]:\n"
            "    try: print(f'{n}=={m.version(n)}', end=' ')\n"
            "    except m.PackageNotFoundError: pass\n")
    return subprocess.run([str(python), "-c", code, *names], capture_output=True,
                          text=True).stdout.strip()


def install(venv: Path, pins: list[str]) -> Path:
    """A fresh venv at VENV with pinosolve and PINS; returns its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    src = _copy_source(venv.parent / "src")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    str(src), *pins], check=True)
    return python


def _report(failures: list[str], took: str = "") -> int:
    for line in failures:
        print(f"min-deps: FAIL {line}")
    print(f"min-deps: smoke {len(SMOKE) - len(failures)}/{len(SMOKE)} commands passed{took}")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--print-pins", action="store_true", help="print the pins and exit")
    ap.add_argument("--pin", action="append", default=[], metavar="NAME==VERSION",
                    help="pin NAME to VERSION instead of its lower bound (repeatable)")
    ap.add_argument("--latest", action="store_true",
                    help="leave the dependencies not named by --pin to pip (their latest)")
    ap.add_argument("--smoke", metavar="VENV", type=Path,
                    help="only smoke-test the pinosolve installed in VENV")
    args = ap.parse_args(argv)
    if any("==" not in p for p in args.pin):
        ap.error("--pin takes NAME==VERSION")
    lowest = lower_bound_pins()
    if args.print_pins:
        print("\n".join(lowest))
        return 0
    if args.smoke:
        return _report(run_smoke(args.smoke / "bin" / "pinosolve"))
    given = {_normal(p.split("==")[0]): p for p in args.pin}
    pins = [given.pop(_normal(p.split("==")[0]), "" if args.latest else p) for p in lowest]
    pins = [p for p in pins if p] + list(given.values())
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pinosolve-min-deps-") as tmp:
        venv = Path(tmp) / "venv"
        print(f"min-deps: installing pinosolve with {' '.join(pins)}", flush=True)
        try:
            python = install(venv, pins)
        except subprocess.CalledProcessError as exc:
            print(f"min-deps: FAIL install (pip exited {exc.returncode}): pip install . "
                  + " ".join(pins))
            return 2
        names = ["pinosolve", *(p.split("==")[0] for p in lowest), "click", "protobuf"]
        core = subprocess.run([str(venv / "bin" / "pinosolve"), "--version"],
                              capture_output=True, text=True).stdout.strip()
        print(f"min-deps: installed {_versions(python, names)}; {core}", flush=True)
        failures = run_smoke(venv / "bin" / "pinosolve")
    return _report(failures, f" ({time.monotonic() - start:.0f} s)")


if __name__ == "__main__":
    sys.exit(main())
