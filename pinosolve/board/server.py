"""The board's HTTP server: the page, and a JSON API that is the command line's.

Python's own ``http.server`` (a thread per connection) serves it: the board is one user's
tool on his own machine, and the standard library keeps it free of any dependency to install
(a framework would add one, and its own server, for nothing the board needs). Routes:

==========================  ================================================================
``GET /``                   the page (``pinosolve/board/static/``, read once at start)
``GET /static/NAME``        its script and style, by name from a fixed list
``GET /api/variants``       the built-in variants and the shipped house rules, with each
                            one's seats and what its play needs (``records.variant_play``)
``POST /api/record``        ``{"text"}`` (a game record, or a deal with ``variant`` and
                            ``trump``): the hand as the page shows it (``board.records``)
``POST /api/<command>``     a batch line of ``command``: its ``--json`` answer, or
                            ``{"error"}`` with 400 (``board.workers``); ``?job=1`` starts it
                            as a job instead: ``{"job": ID}``
``GET /api/jobs/ID``        a job's state, progress, and answer once done
``DELETE /api/jobs/ID``     cancel a job
==========================  ================================================================

Limits: a body of at most ``MAX_BODY`` bytes, JSON only (``Content-Type:
application/json``), strict and at most 32 deep (``pinosolve.files.load_json``); a body
left unread (an answer given before it) closes the connection; a request
answered within ``REQUEST_SECONDS`` (a job within ``JOB_SECONDS``); a client that sends
nothing for ``IDLE_SECONDS`` is dropped, and so is one whose request (its line, headers and
body) has not arrived whole ``ARRIVE_SECONDS`` after its first byte (``Arriving``: a client
that dribbles its headers holds a connection no longer); at most ``MAX_CONNECTIONS`` at once,
and where they are all taken, the one that has waited longest for a request lets its place go
to the newcomer (clients sending slow requests, each in time, cannot keep others out).
A request names no file: the keys that name one (``FILE_KEYS``) are refused, a variant must be
a built-in one and ``rules`` a shipped house rule's name, and a request names one of them (the
board has no default variant), and the processes that answer read no file outside the package
(``pinosolve.files.READ_ONLY_UNDER``). While it listens on a loopback address (as bound,
``is_loopback``), a request must name the board as its host, a loopback name or address with
the board's port (``host_ok``), in its one Host header and in its target where that is a whole
address: a page elsewhere cannot reach it by a DNS trick. Answers are
kept per request (``CACHE`` of them), so stepping back to a position asks nothing again.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import threading
import time
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Optional
from urllib.parse import urlsplit

from pinosolve.board.workers import COMMANDS, Cancelled, Progress, Workers
from pinosolve.errors import PinosolveError

MAX_BODY = 1 << 20
REQUEST_SECONDS = 60.0
JOB_SECONDS = 900.0
# seconds a connection may send nothing before it is dropped (PINOSOLVE_BOARD_IDLE: the
# tests shorten it)
IDLE_SECONDS = float(os.environ.get("PINOSOLVE_BOARD_IDLE", "10"))
# seconds a request may take to arrive whole, from its first byte (PINOSOLVE_BOARD_ARRIVE: the
# tests shorten it)
ARRIVE_SECONDS = float(os.environ.get("PINOSOLVE_BOARD_ARRIVE", "10"))
MAX_CONNECTIONS = 32
CACHE = 512
MAX_JOBS = 64
FILE_KEYS = ("record", "sequence", "input", "out", "file")  # (rules: a shipped name only)
STATIC = {"board.js": "text/javascript", "board.css": "text/css"}
LOOPBACK_NAMES = ("localhost", "localhost.")


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address, as a socket gives it) is this machine's loopback:
    127.0.0.0/8, ::1, or an IPv4 loopback address mapped into IPv6 (``::ffff:127.0.0.1``)."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # (a name, or nothing: no address)
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


def host_ok(given: str, port: int) -> bool:
    """Whether ``given`` (a request's Host header) names a board listening on loopback at
    ``port``: a loopback name (``localhost``) or address (``127.0.0.1``, ``[::1]``), and
    ``port`` (left out only where it is HTTP's own, 80)."""
    given = given.strip().lower()
    if given.startswith("["):  # [an IPv6 address]:port
        host, _, rest = given[1:].partition("]")
        if rest and not rest.startswith(":"):
            return False
        said = rest[1:]
    else:
        host, _, said = given.partition(":")
    if said != str(port) and not (said == "" and port == 80):
        return False
    return host in LOOPBACK_NAMES or is_loopback(host)


class Job:
    """A long request run in a thread: its ``progress``, then its ``answer`` (or ``error``)."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.progress = Progress()
        self.state = "running"
        self.answer: Optional[dict[str, Any]] = None
        self.error: Optional[str] = None
        self.started = time.monotonic()
        self.ended: Optional[float] = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"command": self.command, "state": self.state,
                               "done": self.progress.done, "total": self.progress.total,
                               "what": self.progress.what,
                               "seconds": round((self.ended or time.monotonic())
                                                - self.started, 1)}
        if self.answer is not None:
            out["answer"] = self.answer
        if self.error is not None:
            out["error"] = self.error
        return out


class Board:
    """What the server keeps: the workers, the answers so far, the jobs."""

    def __init__(self, record_text: Optional[str] = None) -> None:
        self.workers = Workers()
        self.cache: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.jobs: dict[str, Job] = {}
        self.ids = itertools.count(1)
        self.lock = threading.Lock()
        self.record_text = record_text
        self._variants: Optional[dict[str, Any]] = None
        self.static = {name: resources.files("pinosolve.board").joinpath("static", name)
                       .read_bytes() for name in (*STATIC, "index.html")}

    def variants(self) -> dict[str, Any]:
        """``GET /api/variants``: the built-in variants and the shipped house rules by name,
        ``play``, each one's seats and what its play needs (``records.variant_play``: read
        once), and the record the board was started with (None: none)."""
        from pinosolve.board.records import variant_play
        from pinosolve.variants.variant import example_names, variant_ids

        with self.lock:
            if self._variants is None:
                names = variant_ids() + example_names()
                self._variants = {"variants": variant_ids(), "house_rules": example_names(),
                                  "play": {name: variant_play(name) for name in names}}
            return {**self._variants, "record": self.record_text}

    def _cached(self, key: str) -> Optional[dict[str, Any]]:
        with self.lock:
            if key in self.cache:
                self.cache.move_to_end(key)
                return self.cache[key]
        return None

    def _keep(self, key: str, answer: dict[str, Any]) -> None:
        with self.lock:
            self.cache[key] = answer
            while len(self.cache) > CACHE:
                self.cache.popitem(last=False)

    def answer(self, command: str, line: dict[str, Any], seconds: float,
               progress: Optional[Progress] = None) -> dict[str, Any]:
        """``command``'s answer to ``line``, from the cache or a worker (errors included:
        ``{"error"}``, which are not kept)."""
        import hashlib

        key = hashlib.sha256((command + "\n" + json.dumps(line, sort_keys=True))
                             .encode()).hexdigest()
        got = self._cached(key)
        if got is None:
            got = self.workers.ask(command, line, seconds, progress)
            if "error" not in got:  # (an error may be the moment's: asked again, it is
                self._keep(key, got)  # answered again)
        return got

    def start_job(self, command: str, line: dict[str, Any]) -> str:
        with self.lock:
            running = [j for j in self.jobs.values() if j.state == "running"]
            if len(running) >= MAX_JOBS:
                raise PinosolveError(f"{len(running)} jobs are running: cancel one first")
            for old in [k for k, j in self.jobs.items() if j.state != "running"][:-MAX_JOBS]:
                del self.jobs[old]
            job_id = str(next(self.ids))
            job = self.jobs[job_id] = Job(command)

        def run() -> None:
            try:
                answer = self.answer(command, line, JOB_SECONDS, job.progress)
                if "error" in answer:
                    job.error = answer["error"]
                    job.state = "error"
                else:
                    job.answer = answer
                    job.state = "done"
            except Cancelled as exc:
                job.error = str(exc)
                job.state = "cancelled"
            except Exception as exc:  # (a defect: the job says so, and never hangs)
                job.error = f"internal error: {type(exc).__name__}: {exc}"[:300]
                job.state = "error"
            finally:
                job.ended = time.monotonic()

        threading.Thread(target=run, daemon=True).start()
        return job_id

    def close(self) -> None:
        for job in self.jobs.values():
            job.progress.cancelled.set()
        self.workers.close()


def check_line(command: str, line: Any) -> dict[str, Any]:
    """A request's batch line, refused (``PinosolveError``) where it names a file: a key
    of ``FILE_KEYS``, or a variant that is not a built-in one or a shipped house rule."""
    from pinosolve.variants.variant import example_names, variant_ids

    if not isinstance(line, dict):
        raise PinosolveError(f"{command}: the request is a JSON object of {command}'s batch "
                             "keys")
    for key, value in line.items():
        name = str(key).replace("-", "_")
        if name == "rules":
            if value not in example_names():
                raise PinosolveError(f"rules: {str(value)[:60]!r} is not a shipped house rule "
                                     f"(the board reads no file): {', '.join(example_names())}")
        elif name in FILE_KEYS:
            raise PinosolveError(f"{key}: the board reads no file; give the cards (a record's "
                                 "text goes to /api/record)")
    variant = line.get("variant")
    if variant is not None and variant not in variant_ids():
        raise PinosolveError(f"variant: {str(variant)[:60]!r} is not a built-in variant (a "
                             "shipped house rule is given as rules)")
    if variant is None and line.get("rules") is None:
        raise PinosolveError("name the variant (or a shipped house rule as rules): the board "
                             "has no default")
    return line


class Arriving(io.RawIOBase):
    """A connection's bytes, read as its requests arrive: each read waits at most
    ``IDLE_SECONDS``, and a request arrives whole within ``ARRIVE_SECONDS`` of its first byte,
    or a ``TimeoutError`` ends the connection (a client that sends a header line every few
    seconds, each in time, would hold its connection for ever). ``next_request`` starts the
    clock again."""

    def __init__(self, sock: Any) -> None:
        super().__init__()
        self.sock = sock
        self.deadline: Optional[float] = None  # the request's, once its first byte came

    def readable(self) -> bool:
        return True

    def next_request(self) -> None:
        self.deadline = None

    def readinto(self, buffer: Any) -> int:
        wait = IDLE_SECONDS
        if self.deadline is not None:
            wait = min(wait, self.deadline - time.monotonic())
            if wait <= 0:
                raise TimeoutError(f"the request took longer than {ARRIVE_SECONDS:g} s to "
                                   "arrive")
        self.sock.settimeout(wait)
        try:
            got: int = self.sock.recv_into(buffer)
        finally:
            self.sock.settimeout(IDLE_SECONDS)  # (the answer's writes: the usual wait)
        if got and self.deadline is None:
            self.deadline = time.monotonic() + ARRIVE_SECONDS
        return got


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words: ``null``, ``an array``, ..."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return "a number"
    return "a string" if isinstance(value, str) else "an array"


class Handler(BaseHTTPRequestHandler):
    """One connection's requests (see the module)."""

    server: BoardServer
    timeout = IDLE_SECONDS
    _consumed = False  # the request's body has been read
    protocol_version = "HTTP/1.1"
    server_version = "pinosolve-board"

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # (the socket's own reader: read through Arriving instead)
        self.arriving = Arriving(self.connection)
        self.rfile = io.BufferedReader(self.arriving)

    def handle_one_request(self) -> None:
        self.arriving.next_request()
        self.server.reading(self.connection, True)
        super().handle_one_request()

    def finish(self) -> None:
        self.server.reading(self.connection, False)
        super().finish()

    def _arrived(self) -> None:
        """The request has arrived whole: its connection is at work, not to be let go for
        a newcomer (``BoardServer.process_request``)."""
        self.server.reading(self.connection, False)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)

    # --- answers ----------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str) -> None:
        """Answer ``body``; a client gone before its answer is let go, without a word."""
        if not self._consumed and (self.headers.get("Content-Length") not in (None, "0")
                                   or self.headers.get("Transfer-Encoding")):
            self.close_connection = True  # (a body left unread is never read as a request)
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Content-Security-Policy",
                             "default-src 'self'; img-src 'self' data:; style-src 'self'")
            self.end_headers()
            self.wfile.write(body)
        except ConnectionError:  # (a broken pipe, a reset: the client has left)
            self.close_connection = True

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _error(self, status: int, message: str) -> None:
        self._json(status, {"error": message})

    def _host_ok(self) -> bool:
        """On loopback, whether the request names the board itself as its host (``host_ok``),
        in its one Host header and in its target where that is a whole address
        (``GET http://HOST/...``): a page elsewhere cannot reach it by a DNS trick."""
        self._consumed = False
        if not self.server.loopback:
            return True
        port = int(self.server.server_address[1])
        given = self.headers.get_all("Host") or []
        target = urlsplit(self.path)
        return len(given) == 1 and host_ok(given[0], port) and \
            (not target.netloc or host_ok(target.netloc, port))

    # --- the methods --------------------------------------------------------------------------

    def do_GET(self) -> None:
        self._arrived()
        if not self._host_ok():
            return self._error(HTTPStatus.FORBIDDEN, "not this board's host")
        path = urlsplit(self.path).path
        board = self.server.board
        if path in ("/", "/index.html"):
            return self._send(200, board.static["index.html"], "text/html; charset=utf-8")
        if path.startswith("/static/") and path[8:] in STATIC:
            return self._send(200, board.static[path[8:]], STATIC[path[8:]] + "; charset=utf-8")
        if path == "/api/variants":
            return self._json(200, board.variants())
        if path.startswith("/api/jobs/"):
            job = board.jobs.get(path[10:])
            if job is None:
                return self._error(HTTPStatus.NOT_FOUND, "no such job")
            return self._json(200, job.to_json())
        return self._error(HTTPStatus.NOT_FOUND, f"no such page: {path[:80]}")

    def do_DELETE(self) -> None:
        self._arrived()
        if not self._host_ok():
            return self._error(HTTPStatus.FORBIDDEN, "not this board's host")
        path = urlsplit(self.path).path
        job = self.server.board.jobs.get(path[10:]) if path.startswith("/api/jobs/") else None
        if job is None:
            return self._error(HTTPStatus.NOT_FOUND, "no such job")
        job.progress.cancelled.set()
        return self._json(200, job.to_json())

    def do_POST(self) -> None:
        if not self._host_ok():
            return self._error(HTTPStatus.FORBIDDEN, "not this board's host")
        url = urlsplit(self.path)
        body = self._body()
        if body is None:
            return None
        command = url.path[5:] if url.path.startswith("/api/") else ""
        try:
            if command == "record":
                from pinosolve.board.records import record_view

                return self._json(200, record_view(body))
            if command not in COMMANDS:
                return self._error(HTTPStatus.NOT_FOUND, f"no such command: {command[:40]!r}; "
                                   f"commands are {', '.join(COMMANDS)}")
            line = check_line(command, body)
            board = self.server.board
            if url.query == "job=1":
                return self._json(202, {"job": board.start_job(command, line)})
            answer = board.answer(command, line, REQUEST_SECONDS)
        except PinosolveError as exc:
            return self._error(HTTPStatus.BAD_REQUEST, str(exc))
        except Cancelled as exc:
            return self._error(HTTPStatus.SERVICE_UNAVAILABLE,
                               f"{exc}: ask for it as a job (?job=1), which may run longer and "
                               "be cancelled")
        except RecursionError:
            return self._error(HTTPStatus.BAD_REQUEST, "input too deeply nested")
        except Exception as exc:  # (a defect: one line, and the board goes on)
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR,
                               f"internal error: {type(exc).__name__}: {exc}"[:300])
        return self._json(HTTPStatus.BAD_REQUEST if "error" in answer else 200, answer)

    def _body(self) -> Optional[dict[str, Any]]:
        """The request's body, a JSON object; None once a 4xx has been sent (a body that is
        no object among them: JSON's null is refused here, never taken for None)."""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind != "application/json":
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send JSON (Content-Type: "
                        "application/json)")
            return None
        if self.headers.get("Transfer-Encoding"):
            self._error(HTTPStatus.LENGTH_REQUIRED, "give a Content-Length, not chunks")
            self.close_connection = True
            return None
        try:
            size = int(self.headers.get("Content-Length") or "-1")
        except ValueError:
            size = -1
        if size < 0:
            self._error(HTTPStatus.LENGTH_REQUIRED, "give the body's Content-Length")
            self.close_connection = True
            return None
        if size > MAX_BODY:
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                        f"a request is at most {MAX_BODY >> 20} MiB")
            self.close_connection = True
            return None
        raw = self.rfile.read(size)
        self._consumed = True
        self._arrived()
        if len(raw) < size:
            self.close_connection = True
            return None
        from pinosolve.files import load_json

        try:
            text = raw.decode("utf-8")
            body = load_json(text)
        except UnicodeDecodeError:
            self._error(HTTPStatus.BAD_REQUEST, "the body is not UTF-8")
            return None
        except PinosolveError as exc:
            self._error(HTTPStatus.BAD_REQUEST, str(exc))
            return None
        if not isinstance(body, dict):
            self._error(HTTPStatus.BAD_REQUEST, "the request is a JSON object of the "
                        f"command's keys, not {_json_kind(body)}")
            return None
        return body


