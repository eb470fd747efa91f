"""Duplicate matches: the seating, the same cards at every board, determinism, the folder
and resuming, faults, and the command line."""

from __future__ import annotations

import json

import pytest

from pinosolve import load_variant, variant_ids
from pinosolve.errors import PinosolveError
from pinosolve.match.match import MatchSpec, play_deal, run_match
from pinosolve.match.seating import arrangements
from pinosolve.players.base import Player
from pinosolve.records.read import read_record


@pytest.mark.parametrize("vid", variant_ids())
def test_every_arrangement_is_dealt_the_same_cards(vid):
    """Each board of a deal starts from the same hands (and kitty or stock), with the same
    dealer; the arrangements seat A and B at every seat equally often."""
    v = load_variant(vid)
    seatings = arrangements(v)
    for k in range(len(v.seats)):
        assert sorted(a[k] for a in seatings).count("A") * 2 == len(seatings)
    result, records = play_deal(MatchSpec(v, "random", "random", seed=4), 0)
    assert len(result.boards) == len(seatings) == len(records)
    assert len({b.deal for b in result.boards}) == 1 and result.boards[0].deal
    for b, text in zip(result.boards, records):
        r = read_record(text, None if vid not in variant_ids() else vid)
        assert dict(r.tags)["Seed"] == "4" and r.dealer == result.dealer
        if v.rules.deal.kitty_kind != "stock":
            assert " ".join(h.cards().__str__() for h in r.deal.values()) == " ".join(
                h.cards().__str__() for h in load_variant(vid).parse_deal(b.deal).hands)


def test_the_difference_is_the_mean_over_the_seatings():
    v = load_variant("three-hand-kitty")
    result, _ = play_deal(MatchSpec(v, "rules", "random", seed=2), 3)
    want = 0.0
    for b in result.boards:
        a = [b.scores[s] for s, x in zip(v.seats, b.seating) if x == "A"]
        o = [b.scores[s] for s, x in zip(v.seats, b.seating) if x == "B"]
        want += sum(a) / len(a) - sum(o) / len(o)
    assert result.difference == pytest.approx(want / len(result.boards))


def test_a_match_replays_exactly_and_resumes(tmp_path):
    spec = MatchSpec("two-hand", "rules", "random", seed=9)
    whole = run_match(spec, 6, keep_differences=True)
    again = run_match(spec, 6, keep_differences=True)
    def timeless(r):
        j = r.to_json() | {"seconds": 0}
        for row in j["by_player"].values():
            row["seconds_per_decision"] = 0
        return j
    assert timeless(whole) == timeless(again)
    out = tmp_path / "m"
    run_match(spec, 3, out=str(out))
    lines = (out / "deals.jsonl").read_text().splitlines(keepends=True)
    (out / "deals.jsonl").write_text("".join(lines[:2]) + lines[2][:40])  # a kill mid-line
    resumed = run_match(spec, 6, out=str(out), keep_differences=True)
    assert resumed.differences == whole.differences
    assert len((out / "deals.jsonl").read_text().splitlines()) == 6
    assert len(list((out / "records").glob("*.pbn"))) == 12
    with pytest.raises(PinosolveError, match="another match"):
        run_match(MatchSpec("two-hand", "rules", "rules", seed=9), 2, out=str(out))


class _Raises(Player):
    kind = "raises"

    def choose(self, view, decision):
        raise KeyError("hidden")


def test_a_failing_player_loses_the_decision_to_its_default(monkeypatch):
    import pinosolve.match.match as m

    def player(spec, letter, seat):
        return _Raises() if letter == "A" else m.make_player("random")
    monkeypatch.setattr(m, "_player", player)
    result, _ = play_deal(MatchSpec("four-hand", "random", "random", seed=1), 0)
    faults = result.boards[0].faults["A"]
    assert faults["error"] > 0 and "B" not in result.boards[0].faults
    assert "KeyError" in result.boards[0].fault_notes["A error"]


def test_the_sequential_test_stops_a_match():
    from pinosolve.match.stats import Sprt

    r = run_match(MatchSpec("two-hand", "rules", "random", seed=3), 200, sprt=Sprt(0, 5))
    assert r.sprt == "high" and 10 <= r.deals < 200


