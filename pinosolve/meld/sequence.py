"""Two-handed melding, one meld per trick won, checked step by step (sources 002 and 004).

A sequence file lists what happened on the table: each meld step names the cards laid from the
hand (``meld``) and the cards already on the table that join them (``table``), optionally the
points claimed and a dix shown alongside; a ``played`` step lists melded cards played away to a
trick, which breaks the melds they served; a ``declared`` step names a dix declared as it is
played to a trick from the hand (source 004's deece). The checker keeps every melded card as a
physical copy with the melds it has served, and applies the variant's ``[meld.sequence]``
rules:

* one meld per trick won (free kinds such as the dix may be shown alongside);
* at least one new card from the hand;
* re-use of a melded card only in a meld of another kind (source 002) or only upward: a higher
  class, or a higher-scoring meld of the same class (source 004);
* no single K or Q added to a marriage already on the table;
* no building on a meld broken by play;
* upgrade scoring: completing a bigger meld from an intact one scores the difference
  (royal marriage then run: 11, not 15; a second pinochle beside the first: 26);
* the dix exchange for the turned trump card;
* a dix declared as it is played, where the rules allow it: in the stock stage, from the hand,
  no more dixes scored than the deck holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from pinosolve.cards import Card, Hand, Suit, hand_from_data, symbols
from pinosolve.meld.dispute import explain_non_meld
from pinosolve.errors import PinosolveError
from pinosolve.inputs import SuitLike, VariantLike, as_trump, as_variant, check_keys
from pinosolve.meld.model import MeldOption, identify
from pinosolve.results import Result, optional
from pinosolve.variants.variant import Variant, number_of_tricks

STEP_KEYS = {"meld", "table", "points", "dix", "exchange", "played", "declared", "trick",
             "note"}


@dataclass
class Copy:
    """A physical card that has been melded."""

    card: Card
    melds: list[int] = field(default_factory=list)  # indices into Checker.melds
    on_table: bool = True


@dataclass
class TableMeld:
    option: MeldOption
    copies: list[int]
    step: int
    intact: bool = True


@dataclass
class StepResult:
    step: int
    trick: Optional[int]
    action: str
    cards: list[str]
    from_table: list[str] = field(default_factory=list)
    meld: Optional[str] = None
    points: int = 0
    claimed: Optional[int] = None
    violations: list[Violation] = field(default_factory=list)
    alongside: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""

    def violate(self, rule: str, reason: str, card: Optional[str] = None,
                meld: Optional[str] = None) -> None:
        self.violations.append(Violation(self.step, rule, Hand.parse(card or ""),
                                         meld or self.meld, reason))

    def ruling(self) -> StepRuling:
        return StepRuling(self.step, self.trick, self.action, Hand(self.cards),
                          Hand(self.from_table), self.meld, self.points, self.claimed,
                          not self.violations, tuple(self.violations),
                          tuple(Shown(Hand(a["cards"]), a["meld"], a["points"])
                                for a in self.alongside) or None,
                          self.note or None)


@dataclass(frozen=True, repr=False)
class Violation(Result):
    """A rule a step breaks: the step, the rule key, the cards and the meld (``name``)
    concerned, and why."""

    step: int
    rule: str
    cards: Hand
    name: Optional[str]
    reason: str


@dataclass(frozen=True, repr=False)
class Shown(Result):
    """A meld shown alongside a step's meld (a dix): its cards, name and meld points."""

    cards: Hand
    name: Optional[str]
    meld: int


@dataclass(frozen=True, repr=False)
class StepRuling(Result):
    """One step of a melding sequence: the trick it melds on, ``meld``, ``played`` or
    ``declared`` (a dix declared as it is played), its
    cards (from the hand; ``from_table``: already on the table), the meld it makes (``name``)
    and the meld points it scores, those claimed, whether it stands, and its violations."""

    step: int
    trick_number: Optional[int]
    action: str
    cards: Hand
    from_table: Hand
    name: Optional[str]
    meld: int
    claimed: Optional[int]
    stands: bool
    violations: tuple[Violation, ...]
    alongside: Optional[tuple[Shown, ...]] = optional()
    note: Optional[str] = optional()

    _repr_keys = ("step", "action", "cards", "name", "meld", "stands")


