"""Programs that play (or fail to play) by the ``cmd:`` player's protocol, for
tests/players/test_program.py: ``python bots.py MODE ARG...`` (standard library only, so each
starts at once). Imported, it does nothing.

Modes: ``good [LOG]`` (a sensible legal answer; each request appended to LOG), ``say TEXT``
(answers the line TEXT), ``garbage KIND``, ``crash AFTER CODE`` (answers AFTER requests, then
exits with CODE on reading the next), ``now CODE [COUNT]`` (exits at once; its pid appended
to COUNT), ``flaky COUNT`` (of three starts, two exit at once and one answers once),
``hang``, ``late MARKER SECONDS`` (the first program to run sleeps, then answers the last
choice; the others answer the first), ``noisy`` (megabytes on standard error first),
``fork PIDFILE`` (leaves a child running), ``stubborn`` (ignores its input closing and
SIGTERM), ``memory`` (``big`` if 3 GiB of data can be had, else ``small``), ``twice`` (two
lines per request).
"""

from __future__ import annotations

import json
import mmap
import os
import signal
import sys
import time

DEEP = 100_000


def answer(req: dict) -> object:
    """A legal choice: the lowest bid while nobody has bid, then pass; the required cards
    first for a count; else the first choice."""
    d = req["decision"]
    if d["kind"] == "call":
        bids = [c for c in req["view"].get("auction_calls", []) if c not in ("pass", "misdeal")]
        bid = next((c for c in d["choices"] if c not in ("pass", "misdeal")), "pass")
        return "pass" if bids or "pass" not in d["choices"] else bid
    if d["count"]:
        left = list(d["choices"])
        for c in d["required"]:
            left.remove(c)
        return d["required"] + left[:d["count"] - len(d["required"])]
    return d["choices"][0]


def out(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def reply(value: object) -> None:
    out(json.dumps({"choice": value}).encode() + b"\n")


def requests():
    for line in sys.stdin.buffer:
        yield json.loads(line)


GARBAGE = {
    "text": b"hello, world\n",
    "number": b"7\n",
    "object": b'{"x": 1}\n',
    "null": b"null\n",
    "nullchoice": b'{"choice": null}\n',
    "listnumbers": b'{"choice": ["AS", 7]}\n',
    "empty": b"\n",
    "deep": b"[" * DEEP + b"]" * DEEP + b"\n",  # over 64 KiB: the size guard
    "deep30k": b"[" * 30_000 + b"]" * 30_000 + b"\n",  # under 64 KiB: the parser's guard
    "mega": b"x" * (1 << 20),  # 1 MB, no newline
    "utf8": b'"\xff\xfe"\n',
}


def main(mode: str, *args: str) -> None:
    if mode == "now":
        if args[1:]:
            with open(args[1], "a") as f:
                f.write(f"{os.getpid()}\n")
        sys.exit(int(args[0]))
    if mode == "flaky":  # of each three starts, two exit at once, the third answers once
        with open(args[0], "a+") as f:
            f.seek(0)
            starts = len(f.read().split())
            f.write(f"{os.getpid()}\n")
        if starts % 3 != 2:
            sys.exit(1)
        mode, args = "crash", ("1", "1")
    if mode == "fork":
        child = os.fork()
        if child == 0:
            os.closerange(0, 3)
            time.sleep(600)
            os._exit(0)
        with open(args[0], "w") as f:
            f.write(str(child))
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    late_first = False
    if mode == "late" and not os.path.exists(args[0]):
        open(args[0], "w").close()
        late_first = True
    answered = 0
    for req in requests():
        if mode in ("good", "fork", "stubborn"):
            if args[:1] and mode == "good":
                with open(args[0], "a") as f:
                    f.write(json.dumps(req) + "\n")
            reply(answer(req))
        elif mode == "say":
            out(args[0].encode() + b"\n")
        elif mode == "garbage":
            if args[0] == "partial":
                out(b'{"choice": "A')
                time.sleep(600)
            out(GARBAGE[args[0]])
        elif mode == "crash":
            if answered == int(args[0]):
                sys.exit(int(args[1]))
            reply(answer(req))
        elif mode == "hang":
            time.sleep(600)
        elif mode == "late":
            if late_first:
                time.sleep(float(args[1]))
                reply(req["decision"]["choices"][-1])
            else:
                reply(req["decision"]["choices"][0])
        elif mode == "noisy":
            for _ in range(100):
                sys.stderr.write("x" * 100_000 + "\n")
            sys.stderr.flush()
            reply(answer(req))
        elif mode == "memory":
            try:
                # (private and writable: counted, though never touched)
                mmap.mmap(-1, 3 << 30, flags=mmap.MAP_PRIVATE).close()
                reply("big")
            except OSError:
                reply("small")
        elif mode == "twice":
            reply(answer(req))
            reply(answer(req))
        answered += 1
    if mode == "stubborn":
        time.sleep(600)


if __name__ == "__main__":
    main(*sys.argv[1:])
