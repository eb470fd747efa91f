"""The rules-file schema: every knob a pinochle variant can turn, as typed dataclasses.

A rules file (TOML, in ``rules/``) is read into :class:`Rules`. Every key is documented here
(``pinosolve rules --keys`` prints the table), typed, and range-checked by
:mod:`pinosolve.variants.datafile`; cross-key checks (deck size, point totals, meld patterns)
live in :mod:`pinosolve.variants.variant`. The knobs are the points where the rule texts
disagree (``rules/README.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pinosolve.variants.datafile import knob, table

RankName = Literal["A", "T", "K", "Q", "J", "9"]
TrumpName = Literal["S", "H", "D", "C", "none"]
TieBreak = Literal["bidder", "higher-score", "last-round", "most-tricks"]

# The most points a deal may put in play (card points of the whole deck and the last-trick
# bonus): what the compiled search core holds exactly in its table entries (20 bits, see
# pinosolve/_core.c). The loader refuses a rules file that could put more in play.
POINTS_LIMIT = (1 << 20) - 1
# the most one meld may be worth: CP-SAT's sums of meld values (a declaration, a pass) must
# stay well inside 64 bits, and no table values a meld at more than a few thousand
MELD_VALUE_LIMIT = 10**9


@dataclass(frozen=True, kw_only=True)
class Deck:
    ranks: tuple[RankName, ...] = knob(doc="ranks in the deck (every suit has each)")
    copies: int = knob(doc="copies of every card: 2 for the 48-card deck, 4 for 80", min=1, max=8)


@dataclass(frozen=True, kw_only=True)
class Players:
    seats: tuple[str, ...] = knob(doc="seat names, clockwise; a deal lists hands in this order")
    partnership: Literal["fixed", "none", "called-card"] = knob(
        doc="fixed sides (players.sides); none: each for himself, the declarer's opponents "
            "join against him in play; called-card: the bidder's called card names his partner")
    sides: dict[str, tuple[str, ...]] = knob({}, doc="side name -> seats, for fixed partnerships")


@dataclass(frozen=True, kw_only=True)
class Deal:
    hand_size: int = knob(doc="cards dealt to each player", min=1, max=40)
    kitty: int = knob(0, doc="cards not dealt to a player (kitty, widow or stock)", min=0, max=40)
    kitty_kind: Literal["none", "kitty", "widow", "stock"] = knob(
        "none", doc="what the undealt cards are: a kitty/widow for the bidder, or a stock to draw")
    turn_trump: bool = knob(False, doc="the card after the deal is turned up and fixes trump")
    packets: tuple[int, ...] = knob((3,), doc="cards dealt at a time (deal procedure only)",
                                    min=1, max=40)
    bidder_takes_kitty: bool = knob(False, doc="the bid winner shows the kitty and takes it")
    bidder_discards: int = knob(0, doc="cards the bid winner then lays away", min=0, max=40)
    discards_count: bool = knob(
        False, doc="card points of the laid-away cards count for the bidder")


@dataclass(frozen=True, kw_only=True)
class Trick:
    rank_order: tuple[RankName, ...] = knob(doc="trick-taking order, highest first")
    first_lead: Literal["bidder", "eldest", "non-dealer"] = knob(
        doc="who leads to the first trick")
    follow_suit: bool = knob(True, doc="a player must follow the led suit if able")
    head: Literal["always", "trump-led", "never"] = knob(
        doc="must beat the best card so far: on every lead, only when trump is led, or never")
    trump_if_void: bool = knob(doc="void in the led suit, a player must trump if able")
    overtrump: bool = knob(doc="void, with a trump already on the trick: must play a higher "
                                "trump if able")
    trump_when_cannot_overtrump: bool = knob(
        doc="void and unable to overtrump: must still play a (lower) trump")
    head_after_ruff: bool = knob(
        False, doc="a plain lead already trumped: followers must still beat the best card of "
                   "the led suit")
    partner_exempt: bool = knob(False, doc="obligations to head lapse while partner is winning")
    stock_obligations: Literal["none", "play-off"] = knob(
        "none", doc="while a stock remains (two-hand stage one): no obligations, or the "
                    "play-off rules")
    stock_rank_order: tuple[RankName, ...] = knob(
        (), doc="trick order while the stock remains, if different (empty: rank_order)")


@dataclass(frozen=True, kw_only=True)
class Points:
    cards: dict[str, int] = knob(doc="card points by rank (counters)", max=POINTS_LIMIT)
    last_trick: int = knob(doc="bonus for winning the last trick", min=0, max=POINTS_LIMIT)
    total: int = knob(doc=f"points in play per deal, at most {POINTS_LIMIT}; the loader "
                          "checks the sum", min=1)
    round_to: int = knob(1, doc="a player's card points are rounded to this unit", min=1)
    round_up_from: int = knob(0, doc="a remainder at least this rounds up (0: always down)",
                              min=0)


@dataclass(frozen=True, kw_only=True)
class MeldKind:
    name: str = knob(doc="what players call the single meld")
    cards: str = knob(doc="the cards, with suit @ for trump, # for each non-trump suit (each "
                          "suit when no trump is named), * for each suit: 'A@ T@ K@ Q@ J@'")
    classes: tuple[str, ...] = knob(doc="reuse classes every card of the meld occupies: a card "
                                        "serves at most one meld per class")
    values: tuple[int, ...] = knob(doc="points for 1x, 2x, 3x, 4x the cards as one meld; "
                                       "0 where that multiple is no meld of its own; at "
                                       f"most {MELD_VALUE_LIMIT}")
    names: tuple[str, ...] = knob((), doc="names for the multiples (default 'double …' etc.)")
    trumps: tuple[TrumpName, ...] = knob(
        ("S", "H", "D", "C", "none"),
        doc="trump suits under which this meld exists ('none': also when no trump is named)")
    needs_trump: bool = knob(False, doc="exists only when a trump is named, even without @")
    enabled: bool = knob(True, doc="false for an optional meld that a house rule switches on")
    note: str = knob("", doc="where the value comes from, or what a player should know")


@dataclass(frozen=True, kw_only=True)
class MeldSequence:
    """Two-handed melding: one meld per trick won, building on cards already on the table."""

    one_meld_per_trick: bool = knob(True, doc="at most one meld after each trick won")
    new_card_from_hand: bool = knob(True, doc="each meld takes at least one card from the hand")
    reuse: Literal["other-kind", "upward"] = knob(
        doc="a card on the table may meld again in a meld of another kind, or only upward "
            "(a higher class, or a higher-scoring meld of the same class)")
    class_order: tuple[str, ...] = knob((), doc="meld classes from lowest to highest (upward)")
    upgrade_scoring: bool = knob(
        True, doc="completing a bigger meld from one on the table scores the difference")
    free_kinds: tuple[str, ...] = knob(
        ("dix",), doc="kinds that may be shown alongside another meld on the same trick")
    dix_exchange: Literal["none", "may", "first-must"] = knob(
        "none", doc="exchanging a dix for the turned trump card")
    dix_as_played: bool = knob(
        False, doc="a dix (a free kind) may be declared, and scored, as it is played to a "
                   "trick in the stock stage, without melding it")
    add_to_marriage: bool = knob(
        False, doc="a single K or Q may be added to a marriage on the table to make another")
    broken_by_play: bool = knob(True, doc="a melded card played to a trick breaks its melds")
    draw_before_meld: bool = knob(True, doc="the trick winner draws before melding")
    last_card_choice: bool = knob(
        False, doc="the winner of the last stock trick chooses the face-down or the trump card")


@dataclass(frozen=True, kw_only=True)
class Meld:
    classes: dict[str, str] = knob(doc="reuse class -> what it holds")
    kinds: dict[str, MeldKind] = knob(doc="meld id -> its definition")
    sequence: MeldSequence | None = knob(None, doc="two-handed melding on tricks won")


@dataclass(frozen=True, kw_only=True)
class BidBand:
    above: int = knob(doc="bids above this value…", min=0)
    step: int = knob(doc="…must be multiples of this and raise by at least this", min=1)


@dataclass(frozen=True, kw_only=True)
class Bidding:
    enabled: bool = knob(True, doc="false: trump is turned, there is no auction")
    minimum: int = knob(0, doc="the lowest opening bid", min=0)
    step: int = knob(1, doc="smallest raise (and bid multiple) below every band", min=1)
    bands: tuple[BidBand, ...] = knob((), doc="larger steps above given values")
    max_raise: int = knob(0, doc="largest raise over the last bid (0: no limit)", min=0)
    all_pass: Literal["dealer-stuck", "dealer-may-take", "redeal"] = knob(
        "dealer-stuck", doc="when all pass: the dealer must take the minimum, may take it or "
                            "redeal, or the hand is redealt")
    banned_endings: tuple[int, ...] = knob((), doc="bids ending in these (mod 100) are illegal",
                                           min=0, max=99)
    single_round: bool = knob(False, doc="each player bids once")
    trump_needs_marriage: bool = knob(
        False, doc="the bidder must hold a marriage or better in the trump named")
    misdeal_nines: int = knob(
        0, doc="a player holding this many nines or more may call a misdeal as his first "
               "call, and the cards are redealt (0: no misdeal)", min=0)


@dataclass(frozen=True, kw_only=True)
class Passing:
    cards: int = knob(0, doc="cards the bidder's partner passes, and the bidder passes back",
                      min=0, max=8)
    called_card_passed: bool = knob(
        False, doc="the called card is handed over face up as one of the passed cards")


@dataclass(frozen=True, kw_only=True)
class Scoring:
    meld_by: Literal["all", "bidder"] = knob("all", doc="who melds")
    set: Literal["subtract", "progressive"] = knob(
        "subtract", doc="a set bidder loses the bid, or the bid is added to the opponents")
    save_meld: Literal["none", "trick", "counter", "trick-points"] = knob(
        doc="what a side must take in play to keep its meld: nothing, a trick, a trick point, "
            "or save_meld_points")
    save_meld_points: int = knob(0, doc="trick points needed with save_meld = trick-points",
                                 min=0)
    bidder_needs_counter: bool = knob(False, doc="the bidding side must take a counter to make")
    min_meld: int = knob(0, doc="meld below this is not recorded; a bidding side below it "
                                "fails", min=0)
    min_trick_points: int = knob(0, doc="a side taking fewer trick points scores nothing",
                                 min=0)
    game: int = knob(0, doc="game target (0: each deal settled alone)", min=0)
    rounds: int = knob(0, doc="a game of this many rounds (hands), the highest score after "
                              "the last winning (0: play to the game target)", min=0)
    going_out: Literal["end-of-round", "meld-laid"] = knob(
        "end-of-round", doc="when the game target counts: when the round is scored, or also "
                            "at once when meld written down as it is laid reaches it (the "
                            "round's meld_order gives the order)")
    tie_break: tuple[TieBreak, ...] = knob(
        (), doc="when several reach the target: bidder, higher-score, last-round, most-tricks")
    must_bid_or_set_to_win: bool = knob(False, doc="only a made bid or a set can win the game")
    mercy: Literal["none", "minus-half", "minus-game", "spread"] = knob(
        "none", doc="end the game early when a score is this far behind")
    throw_in: Literal["never", "any", "unreachable"] = knob(
        "never", doc="the bidder may concede: never, at any time before play, or only when the "
                     "bid exceeds meld plus all trick points")
    throw_in_defenders: Literal["meld", "meld+25", "meld+50", "nothing"] = knob(
        "meld", doc="what the defenders score when the bidder throws in")
    shoot_the_moon: bool = knob(False, doc="the bidder may shoot for all tricks to win the game")
    settlement: Literal["side", "each-opponent"] = knob(
        "side", doc="sides score, or each opponent pays (or is paid) the bid")


@dataclass(frozen=True, kw_only=True)
class Rules:
    id: str = knob(doc="the variant ID used with --variant")
    name: str = knob(doc="the game's name")
    description: str = knob(doc="one line for 'pinosolve variants'")
    source: str = knob("", doc="the rule text this file encodes (a file in rules/sources/)")
    deck: Deck = knob(doc="the cards")
    players: Players = knob(doc="seats and sides")
    deal: Deal = knob(doc="hands, kitty, widow or stock")
    trick: Trick = knob(doc="trick-taking order and obligations")
    points: Points = knob(doc="card points")
    meld: Meld = knob(doc="the meld table and its reuse classes")
    bidding: Bidding = table(Bidding, doc="the auction")
    passing: Passing = table(Passing, doc="cards exchanged with partner")
    scoring: Scoring = knob(doc="making the bid, saving meld, game")
