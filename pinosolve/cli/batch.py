"""The batch plumbing every analysis command runs through: input lines, error records, answers.

An analysis command is an :class:`Analysis`: its parameter record (``cli.params``), read
once from the options or a batch line, a pure ``compute(params) -> result`` (a typed
``results.Result``), and a renderer that takes that result for people; the result's
``to_json()`` is the answer for ``--json`` and for a batch line. :func:`run_analysis` wires
them to ``--json`` and ``--input``: with ``--input`` each JSON line's keys are the command's
option names (an option's older name is accepted where the option keeps it as an alias),
command-line options act as defaults, every answer carries its input ``line``, and a bad
line yields ``{"line": N, "error": …}`` while the batch goes on; the command then exits 1.
An ``--input`` that holds one JSON object spread over several lines is one analysis, as if
its keys were given as options. An answer marked ``"interrupted"`` (Ctrl-C during a long
analysis, which answers what it had proved) is printed and then ends the command, a batch
included, as Ctrl-C does (exit code 130).
"""

from __future__ import annotations

import itertools
import json
import sys
from dataclasses import dataclass, field
from typing import Any, Generic, Optional, TypeVar, Union
from collections.abc import Callable, Iterable, Iterator, Mapping

import typer

from pinosolve.errors import PinosolveError
from pinosolve.files import load_json
from pinosolve.cli.options import one_bidder, same_value, shown_value
from pinosolve.cli.params import Params
from pinosolve.cli.output import (answer_sink, batch_line, emit_json, input_is_stdin,
                                  show_solution, show_test)


Compute = Callable[[dict[str, Any]], dict[str, Any]]  # a batch line's values -> its answer
Render = Callable[[Any], None]  # a command's typed result -> the text for people
P = TypeVar("P", bound=Params)


