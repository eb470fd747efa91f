"""The declarer's pass-back, and the partnership's best exchange, on CP-SAT.

The cards the declarer keeps are decision variables. On top of the meld model of
:mod:`pinosolve.meld.solver` (one integer variable per meld option, one row per reuse class and
card), every card gets a variable "copies passed back", and a row's right-hand side becomes
"copies held after the exchange". The objective is lexicographic, written as one weighted sum:

1. the declarer's meld (with ``--partner``: the side's meld, declarer plus partner);
2. then, among equal meld, trick-taking strength kept by the declarer: most trumps, then most
   cards of the highest rank in ``trick.rank_order`` (aces), then of the second (tens in the
   usual order; kings where tens rank low, as in source 004).

The weights are powers of (cards held + 1), so no amount of a later criterion can outweigh
one unit of an earlier one. Totals are read back from integer values, never the objective.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Optional

from ortools.sat.python import cp_model_helper as cmh

from pinosolve.cards import CARDS, NUM_CARDS, Hand, Rank, Suit
from pinosolve.errors import PinosolveError
from pinosolve.meld.model import Declaration, MeldOption, options
from pinosolve.results import Result, optional
from pinosolve.meld.solver import best_meld, sat_parameters, solve_proto
from pinosolve.variants.variant import Variant

ENUMERATION_LIMIT = 200


def strength_ranks(v: Variant) -> tuple[Rank, Rank]:
    order = v.rules.trick.rank_order
    return Rank.parse(order[0]), Rank.parse(order[1])


def strength(v: Variant, hand: Hand, trump: Suit) -> dict[str, int]:
    """The tie-break's three counts for a kept hand."""
    first, second = strength_ranks(v)
    return {"trumps": sum(1 for c in hand if c.suit == trump),
            first.letter: sum(1 for c in hand if c.rank == first),
            second.letter: sum(1 for c in hand if c.rank == second)}


def _weights(v: Variant, trump: Suit, held: int) -> tuple[list[int], int]:
    """Per card the tie-break weight, and the meld weight above every tie-break total."""
    base = held + 1
    first, second = strength_ranks(v)
    per_card = [(base * base if c.suit == trump else 0) + (base if c.rank == first else 0)
                + (1 if c.rank == second else 0) for c in CARDS]
    return per_card, base ** 3


@dataclass
class Exchange:
    """One solution: what the partner passes (partner mode) and what comes back."""

    passed: Hand
    returned: Hand
    declarer: Hand
    partner: Optional[Hand]
    meld: int
    partner_meld: int


class _Model:
    """The proto under construction: variables, linear rows, objective."""

    def __init__(self) -> None:
        self.proto = cmh.CpModelProto()

    def var(self, lo: int, hi: int) -> int:
        v = self.proto.variables.add()
        v.domain.extend([lo, hi])
        return len(self.proto.variables) - 1

    def row(self, terms: list[tuple[int, int]], lo: int, hi: int) -> int:
        terms = [(i, c) for i, c in terms if c]
        con = self.proto.constraints.add()
        con.linear.vars.extend([i for i, _ in terms])
        con.linear.coeffs.extend([c for _, c in terms])
        con.linear.domain.extend([lo, hi])
        return len(self.proto.constraints) - 1

    def solve(self, enumerate_all: bool = False, callback: Any = None) -> Any:
        params = sat_parameters()
        if enumerate_all:
            params.enumerate_all_solutions = True
        return solve_proto(self.proto, params, callback)


