"""Private tables: a newcomer needs the table code (no code, a wrong code and a guess during the back-off are
refused; the right one, in any case, gets in), a seat holder's token gets back in without it, discovery says
the table is locked but never shows the code, and the dedicated host's --code sets it."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import time
import uuid
from typing import Any

import pytest

from net.codes import normalize_code
from net.discovery import txt_record
from net.host import Host
from net.lan import Browser, RemoteSession, connect, start_host
from tests.net.helpers import RawClient, running_host, wait_until

ROOT = pathlib.Path(__file__).resolve().parents[2]
HELLO: dict[str, Any] = {"t": "hello", "protocol": 1, "version": "0.1.0", "name": "Guest", "token": None,
                         "match": 0, "events": 0, "owner_key": None}


def _refused(port: int, **fields: Any) -> dict[str, Any]:
    """Say hello with ``fields``; return the error, after checking the bye and the close that follow."""
    raw = RawClient(port)
    raw.send({**HELLO, **fields})
    err = raw.expect("error", ref="hello")
    assert raw.expect("bye")["reason"] == err["code"]
    raw.wait_eof()
    raw.close()
    return err


def test_codes_are_4_to_8_letters_or_digits() -> None:
    assert normalize_code(" k7qx ") == "K7QX" and normalize_code("ABCD1234") == "ABCD1234"
    for bad in ("abc", "abcdefghi", "ab-cd", "ab cd", "\u00e9t\u00e9s"):
        with pytest.raises(ValueError, match="4 to 8 letters or digits"):
            normalize_code(bad)
    with pytest.raises(ValueError):
        Host("klaberjass", 2, {}, code="abc")


def test_a_locked_table() -> None:
    with running_host("klaberjass", 2, {}, "Private", bots={1: "random"}, code="k7qx", code_backoff=0.3,
                      autostart=True, bot_delay=0.05, takeover_delay=30.0) as (host, _):
        assert host.code == "K7QX"
        assert _refused(host.port)["code"] == "code_required"  # an old peer: no code field at all
        assert _refused(host.port, code=None)["code"] == "code_required"
        assert _refused(host.port, code="")["code"] == "code_required"
        err = _refused(host.port, code="AAAA")
        assert err["code"] == "wrong_code" and "1 s" in err["message"]
        err = _refused(host.port, code="K7QX")  # even the right code waits for the back-off to end
        assert err["code"] == "code_backoff" and "try again in 1 s" in err["message"]
        time.sleep(0.35)
        assert _refused(host.port, code="BBBB")["code"] == "wrong_code"  # the second wrong guess: 0.6 s
        assert 0.5 < host.guesses.wait("127.0.0.1", time.monotonic()) <= 0.6
        assert _refused(host.port, code="k7qx")["code"] == "code_backoff"
        time.sleep(0.65)

        ann = RawClient(host.port)
        ann.send({**HELLO, "name": "Ann", "code": "k7qx"})  # the right code, in lower case
        token = ann.expect("welcome")["token"]
        assert host.guesses.wait("127.0.0.1", time.monotonic()) == 0.0  # a right code resets the count
        ann.send({"t": "take_seat", "seat": 0})
        ann.expect("lobby", seat=0)
        ann.send({"t": "ready", "ready": True})  # autostart
        assert ann.expect("update")["match"] == 1
        ann.close()  # she drops in the middle of the match
        wait_until(lambda: host.lobby()["seats"][0]["connected"] is False, timeout=5)
        back = RawClient(host.port)
        back.send({**HELLO, "name": "Ann", "token": token})  # her token needs no code
        assert back.expect("welcome")["seat"] == 0
        back.expect("update")
        back.close()

        # the reference peer: a wrong code closes the session with the host's reason code
        wrong = RemoteSession("127.0.0.1", host.port, "Bob", code="ZZZZ")
        try:
            wait_until(lambda: wrong.status == "closed", timeout=5)
            assert wrong.closed_code == "wrong_code" and "wrong table code" in wrong.closed_reason
        finally:
            wrong.close()


def test_an_open_table_ignores_codes_and_old_peers_still_join() -> None:
    with running_host("klaberjass", 2, {}, "Open") as (host, _):
        raw = RawClient(host.port)
        raw.send(dict(HELLO))  # no code field: a peer written before private tables
        raw.expect("welcome")
        other = RawClient(host.port)
        other.send({**HELLO, "code": "WHATEVER"})
        other.expect("welcome")
        raw.close()
        other.close()


def test_discovery_says_locked_but_never_the_code() -> None:
    txt = txt_record("T", "belote", "", 0, 4, locked=True)
    assert txt["locked"] == "1" and txt_record("T", "belote", "", 0, 4)["locked"] == "0"
    name = f"priv-{uuid.uuid4().hex[:8]}"
    browser = Browser(interfaces=["127.0.0.1"])
    browser.start()
    handle = start_host("klaberjass", 2, {}, name, bind="127.0.0.1", interfaces=["127.0.0.1"], code="Q9Z2")
    peer = None
    try:
        assert handle.code == "Q9Z2"
        (table,) = wait_until(lambda: [t for t in browser.tables() if t.name == name], timeout=8)
        assert table.locked
        assert handle._advertiser is not None and handle._advertiser.info is not None
        props = {k: v for k, v in (handle._advertiser.info.properties or {}).items()}
        assert not any(b"Q9Z2" in (v or b"").upper() for v in props.values()), props
        peer = connect(table.address, table.port, "Ann", code="q9z2")
        wait_until(lambda: peer.status == "lobby", timeout=5)
    finally:
        if peer is not None:
            peer.close()
        handle.stop()
        browser.stop()


def test_the_dedicated_host_takes_a_code() -> None:
    cmd = [sys.executable, "main.py", "host", "--game", "klaberjass", "--headless", "--bind", "127.0.0.1",
           "--no-advertise", "--code", "abcd12", "--quiet"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", proc.stdout.readline())
        assert m
        assert "ABCD12" in proc.stdout.readline()  # the code is shown on the host's screen
        port = int(m.group(1))
        assert _refused(port)["code"] == "code_required"
        raw = RawClient(port)
        raw.send({**HELLO, "code": "ABCD12"})
        raw.expect("welcome")
        raw.close()
    finally:
        proc.terminate()
        proc.wait(10)
