"""Zeroconf (mDNS / DNS-SD) discovery of LAN tables: ``_bella._tcp.local.``.

A host advertises one service per table with an :class:`Advertiser`, whose
TXT record carries the table name, game, variant, seats taken / total and the
protocol version, updated as seats fill.  A :class:`Browser` lists the tables
live (added, updated, removed) from a background thread.

``interfaces`` is always a parameter: ``None`` means every interface (a real
LAN); tests pass ``["127.0.0.1"]`` so that nothing leaves the machine, and
then the browser asks QM questions (answers by multicast), which on one host
find a service in about 0.1 s instead of 1 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zeroconf import DNSQuestionType, InterfaceChoice, IPVersion, ServiceInfo, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.bridge import LoopThread
from net.messages import GAME_VERSION, PROTOCOL_VERSION
from net.text import MAX_TABLE_NAME, clean_text

log = logging.getLogger("bella.net.discovery")

SERVICE_TYPE = "_bella._tcp.local."
"""The DNS-SD service type of a Bella table."""
OTHER_TTL = 120
"""TTL (s) of the PTR/SRV/TXT records (zeroconf's default is 75 min): a table whose host vanished without
a goodbye leaves the browsers' lists within about two minutes."""


@dataclass(frozen=True)
class TableInfo:
    """One table seen on the LAN (all text sanitized: it comes from the network)."""

    name: str
    game: str
    variant: str
    seats_taken: int
    seats_total: int
    address: str
    port: int
    protocol: int
    compatible: bool
    """True when the table speaks our protocol version."""
    locked: bool = False
    """True for a private table: joining needs its code (which is never advertised)."""


def local_ipv4_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses (``["127.0.0.1"]`` if it has none)."""
    out: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in out:
                    out.append(ip.ip)
    except Exception:  # no interface information: loopback only
        log.debug("could not list network interfaces", exc_info=True)
    return out or ["127.0.0.1"]


def local_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this machine is on (loopback included)."""
    out: list[ipaddress.IPv4Network] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str):
                    with contextlib.suppress(ValueError):
                        out.append(ipaddress.IPv4Network(f"{ip.ip}/{ip.network_prefix}", strict=False))
    except Exception:
        log.debug("could not list network interfaces", exc_info=True)
    return out


def pick_address(addresses: list[str], networks: list[ipaddress.IPv4Network]) -> str:
    """The address to reach a table at: the first on one of our networks, else the first one.

    A host with several interfaces (Wi-Fi, Ethernet, a VM bridge) advertises all its addresses.

    >>> pick_address(["172.17.0.1", "192.168.1.5"], [ipaddress.IPv4Network("192.168.1.0/24")])
    '192.168.1.5'
    """
    for a in addresses:
        with contextlib.suppress(ValueError):
            ip = ipaddress.IPv4Address(a)
            if any(ip in n for n in networks):
                return a
    return addresses[0]


def _ipv4_only(interfaces: list[str] | None) -> list[str] | None:
    if interfaces is None:
        return None
    return [i for i in interfaces if i.count(".") == 3] or ["127.0.0.1"]


def _zeroconf(interfaces: list[str] | None) -> AsyncZeroconf:
    chosen: Any = InterfaceChoice.All if interfaces is None else _ipv4_only(interfaces)
    return AsyncZeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)


def txt_record(name: str, game: str, variant: str, taken: int, total: int, *, locked: bool = False) -> dict[str, str]:
    """The TXT fields of a table's service (``locked``: a private table; its code is never advertised)."""
    return {
        "locked": "1" if locked else "0",
        "name": clean_text(name, MAX_TABLE_NAME),
        "game": game[:32],
        "variant": variant[:32],
        "taken": str(taken),
        "seats": str(total),
        "proto": str(PROTOCOL_VERSION),
        "version": GAME_VERSION,
    }


def _instance_name(table: str) -> str:
    base = "".join(ch if ch.isalnum() or ch in " -_" else " " for ch in table).strip() or "Bella table"
    base = base.encode("utf-8")[:40].decode("utf-8", "ignore").strip()
    return f"{base} {secrets.token_hex(3)}"


