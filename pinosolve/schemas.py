"""The JSON Schema of each command's answer, generated from its typed result classes.

:data:`COMMANDS` names, for each command with a JSON answer, the result classes it may answer
with (one per form: ``meld`` answers a :class:`~pinosolve.meld.solver.MeldReport`, or with
``--all-trumps`` an :class:`~pinosolve.meld.solver.AllTrumps`), as ``module:Class`` so that
nothing is imported before it is asked for. :func:`command_schema` writes the schema of one
answer, or of one line of a batch's answer (``batch``). ``tools/make_schemas.py`` writes them
all to ``docs/schemas/``; a test keeps those files up to date and validates every command's
output against them.

To add a command: give its answer a result class (``pinosolve.results.Result``, fields with
type hints) and add ``"command": ("module:Class", ...)`` here, with ``BATCH`` saying whether it
has ``--input``; then run ``python tools/make_schemas.py``.

>>> command_schema("legal")["$ref"]
'#/$defs/LegalPlays'
"""

from __future__ import annotations

import importlib
from typing import Any

from pinosolve.errors import PinosolveError
from pinosolve.results import schema

COMMANDS: dict[str, tuple[str, ...]] = {
    "meld": ("pinosolve.meld.solver:MeldReport", "pinosolve.meld.solver:AllTrumps"),
    "verify": ("pinosolve.meld.dispute:Ruling", "pinosolve.meld.sequence:SequenceRuling",
               "pinosolve.meld.dispute:AnnouncedRuling"),
    "legal": ("pinosolve.play.legality:LegalPlays",),
    "score": ("pinosolve.scoring.round:RoundScore",),
    "game": ("pinosolve.scoring.game:GameRecord",),
    "bid": ("pinosolve.scoring.bidding:AuctionRuling",),
    "pass": ("pinosolve.scoring.passing:PassBack", "pinosolve.scoring.passing:ExchangeReport"),
    "makeable": ("pinosolve.scoring.makeable:Makeable", "pinosolve.scoring.shoot:Shoot"),
    "solve": ("pinosolve.game:SolveResult", "pinosolve.game:EachResult",
              "pinosolve.analysis.stock:StockResult"),
    "ddtable": ("pinosolve.analysis.ddtable:DDTable",),
    "show": ("pinosolve.variants.holdings:HandSummary",
             "pinosolve.variants.holdings:DealSummary"),
    "deal": ("pinosolve.variants.dealer:DealRecord",),
    "review": ("pinosolve.analysis.review:Review", "pinosolve.analysis.review_set:ReviewSet"),
    "infer": ("pinosolve.analysis.hidden:Inference", "pinosolve.analysis.witness:Witness"),
    "advise": ("pinosolve.analysis.advice:Advice", "pinosolve.analysis.bid_advice:BidAdvice",
               "pinosolve.analysis.stock_view:StockAdvice"),
    "match": ("pinosolve.match.match:MatchResult",),
    "play": ("pinosolve.players.person:HandPlay",),
}

# the commands that answer batches (--input: JSON lines in, one answer line out per line)
BATCH = ("meld", "verify", "legal", "score", "bid", "pass", "makeable", "solve", "ddtable",
         "show", "deal", "review", "infer", "advise", "play")


def result_classes(command: str) -> tuple[type, ...]:
    """The result classes of ``command``'s answer."""
    if command not in COMMANDS:
        raise PinosolveError(f"no JSON Schema for command {command!r}; commands are "
                             f"{', '.join(sorted(COMMANDS))}")
    out = []
    for ref in COMMANDS[command]:
        module, _, name = ref.partition(":")
        out.append(getattr(importlib.import_module(module), name))
    return tuple(out)


def command_schema(command: str, batch: bool = False) -> dict[str, Any]:
    """The JSON Schema of ``command``'s ``--json`` answer, or (``batch``) of one line of its
    ``--input`` answer."""
    if batch and command not in BATCH:
        raise PinosolveError(f"{command} answers no batch (it has no --input)")
    title = f"pinosolve {command}" + (" --input (one answer line)" if batch else " --json")
    return schema(result_classes(command), title, batch)


def schema_files() -> dict[str, dict[str, Any]]:
    """Every schema file of ``docs/schemas/``, by file name."""
    out = {}
    for command in COMMANDS:
        out[f"{command}.json"] = command_schema(command)
        if command in BATCH:
            out[f"{command}.batch.json"] = command_schema(command, batch=True)
    return out
