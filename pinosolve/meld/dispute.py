"""Settling a meld dispute: what each claim is, what the cards laid are worth, and the ruling.

A declaration is a list of claims, each the cards of one meld as laid on the table, and
optionally the total announced for it. The ruling follows the cards, not how they are grouped:

* **What a claim is.** A claim is read as one meld (:func:`pinosolve.meld.model.read_claim`):
  the exact cards of a meld the table defines, else n sets of one single meld, named as that
  multiple and worth what the rules give n sets (eight aces in two-hand-57 are double aces
  around, 20; two dix in one claim are 2 x 10). Anything else is no meld, and the ruling says
  why (:func:`explain_non_meld`).
* **The cards laid.** The fewest physical copies that let every claim stand: a copy may serve
  claims of different reuse classes (``meld.classes``) but never two claims of one class, and a
  claim needs as many distinct copies as it shows; a claim that is no meld serves no class, so
  its cards are copies of their own. Per card this is the fewest colours of a multicolouring
  (claim i needs n_i colours, claims sharing a class get disjoint ones), solved by a greedy
  colouring when it meets the lower bound (the most copies one class or claim needs), else by
  a CP-SAT model of claims x copies booleans; nothing searches the subsets of the claims (20
  claims used to hang). The hand caps it: where the claims need more copies than are held,
  they do not stand together (each claim involved is told which card and class), and the
  copies held are what lies on the table.
* **What the declaration is worth.** The maximum meld of the laid cards
  (:func:`pinosolve.meld.solver.best_meld`), which depends on the multiset of cards only, so it
  is the same however the cards are split into claims. Claims that together make a larger
  meld are reported as that meld with the rule key that values it (two pinochle claims are a
  double pinochle, ``meld.kinds.pinochle.values``), and so are melds of the laid cards that no
  claim named.
* **The ruling.** A claim stands when it is a meld, its cards are held and it shares no copy
  with a claim of its class beyond the copies held. The declaration stands when the hand can
  lay every claim (its cards held, no copy asked of two claims of one class beyond the copies
  held) and the announced total, if given, equals the laid cards' value. A claim that is no
  meld of its own fails alone, not the declaration, where its cards make a meld with the
  others' ("AS TS JS" beside "KS QS" lays a run: the verdict, like the value, does not depend
  on the grouping); each of its cards that the laid cards' value does not need fails the
  declaration (``_dead_cards``).
"""

from __future__ import annotations

from collections import Counter

import dataclasses
from dataclasses import dataclass, field
from typing import Optional, Union
from collections.abc import Sequence

from pinosolve.meld import table as meldtable
from pinosolve.cards import CARDS, Card, Hand, Suit, symbols
from pinosolve.errors import PinosolveError
from pinosolve.inputs import (HandLike, SuitLike, VariantLike, as_hand, as_trump, as_variant,
                              as_whole)
from pinosolve.meld.model import MeldOption, all_options, identify, read_claim
from pinosolve.results import Result, TrumpName
from pinosolve.variants.variant import Variant

SUIT_NAMES = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


@dataclass
class ClaimVerdict:
    cards: list[str]
    meld: Optional[MeldOption]
    ok: bool = True
    reasons: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    unheld: bool = False  # it asks for cards (or copies) the hand does not hold

    @property
    def points(self) -> int:
        return self.meld.meld if self.meld else 0

    def fail(self, reason: str, rule: str, unheld: bool = False) -> None:
        """The claim does not stand as one meld: ``reason``, decided by ``rule``;
        ``unheld``: because the hand cannot lay it (which fails the declaration too)."""
        self.ok = False
        self.unheld = self.unheld or unheld
        self.reasons.append(reason)
        if rule not in self.rules:
            self.rules.append(rule)

    def ruling(self) -> ClaimRuling:
        return ClaimRuling(Hand(self.cards), self.meld.name if self.meld else None,
                           self.points, self.ok,
                           "; ".join(self.reasons) if self.reasons else "stands",
                           tuple(self.rules))


