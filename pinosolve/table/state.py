"""A round of a trick-play variant at the table: auction, kitty, trump, call, lay-away, pass,
meld, play and score, one decision at a time.

``Table(variant, dealt, dealer)`` starts a round on a dealt hand (a
``pinosolve.variants.dealer.Dealt``); ``decision()`` is the decision pending (None when the
round is over), ``apply(choice)`` makes it (``IllegalChoice`` for one that is not legal),
``view(seat)`` is what that seat sees (a JSON-ready table in the vocabulary of
``docs/json.md``: never a card the seat could not see), ``record()`` the round as a game
record, and ``score()`` the round scored by ``pinosolve.scoring.round.score``. The phases, in
order: the auction (each seat's call, from the dealer's left), the kitty shown and taken by
the bidder, the trump, the called card (call-partner play), the cards laid away, the pass
(the partner gives, the bidder gives back), each melding seat's meld, then trick play. A
round in which every seat passes with a redeal, or a misdeal is called, is *void*: nothing
is scored. The phases come from the rules file alone: a variant is never named here.

>>> from pinosolve import load_variant
>>> from pinosolve.variants.dealer import seeded_deal
>>> v = load_variant("four-hand")
>>> t = Table(v, seeded_deal(v, 1), dealer="W")
>>> d = t.decision(); d.kind, d.seat, d.choices[:3]
('call', 'N', ('pass', '25', '26'))
>>> while t.decision() is not None:
...     _ = t.apply(t.decision().default())
>>> t.void  # every seat passed, and the dealer may pass too: a redeal
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from pinosolve.cards import Card, Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.table.decision import Choice, Decision, DecisionTable, play_decision
from pinosolve.variants.dealer import Dealt
from pinosolve.variants.sides import seat_after
from pinosolve.variants.variant import Variant

SUITS = ("S", "H", "D", "C")


def bid_ceiling(v: Variant) -> int:
    """The highest bid a table offers as a choice: the minimum, twice the points in play and
    the largest single meld the table values (a double run), which no side's take reaches
    but by a meld rarer than that."""
    top = max((x for k in v.rules.meld.kinds.values() if k.enabled for x in k.values),
              default=0)
    return v.rules.bidding.minimum + 2 * v.rules.points.total + top


def shown_cards(decl: Any) -> Hand:
    """The fewest cards that show the melds of a declaration: each card as often as the
    reuse class that needs it most."""
    need: dict[str, list[int]] = {}
    for m in decl.melds:
        for cls in m.classes:
            row = need.setdefault(cls, [0] * len(m.counts))
            for k, n in enumerate(m.counts):
                row[k] += n
    if not need:
        return Hand()
    return Hand.from_counts(max(col) for col in zip(*need.values()))


class Table(DecisionTable):
    """See the module."""

    def __init__(self, variant: Variant, dealt: Dealt, dealer: Optional[str] = None,
                 tags: tuple[tuple[str, str], ...] = ()) -> None:
        v = self.variant = variant
        if v.rules.deal.kitty_kind == "stock":
            raise PinosolveError(f"{v.id} draws from a stock: its round is a StockTable")
        if v.rules.scoring.shoot_the_moon:
            raise PinosolveError(f"{v.id}: a round with shooting the moon is not played at the "
                                 "table yet [scoring.shoot_the_moon = true]")
        self.dealt = dealt
        self.dealer = dealer if dealer is not None else v.seats[-1]
        self.tags = tags
        self.hands: dict[str, Hand] = dict(dealt.deal.items())
        self.kitty = Hand(dealt.undealt) if dealt.undealt else None
        self.calls: list[Optional[int]] = []
        self.bidder: Optional[str] = None
        self.bid: Optional[int] = None
        self.trump: Optional[Suit] = dealt.trump
        self.called_card: Optional[Card] = None
        self.partner: Optional[str] = None
        self.laid_away: Optional[Hand] = None
        self.passes: list[tuple[str, str, Hand]] = []
        self.shown: dict[str, Hand] = {}
        self.meld_points: dict[str, int] = {}
        self.void = False
        self.thrown_in = False
        self.game: Any = None  # the trick play (a pinosolve.game.Game), once it begins
        self.leader: Optional[str] = None
        self.played: list[Card] = []
        self.auction: Any = None
        self._phase = "auction"
        self._melders: list[str] = []
        if v.rules.bidding.enabled:
            from pinosolve.scoring.bidding import Auction

            self.auction = Auction(v, self.dealer)
        elif self.trump is None:
            raise PinosolveError(f"{v.id} has no auction and turns no trump: nobody names it")
        else:
            self._begin_meld()
        self._pending: Optional[Decision] = None
        self._final: Any = None  # the record, once the round is over
        self._score: Any = None
        self._facts: Any = None

    # --- the decisions -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.void or self._phase == "over"

    def _next(self) -> Decision:
        v, p = self.variant, self._phase
        if p == "auction":
            return self._call()
        if p == "meld":
            seat = self._melders[0]
            assert self.trump is not None
            best = _best(v, self.hands[seat], self.trump)
            cards = " ".join(shown_cards(best).cards())
            return Decision("meld", seat, (cards, ""))
        if p == "play":
            return play_decision(self.game)
        assert self.bidder is not None  # (the phases of a contract)
        if p == "trump":
            return Decision("trump", self.bidder, SUITS)
        if p == "call_card":
            return Decision("call_card", self.bidder, self._callable())
        if p == "lay_away":
            return Decision("lay_away", self.bidder, tuple(self.hands[self.bidder].cards()),
                            count=v.rules.deal.bidder_discards)
        if p == "pass":
            giver, _ = self._pass_seats()
            held = self.hands[giver]
            required: tuple[str, ...] = ()
            if not self.passes and self.called_card is not None and \
                    v.rules.passing.called_card_passed:
                required = (str(self.called_card),)
            return Decision("pass", giver, tuple(held.cards()), count=v.rules.passing.cards,
                            required=required)
        if p == "throw_in":
            return Decision("throw_in", self.bidder, ("play", "throw_in"))
        raise AssertionError(p)  # pragma: no cover

    def _make(self, d: Decision, made: Choice) -> None:
        {"call": self._on_call, "trump": self._on_trump, "call_card": self._on_call_card,
         "lay_away": self._on_lay_away, "pass": self._on_pass, "meld": self._on_meld,
         "throw_in": self._on_throw_in, "play": self._on_play}[d.kind](made)

    # --- the auction ---------------------------------------------------------------------

    def _call(self) -> Decision:
        from pinosolve.scoring.bidding import MISDEAL, raise_problem

        a = self.auction
        seat = a.to_move()
        b = self.variant.rules.bidding
        last = a.high[1] if a.high else None
        choices: list[str] = []
        if not (a.dealer_stuck_now(seat) and b.all_pass == "dealer-stuck"):
            choices.append("pass")
        value = b.minimum if last is None else last + 1
        top = bid_ceiling(self.variant)
        if a.dealer_stuck_now(seat):  # ("accept the bid at the minimum", or pass where allowed)
            top = value
        if last is not None and b.max_raise:
            top = min(top, last + b.max_raise)
        while value <= top:
            if raise_problem(b, value, last) is None:
                choices.append(str(value))
            value += 1
        if not choices:  # (a dealer stuck above the ceiling: the lowest legal bid)
            value = b.minimum if last is None else last + 1
            while raise_problem(b, value, last) is not None:
                value += 1
            choices.append(str(value))
        if b.misdeal_nines and seat not in a.acted and \
                sum(1 for c in self.hands[seat].cards() if c[0] == "9") >= b.misdeal_nines:
            choices.append(MISDEAL)
        return Decision("call", seat, tuple(choices))

    def _finish_auction(self) -> None:
        a = self.auction
        if a.misdeal is not None or (a.all_passed and
                                     self.variant.rules.bidding.all_pass != "dealer-stuck"):
            self.void = True
            return
        assert a.high is not None
        self.bidder, self.bid = a.high
        if self.kitty is not None and self.variant.rules.deal.bidder_takes_kitty:
            self.hands[self.bidder] = self.hands[self.bidder] + self.kitty
        self._phase = "trump" if self.trump is None else self._after_trump()

    def _on_call(self, made: Choice) -> None:
        assert isinstance(made, str)
        self.auction.play(made)
        self.calls.append(None if made in ("pass", "misdeal") else int(made))
        if self.auction.finished:
            self._finish_auction()

    # --- after the auction ---------------------------------------------------------------

    def _after_trump(self) -> str:
        v = self.variant
        if v.rules.players.partnership == "called-card":
            return "call_card"
        return self._after_call()

    def _after_call(self) -> str:
        v = self.variant
        assert self.bidder is not None
        if self.kitty is not None and v.rules.deal.bidder_takes_kitty and \
                self.laid_away is None and v.rules.deal.bidder_discards:
            return "lay_away"
        return self._after_lay_away()

    def _after_lay_away(self) -> str:
        if self.variant.rules.passing.cards and self._partner() not in (None, self.bidder):
            return "pass"
        return self._begin_meld()

    def _partner(self) -> Optional[str]:
        v = self.variant
        assert self.bidder is not None
        if v.rules.players.partnership == "fixed":
            from pinosolve.variants.sides import bidding_team

            team = bidding_team(v, self.bidder)
            return next((s for s in team if s != self.bidder), None)
        return self.partner

    def _pass_seats(self) -> tuple[str, str]:
        partner = self._partner()
        assert partner is not None and self.bidder is not None
        return (partner, self.bidder) if not self.passes else (self.bidder, partner)

    def _callable(self) -> tuple[str, ...]:
        v = self.variant
        return tuple(str(Card.from_index(k)) for k, n in enumerate(v.deck.counts) if n)

    def _begin_meld(self) -> str:
        v = self.variant
        s = v.rules.scoring
        order = [seat_after(v, self.dealer, k) for k in range(1, len(v.seats) + 1)]
        self._melders = [seat for seat in order if s.meld_by == "all" or seat == self.bidder]
        self._phase = "meld"
        self._skip_empty_melds()
        return self._phase

    def _skip_empty_melds(self) -> None:
        assert self.trump is not None or self._phase != "meld" or not self._melders
        while self._melders and self.trump is not None and \
                not _best(self.variant, self.hands[self._melders[0]], self.trump).melds:
            self._melders.pop(0)
        if not self._melders and self.trump is not None:
            if self._throw_in_offered():
                self._phase = "throw_in"
            else:
                self._begin_play()

    def _throw_in_offered(self) -> bool:
        """Whether the bidder may concede now, before the first lead: the rules let him at
        any time, or only where the bid is more than his side's meld and every trick point
        (``scoring.throw_in``)."""
        from pinosolve.variants.sides import teams

        rule = self.variant.rules.scoring
        if rule.throw_in == "never" or self.bidder is None or self.bid is None:
            return False
        if rule.throw_in == "any":
            return True
        side = next(t.seats for t in teams(self.variant, self.bidder, self.partner)
                    if t.bidding)
        meld = sum(self.meld_points.get(s, 0) for s in side
                   if rule.meld_by == "all" or s == self.bidder)
        return self.bid > meld + self.variant.rules.points.total

    def _on_throw_in(self, made: Choice) -> None:
        if made == "throw_in":
            self.thrown_in = True
            self._phase = "over"
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        v = self.variant
        first = v.rules.trick.first_lead  # (eldest and non-dealer: the dealer's left)
        self.leader = self.bidder if first == "bidder" and self.bidder is not None else \
            seat_after(v, self.dealer)
        record = self._record()
        self.hands_at_play: dict[str, Hand] = {
            s: h for s, h in record.hands_at_play().items() if h is not None}
        self.game = record.to_game(played=False)
        self._phase = "play"

    # --- each decision's effect (apply calls _<kind>) ------------------------------------

    def _on_trump(self, made: Choice) -> None:
        assert isinstance(made, str)
        self.trump = Suit[made]
        self._phase = self._after_trump()
        if self._phase == "meld":
            self._skip_empty_melds()

    def _on_call_card(self, made: Choice) -> None:
        from pinosolve.variants.sides import called_partner

        assert isinstance(made, str) and self.bidder is not None
        self.called_card = Card.parse(made)
        self.partner = called_partner(self.variant, self.bidder, dict(self.dealt.deal.items()),
                                      self.called_card)
        self._phase = self._after_call()
        if self._phase == "meld":
            self._skip_empty_melds()

    def _on_lay_away(self, made: Choice) -> None:
        assert self.bidder is not None and self.kitty is not None
        away = Hand.parse(" ".join(made))
        self.laid_away = away
        self.hands[self.bidder] = self.hands[self.bidder] - away
        self._phase = self._after_lay_away()
        if self._phase == "meld":
            self._skip_empty_melds()

    def _on_pass(self, made: Choice) -> None:
        giver, receiver = self._pass_seats()
        cards = Hand.parse(" ".join(made))
        self.passes.append((giver, receiver, cards))
        self.hands[giver] = self.hands[giver] - cards
        self.hands[receiver] = self.hands[receiver] + cards
        if len(self.passes) == 2:
            self._begin_meld()

    def _on_meld(self, made: Choice) -> None:
        assert isinstance(made, str) and self.trump is not None
        seat = self._melders.pop(0)
        if made:
            shown = Hand.parse(made)
            self.shown[seat] = shown
            self.meld_points[seat] = _best(self.variant, shown, self.trump).meld
        self._skip_empty_melds()

    def _on_play(self, made: Choice) -> None:
        assert isinstance(made, str)
        card = Card.parse(made)
        self.game.play(card)
        self.played.append(card)
        if self.game.over:
            self._phase = "over"

    # --- what a seat sees ------------------------------------------------------------------

    def view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` sees now (see the module): its hand (as play began, or as held
        before play), its ``holding`` now, the auction's calls (``auction_calls``), the
        contract, the kitty where the bidder showed it, the cards it laid away (``gone``),
        the passes it made and received, the meld shown, the play so far."""
        v = self.variant
        out: dict[str, Any] = {"variant": v.id, "seat": seat, "dealer": self.dealer}
        if self.game is not None:
            out["hand"] = self.hands_at_play[seat].cards()
            out["holding"] = self.game.hand(seat).cards()
        else:
            out["hand"] = out["holding"] = self.hands[seat].cards()
        if self.auction is not None:
            out["auction_calls"] = ["pass" if c.bid is None and c.call != "misdeal" else c.call
                            for c in self.auction.calls]
        for key in ("bidder", "bid"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.trump is not None:
            out["trump"] = self.trump.letter
        if self.called_card is not None:
            out["called_card"] = str(self.called_card)
        partner = self._known_partner(seat)
        if partner is not None:
            out["partner"] = partner
        if self.kitty is not None and v.rules.deal.bidder_takes_kitty and self.bidder:
            out["kitty"] = self.kitty.cards()
        if self.laid_away is not None and seat == self.bidder:
            out["gone"] = self.laid_away.cards()
        gave = [c for g, _, h in self.passes if g == seat for c in h.cards()]
        got = [c for _, r, h in self.passes if r == seat for c in h.cards()]
        if gave or got:
            out["passed"] = {"gave": gave, "received": got}
        if self.shown:
            out["shown"] = {s: h.cards() for s, h in self.shown.items()}
            out["meld_points"] = dict(self.meld_points)
        if self.game is not None:
            out["leader"] = self.leader
            out["play"] = [str(c) for c in self.played]
            out["trick"] = [str(c) for c in self.game.trick]
        return out

    def open_view(self, seat: str) -> dict[str, Any]:
        """``view`` and every card besides, for a player that sees all (a cheat): ``hands``
        (each seat's cards held now), ``deal`` (the hands as play began, PBN, once play has
        begun), the partner, and the kitty."""
        from pinosolve.deal import Deal

        v = self.variant
        out = self.view(seat)
        if self.game is not None:
            out["hands"] = {s: self.game.hand(s).cards() for s in v.seats}
            out["deal"] = str(Deal(v.seats, tuple(self.hands_at_play[s] for s in v.seats)))
        else:
            out["hands"] = {s: h.cards() for s, h in self.hands.items()}
        if self.partner is not None:
            out["partner"] = self.partner
        if self.kitty is not None:
            out["kitty"] = self.kitty.cards()
        return out

    def _known_partner(self, seat: str) -> Optional[str]:
        """The called partner as every seat knows it: once he has passed cards (the called
        card among them, face up) or played the called card (his first copy: a holder of a
        copy cannot know before that no seat ahead of him holds another). None where sides
        are fixed, or not yet shown."""
        p = self.partner
        if p is None or p == self.bidder:
            return None
        if any(g == p for g, _, _ in self.passes):  # (the called card passed face up)
            return p
        if self.game is not None and self.called_card is not None:
            tricks = [(t.leader, t.cards) for t in self.game.tricks]
            for leader, cards in tricks + [(self.game.leader, tuple(self.game.trick))]:
                for k, c in enumerate(cards):
                    if c == self.called_card and seat_after(self.variant, leader, k) == p:
                        return p
        return None

    # --- the round as a record, and scored -----------------------------------------------

    def _record(self, played: bool = False, result: Optional[dict[str, int]] = None) -> Any:
        from pinosolve.records.record import Pass, Record

        v = self.variant
        a = self.auction
        return Record(
            variant=v, deal=dict(self.dealt.deal.items()), deal_first=v.seats[0],
            dealer=self.dealer,
            auction_first=seat_after(v, self.dealer) if a is not None and a.calls else None,
            auction=tuple(self.calls), bidder=self.bidder, bid=self.bid, trump=self.trump,
            called_card=self.called_card,
            kitty=self.kitty if v.rules.deal.kitty_kind in ("kitty", "widow") else None,
            laid_away=self.laid_away,
            passes=tuple(Pass(g, r, h) for g, r, h in self.passes),
            meld={s: h for s, h in self.shown.items()},
            leader=self.leader,
            play=_tricks(self.played, len(v.seats)) if played else (), result=result,
            tags=self.tags)

    def record(self) -> Any:
        """The round so far as a game record (``pinosolve.records.record.Record``), its
        Result once the play is over (made once, then kept)."""
        if self._final is not None:
            return self._final
        if self._phase != "over":
            return self._record(played=bool(self.played))
        if self.thrown_in:
            self._final = replace(self._record(), tags=self.tags + (("ThrownIn", "yes"),))
            return self._final
        from pinosolve.records.record import _units

        self._final = self._record(played=True, result=_units(self.variant, self.game))
        return self._final

    def facts(self) -> Any:
        """The round's facts as scored (a ``pinosolve.scoring.round.Round``: the contract,
        meld, and the cards and tricks each side won), which a game's running score takes;
        None for a void round. PinosolveError before the round is over."""
        if self.void:
            return None
        if self._phase != "over":
            raise PinosolveError("the round is not over")
        if self._facts is None:
            self._facts = self._round_facts()
        return self._facts

    def _round_facts(self) -> Any:
        facts = self.record().round()
        if self.bidder is not None and self.variant.rules.bidding.trump_needs_marriage:
            # (whether the bidder holds a marriage in trump: his holding, shown or not)
            facts.meld_cards = {**facts.meld_cards,
                                self.bidder: self.shown.get(self.bidder, Hand())}
        if self.variant.rules.scoring.going_out == "meld-laid":  # (each meld as laid)
            laid = tuple((seat, p) for seat, p in self.meld_points.items() if p)
            facts = replace(facts, meld_order=laid or None)
        if self.thrown_in:
            return replace(facts, points=None, throw_in=True)
        won = [(t.won_by, t.cards) for t in self.game.tricks]
        return replace(facts, points=None, **play_facts(self.variant, won))

    def score(self) -> Any:
        """The round scored (a ``RoundScore``); None for a void round. PinosolveError
        before the round is over."""
        if self._score is None:
            from pinosolve.scoring.round import score

            facts = self.facts()
            if facts is None:
                return None
            self._score = score(self.variant, facts)
        return self._score

    def scores(self) -> dict[str, int]:
        """Each seat's score change this round: its side's (0 each for a void round)."""
        from pinosolve.variants.sides import teams

        v = self.variant
        result = self.score()
        if result is None:
            return {s: 0 for s in v.seats}
        out = {}
        for t in teams(v, self.bidder, self.partner):
            for s in t.seats:
                out[s] = result.score.get(t.name, result.score.get(s, 0))
        return out


def play_facts(v: Variant, tricks: list[tuple[str, Any]]) -> dict[str, Any]:
    """What a round's score needs of its play, from its tricks (who won each, its cards):
    the cards each side (or seat) won, its tricks, and who took the last trick."""
    from pinosolve.scoring.round import point_keys

    keys = point_keys(v)
    unit = {s: next((k for k, seats in v.rules.players.sides.items() if s in seats), s)
            if v.rules.players.partnership == "fixed" else s for s in v.seats}
    won: dict[str, list[Card]] = {k: [] for k in keys}
    count = {k: 0 for k in keys}
    for seat, cards in tricks:
        won[unit[seat]] += list(cards)
        count[unit[seat]] += 1
    return {"won": {k: Hand(c) for k, c in won.items()}, "tricks": count,
            "last_trick": unit[tricks[-1][0]] if tricks else None}


def _tricks(cards: list[Card], n: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(cards[k:k + n]) for k in range(0, len(cards), n))


_MELD_CACHE: dict[tuple[Variant, int, tuple[int, ...]], Any] = {}


def _best(v: Variant, hand: Hand, trump: Suit) -> Any:
    """The best meld of ``hand`` (cached per variant, trump and holding)."""
    from pinosolve.meld.solver import best_meld

    key = (v, int(trump), tuple(hand.counts))  # (the variant itself: an id may be reused)
    got = _MELD_CACHE.get(key)
    if got is None:
        if len(_MELD_CACHE) > 20000:
            _MELD_CACHE.clear()
        got = _MELD_CACHE[key] = best_meld(v, hand, trump)
    return got
