"""Double-dummy trick play: the value of a position and of every legal card, all hands known.

The reference search, kept clear so that the compiled core (issue 5) can be checked against it:

* alpha-beta over legal plays, values being the points side 0 takes from here to the end
  (the cards already on the table in the current trick and the last-trick bonus included);
* a transposition table at trick boundaries, keyed on the hands still held and the player on
  lead, storing lower and upper bounds on the points still to win (history-free values), with
  a size bound (cleared when full) and the best lead of each entry for move ordering;
* an MTD(f)-style driver: only null-window tests "can side 0 reach at least T?", each at a
  guess kept inside the interval still open (the compiled core's playout, which follows the
  table's best leads and so closes in on the value as the tests fill the table; before the
  first test a minimax over the next trick, each line played out), else halving that
  interval; every card valued one by one, the others tested against the best so far; under
  a budget, once a test outruns its share of it, tests that close in from outside;
* move ordering: the table's best lead first, high cards to lead, a counter on partner's
  winning card, the cheapest winning card, else the lowest loser;
* equivalent cards searched once: the copies of one card always; cards adjacent in rank in one
  hand only when they have the same point value and no other player holds, and the table shows,
  a card of a rank in [lower, higher] of that suit (both ends included: of two identical cards
  the first played wins, so the bridge rule is wrong here).

Seat indices follow the variant's clockwise seat order; side 0 is the side of the player to
move at the root.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from pinosolve.cards import NUM_CARDS
from pinosolve.errors import PinosolveError, RulesError
from pinosolve.play.legality import NRANK, PlayRules, legal_plays, trick_problem
from pinosolve.variants.schema import POINTS_LIMIT

INF = 1 << 30
TEST_SHARE = 0.25        # of the time left, the most a test may take before closing in
DEFAULT_TT_ENTRIES = 2_000_000
ENTRY_BYTES = 16         # one table entry in the core


def table_limit(memory: int | None = None, parts: int = 1) -> int:
    """The most entries a growing table may reach: 2**26 (1 GiB in the core), halved until it
    takes at most an eighth of the memory this process may use (``memory`` bytes; None:
    ``pinosolve.memory.usable_memory``, which heeds control groups and resource limits, not
    only the machine's size) shared by ``parts`` searches at once (a batch's worker
    processes), never below 2**22.
    Only searches of half a minute or more get there (the table doubles after 8 nodes an
    entry), and those need the room: a full double-deck deal's first test needed 1.07 G nodes
    with 2**26 entries where 2**24 needed 1.57 G (seed 0)."""
    if memory is None:
        from pinosolve.memory import usable_memory

        memory = usable_memory()
    limit = 1 << 26
    while memory > 0 and limit > 1 << 22 and limit * ENTRY_BYTES > memory // (8 * parts):
        limit >>= 1
    return limit


TABLE_LIMIT = table_limit()  # entries a growing table stops at
# ... and where the search has a time budget: a doubling past it costs seconds (copying 512 MiB
# into 1 GiB: about 2.5 s, here) that a budget cannot spare; double-deck deals capped at 30 s
# overran the cap by up to 2.8 s with 2**26, and their bounds were no narrower
CAPPED_LIMIT = 1 << 24


def grow_limit(budgeted: bool) -> int:
    """The most entries a growing table may reach: TABLE_LIMIT, or CAPPED_LIMIT where that is
    less and the search has a time budget."""
    return min(TABLE_LIMIT, CAPPED_LIMIT) if budgeted else TABLE_LIMIT


def table_entries(hands: Sequence[Sequence[int]]) -> int:
    """Transposition-table entries for a search of this position. The tree grows steeply with
    the tricks left, and a table too small for it thrashes (a three-hand full deal, 15 tricks:
    1.8x fewer nodes with 4x the entries), while one larger than the search needs costs more
    in cache misses than it saves (a four-hand full deal, 12 tricks: 2**19 entries as fast as
    2**20 on the value and 5% faster on every card's) and a short ending should not pay for
    clearing it: 2**16 entries up to 6 tricks left, doubling every 2 tricks to 2**19 (8 MiB in
    the core) at 11 and 12 tricks, 2**22 up to 16 tricks, 2**24 (256 MiB) beyond."""
    tricks = max((len(h) for h in hands), default=0)
    if tricks <= 12:
        return 1 << (16 + max(0, (tricks - 5) // 2))
    return 1 << (22 if tricks <= 16 else 24)


def _table_bits(entries: int) -> int:
    """log2 of a table size in entries, within what the core accepts (4 to 28)."""
    return max(4, min(28, entries.bit_length() - 1))


def points_left(rules: PlayRules, hands: list[list[int]], trick: list[int]) -> int:
    """All points still to be won: table, hands and the last-trick bonus."""
    pts = rules.points
    total = sum(pts[c] for c in trick) + sum(pts[c] for h in hands for c in h)
    if trick or any(hands):
        total += rules.last_trick
    return total


class SearchTimeout(Exception):
    """Raised inside the search when the time budget is spent."""


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C during ``solve``: still a KeyboardInterrupt, but it carries what the search had
    proved when it stopped (``result``: its bounds, as a budget that ran out leaves them), so
    that an hour's search interrupted is not an hour lost."""

    def __init__(self, result: "Result") -> None:
        super().__init__("search interrupted")
        result.interrupted = True
        self.result = result


MAX_SEATS = 8   # the compiled core's limits, beyond any variant: seats,
MAX_COPIES = 8  # and copies of one card in play


class PositionError(PinosolveError):
    """A position no deal can reach (see ``Position.problem``)."""


@dataclass
class Position:
    """A double-dummy position: the hands still held, the trick so far, who led it."""

    hands: list[list[int]]       # per seat: card indices, with repeats for copies
    leader: int                  # seat index that led the current trick
    trick: list[int]             # cards on the table in the current trick, in play order
    side: tuple[int, ...]        # per seat: 0 or 1
    trump: int

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    def problem(self, seats: Optional[Sequence[str]] = None) -> Optional[str]:
        """What makes this no position of a trick-taking deal, in one line, or None. ``solve``
        refuses such a position (the searches assume a sound one: an uneven deal, say, has no
        line that keeps its value). ``seats``: the seats' names, for the message."""
        n = len(self.hands)
        if not 2 <= n <= MAX_SEATS:
            return f"{n} hands: a deal has 2 to {MAX_SEATS} seats"
        if len(self.side) != n or any(s not in (0, 1) for s in self.side):
            return f"side: one 0 or 1 per seat ({n}), got {tuple(self.side)!r}"
        if isinstance(self.leader, bool) or self.leader not in range(n):
            return f"leader: a seat from 0 to {n - 1}, got {self.leader!r}"
        if self.trump is not None and (isinstance(self.trump, bool) or
                                       self.trump not in range(-1, 4)):
            return f"trump: a suit from 0 to 3 (-1 or None: no trump), got {self.trump!r}"
        if len(self.trick) >= n:
            return f"trick: {len(self.trick)} cards, but a trick of {n} seats is over at {n}"
        for where, cards in [("trick", self.trick)] + [(f"hand {i}", h)
                                                       for i, h in enumerate(self.hands)]:
            bad = [c for c in cards if isinstance(c, bool) or c not in range(NUM_CARDS)]
            if bad:
                return f"{where}: {bad[0]!r} is not a card index (0 to {NUM_CARDS - 1})"
        copies = Counter(c for h in self.hands for c in h) + Counter(self.trick)
        if copies and max(copies.values()) > MAX_COPIES:
            card, k = copies.most_common(1)[0]
            return f"card {card}: {k} copies in play, more than any deck has ({MAX_COPIES})"
        sizes = [len(h) for h in self.hands]
        after = sizes[self.to_move]  # what each seat that has not played to the trick holds
        if self.trick and after == 0:
            return "trick: the seat to move holds no card"
        for k in range(n):
            seat = (self.leader + k) % n
            want = after - 1 if k < len(self.trick) else after
            if sizes[seat] != want:
                who = f"seat {seats[seat]}" if seats else f"hand {seat}"
                already = " (it has played to this trick)" if k < len(self.trick) else ""
                return f"{who} holds {sizes[seat]} cards but should hold {want}{already}"
        return None


@dataclass(frozen=True)
class Test:
    """One null-window test of the driver, as it finished: is the value at least ``beta``?
    ``result`` is the fail-soft answer (at least ``beta`` when it is, else below it), so a
    test that says yes proves the value at least ``result``, and one that says no proves it
    at most ``result``. The value is of the position tested: the one solved, or, when every
    card is valued, the position after a card (without the points that card's trick banked).
    For watching a long search close in."""

    beta: int
    result: int
    nodes: int
    seconds: float

    @property
    def reached(self) -> bool:
        return self.result >= self.beta


@dataclass
class Result:
    value: Optional[int]                    # points the side to move takes from here
    bounds: tuple[int, int]                 # proved lower and upper bound on the value
    cards: dict[int, tuple[int, int]] = field(default_factory=dict)  # card -> (lo, hi)
    line: list[int] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = True
    interrupted: bool = False               # Ctrl-C stopped it (see SearchInterrupted)


class Search:
    """One search context: rules, sides and a transposition table shared across queries."""

    def __init__(self, rules: PlayRules, trump: int, side: Sequence[int],
                 tt_entries: int = DEFAULT_TT_ENTRIES, deadline: Optional[float] = None,
                 use_tt: bool = True, use_equivalence: bool = True) -> None:
        self.rules = rules
        self.trump = trump
        self.side = tuple(side)
        self.n = len(side)
        self.points = rules.points
        self.strength = rules.strength
        self.tt: dict[tuple, list] = {}
        self.tt_entries = tt_entries
        self.deadline = deadline
        self.nodes = 0
        self.use_tt = use_tt
        self.use_equivalence = use_equivalence
        self.guesses = False  # does guess give guesses (else the driver halves intervals)
        self.on_test: Optional[Callable[[Test], None]] = None  # see solve
        self.interrupted = False  # Ctrl-C arrived in a test: no test runs after it (see _test)

    # --- helpers ---------------------------------------------------------------------------

    def remaining(self, hands: list[list[int]], trick: list[int]) -> int:
        """All points still to be won: table, hands and the last-trick bonus."""
        return points_left(self.rules, hands, trick)

    def _winning_seat(self, leader: int, trick: list[int]) -> int:
        return (leader + self.rules.winner(trick, self.trump)) % self.n

    def moves(self, hands: list[list[int]], leader: int, trick: list[int],
              tt_best: Optional[int] = None) -> list[tuple[int, list[int]]]:
        """Distinct legal cards grouped into equivalence classes, best first:
        (representative, [every card of its class])."""
        player = (leader + len(trick)) % self.n
        partner_winning = False
        if trick:
            partner_winning = self.side[self._winning_seat(leader, trick)] == self.side[player]
        legal, _ = legal_plays(self.rules, hands[player], trick, self.trump, partner_winning)
        groups = self._equivalence(hands, player, trick, legal)
        groups.sort(key=lambda g: self._order_key(g[0], hands, leader, trick, player, tt_best))
        return groups

    def _equivalence(self, hands: list[list[int]], player: int, trick: list[int],
                     legal: list[int]) -> list[tuple[int, list[int]]]:
        if not self.use_equivalence:
            return [(c, [c]) for c in legal]
        strength = self.strength
        others: set[tuple[int, int]] = {(c // NRANK, strength[c % NRANK]) for c in trick}
        for seat, hand in enumerate(hands):
            if seat != player:
                others.update((c // NRANK, strength[c % NRANK]) for c in hand)
        groups: list[tuple[int, list[int]]] = []
        by_suit: dict[int, list[int]] = {}
        for c in legal:
            by_suit.setdefault(c // NRANK, []).append(c)
        for suit, cards in by_suit.items():
            cards.sort(key=lambda c: strength[c % NRANK])  # strongest first
            current = [cards[0]]
            for c in cards[1:]:
                prev = current[-1]
                lo, hi = strength[prev % NRANK], strength[c % NRANK]
                clear = all((suit, s) not in others for s in range(lo, hi + 1))
                if clear and self.points[c] == self.points[prev]:
                    current.append(c)
                else:
                    groups.append((current[-1], current))
                    current = [c]
            groups.append((current[-1], current))
        return groups

    def _order_key(self, card: int, hands: list[list[int]], leader: int, trick: list[int],
                   player: int, tt_best: Optional[int]) -> tuple:
        strength = self.strength[card % NRANK]
        is_trump = card // NRANK == self.trump
        pts = self.points[card]
        if card == tt_best:
            return (-1, 0, 0)
        if not trick:  # leading: high trumps, then aces and other high cards
            return (0, strength, 0 if is_trump else 1)
        win_seat = self._winning_seat(leader, trick)
        best = trick[self.rules.winner(trick, self.trump)]
        if self.side[win_seat] == self.side[player]:
            return (0, -pts, strength)  # partner winning: give counters
        if self.rules.beats(card, best, self.trump):
            return (0, 0 if not is_trump else 1, -strength, pts)  # cheapest winner first
        return (1, pts, -strength)  # cannot win: lowest loser

    def _tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and (self.nodes & 1023) == 0 and \
                time.perf_counter() > self.deadline:
            raise SearchTimeout

    # --- alpha-beta ------------------------------------------------------------------------

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int, beta: int,
           rem: int) -> int:
        """Points side 0 takes from here (fail-soft within [alpha, beta])."""
        self._tick()
        if rem <= 0:
            return 0
        if alpha >= rem:
            return rem
        if beta <= 0:
            return 0
        key = None
        tt_best = None
        if not trick:
            if self.use_tt:
                key = (tuple(tuple(h) for h in hands), leader)
                entry = self.tt.get(key)
                if entry is not None:
                    lo, hi, tt_best = entry
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
            a0, b0 = alpha, beta
        player = (leader + len(trick)) % self.n
        maximise = self.side[player] == 0
        best = -INF if maximise else INF
        best_card = None
        hand = hands[player]
        for card, _ in self.moves(hands, leader, trick, tt_best):
            hand.remove(card)
            trick.append(card)
            try:  # put the card back however the search below ends (a budget, Ctrl-C)
                if len(trick) == self.n:
                    winner = self._winning_seat(leader, trick)
                    won = sum(self.points[c] for c in trick)
                    if not any(hands):
                        won += self.rules.last_trick
                    gain = won if self.side[winner] == 0 else 0
                    v = gain + self.ab(hands, winner, [], alpha - gain, beta - gain, rem - won)
                else:
                    v = self.ab(hands, leader, trick, alpha, beta, rem)
            finally:
                trick.pop()
                hand.append(card)
                hand.sort()
            if maximise:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, best_card = v, card
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key is not None:
            if len(self.tt) >= self.tt_entries:
                self.tt.clear()
            lo, hi = 0, rem
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry[0], entry[1]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = [lo, hi, best_card]
        return best

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        """A guess at the value for the driver's next test (``first``: before any test of
        this position); None: halve the interval."""
        return None

    def mtdf(self, hands: list[list[int]], leader: int, trick: list[int],
             ceiling: Optional[int] = None, floor: int = 0,
             escape: bool = False) -> tuple[int, int]:
        """Exact side-0 value by null-window tests; on timeout, BoundsTimeout carries bounds.

        Each test is at the guess (``guess``, asked again after every failed test: each test
        teaches the table more of the best line, so the guess closes in on the value), kept
        inside the interval still open; but a test that succeeded is followed by one a point
        above it, without asking (the playout after a success tends to overshoot, and a failed
        test just above the value costs as much as the one that settles it). With no guess,
        the interval is halved. Below a ``ceiling`` (a known upper bound, as a position's
        value is for each of its cards) the tests step down from it instead: most cards are
        worth the position's value or a little less, and tests just above a value are cheap
        where tests below it are not. A ``floor`` is a lower bound a test has already proved
        (its next test is a point above it).

        With a budget (``deadline``), each test may spend a quarter of the time left
        (TEST_SHARE). A test at the guess that needs more means the budget will likely run
        out before the value is proved, so the tests close in on the first guess from outside
        instead (``_CloseIn``): cheap tests far from the value, each narrowing the bounds the
        budget answers with (double-deck deals at 30 s: 14..38 where the tests at the guess
        had proved nothing, 0..50). ``escape``: raise TestTooLong instead, for a caller with a
        better use for the budget."""
        rem = self.remaining(hands, trick)
        lo, hi = max(0, floor), rem if ceiling is None else max(0, min(rem, ceiling))
        reached = floor > 0  # the last test succeeded
        first = True
        anchor = 0       # the first guess
        budgeted = ceiling is None and self.deadline is not None
        closing: Optional[_CloseIn] = None  # once a test outran its share of the budget
        try:
            while lo < hi:
                step = closing.next(lo, hi) if closing is not None else None
                if step is not None:
                    beta = step
                else:
                    if ceiling is not None:
                        g: Optional[int] = hi
                    elif reached and self.guesses:
                        g = lo + 1
                    else:
                        g = self.guess(hands, leader, trick, first)
                    if g is None:
                        g = (lo + hi + 1) // 2
                    if first:
                        anchor = g
                    first = False
                    beta = min(max(g, lo + 1), hi)
                try:
                    v = self._test(hands, leader, trick, beta, rem,
                                   limited=budgeted and (closing is None or step is not None))
                except TestTooLong:
                    if closing is None:
                        if escape:
                            raise
                        closing = _CloseIn(anchor)
                    else:
                        closing.too_long()
                    continue
                if step is not None:
                    closing.done()
                reached = v >= beta
                if reached:
                    lo = v
                else:
                    hi = v
        except SearchTimeout:
            raise BoundsTimeout(lo, hi) from None
        except KeyboardInterrupt:  # between tests (a guess, say): the bounds so far stand
            self.interrupted = True
            raise BoundsTimeout(lo, hi) from None
        return lo, hi

    def _test(self, hands: list[list[int]], leader: int, trick: list[int], beta: int,
              rem: int, limited: bool) -> int:
        """One null-window test at ``beta``, reported to ``on_test``. ``limited``: it may spend
        only TEST_SHARE of the time left (TestTooLong if it needs more). Ctrl-C ends it as a
        budget running out would (SearchTimeout), so the callers keep the bounds proved before
        it, and every later test ends at once: ``solve`` then raises SearchInterrupted."""
        if self.interrupted:
            raise SearchTimeout
        nodes, began = self.nodes, time.perf_counter()
        try:
            v = self._bounded_test(hands, leader, trick, beta, rem, limited)
        except KeyboardInterrupt:
            self.interrupted = True
            raise SearchTimeout from None
        if self.on_test is not None:
            try:
                self.on_test(Test(beta, v, self.nodes - nodes, time.perf_counter() - began))
            except KeyboardInterrupt:  # in the report: this test's bound stands
                self.interrupted = True
        return v

    def _bounded_test(self, hands: list[list[int]], leader: int, trick: list[int], beta: int,
                      rem: int, limited: bool) -> int:
        if not limited:
            return self.ab(hands, leader, trick, beta - 1, beta, rem)
        deadline = self.deadline
        assert deadline is not None
        now = time.perf_counter()
        self.deadline = min(deadline, now + (deadline - now) * TEST_SHARE)
        try:
            return self.ab(hands, leader, trick, beta - 1, beta, rem)
        except SearchTimeout:
            if time.perf_counter() < deadline:
                raise TestTooLong from None
            raise
        finally:
            self.deadline = deadline


class TestTooLong(Exception):
    """A test limited to a share of the time left needed more of it."""


class _CloseIn:
    """The tests of a search whose budget looks too small for tests at the guess: each one
    halfway from a bound towards the guess, the wider gap first. Tests far from the value are
    cheap, and each narrows the bounds that a budget running out answers with. A test that
    outruns its share of the time left is retried half as far from its bound, after a test on
    the other side; once both bounds are within a point of the guess, or neither side can
    make a step, the search goes back to its tests at the guess (None)."""

    def __init__(self, guess: int) -> None:
        self.guess = guess
        self.step = {"lo": 0, "hi": 0}    # 0: half the gap
        self.stuck = {"lo": False, "hi": False}
        self.last = ""

    def next(self, lo: int, hi: int) -> Optional[int]:
        g = min(max(self.guess, lo), hi)
        gap = {"lo": g - lo, "hi": hi - g}
        sides = [k for k in ("lo", "hi") if gap[k] > 1 and not self.stuck[k]]
        if not sides:
            return None
        sides.sort(key=lambda k: (k == self.last, -gap[k]))
        side = self.last = sides[0]
        step = min(self.step[side] or (gap[side] + 1) // 2, gap[side])
        self.step[side] = step
        return lo + step if side == "lo" else hi - step + 1

    def done(self) -> None:
        """The last test finished: the next step on its side is half the new gap."""
        self.step[self.last] = 0

    def too_long(self) -> None:
        """The last test outran its share: a smaller step on its side, if there is one."""
        if self.step[self.last] <= 1:
            self.stuck[self.last] = True
        self.step[self.last] //= 2


class CoreSearch(Search):
    """The same search with ``ab`` in the compiled core; move lists (for per-card values and
    the line) still come from the Python side, which is the reference for both.

    ``core_options``: the core's technique switches (``pinosolve.play._core.OPT_*``), for
    measuring them one by one; None means all the default ones. ``grow_to``: the core's table
    doubles as the search outgrows it, keeping its entries, up to this many entries (None: it
    keeps its size)."""

    def __init__(self, rules: PlayRules, trump: int, side: Sequence[int],
                 tt_entries: int = DEFAULT_TT_ENTRIES, deadline: Optional[float] = None,
                 use_tt: bool = True, use_equivalence: bool = True,
                 core_options: Optional[int] = None, grow_to: Optional[int] = None) -> None:
        super().__init__(rules, trump, side, tt_entries, deadline, use_tt, use_equivalence)
        from pinosolve.play import _core

        # the core holds every value in play exactly up to POINTS_LIMIT (the loader refuses
        # rules that could put more in play); rules made otherwise are refused here
        wrong = [p for p in (*rules.points, rules.last_trick) if not 0 <= p <= POINTS_LIMIT]
        if wrong:
            raise RulesError(f"points: {wrong[0]} for a card or the last trick, but the "
                             f"compiled core holds 0 to {POINTS_LIMIT} points in play")
        t = rules.trick
        knobs = (int(t.follow_suit), ("always", "trump-led", "never").index(t.head),
                 int(t.trump_if_void), int(t.overtrump), int(t.trump_when_cannot_overtrump),
                 int(t.head_after_ruff), int(t.partner_exempt))
        bits = _table_bits(tt_entries)
        self._timeout = _core.Timeout
        options = _core.OPT_DEFAULT if core_options is None else core_options
        self.guesses = bool(options & _core.OPT_GUESS)
        grow_bits = _table_bits(grow_to) if grow_to else 0
        self.core = _core.Core(list(side), trump, list(rules.strength), list(rules.points),
                               rules.last_trick, knobs, int(rules.free), bits, int(use_tt),
                               int(use_equivalence), options=options, grow_bits=grow_bits)

    def guess(self, hands: list[list[int]], leader: int, trick: list[int],
              first: bool = False) -> Optional[int]:
        """Both sides play the core's first-ordered card to the end (the table's best lead and
        the killers first): a cheap guess that saves the driver costly tests away from the
        value, and close to it once tests have filled the table. Before the first test, with
        no table to follow, the best of every line through the next trick (minimax over its
        cards), each then played out: closer (four-hand deals: 4% fewer nodes)."""
        if not self.guesses:
            return None
        if first:
            return self.core.estimate(hands, leader, trick, self.n)
        return self.core.playout(hands, leader, trick)

    def ab(self, hands: list[list[int]], leader: int, trick: list[int], alpha: int, beta: int,
           rem: int) -> int:
        budget = 0.0
        if self.deadline is not None:
            budget = self.deadline - time.perf_counter()
            if budget <= 0:
                raise SearchTimeout
        if rem > POINTS_LIMIT:
            raise PositionError(f"{rem} points in play, but the compiled core holds at most "
                                f"{POINTS_LIMIT}")
        # every value lies in 0..rem: a wider window means the same (and fits a C int)
        alpha, beta = min(max(alpha, -1), rem), min(max(beta, 0), rem + 1)
        try:
            return self.core.ab(hands, leader, trick, alpha, beta, rem, budget)
        except self._timeout:
            raise SearchTimeout from None
        finally:
            self.nodes = self.core.nodes


class BoundsTimeout(Exception):
    def __init__(self, lo: int, hi: int) -> None:
        super().__init__(f"bounds {lo}..{hi}")
        self.lo, self.hi = lo, hi


def _after(search: Search, hands: list[list[int]], leader: int, trick: list[int],
           card: int) -> tuple[list[list[int]], int, list[int], int]:
    """The position after ``card`` is played, and the side-0 points it banks at once."""
    hands = [list(h) for h in hands]
    trick = list(trick)
    player = (leader + len(trick)) % search.n
    hands[player].remove(card)
    trick.append(card)
    if len(trick) < search.n:
        return hands, leader, trick, 0
    winner = search._winning_seat(leader, trick)
    won = sum(search.points[c] for c in trick)
    if not any(hands):
        won += search.rules.last_trick
    return hands, winner, [], (won if search.side[winner] == 0 else 0)


def new_search(pos: Position, rules: PlayRules, backend: str,
               deadline: Optional[float] = None, tt_entries: Optional[int] = None,
               use_tt: bool = True, use_equivalence: bool = True,
               core_options: Optional[int] = None) -> Search:
    """The search ``solve`` runs on a position (``backend`` 'c' or 'python'): its sides
    re-labelled so that side 0 is the side to move, and a table sized by the tricks left that
    grows with the search (see ``solve``), unless ``tt_entries`` fixes its size."""
    mover = pos.to_move
    side = tuple(0 if s == pos.side[mover] else 1 for s in pos.side)
    grow_to = None
    if tt_entries is None:
        tt_entries = table_entries(pos.hands)
        grow_to = grow_limit(deadline is not None)
    if backend == "c":
        return CoreSearch(rules, pos.trump, side, tt_entries, deadline, use_tt, use_equivalence,
                          core_options, grow_to)
    return Search(rules, pos.trump, side, tt_entries, deadline, use_tt, use_equivalence)


def solve(pos: Position, rules: PlayRules, *, value_only: bool = False,
          timeout: Optional[float] = None, tt_entries: Optional[int] = None,
          use_tt: bool = True, use_equivalence: bool = True,
          backend: Optional[str] = None, core_options: Optional[int] = None,
          on_test: Optional[Callable[[Test], None]] = None,
          check_trick: bool = True) -> Result:
    """Value of the position for the side to move, every legal card's value, and a line.

    ``backend``: 'c' (compiled core), 'python' (reference) or None (see pinosolve.play.core).
    ``tt_entries``: the transposition table's size; None sizes it by the tricks left
    (``table_entries``) and lets the compiled core's table grow with the search, up to
    ``TABLE_LIMIT`` entries (``CAPPED_LIMIT`` under a ``timeout``). ``on_test`` is called
    with each null-window test (a ``Test``) as it finishes: a search that runs for hours shows
    its bounds closing in. Ctrl-C raises ``SearchInterrupted`` (a KeyboardInterrupt) with the
    result as far as it was proved, marked interrupted (and not exact, unless the tests had
    already met). ``check_trick``: refuse a trick that breaks the trick-play rules (a card its
    seat could not have played); False searches it as it lies, which the differential tests
    use to reach more states."""
    wrong = pos.problem()
    if wrong is not None:
        raise PositionError(wrong)
    if check_trick and pos.trick:
        wrong = trick_problem(rules, pos.hands, pos.leader, pos.trick, pos.trump, pos.side)
        if wrong is not None:
            raise PositionError(wrong)
    if backend is None:
        from pinosolve.play.core import backend as chosen

        backend = chosen()
    start = time.perf_counter()
    deadline = start + timeout if timeout else None
    hands = [sorted(h) for h in pos.hands]
    trick = list(pos.trick)
    result = Result(None, (0, points_left(rules, hands, trick)))
    search: Optional[Search] = None
    interrupted = False
    try:
        search = new_search(pos, rules, backend, deadline, tt_entries, use_tt, use_equivalence,
                            core_options)
        search.on_test = on_test
        groups = [] if value_only else search.moves(hands, pos.leader, trick)
        if groups:
            _value_every_card(search, hands, pos.leader, trick, groups, result)
        else:
            try:
                lo, hi = search.mtdf(hands, pos.leader, trick)
                result.value, result.bounds = lo, (lo, hi)
            except BoundsTimeout as t:
                result.bounds, result.exact = (t.lo, t.hi), False
        interrupted = search.interrupted
    except KeyboardInterrupt:
        # Ctrl-C between tests (within one, the search keeps its bounds: see Search._test):
        # what the result holds was proved, though bounds proved since it was last written
        # are lost
        interrupted, result.exact = True, False
    result.nodes = search.nodes if search is not None else 0
    result.seconds = time.perf_counter() - start
    if interrupted:
        raise SearchInterrupted(result)
    return result


def _value_every_card(search: Search, hands: list[list[int]], leader: int, trick: list[int],
                      groups: list[tuple[int, list[int]]], result: Result) -> None:
    """The value, every legal card's value and a line, into ``result``.

    The value comes card by card rather than from a search of the position: the first card
    is valued exactly, and each other one is only tested against the best so far (valued
    exactly only if it reaches it). That proves every card's upper bound against the value
    itself, which valuing the cards needs anyway, where a search of the position proves it a
    point higher, for nothing (four-hand full deals: 6% fewer nodes). The value is known
    before the weaker cards are valued, so a budget that runs out after it keeps it.

    Under a budget, a first test of the first card that outruns its share of it means a deal
    too big to value card by card in time: the budget goes to the value first (a search of
    the position, closing in from outside if it must), which bounds every card from above,
    and then to the cards."""
    kids = [_after(search, hands, leader, trick, rep) for rep, _ in groups]
    bounds: list[Optional[tuple[int, int]]] = [None] * len(groups)
    best: Optional[int] = None
    try:
        for i, (h2, l2, t2, gain) in enumerate(kids):
            rem = search.remaining(h2, t2)
            target = None if best is None else best - gain
            if target is None or target <= 0:
                lo, hi = search.mtdf(h2, l2, t2, escape=i == 0)
            elif target > rem:
                lo, hi = 0, rem  # cannot reach the best so far
            else:
                v = search._test(h2, l2, t2, target, rem, limited=False)
                lo, hi = search.mtdf(h2, l2, t2, floor=v) if v >= target else (0, v)
            bounds[i] = (lo + gain, hi + gain)
            if lo == hi and (best is None or lo + gain > best):
                best = lo + gain
    except TestTooLong:
        best = _value_first(search, hands, leader, trick, kids, bounds, groups, result)
        if best is None:
            return
    except (BoundsTimeout, SearchTimeout, KeyboardInterrupt) as t:
        if isinstance(t, KeyboardInterrupt):  # between tests: what they proved stands
            search.interrupted = True
        elif isinstance(t, BoundsTimeout):
            bounds[i] = (t.lo + gain, t.hi + gain)
        # every card is answered: as far as it was proved, else what it may still reach; and
        # the value lies between the best card proved and the best any card may still reach
        known = [b or _reach(search, kid) for kid, b in zip(kids, bounds)]
        _record(groups, list(known), result)
        lo, hi = max(b[0] for b in known), max(b[1] for b in known)
        result.bounds, result.exact = (lo, hi), False
        if lo == hi:  # bounds that meet are the value, though not every card is valued
            result.value = lo
        return
    assert best is not None
    result.value, result.bounds = best, (best, best)
    try:
        for i, (h2, l2, t2, gain) in enumerate(kids):
            lo, hi = bounds[i] or (0, 0)
            if lo < hi:
                try:
                    lo, hi = search.mtdf(h2, l2, t2, ceiling=hi - gain)
                except BoundsTimeout as t:  # this card's bounds narrowed as far as they got
                    bounds[i] = (max(lo, t.lo + gain), min(hi, t.hi + gain))
                    raise
                bounds[i] = (lo + gain, hi + gain)
        first = next(rep for (rep, _), b in zip(groups, bounds) if b == (best, best))
        result.line = principal_line(search, hands, leader, trick, best, first)
    except (BoundsTimeout, SearchTimeout, KeyboardInterrupt) as t:
        # the value stands; cards or line are partial
        if isinstance(t, KeyboardInterrupt):
            search.interrupted = True
        result.exact = False
    _record(groups, bounds, result)


def _value_first(search: Search, hands: list[list[int]], leader: int, trick: list[int],
                 kids: list[tuple[list[list[int]], int, list[int], int]],
                 bounds: list[Optional[tuple[int, int]]], groups: list[tuple[int, list[int]]],
                 result: Result) -> Optional[int]:
    """The position's value, with every card bounded by it in ``bounds``; None when the
    budget ran out first (``result`` then holds the bounds proved: on the value, and on every
    card from above)."""
    try:
        lo, hi = search.mtdf(hands, leader, trick)
    except BoundsTimeout as t:
        lo, hi = t.lo, t.hi
    for i, kid in enumerate(kids):
        least, most = _reach(search, kid)
        bounds[i] = (least, max(least, min(hi, most)))
    if lo == hi:
        return lo
    _record(groups, bounds, result)
    result.bounds, result.exact = (lo, hi), False
    return None


def _reach(search: Search, kid: tuple[list[list[int]], int, list[int], int]) -> tuple[int, int]:
    """What a card not yet valued may be worth (``kid``: the position after it, as ``_after``
    gives it): at least the points it banks at once, at most those and every point left."""
    hands, _, trick, gain = kid
    return gain, gain + search.remaining(hands, trick)


def _record(groups: list[tuple[int, list[int]]], bounds: list[Optional[tuple[int, int]]],
            result: Result) -> None:
    """Each card's bounds, as far as they are known, for every card of its group."""
    for (_, group), b in zip(groups, bounds):
        if b is not None:
            for card in group:
                result.cards[card] = b


def principal_line(search: Search, hands: list[list[int]], leader: int, trick: list[int],
                   value: int, first: Optional[int] = None) -> list[int]:
    """One optimal continuation to the end of the deal (side-0 value ``value`` throughout),
    starting with ``first`` when the caller knows that card keeps the value (testing the
    cards before it again can cost as much as valuing them did)."""
    line: list[int] = []
    hands = [list(h) for h in hands]
    trick = list(trick)
    while any(hands) or (trick and len(trick) < search.n):
        player = (leader + len(trick)) % search.n
        maximise = search.side[player] == 0
        chosen = None
        for rep, _ in search.moves(hands, leader, trick):
            if first is not None and rep != first:
                continue
            h2, l2, t2, gain = _after(search, hands, leader, trick, rep)
            rem = search.remaining(h2, t2)
            target = value - gain
            if first is not None:  # known to keep the value
                ok = True
            elif maximise:  # does this card keep side 0 at >= value?
                ok = search._test(h2, l2, t2, target, rem, limited=False) >= target
            else:  # does it hold side 0 to <= value?
                ok = search._test(h2, l2, t2, target + 1, rem, limited=False) <= target
            if ok:
                chosen = (rep, h2, l2, t2, gain)
                break
        if chosen is None:  # pragma: no cover - would mean an inconsistent value
            raise RuntimeError("no move keeps the proved value")
        rep, hands, leader, trick, gain = chosen
        value -= gain
        line.append(rep)
        first = None
    return line
