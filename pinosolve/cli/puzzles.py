"""``pinosolve puzzle NAME|FILE``: show a worked puzzle, solve it, and check the answer on
file; ``--list`` names the shipped ones."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from pinosolve.cli.options import JsonOpt, ProgressOpt, complete_puzzle
from pinosolve.cli.output import console, emit_json, show_list
from pinosolve.errors import PinosolveError


def _list(json_out: bool) -> None:
    """``puzzle --list``: each shipped puzzle's name, type, variant and title."""
    from pinosolve import puzzle as puzzles

    rows = []
    for name, path in puzzles.shipped().items():
        p = puzzles.load(path)
        rows.append({"name": name, "type": p["type"],
                     "variant": p.get("variant") or p.get("rules"), "title": p["title"]})
    if json_out:
        emit_json(rows)
        return
    show_list(rows, "Puzzles (pinosolve puzzle NAME)", ("name", "type", "variant"),
              "Game records: pinosolve game --list")




def puzzle(
    refs: Annotated[Optional[list[str]], typer.Argument(
        metavar="NAME|FILE", autocompletion=complete_puzzle,
        help="Shipped puzzles by name (see --list), or puzzle files (TOML).",
        show_default=False)] = None,
    list_: Annotated[bool, typer.Option(
        "--list", help="List the shipped puzzles by name (the game records: "
                         "'pinosolve game --list').")] = False,
    progress: ProgressOpt = False,
    json_out: JsonOpt = False,
) -> None:
    """Show and solve puzzles; exit code 1 if the engine disagrees with an answer on file."""
    from pinosolve import progress as reports
    from pinosolve import puzzle as puzzles
    from pinosolve.cli.output import show_solution, show_test
    from pinosolve.cli.verify import render_verify

    if list_:
        if refs:
            raise PinosolveError("--list lists every shipped puzzle: drop the names")
        _list(json_out)
        return
    if not refs:
        raise PinosolveError("name a puzzle (see 'pinosolve puzzle --list') or a puzzle file")
    disagreements = 0
    for ref in refs:
        path = str(puzzles.find(ref))
        p = puzzles.load(path)
        if progress:
            with reports.reporting(show_test, show_solution):
                typed = puzzles.analyse(p)
        else:
            typed = puzzles.analyse(p)
        result = puzzles.answer_of(p, typed)
        wrong = puzzles.check(p, result)
        disagreements += bool(wrong)
        if json_out:
            emit_json({"file": path, "title": p["title"], "answer": p["answer"],
                       "result": result, "verified": not wrong, "disagreements": wrong})
            continue
        out = console()
        out.print(f"{p['title']}  ({path})", style="bold")
        out.print(" ".join(p["question"].split()))
        if p["type"].startswith("meld"):
            render_verify(typed)
        elif p["type"] == "review":
            from pinosolve.cli.review import render_review

            render_review(typed)
        else:
            from pinosolve.cli.solve import render_solve

            render_solve(typed)
        out.print("answer: " + " ".join(p["answer"].get("why", "").split()))
        out.print("verified: the engine agrees with the answer on file" if not wrong else
                  "DISAGREES: " + "; ".join(wrong))
        out.print()
    if disagreements:
        raise typer.Exit(1)