@dataclass(frozen=True, repr=False)
class ClaimRuling(Result):
    """One claim: its cards, the meld it is (``name``, None: no meld) and its meld points,
    whether it stands, why (``reason``) and the rule keys that decide (``rules``)."""

    cards: Hand
    name: Optional[str]
    meld: int
    stands: bool
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class RuledMeld(Result):
    """A meld the laid cards make, its meld points, and the rule key that values it."""

    name: str
    meld: int
    rule: str


@dataclass(frozen=True, repr=False)
class CombinedClaims(Result):
    """Claims whose cards together make melds worth other than the claims: the claim numbers
    (from 1), the meld points they claimed, what the melds they make are worth (``meld``),
    those melds, and the sentence that says so."""

    claim_numbers: tuple[int, ...]
    claimed: int
    meld: int
    melds: tuple[RuledMeld, ...]
    text: str


@dataclass(frozen=True, repr=False)
class Ruling(Result):
    """The ruling on a declared meld (``verify``): whether it stands (``valid``), each claim
    (``claims``), the cards laid and their meld (``laid``, ``meld``, ``melds``), the points
    claimed (``claimed``: announced, else the claims added up), the holding's maximum
    (``max_meld``, ``max_melds``), and what fails it (``problems``) or is only noted
    (``notes``)."""

    variant: str
    trump: TrumpName
    hand: Hand
    valid: bool
    announced: Optional[int]
    claimed: int
    meld: int
    laid: Hand
    melds: tuple[MeldOption, ...]
    combined: tuple[CombinedClaims, ...]
    max_meld: int
    max_melds: tuple[MeldOption, ...]
    claims: tuple[ClaimRuling, ...]
    problems: tuple[str, ...]
    notes: tuple[str, ...]

    _repr_keys = ("trump", "valid", "claimed", "meld", "max_meld", "claims", "problems")


@dataclass(frozen=True, repr=False)
class AnnouncedRuling(Result):
    """Is an announced total right? (``verify --announced`` with no claims): the holding's
    maximum meld for the trump (``max_meld``, ``max_melds``) against the total ``announced``;
    ``valid`` where they are equal; ``off_by``: the announced less the maximum (above 0: too
    high, below 0: too low); ``ruling``: the answer in the player's words first, then the
    rules' names of the melds."""

    variant: str
    trump: TrumpName
    hand: Hand
    valid: bool
    announced: int
    max_meld: int
    max_melds: tuple[MeldOption, ...]
    off_by: int
    ruling: str

    _repr_keys = ("trump", "valid", "announced", "max_meld", "off_by")


def check_announced(variant: VariantLike, hand: HandLike, trump: SuitLike,
                    announced: int) -> AnnouncedRuling:
    """Is ``announced`` the meld ``hand`` makes with ``trump``? Its maximum meld against the
    total: right, too high (by how much, and the best meld) or too low. Raises
    ``PinosolveError`` for a hand, trump or total that cannot be one.

    >>> r = check_announced("four-hand", "AS TS KS QS JS KH QH", "S", 20)
    >>> r.valid, r.off_by
    (False, 3)
    >>> r.ruling.split("; ")
    ['you announced 20', 'the hand makes at most 17 with spades trump: a run (15) and a \
marriage in hearts (2)', 'that is 3 too high']
    """
    from pinosolve.inputs import as_amount
    from pinosolve.meld.solver import best_meld

    v = as_variant(variant)
    named = as_trump(v, trump, allow_none=True)
    held = as_hand(v, hand)
    total = as_amount(announced, "announced")
    best = best_meld(v, held, named)
    off = total - best.meld
    return AnnouncedRuling(v.id, named, held, off == 0, total, best.meld, best.melds, off,
                           _announced_words(total, best.meld, best.melds, named))


def _announced_words(announced: int, best: int, melds: Sequence[MeldOption],
                     trump: Optional[Suit]) -> str:
    """The ruling on an announced total, as a player would say it."""
    made = _listed([f"{_a(m.name)} ({m.meld})" for m in melds]) if melds else "no meld"
    head = f"you announced {announced}; "
    if announced > best:
        return (f"{head}the hand makes at most {best} with {_trump_word(trump)}: {made}; "
                f"that is {announced - best} too high")
    if announced < best:
        return (f"{head}the hand makes {best} with {_trump_word(trump)}: {made}; that is "
                f"{best - announced} too low")
    return f"{head}right: the hand makes {best} with {_trump_word(trump)}: {made}"


