"""What a seat sees of a game state, as text and as a tensor (OpenSpiel's observer).

The information state (``perfect_recall=True``) is everything the seat has seen, in order:
its string is the seat's log (``p0`` and then each event as the seat saw it: its cards
dealt ``d:AS``, the calls ``E:call:25``, a pass it made card by card, the cards it got, the
meld shown, each card played, each card it drew and ``draw:?`` for the other's); its tensor
has the pieces below, every trick with who played each card. The observation
(``perfect_recall=False``) is the seat's view now: its string is the table's view
(``pinosolve.table.state.Table.view``, JSON), its tensor the same pieces but the current trick
and the cards gone in place of the tricks and the stock stage's history.

The tensor's pieces, in order (``observer.dict`` names them; C card types, n seats, B bids,
T tricks; a card piece holds copies, 0 to the deck's copies; points are scaled to 0..1):

========================  ================  =================================================
piece                     shape             holds
========================  ================  =================================================
player                    n                 1 at the observing seat
phase                     11                the decision pending (``PHASES``)
hand                      C                 the seat's cards as dealt
holding                   C                 the seat's cards now
kitty                     C                 the kitty shown to all, the card turned for trump
                                            (a stock game: the card under the stock now)
bids                      B x n             who made each bid
passed                    n x (B + 1)       a seat's pass, at the bids made before it (0: none)
misdeal                   n                 the seat that called a misdeal
bidder, partner           n, n              the bidder; the partner once every seat knows it
trump                     4                 S H D C
called_card               C                 the bidder's called card
laid_away, gave, received C, C, C           the seat's own lay-away and passes (card by card)
shown                     n x C             each seat's meld shown (stock: on the table now)
meld_points               n                 each seat's meld points, over the game's bound
trick_points              n                 the card points each seat took, over the total
tricks (info state)       T x n x C         the card each seat played to each trick
drawn (info state, stock) T x C             the card the seat drew after each stock trick
stock_melds (ditto)       T x (2C + 1)      the meld laid after each stock trick: cards from
                                            the hand, from the table, a dix exchanged
trick (observation)       n x C             the cards of the trick in progress
gone (observation)        C                 the cards played to tricks so far
========================  ================  =================================================
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from pinosolve.cards import Card

PHASES = ("deal", "call", "trump", "call_card", "lay_away", "pass", "meld", "throw_in",
          "play", "draw", "over")


class PinochleObserver:
    """OpenSpiel's observer protocol: ``tensor``, ``dict``, ``set_from(state, player)`` and
    ``string_from(state, player)``."""

    def __init__(self, game: Any, iig_obs_type: Any = None) -> None:
        obs = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.game = game
        self.recall = bool(obs.perfect_recall)
        v = game.variant
        n, c = len(v.seats), game.actions.cards
        b = game.actions.bids
        t = -(-sum(v.deck.counts) // n)
        self.n, self.c, self.b, self.t = n, c, b, t
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("player", (n,)), ("phase", (len(PHASES),)), ("hand", (c,)), ("holding", (c,)),
            ("kitty", (c,)), ("bids", (b, n)), ("passed", (n, b + 1)), ("misdeal", (n,)),
            ("bidder", (n,)), ("partner", (n,)), ("trump", (4,)), ("called_card", (c,)),
            ("laid_away", (c,)), ("gave", (c,)), ("received", (c,)), ("shown", (n, c)),
            ("meld_points", (n,)), ("trick_points", (n,))]
        if self.recall:
            pieces.append(("tricks", (t, n, c)))
            if game.stock:
                pieces += [("drawn", (t, c)), ("stock_melds", (t, 2 * c + 1))]
        else:
            pieces += [("trick", (n, c)), ("gone", (c,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self._indexes = np.asarray(game.actions.card_indexes)
        self._action = [game.actions._card_action.get(k, -1) for k in range(24)]
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in pieces:
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + k].reshape(shape)
            at += k

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        self.tensor.fill(0)
        d, a, v = self.dict, self.game.actions, self.game.variant
        seat = v.seats[player]
        d["player"][player] = 1
        t = state.table
        for k in state.hands[player] or (state.picks if state.table is None and
                                          self.game.groups[state.group][0] == player else []):
            d["hand"][k] += 1
        if t is None:
            d["phase"][0] = 1
            d["holding"][:] = d["hand"]
            return
        pending = state.decision()
        phase = "over" if state.is_terminal() else "draw" if pending is None else \
            pending.kind
        d["phase"][PHASES.index(phase)] = 1
        d["holding"][:] = self._counts(_holding(t, player, seat))
        if self.game.stock:
            self._stock(state, t, player)
        else:
            self._table(state, t, player, seat)
            if state.turned is not None:  # (the card turned for trump, seen by all)
                d["kitty"][state.turned] += 1
        if pending is not None and pending.count and pending.seat == seat:
            piece = d["laid_away"] if pending.kind == "lay_away" else d["gave"]
            for c in state.chosen:
                piece[a.action_of("play", c)] += 1

    def _counts(self, hand: Any) -> np.ndarray:
        """A hand's copies by card action (``hand``: a ``Hand`` or copies by index)."""
        counts = hand.counts if hasattr(hand, "counts") else hand
        return np.take(np.asarray(counts, np.float32), self._indexes)

    def _table(self, state: Any, t: Any, player: int, seat: str) -> None:
        d, a, v = self.dict, self.game.actions, self.game.variant
        seats = v.seats
        if t.auction is not None:
            made = 0
            for call in t.auction.calls:
                s = seats.index(call.seat)
                if call.bid is not None:
                    d["bids"][call.bid - a.minimum, s] = 1
                    made += 1
                elif call.call == "misdeal":
                    d["misdeal"][s] = 1
                else:
                    d["passed"][s, made] = 1
        if t.bidder is not None:
            d["bidder"][seats.index(t.bidder)] = 1
            if t.kitty is not None and v.rules.deal.bidder_takes_kitty:
                d["kitty"] += self._counts(t.kitty)
        partner = t._known_partner(seat)
        if partner is not None:
            d["partner"][seats.index(partner)] = 1
        if t.trump is not None:
            d["trump"][int(t.trump)] = 1
        if t.called_card is not None:
            d["called_card"][a.card_action(t.called_card.index)] = 1
        if t.laid_away is not None and seat == t.bidder:
            d["laid_away"] += self._counts(t.laid_away)
        for giver, receiver, cards in t.passes:
            if giver == seat:
                d["gave"] += self._counts(cards)
            if receiver == seat:
                d["received"] += self._counts(cards)
        for s, h in t.shown.items():
            d["shown"][seats.index(s)] += self._counts(h)
        bound = float(self.game.bound)
        for s, p in t.meld_points.items():
            d["meld_points"][seats.index(s)] = p / bound
        if t.game is not None:
            tricks = [(tr.leader, tr.cards) for tr in t.game.tricks]
            total = float(v.rules.points.total)
            for tr in t.game.tricks:
                d["trick_points"][seats.index(tr.won_by)] += tr.points / total
            self._tricks(tricks, (t.game.leader, tuple(t.game.trick)), 0)

    def _tricks(self, done: list[tuple[str, Any]], now: tuple[str, Any], first: int) -> None:
        """The tricks played (info state), or the trick in progress and the cards gone."""
        d, action, seats = self.dict, self._action, self.game.variant.seats
        n = len(seats)
        if self.recall:
            tricks = d["tricks"]
            for k, (leader, cards) in enumerate([*done, now] if now[1] else done):
                at = seats.index(leader)
                for j, c in enumerate(cards):
                    tricks[first + k, (at + j) % n, action[c.index]] = 1
            return
        gone = d["gone"]
        for _, cards in done:
            for c in cards:
                gone[action[c.index]] += 1
        at = seats.index(now[0])
        for j, c in enumerate(now[1]):
            d["trick"][(at + j) % n, action[c.index]] = 1

    def _stock(self, state: Any, t: Any, player: int) -> None:
        d, a, v = self.dict, self.game.actions, self.game.variant
        seats = v.seats
        d["trump"][int(t.trump)] = 1
        pos = t.pos
        if pos.stock:
            d["kitty"][a.card_action(pos.stock[-1])] = 1
        bound, total = float(self.game.bound), float(v.rules.points.total)
        points = t.points_taken()
        for q, s in enumerate(seats):
            d["meld_points"][q] = t.meld_points[s] / bound
            d["trick_points"][q] = points[s] / total
            if t.game is None:
                for c in pos.table(q):
                    d["shown"][q, a.card_action(c)] += 1
        stage1 = [(ld, tuple(Card.parse(c) for c in cards)) for ld, cards in t.stage1]
        if t.game is None:
            now = (seats[pos.leader], tuple(Card.from_index(c) for c in pos.trick))
            self._tricks(stage1, now, 0)
        else:
            done = stage1 + [(tr.leader, tr.cards) for tr in t.game.tricks]
            self._tricks(done, (t.game.leader, tuple(t.game.trick)), 0)
        if not self.recall:
            return
        for k, p, card, _ in state.drawn:
            if p == player:
                d["drawn"][k, a.card_action(card)] = 1
        c = self.c
        for k, _, text in state.melds:
            for step in text.split(";"):
                for word in step.split():
                    if word == "exchange":
                        d["stock_melds"][k, 2 * c] = 1
                    elif word.startswith("table:"):
                        d["stock_melds"][k, c + a.action_of("play", word[6:])] += 1
                    else:
                        d["stock_melds"][k, a.action_of("play", word)] += 1

    def string_from(self, state: Any, player: int) -> str:
        """The information state (the seat's log) or the observation (its view, JSON)."""
        if self.recall:
            return f"p{player} " + " ".join(state.logs[player])
        seat = self.game.variant.seats[player]
        if state.table is None:
            hand = state.hands[player] or (state.picks if self.game.groups[state.group][0] ==
                                           player else [])
            return f"p{player} dealing: " + " ".join(self.game.actions.text(k) for k in hand)
        view = state.table.view(seat)
        pending = state.decision()
        if state.chosen and pending is not None and pending.seat == seat:
            view = {**view, "chosen": list(state.chosen)}
        return json.dumps(view, separators=(",", ":"))


def _holding(t: Any, player: int, seat: str) -> tuple[int, ...]:
    """The seat's cards held now, copies by ``Card.index``."""
    if getattr(t, "pos", None) is not None and t.game is None:
        counts = [0] * 24
        for k in t.pos.hands[player]:
            counts[k] += 1
        return tuple(counts)
    if t.game is not None:
        return t.game.hand(seat).counts
    return t.hands[seat].counts

