"""Every path a user names is read as a regular file of bounded size, or refused in one line.

An audit: ``--rules /dev/zero`` read without limit (24 GB), and a FIFO hung for
ever. The family here: each way a path reaches pinosolve (``--rules``, ``extends``, a batch
line's ``rules``, ``compare`` and ``sequence``, a puzzle file) against each kind of file
that is not a small regular text file. Each run is a subprocess with a time limit and a
memory limit, so a regression fails the test instead of hanging or swapping the machine.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from pinosolve.files import MAX_BYTES
from tests.conftest import ROOT

MEMORY = 3 << 30  # bytes of address space a run may take (OR-Tools' import needs ~1 GiB)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pinosolve", *args], input=stdin, text=True,
                          capture_output=True, timeout=60, cwd=ROOT, preexec_fn=_limit_memory)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """Name -> path of each kind of file no reader may trust."""
    d = tmp_path_factory.mktemp("hostile")
    fifo = d / "pipe.toml"
    os.mkfifo(fifo)
    big = d / "big.toml"
    big.write_text("# padding\n" * (MAX_BYTES // 10 + 1))
    latin = d / "latin1.toml"
    latin.write_bytes(b'extends = "four-hand"\nname = "caf\xe9"\n')
    deep_toml = d / "deep.toml"
    deep_toml.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    deep_json = d / "deep.json"
    deep_json.write_text('{"x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    # one dotted key of 40,000 parts: quadratic in tomllib (80 KB took over 4 GB)
    dotted = d / "dotted.toml"
    dotted.write_text("a" + ".a" * 40_000 + " = 1\n")
    header = d / "header.toml"
    header.write_text("[" + "a." * 40_000 + "a]\nx = 1\n")
    # keys and nesting each within their bounds, a thousand tables deep together (2 KB)
    key = ".".join(["a"] * 31)
    value = "1"
    for _ in range(31):
        value = "{" + key + " = " + value + "}"
    stacked = d / "stacked.toml"
    stacked.write_text('extends = "four-hand"\n[deal.x.' + ".".join(["a"] * 29) + "]\n" +
                       key + " = " + value + "\n")
    loop = d / "loop.toml"
    os.symlink(d / "loop2.toml", loop)
    os.symlink(loop, d / "loop2.toml")
    return {"/dev/zero": "/dev/zero", "/dev/null": "/dev/null", "fifo": str(fifo),
            "symlink loop": str(loop),
            "directory": str(d), "over 1 MiB": str(big), "not UTF-8": str(latin),
            "nested TOML": str(deep_toml), "nested JSON": str(deep_json),
            "long dotted key": str(dotted), "long table header": str(header),
            "stacked tables": str(stacked)}


def _one_line_refusal(proc: subprocess.CompletedProcess) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-500:])
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr


KINDS = ["/dev/zero", "/dev/null", "fifo", "symlink loop", "directory", "over 1 MiB", "not UTF-8",
         "nested TOML", "nested JSON", "long dotted key", "long table header",
         "stacked tables"]


@pytest.mark.parametrize("kind", KINDS)
def test_rules_option_refuses_it(hostile, kind):
    _one_line_refusal(_run("rules", "--rules", hostile[kind]))


def test_extends_refuses_every_kind(hostile, tmp_path):
    for kind in KINDS:
        house = tmp_path / "house.toml"
        house.write_text(f"extends = {json.dumps(hostile[kind])}\n")
        proc = _run("meld", "AS KS QS", "--trump", "S", "--rules", str(house))
        _one_line_refusal(proc)


def test_batch_line_paths_give_error_records_and_the_batch_goes_on(hostile):
    """One batch, every path key and kind: each bad line is its own error record, in order,
    and the good lines between them are answered."""
    good = {"hand": "AS KS QS", "trump": "S", "variant": "four-hand"}
    lines = []
    for kind in KINDS:
        lines.append({"hand": "AS KS QS", "trump": "S", "rules": hostile[kind]})
        lines.append({**good, "compare": hostile[kind]})
        lines.append(good)
    proc = _run("meld", "--input", "-", stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    records = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(records) == len(lines), proc.stderr[-500:]
    for line, record in zip(lines, records):
        if line is good:
            assert "error" not in record, record
        else:
            assert "error" in record and "\n" not in record["error"], record
    seq = [{"variant": "two-hand", "trump": "S", "sequence": hostile[k]} for k in KINDS]
    proc = _run("verify", "--input", "-", stdin="\n".join(json.dumps(x) for x in seq) + "\n")
    records = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(records) == len(seq) and all("error" in r for r in records), proc.stdout


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "over 1 MiB"])
def test_puzzle_files_are_read_the_same_way(hostile, kind):
    from pinosolve.errors import PinosolveError
    from pinosolve.puzzle import load

    with pytest.raises(PinosolveError, match="not a regular file|larger than"):
        load(hostile[kind])


@pytest.mark.parametrize("args", [["meld"], ["solve", "--jobs", "2"], ["score"]])
def test_input_with_a_line_that_never_ends_is_given_up(args):
    """--input /dev/zero: one line with no end. Its error record, then one line saying the
    rest is not read, exit 2, in bounded time and memory (it used to read for ever)."""
    proc = _run(*args, "--input", "/dev/zero")
    assert proc.returncode == 2, proc.stderr
    assert json.loads(proc.stdout)["line"] == 1
    assert proc.stderr.count("\n") == 1 and "no end of line" in proc.stderr


def test_score_input_lines_are_decoded_one_by_one(tmp_path):
    """score --input read its JSON lines whole as text: one byte that is not UTF-8 aborted
    the batch with nothing answered. Now that line is an error record and the rest scored;
    a pretty-printed round (one object over several lines) is still read whole."""
    good = (b'{"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20}, '
            b'"points": {"NS": 10, "EW": 15}, "last_trick": "EW"}')
    path = tmp_path / "rounds.jsonl"
    path.write_bytes(good + b"\n\xff\xfe\n" + good + b"\n")
    proc = _run("score", "--input", str(path))
    records = [json.loads(x) for x in proc.stdout.splitlines()]
    assert proc.returncode == 1 and len(records) == 3, proc.stderr  # (1: an error line)
    assert records[0]["made"] and records[2]["made"] and "UTF-8" in records[1]["error"]
    pretty = json.dumps(json.loads(good), indent=2)
    proc = _run("score", "--input", "-", "--json", stdin=pretty)
    assert proc.returncode == 0 and json.loads(proc.stdout)["made"] is True, proc.stderr
    path.write_bytes(b"{\n" + b'"variant": "caf\xe9"\n}\n')
    proc = _run("score", "--input", str(path))
    _one_line_refusal(proc)


def test_a_byte_order_mark_that_starts_a_file_or_input_is_no_part_of_it(tmp_path):
    """A review of fixes: a rules file saved with a BOM was "not valid TOML", and
    a pretty-printed score round with one gave five junk error records."""
    house = tmp_path / "bom.toml"
    house.write_bytes(b'\xef\xbb\xbfextends = "four-hand"\nname = "bom"\n')
    proc = _run("rules", "--rules", str(house), "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["name"] == "bom", proc.stderr
    line = '\ufeff{"hand": "AS KS QS", "trump": "S", "variant": "four-hand"}\n'
    proc = _run("meld", "--input", "-", stdin=line)
    assert proc.returncode == 0 and "error" not in json.loads(proc.stdout), proc.stdout
    pretty = '\ufeff{\n"variant": "four-hand", "bidder": "N", "bid": 25, "meld": {"N": 20},\n' \
             '"points": {"NS": 10, "EW": 15}, "last_trick": "EW"}\n'
    proc = _run("score", "--input", "-", "--json", stdin=pretty)
    assert proc.returncode == 0 and json.loads(proc.stdout)["made"] is True, proc.stdout


def _toml_value(draw, depth: int):
    from hypothesis import strategies as st

    if depth == 0:
        return draw(st.sampled_from([1, 2.5, "s.t", True]))
    if draw(st.booleans()):
        return [_toml_value(draw, depth - 1)]
    return {"k": _toml_value(draw, depth - 1)}


def _toml_text(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_text(x) for x in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_text(x)}" for k, x in value.items()) + "}"
    if isinstance(value, str):
        return json.dumps(value)
    return "true" if value is True else str(value)


def test_toml_keys_and_nesting_are_bounded_before_tomllib_parses():
    """The family of key depths: documents with dotted keys (in headers, before
    ``=`` and in inline tables, with quoted parts holding dots) and nested arrays and inline
    tables of every size around the bounds. ``toml_shape_problem`` refuses exactly those over
    a bound, and what it lets through ``tomllib`` parses to the document written."""
    import tomllib

    from hypothesis import given, settings, strategies as st

    from pinosolve.files import MAX_KEY_PARTS, MAX_NESTING, toml_shape_problem

    @settings(max_examples=200, deadline=None)
    @given(st.data())
    def check(data):
        parts = data.draw(st.integers(1, MAX_KEY_PARTS + 3))
        depth = data.draw(st.integers(0, MAX_NESTING + 3))
        where = data.draw(st.sampled_from(["key", "header", "inline"]))
        names = [data.draw(st.sampled_from(["a{}", '"b.c{}"', "'d.e{}'", "f{}"])).format(i)
                 for i in range(parts)]
        dotted = ".".join(names)
        value = _toml_value(data.draw, depth)
        nesting = depth + (where == "inline")
        if where == "key":
            text = f"# a comment. with [dots]\n{dotted} = {_toml_text(value)}\n"
        elif where == "header":
            text = f"[{dotted}]\nv = {_toml_text(value)}\n"
        else:
            text = f"t = {{{dotted} = {_toml_text(value)}}}\n"
        problem = toml_shape_problem(text)
        assert (problem is None) == (parts <= MAX_KEY_PARTS and nesting <= MAX_NESTING), \
            (problem, parts, nesting)
        if problem is None:
            got = tomllib.loads(text)
            keys = [n.strip("\"'") for n in names]
            node = got["t"] if where == "inline" else got
            for k in keys:
                node = node[k]
            assert (node["v"] if where == "header" else node) == value

    check()


def test_a_symlink_loop_to_write_to_is_one_line(tmp_path):
    """A loop of symbolic links as a file to write (``--out``, ``--plot``) was exit
    70, an internal error; every command that writes one says so in one line, exit 2."""
    loop = tmp_path / "loop.png"
    os.symlink(tmp_path / "loop2.png", loop)
    os.symlink(loop, tmp_path / "loop2.png")
    hand = "AS AS TS KS QS JS 9S AH KH QD JC 9C"
    for args in (["study", "--variant", "four-hand", "--deals", "1", "--out", str(loop)],
                 ["study", "--variant", "four-hand", "--deals", "1", "--plot", str(loop)],
                 ["advise", "--bidding", "--variant", "four-hand", "--seat", "N", "--hand",
                  hand, "--samples", "1", "--plot", str(loop)],
                 ["review", "--record", "tests/data/review-contract.toml", "--plot", str(loop)]):
        proc = _run(*args)
        _one_line_refusal(proc)
        assert "loop of symbolic links" in proc.stderr, proc.stderr


def test_a_process_told_its_folders_reads_no_file_outside_them(tmp_path, monkeypatch):
    """``pinosolve board``'s processes: a file outside the package's folders is refused,
    through a link too; one inside is read."""
    from pinosolve.errors import PinosolveError
    from pinosolve.files import READ_ONLY_UNDER, read_text

    inside, outside = tmp_path / "inside", tmp_path / "outside"
    inside.mkdir()
    outside.mkdir()
    (inside / "a.toml").write_text("x = 1\n")
    (outside / "b.toml").write_text("x = 2\n")
    (inside / "link.toml").symlink_to(outside / "b.toml")
    monkeypatch.setenv(READ_ONLY_UNDER, str(inside))
    assert read_text(inside / "a.toml", "rules file") == "x = 1\n"
    for path in (outside / "b.toml", inside / "link.toml", inside / ".." / "outside" / "b.toml"):
        with pytest.raises(PinosolveError, match="reads no file"):
            read_text(path, "rules file")
