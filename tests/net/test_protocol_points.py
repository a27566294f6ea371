"""Small protocol rules: a hello claiming events the host does not have is refused (and the reference
peer then asks for everything), action.seq is bounded by 2**31, and a protocol version sent as a string
is named as such in the mismatch message."""

from __future__ import annotations

from typing import Any

from net.bridge import LoopThread
from net.peer import PeerClient
from tests.net.helpers import RawClient, running_host, wait_until

HELLO: dict[str, Any] = {"t": "hello", "protocol": 1, "version": "0.1.0", "name": "Bob", "token": None,
                         "match": 0, "events": 0, "owner_key": None}


def test_a_hello_claiming_more_events_than_the_host_has_is_refused() -> None:
    with running_host("klaberjass", 2, {}, "Claims", bots={1: "random"}, owner_key="k",
                      bot_delay=5.0) as (host, _):
        ann = RawClient(host.port)
        ann.hello("Ann", owner_key="k")
        ann.send({"t": "take_seat", "seat": 0})
        ann.expect("lobby", seat=0)
        ann.send({"t": "start"})
        ann.expect("update")
        count = host.state.event_count
        assert 0 < count < 1037
        bob = RawClient(host.port)
        for match, events in ((1, 1037), (2, 0)):  # more events than match 1 has; a match not played yet
            bob.send({**HELLO, "match": match, "events": events})
            err = bob.expect("error", ref="hello")
            assert err["code"] == "bad_message" and f"match 1 with {count} events" in err["message"], err
        bob.send({**HELLO, "match": 1, "events": count})  # still in the handshake: a true claim is welcome
        bob.expect("welcome")
        upd = bob.expect("update")
        assert upd["first"] == count and upd["events"] == []

        # the reference peer, holding events of a table that restarted, asks again for everything
        got: list[tuple[str, Any]] = []
        peer = PeerClient("127.0.0.1", host.port, "Cid", lambda kind, payload: got.append((kind, payload)))
        peer.match, peer.events = 1, 1037
        thread = LoopThread("test-peer")
        try:
            thread.submit(peer.run())
            wait_until(lambda: any(k == "update" for k, _ in got), timeout=5)
            first = next(p for k, p in got if k == "update")
            assert first.first == 0 and len(first.events) == count
            assert not [p for k, p in got if k == "error"]
        finally:
            thread.run(peer.close(), timeout=5)
            thread.stop()
        ann.close()
        bob.close()


def test_action_seq_is_bounded() -> None:
    with running_host("klaberjass", 2, {}, "Seq") as (host, _):
        raw = RawClient(host.port)
        raw.hello("Ann")
        raw.send({"t": "action", "seq": 2**31, "action": {"type": "pass"}})
        assert raw.expect("error", ref="action")["code"] == "no_seat"  # in range: checked further
        raw.send({"t": "action", "seq": 2**31 + 1, "action": {"type": "pass"}})
        err = raw.expect("error", ref="action")
        assert err["code"] == "bad_message" and "2147483648" in err["message"]
        raw.close()


def test_a_protocol_sent_as_a_string_is_named_in_the_mismatch() -> None:
    with running_host("klaberjass", 2, {}, "Versions") as (host, _):
        raw = RawClient(host.port)
        raw.send({**HELLO, "protocol": "1"})
        err = raw.expect("error", ref="hello")
        assert err["code"] == "version_mismatch"
        assert "(protocol 1) but you have Bella 0.1.0 (protocol '1', a string, not an integer)" in err["message"]
        assert raw.expect("bye")["reason"] == "version_mismatch"
        raw.wait_eof()
