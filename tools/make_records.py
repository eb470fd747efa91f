"""Write each shipped review puzzle's hand as a game record, ``puzzles/records/NAME.pbn``
(``docs/records.md``): the puzzle's title as the Event, its source as the Annotator note.
``tests/records/test_records.py`` checks that the files are what this writes.

    python tools/make_records.py
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def record_text(path: Path) -> str:
    """The game record of the review puzzle in ``path``."""
    from pinosolve.analysis.review import record_of
    from pinosolve.variants.variant import resolve

    data = tomllib.loads(path.read_text())
    v = resolve(data.get("variant"), data.get("rules"))
    record = record_of(dict(data["position"], variant=v))
    record = replace(record, tags=(("Event", data["title"]), ("Source", data["source"])))
    return str(record)


def main() -> int:
    out = ROOT / "puzzles" / "records"
    out.mkdir(exist_ok=True)
    for path in sorted((ROOT / "puzzles" / "review").glob("*.toml")):
        (out / f"{path.stem}.pbn").write_text(record_text(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
