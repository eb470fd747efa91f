"""Where answers and reports go: the console for people (control characters shown, not
obeyed), JSON on stdout, --progress lines on stderr, and the batch line being analysed."""

from __future__ import annotations

import json
import sys
from contextvars import ContextVar
from typing import Any, Optional, Union
from collections.abc import Callable

from pinosolve.cards import Suit


def suit_text(suit: Union[Suit, str, None]) -> str:
    """A trump suit for people, a ``Suit`` or its letter: its symbol (``♠``), or ``none``
    (no trump: None) (cards: ``cards.symbols``).

    >>> suit_text("H"), suit_text(Suit.S), suit_text(None)
    ('♥', '♠', 'none')
    """
    if isinstance(suit, Suit):
        return suit.symbol
    return "none" if suit in (None, "none") else Suit[str(suit)].symbol


def show_test(test: Any) -> None:
    """--progress: one line on stderr per null-window test, as it finishes (stdout keeps the
    answer alone, table or JSON); in a batch, the input line it is for comes first."""
    says = f"at least {test.result}" if test.reached else f"at most {test.result}"
    _progress_line(f"test at {test.beta}: {says} ({test.nodes} nodes, {test.seconds:.2f} s)")



def show_solution(objective: float, seconds: float, model: int) -> None:
    """--progress: one line on stderr per better solution CP-SAT finds, in each model an
    answer solves (the maximum meld, then the listing's tie-breaks, …): its objective, which
    CP-SAT minimises (the meld's is minus the points)."""
    _progress_line(f"CP-SAT model {model}: a better solution, objective {objective:g} "
                   f"(minimised; {seconds:.2f} s)")



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
# whether the analysis's options were read from standard input (``--input -``)
input_is_stdin: ContextVar[bool] = ContextVar("input_is_stdin", default=False)



RED_SUITS = r"[♥♦]"


def progress_wanted(given: Optional[bool]) -> bool:
    """Whether long work shows its progress on stderr: as ``--progress``/``--quiet`` say, else
    where stderr is a terminal (a person is watching) and no batch line is being answered."""
    if given is not None:
        return given
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty is not None and isatty()) and not batch_line.get()


def console():
    """A rich console for human output (imported lazily: JSON paths never pay for it).

    Markup is off: card names, rule keys like ``[trick.head]`` and text from rules files are
    data and must print as written; and control characters in them are shown as escapes
    (pinosolve.cli.printable), so that no text can drive the terminal. The red suits, ♥ and
    ♦, print red where the terminal shows colour (rich leaves colour out where it does not,
    and where ``NO_COLOR`` is set). On a terminal, prose wraps between words at its width;
    elsewhere a line is written whole.
    """
    from rich.console import Console
    from rich.text import Text

    from pinosolve.cli.printable import printable

    class _Safe(Console):
        """Every string it renders has its control characters shown, not obeyed."""

        def render_str(self, text: str, **kwargs: Any) -> Any:
            out = super().render_str(printable(text), **kwargs)
            if isinstance(out, Text):
                out.highlight_regex(RED_SUITS, "red")
            return out

    # (prose is wrapped between words where a person reads it, a terminal of its width; into
    # a pipe or a file each line goes whole, for the program or the page that reads it)
    tty = getattr(sys.stdout, "isatty", None)
    return _Safe(highlight=False, soft_wrap=not (tty is not None and tty()), markup=False)



def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


# the narrowest a title's column may be; with less room, each title has a line of its own
TITLE_MIN = 24


def show_list(rows: list[dict[str, Any]], heading: str, whole: tuple[str, ...],
              footer: str = "", text: str = "title") -> None:
    """The one layout of every ``--list`` (shipped puzzles, game records, house rules): the
    columns ``whole`` (names and variant IDs to type) never folded, whatever the terminal's
    width, and each row's ``text`` (its title or description) folded beside them, or, where
    fewer than ``TITLE_MIN`` columns are left for it, on lines of its own under its row."""
    import textwrap

    from rich import box
    from rich.table import Table

    out = console()
    rows = [{k: "" if v is None else str(v) for k, v in r.items()} for r in rows]
    widths = {c: max(len(c), *(len(r[c]) for r in rows)) for c in whole}
    room = out.width - sum(widths.values()) - 3 * len(whole)  # (a column and a space)
    if room >= TITLE_MIN:
        table = Table(title=heading, title_justify="left", box=box.SIMPLE_HEAD,
                      show_edge=False, pad_edge=False, padding=(0, 1))
        for col in whole:
            table.add_column(col, no_wrap=True, min_width=widths[col])
        table.add_column(text, overflow="fold")
        for r in rows:
            table.add_row(*(r[c] for c in whole), r[text])
        out.print(table)
    else:
        out.print(heading)
        out.print("  ".join(c.ljust(widths[c]) for c in whole).rstrip())
        for r in rows:
            out.print("  ".join(r[c].ljust(widths[c]) for c in whole).rstrip())
            for line in textwrap.wrap(r[text], max(out.width - 4, TITLE_MIN)):
                out.print("    " + line)
    if footer:
        out.print(footer)


