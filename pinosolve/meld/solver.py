"""Maximum meld on OR-Tools CP-SAT.

The model, per variant and trump: one integer variable per meld option (how many times it is
declared), and for every reuse class and card one constraint "the melds of this class use at
most the copies held". Across classes a card may serve again; within a class it may not. The
objective maximises the total points, and the total is read back from the integer variable
values, never from the (floating-point) objective.

The model is built once per (variant, trump); a new hand only changes the right-hand sides of
the card constraints, which is what makes thousands of hands a second possible. We build the
``CpModelProto`` directly with ``cp_model_helper`` instead of going through ``cp_model``: the
model is a plain integer program, and skipping that layer (and the pandas it imports) keeps a
cold ``pinosolve meld`` well under half a second.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional
from collections.abc import Sequence

from ortools.sat.python import cp_model_helper as cmh

from pinosolve.cards import Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.meld.model import Declaration, MeldOption, group_multiples, options
from pinosolve.inputs import HandLike, SuitLike, VariantLike, as_hand, as_trump, as_variant
from pinosolve.results import Result, flatten, optional
from pinosolve.variants.variant import Variant

_ENUMERATION_LIMIT = 1000


def sat_parameters() -> Any:
    """CP-SAT's parameters for every model here. One worker: the models are small, and a batch
    runs one process per core. Ctrl-C left to Python: by default CP-SAT catches SIGINT during a
    solve and afterwards puts back the OS default, not Python's handler, so a later Ctrl-C
    killed the process outright (``makeable`` lost the bounds its search had proved)."""
    params = cmh.SatParameters()
    params.num_workers = 1
    params.catch_sigint_signal = False
    return params


def _order(melds: list[MeldOption], classes: list[str]) -> tuple[MeldOption, ...]:
    rank = {c: i for i, c in enumerate(classes)}
    return tuple(sorted(melds, key=lambda m: (min(rank[c] for c in m.classes), -m.meld,
                                              m.name)))


def build_model(opts: Sequence[MeldOption], classes: Sequence[str],
                capacity: Sequence[int]) -> tuple[Any, list[tuple[int, int]]]:
    """The maximum-meld model over ``opts``: variable i counts option i, and for every class and
    card a row "the options of this class use at most ``capacity[card]`` copies". Returns the
    proto and its rows as (constraint index, card index), for a new holding to reset."""
    proto = cmh.CpModelProto()
    for o in opts:
        ub = min(d // n for d, n in zip(capacity, o.counts) if n)
        var = proto.variables.add()
        var.domain.extend([0, ub])
    rows: list[tuple[int, int]] = []
    for cls in classes:
        members = [i for i, o in enumerate(opts) if cls in o.classes]
        for card in range(len(capacity)):
            users = [(i, opts[i].counts[card]) for i in members if opts[i].counts[card]]
            if not users:
                continue
            con = proto.constraints.add()
            con.linear.vars.extend([i for i, _ in users])
            con.linear.coeffs.extend([n for _, n in users])
            con.linear.domain.extend([0, capacity[card]])
            rows.append((len(proto.constraints) - 1, card))
    proto.objective.vars.extend(range(len(opts)))
    proto.objective.coeffs.extend([-o.meld for o in opts])  # CP-SAT minimises
    return proto, rows


def progress_callback() -> Any:
    """A solution callback that reports each better solution to ``pinosolve.progress``
    (--progress), or None when nobody asked."""
    from pinosolve import progress

    found = progress.sat_solution.get()
    if found is None:
        return None
    report, model = found, progress.next_model()

    class Report(cmh.SolutionCallback):
        def OnSolutionCallback(inner) -> None:  # noqa: N802, N805 (OR-Tools' name)
            report(inner.ObjectiveValue(), inner.WallTime(), model)

    return Report()


def solve_proto(proto: Any, params: Any, callback: Any = None) -> Any:
    """Solve a model with a fresh wrapper (as cp_model does); the callback sees each solution
    (none given: ``progress_callback``'s, if --progress asked for one)."""
    if callback is None:
        callback = progress_callback()
    wrapper = cmh.SolveWrapper()
    wrapper.set_parameters(params)
    if callback is not None:
        wrapper.add_solution_callback(callback)
    response = wrapper.solve(proto)
    if callback is not None:
        wrapper.clear_solution_callback(callback)
    return response


def solve_optimal(proto: Any, params: Any) -> Any:
    """Solve a model that always has an optimum; anything less is a bug, said in one line."""
    response = solve_proto(proto, params)
    if response.status != cmh.CpSolverStatus.OPTIMAL:  # pragma: no cover - a bug guard
        raise PinosolveError(f"model not solved to optimality ({response.status})")
    return response


def max_value(opts: Sequence[MeldOption], classes: Sequence[str],
              counts: Sequence[int]) -> int:
    """The most the options are worth together on cards ``counts`` (a proven optimum)."""
    usable = [o for o in opts if o.fits(tuple(counts))]
    if not usable:
        return 0
    proto, _ = build_model(usable, classes, counts)
    response = solve_optimal(proto, sat_parameters())
    return sum(o.meld * n for o, n in zip(usable, response.solution))


class MeldMaximiser:
    """The CP-SAT model for one variant and trump, reused across hands."""

    def __init__(self, variant: Variant, trump: Optional[Suit]) -> None:
        self.variant = variant
        self.trump = trump
        self.options = options(variant, trump)
        self.classes = list(variant.rules.meld.classes)
        self.proto, self.rows = build_model(self.options, self.classes, variant.deck.counts)
        self.params = sat_parameters()

    def _set_hand(self, counts: tuple[int, ...]) -> None:
        constraints = self.proto.constraints
        for index, card in self.rows:
            constraints[index].linear.domain[1] = counts[card]

    def _declaration(self, values: list[int], hand: Hand) -> Declaration:
        melds = [o for o, n in zip(self.options, values) for _ in range(n)]
        named = group_multiples(self.variant, self.trump, melds)
        return Declaration(self.trump, _order(named, self.classes), self.variant.id, hand)

    def best(self, hand: Hand) -> Declaration:
        """The maximum meld of the holding."""
        counts = hand.counts
        if not any(o.fits(counts) for o in self.options):
            return Declaration(self.trump, (), self.variant.id, hand)
        self._set_hand(counts)
        response = solve_optimal(self.proto, self.params)
        return self._declaration(list(response.solution), hand)

    def all_best(self, hand: Hand, limit: int = _ENUMERATION_LIMIT) -> list[Declaration]:
        """Every distinct declaration that reaches the maximum."""
        top = self.best(hand)
        if not top.melds:
            return [top]
        proto = cmh.CpModelProto()
        proto.copy_from(self.proto)
        proto.clear_objective()
        fixed = proto.constraints.add()
        fixed.linear.vars.extend(range(len(self.options)))
        fixed.linear.coeffs.extend([o.meld for o in self.options])
        fixed.linear.domain.extend([top.meld, top.meld])
        for i, o in enumerate(self.options):  # melds the hand cannot make are out
            if not o.fits(hand.counts):
                proto.variables[i].domain[1] = 0
        params = sat_parameters()
        params.enumerate_all_solutions = True
        found: list[list[int]] = []

        class Collect(cmh.SolutionCallback):
            def OnSolutionCallback(inner) -> None:  # noqa: N802, N805 (OR-Tools' name)
                found.append(list(inner.Response().solution))
                if len(found) >= limit:
                    inner.StopSearch()

        solve_proto(proto, params, Collect())
        decls = {d.melds: d for d in (self._declaration(f, hand) for f in found)}
        return sorted(decls.values(), key=lambda d: [m.name for m in d.melds])


@functools.lru_cache(maxsize=64)
def maximiser(variant: Variant, trump: Optional[Suit]) -> MeldMaximiser:
    return MeldMaximiser(variant, trump)


TRUMPS: tuple[Optional[Suit], ...] = (Suit.S, Suit.H, Suit.D, Suit.C, None)


def best_meld(variant: VariantLike, hand: HandLike, trump: SuitLike) -> Declaration:
    """The maximum meld of ``hand`` under ``trump`` (None or ``"none"``: the meld that needs
    no trump).

    >>> best_meld("four-hand", "AS TS KS QS JS", "S")
    Declaration(trump=S, meld=15, melds=[run 15: AS TS KS QS JS])
    """
    v = as_variant(variant)
    held = as_hand(v, hand)
    return maximiser(v, as_trump(v, trump, allow_none=True)).best(held)


@dataclass(frozen=True, repr=False)
class AllTrumps(Result):
    """The maximum meld of one holding for each trump, and with no trump; ``best_trump`` the
    suit whose meld is largest (the first of S H D C among equals)."""

    variant: str
    hand: Hand
    best_trump: Suit
    by_trump: dict[str, Declaration]

    _repr_keys = ("best_trump", "by_trump")

    @property
    def best(self) -> Declaration:
        """The declaration under the best trump."""
        return self.by_trump[self.best_trump.name]


def best_meld_all_trumps(variant: VariantLike, hand: HandLike) -> AllTrumps:
    """The maximum meld of ``hand`` for each trump suit and with no trump, and the best suit.

    >>> result = best_meld_all_trumps("four-hand", "AH TH KH QH JH KS QS")
    >>> result.best_trump.name, result.best.meld, result.by_trump["S"].meld
    ('H', 17, 6)
    """
    v = as_variant(variant)
    held = as_hand(v, hand)
    per = {("none" if t is None else t.name): maximiser(v, t).best(held) for t in TRUMPS}
    best = max((s for s in Suit), key=lambda s: per[s.name].meld)
    return AllTrumps(v.id, held, best, per)


@dataclass(frozen=True, repr=False)
class MeldComparison(Result):
    """The same holding under another rule set: its declaration, the difference in meld
    points (this variant's less the other's), and the melds only one of them scores."""

    declaration: Declaration = flatten()
    difference: int = 0
    only_here: tuple[MeldOption, ...] = ()
    only_there: tuple[MeldOption, ...] = ()

    _repr_keys = ("variant", "meld", "difference")

    @property
    def variant(self) -> str:
        return self.declaration.variant

    @property
    def meld(self) -> int:
        return self.declaration.meld


@dataclass(frozen=True, repr=False)
class MeldReport(Result):
    """The ``meld`` command's answer: the maximum meld (the declaration's keys), with
    ``declarations`` every distinct optimal declaration where asked, and ``compare`` the
    holding under another rule set where asked."""

    declaration: Declaration = flatten()
    declarations: Optional[tuple[Declaration, ...]] = optional()
    compare: Optional[MeldComparison] = optional()

    def __repr__(self) -> str:
        return repr(self.declaration).replace("Declaration(", "MeldReport(", 1)


def meld_report(variant: VariantLike, hand: HandLike, trump: SuitLike,
                every: bool = False, compare: Optional[VariantLike] = None) -> MeldReport:
    """The maximum meld of ``hand`` under ``trump``; with ``every``, every distinct optimal
    declaration too; with ``compare`` (a variant or rules file), the same holding under it.

    >>> r = meld_report("four-hand", "AS TS KS QS JS KS", "S", compare="two-hand")
    >>> r.declaration.meld, r.compare.meld, r.compare.difference
    (15, 15, 0)
    """
    v = as_variant(variant)
    held = as_hand(v, hand)
    named = as_trump(v, trump, allow_none=True)
    decl = maximiser(v, named).best(held)
    decls = tuple(maximiser(v, named).all_best(held)) if every else None
    comparison = None
    if compare is not None:
        other = as_variant(compare)
        theirs = maximiser(other, named).best(other.check_hand(held))
        mine_count = Counter((m.name, m.meld) for m in decl.melds)
        their_count = Counter((m.name, m.meld) for m in theirs.melds)
        only_here = _only(decl.melds, mine_count - their_count)
        only_there = _only(theirs.melds, their_count - mine_count)
        comparison = MeldComparison(theirs, decl.meld - theirs.meld, only_here, only_there)
    return MeldReport(decl, decls, comparison)


def _only(melds: Sequence[MeldOption], left: Counter) -> tuple[MeldOption, ...]:
    """The melds of ``melds`` that ``left`` counts (name and points), each as often."""
    out = []
    for m in melds:
        key = (m.name, m.meld)
        if left[key] > 0:
            left[key] -= 1
            out.append(m)
    return tuple(out)
