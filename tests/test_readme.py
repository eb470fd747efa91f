"""Every command example in the README runs (exit code 0)."""

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
    """Each example as a reader runs it, two at a time (they are independent: each draws or
    writes its own file, into the test's folder rather than the checkout). A study runs at
    most 50 of its deals: the same code and options, at a fraction of the time."""
    from concurrent.futures import ThreadPoolExecutor

    examples = list(_examples())
    assert len(examples) >= 8

    def run(line: str) -> tuple[str, subprocess.CompletedProcess[str]]:
        shell_line = line.replace("pinosolve ", f"{shlex.quote(sys.executable)} -m pinosolve ")
        shell_line = re.sub(r"--(plot|out) (\S+)",
                            lambda m: f"--{m.group(1)} {tmp_path / m.group(2)}", shell_line)
        shell_line = re.sub(r"--deals ([0-9]+)",
                            lambda m: f"--deals {min(int(m.group(1)), 50)}", shell_line)
        return line, subprocess.run(shell_line, shell=True, capture_output=True, text=True,
                                    cwd=ROOT)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for line, proc in pool.map(run, examples):
            assert proc.returncode == 0, (line, proc.stderr)
            assert proc.stdout.strip(), line
    assert (tmp_path / "review.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "bids.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "study.png").read_bytes()[:4] == b"\x89PNG"


def test_readme_python_examples_run(capsys):
    blocks = re.findall(r"^```python\n(.*?)^```", README, flags=re.S | re.M)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    for said in ("Declaration(trump=S, meld=15, melds=[run 15: AS TS KS QS JS])",
                 "['AS', 'KS', 'AH']", "N {'NS': 2, 'EW': 0} PlayedTrick(", "EW 0 True",
                 "W does not hold KH", "legal=True, values={AS: 10, KS: 8, AH: 10}, cost=2)",
                 "SeatCost(cost=2, costly_cards=1) {'NS': 0, 'EW': 2}",
                 "Inference(seat=S, to_move=E, deals=923787854)",
                 "certain=[AD, AD, TD], voids=[S]", "TH 7.7 1.2399 0.85 True",
                 "S 55 BidLevel(bid=25, p_make=1.0)"):
        assert said in out, (said, out)
