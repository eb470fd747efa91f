"""``rules``: a club player's rules of thumb, fast (each decision well under a millisecond
once a hand's meld is known), written down in ``docs/players.md``.

- **Bid** to a limit: the best meld over the four trumps, plus the trick points the hand
  should take (its share of the points in play, moved by its aces and its trump length),
  plus, with a fixed partner, an allowance for the partner's help (a quarter of the minimum
  bid). Open or raise by the smallest step while the limit allows; otherwise pass (a dealer
  who must bid takes the minimum).
- **Trump**: the suit with the most meld and trick strength (meld, then trumps held, then
  high trumps).
- **Call** (call-partner play): the highest trump not held (``card_to_call``).
- **Pass to the bidder**: his trump, highest first, then aces, then tens; **pass back** and
  **lay away**: keep the meld and the trump, give the plain cards that count least (in a
  game where the cards laid away count for the bidder, their counters first).
- **Meld**: the most meld. **Throw in** where the rules allow it only out of reach, and
  elsewhere where the side's meld and half the points in play fall short of the bid.
- **Lead**: an ace of a plain suit (the first copy wins); else, holding half the trump or
  more, a trump; else the lowest card of the longest plain suit.
- **Follow**: a partner winning and no one left to beat him (the partners: fixed; the bidder
  and his called partner once shown; the defenders together), the weakest of the best
  counters allowed (smearing); else win as cheaply as possible where the trick holds a
  counter or the card is the last to play; else the lowest card allowed.
- **Stock stage** (two-hand): lead a low plain card; win a trick holding a counter with the
  cheapest winner; take the turned card where it is a trump ace or ten; meld the most.

>>> from pinosolve.players.rules import RulesPlayer
>>> RulesPlayer().name
'rules'
"""

from __future__ import annotations

from typing import Any, Optional
from collections.abc import Mapping, Sequence

from pinosolve.cards import Card, Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.players.base import Player, check_params
from pinosolve.play.rules import NRANK, PlayRules
from pinosolve.table.decision import Choice, Decision
from pinosolve.variants.variant import Variant

SUITS = ("S", "H", "D", "C")


