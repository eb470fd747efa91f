"""Foundation commands: ``variants``, ``rules``, ``show`` (read and check cards) and ``deal``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional, Union

import typer

from pinosolve.cli.batch import Analysis, run_command
from pinosolve.cards import CARDS, Hand, Suit, symbols
from pinosolve.cli.options import (HandOpt, JsonOpt, OWN, RUN, RulesOpt, VariantOpt,
                                   complete_variant, shorthand, with_options)
from pinosolve.cli.params import Params, chosen_variant, flag, suit, text, whole
from pinosolve.cli.output import console, emit_json, show_list, suit_text
from pinosolve.errors import PinosolveError
from pinosolve.variants.variant import (Variant, example_names, load_file, load_variant,
                                        resolve, rules_dir, variant_ids)

if TYPE_CHECKING:
    from pinosolve.variants.dealer import DealRecord
    from pinosolve.variants.holdings import DealSummary, HandSummary


def suit_cells(hand: Hand) -> list[str]:
    """One cell per suit, ranks high to low, 10 for the ten, — for a void."""
    return [hand.ranks(s) for s in Suit]


# --- variants ---------------------------------------------------------------------------


def variants(json_out: JsonOpt = False) -> None:
    """List the built-in variants with a one-line description."""
    rows = [load_variant(v).summary() for v in variant_ids()]
    if json_out:
        emit_json(rows)
        return
    from rich.table import Table

    table = Table(title="Variants", title_justify="left")
    for col in ("ID", "players", "deck", "description"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r["id"], str(r["players"]), str(r["deck"]), r["description"])
    console().print(table)


# --- rules ------------------------------------------------------------------------------


def rules(
    variant_id: Annotated[Optional[str], typer.Argument(
        metavar="ID", autocompletion=complete_variant,
        help="Variant ID (shorthand for --variant).", show_default=False)] = None,
    variant: VariantOpt = None,
    rules_path: RulesOpt = None,
    keys: Annotated[bool, typer.Option("--keys", help="Print every rules-file key.")] = False,
    list_: Annotated[bool, typer.Option(
        "--list", help="List the shipped house-rule examples, which --rules takes by name.")
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Print a variant's fully resolved rule set (after 'extends')."""
    from pinosolve.variants.datafile import describe_fields, to_data
    from pinosolve.variants.schema import Rules

    variant_id = shorthand(variant_id, variant, "variant")
    if list_:
        _list_examples(json_out)
        return
    if keys:
        rows = describe_fields(Rules)
        if json_out:
            emit_json([{"key": k, "type": t, "doc": d} for k, t, d in rows])
        else:
            from rich.table import Table

            table = Table(title="Rules-file keys", title_justify="left")
            for col in ("key", "holds", "meaning"):
                table.add_column(col, overflow="fold")
            for row in rows:
                table.add_row(*row)
            console().print(table)
        return
    v = resolve(variant_id, rules_path)
    data = to_data(v.rules)
    data["lineage"] = list(v.lineage)
    if json_out:
        emit_json(data)
        return
    _render_rules(v, data)


def _list_examples(json_out: bool) -> None:
    """``rules --list``: each shipped house-rule example, the variant it extends, and what
    it changes."""
    rows = []
    for name in example_names():
        v = load_file(rules_dir() / "examples" / f"{name}.toml")
        rows.append({"name": name, "extends": v.lineage[-2] if len(v.lineage) > 1 else None,
                     "description": " ".join(v.rules.description.split())})
    for row in rows:
        if row["extends"] is not None:
            row["extends"] = row["extends"].rsplit("/", 1)[-1].removesuffix(".toml")
    if json_out:
        emit_json(rows)
        return
    show_list(rows, "House-rule examples (pinosolve rules --rules NAME)", ("name", "extends"),
              text="description")


