"""The docs: the layout page and docs/ARCHITECTURE.md name the modules there are, and every
one; every example on the site runs; the site builds with warnings as errors; the pages made
from the code are current."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()
ARCHITECTURE = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
LAYOUT = (ROOT / "docs" / "layout.md").read_text()
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


@pytest.mark.parametrize("doc, text", [("docs/layout.md", LAYOUT),
                                       ("ARCHITECTURE layers", LAYERS)])
def test_every_module_a_doc_names_exists(doc, text):
    missing = sorted(n for n in _named(text) if n not in FILES)
    assert not missing, f"{doc} names files that are not there: {missing}"


@pytest.mark.parametrize("doc, text, skip", [("docs/layout.md", LAYOUT, "cli"),
                                             ("ARCHITECTURE layers", LAYERS, None)])
def test_every_module_is_in_the_docs(doc, text, skip):
    """(The layout page leaves the commands' modules to the architecture.)"""
    named = _named(text)
    left_out = [str(m) for m in MODULES if m.name not in named and m.parts[0] != skip]
    assert not left_out, f"{doc} leaves out {left_out}"


def test_the_one_upward_import_is_the_one_the_architecture_names():
    """The layers in order; a module imports only its own layer's and lower ones' (for type
    checking aside), but for the variant loader's read of the meld patterns."""
    import ast

    layer_of = {"cards": 0, "deal": 0, "diagram": 0, "seats": 0, "errors": 0, "files": 0,
                "results": 0, "program": 0, "memory": 0, "progress": 0, "variants": 1, "inputs": 1,
                "meld": 2, "play": 3, "scoring": 4, "game": 5, "records": 5, "puzzle": 6,
                "analysis": 6, "schemas": 5, "table": 6, "players": 6, "match": 6,
                "__init__": 5, "cli": 7, "board": 7, "env": 7}
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


DOCS = sorted((ROOT / "docs").rglob("*.md"))
DOC_COMMANDS = [(str(doc.relative_to(ROOT / "docs")), line) for doc in DOCS
                for block in re.findall(r"^```sh\n(.*?)^```", doc.read_text(), re.S | re.M)
                for line in block.replace("\\\n", " ").splitlines()
                if line.startswith("pinosolve ") and "|" not in line
                and "--scheduler" not in line]


def as_a_test_runs_it(line: str, tmp_path) -> str:
    """An example as the tests run it: the files it draws or writes go to the test's folder
    rather than the checkout, a study runs at most 20 of its deals and a simulation at most
    10 samples (the same code and options, at a fraction of the time; the golden corpus
    runs the examples whole)."""
    line = re.sub(r"--(plot|out|annotate|html) (\S+)",
                  lambda m: f"--{m.group(1)} {tmp_path / m.group(2)}", line)
    line = re.sub(r"--samples ([0-9]+)", lambda m: f"--samples {min(int(m.group(1)), 10)}",
                  line)
    return re.sub(r"--deals ([0-9]+)", lambda m: f"--deals {min(int(m.group(1)), 20)}", line)


@pytest.mark.parametrize("doc, line", DOC_COMMANDS, ids=[f"{d}-{i}" for i, (d, _) in
                                                         enumerate(DOC_COMMANDS)])
def test_every_docs_example_runs(cli, doc, line, tmp_path):
    """Each command of the docs' sh blocks (a cluster's, which needs a scheduler, aside)
    answers with exit code 0, and says something."""
    import shlex

    run = cli(*shlex.split(as_a_test_runs_it(line, tmp_path))[1:])
    assert run.code == 0, (doc, line, run)
    assert run.out.strip(), (doc, line)
    for drawn in re.findall(r"--plot (\S+)", line):
        assert (tmp_path / drawn).read_bytes()[:4] == b"\x89PNG", (doc, line)


# the examples a shell runs: a pipe, an exit code read, a variable set for one command
SHELL_COMMANDS = [(str(doc.relative_to(ROOT / "docs")), line) for doc in DOCS
                  for block in re.findall(r"^```sh\n(.*?)^```", doc.read_text(), re.S | re.M)
                  for line in block.replace("\\\n", " ").splitlines()
                  if not line.startswith("#") and "pinosolve " in line and "--scheduler" not in line
                  and (not line.startswith("pinosolve ") or "|" in line)]


@pytest.mark.parametrize("doc, line", SHELL_COMMANDS, ids=[f"{d}-{i}" for i, (d, _) in
                                                           enumerate(SHELL_COMMANDS)])
def test_every_docs_shell_example_runs(doc, line, tmp_path):
    import shlex
    import subprocess
    import sys

    shell_line = as_a_test_runs_it(line, tmp_path).replace(
        "pinosolve ", f"{shlex.quote(sys.executable)} -m pinosolve ")
    run = subprocess.run(shell_line, shell=True, capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and run.stdout.strip(), (doc, line, run.stderr)


def test_every_docs_python_example_runs(capsys):
    """Each python block of the docs runs (a cluster's set-up aside), and says what the page
    says it says."""
    said = {"python.md": ("Declaration(trump=S, meld=15, melds=[run 15: AS TS KS QS JS])",
                          "['AS', 'KS', 'AH']", "N {'NS': 2, 'EW': 0} PlayedTrick(",
                          "EW 0 True", "W does not hold KH",
                          "four-hand, trump ♠; E to play\non the table, led by N: A♠\n"
                          "            N\n            ♠ K\n"),
            "commands/review.md": ("legal=True, values={AS: 10, KS: 8, AH: 10}, cost=2, "
                                   "better=[AS, AH])",
                                   "SeatCost(cost=2, costly_cards=1) {'NS': 0, 'EW': 2}"),
            "commands/infer.md": ("Inference(seat=S, to_move=E, deals=923787854)",
                                  "certain=[AD, AD, TD], voids=[S]"),
            "commands/advise.md": ("TH 7.7 1.2399 0.85 True",
                                   "S 55 BidLevel(bid=25, p_make=1.0)")}
    ran = set()
    for doc in DOCS:
        name = str(doc.relative_to(ROOT / "docs"))
        blocks = re.findall(r"^```python\n(.*?)^```", doc.read_text(), flags=re.S | re.M)
        for block in blocks:
            if "SLURMCluster" in block:  # (a cluster's set-up: it needs one)
                continue
            if block.lstrip().startswith(">>>"):  # a doctest: its answers are checked
                import doctest

                test = doctest.DocTestParser().get_doctest(block, {}, name, name, 0)
                runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS |
                                               doctest.NORMALIZE_WHITESPACE)
                runner.run(test)
                assert runner.failures == 0, (name, block)
            else:
                exec(compile(block, name, "exec"), {})
        out = capsys.readouterr().out
        for text in said.get(name, ()):
            assert text in out, (name, text, out)
        if blocks:
            ran.add(name)
    assert set(said) <= ran


def test_the_pages_made_from_the_code_are_current():
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_docs", ROOT / "tools" / "make_docs.py")
    assert spec is not None and spec.loader is not None
    make_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_docs)
    for name, make in make_docs.PAGES.items():
        assert (ROOT / "docs" / name).read_text() == make(), \
            f"docs/{name} is out of date: python tools/make_docs.py"


