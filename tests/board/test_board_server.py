"""The board's server as a process on this machine: however the board ends (Ctrl-C, TERM,
HUP, killed), no analysis process of its outlives it."""

from __future__ import annotations

import http.client
import ipaddress
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinosolve.board.server import is_loopback
from tests.conftest import ROOT

# the first hand of docs/examples/club-endings.pgr, as review's batch line
HAND = {"variant": "four-hand", "deal": "N:TQ9.9.. ATJ.Q.. .TJ.JJ. KJ...TK", "trump": "C",
        "play": ["KC", "QS", "AS", "JD", "JS", "TS", "JS", "TH", "9H", "QH", "JH", "TC", "KS",
                 "9S", "TS", "JD"], "leader": "W", "bidder": "N"}


NOTHING = object()  # (no body: None is JSON's null)


class Board:
    """A ``pinosolve board`` started as the user starts it, on a free port."""

    def __init__(self, *args: str, env: dict[str, str] | None = None,
                 preexec: Callable[[], None] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pinosolve", "board", "--no-browser", "--port", "0", *args],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True, env={**os.environ, "PINOSOLVE_BOARD_IDLE": "2", **(env or {})},
            preexec_fn=preexec)
        line = self.proc.stdout.readline()
        m = re.match(r"board: http://(\[[^]]+\]|[^:/]+):(\d+)/ ", line)
        if not m:
            self.proc.kill()
            raise AssertionError(f"the board did not start: {line!r} {self.proc.stderr.read()}")
        self.host, self.port = m[1].strip("[]"), int(m[2])

    def request(self, method: str, path: str, body=NOTHING, headers=None, timeout=60.0):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        conn.request(method, path, body=None if body is NOTHING else json.dumps(body).encode(),
                     headers={"Content-Type": "application/json", **(headers or {})})
        resp = conn.getresponse()
        text = resp.read().decode()
        conn.close()
        return resp.status, (json.loads(text) if text else None)

    def stop(self) -> str:
        """End the board (Ctrl-C); its stderr."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.stderr.read()


def _processes() -> dict[int, tuple[int, str, str]]:
    """Every process: its parent, its state, its command line."""
    out = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = open(f"/proc/{name}/stat").read()
                cmd = open(f"/proc/{name}/cmdline").read().replace("\0", " ")
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            out[int(name)] = (int(fields[1]), fields[0], cmd)
    return out


def descendants(pid: int) -> list[int]:
    procs = _processes()
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        kids = [p for p, (pp, _, _) in procs.items() if pp == parent]
        found += kids
        todo += kids
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a process still running (a zombie is not: it runs nothing)."""
    try:
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("how", ["SIGTERM", "SIGHUP", "SIGKILL", "SIGINT"])
def test_no_worker_outlives_the_board(how):
    """Two long analyses running (two workers of review), the board is sent ``how``: every
    process it started is gone within a few seconds; ended by TERM or HUP, it says so in one
    line, its exit code 128 + the signal's number."""
    board = Board()
    try:
        line = {**HAND, "information": True, "samples": 20000}
        jobs = [board.request("POST", "/api/review?job=1", {**line, "seed": seed})[1]["job"]
                for seed in (1, 2)]
        end = time.monotonic() + 30
        while time.monotonic() < end:  # both analyses under way, for a second
            seen = [board.request("GET", f"/api/jobs/{job}")[1] for job in jobs]
            workers = descendants(board.proc.pid)
            if len(workers) >= 2 and min(j["seconds"] for j in seen) >= 1:
                break
            time.sleep(0.1)
        assert all(j["state"] == "running" for j in seen), seen
        assert len(workers) >= 2 and all(running(p) for p in workers), workers
        os.kill(board.proc.pid, getattr(signal, how))
        end = time.monotonic() + 5
        while time.monotonic() < end and any(running(p) for p in workers):
            time.sleep(0.1)
        assert not [p for p in workers if running(p)], _processes()
        board.proc.wait(5)
        stderr = board.proc.stderr.read()
        if how in ("SIGTERM", "SIGHUP"):
            signum = getattr(signal, how)
            assert board.proc.returncode == 128 + signum
            assert stderr == f"pinosolve: board: ended by {how}\n"
        elif how == "SIGINT":
            assert board.proc.returncode == 130 and stderr == "pinosolve: interrupted\n"
    finally:
        for pid in descendants(board.proc.pid):
            os.kill(pid, signal.SIGKILL)
        if board.proc.poll() is None:
            board.proc.kill()
            board.proc.wait()


