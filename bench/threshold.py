"""A contract's question, "can the side reach T?", by one null-window test at T, against the
exact value: side by side on the same seeded full deals, in one run.

    python bench/threshold.py [--family F] [--deals N] [--tricks K]
    python bench/threshold.py --makeable [--family F] [--deals N]

For each seeded deal (``bench/dd_full.deal_position``: the variant's ``random_deal(seed)``, a
seeded trump, the first seat leading): the time of the exact value (``solve``,
value only), then of ``reaches`` at three thresholds: the value itself (the hardest "yes"),
the value plus one (the hardest "no"), and the middle of the points in play (a typical
contract). Each answer is checked against the value. Prints the medians and the worst, and
the ratio of the medians (exact / threshold). ``--tricks K`` cuts every hand to K of its own
cards (``bench/dd_full.cut``): for double-deck and five-hand, whose full deals take minutes.

``--makeable`` times the makeable command's library call on the same deals, the bidder seat 0
(the first seat; declarer and partner as above) at the legal bid nearest its side's meld plus
half the points in play: the exact answer (``exact=True``) against the verdict only
(``exact=False``: one threshold test), each verdict checked against the exact one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dd_full import FAMILIES, cut, deal_position  # noqa: E402
from pinosolve import load_variant  # noqa: E402
from pinosolve.play.driver import reaches, solve  # noqa: E402
from pinosolve.play.rules import PlayRules  # noqa: E402
from pinosolve.play.position import points_left  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", default="four-hand")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--tricks", type=int, default=0)
    ap.add_argument("--makeable", action="store_true")
    args = ap.parse_args()
    if args.makeable:
        return contracts(args.family, args.deals)
    v = load_variant(args.family)
    rules = PlayRules.of(v)
    declarer = v.seats[1] if len(v.seats) == 3 or v.rules.players.partnership != "fixed" \
        else None
    partner = v.seats[3] if v.rules.players.partnership == "called-card" else None
    exact, at, above, middle = [], [], [], []
    for seed in range(args.deals):
        pos = deal_position(args.family, seed, declarer, partner)
        if args.tricks:
            pos = cut(pos, args.tricks, seed)
        t = time.perf_counter()
        value = solve(pos, rules, value_only=True).value
        exact.append(time.perf_counter() - t)
        half = points_left(rules, pos.hands, []) // 2
        for times, threshold in ((at, value), (above, value + 1), (middle, half)):
            t = time.perf_counter()
            answer = reaches(pos, rules, threshold)
            times.append(time.perf_counter() - t)
            assert answer == (value >= threshold), (seed, threshold, value, answer)
    what = f", cut to {args.tricks} tricks" if args.tricks else ""
    mid = statistics.median(exact)
    print(f"{args.family}{what}, {args.deals} deals: exact value median {mid:.3f}"
          f" s, worst {max(exact):.3f} s")
    for name, times in (("reach T = value", at), ("reach T = value + 1", above),
                        ("reach T = half the points", middle)):
        print(f"  {name}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s; "
              f"exact/threshold (medians) {mid / statistics.median(times):.2f}x")


def contracts(family: str, deals: int) -> None:
    from pinosolve.cards import Hand, Suit
    from pinosolve.meld.solver import best_meld
    from pinosolve.scoring.bidding import value_problem
    from pinosolve.scoring.makeable import analyse
    from pinosolve.variants.sides import bidding_team
    from pinosolve.variants.dealer import random_deal

    v = load_variant(family)
    declarer, partner = FAMILIES[family]
    bidder = declarer or v.seats[0]
    exact_times, quick_times = [], []
    for seed in range(deals):
        dealt = random_deal(v, seed)
        deal = dealt.deal
        trump = Suit(deal_position(family, seed, declarer, partner).trump)
        # the kitty games' bidder lays the kitty's cards away unseen (a plain choice)
        away = Hand(dealt.undealt) if v.rules.deal.bidder_discards else None
        team = bidding_team(v, bidder, partner)
        holding = {s: (h + away if (away is not None and s == bidder) else h)
                   for s, h in deal.items()}
        meld = sum(best_meld(v, holding[s], trump).total for s in team)
        hands = [[c.index for c in h] for h in deal.hands]
        half = points_left(PlayRules.of(v), hands, []) // 2
        bid = min((b for b in range(v.rules.bidding.minimum, 5000)
                   if value_problem(v.rules.bidding, b) is None),
                  key=lambda b: abs(b - meld - half))
        args = (v, deal, trump, bidder, bid, partner, away)
        t = time.perf_counter()
        exact = analyse(*args)
        exact_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        quick = analyse(*args, exact=False)
        quick_times.append(time.perf_counter() - t)
        assert quick.made == exact.made, (seed, bid)
    me, mq = statistics.median(exact_times), statistics.median(quick_times)
    print(f"{family} makeable, {deals} deals (meld included in both): exact median "
          f"{me:.3f} s, worst {max(exact_times):.3f} s; verdict only median {mq:.3f} s, worst "
          f"{max(quick_times):.3f} s; exact/verdict (medians) {me / mq:.2f}x")


if __name__ == "__main__":
    main()