class Advertiser:
    """Advertises one table (use from the host's event loop)."""

    def __init__(self, port: int, txt: Callable[[], dict[str, str]], *, interfaces: list[str] | None = None,
                 addresses: list[str] | None = None) -> None:
        self.port = port
        self.txt = txt
        self.interfaces = interfaces
        self.addresses = addresses or _ipv4_only(interfaces) or local_ipv4_addresses()
        self.info: ServiceInfo | None = None
        self.registered = asyncio.Event()
        self._azc: AsyncZeroconf | None = None
        self._dirty = False
        self._updating: asyncio.Task[None] | None = None
        self._closed = False

    async def start(self) -> None:
        """Register the service (about 1.7 s of probing; the table works meanwhile)."""
        props = self.txt()
        instance = _instance_name(props["name"])
        self._azc = _zeroconf(self.interfaces)
        self.info = ServiceInfo(
            SERVICE_TYPE, f"{instance}.{SERVICE_TYPE}", port=self.port, properties=props,
            server=f"bella-{secrets.token_hex(4)}.local.", parsed_addresses=self.addresses,
            other_ttl=OTHER_TTL,
        )
        await (await self._azc.async_register_service(self.info, allow_name_change=True))
        self.registered.set()
        log.info("advertising %r on %s port %d", props["name"], ", ".join(self.addresses), self.port)
        if self._dirty:
            self.changed()

    def changed(self) -> None:
        """The TXT fields changed: re-announce them (coalesced; call from the loop)."""
        self._dirty = True
        if self._closed or not self.registered.is_set():
            return
        if self._updating is None or self._updating.done():
            self._updating = asyncio.ensure_future(self._update())

    async def _update(self) -> None:
        while self._dirty and not self._closed and self._azc is not None and self.info is not None:
            self._dirty = False
            old = self.info
            self.info = ServiceInfo(old.type, old.name, port=old.port, properties=self.txt(), server=old.server,
                                    parsed_addresses=self.addresses, other_ttl=OTHER_TTL)
            try:
                await (await self._azc.async_update_service(self.info))
            except Exception:
                log.warning("could not update the table's advertisement", exc_info=True)

    async def stop(self) -> None:
        """Unregister (a goodbye packet: browsers drop the table at once) and close."""
        self._closed = True
        if self._updating is not None:
            self._updating.cancel()
        azc, self._azc = self._azc, None
        if azc is None:
            return
        try:
            if self.info is not None and self.registered.is_set():
                await (await azc.async_unregister_service(self.info))
        except Exception:
            log.warning("could not unregister the table", exc_info=True)
        finally:
            await azc.async_close()


def _table_from_info(info: AsyncServiceInfo, networks: list[ipaddress.IPv4Network]) -> TableInfo | None:
    props: dict[str, str] = {}
    for k, v in (info.properties or {}).items():
        if isinstance(k, bytes) and isinstance(v, bytes) and len(k) <= 16:
            props[k.decode("utf-8", "replace")] = v.decode("utf-8", "replace")
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None

    def number(key: str) -> int:
        text = props.get(key, "")
        return int(text) if text.isdigit() and len(text) <= 6 else 0

    proto = number("proto")
    return TableInfo(
        name=clean_text(props.get("name", ""), MAX_TABLE_NAME) or "Bella table",
        game=clean_text(props.get("game", ""), 32),
        variant=clean_text(props.get("variant", ""), 32),
        seats_taken=number("taken"),
        seats_total=number("seats"),
        address=pick_address(addresses, networks),
        port=int(info.port),
        protocol=proto,
        compatible=proto == PROTOCOL_VERSION,
        locked=props.get("locked", "0") != "0",
    )


class Browser:
    """Lists the tables on the LAN, live, from a background thread.

    ``interfaces=None`` browses every interface (a real LAN); tests pass
    ``["127.0.0.1"]``.  :meth:`tables` is a thread-safe snapshot that never blocks.
    """

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self._lock = threading.Lock()
        self._tables: dict[str, TableInfo] = {}
        self._thread: LoopThread | None = None
        self._azc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._pending: set[asyncio.Task[None]] = set()
        self._networks: list[ipaddress.IPv4Network] = []

    def start(self) -> None:
        """Start browsing (returns at once; tables appear as they answer)."""
        if self._thread is not None:
            return
        self._thread = LoopThread("bella-browser")
        try:
            self._thread.run(self._start(), timeout=10.0)
        except BaseException:  # no usable network interface: release the thread, tell the caller
            self.stop()
            raise

    async def _start(self) -> None:
        self._networks = local_networks()
        self._azc = _zeroconf(self.interfaces)
        qtype = DNSQuestionType.QM if self.interfaces is not None else None
        self._browser = AsyncServiceBrowser(self._azc.zeroconf, [SERVICE_TYPE], handlers=[self._on_change],
                                            question_type=qtype)

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._tables.pop(name, None)
            return
        task = asyncio.ensure_future(self._resolve(service_type, name))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _resolve(self, service_type: str, name: str) -> None:
        if self._azc is None:
            return
        info = AsyncServiceInfo(service_type, name)
        try:
            ok = await info.async_request(self._azc.zeroconf, 3000)
        except Exception:
            log.debug("could not resolve %s", name, exc_info=True)
            return
        table = _table_from_info(info, self._networks) if ok else None
        if table is not None:
            with self._lock:
                self._tables[name] = table

    def tables(self) -> list[TableInfo]:
        """The tables seen now, by name."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name.lower(), t.address, t.port))

    def stop(self) -> None:
        """Stop browsing and release the sockets."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        with contextlib.suppress(Exception):
            thread.run(self._stop(), timeout=5.0)
        thread.stop()

    async def _stop(self) -> None:
        for t in list(self._pending):
            t.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._azc is not None:
            await self._azc.async_close()
