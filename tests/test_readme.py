"""The README's set-up block is the two commands, and its examples run (exit code 0)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"^```sh\n(.*?)^```", README, flags=re.S | re.M)


def _examples():
    for block in BLOCKS[1:]:  # the first block is the set-up itself, run by .ci/run
        for line in block.splitlines():
            if line.strip():
                yield line.strip()


def test_setup_block_has_the_two_commands():
    lines = [line for line in BLOCKS[0].splitlines() if line.strip()]
    assert len(lines) == 2
    assert "pip install -e" in lines[0] and "pinosolve" in lines[0]
    assert "pytest" in lines[1]


def test_setup_example_analysis_runs(cli):
    cmd = shlex.split(BLOCKS[0].splitlines()[0].split("&&")[-1])
    assert cmd[0].endswith("pinosolve")
    run = cli(*cmd[1:])
    assert run.code == 0, run.err


def test_readme_examples_run(tmp_path):
    """Each example as a reader runs it, in a shell (an example a documentation page holds
    too runs there, with the page's: tests/test_docs.py)."""
    examples = list(_examples())
    assert len(examples) == 5
    pages = "".join(p.read_text() for p in (ROOT / "docs").rglob("*.md"))
    for line in examples:
        if line in pages:
            continue
        shell_line = line.replace("pinosolve ", f"{shlex.quote(sys.executable)} -m pinosolve ")
        proc = subprocess.run(shell_line, shell=True, capture_output=True, text=True,
                              cwd=tmp_path)
        assert proc.returncode == 0, (line, proc.stderr)
        assert proc.stdout.strip(), line


def test_readme_python_examples_run(capsys):
    blocks = re.findall(r"^```python\n(.*?)^```", README, flags=re.S | re.M)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    for said in ("Declaration(trump=S, meld=15, melds=[run 15: AS TS KS QS JS])",
                 "{Card(AS): 10, Card(KS): 8, Card(AH): 10}"):
        assert said in out, (said, out)