@dataclass(frozen=True, repr=False)
class SequenceRuling(Result):
    """The ruling on a two-handed melding sequence: whether every step stands (``valid``),
    the meld points scored (``meld``) and claimed (``claimed``), each step, every violation,
    and the rule keys broken (``rules``)."""

    variant: str
    trump: Suit
    valid: bool
    meld: int
    claimed: int
    steps: tuple[StepRuling, ...]
    violations: tuple[Violation, ...]
    rules: tuple[str, ...]

    _repr_keys = ("trump", "valid", "meld", "claimed", "violations")


class Checker:
    def __init__(self, variant: Variant, trump: Suit) -> None:
        if variant.rules.meld.sequence is None:
            raise PinosolveError(f"{variant.id} has no one-meld-per-trick melding "
                                 "([meld.sequence] in its rules file)")
        self.variant = variant
        self.trump = trump
        self.rules = variant.rules.meld.sequence
        self.copies: list[Copy] = []
        self.melds: list[TableMeld] = []
        self.trick_melds: dict[int, int] = {}  # trick number -> step that melded on it
        self.dix_exchanged = False
        self.dix_melded = False
        self.dixes_scored = 0       # dixes that scored, melded or declared
        self._step_dixes = 0        # dixes of the step being checked
        self.declared_on: set[int] = set()  # tricks a dix was declared on
        self.under: Optional[int] = None    # the copy of a dix exchanged, under the stock
        self.next_trick = 1

    def __deepcopy__(self, memo: dict[int, Any]) -> Checker:
        """A copy to change apart from this one (a search's): the table's state copied; the
        variant, its rules, the trump and the melds' definitions, which never change,
        shared."""
        new = object.__new__(Checker)
        new.__dict__.update(self.__dict__)
        new.copies = [Copy(c.card, list(c.melds), c.on_table) for c in self.copies]
        new.melds = [TableMeld(m.option, list(m.copies), m.step, m.intact) for m in self.melds]
        new.trick_melds = dict(self.trick_melds)
        new.declared_on = set(self.declared_on)
        return new

    # --- helpers -----------------------------------------------------------------------

    def _class_rank(self, option: MeldOption) -> int:
        order = self.rules.class_order
        return max(order.index(c) for c in option.classes) if order else 0

    def _on_table(self, card: Card) -> list[int]:
        return [i for i, c in enumerate(self.copies) if c.on_table and c.card == card]

    def _pick_copies(self, cards: Hand, option: Optional[MeldOption],
                     res: StepResult) -> list[int]:
        """Choose which melded copy each table card is: the most permissive reading."""
        chosen: list[int] = []
        for card in cards:
            free = [i for i in self._on_table(card) if i not in chosen]
            if not free:
                res.violate("table", f"{card.symbol} is not among the melded cards on the "
                            "table", str(card))
                continue

            def cost(i: int) -> tuple[int, int]:
                served = [self.melds[m] for m in self.copies[i].melds]
                same = sum(1 for m in served if option and m.option.kind == option.kind)
                broken = sum(1 for m in served if not m.intact)
                return (same + broken, i)

            chosen.append(min(free, key=cost))
        return chosen

    # --- steps -------------------------------------------------------------------------

    def meld(self, n: int, step: dict[str, Any]) -> StepResult:
        self._step_dixes = 0
        from_hand = _cards(step.get("meld", ""), n, "meld")
        from_table = _cards(step.get("table", ""), n, "table")
        trick = step.get("trick")
        if trick is None:
            trick = self.next_trick
        elif isinstance(trick, bool) or not isinstance(trick, int):
            raise PinosolveError(f"step {n}: trick must be a whole number, got {trick!r}")
        else:
            last = number_of_tricks(self.variant)
            if not 1 <= trick <= last:
                raise PinosolveError(f"step {n}: trick {trick} is not a trick of "
                                     f"{self.variant.id} (1 to {last})")
            if trick < self.next_trick - 1:  # (the same trick again: a free kind beside)
                raise PinosolveError(f"step {n}: trick {trick} comes before trick "
                                     f"{self.next_trick - 1} of an earlier step: the steps "
                                     "go in the order they were played")
        self.next_trick = max(self.next_trick, trick + 1)
        res = StepResult(n, trick, "meld", (from_hand + from_table).cards(),
                         from_table.cards(), claimed=_points(step, n),
                         note=str(step.get("note", "")))
        option = identify(self.variant, self.trump, (from_hand + from_table).counts)
        res.meld = option.name if option else None
        if option is None:
            reason, rule = explain_non_meld(self.variant, self.trump,
                                            (from_hand + from_table).counts)
            res.violate(rule, reason)
        free_kind = option is not None and option.kind in self.rules.free_kinds
        if self.rules.one_meld_per_trick and not free_kind:
            if trick in self.trick_melds:
                res.violate("meld.sequence.one_meld_per_trick",
                            f"trick {trick} already gave the meld of step "
                            f"{self.trick_melds[trick]}: one meld per trick won")
            self.trick_melds.setdefault(trick, n)
        if self.rules.new_card_from_hand and not from_hand:
            res.violate("meld.sequence.new_card_from_hand",
                        "no card comes from the hand: a meld must add at least one new card, "
                        "not only re-arrange the cards on the table")
        reused = self._pick_copies(from_table, option, res)
        absorbed: list[int] = []
        if option is not None:
            absorbed = self._check_reuse(option, reused, from_hand, res)
        value = option.meld if option is not None else 0
        if option is not None and self.rules.upgrade_scoring:
            value -= sum(self.melds[m].option.meld for m in absorbed)
        if option is not None and option.kind in self.rules.free_kinds:
            self._dix(n, step, res, str(from_hand))
        if res.violations:
            value = 0  # a meld that breaks a rule scores nothing
        res.points = value
        self._dix_alongside(n, step, res)
        if res.claimed is not None and res.claimed != res.points and not res.violations:
            why = ""
            if absorbed and option is not None and self.rules.upgrade_scoring:
                parts = ", ".join(self.melds[m].option.name for m in absorbed)
                why = (f": it completes the {parts} already scored, so it adds "
                       f"{option.meld} - {option.meld - res.points} (upgrade scoring)")
            rule = "meld.sequence.upgrade_scoring" if absorbed else "meld.kinds"
            broken = self._broken_twin(option) if option is not None else None
            if broken is not None and option is not None and not absorbed:
                rule = "meld.sequence.broken_by_play"
                why = (f": the {broken.option.name} of step {broken.step} was broken by play, "
                       f"so this {option.name} cannot pair with it and scores alone")
            res.violate(rule, f"claimed {res.claimed} but the meld is worth {res.points}{why}")
        if option is not None and not any(v.rule in ("table",) for v in res.violations):
            self._lay(option, from_hand, reused, absorbed, n)
        if not res.violations:  # (a dix of a step that breaks a rule scores nothing)
            self.dixes_scored += self._step_dixes
        return res

    def _check_reuse(self, option: MeldOption, reused: list[int], from_hand: Hand,
                     res: StepResult) -> list[int]:
        """Apply the re-use rules; return the intact melds the new meld absorbs (upgrade)."""
        absorbed = []
        for m_index in sorted({m for i in reused for m in self.copies[i].melds}):
            old = self.melds[m_index]
            cards = [str(self.copies[i].card) for i in reused if m_index in self.copies[i].melds]
            card, shown = " ".join(cards), symbols(cards)
            same_kind = (old.option.kind, old.option.multiple) == (option.kind, option.multiple)
            same_class = bool(set(old.option.classes) & set(option.classes))
            if not old.intact and same_class:
                res.violate("meld.sequence.broken_by_play",
                            f"{shown} belonged to the {old.option.name} of step {old.step}, "
                            f"broken by play: a broken meld cannot be built on", card,
                            old.option.name)
                continue
            if same_kind and from_hand and not self.rules.add_to_marriage and \
                    len(cards) < sum(old.option.counts):
                res.violate("meld.sequence.add_to_marriage",
                            f"{symbols(from_hand)} added to the {old.option.name} "
                            f"on the table (step {old.step}): another {option.name} needs a "
                            f"new pair of cards, not a single card added to one on the table",
                            card, old.option.name)
            if self.rules.reuse == "other-kind" and same_kind:
                res.violate("meld.sequence.reuse",
                            f"{shown} already serves the {old.option.name} of step {old.step}: "
                            f"a melded card may meld again only in a different kind of meld",
                            card, old.option.name)
            elif self.rules.reuse == "upward":
                new_rank, old_rank = self._class_rank(option), self._class_rank(old.option)
                if new_rank < old_rank:
                    res.violate("meld.sequence.reuse",
                                f"{shown} already serves the {old.option.name} of step "
                                f"{old.step} in class {'/'.join(old.option.classes)}: melding "
                                f"it into class {'/'.join(option.classes)} is melding down",
                                card, old.option.name)
                elif new_rank == old_rank and option.meld <= old.option.meld:
                    res.violate("meld.sequence.reuse",
                                f"{shown} already serves the {old.option.name} of step "
                                f"{old.step}: in the same class a card melds again only into a "
                                f"higher-scoring meld", card, old.option.name)
            all_in = all(i in reused for i in old.copies if self.copies[i].on_table) and \
                all(self.copies[i].on_table for i in old.copies)
            if same_class and all_in and option.meld > old.option.meld:
                absorbed.append(m_index)
        return absorbed

    def _broken_twin(self, option: MeldOption) -> Optional[TableMeld]:
        """A broken meld of the same kind that a multiple would have needed intact."""
        for m in reversed(self.melds):
            if m.option.kind == option.kind and not m.intact and \
                    any(not self.copies[i].on_table for i in m.copies):
                return m
        return None

    def _dix(self, n: int, step: dict[str, Any], res: StepResult, cards: str) -> None:
        exchange = step.get("exchange", False)
        if not isinstance(exchange, bool):
            raise PinosolveError(f"step {n}: exchange must be true or false")
        rule, shown = self.rules.dix_exchange, symbols(cards.split())
        if exchange and rule == "none":
            res.violate("meld.sequence.dix_exchange",
                        f"{shown} exchanged for the turned card, but {self.variant.id} has no "
                        "dix exchange", cards)
        elif exchange and self.dix_exchanged:
            res.violate("meld.sequence.dix_exchange",
                        f"{shown}: the turned card was already taken by an earlier exchange",
                        cards)
        elif not exchange and rule == "first-must" and not self.dix_melded:
            res.violate("meld.sequence.dix_exchange",
                        f"{shown} is the first dix melded, so it must be exchanged for the "
                        "turned trump card", cards)
        if self.dixes_scored + self._step_dixes >= self._dixes():
            res.violate("deck.copies", f"{shown}: the deck holds {self._dixes()} and "
                        f"{self.dixes_scored + self._step_dixes} already scored", cards)
        self.dix_exchanged = self.dix_exchanged or exchange
        self.dix_melded = True
        self._step_dixes += 1

    def _dix_alongside(self, n: int, step: dict[str, Any], res: StepResult) -> None:
        if "dix" not in step:
            return
        cards = _cards(step["dix"], n, "dix")
        option = identify(self.variant, self.trump, cards.counts)
        entry = {"cards": cards.cards(), "meld": option.name if option else None,
                 "points": option.meld if option else 0}
        res.alongside.append(entry)
        if option is None or option.kind not in self.rules.free_kinds:
            res.violate("meld.sequence.free_kinds",
                        f"{symbols(cards)} cannot be shown alongside another meld: only "
                        f"{', '.join(self.rules.free_kinds)} may be", str(cards))
            entry["points"] = 0
            return
        before = len(res.violations)
        self._dix(n, step, res, str(cards))
        if len(res.violations) > before:
            entry["points"] = 0
            return
        res.points += option.meld
        self._lay(option, cards, [], [], n)

    def _lay(self, option: MeldOption, from_hand: Hand, reused: list[int],
             absorbed: list[int], n: int) -> None:
        ids = list(reused)
        for card in from_hand:
            self.copies.append(Copy(card))
            ids.append(len(self.copies) - 1)
        self.melds.append(TableMeld(option, ids, n))
        for i in ids:
            self.copies[i].melds.append(len(self.melds) - 1)
        for m in absorbed:  # the smaller meld lives on inside the bigger one
            self.melds[m].intact = False

    def played(self, n: int, step: dict[str, Any]) -> StepResult:
        cards = _cards(step.get("played", ""), n, "played")
        res = StepResult(n, None, "played", cards.cards(), note=str(step.get("note", "")))
        for card in cards:
            here = self._on_table(card)
            if not here:
                res.violate("table", f"{card.symbol} is not among the melded cards on the "
                            "table", str(card))
                continue
            # the copy whose melds are already broken, or the fewest melds, goes first
            i = min(here, key=lambda k: (sum(self.melds[m].intact
                                             for m in self.copies[k].melds), k))
            self.copies[i].on_table = False
            for m in self.copies[i].melds:
                self.melds[m].intact = False
        return res


    def declared(self, n: int, step: dict[str, Any]) -> StepResult:
        """A dix declared as it is played to a trick from the hand (source 004: "You can also
        collect the 10 points for the deece simply by declaring it as it is played to a
        trick"): not a melding turn, on a trick won or lost, in the stock stage only."""
        cards = _cards(step["declared"], n, "declared")
        trick = _trick(self.variant, step, n)
        res = StepResult(n, trick, "declared", cards.cards(), claimed=_points(step, n),
                         note=str(step.get("note", "")))
        option = identify(self.variant, self.trump, cards.counts)
        res.meld = option.name if option else None
        stock_tricks = self.variant.rules.deal.kitty // len(self.variant.seats)
        if not self.rules.dix_as_played:
            res.violate("meld.sequence.dix_as_played",
                        f"{symbols(cards)} declared as it is played, but in "
                        f"{self.variant.id} a dix scores only when melded")
        elif option is None or option.kind not in self.rules.free_kinds or len(cards) != 1:
            res.violate("meld.sequence.dix_as_played",
                        f"{symbols(cards)} is not a dix: only "
                        f"{', '.join(self.rules.free_kinds)} may be declared as it is played",
                        str(cards))
        elif trick is not None and trick in self.declared_on:
            res.violate("meld.sequence.dix_as_played",
                        f"trick {trick} already had a dix declared: a player plays one card "
                        "to a trick", str(cards))
        elif trick is not None and trick > stock_tricks:
            res.violate("meld.sequence.dix_as_played",
                        f"trick {trick} is in the play-off: melding, and declaring, end with "
                        f"the stock (trick {stock_tricks})", str(cards))
        elif self.dixes_scored >= self._dixes():
            res.violate("meld.sequence.dix_as_played",
                        f"{symbols(cards)}: the deck holds {self._dixes()} and "
                        f"{self.dixes_scored} already scored", str(cards))
        if trick is not None:
            if trick < self.next_trick - 1:
                raise PinosolveError(f"step {n}: trick {trick} comes before trick "
                                     f"{self.next_trick - 1} of an earlier step: the steps "
                                     "go in the order they were played")
            self.next_trick = max(self.next_trick, trick + 1)
        if not res.violations and option is not None:
            res.points = option.meld
            self.dixes_scored += 1
            if trick is not None:
                self.declared_on.add(trick)
        if res.claimed is not None and res.claimed != res.points and not res.violations:
            res.violate("meld.kinds", f"claimed {res.claimed} but the dix is worth {res.points}")
        return res

    def _dixes(self) -> int:
        return self.variant.rules.deck.copies


