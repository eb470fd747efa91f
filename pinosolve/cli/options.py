"""The options every command shares, declared once (``VariantOpt``, ``JsonOpt``, ...), their
shell completions, the groups ``with_options`` adds to a command, and the readings of an
option's value that come before a command's parameter record (``one_bidder``, ``shorthand``,
``named_values``, ``meld_option``; the record's own readers are ``cli.params``'s)."""

from __future__ import annotations

import functools
import inspect
import json
from typing import Annotated, Any, Optional
from collections.abc import Callable, Mapping

import typer

from pinosolve.cli.params import whole_text
from pinosolve.errors import PinosolveError


def cpu_threads(threads: int) -> int:
    """The --threads option: threads for the command (0: one per CPU this process may use, at
    most ``pinosolve.play.budget.MAX_THREADS``)."""
    from pinosolve.cli.pool import usable_cpus
    from pinosolve.errors import PinosolveError
    from pinosolve.play.budget import MAX_THREADS

    if not 0 <= threads <= MAX_THREADS:  # (the same words on the command line and a batch line)
        raise PinosolveError(f"threads must be a whole number from 0 (one per core) to "
                             f"{MAX_THREADS}, got {threads}")
    return min(usable_cpus(), MAX_THREADS) if threads == 0 else threads


def complete_variant(incomplete: str) -> list[str]:
    """Shell completion of --variant: the variant IDs that start with what was typed (read
    here, when the shell asks: nothing of it is imported for --help)."""
    from pinosolve.variants.variant import variant_ids

    return [v for v in variant_ids() if v.startswith(incomplete)]



def complete_rules(incomplete: str) -> list[str]:
    """Shell completion of --rules: the shipped house-rule examples' names (where none fits,
    the shell completes file names)."""
    from pinosolve.variants.variant import example_names

    return [n for n in example_names() if n.startswith(incomplete)]



def complete_puzzle(incomplete: str) -> list[str]:
    """Shell completion of ``puzzle NAME``: the shipped puzzles' names."""
    from pinosolve.puzzle import shipped

    return [n for n in shipped() if n.startswith(incomplete)]



def complete_game(incomplete: str) -> list[str]:
    """Shell completion of ``game NAME``: the shipped game records' names."""
    from pinosolve.puzzle import shipped_games

    return [n for n in shipped_games() if n.startswith(incomplete)]



VariantOpt = Annotated[Optional[str], typer.Option(
    "--variant", autocompletion=complete_variant,
    help="Variant ID (see 'pinosolve variants'); default: $PINOSOLVE_VARIANT, "
         "else variant = \"ID\" in ~/.config/pinosolve/config.toml.",
    show_default=False)]



RulesOpt = Annotated[Optional[str], typer.Option(
    "--rules", autocompletion=complete_rules,
    help="A rules file (TOML), e.g. a house rule that extends a variant; or the "
         "name of a shipped one (see 'pinosolve rules --list').",
    show_default=False)]



TrumpOpt = Annotated[Optional[str], typer.Option(
    "--trump", help="Trump suit S H D C (or ♠ ♥ ♦ ♣, or hearts ...).", show_default=False)]



MeldTrumpOpt = Annotated[Optional[str], typer.Option(
    "--trump", help="Trump suit S H D C (or ♠ ♥ ♦ ♣, or hearts ...; none for no trump).",
    show_default=False)]



HandOpt = Annotated[Optional[str], typer.Option(
    "--hand", help="A hand: 'AS TS KS', 'AS,TS,KS' or dotted 'AT.K..'.", show_default=False)]



BidderOpt = Annotated[Optional[str], typer.Option(
    "--bidder", help="The seat that won the auction (in three- and five-handed play, who "
    "plays alone or with the called partner).", show_default=False)]



DeclarerOpt = Annotated[Optional[str], typer.Option(
    "--declarer", help="Another name of --bidder (give one, or both naming the same seat).",
    show_default=False)]



# a batch line's keys that are other names of an option: "declarer" is "bidder" (the older
# name, which the puzzle files keep); for every command with --bidder (Analysis.aliases)
BIDDER_ALIASES: Mapping[str, str] = {"declarer": "bidder"}



PartnerOpt = Annotated[Optional[str], typer.Option(
    "--partner", help="Call-partner play: the called partner's seat.", show_default=False)]


CallOpt = Annotated[Optional[str], typer.Option(
    "--called-card", help="Call-partner play, instead of --partner: the card the "
    "bidder called; its "
    "first holder from the bidder's left, in the hands as dealt, is partner.",
    show_default=False)]



JsonOpt = Annotated[bool, typer.Option("--json", help="Machine output (JSON) on stdout.")]



InputOpt = Annotated[Optional[str], typer.Option(
    "--input", help="JSON input, a file or '-' for stdin: JSON lines, one object per line "
                    "whose keys are the option names, one JSON answer out per line in (with "
                    "its 'line'; a line that is not a UTF-8 JSON object of at most 1 MiB, or "
                    "cannot be analysed, gets an error record, and the exit code is 1); or "
                    "one JSON object over several lines: one analysis, its keys as options.",
    show_default=False)]



