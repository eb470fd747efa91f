"""What every command shares: option declarations, JSON/batch plumbing and error handling.

An analysis command is a pure function ``compute(params) -> dict`` (the JSON answer) plus a
renderer for people. :func:`run_analysis` wires them to ``--json`` and ``--input``: with
``--input`` each JSON line's keys are the command's option names (an option's older name is
accepted where the option keeps it as an alias), command-line options act as defaults, every
answer carries its input ``line``, and a bad line yields ``{"line": N, "error": …}`` while the
batch goes on; the command then exits 1. An ``--input`` that holds one JSON object spread over
several lines is one analysis, as if its keys were given as options. An answer marked
``"interrupted"`` (Ctrl-C during a long analysis, which answers what it had proved) is printed
and then ends the command, a batch included, as Ctrl-C does (exit code 130).
"""

from __future__ import annotations

import importlib
import itertools
import json
import signal
import sys
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Annotated, Any, Optional, Union
from collections.abc import Callable, Iterable, Iterator, Mapping

import typer

from pinosolve.errors import PinosolveError
from pinosolve.files import load_json

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
    "--bidder", help="The seat that won the auction.", show_default=False)]
DeclarerOpt = Annotated[Optional[str], typer.Option(
    "--declarer", help="Another name of --bidder (give one, or both naming the same seat).",
    show_default=False)]
# a batch line's keys that are other names of an option: "declarer" is "bidder" (the older
# name, which the puzzle files keep); for every command with --bidder (Analysis.aliases)
BIDDER_ALIASES: Mapping[str, str] = {"declarer": "bidder"}
PartnerOpt = Annotated[Optional[str], typer.Option(
    "--partner", help="Call-partner play: the called partner's seat.", show_default=False)]
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

Compute = Callable[[dict[str, Any]], dict[str, Any]]
Render = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Analysis:
    """A command's ``compute`` as the batch plumbing runs it: ``aliases`` maps an option's
    older name (a batch line's key, '-' or '_') to its name now, and ``progress`` says the
    command has --progress: while it analyses with ``progress`` true, the searches report
    on stderr (``pinosolve.progress``). ``verdict``: the answer's key that is false when
    the answer is "no" (verify: not as claimed), which exits 1 as an error line does.
    ``preload``: the modules a batch worker loads before its first line, so that a Ctrl-C in
    a line never strikes inside an import (a KeyboardInterrupt raised in importlib's module
    lock callback is lost there, and printed as "Exception ignored"); a module that is not
    there (the compiled core, unbuilt) is passed over. Picklable where ``compute`` is."""

    compute: Compute
    aliases: Mapping[str, str] = field(default_factory=dict)
    progress: bool = False
    verdict: Optional[str] = None
    preload: tuple[str, ...] = ()

    def __call__(self, params: dict[str, Any]) -> dict[str, Any]:
        if not self.progress or not want_flag(params, "progress"):
            return self.compute(params)
        from pinosolve import progress

        with progress.reporting(show_test, show_solution):
            return self.compute(params)


def says_no(compute: Compute, answer: dict[str, Any]) -> bool:
    """Whether ``answer`` is an error record, or a "no" verdict (``Analysis.verdict``): a
    line that makes the command exit 1."""
    verdict = getattr(compute, "verdict", None)
    return "error" in answer or (verdict is not None and answer.get(verdict) is False)


def show_test(test: Any) -> None:
    """--progress: one line on stderr per null-window test, as it finishes (stdout keeps the
    answer alone, table or JSON); in a batch, the input line it is for comes first."""
    says = f"at least {test.result}" if test.reached else f"at most {test.result}"
    _progress_line(f"test at {test.beta}: {says} ({test.nodes} nodes, {test.seconds:.2f} s)")


def show_solution(objective: float, seconds: float) -> None:
    """--progress: one line on stderr per better solution CP-SAT finds (its objective, which
    it minimises: the meld models' is minus the points, weighted by tie-breaks)."""
    _progress_line(f"CP-SAT solution: objective {objective:g} ({seconds:.2f} s)")


def _progress_line(text: str) -> None:
    line = batch_line.get()
    print(f"{f'line {line}: ' if line else ''}{text}", file=sys.stderr, flush=True)

# where a batch's answers go instead of stdout, for a command that gathers them (study): called
# in the batch's order, in the thread that runs the batch
answer_sink: ContextVar[Optional[Callable[[int, dict[str, Any]], None]]] = ContextVar(
    "answer_sink", default=None)

