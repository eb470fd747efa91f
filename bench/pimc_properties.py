r"""Leaf correlation, bias and disambiguation of Pinochle's card play, from random play-outs.

These are the three game-tree properties that Long, Sturtevant, Buro and Furtak
("Understanding the Success of Perfect Information Monte Carlo Sampling in Game Tree
Search", AAAI 2010) found to predict how much PIMC loses to strategy fusion
(docs/pimc-properties.md).

Every deal is the variant's ``random_deal(seed + i)``; the first leader is the declarer (seat
``i mod n``), who names his longest suit trump (ties: the more counters, then S H D C). In
three-hand the declarer plays alone and the kitty stays out of play, unseen by everyone; in
five-hand the declarer calls ``card_to_call`` and the partner is the card's first holder
from his left, known to all (the partners pass cards, which are not modelled: the hands
dealt are the hands played). The declaring side is "player 1". Its binary outcome: its
counters at the end of the hand reach its share of the points in play (``--share``: a
fraction, or ``cards``, its share of the cards dealt: a half in four-hand, a third in
three-hand, two fifths in five-hand).

The play-out is random (each legal card alike). In each trick one point (a seat to play,
chosen at random) is solved double dummy (``Game.solve``) when it lies within the last
``--solve-last`` tricks (0: every trick). There, *leaf correlation* is the share of the
positions with two or more legal cards in which every card leads to the same outcome;
*pairwise* the chance that two different legal cards do; *same points* the share in which
every card takes the same points; *bias* the share of all sampled positions that player 1
wins with best play from there. *Disambiguation*: from each seat's view (its hand as dealt,
the cards played; optionally the meld every seat shows, ``--meld``), the number N of
consistent deals (``View.deal_count``) before and after each trick; the per-trick
log-shrink is ``1 - ln N_after / ln N_before``, the linear shrink ``1 - N_after /
N_before``; and, reading df as a constant factor by which N shrinks each step until one deal
is left, ``df per trick = 1 - N_0 ** (-1 / tricks to certainty)`` and ``df per card`` the
same with the cards played (every seat's) to certainty. Tricks are staged early / middle /
late by thirds. Standard errors are clustered by deal (positions of one deal are not
independent). Two-hand variants have no hidden cards in their play-off and are refused.

The tables in docs/pimc-properties.md were made by these runs, one at a time, each under
ten minutes on two cores shared with other jobs (the first printed its disambiguation table
before the constant-factor lines were added; the second prints the same table with them):

    nice -n 10 python bench/pimc_properties.py --variant four-hand --positions 800 --seed 1
    nice -n 10 python bench/pimc_properties.py --variant four-hand --positions 800 --seed 1 \
        --part df
    nice -n 10 python bench/pimc_properties.py --variant four-hand --positions 800 --seed 1 \
        --part df --meld
    nice -n 10 python bench/pimc_properties.py --variant four-hand --positions 600 --seed 1 \
        --part lc --share 0.6
    nice -n 10 python bench/pimc_properties.py --variant four-hand --positions 600 --seed 1 \
        --part lc --trump random
    nice -n 10 python bench/pimc_properties.py --variant three-hand-kitty --positions 100 \
        --seed 1
    nice -n 10 python bench/pimc_properties.py --variant three-hand-kitty --positions 300 \
        --seed 1 --part df
    nice -n 10 python bench/pimc_properties.py --variant three-hand-kitty --positions 300 \
        --seed 1 --part df --meld
    nice -n 10 python bench/pimc_properties.py --variant five-hand-call --positions 300 \
        --seed 1 --part lc --solve-last 10
    nice -n 10 python bench/pimc_properties.py --variant five-hand-call --positions 60 \
        --seed 1 --part df --views 1
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinosolve import Game, Suit, best_meld, load_variant
from pinosolve.analysis.view import View
from pinosolve.variants.sides import called_partner, card_to_call
from pinosolve.variants.variant import Variant, variant_ids

STAGES = ("early", "middle", "late")


# --- the deals and their games ----------------------------------------------------------------

@dataclass
class Setup:
    """One deal's game as play begins, and what the study needs to read its positions."""

    game: Game
    player1: str          # the declaring side's name (Game.side_of)
    total: int            # the points in play: counters dealt, and the last trick's bonus
    threshold: int        # player 1 wins with at least this many points
    roles: dict[str, str] = field(default_factory=dict)   # declarer / partner, for views
    hands: dict[str, list[str]] = field(default_factory=dict)  # the hands as dealt


