"""A round of a stock variant (two-hand) at the table: the stock stage, then the play-off.

``StockTable(variant, dealt, dealer)`` has the interface of ``pinosolve.table.state.Table``.
Stage 1 (while the stock lasts): the non-dealer leads; each trick's two cards are chosen
with no duty to follow (``play``: a card of the hand, or ``table:QS`` one of one's melds on
the table, breaking it); the winner and then the loser draw, the winner of the last stock
trick choosing the face-down or the turned card where the rules let him (``draw``); the
winner may meld once (``meld``: the steps as text, ``""`` for none), before or after the
draw as the rules say. The rules of each step are ``pinosolve.meld.sequence``'s, applied by
the moves of ``pinosolve.analysis.stock``. Stage 2 (the play-off): the melds go back to the
hands and the tricks are played with their duties, as ``Table``'s play. The score: each
player's meld and trick points, through ``pinosolve.scoring.round.score``.

>>> from pinosolve import load_variant
>>> from pinosolve.variants.dealer import seeded_deal
>>> v = load_variant("two-hand")
>>> t = StockTable(v, seeded_deal(v, 3), dealer="S")
>>> d = t.decision(); d.kind, d.seat, len(d.choices) > 0
('play', 'N', True)
>>> while t.decision() is not None:
...     _ = t.apply(t.decision().default())
>>> sum(t.points_taken().values()) == v.rules.points.total
True
"""

from __future__ import annotations

import copy
from typing import Any, Optional

from pinosolve.cards import Card, Hand
from pinosolve.errors import PinosolveError
from pinosolve.table.decision import Choice, Decision, DecisionTable, play_decision
from pinosolve.variants.dealer import Dealt
from pinosolve.variants.sides import seat_after
from pinosolve.variants.variant import Variant


