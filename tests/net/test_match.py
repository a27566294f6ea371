"""A whole match over real loopback sockets: two peers driven by the test, two host bots.

Checks that the final scores equal a local replay of the host's record, that
each peer received exactly its own event log, and that no message sent to a
seat ever contained a card hidden from that seat (scanned at send time
against the host state's ``hidden_zones``).
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

import core
from net.lan import RemoteSession
from tests.net.helpers import running_host, wait_until
from tests.util import strings_in as strings


class LeakScanner:
    """The host's send hook: checks every outgoing message against the hidden cards of its recipient."""

    def __init__(self) -> None:
        self.host: Any = None
        self.checked = 0
        self.leaks: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, seat: int | None, msg: dict[str, Any]) -> None:
        state = self.host.state
        secret = {c for cards in state.hidden_zones(seat).values() for c in cards}
        payload = dict(msg)
        if msg.get("t") == "update":
            # cards shown in an earlier deal are dealt again, hidden: scan the current deal's events only
            public = state.events
            deal_start = max((i for i, e in enumerate(public) if e["type"] == "dealt"), default=0)
            payload["events"] = msg["events"][max(0, deal_start - msg["first"]):]
            if msg.get("view") is not None:
                payload["view"] = {k: v for k, v in msg["view"].items() if k != "unseen"}
                assert set(msg["view"]["unseen"]) == secret
        leak = strings(payload) & secret
        with self.lock:
            self.checked += 1
            if leak:
                self.leaks.append(f"{msg.get('t')} to seat {seat} shows {sorted(leak)}")


class Driver:
    """Plays a seat through a RemoteSession with random legal moves; keeps every update it got."""

    def __init__(self, session: RemoteSession, seed: int) -> None:
        self.s = session
        self.rng = random.Random(seed)
        self.view: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.statuses: list[str] = []
        self.acted_on = -1

    def step(self) -> None:
        for u in self.s.poll():
            if u.view is not None:
                self.view = u.view
            self.events.extend(u.events)
            if u.error:
                self.errors.append(u.error)
            if u.status:
                self.statuses.append(u.status)
        v = self.view
        if v is not None and v["legal"] and v["current_player"] == self.s.seat and v["seq"] != self.acted_on:
            self.acted_on = v["seq"]
            self.s.submit(core.action_from_json(self.rng.choice(v["legal"])))