class BoardServer(ThreadingHTTPServer):
    """The server: its ``board``, at most ``MAX_CONNECTIONS`` connections at once;
    ``loopback``: whether the address it is bound to is loopback (``is_loopback``), whatever
    name ``host`` gave it."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = MAX_CONNECTIONS  # (connections not yet taken: 5 by default, and a
    # burst of more waited seconds for the kernel to try them again)

    def __init__(self, host: str, port: int, board: Board, verbose: bool = False) -> None:
        import socket

        if ":" in host:
            self.address_family = socket.AF_INET6
        self.board = board
        self.verbose = verbose
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.waiting: dict[Any, float] = {}  # connections waiting for a request: since when
        self.waiting_lock = threading.Lock()
        super().__init__((host, port), Handler)
        self.loopback = is_loopback(str(self.server_address[0]))

    def reading(self, connection: Any, waiting: bool) -> None:
        """Mark ``connection`` as waiting for (or receiving) a request, since now, or as at
        work (or gone)."""
        with self.waiting_lock:
            if waiting:
                self.waiting[connection] = time.monotonic()
            else:
                self.waiting.pop(connection, None)

    def _let_one_go(self) -> bool:
        """Close the connection that has waited longest for a request to arrive (none at
        work is touched); whether there was one."""
        import socket

        with self.waiting_lock:
            if not self.waiting:
                return False
            oldest = min(self.waiting, key=self.waiting.__getitem__)
            del self.waiting[oldest]
        try:
            oldest.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        return True

    def process_request(self, request: Any, client_address: Any) -> None:
        """A new connection takes a free slot; where there is none, the connection that has
        waited longest for a request lets its slot go (clients that send their requests
        slowly, each in time, or keep idle connections, cannot hold every slot), and only
        where every connection is at work is the newcomer answered 503."""
        if not self.slots.acquire(blocking=False) and not (
                self._let_one_go() and self.slots.acquire(timeout=2.0)):
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection's error: a client that left (a broken pipe, a reset, while its
        request was read, say) is no error of the board's and prints nothing; any other is
        printed as the server prints it."""
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    def server_close(self) -> None:
        super().server_close()
        self.board.close()
