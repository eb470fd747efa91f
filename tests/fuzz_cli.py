"""Bad input never crashes: random batch lines for every analysis command.

    python tests/fuzz_cli.py [--seconds S] [--seed TEXT]

Each line goes through the real command (``pinosolve CMD --input -``, in this process) and must
come back as exactly one JSON object on stdout, with exit code 0 and nothing on stderr: an
answer, or ``{"error": …}`` naming the problem. Lines are either (70%) a working example from the
README with one to three values mutated (a character dropped, inserted or doubled, a number
nudged, a value of another type), which reaches deep into each command, or (30%) random keys with
random values. solve and makeable lines get a 0.5 s budget. Every distinct failure (command,
exception, place) is printed once with its line; the last line counts the lines tried. Exit code
1 if any failed.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.cli import main  # noqa: E402

D4 = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
# working lines per command (the README's examples, as batch lines)
EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "show": [{"variant": "four-hand", "hand": "AAT.K9..QJ"},
             {"variant": "double-deck", "hand": "A♠ 10♥ 10♥ K♦ Q♦"},
             {"variant": "three-hand-kitty", "deal": "N:AK.T.QJ. 9.A.K. Q.J.T.A"}],
    "deal": [{"variant": "five-hand-call", "seed": 42}],
    "meld": [{"variant": "four-hand-classic", "hand": "AC TC KC QC JC 9C JD KS QS", "trump": "C"},
             {"variant": "double-deck", "trump": "H",
              "hand": "KS KS QS QS KH KH QH QH KD KD QD QD KC KC QC QC"},
             {"variant": "four-hand-classic", "hand": "AH TH KH KH QH JH", "trump": "H",
              "compare": "trickster-classic"},
             {"variant": "four-hand", "hand": "AS KS QS", "trump": "H", "all": True}],
    "verify": [{"variant": "four-hand-classic", "trump": "H", "hand": "AH TH KH QH JH",
                "claim": ["AH TH KH QH JH", "KH QH"], "announced": 190},
               {"sequence": "puzzles/meld/12-upgrade-royal-marriage-to-run.toml"}],
    "legal": [{"variant": "four-hand", "trump": "S", "hand": "AD 9D KS 9S QC",
               "trick": "JD QC"}],
    "solve": [{"variant": "four-hand", "trump": "S", "leader": "N",
               "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."},
              {"variant": "four-hand", "trump": "S", "leader": "N", "trick": "AS",
               "deal": "N:K.A.. T.K.A. Q.T.T. 9.Q.K."},
              {"variant": "three-hand-kitty", "trump": "S", "leader": "N", "declarer": "E",
               "deal": "N:A.K.. T.A.. K.T.."}],
    "score": [{"variant": "four-hand-classic", "bidder": "N", "bid": 340, "throw_in": True,
               "meld": {"N": 40, "S": 30, "E": 60, "W": 20}},
              {"variant": "three-hand-auction", "bidder": "E", "bid": 300, "meld": {"E": 160},
               "points": {"N": 60, "E": 137, "W": 53}},
              {"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20},
               "points": {"NS": 10, "EW": 15}, "last_trick": "EW"}],
    "bid": [{"variant": "double-deck", "history": "50 55 58 60 65 70 pass 100 110"},
            {"variant": "four-hand", "history": "pass pass pass pass"}],
    "pass": [{"variant": "four-hand", "trump": "H", "received": "QH KH JD QC", "all": True,
              "hand": "AH TH KH JH 9H AS AD AC KS QS QD 9C"},
             {"variant": "four-hand", "trump": "H", "received": "QH KH JD QC",
              "hand": "AH TH KH JH 9H AS AD AC KS QS QD 9C",
              "partner": "QH KH JD QC 9S 9S TS TD TC JC JC 9D"}],
    "makeable": [{"variant": "four-hand", "trump": "S", "bidder": "N", "bid": 30, "deal": D4},
                 {"variant": "four-hand-classic", "trump": "S", "bidder": "E", "bid": 300,
                  "deal": D4}],
}
KEYS = sorted({k for lines in EXAMPLES.values() for line in lines for k in line}
              | {"rules", "stage", "partner", "called", "laid_away", "dealer", "value_only",
                 "timeout", "progress", "full", "all_trumps", "compare", "announced", "won",
                 "tricks", "shoot", "throw_in"})
WORDS = ["", " ", "AS", "XS", "10S", "A♠", "N", "E", "S", "W", "NS", "H", "none", "pass",
         "four-hand", "double-deck", "nine-hand", "rules/four-hand.toml", "x\u0000y", "x" * 300,
         "AS " * 100, "N:", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "....", "first", "1e400", "∞",
         "a\nb", "puzzles", "/"]
NUMBERS = [0, 1, -1, 2, 12, 250, 10**30, -10**30, 2**63, 0.5, -0.0, 1e308,
           float("nan"), float("inf")]
CHARS = "AKQJT9XSHDC .,:-NESW♠♥♦♣10\u0000"


def random_value(rnd: random.Random, depth: int = 0) -> Any:
    r = rnd.random()
    if r < 0.45 or depth > 2:
        return rnd.choice(WORDS)
    if r < 0.65:
        return rnd.choice(NUMBERS)
    if r < 0.75:
        return rnd.choice([True, False, None])
    if r < 0.88:
        return [random_value(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    return {rnd.choice(WORDS[:12]): random_value(rnd, depth + 1) for _ in range(rnd.randrange(3))}


def mutate(rnd: random.Random, value: Any) -> Any:
    """A value near ``value`` (or, now and then, anything at all)."""
    r = rnd.random()
    if isinstance(value, str) and value and r < 0.75:
        i = rnd.randrange(len(value))
        return rnd.choice([value[:i] + value[i + 1:], value[:i] + rnd.choice(CHARS) + value[i:],
                           value + " " + value[i:], value[:i], value.replace(" ", ","),
                           value.lower()])
    if isinstance(value, (int, float)) and not isinstance(value, bool) and r < 0.6:
        return rnd.choice([value + 1, value - 1, -value, value * 1000, 0, str(value),
                           value + 0.5])
    if isinstance(value, dict) and value and r < 0.6:
        key = rnd.choice(list(value))
        return {**value, rnd.choice([key, key.lower(), "X", ""]): mutate(rnd, value[key])}
    if isinstance(value, list) and value and r < 0.6:
        i = rnd.randrange(len(value))
        return value[:i] + [mutate(rnd, value[i])] + value[i + 1:]
    return random_value(rnd)


def random_line(rnd: random.Random) -> tuple[str, dict[str, Any]]:
    command = rnd.choice(sorted(EXAMPLES))
    if rnd.random() < 0.7:
        line = dict(rnd.choice(EXAMPLES[command]))
        for _ in range(rnd.choice([1, 1, 1, 2, 3])):
            key = rnd.choice(sorted(line)) if rnd.random() < 0.9 else rnd.choice(KEYS)
            line[key] = mutate(rnd, line[key]) if key in line else random_value(rnd)
    else:
        line = {key: random_value(rnd) for key in rnd.sample(KEYS, rnd.randrange(1, 6))}
    if command in ("solve", "makeable"):
        line["timeout"] = 0.5
    return command, line


def run_line(command: str, text: str) -> tuple[int, str, str]:
    """``pinosolve COMMAND --input -`` on one line: exit code, stdout, stderr."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(text + "\n"), out, err
    try:
        code = main([command, "--input", "-"])
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def failure(code: int, out: str, err: str) -> str | None:
    """What is wrong with an answer, or None."""
    if code != 0 or err:
        return f"exit {code}: {err.strip()}"
    answers = out.splitlines()
    if len(answers) != 1:
        return f"{len(answers)} lines out for one in"
    try:
        answer = json.loads(answers[0])
    except json.JSONDecodeError:
        return f"not JSON: {answers[0][:200]}"
    if not isinstance(answer, dict):
        return "not a JSON object"
    return None


def main_() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=300.0)
    ap.add_argument("--seed", default="fuzz")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    end = time.monotonic() + args.seconds
    tried = answered = bad = 0
    seen: set[tuple[str, str]] = set()
    while time.monotonic() < end:
        command, line = random_line(rnd)
        text = json.dumps(line)
        tried += 1
        code, out, err = run_line(command, text)
        wrong = failure(code, out, err)
        if wrong is None:
            answered += "error" not in json.loads(out)
            continue
        bad += 1
        if (command, wrong[:80]) not in seen:
            seen.add((command, wrong[:80]))
            print(f"{command}: {wrong}\n    line: {text[:400]}", flush=True)
    print(f"{tried} lines, {answered} answered, {tried - answered - bad} error records, "
          f"{bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main_())
