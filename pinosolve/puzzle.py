"""Puzzles: worked positions with a verified answer, in small TOML files under ``puzzles/``.

A puzzle names its variant (or a rules file, relative to the puzzle), the position, the
question for people, and the answer with a line or two on why. ``solve`` runs the engine on the
position and ``check`` compares every key of the stored answer with the engine's, so the test
suite verifies each answer and a reader can re-run any of them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from collections.abc import Callable

from pinosolve.game import Game
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import Variant, load_file, load_variant, rules_path


PUZZLES_ENV = "PINOSOLVE_PUZZLES_DIR"
KINDS = ("meld", "dd", "review")  # the folders of puzzles
GAMES = "games"  # the folder of game records (for 'pinosolve game NAME')


def puzzles_dir() -> Path:
    """Where the shipped puzzles are: the checkout's puzzles/, else the installed copy."""
    if os.environ.get(PUZZLES_ENV):
        return Path(os.environ[PUZZLES_ENV])
    here = Path(__file__).resolve().parent  # the package
    source = here.parent / "puzzles"
    if (source / "meld").is_dir():
        return source
    return here / "puzzles_data"


def shipped() -> dict[str, Path]:
    """The shipped puzzles by name (the file's name without .toml), in folder and name order.

    >>> "05-queen-of-spades-three-times" in shipped()
    True
    """
    return {p.stem: p for kind in KINDS for p in sorted((puzzles_dir() / kind).glob("*.toml"))}


def shipped_games() -> dict[str, Path]:
    """The shipped game records (``games/``, for 'pinosolve game NAME') by name, in name order.

    >>> list(shipped_games())
    ['source000-two-hand-most-tricks', 'source001-bidder-goes-out', 'source002-out-with-meld']
    """
    return {p.stem: p for p in sorted((puzzles_dir() / GAMES).glob("*.toml"))}


def find(ref: str) -> Path:
    """The puzzle ``ref`` names: a file that exists, else a shipped puzzle by name (``.toml``
    and its folder optional: ``dd/14-four-hand``, ``14-four-hand``). Anything else is the
    path, for ``load`` to say it is not found, with the closest name when there is one."""
    if _name_of(ref) in shipped_games() and not os.path.lexists(ref):
        raise PinosolveError(f"{ref!r} is a game record, not a puzzle: check it with "
                             f"'pinosolve game {_name_of(ref)}'")
    return _find(ref, shipped(), "puzzle")


def find_game(ref: str) -> Path:
    """The game record ``ref`` names: a file that exists, else a shipped one by name
    (``.toml`` and the ``games/`` folder optional), as ``find`` finds puzzles.

    >>> find_game("source001-bidder-goes-out").name
    'source001-bidder-goes-out.toml'
    """
    return _find(ref, shipped_games(), "game")


def _name_of(ref: str) -> str:
    """The name a reference gives: without its folder and its .toml."""
    return ref.removesuffix(".toml").rsplit("/", 1)[-1]


def _find(ref: str, names: dict[str, Path], what: str) -> Path:
    """A file that exists, else the shipped file of that name among ``names``, else the path
    (for the reader to say it is not found), or an error with the closest name."""
    path = Path(ref)
    if "\0" in ref or os.path.lexists(path):  # (never raises: a long name)
        return path
    name = _name_of(ref)
    if name in names:
        return names[name]
    from pinosolve.variants.variant import did_you_mean

    hint = did_you_mean(name, list(names))
    if hint:
        raise PinosolveError(f"{what} {ref!r} not found{hint}; 'pinosolve {what} --list' "
                             "lists them")
    return path


