"""Write the documentation pages made from the code: ``docs/rules-keys.md`` (every rules-file
key, from the schema's ``knob`` docs).

    python tools/make_docs.py

tests/test_docs.py fails while a page here is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rules_keys_page() -> str:
    from pinosolve.variants.datafile import describe_fields
    from pinosolve.variants.schema import Rules

    rows = describe_fields(Rules)
    lines = ["# The rules files' keys", "",
             "Every key a rules file may set, what it holds and what it means, as",
             "`pinosolve rules --keys` prints them (this page is made from the same schema by",
             "`python tools/make_docs.py`). A house rule is a file that `extends` a variant",
             "and sets only the keys that differ; `rules/README.md` in the repository",
             "describes the format, and `pinosolve rules ID` prints a variant's rules, resolved.",
             "", "| key | holds | meaning |", "| --- | --- | --- |"]
    for key, holds, doc in rows:
        cells = [f"`{key}`", holds, doc]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


PAGES = {"rules-keys.md": rules_keys_page}


def main() -> None:
    for name, make in PAGES.items():
        (ROOT / "docs" / name).write_text(make(), encoding="utf-8")
    print(f"{len(PAGES)} pages in docs/")


if __name__ == "__main__":
    main()
