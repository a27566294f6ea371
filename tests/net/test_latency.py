"""A slow link (a loopback proxy adding 60 ms each way, since tc netem is not available): a match still
completes with no error and no spurious reconnection; every wait is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Any

import core
from net.bridge import LoopThread
from net.lan import RemoteSession
from tests.net.helpers import running_host, wait_until


class DelayProxy:
    """Forwards loopback TCP with a fixed delay on every chunk, in order."""

    def __init__(self, target_port: int, delay: float) -> None:
        self.target, self.delay = target_port, delay
        self.thread = LoopThread("test-delay-proxy")
        self.server: asyncio.Server = self.thread.run(asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = int(self.server.sockets[0].getsockname()[1])

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(ConnectionError, OSError):
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                loop.call_later(self.delay, self._write, writer, data)
        loop.call_later(self.delay + 0.01, writer.close)

    @staticmethod
    def _write(writer: asyncio.StreamWriter, data: bytes) -> None:
        if not writer.is_closing():
            writer.write(data)

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        r2, w2 = await asyncio.open_connection("127.0.0.1", self.target)
        await asyncio.gather(self._pipe(reader, w2), self._pipe(r2, writer))

    def close(self) -> None:
        self.server.close()
        self.thread.stop()


def test_match_over_a_slow_link() -> None:
    with running_host("klaberjass", 2, {"target_score": 150}, "Slow", bots={1: "random"}, seed=6,
                      ping_interval=0.2, ping_timeout=2.0) as (host, thread):
        proxy = DelayProxy(host.port, 0.06)
        s = RemoteSession("127.0.0.1", proxy.port, "Far", ping_interval=0.2, ping_timeout=2.0)
        try:
            wait_until(lambda: s.status == "lobby", timeout=5)
            s.take_seat(0)
            s.set_ready(True)
            wait_until(lambda: host.lobby()["seats"][0]["ready"], timeout=5)
            thread.call_wait(host.start_match)
            rng = random.Random(2)
            view: dict[str, Any] | None = None
            statuses: list[str] = []
            acted = -1
            deadline = time.monotonic() + 60
            while not (view and view["match_over"]):
                assert time.monotonic() < deadline
                for u in s.poll():
                    assert not u.error, u.error
                    if u.status:
                        statuses.append(u.status)
                    if u.view is not None:
                        view = u.view
                if view and view["legal"] and view["current_player"] == 0 and view["seq"] != acted:
                    acted = view["seq"]
                    s.submit(core.action_from_json(rng.choice(view["legal"])))
                time.sleep(0.002)
            assert not any("reconnect" in x.lower() or "lost" in x.lower() for x in statuses), statuses
            assert view["scores"] == core.replay(host.state.to_record()).scores
        finally:
            s.close()
            proxy.close()
