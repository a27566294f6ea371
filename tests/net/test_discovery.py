"""Zeroconf on loopback only (interfaces=["127.0.0.1"]): a table is advertised, browsed, updated as seats
fill, and removed when the host stops; a table of another protocol version is listed as incompatible.
Every wait is bounded."""

from __future__ import annotations

import uuid

from net.bridge import LoopThread
from net.discovery import Advertiser, txt_record
from net.lan import Browser, connect, start_host
from tests.net.helpers import wait_until

LOOPBACK = ["127.0.0.1"]


def test_advertise_browse_update_remove() -> None:
    name = f"t-{uuid.uuid4().hex[:8]}"
    old_name = f"old-{uuid.uuid4().hex[:8]}"
    browser = Browser(interfaces=LOOPBACK)
    browser.start()
    old_thread = LoopThread("old-advertiser")

    def old_txt() -> dict[str, str]:
        txt = txt_record(old_name, "belote", "", 0, 4)
        txt["proto"] = "99"
        return txt

    old = Advertiser(40000, old_txt, interfaces=LOOPBACK)
    old_thread.submit(old.start())
    handle = start_host("klaberjass", 2, {}, name, bind="127.0.0.1", interfaces=LOOPBACK)
    peer = None
    try:
        def mine() -> list:
            return [t for t in browser.tables() if t.name == name]

        (table,) = wait_until(mine, timeout=8)
        assert (table.game, table.variant, table.seats_taken, table.seats_total) == ("klaberjass", "", 0, 2)
        assert (table.address, table.port, table.compatible) == ("127.0.0.1", handle.port, True)
        (other,) = wait_until(lambda: [t for t in browser.tables() if t.name == old_name], timeout=8)
        assert other.protocol == 99 and not other.compatible

        peer = connect(table.address, table.port, "Ann")  # join what we found
        wait_until(lambda: peer.status == "lobby", timeout=5)
        peer.take_seat(0)
        wait_until(lambda: [t for t in mine() if t.seats_taken == 1], timeout=8)

        handle.stop()
        wait_until(lambda: not mine(), timeout=5)
        wait_until(lambda: peer.status == "closed", timeout=5)
        assert "closed the table" in peer.closed_reason
    finally:
        if peer is not None:
            peer.close()
        handle.stop()
        old_thread.run(old.stop(), timeout=5)
        old_thread.stop()
        browser.stop()


def test_browser_on_a_missing_interface_fails_cleanly() -> None:
    """No usable interface: start() raises OSError (the join screen then offers the address field) and no
    background thread is left behind."""
    import threading

    import pytest

    before = {t.name for t in threading.enumerate()}
    browser = Browser(interfaces=["10.254.254.254"])  # an address this machine does not have
    with pytest.raises(OSError):
        browser.start()
    assert browser.tables() == []
    assert {t.name for t in threading.enumerate()} - before == set()
