"""``pinosolve solve``: double-dummy value of a position and of every legal card."""

from __future__ import annotations

import sys
from typing import Annotated, Any, Optional

import typer

from pinosolve.cards import CARDS, Card, Hand, Suit
from pinosolve.cli import app
from pinosolve.cli.common import (Analysis, InputOpt, JobsOpt, JsonOpt, PartnerOpt, ProgressOpt,
                                  RulesOpt, TrumpOpt, VariantOpt, batch_line, console,
                                  run_analysis, want_flag, want_str, want_timeout, want_trick,
                                  want_trump)
from pinosolve.cli.foundation import suit_cells, variant_of
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import Variant


def _seat(v: Variant, value: Any, what: str) -> int:
    if not isinstance(value, str) or value.strip().upper() not in [s.upper() for s in v.seats]:
        raise PinosolveError(f"{what}: unknown seat {value!r}; seats are {' '.join(v.seats)}")
    return [s.upper() for s in v.seats].index(value.strip().upper())


def sides_for(v: Variant, declarer: Any, partner: Any) -> tuple[int, ...]:
    """Two sides from the variant: fixed partners, declarer against the rest, or declarer and
    called partner against the rest; in two-handed play each player alone."""
    n = len(v.seats)
    kind = v.rules.players.partnership
    if kind == "fixed" or n == 2:
        for key, value in (("declarer", declarer), ("partner", partner)):
            if value is not None:
                raise PinosolveError(f"{key}: {v.id} plays in fixed sides (or one against "
                                     f"one); drop --{key} [players.partnership = {kind}]")
    if kind == "fixed":
        names = list(v.rules.players.sides)
        return tuple(next(i for i, name in enumerate(names) if seat in v.rules.players.sides[name])
                     for seat in v.seats)
    if n == 2:
        return (0, 1)
    if declarer is None:
        raise PinosolveError(f"{v.id}: name the declarer with --declarer SEAT (the other "
                             "players play together against him)")
    team = {_seat(v, declarer, "declarer")}
    if kind == "called-card":
        if partner is None:
            raise PinosolveError(f"{v.id}: name the called partner with --partner SEAT (the "
                                 "declarer's own seat if he holds the called card)")
        team.add(_seat(v, partner, "partner"))
    elif partner is not None:
        raise PinosolveError(f"{v.id} has no called partner; drop --partner")
    return tuple(0 if i in team else 1 for i in range(n))


def position_of(v: Variant, params: dict[str, Any]):
    """Read and check the position: deal (cards still held), leader, trick, trump, sides."""
    from pinosolve.play.solver import Position

    deal_text = want_str(params, "deal", "deal")
    if deal_text is None:
        raise PinosolveError("give the cards still held with --deal 'N:<hand> <hand> …'")
    deal = v.parse_deal(deal_text)
    trump = want_trump(v, params)
    if params.get("leader") is None:
        raise PinosolveError("name the player who led (or leads) the trick with --leader SEAT")
    leader = _seat(v, params["leader"], "leader")
    trick = want_trick(v, params)
    everything = Hand(trick)
    for hand in deal.hands:
        everything = everything + hand
    v.check_hand(everything, "deal and trick together")
    side = sides_for(v, params.get("declarer"), params.get("partner"))
    hands = [[c.index for c in h] for h in deal.hands]
    pos = Position(hands, leader, [c.index for c in trick], side, int(trump))
    wrong = pos.problem(v.seats)  # the hand sizes, against the trick
    if wrong is not None:
        raise PinosolveError(f"deal: {wrong}")
    if not any(hands):
        raise PinosolveError("deal: no cards left to play")
    return pos, trump


