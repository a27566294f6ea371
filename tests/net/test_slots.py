"""Connection slots: silent connections (no hello) have a small budget of their own, so 62 of them cannot
keep a newcomer out; past the limit of open connections a newcomer is told the table is full, but a seat
holder coming back with its token always gets in."""

from __future__ import annotations

import socket
import time
from typing import Any

import net.host
from tests.net.helpers import RawClient, running_host, wait_until


def test_a_newcomer_gets_in_while_62_silent_sockets_are_open() -> None:
    with running_host("klaberjass", 2, {}, "Crowded") as (host, _):
        silent = [socket.create_connection(("127.0.0.1", host.port), timeout=5) for _ in range(62)]
        try:
            wait_until(lambda: sum(1 for x in host.links if x.client is None) <= net.host.MAX_HANDSHAKE, timeout=5)
            start = time.monotonic()
            newcomer = RawClient(host.port)
            welcome = newcomer.hello("New")  # at once, not after the silent ones time out (3 s)
            assert welcome["seat"] is None and time.monotonic() - start < 2.0
            newcomer.send({"t": "take_seat", "seat": 0})
            newcomer.expect("lobby", seat=0)
            # the oldest silent connections were told why they were closed
            silent[0].settimeout(2)
            assert b"too many new connections" in silent[0].recv(4096)
            assert len(host.links) <= net.host.MAX_HANDSHAKE + 1
            newcomer.close()
        finally:
            for s in silent:
                s.close()


def test_a_seat_holder_gets_back_in_past_the_limit(monkeypatch: Any) -> None:
    monkeypatch.setattr(net.host, "MAX_LINKS", 2)
    with running_host("klaberjass", 2, {}, "Full", bots={1: "random"}, owner_key="k", bot_delay=0.05,
                      takeover_delay=30.0) as (host, _):
        ann = RawClient(host.port)
        token = ann.hello("Ann", owner_key="k")["token"]
        ann.send({"t": "take_seat", "seat": 0})
        ann.expect("lobby", seat=0)
        ann.send({"t": "start"})
        ann.expect("update")
        ann.close()  # drops during the match: the seat is kept for her
        wait_until(lambda: host.lobby()["seats"][0]["connected"] is False, timeout=5)
        spectators = [RawClient(host.port) for _ in range(2)]
        for s in spectators:
            s.hello("Watcher")
        late = RawClient(host.port)
        late.send({"t": "hello", "protocol": 1, "version": "0.1.0", "name": "Late", "token": None, "match": 0,
                   "events": 0, "owner_key": None})
        assert late.expect("error")["code"] == "table_full"
        assert late.expect("bye")["reason"] == "table_full"
        back = RawClient(host.port)
        assert back.hello("Ann", token=token)["seat"] == 0  # her token gets her in anyway
        assert back.expect("update")["match"] == 1
        for c in (back, late, *spectators):
            c.close()
