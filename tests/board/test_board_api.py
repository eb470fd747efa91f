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
from pinosolve.errors import PinosolveError
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
    "play": [{"variant": "four-hand", "seat": "S", "seed": 1, "answers": ["25"]},
             {"variant": "two-hand", "seat": "N", "seed": 2},
             {"variant": "four-hand", "seat": "S", "answers": ["25", "XX"]}],
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


def _late(name: str, cards: int) -> str:
    """A deal of ``name``'s (deal --seed 1), each hand cut to its first ``cards`` cards
    (None: whole)."""
    from pinosolve import Deal, Hand
    from pinosolve.inputs import as_variant
    from pinosolve.variants.dealer import seeded_deal

    d = seeded_deal(as_variant(name), 1).deal
    return str(Deal(d.seats, tuple(Hand(h.cards()[:cards]) for h in d.hands), d.first))


def test_what_a_variants_play_needs_is_what_its_game_needs(board):
    """``GET /api/variants`` says, for every built-in variant and shipped house rule, its
    seats and what its play needs: a bidder, a partner, or a called card that may name him;
    each is what a ``Game`` of it asks for, read from its rules (no name is looked at)."""
    from pinosolve import Game
    from pinosolve.inputs import as_variant

    status, known = request(board, "GET", "/api/variants")
    assert status == 200
    names = known["variants"] + known["house_rules"]
    assert sorted(known["play"]) == sorted(names)
    kinds = set()
    for name in names:
        play, v = known["play"][name], as_variant(name)
        assert play["seats"] == list(v.seats)
        whole = _late(name, None)
        seats = play["seats"]

        def opens(**choices):
            try:
                Game(v, whole, trump="H", **choices)
            except PinosolveError:
                return False
            return True

        assert opens() != play["bidder"], name
        if play["bidder"]:
            assert opens(bidder=seats[0]) != play["partner"], name
            assert opens(bidder=seats[0], called_card="AH") == play["called_card"], name
        kinds.add((play["bidder"], play["partner"], play["called_card"]))
    # every kind there is among them: fixed sides, a bidder alone, a partner named or called
    assert kinds == {(False, False, False), (True, False, False), (True, True, False),
                     (True, True, True)}


def test_a_pasted_late_deal_of_every_variant_opens_with_values(board):
    """A small late deal of every built-in variant and shipped house rule, sent as the page
    sends it (the choices its play needs, as ``GET /api/variants`` says them), opens: its
    first position's ``solve`` line answers every legal card's value (``Game.solve``'s), and
    its review answers too."""
    from pinosolve import Game
    from pinosolve.inputs import as_variant

    status, known = request(board, "GET", "/api/variants")
    for name in known["variants"] + known["house_rules"]:
        play = known["play"][name]
        seats = play["seats"]
        body = {"text": _late(name, 3), "variant": name, "trump": "H", "leader": seats[1]}
        if play["bidder"]:
            body["bidder"] = seats[-1]
        if play["partner"]:
            body["partner"] = seats[1]
        status, rec = request(board, "POST", "/api/record", body)
        assert status == 200, (name, rec)
        assert (rec["given"], rec["bidder"], rec["partner"]) == \
            ("deal", body.get("bidder"), body.get("partner")), name
        status, solved = request(board, "POST", "/api/solve", rec["solve"][0])
        assert status == 200, (name, solved)
        g = Game(as_variant(name), body["text"], trump="H", leader=seats[1],
                 declarer=body.get("bidder"), partner=body.get("partner"))
        want = {str(c): value for c, value in g.solve().values.items()}
        assert solved["values"] == want and len(want) > 0, name
        status, review = request(board, "POST", "/api/review", rec["review"])
        assert status == 200 and review["plays"] == [], (name, review)
    # a called card names the partner in a whole deal, where the rules let it
    called = next(n for n, p in known["play"].items() if p["called_card"])
    seats = known["play"][called]["seats"]
    status, rec = request(board, "POST", "/api/record", {
        "text": _late(called, None), "variant": called, "trump": "H", "bidder": seats[0],
        "called_card": "AH"})
    assert status == 200 and rec["called_card"] == "AH" and rec["partner"] in seats, rec
    status, refused = request(board, "POST", "/api/record", {
        "text": _late(called, 3), "variant": called, "trump": "H", "bidder": seats[0],
        "called_card": "AH"})
    assert status == 400 and "hands as dealt" in refused["error"], refused


def _poll(board, job, until, seconds=300.0):  # (generous: a loaded machine is slow)
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
    seen = _poll(board, job, lambda j: j["state"] != "running", 60)
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
