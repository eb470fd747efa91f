"""Hidden cards from one seat's view: what each other seat may and must hold (issue 35).

A *view* is what one seat knows: the variant and trump, its own ``hand`` as play began, the
``leader`` and the cards played since (``play``), and optionally ``declarer``/``partner``,
the meld each seat showed (``shown``: seat -> cards), the cards it passed to its partner
(``passed``), the ``kitty`` it saw, and cards it knows are out of play (``gone``).

The hidden cards are every card of the deck the viewer cannot place for certain. They lie in
the other seats' hands as play began (each as many as the viewer's hand) and, where the deal
leaves cards out (a kitty not seen, a bidder's discards, a stock), in an unseen pile of at
most that many cards: the cards of tricks before the view's play were seen, and are given
as ``gone``. A view no deal explains (a card held and played, meld shown that the deck
cannot hold, a hand the deal cannot give) is refused as the ``View`` is built. What the view
tells about them is a set of bounds on how many copies of each card each seat held as play
began:

* a card a seat played, or showed in meld, or was passed, it held (a lower bound);
* a card a seat played while the rules would have obliged it to play another (follow suit,
  head the trick, trump, overtrump, as the rules file sets them) proves it held none of
  those others then: at most the copies it had already played (an upper bound), and the
  rule that decides is named.

That a card played was legal is, under every rule file pinosolve reads, the same as holding
none of the cards that alone would forbid it (``obligations``; ``tests/test_hidden.py``
checks this against ``pinosolve.play.legality`` on random hands). So the consistent deals
are exactly the integer tables (seat x card: copies) within these bounds whose rows hold
each hand's size and whose columns hold each card's hidden copies. ``DealTable`` walks the
cards one by one over the seats' filled counts (dynamic programming): it counts the deals
exactly, finds for each seat and card the least and most copies any deal gives (what is
``certain`` and ``possible``), and draws deals uniformly, each weighted by the number of
ways a shuffle of the physical cards makes it (two copies split between two seats is two
deals of the shuffle, kept together one), with no model of the players' choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Iterator, Mapping, Sequence

from pinosolve.cards import NUM_CARDS, Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.inputs import as_cards, as_hand, as_variant, check_keys
from pinosolve.analysis.deals import DealTable
from pinosolve.play.trick import trick_points, winning_seat
from pinosolve.results import Result, optional
from pinosolve.seats import find_seat, one_declarer, play_sides, sides_fixed

VIEW_KEYS = ("variant", "trump", "seat", "hand", "leader", "play", "declarer", "bidder",
             "partner", "shown", "passed", "kitty", "gone")
UNSEEN = "unseen"  # the unseen pile's name in answers: hidden cards no seat holds


def obligations(rules: Any, card: int, trick: Sequence[int], trump: Optional[int],
                partner_winning: bool, kinds: Sequence[int]) -> dict[int, str]:
    """The cards (of ``kinds``) whose holding would have made ``card`` illegal on ``trick``,
    each with the rule that says so: what a seat that played ``card`` there did not hold."""
    from pinosolve.play.legality import legal_plays

    held: dict[int, str] = {}
    for other in kinds:
        if other == card:
            continue
        allowed, why = legal_plays(rules, [card, other], trick, trump, partner_winning)
        if card not in allowed:
            held[other] = why.get(card, "")
    return held


@dataclass(frozen=True)
class _Event:
    """A card played: by whom, which, to which trick (from 1), the cards before it."""

    seat: int
    card: int
    trick: int
    before: tuple[int, ...]
    led_by: int


class View:
    """One seat's view of a deal in play (see the module): checked, and turned into bounds.
    ``sample(n, seed)`` draws consistent deals as ``Game``s at the position reached."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        if not isinstance(view, Mapping):
            raise PinosolveError(f"a view is a table of keys, got {type(view).__name__}")
        check_keys(view, VIEW_KEYS, "view")
        for key in ("variant", "trump", "seat", "hand"):
            if view.get(key) is None:
                raise PinosolveError(f"view: {key} is missing")
        v = self.variant = as_variant(view["variant"])
        self.rules = _play_rules(v)
        trump = v.parse_trump(view["trump"])
        assert trump is not None  # (parse_trump names a suit unless told to allow none)
        self.trump: Suit = trump
        seats = list(v.seats)
        self.seats = seats
        self.seat = find_seat(seats, view["seat"], "seat", v.id)
        self.me = seats.index(self.seat)
        leader = view.get("leader")
        self.leader = seats.index(find_seat(seats, leader, "leader", v.id)) \
            if leader is not None else 0
        self.declarer = one_declarer(seats, view.get("declarer"), view.get("bidder"), "view",
                                     v.id)
        partner = view.get("partner")
        self.partner = None if partner is None else find_seat(seats, partner, "partner", v.id)
        # the seats that fix the sides, as Game takes them (in fixed sides the declarer is
        # only the bidder; a partner there is refused by play_sides)
        self.roles: dict[str, Any] = {
            k: s for k, s in (("declarer", None if sides_fixed(v) else self.declarer),
                              ("partner", self.partner)) if s is not None}
        self.sides = play_sides(v, self.roles.get("declarer"), self.partner)
        self.deck = deck = _counts(v.deck)
        hand = list(_held(v, view["hand"], "hand"))
        self.hand_size = len(hand)
        if not hand:
            raise PinosolveError("hand: the viewer's hand as play began is empty")
        mine = _counts(hand)
        self._check_within(mine, "hand")
        self.kinds = [k for k in range(NUM_CARDS) if deck[k]]
        self.mine = mine
        self.known = _counts(_held(v, _given(view, "gone"), "gone"))
        self.kitty = _counts(_held(v, _given(view, "kitty"), "kitty"))
        if any(self.kitty) and not v.rules.deal.kitty:
            raise PinosolveError(f"kitty: {v.id} deals no kitty [deal.kitty = 0]")
        if sum(self.kitty) > v.rules.deal.kitty:
            raise PinosolveError(f"kitty: {sum(self.kitty)} cards, but the kitty holds "
                                 f"{v.rules.deal.kitty} [deal.kitty]")
        self.shown = self._per_seat(view.get("shown"), "shown")
        self.gave = self._passed(view.get("passed"))
        self.play = [c.index for c in as_cards(v, _given(view, "play"), "play")]
        if self.play and leader is None:
            raise PinosolveError("view: give the seat that led the first trick played (leader) "
                                 "with the play")
        self._check_within([a + b for a, b in zip(mine, self.known)], "hand and gone")
        # the hidden copies of each card, and who may hold them: every other seat, and the
        # unseen pile where the deal leaves cards out
        self.hidden = [deck[k] - mine[k] - self.known[k] for k in range(NUM_CARDS)]
        self.holders = [s for s in range(len(seats)) if s != self.me]
        dealt = v.rules.deal.hand_size
        if self.hand_size > dealt:
            raise PinosolveError(f"hand: {self.hand_size} cards, but {v.id} deals {dealt} "
                                 "to each seat [deal.hand_size]")
        left_out = sum(self.hidden) - self.hand_size * len(self.holders)
        if left_out < 0:
            raise PinosolveError(f"hand: {self.hand_size} cards each leaves "
                                 f"{self.hand_size * len(self.holders)} for the other seats, "
                                 f"but only {sum(self.hidden)} cards are hidden")
        # the unseen pile holds at most what the deal leaves out of the hands (a kitty, a
        # stock, the bidder's discards): the cards of tricks before the view's play were
        # seen, and are given as gone
        undealt = v.deck_size - dealt * len(seats)
        if left_out > undealt:
            raise PinosolveError(
                f"hand: {self.hand_size} cards, {dealt - self.hand_size} fewer than {v.id} "
                f"deals [deal.hand_size = {dealt}]: {left_out} cards are neither in a hand "
                f"nor gone, but the deal leaves {undealt} out; give the cards of the tricks "
                "before as gone")
        self.out = left_out  # cards in the unseen pile
        # the seat that takes the kitty (None: nobody, or not known)
        self.taker = seats.index(self.declarer) if self.declarer is not None and \
            v.rules.deal.bidder_takes_kitty else None
        if self.taker != self.me:
            for k, n in enumerate(self.kitty):
                if n > self.hidden[k]:
                    raise PinosolveError(f"kitty: {Card.from_index(k)} is also in the "
                                         "viewer's hand or among the cards gone")
        self.events = self._replay()
        self._checked: Optional[tuple[dict[int, list[int]], dict[int, list[int]],
                                      dict[int, list[str]]]] = None
        self.bounds()  # (an impossible view is refused here, as it is built)

    # --- reading ---------------------------------------------------------------------------

    def _check_within(self, counts: Sequence[int], what: str) -> None:
        for k, n in enumerate(counts):
            if n > self.deck[k]:
                raise PinosolveError(f"{what}: {n} x {Card.from_index(k)}, but the "
                                     f"{self.variant.id} deck has {self.deck[k]}")

    def _per_seat(self, data: Any, what: str) -> dict[int, list[int]]:
        if data is None:
            return {}
        if not isinstance(data, Mapping):
            raise PinosolveError(f"{what}: a table of seat -> cards, got {data!r:.60}")
        out = {}
        for key, cards in data.items():
            seat = self.seats.index(find_seat(self.seats, key, what, self.variant.id))
            if seat in out:
                raise PinosolveError(f"{what}: {self.seats[seat]} is given twice")
            counts = _counts(_held(self.variant, cards, f"{what} {self.seats[seat]}"))
            if seat == self.me:  # the viewer's own meld: from its hand, nothing hidden
                if any(c > m for c, m in zip(counts, self.mine)):
                    raise PinosolveError(f"{what} {self.seat}: the viewer showed a card its "
                                         "hand did not hold")
                continue
            out[seat] = counts
        return out

    def _passed(self, data: Any) -> list[int]:
        """The cards the viewer's partner holds for certain from the pass: ``passed`` is a
        table ``{gave = ..., received = ...}``, or the cards that went between the two either
        way (those in the viewer's hand it received, the others it gave; a card of which the
        hand holds a copy is taken as received, which claims nothing of the partner)."""
        if data is None:
            return [0] * NUM_CARDS
        if not isinstance(data, Mapping):
            cards = _counts(_held(self.variant, data, "passed"))
            data = {"gave": [Card.from_index(k) for k in range(NUM_CARDS)
                             for _ in range(max(0, cards[k] - self.mine[k]))],
                    "received": [Card.from_index(k) for k in range(NUM_CARDS)
                                 for _ in range(min(cards[k], self.mine[k]))]}
        if set(data) - {"gave", "received"}:
            raise PinosolveError("passed: the cards passed, or a table with gave (the cards "
                                 "the viewer passed) and received (the cards passed to it)")
        gave = _counts(_held(self.variant, _given(data, "gave"), "passed gave"))
        received = _counts(_held(self.variant, _given(data, "received"),
                                    "passed received"))
        # a card received is in the hand as play began, unless the viewer passed after it
        # received (the declarer passes last, and may pass back what it was given: seeds 000
        # and 001, "including the same 4 cards they were passed"); where the declarer is not
        # named, either order may be
        back = self.declarer is None or self.declarer == self.seat
        if any(r > m + (g if back else 0) for r, m, g in zip(received, self.mine, gave)):
            raise PinosolveError("passed: a card received is not in the viewer's hand" +
                                 (" nor passed back" if back else ""))
        each = self.variant.rules.passing.cards
        for way, cards in (("gave", gave), ("received", received)):
            if sum(cards) > each:
                raise PinosolveError(f"passed {way}: {sum(cards)} cards, but partners pass "
                                     f"{each} each way [passing.cards]")
        if (any(gave) or any(received)) and self._partner_of_viewer() is None:
            raise PinosolveError("passed: the viewer has no partner to pass to")
        if self.declarer == self.seat:  # the declarer passes last: the partner keeps all
            return gave
        # the partner may have passed back some of what it was given (the viewer passed
        # first, or the order is not said): it holds for certain only the rest
        return [max(0, g - r) for g, r in zip(gave, received)]

    def _partner_of_viewer(self) -> Optional[int]:
        mates = [s for s in range(len(self.seats))
                 if s != self.me and self.sides[s] == self.sides[self.me]]
        return mates[0] if len(mates) == 1 else None

    def _replay(self) -> list[_Event]:
        """The cards played, trick by trick: who played each, and the trick before it."""
        n = len(self.seats)
        events: list[_Event] = []
        leader, number = self.leader, 1
        trick: list[int] = []
        self.taken = [0, 0]  # the trick points each side (play_sides) has taken
        self.tricks_won = [0, 0]  # and the tricks
        for card in self.play:
            seat = (leader + len(trick)) % n
            events.append(_Event(seat, card, number, tuple(trick), leader))
            trick.append(card)
            if len(trick) == n:
                leader = winning_seat(self.rules, leader, trick, int(self.trump), n)
                self.taken[self.sides[leader]] += trick_points(self.rules, trick,
                                                               number == self.hand_size)
                self.tricks_won[self.sides[leader]] += 1
                trick, number = [], number + 1
        if number - 1 + (1 if trick else 0) > self.hand_size:
            raise PinosolveError(f"play: more tricks than the {self.hand_size} cards of a hand")
        self.to_move = (leader + len(trick)) % n
        self.trick = trick
        self.trick_leader = leader
        return events

    def sample(self, n: int, seed: Optional[int] = None) -> Iterator[Any]:
        """``n`` consistent deals drawn uniformly (each weighted by the shuffles of the
        physical cards that make it, no model of the players' choices), reproducible from
        ``seed`` (0 to 2**64 - 1; None: a fresh one): each a ``Game`` set up at the position
        the view has reached (the hands held now, the trick on the table; the tricks before
        are not replayed on it). The view and the arguments are checked at the call."""
        from pinosolve.inputs import as_whole
        from pinosolve.variants.shuffle import check_seed

        n = as_whole(n, "n")
        if n < 0:
            raise PinosolveError(f"n must be at least 0, got {n}")
        rng = random.Random(None if seed is None else check_seed(seed))
        self.bounds()
        return self._draws(n, rng)

    def _draws(self, n: int, rng: random.Random) -> Iterator[Any]:
        for _ in range(n):
            yield self.game_of(self.table.draw(rng))

    def every_deal(self, limit: int) -> Iterator[tuple[Any, int]]:
        """Every consistent deal as a ``Game`` at the position reached, with its shuffle
        weight, one at a time; ``PinosolveError`` at the call if there are more than
        ``limit`` (a whole number)."""
        from pinosolve.inputs import as_whole

        limit = as_whole(limit, "limit")
        self.bounds()
        count = self.table.count()
        if count > limit:
            raise PinosolveError(f"{count} consistent deals, more than the limit of {limit}")
        return ((self.game_of(table), weight) for table, weight in self.table.every())

    def deal_count(self) -> int:
        """The number of consistent deals (as ``infer`` counts them)."""
        self.bounds()
        return self.table.count()

    def game_of(self, drawn: dict[int, list[int]]) -> Any:
        """The ``Game`` at the position reached of a table of start holdings (holder ->
        copies of each card, as ``DealTable`` gives them, every other seat's row of NUM_CARDS
        whole numbers); ``PinosolveError`` for anything else."""
        from pinosolve.game import Game

        if not isinstance(drawn, Mapping) or any(
                not isinstance(drawn.get(s), (list, tuple)) or len(drawn[s]) != NUM_CARDS or
                any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in drawn[s])
                for s in self.holders):
            raise PinosolveError("game_of takes a table of holder -> copies of each card, as "
                                 "the view's deals give them")
        played = self.played
        hands = [[a - b for a, b in zip(self.mine if s == self.me else drawn[s], played[s])]
                 for s in range(len(self.seats))]
        deal = f"{self.seats[0]}:" + " ".join(_dotted(h) for h in hands)
        return Game(self.variant, deal, trump=self.trump, leader=self.seats[self.trick_leader],
                    trick=[Card.from_index(c) for c in self.trick], **self.roles)

    def lays_away(self) -> bool:
        """Whether the declarer laid cards away (``deal.bidder_discards``), which then are the
        cards in no hand as play began. Raises ``PinosolveError`` where the view cannot tell
        them: no declarer named, or a view that begins after the first trick (the cards gone
        then hold tricks too)."""
        deal = self.variant.rules.deal
        if not deal.bidder_discards:
            return False
        if self.declarer is None:
            raise PinosolveError(f"declarer: not given; in {self.variant.id} the cards the "
                                 "bidder laid away count for him [deal.bidder_discards]")
        if self.hand_size != deal.hand_size:
            raise PinosolveError(
                f"hand: {self.hand_size} cards, not the {deal.hand_size} dealt: the cards the "
                "bidder laid away cannot be told from the tricks before "
                "[deal.bidder_discards]")
        return True

    def laid_away(self, game: Any) -> Any:
        """The cards the declarer laid away in ``game``, a deal drawn from this view
        (``sample``, ``every_deal``), as a ``Hand``: the cards gone and the unseen pile; None
        where the rules lay none away. Raises as ``lays_away`` does."""
        from pinosolve.cards import Hand

        if not self.lays_away():
            return None
        counts = list(self.deck)
        for hand in game.position().hands:
            for k in hand:
                counts[k] -= 1
        for k in self.play:
            counts[k] -= 1
        return Hand.from_counts(counts)

    # --- bounds ----------------------------------------------------------------------------

    def bounds(self) -> tuple[dict[int, list[int]], dict[int, list[int]],
                              dict[int, list[str]]]:
        """Per holder (seat index, or -1 for the unseen pile): the least and most copies of
        each card it held as play began, and the reason behind each bound that is not the
        deck's. Raises ``PinosolveError`` naming the first card of the play the view
        cannot explain (a renege seen from here, or an impossible record)."""
        if self._checked is not None:
            return self._checked
        lo, hi, why = self._bounds(len(self.events))
        self.table = DealTable(self, lo, hi)  # (kept: infer and sample walk it again)
        if self.table.count() > 0:
            self._checked = lo, hi, why
            return lo, hi, why
        lo, hi, why = self._bounds(0)
        if DealTable(self, lo, hi).count() == 0:
            raise PinosolveError("view: no deal explains the cards shown, passed and seen "
                                 f"in the kitty with this hand{self._overdrawn(lo, hi, why)}")
        good, bad = 0, len(self.events)  # the first card no deal explains: by halves
        while bad - good > 1:
            mid = (good + bad) // 2
            if DealTable(self, *self._bounds(mid)[:2]).count() > 0:
                good = mid
            else:
                bad = mid
        e = self.events[bad - 1]
        lo, hi, _ = self._bounds(bad)
        raise PinosolveError(f"play: no deal explains {self.seats[e.seat]}'s "
                             f"{Card.from_index(e.card)} on trick {e.trick}: "
                             f"{self._conflict(lo, hi, e)}")

    def _bounds(self, upto: int) -> tuple[dict[int, list[int]], dict[int, list[int]],
                                          dict[int, list[str]]]:
        """The bounds from the first ``upto`` cards of the play (and the rest of the view),
        and per holder the facts that set them, in words, in the order they came."""
        lo = {s: [0] * NUM_CARDS for s in [*self.holders, -1]}
        hi = {s: [self.hidden[k] for k in range(NUM_CARDS)] for s in [*self.holders, -1]}
        why: dict[int, list[str]] = {s: [] for s in [*self.holders, -1]}
        name = self.seats

        def at_least(s: int, k: int, n: int, reason: Optional[str]) -> None:
            if n > lo[s][k]:
                lo[s][k] = n
                if reason and reason not in why[s]:  # (a card played needs no words)
                    why[s].append(reason)

        def at_most(s: int, k: int, n: int) -> bool:
            if n < hi[s][k]:
                hi[s][k] = n
                return True
            return False

        if self.out == 0:
            for k in range(NUM_CARDS):
                hi[-1][k] = 0
        for s, counts in self.shown.items():
            for k, n in enumerate(counts):
                if n:
                    at_least(s, k, n, f"{name[s]} showed {n} x {Card.from_index(k).symbol} in meld")
        mate = self._partner_of_viewer()
        for k, n in enumerate(self.gave):
            if n and mate is not None:
                at_least(mate, k, n, f"{name[self.me]} passed {Card.from_index(k).symbol} to "
                                     f"{name[mate]}")
        played: dict[int, list[int]] = {s: [0] * NUM_CARDS for s in range(len(self.seats))}
        trump = int(self.trump)
        for e in self.events[:upto]:
            trick_text = f"trick {e.trick}"
            winning = bool(e.before) and self.sides[winning_seat(
                self.rules, e.led_by, e.before, trump, len(self.seats))] == self.sides[e.seat]
            forbidding = obligations(self.rules, e.card, e.before, trump, winning, self.kinds)
            if e.seat == self.me:
                have = [m - p for m, p in zip(self.mine, played[e.seat])]
                if have[e.card] <= 0:
                    raise PinosolveError(f"play: {name[e.seat]}, the viewer, "
                                         f"plays {Card.from_index(e.card)} on {trick_text} "
                                         "but does not hold it")
                bad = [k for k in forbidding if have[k] > 0]
                if bad:
                    raise PinosolveError(
                        f"play: {Card.from_index(e.card)} on {trick_text} is a renege: the "
                        f"viewer {self.seat} held {Card.from_index(bad[0])} "
                        f"{_rule_of(forbidding[bad[0]])}")
            else:
                played_now = played[e.seat][e.card] + 1
                at_least(e.seat, e.card, played_now, None)
                by_rule: dict[str, list[int]] = {}
                for k, rule in forbidding.items():
                    if at_most(e.seat, k, played[e.seat][k]):
                        by_rule.setdefault(_rule_of(rule), []).append(k)
                for key, kinds in by_rule.items():
                    why[e.seat].append(_because(name[e.seat], e, kinds, key))
            played[e.seat][e.card] += 1
        self.played = played
        # kitty cards seen: taken by the declarer (where the rules give it the kitty), or
        # left out; where the viewer took it, those not in its hand nor known gone were laid
        # away unseen
        taker = self.taker
        for k, n in enumerate(self.kitty):
            if taker == self.me:
                n = max(0, n - self.mine[k] - self.known[k])
            if not n:
                continue
            for s in self.holders:
                if s != taker and at_most(s, k, self.hidden[k] - n):
                    reason = f"{Card.from_index(k).symbol} was in the kitty"
                    if reason not in why[s]:
                        why[s].append(reason)
        return lo, hi, why

    def _overdrawn(self, lo: dict[int, list[int]], hi: dict[int, list[int]],
                   why: dict[int, list[str]]) -> str:
        """The first seat that must hold more copies of a card than it may (in words, after
        a colon), or nothing where only the hands' sizes conflict."""
        for s in self.holders:
            for k in self.kinds:
                if lo[s][k] > min(hi[s][k], self.hidden[k]):
                    card = Card.from_index(k).symbol
                    fact = next((w for w in why[s] if f" {card} " in f" {w} "),
                                f"{self.seats[s]} must hold {lo[s][k]} x {card}")
                    return f": {fact}, {self._hidden_of(k)}"
        return ""

    def _hidden_of(self, k: int) -> str:
        """How many copies of card ``k`` are hidden from the viewer, in words."""
        return (f"but only {self.hidden[k]} of the deck's {self.deck[k]} x "
                f"{Card.from_index(k).symbol} are neither in {self.seat}'s hand nor gone")

    def _conflict(self, lo: dict[int, list[int]], hi: dict[int, list[int]], e: _Event) -> str:
        for k in self.kinds:
            if lo[e.seat][k] > self.hidden[k]:
                return f"it must have held {lo[e.seat][k]} x {Card.from_index(k).symbol}, " \
                       f"{self._hidden_of(k)}"
            if lo[e.seat][k] > hi[e.seat][k]:
                return (f"it must have held {lo[e.seat][k]} x {Card.from_index(k).symbol} and at "
                        f"most {hi[e.seat][k]}")
        return "the cards left cannot fill the hands"


