"""The doctests of pinosolve.env need the env extra: without it they are not collected."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("pyspiel") else ["pinosolve/env/*"]
