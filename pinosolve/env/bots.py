"""pinosolve's players as OpenSpiel bots: ``PlayerBot("rules", game, player)``.

A ``PlayerBot`` is a ``pyspiel.Bot`` for one seat of a ``pinochle`` game: ``step(state)``
shows the player (``pinosolve.players``: ``random``, ``rules``, ``pimc:…``, ``open``, a
program ``cmd:…``) the seat's view of ``state`` and the decision pending, as a match does
(``pinosolve.match.board.answer_of``: the open view for a player that sees all; a late,
failed or illegal answer gets the decision's default), and returns the action of its choice.
A pass or a lay-away, one card an action in the game, is chosen whole at its first card and
played out card by card. Each new deal starts the player afresh with a seed derived from the
bot's ``seed`` and the deal, so a bot replays exactly.

>>> import pyspiel, pinosolve.env
>>> game = pyspiel.load_game("pinochle", {"variant": "four-hand"})
>>> bots = [PlayerBot("rules", game, p, seed=1) for p in range(4)]
>>> returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
>>> len(returns)
4
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pyspiel

from pinosolve.env.game import EnvError
from pinosolve.errors import PinosolveError


class PlayerBot(pyspiel.Bot):  # (pyspiel's base class, untyped)
    """See the module."""

    def __init__(self, spec: str, game: Any, player: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        from pinosolve.players import make_player

        if not hasattr(game, "variant"):
            raise EnvError("a pinosolve bot plays the pinochle game (pinosolve.env)")
        seats = game.variant.seats
        if isinstance(player, bool) or not isinstance(player, int) or \
                not 0 <= player < len(seats):
            raise EnvError(f"player is a seat number from 0 to {len(seats) - 1}, got "
                           f"{player!r}")
        try:
            self.player = make_player(spec)
        except PinosolveError as exc:
            raise EnvError(str(exc)) from None
        self.game, self.player_id, self.seed = game, player, seed
        self.seat = seats[player]
        self._deal: Any = None
        self._plan: list[str] = []
        self.faults: list[str] = []  # each answer the player failed to give, and why

    def restart_at(self, state: Any) -> None:
        self._deal = None
        self._plan = []

    def step(self, state: Any) -> int:
        """The action the player chooses at ``state`` (its seat must be to move)."""
        from pinosolve.match.board import answer_of

        if getattr(state, "shared", None) is None or state.shared.game is not self.game and \
                state.shared.variant is not self.game.variant:
            raise EnvError("the bot plays another game than this state's")
        if state.current_player() != self.player_id:
            raise EnvError(f"the bot plays seat {self.player_id}, and "
                           f"{state.current_player()} is to move")
        d = state.decision()
        deal = tuple(tuple(h) for h in state.hands)
        if deal != self._deal:
            self._deal, self._plan = deal, []
            digest = hashlib.sha256(repr((self.seed, self.player_id, deal)).encode()).digest()
            self.player.start(self.game.variant, self.seat, int.from_bytes(digest[:8], "big"))
        legal = {choice: action for action, choice in state.legal_choices().items()}
        if d.count:
            if not state.chosen:
                made, fault = answer_of(self.player, state.table, d)
                self._note(fault)
                actions = self.game.actions  # (the game takes a pass's cards in deck order)
                self._plan = sorted(made, key=lambda c: actions.action_of("pass", c))
            left = Counter(self._plan) - Counter(state.chosen)
            for card in self._plan:
                if left[card] > 0 and card in legal:
                    return legal[card]
            return next(iter(legal.values()))
        made, fault = answer_of(self.player, state.table, d)
        self._note(fault)
        return legal[made]

    def _note(self, fault: Any) -> None:
        """A fault of the player's (its answer replaced by the decision's default), kept in
        ``faults`` (the first thousand)."""
        if fault is not None and len(self.faults) < 1000:
            self.faults.append(f"{fault[0]}: {fault[1]}")