class RulesPlayer(Player):
    """See the module."""

    kind = "rules"

    def __init__(self, params: Optional[Mapping[str, str]] = None) -> None:
        super().__init__(params)
        check_params(self.kind, self.params, ())
        self._rules: dict[tuple[Variant, int], PlayRules] = {}
        self._limit: Optional[tuple[str, int]] = None

    def start(self, variant: Variant, seat: str, seed: int) -> None:
        super().start(variant, seat, seed)
        self._limit = None

    def _play_rules(self, stage: int) -> PlayRules:
        v = self.variant
        assert v is not None
        key = (v, stage)  # (the variant itself: an id may be reused)
        got = self._rules.get(key)
        if got is None:
            got = self._rules[key] = PlayRules.of(v, stage)
        return got

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        v = self.variant
        if v is None:
            raise PinosolveError("rules: start() the round first")
        kind = decision.kind
        held = Hand.parse(" ".join(view["holding"])) if view.get("holding") else Hand()
        if kind == "call":
            return self._call(view, decision, held)
        if kind == "trump":
            return self._trump(held)[0]
        if kind == "call_card":
            from pinosolve.variants.sides import card_to_call

            card = str(card_to_call(v, Suit[view["trump"]], held))
            return card if card in decision.choices else decision.choices[0]
        if kind in ("pass", "lay_away"):
            return self._give(view, decision, held)
        if kind == "meld":
            return decision.choices[0]
        if kind == "throw_in":
            return self._throw_in(view)
        if kind == "draw":
            turned = view.get("stock", [])[-1:] or ["?"]
            return "turned" if turned[0][0] in "AT" else "top"
        if kind == "play":
            if view.get("stage") == 1:
                return self._stock_card(view, decision)
            return self._card(view, decision)
        return decision.default()

    # --- the auction -----------------------------------------------------------------------

    def _trump(self, held: Hand) -> tuple[str, int]:
        """The best trump and the hand's limit with it (meld and trick points expected)."""
        from pinosolve.table.state import _best

        v = self.variant
        assert v is not None
        total = v.rules.points.total
        n = len(v.seats)
        fixed = v.rules.players.partnership == "fixed"
        share = total / (2 if fixed or n == 2 else n)
        size = max(1, len(held))
        best: tuple[tuple[float, int, int], str, int] = ((-1e18, 0, 0), "S", 0)
        for suit in SUITS:
            trump = Suit[suit]
            meld = _best(v, held, trump).meld
            cards = held.cards()
            trumps = sum(1 for c in cards if c[1] == suit)
            aces = sum(1 for c in cards if c[0] == "A" and c[1] != suit)
            high = sum(1 for c in cards if c[1] == suit and c[0] in "AT")
            fair = size / 4  # a suit's share of a hand
            factor = 0.75 + 0.12 * (trumps - fair) / max(1.0, fair) * 2 + 0.05 * aces
            tricks = share * max(0.2, min(1.6, factor))
            key = (meld + tricks, trumps, high)
            if key > best[0]:
                best = (key, suit, int(meld + tricks))
        return best[1], best[2]

    def _call(self, view: Mapping[str, Any], d: Decision, held: Hand) -> Choice:
        v = self.variant
        assert v is not None
        if self._limit is None:
            suit, limit = self._trump(held)
            if v.rules.players.partnership == "fixed":
                limit += v.rules.bidding.minimum // 4
            self._limit = (suit, limit)
        bids = [int(c) for c in d.choices if c.isdigit()]
        if not bids:
            return d.default()
        if "pass" not in d.choices:
            return str(min(bids))
        low = min(bids)
        return str(low) if low <= self._limit[1] else "pass"

    def _throw_in(self, view: Mapping[str, Any]) -> str:
        """Concede where the side's meld and half the points in play fall short of the bid
        (offered only where the bid is out of reach, that is always)."""
        v = self.variant
        assert v is not None
        side = {self.seat} | self._mates(view)
        meld = sum(x for s, x in (view.get("meld_points") or {}).items() if s in side)
        short = meld + v.rules.points.total / 2 < view.get("bid", 0)
        return "throw_in" if short or v.rules.scoring.throw_in == "unreachable" else "play"

    def _give(self, view: Mapping[str, Any], d: Decision, held: Hand) -> tuple[str, ...]:
        from pinosolve.table.state import _best, shown_cards

        v = self.variant
        assert v is not None
        trump = view.get("trump", "S")
        cards = list(d.choices)
        out = list(d.required)
        left = list(cards)
        for c in out:
            left.remove(c)
        order = "".join(v.rules.trick.rank_order)
        points = {r: v.rules.points.cards.get(r, 0) for r in order}
        if d.kind == "pass" and view.get("bidder") != self.seat:
            # to the bidder: his trump, highest first, then aces, then tens
            def to_bidder(c: str) -> tuple[int, int]:
                return (0 if c[1] == trump else 1 if c[0] == "A" else 2 if c[0] == "T" else 3,
                        order.index(c[0]))
            left.sort(key=to_bidder)
        else:
            keep = shown_cards(_best(v, held, Suit[trump])).cards()
            counts_for_me = d.kind == "lay_away" and v.rules.deal.discards_count

            def cheap(c: str) -> tuple[int, int, int]:
                melded = 1 if c in keep else 0
                if melded:
                    keep.remove(c)
                is_trump = 1 if c[1] == trump else 0
                value = -points[c[0]] if counts_for_me else points[c[0]]
                return (melded + 2 * is_trump, value, -order.index(c[0]))
            left.sort(key=cheap)
        out += left[:d.count - len(out)]
        return tuple(out)

    # --- trick play ------------------------------------------------------------------------

    def _card(self, view: Mapping[str, Any], d: Decision) -> str:
        v = self.variant
        assert v is not None
        rules = self._play_rules(2)
        t = int(Suit[view["trump"]])
        legal = [Card.parse(c).index for c in d.choices]
        trick = [Card.parse(c).index for c in view.get("trick", [])]
        held = [Card.parse(c).index for c in view["holding"]]
        n = len(v.seats)
        mate_winning = False
        if trick:
            me = v.seats.index(self.seat)
            best = rules.winner(trick, t)
            mate_winning = v.seats[(me - len(trick) + best) % n] in self._mates(view)
        return str(Card.from_index(thumb_card(rules, t, held, trick, legal, mate_winning,
                                              len(trick) == n - 1)))

    def _mates(self, view: Mapping[str, Any]) -> set[str]:
        """The seats that play on this seat's side, as its view tells: the fixed partner;
        the bidder and his called partner once known; the defenders together, against the
        bidder (three-hand, and a call's defenders once the partner is known)."""
        v = self.variant
        assert v is not None
        if v.rules.players.partnership == "fixed":
            from pinosolve.variants.sides import teams

            return {s for t in teams(v) if self.seat in t.seats for s in t.seats} - {self.seat}
        bidder, partner = view.get("bidder"), view.get("partner")
        if bidder is None:
            return set()
        side = {bidder} | ({partner} if partner else set())
        if v.rules.players.partnership == "called-card" and partner is None:
            return set()  # (the partner not yet shown: nobody to count on)
        if self.seat in side:
            return side - {self.seat}
        return set(v.seats) - side - {self.seat}

    def _stock_card(self, view: Mapping[str, Any], d: Decision) -> str:
        rules = self._play_rules(1)
        t = int(Suit[view["trump"]])
        strength, pts = rules.strength, rules.points

        def index(c: str) -> int:
            return Card.parse(c[6:] if c.startswith("table:") else c).index
        options = list(d.choices)
        trick = [Card.parse(c).index for c in view.get("play", [])]
        if not trick:
            return min(options, key=lambda c: (index(c) // NRANK == t, pts[index(c)],
                                               c.startswith("table:"),
                                               -strength[index(c) % NRANK]))
        led = trick[0]
        winners = [c for c in options if rules.beats(index(c), led, t)]
        if winners and pts[led]:
            return min(winners, key=lambda c: (index(c) // NRANK == t, pts[index(c)],
                                               c.startswith("table:"),
                                               -strength[index(c) % NRANK]))
        return min(options, key=lambda c: (pts[index(c)], index(c) // NRANK == t,
                                           c.startswith("table:"),
                                           -strength[index(c) % NRANK]))




