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
                "meld": 2, "play": 3, "scoring": 4, "game": 5, "records": 5, "puzzle": 6,
                "analysis": 6, "schemas": 5,
                "__init__": 5, "cli": 7}
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


JSON_MD = (ROOT / "docs" / "json.md").read_text()


def _schema_keys(node, keys):
    """Every property name in a JSON Schema."""
    if isinstance(node, dict):
        keys.update(node.get("properties", {}))
        for value in node.values():
            _schema_keys(value, keys)
    elif isinstance(node, list):
        for value in node:
            _schema_keys(value, keys)
    return keys


def _documented(text: str) -> set[str]:
    """The keys a text names: in backticks, or quoted in a `{"a", "b"}`."""
    return set(re.findall(r"`([a-z_]+)`", text)) | set(re.findall(r'"([a-z_]+)"', text))


def test_every_key_of_every_schema_is_in_the_vocabulary():
    import json

    keys = set()
    for path in (ROOT / "docs" / "schemas").glob("*.json"):
        _schema_keys(json.loads(path.read_text()), keys)
    assert sorted(keys - _documented(JSON_MD)) == []


def test_the_answers_outside_the_vocabulary_are_described(cli):
    section = JSON_MD[JSON_MD.index("## Answers outside this vocabulary"):]
    section = section[:section.find("\n## ", 1) if "\n## " in section[1:] else None]
    said = _documented(section)
    answers = {
        "variants": cli("variants", "--json").json()[0],
        "puzzle": cli("puzzle", "04-king-king-queen", "--json").json(),
        "puzzle --list": cli("puzzle", "--list", "--json").json()[0],
        "game --list": cli("game", "--list", "--json").json()[0],
        "rules --list": cli("rules", "--list", "--json").json()[0],
        "rules --keys": cli("rules", "--keys", "--json").json()[0],
        "rules": cli("rules", "four-hand", "--json").json(),
    }
    for command, answer in answers.items():
        assert sorted(set(answer) - said) == [], command
    assert "`rules --json` is the variant's rule set itself" in section
    assert "are **seats**" in JSON_MD and "**declarations**" in JSON_MD


DOC_COMMANDS = [(doc.name, line) for doc in sorted((ROOT / "docs").glob("*.md"))
                for block in re.findall(r"^```sh\n(.*?)^```", doc.read_text(), re.S | re.M)
                for line in block.replace("\\\n", " ").splitlines()
                if line.startswith("pinosolve ") and "--scheduler" not in line]


@pytest.mark.parametrize("doc, line", DOC_COMMANDS, ids=[f"{d}-{i}" for i, (d, _) in
                                                         enumerate(DOC_COMMANDS)])
def test_every_docs_example_runs(cli, doc, line):
    """Each command of the docs' sh blocks (a cluster's, which needs a scheduler, aside)
    answers with exit code 0."""
    import shlex

    run = cli(*shlex.split(line)[1:])
    assert run.code == 0, (doc, line, run)
