"""A hand in play: the ``Game`` object, and double-dummy answers about it.

``Game`` holds the cards still held, the trick on the table and who led it, and the tricks
finished since; cards are played and taken back one at a time, as on a board::

    >>> import pinosolve
    >>> g = pinosolve.Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S",
    ...                    leader="N")
    >>> [str(c) for c in g.legal_moves()]
    ['AS', 'KS', 'AH']
    >>> g.play("AS"); g.to_move
    'E'
    >>> g.play("TS"); g.play("QS"); g.play("9S")
    >>> g.tricks[-1]
    PlayedTrick(leader=N, cards=[AS, TS, QS, 9S], won_by=N, points=2)
    >>> g.points, g.to_move
    ({'NS': 2, 'EW': 0}, 'N')
    >>> g.unplay()
    Card(9S)
    >>> [str(c) for c in g.trick]
    ['AS', 'TS', 'QS']
    >>> r = g.solve()             # W's 9S is forced, and N-S take every trick after it
    >>> r.side, r.value, r.exact
    ('EW', 0, True)

The deal is in PBN style (``pinosolve.deal``): the hands clockwise from the named seat, each
in suit order S.H.D.C. ``str(g)`` gives the cards still held in the same form, from the seat
that led the trick on the table (or leads the next), as endplay prints a deal: so
``Game(variant, str(g), trump=g.trump, trick=g.trick)`` is the same position (and with no
trick on the table, ``Game(variant, str(g), trump=g.trump)``).

>>> g.play("9S"); str(g)
'N:K.A.. .K.A. .T.T. .Q.K.'
>>> h = pinosolve.Game("four-hand", str(g), trump=g.trump)
>>> (h.to_move, h.legal_moves()) == (g.to_move, g.legal_moves())
True
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union
from collections.abc import Callable, Iterable, Mapping, Sequence

from pinosolve.cards import Card, Hand, Suit, symbols
from pinosolve.deal import Deal
from pinosolve.diagram import diagram_html, diagram_text
from pinosolve.errors import NotationError, PinosolveError
from pinosolve.play.budget import Budget, BudgetLike
from pinosolve.play.rules import PlayRules
from pinosolve.play.legality import legal_plays, trick_problem
from pinosolve.play.trick import trick_points, tricks_of_line, winning_seat
from pinosolve.results import Result, optional
from pinosolve.seats import one_declarer
from pinosolve.variants.sides import play_sides, seat_index, seat_name, side_names
from pinosolve.inputs import HandLike, as_amount, as_deal, as_hand, as_variant
from pinosolve.variants.variant import Variant

if TYPE_CHECKING:
    from pinosolve.play.position import Position
    from pinosolve.records.record import Pass, Record

CardLike = Union[Card, str]


class IllegalPlay(PinosolveError):
    """A card its seat may not play: not held, or barred by a trick rule. ``seat``, ``card``
    and ``rule`` (the rules-file key that forbids it, or '' for a card not held) say which."""

    def __init__(self, message: str, seat: str, card: Card, rule: str) -> None:
        super().__init__(message)
        self.seat, self.card, self.rule = seat, card, rule


@dataclass(frozen=True, repr=False)
class PlayedTrick(Result):
    """A finished trick: who led it, its cards in play order, who won it, the points it took
    (the last trick's bonus included)."""

    leader: str
    cards: tuple[Card, ...]
    won_by: str
    points: int

    _json_keys = ("leader", "cards", "won_by", "points")


@dataclass(frozen=True, repr=False)
class SolveResult(Result):
    """The double-dummy answer for a position, for the side to move (``side``).

    ``value``: the points that side takes from here with best play on both sides (the cards
    on the table in the current trick and the last trick's bonus included), or None when a
    budget or Ctrl-C stopped the search first; ``bounds``: the lower and upper bound proved
    (equal when exact); ``values``: each legal card's value, where it was proved exactly,
    and ``values_bounds`` the bounds of those that were not (both empty with ``value_only``);
    ``best_line``: a line of best play to the end, and ``trick_by_trick`` the same trick by
    trick (empty with ``value_only``). The JSON keys are the same (``docs/json.md``)."""

    variant: str
    trump: Suit
    to_move: str
    side: str
    seats: tuple[str, ...]              # the seats of the side to move
    value: Optional[int]
    bounds: tuple[int, int]
    exact: bool
    values: dict[Card, int]
    values_bounds: dict[Card, tuple[int, int]]
    best_line: tuple[Card, ...]
    trick_by_trick: tuple[PlayedTrick, ...]
    nodes: int
    seconds: float
    interrupted: bool
    deal: str                           # the position solved: the cards held (PBN),
    hands: dict[str, Hand]              # the same by seat,
    leader: str                         # the seat that led the trick on the table,
    trick: tuple[Card, ...]             # and its cards
    note: Optional[str] = optional()    # why the answer is not exact

    _json_keys = ("variant", "trump", "to_move", "side", "seats", "value", "exact", "bounds",
                  "values", "values_bounds", "best_line", "trick_by_trick", "nodes", "seconds",
                  "note", "interrupted", "deal", "hands", "leader", "trick")
    _repr_keys = ("side", "value", "exact", "bounds", "values", "best_line")

    @property
    def value_bounds(self) -> dict[Card, tuple[int, int]]:
        """The old name of ``values_bounds`` (``X_bounds`` is the bounds of ``X``); it goes in
        a later release."""
        import warnings

        warnings.warn("SolveResult.value_bounds is now values_bounds", DeprecationWarning,
                      stacklevel=2)
        return self.values_bounds


def _card(value: CardLike) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise NotationError(f"a card is a name such as 'AS' or a Card, got {value!r}")
    return Card.parse(value)


class Game:
    """A position of trick play with every hand known, and the play from it.

    ``variant``: a ``Variant``, a built-in variant's ID, a rules file's path, or the name of a
    shipped house-rule example. ``deal``: the cards still held, as a
    ``Deal`` or PBN text (``"N:AK.A.. T.K.A. Q.T.T. 9.Q.K."``). ``trump``: a ``Suit`` or its
    letter, symbol or name. ``leader``: the seat that led (or leads) the current trick;
    default the seat the deal text starts from. ``trick``: the cards already played to the
    current trick, in order from the leader (not in the deal): cards, names, or one text
    such as ``"AS TS"``. ``declarer`` (alias
    ``bidder``) and ``partner``: who plays together where the rules do not fix the sides (the
    bidder against the rest in three-handed play; with his called partner in five-handed
    play). ``called_card``: the card the declarer called (a ``partner`` given too must be
    the one it names): the partner is its
    first holder clockwise from the declarer's left, the deal read as the hands as dealt
    (every hand full, no trick begun, and a variant that passes no cards before play: where
    it does, the hands at play are not those dealt, and the partner is named).
    ``stage``: 2, the play after the stock is gone, or 1 while a stock lasts. Every
    problem is a ``PinosolveError`` naming it: an unknown seat, cards the variant's deck does
    not have, hands of the wrong sizes, a trick card its seat could not have played."""

    def __init__(self, variant: Union[Variant, str], deal: Union[Deal, str], *,
                 trump: Union[Suit, str], leader: Optional[str] = None,
                 trick: Union[str, Iterable[CardLike]] = (), declarer: Optional[str] = None,
                 bidder: Optional[str] = None, partner: Optional[str] = None,
                 called_card: Optional[CardLike] = None, stage: int = 2) -> None:
        v = as_variant(variant)
        self.variant = v
        self._deal = as_deal(v, deal)
        self.trump: Suit = trump if isinstance(trump, Suit) else v.parse_trump(trump)
        if stage not in (1, 2) or isinstance(stage, bool):
            raise PinosolveError(f"stage must be 1 (while the stock lasts) or 2, got {stage!r}")
        if stage == 1 and v.rules.deal.kitty_kind != "stock":
            raise PinosolveError(f"{v.id} has no stock, so no stage 1")
        self.rules = PlayRules.of(v, stage)
        self.stage = stage
        self.declarer = one_declarer(v.seats, declarer, bidder, "game", v.id)
        self.partner = seat_name(v, partner, "partner") if partner is not None else None
        self._leader = seat_index(v, leader if leader is not None else self._deal.first,
                                  "leader")
        self._hands = [[c.index for c in h] for h in self._deal.hands]
        if isinstance(trick, (bytes, bytearray)):
            raise NotationError("trick: cards or card names, or text such as 'AS TS', not bytes")
        if isinstance(trick, str):
            trick = trick.replace(",", " ").split()
        try:
            self._trick = [_card(c).index for c in trick]
        except (PinosolveError, TypeError) as exc:
            raise NotationError(f"trick: {exc}") from None
        self.called_card: Optional[Card] = None
        if called_card is not None:
            self.called_card, self.partner = self._called(called_card)
        self.sides = play_sides(v, self.declarer, self.partner)
        self.side_names = side_names(v, self.sides)
        everything = Hand(Card.from_index(c) for c in self._trick)
        for hand in self._deal.hands:
            everything = everything + hand
        v.check_hand(everything, "deal and trick together")
        self._check_sizes()
        wrong = trick_problem(self.rules, self._hands, self._leader, self._trick,
                              int(self.trump), self.sides, v.seats)
        if wrong is not None:
            raise PinosolveError(wrong)
        self._points = {name: 0 for name in self.side_names}
        self._start = (tuple(list(h) for h in self._hands), self._leader, tuple(self._trick))
        self._tricks: list[PlayedTrick] = []
        self._history: list[tuple[int, int, bool]] = []  # (seat, card, finished a trick)

    def _called(self, called_card: CardLike) -> tuple[Card, str]:
        """The called card and the partner it names in the deal as dealt (see the class)."""
        from pinosolve.variants.sides import called_partner, check_call

        v = self.variant
        card = check_call(v, called_card, "called_card")
        if self.declarer is None:
            raise PinosolveError("called_card: name the declarer (declarer=), who called the card")
        if v.rules.passing.cards:
            raise PinosolveError(
                f"called_card: in {v.id} the partners pass {v.rules.passing.cards} cards before "
                "play, "
                "so the hands at play do not show who held the called card: name the partner "
                "(partner=), or ask makeable or study, which play from the deal as dealt")
        size = v.rules.deal.hand_size
        if self._trick or any(len(h) != size for h in self._deal.hands):
            raise PinosolveError(f"called_card: the partner is read from the hands as dealt "
                                 f"({size} cards each, no trick begun); later in the play "
                                 "name him (partner=)")
        return card, called_partner(v, self.declarer, dict(self._deal.items()), card,
                                    self.partner)

    def _check_sizes(self) -> None:
        from pinosolve.play.position import Position  # the one check of hand sizes

        pos = Position(self._hands, self._leader, self._trick, self.sides, int(self.trump))
        wrong = pos.problem(self.variant.seats)
        if wrong is not None:
            raise PinosolveError(f"deal: {wrong}")

    # --- the position -----------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return self.variant.seats

    @property
    def to_move(self) -> str:
        """The seat to play next."""
        return self.seats[self._mover()]

    def _mover(self) -> int:
        return (self._leader + len(self._trick)) % len(self.seats)

    @property
    def leader(self) -> str:
        """The seat that led the current trick (or leads the next one)."""
        return self.seats[self._leader]

    @property
    def trick(self) -> list[Card]:
        """The cards played to the current trick, in order from its leader."""
        return [Card.from_index(c) for c in self._trick]

    @property
    def tricks(self) -> list[PlayedTrick]:
        """The tricks finished since this game was set up, in order."""
        return list(self._tricks)

    @property
    def points(self) -> dict[str, int]:
        """The points each side has taken in the tricks finished since set-up, by side name
        (``variants.sides.side_name``: a fixed side's name, else its seats joined)."""
        return dict(self._points)

    @property
    def deal(self) -> Deal:
        """The cards still held, as a ``Deal`` printed from the seat that led the trick on the
        table (or leads the next): the deal ``Game()`` reads back with that seat on lead."""
        return Deal(self.seats, tuple(Hand(Card.from_index(c) for c in h) for h in self._hands),
                    self.leader)

    def hand(self, seat: str) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand(Card.from_index(c) for c in self._hands[seat_index(self.variant, seat,
                                                                        "seat")])

    def side_of(self, seat: str) -> str:
        """The name of the side ``seat`` plays on."""
        return self.side_names[self.sides[seat_index(self.variant, seat, "seat")]]

    @property
    def over(self) -> bool:
        """Every card has been played."""
        return not any(self._hands)

    def __str__(self) -> str:
        return str(self.deal)

    def _notes(self) -> list[str]:
        who = "".join(f", {name} {seat}" for name, seat in (("declarer", self.declarer),
                                                             ("partner", self.partner)) if seat)
        notes = [f"{self.variant.id}, trump {self.trump.symbol}{who}; {self.to_move} to play"]
        if self._trick:
            notes.append(f"on the table, led by {self.leader}: {symbols(self.trick)}")
        if self._tricks:
            notes.append("taken: " + ", ".join(f"{k} {v}" for k, v in self._points.items()))
        return notes

    def diagram(self) -> str:
        """The cards still held drawn for people (``pinosolve.diagram``): a compass diagram
        for four seats N E S W, else a table a seat a row; above it the variant, the trump, the
        seat to play, the trick on the table and the points taken. ``str(g)`` stays the
        PBN-style deal that ``Game()`` reads back; a notebook shows the diagram.

        >>> import pinosolve
        >>> g = pinosolve.Game("two-hand", "N:A.K.. T.A..", trump="H")
        >>> g.play("AS")
        >>> print(g.diagram())
        two-hand, trump ♥; S to play
        on the table, led by N: A♠
        N  ♠ —    ♥ K   ♦ —   ♣ —
        S  ♠ 10   ♥ A   ♦ —   ♣ —
        """
        return diagram_text(self.seats, self.deal.hands, self._notes())

    def _repr_html_(self) -> str:
        return diagram_html(self.seats, self.deal.hands, self._notes())

    def __repr__(self) -> str:
        extra = "".join(f", {k}={val!r}" for k, val in (
            ("trick", [str(c) for c in self.trick] or None), ("declarer", self.declarer),
            ("partner", self.partner), ("stage", self.stage if self.stage != 2 else None))
            if val is not None)
        return (f"Game({self.variant.id!r}, {str(self)!r}, trump={self.trump.name!r}, "
                f"leader={self.leader!r}{extra})")

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def copy(self) -> Game:
        """An independent game in the same position, with the same history."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._hands = [list(h) for h in self._hands]
        twin._trick = list(self._trick)
        twin._points = dict(self._points)
        twin._tricks = list(self._tricks)
        twin._history = list(self._history)
        return twin

    # --- play -------------------------------------------------------------------------------

    def _partner_winning(self, seat: int) -> bool:
        if not self._trick:
            return False
        win = winning_seat(self.rules, self._leader, self._trick, int(self.trump),
                           len(self.seats))
        return self.sides[win] == self.sides[seat]

    def legal_moves(self) -> list[Card]:
        """The distinct cards the seat to move may play, by suit (S H D C) and rank, high to
        low: the cards the ``legal`` command lists."""
        seat = self._mover()
        legal, _ = legal_plays(self.rules, self._hands[seat], self._trick, int(self.trump),
                               self._partner_winning(seat))
        return [Card.from_index(c) for c in legal]

    def is_legal(self, card: CardLike) -> bool:
        """Whether the seat to move may play ``card`` now."""
        try:
            self._check_play(_card(card))
        except IllegalPlay:
            return False
        return True

    def _check_play(self, card: Card) -> int:
        seat = self._mover()
        name = self.seats[seat]
        if card.index not in self._hands[seat]:
            raise IllegalPlay(f"{name} does not hold {card}", name, card, "")
        legal, why = legal_plays(self.rules, self._hands[seat], self._trick, int(self.trump),
                                 self._partner_winning(seat))
        if card.index not in legal:
            reason = why[card.index].replace("you hold", f"{name} holds")
            rule = reason[reason.rfind("[") + 1:reason.rfind("]")] if "[" in reason else ""
            raise IllegalPlay(f"{name} may not play {card}: {reason}", name, card, rule)
        return seat

    def play(self, card: CardLike) -> None:
        """Play ``card`` (a ``Card`` or a name such as ``"AS"``) for the seat to move. A trick
        that fills up is finished: its winner takes its points (with the last trick's bonus
        when it is the last) and leads next. A card the seat does not hold or may not play
        raises ``IllegalPlay``, naming the seat, the card and the rule."""
        c = _card(card)
        self._put(self._check_play(c), c)

    def play_as_played(self, card: CardLike) -> Optional[IllegalPlay]:
        """Play ``card`` for the seat to move as it was actually played, even where a trick
        rule forbids it (a renege, in reviewing a played hand): returns None for a legal card,
        else the ``IllegalPlay`` that ``play`` would have raised, naming the broken ``rule``.
        The play goes on from the position as played (``unplay`` takes it back). A card the
        seat does not hold still raises ``IllegalPlay``."""
        c = _card(card)
        seat = self._mover()
        if c.index not in self._hands[seat]:
            self._check_play(c)  # raises: not held
        try:
            self._check_play(c)
            broken = None
        except IllegalPlay as exc:
            broken = exc
        self._put(seat, c)
        return broken

    def _put(self, seat: int, c: Card) -> None:
        """Play card ``c`` from ``seat``'s hand, finishing the trick if it fills up."""
        self._hands[seat].remove(c.index)
        self._trick.append(c.index)
        finished = len(self._trick) == len(self.seats)
        if finished:
            win = winning_seat(self.rules, self._leader, self._trick, int(self.trump),
                               len(self.seats))
            pts = trick_points(self.rules, self._trick, last=not any(self._hands))
            self._tricks.append(PlayedTrick(self.leader, tuple(self.trick), self.seats[win],
                                            pts))
            self._points[self.side_names[self.sides[win]]] += pts
            self._leader, self._trick = win, []
        self._history.append((seat, c.index, finished))

    def unplay(self) -> Card:
        """Take back the last card played, and return it. Only cards played on this game can
        be taken back (a ``PinosolveError`` otherwise)."""
        if not self._history:
            raise PinosolveError("no card to take back: none was played on this game")
        seat, card, finished = self._history.pop()
        if finished:
            done = self._tricks.pop()
            self._points[self.side_of(done.won_by)] -= done.points
            self._leader = self.seats.index(done.leader)
            self._trick = [c.index for c in done.cards]
        self._trick.pop()
        self._hands[seat].append(card)
        return Card.from_index(card)

    def rewound(self) -> tuple[Game, list[Card]]:
        """A copy of the game with every card played on it taken back (the position it was
        set up at, its trick points from nothing), and those cards in the order played: what
        a review replays. The game itself is not changed.

        >>> g = Game("four-hand", "N:A... T... K... Q...", trump="S")
        >>> g.play("AS"); g.play("TS")
        >>> start, cards = g.rewound()
        >>> cards, start.trick, len(g.trick)
        ([Card(AS), Card(TS)], [], 2)
        """
        start = self.copy()
        cards: list[Card] = []
        while start._history:
            cards.append(start.unplay())
        cards.reverse()
        start._tricks, start._history = [], []
        start._points = {name: 0 for name in start.side_names}
        return start, cards

    def to_record(self, *, bidder: Optional[str] = None, bid: Optional[int] = None,
                  meld: Optional[Mapping[str, Union[int, HandLike]]] = None,
                  kitty: Optional[HandLike] = None, laid_away: Optional[HandLike] = None,
                  passes: Iterable[Union[Pass, tuple[str, str, HandLike]]] = (),
                  dealer: Optional[str] = None, auction: Iterable[Optional[int]] = (),
                  auction_first: Optional[str] = None,
                  tags: Union[Mapping[str, str], Iterable[tuple[str, str]]] = ()) -> Record:
        """The game as a game record (``pinosolve.Record``, ``docs/records.md``): the hands
        as it was set up (a trick on the table given back to the seats that played it), the
        trump and the declarer as the Contract, and every card played since set-up; and the
        facts a game does not hold: ``bidder`` (where the rules fix the sides, so the game
        names no declarer) and ``bid``; ``meld``, each seat's meld, points or the cards shown
        (a seat not given melded nothing); ``kitty`` (the kitty as it lay: where the rules
        give it to the bidder, it was in his hand at set-up), ``laid_away`` (the cards he
        laid away: not in his hand at set-up) and ``passes`` (``Pass``es or ``(giver,
        receiver, cards)``, in the order made: the game's hands are after them), from
        which the hands as dealt are worked back; ``dealer``, the ``auction`` (a call a
        number, None a pass) and its ``auction_first`` caller (default the first seat), and
        other ``tags`` (``{"Event": ...}``). A ``PinosolveError`` names a fact the record
        refuses (``pinosolve.records.record.check_record``: the one rule every writer and
        reader of a record keeps), in the argument's name.

        >>> g = Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S")
        >>> g.play("AS"); print(g.to_record(), end="")
        [Variant "four-hand"]
        [Rules "..."]
        [Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."]
        [Contract "- - S"]
        [Play "N"]
        AS
        [Result "*"]
        """
        from pinosolve.records.record import Record, RecordError

        v = self.variant
        hands, leader, trick = self._start
        start = [list(h) for h in hands]
        for k, c in enumerate(trick):
            start[(leader + k) % len(self.seats)].append(c)
        played = [Card.from_index(c) for c in trick] + [Card.from_index(c)
                                                          for _, c, _ in self._history]
        n = len(self.seats)
        dealt = {s: Hand(Card.from_index(c) for c in start[i]) for i, s in enumerate(self.seats)}
        who = self.declarer
        if bidder is not None:
            named = seat_name(v, bidder, "bidder")
            if who is not None and named != who:
                raise PinosolveError(f"bidder={bidder!r:.20}: the game's declarer is {who}")
            who = named
        fields: dict[str, Any] = {
            "variant": v, "deal_first": self.seats[0], "trump": self.trump, "bidder": who,
            "partner": self.partner if self.called_card is None else None,
            "called_card": self.called_card, "leader": self.seats[leader],
            "play": tuple(tuple(played[i:i + n]) for i in range(0, len(played), n)),
            "bid": None if bid is None else as_amount(bid, "bid"),
            "meld": _record_meld(v, meld),
            "dealer": None if dealer is None else seat_name(v, dealer, "dealer"),
            "tags": _record_tags(tags)}
        calls = _record_calls(auction)
        if calls or auction_first is not None:
            fields["auction"] = calls
            fields["auction_first"] = (self.seats[0] if auction_first is None else
                                       seat_name(v, auction_first, "auction_first"))
        made = _record_passes(v, passes)
        fields["passes"] = made
        for p in reversed(made):  # (the hands as dealt: each pass taken back)
            held = dealt[p.receiver]
            if not p.cards.issubset(held):
                raise PinosolveError(f"passes: {p.receiver} does not hold "
                                     f"{' '.join(p.cards.cards())}, which {p.giver} passed")
            dealt[p.receiver], dealt[p.giver] = held - p.cards, dealt[p.giver] + p.cards
        for key, value in (("kitty", kitty), ("laid_away", laid_away)):
            if value is not None:
                fields[key] = as_hand(v, value, key)
        if who is not None:
            held = dealt[who]
            if fields.get("laid_away") is not None:
                held = held + fields["laid_away"]
            if fields.get("kitty") is not None and v.rules.deal.bidder_takes_kitty:
                if not fields["kitty"].issubset(held):
                    raise PinosolveError(f"kitty: the bidder {who} took it, but his hand at "
                                         "set-up and the cards laid away do not hold it")
                held = held - fields["kitty"]
            dealt[who] = held
        fields["deal"] = dealt
        try:
            return Record(**fields)  # (its Result, where the play is finished, counted)
        except RecordError as exc:  # (named by the argument that gave the section)
            arg = {"Contract": "bid", "LaidAway": "laid_away", "Kitty": "kitty",
                   "Pass": "passes", "Meld": "meld", "Auction": "auction"}.get(exc.tag, "tags")
            raise PinosolveError(f"to_record({arg}=...): {exc}") from None

    # --- double dummy -------------------------------------------------------------------------

    def position(self) -> Position:
        """The position for the search (``pinosolve.play``'s index form)."""
        from pinosolve.play.position import Position

        return Position([list(h) for h in self._hands], self._leader, list(self._trick),
                        self.sides, int(self.trump))

    def solve(self, budget: BudgetLike = None, value_only: bool = False) -> SolveResult:
        """The double-dummy value for the side to move, each legal card's value and a line of
        best play (see ``SolveResult``). ``budget``: a ``pinosolve.Budget`` (its time, its
        table, its progress reports), or seconds for its time alone (None: no limit); when
        the time runs out the answer holds the bounds proved so far (``exact`` False).
        Ctrl-C raises ``pinosolve.play.driver.SearchInterrupted``, whose ``result`` is the
        search's as far as it got. The game itself is not changed.

        >>> Game("four-hand", "N:A... T... K... Q...", trump="S").solve(2.5).value
        4
        """
        from pinosolve.play.budget import as_budget
        from pinosolve.play.driver import solve

        budget = as_budget(budget)
        if self.over:
            from pinosolve.play.driver import SearchOutcome as Found

            return self.result_of(Found(0, (0, 0)))
        res = solve(self.position(), self.rules, value_only=value_only, budget=budget,
                    check_trick=False)
        return self.result_of(res, value_only)

    def solve_each(self, timeout: Optional[float] = None) -> EachResult:
        """Every seat playing for its own points (max^n, ``pinosolve.play.maxn``): where no
        seats are partners and three or more play (source 000's three hands: "Players aren't
        partnered with each other"), the points each takes from here, each legal card's, and
        the line. Ties are read as ``pinosolve.play.maxn`` says (against the bidder, the
        ``declarer``, then the strongest other). The search is exhaustive and has no bounds:
        ``timeout`` seconds (None: no limit) past which ``PinosolveError`` says it did not
        finish. Raises ``PinosolveError`` where the rules make partners.

        >>> g = Game("three-hand-kitty", "N:A... K... Q...", trump="S", declarer="N")
        >>> g.solve_each().seat_points
        {'N': 3, 'E': 0, 'W': 0}
        """
        import time

        from pinosolve.play.budget import check_timeout
        from pinosolve.play.engine import SearchTimeout
        from pinosolve.play.maxn import EachForHimself, line_of

        v = self.variant
        kind = v.rules.players.partnership
        if kind != "none" or len(self.seats) < 3:
            raise PinosolveError(f"each for himself: in {v.id} "
                                 + ("two play, one against the other" if len(self.seats) < 3
                                    else "seats play as partners")
                                 + f" [players.partnership = {kind}]")
        if v.rules.scoring.settlement == "each-opponent":
            raise PinosolveError(f"each for himself: in {v.id} each opponent pays or is paid "
                                 "the bid, so the two play as one side against the bidder, and "
                                 "the two-sided solve is exact [scoring.settlement = "
                                 "each-opponent]")
        timeout = check_timeout(timeout)
        start = time.perf_counter()
        bidder = None if self.declarer is None else self.seats.index(self.declarer)
        search = EachForHimself(self.rules, int(self.trump), len(self.seats), bidder,
                                None if timeout is None else start + timeout)
        pos = self.position()
        try:
            cards = search.card_values(pos.hands, pos.leader, pos.trick) if not self.over \
                else {}
            value = search.value(pos.hands, pos.leader, pos.trick) if not self.over else \
                (0,) * len(self.seats)
            line = line_of(search, pos.hands, pos.leader, pos.trick)
        except SearchTimeout:
            raise PinosolveError(f"each for himself: the search did not finish in {timeout} s "
                                 "(it is exhaustive and proves no bounds on the way: give "
                                 "it more time, or a later position)") from None
        tricks = tuple(PlayedTrick(self.seats[t.leader], tuple(map(Card.from_index, t.cards)),
                                   self.seats[t.winner], t.points)
                       for t in tricks_of_line(self.rules, pos, line))
        named = dict(zip(self.seats, value))
        note = ("each seat plays for its own points; a seat indifferent between cards plays "
                "the one that leaves " + (f"the bidder {self.declarer}" if bidder is not None
                                          else "") +
                (", then " if bidder is not None else "") +
                "the strongest of the others the fewest points, then the lowest card")
        deal = self.deal
        return EachResult(v.id, self.trump, self.to_move, self.declarer, named,
                          {Card.from_index(c): dict(zip(self.seats, x))
                           for c, x in sorted(cards.items())},
                          tuple(map(Card.from_index, line)), tricks, search.nodes,
                          round(time.perf_counter() - start, 4), str(deal), dict(deal.items()),
                          self.leader, tuple(self.trick), note)

    def result_of(self, res: Any, value_only: bool = False) -> SolveResult:
        """A search's ``SearchOutcome`` (``pinosolve.play.driver``) for this position as a
        ``SolveResult``."""
        mover = self._mover()
        seats = tuple(s for i, s in enumerate(self.seats) if self.sides[i] == self.sides[mover])
        cards = {Card.from_index(c): lo for c, (lo, hi) in sorted(res.cards.items())
                 if lo == hi}
        open_cards = {Card.from_index(c): (lo, hi) for c, (lo, hi) in sorted(res.cards.items())
                      if lo < hi}
        tricks = tuple(PlayedTrick(self.seats[t.leader], tuple(map(Card.from_index, t.cards)),
                                   self.seats[t.winner], t.points)
                       for t in tricks_of_line(self.rules, self.position(), res.line))
        note = None
        if not res.exact:
            why = "interrupted" if res.interrupted else "time ran out"
            note = (f"{why}: the value lies within the bounds proved so far"
                    if res.value is None else
                    f"{why} while valuing each card; the position's value is exact")
        deal = self.deal
        return SolveResult(self.variant.id, self.trump, self.to_move,
                           self.side_names[self.sides[mover]], seats, res.value,
                           (res.bounds[0], res.bounds[1]), res.exact, cards, open_cards,
                           tuple(map(Card.from_index, res.line)), tricks, res.nodes,
                           round(res.seconds, 4), res.interrupted, str(deal), dict(deal.items()),
                           self.leader, tuple(self.trick), note)


@dataclass(frozen=True, repr=False)
class EachResult(Result):
    """The answer where every seat plays for its own points (``Game.solve_each``):
    ``seat_points``, the points each seat takes from here (the cards on the table in the
    current trick and the last trick's bonus included), and for each legal card of the seat
    to move the points each seat takes after it (``card_seat_points``); the line every seat
    plays (``best_line``, ``trick_by_trick``), and the reading of a tie (``note``)."""

    variant: str
    trump: Suit
    to_move: str
    bidder: Optional[str]
    seat_points: dict[str, int]
    card_seat_points: dict[Card, dict[str, int]]
    best_line: tuple[Card, ...]
    trick_by_trick: tuple[PlayedTrick, ...]
    nodes: int
    seconds: float
    deal: str
    hands: dict[str, Hand]
    leader: str
    trick: tuple[Card, ...]
    note: str

    _repr_keys = ("to_move", "seat_points")


def solve_many(games: Sequence[Game], threads: int = 2, timeout: Optional[float] = None,
               value_only: bool = False,
               on_result: Optional[Callable[[int, SolveResult], None]] = None
               ) -> list[SolveResult]:
    """``Game.solve`` for each game, ``threads`` games at a time, each in a thread (the
    compiled core lets go of the interpreter while it searches, so they run in parallel),
    the results in the order
    of ``games``; ``on_result(k, result)`` is called as game ``k`` is solved, one call at a
    time. ``timeout`` is each game's; the searches running at once share the memory
    this process may use for their tables. A game that raises stops the others from
    starting, and its error is raised here (the first in the order of ``games``); so does
    Ctrl-C, at once (searches already running end with the program).

    >>> import pinosolve
    >>> g = pinosolve.Game("four-hand", "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", trump="S")
    >>> [r.value for r in solve_many([g, g.copy()], threads=2, value_only=True)]
    [10, 10]
    """
    try:
        games = list(games)
    except TypeError:
        raise PinosolveError(f"solve_many takes a list of Game objects, got {games!r:.60}") \
            from None
    for g in games:
        if not isinstance(g, Game):
            raise PinosolveError(f"solve_many takes Game objects, got {type(g).__name__}")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise PinosolveError(f"threads must be a whole number from 1, got {threads!r}")
    if threads == 1 or len(games) <= 1:
        done = []
        for k, g in enumerate(games):
            done.append(g.solve(timeout, value_only))
            if on_result is not None:
                on_result(k, done[-1])
        return done
    from pinosolve.play.tables import table_limit

    share = table_limit(parts=min(threads, len(games)))  # the searches run at once share memory
    results: list[Optional[SolveResult]] = [None] * len(games)
    failed: dict[int, BaseException] = {}
    todo = iter(range(len(games)))
    lock = threading.Lock()

    def work() -> None:
        while True:
            with lock:
                k = None if failed else next(todo, None)
            if k is None:
                return
            try:
                results[k] = res = games[k].solve(Budget(timeout, share), value_only)
                if on_result is not None:
                    with lock:
                        on_result(k, res)
            except BaseException as exc:  # raised in the caller's thread, below
                with lock:
                    failed[k] = exc

    # daemon threads: a Ctrl-C in the caller's thread returns at once, not after the searches
    crew = [threading.Thread(target=work, daemon=True, name=f"pinosolve-solve-{i}")
            for i in range(min(threads, len(games)))]
    for t in crew:
        t.start()
    try:
        for t in crew:
            t.join()
    except KeyboardInterrupt:
        with lock:
            failed.setdefault(-1, KeyboardInterrupt())
        raise
    if failed:
        raise failed[min(failed)]
    return [r for r in results if r is not None]


def _record_meld(v: Variant, meld: Optional[Mapping[str, Union[int, HandLike]]]
                 ) -> dict[str, Union[int, Hand]]:
    """``to_record``'s ``meld``: seat -> points or the cards shown."""
    if meld is None:
        return {}
    if not isinstance(meld, Mapping):
        raise PinosolveError(f"meld: a mapping of seat -> points or cards, got {meld!r:.60}")
    out: dict[str, Union[int, Hand]] = {}
    for seat, m in meld.items():
        s = seat_name(v, seat, "meld")
        out[s] = (as_amount(m, f"meld {s}") if isinstance(m, int) else
                  as_hand(v, m, f"meld {s}"))
    return out


def _record_calls(auction: Iterable[Optional[int]]) -> tuple[Optional[int], ...]:
    """``to_record``'s ``auction``: each call a bid (a whole number) or None (a pass)."""
    if isinstance(auction, (str, bytes)):
        raise PinosolveError("auction: the calls as a list, a bid a number and a pass None")
    try:
        return tuple(None if c is None else as_amount(c, "auction") for c in auction)
    except TypeError:
        raise PinosolveError(f"auction: the calls as a list, got {auction!r:.60}") from None


def _record_passes(v: Variant, passes: Iterable[Any]) -> tuple[Pass, ...]:
    """``to_record``'s ``passes``: ``Pass``es or ``(giver, receiver, cards)``."""
    from pinosolve.records.record import Pass

    out = []
    for n, p in enumerate(passes, 1):
        if isinstance(p, Pass):
            p = (p.giver, p.receiver, p.cards)
        if not isinstance(p, (tuple, list)) or len(p) != 3:
            raise PinosolveError(f"passes: pass {n} is (giver, receiver, cards), got {p!r:.60}")
        giver, receiver = (seat_name(v, p[0], f"passes {n}"), seat_name(v, p[1], f"passes {n}"))
        out.append(Pass(giver, receiver, as_hand(v, p[2], f"passes {n}")))
    return tuple(out)


def _record_tags(tags: Union[Mapping[str, str], Iterable[tuple[str, str]]]
                 ) -> tuple[tuple[str, str], ...]:
    """``to_record``'s ``tags``: a mapping or pairs of tag name and text."""
    import re

    pairs = list(tags.items()) if isinstance(tags, Mapping) else list(tags)
    out = []
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2 or \
                not all(isinstance(x, str) for x in pair):
            raise PinosolveError(f"tags: pairs of tag name and text, got {pair!r:.60}")
        name, value = pair
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise PinosolveError(f"tags: a tag name is a letter, then letters, digits or _, "
                                 f"got {name!r:.30}")
        out.append((name, value))
    return tuple(out)