# the input line a batch is analysing (0: none), for messages that go out while it runs
# (solve --progress), where lines analysed at once would otherwise be told apart by nothing
batch_line: ContextVar[int] = ContextVar("batch_line", default=0)


def console():
    """A rich console for human output (imported lazily: JSON paths never pay for it).

    Markup is off: card names, rule keys like ``[trick.head]`` and text from rules files are
    data and must print as written; and control characters in them are shown as escapes
    (pinosolve.cli.printable), so that no text can drive the terminal.
    """
    from rich.console import Console

    from pinosolve.cli.printable import printable

    class _Safe(Console):
        """Every string it renders has its control characters shown, not obeyed."""

        def render_str(self, text: str, **kwargs: Any) -> Any:
            return super().render_str(printable(text), **kwargs)

    return _Safe(highlight=False, soft_wrap=True, markup=False)


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


# the longest batch line (bytes) read; a longer one is its error record, skipped unread
MAX_LINE = 1 << 20

MAX_SKIP = 1 << 30  # how far an over-long line is read past before the input is given up
Line = Union[str, bytes, None]  # a batch line as read (None: longer than MAX_LINE)


def open_input(source: str, binary: bool = False) -> Any:
    """The file ``source`` ('-': stdin) opened to read, as UTF-8 text or as bytes (stdin's
    bytes where it has any: a test's text stream has none)."""
    if source == "-":
        if sys.stdin is None:
            raise PinosolveError("--input -: there is no standard input to read")
        return getattr(sys.stdin, "buffer", sys.stdin) if binary else sys.stdin
    try:
        return open(source, "rb") if binary else open(source, encoding="utf-8")
    except FileNotFoundError:
        raise PinosolveError(f"input file {source!r} not found") from None
    except OSError as exc:
        raise PinosolveError(f"input file {source!r} cannot be read: {exc.strerror}") from None
    except ValueError:  # a NUL in the name
        raise PinosolveError(f"input file {source!r}: not a file name (it holds a NUL)") from None


def input_lines(source: str) -> Iterator[Line]:
    """The lines of ``source`` ('-': stdin), as bytes: each is decoded on its own
    (``_numbered``), so that one that is not UTF-8 costs that line only. A line longer than
    ``MAX_LINE`` bytes is None, and is never held in memory whole."""
    return _read_lines(open_input(source, binary=True))


def _read_lines(stream: Any) -> Iterator[Line]:
    """``stream``'s lines as ``input_lines`` gives them (a byte-order mark that starts the
    input left out, as editors on some systems write one)."""
    first = True
    while True:
        line = stream.readline(MAX_LINE + 1)
        if first:
            first = False
            line = line.removeprefix(b"\xef\xbb\xbf" if isinstance(line, bytes) else "\ufeff")
        if len(line) <= MAX_LINE or line[-1:] in ("\n", b"\n"):
            if not line:
                return
            yield line
            continue
        skipped = len(line)
        while line and line[-1:] not in ("\n", b"\n"):  # the rest of the long line
            line = stream.readline(MAX_LINE)
            skipped += len(line)
            if skipped > MAX_SKIP:  # a line with no end in sight (/dev/zero): stop reading
                yield None
                raise PinosolveError(f"input: a line of more than {MAX_SKIP >> 30} GiB with no "
                                     "end of line; the rest of the input is not read")
        yield None


def _numbered(lines: Iterable[Line]) -> Iterator[tuple[int, Union[str, dict[str, Any]]]]:
    """A batch's lines numbered from 1, blank ones left out: each as text, or, where it cannot
    be read (not UTF-8, too long), as its error record."""
    for lineno, line in enumerate(lines, 1):
        if line is None:
            yield lineno, {"line": lineno, "error": f"longer than {MAX_LINE} bytes (not read)"}
            continue
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield lineno, {"line": lineno, "error": f"not UTF-8 text: byte "
                                                        f"0x{line[exc.start]:02X} at byte "
                                                        f"{exc.start + 1} of the line"}
                continue
        if line.strip():
            yield lineno, line


def batch(source: str, defaults: dict[str, Any], compute: Compute, jobs: int = 1) -> int:
    """Run ``compute`` on every JSON line of ``source``; one JSON line out per line in. The
    number of lines answered with an error record."""
    return batch_of(input_lines(source), defaults, compute, jobs)


def batch_of(lines: Iterable[Line], defaults: dict[str, Any], compute: Compute,
             jobs: int = 1) -> int:
    """``batch_lines`` or, for more than one job, ``batch_parallel``."""
    if jobs == 1:
        return batch_lines(lines, defaults, compute)
    return batch_parallel(lines, defaults, compute, jobs)