@pytest.fixture(scope="module")
def served():
    board = Board()
    yield board
    board.stop()


@pytest.mark.parametrize("body", [None, True, False, 0, 1.5, "x", [], [1, 2], [{}]])
@pytest.mark.parametrize("path", ["/api/meld", "/api/record"])
def test_a_body_that_is_no_object_is_refused_at_once(served, path, body):
    """Every JSON value but an object, null among them (once taken for "answered already",
    it got no answer at all): 400 and the error, at once."""
    status, got = served.request("POST", path, body, timeout=5)
    assert status == 400 and "JSON object" in got["error"], got
    assert served.request("POST", "/api/meld", {"variant": "four-hand", "hand": "KH QH",
                                                "trump": "H"}, timeout=30)[1]["meld"] == 4


MELD = {"variant": "four-hand", "hand": "KH QH", "trump": "H"}


def _leave(board: Board, request: bytes, after: float) -> None:
    """Send ``request``, and leave ``after`` seconds, at once (a reset, not a goodbye)."""
    sock = socket.create_connection((board.host, board.port))
    sock.sendall(request)
    time.sleep(after)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def test_a_client_that_leaves_early_prints_nothing():
    """Clients that leave before their answer (while the worker that answers starts, as the
    request is read, half-way through its body): the board's terminal shows no traceback,
    and the board goes on."""
    board = Board()
    try:
        body = json.dumps(MELD).encode()
        head = (f"POST /api/meld HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n"
                "Content-Type: application/json\r\n").encode()
        _leave(board, head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body, 0.3)
        _leave(board, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n\r\n".encode(), 0)
        _leave(board, head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body[:5],
               0.1)
        assert board.request("POST", "/api/meld", MELD)[1]["meld"] == 4
        time.sleep(0.5)  # (the first answer written, or not, by now)
        assert board.request("GET", "/api/variants")[0] == 200
    finally:
        stderr = board.stop()
    assert stderr == "pinosolve: interrupted\n", stderr


LOOPBACK4 = ipaddress.ip_network("127.0.0.0/8")


def _ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST", "127.1", "127.0.0.2",
                                  "::1", "::ffff:127.0.0.1"])
def test_on_loopback_by_any_name_a_request_must_name_the_board(host):
    """However ``--host`` names a loopback address, the board decides from the address bound:
    a request is answered only where its Host is a loopback name or address with the board's
    port."""
    if ":" in host and not _ipv6():
        pytest.skip("no IPv6 here")
    board = Board("--host", host)
    try:
        port = board.port
        for given in ("evil.example", f"evil.example:{port}", f"{host}.evil.example:{port}",
                      f"127.0.0.1.nip.io:{port}", "localhost", "127.0.0.1", f"localhost:{port}1",
                      f"127.0.0.1:{port + 1}", f"[::1]x:{port}", f"::1:{port}", "",
                      f"10.0.0.1:{port}", f"[::ffff:10.0.0.1]:{port}",
                      f"localhost.evil.example:{port}"):
            status, got = board.request("GET", "/api/variants", headers={"Host": given})
            assert status == 403 and got["error"] == "not this board's host", given
        for given in (f"localhost:{port}", f"LocalHost:{port}", f"127.0.0.1:{port}",
                      f"127.0.0.2:{port}", f"[::1]:{port}", f"[::ffff:127.0.0.1]:{port}"):
            status, got = board.request("GET", "/api/variants", headers={"Host": given})
            assert status == 200 and "variants" in got, given
    finally:
        board.stop()