PLURAL = ("around", "aces", "kings", "queens", "jacks", "nines", "tens")


def _a(name: str) -> str:
    """A meld's name as a player says it: "a run", "a marriage in hearts", but "kings
    around", "hundred aces" and "2 x dix" as they are."""
    if name[:1].isdigit() or name.split()[-1] in PLURAL:
        return name
    return ("an " if name[:1] in "aeiou" else "a ") + name


def _trump_word(trump: Optional[Suit]) -> str:
    return f"{SUIT_NAMES[trump]} trump" if trump is not None else "no trump"


def explain_non_meld(variant: Variant, trump: Optional[Suit],
                     counts: tuple[int, ...]) -> tuple[str, str]:
    """Why these cards are no meld, and the rule key that says so."""
    for kid, kind in variant.rules.meld.kinds.items():
        if kind.enabled:
            continue
        on = dataclasses.replace(kind, enabled=True)
        for _, single in meldtable.instances(on, trump):
            base = [0] * len(CARDS)
            for card, n in single.items():
                base[card.index] = n
            for mult, value in enumerate(on.values, 1):
                if value and tuple(n * mult for n in base) == counts:
                    return (f"{meldtable.multiple_name(on, mult)} is an optional meld that "
                            f"{variant.id} does not use", f"meld.kinds.{kid}.enabled")
    for other in [*Suit, None]:
        if other == trump:
            continue
        found = identify(variant, other, counts)
        if found is not None:
            where = (f"when {SUIT_NAMES[other]} are trump" if other is not None
                     else "with no trump named")
            return (f"would be a {found.name} {where}; with {_trump_word(trump)} it is no "
                    f"meld", f"meld.kinds.{found.kind}")
    inside = [o for o in all_options(variant, trump)
              if o.fits(counts) and o.counts != counts]
    if inside:
        best = max(inside, key=lambda o: (o.meld, sum(o.counts)))
        extra = Hand.from_counts(a - b for a, b in zip(counts, best.counts))
        return (f"not one meld: it holds a {best.name} ({symbols(best.cards)}) plus "
                f"{symbols(extra)}, which makes no meld with it", f"meld.kinds.{best.kind}")
    return (f"not a meld in {variant.id}'s meld table", "meld.kinds")


Use = tuple[int, frozenset[str]]  # copies one claim shows of a card, and its reuse classes
Laying = tuple[tuple[int, ...], frozenset[str]]  # a claim's card counts, and its reuse classes


def fewest_copies(uses: Sequence[Use], cap: int) -> Optional[int]:
    """The fewest copies of one card that let every claim using it stand: claim i shows n_i
    distinct copies, and claims that share a reuse class use different copies. None when that
    takes more than ``cap`` copies (the claims do not stand together on ``cap`` copies)."""
    uses = [u for u in uses if u[0]]
    if not uses:
        return 0
    classes = {c for _, cls in uses for c in cls}
    bound = max([n for n, _ in uses] + [sum(n for n, cls in uses if c in cls) for c in classes])
    if bound > cap:
        return None
    greedy = _greedy_copies(uses)
    if greedy == bound:
        return bound
    return _copies_model(uses, min(greedy, cap))


def _greedy_copies(uses: list[Use]) -> int:
    """Copies used by giving each claim in turn the lowest copies its class-mates left free."""
    given: list[set[int]] = []
    for n, cls in uses:
        taken = set().union(*(mine for mine, (_, other) in zip(given, uses) if cls & other))
        mine: set[int] = set()
        copy = 0
        while len(mine) < n:
            if copy not in taken:
                mine.add(copy)
            copy += 1
        given.append(mine)
    return max(max(mine) + 1 for mine in given)


