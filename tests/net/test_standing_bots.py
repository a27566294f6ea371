"""A dedicated host (autostart, bots from the command line) is never stuck: a seat given to a bot that a
spectator takes goes back to its bot when that person stands up, moves or drops, and the match then starts
as soon as the seated humans are ready."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

from net.dedicated import parse_bots
from net.lan import RemoteSession
from tests.net.helpers import RawClient, running_host, wait_until


def _kinds(host: object) -> list[tuple[str, str | None]]:
    return [(s["kind"], s["level"]) for s in host.lobby()["seats"]]  # type: ignore[attr-defined]


def test_a_vacated_bot_seat_returns_to_its_bot_and_the_match_starts() -> None:
    bots = parse_bots("2:hard,4:normal")  # as on `main.py host --headless --bots 2:hard,4:normal`
    assert bots == {1: "hard", 3: "normal"}
    with running_host("belote", 4, {}, "Dedicated", bots=bots, autostart=True, bot_delay=0.0,
                      bot_max_ms=50) as (host, _):
        seated = [("empty", None), ("bot", "hard"), ("empty", None), ("bot", "normal")]
        assert _kinds(host) == seated
        spectator = RawClient(host.port)
        spectator.hello("Spec")
        spectator.send({"t": "take_seat", "seat": 1})  # a human may take a bot's seat in the lobby
        spectator.expect("lobby", seat=1)
        assert _kinds(host)[1] == ("human", None)
        spectator.send({"t": "leave_seat"})  # stands up: the hard bot is back
        wait_until(lambda: _kinds(host) == seated, timeout=5)
        spectator.send({"t": "take_seat", "seat": 1})
        spectator.expect("lobby", seat=1)
        spectator.send({"t": "take_seat", "seat": 3})  # moves on: seat 2 (index 1) gets its bot back
        spectator.expect("lobby", seat=3)
        assert _kinds(host)[1] == ("bot", "hard") and _kinds(host)[3] == ("human", None)
        spectator.close()  # drops without a word: the normal bot is back at once
        wait_until(lambda: _kinds(host) == seated, timeout=5)

        ann, bob = RawClient(host.port), RawClient(host.port)
        ann.hello("Ann")
        bob.hello("Bob")
        for who, seat in ((ann, 0), (bob, 2)):
            who.send({"t": "take_seat", "seat": seat})
            who.expect("lobby", seat=seat)
        ann.send({"t": "ready", "ready": True})
        bob.send({"t": "ready", "ready": True})
        for who in (ann, bob):  # autostart: the match begins and both are sent its first update
            assert who.expect("update", timeout=5)["match"] == 1
        assert host.started
        ann.close()
        bob.close()


def test_the_owner_emptying_a_seat_forgets_its_bot() -> None:
    with running_host("klaberjass", 2, {}, "Owner", bots={1: "easy"}) as (host, thread):
        thread.call_wait(host.set_bot, 1, None)
        peer = RawClient(host.port)
        peer.hello("Ann")
        peer.send({"t": "take_seat", "seat": 1})
        peer.expect("lobby", seat=1)
        peer.send({"t": "leave_seat"})
        wait_until(lambda: host.clients[max(host.clients)].seat is None, timeout=5)
        assert _kinds(host)[1] == ("empty", None)
        peer.close()


def test_the_dedicated_host_process_gives_a_vacated_seat_back_to_its_bot() -> None:
    root = pathlib.Path(__file__).resolve().parents[2]
    cmd = [sys.executable, "main.py", "host", "--game", "klaberjass", "--headless", "--bind", "127.0.0.1",
           "--no-advertise", "--bots", "2:random", "--bot-delay", "0", "--quiet"]
    proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    ann = None
    try:
        assert proc.stdout is not None
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", proc.stdout.readline())
        assert m
        port = int(m.group(1))
        spectator = RawClient(port)
        spectator.hello("Spec")
        spectator.send({"t": "take_seat", "seat": 1})  # seat 2, the bot's
        lobby = spectator.expect("lobby", seat=1)
        assert lobby["seats"][1]["kind"] == "human"
        spectator.close()  # drops: the random bot is back
        ann = RemoteSession("127.0.0.1", port, "Ann")
        wait_until(lambda: ann.lobby() is not None and ann.lobby()["seats"][1]["kind"] == "bot", timeout=5)
        ann.take_seat(0)
        wait_until(lambda: ann.seat == 0, timeout=5)
        ann.set_ready(True)
        wait_until(lambda: ann.status == "playing", timeout=5)  # the table was not stuck
    finally:
        if ann is not None:
            ann.close()
        proc.terminate()
        proc.wait(10)
