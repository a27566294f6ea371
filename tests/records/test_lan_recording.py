"""LAN matches reach the hosting machine's history, through the table driver's end report: finished, or
abandoned when the host stops mid-match.  Real sockets on 127.0.0.1, bounded waits."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import core
from client import recording
from client.history import History
from net.lan import connect, start_host
from tests.net.helpers import wait_until
from tests.net.test_match import Driver


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _rows() -> list[Any]:
    with History() as h:
        return h.matches()


def _seated_owner(game: str, options: dict[str, Any], bots: dict[int, str], seed: int) -> tuple[Any, Any]:
    handle = start_host(game, 2, options, "Recorded", bots=bots, bind="127.0.0.1", advertise=False, seed=seed,
                        on_record=recording.lan_recorder())
    me = connect("127.0.0.1", handle.port, "Ann")  # the first local session owns the table
    wait_until(lambda: me.status == "lobby")
    me.take_seat(0)
    wait_until(lambda: me.seat == 0)
    me.start_match()
    return handle, me


def test_a_finished_lan_match_is_stored_for_the_hosting_player() -> None:
    handle, me = _seated_owner("klaberjass", {"target_score": 150}, {1: "random"}, seed=5)
    ann = Driver(me, 3)
    try:
        deadline = time.monotonic() + 60
        while not _rows():
            assert time.monotonic() < deadline, "the finished match was not stored"
            ann.step()
            time.sleep(0.001)
        (row,) = _rows()
        host_state = handle._host.state
        assert row.mode == "lan" and row.finished and row.seat == 0 and row.levels == {1: "random"}
        assert row.record == host_state.to_record() and core.replay(row.record).is_over
        assert row.won == (0 in host_state.sides[host_state.winner])
    finally:
        me.close()
        handle.stop()
    assert len(_rows()) == 1, "stopping the table after its match ended stores nothing more"


def test_a_lan_match_left_unfinished_is_stored_as_abandoned_when_the_host_stops() -> None:
    handle, me = _seated_owner("klaberjass", {}, {1: "random"}, seed=8)
    ann = Driver(me, 4)
    try:
        wait_until(lambda: (ann.step(), len(ann.events) > 0 and ann.acted_on >= 0)[1], timeout=20)
        # then no more moves: once the host has applied that one, the match waits for us and cannot end
        wait_until(lambda: handle._host.state.seq > ann.acted_on, timeout=20)
        assert _rows() == []
        actions = handle._host.state.to_record()["actions"]
    finally:
        handle.stop()  # the host quits mid-match (before its player's bye could hand the seat to a bot)
        me.close()
    (row,) = _rows()
    assert row.mode == "lan" and not row.finished and row.won is None and row.seat == 0
    assert row.record["actions"][:len(actions)] == actions


def test_a_table_stopped_before_anyone_played_stores_nothing() -> None:
    handle = start_host("klaberjass", 2, {}, "Empty", bots={1: "random"}, bind="127.0.0.1", advertise=False,
                        on_record=recording.lan_recorder())
    handle.stop()
    assert _rows() == []
