"""One seat's view of a deal in play (``View``): read once, checked, never changed.

A *view* is what one seat knows: the variant and trump, its own ``hand`` as play began, the
``leader`` and the cards played since (``play``), and optionally ``declarer``/``partner``
(or ``called_card``, the card the declarer called, where the partner is not known until he shows
himself: in each consistent deal the partner is then that card's first holder from the
declarer's left), the meld each seat showed (``shown``: seat -> cards), the cards it passed
to its partner (``passed``), the ``kitty`` it saw, and cards it knows are out of play (``gone``).

The hidden cards are every card of the deck the viewer cannot place for certain. They lie in
the other seats' hands as play began (each as many as the viewer's hand) and, where the deal
leaves cards out (a kitty not seen, a bidder's discards, a stock), in an unseen pile of at
most that many cards: the cards of tricks before the view's play were seen, and are given
as ``gone``. A view no deal explains (a card held and played, meld shown that the deck
cannot hold, a hand the deal cannot give) is refused as the ``View`` is built: its bounds
(``pinosolve.analysis.constraints``) are found then, and the consistent deals
(``pinosolve.analysis.deals.DealTable``) with them, which ``sample`` and ``every_deal``
draw from. A ``View`` is read once and never changed: setting an attribute raises.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Iterator, Mapping, Sequence

from pinosolve.cards import NUM_CARDS, Card, Suit
from pinosolve.errors import PinosolveError
from pinosolve.inputs import as_cards, as_hand, as_variant, check_keys
from pinosolve.play.trick import trick_points, winning_seat
from pinosolve.seats import find_seat, one_declarer
from pinosolve.variants.sides import play_sides, sides_fixed

VIEW_KEYS = ("variant", "trump", "seat", "hand", "leader", "play", "declarer", "bidder",
             "partner", "called_card", "shown", "passed", "kitty", "gone")


@dataclass(frozen=True)
class _Event:
    """A card played: by whom, which, to which trick (from 1), the cards before it."""

    seat: int
    card: int
    trick: int
    before: tuple[int, ...]
    led_by: int


class View:
    """One seat's view of a deal in play (see the module), from a table of its keys
    (``VIEW_KEYS``): checked as it is built (``PinosolveError`` in one line for a view no
    deal explains), never changed after. ``bounds()`` what it tells of each seat's cards,
    ``deal_count()`` the consistent deals, ``sample(n, seed)`` and ``every_deal(limit)``
    those deals as ``Game``s at the position reached.

    >>> v = View({"variant": "two-hand", "trump": "S", "seat": "N", "hand": "AS TS",
    ...           "play": "AS KH", "leader": "N", "gone": "..AATTKKQQJJ99.AATTKKQQJJ99"})
    >>> v.deal_count(), v.seats[v.to_move]
    (6, 'N')
    """

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
        self.called_card = self._called_card(view.get("called_card"))
        # the seats that fix the sides, as Game takes them (in fixed sides the declarer is
        # only the bidder; a partner there is refused by play_sides)
        self.roles: dict[str, Any] = {
            k: s for k, s in (("declarer", None if sides_fixed(v) else self.declarer),
                              ("partner", self.partner)) if s is not None}
        # (with a call the partner differs from deal to deal: each deal's Game has its own,
        # ``partner_in``; these sides, the declarer alone, serve no answer: a call is refused
        # where the view's tallies or duties would need the partner)
        self.sides = play_sides(v, self.roles.get("declarer"),
                                self.declarer if self.called_card is not None else self.partner)
        self.deck = deck = _counts(v.deck)
        hand = list(held_cards(v, view["hand"], "hand"))
        self.hand_size = len(hand)
        if not hand:
            raise PinosolveError("hand: the viewer's hand as play began is empty")
        mine = _counts(hand)
        self._check_within(mine, "hand")
        if self.called_card is not None and self.hand_size != v.rules.deal.hand_size:
            raise PinosolveError(f"called_card: the partner is read from the hands as dealt, so "
                                 f"the "
                                 f"view begins at the first trick ({v.rules.deal.hand_size} "
                                 f"cards, not {self.hand_size}); later, name the partner")
        self.kinds = [k for k in range(NUM_CARDS) if deck[k]]
        self.mine = mine
        self.known = _counts(held_cards(v, _given(view, "gone"), "gone"))
        self.kitty = _counts(held_cards(v, _given(view, "kitty"), "kitty"))
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
        from pinosolve.analysis.constraints import checked_bounds

        checked = checked_bounds(self)  # (an impossible view is refused here, as it is built)
        self.table, self.played = checked.table, checked.played
        self._bounds = checked.lo, checked.hi, checked.why
        self._frozen = True

    def _called_card(self, given: Any) -> Optional[Card]:
        """The called card, where the partner it names is not known to the viewer."""
        if given is None:
            return None
        from pinosolve.variants.sides import check_call

        v = self.variant
        card: Card = check_call(v, given, "called_card")
        if self.partner is not None:
            raise PinosolveError("give the called card (called_card) or the partner, not "
                                 "both: the called card names the partner")
        if self.declarer is None:
            raise PinosolveError("called_card: name the declarer (bidder), who called the card")
        if v.rules.passing.cards:
            raise PinosolveError(f"called_card: in {v.id} the partner passes cards to the declarer "
                                 "before play, so every seat knows him: name the partner")
        if v.rules.trick.partner_exempt:
            raise PinosolveError(f"called_card: in {v.id} a card's duties depend on who the "
                                 "partner "
                                 "is [trick.partner_exempt]: name the partner")
        return card

    def partner_in(self, start: Mapping[int, Sequence[int]]) -> Optional[str]:
        """The partner in a deal of start holdings (holder -> copies of each card, the
        viewer's own row not needed): the view's, or the called card's first holder from the
        declarer's left (the declarer himself when nobody else holds one)."""
        if self.called_card is None:
            return self.partner
        from pinosolve.variants.sides import called_partner

        k = self.called_card.index
        assert self.declarer is not None  # (a call needs the declarer)
        held = {s: (self.called_card,) if (self.mine if i == self.me else start[i])[k] else ()
                for i, s in enumerate(self.seats)}
        return called_partner(self.variant, self.declarer, held, self.called_card)

    def partner_shares(self) -> dict[str, float]:
        """With a called_card: each seat's share of the consistent deals (shuffle-weighted) in
        which it is the partner, exactly (the declarer's own seat: he plays alone), from the
        bounds with the called card's copies fixed to 0 before the seat and at least 1 in it.
        Empty without a call."""
        if self.called_card is None:
            return {}
        from pinosolve.analysis.deals import DealTable

        assert self.declarer is not None
        k, n = self.called_card.index, len(self.seats)
        lo0, hi0, _ = self._bounds
        total = self.table.weighted()
        out: dict[str, float] = {}
        bidder = self.seats.index(self.declarer)
        before: list[int] = []
        for step in range(1, n + 1):
            seat = (bidder + step) % n
            lo = {h: list(row) for h, row in lo0.items()}
            hi = {h: list(row) for h, row in hi0.items()}
            ok = True
            for h in before:
                if h == self.me:
                    ok = ok and not self.mine[k]
                else:
                    hi[h][k] = 0
            if seat != bidder:
                if seat == self.me:
                    ok = ok and bool(self.mine[k])
                else:
                    lo[seat][k] = max(lo[seat][k], 1)
            weight = DealTable(self, lo, hi).weighted() if ok else 0
            if weight:
                out[self.seats[seat]] = weight / total
            before.append(seat)
        return out

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"a View is read once and never changed: {name} cannot be set")
        super().__setattr__(name, value)

    def bounds(self) -> tuple[dict[int, list[int]], dict[int, list[int]],
                              dict[int, list[str]]]:
        """Per holder (seat index, or -1 for the unseen pile): the least and most copies of
        each card it held as play began, and the reason behind each bound that is not the
        deck's (``pinosolve.analysis.constraints``)."""
        return self._bounds

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
            counts = _counts(held_cards(self.variant, cards, f"{what} {self.seats[seat]}"))
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
            cards = _counts(held_cards(self.variant, data, "passed"))
            data = {"gave": [Card.from_index(k) for k in range(NUM_CARDS)
                             for _ in range(max(0, cards[k] - self.mine[k]))],
                    "received": [Card.from_index(k) for k in range(NUM_CARDS)
                                 for _ in range(min(cards[k], self.mine[k]))]}
        if set(data) - {"gave", "received"}:
            raise PinosolveError("passed: the cards passed, or a table with gave (the cards "
                                 "the viewer passed) and received (the cards passed to it)")
        gave = _counts(held_cards(self.variant, _given(data, "gave"), "passed gave"))
        received = _counts(held_cards(self.variant, _given(data, "received"),
                                    "passed received"))
        # a card received is in the hand as play began, unless the viewer passed after it
        # received (the declarer passes last, and may pass back what it was given: sources 000
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
        if (any(gave) or any(received)) and self.partner_of_viewer() is None:
            raise PinosolveError("passed: the viewer has no partner to pass to")
        if self.declarer == self.seat:  # the declarer passes last: the partner keeps all
            return gave
        # the partner may have passed back some of what it was given (the viewer passed
        # first, or the order is not said): it holds for certain only the rest
        return [max(0, g - r) for g, r in zip(gave, received)]

    def partner_of_viewer(self) -> Optional[int]:
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
        count = self.table.count()
        if count > limit:
            raise PinosolveError(f"{count} consistent deals, more than the limit of {limit}")
        return ((self.game_of(table), weight) for table, weight in self.table.every())

    def deal_count(self) -> int:
        """The number of consistent deals (as ``infer`` counts them)."""
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
        roles = self.roles
        if self.called_card is not None:  # the partner of this deal
            roles = {**roles, "partner": self.partner_in(drawn)}
        return Game(self.variant, deal, trump=self.trump, leader=self.seats[self.trick_leader],
                    trick=[Card.from_index(c) for c in self.trick], **roles)

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


def _given(data: Mapping[str, Any], key: str) -> Any:
    """A key's cards, none when it is left out (None); any other value is read as cards."""
    value = data.get(key)
    return () if value is None else value


_LETTERS = [(Card.from_index(k).suit, Card.from_index(k).rank.letter)
            for k in range(NUM_CARDS)]


def held_cards(v: Any, cards: Any, what: str) -> tuple[Card, ...]:
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