def _given(data: Mapping[str, Any], key: str) -> Any:
    """A key's cards, none when it is left out (None); any other value is read as cards."""
    value = data.get(key)
    return () if value is None else value


def _rule_of(reason: str) -> str:
    """The rule key of a legality reason ('... [trick.follow_suit]')."""
    return reason[reason.rfind("["):] if "[" in reason else ""


def _because(seat: str, e: _Event, held: list[int], key: str) -> str:
    """Why ``seat`` held none of ``held`` when it played ``e.card`` (``key``: the rule), in
    words."""
    card = Card.from_index(e.card).symbol
    led = Card.from_index(e.before[0]).suit if e.before else None
    cards = " ".join(Card.from_index(k).symbol for k in held)
    if "follow_suit" in key and led is not None:
        return f"{seat} showed out of {led.symbol} on trick {e.trick} ({card}) {key}"
    if "trump_if_void" in key:
        return f"{seat} did not trump on trick {e.trick} ({card}): held no {cards} {key}"
    if "head" in key or "overtrump" in key:
        return f"{seat} could not beat the trick on trick {e.trick} ({card}): held no " \
               f"{cards} {key}"
    return f"{seat} played {card} on trick {e.trick}: held no {cards} {key}"


_LETTERS = [(Card.from_index(k).suit, Card.from_index(k).rank.letter)
            for k in range(NUM_CARDS)]


