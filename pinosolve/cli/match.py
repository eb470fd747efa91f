"""``pinosolve match``: a duplicate match between two players.

The match is the library's (``pinosolve.match``): this module reads the options, shows
progress, and renders the typed ``MatchResult`` as a table or JSON.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from pinosolve.cli.options import (OUTPUT, OWN, VARIANT, BackendOpt, DealJobsOpt,
                                   SchedulerOpt, with_options)
from pinosolve.cli.output import console, emit_json, progress_wanted
from pinosolve.errors import PinosolveError


@with_options(OWN, VARIANT, OUTPUT)
def match_cmd(
    first: Annotated[str, typer.Argument(
        help="Player A: random, rules, pimc:samples=32 (also seconds=, threads=), open (a "
        "cheat: it sees every card) or cmd:COMMAND (a program speaking JSON lines).",
        show_default=False)],
    second: Annotated[str, typer.Argument(help="Player B, as player A.", show_default=False)],
    deals: Annotated[Optional[int], typer.Option(
        "--deals", help="Deals to play (each at every seating) \\[default: 100].",
        show_default=False)] = None,
    games: Annotated[Optional[int], typer.Option(
        "--games", help="Whole games to play to the variant's target instead of deals "
        "(each at every seating, on the same deals).", show_default=False)] = None,
    seed: Annotated[int, typer.Option(
        "--seed", help="The match's seed: deal k is deal --seed SEED --index k.")] = 0,
    sprt: Annotated[Optional[str], typer.Option(
        "--sprt", help="Stop as soon as a sequential test decides between a difference of "
        "LOW and of HIGH points a deal: LOW,HIGH.", show_default=False)] = None,
    out: Annotated[Optional[Path], typer.Option(
        "--out", help="A folder for every board's record and the deals played; a match "
        "stopped there resumes where it stopped.", show_default=False)] = None,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    jobs: DealJobsOpt = None,
    answer_seconds: Annotated[float, typer.Option(
        "--answer-seconds", help="The time a cmd: player has for each answer.")] = 10.0,
    plot: Annotated[Optional[str], typer.Option(
        "--plot", help="Draw the running difference and its 95% interval into this .png, "
        ".svg or .pdf file (needs matplotlib: pip install 'pinosolve\\[plot]').",
        show_default=False)] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--quiet", help="A progress line on stderr (default: shown where stderr "
        "is a terminal).", show_default=False)] = None,
    **given: Any,
) -> None:
    """A duplicate match: the same deals played by A and B from every seat, and how far
    apart they are, in points a deal, with a 95% interval."""
    from pinosolve.cli.params import chosen_variant_of
    from pinosolve.match.match import MAX_DEALS, MatchSpec, run_match
    from pinosolve.match.stats import parse_sprt

    if deals is not None and games is not None:
        raise PinosolveError("--deals or --games: a match plays deals or whole games")
    units = games if games is not None else deals if deals is not None else 100
    if not 1 <= units <= MAX_DEALS:
        raise PinosolveError(f"--{'games' if games is not None else 'deals'} must be from 1 "
                             f"to {MAX_DEALS}, got {units}")
    if not 0 < answer_seconds <= 3600:
        raise PinosolveError(f"--answer-seconds must be above 0 and at most 3600, got "
                             f"{answer_seconds}")
    from pinosolve.players import make_player

    for spec_text in (first, second):  # (a player's mistake named before the rules asked)
        make_player(spec_text, seconds=answer_seconds).close()
    from pinosolve.cli.pool import usable_cpus
    from pinosolve.cli.study import dask_client, dask_failed

    if backend not in ("local", "dask"):
        raise PinosolveError(f"--backend must be local or dask, got {backend!r:.40}")
    if backend == "local" and scheduler is not None:
        raise PinosolveError("--scheduler goes with --backend dask")
    if scheduler is not None and jobs is not None:
        raise PinosolveError("--jobs starts a LocalCluster of that many workers: not with "
                             "--scheduler, whose cluster has its own")
    if jobs is not None and not 0 <= jobs <= 256:
        raise PinosolveError(f"--jobs must be from 0 to 256, got {jobs}")
    workers = usable_cpus() if not jobs else jobs  # (default: one per core, as study)
    where_plot = None
    if plot is not None:
        from pinosolve.analysis.plot import plot_path, require_matplotlib

        where_plot = plot_path(plot)
        require_matplotlib()
    test = parse_sprt(sprt) if sprt is not None else None
    spec = MatchSpec(chosen_variant_of(given), first, second, seed, answer_seconds,
                     games=games is not None)
    wanted = progress_wanted(progress)
    bar = _Progress(units, "games" if spec.games else "deals") if wanted else None
    where = None if out is None else str(out)
    report = bar.update if bar is not None else None
    import signal
    import threading

    from pinosolve.cli.pool import _terminated

    main = threading.current_thread() is threading.main_thread()  # (where signals are set)
    terminate = signal.signal(signal.SIGTERM, _terminated) if main else None
    try:  # (SIGTERM unwinds, so a cmd: player's process and the workers are stopped too)
        if backend == "local":
            result = run_match(spec, units, sprt=test, out=where, on_deal=report,
                               jobs=workers, keep_differences=plot is not None)
        else:
            with dask_client(scheduler, 2 if jobs is None else jobs or usable_cpus()) \
                    as client:
                try:
                    result = run_match(spec, units, sprt=test, out=where, on_deal=report,
                                       client=client, keep_differences=plot is not None)
                except (PinosolveError, KeyboardInterrupt, SystemExit, RecursionError):
                    raise
                except Exception as exc:  # the scheduler lost, a task given up on, ...
                    raise dask_failed(exc) from None
    finally:
        if main:
            signal.signal(signal.SIGTERM, terminate)
        if bar is not None:
            bar.stop()
    if given["json_out"]:
        emit_json(result.to_json())
    else:
        render(result)
    if where_plot is not None:
        from pinosolve.analysis.plot import plot_match
        from pinosolve.cli.printable import echo_written

        plot_match(result, where_plot)
        echo_written("plot", where_plot, True)


class _Progress:
    """A progress line: deals done, the running mean and its interval."""

    def __init__(self, deals: int, what: str = "deals") -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)

        self.bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.description}"), TimeElapsedColumn(),
                            TextColumn("left"), TimeRemainingColumn(),
                            console=Console(stderr=True))
        self.bar.start()
        self.task = self.bar.add_task("", total=deals)
        self.diffs: list[float] = []

    def update(self, done: int, deals: int, result: Any) -> None:
        self.diffs.append(result.difference)
        mean = sum(self.diffs) / len(self.diffs)
        self.bar.update(self.task, completed=done, description=f"A-B {mean:+.2f}")

    def stop(self) -> None:
        self.bar.stop()


def render(r: Any) -> None:
    """The match as people read it: the verdict, then a row per player."""
    from rich.table import Table

    out = console()
    low, high = r.interval
    who = {"A": f"A ({r.players['A']})", "B": f"B ({r.players['B']})"}
    verdict = (f"{who[r.verdict]} is stronger" if r.verdict in who else
               "no difference shown at 95%")
    games = f"{r.games} game{'s' if r.games != 1 else ''}, " if r.games is not None else ""
    out.print(f"{r.variant}, seed {r.seed}: {games}{r.deals} deals, {r.boards} boards; A - B "
              f"{r.mean_difference:+.2f} ± {r.stderr:.2f} points a deal, 95% interval "
              f"[{low:+.2f}, {high:+.2f}]: {verdict}")
    if r.sprt_bounds is not None:
        out.print(f"sequential test {r.sprt_bounds[0]:g},{r.sprt_bounds[1]:g}: " +
                  (f"decided {r.sprt}" if r.sprt else "undecided"))
    for letter, row in r.by_player.items():
        out.print(f"{letter}: {row.name}" + (" (a cheat: it sees every card)"
                                            if row.cheats else ""))
    table = Table(title=None)
    cols = ["", "mean a board", "contracts", "made", "set", "faults", "ms a decision"]
    if r.games is not None:
        cols.insert(1, "games won")
    for col in cols:
        table.add_column(col, justify="right")
    for letter, row in r.by_player.items():
        faults = ", ".join(f"{f.kind} {f.decisions}" for f in row.faults) or "-"
        cells = [letter, f"{row.mean:+.2f}", str(row.contracts), str(row.contracts_made),
                 str(row.contracts_set), faults, f"{row.seconds_per_decision * 1000:.2f}"]
        if r.games is not None:
            cells.insert(1, f"{row.games_won:g}")
        table.add_row(*cells)
    out.print(table)
    for letter, row in r.by_player.items():
        for f in row.faults:
            out.print(f"{letter}'s first {f.kind} fault: {f.note}")
    if r.void:
        out.print(f"{r.void} boards redealt (every seat passed)")
    if r.out:
        out.print(f"records: {r.out}/records")
