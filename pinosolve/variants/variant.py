"""Variants: loading rules files (with ``extends``), checking them, and validating cards.

A :class:`Variant` is a resolved, checked rule set plus the questions every command asks of
it: is this card in the deck, is this hand or deal possible, which seats and sides are there.
Rules files are TOML parsed as data (never executed); the built-in ones live in ``rules/``.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Optional, overload

from pinosolve.meld import table as meldtable
from pinosolve.cards import CARDS, NUM_CARDS, Card, Hand, Rank, Suit
from pinosolve.variants.datafile import build
from pinosolve.deal import Deal
from pinosolve.errors import DeckError, NotationError, RulesError
from pinosolve.variants.schema import MELD_VALUE_LIMIT, POINTS_LIMIT, Rules

RULES_ENV = "PINOSOLVE_RULES_DIR"
VARIANT_ENV = "PINOSOLVE_VARIANT"  # the variant a command uses when it names none


def rules_dir() -> Path:
    """Where the built-in variant files are: the checkout's rules/, else the installed copy."""
    if os.environ.get(RULES_ENV):
        return Path(os.environ[RULES_ENV])
    here = Path(__file__).resolve().parent.parent  # the package
    source = here.parent / "rules"
    if (source / "four-hand.toml").is_file():
        return source
    return here / "rules_data"


def variant_ids() -> list[str]:
    """IDs of the built-in variants, sorted."""
    return sorted(p.stem for p in rules_dir().glob("*.toml"))


def example_names() -> list[str]:
    """Names of the shipped house-rule examples (``rules/examples/*.toml``), sorted: each may
    be given to ``--rules`` by name."""
    return sorted(p.stem for p in (rules_dir() / "examples").glob("*.toml"))


