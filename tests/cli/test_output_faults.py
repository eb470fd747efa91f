"""Output faults: stdout closed, stderr closed, stderr on a full disk, for every
command. stdout carries the answer: closed, it is one line on stderr and exit 74. stderr
carries only diagnostics (error lines, progress bars): closed or full, the answer on stdout
is the same, its exit code too, and nothing meant for stderr lands in stdout."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

D4 = "N:TQ99.KQ9.AT.QJ9 ATKJ.AQJ.AQ9.TJ Q.ATKJ.TKKJJ.AQ AKJ.T9.Q9.ATKK9"
VIEW = ["--variant", "four-hand", "--trump", "S", "--seat", "S", "--hand",
        "AS 9S KD AH QC JC 9C TH KH QD JD 9H", "--leader", "N", "--play", "KS QH AS JS"]
# one working invocation of every command (with --progress where it has one), and the
# same command with a bad card or variant
COMMANDS = {
    "variants": (["variants", "--json"], ["variants", "--bogus"]),
    "rules": (["rules", "four-hand", "--json"], ["rules", "nope"]),
    "show": (["show", "AS KS", "--variant", "four-hand", "--json"], ["show", "XX",
                                                                     "--variant", "four-hand"]),
    "deal": (["deal", "--variant", "four-hand", "--seed", "1", "--json"],
             ["deal", "--variant", "nope"]),
    "meld": (["meld", "AS KS QS", "--trump", "S", "--variant", "four-hand", "--json"],
             ["meld", "ZZ", "--trump", "S", "--variant", "four-hand"]),
    "verify": (["verify", "--trump", "H", "--hand", "KH QH", "--claim", "KH QH", "--variant",
                "four-hand", "--json"], ["verify", "--trump", "H", "--hand", "ZZ", "--claim",
                                         "KH QH", "--variant", "four-hand"]),
    "legal": (["legal", "--trump", "S", "--hand", "AD 9D KS", "--trick", "JD", "--variant",
               "four-hand", "--json"], ["legal", "--trump", "S", "--hand", "ZZ", "--variant",
                                        "four-hand"]),
    "solve": (["solve", "--variant", "four-hand", "--trump", "S", "--leader", "N", "--deal",
               "N:AK.A.. T.K.A. Q.T.T. 9.Q.K.", "--json"],
              ["solve", "--variant", "four-hand", "--trump", "S", "--deal", "N:ZZ"]),
    "puzzle": (["puzzle", "--list", "--json"], ["puzzle", "no-such-puzzle"]),
    "review": (["review", "--record", "tests/data/review-renege.toml", "--json"],
               ["review", "--record", "tests/data/no-such.toml"]),
    "infer": ([*"infer".split(), *VIEW, "--json"], ["infer", *VIEW[:-1], "KS ZZ"]),
    "advise": (["advise", *VIEW, "--samples", "2", "--seed", "1", "--json", "--progress"],
               ["advise", *VIEW[:-1], "KS ZZ", "--progress"]),
    "study": (["study", "--variant", "four-hand", "--deals", "2", "--seed", "1", "--json",
               "--progress"], ["study", "--variant", "nope", "--progress"]),
    "score": (["score", "--variant", "four-hand", "--bidder", "N", "--bid", "25", "--trump",
               "S", "--meld", "N=12", "--points", "NS=15", "--points", "EW=10", "--json"],
              ["score", "--variant", "four-hand", "--bidder", "Q"]),
    "game": (["game", "--list", "--json"], ["game", "no-such-game"]),
    "bid": (["bid", "--variant", "double-deck", "--auction", "50 55 pass", "--json"],
            ["bid", "--variant", "double-deck", "--auction", "50 x"]),
    "pass": (["pass", "--variant", "four-hand", "--trump", "H", "--hand",
              "AH TH KH JH 9H AS AD AC KS QS QD 9C", "--received", "QH KH JD QC", "--json"],
             ["pass", "--variant", "four-hand", "--trump", "H", "--hand", "ZZ"]),
    "makeable": (["makeable", "--variant", "four-hand", "--trump", "S", "--bidder", "N",
                  "--bid", "30", "--deal", D4, "--json"],
                 ["makeable", "--variant", "four-hand", "--trump", "S", "--bidder", "N",
                  "--bid", "30", "--deal", "N:ZZ"]),
}


def _run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, close=()):
    def closing():
        for fd in close:
            os.close(fd)

    return subprocess.run([sys.executable, "-m", "pinosolve", *args], cwd=ROOT, text=True,
                          stdout=stdout, stderr=stderr, timeout=120,
                          preexec_fn=closing if close else None)


@pytest.fixture(scope="module")
def normal():
    """Each command's answer with nothing amiss: exit code and stdout."""
    return {name: _run(good) for name, (good, _) in COMMANDS.items()}


def _same(a: str, b: str) -> bool:
    """Two answers alike but for the time they took."""
    import re

    drop = re.compile(r'"(seconds|nodes|elapsed)": [\d.]+')
    return drop.sub("", a) == drop.sub("", b)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_stdout_closed_is_one_line_and_exit_74(name):
    good, _ = COMMANDS[name]
    proc = _run(good, stdout=None, close=(1,))
    assert proc.returncode == 74, (proc.returncode, proc.stderr[-300:])
    assert proc.stderr == "pinosolve: error: output error: standard output is closed\n"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_stderr_closed_or_full_leaves_the_answer_alone(name, normal):
    good, bad = COMMANDS[name]
    want = normal[name]
    assert want.returncode in (0, 1), (name, want.stderr[-300:])
    closed = _run(good, stderr=None, close=(2,))
    assert closed.returncode == want.returncode and _same(closed.stdout, want.stdout), name
    with open("/dev/full", "w") as full:
        filled = _run(good, stderr=full)
        assert filled.returncode == want.returncode and _same(filled.stdout, want.stdout)
        refused = _run(bad, stderr=full)
        assert refused.returncode == 2 and refused.stdout == "", (name, refused.returncode)
