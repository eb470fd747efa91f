"""The ``pinosolve`` command line.

Every problem with the input is reported as one line on stderr with exit code 2; usage errors
from the option parser are folded into the same one-line form. Commands live in small modules
of plain functions, registered on the app in one place (``pinosolve.cli.commands``); heavy
dependencies (OR-Tools, the solver) are imported inside the commands that use them.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any, Optional

import typer

from pinosolve import __version__
from pinosolve.errors import PinosolveError

EXIT_CODES = ("Exit codes: 0 done; 1 a batch (--input) with error lines, verify's verdict "
              "'not as claimed', or a puzzle or game whose answer on file disagrees; 2 bad "
              "input (one line on stderr); 70 internal error; 74 output error; 130 Ctrl-C.")

app = typer.Typer(
    name="pinosolve",
    help="Pinochle rules engine and solver: meld, disputes, legal plays, double-dummy play.",
    epilog=EXIT_CODES,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",  # (help texts escape a literal [: "pinosolve\\[plot]")
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from pinosolve.play.core import describe

        typer.echo(f"pinosolve {__version__}; {describe()}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[Optional[bool], typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
) -> None:
    """Pinochle rules engine and solver."""


from pinosolve.cli.commands import register  # noqa: E402

register(app)


def plain_metavars(command: Any) -> Any:
    """Every option's help shows what it takes as TEXT, INT or FLOAT (typer's own would be
    ``<str>``, ``<bool>``, ``<list[str]>``), and a flag shows nothing; set here, once, for
    every command, whatever typer's version."""
    for sub in [command, *getattr(command, "commands", {}).values()]:
        params = list(sub.params)
        try:  # the help option, made when first asked for (and kept, in typer 0.29)
            ctx = sub.context_class(sub, info_name=sub.name,
                                    help_option_names=(app.info.context_settings or {}).get(
                                        "help_option_names", ["--help"]))
            params.append(sub.get_help_option(ctx))
        except Exception:  # pragma: no cover - an option parser that makes it otherwise
            pass
        for param in params:
            kind = getattr(param, "param_type_name", "")
            if kind == "argument" and hasattr(param, "display_type_rich"):
                param.display_type_rich = _no_type  # its metavar says it (typer 0.29: <str>)
            if kind == "argument" and getattr(param, "hidden", False):
                param.get_usage_pieces = _no_pieces  # (an old spelling: not in the usage)
            if kind != "option" or param.metavar is not None:
                continue
            param.metavar = _metavar(param)
    return command


def _no_pieces(ctx: Any) -> list[str]:
    """A hidden argument's part of the usage line: none."""
    return []


def _no_type(ctx: Any) -> None:
    """An argument's type in typer's help: none (its metavar, HAND or FILE, says it)."""
    return None


