"""``pinosolve study``: the records are ``solve``'s deal by deal, the same on every backend
(one process, local workers, a Dask LocalCluster of two worker processes), nothing is lost
when a worker dies mid-study, a study resumes from its --out file, and bad options are one
line with exit 2."""

from __future__ import annotations

import json
import os

import pytest

from pinosolve import Game, load_variant
from pinosolve.analysis.study import deal_seed

BASE = ("study", "--variant", "four-hand", "--seed", "4", "--leader", "E")


def _records(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_records_are_solve_deal_by_deal_on_every_backend(cli, tmp_path):
    one = tmp_path / "one.jsonl"
    run = cli(*BASE, "--deals", "5", "--jobs", "1", "--out", str(one), "--json")
    assert run.code == 0, run.err
    records = _records(one)
    assert [r["index"] for r in records] == list(range(5))
    v = load_variant("four-hand")
    for r in records:
        deal = v.random_deal(deal_seed(4, r["index"]))
        assert r["deal"] == str(deal)
        assert r["value"] == Game(v, deal, trump=r["trump"], leader="E").solve(
            value_only=True).value
    summary = json.loads(run.out)
    assert summary["deals"] == 5 and summary["seed"] == 4
    assert summary["mean"] == pytest.approx(sum(r["value"] for r in records) / 5, abs=1e-4)
    two = tmp_path / "two.jsonl"
    assert cli(*BASE, "--deals", "5", "--jobs", "2", "--chunk", "3", "--out",
               str(two)).code == 0
    assert _records(two) == records
    pytest.importorskip("distributed")
    dask = tmp_path / "dask.jsonl"
    run = cli(*BASE, "--deals", "5", "--backend", "dask", "--jobs", "2", "--chunk", "2",
              "--out", str(dask))
    assert run.code == 0, run.err
    assert _records(dask) == records


def test_a_local_worker_that_dies_loses_nothing(cli, tmp_path, monkeypatch):
    """A worker process killed mid-study (here: it ends itself on its first chunk, once):
    its chunk is run again and the records are all there, in order."""
    import pinosolve.analysis.study as S

    flag = tmp_path / "died"
    real = S.study_chunk

    def dies_once(spec, start, stop):
        if start == 3 and not flag.exists():
            flag.write_text("x")
            os._exit(9)
        return real(spec, start, stop)

    monkeypatch.setattr(S, "study_chunk", dies_once)  # (the workers are forked with it)
    out = tmp_path / "r.jsonl"
    run = cli(*BASE, "--deals", "9", "--jobs", "2", "--chunk", "3", "--out", str(out))
    assert run.code == 0, run.err
    assert flag.exists()
    monkeypatch.setattr(S, "study_chunk", real)
    assert [r["index"] for r in _records(out)] == list(range(9))
    again = tmp_path / "again.jsonl"
    assert cli(*BASE, "--deals", "9", "--jobs", "1", "--out", str(again)).code == 0
    assert _records(out) == _records(again)


def test_a_dask_worker_killed_mid_study_loses_nothing(tmp_path):
    distributed = pytest.importorskip("distributed")
    import signal

    from pinosolve.analysis.study import Spec, chunks, run_dask, study

    v = load_variant("four-hand")
    spec = Spec(v, seed=6, all_trumps=True)
    got: dict[int, list] = {}
    killed = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        def take(a, b, records):
            got[a] = records
            if not killed:  # a worker dies while others' chunks are still running
                nanny = next(iter(cluster.workers.values()))
                os.kill(nanny.process.process.pid, signal.SIGKILL)
                killed.append(a)

        run_dask(spec, chunks(4, 1), client, take)
    assert killed
    assert [r for a in sorted(got) for r in got[a]] == study(spec, 4)


def test_a_study_resumes_from_its_out_file(cli, tmp_path):
    out = tmp_path / "r.jsonl"
    assert cli(*BASE, "--deals", "10", "--jobs", "1", "--out", str(out)).code == 0
    whole = _records(out)
    lines = out.read_text().splitlines(keepends=True)
    # stopped midway: four deals marked done, a fifth written but not marked, a sixth cut
    out.write_text("".join(lines[:5]) + lines[5][:20])
    (tmp_path / "r.jsonl.done").write_text("4\n")
    run = cli(*BASE, "--deals", "10", "--jobs", "1", "--out", str(out), "--json")
    assert run.code == 0, run.err
    assert sorted(_records(out), key=lambda r: r["index"]) == whole
    assert json.loads(run.out)["deals"] == 10
    # a file of another study is not resumed as if it were this one's
    for other in (["--seed", "5"], ["--leader", "N"], ["--best-meld"]):
        argv = list(BASE) + ["--deals", "10", "--jobs", "1", "--out", str(out)]
        for flag, *value in [other]:
            if flag in argv:
                argv[argv.index(flag) + 1] = value[0]
            else:
                argv += [flag, *value]
        run = cli(*argv)
        assert run.code == 2 and "not this study's" in run.err, (other, run.err)


@pytest.mark.parametrize("where", [None, "N:count(S)>=1"])
def test_records_lost_after_the_mark_are_found_and_done_again(cli, tmp_path, where):
    """The ``.done`` mark was trusted without a look at the records it counts: a
    file cut after it was marked resumed with exit 0 and deals lost. Every way to lose
    records (the tail cut at a line's end or within a line, one from the middle, all of
    them), with and without a filter: the rerun gives the whole study's records."""
    # (the records' bookkeeping, not the search, is tested: a quick variant, six-card hands)
    argv = ["study", "--variant", "two-hand-24", "--seed", "4", "--leader", "N", "--deals", "6",
            "--jobs", "1", "--chunk", "2"]
    if where:
        argv += ["--where", where]
    whole_out = tmp_path / "whole.jsonl"
    assert cli(*argv, "--out", str(whole_out)).code == 0
    whole = _records(whole_out)
    assert len(whole) >= 3
    mark = (tmp_path / "whole.jsonl.done").read_text().split()
    assert mark == ["6", str(len(whole))]  # (deals done, records written)
    lines = whole_out.read_text().splitlines(keepends=True)
    for name, text in (("tail", "".join(lines[:-2])), ("within", "".join(lines[:-1]) +
                                                        lines[-1][:15]),
                       ("middle", "".join(lines[:1] + lines[2:])), ("all", "")):
        out = tmp_path / f"{name}.jsonl"
        out.write_text(text)
        (tmp_path / f"{name}.jsonl.done").write_text(" ".join(mark) + "\n")
        run = cli(*argv, "--out", str(out), "--json")
        assert run.code == 0, (name, run.err)
        assert _records(out) == whole, name
        assert json.loads(run.out)["deals"] == len(whole), name
    # emptied, without the seed (it went with the records): refused, not a new study
    out.write_text("")
    (tmp_path / "all.jsonl.done").write_text(" ".join(mark) + "\n")
    unseeded = [a for a in argv if a not in ("--seed", "4")]
    run = cli(*unseeded, "--out", str(out))
    assert run.code == 2 and "give --seed" in run.err, run.err
    # a mark past --deals says so
    run = cli(*[a if a != "6" else "5" for a in argv], "--out", str(whole_out))
    assert run.code == 2 and "more than --deals 5" in run.err, run.err


def test_filter_bids_and_plot(cli, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "r.jsonl"
    run = cli("study", "--variant", "four-hand", "--seed", "2", "--deals", "12", "--trump",
              "S", "--bidder", "N", "--bid", "25", "--bid", "30", "--where",
              "N:trumps>=4", "--out", str(out), "--plot", str(tmp_path / "s.png"), "--jobs",
              "1")
    assert run.code == 0, run.err
    records = _records(out)
    v = load_variant("four-hand")
    assert records and all(
        sum(1 for c in v.random_deal(deal_seed(2, r["index"]))["N"] if c.suit.name == "S")
        >= 4 for r in records)
    assert all(set(r["made"]) == {"25", "30"} and r["trump_length"] >= 4 for r in records)
    assert "made: 25" in run.out
    assert (tmp_path / "s.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("args, says", [
    (["--deals", "0"], "--deals"),
    (["--where", "N:trumps"], "where:"),
    (["--where", " "], "at least one condition"),
    (["--where", "Q:trumps>=2"], "seat"),
    (["--backend", "spark"], "--backend"),
    (["--scheduler", "tcp://x:1"], "--backend dask"),
    (["--bid", "30"], "--bidder"),
    (["--bid", "7", "--bidder", "N"], "bid 7"),
    (["--trump", "X"], "trump"),
    (["--seed", "-1"], "seed"),
    (["--timeout", "-1"], "timeout"),
    (["--chunk", "0"], "--chunk"),
    (["--out", "/"], "not a regular file"),
    (["--variant", "nope"], "variant"),
    (["--plot", "x.txt"], ".png, .svg or .pdf"),
    (["--variant", "double-deck", "--where", "N:has=9S"], "has no 9S"),
    (["--backend", "dask", "--scheduler", "tls://x:1"], "tcp://HOST:PORT"),
    (["--backend", "dask", "--scheduler", "tcp://x:99999"], "tcp://HOST:PORT"),
    (["--backend", "dask", "--scheduler", "tcp://x:1", "--jobs", "2"], "not with"),
    (["--jobs", "257"], "from 0 to 256"),
    (["--jobs", "-1"], "from 0 to 256"),
    (["--where", "N:trumps>=1 and " * 800 + "N:trumps>=1"], "conditions are a few"),
])
def test_bad_options_are_one_line_and_exit_2(cli, args, says):
    run = cli("study", "--variant", "four-hand", "--deals", "2", *args)
    assert run.code == 2, (args, run.out, run.err)
    assert run.err.count("\n") == 1 and says in run.err, run.err


def test_what_a_hostile_probe_found(cli, tmp_path):
    """An independent probe found these; each is refused in one line now, or right."""
    from pinosolve.analysis.study import Spec, settings_key

    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\nmore\n")
    run = cli(*BASE, "--deals", "2", "--out", str(notes))
    assert run.code == 2 and "not a study to resume" in run.err
    assert notes.read_text() == "my notes\nmore\n"  # untouched
    (tmp_path / "notes.txt.done").write_text("0\n")
    run = cli(*BASE, "--deals", "2", "--out", str(notes))
    assert run.code == 2 and "not a record" in run.err
    assert notes.read_text() == "my notes\nmore\n"
    for place, says in (("/proc/self/status", "not a place"), (str(tmp_path / "no" / "x"),
                                                                 "no folder")):
        run = cli(*BASE, "--deals", "2", "--out", place)
        assert run.code == 2 and says in run.err, run.err
    # a study resumed without --seed keeps the file's seed
    out = tmp_path / "r.jsonl"
    assert cli("study", "--variant", "four-hand", "--deals", "4", "--seed", "9", "--jobs",
               "1", "--out", str(out)).code == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2].rstrip("\n"))  # a last line not ended
    (tmp_path / "r.jsonl.done").write_text("3\n")
    run = cli("study", "--variant", "four-hand", "--deals", "4", "--jobs", "1", "--out",
              str(out), "--json")
    assert run.code == 0 and json.loads(run.out)["seed"] == 9
    assert [r["index"] for r in _records(out)] == [0, 1, 2, 3]
    # duplicates and indices outside the study are refused, and records without the mark
    out.write_text(lines[0] + lines[0])
    run = cli("study", "--variant", "four-hand", "--deals", "4", "--jobs", "1", "--out",
              str(out))
    assert run.code == 2 and "twice" in run.err
    (tmp_path / "r.jsonl.done").unlink()
    run = cli("study", "--variant", "four-hand", "--deals", "4", "--jobs", "1", "--out",
              str(out))
    assert run.code == 2 and "r.jsonl.done" in run.err
    run = cli("study", "--variant", "four-hand", "--deals", "1", "--seed", "9", "--jobs", "1",
              "--out", str(tmp_path / "x.jsonl"), "--plot", str(tmp_path / "x.jsonl"))
    assert run.code == 2
    for args, says in ((["--bidder", "N", "--partner", "E"], "no called partner"),
                       (["--variant", "three-hand-kitty", "--bid", "20"], "--bidder")):
        run = cli("study", "--variant", "four-hand", "--deals", "1", *args)
        assert run.code == 2 and says in run.err, run.err
    v = load_variant("four-hand")
    assert settings_key(Spec(v, 7, "S")) != settings_key(Spec(v, 7, "H"))


def test_a_scheduler_address_that_never_speaks_dask_is_one_line_in_time():
    """An address that takes the connection and never answers Dask's handshake (a web
    server, a stuck port) is refused in about CONNECT_SECONDS, not waited on for ever."""
    pytest.importorskip("distributed")
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        port = listener.getsockname()[1]
        code = ("import pinosolve.cli.study as s\n"
                "from pinosolve.errors import PinosolveError\n"
                "s.CONNECT_SECONDS = 1.0\n"
                "try:\n"
                f"    s.dask_client('tcp://127.0.0.1:{port}', None).__enter__()\n"
                "except PinosolveError as exc:\n"
                "    print(exc)\n")
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60)
    assert "no Dask scheduler answered within 1 s" in done.stdout, done.stderr
    assert time.monotonic() - start < 30