def read_input(source: str) -> tuple[Optional[dict[str, Any]], Iterable[Line]]:
    """An --input: one JSON object, pretty-printed over many lines (the object; no lines), or
    JSON lines (None; the lines, read as they come, each decoded on its own). It is one
    object if its first line that is not blank opens one that does not close on that line;
    that object is read whole, up to MAX_BYTES."""
    from pinosolve.files import MAX_BYTES

    lines = iter(input_lines(source))
    head: list[Line] = []
    for line in lines:
        head.append(line)
        if line is None or line.strip():
            break
    if not head or not _opens_object(head[-1]):
        return None, itertools.chain(head, lines)
    chunks, size = [], 0
    for line in itertools.chain(head, lines):
        if line is None or size > MAX_BYTES:
            raise PinosolveError(f"input {source!r}: one JSON object larger than "
                                 f"{MAX_BYTES >> 20} MiB")
        data = line.encode() if isinstance(line, str) else line
        chunks.append(data)
        size += len(data)
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PinosolveError(f"input {source!r} is not UTF-8 text (byte {exc.start})") from None
    obj = load_json(text)
    if not isinstance(obj, dict):
        raise PinosolveError(f"input {source!r}: expected one JSON object")
    return obj, ()


def _opens_object(line: Line) -> bool:
    """Whether the line opens a JSON object that runs on past it (a pretty-printed one),
    rather than holding a whole value, good or bad (a JSON line, or its error)."""
    if line is None:
        return False
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        if not text.lstrip().startswith("{"):
            return False
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc.pos >= len(text.rstrip())  # it ran out of text, not into a mistake
    except (UnicodeDecodeError, RecursionError, ValueError):
        return False  # not UTF-8, deep, or a number too long to read: the line's error
    return False


def option_params(obj: dict[str, Any], defaults: dict[str, Any], compute: Compute
                  ) -> dict[str, Any]:
    """``defaults`` (the command line's options) with the keys of ``obj`` (a batch line, or
    an --input object) in their place: each key an option's name, '-' or '_' alike, or an
    older name the command keeps as an alias. Two keys of one option (``bidder`` and
    ``declarer``) must say the same (``same_value``). A line that names its variant (or
    rules file) drops the options' rules file (or variant): they are only a default."""
    aliases = getattr(compute, "aliases", {})
    params = dict(defaults)
    given: dict[str, str] = {}  # each option the line gives: the key it gave it by
    for key, value in obj.items():
        name = str(key).replace("-", "_")
        name = aliases.get(name, name)
        if name not in defaults:
            raise PinosolveError(f"unknown key {key!r}; keys are "
                                 f"{', '.join(sorted(defaults))}")
        if name in given and not same_value(params[name], value):
            raise PinosolveError(f"give the {name.replace('_', '-')} once: {given[name]} "
                                 f"{_shown(params[name])} and {key} {_shown(value)} differ")
        given.setdefault(name, str(key))
        params[name] = value
    for chosen, other in (("variant", "rules"), ("rules", "variant")):
        if chosen in params and chosen in obj and other not in obj and other in params:
            params[other] = None  # the line names its own rules: the option's are a default
    return params


# the most batch workers a CPU this process may use gets (a search keeps its CPU busy: more
# workers than CPUs only share them, and the table memory, more thinly)
JOBS_PER_CPU = 4
# the memory a batch worker needs at least, in bytes: the table a double-deck deal's search
# starts with (2**24 entries, 256 MiB), its Python's beside it taken as shared with the command
WORKER_MEMORY = 256 << 20


def want_jobs(jobs: int, input_source: Optional[str]) -> int:
    """The --jobs option: processes for a batch (0: one per CPU this process may use). More
    than ``max_jobs()`` is lowered to that, with a note on stderr (the answers do not depend
    on the number of workers; too many would only exhaust the memory)."""
    if jobs < 0:
        raise PinosolveError(f"--jobs: {jobs} is not a number of processes (0: one per core)")
    if jobs != 1 and input_source is None:
        raise PinosolveError("--jobs needs --input: a single analysis runs in one process")
    if jobs == 1:
        return 1
    most, why = max_jobs()
    if jobs == 0:
        jobs = usable_cpus()
    if jobs > most:
        sys.stderr.write(f"pinosolve: note: --jobs {jobs} is more than this process can run "
                         f"at once; using {most} ({why})\n")
        jobs = most
    return jobs


