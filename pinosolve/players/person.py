"""A person at the table: one seat's hand played against the built-in players, one answer
at a time, as the board and ``pinosolve play`` ask it.

``play_hand(variant, seat, answers, seed=0, index=0, against="rules")`` deals deal ``index``
of ``seed`` (as ``deal --seed --index`` deals it; the dealer the seat ``index`` places round
the table from the last, as in a match), seats the person at ``seat`` and a built-in
player (``against``: ``random``, ``rules``, ``pimc:…`` or ``open``; a fixed partner may be
another, ``partner_plays``) at every other seat, and plays the round from the start with the
person's ``answers`` in order. Nothing is kept between calls: the same arguments give the
same round (each player is seeded from the seed, the deal and its seat, as in a match), so
a page sends every answer so far and gets the next decision. The answer, a ``HandPlay``:
the decision pending for the person (None once the round is over) and what the seat sees;
once over, every seat's score change and the round's record (every hand shown).

>>> p = play_hand("four-hand", "S", [], seed=1)
>>> p.decision["kind"] if p.decision else None, p.over
('call', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Sequence

from pinosolve.errors import PinosolveError
from pinosolve.results import Result, optional

MAX_ANSWERS = 400  # answers a round can take at most (a call per round of bids, a card a trick)


@dataclass(frozen=True, repr=False)
class HandPlay(Result):
    """One seat's round against the built-in players (see the module): the ``variant``,
    ``seed``, ``index``, the person's ``seat``, the ``players`` by seat (``you`` for the
    person), the ``decision`` pending for the person (its ``kind``, ``seat``, ``choices``,
    ``count``, ``required``; None once over), the seat's ``view``, how many ``answers`` were
    taken, ``over``, and once over each seat's score change (``scores``) and the ``record``."""

    variant: str
    seed: int
    index: int
    seat: str
    players: dict[str, str]
    decision: Optional[dict[str, Any]]
    view: dict[str, Any]
    answers: int
    over: bool
    scores: Optional[dict[str, int]] = optional()
    record: Optional[str] = optional()

    _repr_keys = ("seat", "answers", "over", "decision")


def play_hand(variant: Any, seat: Any, answers: Sequence[Any], seed: int = 0, index: int = 0,
              against: str = "rules", partner_plays: Optional[str] = None) -> HandPlay:
    """See the module. ``PinosolveError`` in one line for a bad value, an answer that is not
    legal (naming which), more answers than the round asks, or a program player (``cmd:``:
    a person plays the built-in players only)."""
    from pinosolve.inputs import as_variant
    from pinosolve.match.board import answer_of
    from pinosolve.match.match import seat_seed
    from pinosolve.match.seating import dealer_of
    from pinosolve.players import make_player
    from pinosolve.table import new_table
    from pinosolve.table.decision import IllegalChoice
    from pinosolve.variants.dealer import check_index, seeded_deal
    from pinosolve.variants.shuffle import check_seed
    from pinosolve.variants.sides import seat_name, teams

    v = as_variant(variant)
    me = seat_name(v, seat, "seat")
    for name, spec in (("against", against), ("partner_plays", partner_plays)):
        if not isinstance(spec, str) and (spec is not None or name == "against"):
            raise PinosolveError(f"{name}: a player's spec as text (rules, random, pimc:…), "
                                 f"got {type(spec).__name__}")
    check_seed(seed)
    check_index(index)
    if isinstance(answers, (str, bytes)) or not isinstance(answers, Sequence):
        raise PinosolveError("answers: a list of the answers so far, in order")
    if len(answers) > MAX_ANSWERS:
        raise PinosolveError(f"answers: at most {MAX_ANSWERS}, got {len(answers)}")
    mate = None
    if v.rules.players.partnership == "fixed":
        mate = next((s for t in teams(v) if me in t.seats for s in t.seats if s != me), None)
    if partner_plays is not None and mate is None:
        raise PinosolveError(f"partner_plays: {v.id} has no fixed partner to play")
    specs = {s: "you" if s == me else
             (partner_plays if s == mate and partner_plays else against) for s in v.seats}
    players = {}
    for s, spec in specs.items():
        if s == me:
            continue
        if spec.strip().lower().startswith("cmd"):
            raise PinosolveError("a person plays the built-in players (random, rules, pimc, "
                                 "open), not a program")
        players[s] = make_player(spec)
        players[s].start(v, s, seat_seed(seed, index, 0, s))
    table = new_table(v, seeded_deal(v, seed, index), dealer_of(v, index),
                      (("Event", "pinosolve play"), ("Seed", str(seed)),
                       ("Index", str(index))))
    taken = 0
    while (d := table.decision()) is not None:
        if d.seat == me:
            if taken == len(answers):
                return HandPlay(v.id, seed, index, me, specs, _decision(d), table.view(me),
                                taken, False)
            try:
                table.apply(answers[taken])
            except IllegalChoice as exc:
                raise PinosolveError(f"answer {taken + 1} ({d.kind}): {exc}") from None
            taken += 1
            continue
        table.apply(answer_of(players[d.seat], table, d)[0])
    if taken < len(answers):
        raise PinosolveError(f"answers: the round took {taken}; {len(answers) - taken} more "
                             "given")
    return HandPlay(v.id, seed, index, me, specs, None, table.view(me), taken, True,
                    table.scores(), str(table.record()))


def _decision(d: Any) -> dict[str, Any]:
    return {"kind": d.kind, "seat": d.seat, "choices": list(d.choices), "count": d.count,
            "required": list(d.required)}