def card_points(v: Variant, card: Any) -> int:
    """The counter value of one card."""
    return v.rules.points.cards.get(str(card)[:-1], 0)


def trump_of(v: Variant, hand: Any) -> Suit:
    """The declarer's trump: his longest suit (ties: the more counters, then S H D C)."""
    def key(suit: Suit) -> tuple[int, int, int]:
        cards = [c for c in hand if str(c)[-1] == suit.name]
        return len(cards), sum(card_points(v, c) for c in cards), -int(suit)

    return max(Suit, key=key)


def roles_for(v: Variant, deal: Any, declarer: str, trump: Suit) -> dict[str, str]:
    """Who plays with whom where the rules do not fix it: the declarer alone (three-hand),
    or with the first holder from his left of the card he calls (five-hand)."""
    kind = v.rules.players.partnership
    if kind == "fixed":
        return {}
    roles = {"declarer": declarer}
    if kind == "called-card":
        hands = dict(deal.items())
        call = card_to_call(v, trump, hands[declarer])
        roles["partner"] = called_partner(v, declarer, hands, call)
    return roles


def threshold_of(share: Union[str, float], cards_p1: int, cards_all: int, total: int) -> int:
    """The points player 1 needs: ``share`` of the points in play, rounded up (``cards``: its
    share of the cards dealt)."""
    fraction = cards_p1 / cards_all if share == "cards" else float(share)
    return math.ceil(fraction * total - 1e-9)


def setup(v: Variant, seed: int, i: int, share: Union[str, float],
          trump_rule: str = "longest") -> Setup:
    """The ``i``-th deal of the run: dealt by ``random_deal(seed + i)``, led by its
    declarer, seat ``i mod n``, who names his longest suit trump (``trump_rule`` "random":
    suit ``(seed + i) mod 4``)."""
    deal = v.random_deal(seed + i)
    declarer = v.seats[i % len(v.seats)]
    hands = dict(deal.items())
    trump = trump_of(v, hands[declarer]) if trump_rule == "longest" else Suit((seed + i) % 4)
    roles = roles_for(v, deal, declarer, trump)
    g = Game(v, deal, trump=trump, leader=declarer, **roles)
    total = sum(card_points(v, c) for h in hands.values() for c in h) + \
        v.rules.points.last_trick
    player1 = g.side_of(declarer)
    mine = sum(len(hands[s]) for s in v.seats if g.side_of(s) == player1)
    every = sum(len(h) for h in hands.values())
    return Setup(g, player1, total, threshold_of(share, mine, every, total), roles,
                 {s: [str(c) for c in h] for s, h in hands.items()})


# --- leaf correlation and bias -----------------------------------------------------------------

@dataclass
class Leaf:
    """One solved position: its trick, the legal cards' outcomes for player 1 (True: wins)
    and their points for the side to move, and the outcome with best play."""

    deal: int
    trick: int
    outcomes: list[bool]
    values: list[int]
    won: bool


def player1_final(s: Setup, g: Game, mover_points: int) -> int:
    """Player 1's points at the end of the hand when the side to move takes
    ``mover_points`` from here."""
    taken = g.points
    left = s.total - sum(taken.values())
    ours = mover_points if g.side_of(g.to_move) == s.player1 else left - mover_points
    return taken[s.player1] + ours


def solve_leaf(s: Setup, g: Game, deal: int, trick: int) -> Leaf:
    """The position's legal cards solved double dummy, read as player 1's outcomes."""
    res = g.solve()
    assert res.exact and res.value is not None, "an unbudgeted solve is exact"
    values = list(res.values.values())
    outcomes = [player1_final(s, g, x) >= s.threshold for x in values]
    won = player1_final(s, g, res.value) >= s.threshold
    return Leaf(deal, trick, outcomes, values, won)


