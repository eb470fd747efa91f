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
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ortools.sat.python import cp_model_helper as cmh

from pinosolve.cards import Hand, Suit
from pinosolve.errors import PinosolveError
from pinosolve.meld.model import MeldOption, group_multiples, options
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


@dataclass(frozen=True)
class Declaration:
    """A set of melds declared together, and their total."""

    trump: Optional[Suit]
    melds: tuple[MeldOption, ...]

    @property
    def total(self) -> int:
        return sum(m.value for m in self.melds)

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": m.label, "kind": m.kind, "cards": m.cards(), "points": m.value}
                for m in self.melds]


def _order(melds: list[MeldOption], classes: list[str]) -> tuple[MeldOption, ...]:
    rank = {c: i for i, c in enumerate(classes)}
    return tuple(sorted(melds, key=lambda m: (min(rank[c] for c in m.classes), -m.value,
                                              m.label)))


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
    proto.objective.coeffs.extend([-o.value for o in opts])  # CP-SAT minimises
    return proto, rows


def progress_callback() -> Any:
    """A solution callback that reports each better solution to ``pinosolve.progress``
    (--progress), or None when nobody asked."""
    from pinosolve import progress

    report = progress.sat_solution.get()
    if report is None:
        return None

    class Report(cmh.SolutionCallback):
        def OnSolutionCallback(inner) -> None:  # noqa: N802, N805 (OR-Tools' name)
            report(inner.ObjectiveValue(), inner.WallTime())

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
    return sum(o.value * n for o, n in zip(usable, response.solution))


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

    def _declaration(self, values: list[int]) -> Declaration:
        melds = [o for o, n in zip(self.options, values) for _ in range(n)]
        named = group_multiples(self.variant, self.trump, melds)
        return Declaration(self.trump, _order(named, self.classes))

    def best(self, hand: Hand) -> Declaration:
        """The maximum meld of the holding."""
        counts = hand.counts
        if not any(o.fits(counts) for o in self.options):
            return Declaration(self.trump, ())
        self._set_hand(counts)
        response = solve_optimal(self.proto, self.params)
        return self._declaration(list(response.solution))

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
        fixed.linear.coeffs.extend([o.value for o in self.options])
        fixed.linear.domain.extend([top.total, top.total])
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
        decls = {d.melds: d for d in map(self._declaration, found)}
        return sorted(decls.values(), key=lambda d: [m.label for m in d.melds])


@functools.lru_cache(maxsize=64)
def maximiser(variant: Variant, trump: Optional[Suit]) -> MeldMaximiser:
    return MeldMaximiser(variant, trump)


def best_meld(variant: Variant, hand: Hand, trump: Optional[Suit]) -> Declaration:
    """The maximum meld of ``hand`` under ``trump`` (None: the meld that needs no trump)."""
    variant.check_hand(hand)
    return maximiser(variant, trump).best(hand)