def usable_cpus() -> int:
    """The CPUs this process may use."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def max_jobs() -> tuple[int, str]:
    """The most batch workers this process may run, and why: ``JOBS_PER_CPU`` per CPU it may
    use, and ``WORKER_MEMORY`` each of the memory it may use (at least one)."""
    from pinosolve.memory import usable_memory

    cpus, memory = usable_cpus(), usable_memory()
    most, why = JOBS_PER_CPU * cpus, f"{JOBS_PER_CPU} per CPU it may use, of {cpus}"
    if memory and memory // WORKER_MEMORY < most:
        most = max(1, memory // WORKER_MEMORY)
        why = f"{WORKER_MEMORY >> 20} MiB each of the {memory >> 20} MiB it may use"
    return most, why


def batch_parallel(lines: Iterable[Line], defaults: dict[str, Any], compute: Compute,
                   jobs: int) -> int:
    """``batch_lines`` over up to ``jobs`` worker processes (``_Crew``), each started when a
    line needs it (a batch of one line starts one, whatever ``jobs``). A thread reads the
    lines; this thread hands each to a free worker and writes the answers in the input's
    order, each as soon as it and the lines before it are done, whether or not more input has
    come (a program that sends a line and waits for its answer must get it).

    Ctrl-C ends it as it ends a batch in one process: the lines being analysed answer what
    they had proved (marked interrupted), after the answers finished before them, and no line
    starts after it. Then the workers are stopped (a long search in a worker would otherwise
    outlive the command). A second Ctrl-C, or a worker that does not answer within
    ``INTERRUPT_GRACE`` seconds, stops them at once.

    A worker that dies (killed, or out of memory) is replaced when a line needs one; if it
    had a line, that line gets an error record, and the batch goes on. SIGTERM stops the
    workers and the command (exit 143); if the command itself is killed, the workers follow
    it (``_die_with_parent``). The number of lines answered with an error record or a "no"
    verdict (``says_no``)."""
    import multiprocessing
    import threading
    from collections import deque

    reader, writer = multiprocessing.Pipe(duplex=False)  # lines read, to hand out
    failed: list[BaseException] = []  # a read error: raised once the lines before it are out

    def read() -> None:
        try:
            for item in _numbered(lines):
                writer.send(item)
        except BaseException as exc:
            failed.append(exc)
        try:
            writer.send(None)
        except OSError:  # the batch ended first (Ctrl-C) and closed its end: no one to tell
            pass

    crew = _Crew(jobs, defaults, compute)
    order: deque[int] = deque()  # lines handed out and not yet answered, in input order
    done: dict[int, Optional[dict[str, Any]]] = {}  # their answers, as they come
    threading.Thread(target=read, daemon=True).start()
    main = threading.current_thread() is threading.main_thread()  # where signals are set
    terminate = signal.signal(signal.SIGTERM, _terminated) if main else None
    errors = 0
    try:
        more = True  # input may still come
        while more or order:
            ready = crew.wait([reader] if more and crew.free() else [])
            for lineno, answer in crew.answers(ready):  # first: a worker that died is replaced
                done[lineno] = answer
            if reader in ready:
                item = reader.recv()
                if item is None:
                    more = False
                else:
                    lineno, line = item
                    order.append(lineno)
                    if isinstance(line, dict):  # it cannot be read: its error record
                        done[lineno] = line
                    else:
                        crew.hand_out(lineno, line)
            while order and order[0] in done:
                lineno = order.popleft()
                answer = done.pop(lineno)
                if answer is None:  # Ctrl-C reached its worker before it had anything
                    raise KeyboardInterrupt
                errors += _emit_line(lineno, answer) or says_no(compute, answer)
                if answer.get("interrupted"):  # a Ctrl-C that reached only that worker
                    raise KeyboardInterrupt
        if failed:
            raise failed[0]
        return errors
    except KeyboardInterrupt:
        try:
            crew.interrupt()
            for lineno, answer in crew.last_answers(order, done):
                _emit_line(lineno, answer)
        finally:
            crew.stop()
        raise
    finally:
        crew.stop()
        if main:
            signal.signal(signal.SIGTERM, terminate)


def _terminated(signum: int, frame: Any) -> None:
    """SIGTERM during a parallel batch: unwind, so that the workers are stopped too (by
    default the command would die and leave them searching)."""
    raise SystemExit(128 + signum)


# seconds a worker has, after Ctrl-C, to answer the line it is on with what it had proved
INTERRUPT_GRACE = 10.0
STOP_GRACE = 2.0  # seconds a worker sent SIGTERM has to end before it is killed


# the signals a worker must not act on before it has its handlers, blocked while it starts
# (where signals can be blocked: not on Windows)
_START_SIGNALS = ({signal.SIGINT, signal.SIGTERM} if hasattr(signal, "pthread_sigmask")
                  else set())


class _Crew:
    """A batch's worker processes, each with a connection of its own to this one: a line goes
    to a free worker, and its answer comes back on the same connection. A worker that dies
    closes its end, so its death is seen at once, whether it had a line or not, and nothing
    it held can stall the others (a ``multiprocessing.Pool`` shares one task queue behind a
    lock, which a worker killed while waiting for a line keeps for ever)."""

    def __init__(self, jobs: int, defaults: dict[str, Any], compute: Compute) -> None:
        try:  # loaded here, the workers have it at once (_ask_to_die_with_parent): loading
            import ctypes  # noqa: F401  it in each put off its request to the kernel
        except ImportError:  # pragma: no cover - a Python without it
            pass
        self.jobs, self.defaults, self.compute = jobs, defaults, compute
        self.stop_event = _worker_context().Event()  # set on Ctrl-C: no line starts after it
        self.workers: dict[Any, Any] = {}  # connection -> process
        self.line: dict[Any, int] = {}  # connection -> the line its worker has
        self.stopped = False
        self.deaths = 0  # workers dead since the last answer

    def _start(self) -> Any:
        """A new worker (its connection), started when a line needs it: never more workers
        than lines (a batch of one line gets one worker, whatever --jobs says)."""
        import os

        # (called by the thread that runs the batch, which outlives its workers: on Linux a
        # worker dies with the thread that forked it, see _die_with_parent)
        ctx = _worker_context()
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(
            target=_crew_worker, daemon=True,
            args=(theirs, os.getpid(), self.jobs, self.stop_event, self.defaults, self.compute))
        # a new process closes sys.stdin first, which takes its buffer's lock; the thread that
        # reads the lines may hold that lock (waiting for the next one), and a lock held when
        # the process is forked stays held in it for ever: it would hang before it began
        stdin, sys.stdin = sys.stdin, None
        # and Ctrl-C or SIGTERM waits until the worker has put its own handlers in place: the
        # command's would act in it as it starts (a traceback, from Python's own)
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _START_SIGNALS) if _START_SIGNALS \
            else None
        try:
            proc.start()
        finally:
            sys.stdin = stdin
            if mask is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        theirs.close()  # its death must close the last copy of its end
        self.workers[mine] = proc
        return mine

    def free(self) -> bool:
        """May a line be handed out now (to a worker that waits, or to a new one)?"""
        return len(self.line) < self.jobs

    def hand_out(self, lineno: int, line: str) -> None:
        conn = next((c for c in self.workers if c not in self.line), None) or self._start()
        self.line[conn] = lineno  # before the send: a Ctrl-C between them waits for it
        try:
            conn.send((lineno, line))
        except OSError:  # it died while free: answers() sees to it
            pass

    def wait(self, also: list[Any], timeout: Optional[float] = None) -> list[Any]:
        """Whatever is ready: the connections in ``also``, or a worker's (an answer or its
        death); nothing if ``timeout`` seconds pass first."""
        from multiprocessing.connection import wait

        return wait(list(self.workers) + also, timeout)

    def answers(self, ready: list[Any]) -> list[tuple[int, Optional[dict[str, Any]]]]:
        """The answers on the ready connections; a worker that died is replaced, and its line,
        if it had one, gets an error record."""
        out: list[tuple[int, Optional[dict[str, Any]]]] = []
        for conn in ready:
            if conn not in self.workers:
                continue
            try:
                lineno, answer = conn.recv()
            except (EOFError, OSError):  # it died
                proc = self.workers.pop(conn)
                conn.close()
                proc.join()
                lineno = self.line.pop(conn, None)
                if lineno is not None:
                    out.append((lineno, {"line": lineno,
                                         "error": "the process analysing this line died (out "
                                                  "of memory, or killed); the batch goes on"}))
                self.deaths += 1  # (another starts when a line needs it)
                if self.deaths > 2 * self.jobs + 2:  # they die as they start: no use going on
                    raise PinosolveError("--jobs: the worker processes keep dying (out of "
                                         "memory, or killed)") from None
                continue
            self.deaths = 0
            self.line.pop(conn, None)
            out.append((lineno, answer))
        return out

    def interrupt(self) -> None:
        """Ctrl-C for the workers: no line starts after this, and the lines being analysed are
        interrupted (a Ctrl-C at the terminal reached them already; one sent to this process
        alone did not, and a second one is ignored: see ``_interrupt_once``)."""
        import os

        self.stop_event.set()
        self.stopped = True
        for proc in self.workers.values():
            try:
                os.kill(proc.pid, signal.SIGINT)
            except (ProcessLookupError, TypeError):  # gone already
                pass

    def last_answers(self, order: Any, done: dict[int, Optional[dict[str, Any]]]
                     ) -> Iterator[tuple[int, dict[str, Any]]]:
        """After Ctrl-C: the answers of the lines handed out, in order, up to the first that
        has none (not started, or no answer within ``INTERRUPT_GRACE``)."""
        import time

        until = time.monotonic() + INTERRUPT_GRACE
        while order:
            while order[0] not in done:
                if order[0] not in self.line.values():  # its worker died
                    return
                left = until - time.monotonic()
                ready = self.wait([], left) if left > 0 else []
                if not ready:
                    return
                for lineno, answer in self.answers(ready):
                    done[lineno] = answer
            lineno = order.popleft()
            answer = done.pop(lineno)
            if answer is None:
                return
            yield lineno, answer

    def stop(self) -> None:
        """Every worker ended (at once: a search would not end by itself). A worker that
        SIGTERM does not end within STOP_GRACE seconds (one still starting, its signals
        blocked until its handlers are in place) is killed: the command never waits on it."""
        self.stopped = True
        for proc in self.workers.values():
            if proc.is_alive():
                proc.terminate()
        for conn, proc in list(self.workers.items()):
            proc.join(STOP_GRACE)
            if proc.is_alive():
                proc.kill()
                proc.join()
            conn.close()
        self.workers.clear()
        self.line.clear()


_stop: Any = None  # in a worker: the batch's stop event (see batch_parallel)
_table_share: Optional[int] = None  # in a worker: the most entries its search tables may reach
_ctrl_c_seen = False  # in a worker: Ctrl-C came while it was between lines


def _worker_context() -> Any:
    """How batch workers are started: forked on Linux (each is then a child of the command,
    which it watches: ``_die_with_parent``), the platform's default elsewhere."""
    import multiprocessing

    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)