def _held(v: Any, cards: Any, what: str) -> tuple[Card, ...]:
    """Cards in no particular order (a hand, the cards gone, a kitty): as ``as_cards`` reads
    them, or a hand's dotted form (``AT.K..QJ``; ``-``: none)."""
    if isinstance(cards, str) and ("." in cards or cards.strip() == "-"):
        return tuple(as_hand(v, cards, what))
    return as_cards(v, cards, what)


def _dotted(counts: Sequence[int]) -> str:
    """A hand of copies per card as a dotted PBN hand (S.H.D.C)."""
    by_suit: dict[Suit, str] = {suit: "" for suit in Suit}
    for k, n in enumerate(counts):
        if n:
            suit, letter = _LETTERS[k]
            by_suit[suit] += letter * n
    return ".".join(by_suit[suit] for suit in Suit)


def _counts(cards: Any) -> list[int]:
    counts = [0] * NUM_CARDS
    for c in cards:
        counts[c.index] += 1
    return counts


def _play_rules(v: Any) -> Any:
    from pinosolve.play.rules import PlayRules

    return PlayRules.of(v, 2)


@dataclass(frozen=True, repr=False)
class SeatInference(Result):
    """What one other seat holds now (``cards_held`` cards): ``possible`` (each card it may
    hold, in some consistent deal), ``certain`` (the cards, with copies, it holds in every
    one), ``voids`` (the suits it cannot hold), and ``reasons``: the facts of the view behind
    the bounds, in words."""

    cards_held: int
    possible: tuple[Card, ...]
    certain: tuple[Card, ...]
    voids: tuple[Suit, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class Inference(Result):
    """A view's inference (``infer``): per other seat (``by_seat``), and ``deals``, the exact
    number of distinct consistent deals of the hidden cards (copies of a card alike); ``weighted``:
    the number of shuffles of the physical cards that give them; ``unseen``: where the deal
    leaves hidden cards out of the hands (a kitty not seen, discards), what that pile may
    and must hold."""

    variant: str
    trump: Suit
    seat: str
    to_move: str
    by_seat: dict[str, SeatInference]
    deals: int
    weighted: int
    unseen: Optional[SeatInference] = optional()

    _repr_keys = ("seat", "to_move", "deals")


def infer(view: Mapping[str, Any] | View) -> Inference:
    """What each other seat may and must hold, from one seat's ``view`` (see the module).

    >>> r = infer({"variant": "two-hand", "trump": "S", "seat": "N", "hand": "AS TS",
    ...            "play": "AS KH", "leader": "N", "gone": "..AATTKKQQJJ99.AATTKKQQJJ99"})
    >>> r, r.by_seat["S"].voids
    (Inference(seat=N, to_move=N, deals=6), (<Suit.S: 0>, <Suit.D: 2>, <Suit.C: 3>))
    """
    v = view if isinstance(view, View) else View(view)
    _, _, why = v.bounds()
    table = v.table
    ranges = table.ranges()
    seats: list[tuple[str, SeatInference]] = []
    for s in [*v.holders, -1]:
        if s == -1 and not v.out:
            break
        played = v.played[s] if s >= 0 else [0] * NUM_CARDS
        now = [(ranges[s][k][0] - played[k], ranges[s][k][1] - played[k])
               for k in range(NUM_CARDS)]
        possible = tuple(Card.from_index(k) for k in range(NUM_CARDS) if now[k][1] > 0)
        certain = tuple(Card.from_index(k) for k in range(NUM_CARDS)
                        for _ in range(now[k][0]))
        suits = {c.suit for c in possible}
        voids = tuple(x for x in Suit if x not in suits)
        reasons = tuple(why[s])
        seats.append((v.seats[s] if s >= 0 else UNSEEN,
                      SeatInference(v.hand_size - sum(played) if s >= 0 else v.out, possible,
                                    certain, voids, reasons)))
    unseen = seats.pop()[1] if v.out else None
    return Inference(v.variant.id, v.trump, v.seat, v.seats[v.to_move], dict(seats),
                     table.count(), table.weighted(), unseen)