def load(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    from pinosolve.files import parse_toml, read_text

    data = parse_toml(read_text(p, "puzzle file"), str(p))
    _check(data, p)
    data["_path"] = str(p)
    return data


# what each key of a puzzle file must hold: (type, what to call it in a message)
_TOP: dict[str, tuple[type, str]] = {
    "title": (str, "text"), "type": (str, "text"), "question": (str, "text"),
    "position": (dict, "a table"), "answer": (dict, "a table"), "variant": (str, "text"),
    "rules": (str, "text"), "source": (str, "text")}
# the position keys each type of puzzle needs, and may have
_POSITION: dict[str, tuple[dict[str, tuple[type, str]], dict[str, tuple[type, str]]]] = {
    "meld-dispute": ({"hand": (str, "text"), "trump": (str, "text"),
                      "claims": (list, "a list of claims")},
                     {"announced": (int, "a whole number")}),
    "meld-sequence": ({"trump": (str, "text"), "steps": (list, "a list of steps")}, {}),
    "double-dummy": ({"deal": (str, "text"), "trump": (str, "text"), "leader": (str, "text")},
                     {"trick": (str, "text"), "declarer": (str, "text"),
                      "partner": (str, "text")}),
    "review": ({"deal": (str, "text"), "trump": (str, "text"), "play": (str, "text")},
               {"leader": (str, "text"), "declarer": (str, "text"), "bidder": (str, "text"),
                "partner": (str, "text"), "bid": (int, "a whole number"),
                "meld": (int, "a whole number")}),
}


def _check(data: dict[str, Any], p: Path) -> None:
    """A puzzle file's shape, each problem one line naming the key (the solvers read the keys
    without asking)."""
    if "rounds" in data and "type" not in data:
        raise PinosolveError(f"{p}: a game record (it has rounds), not a puzzle: check it with "
                             f"'pinosolve game {p}'")
    need = {key: _TOP[key] for key in ("title", "type", "question", "position", "answer")}
    _check_keys(data, need, _TOP, p, "")
    if data["type"] not in SOLVERS:
        raise PinosolveError(f"{p}: unknown puzzle type {data['type']!r}; types are "
                             f"{', '.join(sorted(SOLVERS))}")
    need, may = _POSITION[data["type"]]
    _check_keys(data["position"], need, {**need, **may}, p, "position.")
    claims = data["position"].get("claims", [])
    if not all(isinstance(c, str) for c in claims):
        raise PinosolveError(f"{p}: position.claims must be a list of claims, each text")
    if not isinstance(data["answer"].get("why", ""), str):
        raise PinosolveError(f"{p}: answer.why must be text")


def _check_keys(table: dict[str, Any], need: dict[str, Any], allowed: dict[str, Any], p: Path,
                prefix: str) -> None:
    for key in need:
        if key not in table:
            raise PinosolveError(f"{p}: missing key '{prefix}{key}'")
    for key, value in table.items():
        if key not in allowed:
            raise PinosolveError(f"{p}: unknown key '{prefix}{key}'; keys are "
                                 f"{', '.join(sorted(allowed))}")
        kind, what = allowed[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise PinosolveError(f"{p}: {prefix}{key} must be {what}, got {value!r}")


def variant_of(puzzle: dict[str, Any]) -> Variant:
    if puzzle.get("rules"):
        return load_file(rules_path(puzzle["rules"], Path(puzzle["_path"])))
    if puzzle.get("variant"):
        return load_variant(puzzle["variant"])
    raise PinosolveError(f"{puzzle['_path']}: name a 'variant' or a 'rules' file")


def _meld_dispute(puzzle: dict[str, Any]) -> Any:
    from pinosolve.meld.dispute import verify

    pos = puzzle["position"]
    return verify(variant_of(puzzle), pos["hand"], pos["claims"], pos["trump"],
                  pos.get("announced"))


def _meld_sequence(puzzle: dict[str, Any]) -> Any:
    from pinosolve.meld.sequence import verify_sequence

    v = variant_of(puzzle)
    pos = puzzle["position"]
    return verify_sequence(v, v.parse_trump(pos["trump"]), pos["steps"])


def game_of(puzzle: dict[str, Any]) -> Game:
    """A double-dummy puzzle's position as a ``Game``."""
    pos = puzzle["position"]
    return Game(variant_of(puzzle), pos["deal"], trump=pos["trump"], leader=pos["leader"],
                trick=pos.get("trick", ""), declarer=pos.get("declarer"),
                partner=pos.get("partner"))


def _double_dummy(puzzle: dict[str, Any]) -> Any:
    from pinosolve import progress  # (--progress)
    from pinosolve.play.budget import Budget

    return game_of(puzzle).solve(Budget(on_test=progress.search_test.get()))


def _review(puzzle: dict[str, Any]) -> Any:
    from pinosolve.analysis.review import review

    return review({**puzzle["position"], "variant": variant_of(puzzle)})


ANALYSES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "meld-dispute": _meld_dispute,
    "meld-sequence": _meld_sequence,
    "double-dummy": _double_dummy,
    "review": _review,
}
SOLVERS = ANALYSES  # (the puzzle types)


def analyse(puzzle: dict[str, Any]) -> Any:
    """The engine's typed answer to a puzzle (a ``results.Result``: a ruling, a
    ``SolveResult`` or a ``Review``)."""
    return ANALYSES[puzzle["type"]](puzzle)


def answer_of(puzzle: dict[str, Any], result: Any) -> dict[str, Any]:
    """``result`` (``analyse``'s) as the JSON the puzzle's answer is checked against: a
    review's with ``marked``, its reneges and costly cards in play order (``seat``,
    ``card``, ``trick``, ``is_legal``, ``cost``, and a renege's ``rule`` and ``legal_cards``),
    the entries an answer names."""
    answer: dict[str, Any] = result.to_json()
    if puzzle["type"] == "review":
        keys = ("seat", "card", "trick", "is_legal", "cost", "rule", "legal_cards")
        answer["marked"] = [{k: p[k] for k in keys if k in p} for p in answer["plays"]
                            if not p["is_legal"] or p["cost"]]
    return answer


def solve(puzzle: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer to a puzzle as JSON (``answer_of(analyse(puzzle))``)."""
    return answer_of(puzzle, analyse(puzzle))


def check(puzzle: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Where the engine disagrees with the stored answer (empty: verified). A table in the
    answer names only the keys it checks (``summary.made = false``); a list of text or
    numbers is compared as a set of values, any other list item by item."""
    wrong: list[str] = []
    for key, expected in puzzle["answer"].items():
        if key != "why":
            _compare(key, expected, result.get(key), wrong)
    return wrong


# answer keys renamed in the answers (CHANGELOG): an answer on file that gives the old name
# is read as the new one, where the answer has no key of the old name, for a release
RENAMED_KEYS = {"legal": "is_legal", "value_bounds": "values_bounds", "to_act": "to_move",
                "count": "cards_held"}


def _compare(key: str, expected: Any, got: Any, wrong: list[str]) -> None:
    if isinstance(expected, dict) and isinstance(got, dict):
        for sub, value in expected.items():
            if sub not in got and RENAMED_KEYS.get(sub) in got:
                sub = RENAMED_KEYS[sub]
            _compare(f"{key}.{sub}", value, got.get(sub), wrong)
        return
    if isinstance(expected, list) and isinstance(got, list):
        if all(isinstance(x, (str, int, float)) for x in expected + got):
            got, expected = sorted(got), sorted(expected)
        elif len(expected) == len(got):
            for i, (e, g) in enumerate(zip(expected, got)):
                _compare(f"{key}[{i}]", e, g, wrong)
            return
    if got != expected:
        wrong.append(f"{key}: the answer on file says {expected!r}, the engine {got!r}")