def _crew_worker(conn: Any, parent: int, jobs: int, stop: Any, defaults: dict[str, Any],
                 compute: Compute) -> None:
    """A batch worker of the command whose process id is ``parent``: the lines that come on
    ``conn``, each answered there."""
    _die_with_parent(parent)
    _start_worker(jobs, stop)
    for name in getattr(compute, "preload", ()):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    allowed = set(defaults)
    while True:
        try:
            lineno, line = conn.recv()
        except (EOFError, OSError):  # the command is gone
            return
        answer = _worker_line(lineno, line, defaults, allowed, compute)
        try:
            conn.send_bytes(_pickled(lineno, answer))
        except OSError:  # the command is gone
            return


def _pickled(lineno: int, answer: Optional[dict[str, Any]]) -> bytes:
    """A worker's answer to a line as it goes back to the command (which ``recv``s it); an
    answer that cannot be pickled goes as the line's internal-error record."""
    from multiprocessing.reduction import ForkingPickler

    try:
        return bytes(ForkingPickler.dumps((lineno, answer)))
    except Exception as exc:  # (a lambda in it, say, or nesting deeper than pickle goes)
        return bytes(ForkingPickler.dumps((lineno, internal_error(lineno, exc))))


def _start_worker(jobs: int, stop: Any) -> None:
    """A batch worker: Ctrl-C interrupts it only while it analyses a line (``_worker_line``;
    between lines it is noted, and no line starts after it), and the search's table may take
    only this worker's share of the memory this process may use (``usable_memory``): the
    analyses pass ``table_share()`` to their searches."""
    from pinosolve.memory import usable_memory
    from pinosolve.play.tables import table_limit

    global _stop, _table_share
    _stop = stop
    signal.signal(signal.SIGINT, _ctrl_c_between_lines)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler
    if _START_SIGNALS:  # (blocked as it started: see _Crew._start)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _START_SIGNALS)
    _table_share = table_limit(memory=usable_memory(), parts=jobs)