def play_out(v: Variant, s: Setup, deal: int, rng: random.Random,
             solve_from: Optional[int]) -> tuple[list[Leaf], list[str]]:
    """A random play-out of the deal: one random point of each trick from trick
    ``solve_from`` on solved (None: none), and every card played, in order."""
    g, n = s.game.copy(), len(v.seats)
    tricks = v.rules.deal.hand_size
    leaves, play = [], []
    for trick in range(1, tricks + 1):
        at = rng.randrange(n)
        for k in range(n):
            if k == at and solve_from is not None and trick >= solve_from:
                leaves.append(solve_leaf(s, g, deal, trick))
            card = rng.choice(g.legal_moves())
            g.play(card)
            play.append(str(card))
    assert sum(g.points.values()) == s.total, (g.points, s.total)
    return leaves, play


# --- disambiguation ----------------------------------------------------------------------------

def shown_meld(v: Variant, hands: dict[str, list[str]], trump: Suit) -> dict[str, list[str]]:
    """The cards each seat lays down as meld (its best meld under trump; a card serving two
    melds shown once)."""
    shown = {}
    for seat, hand in hands.items():
        counts: list[int] = []
        for meld in best_meld(v, " ".join(hand), trump).melds:
            counts = [max(a, b) for a, b in zip(counts or [0] * len(meld.counts),
                                                meld.counts)]
        shown[seat] = [str(c) for c in _cards_of(counts)]
    return shown


def _cards_of(counts: list[int]) -> list[Any]:
    """The cards of a table of copies."""
    from pinosolve.cards import Card

    return [Card.from_index(k) for k, n in enumerate(counts) for _ in range(n)]


def count_at(v: Variant, s: Setup, seat: str, play: list[str],
             shown: Optional[dict[str, list[str]]]) -> int:
    """The number of deals consistent with ``seat``'s view once ``play`` has been played."""
    view: dict[str, Any] = {"variant": v, "trump": s.game.trump.name, "seat": seat,
                            "hand": s.hands[seat], "leader": s.game.leader, "play": play,
                            **s.roles}
    if shown:
        view["shown"] = {k: c for k, c in shown.items() if k != seat and c}
    return View(view).deal_count()


def deal_counts(v: Variant, s: Setup, seat: str, play: list[str],
                shown: Optional[dict[str, list[str]]]) -> list[int]:
    """The number of deals consistent with ``seat``'s view before the first trick and after
    each trick."""
    n = len(v.seats)
    return [count_at(v, s, seat, play[:t * n], shown)
            for t in range(v.rules.deal.hand_size + 1)]


@dataclass
class Shrink:
    """One seat's view across one trick: the consistent deals before and after it."""

    deal: int
    trick: int
    before: int
    after: int

    @property
    def log_shrink(self) -> float:
        """The share of the log of the deal count the trick removes."""
        return 1 - math.log(self.after) / math.log(self.before)


def shrinks(deal: int, counts: list[int]) -> list[Shrink]:
    """Each trick's shrink of one view (tricks that start with one deal left are left out:
    nothing is hidden there)."""
    return [Shrink(deal, t + 1, counts[t], counts[t + 1]) for t in range(len(counts) - 1)
            if counts[t] > 1]


@dataclass
class Certainty:
    """One seat's view over the hand: the consistent deals at the deal (``first``), and how
    many tricks and cards were played before one deal was left."""

    deal: int
    first: int
    tricks: int
    cards: int

    def df(self, steps: int) -> float:
        """The constant factor by which the count shrinks each of ``steps`` steps to one."""
        return 1 - self.first ** (-1 / steps)


def certainty(v: Variant, s: Setup, deal: int, seat: str, play: list[str],
              shown: Optional[dict[str, list[str]]], counts: list[int]) -> Optional[Certainty]:
    """When ``seat``'s view came down to one deal: the trick (from ``counts``), then the card
    within it (None when nothing was hidden at the deal)."""
    if counts[0] <= 1:
        return None
    n = len(v.seats)
    trick = next(t for t, c in enumerate(counts) if c == 1)
    card = next(k for k in range((trick - 1) * n + 1, trick * n + 1)
                if count_at(v, s, seat, play[:k], shown) == 1)
    return Certainty(deal, counts[0], trick, card)


# --- statistics --------------------------------------------------------------------------------

