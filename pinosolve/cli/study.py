"""``pinosolve study``: many seeded deals, each analysed alone, on this machine or a Dask
cluster.

The deals and their records are the library's (``pinosolve.analysis.study``). This module
reads the options, runs the chunks on a backend, writes the records in index order, resumes
an ``--out`` file, shows progress and renders the summary. The local backend runs the chunks
through the batch plumbing every ``--jobs`` uses (``cli.batch.batch_of``: order kept, a dead
worker's chunk answered with an error record, Ctrl-C and SIGTERM stopping the workers); a chunk
whose worker died is run again.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional
from collections.abc import Callable

import typer

from pinosolve.cli.batch import Analysis, batch_of
from pinosolve.cli.params import Params, given, whole
from pinosolve.results import Result
from pinosolve.cli.options import (OUTPUT, OWN, VARIANT, BackendOpt, DealJobsOpt,
                                   DealTimeoutOpt, SchedulerOpt, TrumpOpt, with_options)
from pinosolve.cli.output import answer_sink, console, progress_wanted
from pinosolve.cli.printable import echo_written
from pinosolve.errors import PinosolveError

RETRIES = 3  # times the Dask scheduler runs a chunk again after an error
WORKER_WAIT = 120.0  # seconds a cluster has to show its first worker


@dataclass(frozen=True)
class ChunkParams(Params):
    """A chunk of a study: its ``Spec`` and the deals ``start..stop-1`` (lines this module
    makes, never a user's)."""

    spec: Any = given()
    start: int = whole()
    stop: int = whole()


@dataclass(frozen=True, repr=False)
class Chunk(Result):
    """A chunk's records, in index order (those the filter passes)."""

    records: tuple[dict[str, Any], ...]


def compute_chunk(params: ChunkParams) -> Chunk:
    """A batch line of the local backend: one chunk's records."""
    from pinosolve.analysis.study import study_chunk

    return Chunk(tuple(study_chunk(params.spec, params.start, params.stop)))


CHUNK = Analysis(ChunkParams, compute_chunk,
                 preload=("pinosolve.analysis.study", "pinosolve.game", "pinosolve.play.driver",
                          "pinosolve.play.core"))


def _spec(variant: Any, seed: int, trump: Optional[str], leader: Optional[str],
          all_trumps: bool, all_leads: bool, best_meld: bool, bids: list[int],
          bidder: Optional[str], partner: Optional[str], where: Optional[str],
          timeout: Optional[float], called_card: Optional[str] = None) -> Any:
    from pinosolve.analysis.study import Spec, parse_conditions

    return Spec(variant, seed, trump, leader, all_trumps, all_leads, best_meld, tuple(bids),
                bidder, partner, parse_conditions(variant, where), timeout, called_card)


def done_path(out: Path) -> Path:
    """The file beside --out that says how far a study has come: the number of deals from the
    first whose records are all written (they are written in index order)."""
    return out.with_name(out.name + ".done")


def _resume(out: Optional[Path], spec: Any, deals: int, tally: Any,
            seeded: bool = True) -> tuple[int, int]:
    """How many deals of the study are done, and their records, from an --out file and its
    ``.done`` beside it (``N R``: the first N deals gave R records), each record read into
    ``tally`` after a check that it is this study's (none is held in memory). Records past
    the mark (written before a stop could mark them) and a last line cut short are cut off
    the file. Where the file holds fewer records than the mark counts (cut or edited after
    it was marked), the deals from the first whose record is missing are done again: a deal
    without a record is checked against the filter (nothing is solved). ``seeded``: the
    study's seed was given (a file emptied of its records is then done again from the
    start; without it, the seed went with the records, and it is refused)."""
    from array import array

    from pinosolve.analysis.study import check_record, gives_record

    if out is None or not out.exists():
        return 0, 0
    mark = done_path(out)
    try:
        text = mark.read_text(encoding="utf-8").split() if mark.is_file() else []
        numbers = [int(x) for x in text]
    except (ValueError, OSError, UnicodeDecodeError):
        numbers = []
    if out.stat().st_size == 0:
        if len(numbers) == 2 and numbers[1] > 0 and not seeded:
            raise PinosolveError(f"--out {str(out)!r} is empty, but {mark.name} counts "
                                 f"{numbers[1]} records: they were lost, and the study's seed "
                                 "with them; give --seed to do them again")
        return 0, 0
    done = numbers[0] if len(numbers) in (1, 2) else None
    if done is not None and done > deals:
        raise PinosolveError(f"--out {str(out)!r}: {mark.name} says {done} deals are done, "
                             f"more than --deals {deals}: give --deals of at least {done}")
    if done is None or done < 0 or (len(numbers) == 2 and numbers[1] < 0):
        raise PinosolveError(f"--out {str(out)!r} is not empty, and no {mark.name} beside it "
                             "says how far a study came: not a study to resume; give "
                             "another --out")
    counted = numbers[1] if len(numbers) == 2 else None
    indices, ends = array("q"), array("q")  # each kept record's index and end in the file
    last = -1
    with open(out, "rb") as fh:
        for raw in _lines(fh):
            if not raw.endswith(b"\n"):  # the last line, cut short by a stopped study: the
                done = min(done, last + 1)  # deals after the last whole record are done again
                break
            try:
                record = json.loads(raw)
            except (ValueError, RecursionError):
                record = None
            if isinstance(record, dict) and isinstance(record.get("index"), int) and \
                    record["index"] >= done:
                break  # written, not yet marked: done again
            last = check_record(spec, record, deals, last)
            indices.append(last)
            ends.append((ends[-1] if ends else 0) + len(raw))
    if counted is None or len(indices) != counted:
        done = _first_missing(indices, done, lambda k: gives_record(spec, k))
    keep = 0
    while keep < len(indices) and indices[keep] < done:
        keep += 1
    good = ends[keep - 1] if keep else 0
    with open(out, "rb") as fh:
        for _ in range(keep):
            tally.add(json.loads(fh.readline()))
    if good != out.stat().st_size:
        with open(out, "r+b") as fh:
            fh.truncate(good)
    return done, keep


def _first_missing(indices: Any, done: int, gives: Callable[[int], bool]) -> int:
    """The first deal below ``done`` that gives a record but has none in ``indices`` (the
    kept records' deals, in order), else ``done``."""
    k = 0
    for i in range(done):
        if k < len(indices) and indices[k] == i:
            k += 1
        elif gives(i):
            return i
    return done


def _lines(fh: Any) -> Any:
    """A file's lines, none longer than a record can be (a file of one huge line is not a
    study's, and is not read into memory whole)."""
    while True:
        raw = fh.readline(1 << 20)
        if not raw:
            return
        if len(raw) == 1 << 20 and not raw.endswith(b"\n"):
            raise PinosolveError("--out: a line longer than 1 MiB: not a study's records")
        yield raw


def _progress(total: int, wanted: bool) -> Any:
    if not wanted:
        return None
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    bar = Progress(TextColumn("deals"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("left"), TimeRemainingColumn(), console=Console(stderr=True))
    bar.start()
    bar.add_task("study", total=total)
    return bar


def _run_local(spec: Any, tasks: Any, jobs: int,
               take: Callable[[int, int, list[dict[str, Any]]], None]) -> None:
    """The chunks on this machine, through the batch plumbing (their answers come back in
    order); a chunk whose worker died (an error record) is run again here, in this process,
    so that the records stay in order."""
    from collections import deque

    from pinosolve.analysis.study import study_chunk

    if jobs == 1:
        for a, b in tasks:
            take(a, b, study_chunk(spec, a, b))
        return
    sent: deque[tuple[int, int]] = deque()  # the chunks handed out, in order

    def lines() -> Any:
        for a, b in tasks:
            sent.append((a, b))
            yield json.dumps({"start": a, "stop": b})

    def sink(lineno: int, answer: dict[str, Any]) -> None:
        a, b = sent.popleft()
        take(a, b, study_chunk(spec, a, b) if "error" in answer else answer["records"])

    token = answer_sink.set(sink)
    try:
        batch_of(lines(), {"spec": spec, "start": None, "stop": None}, CHUNK, jobs)
    finally:
        answer_sink.reset(token)


class dask_client:  # noqa: N801 - (a context manager, used as a function)
    """``with dask_client(scheduler, workers) as client``: a Dask client of the running
    cluster at ``scheduler`` (``tcp://HOST:PORT``), else of a ``LocalCluster`` of
    ``workers`` processes started here, with a worker ready; closed, with the cluster
    started here, on the way out. One-line ``PinosolveError`` for a scheduler that cannot
    be reached, a cluster with no worker, or Dask not installed."""

    def __init__(self, scheduler: Optional[str], workers: Optional[int]) -> None:
        self.scheduler, self.workers = scheduler, workers
        self.client: Any = None
        self.cluster: Any = None

    def __enter__(self) -> Any:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise PinosolveError("--backend dask needs Dask: pip install 'pinosolve[dask]'") \
                from None
        scheduler = self.scheduler
        if scheduler is None:
            self.cluster = LocalCluster(n_workers=self.workers or 2, threads_per_worker=1,
                                        processes=True, dashboard_address=None)
            self.client = Client(self.cluster)
        else:
            m = re.fullmatch(r"tcp://[^\s/:]+(?::(\d{1,5}))?", scheduler)
            if m is None or (m.group(1) is not None and not 0 < int(m.group(1)) < 65536):
                raise PinosolveError(f"--scheduler {scheduler!r}: give tcp://HOST:PORT")
            self.client = _connect(Client, scheduler)
        try:
            self.client.wait_for_workers(1, timeout=WORKER_WAIT)
        except Exception:
            self.__exit__(None, None, None)
            raise PinosolveError(f"the cluster has no worker after {WORKER_WAIT:g} s") \
                from None
        return self.client

    def __exit__(self, *exc: Any) -> None:
        from pinosolve.analysis.study import close_dask

        if self.client is not None:
            client, self.client = self.client, None
            close_dask(client, self.cluster)


CONNECT_SECONDS = 30.0  # a scheduler's time to answer --scheduler's connection


def _connect(client_class: Any, scheduler: str) -> Any:
    """A Dask client of ``scheduler``, or a one-line PinosolveError within about
    CONNECT_SECONDS. (Client's own timeout does not hold where the address answers the
    connection but not Dask's handshake, say a web server: it waits for ever. So it is
    made in a thread of its own, which is left behind, a daemon, if it never returns.)"""
    import threading

    got: dict[str, Any] = {}

    def make() -> None:
        try:
            got["client"] = client_class(scheduler, timeout=CONNECT_SECONDS)
        except BaseException as exc:  # (OSError, TimeoutError, what a transport says)
            got["error"] = exc

    thread = threading.Thread(target=make, name="pinosolve-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 5)
    if "client" in got:
        return got["client"]
    exc = got.get("error")
    if exc is None:
        raise PinosolveError(f"--scheduler {scheduler!r}: no Dask scheduler answered within "
                             f"{CONNECT_SECONDS:g} s")
    if isinstance(exc, KeyboardInterrupt):
        raise exc
    raise PinosolveError(f"--scheduler {scheduler!r}: {type(exc).__name__}: "
                         f"{str(exc)[:120]}") from None


def dask_failed(exc: Exception) -> PinosolveError:
    """A cluster's failure (the scheduler lost, a task given up on, ...) in one line."""
    return PinosolveError(f"the Dask cluster failed: {type(exc).__name__}: "
                          f"{str(exc)[:160]}; the records so far are kept, and the same "
                          "command resumes")


def _run_dask(spec: Any, tasks: Any, scheduler: Optional[str],
              workers: Optional[int],
              take: Callable[[int, int, list[dict[str, Any]]], None]) -> None:
    from pinosolve.analysis.study import run_dask

    with dask_client(scheduler, workers) as client:
        workers_now = len(client.scheduler_info().get("workers", {}))
        try:
            run_dask(spec, tasks, client, take, retries=RETRIES,
                     window=4 * max(1, workers_now))
        except (PinosolveError, KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # the scheduler lost, a task given up on, ...
            if isinstance(exc, RecursionError):
                raise
            raise dask_failed(exc) from None


def _seed_of(out: Optional[Path]) -> Optional[int]:
    """The seed of the records an --out file holds (None: none, or no file)."""
    if out is None or not out.is_file():
        return None
    with open(out, "rb") as fh:
        first = fh.readline(1 << 20)
    try:
        seed = json.loads(first).get("seed")
    except (ValueError, AttributeError, RecursionError):
        return None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


class _Writer:
    """The records out in index order (chunks may finish in any order), to a file or
    stdout, each chunk flushed and then marked done (``done_path``): a study stopped midway
    keeps what it wrote, and resumes after it."""

    def __init__(self, out: Optional[Path], start: int, written: int, tally: Any,
                 bar: Any) -> None:
        self.out = out
        self.stream = open(out, "a", encoding="utf-8") if out is not None else sys.stdout
        self.next = start
        self.written = written  # the records in the file
        self.parts: dict[int, tuple[int, list[dict[str, Any]]]] = {}
        self.tally, self.bar = tally, bar

    def take(self, start: int, stop: int, records: list[dict[str, Any]]) -> None:
        self.parts[start] = (stop, records)
        if self.bar is not None:
            self.bar.advance(self.bar.task_ids[0], stop - start)
        while self.next in self.parts:
            stop, records = self.parts.pop(self.next)
            for r in records:
                self.stream.write(json.dumps(r, ensure_ascii=False) + "\n")
                self.tally.add(r)
            self.stream.flush()
            self.next = stop
            self.written += len(records)
            if self.out is not None:  # the records on disk before the mark that counts them
                os.fsync(self.stream.fileno())
                mark = done_path(self.out)
                temp = mark.with_name(mark.name + ".tmp")
                with open(temp, "w", encoding="utf-8") as fh:
                    fh.write(f"{stop} {self.written}\n")
                    fh.flush()
                    os.fsync(fh.fileno())
                temp.replace(mark)

    def close(self) -> None:
        if self.stream is not sys.stdout:
            self.stream.close()


def render_summary(summary: dict[str, Any], to_stderr: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console(stderr=True) if to_stderr else console()
    # (a standard error from one deal is no measure at all: "—", not 0.00)
    spread = f" ± {summary['stderr']:.2f}" if summary["deals"] > 1 else ""
    mean = "—" if summary["mean"] is None else f"{summary['mean']:.2f}{spread}"
    out.print(f"seed {summary['seed']}: {summary['deals']} deals; the leader's side's "
              f"double-dummy points: mean {mean}"
              + (f"; {summary['bounded']} deals only bounded (--timeout)"
                 if summary["bounded"] else ""))
    whose = summary.get("trump_length_of") or {"seat": "?", "role": "leader"}
    seat = whose["seat"]
    table = Table(title=f"by trump length (the {whose['role']} {seat}'s)",
                  title_justify="left")
    for col in (f"{seat}'s trumps", "deals", "mean", "± stderr"):
        table.add_column(col, justify="right")
    for row in summary["by_trump_length"]:
        table.add_row(str(row["trump_length"]), str(row["deals"]),
                      "—" if row["mean"] is None else f"{row['mean']:.2f}",
                      f"{row['stderr']:.2f}" if row["deals"] > 1 else "—")
    out.print(table)
    if summary["make_rates"]:
        out.print("made: " + ", ".join(
            f"{m['bid']} " + ("undecided" if m["made"] is None else f"{m['made']:.0%}")
            + (f" ({m['undecided']} undecided)" if m["undecided"] else "")
            for m in summary["make_rates"]))
    top = max((h["deals"] for h in summary["histogram"]), default=0)
    if summary["histogram"]:
        out.print("histogram: the leader's side's points (left), the deals that gave them "
                  "(right)")
        out.print(f"{'points':>6}  deals")
    for h in summary["histogram"]:
        out.print(f"{h['value']:>6}  {'█' * max(1, round(30 * h['deals'] / top))} "
                  f"{h['deals']}")


@with_options(OWN, VARIANT, OUTPUT)
def study_cmd(
    deals: Annotated[int, typer.Option("--deals", help="Deals in the study.")] = 1000,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="The study's seed: deal k is made from (seed, k) alone (default: a "
        "fresh one, printed).", show_default=False)] = None,
    trump: TrumpOpt = None,
    leader: Annotated[Optional[str], typer.Option(
        "--leader", help="Who leads (default: the --bidder, else the first seat).",
        show_default=False)] = None,
    all_trumps: Annotated[bool, typer.Option(
        "--all-trumps", help="Also the value for every trump.")] = False,
    all_leads: Annotated[bool, typer.Option(
        "--all-leads", help="Also the value for every leader.")] = False,
    best_meld: Annotated[bool, typer.Option(
        "--best-meld", help="Also each seat's best meld.")] = False,
    bid: Annotated[Optional[list[int]], typer.Option(
        "--bid", help="Is the --bidder's contract at this bid made (threshold test); "
        "repeat for a make rate by bid level.", show_default=False)] = None,
    bidder: Annotated[Optional[str], typer.Option(
        "--bidder", help="The bidder (leads; whose trump length the summary uses).",
        show_default=False)] = None,
    partner: Annotated[Optional[str], typer.Option(
        "--partner", help="Call-partner play: the called partner.", show_default=False)] = None,
    called_card: Annotated[Optional[str], typer.Option(
        "--called-card", help="Call-partner play, instead of --partner: the card "
        "the bidder calls, or "
        "auto (the highest trump he lacks); each deal's partner is its first holder from the "
        "bidder's left, and the rules' pass is made before --bid is judged.",
        show_default=False)] = None,
    where: Annotated[Optional[str], typer.Option(
        "--where", help="Keep only deals that meet these conditions, as deal --where writes "
        "them: SEAT:trumps>=N, SEAT:meld>=N, SEAT:count(SUIT)<=N, SEAT:has=CARD, joined by "
        "'and'.", show_default=False)] = None,
    timeout: DealTimeoutOpt = None,
    out: Annotated[Optional[Path], typer.Option(
        "--out", help="Write the records here (JSON lines); a file that already has some "
        "is resumed: its deals are not analysed again.", show_default=False)] = None,
    backend: BackendOpt = "local",
    scheduler: SchedulerOpt = None,
    jobs: DealJobsOpt = None,
    chunk: Annotated[Optional[int], typer.Option(
        "--chunk", help="Deals per task (default: up to 50, four tasks or more per worker).",
        show_default=False)] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--quiet", help="A progress bar on stderr, with the time left (default: "
        "shown where stderr is a terminal).", show_default=False)] = None,
    plot: Annotated[Optional[str], typer.Option(
        "--plot", help="Draw the histogram, the mean by trump length and the bids' make "
        "rates into this .png, .svg or .pdf file (needs matplotlib: pip install "
        "'pinosolve\\[plot]').",
        show_default=False)] = None,
    **given: Any,
) -> None:
    """Many seeded deals, each analysed double-dummy: records as JSON lines, and a summary."""
    from pinosolve.analysis.study import MAX_DEALS, chunks
    from pinosolve.cli.pool import usable_cpus, want_jobs
    from pinosolve.cli.params import chosen_variant_of
    from pinosolve.variants.shuffle import check_seed, fresh_seed

    if not 1 <= deals <= MAX_DEALS:
        raise PinosolveError(f"--deals must be from 1 to {MAX_DEALS}, got {deals}")
    if chunk is not None and not 1 <= chunk <= 100_000:
        raise PinosolveError(f"--chunk must be from 1 to 100000, got {chunk}")
    if backend not in ("local", "dask"):
        raise PinosolveError(f"--backend must be local or dask, got {backend!r}")
    if backend == "local" and scheduler is not None:
        raise PinosolveError("--scheduler goes with --backend dask")
    if backend == "dask" and scheduler is not None and jobs is not None:
        raise PinosolveError("--jobs starts a LocalCluster of that many workers: not with "
                             "--scheduler, whose cluster has its own")
    if jobs is not None and not 0 <= jobs <= 256:
        raise PinosolveError(f"--jobs must be from 0 to 256, got {jobs}")
    workers: Optional[int] = None  # (a LocalCluster's worker processes)
    if backend == "dask" and scheduler is None:
        workers = 2 if jobs is None else jobs or usable_cpus()
    jobs = 0 if jobs is None or backend == "dask" else jobs
    where_plot = None
    if plot is not None:
        from pinosolve.analysis.plot import plot_path, require_matplotlib

        where_plot = plot_path(plot)
        require_matplotlib()
    if out is not None:
        from pinosolve.files import resolved, writable_file

        writable_file(out, f"--out {str(out)!r:.80}")
        if plot is not None and resolved(Path(plot), "--plot") == resolved(out, "--out"):
            raise PinosolveError("--plot and --out name the same file")
    seeded = seed is not None
    if seed is None:  # a study resumed keeps its seed; a new one draws one
        seed = _seed_of(out)
    seed = fresh_seed() if seed is None else check_seed(seed)
    v = chosen_variant_of(given)
    spec = _spec(v, seed, trump, leader, all_trumps, all_leads, best_meld, list(bid or []), bidder,
                 partner, where, timeout, called_card)
    threads = want_jobs(usable_cpus() if jobs == 0 else jobs, "study") if jobs != 1 else 1
    from pinosolve.analysis.study import Tally

    tally = Tally()
    start, written = _resume(out, spec, deals, tally, seeded)
    if chunk is None:  # enough tasks to keep every worker busy to the end
        crew = threads if backend == "local" else (workers or 2)
        chunk = max(1, min(50, -(-deals // (4 * crew))))
    tasks = chunks(deals, chunk, start)
    bar = _progress(deals - start, progress_wanted(progress))
    writer = _Writer(out, start, written, tally, bar)
    try:
        if backend == "local":
            _run_local(spec, tasks, threads, writer.take)
        else:
            _run_dask(spec, tasks, scheduler, workers, writer.take)
    finally:
        writer.close()
        if bar is not None:
            bar.stop()
    from pinosolve.analysis.study import trump_length_of

    summary = {"seed": seed, "trump_length_of": trump_length_of(spec), **tally.summary()}
    to_stderr = out is None
    if given["json_out"]:
        text = json.dumps(summary, ensure_ascii=False)
        print(text, file=sys.stderr if to_stderr else sys.stdout)
    else:
        render_summary(summary, to_stderr)
    if where_plot is not None:
        from pinosolve.analysis.plot import plot_study

        what = f"{spec.variant.id}, " + (f"trump {spec.trump}" if spec.trump else
                                         "every trump" if spec.all_trumps else "seeded trumps")
        plot_study(summary, where_plot, title=what)
        echo_written("plot", where_plot, True)
