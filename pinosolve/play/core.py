"""Which double-dummy search runs: the compiled core or the Python reference.

``PINOSOLVE_CORE=c`` demands the compiled core (an error if it is missing),
``PINOSOLVE_CORE=python`` forces the reference; unset, the compiled core is used when it
was built and loads.
"""

from __future__ import annotations

import os

from pinosolve.errors import PinosolveError

ENV = "PINOSOLVE_CORE"


def _load():
    try:
        from pinosolve.play import _core
    except ImportError as exc:
        return None, f"compiled core not available ({exc})"
    return _core, ""


def backend() -> str:
    """'c' or 'python', honouring the environment variable."""
    wanted = os.environ.get(ENV, "").strip().lower()
    if wanted not in ("", "c", "python"):
        raise PinosolveError(f"{ENV} must be 'c' or 'python', got {wanted!r}")
    if wanted == "python":
        return "python"
    module, why = _load()
    if module is None:
        if wanted == "c":
            raise PinosolveError(f"{ENV}=c but the {why}")
        return "python"
    return "c"


def describe() -> str:
    """One line for ``pinosolve --version``."""
    try:
        which = backend()
    except PinosolveError as exc:
        return f"search core: {exc}"
    if which == "c":
        return "search core: compiled C (pinosolve.play._core)"
    module, why = _load()
    if os.environ.get(ENV, "").strip().lower() == "python":
        return f"search core: Python reference (forced by {ENV}=python)"
    return f"search core: Python reference ({why})"
