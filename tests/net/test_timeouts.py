"""Timeouts on real sockets, with small values injected so that each test takes about a second: a frame
that never finishes is closed, only complete messages count as signs of life, and the hello and idle
timeouts fire on time (within the keep-alive tick of a quarter of a second)."""

from __future__ import annotations

import struct
import time

from tests.net.helpers import RawClient, running_host

TICK = 0.25
"""The host checks its timeouts this often (so each fires at most this late)."""
SLACK = 0.75
"""Allowance for a busy test machine on top of the tick (the lower bounds are exact)."""


def _trickle_until_closed(raw: RawClient, limit: float) -> list[dict[str, object]]:
    """Send the header of a 60 KB frame, then one byte every 0.1 s until the host closes; return what came."""
    raw.send_raw(struct.pack(">I", 60_000))
    got: list[dict[str, object]] = []
    deadline = time.monotonic() + limit
    while not raw.eof and time.monotonic() < deadline:
        try:
            raw.send_raw(b"\x00")
        except OSError:
            break
        got.extend(raw.drain(0.1))
    raw.wait_eof(2)
    return got + raw.inbox


def test_a_frame_that_never_finishes_is_closed() -> None:
    with running_host("klaberjass", 2, {}, "Trickle", frame_timeout=0.5, ping_timeout=30.0) as (host, _):
        good = RawClient(host.port)
        good.hello("Good")
        raw = RawClient(host.port)
        raw.hello("Slow")
        start = time.monotonic()
        got = _trickle_until_closed(raw, limit=5.0)
        elapsed = time.monotonic() - start
        byes = [m for m in got if m.get("t") == "bye"]
        assert byes and byes[-1]["reason"] == "timeout" and "too long" in str(byes[-1]["message"]), got
        assert 0.5 <= elapsed < 0.5 + TICK + SLACK, elapsed
        good.send({"t": "ping", "n": 3})  # the others play on
        assert good.expect("pong", n=3)
        good.close()


def test_bytes_inside_an_unfinished_frame_are_no_sign_of_life() -> None:
    with running_host("klaberjass", 2, {}, "Alive?", frame_timeout=60.0, ping_timeout=0.8,
                      ping_interval=0.2) as (host, _):
        start = time.monotonic()  # the hello below is the last complete frame the host will get
        raw = RawClient(host.port)
        raw.hello("Slow")
        got = _trickle_until_closed(raw, limit=5.0)  # it never answers the pings it is sent
        elapsed = time.monotonic() - start
        assert any(m.get("t") == "ping" for m in got)
        bye = [m for m in got if m.get("t") == "bye"][-1]
        assert bye["reason"] == "timeout" and "ping" in str(bye["message"]), got
        assert 0.8 <= elapsed < 0.8 + TICK + SLACK, elapsed


def test_hello_and_idle_timeouts_fire_on_time() -> None:
    with running_host("klaberjass", 2, {}, "Clock", hello_timeout=0.6, ping_timeout=1.0,
                      ping_interval=10.0) as (host, _):
        start = time.monotonic()
        silent = RawClient(host.port)
        idle = RawClient(host.port)
        idle.hello("Idle")
        bye = silent.expect("bye", timeout=3)
        assert bye["reason"] == "timeout" and "hello" in bye["message"]
        assert 0.6 <= time.monotonic() - start < 0.6 + TICK + SLACK
        bye = idle.expect("bye", timeout=3)
        assert bye["reason"] == "timeout"
        assert 1.0 <= time.monotonic() - start < 1.0 + TICK + SLACK
