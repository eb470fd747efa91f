"""Bad input never crashes: random batch lines for every analysis command.

    python fuzz/fuzz_cli.py [--seconds S] [--seed TEXT]

Each line goes through the real command (``pinosolve CMD --input -``, in this process) and must
come back as exactly one JSON object on stdout, with exit code 0 and nothing on stderr: an
answer, or ``{"error": …}`` naming the problem. Lines are either (70%) a working example from the
README with one to three values mutated (a character dropped, inserted or doubled, a number
nudged, a value of another type), which reaches deep into each command, or (30%) random keys with
random values. solve, makeable and ddtable lines get a 0.5 s budget.

One try in thirty is a batch of such lines through ``--jobs 2``, which must answer as one
process does, line for line. One try in five is a broken rules file instead: a shipped variant's
file with one to three lines deleted, re-valued, renumbered, garbled or added, read by ``rules``,
``deal``, ``meld``, ``bid``, ``legal`` and (on two cards a hand of its deal) ``solve``; one in ten
a shipped puzzle, game or meld-sequence file broken the same way, read by ``puzzle``, ``game`` or
``verify --sequence``.
Each must exit 0 (or 1, a verdict, for ``puzzle`` and ``game``), or 2 with one line naming the
problem.

One try in eight is a hostile input of a family an audit found (``HOSTILE``): a
path key (``--rules``, ``extends``, a batch line's ``rules``, ``compare``, ``sequence``) naming
``/dev/zero``, a FIFO, a directory or a file over 1 MiB; a batch line nested 100,000 deep; an
``--input`` file with bytes that are not UTF-8; ``NaN`` and ``Infinity`` for numbers; huge
values in a rules file; a dispute of many claims; a rules file of many reuse classes; and
the families found since: a symlink loop as a path, dotted keys and nesting of thousands of
parts in a rules file or record, views no deal explains through ``infer`` and ``advise``,
and numbers past every bound (a rules key, a contract's meld, a sequence step's trick); the
fourth audit's: a number of thousands of digits for every option that takes a value, on the
command line and as a batch key, in a working example of its command, and a dealing
condition on suit counts, rare or impossible, which ``deal --where`` must decide well within
a try's time. Every
try has a time bound (``TRY_SECONDS``: a watchdog reports the input and ends the run if a try
outlives it) and the whole run a memory bound (``MEMORY``, as an address-space limit: an
input that eats memory fails with MemoryError instead of taking the machine).

Every distinct failure is printed once with its input; the last line counts the tries. Exit code 1
if any failed.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import resource
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.cli import main  # noqa: E402
from fuzz.clock import fuzz_run  # noqa: E402

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
              {"variant": "three-hand-kitty", "trump": "S", "leader": "N", "bidder": "E",
               "deal": "N:A.K.. T.A.. K.T.."},
              {"variant": "three-hand-kitty", "trump": "S", "leader": "N", "declarer": "E",
               "deal": "N:A.K.. T.A.. K.T.."}],
    "score": [{"variant": "four-hand-classic", "bidder": "N", "bid": 340, "throw_in": True,
               "meld": {"N": 40, "S": 30, "E": 60, "W": 20}},
              {"variant": "three-hand-auction", "bidder": "E", "bid": 300, "meld": {"E": 160},
               "points": {"N": 60, "E": 137, "W": 53}},
              {"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20},
               "points": {"NS": 10, "EW": 15}, "last_trick": "EW"}],
    "bid": [{"variant": "double-deck", "auction": "50 55 58 60 65 70 pass 100 110"},
            {"variant": "four-hand", "auction": "pass pass pass pass"}],
    "pass": [{"variant": "four-hand", "trump": "H", "received": "QH KH JD QC", "all": True,
              "hand": "AH TH KH JH 9H AS AD AC KS QS QD 9C"},
             {"variant": "four-hand", "trump": "H", "received": "QH KH JD QC",
              "hand": "AH TH KH JH 9H AS AD AC KS QS QD 9C",
              "partner_hand": "QH KH JD QC 9S 9S TS TD TC JC JC 9D"}],
    "ddtable": [{"variant": "four-hand", "deal": "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."},
                {"variant": "three-hand-kitty", "deal": "N:A.K.. T.A.. K.T..", "bidder": "E"}],
    "makeable": [{"variant": "four-hand", "trump": "S", "bidder": "N", "bid": 30, "deal": D4},
                 {"variant": "four-hand-classic", "trump": "S", "bidder": "E", "bid": 300,
                  "deal": D4}],
}
KEYS = sorted({k for lines in EXAMPLES.values() for line in lines for k in line}
              | {"rules", "stage", "partner", "called_card", "laid_away", "dealer", "value_only",
                 "timeout", "progress", "full", "all_trumps", "compare", "announced", "won",
                 "tricks", "shoot", "throw_in"})
WORDS = ["", " ", "AS", "XS", "10S", "A♠", "N", "E", "S", "W", "NS", "H", "none", "pass",
         "four-hand", "double-deck", "nine-hand", "rules/four-hand.toml", "x\u0000y", "x" * 300,
         "AS " * 100, "N:", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "....", "first", "1e400", "∞",
         "a\nb", "puzzles", "/", "²", "٣", "N=²"]  # (digits of other scripts: int refuses)
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


def random_line(rnd: random.Random, command: str | None = None) -> tuple[str, dict[str, Any]]:
    command = command or rnd.choice(sorted(EXAMPLES))
    if rnd.random() < 0.7:
        line = dict(rnd.choice(EXAMPLES[command]))
        for _ in range(rnd.choice([1, 1, 1, 2, 3])):
            key = rnd.choice(sorted(line)) if rnd.random() < 0.9 else rnd.choice(KEYS)
            line[key] = mutate(rnd, line[key]) if key in line else random_value(rnd)
    else:
        line = {key: random_value(rnd) for key in rnd.sample(KEYS, rnd.randrange(1, 6))}
    if command in ("solve", "makeable", "ddtable"):
        line["timeout"] = 0.5
    return command, line


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``pinosolve ARGS`` in this process: exit code, stdout, stderr."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(args)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def run_line(command: str, text: str) -> tuple[int, str, str]:
    """``pinosolve COMMAND --input -`` on one line."""
    return run([command, "--input", "-"], text + "\n")


def try_parallel(rnd: random.Random) -> tuple[str, str | None, str]:
    """A batch of random lines (blank ones among them) through ``--jobs 2``: the same lines out,
    in order, as without it, error records word for word (answers may differ in what their
    0.5 s budget proved)."""
    command = rnd.choice(["solve", "makeable"])
    lines = [json.dumps(random_line(rnd, command)[1]) if rnd.random() < 0.9 else ""
             for _ in range(rnd.randint(2, 8))]
    text = "\n".join(lines) + "\n"
    results = []
    for jobs in ([], ["--jobs", "2"]):
        code, out, err = run([command, "--input", "-", *jobs], text)
        err = "".join(x for x in err.splitlines(True) if not PROGRESS.match(x))
        if code not in (0, 1) or err:
            return command, f"exit {code} with {jobs}: {err.strip()}", text[:400]
        try:
            results.append([json.loads(x) for x in out.splitlines()])
        except json.JSONDecodeError:
            return command, f"not JSON with {jobs}: {out[:200]}", text[:400]
        if (code == 1) != any("error" in x for x in results[-1]):  # 1: error lines
            return command, f"exit {code} with {jobs} for {out[:200]}", text[:400]
    serial, parallel = results
    if len(parallel) != len(serial) or len(serial) != sum(1 for x in lines if x):
        return command, f"{len(serial)} and {len(parallel)} lines out", text[:400]
    for a, b in zip(serial, parallel):
        if not isinstance(b, dict) or (a.get("error"), a.get("line")) != (b.get("error"),
                                                                           b.get("line")):
            return command, f"--jobs 2 answered {str(b)[:200]} where one process answered " \
                            f"{str(a)[:200]}", text[:400]
    return command, None, text


RULES_VALUES = ["0", "-1", "1", "99", '""', '"x"', "true", "[]", "[1, 2]", '["AS"]', "{}",
                "{ a = 1 }", "1.5", '"S"', '["N", "S"]', "100000000000"]
RULES_LINES = ["bogus = 1", "[bogus]", 'extends = "four-hand"', 'extends = "nope"',
               'extends = "x.toml"', "[meld.kinds.x]", "id = 3", "[trick]", "= 1", "["]


def broken_file(rnd: random.Random, source: Path, folder: Path) -> tuple[Path, list[str]]:
    """A copy of a shipped file with one to three of its lines broken, and what was done."""
    lines = source.read_text(encoding="utf-8").splitlines()
    done = [source.name]
    for _ in range(rnd.choice([1, 1, 2, 3])):
        i = rnd.randrange(len(lines))
        line, how = lines[i], rnd.randrange(4)
        if how == 0:
            del lines[i]
        elif how == 1 and "=" in line:
            lines[i] = line.split("=", 1)[0] + "= " + rnd.choice(RULES_VALUES)
        elif how == 2 and any(ch.isdigit() for ch in line):
            digits = [j for j, ch in enumerate(line) if ch.isdigit()]
            j = rnd.choice(digits)
            lines[i] = line[:j] + rnd.choice(["0", "7", "-1", "1000"]) + line[j + 1:]
        elif how == 2 and line:  # a character changed
            j = rnd.randrange(len(line))
            lines[i] = line[:j] + rnd.choice(CHARS + '"[]{}=') + line[j + 1:]
        else:
            lines.insert(i, rnd.choice(RULES_LINES))
        done.append(f"line {i + 1}: {lines[i] if i < len(lines) else '(deleted)'}")
    path = folder / source.name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, done


def file_failure(code: int, err: str, verdict: bool = False) -> str | None:
    """What is wrong with a command's answer on a broken file, or None. ``verdict``: exit code
    1 is an answer too (puzzle, game: the engine disagrees with the result on file)."""
    if "internal error" in err or "Traceback" in err:
        return f"exit {code}: {err.strip()[:300]}"
    if (code == 0 or (verdict and code == 1)) and not err:
        return None
    if code == 2 and err.count("\n") == 1:
        return None
    return f"exit {code}: {err.strip()[:300]}"


# the other files a command reads: where they are, and the command (its exit code 1 an answer?)
DOCUMENTS = {
    "puzzle": ("puzzles/*/*.toml", lambda path: ["puzzle", str(path)], True),
    "game": ("puzzles/games/*.toml", lambda path: ["game", str(path), "--json"], True),
    # (verify: 1 when the sequence is not as claimed)
    "verify": ("puzzles/meld/*.toml", lambda path: ["verify", "--sequence", str(path)], True),
}


def try_document(rnd: random.Random, folder: Path) -> tuple[str, str | None, list[str]]:
    """A broken puzzle, game or meld-sequence file through its command: the command, what went
    wrong (or None) and what was broken."""
    command = rnd.choice(sorted(DOCUMENTS))
    pattern, args, verdict = DOCUMENTS[command]
    path, done = broken_file(rnd, rnd.choice(sorted(ROOT.glob(pattern))), folder)
    code, _, err = run(args(path))
    return command, file_failure(code, err, verdict), done


def try_rules_file(path: Path) -> list[tuple[list[str], str]]:
    """Every command on one rules file: the failures."""
    rules = ["--rules", str(path)]
    commands = [["rules", *rules, "--json"], ["meld", "AS KS QS JS TS", *rules, "--all-trumps"],
                ["bid", *rules, "--auction", "pass 250 260 pass pass pass"],
                ["legal", *rules, "--trump", "S", "--hand", "AS KS QH", "--trick", "KH"]]
    code, out, err = run(["deal", *rules, "--seed", "1", "--json"])
    failures = []
    wrong = file_failure(code, err)
    if wrong:
        failures.append((["deal", *rules], wrong))
    elif code == 0:  # two cards a hand of the deal: the first two, suit by suit
        seat, hands = json.loads(out)["deal"].split(":", 1)
        cut = []
        for hand in hands.split():
            kept, groups = 0, []
            for group in hand.split("."):
                groups.append(group[:max(0, 2 - kept)])
                kept += len(groups[-1])
            cut.append(".".join(groups))
        commands.append(["solve", *rules, "--deal", f"{seat}:{' '.join(cut)}", "--trump", "S",
                         "--leader", seat, "--timeout", "0.5", "--json"])
    for args in commands:
        code, out, err = run(args)
        wrong = file_failure(code, err)
        if wrong:
            failures.append((args, wrong))
    return failures


# --- hostile inputs ----------------------------------------------------------------

TRY_SECONDS = 60.0   # the longest one try may take before the run reports it as a hang
MEMORY = 6 << 30     # the address space the whole run may take (OR-Tools maps ~1 GiB)
DEEP = 100_000


def _special_paths(folder: Path) -> dict[str, str]:
    """Paths that are no small regular text file (made once per run)."""
    fifo = folder / "pipe.toml"
    if not fifo.exists():
        os.mkfifo(fifo)
    big = folder / "big.toml"
    if not big.exists():
        big.write_text("# padding\n" * 110_000)
    loop = folder / "loop.toml"
    if not loop.is_symlink():  # (a loop of links was an internal error)
        os.symlink(folder / "loop2.toml", loop)
        os.symlink(loop, folder / "loop2.toml")
    return {"/dev/zero": "/dev/zero", "/dev/null": "/dev/null", "fifo": str(fifo),
            "directory": str(folder), "big": str(big), "symlink loop": str(loop)}


def _house_rules(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(body, encoding="utf-8")
    return path


def _many_classes(folder: Path, n: int) -> Path:
    """four-hand plus ``n`` marriage-like melds in any suit, each a reuse class of its own
    (the audit's 540-byte file with six hung meld, verify and score: deciding whether the
    round house beats its parts searched every combination of the melds on its cards)."""
    body = ['extends = "four-hand"', "[meld.classes]"]
    body += [f'X{i} = "house class {i}"' for i in range(n)]
    for i in range(n):
        body += [f"[meld.kinds.house{i}]", f'name = "house meld {i}"', 'cards = "K# Q#"',
                 f'classes = ["X{i}"]', "values = [2]"]
    return _house_rules(folder, f"classes{n}", "\n".join(body) + "\n")


def _huge_points(folder: Path, value: int) -> Path:
    """four-hand with every counter and the last trick worth ``value`` (four-hand's are all
    worth 1), so every value of a deal is ``value`` times four-hand's."""
    return _house_rules(folder, f"points{value % 1000}",
                        f'extends = "four-hand"\n[points]\nlast_trick = {value}\n'
                        f"total = {25 * value}\ncards = {{ A = {value}, T = {value}, "
                        f'K = {value}, Q = 0, J = 0, "9" = 0 }}\n')