def table_share() -> Optional[int]:
    """The table limit a search may grow to here (``solve``'s ``table_limit``): in a batch
    worker, its share of the memory this process may use; elsewhere None (one search at a
    time: the search's own default)."""
    return _table_share


def _die_with_parent(parent: int) -> None:
    """Make sure this worker ends once the command (process ``parent``) is gone, killed say: an
    orphaned worker would go on with its search, for hours perhaps, and hold the command's
    stdout, so that a pipeline reading it never ended. Called first thing in the worker.

    On Linux the kernel is asked to kill it when the thread that forked it ends
    (PR_SET_PDEATHSIG): that is the thread running the batch, which stops its workers before
    it ends. A command killed before the request was made sends nothing, hence the check of
    the parent after it (the parent's id was taken in the command: a worker that read it
    itself, after the command had died, read its new parent's and waited for ever). Elsewhere,
    and should the request fail, a thread checks the parent every half second (the search lets
    go of the GIL, so it runs during one). Nothing of the command's stdout is kept: the
    worker's answers go back on its connection."""
    import os
    import threading
    import time

    _ask_to_die_with_parent()
    if os.getppid() != parent:  # the command is gone already
        os._exit(1)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:  # pragma: no cover - no /dev/null
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _ask_to_die_with_parent() -> bool:
    """On Linux, ask the kernel to kill this process when the thread that forked it ends
    (prctl PR_SET_PDEATHSIG, SIGKILL); False where that cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(1, int(signal.SIGKILL), 0, 0, 0) == 0  # 1: PR_SET_PDEATHSIG
    except (ImportError, OSError, AttributeError):  # no ctypes, no libc, or no prctl in it
        return False


def _ctrl_c_between_lines(signum: int, frame: Any) -> None:
    """Ctrl-C in a worker between lines: noted, for ``_worker_line`` to stop the batch
    (raising here would end the worker wherever it is in its loop: half-way through sending
    an answer, say)."""
    global _ctrl_c_seen
    _ctrl_c_seen = True


def _interrupt_once(signum: int, frame: Any) -> None:
    """Ctrl-C in a worker's line: a KeyboardInterrupt (the search answers what it had proved),
    and later ones are ignored (the parent passes Ctrl-C on, which the terminal may have sent
    already), so that nothing interrupts the answer being made."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _worker_line(lineno: int, line: str, defaults: dict[str, Any], allowed: set[str],
                 compute: Compute) -> Optional[dict[str, Any]]:
    """``_one_line`` in a worker: None if the batch was stopped before it started, or Ctrl-C
    came before its analysis had anything to answer.

    A Ctrl-C that reaches a worker's line stops the batch (the command stops after that
    line's answer in any case), and the worker says so itself, before it can take another
    line: at the terminal, Ctrl-C reaches the workers and the command at once, and a worker
    done with its interrupted line, or between lines then, would otherwise start the next one
    before the command had set the stop."""
    answer = None
    if _ctrl_c_seen:
        _stop.set()
    try:
        signal.signal(signal.SIGINT, _interrupt_once)
        try:
            if not _stop.is_set():
                answer = _one_line(lineno, line, defaults, allowed, compute)
        finally:
            signal.signal(signal.SIGINT, _ctrl_c_between_lines)
    except KeyboardInterrupt:
        _stop.set()
    if answer is not None and answer.get("interrupted"):
        _stop.set()
    return answer