def _trick(v: Variant, step: dict[str, Any], n: int) -> Optional[int]:
    trick = step.get("trick")
    if trick is None:
        return None
    last = number_of_tricks(v)
    if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= last:
        raise PinosolveError(f"step {n}: trick must be a trick of {v.id} (1 to {last}), "
                             f"got {trick!r:.40}")
    return trick


def _cards(value: Any, n: int, key: str) -> Hand:
    return hand_from_data(value, f"step {n}: {key}")


def _points(step: dict[str, Any], n: int) -> Optional[int]:
    value = step.get("points")
    if value is None:
        return None
    from pinosolve.inputs import as_amount

    return as_amount(value, f"step {n}: points")


def read_sequence(path: str) -> dict[str, Any]:
    """A sequence file, TOML or JSON."""
    from pinosolve.files import read_table

    return read_table(path, "sequence file", "a table with 'steps'")


def verify_sequence(variant: Variant, trump: Suit, steps: Any) -> SequenceRuling:
    """Check a whole melding sequence; every violation names the meld, the card and the rule."""
    if not isinstance(steps, list) or not steps:
        raise PinosolveError("a sequence needs a non-empty list 'steps'")
    checker = Checker(variant, trump)
    results = []
    for n, step in enumerate(steps, 1):
        if not isinstance(step, dict):
            raise PinosolveError(f"step {n}: expected a table of keys, got {step!r}")
        check_keys(step, STEP_KEYS, f"step {n}")
        if "played" in step:
            if set(step) - {"played", "note"}:
                raise PinosolveError(f"step {n}: a 'played' step lists only cards played away")
            results.append(checker.played(n, step))
        elif "declared" in step:
            if set(step) - {"declared", "trick", "points", "note"}:
                raise PinosolveError(f"step {n}: a 'declared' step names the dix declared as "
                                     "it is played (with 'trick' and 'points' if given)")
            results.append(checker.declared(n, step))
        elif "meld" in step or "table" in step:
            results.append(checker.meld(n, step))
        else:
            raise PinosolveError(f"step {n}: needs 'meld' (and 'table'), 'played' or "
                                 "'declared'")
    total = sum(r.points for r in results)
    claimed = sum(r.claimed if r.claimed is not None else r.points for r in results)
    violations = tuple(v for r in results for v in r.violations)
    return SequenceRuling(variant.id, trump, all(not r.violations for r in results), total,
                          claimed, tuple(r.ruling() for r in results), violations,
                          tuple(sorted({v.rule for v in violations})))