def _render_rules(v: Variant, data: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    out.print(f"{v.rules.name} ({v.id}) — source {v.rules.source or '(none)'}", style="bold")
    out.print(v.rules.description)
    for section, values in data.items():
        if section in ("meld", "id", "name", "description", "source", "lineage"):
            continue
        table = Table(title=section, title_justify="left", show_header=False)
        table.add_column("key", style="bold")
        table.add_column("value", overflow="fold")
        for key, value in values.items():
            table.add_row(key, _plain(value))
        out.print(table)
    meld = Table(title="meld", title_justify="left")
    for col in ("kind", "cards", "class", "values (1x 2x 3x 4x)"):
        meld.add_column(col, overflow="fold")
    for kid, kind in v.rules.meld.kinds.items():
        label = kid if kind.enabled else f"{kid} (off)"
        meld.add_row(label, kind.cards, " ".join(kind.classes),
                     " ".join(str(x) if x else "-" for x in kind.values))
    out.print(meld)
    classes = ", ".join(f"{k} = {d}" for k, d in v.rules.meld.classes.items())
    out.print(f"reuse classes: {classes}")
    if v.rules.meld.sequence:
        out.print("two-hand melding: " + _plain(data["meld"]["sequence"]))
    out.print("from: " + " <- ".join(reversed(v.lineage)))


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={_plain(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        return " ".join(_plain(v) for v in value) or "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# --- show -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShowParams(Params):
    """``show``'s parameters: a hand or a deal to read and check."""

    variant: Variant = chosen_variant()
    hand: Optional[str] = text()
    deal: Optional[str] = text()
    full: bool = flag()

    def check(self) -> None:
        if self.deal is not None and self.hand is not None:
            raise PinosolveError("give a hand or --deal, not both")
        if self.deal is None and self.hand is None:
            raise PinosolveError("give a hand (e.g. 'AS TS KS') or --deal 'N:…'")


def compute_show(params: ShowParams) -> Union[HandSummary, DealSummary]:
    """Read and check a hand or a deal against the variant's deck; count the counters held."""
    from pinosolve.variants.holdings import show_deal, show_hand

    if params.deal is not None:
        return show_deal(params.variant, params.deal, full=params.full)
    assert params.hand is not None
    return show_hand(params.variant, params.hand, full=params.full)


def render_show(result: Union[HandSummary, DealSummary]) -> None:
    from rich.table import Table

    from pinosolve.variants.holdings import DealSummary

    dealt = isinstance(result, DealSummary)
    table = Table(title=f"{result.variant}", title_justify="left")
    table.add_column("seat" if dealt else "")
    for s in Suit:
        table.add_column(s.symbol, overflow="fold")
    table.add_column("cards", justify="right")
    table.add_column("counters", justify="right")
    out = console()
    if isinstance(result, DealSummary):
        for seat, hand in result.hands.items():
            table.add_row(seat, *suit_cells(hand), str(len(hand)),
                          str(result.hand_points[seat]))
        if result.undealt:
            table.add_row("undealt", *suit_cells(result.undealt), str(len(result.undealt)),
                          str(result.undealt_points))
        out.print(table)
        out.print(result.deal)
    else:
        table.add_row("hand", *suit_cells(result.hand), str(result.cards_held),
                      str(result.points))
        out.print(table)
        out.print(symbols(result.hand))


@with_options(OWN, RUN)
def show(
    hand_arg: Annotated[Optional[str], typer.Argument(
        metavar="HAND", help="Shorthand for --hand.", show_default=False)] = None,
    hand: HandOpt = None,
    deal: Annotated[Optional[str], typer.Option(
        "--deal", help="A deal 'N:<hand> <hand> …' (dotted or comma-joined hands).",
        show_default=False)] = None,
    full: Annotated[bool, typer.Option(
        "--full", help="Require the hand, or every hand of the deal, to have the variant's "
        "full hand size.")] = False,
    **given: Any,
) -> None:
    """Read a hand or a deal, check it against the variant's deck, and count its counters."""
    options = locals()
    options["hand"] = shorthand(options.pop("hand_arg"), hand, "hand")
    run_command(options, SHOW, render_show)


SHOW = Analysis(ShowParams, compute_show)


# --- deal -------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealParams(Params):
    """``deal``'s parameters: the seed (None: a fresh one) and the index of the deal of it,
    whether to write a record, and the conditions the deal must meet (``where``, with the
    ``trump`` they read)."""

    variant: Variant = chosen_variant()
    seed: Optional[int] = whole()
    index: int = whole(default=0)
    as_record: bool = flag()
    where: Optional[str] = text()
    trump: Optional[Suit] = suit(needed=False)

    def check(self) -> None:
        from pinosolve.variants.dealer import check_index

        check_index(self.index)
        if self.trump is not None and self.where is None:
            raise PinosolveError("--trump is the trump --where reads: give --where")


def compute_deal(params: DealParams) -> DealRecord:
    """Deal ``index`` of a seed (``variants.dealer.seeded_deal``: deal ``index`` of a study
    with that seed), a fresh seed where none is given (each batch line its own), which the
    answer names (``"seed"``), so that the deal can be dealt again; with ``where``, a deal
    drawn from that seed and index to meet the conditions
    (``analysis.conditions.deal_where``)."""
    from dataclasses import replace

    from pinosolve.variants.dealer import record_of, seeded_deal

    seed = params.seed
    if seed is None:
        from pinosolve.variants.shuffle import fresh_seed

        seed = fresh_seed()
    v, where = params.variant, params.where
    if where is not None:
        from pinosolve.analysis.conditions import deal_where, parse_conditions

        found = deal_where(v, parse_conditions(v, where, "where"), seed, params.index,
                           params.trump)
        dealt = found.dealt
        answer = replace(record_of(v, dealt, seed, params.index), where=where,
                         dealt=found.drawn, chance=found.chance)
    else:
        dealt = seeded_deal(v, seed, params.index)
        answer = record_of(v, dealt, seed, params.index)
    if params.as_record:
        from pinosolve.records.record import dealt_record

        answer = replace(answer, record=str(dealt_record(v, seed, params.index, dealt=dealt,
                                                         where=where)))
    return answer


def render_deal(result: DealRecord) -> None:
    out = console()
    if result.record is not None:
        typer.echo(result.record, nl=False)
        return
    out.print(result.deal)
    kitty = result.kitty
    if result.turned is not None:
        stock = kitty[:-1]
        out.print(f"stock, top first: {symbols(stock, '(empty)')}")
        out.print(f"turned up under the stock: {symbols([result.turned])} "
                  f"(trump {suit_text(result.trump)})")
    elif kitty:
        out.print(f"{result.kitty_kind}: {symbols(kitty)}")
    named = f"--seed {result.seed}" + (f" --index {result.index}" if result.index else "")
    out.print(f"seed {result.seed}" + (f", index {result.index}" if result.index else ""))
    if result.where is not None:
        counted = "" if result.chance is None else \
            f"; counted exactly, {_share(result.chance)} meets its conditions on counts of " \
            "cards, and this deal is drawn fairly from those"
        drew = "" if result.dealt == 1 else f"; {result.dealt} deals drawn to meet the rest" \
            if counted else f"; {result.dealt} deals drawn to meet it"
        out.print(f"meets {result.where}{counted}{drew}")
        out.print(f"{named} --where with the same conditions deals it again")


def _share(chance: float) -> str:
    """A share for people: a percentage, or one in N where it is small."""
    if chance >= 0.001:
        return f"{chance:.1%} of shuffles"
    return f"1 shuffle in {round(1 / chance):,}"


@with_options(OWN, RUN)
def deal_cmd(
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="Random seed: the same seed gives the same deal (default: a fresh "
                       "one, printed with the deal).", show_default=False)] = None,
    index: Annotated[int, typer.Option(
        "--index", help="Deal this index of the seed (0 to 10**9): deal k of a study with "
        "the same --seed.")] = 0,
    as_record: Annotated[bool, typer.Option(
        "--as-record", help="Write the deal as a game record (docs/records.md); with --json, "
        "its text is the answer's record. (--record FILE is how the other commands read "
        "a record.)")] = False,
    where: Annotated[Optional[str], typer.Option(
        "--where", help="A deal that meets these conditions, as study --where writes "
        "them: 'N:run(S) and E:void(H)', N:trumps>=6, N:meld>=30, N:count(H)<=1, N:has=AS, "
        "N:KIND(SUIT) for a meld kind. Conditions on counts of cards are counted exactly "
        "(the deal drawn from exactly those that meet them; none: said at once); the same "
        "--seed and --index deal it again.",
        show_default=False)] = None,
    trump: Annotated[Optional[str], typer.Option(
        "--trump", help="With --where: the trump that trumps and meld read (where the rules "
        "turn no card up).", show_default=False)] = None,
    **given: Any,
) -> None:
    """Deal a random full deal of the variant (a fresh seed, printed, unless --seed;
    --index k: deal k of a study with that seed); --where: one that meets the conditions."""
    run_command(locals(), DEAL, render_deal)


DEAL = Analysis(DealParams, compute_deal)


_ = CARDS  # re-exported names used by later command modules