def did_you_mean(ref: str, names: list[str]) -> str:
    """' (did you mean X?)' for the name in ``names`` closest to ``ref``, or ''.

    >>> did_you_mean("for-hand", ["four-hand", "two-hand"])
    ' (did you mean four-hand?)'
    >>> did_you_mean("chess", ["four-hand"])
    ''
    """
    import difflib

    close = difflib.get_close_matches(ref.strip().lower(), names, n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


# --- loading --------------------------------------------------------------------------


def _read_toml(path: Path) -> dict[str, Any]:
    from pinosolve.files import parse_toml, read_text

    return parse_toml(read_text(path, "rules file", RulesError), str(path), RulesError)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Deep merge: tables merge key by key, everything else in ``over`` replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _locate(ref: str, relative_to: Optional[Path]) -> Path:
    """An ``extends`` value: a built-in ID, or a path relative to the extending file."""
    if not isinstance(ref, str) or not ref:
        raise RulesError(f"key 'extends': expected a variant ID or a file path, got {ref!r}")
    if "/" not in ref and "\\" not in ref and not ref.endswith(".toml"):
        return _builtin(ref)
    path = Path(ref)
    if not path.is_absolute() and relative_to is not None:
        path = relative_to.parent / path
    return path


MAX_EXTENDS = 32  # rules files in one chain of 'extends' (the shipped ones use 2)


def _resolve(path: Path, stack: tuple[Path, ...]) -> tuple[dict[str, Any], tuple[str, ...]]:
    if "\0" in str(path):  # no file has such a name (and the OS calls raise ValueError)
        raise RulesError(f"rules file {str(path)!r}: not a file name (it holds a NUL)")
    from pinosolve.files import resolved as resolved_path

    if len(stack) >= MAX_EXTENDS:
        raise RulesError(f"{path}: 'extends' goes more than {MAX_EXTENDS} files deep")
    resolved = resolved_path(path, f"rules file {str(path)!r:.80}", RulesError)
    if resolved in stack:
        chain = " -> ".join(p.name for p in (*stack, resolved))
        raise RulesError(f"{path}: 'extends' goes round in a circle: {chain}")
    data = _read_toml(path)
    parent = data.pop("extends", None)
    if parent is None:
        return data, (str(path),)
    try:
        base, lineage = _resolve(_locate(parent, path), (*stack, resolved))
    except RulesError as exc:
        message = str(exc)
        raise RulesError(message if message.startswith(str(path)) else
                         f"{path}: extends {parent!r}: {message}") from None
    merged = _merge(base, data)
    if "id" not in data:
        merged["id"] = path.stem
    return merged, (*lineage, str(path))


def unknown_variant_message(ref: str) -> str:
    """The one line for a variant ID that is none: the closest ID, or the house-rule example
    of that name (which ``--rules`` takes), and the IDs there are."""
    if ref in example_names():
        return (f"unknown variant {ref!r}: that is a house-rule example, give it as "
                f"--rules {ref}")
    return (f"unknown variant {ref!r:.60}{did_you_mean(ref, variant_ids())}; known variants: "
            f"{', '.join(variant_ids())}")


def rules_path(ref: str, relative_to: Optional[Path] = None) -> Path:
    """The file a ``--rules`` value names: a path (relative to ``relative_to``'s folder, if
    given) where one exists, else a shipped rules file by name (a house-rule example such as
    ``trickster-kitty``, or a built-in variant's file), ``.toml`` optional. Anything else is
    the path, for the reader to say it is not found, with the closest name when the value
    looks like one."""
    if "\0" in ref:
        return Path(ref)
    path = Path(ref)
    if relative_to is not None and not path.is_absolute():
        path = relative_to.parent / path
    if os.path.lexists(path) or "/" in ref or "\\" in ref:  # (never raises: a long name)
        return path
    name = ref.removesuffix(".toml")
    if name in example_names():
        return rules_dir() / "examples" / f"{name}.toml"
    if name in variant_ids():
        return rules_dir() / f"{name}.toml"
    hint = did_you_mean(name, example_names() + variant_ids())
    if hint:
        raise RulesError(f"rules file {ref!r} not found{hint}")
    return path


def load_file(path: str | os.PathLike[str]) -> Variant:
    """Load a rules file (a variant or a house rule that extends one) and check it."""
    p = Path(path)
    data, lineage = _resolve(p, ())
    try:
        rules = build(Rules, data)
        check_rules(rules)
    except RulesError as exc:
        raise RulesError(f"{p}: {exc}") from None
    return Variant(rules, str(p), lineage)


def number_of_tricks(v: Variant) -> int:
    """Tricks in a round: every card played, the stock included, laid-away cards not."""
    d = v.rules.deal
    played = v.deck_size - (d.kitty if d.kitty_kind != "stock" else 0)
    if d.bidder_takes_kitty:
        played = v.deck_size - d.bidder_discards
    return played // len(v.seats)


def _a_hand(hand: Any, where: str) -> None:
    if not isinstance(hand, Hand):
        raise TypeError(f"{where} takes a Hand, got {type(hand).__name__} (parse_hand reads "
                        "text)")


def load_variant(variant_id: str) -> Variant:
    """Load a built-in variant by ID (anything else, a list read from a file say, is an unknown
    variant: it is checked before the cache, which could not even hash it)."""
    if not isinstance(variant_id, str):
        raise RulesError(unknown_variant_message(str(variant_id)))
    return _load_builtin(variant_id)


@functools.cache
def _load_builtin(variant_id: str) -> Variant:
    return load_file(_builtin(variant_id))


def _builtin(variant_id: str) -> Path:
    """A built-in variant's file. The ID is looked up among the files there, not used as a
    path: a name too long for the file system, or with a NUL or a '/', is just unknown."""
    if variant_id not in variant_ids():
        raise RulesError(unknown_variant_message(variant_id))
    return rules_dir() / f"{variant_id}.toml"


def resolve(variant: Optional[str] = None, rules: Optional[str] = None) -> Variant:
    """The rule set a command names: ``--variant ID`` or ``--rules PATH|NAME`` (not both;
    see ``rules_path``); naming neither, the default variant (``default_variant``)."""
    if variant and rules:
        raise RulesError("give variant= or rules=, not both")
    if rules:
        return load_file(rules_path(rules))
    if variant:
        return load_variant(variant)
    default, where = default_variant()
    if default is None:
        raise RulesError("name the rules: variant=ID (see 'pinosolve variants') or rules="
                         f"PATH, or set a default with {VARIANT_ENV}=ID or variant = \"ID\" "
                         f"in {where}")
    try:
        return load_variant(default)
    except RulesError as exc:
        raise RulesError(f"the default variant, from {where}: {exc}") from None


def config_path() -> Path:
    """The user's config file: ``$XDG_CONFIG_HOME/pinosolve/config.toml``, or
    ``~/.config/pinosolve/config.toml`` where XDG_CONFIG_HOME is not set."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "pinosolve" / "config.toml"


CONFIG_KEYS = ("variant",)


def default_variant() -> tuple[Optional[str], str]:
    """The variant a command uses when it names none, and where it comes from: the
    environment's ``PINOSOLVE_VARIANT``, else ``variant = "ID"`` in the config file
    (``config_path``; a missing one is no default). A config file that cannot be read, is
    not TOML, or holds anything else is one line naming the problem (RulesError).
    Without a default: (None, the config file's path)."""
    if os.environ.get(VARIANT_ENV, "").strip():
        return os.environ[VARIANT_ENV].strip(), VARIANT_ENV
    path = config_path()
    if not os.path.lexists(path):
        return None, str(path)
    from pinosolve.files import parse_toml, read_text

    data = parse_toml(read_text(path, "config file", RulesError), str(path), RulesError)
    for key in data:
        if key not in CONFIG_KEYS:
            raise RulesError(f"config file {str(path)!r}: unknown key {key!r}; keys are "
                             f"{', '.join(CONFIG_KEYS)}")
    value = data.get("variant")
    if value is None:
        return None, str(path)
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"config file {str(path)!r}: variant must be a variant ID (text), "
                         f"got {value!r}")
    return value.strip(), str(path)


# --- cross-key checks -------------------------------------------------------------------


def check_rules(r: Rules) -> None:
    """Checks that span keys; raises RulesError naming the key and the problem."""
    ranks = r.deck.ranks
    if not ranks or len(set(ranks)) != len(ranks):
        raise RulesError(f"key 'deck.ranks': needs distinct ranks, got {list(ranks)}")
    for key, order in (("trick.rank_order", r.trick.rank_order),
                       ("trick.stock_rank_order", r.trick.stock_rank_order)):
        if key.endswith("stock_rank_order") and not order:
            continue
        if sorted(order) != sorted(ranks):
            raise RulesError(f"key {key!r}: must list each deck rank once "
                             f"({' '.join(ranks)}), got {' '.join(order)}")
    missing = [k for k in ranks if k not in r.points.cards]
    extra = [k for k in r.points.cards if k not in ranks]
    if missing:
        raise RulesError(f"key 'points.cards': no points given for rank {missing[0]}")
    if extra:
        raise RulesError(f"key 'points.cards': rank {extra[0]!r} is not in the deck")
    if any(v < 0 for v in r.points.cards.values()):
        raise RulesError("key 'points.cards': card points cannot be negative")
    in_play = r.deck.copies * len(Suit) * sum(r.points.cards.values()) + r.points.last_trick
    if in_play > POINTS_LIMIT:  # the search holds no more: name the dearest value
        rank = max(ranks, key=lambda k: r.points.cards[k])
        key, value = ((f"points.cards.{rank}", r.points.cards[rank])
                      if r.points.cards[rank] > r.points.last_trick
                      else ("points.last_trick", r.points.last_trick))
        raise RulesError(f"key {key!r}: {value} puts {in_play} points in play a deal, but the "
                         f"solver holds at most {POINTS_LIMIT}")
    if in_play != r.points.total:
        raise RulesError(f"key 'points.total': says {r.points.total} but the card points "
                         f"and last trick add up to {in_play}")
    seats = r.players.seats
    if not 2 <= len(seats) <= 8 or len(set(seats)) != len(seats):
        raise RulesError(f"key 'players.seats': needs 2 to 8 distinct seats, got {list(seats)}")
    for seat in seats:
        if not seat or not seat.isalnum() or len(seat) > 3:
            raise RulesError(f"key 'players.seats': seat {seat!r} must be 1-3 letters or digits")
    deck_size = r.deck.copies * len(Suit) * len(ranks)
    dealt = len(seats) * r.deal.hand_size + r.deal.kitty
    if dealt != deck_size:
        raise RulesError(f"key 'deal.hand_size': {len(seats)} players x {r.deal.hand_size} "
                         f"cards + {r.deal.kitty} undealt = {dealt}, but the deck holds "
                         f"{deck_size} cards")
    if (r.deal.kitty > 0) != (r.deal.kitty_kind != "none"):
        raise RulesError("key 'deal.kitty_kind': must be none exactly when deal.kitty is 0")
    if r.deal.bidder_takes_kitty and r.deal.bidder_discards != r.deal.kitty:
        raise RulesError("key 'deal.bidder_discards': a bidder who takes the kitty must lay "
                         f"away as many cards ({r.deal.kitty}), got {r.deal.bidder_discards}")
    if r.players.partnership == "fixed":
        listed = [s for side in r.players.sides.values() for s in side]
        if sorted(listed) != sorted(seats) or len(r.players.sides) < 2:
            raise RulesError("key 'players.sides': fixed sides must share out every seat "
                             "exactly once between at least two sides")
    elif r.players.sides:
        raise RulesError("key 'players.sides': only a fixed partnership has sides")
    if r.players.partnership == "called-card" and not r.bidding.enabled:
        raise RulesError("key 'players.partnership': a called-card partner needs an auction")
    _check_meld(r)
    above = [b.above for b in r.bidding.bands]
    if above != sorted(set(above)):
        raise RulesError("key 'bidding.bands': bands must be in rising order of 'above'")
    if len(set(r.scoring.tie_break)) != len(r.scoring.tie_break):
        raise RulesError("key 'scoring.tie_break': a tie-break is listed twice")
    nines = r.deck.copies * len(Suit) if "9" in r.deck.ranks else 0
    if r.bidding.misdeal_nines > nines:
        raise RulesError(f"key 'bidding.misdeal_nines': {r.bidding.misdeal_nines} nines, but "
                         f"the deck holds {nines}")
    sc = r.scoring
    if sc.going_out == "meld-laid" and (r.bidding.enabled or sc.save_meld != "none"
                                        or not sc.game):
        raise RulesError("key 'scoring.going_out': meld counts toward the game as it is laid "
                         "only in a game to a target with no auction and no meld to save "
                         "(scoring.game > 0, bidding.enabled = false, save_meld = none)")
    if sc.rounds:  # a game of a number of hands, or one to a score: not both (source 003)
        to_score = [key for key, on in (("game", sc.game), ("mercy", sc.mercy != "none"),
                                        ("must_bid_or_set_to_win", sc.must_bid_or_set_to_win),
                                        ("shoot_the_moon", sc.shoot_the_moon)) if on]
        if to_score:
            raise RulesError(f"key 'scoring.rounds': a game of {sc.rounds} rounds has no game "
                             f"target; scoring.{to_score[0]} applies only to a game played "
                             "to a score: set it off (0, none or false)")


def _check_meld(r: Rules) -> None:
    meld = r.meld
    if not meld.classes:
        raise RulesError("key 'meld.classes': needs at least one reuse class")
    copies = r.deck.copies
    for kid, kind in meld.kinds.items():
        key = f"meld.kinds.{kid}"
        try:
            pattern = meldtable.parse_pattern(kind.cards)
        except RulesError as exc:
            raise RulesError(f"key '{key}.cards': {exc}") from None
        for p in pattern:
            if p.rank.letter not in r.deck.ranks:
                raise RulesError(f"key '{key}.cards': rank {p.rank.letter} is not in the deck")
        bad = [c for c in kind.classes if c not in meld.classes]
        if not kind.classes or bad:
            raise RulesError(f"key '{key}.classes': unknown reuse class "
                             f"{bad[0] if bad else '(none given)'!r}; classes are "
                             f"{', '.join(meld.classes)}")
        if not kind.values or all(v == 0 for v in kind.values):
            raise RulesError(f"key '{key}.values': needs a value for at least one multiple")
        if any(v < 0 for v in kind.values):
            raise RulesError(f"key '{key}.values': meld values cannot be negative")
        if max(kind.values) > MELD_VALUE_LIMIT:
            raise RulesError(f"key '{key}.values': {max(kind.values)} is more than a meld may "
                             f"be worth (at most {MELD_VALUE_LIMIT})")
        need = meldtable.max_copies_needed(kind)
        top = max(n for n, v in enumerate(kind.values, 1) if v)
        if need * top > copies:
            raise RulesError(f"key '{key}.values': the {top}x meld needs {need * top} copies "
                             f"of a card but the deck holds {copies}")
        if len(kind.names) > len(kind.values):
            raise RulesError(f"key '{key}.names': more names than values")
    seq = meld.sequence
    if seq is not None:
        for c in seq.class_order:
            if c not in meld.classes:
                raise RulesError(f"key 'meld.sequence.class_order': unknown class {c!r}")
        if seq.reuse == "upward" and sorted(seq.class_order) != sorted(meld.classes):
            raise RulesError("key 'meld.sequence.class_order': upward reuse needs every meld "
                             "class ordered from lowest to highest")
        for k in seq.free_kinds:
            if k not in meld.kinds:
                raise RulesError(f"key 'meld.sequence.free_kinds': unknown meld kind {k!r}")


# --- the variant ------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Variant:
    """A checked rule set and the card questions every command asks of it.

    Compared and hashed by identity: built-in variants are loaded once and cached.
    """

    rules: Rules
    source: str
    lineage: tuple[str, ...]

    def __copy__(self) -> Variant:
        return self  # (immutable, and known by identity: a copy is the variant itself)

    def __deepcopy__(self, memo: dict[int, Any]) -> Variant:
        return self

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.players.seats

    @functools.cached_property
    def deck(self) -> Hand:
        """The full deck as a multiset."""
        ranks = {Rank.parse(r) for r in self.rules.deck.ranks}
        return Hand.from_counts(self.rules.deck.copies if c.rank in ranks else 0 for c in CARDS)

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    def card_points(self, card: Card) -> int:
        return self.rules.points.cards[card.rank.letter]

    def hand_points(self, hand: Hand) -> int:
        """The card points (counters) of ``hand``, a ``Hand`` of this deck's cards (TypeError
        for another type, DeckError for a card the deck lacks)."""
        self.check_hand(hand)
        return sum(self.card_points(c) * n for c, n in zip(CARDS, hand.counts) if n)

    def check_hand(self, hand: Hand, what: str = "hand", full: bool = False) -> Hand:
        """Every card in the deck and no more copies than it holds; with ``full``, as many
        cards as the deal gives a hand (``deal.hand_size``); returns the hand. ``hand`` is a
        ``Hand`` (TypeError otherwise: ``parse_hand`` reads text)."""
        _a_hand(hand, "check_hand")
        for card, n, have in zip(CARDS, hand.counts, self.deck.counts):
            if n and not have:
                raise DeckError(f"{what}: {card} is not in the {self.deck_size}-card deck of "
                                f"{self.id}")
            if n > have:
                raise DeckError(f"{what}: {n} copies of {card}, but the deck holds {have}")
        if full and len(hand) != self.rules.deal.hand_size:
            raise DeckError(f"{what}: {len(hand)} cards, but {self.id} deals "
                            f"{self.rules.deal.hand_size} [deal.hand_size]")
        return hand

    def parse_hand(self, text: str, what: str = "hand", full: bool = False) -> Hand:
        """A hand's text read and checked as ``check_hand`` checks it."""
        try:
            hand = Hand.parse(text)
        except NotationError as exc:
            raise NotationError(f"{what}: {exc}") from None
        return self.check_hand(hand, what, full)

    @overload
    def parse_trump(self, text: Optional[str], allow_none: Literal[False] = False) -> Suit: ...
    @overload
    def parse_trump(self, text: Optional[str], allow_none: bool) -> Optional[Suit]: ...

    def parse_trump(self, text: Optional[str], allow_none: bool = False) -> Optional[Suit]:
        """A trump suit; with ``allow_none``, 'none' (or - no nt) means no trump is named."""
        if text is not None and not isinstance(text, str):
            raise DeckError(f"trump must be text such as S or ♠, got {text!r}")
        if text is None or not text.strip():
            raise DeckError("name the trump suit: S H D C (or ♠ ♥ ♦ ♣)")
        if allow_none and text.strip().lower() in ("none", "-", "no", "nt"):
            return None
        try:
            return Suit.parse(str(text))
        except Exception:
            raise DeckError(f"bad trump {text!r:.40}: suits are S H D C (or ♠ ♥ ♦ ♣, or spades "
                            "hearts diamonds clubs)") from None

    def parse_deal(self, text: str, full: bool = False) -> Deal:
        deal = Deal.parse(text, self.seats)
        self.check_deal(deal, full=full)
        return deal

    def check_deal(self, deal: Deal, full: bool = False) -> Deal:
        """No card outside the deck or over its copies; with ``full``, every hand complete."""
        if deal.seats != self.seats:
            raise DeckError(f"deal: seats {' '.join(deal.seats)} do not match {self.id}'s "
                            f"seats {' '.join(self.seats)}")
        for seat, hand in deal.items():
            self.check_hand(hand, f"deal: seat {seat}")
        total = [0] * NUM_CARDS
        for hand in deal.hands:
            for i, n in enumerate(hand.counts):
                total[i] += n
        for card, n, have in zip(CARDS, total, self.deck.counts):
            if n > have:
                raise DeckError(f"deal: {n} copies of {card} in all hands, but the deck holds "
                                f"{have}")
        if full:
            need = self.rules.deal.hand_size
            for seat, hand in deal.items():
                if len(hand) != need:
                    raise DeckError(f"deal: seat {seat} holds {len(hand)} cards; a full deal "
                                    f"of {self.id} gives {need} each")
        return deal

    def random_deal(self, seed: int) -> Deal:
        """The hands of a full deal, dealt from the deck shuffled by ``seed`` (a whole number
        from 0 to 2**64 - 1): the same seed gives the same deal on every Python version and
        platform. ``pinosolve.variants.dealer.random_deal`` gives the undealt cards too.

        >>> v = load_variant("four-hand")
        >>> v.random_deal(seed=7) == v.random_deal(seed=7)
        True
        >>> [len(hand) for hand in v.random_deal(seed=7).hands]
        [12, 12, 12, 12]
        """
        from pinosolve.variants.dealer import random_deal

        return random_deal(self, seed).deal

    def summary(self) -> dict[str, Any]:
        r = self.rules
        return {"id": r.id, "name": r.name, "description": r.description, "source": r.source,
                "players": len(r.players.seats), "deck": self.deck_size,
                "hand_size": r.deal.hand_size}