def _copies_model(uses: list[Use], copies: int) -> Optional[int]:
    """The fewest of ``copies`` copies that serve the claims, by CP-SAT (None: not enough).
    Boolean b[i][t]: claim i uses copy t; y[t]: copy t is laid; at most one claim of a class
    per copy; minimise the copies laid."""
    from ortools.sat.python import cp_model_helper as cmh

    from pinosolve.meld.solver import sat_parameters, solve_proto

    proto = cmh.CpModelProto()

    def booleans(k: int) -> list[int]:
        for _ in range(k):
            proto.variables.add().domain.extend([0, 1])
        return list(range(len(proto.variables) - k, len(proto.variables)))

    def row(terms: list[tuple[int, int]], low: int, high: int) -> None:
        con = proto.constraints.add().linear
        con.vars.extend(v for v, _ in terms)
        con.coeffs.extend(c for _, c in terms)
        con.domain.extend([low, high])

    laid = booleans(copies)
    use = [booleans(copies) for _ in uses]
    for (n, _), mine in zip(uses, use):
        row([(b, 1) for b in mine], n, n)
        for b, y in zip(mine, laid):
            row([(b, 1), (y, -1)], -1, 0)
    for cls in sorted({c for _, kinds in uses for c in kinds}):
        members = [mine for (_, classes), mine in zip(uses, use) if cls in classes]
        for t in range(copies):
            row([(mine[t], 1) for mine in members], 0, 1)
    for a, b in zip(laid, laid[1:]):  # the copies laid are the first ones: no symmetric twins
        row([(a, 1), (b, -1)], 0, 1)
    proto.objective.vars.extend(laid)
    proto.objective.coeffs.extend([1] * copies)
    response = solve_proto(proto, sat_parameters())
    if response.status == cmh.CpSolverStatus.INFEASIBLE:
        return None
    if response.status != cmh.CpSolverStatus.OPTIMAL:  # pragma: no cover - a bug guard
        raise PinosolveError(f"copies model not solved ({response.status})")
    return sum(response.solution[y] for y in laid)


def stand_together(hand: Hand, claims: list[tuple[int, MeldOption]]) -> list[tuple[str, list[int]]]:
    """Cards whose copies cannot be shared out among the claims: (card, claim numbers)."""
    conflicts = []
    for card in CARDS:
        uses = [(m.counts[card.index], frozenset(m.classes)) for _, m in claims]
        if fewest_copies(uses, hand.counts[card.index]) is None:
            conflicts.append((str(card), [i for i, m in claims if m.counts[card.index]]))
    return conflicts


def laid_cards(hand: Hand, claims: Sequence[Laying]) -> Hand:
    """The cards a declaration lays: per card the fewest copies that let every claim stand,
    at most the copies held. Each claim is (card counts, reuse classes); give a claim that is
    no meld every class, so that its cards are copies of their own."""
    laid = []
    for card in CARDS:
        held = hand.counts[card.index]
        need = fewest_copies([(counts[card.index], cls) for counts, cls in claims], held)
        laid.append(held if need is None else need)
    return Hand.from_counts(laid)


def _read(variant: Variant, hand: Hand, trump: Optional[Suit], claim: Hand) -> ClaimVerdict:
    """One claim on its own: the meld it lays, and whether the hand holds its cards."""
    verdict = ClaimVerdict(claim.cards(), read_claim(variant, trump, claim.counts))
    if verdict.meld is None:
        reason, rule = explain_non_meld(variant, trump, claim.counts)
        verdict.fail(reason, rule)
    for card, n, have in zip(CARDS, claim.counts, hand.counts):
        if n > have:
            verdict.fail(f"{card.symbol} is not held" if have == 0 else
                         f"needs {n} copies of {card.symbol}, the hand holds {have}", "hand",
                         True)
    return verdict


NAMED = 4  # how many claims a claim's reason names, of those it conflicts with