class StockTable(DecisionTable):
    """See the module."""

    _shared = ("search",)  # (its rules and meld options; the position is the table's)

    def __init__(self, variant: Variant, dealt: Dealt, dealer: Optional[str] = None,
                 tags: tuple[tuple[str, str], ...] = ()) -> None:
        from pinosolve.analysis.stock import StockPosition, _Search

        v = self.variant = variant
        if v.rules.deal.kitty_kind != "stock" or len(v.seats) != 2 or \
                v.rules.meld.sequence is None or dealt.trump is None:
            raise PinosolveError(f"{v.id} has no stock stage (two hands, a stock, a turned "
                                 "trump, [meld.sequence])")
        self.dealt, self.tags = dealt, tags
        self.dealer = dealer if dealer is not None else v.seats[-1]
        self.trump = dealt.trump
        self.void = False
        self.seats = v.seats
        leader = v.seats.index(seat_after(v, self.dealer))
        hands = [sorted(c.index for c in dealt.deal[s]) for s in v.seats]
        self.pos = StockPosition(v, self.trump, hands, [c.index for c in dealt.undealt],
                                 leader)
        self.search = _Search(v, self.trump, None)
        self.meld_points = {s: 0 for s in v.seats}
        self.trick_points = {s: 0 for s in v.seats}
        self.stage1: list[tuple[str, tuple[str, str]]] = []  # (leader, the two cards)
        self._stage1_won: list[tuple[str, tuple[str, str]]] = []  # (winner, the cards)
        self.melds: list[tuple[int, str, str]] = []  # (trick, seat, the meld as text)
        self.meld_laid: list[tuple[str, int]] = []  # (seat, points) of each meld, as laid
        self.game: Any = None
        self.leader: Optional[str] = None  # the play-off's first leader
        self.hands_at_play: dict[str, Hand] = {}
        self.played: list[Card] = []
        self._phase = "play"
        self._winner = 0
        self._choices: dict[str, tuple[Any, ...]] = {}
        self._pending: Optional[Decision] = None
        self._facts: Any = None  # (the round's facts and score, once it is over)
        self._score: Any = None

    @property
    def over(self) -> bool:
        return self._phase == "over"

    @property
    def bidder(self) -> None:
        return None

    def decision(self) -> Optional[Decision]:
        """The decision pending, None when the round is over (a winner with no meld to lay
        is asked nothing)."""
        while self._pending is None and not self.over and not self._waiting():
            d = self._next()
            if d.kind == "meld" and d.choices == ("",):
                self._meld("")
                continue
            self._pending = d
        return self._pending

    def _waiting(self) -> bool:
        """Whether the table waits for something outside it before its next decision
        (never here; a table whose draws are chance waits for the cards drawn)."""
        return False

    def _next(self) -> Decision:
        pos, seats = self.pos, self.seats
        if self._phase == "play":
            mover = (pos.leader + len(pos.trick)) % 2
            choices = tuple(dict.fromkeys(
                ("table:" if t else "") + str(Card.from_index(c))
                for c, t in self.search.cards(pos, mover)))
            return Decision("play", seats[mover], choices)
        if self._phase == "draw":
            return Decision("draw", seats[self._winner], ("top", "turned"))
        if self._phase == "meld":
            self._choices = {}
            ranked = sorted(self.search.meld_choices(pos, self._winner),
                            key=lambda c: (-c[0].points, len(c[0].steps)))
            for choice, ch, hand, stock in ranked:  # (the most points first)
                self._choices.setdefault(_meld_text(choice), (choice, ch, hand, stock))
            return Decision("meld", seats[self._winner], tuple(self._choices))
        return play_decision(self.game)

    def _make(self, d: Decision, made: Choice) -> None:
        assert isinstance(made, str)
        if self._phase == "play":
            self._stage1_card(made)
        elif self._phase == "draw":
            self._draw(1 if made == "turned" else 0)
            self._after_draw()
        elif self._phase == "meld":
            self._meld(made)
        else:
            card = Card.parse(made)
            self.game.play(card)
            self.played.append(card)
            if self.game.over:
                self._phase = "over"

    # --- stage 1 ---------------------------------------------------------------------------

    def _stage1_card(self, made: str) -> None:
        pos, s = self.pos, self.search
        mover = (pos.leader + len(pos.trick)) % 2
        from_table = made.startswith("table:")
        card = Card.parse(made[6:] if from_table else made).index
        gain = s._play(pos, mover, card, from_table)
        self.meld_points[self.seats[mover]] += abs(gain)
        if gain:  # (the dix exchanged or played: meld, laid as it is)
            self.meld_laid.append((self.seats[mover], abs(gain)))
        if len(pos.trick) < 2:
            return
        w = (pos.leader + s.rules1.winner(pos.trick, int(self.trump))) % 2
        self.trick_points[self.seats[w]] += sum(s.rules1.points[c] for c in pos.trick)
        cards = (str(Card.from_index(pos.trick[0])), str(Card.from_index(pos.trick[1])))
        self.stage1.append((self.seats[pos.leader], cards))
        self._stage1_won.append((self.seats[w], cards))
        pos.trick, pos.leader, self._winner = [], w, w
        assert s.seq is not None
        if s.seq.draw_before_meld:
            self._to_draw()
        else:
            self._phase = "meld"

    def _to_draw(self) -> None:
        if len(self.search._draws(self.pos, self._winner)) > 1:
            self._phase = "draw"
        else:
            self._draw(0)
            self._after_draw()

    def _draw(self, take: int) -> None:
        self.search._draw(self.pos, self._winner, take)

    def _after_draw(self) -> None:
        assert self.search.seq is not None
        if self.search.seq.draw_before_meld:
            self._phase = "meld"
        else:
            self._next_trick()

    def _meld(self, made: str) -> None:
        pos, w = self.pos, self._winner
        choice, ch, hand, stock = self._choices[made]
        pos.checkers[w], pos.hands[w], pos.stock = copy.deepcopy(ch), list(hand), list(stock)
        if made:
            self.meld_points[self.seats[w]] += choice.points
            self.melds.append((pos.trick_number, self.seats[w], made))
            if choice.points:
                self.meld_laid.append((self.seats[w], choice.points))
        assert self.search.seq is not None
        if self.search.seq.draw_before_meld:
            self._next_trick()
        else:
            self._to_draw()

    def _next_trick(self) -> None:
        pos = self.pos
        pos.trick_number += 1
        self._phase = "play"
        if pos.stock:
            return
        from pinosolve.deal import Deal
        from pinosolve.game import Game

        hands = {s: Hand([Card.from_index(c) for c in pos.hands[p] + pos.table(p)])
                 for p, s in enumerate(self.seats)}
        self.hands_at_play = hands
        self.leader = self.seats[pos.leader]
        self.game = Game(self.variant, Deal(self.seats, tuple(hands[s] for s in self.seats)),
                         trump=self.trump, leader=self.leader, stage=2)
        self._phase = "play-off"

    # --- views, record, score --------------------------------------------------------------

    def view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` sees (see ``Table.view``): in stage 1 its ``holding``, every
        meld on the table (``table``), the stock (``?`` for each face-down card, the turned
        card last), the cards gone in tricks, the trick (``play`` from ``leader``), the meld
        and trick points; in the play-off, the view ``pinosolve.advise`` takes (its hand as
        the play-off began, the play, the cards gone in stage 1) and the points."""
        v, pos = self.variant, self.pos
        p = self.seats.index(seat)
        gone = [c for _, cards in self.stage1 for c in cards]
        out: dict[str, Any] = {"variant": v.id, "seat": seat, "dealer": self.dealer,
                               "trump": self.trump.letter, "stage": 1 if self.game is None
                               else 2, "meld_points": dict(self.meld_points),
                               "trick_points_taken": dict(self.trick_points)}
        if self.game is None:
            out["holding"] = [str(Card.from_index(c)) for c in sorted(pos.hands[p])]
            out["hand"] = out["holding"]
            out["table"] = {s: [str(Card.from_index(c)) for c in pos.table(q)]
                            for q, s in enumerate(self.seats)}
            out["stock"] = ["?"] * (len(pos.stock) - 1) + [str(Card.from_index(pos.stock[-1]))] \
                if pos.stock else []
            out["gone"] = gone
            out["leader"] = self.seats[pos.leader]
            out["play"] = [str(Card.from_index(c)) for c in pos.trick]
            out["to_meld"] = self._phase == "meld"
            return out
        out["hand"] = self.hands_at_play[seat].cards()
        out["holding"] = self.game.hand(seat).cards()
        out["gone"] = gone
        out["leader"] = self.leader
        out["play"] = [str(c) for c in self.played]
        out["trick"] = [str(c) for c in self.game.trick]
        return out

    def open_view(self, seat: str) -> dict[str, Any]:
        """``view`` and every card besides (a cheat's): each hand held (``hands``), the
        stock in order (``stock``, top first), and in the play-off the ``deal``."""
        from pinosolve.deal import Deal

        out = self.view(seat)
        if self.game is None:
            pos = self.pos
            out["hands"] = {s: [str(Card.from_index(c)) for c in sorted(pos.hands[p])]
                            for p, s in enumerate(self.seats)}
            out["stock"] = [str(Card.from_index(c)) for c in pos.stock]
        else:
            out["hands"] = {s: self.game.hand(s).cards() for s in self.seats}
            out["deal"] = str(Deal(self.seats, tuple(self.hands_at_play[s] for s in self.seats)))
        return out

    def record(self) -> Any:
        """The play-off as a game record: the hands as it began, its tricks, the meld each
        player laid (points) and the stock stage in tags (``StockTricks``, ``StockMelds``)."""
        from pinosolve.records.record import Record

        tags = tuple(self.tags) + (
            ("StockTricks", " ".join(f"{ld}:{a}-{b}" for ld, (a, b) in self.stage1)),
            ("StockMelds", "; ".join(f"{n}:{s}:{m.replace(';', ',')}"
                                     for n, s, m in self.melds)))
        deal = dict(self.hands_at_play) if self.hands_at_play else \
            dict(self.dealt.deal.items())
        n = len(self.seats)
        play = tuple(tuple(self.played[k:k + n]) for k in range(0, len(self.played), n))
        return Record(variant=self.variant, deal=deal, deal_first=self.seats[0],  # type: ignore
                      dealer=self.dealer, trump=self.trump,
                      meld={s: m for s, m in self.meld_points.items() if m},
                      leader=self.leader, play=play, tags=tags)

    def facts(self) -> Any:
        """The round's facts as scored (a ``pinosolve.scoring.round.Round``: the meld, and
        where meld counts as it is laid, ``scoring.going_out = "meld-laid"``, each meld in
        the order laid, which a game's running score checks meld by meld; the cards and
        tricks each player won in both stages). PinosolveError before the round is over."""
        if self._phase != "over":
            raise PinosolveError("the round is not over")
        if self._facts is None:
            self._facts = self._round_facts()
        return self._facts

    def _round_facts(self) -> Any:
        from pinosolve.scoring.round import Round
        from pinosolve.table.state import play_facts

        tricks = [(s, [Card.parse(c) for c in cards]) for s, cards in self._stage1_won] + \
            [(t.won_by, t.cards) for t in self.game.tricks]
        laid = self.variant.rules.scoring.going_out == "meld-laid" and self.meld_laid
        return Round(meld=dict(self.meld_points), **play_facts(self.variant, tricks),
                     meld_order=tuple(self.meld_laid) if laid else None)

    def score(self) -> Any:
        """The round scored (a ``RoundScore``). PinosolveError before the round is over."""
        if self._score is None:
            from pinosolve.scoring.round import score

            self._score = score(self.variant, self.facts())
        return self._score

    def points_taken(self) -> dict[str, int]:
        """Each player's trick points in both stages so far (the last trick's bonus
        included)."""
        points = dict(self.trick_points)
        for t in self.game.tricks if self.game is not None else ():
            points[t.won_by] += t.points
        return points

    def scores(self) -> dict[str, int]:
        """Each player's score change this round."""
        result = self.score()
        return {s: result.score.get(s, 0) for s in self.seats}


def _meld_text(choice: Any) -> str:
    """A meld choice as text, in ``pinosolve.table.decision.meld_text``'s one spelling."""
    from pinosolve.table.decision import meld_text

    steps = []
    for hand, table, exchange in choice.steps:
        words = [*hand, *("table:" + c for c in table)] + (["exchange"] if exchange else [])
        steps.append(" ".join(words))
    return meld_text("; ".join(steps))
