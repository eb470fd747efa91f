"""The board's JSON API is the command line's: for every command, batch lines answered by
``POST /api/<command>`` and by ``pinosolve <command> --input -`` are the same answers (errors
included, as ``{"error"}`` with 400). Hostile requests get a clean 4xx and the board goes on;
no request reaches a file; jobs report progress and can be cancelled."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pinosolve.board.workers import COMMANDS
from tests.board.conftest import start_board, stop_board
from tests.conftest import ROOT
from tests.generators import GONE4

HAND = "N:AK.A.. T.K.A. Q.T.T. 9.Q.K."
EXTRA = {  # lines for the commands the golden corpus has no batch of
    "verify": [{"variant": "four-hand", "hand": "KH QH JH", "trump": "H", "claim": ["KH QH"]},
               {"variant": "four-hand", "hand": "KH QH", "trump": "H", "claim": ["KH JH"]}],
    "bid": [{"variant": "double-deck", "auction": "50 55"},
            {"variant": "four-hand", "auction": "x"}],
    "pass": [{"variant": "four-hand", "hand": "AH TH KH JH 9H AS AD AC KS QS QD 9C",
              "trump": "H", "received": "AS TS KS 9S"},
             {"variant": "four-hand", "hand": "AH", "trump": "H"}],
    "makeable": [{"variant": "four-hand", "deal": "N:KQJ.TJ9.AKJ99.9 Q.AKQJ.TQ.AATKJ "
                  "AAJ9.T.ATKQJ.KJ TTK9.AKQ9..TQQ9", "trump": "S", "bidder": "N", "bid": 25}],
    "score": [{"variant": "four-hand", "bidder": "N", "bid": 30, "points": ["NS=20", "EW=5"],
               "tricks": ["NS=10", "EW=2"]}],
    "advise": [{"variant": "four-hand", "trump": "S", "seat": "S", "hand": "QS 9S KD AH",
                "leader": "S", "gone": GONE4, "samples": 6, "seed": 1},
               {"variant": "four-hand", "trump": "S", "seat": "N", "hand": "AS"}],
}


def _lines(command: str) -> list[dict]:
    path = ROOT / "tests" / "golden" / f"batch-{command}.jsonl"
    if path.exists():
        lines = [json.loads(x) for x in path.read_text().splitlines()]
        return lines[:3] + lines[-2:] + EXTRA.get(command, [])
    return EXTRA[command]


def _without_seconds(x):
    if isinstance(x, dict):
        return {k: _without_seconds(v) for k, v in x.items() if k != "seconds"}
    if isinstance(x, list):
        return [_without_seconds(v) for v in x]
    return x


def request(board, method: str, path: str, body=None, headers=None, raw: bytes = None):
    conn = http.client.HTTPConnection(board.host, int(board.port), timeout=120)
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    hdrs = {"Content-Type": "application/json", **(headers or {})}
    conn.request(method, path, body=data, headers=hdrs)
    resp = conn.getresponse()
    text = resp.read().decode()
    conn.close()
    return resp.status, (json.loads(text) if text else None)


@pytest.mark.parametrize("command", COMMANDS)
def test_the_api_answers_as_the_command_line(board, command):
    lines = _lines(command)
    run = subprocess.run([sys.executable, "-m", "pinosolve", command, "--input", "-"],
                         input="".join(json.dumps(x) + "\n" for x in lines), cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    want = [json.loads(x) for x in run.stdout.splitlines()]
    assert len(want) == len(lines), run.stderr
    errors = 0
    for line, answer in zip(lines, want):
        answer.pop("line")
        status, got = request(board, "POST", f"/api/{command}", line)
        assert _without_seconds(got) == _without_seconds(answer), (command, line)
        assert status == (400 if "error" in answer else 200), (command, line, got)
        errors += "error" in answer
    assert errors < len(lines)


def test_record_text_becomes_what_the_page_draws(board):
    text = (ROOT / "docs" / "examples" / "club-endings.pgr").read_text().split("\n\n")[0]
    status, got = request(board, "POST", "/api/record", {"text": text})
    assert status == 200
    assert got["seats"] == ["N", "E", "S", "W"] and got["tags"]["North"] == "Ann"
    assert [e["seat"] for e in got["play"][:4]] == ["W", "N", "E", "S"]
    status, review = request(board, "POST", "/api/review", got["review"])
    assert status == 200 and len(review["plays"]) == 16
    for seat, view in got["views"].items():
        status, inferred = request(board, "POST", "/api/infer", {**view, "seat": seat})
        assert status == 200, inferred
    club = (ROOT / "docs" / "records.md").read_text().split("```pbn")[1].split("```")[0]
    status, got = request(board, "POST", "/api/record", {"text": club})
    assert status == 200 and got["auction"][0] == {"seat": "N", "call": 340}
    assert [c["call"] for c in got["auction"][1:]] == [None, None, None]
    for table in (ROOT / "docs/examples/four-hand-review.toml").read_text(), json.dumps(
            {"variant": "four-hand", "deal": HAND, "trump": "S", "play": "AS"}):
        status, got = request(board, "POST", "/api/record", {"text": table})
        assert status == 200 and got["rules"] == {"variant": "four-hand"}, got
    for bad in ('variant = "/etc/x.toml"\ndeal = "x"', "", '{"rules": "../x"}'):
        status, got = request(board, "POST", "/api/record", {"text": bad})
        assert status == 400 and got["error"].startswith("record: "), got
    status, bad = request(board, "POST", "/api/record", {"text": "[Variant \"nope\"]"})
    assert status == 400 and "nope" in bad["error"]
    status, deal = request(board, "POST", "/api/record", {"text": HAND, "variant": "four-hand",
                                                          "trump": "S"})
    assert status == 200 and deal["hands"]["N"] == ["AS", "KS", "AH"]


def test_no_request_reaches_a_file(board, tmp_path):
    secret = tmp_path / "secret.toml"
    secret.write_text('extends = "four-hand"\n')
    for command, line in (("review", {"record": str(secret)}),
                          ("review", {"rules": str(secret), "deal": HAND, "trump": "S"}),
                          ("solve", {"variant": str(secret), "deal": HAND, "trump": "S"}),
                          ("verify", {"sequence": str(secret)}),
                          ("infer", {"record": "/etc/passwd"}),
                          ("meld", {"variant": "../../etc/passwd", "hand": "AS"})):
        status, got = request(board, "POST", f"/api/{command}", line)
        assert status == 400 and "error" in got, (command, line, got)
    status, got = request(board, "POST", "/api/record",
                          {"text": f'[Variant "{secret}"]\n[Deal "{HAND}"]'})
    assert status == 400
    assert "reads no file" in got["error"] or "unknown variant" in got["error"], got


def test_hostile_requests_get_a_clean_4xx_and_the_board_goes_on(board):
    # a body said to be 2 MiB: refused from its length, before it is read
    sock = socket.create_connection((board.host, int(board.port)))
    sock.settimeout(30)
    sock.sendall(f"POST /api/meld HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n".encode() +
                 b"Content-Type: application/json\r\nContent-Length: 2097152\r\n\r\n"
                 b"{\"a\": \"xxxx")
    assert sock.recv(100).startswith(b"HTTP/1.1 413")
    sock.close()
    deep = ("[" * 5000 + "]" * 5000).encode()
    status, got = request(board, "POST", "/api/meld", raw=deep)
    assert status == 400 and "deep" in got["error"]
    status, got = request(board, "POST", "/api/meld", raw=b'{"hand": "\xff\xfe"}')
    assert status == 400 and "UTF-8" in got["error"]
    assert request(board, "POST", "/api/meld", raw=b"{", headers={})[0] == 400
    assert request(board, "POST", "/api/meld", raw=b"[1]")[0] == 400
    assert request(board, "POST", "/api/meld", {"hand": "AS"},
                   headers={"Content-Type": "text/plain"})[0] == 415
    assert request(board, "POST", "/api/nope", {})[0] == 404
    assert request(board, "GET", "/../../etc/passwd")[0] == 404
    assert request(board, "GET", "/static/../board/server.py")[0] == 404
    assert request(board, "GET", "/api/jobs/999")[0] == 404
    assert request(board, "GET", "/", headers={"Host": "evil.example"})[0] == 403
    # a slow client: headers begun and never finished, then dropped; the board goes on
    slow = socket.create_connection((board.host, int(board.port)))
    slow.sendall(f"POST /api/meld HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n"
                 "Content-Length: 10\r\n".encode())
    status, got = request(board, "POST", "/api/meld",
                          {"variant": "four-hand", "hand": "KH QH", "trump": "H"})
    assert status == 200 and got["meld"] == 4
    slow.settimeout(30)
    assert slow.recv(100) == b""  # (dropped once idle)
    slow.close()
    # a body shorter than it said
    short = socket.create_connection((board.host, int(board.port)))
    short.sendall(f"POST /api/meld HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n".encode()
                  + b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{}")
    short.close()
    assert request(board, "GET", "/api/variants")[0] == 200


def test_a_body_left_unread_is_never_read_as_a_request(board):
    """An answer given before the body is read (a foreign host, not JSON) closes the
    connection: a request hidden in the body gets no answer."""
    hidden = b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    for headers in (b"Host: evil.example\r\nContent-Type: application/json\r\n",
                    f"Host: 127.0.0.1:{board.port}\r\nContent-Type: text/plain\r\n".encode()):
        sock = socket.create_connection((board.host, int(board.port)))
        sock.settimeout(30)
        sock.sendall(b"POST /api/meld HTTP/1.1\r\n" + headers +
                     f"Content-Length: {len(hidden)}\r\n\r\n".encode() + hidden)
        got = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            got += chunk
        sock.close()
        assert got.count(b"HTTP/1.1 ") == 1 and b"house_rules" not in got, got[:300]
    # the board's own name, but another port: refused too
    assert request(board, "GET", "/", headers={"Host": "127.0.0.1:1"})[0] == 403


def test_a_house_rule_hand_is_analysed_by_its_name(board):
    status, got = request(board, "POST", "/api/record",
                          {"text": HAND, "variant": "four-hand-grand-pinochle", "trump": "S"})
    assert status == 200 and got["rules"] == {"rules": "four-hand-grand-pinochle"}
    status, review = request(board, "POST", "/api/review", {**got["review"], "play": "AS"})
    assert status == 200 and review["plays"][0]["card"] == "AS"
    status, meld = request(board, "POST", "/api/meld", {**got["rules"], "hand": "AS AS",
                                                        "trump": "S"})
    assert status == 200, meld
    status, refused = request(board, "POST", "/api/meld", {"rules": "/tmp/x.toml",
                                                           "hand": "AS", "trump": "S"})
    assert status == 400 and "shipped house rule" in refused["error"]
    status, unnamed = request(board, "POST", "/api/meld", {"hand": "AS", "trump": "S"})
    assert status == 400 and "no default" in unnamed["error"]


def _poll(board, job, until, seconds=60.0):
    end = time.monotonic() + seconds
    while True:
        status, seen = request(board, "GET", job)
        assert status == 200
        if until(seen) or time.monotonic() > end:
            return seen
        time.sleep(0.05)


def test_a_job_reports_progress_and_can_be_cancelled(board):
    status, got = request(board, "POST", "/api/record",
                          {"text": (ROOT / "docs/examples/club-endings.pgr").read_text()
                           .split("\n\n")[0]})
    # a job that runs to its end: its progress, card by card, then the answer
    line = {**got["review"], "information": True, "samples": 8, "seed": 3}
    status, started = request(board, "POST", "/api/review?job=1", line)
    assert status == 202
    done = _poll(board, f"/api/jobs/{started['job']}", lambda j: j["state"] != "running")
    assert done["state"] == "done", done
    assert (done["done"], done["total"], done["what"]) == (16, 16, "cards reviewed")
    status, direct = request(board, "POST", "/api/review", line)  # (kept: the same answer)
    assert status == 200 and direct == done["answer"]
    # a long one, cancelled as it runs: its process is ended
    line = {**got["review"], "information": True, "samples": 20000, "seed": 4}
    status, started = request(board, "POST", "/api/review?job=1", line)
    job = f"/api/jobs/{started['job']}"
    time.sleep(0.5)
    assert request(board, "GET", job)[1]["state"] == "running"
    status, cancelled = request(board, "DELETE", job)
    assert status == 200
    seen = _poll(board, job, lambda j: j["state"] != "running", 10)
    assert seen["state"] == "cancelled" and "answer" not in seen, seen
    # the board still answers, with a fresh worker
    status, fine = request(board, "POST", "/api/review", got["review"])
    assert status == 200 and len(fine["plays"]) == 16


def test_the_board_listens_on_loopback_unless_told(tmp_path):
    running = start_board()
    try:
        assert running.host == "127.0.0.1"
    finally:
        stop_board(running)
    bad = subprocess.run([sys.executable, "-m", "pinosolve", "board", "--no-browser",
                          "--port", "70000"], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    missing = subprocess.run([sys.executable, "-m", "pinosolve", "board", "--no-browser",
                              str(Path(tmp_path) / "none.pgr")], capture_output=True,
                             text=True, cwd=ROOT)
    assert missing.returncode == 2 and "not found" in missing.stderr