def compute_solve(params: dict[str, Any]) -> dict[str, Any]:
    from pinosolve.play.legality import PlayRules, trick_problem
    from pinosolve.play.solver import SearchInterrupted, solve

    v = variant_of(params)
    pos, trump = position_of(v, {**params, "declarer": params.get("bidder")})
    timeout = want_timeout(params)
    value_only = want_flag(params, "value_only")
    progress = want_flag(params, "progress")
    rules = PlayRules.of(v, 2)
    wrong = trick_problem(rules, pos.hands, pos.leader, pos.trick, pos.trump, pos.side,
                          v.seats)
    if wrong is not None:  # said with the variant's seat names; solve need not check again
        raise PinosolveError(wrong)
    try:
        res = solve(pos, rules, value_only=value_only, timeout=timeout, check_trick=False,
                    on_test=_show_test if progress else None)
    except SearchInterrupted as stop:  # Ctrl-C: answer what was proved (see run_analysis)
        res = stop.result
    mover = pos.to_move
    out: dict[str, Any] = {
        "variant": v.id, "trump": trump.name, "to_move": v.seats[mover],
        "side": [v.seats[i] for i in range(len(v.seats)) if pos.side[i] == pos.side[mover]],
        "value": res.value, "exact": res.exact, "bounds": list(res.bounds),
    }
    if not value_only:
        out["cards"] = {str(CARDS[c]): lo for c, (lo, hi) in sorted(res.cards.items())
                        if lo == hi}
        # a budget that ran out leaves some cards known only within bounds
        open_cards = {str(CARDS[c]): [lo, hi] for c, (lo, hi) in sorted(res.cards.items())
                      if lo < hi}
        if open_cards:
            out["card_bounds"] = open_cards
        out["line"] = [str(CARDS[c]) for c in res.line]
        out["tricks"] = _tricks(v, rules, pos, res.line)
    out["nodes"] = res.nodes
    out["seconds"] = round(res.seconds, 4)
    out["hands"] = {v.seats[i]: [str(CARDS[c]) for c in sorted(h)]
                    for i, h in enumerate(pos.hands)}
    out["leader"] = v.seats[pos.leader]
    out["trick"] = [str(CARDS[c]) for c in pos.trick]
    if not res.exact:
        why = "interrupted" if res.interrupted else "time ran out"
        out["note"] = (f"{why}: the value lies within the bounds proved so far"
                       if res.value is None else
                       f"{why} while valuing each card; the position's value is exact")
    if res.interrupted:
        out["interrupted"] = True
    return out


def _show_test(test: Any) -> None:
    """--progress: one line on stderr per null-window test, as it finishes (stdout keeps the
    answer alone, table or JSON); in a batch, the input line it is for comes first."""
    says = f"at least {test.result}" if test.reached else f"at most {test.result}"
    line = batch_line.get()
    print(f"{f'line {line}: ' if line else ''}test at {test.beta}: {says} ({test.nodes} nodes, "
          f"{test.seconds:.2f} s)", file=sys.stderr, flush=True)


def _tricks(v: Variant, rules: Any, pos: Any, line: list[int]) -> list[dict[str, Any]]:
    """The line trick by trick: who led, who played what, who won, points taken."""
    n = len(v.seats)
    leader, played = pos.leader, list(pos.trick)
    tricks, cards_left = [], sum(len(h) for h in pos.hands)
    for card in line:
        played.append(card)
        cards_left -= 1
        if len(played) == n:
            w = (leader + rules.winner(played, pos.trump)) % n
            pts = sum(rules.points[c] for c in played) + (rules.last_trick if not cards_left
                                                          else 0)
            tricks.append({"leader": v.seats[leader],
                           "cards": [[v.seats[(leader + i) % n], str(CARDS[c])]
                                     for i, c in enumerate(played)],
                           "winner": v.seats[w], "points": pts})
            leader, played = w, []
    return tricks