def _emit_line(lineno: int, result: dict[str, Any]) -> bool:
    """One batch answer, out at once (a program may be waiting for it): strict JSON on one
    line, its input ``line`` first, or, where the answer cannot be written so, that line's
    internal-error record. Whether it is an error record."""
    if "line" not in result:
        result = {"line": lineno, **result}
    sink = answer_sink.get()
    if sink is not None:  # (a command that gathers the answers itself: study)
        sink(lineno, result)
        return "error" in result
    try:
        text = json.dumps(result, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        result = internal_error(lineno, exc)
        text = json.dumps(result, ensure_ascii=False)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return "error" in result


def batch_lines(lines: Iterable[Line], defaults: dict[str, Any], compute: Compute) -> int:
    """``compute`` on every JSON line; one JSON line out per line in. The number of lines
    answered with an error record or a "no" verdict (``says_no``)."""
    allowed = set(defaults)
    errors = 0
    for lineno, line in _numbered(lines):
        result = line if isinstance(line, dict) else _one_line(lineno, line, defaults, allowed,
                                                                compute)
        errors += _emit_line(lineno, result) or says_no(compute, result)
        if result.get("interrupted"):  # Ctrl-C in this line's analysis: the batch stops here
            raise KeyboardInterrupt
    return errors


def _one_line(lineno: int, line: str, defaults: dict[str, Any], allowed: set[str],
              compute: Compute) -> dict[str, Any]:
    """One batch line's answer, or its error record (``{"line": N, "error": ...}``): whatever
    the line holds, and whatever goes wrong in its analysis, short of Ctrl-C."""
    try:
        obj = load_json(line)
    except PinosolveError as exc:
        return {"line": lineno, "error": str(exc)}
    if not isinstance(obj, dict):
        return {"line": lineno, "error": "not a JSON object: each line must be {...}"}
    try:
        params = option_params(obj, defaults, compute)
    except PinosolveError as exc:
        return {"line": lineno, "error": str(exc)}
    token = batch_line.set(lineno)
    try:
        return {"line": lineno, **compute(params)}
    except PinosolveError as exc:
        return {"line": lineno, "error": str(exc)}
    except RecursionError:
        return {"line": lineno, "error": "input too deeply nested"}
    except Exception as exc:  # a bug this line reaches: its error record, and the batch goes on
        from pinosolve.program import caused_by_ctrl_c

        if caused_by_ctrl_c(exc):  # Ctrl-C, wrapped by Python as a class was made
            raise KeyboardInterrupt from exc
        return internal_error(lineno, exc)
    finally:
        batch_line.reset(token)


def internal_error(lineno: int, exc: BaseException) -> dict[str, Any]:
    """The error record of a batch line whose analysis failed unexpectedly: a bug (the
    traceback on stderr with PINOSOLVE_DEBUG set), or no memory left for it."""
    import os

    if isinstance(exc, MemoryError):
        return {"line": lineno, "error": "out of memory analysing this line"}
    if os.environ.get("PINOSOLVE_DEBUG"):
        import traceback

        traceback.print_exception(exc)
    said = " ".join(str(exc).split())
    said = said if len(said) <= 300 else said[:300] + "..."
    return {"line": lineno, "error": f"internal error: {type(exc).__name__}: {said} (set "
                                     "PINOSOLVE_DEBUG=1 for a traceback)"}


def run_analysis(params: dict[str, Any], *, json_out: bool, input_source: Optional[str],
                 compute: Compute, render: Render, jobs: int = 1) -> dict[str, Any]:
    """The one code path of every analysis command: batch, JSON or a table for people.
    ``jobs``: the command's --jobs (batch processes), where it has one. A batch with error
    records, or a "no" verdict (``says_no``), exits 1 (``typer.Exit``); else the answer
    (empty for a batch)."""
    jobs = want_jobs(jobs, input_source)
    if input_source is not None:
        whole, lines = read_input(input_source)
        if whole is None:
            if batch_of(lines, params, compute, jobs):
                raise typer.Exit(1)
            return {}
        params = option_params(whole, params, compute)
    result = compute(params)
    if json_out:
        emit_json(result)
    else:
        render(result)
    if result.get("interrupted"):  # Ctrl-C: the answer so far is out; exit as interrupted
        raise KeyboardInterrupt
    if says_no(compute, result):
        raise typer.Exit(1)
    return result


def same_value(a: Any, b: Any) -> bool:
    """Whether two values given for one option say the same: equal, or text that names the
    same seat (any case, spaces around ignored, as seats are read)."""
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().upper() == b.strip().upper()
    return type(a) is type(b) and a == b


def _shown(value: Any) -> str:
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


def want_flag(params: dict[str, Any], key: str) -> bool:
    """A true/false option (a JSON line may give anything)."""
    value = params.get(key, False)
    if not isinstance(value, bool):
        raise PinosolveError(f"{key.replace('_', '-')} must be true or false, got {value!r}")
    return value


# the longest --timeout, in seconds (about 32 years): a larger one is a mistake, or a wish for
# no limit, which is leaving the option out


def want_timeout(params: dict[str, Any]) -> Optional[float]:
    """The --timeout option (the command line's or a JSON line's), checked by the search's
    own ``check_timeout``: None for no limit, or seconds more than 0 and at most 1e9."""
    from pinosolve.play.driver import check_timeout

    return check_timeout(params.get("timeout"))


def want_trump(variant: Any, params: dict[str, Any], allow_none: bool = False) -> Any:
    """The --trump option: required, a suit (or 'none' where no trump is a question)."""
    if params.get("trump") is None:
        raise PinosolveError("name the trump with --trump S|H|D|C"
                             + (" (or none)" if allow_none else ""))
    return variant.parse_trump(params["trump"], allow_none)


def want_str(params: dict[str, Any], key: str, what: str) -> Optional[str]:
    """A text parameter from the command line or a JSON line (where it may be mistyped)."""
    value = params.get(key)
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise PinosolveError(f"{what} must be text, got {json.dumps(value)}")
    return value