def stage_of(trick: int, tricks: int) -> str:
    """early / middle / late: the thirds of the hand's tricks."""
    return STAGES[min(2, 3 * (trick - 1) // tricks)]


def clustered(pairs: list[tuple[int, float]]) -> tuple[float, float, int]:
    """The mean of values grouped by deal ((deal, value) pairs) and its standard error
    clustered by deal; and the number of values."""
    n = len(pairs)
    if not n:
        return math.nan, math.nan, 0
    mean = sum(x for _, x in pairs) / n
    by: dict[int, float] = {}
    for deal, x in pairs:
        by[deal] = by.get(deal, 0.0) + x - mean
    c = len(by)
    se = math.sqrt(sum(r * r for r in by.values()) * c / max(c - 1, 1)) / n if c > 1 else \
        math.nan
    return mean, se, n


def fmt(mean: float, se: float) -> str:
    """``mean ± se`` to three places."""
    if math.isnan(mean):
        return "-"
    return f"{mean:.3f} ± {se:.3f}" if not math.isnan(se) else f"{mean:.3f}"


def pair_agreement(outcomes: list[bool]) -> float:
    """The chance that two different legal cards, drawn at random, lead to one outcome."""
    m, a = len(outcomes), sum(outcomes)
    return (a * (a - 1) + (m - a) * (m - a - 1)) / (m * (m - 1))


def leaf_row(label: str, leaves: list[Leaf]) -> str:
    """A table row of leaf correlation and bias over ``leaves``."""
    free = [x for x in leaves if len(x.outcomes) > 1]
    lc = clustered([(x.deal, float(len(set(x.outcomes)) == 1)) for x in free])
    pair = clustered([(x.deal, pair_agreement(x.outcomes)) for x in free])
    same = clustered([(x.deal, float(len(set(x.values)) == 1)) for x in free])
    bias = clustered([(x.deal, float(x.won)) for x in leaves])
    forced = 1 - len(free) / len(leaves) if leaves else math.nan
    return (f"| {label} | {len(leaves)} | {len(free)} | {forced:.2f} | {fmt(*lc[:2])} | "
            f"{fmt(*pair[:2])} | {fmt(*same[:2])} | {fmt(*bias[:2])} |")


def leaf_table(leaves: list[Leaf], tricks: int) -> list[str]:
    """The leaf correlation table: by stage, then by trick."""
    head = ["| tricks | positions | with a choice | forced | leaf correlation | pairwise | "
            "same points | bias (P1 wins) |", "|---|---|---|---|---|---|---|---|"]
    rows = [leaf_row(f"{st}", [x for x in leaves if stage_of(x.trick, tricks) == st])
            for st in STAGES if any(stage_of(x.trick, tricks) == st for x in leaves)]
    rows.append(leaf_row("all", leaves))
    rows += [leaf_row(f"trick {t} ({tricks - t + 1} left)", [x for x in leaves if x.trick == t])
             for t in range(1, tricks + 1) if any(x.trick == t for x in leaves)]
    return head + rows


def shrink_row(label: str, items: list[Shrink]) -> str:
    """A table row of disambiguation over ``items``."""
    logs = clustered([(x.deal, x.log_shrink) for x in items])
    lin = clustered([(x.deal, 1 - x.after / x.before) for x in items])
    size = clustered([(x.deal, math.log10(x.before)) for x in items])
    return (f"| {label} | {logs[2]} | {fmt(*logs[:2])} | {fmt(*lin[:2])} | "
            f"{size[0]:.1f} |")


def shrink_table(items: list[Shrink], known: list[Certainty], tricks: int) -> list[str]:
    """The disambiguation table: by stage, then by trick; then the constant-factor reading."""
    head = ["| tricks | views x tricks | log-shrink per trick | linear shrink per trick | "
            "mean log10 N before |", "|---|---|---|---|---|"]
    rows = [shrink_row(st, [x for x in items if stage_of(x.trick, tricks) == st])
            for st in STAGES]
    rows.append(shrink_row("all", items))
    rows += [shrink_row(f"trick {t}", [x for x in items if x.trick == t])
             for t in range(1, tricks + 1) if any(x.trick == t for x in items)]
    return head + rows + [""] + certainty_lines(known)


def certainty_lines(known: list[Certainty]) -> list[str]:
    """The constant-factor reading of df, per trick and per card, with the steps it took."""
    first = clustered([(x.deal, math.log10(x.first)) for x in known])
    tricks = clustered([(x.deal, float(x.tricks)) for x in known])
    cards = clustered([(x.deal, float(x.cards)) for x in known])
    per_trick = clustered([(x.deal, x.df(x.tricks)) for x in known])
    per_card = clustered([(x.deal, x.df(x.cards)) for x in known])
    return [f"views: {len(known)}; log10 N at the deal {fmt(*first[:2])}; one deal left after "
            f"{fmt(*tricks[:2])} tricks, {fmt(*cards[:2])} cards",
            f"df (constant factor to certainty): per trick {fmt(*per_trick[:2])}, "
            f"per card {fmt(*per_card[:2])}"]


# --- the run -----------------------------------------------------------------------------------

def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    """The command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="four-hand", choices=variant_ids())
    ap.add_argument("--positions", type=int, default=200,
                    help="deals played out (one solved position per trick of each)")
    ap.add_argument("--seed", type=int, default=0, help="deal i is random_deal(seed + i)")
    ap.add_argument("--part", choices=("lc", "df", "both"), default="both",
                    help="leaf correlation and bias (lc), disambiguation (df), or both")
    ap.add_argument("--share", default="cards",
                    help="player 1's target: a fraction of the points in play, or 'cards'")
    ap.add_argument("--trump", choices=("longest", "random"), default="longest",
                    help="the declarer's trump: his longest suit, or a suit at random")
    ap.add_argument("--solve-last", type=int, default=0,
                    help="solve only in the last K tricks (0: every trick)")
    ap.add_argument("--views", type=int, default=0,
                    help="views per deal for disambiguation (0: every seat; else random seats)")
    ap.add_argument("--meld", action="store_true",
                    help="every seat shows its meld before play (disambiguation)")
    args = ap.parse_args(argv)
    if args.share != "cards":
        args.share = float(args.share)
    return args


def refuse_open_play(v: Variant) -> None:
    """Stop with a note where the trick play hides nothing: two-hand's play-off."""
    if v.rules.deal.kitty_kind == "stock" or len(v.seats) == 2:
        sys.exit(f"{v.id}: two hands with a stock: once the stock is gone every card not in "
                 "one's own hand is in the other's, so the play-off has no hidden cards "
                 "(leaf correlation is moot, disambiguation complete at once)")


def solve_from(args: argparse.Namespace, v: Variant) -> Optional[int]:
    """The first trick whose positions are solved (None: none, disambiguation only)."""
    if args.part == "df":
        return None
    tricks = v.rules.deal.hand_size
    return 1 if not args.solve_last else max(1, tricks - args.solve_last + 1)


def run(args: argparse.Namespace) -> list[str]:
    """Play the deals out and return the report's lines."""
    v = load_variant(args.variant)
    refuse_open_play(v)
    leaves: list[Leaf] = []
    items: list[Shrink] = []
    known: list[Certainty] = []
    start = time.perf_counter()
    for i in range(args.positions):
        s = setup(v, args.seed, i, args.share, args.trump)
        rng = random.Random(args.seed * 1_000_003 + i)
        found, play = play_out(v, s, i, rng, solve_from(args, v))
        leaves += found
        if args.part != "lc":
            shown = shown_meld(v, s.hands, s.game.trump) if args.meld else None
            seats = list(v.seats) if not args.views else rng.sample(list(v.seats), args.views)
            for seat in seats:
                counts = deal_counts(v, s, seat, play, shown)
                items += shrinks(i, counts)
                done = certainty(v, s, i, seat, play, shown, counts)
                if done is not None:
                    known.append(done)
    seconds = time.perf_counter() - start
    return report(args, v, leaves, items, known, seconds)


def report(args: argparse.Namespace, v: Variant, leaves: list[Leaf], items: list[Shrink],
           known: list[Certainty], seconds: float) -> list[str]:
    """The report: what was run, then the tables asked for."""
    tricks = v.rules.deal.hand_size
    lines = [f"{v.id}: {args.positions} deals from seed {args.seed}, share {args.share}, "
             f"trump {args.trump}, solve-last {args.solve_last or 'all'}, "
             f"meld shown {args.meld}; "
             f"{seconds:.0f} s", ""]
    if args.part != "df":
        lines += leaf_table(leaves, tricks) + [""]
    if args.part != "lc":
        lines += shrink_table(items, known, tricks) + [""]
    return lines


def main(argv: Optional[list[str]] = None) -> None:
    """Run the study and print its tables."""
    print("\n".join(run(parse_args(argv))))


if __name__ == "__main__":
    main()
