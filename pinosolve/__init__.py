"""pinosolve: a Pinochle rules engine and solver.

Every variant is a data file (``rules/*.toml``); the public API starts from a variant::

    from pinosolve import load_variant, Hand
    v = load_variant("four-hand")
    hand = v.parse_hand("AS TS KS QS JS")

The analyses take and return typed objects (frozen dataclasses with ``to_json()``)::

    from pinosolve import best_meld, verify, legal
    best_meld("four-hand", "AS TS KS QS JS", "S")   # Declaration(trump=S, meld=15, ...)

Heavy parts (the CP-SAT meld engine, the double-dummy solver) are imported on first use so that
``import pinosolve`` stays cheap.
"""

from __future__ import annotations

# Ctrl-C as the program starts is one line, never a traceback (pinosolve.program): SIGINT is
# held (the builtin _signal, loaded at Python's start, needs no import) while the module that
# puts the handler in place loads, and a Ctrl-C that came meanwhile reaches that handler
import _signal

_held = (_signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT})
         if hasattr(_signal, "pthread_sigmask") else None)
try:
    from pinosolve import program  # noqa: F401
finally:
    if _held is not None:
        _signal.pthread_sigmask(_signal.SIG_SETMASK, _held)
    del _held

from typing import TYPE_CHECKING  # noqa: E402

__version__ = "0.1.0"

from pinosolve.cards import CARDS, Card, Hand, Rank, Suit  # noqa: E402
from pinosolve.deal import Deal  # noqa: E402
from pinosolve.diagram import diagram_html, diagram_text  # noqa: E402
from pinosolve.errors import DeckError, NotationError, PinosolveError, RulesError  # noqa: E402
from pinosolve.game import Game, IllegalPlay, PlayedTrick, SolveResult, solve_many  # noqa: E402
from pinosolve.play.budget import Budget  # noqa: E402
from pinosolve.variants.variant import Variant, load_file, load_variant, resolve, variant_ids  # noqa: E402

if TYPE_CHECKING:  # the lazy names below, for type checkers (py.typed)
    from pinosolve.analysis.advice import Advice, CardAdvice, advise  # noqa: F401
    from pinosolve.analysis.bid_advice import BidAdvice, TrumpAdvice, advise_bid  # noqa: F401
    from pinosolve.analysis.conditions import DealWhere, deal_where  # noqa: F401
    from pinosolve.analysis.ddtable import DDCell, DDTable, dd_table  # noqa: F401
    from pinosolve.analysis.hidden import Inference, SeatInference, infer  # noqa: F401
    from pinosolve.analysis.view import View  # noqa: F401
    from pinosolve.analysis.witness import Witness, witness  # noqa: F401
    from pinosolve.analysis.review import PlayReview, Review, ReviewSummary, review  # noqa: F401
    from pinosolve.analysis.stock import StockResult, open_stock  # noqa: F401
    from pinosolve.analysis.stock_view import StockAdvice, advise_stock  # noqa: F401
    from pinosolve.meld.dispute import ClaimRuling, Ruling, verify  # noqa: F401
    from pinosolve.meld.model import Declaration, MeldOption  # noqa: F401
    from pinosolve.meld.sequence import SequenceRuling, verify_sequence_file  # noqa: F401
    from pinosolve.meld.solver import (AllTrumps, MeldComparison, MeldReport, best_meld,  # noqa: F401
                                       best_meld_all_trumps, meld_report)
    from pinosolve.play.legality import LegalPlays, legal  # noqa: F401
    from pinosolve.scoring.bidding import AuctionRuling, auction  # noqa: F401
    from pinosolve.scoring.game import GameRecord  # noqa: F401
    from pinosolve.scoring.makeable import Makeable, makeable  # noqa: F401
    from pinosolve.scoring.passing import ExchangeReport, PassBack  # noqa: F401
    from pinosolve.scoring.round import Round, RoundScore, SideScore, score  # noqa: F401
    from pinosolve.scoring.shoot import Shoot, shoot  # noqa: F401
    from pinosolve.records.read import read_record, read_records  # noqa: F401
    from pinosolve.records.record import Record, RecordError  # noqa: F401
    from pinosolve.variants.dealer import Dealt, seeded_deal  # noqa: F401

