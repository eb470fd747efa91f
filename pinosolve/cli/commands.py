"""Every command, registered in one place: its name and the module that holds it, in the
order ``pinosolve --help`` lists them. The command modules define plain functions and import
nothing of the app; ``pinosolve.cli`` calls ``register`` once, on its app.
"""

from __future__ import annotations

from typing import Any

from pinosolve.cli import (advise, bid, foundation, infer, legal, makeable, meld, passing,
                           puzzles, review, score, solve, study, verify)

COMMANDS = (
    ("variants", foundation.variants), ("rules", foundation.rules), ("show", foundation.show),
    ("deal", foundation.deal_cmd), ("infer", infer.infer_cmd), ("advise", advise.advise_cmd),
    ("bid", bid.bid_cmd), ("legal", legal.legal), ("makeable", makeable.makeable_cmd),
    ("meld", meld.meld), ("pass", passing.pass_cmd), ("puzzle", puzzles.puzzle),
    ("review", review.review_cmd), ("score", score.score_cmd), ("game", score.game_cmd),
    ("solve", solve.solve_cmd), ("study", study.study_cmd), ("verify", verify.verify),
)


def register(app: Any) -> None:
    """Add every command to ``app`` (a ``typer.Typer``), by name, in order."""
    for name, function in COMMANDS:
        app.command(name)(function)
