"""``pinosolve board``: the analysis board, served on this machine, opened in the browser.

The command reads the record (if one is given) and the options, then starts
``pinosolve.board.server``; the board's answers are the other commands' own.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

from pinosolve.errors import PinosolveError


def board_cmd(
    record: Annotated[Optional[str], typer.Option(
        "--record", help="A game record (or a deal) to open the board on ('-': stdin).",
        show_default=False)] = None,
    record_given: Annotated[Optional[str], typer.Argument(
        metavar="RECORD", hidden=True, help="The old place of --record (a notice says so).",
        show_default=False)] = None,
    port: Annotated[int, typer.Option(
        "--port", help="The port to listen on (0: any free one).")] = 8765,
    host: Annotated[str, typer.Option(
        "--host", help="The address to listen on: this machine's loopback (127.0.0.1, ::1, "
        "localhost); any other (0.0.0.0: every interface) only with --public.")]
        = "127.0.0.1",
    public: Annotated[bool, typer.Option(
        "--public", help="Let other machines use the board, and this machine's processor: "
        "needed for a --host that is not loopback (whoever reaches the port may run "
        "analyses).")] = False,
    no_browser: Annotated[bool, typer.Option(
        "--no-browser", help="Do not open the page in a browser: print its address only.")]
        = False,
) -> None:
    """Open an analysis board in the browser: step through a hand, each card's two lenses,
    the value graph, who may hold each card, meld and advice."""

    from pinosolve.board.workers import package_folders
    from pinosolve.files import READ_ONLY_UNDER

    if isinstance(port, bool) or not 0 <= port <= 65535:
        raise PinosolveError(f"--port: a port from 0 to 65535, got {port}")
    if not host.strip():  # ('' would listen on every interface)
        raise PinosolveError("--host: give the address to listen on (every interface is "
                             "--host 0.0.0.0 --public)")
    text = None
    from pinosolve.cli.renames import positional_record

    record = positional_record("board", record, record_given)
    if record is not None:
        from pinosolve.analysis.review import record_of
        from pinosolve.board.records import record_view
        from pinosolve.cli.review import RECORD_KEYS, _record

        # (a game record, or review's TOML or JSON table of one: as review reads it)
        got = _record({"record": record, "variant": None, "rules": None,
                       **{k: None for k in RECORD_KEYS}})
        if isinstance(got, list):
            raise PinosolveError(f"{record}: {len(got)} records; the board opens one hand")
        text = str(record_of(got))
        try:
            record_view({"text": text})
        except PinosolveError as exc:
            raise PinosolveError(f"{record}: {exc}") from None
    os.environ[READ_ONLY_UNDER] = package_folders()  # (from here on: no user's file)
    from pinosolve.board.server import Board, BoardServer

    try:
        server = BoardServer(host, port, Board(text))
    except OSError as exc:
        raise PinosolveError(f"board: cannot listen on {host}:{port}: "
                             f"{exc.strerror or exc}") from None
    address, bound = str(server.server_address[0]), int(server.server_address[1])
    if not server.loopback and not public:
        server.server_close()
        raise PinosolveError(f"--host: {address} is not this machine's loopback, so other "
                             "machines could use the board and its processor; say --public "
                             "to mean it")
    where = f"[{address}]" if ":" in address else address
    url = f"http://{where}:{bound}/"

    def announce() -> None:
        print(f"board: {url} (Ctrl-C ends it)", flush=True)
        if not no_browser:
            import webbrowser

            webbrowser.open(url)

    ended = serve(server, announce)
    if ended is not None:
        for stream, text in ((sys.stderr, f"pinosolve: board: ended by "
                                          f"{signal.Signals(ended).name}\n"), (sys.stdout, "")):
            try:
                stream.write(text)
                stream.flush()
            except (OSError, ValueError):  # (no terminal left to tell: a hang-up)
                pass
        # the board is closed, its workers ended: nothing is left to do but exit, and an exit
        # through Python's would set the signals back to their default (kill) as it shuts
        # down, when a second one (a closed terminal sends more) may still come
        os._exit(128 + ended)


# the signals that end the board as Ctrl-C does: TERM (kill, a service manager) and HUP (its
# terminal closed)
ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class _Ended(Exception):
    """The board was sent one of ``ENDING``."""


def _quiet(signum: int, frame: object) -> None:
    """A signal of ``ENDING`` once the board is closing: nothing more to do. (Not SIG_IGN:
    Python reports a signal that came in as its handler was set so as a race, on stderr.)"""


def serve(server: Any, announce: Callable[[], None] = lambda: None) -> Optional[int]:
    """Serve until Ctrl-C (a KeyboardInterrupt, passed on) or a signal of ``ENDING`` (its
    number returned), then close the server: its jobs cancelled, its workers ended.
    ``announce`` runs once the signals are handled, before the first request (a signal
    from then on ends the board cleanly). A signal the board was started ignoring (``nohup``)
    stays ignored; once one has come, every other is ignored until the program ends (a
    closed terminal sends more than one)."""

    def end(signum: int, frame: object) -> None:
        for s in handled:  # (at once: a second one must not strike while the board closes)
            signal.signal(s, _quiet)
        raise _Ended(signum)

    handled = [s for s in ENDING if signal.getsignal(s) is not signal.SIG_IGN]
    before: dict[int, Any] = {}
    ended: Optional[int] = None
    try:
        for s in handled:
            before[s] = signal.signal(s, end)
        announce()
        server.serve_forever(poll_interval=0.2)
    except _Ended as exc:
        ended = int(exc.args[0])
    finally:
        for s in handled:  # (a signal is ignored while the board closes)
            signal.signal(s, _quiet)
        server.server_close()
        if ended is None:  # (Ctrl-C: the program's own handling from here on)
            for s, handler in before.items():
                signal.signal(s, handler)
    return ended
