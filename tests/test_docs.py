"""The README's Layout and docs/ARCHITECTURE.md name the modules there are, and every one."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()
ARCHITECTURE = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
LAYOUT = README[README.index("## Layout"):]
LAYERS = ARCHITECTURE[ARCHITECTURE.index("## The layers"):ARCHITECTURE.index("## How")]
# every file in the repository, by name (a doc names a module by its file name)
FILES = {p.name for p in ROOT.rglob("*") if ".venv" not in p.parts and ".git" not in p.parts}
MODULES = sorted(p.relative_to(ROOT / "pinosolve")
                 for p in (ROOT / "pinosolve").rglob("*")
                 if p.suffix in (".py", ".c", ".h") and p.name != "__main__.py")


def _named(text: str) -> set[str]:
    """The file names a text gives in backticks (``cli/score.py``, ``_core.c``)."""
    names = set()
    for code in re.findall(r"`([^`\s]+)`", text):
        for part in re.split(r"[/,]", code):
            if re.fullmatch(r"[\w.]+\.(py|c|h)", part):
                names.add(part)
    return names


@pytest.mark.parametrize("doc, text", [("README Layout", LAYOUT),
                                       ("ARCHITECTURE layers", LAYERS)])
def test_every_module_a_doc_names_exists(doc, text):
    missing = sorted(n for n in _named(text) if n not in FILES)
    assert not missing, f"{doc} names files that are not there: {missing}"


@pytest.mark.parametrize("doc, text, skip", [("README Layout", LAYOUT, "cli"),
                                             ("ARCHITECTURE layers", LAYERS, None)])
def test_every_module_is_in_the_docs(doc, text, skip):
    """(The README's short Layout leaves the commands' modules to the architecture.)"""
    named = _named(text)
    left_out = [str(m) for m in MODULES if m.name not in named and m.parts[0] != skip]
    assert not left_out, f"{doc} leaves out {left_out}"


def test_the_one_upward_import_is_the_one_the_architecture_names():
    """The layers in order; a module imports only its own layer's and lower ones' (for type
    checking aside), but for the variant loader's read of the meld patterns."""
    import ast

    layer_of = {"cards": 0, "deal": 0, "seats": 0, "errors": 0, "files": 0, "results": 0,
                "program": 0, "memory": 0, "progress": 0, "variants": 1, "inputs": 1,
                "meld": 2, "play": 3, "scoring": 4, "game": 5, "puzzle": 5, "schemas": 5,
                "__init__": 5, "cli": 6}
    upward = set()
    for path in (ROOT / "pinosolve").rglob("*.py"):
        rel = path.relative_to(ROOT / "pinosolve").with_suffix("")
        if rel.name == "__main__":
            continue
        mine = layer_of[rel.parts[0]]
        tree = ast.parse(path.read_text())
        checking = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                    and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or id(node) in checking \
                    or not (node.module or "").startswith("pinosolve."):
                continue
            target = node.module.split(".")[1]
            if layer_of[target] > mine:
                upward.add((".".join(rel.parts), node.module))
    assert upward == {("variants.variant", "pinosolve.meld")}, upward
    assert "`variants/variant.py`, reads\n`meld/table.py`" in ARCHITECTURE
