"""The worker pool of a parallel batch (``--jobs`` with ``--input``): processes started as
lines need them, each answering one line at a time, Ctrl-C and SIGTERM carried to them, a
worker that dies replaced, and each worker's share of the memory (``table_share``)."""

from __future__ import annotations

import importlib
import signal
import sys
from typing import Any, Optional
from collections.abc import Iterable, Iterator


from pinosolve.errors import PinosolveError
from pinosolve.cli.batch import (Compute, Line, emit_line, internal_error, numbered, one_line,
                                 says_no)


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
            for item in numbered(lines):
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
                errors += emit_line(lineno, answer) or says_no(compute, answer)
                if answer.get("interrupted"):  # a Ctrl-C that reached only that worker
                    raise KeyboardInterrupt
        if failed:
            raise failed[0]
        return errors
    except KeyboardInterrupt:
        try:
            crew.interrupt()
            for lineno, answer in crew.last_answers(order, done):
                emit_line(lineno, answer)
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

_ctrl_c_ignored = False  # in a worker: the command ignores Ctrl-C, and so does the worker

_line_interrupted = False  # in a worker: Ctrl-C has interrupted its line (later ones ignored)



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

    global _stop, _table_share, _ctrl_c_ignored
    _stop = stop
    # a command that ignores Ctrl-C (started in the background, or under nohup) has workers
    # that ignore it too: the disposition came with the fork; else one of them interrupted
    # alone would end the batch early, or lose its line
    _ctrl_c_ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if not _ctrl_c_ignored:
        signal.signal(signal.SIGINT, _ctrl_c_between_lines)
        sys.unraisablehook = _lost_ctrl_c
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
    global _line_interrupted
    if _line_interrupted:
        return
    _line_interrupted = True
    raise KeyboardInterrupt



def _lost_ctrl_c(unraisable: Any) -> None:
    """``sys.unraisablehook`` in a worker: a Ctrl-C whose KeyboardInterrupt Python ignored
    (raised in a finalizer) has not interrupted the line, so the next one must; it is sent
    again (``program.resend_lost_ctrl_c``). Anything else is printed as Python prints it."""
    global _line_interrupted
    from pinosolve import program

    if program.resend_lost_ctrl_c(unraisable):
        _line_interrupted = False
    else:
        sys.__unraisablehook__(unraisable)



def _worker_line(lineno: int, line: str, defaults: dict[str, Any], allowed: set[str],
                 compute: Compute) -> Optional[dict[str, Any]]:
    """``one_line`` in a worker: None if the batch was stopped before it started, or Ctrl-C
    came before its analysis had anything to answer.

    A Ctrl-C that reaches a worker's line stops the batch (the command stops after that
    line's answer in any case), and the worker says so itself, before it can take another
    line: at the terminal, Ctrl-C reaches the workers and the command at once, and a worker
    done with its interrupted line, or between lines then, would otherwise start the next one
    before the command had set the stop."""
    global _line_interrupted
    answer = None
    if _ctrl_c_seen:
        _stop.set()
    try:
        if not _ctrl_c_ignored:
            _line_interrupted = False
            signal.signal(signal.SIGINT, _interrupt_once)
        try:
            if not _stop.is_set():
                answer = one_line(lineno, line, defaults, allowed, compute)
        finally:
            if not _ctrl_c_ignored:
                signal.signal(signal.SIGINT, _ctrl_c_between_lines)
    except KeyboardInterrupt:
        _stop.set()
    if answer is not None and answer.get("interrupted"):
        _stop.set()
    return answer
