"""Declared dependency bounds, and the lowest-versions check (tools/check_min_deps.py).

The cheap invariants always run; the install at the lowest versions (a fresh venv, about a
minute) only with PINOSOLVE_MIN_DEPS=1. CI runs the check itself, before the test suite.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib

import pytest

from tests.conftest import ROOT

SCRIPT = ROOT / "tools" / "check_min_deps.py"
_spec = importlib.util.spec_from_file_location("check_min_deps", SCRIPT)
check = importlib.util.module_from_spec(_spec)
sys.modules["check_min_deps"] = check
_spec.loader.exec_module(check)

# The next version each dependency may break us in (see README, "Dependencies").
UPPER = {"ortools": "10", "typer": "1", "rich": "16"}
# The newest release found broken, with every other dependency at its latest:
# ortools 9.14: cp_model_helper has no CpModelProto (meld: internal error);
# typer 0.15.3: allows click 8.2+, under which every --help fails in make_metavar().
BROKEN = {"ortools": "9.14.6206", "typer": "0.15.3"}


def _requirements() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def test_every_dependency_has_a_lower_and_an_upper_bound():
    deps = check.dependencies()
    assert set(deps) == set(UPPER)
    for name, specs in deps.items():
        ops = sorted(op for op, _ in specs)
        assert ops == ["<", ">="], (name, specs)
        low, high = (dict(specs)[op] for op in (">=", "<"))
        assert dict(specs)["<"] == UPPER[name], name
        assert _release(low) < _release(high), name
        if name in BROKEN:
            assert _release(low) > _release(BROKEN[name]), (name, low)


def test_pins_are_the_declared_lower_bounds():
    expected = []
    for req in _requirements():
        name = req.split(">=")[0].strip()
        low = next(p.strip()[2:] for p in req[len(name):].split(",") if p.strip().startswith(">="))
        expected.append(f"{name}=={low}")
    assert check.lower_bound_pins() == expected
    out = subprocess.run([sys.executable, str(SCRIPT), "--print-pins"], capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == expected


def test_requirement_parser_refuses_what_it_cannot_pin(tmp_path):
    assert check.parse_requirement("Some_Thing2 >= 2.0.0, <3") == (
        "some-thing2", [(">=", "2.0.0"), ("<", "3")])
    for bad in ('rich>=13; python_version < "3.12"', "typer[all]>=0.15", "rich>=13 ,foo"):
        with pytest.raises(ValueError):
            check.parse_requirement(bad)
    unbounded = tmp_path / "pyproject.toml"
    unbounded.write_text('[project]\ndependencies = ["rich<16"]\n')
    with pytest.raises(ValueError, match="lower bound"):
        check.lower_bound_pins(unbounded)


def test_smoke_covers_every_command():
    import typer

    from pinosolve.cli import app

    commands = set(typer.main.get_command(app).commands)
    assert commands == set(check.COMMANDS)
    runs = {c.args[0] for c in check.SMOKE if "--help" not in c.args}
    helps = {c.args[0] for c in check.SMOKE if c.args[1:] == ("--help",)}
    assert commands <= runs and commands == helps


def test_smoke_passes_with_the_installed_versions(cli):
    """The check's expected outputs follow the code: a changed message fails here first."""
    failures = []
    for case in check.SMOKE:
        run = cli(*case.args, stdin=case.stdin)
        where = run.out if case.code in (0, 1) else run.err
        if run.code != case.code or not all(e in where for e in case.expect):
            failures.append((case.line, run.code, where[-300:], run.err[-300:]))
    assert not failures


@pytest.mark.skipif(os.environ.get("PINOSOLVE_MIN_DEPS") != "1",
                    reason="installs the lowest versions into a fresh venv: PINOSOLVE_MIN_DEPS=1")
def test_lowest_versions_pass_the_smoke_test():
    proc = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          timeout=1200)
    report = [line for line in proc.stdout.splitlines() if line.startswith("min-deps:")]
    assert proc.returncode == 0, "\n".join(report) + proc.stderr[-2000:]