@pytest.mark.parametrize("args, says", [
    (["nosuch", "random"], "no player"),
    (["pimc:samples=0", "random"], "samples"),
    (["pimc:nope=1", "random"], "no parameter"),
    (["rules:x", "random"], "key=value"),
    (["cmd:", "random"], "give the command"),
    (["random", "random", "--sprt", "1"], "LOW,HIGH"),
    (["random", "random", "--deals", "0"], "--deals"),
    (["random", "random", "--variant", "nosuch"], "nosuch"),
])
def test_bad_options_are_one_line(cli, args, says):
    r = cli("match", *args, *([] if "--variant" in args else ["--variant", "two-hand"]))
    assert r.code == 2 and says in r.err and len(r.err.strip().splitlines()) == 1


def test_the_command_answers_a_table_and_json(cli, tmp_path):
    r = cli("match", "rules", "random", "--variant", "two-hand", "--deals", "3", "--seed",
            "5")
    assert r.code == 0 and "A - B" in r.out and "rules" in r.out
    j = cli("match", "rules", "random", "--variant", "two-hand", "--deals", "3", "--seed",
            "5", "--json", "--out", str(tmp_path / "o")).json()
    assert j["deals"] == 3 and j["players"] == {"A": "rules", "B": "random"}
    assert j["by_player"]["A"]["cheats"] is False
    assert json.loads((tmp_path / "o" / "match.json").read_text())["seed"] == 5
    f = tmp_path / "file"
    f.write_text("x")
    r = cli("match", "rules", "random", "--variant", "two-hand", "--out", str(f))
    assert r.code == 2 and "not a folder" in r.err


def test_workers_and_dask_play_the_same_match(tmp_path):
    """The deals in two worker processes, and on a Dask LocalCluster, come back in order
    with the same differences as here."""
    pytest.importorskip("distributed")
    from pinosolve.cli.study import dask_client

    spec = MatchSpec("two-hand", "rules", "random", seed=12)
    here = run_match(spec, 6, keep_differences=True).differences
    assert run_match(spec, 6, keep_differences=True, jobs=2).differences == here
    with dask_client(None, 2) as client:
        assert run_match(spec, 6, keep_differences=True, client=client).differences == here


@pytest.mark.parametrize("vid", variant_ids())
def test_built_in_players_never_fault(vid):
    """Every answer of the built-in players is one of the choices, in every variant: a
    deal of rules against random at every seating has no fault at all."""
    result, _ = play_deal(MatchSpec(vid, "rules", "random", seed=3), 1)
    assert [b.faults for b in result.boards] == [{}] * len(result.boards)


def test_the_plot_draws_the_running_difference(cli, tmp_path):
    pytest.importorskip("matplotlib")
    from pinosolve.analysis.plot import plot_match

    r = cli("match", "rules", "random", "--variant", "two-hand", "--deals", "5", "--sprt",
            "0,5", "--plot", str(tmp_path / "m.svg"))
    assert r.code == 0 and (tmp_path / "m.svg").read_text().count("<svg") == 1
    with pytest.raises(PinosolveError, match="differences"):
        plot_match(run_match(MatchSpec("two-hand", "rules", "random"), 2), tmp_path / "x.png")
    for bad in (["--plot", str(tmp_path / "m.txt")], ["--jobs", "-1"],
                ["--backend", "cloud"], ["--scheduler", "tcp://x:1"]):
        r = cli("match", "rules", "random", "--variant", "two-hand", *bad)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1, (bad, r.err)


def test_a_folder_tampered_with_is_played_again_from_the_bad_line(tmp_path):
    """A line that is not this match's (another index, a score missing, a difference its
    boards do not give, a field of the wrong type) is dropped with every line after it and
    those deals played again: the answer is the untouched match's. A deals.jsonl that is
    not a regular file is refused in one line."""
    import os

    spec = MatchSpec("two-hand", "rules", "random", seed=5)
    want = run_match(spec, 4, keep_differences=True).differences
    edits = [lambda d: d.update(index=1), lambda d: d["boards"][0]["scores"].pop("N"),
             lambda d: d.update(difference=d["difference"] + 3),
             lambda d: d["boards"][1].update(faults=[1]),
             lambda d: d["boards"][0].update(seconds={"A": "x"}),
             lambda d: d["boards"][0].update(seating="AA")]
    for k, edit in enumerate(edits):
        out = tmp_path / f"m{k}"
        run_match(spec, 4, out=str(out))
        lines = (out / "deals.jsonl").read_text().splitlines()
        bad = json.loads(lines[2])
        edit(bad)
        lines[2] = json.dumps(bad)
        (out / "deals.jsonl").write_text("\n".join(lines) + "\n")
        assert run_match(spec, 4, out=str(out), keep_differences=True).differences == want
    out = tmp_path / "fifo"
    run_match(spec, 1, out=str(out))
    (out / "deals.jsonl").unlink()
    os.mkfifo(out / "deals.jsonl")
    with pytest.raises(PinosolveError, match="not a regular file"):
        run_match(spec, 2, out=str(out))