def _report_conflicts(variant: Variant, hand: Hand, verdicts: list[ClaimVerdict]) -> None:
    """Fail the claims of one class that need more copies of a card than are held."""
    melds = [(i, v.meld) for i, v in enumerate(verdicts) if v.meld is not None]
    meld_of = dict(melds)
    class_names = variant.rules.meld.classes
    grouped: dict[tuple[int, ...], list[str]] = {}
    for card, claims in stand_together(hand, melds):
        grouped.setdefault(tuple(claims), []).append(card)
    for who, cards in grouped.items():
        claims_per_class = Counter(c for i in who for c in set(meld_of[i].classes))
        shared = sorted(c for c, k in claims_per_class.items() if k > 1)
        if not shared:  # more copies than held inside one claim: reported by _read
            continue
        held = ", ".join(f"{hand.count(c)} {symbols([c])}" for c in cards)
        cls_text = " and ".join(f"class {c} ({class_names[c]})" for c in shared)
        shown = [f"{i + 1} ({meld_of[i].name})" for i in who[:NAMED]]
        if len(who) > NAMED:  # each claim's reason names a few: n claims, not n * n names
            shown.append(f"{len(who) - NAMED} more")
        names = _listed(shown)
        every = "both" if len(who) == 2 else "all"
        for i in who:
            verdicts[i].fail(
                f"{symbols(cards)} cannot serve claims {names} at once: the hand holds {held}, "
                f"and a card serves at most one meld of each class; {every} are {cls_text}",
                f"meld.classes.{shared[0]}", True)


def _dead_cards(variant: Variant, trump: Optional[Suit], laid: Hand, value: int,
                claims: list[Hand], verdicts: list[ClaimVerdict]) -> list[str]:
    """The cards of claims that are no meld of their own which the laid cards' value does
    not need (without one copy, they are worth as much): cards laid as meld that are none.
    A claim that is a meld laid its cards as that meld, and they are never dead."""
    from pinosolve.meld.solver import best_meld

    # (a held claim that is no meld serves every class: its cards are all among the laid)
    suspects = {CARDS.index(Card.parse(c)) for claim, v in zip(claims, verdicts)
                if v.meld is None and not v.unheld for c in claim.cards()}
    dead = []
    for index in sorted(suspects):
        counts = list(laid.counts)
        counts[index] -= 1
        if best_meld(variant, Hand.from_counts(counts), trump).meld >= value:
            dead.append(str(CARDS[index]))
    return dead


def _numbers(claims: list[int]) -> str:
    words = [str(i + 1) for i in claims]
    return ("claim " if len(words) == 1 else "claims ") + (
        words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1])


def _combined(verdicts: list[ClaimVerdict], claims: Sequence[Laying],
              laid: tuple[MeldOption, ...]) -> list[CombinedClaims]:
    """Where the laid cards' melds differ in value from the claims that lay them: groups of
    claims and laid melds joined by a card they share in a class they share (two pinochle
    claims and the double pinochle they make), including melds no claim names."""
    parent = list(range(len(claims) + len(laid)))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, (counts, classes) in enumerate(claims):
        for j, m in enumerate(laid):
            if classes & set(m.classes) and any(a and b for a, b in zip(counts, m.counts)):
                parent[root(i)] = root(len(claims) + j)
    groups: dict[int, tuple[list[int], list[MeldOption]]] = {}
    for x in range(len(parent)):
        who, melds = groups.setdefault(root(x), ([], []))
        if x < len(claims):
            who.append(x)
        else:
            melds.append(laid[x - len(claims)])
    out = []
    for who, melds in groups.values():
        claimed = sum(verdicts[i].points for i in who)
        worth = sum(m.meld for m in melds)
        if claimed == worth:
            continue
        lay = " + ".join(f"{m.name} [meld.kinds.{m.kind}.values]" for m in melds) or "no meld"
        who_text = (f"{_numbers(who)} {'makes' if len(who) == 1 else 'together make'}" if who
                    else "the cards laid also make")
        text = f"{who_text} {lay}, worth {worth}"
        out.append(CombinedClaims(tuple(i + 1 for i in who), claimed, worth,
                                  tuple(RuledMeld(m.name, m.meld, f"meld.kinds.{m.kind}.values")
                                        for m in melds), text))
    return out