class SearchStatus:
    """A long search's status on stderr where ``progress_wanted(None)`` says a person is
    watching: nothing for the first ``after`` seconds (most searches end before), then one
    line, redrawn in place and gone at the end, with the tests, nodes and time so far and
    what the last test proved. Entered, it gives the ``on_test`` to hand the search (None
    where nothing is shown).

    >>> with SearchStatus(given=False) as on_test:
    ...     on_test is None
    True
    """

    def __init__(self, given: Optional[bool] = None, after: float = 1.0) -> None:
        self.wanted = progress_wanted(given) and not batch_line.get()
        self.after = after
        self.tests = self.nodes = 0
        self.last = ""
        self.status: Any = None
        self.timer: Any = None
        self.done = False
        self.lock: Any = None
        self.start = 0.0

    def text(self) -> str:
        """The line shown: ``searching 4.1 s: 3 tests, 1,234 nodes; last: at least 12``."""
        import time

        last = f"; last: {self.last}" if self.last else ""
        return (f"searching {time.monotonic() - self.start:.1f} s: {self.tests} tests, "
                f"{self.nodes:,} nodes{last}")

    def __rich__(self) -> str:  # (redrawn as the spinner turns: the time goes on)
        return self.text()

    def report(self, test: Any) -> None:
        """A null-window test finished (``pinosolve.play.driver.Test``)."""
        self.tests += 1
        self.nodes += test.nodes
        self.last = f"at {'least' if test.reached else 'most'} {test.result}"

    def _show(self) -> None:
        from rich.console import Console

        with self.lock:
            if not self.done:
                self.status = Console(stderr=True).status(self)
                self.status.start()

    def __enter__(self) -> Any:
        if not self.wanted:
            return None
        import threading
        import time

        self.lock = threading.Lock()
        self.start = time.monotonic()
        self.timer = threading.Timer(self.after, self._show)
        self.timer.daemon = True
        self.timer.start()
        return self.report

    def __exit__(self, *exc: Any) -> None:
        if self.timer is None:
            return
        self.timer.cancel()
        with self.lock:
            self.done = True
            if self.status is not None:
                self.status.stop()


class ProgressBar:
    """Long work's progress on stderr, as ``progress_wanted`` decides: a bar of ``label``
    (``deals solved``, ``cards reviewed``) with the count, the time and, where the work says
    one, the card leading so far; for a batch line, a line per tenth of the work. Entered, it
    gives the ``report(done, total, lead=None)`` to call as the work goes (None: no
    progress)."""

    def __init__(self, label: str, given: Optional[bool]) -> None:
        self.label = label
        self.wanted = progress_wanted(given) if not batch_line.get() else bool(given)
        self.bar: Any = None

    def __enter__(self) -> Any:
        if not self.wanted:
            return None
        line = batch_line.get()
        if line:
            return self._lines(line)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
        from rich.progress import TimeElapsedColumn

        self.bar = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TextColumn("{task.fields[lead]}"),
                            console=Console(stderr=True), transient=False)
        self.bar.start()
        task = self.bar.add_task(self.label, total=None, lead="")

        def report(done: int, total: int, lead: Any = None) -> None:
            self.bar.update(task, completed=done, total=total,
                            lead="" if lead is None else f"leading: {lead.symbol}")

        return report

    def _lines(self, line: int) -> Any:
        def report(done: int, total: int, lead: Any = None) -> None:
            if done == total or done * 10 // total != (done - 1) * 10 // total:
                says = "" if lead is None else f", leading {lead}"
                print(f"line {line}: {done}/{total} {self.label}{says}", file=sys.stderr,
                      flush=True)

        return report

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.stop()
