"""The example files the README and the documentation name ship in the package, and the
commands find them by the paths the documentation writes from any folder: the checkout's own
copy here, the package's after ``pip install .`` (tools/check_wheel.sh checks the wheel)."""

from __future__ import annotations

import fnmatch
import re
import tomllib

import pytest

from pinosolve.files import SHIPPED, read_text, shipped_copy
from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
NAMED = sorted({m for page in PAGES for m in re.findall(
    r"(?:docs/examples|puzzles|rules)/[A-Za-z0-9_./-]+\.(?:toml|pgr|pbn|json)",
    page.read_text())})


def test_the_docs_name_example_files():
    assert "docs/examples/four-hand-review.toml" in NAMED
    assert "puzzles/records/02-source001-bid-340-on-meld-70.pbn" in NAMED


def _packaged(path: str) -> bool:
    """Whether pyproject.toml's package-dir and package-data put ``path`` in the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for package, folder in config["package-dir"].items():
        if path.startswith(folder + "/") and package in config["packages"]:
            rest = path[len(folder) + 1:]
            if any(fnmatch.fnmatch(rest, g) and rest.count("/") == g.count("/")
                   for g in config["package-data"].get(package, [])):
                return True
    return False


@pytest.mark.parametrize("path", NAMED)
def test_each_example_the_docs_name_ships_and_is_found_from_anywhere(path, tmp_path,
                                                                     monkeypatch):
    assert (ROOT / path).is_file(), f"the docs name {path}, which is not in the checkout"
    assert _packaged(path), f"{path}: no package-data pattern of pyproject.toml ships it"
    monkeypatch.chdir(tmp_path)  # (a folder with no such file)
    assert shipped_copy(path) == (ROOT / path).resolve()
    assert read_text(path, "example") == (ROOT / path).read_text(encoding="utf-8")


def test_the_shipped_folders_are_the_packages():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for source, data in SHIPPED:
        assert config["package-dir"][f"pinosolve.{data}"] == source


@pytest.mark.parametrize("path", ["/etc/hostname", "../docs/examples/club-endings.pgr",
                                  "docs/examples", "docs/examples/none.toml", "docs/x.md",
                                  "docs/examples/\0.toml"])
def test_nothing_else_is_taken_for_an_example(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert shipped_copy(path) is None


def test_a_docs_command_runs_from_another_folder(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = cli("game", "--input", "puzzles/games/source000-two-hand-most-tricks.toml", "--json")
    assert run.code == 0 and run.json()["game"] == 150, run
    run = cli("verify", "--sequence", "puzzles/meld/12-upgrade-royal-marriage-to-run.toml")
    assert run.code in (0, 1) and "melding sequence" in run.out, run
