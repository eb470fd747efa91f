"""Generate double-dummy puzzles from seeded random endings (run once; the files are curated).

    python tools/make_dd_puzzles.py puzzles/dd

For each family it draws endings from a fixed seed, keeps those whose trick so far its seats
could have played and where the choice of card matters (at least two different card values, and the best card is not simply the highest),
solves them, and writes a TOML file with the position, the question, the answer and a short
why built from the optimal line. The test suite re-verifies every answer with the solver and
with an independent plain minimax.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import Card, load_variant  # noqa: E402
from pinosolve.cli.solve import compute_solve  # noqa: E402
from pinosolve.deal import Deal  # noqa: E402
from pinosolve.cards import Hand  # noqa: E402
from pinosolve.errors import PinosolveError  # noqa: E402

PLAN = [  # (variant, how many, cards each, players already on the trick at most)
    ("two-hand", 3, 5, 1), ("two-hand-57", 2, 5, 1), ("two-hand-1000", 2, 5, 1),
    ("three-hand-kitty", 3, 3, 2), ("three-hand-auction", 3, 3, 2),
    ("four-hand", 3, 3, 3), ("four-hand-classic", 3, 3, 3), ("trickster-modern", 2, 3, 3),
    ("double-deck", 5, 3, 3), ("five-hand-call", 4, 2, 4),
]
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def sym(c: str) -> str:
    return Card.parse(c).symbol


def make(vid: str, seed: int, size: int, max_played: int):
    v = load_variant(vid)
    rnd = random.Random(f"{vid}-{seed}")
    n = len(v.seats)
    deck = list(v.deck)
    rnd.shuffle(deck)
    played = rnd.randint(0, max_played)
    leader = rnd.randrange(n)
    hands = [[] for _ in range(n)]
    for k in range(n):
        seat = (leader + k) % n
        hands[seat] = [deck.pop() for _ in range(size - 1 if k < played else size)]
    trick = [str(deck.pop()) for _ in range(played)]
    params = {"variant": vid, "trump": rnd.choice("SHDC"), "leader": v.seats[leader],
              "trick": " ".join(trick),
              "deal": str(Deal(v.seats, tuple(Hand(h) for h in hands)))}
    if v.rules.players.partnership != "fixed" and n > 2:
        params["declarer"] = v.seats[rnd.randrange(n)]
        if v.rules.players.partnership == "called-card":
            params["partner"] = v.seats[rnd.randrange(n)]
    return v, params, compute_solve(params)


def interesting(result) -> bool:
    values = set(result["values"].values())
    if len(values) < 2:
        return False
    best = [c for c, val in result["values"].items() if val == max(values)]
    return len(best) < len(result["values"])


def write(path: Path, v, params, result, number: int) -> None:
    side = result["side"]
    best_val = result["value"]
    cards = result["values"]
    best = sorted(c for c, val in cards.items() if val == best_val)
    worst = min(cards.values())
    worse = sorted(c for c, val in cards.items() if val == worst)
    n = len(v.seats)
    trick = result["trick"]
    first = n - len(trick)
    line = result["line"]
    tricks = [line[:first]] + [line[i:i + n] for i in range(first, len(line), n)]
    line_text = " / ".join(" ".join(sym(c) for c in t) for t in tricks)
    on_table = (f" {' '.join(sym(c) for c in trick)} is on the table (led by "
                f"{params['leader']})." if trick else "")
    extra = ""
    if "declarer" in params:
        extra = f" {params['declarer']} is the declarer"
        if "partner" in params:
            extra += f", {params['partner']} the called partner"
        extra += "."
    question = (f"{SUITS[params['trump']].capitalize()} are trump.{on_table}{extra} "
                f"{result['to_move']} to play. How many points can {side} take from here, and "
                f"which card{'s' if len(best) > 1 else ''} keep{'' if len(best) > 1 else 's'} "
                f"them?")
    why = (f"{' or '.join(sym(c) for c in best)} keep{'' if len(best) > 1 else 's'} "
           f"{best_val}; {' or '.join(sym(c) for c in worse)} take{'' if len(worse) > 1 else 's'}"
           f" only {worst}. One optimal line: {line_text}.")
    lines = [
        f'title = "{v.id}: ending {number}"',
        'type = "double-dummy"',
        f'variant = "{v.id}"',
        f'source = "seeded random ending ({v.id}), solved by pinosolve and re-checked by an '
        'independent plain minimax in the tests"',
        f'question = """\n{question}\n"""',
        "",
        "[position]",
    ]
    for key in ("trump", "deal", "leader", "trick", "declarer", "partner"):
        if key in params and (params[key] or key != "trick"):
            lines.append(f'{key} = "{params[key]}"')
    lines += ["", "[answer]", f"value = {best_val}",
              "card_values = { " + ", ".join(f"{c} = {val}" for c, val in sorted(cards.items())) + " }",
              f'why = """\n{why}\n"""', ""]
    path.write_text("\n".join(lines))


def main(out: str) -> None:
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    number = 0
    for vid, count, size, max_played in PLAN:
        seed = made = 0
        while made < count:
            seed += 1
            try:
                v, params, result = make(vid, seed, size, max_played)
            except PinosolveError:  # a random trick its seats could not have played
                continue
            if not interesting(result):
                continue
            made += 1
            number += 1
            write(target / f"{number:02d}-{vid}.toml", v, params, result, made)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "puzzles/dd")