def hostile_try(rnd: random.Random, folder: Path, watchdog: Watchdog
                ) -> tuple[str, str | None, str]:
    """One hostile input, under the watchdog: the family, what went wrong (or None) and the
    input."""
    family = rnd.choice(sorted(HOSTILE))
    watchdog.start(f"family {family!r}, random state {hash(rnd.getstate())}")
    try:
        command, wrong, what = HOSTILE[family](rnd, folder)
    finally:
        watchdog.stop()
    return f"{command} [{family}]", wrong, what


def _path_key(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    kind, path = rnd.choice(sorted(_special_paths(folder).items()))
    how = rnd.choice(["--rules", "extends", "rules", "compare", "sequence"])
    if how in ("--rules", "extends"):
        if how == "extends":
            path = str(_house_rules(folder, "extends", f"extends = {json.dumps(path)}\n"))
        args = ["meld", "AS KS QS", "--trump", "S", "--rules", path]
        code, out, err = run(args)
        return "meld", file_failure(code, err), f"{how} {kind}"
    if how == "sequence":
        line = {"variant": "two-hand", "sequence": path}
        return _one_record("verify", json.dumps(line), f"sequence {kind}")
    line = {"hand": "AS KS QS", "trump": "S", how: path}
    if how == "compare":
        line["variant"] = "four-hand"
    return _one_record("meld", json.dumps(line), f"{how} {kind}")


def _one_record(command: str, text: str, what: str, good: bool = False
                ) -> tuple[str, str | None, str]:
    """One batch line through ``command``: exactly one JSON record back (an error record
    unless ``good``), of at most 100 times the line's size (or 1 MiB, where that is more)."""
    code, out, err = run_line(command, text)
    wrong = failure(code, out, err)
    if wrong is None and len(out) > max(100 * len(text), 1 << 20):
        wrong = f"a {len(out)}-byte answer to a {len(text)}-byte line"
    if wrong is None and not good and "error" not in json.loads(out):
        wrong = f"answered {out[:200]} where an error record was due"
    return command, wrong, what


def _deep_line(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    opener = rnd.choice(["[", '{"a": '])
    closer = "]" if opener == "[" else "}"
    text = opener * DEEP + "1" + closer * DEEP
    if rnd.random() < 0.5:
        text = '{"hand": ' + text + "}"
    command = rnd.choice(sorted(EXAMPLES))
    return _one_record(command, text, f"nested {DEEP} deep with {opener!r}")


def _bad_utf8(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """An --input file whose middle line holds bytes that are not UTF-8: that line an error
    record, the lines around it answered."""
    command = rnd.choice(["meld", "show", "legal"])
    good = json.dumps(EXAMPLES[command][0]).encode()
    bad = rnd.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80abc", b"{\"hand\": \"A\xe9\"}"])
    path = folder / "input.jsonl"
    path.write_bytes(good + b"\n" + bad + b"\n" + good + b"\n")
    code, out, err = run([command, "--input", str(path)])
    if code != 1 or err:  # (1: a batch with an error line)
        return command, f"exit {code}: {err.strip()[:300]}", f"bytes {bad!r}"
    records = [json.loads(x) for x in out.splitlines()]
    if len(records) != 3 or "error" not in records[1] or any("error" in records[i]
                                                             for i in (0, 2)):
        return command, f"records {str(records)[:300]}", f"bytes {bad!r}"
    return command, None, f"bytes {bad!r}"


def _not_a_number(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    word = rnd.choice(["NaN", "Infinity", "-Infinity"])
    if rnd.random() < 0.5:
        code, out, err = run(["solve", "--variant", "four-hand", "--trump", "S", "--leader",
                              "N", "--deal", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "--timeout",
                              word.lower().replace("infinity", "inf")])
        return "solve", file_failure(code, err) if code else "accepted", f"--timeout {word}"
    line = dict(EXAMPLES["solve"][0])
    text = json.dumps(line)[:-1] + f', "timeout": {word}}}'
    return _one_record("solve", text, text)


def _huge_values(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """Card points from 5000 (over 16 bits in play) to 10**30: four-hand's value times the
    card value, or one line refusing the file."""
    value = rnd.choice([5000, 40000, 2**31 // 25, 2**31 - 1, 2**31, 2**63, 10**30])
    deal = rnd.choice(["N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "N:A.A.. T.K.. Q.T.. 9.Q..",
                       "N:AT.K.A. TK..Q.J KQ.T..A 9J.A.K."])
    args = ["solve", "--trump", "S", "--leader", "N", "--deal", deal, "--value-only", "--json",
            "--timeout", "20"]
    code, out, err = run(args + ["--variant", "four-hand"])
    unit = json.loads(out)["value"]
    code, out, err = run(args + ["--rules", str(_huge_points(folder, value))])
    wrong = file_failure(code, err)
    if wrong is None and code == 0 and json.loads(out)["value"] != unit * value:
        wrong = f"value {json.loads(out)['value']} where {unit} x {value} is right"
    return "solve", wrong, f"card points {value}, deal {deal}"


def _many_claims(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """A dispute of 12 to 30 claims (every subset was tried: 20 hung verify), or of hundreds
    to thousands (each claim's reason named every other: a 36 KB line answered 953 MB). The
    answer must come, and grow no faster than the claims."""
    n = rnd.choice([rnd.randint(12, 30), rnd.randint(300, 3000)])
    marriages = ["KS QS", "KH QH", "KD QD", "KC QC"]
    claims = [rnd.choice(marriages) for _ in range(n)]
    hand = " ".join(sorted(set(" ".join(claims).split())))
    line = {"variant": "four-hand", "trump": "H", "hand": hand + " " + hand,
            "claim": claims, "announced": 1}
    command, wrong, what = _one_record("verify", json.dumps(line), f"{n} claims", good=True)
    return command, wrong, what


def _many_classes_try(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """A round house's cards under many reuse classes: four-hand's 24 for them (royal
    marriage 4, three marriages 6, kings 8, queens 6) and 3 plain marriages x 2 per class."""
    n = rnd.randint(4, 16)
    rules = ["--rules", str(_many_classes(folder, n))]
    hand = "KS QS KH QH KD QD KC QC"
    command = rnd.choice(["meld", "verify", "score"])
    if command == "meld":
        args = ["meld", hand, "--trump", "H", "--json", *rules]
    elif command == "verify":
        args = ["verify", "--trump", "H", "--hand", hand, "--claim", "KS QS", "--claim",
                "KH QH", "--json", *rules]
    else:
        args = ["score", "--bidder", "N", "--bid", "25", "--trump", "H", "--meld", f"N={hand}",
                "--points", "NS=20", "--points", "EW=5", "--json", *rules]
    code, out, err = run(args)
    wrong = file_failure(code, err, verdict=command == "verify")
    if wrong is None:
        data = json.loads(out)
        total = (data["sides"][0]["meld"] if command == "score" else
                 data.get("max_meld", data.get("meld")))
        if total != 24 + 6 * n:
            wrong = f"meld {total} where {24 + 6 * n} is right"
    return command, wrong, f"{n} classes"


def _deep_keys(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """A dotted key, a table header or nesting of 20 to 40,000 parts (tomllib is
    quadratic in a key's parts: 80 KB took over 4 GB) in a rules file, read by --rules or
    extends, or a record read by review: one line, exit 2, or an answer where it is within
    the bounds."""
    n = rnd.choice([rnd.randint(20, 40), rnd.randint(1000, 40_000)])
    shape = rnd.choice(["key", "header", "inline", "array"])
    body = {"key": "a" + ".a" * n + " = 1\n",
            "header": "[" + "a." * n + "a]\nx = 1\n",
            "inline": "x = " + "{a = " * n + "1" + "}" * n + "\n",
            "array": "x = " + "[" * n + "1" + "]" * n + "\n"}[shape]
    path = _house_rules(folder, "deep", 'extends = "four-hand"\n' + body)
    how = rnd.choice(["--rules", "extends", "review"])
    if how == "extends":
        path = _house_rules(folder, "extends", f"extends = {json.dumps(str(path))}\n")
    if how == "review":
        record = folder / "record.toml"
        record.write_text('variant = "four-hand"\ndeal = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."\n'
                          'trump = "S"\n' + body)
        code, out, err = run(["review", "--record", str(record)])
        return "review", file_failure(code, err), f"{shape} of {n} in a record"
    code, out, err = run(["meld", "AS KS QS", "--trump", "S", "--rules", str(path)])
    return "meld", file_failure(code, err), f"{shape} of {n} by {how}"


def _impossible_view(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """A view no deal explains (a card the viewer holds every copy of played by
    another seat, meld shown that the deck cannot hold, a hand shorter or longer than the
    deal gives) through infer or advise: an error record naming it, never an answer."""
    v_hand = ["AS", "AS", "9S", "KD", "AH", "QC", "JC", "9C", "TH", "KH", "QD", "JD"]
    line: dict[str, Any] = {"variant": "four-hand", "trump": "S", "seat": "S",
                            "leader": "N", "hand": list(v_hand)}
    how = rnd.choice(["played", "shown", "short", "long"])
    if how == "played":
        line["play"] = ["KS", "AS"]
    elif how == "shown":
        line["shown"] = {rnd.choice(["N", "E", "W"]): ["AS"] * rnd.randint(1, 2)}
    elif how == "short":
        line["hand"] = line["hand"][:rnd.randint(1, 11)]
    else:
        line["hand"] = line["hand"] + [rnd.choice(["AD", "TC", "9H"])]
    command = rnd.choice(["infer", "advise"])
    if command == "advise":
        line["samples"] = 1
    return _one_record(command, json.dumps(line), f"{how}: {json.dumps(line)}")


def _absurd_values(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """Numbers past every bound the rules use: a rules key, a contract's meld, a
    meld-sequence step's trick. One line naming it (or an error record)."""
    what = rnd.choice(["rules", "meld", "trick"])
    huge = rnd.choice([-1, 0, 10**12 + 1, 10**20, -10**20])
    if what == "rules":
        table, key = rnd.choice([("bidding", "minimum"), ("bidding", "step"),
                                 ("deal", "packets"), ("scoring", "game"),
                                 ("bidding", "banned_endings"), ("deal", "hand_size")])
        value = f"[{huge}]" if key in ("packets", "banned_endings") else str(huge)
        path = _house_rules(folder, "absurd", f'extends = "four-hand"\n[{table}]\n'
                                              f"{key} = {value}\n")
        code, out, err = run(["rules", "--rules", str(path), "--json"])
        if code == 0 and 0 <= huge <= 10**12 and key not in ("packets", "hand_size"):
            return "rules", None, f"{table}.{key} = {value}"
        return "rules", file_failure(code, err) if code else "accepted", \
            f"{table}.{key} = {value}"
    if what == "meld":
        line = {"variant": "four-hand", "trump": "H", "seat": "N", "leader": "N",
                "hand": "TS KS JS TH TH QH JD 9D 9D JC JC 9C", "samples": 1, "bid": 25,
                "meld": huge}
        if 0 <= huge <= 10**12:
            return "advise", None, f"meld {huge}"
        return _one_record("advise", json.dumps(line), f"meld {huge}")
    seq = folder / "seq.toml"
    seq.write_text(f'type = "meld-sequence"\nvariant = "two-hand"\n[position]\ntrump = "S"\n'
                   f'[[position.steps]]\nmeld = "KS QS"\ntrick = {huge}\n')
    code, out, err = run(["verify", "--sequence", str(seq)])
    return "verify", file_failure(code, err) if code else "accepted", f"trick {huge}"


def _value_options() -> dict[str, list[str]]:
    """Each command's options that take a value (not a flag), but those that name a file
    written (``--out``, ``--html``, ``--annotate``, ``--plot``) or the board's (a server)."""
    import typer

    from pinosolve.cli import app, plain_metavars

    group = plain_metavars(typer.main.get_command(app))
    out: dict[str, list[str]] = {}
    for name, cmd in group.commands.items():  # type: ignore[attr-defined]
        if name == "board":
            continue
        out[name] = sorted(opt for p in cmd.params if getattr(p, "metavar", "")
                           for opt in p.opts if opt.startswith("--")
                           and opt not in ("--out", "--html", "--annotate", "--plot", "--help"))
    return {name: opts for name, opts in out.items() if opts}


def _args_of(line: dict[str, Any]) -> list[str] | None:
    """A batch line as command-line options (None where a value has no such form)."""
    args: list[str] = []
    for key, value in line.items():
        option = "--" + key.replace("_", "-")
        if value is True:
            args.append(option)
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            args += [option, str(value)]
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            for v in value:
                args += [option, v]
        else:
            return None
    return args


VIEW = {"variant": "four-hand", "trump": "H", "seat": "N", "leader": "N",
        "hand": "TS KS JS TH TH QH JD 9D 9D JC JC 9C"}
# a working line of each command the examples have none of, to reach past its first checks
BASES: dict[str, dict[str, Any]] = {
    "study": {"variant": "four-hand", "deals": 1, "timeout": 0.2},
    "advise": {**VIEW, "samples": 1, "bid": 25, "timeout": 0.2},
    "infer": {**VIEW, "play": "AH"},
}


def _huge_number(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """A number of thousands of digits (past Python's int-from-text limit) for any option
    that takes a value, in a working example of its command (or alone), on the command line
    or as a batch line's key: one line naming the problem, exit 2 (or an error record),
    never an internal error."""
    options = _value_options()
    command = rnd.choice(sorted(options))
    option = rnd.choice(options[command])
    digits = rnd.choice(["9" * 5000, "-" + "9" * 5000, "1" + "0" * 4300, "1e" + "9" * 5000,
                         "0." + "1" * 5000, "N=" + "9" * 5000, "NS=" + "9" * 5000])
    key = option[2:].replace("-", "_")
    base = dict(rnd.choice(EXAMPLES[command])) if command in EXAMPLES else \
        dict(BASES.get(command, {}))
    base.pop(key, None)
    if command in ("solve", "makeable", "ddtable"):
        base["timeout"] = 0.5
    args = _args_of(base)
    batch = command not in ("study", "rules", "game")  # (no batch of lines: game's --input is
    # a game)
    if args is not None and (rnd.random() < 0.5 or not batch):
        code, out, err = run([command, *args, option, digits])
        good = code in (0, 1) and "Traceback" not in err or \
            code == 2 and len(err.splitlines()) == 1 and "internal error" not in err
        return command, None if good else f"exit {code}: {err.strip()[:200]}", \
            f"{command} {' '.join(args)[:200]} {option} {digits[:12]}…"
    line = {**base, key: digits}
    code, out, err = run_line(command, json.dumps(line))
    return command, failure(code, out, err), f"{json.dumps(base)[:200]} + {key} {digits[:12]}…"


def _rare_where(rnd: random.Random, folder: Path) -> tuple[str, str | None, str]:
    """A dealing condition that counting decides (a seat's cards of a suit, at least or at
    most so many, joined by 'and'), rare or impossible: ``deal --where`` answers a deal
    meeting it, or says in one line that none can (exit 2), well within the try's time."""
    variant = rnd.choice(["four-hand", "two-hand", "three-hand-kitty", "double-deck",
                          "five-hand-call"])
    seats = {"four-hand": "NESW", "two-hand": "NS", "double-deck": "NESW"}.get(
        variant, "123" if variant == "three-hand-kitty" else "12345")
    terms = [f"{rnd.choice(seats)}:count({rnd.choice('SHDC')}){rnd.choice(['>=', '<=', '=='])}"
             f"{rnd.choice([0, 1, 6, 9, 11, 12, 13, 20, 25])}"
             for _ in range(rnd.choice([1, 1, 2, 3]))]
    where = " and ".join(terms)
    args = ["deal", "--variant", variant, "--where", where, "--seed", str(rnd.randrange(99)),
            "--json"]
    code, out, err = run(args)
    if code == 0:
        wrong = None if json.loads(out).get("where") else f"answered no where: {out[:200]}"
    else:
        wrong = None if code == 2 and len(err.splitlines()) == 1 else \
            f"exit {code}: {err.strip()[:200]}"
    return "deal", wrong, " ".join(args)


HOSTILE = {"path key": _path_key, "huge number": _huge_number, "rare where": _rare_where,
           "deep nesting": _deep_line, "bad UTF-8": _bad_utf8, "NaN": _not_a_number,
           "huge values": _huge_values, "many claims": _many_claims,
           "many reuse classes": _many_classes_try, "deep keys": _deep_keys,
           "impossible view": _impossible_view, "absurd values": _absurd_values}


class Watchdog:
    """Ends the run, naming the input, if one try outlives TRY_SECONDS (a hang no signal can
    reach: a C call that does not return)."""

    def __init__(self) -> None:
        self.what = ""
        self.timer: threading.Timer | None = None

    def start(self, what: str) -> None:
        self.what = what
        self.timer = threading.Timer(TRY_SECONDS, self._fire)
        self.timer.daemon = True
        self.timer.start()

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()

    def _fire(self) -> None:
        sys.__stdout__.write(f"HANG: one try outlived {TRY_SECONDS:.0f} s: {self.what}\n")
        sys.__stdout__.flush()
        os._exit(1)


PROGRESS = re.compile(r"line \d+: (test at -?\d+: at (least|most) -?\d+ \(\d+ nodes, [\d.]+ s\)"
                      r"|CP-SAT solution: objective -?[\d.e+]+ \([\d.]+ s\))\n"
                      r"|pinosolve: notice: .* is now .*; the old name goes in a later release\n")


def failure(code: int, out: str, err: str) -> str | None:
    """What is wrong with an answer, or None."""
    # --progress reports each test (or CP-SAT solution) on stderr, after the batch line it is for
    err = "".join(x for x in err.splitlines(True) if not PROGRESS.match(x))
    if code not in (0, 1) or err:
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
    says_no = "error" in answer or answer.get("valid") is False  # (verify: not as claimed)
    if (code == 1) != says_no:  # a batch exits 1 exactly when a line is an error or a "no"
        return f"exit {code} for an answer that {'says no' if says_no else 'is fine'}"
    return None


def main_() -> int:
    rnd, end = fuzz_run(300.0)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > MEMORY:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, hard))
    watchdog = Watchdog()
    lines = answered = records = files = failed = batches = hostile = 0
    seen: set[tuple[str, str]] = set()

    def report(command: str, wrong: str, what: str) -> None:
        nonlocal failed
        failed += 1
        if (command, wrong[:80]) not in seen:  # each kind of failure once
            seen.add((command, wrong[:80]))
            print(f"{command}: {wrong}\n    {what}", flush=True)

    folder = Path(tempfile.mkdtemp(prefix="pinosolve-fuzz-"))
    try:
        while time.monotonic() < end:
            kind = rnd.random()
            if kind >= 0.875:
                hostile += 1
                command, wrong, what = hostile_try(rnd, folder, watchdog)
                if wrong:
                    report(command, wrong, what)
                continue
            if kind < 0.1:
                command, wrong, done = try_document(rnd, folder)
                files += 1
                if wrong:
                    report(command, wrong, f"broken file: {done}")
                continue
            if kind < 0.3:
                source = rnd.choice(sorted((ROOT / "rules").glob("*.toml")))
                path, done = broken_file(rnd, source, folder)
                files += 1
                for command, wrong in try_rules_file(path):
                    report(command[0], wrong, f"broken rules file: {done}")
                continue
            if kind < 0.33:
                command, wrong, text = try_parallel(rnd)
                batches += 1
                if wrong:
                    report(command, wrong, f"--jobs batch: {text}")
                continue
            command, line = random_line(rnd)
            text = json.dumps(line)
            lines += 1
            code, out, err = run_line(command, text)
            wrong = failure(code, out, err)
            if wrong is not None:
                report(command, wrong, f"line: {text[:400]}")
            elif "error" in json.loads(out):
                records += 1
            else:
                answered += 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{lines} lines, {answered} answered, {records} error records; {files} broken "
          f"files; {batches} --jobs batches; {hostile} hostile inputs; {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main_())
