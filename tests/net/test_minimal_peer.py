"""A peer written from docs/protocol.md alone (plain socket + struct + msgpack, nothing from net/) plays a
whole match against a host bot: the document is enough to write a compatible peer."""

from __future__ import annotations

import random
import socket
import struct
import time
from typing import Any

import msgpack

import core
from tests.net.helpers import running_host


class MinimalPeer:
    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.buf = b""

    def send(self, msg: dict[str, Any]) -> None:
        body = msgpack.packb(msg)
        self.sock.sendall(struct.pack(">I", len(body)) + body)

    def recv(self) -> dict[str, Any]:
        while True:
            if len(self.buf) >= 4:
                (n,) = struct.unpack(">I", self.buf[:4])
                if len(self.buf) >= 4 + n:
                    body, self.buf = self.buf[4:4 + n], self.buf[4 + n:]
                    msg: dict[str, Any] = msgpack.unpackb(body)
                    return msg
            data = self.sock.recv(65536)
            assert data, "the host closed the connection"
            self.buf += data


def test_a_peer_from_the_document_plays_a_match() -> None:
    rng = random.Random(8)
    with running_host("klaberjass", 2, {"target_score": 300}, "Doc", bots={1: "random"}, seed=8,
                      owner_key="owner") as (host, _):
        p = MinimalPeer(host.port)
        p.send({"t": "hello", "protocol": 1, "version": "0.1.0", "name": "Doc", "token": None, "match": 0,
                "events": 0, "owner_key": "owner"})
        welcome = p.recv()
        assert welcome["t"] == "welcome" and welcome["owner"] is True and len(welcome["token"]) > 10
        p.send({"t": "take_seat", "seat": 0})
        p.send({"t": "start"})  # the owner's start counts as ready
        events: list[dict[str, Any]] = []
        view: dict[str, Any] | None = None
        deadline = time.monotonic() + 30
        while view is None or not view["match_over"]:
            assert time.monotonic() < deadline
            msg = p.recv()
            if msg["t"] == "ping":
                p.send({"t": "pong", "n": msg["n"]})
            elif msg["t"] == "error":
                raise AssertionError(msg)
            elif msg["t"] == "update":
                assert msg["first"] == len(events)
                events += msg["events"]
                if msg["view"] is not None:
                    view = msg["view"]
                    if view["current_player"] == 0 and view["legal"]:
                        p.send({"t": "action", "seq": view["seq"], "action": rng.choice(view["legal"])})
        assert events == host.state.events_for(0)
        assert view["scores"] == core.replay(host.state.to_record()).scores
        p.send({"t": "bye", "reason": "leaving", "message": ""})
        p.sock.close()
