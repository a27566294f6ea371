"""Malformed and hostile input over real sockets: each is answered as docs/protocol.md says, and never
disturbs the other peers (a good peer plays its match to the end meanwhile, with no error and no gap)."""

from __future__ import annotations

import random
import struct
from typing import Any

import core
from net.codec import encode
from net.lan import RemoteSession
from tests.net.helpers import RawClient, running_host, wait_until
from tests.net.test_match import Driver, play_out


def _seat_raw(raw: RawClient, seat: int) -> None:
    raw.send({"t": "take_seat", "seat": seat})
    raw.expect("lobby", seat=seat)
    raw.send({"t": "ready", "ready": True})


def test_malformed_input_is_answered_and_the_table_plays_on() -> None:
    with running_host("belote", 4, {}, "Abuse", bots={1: "random", 3: "random"}, seed=3) as (host, thread):
        good = RemoteSession("127.0.0.1", host.port, "Good")
        try:
            wait_until(lambda: good.status == "lobby")
            good.take_seat(0)
            wait_until(lambda: good.seat == 0)
            good.set_ready(True)
            raw = RawClient(host.port)
            raw.hello("Raw")
            _seat_raw(raw, 2)
            wait_until(lambda: all(s["ready"] for s in host.lobby()["seats"]))
            thread.call_wait(host.start_match)
            d = Driver(good, 7)
            wait_until(lambda: (d.step(), d.view is not None)[1])

            # --- a seated peer misbehaving in the game
            record = host.state.to_record()
            upd = raw.expect("update")
            view = upd["view"]
            while view["current_player"] != 2:  # wait for our turn, sending out-of-turn actions meanwhile
                raw.send({"t": "action", "seq": view["seq"], "action": {"type": "bid", "call": "pass"}})
                err = raw.expect("error", ref="action")
                assert err["code"] in ("not_your_turn", "stale"), err
                d.step()
                nxt = [m for m in raw.drain(0.01) if m["t"] == "update" and m["view"]]
                if nxt:
                    view = nxt[-1]["view"]
            record = host.state.to_record()
            raw.send({"t": "action", "seq": view["seq"] - 1, "action": view["legal"][0]})
            assert raw.expect("error", ref="action")["code"] == "stale"
            raw.send({"t": "action", "seq": view["seq"], "action": {"type": "fly"}})
            err = raw.expect("error", ref="action")
            assert err["code"] == "bad_action" and "unknown action type" in err["message"]
            raw.send({"t": "action", "seq": view["seq"], "action": {"type": "bid", "call": "moon"}})
            err = raw.expect("error", ref="action")
            assert err["code"] == "illegal" and err["message"]
            raw.send({"t": "action", "seq": view["seq"], "action": {"type": "deal", "deck": []}})
            assert raw.expect("error", ref="action")["code"] in ("illegal", "bad_action")
            assert host.state.to_record() == record, "a refused action changed the state"
            raw.send({"t": "take_seat", "seat": 1})
            assert raw.expect("error", ref="take_seat")["code"] == "not_allowed_now"
            raw.send({"t": "action", "seq": view["seq"], "action": view["legal"][0]})  # now a good one
            wait_until(lambda: host.state.seq > view["seq"])
            assert not [m for m in raw.drain(0.05) if m["t"] == "error"]

            # --- protocol garbage from fresh connections
            r = RawClient(host.port)
            r.send({"t": "ping", "n": 1})  # before hello
            assert r.expect("error", ref="ping")["code"] == "not_allowed_now"
            r.send_raw(struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1")  # not msgpack
            assert r.expect("error")["code"] == "bad_frame"
            r.send({"t": "hello", "protocol": 1, "version": "0.1.0", "name": 5})
            assert r.expect("error", ref="hello")["code"] == "bad_message"
            r.close()

            r = RawClient(host.port)
            r.hello("Typo")
            r.send({"t": "take_seat", "seat": "1"})
            assert r.expect("error", ref="take_seat")["code"] == "bad_message"
            r.send({"t": "nope"})
            assert r.expect("error", ref="nope")["code"] == "unknown_type"
            r.send({"t": "chat"})
            assert r.expect("error", ref="chat")["code"] == "bad_message"
            r.send(["not", "a", "map"])
            assert r.expect("error")["code"] == "bad_message"
            r.send({"t": "action", "seq": 0, "action": {"type": "play", "card": "JH"}})
            assert r.expect("error", ref="action")["code"] == "no_seat"
            r.send({"t": "start"})
            assert r.expect("error", ref="start")["code"] == "not_owner"  # refusals, not strikes
            r.send({"t": "ready", "ready": "yes"})
            assert r.expect("error", ref="ready")["code"] == "bad_message"
            r.send({"t": "hello", "protocol": 1, "version": "0.1.0", "name": "x", "token": None, "match": 0,
                    "events": 0, "owner_key": None})
            assert r.expect("error", ref="hello")["code"] == "not_allowed_now"  # 6th strike: dropped
            bye = r.expect("bye")
            assert bye["reason"] == "too_many_errors"
            r.wait_eof()

            r = RawClient(host.port)  # an oversized frame: fatal
            r.send_raw(struct.pack(">I", 2**31) + b"xxxx")
            assert r.expect("error")["code"] == "frame_too_large"
            assert r.expect("bye")["reason"] == "frame_too_large"
            r.wait_eof()

            r = RawClient(host.port)  # random bytes
            rng = random.Random(1)
            r.send_raw(bytes(rng.randrange(256) for _ in range(3000)))
            got = r.drain(0.3)
            assert got and got[0]["t"] == "error"
            r.wait_eof()

            r = RawClient(host.port)  # a truncated frame, then the peer vanishes
            r.send_raw(struct.pack(">I", 100) + b"\x81\xa1t")
            r.close()

            r = RawClient(host.port)  # a flood of valid messages
            r.hello("Flood")
            r.send_raw(b"".join(encode({"t": "ping", "n": i}) for i in range(3000)))
            got: list[dict[str, Any]] = []
            while not r.eof:
                got.extend(r.drain(0.2))
            kinds = [m["t"] for m in got]
            assert "pong" in kinds and any(m.get("code") == "flood" for m in got), got[:8]
            assert got[-1]["t"] == "bye" and got[-1]["reason"] == "too_many_errors"
            assert kinds.count("pong") <= 501

            # --- the seated raw peer leaves for good: a bot takes its seat at once
            raw.send({"t": "bye", "reason": "leaving", "message": "bye"})
            raw.wait_eof()
            wait_until(lambda: host.lobby()["seats"][2]["kind"] != "human")
            assert host.lobby()["seats"][2]["kind"] == "bot", (host.started, host.lobby())

            # --- the good peer never noticed
            play_out([d], host)
            d.step()
            assert not d.errors, d.errors
            assert d.events == host.state.events_for(0)
            assert core.replay(host.state.to_record()).scores == host.state.scores
            assert len(host.links) == 1  # only the good peer is left; every abuser was dropped
            raw.close()
        finally:
            good.close()


def test_seat_and_start_rules() -> None:
    with running_host("klaberjass", 2, {}, "Rules", owner_key="secret") as (host, thread):
        a = RawClient(host.port)
        assert a.hello("A", owner_key="secret")["owner"] is True
        b = RawClient(host.port)
        assert b.hello("B", owner_key="wrong")["owner"] is False
        a.send({"t": "take_seat", "seat": 0})
        a.expect("lobby", seat=0)
        b.send({"t": "take_seat", "seat": 0})
        err = b.expect("error")  # seats are numbered from 1 in every text (the wire's index 0 is seat 1)
        assert err["code"] == "seat_taken" and err["message"] == "seat 1 is taken"
        b.send({"t": "take_seat", "seat": 5})
        err = b.expect("error")
        assert err["code"] == "bad_seat" and err["message"] == "there is no seat 6; this table has seats 1 to 2"
        b.send({"t": "ready", "ready": True})
        assert b.expect("error")["code"] == "no_seat"
        a.send({"t": "start"})
        err = a.expect("error", ref="start")
        assert err["code"] == "cannot_start" and "seat 2 is empty" in err["message"]
        b.send({"t": "take_seat", "seat": 1})
        b.expect("lobby", seat=1)
        a.send({"t": "start"})
        err = a.expect("error", ref="start")
        assert err["code"] == "cannot_start" and "B is not ready" in err["message"]
        b.drain(0.05)
        thread.call_wait(host.set_bot, 1, "easy")  # the owner replaces B by a bot: B stands up
        lob = b.expect("lobby", seat=None)
        assert lob["seats"][1]["kind"] == "bot" and lob["seats"][1]["name"] == "Easy bot"
        a.send({"t": "chat", "text": "gl \u202ehf\x07 " + "x" * 500})
        line = b.expect("chat")
        assert line["name"] == "A" and line["text"].startswith("gl hf x") and len(line["text"]) == 200
        late = RawClient(host.port)
        late.hello("a")  # A is here already: this one is called "a 2"
        assert late.expect("lobby") and host.clients[max(host.clients)].name == "a 2"
        assert late.expect("chat")["text"] == line["text"]  # a newcomer gets the recent chat
        late.close()
        a.send({"t": "start"})
        b.expect("update")
        assert host.started
        a.send({"t": "leave_seat"})
        assert a.expect("error", ref="leave_seat")["code"] == "not_allowed_now"
        a.close()
        b.close()


def test_silent_connection_and_full_table(monkeypatch: Any) -> None:
    """A connection that never says hello is closed after the hello timeout; past the limit of open
    connections a newcomer's hello is answered: the table is full; neither disturbs a connected peer."""
    import net.host

    monkeypatch.setattr(net.host, "MAX_LINKS", 3)
    with running_host("klaberjass", 2, {}, "Limits", hello_timeout=0.3) as (host, _):
        good = RawClient(host.port)
        good.hello("Good")
        silent = RawClient(host.port)
        bye = silent.expect("bye", timeout=3)
        assert bye["reason"] == "timeout" and "hello" in bye["message"]
        silent.wait_eof(2)
        others = [RawClient(host.port) for _ in range(2)]
        for o in others:
            o.hello("Other")
        full = RawClient(host.port)
        full.send({"t": "hello", "protocol": 1, "version": "0.1.0", "name": "Late", "token": None, "match": 0,
                   "events": 0, "owner_key": None})
        assert full.expect("error", timeout=3)["code"] == "table_full"
        assert full.expect("bye", timeout=3)["reason"] == "table_full"
        full.wait_eof(2)
        good.send({"t": "ping", "n": 7})
        assert good.expect("pong", n=7)
        for c in [good, *others]:
            c.close()