JobsOpt = Annotated[int, typer.Option(
    "--jobs", help="With --input: lines analysed at once, each in a process of its own "
                   "(0: one per core); the answers keep the input's order. At most 4 per "
                   "core and one per 256 MiB of memory: more is lowered to that, with a note.")]



ProgressOpt = Annotated[bool, typer.Option(
    "--progress", help="Report the search on stderr as it goes (each null-window test of "
                       "the double-dummy search; each better solution CP-SAT finds).")]


SatProgressOpt = Annotated[bool, typer.Option(
    "--progress", help="Report CP-SAT on stderr as it goes: each better solution of each "
                       "model it solves, with the objective it minimises (minus the points).")]



TimeoutOpt = Annotated[Optional[float], typer.Option(
    "--timeout", help="Seconds (0 < s <= 1e9) for the search; then the answer is the bounds "
    "proved so far.", show_default=False)]


# where many deals run (study, match): this machine's cores, or a Dask cluster
BackendOpt = Annotated[str, typer.Option(
    "--backend", help="local (this machine's cores) or dask.")]
SchedulerOpt = Annotated[Optional[str], typer.Option(
    "--scheduler", help="--backend dask: a running cluster's scheduler, tcp://HOST:8786 "
    "(default: a LocalCluster of --jobs processes).", show_default=False)]
DealJobsOpt = Annotated[Optional[int], typer.Option(
    "--jobs", help="Worker processes, as every command's --jobs (0: one per core): "
    "this machine's (default: one per core), or with --backend dask, the LocalCluster's "
    "(default 2).", show_default=False)]

DealTimeoutOpt = Annotated[Optional[float], typer.Option(
    "--timeout", help="Seconds (0 < s <= 1e9) for each deal's search; a deal that runs out "
    "gives bounds.", show_default=False)]


ModelOpt = Annotated[Optional[str], typer.Option(
    "--model", help="Weight the deals by a model of the other players' card play: fitted "
    "(fitted on pimc self-play) or rules (the rules player made stochastic); default none.",
    show_default=False)]


DealerOpt = Annotated[Optional[str], typer.Option(
    "--dealer", help="The dealer's seat (default: the last seat): the bidding starts on his "
    "left (bid, advise --bidding), and his left-hand player leads first (makeable).",
    show_default=False)]


# the view's options (infer's, and advise's for play)
SeatOpt = Annotated[Optional[str], typer.Option(
    "--seat", help="The viewer's seat: the seat whose own cards are known (advise: the "
    "seat to move, or the seat to bid).", show_default=False)]
LeaderOpt = Annotated[Optional[str], typer.Option(
    "--leader", help="Who led the first trick played (required with --play; default: the "
    "first seat).", show_default=False)]
PlayOpt = Annotated[Optional[str], typer.Option(
    "--play", help="The cards played since, in order: 'AS KS QS 9S JH'.", show_default=False)]
ShownOpt = Annotated[Optional[list[str]], typer.Option(
    "--shown", help="Meld a seat laid: SEAT=CARDS; repeat.", show_default=False)]
PassedOpt = Annotated[Optional[str], typer.Option(
    "--passed", help="The cards passed between the viewer and its partner, either way (those "
    "in --hand it received); or use --gave and --received.", show_default=False)]
GaveOpt = Annotated[Optional[str], typer.Option(
    "--gave", help="The cards the viewer passed to its partner.", show_default=False)]
ReceivedOpt = Annotated[Optional[str], typer.Option(
    "--received", help="The cards the partner passed to the viewer.", show_default=False)]
KittyOpt = Annotated[Optional[str], typer.Option(
    "--kitty", help="The kitty, if the viewer saw it.", show_default=False)]
RecordOpt = Annotated[Optional[str], typer.Option(
    "--record", help="The view from a game record file (docs/records.md; '-': stdin): its "
    "Seat's, or --seat's (default: the seat to move), in place of the view's options.",
    show_default=False)]
GoneOpt = Annotated[Optional[str], typer.Option(
    "--gone", help="Cards out of play that the viewer knows (e.g. its own discards).",
    show_default=False)]


# --- option groups: options that several commands take together, declared once ------------

Group = Mapping[str, tuple[Any, Any]]  # a parameter's name: (its Annotated type, its default)

VARIANT: Group = {"variant": (VariantOpt, None), "rules": (RulesOpt, None)}
OUTPUT: Group = {"json_out": (JsonOpt, False)}
BATCH: Group = {"input_source": (InputOpt, None), "jobs": (JobsOpt, 1)}
# where an analysis is run: the variant, the output, a batch of lines
RUN: Group = {**VARIANT, **OUTPUT, **BATCH}
SIDES: Group = {"bidder": (BidderOpt, None), "declarer": (DeclarerOpt, None),
                "partner": (PartnerOpt, None), "called_card": (CallOpt, None)}
