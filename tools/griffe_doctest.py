"""A Griffe extension for the API reference (``mkdocs.yml``): each docstring's doctest
examples become fenced code blocks, as a reader sees them in the source, rather than Markdown
(where ``>>>`` would be a quote and ``[10, 10]`` a link)."""

from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    """``text`` with each run of doctest lines (a ``>>>`` line and what follows it, up to a
    blank line) inside a ```` ```python ```` fence."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```python")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_instance(self, *, node: Any, obj: Any, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fenced(obj.docstring.value)
