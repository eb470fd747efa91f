"""``pinosolve puzzle FILE``: show a worked puzzle, solve it, and check the answer on file."""

from __future__ import annotations

from typing import Annotated

import typer

from pinosolve.cli import app
from pinosolve.cli.common import JsonOpt, console, emit_json


@app.command()
def puzzle(
    files: Annotated[list[str], typer.Argument(help="Puzzle files (TOML).")],
    json_out: JsonOpt = False,
) -> None:
    """Show and solve puzzles; exit code 1 if the engine disagrees with an answer on file."""
    from pinosolve import puzzle as puzzles
    from pinosolve.cli.verify import render_verify

    disagreements = 0
    for path in files:
        p = puzzles.load(path)
        result = puzzles.solve(p)
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
            render_verify(result)
        else:
            from pinosolve.cli.solve import render_solve

            render_solve(result)
        out.print("answer: " + " ".join(p["answer"].get("why", "").split()))
        out.print("verified: the engine agrees with the answer on file" if not wrong else
                  "DISAGREES: " + "; ".join(wrong))
        out.print()
    if disagreements:
        raise typer.Exit(1)

