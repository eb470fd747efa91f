"""``pinosolve play``: a hand played against the built-in players, one decision at a time.

The round is the library's (``pinosolve.players.person.play_hand``): this module reads the
options (or a batch line: ``seat``, ``answers`` as a list, ``seed``, ``index``, ``against``,
``partner_plays``), and renders the ``HandPlay``: the seat's view and the decision pending,
or the score and the record once the round is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cli.options import OWN, RUN, with_options
from pinosolve.cli.output import console
from pinosolve.cli.params import Params, chosen_variant, given, text, whole
from pinosolve.errors import PinosolveError

if TYPE_CHECKING:
    from pinosolve.players.person import HandPlay
    from pinosolve.variants.variant import Variant


def _answers(value: Any) -> tuple[Any, ...]:
    """The answers so far: a list (a batch line's), or a text of answers split by commas."""
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, str):
        return tuple(a.strip() for a in value.split(",")) if value.strip() else ()
    raise PinosolveError("answers: a list of the answers so far, or a text of them split by "
                         "commas")


@dataclass(frozen=True)
class PlayParams(Params):
    """``play``'s parameters: the seat, the answers so far, the deal, the other players."""

    variant: Variant = chosen_variant()
    seat: str = text(missing="give your seat with --seat")
    answers: tuple[Any, ...] = given(_answers, default=())
    seed: int = whole(default=0)
    index: int = whole(default=0)
    against: str = text(default="rules")
    partner_plays: Optional[str] = text()


def compute_play(params: PlayParams) -> HandPlay:
    from pinosolve.players.person import play_hand

    return play_hand(params.variant, params.seat, params.answers, params.seed, params.index,
                     params.against, params.partner_plays)


def render_play(result: HandPlay) -> None:
    out = console()
    view = result.view
    out.print(f"{result.variant}, deal {result.index} of seed {result.seed}; you are "
              f"{result.seat}; " + ", ".join(f"{s} {p}" for s, p in result.players.items()
                                             if p != "you"))
    for key in ("holding", "auction_calls", "bidder", "bid", "trump", "called_card", "kitty",
                "passed", "shown", "meld_points", "table", "stock", "play", "trick"):
        if view.get(key) not in (None, [], {}):
            value = view[key]
            shown = " ".join(value) if isinstance(value, list) and all(
                isinstance(x, str) for x in value) else value
            out.print(f"  {key}: {shown}", soft_wrap=True)
    if result.over:
        out.print("the round is over: " + ", ".join(f"{s} {x:+d}" for s, x in
                                                    (result.scores or {}).items()))
        out.print(result.record or "", highlight=False, markup=False)
        return
    d = result.decision or {}
    what = f"choose {d['count']} of" if d.get("count") else "choose one of"
    choices = [repr(c) if c == "" else c for c in d.get("choices", [])]
    if len(choices) > 14 and not d.get("count"):  # (the bids: the lowest few, the highest)
        choices = choices[:8] + ["…"] + choices[-2:]
    out.print(f"your {d.get('kind')} ({what}): " + ", ".join(choices), soft_wrap=True)
    out.print("answer with --answers, every answer so far in order, split by commas")


@with_options(OWN, RUN)
def play_cmd(
    seat: Annotated[Optional[str], typer.Option(
        "--seat", help="Your seat.", show_default=False)] = None,
    answers: Annotated[Optional[str], typer.Option(
        "--answers", help="Your answers so far, in order, split by commas: \"25, pass, S, "
        "AS TS KS QS, AH\" (a pass or a lay-away: its cards).", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="The deal's seed (default 0).", show_default=False)] = None,
    index: Annotated[Optional[int], typer.Option(
        "--index", help="Deal this index of the seed (default 0).", show_default=False)] = None,
    against: Annotated[Optional[str], typer.Option(
        "--against", help="The built-in player at the other seats: random, rules (default), "
        "pimc:samples=N or open.", show_default=False)] = None,
    partner_plays: Annotated[Optional[str], typer.Option(
        "--partner-plays", help="Fixed partnerships: the built-in player at your partner's "
        "seat (default: --against's).", show_default=False)] = None,
    **given: Any,
) -> None:
    """Play a hand against the built-in players: the decision you face, given your answers
    so far; the score and the record once the round is over."""
    run_command(locals(), PLAY, render_play)


PLAY = Analysis(PlayParams, compute_play)
