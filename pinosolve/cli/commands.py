"""Every command, registered in one place: its name and the module that holds it, in the
order ``pinosolve --help`` lists them. The command modules define plain functions and import
nothing of the app; ``pinosolve.cli`` calls ``register`` once, on its app.
"""

from __future__ import annotations

from typing import Any

from pinosolve.cli import (advise, bid, board, ddtable, foundation, infer, legal, makeable,
                           match, meld, passing, play, puzzles, review, score, solve,
                           study, verify)

# the help's panels, by job, in the order they are listed
RULES, MELD, PLAY, SCORING, ANALYSIS, STUDIES = ("Rules and hands", "Meld", "Play",
                                                 "Scoring and bidding", "Analysis", "Studies")

# name, function, panel, one-line summary (the docstring is the command's own --help)
COMMANDS = (
    ("variants", foundation.variants, RULES,
     "List the built-in variants (house rules: rules --list)."),
    ("rules", foundation.rules, RULES, "Print a variant's resolved rules, or every key."),
    ("show", foundation.show, RULES, "Read a hand or a deal and count its counters."),
    ("deal", foundation.deal_cmd, RULES, "Deal a seeded random deal, or one meeting conditions."),
    ("puzzle", puzzles.puzzle, RULES, "Show and solve the shipped puzzles and game records."),
    ("meld", meld.meld, MELD, "The maximum meld of a holding."),
    ("verify", verify.verify, MELD, "Settle a meld dispute by the cards laid."),
    ("pass", passing.pass_cmd, MELD, "The cards to pass for the most meld."),
    ("legal", legal.legal, PLAY, "The cards that may be played, and why not the others."),
    ("solve", solve.solve_cmd, PLAY, "Double-dummy: the best play and each card's value."),
    ("ddtable", ddtable.ddtable_cmd, PLAY,
     "Double-dummy table: every trump and every leader of a deal."),
    ("bid", bid.bid_cmd, SCORING, "Judge an auction: legal calls and who wins it."),
    ("score", score.score_cmd, SCORING, "Score one round, naming each rule that decides."),
    ("game", score.game_cmd, SCORING, "Score a whole game and name the winner."),
    ("makeable", makeable.makeable_cmd, SCORING, "With every hand known: is the contract made?"),
    ("review", review.review_cmd, ANALYSIS, "Review a played hand card by card."),
    ("infer", infer.infer_cmd, ANALYSIS, "From one seat's view: what the others may hold."),
    ("advise", advise.advise_cmd, ANALYSIS, "Which card to play, or what to bid, from a view."),
    ("board", board.board_cmd, ANALYSIS, "An analysis board in the browser, on this machine."),
    ("play", play.play_cmd, ANALYSIS, "Play a hand against the built-in players."),
    ("study", study.study_cmd, STUDIES, "Many seeded deals analysed: records and a summary."),
    ("match", match.match_cmd, STUDIES,
     "Two players in duplicate: who is stronger, by how much."),
)


def register(app: Any) -> None:
    """Add every command to ``app`` (a ``typer.Typer``), by name, in order, in its panel."""
    for name, function, panel, summary in COMMANDS:
        app.command(name, rich_help_panel=panel, short_help=summary)(function)