def play_out(drivers: list[Driver], host: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not all(d.view is not None and d.view["match_over"] for d in drivers):
        assert time.monotonic() < deadline, (
            f"match did not finish (host state {host and (host.state.seq, host.state.current_player)}); "
            f"{[(d.errors[-3:], d.view and d.view['seq'], d.acted_on) for d in drivers]}")
        for d in drivers:
            d.step()
        time.sleep(0.0005)


def test_full_match_four_seats_two_humans_two_bots() -> None:
    scan = LeakScanner()
    with running_host("belote", 4, {"target_score": 301}, "Match", bots={1: "random", 3: "normal"}, seed=11,
                      on_send=scan) as (host, thread):
        scan.host = host
        ann = RemoteSession("127.0.0.1", host.port, "Ann")
        bob = RemoteSession("127.0.0.1", host.port, "Bob")
        try:
            wait_until(lambda: ann.status == "lobby" and bob.status == "lobby")
            ann.take_seat(0)
            bob.take_seat(2)
            wait_until(lambda: ann.seat == 0 and bob.seat == 2)
            ann.set_ready(True)
            bob.set_ready(True)
            wait_until(lambda: all(s["ready"] for s in (ann.lobby() or {"seats": [{"ready": False}]})["seats"]))
            thread.call_wait(host.start_match)
            drivers = [Driver(ann, 1), Driver(bob, 2)]
            play_out(drivers, host)
            for d in drivers:
                d.step()
            st = host.state
            assert st.is_over and not scan.leaks, scan.leaks[:5]
            assert scan.checked > 4 * st.seq // 2
            replayed = core.replay(st.to_record())
            assert replayed.scores == st.scores and replayed.winner == st.winner
            for d, seat in zip(drivers, (0, 2), strict=True):
                assert d.view is not None
                assert d.view["scores"] == replayed.scores and d.view["winner"] == replayed.winner
                assert d.view == replayed.view(seat)
                assert d.events == replayed.events_for(seat), "a peer's event stream differs from the host's"
                assert not d.errors, d.errors
            wait_until(lambda: ann.status == "lobby")  # the table is back in its lobby, ready for another match
            drivers[0].step()
            assert any("match is over" in s for s in drivers[0].statuses)
        finally:
            ann.close()
            bob.close()


def test_second_match_and_spectator() -> None:
    """After a match, the owner starts another; a late joiner watches as a spectator (public view only)."""
    scan = LeakScanner()
    with running_host("klaberjass", 2, {}, "Again", bots={1: "random"}, seed=5, on_send=scan,
                      owner_key="k") as (host, thread):
        scan.host = host
        ann = RemoteSession("127.0.0.1", host.port, "Ann", owner_key="k")
        try:
            wait_until(lambda: ann.status == "lobby")
            ann.take_seat(0)
            wait_until(lambda: ann.seat == 0)
            ann.start_match()  # the owner's start marks it ready
            d = Driver(ann, 3)
            wait_until(lambda: (d.step(), d.view is not None)[1])
            watcher = RemoteSession("127.0.0.1", host.port, "Watcher")
            w = Driver(watcher, 4)
            play_out([d], host)
            wait_until(lambda: (w.step(), w.view is not None and w.view["match_over"])[1])
            assert watcher.seat is None and w.view is not None and w.view["seat"] is None
            assert w.events == host.state.events_for(None)
            first = host.state
            wait_until(lambda: ann.status == "lobby")
            ann.start_match()
            wait_until(lambda: host.matches == 2 and host.state is not first)
            d.view, d.events, d.acted_on = None, [], -1
            play_out([d], host)
            assert d.events == host.state.events_for(0)
            assert not scan.leaks, scan.leaks[:5]
            watcher.close()
        finally:
            ann.close()


def test_late_spectator_gets_a_long_backlog_in_parts() -> None:
    """More than 500 events to catch up: several updates, only the last with the view; nothing lost."""
    from net.messages import MAX_EVENTS_PER_UPDATE
    from tests.net.helpers import RawClient

    bots = {0: "random", 1: "random", 2: "random", 3: "random"}
    with running_host("belote", 4, {"target_score": 3000}, "Long", bots=bots, seed=2,
                      bot_delay=0.002) as (host, thread):
        thread.call_wait(host.start_match)
        wait_until(lambda: host.state.event_count > MAX_EVENTS_PER_UPDATE + 50, timeout=30)
        r = RawClient(host.port)
        r.hello("Late")
        first = r.expect("update")
        assert first["view"] is None and first["first"] == 0 and len(first["events"]) == MAX_EVENTS_PER_UPDATE
        events = list(first["events"])
        while True:
            upd = r.expect("update")
            assert upd["first"] == len(events)
            events += upd["events"]
            if upd["view"] is not None:
                break
        assert events == host.state.events_for(None)[: len(events)]
        assert upd["view"]["seat"] is None and all(h is None for h in upd["view"]["hands"])
        r.close()


CASES = [(g, n) for g in core.GAMES for n in core.GAMES[g].player_counts]


@pytest.mark.parametrize("game, players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_every_game_over_the_network(game: str, players: int) -> None:
    """One human-driven peer and bots at every other seat: two deals (or 400 moves) of each game and
    player count, with the leak scan on every message and the peer's events equal to the host's."""
    scan = LeakScanner()
    bots = {s: "random" for s in range(1, players)}
    with running_host(game, players, {}, "Every", bots=bots, seed=players, on_send=scan) as (host, thread):
        scan.host = host
        me = RemoteSession("127.0.0.1", host.port, "Me")
        try:
            wait_until(lambda: me.status == "lobby")
            me.take_seat(0)
            me.set_ready(True)
            wait_until(lambda: host.lobby()["seats"][0]["ready"])
            thread.call_wait(host.start_match)
            d = Driver(me, players)
            deadline = time.monotonic() + 30
            while not (d.view and (len(d.view["deals"]) >= 2 or d.view["match_over"] or d.view["seq"] > 400)):
                assert time.monotonic() < deadline, f"stuck at move {host.state.seq}"
                d.step()
                time.sleep(0.0005)
            seq = d.view["seq"]
            assert d.events == thread.call_wait(lambda: host.state.events_for(0))[: len(d.events)]
            assert not d.errors and not scan.leaks, (d.errors, scan.leaks[:3])
            assert seq > 0
        finally:
            me.close()