def verify(variant: VariantLike, hand: Optional[HandLike],
           claims: Union[HandLike, Sequence[HandLike]], trump: SuitLike,
           announced: Optional[int] = None) -> Ruling:
    """The ruling on a declared meld: each claim (the cards of one meld as laid on the
    table), the cards laid and what they are worth, against the holding ``hand``;
    ``announced``: the total the player announced, if any. ``hand`` None (the holding not
    known, as at a table where only the meld was shown): the holding is taken as the cards
    laid, each claim's own (as many copies as the deck holds at most), and a note says so.

    >>> r = verify("four-hand", "KH QH KS QS", ["KH QH", "KS QS"], "S")
    >>> r.valid, r.meld, [c.meld for c in r.claims]
    (True, 6, [2, 4])
    """
    v = as_variant(variant)
    named = as_trump(v, trump, allow_none=True)
    if isinstance(claims, (str, Hand)):
        claims = [claims]
    if not isinstance(claims, (list, tuple)) or not claims:
        raise PinosolveError("give each claimed meld (the cards of one meld each)")
    read = []
    for i, claim in enumerate(claims, 1):
        if not isinstance(claim, (str, Hand, list, tuple)):
            raise PinosolveError(f"claim {i} must be cards as text, got {claim!r}")
        cards = as_hand(v, claim, f"claim {i}")
        if not cards:
            raise PinosolveError(f"claim {i} is empty")
        read.append(cards)
    if announced is not None:
        as_whole(announced, "announced")
    if hand is not None:
        return verify_claims(v, as_hand(v, hand), named, read, announced)
    deck = v.deck.counts
    laid = Hand.from_counts(min(sum(c.counts[k] for c in read), deck[k])
                            for k in range(len(deck)))
    ruling = verify_claims(v, laid, named, read, announced)
    note = ("no holding given: it is taken as the cards laid, each claim's own; what the "
            "hand held besides, and so its maximum meld, is not known")
    return dataclasses.replace(ruling, notes=(note, *ruling.notes))


def _reasons_once(verdicts: list[ClaimVerdict], unheld: bool) -> list[str]:
    """Each reason of the claims whose ``unheld`` is this, once, after the claims it fails
    (a conflict fails every claim in it, with one reason): "claims 1 (…) and 2 (…): …"."""
    claims_of: dict[str, list[int]] = {}
    for i, v in enumerate(verdicts):
        if v.unheld == unheld:
            for reason in v.reasons:
                claims_of.setdefault(reason, []).append(i)
    out = []
    for reason, idx in claims_of.items():
        named = _listed([f"{i + 1} ({symbols(verdicts[i].cards)})" for i in idx])
        out.append(f"claim{'s' if len(idx) > 1 else ''} {named}: {reason}")
    return out


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def verify_claims(variant: Variant, hand: Hand, trump: Optional[Suit], claims: list[Hand],
                  announced: Optional[int] = None) -> Ruling:
    """The ruling on a declared meld, from checked inputs (see :func:`verify`)."""
    from pinosolve.meld.solver import best_meld

    verdicts = [_read(variant, hand, trump, claim) for claim in claims]
    _report_conflicts(variant, hand, verdicts)
    every = frozenset(variant.rules.meld.classes)
    uses = [(claim.counts, frozenset(v.meld.classes) if v.meld else every)
            for claim, v in zip(claims, verdicts)]
    laid = laid_cards(hand, uses)
    worth = best_meld(variant, laid, trump)
    combined = _combined(verdicts, uses, worth.melds)
    value = worth.meld
    claimed = announced if announced is not None else sum(v.points for v in verdicts)
    best = best_meld(variant, hand, trump)
    # what fails the declaration: cards the hand cannot lay, cards laid that make no meld, and
    # a total announced wrong (a claim that is no meld of its own may lay cards of others')
    problems = _reasons_once(verdicts, unheld=True)
    notes = _reasons_once(verdicts, unheld=False)
    for card in _dead_cards(variant, trump, laid, value, claims, verdicts):
        problems.append(f"{symbols([card])}: laid in a claim that is no meld, and no meld of "
                        "the cards laid needs it [meld.kinds]")
    if announced is not None and announced != value:  # (the player's words, then the rules')
        made = _listed([f"{_a(m.name)} ({m.meld})" for m in worth.melds]) \
            if worth.melds else "no meld"
        why = (" (" + "; ".join(r.text for r in combined) + ")") if combined else ""
        problems.append(f"you announced {announced}; the cards laid make {value}: "
                        f"{made}{why}")
    return Ruling(variant.id, trump, hand, not problems, announced, claimed, value,
                  laid, worth.melds, tuple(combined), best.meld, best.melds,
                  tuple(v.ruling() for v in verdicts), tuple(problems), tuple(notes))
