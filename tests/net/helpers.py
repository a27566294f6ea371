"""Shared helpers for the network tests: a host on a background loop, a blocking raw client, bounded waits."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from net.bridge import LoopThread
from net.codec import MAX_FRAME_TO_PEER, FrameDecoder, decode_body, encode
from net.host import Host
from net.messages import GAME_VERSION, PROTOCOL_VERSION


@pytest.fixture(autouse=True)
def loopback_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """For the client's LAN scenes (import it into the test module): loopback only, private config and data."""
    monkeypatch.setenv("BELLA_LAN_INTERFACES", "127.0.0.1")
    monkeypatch.setenv("BELLA_LAN_BIND", "127.0.0.1")
    cfg = tmp_path / "config"
    cfg.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # a table hosted here records its matches


def wait_until(pred: Callable[[], Any], timeout: float = 10.0, step: float = 0.005) -> Any:
    """Poll ``pred`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = pred()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {getattr(pred, '__name__', pred)}")
        time.sleep(step)


@contextmanager
def running_host(*args: Any, **kwargs: Any) -> Iterator[tuple[Host, LoopThread]]:
    """A :class:`Host` listening on 127.0.0.1 on a background loop; stopped on exit."""
    thread = LoopThread("test-host")
    host = Host(*args, **kwargs)
    try:
        thread.run(host.start("127.0.0.1", 0), timeout=5)
        yield host, thread
    finally:
        try:
            thread.run(host.stop(), timeout=5)
        finally:
            thread.stop()


class RawClient:
    """A blocking socket speaking the protocol by hand (for malformed-input tests)."""

    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.settimeout(timeout)
        self.decoder = FrameDecoder(MAX_FRAME_TO_PEER)
        self.inbox: list[dict[str, Any]] = []
        self.eof = False

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, msg: dict[str, Any]) -> None:
        self.sock.sendall(encode(msg))

    def hello(self, name: str = "Raw", **extra: Any) -> dict[str, Any]:
        msg = {"t": "hello", "protocol": PROTOCOL_VERSION, "version": GAME_VERSION, "name": name, "token": None,
               "match": 0, "events": 0, "owner_key": None}
        msg.update(extra)
        self.send(msg)
        return self.expect("welcome")

    def _read(self, timeout: float) -> bool:
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return False
        except (ConnectionError, OSError):
            self.eof = True
            return False
        if not data:
            self.eof = True
            return False
        self.decoder.feed(data)
        for body in self.decoder.frames():
            self.inbox.append(decode_body(body))
        return True

    def expect(self, kind: str, timeout: float = 5.0, **match: Any) -> dict[str, Any]:
        """Return (and remove) the first received message of type ``kind`` matching ``match``."""
        deadline = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.inbox):
                if m.get("t") == kind and all(m.get(k) == v for k, v in match.items()):
                    return self.inbox.pop(i)
            left = deadline - time.monotonic()
            if left <= 0 or self.eof:
                raise AssertionError(f"no {kind} {match} received; got {[m.get('t') for m in self.inbox]}")
            self._read(min(left, 0.2))

    def drain(self, duration: float = 0.1) -> list[dict[str, Any]]:
        """Read for ``duration`` seconds; return everything received (and clear the inbox)."""
        deadline = time.monotonic() + duration
        while time.monotonic() < deadline and not self.eof:
            self._read(max(0.001, deadline - time.monotonic()))
        out, self.inbox = self.inbox, []
        return out

    def wait_eof(self, timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while not self.eof:
            if time.monotonic() > deadline:
                raise AssertionError("the host did not close the connection")
            self._read(0.1)

    def close(self) -> None:
        self.sock.close()
