"""The library's errors in the command line's words, at its edge.

The library speaks Python to its callers: an argument is named as a caller writes it,
``bidder=SEAT``. The command line names the same input by its option, ``--bidder SEAT``;
``for_the_command_line`` rewords a message before it is printed (``cli.main``). Only the
arguments that are also options are reworded, and only in that form (a name, ``=``, then a
value in capitals, or nothing): ``variant = "ID"`` (a file's key) and ``key=value`` pairs
of a record are left as they are.

>>> for_the_command_line("bidder: four-hand plays in fixed sides; drop bidder= [x]")
'bidder: four-hand plays in fixed sides; drop --bidder [x]'
>>> for_the_command_line("name the rules: variant=ID or rules=PATH, or PINOSOLVE_VARIANT=ID")
'name the rules: --variant ID or --rules PATH, or PINOSOLVE_VARIANT=ID'
"""

from __future__ import annotations

import re

OPTIONS = ("bidder", "declarer", "partner", "called_card", "trump", "leader", "seat",
           "variant", "rules", "laid_away")

_ARGUMENT = re.compile(r"(?<![\w.-])(" + "|".join(OPTIONS) + r")=([A-Z][A-Z0-9]*\b)?"
                       r"(?=[\s),;:\]]|$)")


def for_the_command_line(message: str) -> str:
    """``message`` with each Python argument that is also an option (``OPTIONS``) named as
    the option: ``partner=`` as ``--partner``, ``seat=SEAT`` as ``--seat SEAT``."""
    def option(m: re.Match[str]) -> str:
        name = "--" + m[1].replace("_", "-")
        return name if m[2] is None else f"{name} {m[2]}"

    return _ARGUMENT.sub(option, message)