def _meld_rows(m: _Model, v: Variant, trump: Suit, held: dict[int, list[tuple[int, int]]],
               const: list[int]) -> list[int]:
    """Meld option variables limited, per class and card, by the copies held afterwards.

    ``held[card]`` lists (variable, sign) terms added to ``const[card]``: the copies held after
    the exchange. Returns the option variables."""
    opts = options(v, trump)
    deck = v.deck.counts
    xs = [m.var(0, min(d // n for d, n in zip(deck, o.counts) if n)) for o in opts]
    for cls in v.rules.meld.classes:
        members = [i for i, o in enumerate(opts) if cls in o.classes]
        for card in range(NUM_CARDS):
            users = [(xs[i], opts[i].counts[card]) for i in members if opts[i].counts[card]]
            if users:
                m.row(users + [(var, -sign) for var, sign in held.get(card, [])],
                      -10**9, const[card])
    return xs


def cards_passed(v: Variant) -> int:
    """How many cards partners pass (``passing.cards``); a one-line error where they pass
    none."""
    n = v.rules.passing.cards
    if n == 0:
        raise PinosolveError(f"{v.id} has no passing between partners [passing.cards = 0]")
    return n


def _check_inputs(v: Variant, hand: Hand, received: Optional[Hand], partner: Optional[Hand]
                  ) -> int:
    n = cards_passed(v)
    size = v.rules.deal.hand_size
    if len(hand) != size:
        raise PinosolveError(f"hand: {len(hand)} cards, but a hand of {v.id} has {size}")
    if received is not None and len(received) != n:
        raise PinosolveError(f"received: {len(received)} cards, but partners pass {n} "
                             f"[passing.cards = {n}]")
    if partner is not None:
        if len(partner) != size:
            raise PinosolveError(f"partner: {len(partner)} cards, but a hand of {v.id} has "
                                 f"{size}")
        if received is not None and not received.issubset(partner):
            raise PinosolveError("received: the partner's hand does not hold these cards")
    together = hand + (partner if partner is not None else (received or Hand()))
    v.check_hand(together, "hand and the cards passed together")
    return n


@dataclass(frozen=True, repr=False)
class Return(Result):
    """A return that keeps the most meld, and the trick-taking strength it keeps."""

    returned: Hand
    strength: dict[str, int]

    _json_keys = ("return:returned", "strength")


@dataclass(frozen=True, repr=False)
class PassBack(Result):
    """The declarer's best pass-back (``pinosolve pass``): the cards received, those returned
    (``return``) and kept (``keep``), the meld kept (``meld``, ``melds``) against the hand's
    own (``meld_before``), the strength kept and the tie-break; with every return asked for,
    those that keep as much meld (``alternatives``; ``complete``: none left out)."""

    variant: str
    trump: Suit
    hand: Hand
    received: Hand
    returned: Hand
    keep: Hand
    meld: int
    melds: tuple[MeldOption, ...]
    meld_before: int
    strength: dict[str, int]
    tie_break: str
    alternatives: Optional[tuple[Return, ...]] = optional()
    complete: Optional[bool] = optional()

    _json_keys = ("variant", "trump", "hand", "received", "return:returned", "keep", "meld",
                  "melds", "meld_before", "strength", "tie_break", "alternatives", "complete")
    _repr_keys = ("trump", "received", "return", "meld", "meld_before")


def pass_back(v: Variant, trump: Suit, hand: Hand, received: Hand,
              want_all: bool = False, limit: int = ENUMERATION_LIMIT) -> PassBack:
    """The declarer's best return of ``passing.cards`` cards from ``hand`` + ``received``."""
    n = _check_inputs(v, hand, received, None)
    m, r, xs, opts, best, returned = _return_model(v, trump, hand + received, n)
    out = _describe(v, trump, hand, received, returned)
    assert out.meld == best, "the meld engine and the pass model disagree"
    if want_all:
        rows, complete = _all_returns(m, v, trump, hand, received, xs, r, opts, best, limit)
        out = dataclasses.replace(out, alternatives=tuple(
            Return(Hand(row["return"]), row["strength"]) for row in rows), complete=complete)
    return out


def lay_away(v: Variant, trump: Suit, hand: Hand, kitty: Hand) -> Hand:
    """The bidder's lay-away in kitty games: ``deal.bidder_discards`` cards from ``hand`` and
    the ``kitty`` taken, chosen as a pass back is (the most meld kept, then the strength
    tie-break of the module's objective).

    >>> from pinosolve import load_variant
    >>> v = load_variant("three-hand-kitty")
    >>> hand = v.parse_hand("AS TS KS QS JS 9S AH 9H 9H 9D 9D 9C 9C JD QC")
    >>> str(lay_away(v, Suit.S, hand, v.parse_hand("KH QD JC")))
    'KH 9H 9H'
    """
    n = v.rules.deal.bidder_discards
    if not n:
        raise PinosolveError(f"in {v.id} the bidder lays no cards away "
                             "[deal.bidder_discards = 0]")
    pool = hand + kitty
    v.check_hand(pool, "hand and kitty together")
    return _return_model(v, trump, pool, n)[5]


def _return_model(v: Variant, trump: Suit, held: Hand, n: int
                  ) -> tuple[_Model, list[int], list[int], Any, int, Hand]:
    """The model of giving ``n`` cards of ``held`` away for the most meld kept, solved: the
    model, the return and meld variables, the meld options, the meld kept, the cards."""
    pool = held.counts
    m = _Model()
    r = [m.var(0, pool[c]) for c in range(NUM_CARDS)]
    m.row([(r[c], 1) for c in range(NUM_CARDS)], n, n)
    xs = _meld_rows(m, v, trump, {c: [(r[c], -1)] for c in range(NUM_CARDS)}, list(pool))
    opts = options(v, trump)
    tie, w = _weights(v, trump, len(held) - n)
    m.proto.objective.vars.extend(xs + r)
    m.proto.objective.coeffs.extend([-w * o.meld for o in opts] + tie)
    response = m.solve()
    if response.status != cmh.CpSolverStatus.OPTIMAL:  # pragma: no cover - a bug guard
        raise PinosolveError(f"pass model not solved to optimality ({response.status})")
    sol = list(response.solution)
    best = sum(o.meld * sol[x] for o, x in zip(opts, xs))
    return m, r, xs, opts, best, Hand.from_counts(sol[rv] for rv in r)


def _describe(v: Variant, trump: Suit, hand: Hand, received: Hand, returned: Hand
              ) -> PassBack:
    kept = hand + received - returned
    decl = best_meld(v, kept, trump)
    first, second = strength_ranks(v)
    return PassBack(v.id, trump, hand, received, returned, kept, decl.meld, decl.melds,
                    best_meld(v, hand, trump).meld, strength(v, kept, trump),
                    f"equal meld: most trumps kept, then most {first.letter}, then most "
                    f"{second.letter} (the two top ranks of trick.rank_order)")


def _all_returns(m: _Model, v: Variant, trump: Suit, hand: Hand, received: Hand, xs: list[int],
                 r: list[int], opts: Any, best: int, limit: int
                 ) -> tuple[list[dict[str, Any]], bool]:
    """Every return that keeps the maximum meld, best tie-break first."""
    m.proto.clear_objective()
    m.row([(x, o.meld) for x, o in zip(xs, opts)], best, best)
    found: dict[tuple[int, ...], None] = {}
    raw = [0]

    class Collect(cmh.SolutionCallback):
        def OnSolutionCallback(inner) -> None:  # noqa: N802, N805 (OR-Tools' name)
            sol = inner.Response().solution
            found.setdefault(tuple(sol[i] for i in r), None)
            raw[0] += 1
            if len(found) > limit or raw[0] >= 50 * limit:
                inner.StopSearch()

    response = m.solve(enumerate_all=True, callback=Collect())
    complete = (response.status == cmh.CpSolverStatus.OPTIMAL and len(found) <= limit)
    rows: list[dict[str, Any]] = []
    for key in list(found)[:limit]:
        returned = Hand.from_counts(key)
        kept = hand + received - returned
        rows.append({"return": returned.cards(), "strength": strength(v, kept, trump)})
    first, second = strength_ranks(v)
    rows.sort(key=lambda row: (-row["strength"]["trumps"], -row["strength"][first.letter],
                               -row["strength"][second.letter], row["return"]))
    return rows, complete


def side_exchange(v: Variant, trump: Suit, hand: Hand, partner: Hand,
                  called: Optional[Hand] = None) -> Exchange:
    """The partner's pass and the declarer's return chosen together for the most side meld."""
    n = _check_inputs(v, hand, None, partner)
    d, q = hand.counts, partner.counts
    m = _Model()
    p = [m.var(1 if called is not None and called.counts[c] else 0, q[c])
         for c in range(NUM_CARDS)]
    r = [m.var(0, d[c] + q[c]) for c in range(NUM_CARDS)]
    m.row([(p[c], 1) for c in range(NUM_CARDS)], n, n)
    m.row([(r[c], 1) for c in range(NUM_CARDS)], n, n)
    for c in range(NUM_CARDS):
        m.row([(r[c], 1), (p[c], -1)], -10**9, d[c])      # the declarer keeps >= 0 copies
    xs = _meld_rows(m, v, trump, {c: [(p[c], 1), (r[c], -1)] for c in range(NUM_CARDS)},
                    list(d))
    ys = _meld_rows(m, v, trump, {c: [(p[c], -1), (r[c], 1)] for c in range(NUM_CARDS)},
                    list(q))
    opts = options(v, trump)
    tie, w = _weights(v, trump, len(hand))
    m.proto.objective.vars.extend(xs + ys + p + r)
    m.proto.objective.coeffs.extend([-w * o.meld for o in opts] * 2
                                    + [-t for t in tie] + tie)
    response = m.solve()
    if response.status != cmh.CpSolverStatus.OPTIMAL:  # pragma: no cover - a bug guard
        raise PinosolveError(f"exchange model not solved to optimality ({response.status})")
    sol = list(response.solution)
    passed = Hand.from_counts(sol[i] for i in p)
    returned = Hand.from_counts(sol[i] for i in r)
    dec = hand + passed - returned
    par = partner - passed + returned
    return Exchange(passed, returned, dec, par, sum(o.meld * sol[x] for o, x in zip(opts, xs)),
                    sum(o.meld * sol[y] for o, y in zip(opts, ys)))


@dataclass(frozen=True, repr=False)
class ExchangeOutcome(Result):
    """An exchange between partners: the cards the partner passes (``pass``) and the
    declarer returns (``return``), each one's declaration after it, and the side's meld."""

    passed: Hand
    returned: Hand
    declarer: Declaration
    partner: Declaration
    side_meld: int
    note: Optional[str] = optional()

    _json_keys = ("pass:passed", "return:returned", "declarer", "partner", "side_meld", "note")
    _repr_keys = ("pass", "return", "side_meld")


@dataclass(frozen=True, repr=False)
class ExchangeReport(Result):
    """The partnership's best exchange (``pinosolve pass --partner``): the best pass and
    return chosen together, the side's meld without any exchange, and, given the pass
    received, that pass with the declarer's best return (``actual``) and what the best
    exchange gains over it."""

    variant: str
    trump: Suit
    hand: Hand
    partner_hand: Hand
    best: ExchangeOutcome
    meld_without_pass: int
    actual: Optional[ExchangeOutcome] = optional()
    gain: Optional[int] = optional()

    _repr_keys = ("trump", "best", "meld_without_pass", "gain")


def _outcome(v: Variant, trump: Suit, passed: Hand, returned: Hand, declarer: Hand,
             partner: Hand, note: Optional[str] = None) -> ExchangeOutcome:
    dm, pm = best_meld(v, declarer, trump), best_meld(v, partner, trump)
    return ExchangeOutcome(passed, returned, dm, pm, dm.meld + pm.meld, note)


def exchange(v: Variant, trump: Suit, hand: Hand, partner: Hand,
             called: Optional[Hand] = None, received: Optional[Hand] = None) -> ExchangeReport:
    """The partner's pass and the declarer's return chosen together for the most side meld
    (``called``: the called card, which must be passed, in call-partner play); given the
    cards ``received``, that pass with the declarer's best return beside it."""
    if called is not None:
        if not v.rules.passing.called_card_passed:
            raise PinosolveError(f"the called card: in {v.id} no called card is passed "
                                 "[passing.called_card_passed = false]")
        if len(called) != 1 or not called.issubset(partner):
            raise PinosolveError("the called card: one card, held by the partner")
    best = side_exchange(v, trump, hand, partner, called)
    assert best.partner is not None  # (side_exchange knows the partner's hand)
    outcome = _outcome(v, trump, best.passed, best.returned, best.declarer, best.partner)
    assert outcome.side_meld == best.meld + best.partner_meld
    without = best_meld(v, hand, trump).meld + best_meld(v, partner, trump).meld
    actual = None
    if received is not None:
        ret = pass_back(v, trump, hand, received).returned
        actual = _outcome(v, trump, received, ret, hand + received - ret,
                          partner - received + ret,
                          "the pass received, with the declarer's best return")
    return ExchangeReport(v.id, trump, hand, partner, outcome, without, actual,
                          None if actual is None else outcome.side_meld - actual.side_meld)


@dataclass(frozen=True)
class Called:
    """A call made on the hands as dealt: the card, the partner it names (the bidder himself
    when nobody else holds a copy), the hands as play begins (after the pass, where the
    rules pass cards between the bidder and his partner), and that pass."""

    card: Any
    partner: str
    hands: dict[str, Hand]
    exchange: Optional[Exchange]


def call_partner(v: Variant, trump: Suit, dealt: dict[str, Hand], bidder: str,
                 card: Any, named: Optional[str] = None) -> Called:
    """The partner the called ``card`` names from the hands as ``dealt`` (seat -> hand), and
    the hands as play begins: where the rules pass cards (``passing.cards``), the pass the
    pass model chooses for the most side meld (``side_exchange``, as bid advice makes it),
    the called card among the partner's if ``passing.called_card_passed``. Raises
    ``PinosolveError`` where the variant calls no partner, the deck has no such card, or
    a partner ``named`` as well is not the one the card names.

    >>> from pinosolve import Hand, Suit, load_variant
    >>> v = load_variant("five-hand-call")
    >>> deal = v.random_deal(7)
    >>> called = call_partner(v, Suit.H, dict(deal.items()), "1", "AH")
    >>> called.partner in "2345", len(called.exchange.passed)
    (True, 4)
    """
    from pinosolve.variants.sides import called_partner, check_call

    card = check_call(v, card)
    partner = called_partner(v, bidder, dealt, card, named)
    hands = dict(dealt)
    exchange = None
    if v.rules.passing.cards and partner != bidder:
        called = Hand([card]) if v.rules.passing.called_card_passed else None
        exchange = side_exchange(v, trump, hands[bidder], hands[partner], called)
        assert exchange.partner is not None  # (the partner mode returns both hands)
        hands[bidder], hands[partner] = exchange.declarer, exchange.partner
    return Called(card, partner, hands, exchange)
