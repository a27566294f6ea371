"""The sans-I/O connection state machine, driven with bytes and an injected clock (no sockets)."""

from __future__ import annotations

import struct
from typing import Any

from net.codec import FrameDecoder, decode_body, encode
from net.connection import Connection, State
from net.messages import GAME_VERSION, PROTOCOL_VERSION, Hello, Ping, Welcome


def replies(conn: Connection) -> list[dict[str, Any]]:
    d = FrameDecoder(max_frame=1 << 20)
    d.feed(conn.data_to_send())
    return [decode_body(b) for b in d.frames()]


def opened_host() -> Connection:
    host = Connection("host")
    (msg,) = host.receive_data(encode(Hello(PROTOCOL_VERSION, GAME_VERSION, "Ann").to_wire()), now=0.0)
    host.accept(Welcome(PROTOCOL_VERSION, GAME_VERSION, 1, "tok", False, None))
    assert host.state is State.OPEN
    replies(host)
    return host


def test_strikes_expire_after_the_window() -> None:
    host = opened_host()
    bad = encode({"t": "nope"})
    for i in range(5):
        host.receive_data(bad, now=float(i))
    assert not host.closed
    host.receive_data(bad, now=100.0)  # the first five are older than 60 s: forgiven
    assert not host.closed
    for i in range(5):
        host.receive_data(bad, now=101.0 + i)
    assert host.closed and host.close_reason == "too_many_errors"
    assert replies(host)[-1] == {"t": "bye", "reason": "too_many_errors", "message": "too many invalid messages"}


def test_rate_limit_refills_with_time() -> None:
    host = Connection("host", rate=10.0, burst=3.0)
    host.receive_data(encode(Hello(PROTOCOL_VERSION, GAME_VERSION, "Ann").to_wire()), now=0.0)
    host.accept(Welcome(PROTOCOL_VERSION, GAME_VERSION, 1, "tok", False, None))
    ping = encode(Ping(1).to_wire())
    got = host.receive_data(ping * 4, now=0.0)
    assert len(got) == 2  # the hello used one token of three
    assert [m["code"] for m in replies(host) if m["t"] == "error"] == ["flood", "flood"]
    assert len(host.receive_data(ping, now=0.05)) == 0  # half a token
    assert len(host.receive_data(ping, now=0.2)) == 1  # refilled


def test_peer_side_handshake_and_welcome_version() -> None:
    peer = Connection("peer")
    peer.receive_data(encode({"t": "ping", "n": 1}), now=0.0)  # tolerated before the welcome
    assert peer.state is State.HANDSHAKE and not replies(peer)
    other = Welcome(PROTOCOL_VERSION + 1, GAME_VERSION, 1, "tok", False, None).to_wire()
    assert peer.receive_data(encode(other), now=0.0) == []
    assert peer.closed and peer.close_reason == "version_mismatch"
    assert "protocol 2" in peer.close_message and "both must run the same version" in peer.close_message
    ok = Connection("peer")
    (w,) = ok.receive_data(encode(Welcome(PROTOCOL_VERSION, "0.1.9", 1, "tok", True, 0).to_wire()), now=0.0)
    assert ok.state is State.OPEN and isinstance(w, Welcome)  # patch versions interoperate


def test_fatal_oversized_frame_and_nothing_after_close() -> None:
    host = opened_host()
    host.receive_data(struct.pack(">I", 10**9), now=0.0)
    assert host.closed and [m["t"] for m in replies(host)] == ["error", "bye"]
    assert host.receive_data(encode(Ping(1).to_wire()), now=1.0) == []
    host.send(Ping(2))
    assert host.data_to_send() == b""


def test_bye_closes_and_is_delivered() -> None:
    host = opened_host()
    (bye,) = host.receive_data(encode({"t": "bye", "reason": "leaving", "message": "see you"}), now=0.0)
    assert host.closed and host.remote_closed and host.close_message == "see you" and bye.T == "bye"