def render_solve(result: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    table = Table(title=f"{result['variant']}, trump {Suit[result['trump']].symbol}",
                  title_justify="left")
    table.add_column("seat")
    for s in Suit:
        table.add_column(s.symbol)
    for seat, cards in result["hands"].items():
        mark = " (to move)" if seat == result["to_move"] else ""
        table.add_row(seat + mark, *suit_cells(Hand(cards)))
    out.print(table)
    if result["trick"]:
        out.print(f"trick so far (led by {result['leader']}): "
                  + " ".join(Card.parse(c).symbol for c in result["trick"]))
    side = "+".join(result["side"])
    if result["exact"] or result["value"] is not None:
        out.print(f"{result['to_move']} to move; side {side} takes {result['value']} from here "
                  "with best play", style="bold")
    else:
        lo, hi = result["bounds"]
        why = "interrupted" if result.get("interrupted") else "time ran out"
        out.print(f"{result['to_move']} to move; side {side} takes between {lo} and {hi} "
                  f"({why})", style="bold")
    if result.get("cards") or result.get("card_bounds"):
        cards = Table(title="each legal card", title_justify="left")
        cards.add_column("card")
        cards.add_column(f"{side} takes", justify="right")
        best = result["value"]
        for card, val in sorted(result.get("cards", {}).items(), key=lambda kv: -kv[1]):
            cards.add_row(Card.parse(card).symbol + ("  best" if val == best else ""), str(val))
        for card, (lo, hi) in sorted(result.get("card_bounds", {}).items(),
                                     key=lambda kv: (-kv[1][1], -kv[1][0])):
            cards.add_row(Card.parse(card).symbol, f"{lo}..{hi}")
        out.print(cards)
    if result.get("tricks"):
        out.print("optimal line:")
        for i, t in enumerate(result["tricks"], 1):
            cards = ", ".join(f"{seat} {Card.parse(c).symbol}" for seat, c in t["cards"])
            out.print(f"  trick {i}: {cards}  -> {t['winner']} wins {t['points']}")
    if result.get("note"):
        out.print(result["note"])
    out.print(f"{result['nodes']} nodes, {result['seconds']} s")


@app.command("solve")
def solve_cmd(
    deal: Annotated[Optional[str], typer.Option(
        "--deal", help="The cards still held: 'N:<hand> <hand> …'.", show_default=False)] = None,
    trump: TrumpOpt = None,
    leader: Annotated[Optional[str], typer.Option(
        "--leader", help="The seat that led (or leads) the current trick.",
        show_default=False)] = None,
    trick: Annotated[Optional[str], typer.Option(
        "--trick", help="Cards already on the table in this trick, in order from the leader.",
        show_default=False)] = None,
    bidder: Annotated[Optional[str], typer.Option(
        "--bidder", "--declarer", help="Three- and five-handed play: the bidder's seat, who "
        "plays alone or with the called partner (--declarer: the same).",
        show_default=False)] = None,
    partner: PartnerOpt = None,
    value_only: Annotated[bool, typer.Option(
        "--value-only", help="Only the position's value (faster).")] = False,
    timeout: Annotated[Optional[float], typer.Option(
        "--timeout", help="Seconds (0 < s <= 1e9); then answer the bounds proved so far.",
        show_default=False)] = None,
    progress: ProgressOpt = False,
    variant: VariantOpt = None,
    rules_path: RulesOpt = None,
    json_out: JsonOpt = False,
    input_source: InputOpt = None,
    jobs: JobsOpt = 1,
) -> None:
    """Double-dummy: the points the side to move takes with best play, and each card's value."""
    params = {"deal": deal, "trump": trump, "leader": leader, "trick": trick,
              "bidder": bidder, "partner": partner, "value_only": value_only,
              "timeout": timeout, "progress": progress, "variant": variant,
              "rules": rules_path}
    run_analysis(params, json_out=json_out, input_source=input_source,
                 compute=SOLVE, render=render_solve, jobs=jobs)


# the analysis a batch runs: "declarer" is the older name of "bidder" (the puzzle files' too)
SOLVE = Analysis(compute_solve, aliases={"declarer": "bidder"})