def thumb_card(rules: PlayRules, trump: int, held: Sequence[int], trick: Sequence[int],
               legal: Sequence[int], mate_winning: bool, last: bool) -> int:
    """The card the rules of thumb play in trick play (see the module): ``held``, ``trick``
    and ``legal`` as card indices (copies repeated in ``held``), ``mate_winning`` whether a
    seat on the mover's side wins the trick so far (as the mover knows the sides), ``last``
    whether the mover plays the trick's last card. The ``rules`` player's card, and the
    model of the other players' play that ``pinosolve.analysis.model`` weights deals by.

    >>> from pinosolve.play.rules import PlayRules
    >>> from pinosolve.variants.variant import load_variant
    >>> r = PlayRules.of(load_variant("four-hand"), 2)
    >>> aces = [Card.parse(c).index for c in ("AH", "9H", "KS")]
    >>> str(Card.from_index(thumb_card(r, int(Suit.S), aces, [], aces, False, False)))
    'AH'
    """
    t = trump
    strength = rules.strength
    pts = rules.points
    if not trick:
        aces = [c for c in legal if c // NRANK != t and strength[c % NRANK] == 0]
        if aces:
            return aces[0]
        trumps = [c for c in held if c // NRANK == t]
        tl = [c for c in legal if c // NRANK == t]
        if tl and 2 * len(trumps) >= len(held):
            return max(tl, key=lambda c: strength[c % NRANK])
        plain = [c for c in legal if c // NRANK != t] or list(legal)
        counts = {s: sum(1 for c in held if c // NRANK == s) for s in range(4)}
        return min(plain, key=lambda c: (-counts[c // NRANK], pts[c], -strength[c % NRANK]))
    top = trick[rules.winner(trick, t)]
    winners = [c for c in legal if rules.beats(c, top, t)]
    if mate_winning and (last or not winners):  # (the weakest of the best counters)
        return max(legal, key=lambda c: (pts[c], strength[c % NRANK]))
    if winners and (last or any(pts[c] for c in trick) or not mate_winning):
        cheapest = min(winners, key=lambda c: (c // NRANK == t, pts[c], -strength[c % NRANK]))
        if last or any(pts[c] for c in trick) or pts[cheapest] == 0:
            return cheapest
    return min(legal, key=lambda c: (pts[c], c // NRANK == t, -strength[c % NRANK]))