def test_every_page_is_on_the_site_and_every_link_is_inside_it():
    """mkdocs.yml's nav lists every page; a page's relative links reach a page or a file of
    docs/ (the site holds nothing else)."""
    nav = (ROOT / "mkdocs.yml").read_text()
    for doc in DOCS:
        rel = str(doc.relative_to(ROOT / "docs"))
        assert rel in nav, f"{rel} is not in mkdocs.yml's nav"
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text()):
            if "://" in target:
                continue
            assert (doc.parent / target).resolve().is_relative_to((ROOT / "docs").resolve()), \
                (rel, target)
            assert (doc.parent / target).exists(), (rel, target)


def test_the_site_builds_with_warnings_as_errors(tmp_path):
    """CI builds it; here where MkDocs is installed (the docs extra)."""
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                          str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / "site" / "api" / "index.html").is_file()


def test_the_readme_is_a_pitch_and_links():
    """At most 200 lines: the set-up, five examples and where to read on."""
    assert len(README.splitlines()) <= 200
    blocks = re.findall(r"^```sh\n(.*?)^```", README, flags=re.S | re.M)
    assert len(blocks) == 6  # the set-up and five examples
    for link in re.findall(r"\]\((docs/[^)#]+)", README):
        assert (ROOT / link).exists(), link
