"""Ctrl-C in the ``pinosolve`` program at any moment: one line, exit code 130, no traceback.

Python turns Ctrl-C into a KeyboardInterrupt wherever the program is, and one that comes while
the program imports its modules, before any handler of the command line's is in place, ends it
with a traceback. Imported first thing by the ``pinosolve`` package, this module puts its own
handler in place in the program (the console script, or ``python -m pinosolve``), and in the
program only: a program that merely imports pinosolve keeps Python's own. While a command runs
(``in_command``: see ``pinosolve.cli.run``) Ctrl-C is the usual KeyboardInterrupt, which a
search answers with the bounds it had proved; before and after, it ends the program at once.
The package holds SIGINT from its first statement until this module has put the handler in
place, so a Ctrl-C while it loads is answered by it. (Before the package's first statement,
Python itself is still starting: that much is beyond reach.)
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import time

# (nothing else is imported here, _thread and time being built in: the package holds SIGINT
# while this module loads, so the less it loads, the sooner a Ctrl-C is answered)

in_command = False  # a command is running: Ctrl-C is a KeyboardInterrupt (its handlers' to end)


def the_program() -> bool:
    """Is this process the ``pinosolve`` program: its console script (``sys.argv[0]`` is it
    while it starts), or ``python [options] -m pinosolve``?"""
    if sys.argv and os.path.basename(sys.argv[0]) in ("pinosolve", "pinosolve.exe"):
        return True
    args = list(getattr(sys, "orig_argv", []))[1:]  # the interpreter's own arguments
    for k, arg in enumerate(args):
        if arg == "-m":
            return args[k + 1:k + 2] == ["pinosolve"]
        if arg == "-c" or not arg.startswith("-"):  # code or a script: some other program
            return False
    return False


def ctrl_c(signum: int, frame: object) -> None:
    """SIGINT in the program: a KeyboardInterrupt while a command runs; outside one (starting
    up, or ending) the program ends at once, with one line on stderr and exit code 130."""
    if in_command:
        raise KeyboardInterrupt
    try:
        os.write(2, b"pinosolve: interrupted\n")
    except OSError:  # no stderr to tell
        pass
    os._exit(130)


def caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` is a Ctrl-C in disguise: Python wraps an exception raised while a class
    is created (in ``__set_name__``, as an import defines its classes) in a RuntimeError, so a
    KeyboardInterrupt can reach the handlers as that error's cause or context."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return False


RESEND_DELAY = 0.005  # seconds: a lost Ctrl-C is sent again once its finalizer has returned



def resend_lost_ctrl_c(unraisable: object) -> bool:
    """Send Ctrl-C again if ``unraisable`` (what ``sys.unraisablehook`` is given) is a
    KeyboardInterrupt; True if it was.

    Python ignores an exception raised where it cannot propagate (in a finalizer, or a weakref
    callback: the import system runs one as it lets go of a module's lock), and only prints
    it. A Ctrl-C whose KeyboardInterrupt was raised there would be lost: the command went on
    as if none had come (a batch of long searches ran on for minutes). Sent again from another
    thread a moment later, it is raised wherever the program is then."""
    kind = getattr(unraisable, "exc_type", None)
    if not (isinstance(kind, type) and issubclass(kind, KeyboardInterrupt)):
        return False

    def send() -> None:
        time.sleep(RESEND_DELAY)
        try:
            os.kill(os.getpid(), signal.SIGINT)
        except OSError:  # pragma: no cover - the process is ending
            pass

    try:
        _thread.start_new_thread(send, ())
    except RuntimeError:  # the interpreter is ending: nothing left to interrupt
        pass
    return True



def _unraisable(unraisable: object) -> None:
    """``sys.unraisablehook`` in the program: a lost Ctrl-C is sent again, anything else is
    printed as Python prints it."""
    if not resend_lost_ctrl_c(unraisable):
        sys.__unraisablehook__(unraisable)  # type: ignore[arg-type]



def take_ctrl_c() -> bool:
    """Put ``ctrl_c`` in place, in the program, where Ctrl-C has Python's own handler (not
    where it is ignored, as for a command started in the background), and the hook that sends
    a lost one again (``resend_lost_ctrl_c``); True if it was."""
    if not the_program() or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False
    try:
        signal.signal(signal.SIGINT, ctrl_c)
    except ValueError:  # not the main thread
        return False
    sys.unraisablehook = _unraisable
    return True


take_ctrl_c()