# the analyses and their typed answers, imported on first use (module __getattr__): the meld
# engine needs OR-Tools, which ``import pinosolve`` and the light commands never load
_LAZY = {
    "best_meld": "pinosolve.meld.solver", "best_meld_all_trumps": "pinosolve.meld.solver",
    "meld_report": "pinosolve.meld.solver", "Declaration": "pinosolve.meld.model",
    "MeldOption": "pinosolve.meld.model", "AllTrumps": "pinosolve.meld.solver",
    "MeldReport": "pinosolve.meld.solver", "MeldComparison": "pinosolve.meld.solver",
    "verify": "pinosolve.meld.dispute", "Ruling": "pinosolve.meld.dispute",
    "ClaimRuling": "pinosolve.meld.dispute",
    "verify_sequence_file": "pinosolve.meld.sequence",
    "SequenceRuling": "pinosolve.meld.sequence",
    "score": "pinosolve.scoring.round", "RoundScore": "pinosolve.scoring.round",
    "Round": "pinosolve.scoring.round",
    "SideScore": "pinosolve.scoring.round",
    "makeable": "pinosolve.scoring.makeable", "Makeable": "pinosolve.scoring.makeable",
    "legal": "pinosolve.play.legality", "LegalPlays": "pinosolve.play.legality",
    "auction": "pinosolve.scoring.bidding", "AuctionRuling": "pinosolve.scoring.bidding",
    "GameRecord": "pinosolve.scoring.game", "PassBack": "pinosolve.scoring.passing",
    "ExchangeReport": "pinosolve.scoring.passing",
    "review": "pinosolve.analysis.review", "Review": "pinosolve.analysis.review",
    "PlayReview": "pinosolve.analysis.review", "ReviewSummary": "pinosolve.analysis.review",
    "infer": "pinosolve.analysis.hidden", "View": "pinosolve.analysis.view",
    "Inference": "pinosolve.analysis.hidden", "SeatInference": "pinosolve.analysis.hidden",
    "witness": "pinosolve.analysis.witness", "Witness": "pinosolve.analysis.witness",
    "advise": "pinosolve.analysis.advice", "Advice": "pinosolve.analysis.advice",
    "CardAdvice": "pinosolve.analysis.advice",
    "advise_bid": "pinosolve.analysis.bid_advice", "BidAdvice": "pinosolve.analysis.bid_advice",
    "TrumpAdvice": "pinosolve.analysis.bid_advice",
    "Record": "pinosolve.records.record", "RecordError": "pinosolve.records.record",
    "read_record": "pinosolve.records.read", "read_records": "pinosolve.records.read",
    "shoot": "pinosolve.scoring.shoot", "Shoot": "pinosolve.scoring.shoot",
    "open_stock": "pinosolve.analysis.stock", "StockResult": "pinosolve.analysis.stock",
    "advise_stock": "pinosolve.analysis.stock_view",
    "StockAdvice": "pinosolve.analysis.stock_view",
    "dd_table": "pinosolve.analysis.ddtable", "DDTable": "pinosolve.analysis.ddtable",
    "DDCell": "pinosolve.analysis.ddtable",
    "seeded_deal": "pinosolve.variants.dealer", "Dealt": "pinosolve.variants.dealer",
    "deal_where": "pinosolve.analysis.conditions", "DealWhere": "pinosolve.analysis.conditions",
}


def __getattr__(name: str) -> object:
    """The analyses (``best_meld``, ``verify``, ``score``, ``makeable``, ``legal``, …) and
    their result types, loaded when first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pinosolve' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "CARDS", "Budget", "Card", "Deal", "DeckError", "Game", "Hand", "IllegalPlay", "NotationError",
    "PinosolveError", "PlayedTrick", "Rank", "RulesError", "SolveResult", "Suit", "Variant",
    "diagram_html", "diagram_text", "load_file", "load_variant", "resolve", "solve_many",
    "variant_ids",
    "__version__", *_LAZY,
]
