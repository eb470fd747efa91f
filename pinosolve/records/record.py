"""A hand of pinochle as a record: what was dealt, bid, passed, melded and played.

``Record`` is the typed form of the game record (``docs/records.md``): read from its text by
``read_record`` / ``read_records``, written by ``str(record)``, made from a ``Game`` by
``Game.to_record`` and played back by ``Record.to_game``. The sections, in export order:

========== ================================================================================
Variant    the rules: a variant ID or a shipped house-rule name (required)
Rules      a short hash of the resolved rules (``rules_hash``): which house rules were played
Dealer     the seat that dealt
Seat       a view: the seat whose view this is (the other hands may be ``?``)
Deal       every hand as dealt, PBN style from the named seat; ``?`` for a hand not known
Auction    the seat that called first; the data lines hold the calls (numbers, ``Pass``)
Contract   ``bidder bid trump``, ``-`` for a part not known (``N 340 H``, ``- - H``)
CalledCard the card the declarer called (call-partner play): with no Partner tag, the
           partner is its first holder from the declarer's left in the Deal
Partner    the declarer's partner where the rules do not fix it (five-hand's called card)
Kitty      the kitty (widow) as it lay, which the bidder took
LaidAway   the cards the bidder laid away
Pass       a line per pass: ``giver>receiver cards``, in the order made
Meld       a line per seat: ``seat points`` or ``seat cards`` (the meld shown)
Play       the seat that led the first trick; a line per trick, each from its leader
Result     the trick points each side (or seat) took, ``NS 120 EW 130``; ``*`` unfinished
Analysis   a line per card played: ``seat card key=value ...`` (``review --annotate``)
========== ================================================================================

Other tags (``Event``, ``Date``, player names, ...) are kept in order as ``tags``.

>>> from pinosolve.records.read import read_record
>>> r = read_record('''[Variant "four-hand"]
... [Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."]
... [Contract "- - S"]
... [Play "N"]
... AS TS QS 9S''')
>>> [str(c) for c in r.play[0]], r.trump.letter
(['AS', 'TS', 'QS', '9S'], 'S')
>>> g = r.to_game(); g.points
{'NS': 2, 'EW': 0}
>>> read_record(str(r)) == r
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from pinosolve.cards import Card, Hand, Suit
from pinosolve.errors import NotationError, PinosolveError
from pinosolve.records.tags import MAX_VALUE, Section, format_section
from pinosolve.seats import find_seat

if TYPE_CHECKING:
    from pinosolve.deal import Deal
    from pinosolve.game import Game
    from pinosolve.scoring.round import Round
    from pinosolve.variants.variant import Variant

PASS_CALLS = ("pass", "p", "-")
_ORDER = ("Variant", "Rules", "Dealer", "Seat", "Deal", "Auction", "Contract", "CalledCard",
          "Partner",
          "Kitty", "LaidAway", "Pass", "Meld", "Play", "Result", "Analysis")
_FIRST = ("Event", "Site", "Date")  # other tags that go first, as PGN's roster puts them
UNKNOWN = "?"  # a hand not known, in a view's Deal


def rules_hash(variant: Variant) -> str:
    """Eight hex digits naming the resolved rules: the same for any two files whose rules
    play the same, whatever their names and descriptions (SHA-256 of the rules as sorted
    JSON, without ``id``, ``name``, ``description`` and ``source``, and without the keys at
    their defaults: a key the schema gains, whose default plays as the rules did before it,
    leaves every hash, and so every record, as it was)."""
    return _digest(_hashed(variant))


# keys a built-in variant came to set after records of it were written: a record whose Rules
# tag hashes the rules without them still names these rules (two-hand-57 set going_out and
# two-hand-1000 dix_as_played after the record format was published)
LATER_KEYS = (("scoring", "going_out"), ("meld", "sequence", "dix_as_played"))


# a built-in variant's text that records hashed before it was reworded, by its wording now
# (0.1.0: the rule texts became "sources", the random seed alone kept "seed"; a class named once)
EARLIER_WORDING = {"source table says 20; its own upgrade rule (4 + 11) makes it 15":
                   "seed table says 20; its own upgrade rule (4 + 11) makes it 15",
                   # (and four-hand-classic's classes named twice: "class A (class 1: …)")
                   "runs, marriages and dix: the source's class 1":
                   "class 1: runs, marriages and dix",
                   "arounds: the source's class 3": "class 3: arounds",
                   "pinochle: the source's class 2": "class 2: pinochle"}


def _reworded(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _reworded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_reworded(v) for v in data]
    return EARLIER_WORDING.get(data, data) if isinstance(data, str) else data


def rules_hashes(variant: Variant) -> set[str]:
    """The Rules tags that name ``variant``'s rules: ``rules_hash``, and the hash of the
    rules without the ``LATER_KEYS`` (a record written before a built-in variant set one),
    each also as worded before ``EARLIER_WORDING``."""
    data = json.loads(json.dumps(_hashed(variant), default=str))
    older = json.loads(json.dumps(data))
    for path in LATER_KEYS:
        table = older
        for part in path[:-1]:
            table = table.get(part) if isinstance(table, dict) else None
        if isinstance(table, dict):
            table.pop(path[-1], None)
    return {_digest(d) for form in (data, older) for d in (form, _reworded(form))}


def _hashed(variant: Variant) -> dict[str, Any]:
    return {k: v for k, v in _beyond_defaults(variant.rules).items()
            if k not in ("id", "name", "description", "source")}


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def _beyond_defaults(obj: Any) -> Any:
    """``obj`` (the rules, or a part of them) as plain data, each dataclass field at its
    default left out."""
    import dataclasses

    if dataclasses.is_dataclass(obj):
        out = {}
        for f in dataclasses.fields(obj):
            if not f.init:
                continue
            value = getattr(obj, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
                continue
            out[f.name] = _beyond_defaults(value)
        return out
    if isinstance(obj, (tuple, list)):
        return [_beyond_defaults(v) for v in obj]
    if isinstance(obj, dict):
        return {k: _beyond_defaults(v) for k, v in obj.items()}
    return obj


class RecordError(NotationError):
    """A record that breaks a rule of ``check_record``, and where: ``tag``, the section at
    fault; ``item``, its data line (from 0; None: the tag pair itself); ``card``, the card
    played (from 1) where the fault is in the play. A reader adds the file and the line."""

    def __init__(self, message: str, tag: str = "", item: Optional[int] = None,
                 card: Optional[int] = None) -> None:
        super().__init__(message)
        self.tag, self.item, self.card = tag, item, card


@dataclass(frozen=True)
class Origin:
    """Where a record was read from: ``file``, as it was named, and ``record``, its number
    in that file (from 1)."""

    file: str
    record: int = 1


@dataclass(frozen=True)
class Pass:
    """Cards passed: by ``giver`` to ``receiver``."""

    giver: str
    receiver: str
    cards: Hand


@dataclass(frozen=True)
class CardNote:
    """The analysis of one card played: ``seat``, ``card``, and ``keys``, the ``key=value``
    pairs in order (``cost``, ``renege``, each legal card's value, ...), as text."""

    seat: str
    card: Card
    keys: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return " ".join([self.seat, str(self.card), *(f"{k}={v}" for k, v in self.keys)])


@dataclass(frozen=True)
class Record:
    """One hand as recorded (see the module for each field's section). ``deal`` maps each
    seat to its hand as dealt, None where not known; ``auction`` holds the calls from
    ``auction_first`` on (None for a pass); ``play`` the tricks, each from its leader, the
    first led by ``leader``; ``result`` the trick points by side (fixed partnerships) or
    seat, None while unfinished; ``origin`` the file it was read from (None: text, or made
    in Python), no part of the record's text or of its equality."""

    variant: Variant
    deal: dict[str, Optional[Hand]] = field(default_factory=dict)
    deal_first: str = ""
    dealer: Optional[str] = None
    seat: Optional[str] = None
    auction_first: Optional[str] = None
    auction: tuple[Optional[int], ...] = ()
    bidder: Optional[str] = None
    bid: Optional[int] = None
    trump: Optional[Suit] = None
    partner: Optional[str] = None
    called_card: Optional[Card] = None
    kitty: Optional[Hand] = None
    laid_away: Optional[Hand] = None
    passes: tuple[Pass, ...] = ()
    meld: dict[str, Union[int, Hand]] = field(default_factory=dict)
    leader: Optional[str] = None
    play: tuple[tuple[Card, ...], ...] = ()
    result: Optional[dict[str, int]] = None
    notes: tuple[CardNote, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    origin: Optional[Origin] = field(default=None, compare=False)

    def __post_init__(self) -> None:
        check_record(self)  # (every record, whoever made it: read, written or replaced)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"Record({self.variant.id!r}, {self.deal_text()!r})"

    # --- export -------------------------------------------------------------------------------

    def deal_text(self) -> str:
        """The Deal tag's value: the hands from ``deal_first`` clockwise, ``?`` if unknown."""
        seats = self.variant.seats
        first = self.deal_first or seats[0]
        start = seats.index(first)
        order = seats[start:] + seats[:start]
        hands = [self.deal.get(s) for s in order]
        return f"{first}:" + " ".join(UNKNOWN if h is None else h.dotted() for h in hands)

    def sections(self) -> list[Section]:
        """The record's sections in export order."""
        out = [Section(k, v, ()) for k, v in self.tags if k in _FIRST]
        out += [Section(k, v, ()) for k, v in self.tags if k not in _FIRST]
        out.append(Section("Variant", variant_name(self.variant), ()))
        out.append(Section("Rules", rules_hash(self.variant), ()))
        for tag, value in (("Dealer", self.dealer), ("Seat", self.seat)):
            if value is not None:
                out.append(Section(tag, value, ()))
        if self.deal:
            out.append(Section("Deal", self.deal_text(), ()))
        if self.auction_first is not None:
            calls = ["Pass" if c is None else str(c) for c in self.auction]
            out.append(Section("Auction", self.auction_first, (" ".join(calls),)
                               if calls else ()))
        parts = (self.bidder, self.bid, None if self.trump is None else self.trump.letter)
        contract = " ".join("-" if x is None else str(x) for x in parts)
        if any(x is not None for x in parts):
            out.append(Section("Contract", contract, ()))
        if self.called_card is not None:
            out.append(Section("CalledCard", str(self.called_card), ()))
        if self.partner is not None:
            out.append(Section("Partner", self.partner, ()))
        for tag, hand in (("Kitty", self.kitty), ("LaidAway", self.laid_away)):
            if hand is not None:
                out.append(Section(tag, " ".join(hand.cards()), ()))
        if self.passes:
            out.append(Section("Pass", "", tuple(
                f"{p.giver}>{p.receiver} {' '.join(p.cards.cards())}" for p in self.passes)))
        if self.meld:
            out.append(Section("Meld", "", tuple(
                f"{s} {m if isinstance(m, int) else ' '.join(m.cards()) or '-'}"
                for s, m in sorted(self.meld.items(),
                                   key=lambda kv: self.variant.seats.index(kv[0])))))
        if self.leader is not None:
            out.append(Section("Play", self.leader, tuple(
                " ".join(str(c) for c in trick) for trick in self.play)))
            result = self.result if self.result is not None else self._counted()
            out.append(Section("Result", "*" if result is None else " ".join(
                f"{k} {v}" for k, v in result.items()), ()))
        if self.notes:
            out.append(Section("Analysis", "", tuple(str(n) for n in self.notes)))
        return out

    def __str__(self) -> str:
        return "\n".join(format_section(s) for s in self.sections()) + "\n"

    # --- the hand played -----------------------------------------------------------------------

    def partner_seat(self) -> Optional[str]:
        """The declarer's partner: the Partner tag's, else the called card's first holder
        from the declarer's left in the Deal (None where the record does not tell: no call,
        or a hand not known). A Partner tag the call contradicts is a one-line error."""
        if self.called_card is None or self.bidder is None or \
                any(self.deal.get(s) is None for s in self.variant.seats):
            return self.partner
        from pinosolve.variants.sides import called_partner

        return called_partner(self.variant, self.bidder, dict(self.deal), self.called_card,
                              self.partner, "Partner")

    def cards_played(self) -> list[Card]:
        """Every card played, in order."""
        return [c for trick in self.play for c in trick]

    def hands_at_play(self) -> dict[str, Optional[Hand]]:
        """Each seat's hand as play began: as dealt, with the kitty taken and the cards laid
        away by the bidder, and each pass made in order (None where not known). A card given
        that its giver does not hold is a one-line error."""
        hands = dict(self.deal)
        if self.bidder is not None and hands.get(self.bidder) is not None:
            hand = hands[self.bidder]
            assert hand is not None
            if self.kitty is not None and self.variant.rules.deal.bidder_takes_kitty:
                hand = hand + self.kitty
            if self.laid_away is not None:
                hand = _without(hand, self.laid_away, f"LaidAway: {self.bidder}", "LaidAway")
            hands[self.bidder] = hand
        for n, p in enumerate(self.passes, 1):
            giver, receiver = hands.get(p.giver), hands.get(p.receiver)
            if giver is not None:
                hands[p.giver] = _without(giver, p.cards, f"Pass {n}: {p.giver}", "Pass", n - 1)
            if receiver is not None:
                hands[p.receiver] = receiver + p.cards
        return hands

    def to_game(self, played: bool = True) -> Game:
        """The hand as a ``Game``: set up as play began (every hand known, the trump and the
        leader given), and with ``played`` the recorded cards played on it as they were
        played (a renege included). PinosolveError where the record lacks what a game needs
        (its Deal, a hand, the trump); a ``RecordError`` naming the trick and the card where
        the play cannot be played back."""
        from pinosolve.game import Game

        roles = _roles(self)
        start, trump = self._start(), self._trump()
        try:
            g = Game(self.variant, start, trump=trump, leader=self.leader,
                     declarer=roles.get("declarer"), partner=roles.get("partner"))
        except PinosolveError as exc:
            raise RecordError(f"Deal: the hands as play began: {exc}", "Deal") from None
        if played:
            for n, card in enumerate(self.cards_played(), 1):
                try:
                    g.play_as_played(card)
                except PinosolveError as exc:
                    raise RecordError(f"Play: {self.card_place(n)}: {exc}", "Play",
                                      card=n) from None
        return g

    def card_place(self, n: int) -> str:
        """Where card ``n`` played (from 1) stands: ``trick T, card K`` (each from 1, the
        tricks as the record's Play holds them)."""
        k = 0
        for t, trick in enumerate(self.play, 1):
            if n <= k + len(trick):
                return f"trick {t}, card {n - k}"
            k += len(trick)
        return f"card {n}"

    def _start(self) -> Deal:
        """Every hand as play began (``hands_at_play``), or a one-line error saying what the
        record lacks for a game: its Deal, or a hand it does not know."""
        from pinosolve.deal import Deal

        if not self.deal:
            raise PinosolveError(f"{self.where()}record: no Deal (every hand as dealt: "
                                 "[Deal \"N:... ...\"])")
        hands = self.hands_at_play()
        missing = [s for s in self.variant.seats if hands.get(s) is None]
        if missing:
            raise PinosolveError(f"{self.where()}record: the hand of {', '.join(missing)} is "
                                 "not known ('?' in the Deal): a view, which infer and advise "
                                 "read, not a game")
        return Deal(self.variant.seats, tuple(hands[s] or Hand() for s in self.variant.seats))

    def where(self) -> str:
        """Where the record was read, to lead an error: ``FILE: `` (``FILE: record N: `` for
        a file's record past its first); '' for a record read from text or made in Python."""
        if self.origin is None:
            return ""
        n = self.origin.record
        return f"{self.origin.file}: " + (f"record {n}: " if n > 1 else "")

    def _trump(self) -> Suit:
        if self.trump is None:
            raise PinosolveError(f"{self.where()}record: no trump (the Contract tag: "
                                 "[Contract \"N 250 H\"], or [Contract \"- - H\"] with no "
                                 "contract)")
        return self.trump

    def _meld_data(self) -> dict[str, Any]:
        """The meld shown, per seat, as ``score`` and ``review`` take it: points or cards."""
        return {s: m if isinstance(m, int) else m.cards() for s, m in self.meld.items()}

    def review_input(self) -> dict[str, Any]:
        """The record as ``pinosolve.analysis.review.review`` takes it (its keys): the hands
        as play began, the play, the sides; with a bid, the contract's facts as ``round``
        gives them to ``score`` (the meld by seat, a seat with no Meld line having melded
        nothing, and the cards laid away)."""
        out: dict[str, Any] = {"variant": self.variant, "deal": str(self._start()),
                               "trump": self._trump().letter,
                               "play": [str(c) for c in self.cards_played()]}
        for key in ("leader", "bidder"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        partner = self.partner_seat()
        if partner is not None:
            out["partner"] = partner
        if self.bid is not None:
            out["bid"] = self.bid
            out["meld"] = self._meld_data()
            if self.laid_away is not None:
                out["laid_away"] = self.laid_away.cards()
        return out

    def view_input(self, seat: Optional[str] = None) -> dict[str, Any]:
        """The view of ``seat`` (default the record's ``Seat``) as ``pinosolve.analysis.view``
        takes it: its hand as play began, the play, the meld shown, the passes it made or
        received, the kitty where the bidder showed it, the cards it laid away as gone."""
        v = self.variant
        if seat is None:
            if self.seat is None:
                raise PinosolveError(f"{self.where()}record: whose view? Give the seat (a "
                                     "Seat tag, or seat=)")
            seat = self.seat
        seat = find_seat(v.seats, seat, "seat", v.id)
        hand = self.hands_at_play().get(seat)
        if hand is None:
            raise PinosolveError(f"{self.where()}record: the hand of {seat} is not in the Deal")
        if self.trump is None:
            raise PinosolveError(f"{self.where()}record: no trump (the Contract tag)")
        view: dict[str, Any] = {"variant": v, "trump": self.trump.letter, "seat": seat,
                                "hand": hand.cards(), "play": [str(c) for c in
                                                               self.cards_played()]}
        for key, value in (("leader", self.leader), ("declarer", self.bidder),
                           ("partner", self.partner)):
            if value is not None:
                view[key] = value
        if self.called_card is not None and self.partner is None:  # (a secret partner)
            view["called_card"] = str(self.called_card)
        shown = {s: m.cards() for s, m in self.meld.items() if isinstance(m, Hand) and m}
        if shown:
            view["shown"] = shown
        gave = [c for p in self.passes if p.giver == seat for c in p.cards.cards()]
        received = [c for p in self.passes if p.receiver == seat for c in p.cards.cards()]
        if gave or received:
            view["passed"] = {"gave": gave, "received": received}
        if self.kitty is not None and v.rules.deal.bidder_takes_kitty:
            view["kitty"] = self.kitty.cards()
        if self.laid_away is not None and seat == self.bidder:
            view["gone"] = self.laid_away.cards()
        return view

    def round(self) -> Round:
        """The round's facts as typed values (a ``pinosolve.scoring.round.Round``, for
        ``score`` and ``check_round`` to check): the contract, the meld (points, or the
        cards shown), the cards laid away, and the trick points (the Result, else counted
        from a finished play)."""
        from pinosolve.scoring.round import Round

        points = self.result if self.result is not None else self.points_taken()
        return Round(bidder=self.bidder, partner=self.partner_seat(), bid=self.bid,
                     trump=self.trump,
                     meld={s: m for s, m in self.meld.items() if isinstance(m, int)},
                     meld_cards={s: m for s, m in self.meld.items() if isinstance(m, Hand)},
                     points=None if points is None else dict(points),
                     laid_away=self.laid_away)

    def _counted(self) -> Optional[dict[str, int]]:
        try:
            return self.points_taken()
        except PinosolveError:
            return None

    def points_taken(self) -> Optional[dict[str, int]]:
        """The trick points by side (fixed partnerships) or seat, counted from the play;
        None unless every card was played."""
        if self.leader is None or any(h is None for h in self.hands_at_play().values()) \
                or not self.deal or self.trump is None:
            return None
        g = self.to_game()
        if not g.over:
            return None
        return _units(self.variant, g)


def _units(v: Variant, g: Game) -> dict[str, int]:
    """The trick points each scoring unit took in ``g``: the fixed sides, else each seat
    (``variants.sides.teams`` with no bidder: the keys of a round's points)."""
    from pinosolve.variants.sides import teams

    return {t.name: sum(trick.points for trick in g.tricks if trick.won_by in t.seats)
            for t in teams(v)}


def check_record(r: Record) -> None:
    """What every record must hold, the one rule of the format: ``Record`` checks itself
    with it as it is made, so every writer (``Game.to_record``, ``review --annotate``,
    ``deal --as-record``) and every reader (``read_record``, and through it ``review``,
    ``score``, ``game``, ``infer``, ``advise``) keeps the same one. A ``RecordError`` names
    the section at fault (and the trick and card where it is in the play):

    - the Deal: hands of at most a hand and a kitty, the known hands and the kitty within
      the deck together; the Kitty: only where the rules deal one, of its size;
    - the Auction's calls need the seat that called first;
    - the Contract: a bid needs its bidder and an auction, and is one the rules allow; the
      meld of a seat with no Meld line is none (0), as ``score`` reads it; the cards the
      seats show, together, within the deck;
    - the LaidAway cards: the bidder's (a Contract naming him), as many as he lays away;
      with a bid, where the rules lay cards away, they are given;
    - the Pass lines only where the rules pass cards;
    - the Partner and the CalledCard only in call-partner play, and agreeing;
    - the Play: a leader, whole tricks but the last, no more copies of a card than the
      deck; with every hand and the trump known, it plays back from the hands as play
      began (each pass made, each card held by its seat), and a Result agrees with it;
    - the Analysis: a note per card played, each for that card.
    """
    v = r.variant
    d = v.rules.deal
    own = {t.lower() for t in _ORDER}
    named: set[str] = set()
    for name, value in r.tags:
        if name.lower() in own or name.lower() in named:
            raise RecordError(f"{name}: a tag the record holds once" + (
                " (its own section)" if name.lower() in own else ""), name)
        if "\n" in value or "\r" in value or len(value) > MAX_VALUE:
            raise RecordError(f"{name}: a tag's value is one line of at most {MAX_VALUE} "
                              "characters", name)
        named.add(name.lower())
    known = [h for h in r.deal.values() if h is not None]
    for s, h in r.deal.items():
        if s not in v.seats:
            raise RecordError(f"Deal: {s!r:.10} is not a seat of {v.id}", "Deal")
        if h is not None and len(h) > d.hand_size + d.kitty:
            raise RecordError(f"Deal: seat {s} holds {len(h)} cards; {v.id} deals "
                              f"{d.hand_size}", "Deal")
    try:
        v.check_hand(sum(known, Hand()), "Deal: all hands")
    except PinosolveError as exc:
        raise RecordError(str(exc), "Deal") from None
    if r.kitty is not None:
        if d.kitty_kind not in ("kitty", "widow"):
            raise RecordError(f"Kitty: {v.id} deals no kitty [deal.kitty_kind = "
                              f"{d.kitty_kind}]", "Kitty")
        if len(r.kitty) != d.kitty:
            raise RecordError(f"Kitty: {len(r.kitty)} cards, but {v.id}'s kitty holds "
                              f"{d.kitty} [deal.kitty]", "Kitty")
        try:
            v.check_hand(sum(known, r.kitty), "Deal and Kitty together")
        except PinosolveError as exc:
            raise RecordError(str(exc), "Kitty") from None
    if r.auction and r.auction_first is None:
        raise RecordError("Auction: the calls need the seat that called first", "Auction")
    if r.bid is not None:
        if not v.rules.bidding.enabled:
            raise RecordError(f"Contract: {v.id} has no auction, so no bid [bidding.enabled "
                              "= false]", "Contract")
        if r.bidder is None:
            raise RecordError(f"Contract: a bid needs its bidder ('{v.seats[0]} {r.bid} H')",
                              "Contract")
        from pinosolve.scoring.bidding import check_contract

        try:
            check_contract(v, r.bid)
        except PinosolveError as exc:
            raise RecordError(f"Contract: {exc}", "Contract") from None
    shown = Hand()
    for k, (s, m) in enumerate(r.meld.items()):
        limit = d.hand_size + (d.bidder_discards if s == r.bidder else 0)
        if isinstance(m, Hand) and len(m) > limit:
            raise RecordError(f"Meld: {s} shows {len(m)} cards, but a holding of {v.id} has "
                              f"at most {limit}", "Meld", k)
        if isinstance(m, Hand):  # (each seat shows cards of its own: all within the deck)
            shown = shown + m
            try:
                v.check_hand(shown, f"Meld: {s}: the cards shown with the seats' before")
            except PinosolveError as exc:
                raise RecordError(str(exc), "Meld", k) from None
    if r.laid_away is not None:
        if not d.bidder_discards:
            raise RecordError(f"LaidAway: in {v.id} the bidder lays no cards away "
                              "[deal.bidder_discards = 0]", "LaidAway")
        if r.bidder is None:
            raise RecordError("LaidAway: the cards the bidder laid away need the bidder (the "
                              "Contract's)", "LaidAway")
        if len(r.laid_away) != d.bidder_discards:
            raise RecordError(f"LaidAway: {len(r.laid_away)} cards, but the bidder lays away "
                              f"{d.bidder_discards} [deal.bidder_discards]", "LaidAway")
    elif d.bidder_discards and r.bid is not None:
        raise RecordError(f"LaidAway: in {v.id} the bidder lays away {d.bidder_discards} "
                          "cards, which a record of a bid gives [deal.bidder_discards]",
                          "Contract")
    if r.passes and not v.rules.passing.cards:
        raise RecordError(f"Pass: in {v.id} no cards are passed [passing.cards = 0]", "Pass")
    called = v.rules.players.partnership == "called-card"
    for tag, fact in (("Partner", r.partner), ("CalledCard", r.called_card)):
        if fact is not None and not called:
            raise RecordError(f"{tag}: {v.id} has no called partner [players.partnership = "
                              f"{v.rules.players.partnership}]", tag)
    try:
        r.partner_seat()  # (a Partner tag the call contradicts)
    except PinosolveError as exc:
        raise RecordError(str(exc), "Partner" if r.partner is not None else "CalledCard") \
            from None
    _check_play(r)


def _check_play(r: Record) -> None:
    """The Play and the Analysis of ``check_record``."""
    v = r.variant
    n = len(v.seats)
    if r.play and r.leader is None:
        raise RecordError("Play: the seat that led the first trick is missing", "Play")
    for t, trick in enumerate(r.play[:-1], 1):
        if len(trick) != n:
            raise RecordError(f"Play: trick {t} holds {len(trick)} cards; a trick of {v.id} "
                              f"holds {n}", "Play", card=sum(map(len, r.play[:t - 1])) + 1)
    if r.play and not 0 < len(r.play[-1]) <= n:
        raise RecordError(f"Play: trick {len(r.play)} holds {len(r.play[-1])} cards; a trick "
                          f"of {v.id} holds {n}", "Play", card=len(r.cards_played()) or None)
    played = r.cards_played()
    counts = [0] * len(v.deck.counts)
    for k, c in enumerate(played, 1):
        counts[c.index] += 1
        have = v.deck.counts[c.index]
        if counts[c.index] > have:
            raise RecordError(f"Play: {r.card_place(k)}: " + (
                f"{c} is not in the {v.deck_size}-card deck of {v.id}" if not have else
                f"{c} again, but the deck holds {have}"), "Play", card=k)
    if r.deal and all(r.deal.get(s) is not None for s in v.seats):
        r.hands_at_play()  # (a pass or a lay-away of cards not held)
        if r.trump is not None and played:
            r.to_game()  # (each card held by its seat as the play went)
        if r.result is not None:
            counted = r.points_taken()
            if counted is not None and counted != r.result:
                shown = " ".join(f"{k} {pts}" for k, pts in counted.items())
                raise RecordError(f"Result: the play gives {shown}", "Result")
    if len(r.notes) > len(played):
        raise RecordError(f"Analysis: {len(r.notes)} notes for {len(played)} cards played",
                          "Analysis", len(played))
    for k, (note, card) in enumerate(zip(r.notes, played)):
        if note.card != card:
            raise RecordError(f"Analysis: note {k + 1} is for {note.card}, but card {k + 1} "
                              f"played ({r.card_place(k + 1)}) was {card}", "Analysis", k)


def _roles(r: Record) -> dict[str, str]:
    """The seats that fix the sides, as ``Game`` takes them."""
    from pinosolve.variants.sides import sides_fixed

    out = {}
    if r.bidder is not None and not sides_fixed(r.variant):
        out["declarer"] = r.bidder
    partner = r.partner_seat()
    if partner is not None:
        out["partner"] = partner
    return out


def _without(hand: Hand, cards: Hand, what: str, tag: str, item: Optional[int] = None) -> Hand:
    if not cards.issubset(hand):
        short = Hand.from_counts(max(0, a - b) for a, b in zip(cards.counts, hand.counts))
        raise RecordError(f"{what} does not hold {' '.join(short.cards())}", tag, item)
    return hand - cards


def variant_name(v: Variant) -> str:
    """What a Variant tag says for ``v``: a shipped house rule's name where it is one, else
    its ID (a built-in variant's; for another rules file, a reader names it with --rules)."""
    from pinosolve.variants.variant import example_names

    stem = Path(v.source).stem
    return stem if stem in example_names() else v.id


def with_notes(record: Record, notes: list[CardNote]) -> Record:
    """The record with its Analysis section replaced by ``notes``."""
    return replace(record, notes=tuple(notes))


def dealt_record(v: Variant, seed: int, index: int = 0, *, dealt: Any = None,
                 where: Optional[str] = None) -> Record:
    """Deal ``index`` of seed ``seed`` of ``v`` (``pinosolve.variants.dealer.seeded_deal``,
    as ``deal --seed`` deals it), or the deal ``dealt`` (a ``Dealt``) that seed and index drew
    to meet the conditions ``where`` (``deal --where``), as a record: the hands, the kitty or
    widow, the stock in draw order (a ``Stock`` tag, top first) and the trump a turned card
    fixes; the seed in a ``Seed`` tag, an index but 0 in an ``Index`` tag, the conditions in
    a ``Where`` tag.

    >>> from pinosolve.variants.variant import load_variant
    >>> print(dealt_record(load_variant("three-hand-kitty"), 7), end="")  # doctest: +ELLIPSIS
    [Seed "7"]
    [Variant "three-hand-kitty"]
    [Rules "..."]
    [Deal "N:... ... ..."]
    [Kitty "..."]
    """
    from pinosolve.variants.dealer import seeded_deal

    if dealt is None:
        dealt = seeded_deal(v, seed, index)
    tags: list[tuple[str, str]] = [("Seed", str(seed))]
    if index:
        tags.append(("Index", str(index)))
    if where is not None:
        tags.append(("Where", where))
    kitty = None
    if dealt.kind == "stock":
        tags.append(("Stock", " ".join(str(c) for c in dealt.undealt)))  # (turned card last)
    elif dealt.undealt:
        kitty = Hand(dealt.undealt)
    return Record(variant=v, deal=dict(dealt.deal.items()), deal_first=v.seats[0],
                  kitty=kitty, trump=dealt.trump, tags=tuple(tags))
