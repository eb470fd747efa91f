"""A study's summary says whose trump length it counts and labels its histogram, and a Dask
study ends quietly: no "Worker process still alive ... killing" on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import ROOT

BASE = ("study", "--variant", "four-hand", "--deals", "2", "--seed", "7", "--trump", "S",
        "--jobs", "1")


@pytest.mark.parametrize("extra, whose", [
    ((), {"seat": "N", "role": "leader"}), (("--leader", "W"), {"seat": "W", "role": "leader"}),
    (("--bidder", "E"), {"seat": "E", "role": "bidder"})])
def test_the_summary_says_whose_trumps_it_counts(cli, extra, whose):
    run = cli(*BASE, *extra, "--json")
    assert run.code == 0, run
    summary = json.loads(run.err)
    records = [json.loads(line) for line in run.out.splitlines()]
    assert summary["trump_length_of"] == whose
    seat = whose["seat"]
    for r in records:  # the records' trump_length is that seat's
        assert r["trump_length"] == sum(1 for c in r["deal"][2:].split()[
            "NESW".index(seat)].split(".")[0])
    table = cli(*BASE, *extra).err
    assert f"by trump length (the {whose['role']} {seat}'s)" in table
    assert f"{seat}'s trumps" in table


def test_the_histogram_has_its_axes_labelled(cli):
    table = cli(*BASE).err
    assert "histogram: the leader's side's points (left), the deals that gave them (right)" \
        in table
    assert [line.split() for line in table.splitlines() if line.strip().startswith("points")] \
        == [["points", "deals"]]


def _linger() -> int:
    """A worker's task that leaves a thread the worker process waits for as it ends (as a
    worker ending its searches and the solver's threads may take a while)."""
    threading.Thread(target=time.sleep, args=(4.5,), daemon=False).start()
    return 1


def test_a_local_cluster_closes_without_killing_a_slow_worker(capfd):
    """A nanny kills a worker still alive 4 s after it is asked to close, with a warning per
    worker on stderr; close_dask gives each worker its time. (client.close() then
    cluster.close() printed the warning twice here.)"""
    distributed = pytest.importorskip("distributed")
    from pinosolve.analysis.study import close_dask

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    client.wait_for_workers(2, timeout=60)
    assert list(client.run(_linger).values()) == [1, 1]
    close_dask(client, cluster)
    err = capfd.readouterr().err
    assert "still alive" not in err and "killing" not in err, err
    assert cluster.status.name == "closed"


def test_a_dask_study_prints_no_worker_killing():
    pytest.importorskip("distributed")
    run = subprocess.run([sys.executable, "-m", "pinosolve", "study", "--variant", "two-hand",
                          "--deals", "3", "--seed", "1", "--trump", "S", "--backend", "dask",
                          "--jobs", "2", "--json", "--quiet"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "still alive" not in run.stderr and "killing" not in run.stderr, run.stderr
    assert len(run.stdout.splitlines()) == 3 and json.loads(run.stderr)["deals"] == 3
