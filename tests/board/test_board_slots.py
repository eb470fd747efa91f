"""The board's connections: clients that hold connections without a request at work cannot
keep a newcomer out, and a request names the board as its host once, in every place it
names a host."""

from __future__ import annotations

import socket

import pytest

from pinosolve.board.server import MAX_CONNECTIONS
from tests.board.test_board_server import Board


def _ask(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    """``request`` sent on a new connection; the answer's status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            got = sock.recv(4096)
            if not got:
                break
            answer += got
    return answer.split(b"\r\n")[0]


@pytest.fixture(scope="module")
def board():
    board = Board(env={"PINOSOLVE_BOARD_IDLE": "20"})
    yield board
    board.stop()


def test_connections_waiting_for_a_request_let_a_newcomer_in(board):
    """Every slot held by a client that sent part of a request (each in time, as slow
    clients do): a newcomer's request is answered, the longest-waiting holder let go."""
    holders = []
    try:
        for _ in range(MAX_CONNECTIONS):
            sock = socket.create_connection(("127.0.0.1", board.port), timeout=10)
            sock.sendall(b"GET /api/variants HTTP/1.1\r\n")
            holders.append(sock)
        for _ in range(3):
            status = _ask(board.port, f"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1:"
                          f"{board.port}\r\nConnection: close\r\n\r\n".encode())
            assert status == b"HTTP/1.1 200 OK", status
        assert holders[0].recv(10) == b""  # (the first holder was let go)
    finally:
        for sock in holders:
            sock.close()


@pytest.mark.parametrize("head", [
    "GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n",
    "GET /api/variants HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1:{port}\r\n",
    "GET http://evil.example/api/variants HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n",
    "GET http://127.0.0.1:{port}/api/variants HTTP/1.1\r\nHost: evil.example\r\n",
])
def test_a_request_names_the_board_once_and_everywhere(board, head):
    request = (head + "Connection: close\r\n\r\n").format(port=board.port).encode()
    assert _ask(board.port, request) == b"HTTP/1.1 403 Forbidden"


def test_the_board_itself_named_in_full_is_answered(board):
    request = (f"GET http://127.0.0.1:{board.port}/api/variants HTTP/1.1\r\nHost: "
               f"localhost:{board.port}\r\nConnection: close\r\n\r\n").encode()
    assert _ask(board.port, request) == b"HTTP/1.1 200 OK"