@dataclass(frozen=True)
class Analysis(Generic[P]):
    """A command's analysis as the batch plumbing runs it: ``params``, the command's
    parameter record (``cli.params``), read from a batch line's values or the options, and
    ``compute``, which takes that record and returns the typed result (``results.Result``);
    called, the analysis answers a batch line in JSON. ``aliases`` maps an option's
    older name (a batch line's key, '-' or '_') to its name now, and ``progress`` says the
    command has --progress: while it analyses with ``progress`` true, the searches report
    on stderr (``pinosolve.progress``). ``verdict``: the answer's key that is false when
    the answer is "no" (verify: not as claimed), which exits 1 as an error line does.
    ``preload``: the modules a batch worker loads before its first line, so that a Ctrl-C in
    a line never strikes inside an import (a KeyboardInterrupt raised in importlib's module
    lock callback is lost there, and printed as "Exception ignored"); a module that is not
    there (the compiled core, unbuilt) is passed over. Picklable where ``compute`` is."""

    params: type[P]
    compute: Callable[[P], Any]
    aliases: Mapping[str, str] = field(default_factory=dict)
    progress: bool = False
    verdict: Optional[str] = None
    preload: tuple[str, ...] = ()

    def result(self, raw: Mapping[str, Any]) -> Any:
        """The typed result for ``raw`` option values (read into ``params`` first)."""
        params = self.params.read(raw)
        if not self.progress or not getattr(params, "progress", False):
            return self.compute(params)
        from pinosolve import progress

        with progress.reporting(show_test, show_solution):
            return self.compute(params)

    def __call__(self, raw: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.result(raw).to_json()
        return answer


def says_no(compute: Compute, answer: dict[str, Any]) -> bool:
    """Whether ``answer`` is an error record, or a "no" verdict (``Analysis.verdict``): a
    line that makes the command exit 1."""
    verdict = getattr(compute, "verdict", None)
    return "error" in answer or (verdict is not None and answer.get(verdict) is False)



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
        from pinosolve.files import shipped_copy

        copy = shipped_copy(source)  # (an example the documentation names: the package's)
        if copy is not None:
            return open(copy, "rb") if binary else open(copy, encoding="utf-8")
        raise PinosolveError(f"input file {source!r} not found") from None
    except OSError as exc:
        raise PinosolveError(f"input file {source!r} cannot be read: {exc.strerror}") from None
    except ValueError:  # a NUL in the name
        raise PinosolveError(f"input file {source!r}: not a file name (it holds a NUL)") from None



def input_lines(source: str) -> Iterator[Line]:
    """The lines of ``source`` ('-': stdin), as bytes: each is decoded on its own
    (``numbered``), so that one that is not UTF-8 costs that line only. A line longer than
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



def numbered(lines: Iterable[Line]) -> Iterator[tuple[int, Union[str, dict[str, Any]]]]:
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
    from pinosolve.cli.pool import batch_parallel  # (the pool imports this module)

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
    older name the command keeps as an alias, or a renamed one (``cli.renames``, with a
    notice). Two keys of one option (``bidder`` and
    ``declarer``) must say the same (``same_value``). A line that names its variant (or
    rules file) drops the options' rules file (or variant): they are only a default."""
    from pinosolve.cli.renames import renamed_key

    aliases = getattr(compute, "aliases", {})
    params = dict(defaults)
    given: dict[str, str] = {}  # each option the line gives: the key it gave it by
    for key, value in obj.items():
        name = str(key).replace("-", "_")
        name = renamed_key(aliases.get(name, name), defaults)
        if name not in defaults:
            raise PinosolveError(f"unknown key {key!r}; keys are "
                                 f"{', '.join(sorted(defaults))}")
        if name in given and not same_value(params[name], value):
            raise PinosolveError(f"give the {name.replace('_', '-')} once: {given[name]} "
                                 f"{shown_value(params[name])} and {key} "
                                 f"{shown_value(value)} differ")
        given.setdefault(name, str(key))
        params[name] = value
    for chosen, other in (("variant", "rules"), ("rules", "variant")):
        if chosen in params and chosen in obj and other not in obj and other in params:
            params[other] = None  # the line names its own rules: the option's are a default
    return params



def emit_line(lineno: int, result: dict[str, Any]) -> bool:
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
    for lineno, line in numbered(lines):
        result = line if isinstance(line, dict) else one_line(lineno, line, defaults, allowed,
                                                                compute)
        errors += emit_line(lineno, result) or says_no(compute, result)
        if result.get("interrupted"):  # Ctrl-C in this line's analysis: the batch stops here
            raise KeyboardInterrupt
    return errors



def one_line(lineno: int, line: str, defaults: dict[str, Any], allowed: set[str],
              compute: Compute) -> dict[str, Any]:
    """One batch line's answer, or its error record (``{"line": N, "error": ...}``): whatever
    the line holds, and whatever goes wrong in its analysis, short of Ctrl-C."""
    try:
        obj = load_json(line)
    except PinosolveError as exc:
        return {"line": lineno, "error": str(exc)}
    if not isinstance(obj, dict):
        return {"line": lineno, "error": "not a JSON object: each line must be {...}"}
    from pinosolve.cli.wording import for_the_command_line  # (a line's keys are the options)

    try:
        params = option_params(obj, defaults, compute)
    except PinosolveError as exc:
        return {"line": lineno, "error": for_the_command_line(str(exc))}
    token = batch_line.set(lineno)
    try:
        return {"line": lineno, **compute(params)}
    except PinosolveError as exc:
        return {"line": lineno, "error": for_the_command_line(str(exc))}
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



def run_command(scope: Mapping[str, Any], analysis: Analysis[Any], render: Render) -> Any:
    """``run_analysis`` of a command's options (``scope``: the command's ``locals()`` as its
    body starts, its own parameters and ``given``, the groups' from ``with_options``; a
    name that ends in ``_``, as ``all_``, is the option's without it): the run's
    (``json_out``, ``input_source``, ``jobs``) set apart, and the bidder named once
    (``--bidder`` or ``--declarer``); the rest are the analysis's parameters."""
    params = {key.rstrip("_"): value for key, value in scope.items() if key != "given"}
    params.update(scope.get("given", {}))
    how = {key: params.pop(key) for key in ("json_out", "input_source", "jobs") if key in params}
    if "declarer" in params:
        params["bidder"] = one_bidder(params.get("bidder"), params.pop("declarer"))
    return run_analysis(params, json_out=how.get("json_out", False),
                        input_source=how.get("input_source"), analysis=analysis, render=render,
                        jobs=how.get("jobs", 1))


def run_analysis(params: dict[str, Any], *, json_out: bool, input_source: Optional[str],
                 analysis: Analysis[Any], render: Render, jobs: int = 1) -> Any:
    """The one code path of every analysis command: batch, JSON or a table for people.
    ``jobs``: the command's --jobs (batch processes), where it has one. A batch with error
    records, or a "no" verdict (``says_no``), exits 1 (``typer.Exit``); else the typed
    result (None for a batch)."""
    from pinosolve.cli.pool import want_jobs  # (the pool imports this module)

    jobs = want_jobs(jobs, input_source)
    if input_source is not None:
        whole, lines = read_input(input_source)
        if whole is None:
            if batch_of(lines, params, analysis, jobs):
                raise typer.Exit(1)
            return None
        params = option_params(whole, params, analysis)
    token = input_is_stdin.set(input_source == "-")
    try:
        result = analysis.result(params)
    finally:
        input_is_stdin.reset(token)
    if json_out:
        emit_json(result.to_json())
    else:
        render(result)
    if getattr(result, "interrupted", False):  # Ctrl-C: the answer so far is out; exit so
        raise KeyboardInterrupt
    if analysis.verdict is not None and getattr(result, analysis.verdict) is False:
        raise typer.Exit(1)
    return result
