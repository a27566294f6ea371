"""LAN play for the client: host a table, find tables, join one.  The only module the client imports.

>>> from net.lan import start_host, connect
>>> handle = start_host("klaberjass", 2, {}, "Doc table", bots={1: "random"}, bind="127.0.0.1",
...                     advertise=False)                                        # doctest: +SKIP
>>> me = connect("127.0.0.1", handle.port, "Ann")                               # doctest: +SKIP
>>> me.take_seat(0); me.set_ready(True); me.start_match()                      # doctest: +SKIP
>>> updates = me.poll()        # views, events, errors, status lines            # doctest: +SKIP

The hosting player plays through :func:`connect` to its own host like any
other peer; the first session that connects to a table hosted in this same
process becomes the table's owner (it may start the match).
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from typing import Any

from net.bridge import LoopThread
from net.codes import CODE_MAX, normalize_code
from net.discovery import Advertiser, Browser, TableInfo, local_ipv4_addresses, txt_record
from net.host import Host
from net.messages import PROTOCOL_VERSION
from net.peer import RemoteSession

__all__ = ["CODE_MAX", "PROTOCOL_VERSION", "Browser", "HostHandle", "RemoteSession", "TableInfo", "connect",
           "normalize_code", "start_host"]

_owner_keys: dict[int, str] = {}
"""port -> owner key of tables hosted by this process and not yet claimed by a local session."""
_owner_lock = threading.Lock()


class HostHandle:
    """A table hosted on a background thread (an asyncio loop).  Made by :func:`start_host`."""

    def __init__(self, host: Host, thread: LoopThread, advertiser: Advertiser | None, address: str) -> None:
        self._host = host
        self._thread = thread
        self._advertiser = advertiser
        self.address = address
        """An address other machines can reach the table at."""
        self.port = host.port
        """The TCP port the table listens on."""
        self.code = host.code
        """The private table's code, to show the hosting player (None for an open table)."""

    def lobby(self) -> dict[str, Any]:
        """Snapshot: table, game, variant, players, options, seats (seat, name, kind, level, ready,
        connected), started."""
        return self._thread.call_wait(self._host.lobby)

    def set_bot(self, seat: int, level: str | None) -> None:
        """Put a bot of ``level`` at ``seat`` (``None`` empties the seat).  Raises ``ValueError`` with a reason."""
        self._thread.call_wait(self._host.set_bot, seat, level)

    def start_match(self) -> None:
        """Start the match.  Raises ``ValueError`` with a reason (a seat is empty, someone is not ready...)."""
        self._thread.call_wait(self._host.start_match)

    @property
    def running(self) -> bool:
        """True until :meth:`stop`."""
        return self._thread.alive and not self._host.closed

    def stop(self) -> None:
        """Tell peers the host quit, stop advertising, close everything."""
        with _owner_lock:
            _owner_keys.pop(self.port, None)
        if not self._thread.alive:
            return

        async def shutdown() -> None:
            await self._host.stop()
            if self._advertiser is not None:
                await self._advertiser.stop()

        with contextlib.suppress(Exception):
            self._thread.run(shutdown(), timeout=10.0)
        self._thread.stop()


def start_host(
    game: str,
    players: int,
    options: dict[str, Any],
    table_name: str,
    *,
    bots: dict[int, str] | None = None,
    bind: str = "0.0.0.0",
    port: int = 0,
    advertise: bool = True,
    interfaces: list[str] | None = None,
    **host_options: Any,
) -> HostHandle:
    """Start hosting a table in a background thread and return its handle at once.

    ``bots`` maps seats to bot levels.  ``interfaces`` limits zeroconf (and the
    advertised addresses) to these IPv4 addresses; ``None`` = every interface.
    Extra keyword arguments go to :class:`net.host.Host` (``code`` for a
    private table, ``grace``, ``takeover_delay``, ``bot_delay``, ``seed``, ``on_record`` to store each
    match that ends or is abandoned when the table stops: it is called on the host's thread with a
    ``core.driver.MatchEnd``...).  Raises ``ValueError``
    (``core.OptionError``/``core.UnknownGame``) for a bad game, player count,
    option or bot, and ``OSError`` if the port cannot be bound.
    """
    owner_key = secrets.token_urlsafe(16)
    host = Host(game, players, options, table_name, bots=bots, owner_key=owner_key, **host_options)
    thread = LoopThread(f"bella-host-{host.table_name}")
    try:
        thread.run(host.start(bind, port), timeout=10.0)
    except BaseException:
        thread.stop()
        raise
    advertiser: Advertiser | None = None
    if interfaces is not None:
        address = interfaces[0]
    elif bind not in ("0.0.0.0", ""):
        address = bind
    else:
        address = local_ipv4_addresses()[0]
    if advertise:
        addresses = [bind] if bind not in ("0.0.0.0", "") else None
        advertiser = Advertiser(host.port, lambda: txt_record(host.table_name, host.game, host.variant,
                                                              host.seats_taken(), host.players,
                                                              locked=host.code is not None),
                                interfaces=interfaces, addresses=addresses)
        host.on_change = advertiser.changed
        thread.submit(advertiser.start())
    with _owner_lock:
        _owner_keys[host.port] = owner_key
    return HostHandle(host, thread, advertiser, address)


def connect(address: str, port: int, name: str, *, token: str | None = None,
            code: str | None = None) -> RemoteSession:
    """Join the table at ``address:port`` as ``name``; returns at once (connects in the background).

    ``token`` (from a previous session's ``token``) reclaims a seat after a drop; ``code`` is a private
    table's code (a refused code closes the session: see ``RemoteSession.closed_code``).
    """
    owner_key = None
    if address.startswith("127.") or address == "localhost" or address in local_ipv4_addresses():
        with _owner_lock:
            owner_key = _owner_keys.pop(port, None)
    return RemoteSession(address, port, name, token=token, owner_key=owner_key, code=code)