def _board_line(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pinosolve", "board", "--no-browser", "--port",
                           "0", *args], capture_output=True, text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("host", ["", " ", "0.0.0.0", "::"])
def test_an_empty_or_open_host_is_refused_unless_public(host):
    """An empty host (every interface, once without a word) and any that is not loopback:
    one line, exit code 2; ``--public`` says it is meant."""
    if ":" in host and not _ipv6():
        pytest.skip("no IPv6 here")
    got = _board_line("--host", host)
    assert got.returncode == 2 and got.stderr.count("\n") == 1 and not got.stdout, got
    assert "--host" in got.stderr and ("--public" in got.stderr)
    if host.strip():
        board = Board("--host", host, "--public")
        try:  # (public: no host is checked)
            status, _ = board.request("GET", "/api/variants", headers={"Host": "evil.example"})
            assert status == 200
        finally:
            board.stop()


@given(st.one_of(st.ip_addresses(), st.ip_addresses(network="127.0.0.0/8"),
                 st.ip_addresses(network="::ffff:0:0/96"), st.just(ipaddress.ip_address("::1")),
                 st.ip_addresses(network="::/127")))
def test_loopback_is_decided_from_the_address(ip):
    """127.0.0.0/8, ::1, and IPv4's loopback mapped into IPv6: nothing else."""
    v4 = ip if ip.version == 4 else ip.ipv4_mapped
    want = ip == ipaddress.ip_address("::1") if v4 is None else v4 in LOOPBACK4
    assert is_loopback(str(ip)) is want
    if ip.version == 4:
        assert is_loopback(f"::ffff:{ip}") is want


def _closed(sock: socket.socket) -> bool:
    """Whether the board has ended the connection (nothing more to read, or reset)."""
    import select

    if not select.select([sock], [], [], 0)[0]:
        return False
    try:
        return sock.recv(4096) == b""
    except ConnectionError:
        return True


@pytest.mark.parametrize("part", ["headers", "body"])
def test_a_request_must_arrive_whole_in_time(part):
    """32 clients dribble a request, a line every 0.4 s (each in time: the board drops a
    client silent for 2 s here), and hold every connection slot: each is dropped once its
    request has not arrived 1.5 s after its first byte (PINOSOLVE_BOARD_ARRIVE), and
    another client is answered while they still dribble."""
    board = Board(env={"PINOSOLVE_BOARD_ARRIVE": "1.5"})
    try:
        head = (f"POST /api/meld HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n"
                "Content-Type: application/json\r\n").encode()
        if part == "body":
            head += b"Content-Length: 100\r\n\r\n"
        slow, started, dropped = [], [], {}
        for _ in range(32):
            slow.append(socket.create_connection((board.host, board.port)))
            slow[-1].sendall(head)
            started.append(time.monotonic())
        answered = None
        end = time.monotonic() + 8
        while time.monotonic() < end and (len(dropped) < len(slow) or answered is None):
            time.sleep(0.4)
            for k, sock in enumerate(slow):
                if k not in dropped and _closed(sock):
                    dropped[k] = time.monotonic() - started[k]
                elif k not in dropped:
                    try:
                        sock.sendall(b"X-Slow: 1\r\n" if part == "headers" else b" ")
                    except ConnectionError:
                        dropped[k] = time.monotonic() - started[k]
            if answered is None:
                try:
                    status, _ = board.request("GET", "/api/variants", timeout=5)
                except (ConnectionError, http.client.HTTPException):
                    status = None
                if status == 200:
                    answered = time.monotonic() - started[0]
        assert len(dropped) == len(slow), f"{len(dropped)} of 32 dropped"
        assert max(dropped.values()) < 1.5 + 1.5, dropped
        assert answered is not None and answered < 1.5 + 2, answered
    finally:
        for sock in slow:
            sock.close()
        board.stop()