# a seat's view of a hand being played (infer, advise)
VIEW: Group = {"seat": (SeatOpt, None), "hand": (HandOpt, None), "trump": (TrumpOpt, None),
               "leader": (LeaderOpt, None), "play": (PlayOpt, None), **SIDES,
               "shown": (ShownOpt, None), "passed": (PassedOpt, None), "gave": (GaveOpt, None),
               "received": (ReceivedOpt, None), "kitty": (KittyOpt, None),
               "gone": (GoneOpt, None), "record": (RecordOpt, None)}
OWN: Group = {}  # where ``with_options`` puts the command's own parameters

Command = Callable[..., Any]


def with_options(*groups: Group) -> Callable[[Command], Command]:
    """A command's options: each group's, and the command's own parameters where ``OWN``
    stands (else first), in that order in ``--help``. typer reads them from the signature;
    the command gets every one as a keyword argument (its ``**given``).

    >>> @with_options(OWN, VARIANT)
    ... def show(seat: Optional[str] = None, **given: Any) -> Any:
    ...     return seat, given
    >>> list(inspect.signature(show).parameters)
    ['seat', 'variant', 'rules']
    >>> show(seat="N", variant="four-hand", rules=None)
    ('N', {'variant': 'four-hand', 'rules': None})
    """
    def add(command: Command) -> Command:
        own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
               for p in inspect.signature(command, eval_str=True).parameters.values()
               if p.kind is not p.VAR_KEYWORD]
        parts = groups if any(g is OWN for g in groups) else (OWN, *groups)
        params: list[inspect.Parameter] = []
        for group in parts:
            params += own if group is OWN else [
                inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                  annotation=annotation)
                for name, (annotation, default) in group.items()]

        @functools.wraps(command)
        def run(**given: Any) -> Any:
            return command(**given)

        run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in params}
        return run

    return add


def same_value(a: Any, b: Any) -> bool:
    """Whether two values given for one option say the same: equal, or text that names the
    same seat (any case, spaces around ignored, as seats are read)."""
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().upper() == b.strip().upper()
    return type(a) is type(b) and a == b



def shown_value(value: Any) -> str:
    """A value in a message: text as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)



def one_bidder(bidder: Optional[str], declarer: Optional[str]) -> Optional[str]:
    """The bidder's seat from --bidder and --declarer, its other name: either, or both naming
    the same seat.

    >>> one_bidder("w", "W"), one_bidder(None, "E")
    ('w', 'E')
    >>> one_bidder("W", "E")
    Traceback (most recent call last):
    pinosolve.errors.PinosolveError: give the bidder once: --bidder W and --declarer E differ
    """
    if bidder is not None and declarer is not None and not same_value(bidder, declarer):
        raise PinosolveError(f"give the bidder once: --bidder {bidder} and --declarer "
                             f"{declarer} differ")
    return bidder if bidder is not None else declarer



def shorthand(positional: Optional[str], option: Optional[str], name: str) -> Optional[str]:
    """An option that may also be given as the command's argument (``meld HAND`` for
    ``meld --hand HAND``): either, not both."""
    if positional is not None and option is not None:
        raise PinosolveError(f"give the {name} once: as --{name} or as the argument, not both")
    return option if option is not None else positional



NUMBERS = ("points", "tricks")


def named_values(value: Any, key: str) -> Any:
    """A repeated ``NAME=VALUE`` option (``--meld``, ``--points``, ``--shown``, ...) from the
    command line as a table, each name once: numbers where ``key`` holds numbers (``points``,
    ``tricks``, and ``meld`` points), else the text; a batch line's table as it is.

    >>> named_values(["N=12", "S=AS KS"], "meld")
    {'N': 12, 'S': 'AS KS'}
    """
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        return value
    out: dict[str, Any] = {}
    for item in value:
        name, sep, rest = item.partition("=")
        if not sep or not name.strip():
            raise PinosolveError(f"--{key.replace('_', '-')} {item!r:.60}: write NAME=VALUE, "
                                 f"e.g. {'NS=15' if key in NUMBERS else 'N=12'}")
        if name.strip() in out:
            raise PinosolveError(f"--{key.replace('_', '-')}: {name.strip()!r:.20} is given "
                                 "twice")
        rest = rest.strip()
        digits = rest.lstrip("-")
        if key in NUMBERS or (key == "meld" and digits.isascii() and digits.isdigit()):
            out[name.strip()] = whole_text(rest, f"--{key.replace('_', '-')} {name.strip()}")
        else:
            out[name.strip()] = rest
    return out


def meld_option(value: Any) -> Any:
    """``--meld`` where it is the declaring side's (advise, as review takes a record's meld):
    one whole number, the side's meld; or ``SEAT=points`` / ``SEAT=cards``, repeated, each
    seat's (a batch line's value as it is).

    >>> meld_option(["70"]), meld_option(["N=40", "S=KS QD"])
    (70, {'N': 40, 'S': 'KS QD'})
    """
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], str) \
            and value[0].strip().isascii() and value[0].strip().isdigit():
        return whole_text(value[0], "--meld")
    return named_values(value, "meld")
