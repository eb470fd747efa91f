"""The golden corpus: what every README and documentation command, every puzzle and a few hundred batch lines of
each command answer, kept in ``tests/golden/`` so that a change that should not change an
answer can show it did not.

    python tools/golden.py record     # write tests/golden/ from this tree
    python tools/golden.py record NAME ...  # write only these cases (an intended change)
    python tools/golden.py check      # run it again; print each difference, exit 1 if any

Answers are normalised where they cannot repeat: seconds, and nothing else (node counts and
values are deterministic). A check applies ``RENAMES`` (old JSON key -> new, from the
CHANGELOG) to the recorded answers first, and compares both as ``_rendered`` makes them,
so that a rename, or a rendering the CHANGELOG lists, is not a difference.
The batch lines are made from fixed seeds: the same lines on every machine.
"""

from __future__ import annotations

import json
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
RENAMES: dict[str, str] = {  # JSON keys renamed since the corpus was recorded (CHANGELOG)
    "card_values": "values", "card_bounds": "value_bounds", "to_act": "to_move",
    "value_bounds": "values_bounds"}  # (in this order: card_bounds was value_bounds first)

sys.path.insert(0, str(ROOT))


def _normal(text: str) -> str:
    text = text.replace(str(ROOT), "<checkout>")  # (answers name files by their full path)
    text = re.sub(r'"seconds": [0-9.e-]+', '"seconds": 0', text)
    text = re.sub(r"\b\d+\.\d+ s\b", "T s", text)
    return text


