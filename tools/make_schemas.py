"""Write the JSON Schema of every command's answer to docs/schemas/ (from the typed results).

    python tools/make_schemas.py

tests/test_schemas.py fails while a file here is out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pinosolve.schemas import schema_files  # noqa: E402


def render(obj: object) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    out = ROOT / "docs" / "schemas"
    out.mkdir(parents=True, exist_ok=True)
    files = schema_files()
    for name, obj in files.items():
        (out / name).write_text(render(obj), encoding="utf-8")
    for stale in out.glob("*.json"):
        if stale.name not in files:
            stale.unlink()
    print(f"{len(files)} schemas in {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