def test_the_api_refuses_bad_values_in_its_own_words():
    from pinosolve.match.stats import Sprt
    from pinosolve.players.person import play_hand

    spec = MatchSpec("two-hand", "rules", "random")
    for call in (lambda: run_match(spec, 1, start="1"), lambda: run_match(spec, 1, out=5),
                 lambda: run_match(spec, 1, sprt="0,5"), lambda: play_deal(spec, "1"),
                 lambda: Sprt(0, 1e308), lambda: MatchSpec("two-hand", "rules", "random",
                                                            answer_seconds=float("nan")),
                 lambda: play_hand("four-hand", "S", [], against=None),
                 lambda: play_hand("four-hand", "S", [], partner_plays=5),
                 lambda: MatchSpec("two-hand", "cmd:/nonexistent/bot", "rules")):
        with pytest.raises(PinosolveError):
            call()


def test_a_folder_is_one_match_at_a_time_and_says_its_version(tmp_path):
    """While a match runs into a folder, another run into it is refused; match.json says
    the version that began it, and any version may resume it."""
    from pinosolve.match.match import Folder

    spec = MatchSpec("two-hand", "rules", "random", seed=9)
    out = tmp_path / "m"
    held = Folder.open(str(out), spec)
    try:
        with pytest.raises(PinosolveError, match="in use by another match"):
            run_match(spec, 2, out=str(out))
    finally:
        held.close()
    head = json.loads((out / "match.json").read_text())
    assert head["pinosolve"] and head["seed"] == 9
    (out / "match.json").write_text(json.dumps(head | {"pinosolve": "0.0.1"}))
    assert run_match(spec, 2, out=str(out)).deals == 2
    fresh = tmp_path / "n"
    fresh.mkdir()
    (fresh / ".lock").write_text("")  # (a kill between the lock and match.json)
    assert run_match(spec, 1, out=str(fresh)).deals == 1


def test_ctrl_c_with_workers_is_one_line_and_leaves_no_worker():
    """Ctrl-C (SIGINT to the terminal's process group, workers included) stops a match
    played in worker processes with one line and exit code 130, no worker left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    if not os.path.exists("/proc/self/stat"):
        pytest.skip("needs /proc to see the workers")
    proc = subprocess.Popen([sys.executable, "-m", "pinosolve", "match", "rules", "random",
                             "--variant", "four-hand", "--deals", "100000", "--jobs", "2",
                             "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        time.sleep(4)
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130
    assert err.decode().strip().splitlines() == ["pinosolve: interrupted"]
    deadline = time.monotonic() + 5
    while _running_in_group(proc.pid):  # (a zombie waiting to be reaped has ended)
        assert time.monotonic() < deadline, "a worker outlived the match"
        time.sleep(0.05)


def _running_in_group(group: int) -> list[int]:
    """The processes of process group ``group`` still running (zombies aside)."""
    from pathlib import Path

    running = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] not in ("Z", "X"):
            running.append(int(entry.name))
    return running


def test_a_finished_match_in_a_folder_that_cannot_be_written_is_read_back(tmp_path,
                                                                          monkeypatch):
    """A lock that cannot be made (a read-only archive) does not stop a finished match
    being summed up again; a file where the records folder goes is one line."""
    import builtins

    import pinosolve.match.match as m

    spec = MatchSpec("two-hand", "rules", "random", seed=9)
    out = tmp_path / "m"
    whole = run_match(spec, 2, out=str(out), keep_differences=True)

    def no_lock(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise PermissionError(1, "Operation not permitted", str(path))
        return builtins.open(path, *args, **kwargs)
    monkeypatch.setattr(m, "open", no_lock, raising=False)
    assert run_match(spec, 2, out=str(out), keep_differences=True).differences == \
        whole.differences
    monkeypatch.undo()
    bad = tmp_path / "b"
    bad.mkdir()
    (bad / "records").write_text("")
    with pytest.raises(PinosolveError, match="not empty"):
        run_match(spec, 1, out=str(bad))