def _run(args: list[str], stdin: str = "") -> str:
    proc = subprocess.run([sys.executable, "-m", "pinosolve", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=1800)
    return _normal(f"exit {proc.returncode}\n{proc.stdout}{proc.stderr}")


def doc_commands() -> list[tuple[str, list[str]]]:
    """The example commands of the README and of the documentation pages that draw or write
    no file and need no shell (a pipe, an exit code read), as (page, arguments), page by
    page: ``readme``, then each page of docs/ by its path (``commands-solve``)."""
    pages = [("readme", ROOT / "README.md")]
    pages += [(str(p.relative_to(ROOT / "docs").with_suffix("")).replace("/", "-"), p)
              for p in sorted((ROOT / "docs").rglob("*.md"))]
    out = []
    for name, path in pages:
        blocks = re.findall(r"^```sh\n(.*?)^```", path.read_text(), flags=re.S | re.M)
        if name == "readme":
            blocks = blocks[1:]  # (the set-up)
        for block in blocks:
            for line in block.replace("\\\n", " ").splitlines():
                line = line.strip()
                if line.startswith("pinosolve ") and "|" not in line and \
                        "--scheduler" not in line and \
                        not re.search(r"--(plot|out|annotate|html)\b", line):
                    out.append((name, shlex.split(line)[1:]))
    return out


def _games(variant: str, n: int, seed: int, left: int) -> list[Any]:
    """``n`` games of ``variant`` from seeded deals, played at random to ``left`` tricks
    from the end."""
    from pinosolve.game import Game
    from pinosolve.variants.sides import sides_fixed
    from pinosolve.variants.variant import load_variant

    v = load_variant(variant)
    rnd = random.Random(seed)
    games = []
    for k in range(n):
        roles: dict[str, str] = {}
        if not sides_fixed(v):
            roles["declarer"] = rnd.choice(v.seats)
            if v.rules.players.partnership == "called-card":
                roles["partner"] = rnd.choice([s for s in v.seats if s != roles["declarer"]])
        g = Game(v, v.random_deal(seed * 1000 + k), trump=rnd.choice("SHDC"),
                 leader=rnd.choice(v.seats), **roles)
        total = v.rules.deal.hand_size * len(v.seats)
        for _ in range(total - left * len(v.seats) + rnd.randrange(len(v.seats))):
            g.play(rnd.choice(g.legal_moves()))
        games.append(g)
    return games


SMALL = ("two-hand", "three-hand-kitty", "four-hand", "four-hand-classic", "double-deck",
         "five-hand-call")


def batch_lines() -> dict[str, list[dict[str, Any]]]:
    """Batch lines of each command, from fixed seeds."""
    from pinosolve.variants.sides import sides_fixed
    from pinosolve.variants.variant import load_variant

    rnd = random.Random(44)
    lines: dict[str, list[dict[str, Any]]] = {c: [] for c in (
        "show", "deal", "meld", "legal", "solve", "makeable", "review", "infer", "score")}
    for variant in SMALL:
        v = load_variant(variant)
        for k in range(10):
            deal = v.random_deal(rnd.randrange(2**32))
            seat = rnd.choice(v.seats)
            lines["show"].append({"variant": variant, "deal": str(deal)})
            lines["deal"].append({"variant": variant, "seed": rnd.randrange(2**32)})
            lines["meld"].append({"variant": variant, "hand": str(deal[seat]),
                                  "trump": rnd.choice("SHDC")})
        for g in _games(variant, 12, 7, 2):
            lines["solve"].append(_position(g))
            lines["legal"].append({"variant": variant, "trump": g.trump.letter,
                                   "hand": str(g.hand(g.to_move)),
                                   "trick": " ".join(str(c) for c in g.trick)})
        for g in _games(variant, 6, 11, 3):
            view = g.to_record().view_input(rnd.choice(v.seats))
            view.pop("variant")
            lines["infer"].append({"variant": variant, **view})
            late = g.copy()  # a hand reviewed from its last tricks: set up there, played out
            while late.trick:
                late.play(rnd.choice(late.legal_moves()))
            start = type(g)(v, str(late), trump=late.trump, declarer=late.declarer,
                            partner=late.partner) if not sides_fixed(v) else \
                type(g)(v, str(late), trump=late.trump)
            while not start.over:
                start.play(rnd.choice(start.legal_moves()))
            position = {k: val for k, val in start.to_record().review_input().items()
                        if k != "variant"}
            lines["review"].append({"variant": variant, **position})
    for g in _games("four-hand", 10, 13, 3):
        lines["makeable"].append({**_position(g), "bidder": "N", "bid": 20})
    lines["ddtable"] = []
    for variant in SMALL:  # (a deal two tricks from the end, every trump and every leader)
        for g in _games(variant, 2, 19, 2):
            while g.trick:
                g.play(g.legal_moves()[0])
            roles = {k: val for k, val in (("bidder", g.declarer), ("partner", g.partner))
                     if val is not None}
            lines["ddtable"].append({"variant": variant, "deal": str(g), **roles})
    for k in range(40):
        lines["score"].append({"variant": "four-hand", "bidder": rnd.choice("NESW"),
                               "bid": 250 + 10 * rnd.randrange(10), "trump": "H",
                               "meld": {s: 10 * rnd.randrange(20) for s in "NESW"},
                               "points": {"NS": (p := rnd.randrange(26) * 10),
                                          "EW": 250 - p}})
    return lines


def _position(g: Any) -> dict[str, Any]:
    line = {"variant": g.variant.id, "deal": str(g), "trump": g.trump.letter,
            "leader": g.leader, "trick": " ".join(str(c) for c in g.trick)}
    if g.declarer is not None:
        line["declarer"] = g.declarer
    if g.partner is not None:
        line["partner"] = g.partner
    return line


def cases() -> dict[str, tuple[list[str], str]]:
    """Every case: name -> (arguments, standard input)."""
    from pinosolve.puzzle import shipped as shipped_puzzles

    out: dict[str, tuple[list[str], str]] = {}
    counts: dict[str, int] = {}
    for page, args in doc_commands():
        counts[page] = counts.get(page, 0) + 1
        out[f"doc-{page}-{counts[page]:02d}"] = (args, "")
    for name in shipped_puzzles():
        out[f"puzzle-{name}"] = (["puzzle", name, "--json"], "")
    for command, lines in batch_lines().items():
        text = "".join(json.dumps(line) + "\n" for line in lines)
        out[f"batch-{command}"] = ([command, "--input", "-"], text)
    return out


def _renamed(text: str) -> str:
    for old, new in RENAMES.items():
        text = text.replace(f'"{old}":', f'"{new}":')
    return text


SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _rendered(text: str) -> str:
    """``text`` with the renderings the CHANGELOG lists made one: a card or a trump for
    people as its letters (``10♣`` and ``TC``), a side's name with no ``+`` between its
    seats (``N+S`` and ``NS``), makeable's ``side`` (a key added), the ten in pass's
    strength line (``T 1`` and ``10 1``), and a table's padding as one space (a wider card
    widens its column)."""
    text = re.sub(r"\b(10|[AKQJ9])([♠♥♦♣])",
                  lambda m: ("T" if m[1] == "10" else m[1]) + SUITS[m[2]], text)
    text = re.sub(r"trump ([♠♥♦♣])", lambda m: "trump " + SUITS[m[1]], text)
    text = re.sub(r"(?<=[A-Z0-9])\+(?=[A-Z0-9])", "", text)
    text = re.sub(r'"side": "\w+", (?="seats")', "", text)
    text = re.sub(r"(trumps \d+(?:, [AKQJ9] \d+)*), 10 (?=\d)", r"\1, T ", text)  # pass
    return re.sub(r"[ ─━┈]+", " ", text)


def main(argv: list[str]) -> int:
    if argv[1:2] not in (["record"], ["check"]) or argv[1] == "check" and argv[2:]:
        print(__doc__)
        return 2
    record = argv[1] == "record"
    only = set(argv[2:])
    unknown = only - set(cases())
    if unknown:
        print(f"no such case: {', '.join(sorted(unknown))}")
        return 2
    GOLDEN.mkdir(exist_ok=True)
    differ = 0
    for name, (args, stdin) in cases().items():
        if only and name not in only:
            continue
        path = GOLDEN / f"{name}.txt"
        if not record and (GOLDEN / f"{name}.jsonl").exists():  # the lines as recorded
            stdin = (GOLDEN / f"{name}.jsonl").read_text()
        got = f"$ pinosolve {shlex.join(args)}\n" + _run(args, stdin)
        if record:
            if got != f"$ pinosolve {shlex.join(args)}\n" + _run(args, stdin):
                print(f"{name}: the answer does not repeat; left out")
                continue
            path.write_text(got)
            if stdin:
                (GOLDEN / f"{name}.jsonl").write_text(stdin)
        elif path.exists():
            want = _renamed(path.read_text())
            # (the first line is the command: an option renamed since, as the README's now
            # gives it, is not a difference in what it answers)
            if _rendered(got.split("\n", 1)[1]) != _rendered(want.split("\n", 1)[1]):
                differ += 1
                print(f"{name}: differs")
                import difflib

                sys.stdout.writelines(list(difflib.unified_diff(
                    want.splitlines(True), got.splitlines(True), "recorded", "now"))[:40])
    print(f"{len(cases())} cases, {differ} differ" if not record else "recorded")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