def _metavar(param: Any) -> str:
    """What an option takes, for its help: '' for a flag, else INT, FLOAT or TEXT."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    described = getattr(param, "type_descriptor", None)  # typer's own parameters
    kind = getattr(described, "annotation", None)
    if kind is None:  # click's
        kind = {"integer": int, "float": float}.get(getattr(param.type, "name", ""), str)
    return {int: "INT", float: "FLOAT"}.get(kind, "TEXT")


def main(argv: Optional[list[str]] = None) -> int:
    """Entry point: run the app, turning every input problem into one line and exit code 2."""
    from pinosolve.cli.renames import renamed_args

    command = plain_metavars(typer.main.get_command(app))
    try:
        args = renamed_args(sys.argv[1:] if argv is None else argv)
    except PinosolveError as exc:
        return _fail(str(exc))
    wrong = _completion_problem()
    if wrong is not None:
        return _fail(wrong)
    try:
        code = command.main(args=args, prog_name="pinosolve", standalone_mode=False)
    except PinosolveError as exc:  # (the library names its arguments; here, the options)
        from pinosolve.cli.wording import for_the_command_line

        return _fail(for_the_command_line(str(exc)))
    except KeyboardInterrupt:  # outside a command (typer turns those into 130 itself)
        code = 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # the machine's, not the input's: a full disk under stdout, say
        where = f" ({exc.filename})" if exc.filename else ""
        return _fail(f"input/output error{where}: {exc.strerror or exc}", 74)
    except Exception as exc:
        from pinosolve.program import caused_by_ctrl_c

        if not caused_by_ctrl_c(exc):  # else a Ctrl-C that Python wrapped: as one
            return _unexpected(exc)
        code = 130
    if code == 130:  # Ctrl-C, in a command or outside one
        sys.stderr.write("pinosolve: interrupted\n")
    return code if isinstance(code, int) else 0


COMPLETE_ENV = "_PINOSOLVE_COMPLETE"


def _completion_problem() -> Optional[str]:
    """What is wrong with the environment a shell's completion request gives (the shell sets
    COMP_WORDS and COMP_CWORD, the word being completed), or None; the parser would fail on
    it with an internal error."""
    instruction = os.environ.get(COMPLETE_ENV)
    if not instruction or not instruction.startswith("complete_"):
        return None  # (source_* prints the shell's script: it reads nothing else)
    if instruction != "complete_bash":
        return None  # (zsh, fish and powershell send _TYPER_COMPLETE_ARGS, read leniently)
    words, cword = os.environ.get("COMP_WORDS"), os.environ.get("COMP_CWORD", "")
    if words is None or not (cword.strip().isascii() and cword.strip().isdigit()):
        return ("shell completion: COMP_WORDS and COMP_CWORD (a whole number) must be set, "
                f"got COMP_CWORD={cword!r:.20}")
    return None


def _unexpected(exc: Exception) -> int:
    """An exception no command handled: the parser's own (help, usage) in one line, else a
    bug, one line with exit code 70 (the traceback with PINOSOLVE_DEBUG set)."""
    name = type(exc).__name__
    ctx = getattr(exc, "ctx", None)
    if name == "NoArgsIsHelpError" and ctx is not None:
        sys.stdout.write(ctx.get_help() + "\n")
        return 0
    if name == "Abort":
        return _fail("aborted")
    if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
        # the option parser's usage errors: fold them into one line
        first = (exc.format_message().splitlines() or [name])[0]
        hint = ""
        if ctx is not None and getattr(ctx, "parent", None) is not None:
            hint = f" (see 'pinosolve {ctx.info_name} --help')"
        return _fail(first + hint)
    if os.environ.get("PINOSOLVE_DEBUG"):  # a bug: one line, the traceback on request
        raise exc
    return _fail(f"internal error: {name}: {exc} (set PINOSOLVE_DEBUG=1 for a traceback)", 70)


MESSAGE_LIMIT = 2000  # characters of an error line at most


def _fail(message: str, code: int = 2) -> int:
    """The one line an error gets: white space folded, control characters shown (a message
    may quote a rules file or an argument, and must not drive the terminal)."""
    from pinosolve.cli.printable import printable

    text = " ".join(message.split())
    if len(text) > MESSAGE_LIMIT:  # (a message may quote a whole value of the input)
        text = text[:MESSAGE_LIMIT] + " …"
    sys.stderr.write(f"pinosolve: error: {printable(text, True)}\n")
    return code


def run() -> None:
    """The ``pinosolve`` program: ``main()`` on its arguments, its answer the exit code. Ctrl-C
    is a KeyboardInterrupt while the command runs; before and after, ``pinosolve.program``'s
    handler ends the program at once (one line, exit code 130), so that no moment of it ends
    in a traceback."""
    from pinosolve import program
    from pinosolve.cli.streams import steady

    code = 130
    closed = steady()
    if closed is not None:
        sys.exit(_fail(closed, 74))
    try:
        program.in_command = True
        code = main()
        sys.stdout.flush()  # the answer out before Ctrl-C may end the program unflushed
    except KeyboardInterrupt:  # one that came where main() does not catch it
        program.in_command = False
        sys.stderr.write("pinosolve: interrupted\n")
    except OSError:  # stdout gone or full: Python's last flush says so, as it always did
        pass
    finally:
        program.in_command = False
    if code == 130:  # interrupted: ended here, for exit code 130 in every case (see _ended)
        _ended(130)
    sys.exit(code)


def _ended(code: int) -> None:
    """End the program now, with ``code``, what it wrote flushed: for an interrupted command,
    whose exit through Python's would not always be ``code``. Python kills itself with SIGINT
    at its exit (code -2) once a KeyboardInterrupt has ever left code that exec() or eval()
    ran from a string (dataclasses and typer build functions so), even one caught later; and
    its shutdown could fail on the lock of the input a batch's reading thread held (a fatal
    error, once in about a hundred Ctrl-Cs). A batch's workers are stopped already."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # gone, or closed
            pass
    os._exit(code)