SEQUENCE_KEYS = {"variant", "rules", "trump", "steps", "note", "title"}


def verify_sequence_file(path: str, variant: Optional[VariantLike] = None,
                         trump: SuitLike = None) -> SequenceRuling:
    """Check the melding sequence in the file ``path`` (TOML or JSON: ``steps``, and the
    ``variant`` or ``rules`` file and ``trump``, else ``variant`` and ``trump`` given here);
    a meld-sequence puzzle file is read as its position."""
    from pathlib import Path

    from pinosolve.variants.variant import resolve, rules_path

    if not isinstance(path, str):
        raise PinosolveError(f"sequence must be a file path, got {path!r}")
    data = read_sequence(path)
    if isinstance(data.get("position"), dict) and "steps" in data["position"]:
        # a meld-sequence puzzle: its position is the sequence
        data = {**{k: data[k] for k in ("variant", "rules") if k in data}, **data["position"]}
    check_keys(data, SEQUENCE_KEYS, path)
    if data.get("rules"):  # a path relative to the file, or a shipped one's name
        v = resolve(None, str(rules_path(str(data["rules"]), Path(path))))
    elif data.get("variant"):
        v = resolve(data.get("variant"), None)
    elif variant is not None:
        v = as_variant(variant)
    else:
        v = resolve(None, None)  # (says how to name the rules)
    trump_text = data.get("trump", trump)
    if trump_text is None:
        raise PinosolveError("name the trump in the sequence file or with trump=")
    return verify_sequence(v, as_trump(v, trump_text), data.get("steps"))
