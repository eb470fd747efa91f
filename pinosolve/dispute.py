"""Settling a meld dispute: is each claimed meld a meld, and do the claims stand together?

Each claim is one meld as laid on the table. Feasibility is an assignment problem: give every
card slot of every claim a physical copy from the hand so that, within each reuse class, no
copy serves two claims. That is a set of all-different constraints per class and card, solved
with python-constraint. Per-group counting is not enough once a claim spans several classes
(a round house): three claims that pairwise share a class need three copies even though every
class sees only two, and the CSP gets that right.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from typing import Any, Optional

from pinosolve import meldtable
from pinosolve.cards import CARDS, Hand, Suit
from pinosolve.meldmodel import MeldOption, all_options, identify, read_claim
from pinosolve.variant import Variant

SUIT_NAMES = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


@dataclass
class ClaimVerdict:
    cards: list[str]
    meld: Optional[MeldOption]
    ok: bool = True
    reasons: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    @property
    def points(self) -> int:
        return self.meld.value if self.meld else 0

    def fail(self, reason: str, rule: str) -> None:
        self.ok = False
        self.reasons.append(reason)
        if rule not in self.rules:
            self.rules.append(rule)

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "meld": self.meld.label if self.meld else None,
                "points": self.points, "ok": self.ok,
                "reason": "; ".join(self.reasons) if self.reasons else "stands",
                "rules": self.rules}


def _trump_word(trump: Optional[Suit]) -> str:
    return f"{SUIT_NAMES[trump]} trump" if trump is not None else "no trump"


def explain_non_meld(variant: Variant, trump: Optional[Suit], counts: tuple[int, ...]) -> tuple[str, str]:
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
            return (f"would be a {found.label} {where}; with {_trump_word(trump)} it is no "
                    f"meld", f"meld.kinds.{found.kind}")
    inside = [o for o in all_options(variant, trump)
              if o.fits(counts) and o.counts != counts]
    if inside:
        best = max(inside, key=lambda o: (o.value, sum(o.counts)))
        extra = Hand.from_counts(a - b for a, b in zip(counts, best.counts))
        return (f"not one meld: it holds a {best.label} ({' '.join(best.cards())}) plus "
                f"{str(extra)}, which makes no meld with it", f"meld.kinds.{best.kind}")
    return (f"not a meld in {variant.id}'s meld table", "meld.kinds")


def _copies_csp(slots: list[tuple[int, str, int]], classes_of: dict[int, tuple[str, ...]],
                held: int) -> bool:
    """Whether the slots (claim, card, k) of one card get distinct copies per class."""
    from constraint import AllDifferentConstraint, Problem

    if not slots:
        return True
    if held == 0:
        return False
    problem = Problem()
    for slot in slots:
        problem.addVariable(slot, list(range(held)))
    for cls in sorted({c for claim, _, _ in slots for c in classes_of[claim]}):
        group = [s for s in slots if cls in classes_of[s[0]]]
        if len(group) > 1:
            problem.addConstraint(AllDifferentConstraint(), group)
    return problem.getSolution() is not None


def stand_together(hand: Hand, claims: list[tuple[int, MeldOption]]) -> list[tuple[str, list[int]]]:
    """Cards whose copies cannot be shared out among the claims: (card, claim numbers)."""
    classes_of = {i: m.classes for i, m in claims}
    conflicts = []
    for card in CARDS:
        slots = [(i, str(card), k) for i, m in claims for k in range(m.counts[card.index])]
        if not _copies_csp(slots, classes_of, hand.counts[card.index]):
            conflicts.append((str(card), sorted({s[0] for s in slots})))
    return conflicts


def verify_claims(variant: Variant, hand: Hand, trump: Optional[Suit], claims: list[Hand],
                  announced: Optional[int] = None) -> dict[str, Any]:
    """The ruling on a declared meld: each claim, the claims together, and the totals."""
    from pinosolve.meldsolver import best_meld

    verdicts: list[ClaimVerdict] = []
    for claim in claims:
        meld = read_claim(variant, trump, claim.counts)
        verdict = ClaimVerdict(claim.cards(), meld)
        if meld is None:
            reason, rule = explain_non_meld(variant, trump, claim.counts)
            verdict.fail(reason, rule)
        for card, n, have in zip(CARDS, claim.counts, hand.counts):
            if n > have:
                verdict.fail(f"{card} is not held" if have == 0 else
                             f"needs {n} copies of {card}, the hand holds {have}", "hand")
        verdicts.append(verdict)
    melds = [(i, v.meld) for i, v in enumerate(verdicts) if v.meld is not None]
    class_names = variant.rules.meld.classes
    grouped: dict[tuple[int, ...], list[str]] = {}
    for card, who in stand_together(hand, melds):
        grouped.setdefault(tuple(who), []).append(card)
    for who, cards in grouped.items():
        shared = sorted({c for i in who for c in verdicts[i].meld.classes
                         if sum(c in verdicts[j].meld.classes for j in who) > 1})
        if not shared:  # more copies than held inside one claim: reported above
            continue
        held = ", ".join(f"{hand.count(c)} {c}" for c in cards)
        cls_text = " and ".join(f"class {c} ({class_names[c]})" for c in shared)
        names = " and ".join(f"{i + 1} ({verdicts[i].meld.label})" for i in who)
        for i in who:
            verdicts[i].fail(
                f"{' '.join(cards)} cannot serve claims {names} at once: both are {cls_text} "
                f"and the hand holds {held}; a card serves at most one meld of each class",
                f"meld.classes.{shared[0]}")
    value = _best_standing_value(hand, verdicts)
    claimed = announced if announced is not None else sum(v.points for v in verdicts)
    best = best_meld(variant, hand, trump)
    problems = [f"claim {i + 1} ({' '.join(v.cards)}): {r}"
                for i, v in enumerate(verdicts) for r in v.reasons]
    if announced is not None and announced != value:
        problems.append(f"announced {announced}, but the claimed melds are worth {value}")
    return {
        "variant": variant.id,
        "trump": trump.name if trump is not None else "none",
        "hand": hand.cards(),
        "valid": all(v.ok for v in verdicts) and (announced is None or announced == value),
        "claimed_points": claimed,
        "claim_value": value,
        "max_points": best.total,
        "max_melds": best.to_json(),
        "melds": [v.to_json() for v in verdicts],
        "problems": problems,
    }


def _best_standing_value(hand: Hand, verdicts: list[ClaimVerdict]) -> int:
    """The most the claimed melds are worth: the best subset of them that stands together."""
    candidates = [(i, v.meld) for i, v in enumerate(verdicts)
                  if v.meld is not None and v.meld.fits(hand.counts)]
    if not stand_together(hand, candidates):
        return sum(m.value for _, m in candidates)
    best = 0
    for size in range(len(candidates), 0, -1):
        for subset in itertools.combinations(candidates, size):
            total = sum(m.value for _, m in subset)
            if total > best and not stand_together(hand, list(subset)):
                best = total
    return best
