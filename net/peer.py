"""The peer side: an asyncio client (:class:`PeerClient`) and the blocking :class:`RemoteSession` on top.

:class:`PeerClient` connects, says hello, answers pings, keeps the event
count, and reconnects with its token after a drop.  It reports everything
through one callback.  :class:`RemoteSession` runs a ``PeerClient`` on a
background :class:`net.bridge.LoopThread` and implements
:class:`core.session.Session` for the pygame client, plus the lobby calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import core
from core.session import Update
from core.text import Refusal
from net.bridge import LoopThread
from net.connection import Connection, State
from net.messages import (
    GAME_VERSION,
    PROTOCOL_VERSION,
    ActionMsg,
    Bye,
    ChatLine,
    ChatSend,
    Error,
    Hello,
    LeaveSeat,
    Lobby,
    Message,
    Ping,
    Pong,
    Ready,
    Start,
    TakeSeat,
    Welcome,
)
from net.messages import Update as UpdateMsg
from net.text import MAX_CHAT, MAX_TABLE_NAME, clean_name, clean_text

log = logging.getLogger("bella.net.peer")

Handler = Callable[[str, Any], None]
"""``handler(kind, payload)``: kind is ``welcome`` / ``lobby`` / ``update`` / ``error`` / ``chat``
(payload: the message), ``reconnecting`` / ``reconnected`` / ``closed`` (payload: text for the player)."""


class PeerClient:
    """One peer's connection to a host, reconnecting with its token for ``reconnect_for`` seconds."""

    def __init__(
        self,
        address: str,
        port: int,
        name: str,
        handler: Handler,
        *,
        token: str | None = None,
        owner_key: str | None = None,
        code: str | None = None,
        reconnect_for: float = 120.0,
        ping_interval: float = 5.0,
        ping_timeout: float = 15.0,
        connect_timeout: float = 5.0,
    ) -> None:
        self.address, self.port, self.name = address, port, name
        self.handler = handler
        self.token = token
        self.owner_key = owner_key
        self.code = code
        """The private table's code (sent in every hello; None for an open table)."""
        self.close_reason: str | None = None
        """Why the connection ended for good: the host's bye reason (``code_required``, ``wrong_code``...)."""
        self.reconnect_for = reconnect_for
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.connect_timeout = connect_timeout
        self.match = 0
        self.events = 0
        """Events of the current match received so far (sent in hello when reconnecting)."""
        self.client_id: int | None = None
        self.owner = False
        self._conn: Connection | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._closing = False
        self._pings = 0
        self._queue: list[Message] = []
        self._opened = False

    # ----------------------------------------------------------------- output
    def send(self, msg: Message) -> bool:
        """Send ``msg`` (loop thread only), or keep it until we are welcomed; False once closed."""
        conn, writer = self._conn, self._writer
        if self._closing:
            return False
        if conn is None or writer is None or conn.state is not State.OPEN or writer.is_closing():
            if len(self._queue) >= 100:
                return False
            self._queue.append(msg)
            return True
        conn.send(msg)
        try:
            writer.write(conn.data_to_send())
        except (ConnectionError, OSError, RuntimeError):
            return False
        return True

    async def close(self, message: str = "left the table") -> None:
        """Say bye and close (no reconnection afterwards)."""
        self._closing = True
        conn, writer = self._conn, self._writer
        if conn is not None and writer is not None and not conn.closed:
            conn.close("leaving", message)
            with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                writer.write(conn.data_to_send())
                await asyncio.wait_for(writer.drain(), 1.0)
        if writer is not None:
            writer.close()

    # ------------------------------------------------------------------- loop
    async def run(self) -> None:
        """Connect and serve until closed; reconnect after a drop while the host keeps our seat."""
        deadline: float | None = None
        delay = 0.25
        while not self._closing:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.address, self.port, limit=65536), self.connect_timeout
                )
            except (TimeoutError, OSError) as exc:
                if deadline is None:
                    self._closed(f"could not reach {self.address}:{self.port} ({_reason(exc)})")
                    return
                if time.monotonic() > deadline:
                    self._closed("lost the connection to the table")
                    return
                await asyncio.sleep(delay)
                delay = min(delay * 2, 3.0)
                continue
            delay = 0.25
            self._opened = False
            outcome = await self._session(reader, writer, reconnecting=deadline is not None)
            if outcome == "lost" and not self._closing and self.token is not None:
                if deadline is None or self._opened:  # a working connection dropped: a new grace period
                    deadline = time.monotonic() + self.reconnect_for
                    self.handler("reconnecting", Refusal("Connection lost; reconnecting..."))
                continue
            if outcome == "lost" and not self._closing:
                self._closed("the table closed the connection")
            return

    def _closed(self, text: str) -> None:
        self._closing = True
        self.handler("closed", text)

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                       reconnecting: bool) -> str:
        """One connection; returns ``"lost"`` (try again) or ``"done"``."""
        conn = Connection("peer")
        self._conn, self._writer = conn, writer
        conn.send(self._hello())
        writer.write(conn.data_to_send())
        pinger = asyncio.ensure_future(self._ping_loop(conn, writer))
        errors: list[str] = []
        try:
            while not conn.closed:
                timeout = self.ping_timeout if conn.state.name == "OPEN" else max(self.ping_timeout,
                                                                                  self.connect_timeout * 2)
                try:
                    async with asyncio.timeout(timeout):
                        data = await reader.read(65536)
                except TimeoutError:
                    if conn.state.name != "OPEN" and not reconnecting:
                        self._closed("the table did not answer (is it a Bella table?)")
                        return "done"
                    return "lost"
                if not data:
                    return "lost"
                for msg in conn.receive_data(data, time.monotonic()):
                    self._dispatch(msg, errors, reconnecting)
                out = conn.data_to_send()
                if out:
                    writer.write(out)
            if conn.remote_closed and reconnecting and conn.close_reason == "timeout":
                return "lost"  # the host gave up on this attempt; try again while the seat is kept
            self.close_reason = conn.close_reason
            if conn.remote_closed:
                reason = conn.close_reason or ""
                text = conn.close_message or reason
                if reason == "version_mismatch" and errors:
                    text = errors[-1]
                if reason == "replaced":
                    text = "you joined this table again from elsewhere"
                kept = conn.close_text
                if text and text == conn.close_message:  # the host's own words: keep its code and template
                    text = HostText(text, reason, kept.template if kept else None, kept.args if kept else None)
                self._closed(text or "the table closed the connection")
                return "done"
            if conn.close_reason == "version_mismatch":
                self._closed(conn.close_message)
                return "done"
            if self._closing:
                return "done"
            self._closed(f"the table sent invalid data ({conn.close_message or conn.close_reason})")
            return "done"
        except (ConnectionError, OSError):
            return "lost"
        finally:
            pinger.cancel()
            with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                out = conn.data_to_send()
                if out:
                    writer.write(out)
            writer.close()
            self._conn = None
            self._writer = None

    def _hello(self) -> Hello:
        return Hello(PROTOCOL_VERSION, GAME_VERSION, self.name, self.token, self.match, self.events,
                     self.owner_key, self.code, texts=True)

    async def _ping_loop(self, conn: Connection, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError, RuntimeError):
            while not conn.closed:
                await asyncio.sleep(self.ping_interval)
                if conn.state.name == "OPEN":
                    self._pings += 1
                    conn.send(Ping(self._pings))
                    writer.write(conn.data_to_send())

    def _dispatch(self, msg: Message, errors: list[str], reconnecting: bool) -> None:
        if isinstance(msg, Welcome):
            self._opened = True
            self.token, self.client_id, self.owner = msg.token, msg.client, msg.owner
            self.handler("welcome", msg)
            queued, self._queue = self._queue, []
            for m in queued:
                self.send(m)
            if reconnecting:
                self.handler("reconnected", Refusal("Reconnected"))
        elif isinstance(msg, UpdateMsg):
            if msg.match != self.match:
                self.match, self.events = msg.match, 0
            skip = max(0, self.events - msg.first)
            events = msg.events[skip:]
            self.events = max(self.events, msg.first + len(msg.events))
            self.handler("update", UpdateMsg(msg.match, msg.first + skip, events, msg.view))
        elif isinstance(msg, Ping):
            if self._conn is not None:
                self._conn.send(Pong(msg.n))
        elif isinstance(msg, Error):
            conn = self._conn
            if (msg.ref == "hello" and msg.code == "bad_message" and conn is not None
                    and conn.state is State.HANDSHAKE and (self.match or self.events)):
                # the host does not know the events we claim (it restarted?): ask for everything again
                self.match, self.events = 0, 0
                conn.send(self._hello())
                return
            errors.append(msg.message)
            self.handler("error", msg)
        elif isinstance(msg, (Lobby, ChatLine)):
            self.handler(msg.T, msg)
        elif isinstance(msg, Bye):
            pass  # handled when the loop ends


def _reason(exc: BaseException) -> str:
    if isinstance(exc, asyncio.TimeoutError):
        return "no answer"
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _lobby_dict(msg: Lobby) -> dict[str, Any]:
    seats = []
    for s in msg.seats:
        entry = dict(s)
        entry["name"] = clean_text(str(s["name"]), 32)
        entry["level"] = clean_text(s["level"], 16) if s["level"] is not None else None
        seats.append(entry)
    return {
        "table": clean_text(msg.table, MAX_TABLE_NAME),
        "game": clean_text(msg.game, 32),
        "variant": clean_text(msg.variant, 32),
        "players": msg.players,
        "options": dict(msg.options),
        "seats": seats,
        "started": msg.started,
    }


class RemoteSession:
    """A seat at a LAN table, for the client's blocking frame loop (implements :class:`core.session.Session`).

    Every method returns at once; the network runs on a background thread.
    ``status`` is ``"connecting"``, ``"lobby"``, ``"playing"``, ``"reconnecting"`` or ``"closed"``.
    """

    def __init__(self, address: str, port: int, name: str, *, token: str | None = None,
                 owner_key: str | None = None, code: str | None = None, reconnect_for: float = 120.0,
                 ping_interval: float = 5.0, ping_timeout: float = 15.0) -> None:
        self.seat: int | None = None
        self.status = "connecting"
        self.name = clean_name(name)
        self._lock = threading.Lock()
        self._updates: list[Update] = []
        self._lobby: dict[str, Any] | None = None
        self._chat: list[tuple[str, str]] = []
        self._view: dict[str, Any] | None = None
        self._partial: list[dict[str, Any]] = []
        self._closed_text = ""
        self._thread = LoopThread(f"bella-peer-{self.name}")
        self._client = PeerClient(address, port, self.name, self._on, token=token, owner_key=owner_key,
                                  code=code, reconnect_for=reconnect_for, ping_interval=ping_interval,
                                  ping_timeout=ping_timeout)
        self._runner = self._thread.submit(self._client.run())

    # ------------------------------------------------------------ Session API
    def poll(self) -> list[Update]:
        """The updates received since the last call (never blocks)."""
        with self._lock:
            out, self._updates = self._updates, []
        return out

    def submit(self, action: core.Action) -> None:
        """Send our action for the latest view; a refusal comes back as an ``Update(error=...)``."""
        with self._lock:
            seq = int(self._view["seq"]) if self._view is not None else 0
            if self.status == "closed":
                self._updates.append(Update(error="not connected to the table"))
                return
        self._send(ActionMsg(seq, action.to_json()))

    def close(self) -> None:
        """Leave the table (say bye) and stop the network thread."""
        if self._thread.alive:
            with contextlib.suppress(Exception):
                self._thread.run(self._client.close(), timeout=2.0)
            with contextlib.suppress(Exception):
                self._runner.result(timeout=2.0)
        self._thread.stop()
        with self._lock:
            self.status = "closed"

    # ------------------------------------------------------------- lobby API
    def lobby(self) -> dict[str, Any] | None:
        """The latest lobby snapshot (the shape of ``HostHandle.lobby()``), or None before the first."""
        with self._lock:
            return copy.deepcopy(self._lobby)

    def take_seat(self, seat: int) -> None:
        """Ask for ``seat`` (lobby only; a refusal comes back as an error update)."""
        self._send(TakeSeat(seat))

    def leave_seat(self) -> None:
        """Stand up (lobby only)."""
        self._send(LeaveSeat())

    def set_ready(self, ready: bool) -> None:
        """Set our ready flag."""
        self._send(Ready(bool(ready)))

    def chat(self, text: str) -> None:
        """Say ``text`` to the table (cut to the chat limit)."""
        text = clean_text(text, MAX_CHAT)
        if text:
            self._send(ChatSend(text))

    def chat_log(self) -> list[tuple[str, str]]:
        """The chat so far: (sender name, sanitized text), oldest first."""
        with self._lock:
            return list(self._chat)

    def start_match(self) -> None:
        """Ask the host to start (only the hosting player's own session may)."""
        self._send(Start())

    @property
    def seat_names(self) -> list[str] | None:
        """Display names by seat from the lobby ("You" for ours), or None before the first lobby."""
        with self._lock:
            lobby, me = self._lobby, self.seat
        if lobby is None:
            return None
        return ["You" if s["seat"] == me else (s["name"] or f"Seat {s['seat'] + 1}") for s in lobby["seats"]]

    @property
    def is_owner(self) -> bool:
        """True if this session hosts the table (it may start the match)."""
        return self._client.owner

    @property
    def token(self) -> str | None:
        """Our reconnect token, once welcomed."""
        return self._client.token

    # -------------------------------------------------------------- internals
    def _send(self, msg: Message) -> None:
        def go() -> None:
            if not self._client.send(msg):
                with self._lock:
                    self._updates.append(Update(error="not connected to the table"))

        self._thread.call(go)

    def _on(self, kind: str, payload: Any) -> None:
        with self._lock:
            if kind == "welcome":
                self.seat = payload.seat
                if self.status == "connecting":
                    self.status = "lobby"
            elif kind == "lobby":
                new = _lobby_dict(payload)
                for text in _lobby_news(self._lobby, new):
                    self._updates.append(Update(status=text))
                self._lobby = new
                self.seat = payload.seat
                self.status = "playing" if payload.started else "lobby"
            elif kind == "update":
                # a long catch-up comes in parts; deliver it as one update with the view, like LocalSession
                self._partial.extend(payload.events)
                if payload.view is not None:
                    self._view = payload.view
                    self._updates.append(Update(view=payload.view, events=self._partial))
                    self._partial = []
            elif kind == "error":
                self._updates.append(Update(error=HostText(clean_text(payload.message, 300), payload.code,
                                                           payload.template, payload.args)))
            elif kind == "chat":
                self._chat.append((clean_name(payload.name), clean_text(payload.text, MAX_CHAT)))
                del self._chat[:-200]
            elif kind == "reconnecting":
                self.status = "reconnecting"
                self._updates.append(Update(status=_said(payload)))
            elif kind == "reconnected":
                self._updates.append(Update(status=_said(payload)))
            elif kind == "closed":
                self.status = "closed"
                self._closed_text = HostText(clean_text(str(payload), 300), getattr(payload, "code", None),
                                             getattr(payload, "template", None), getattr(payload, "args", None))
                self._updates.append(Update(status=_sentence(self._closed_text)))

    @property
    def closed_reason(self) -> str:
        """Why the session closed (empty while open)."""
        return self._closed_text

    @property
    def closed_code(self) -> str:
        """The host's reason code when it closed the session (``code_required``, ``wrong_code``,
        ``code_backoff``, ``table_full``, ``host_quit``...), else empty."""
        return self._client.close_reason or "" if self.status == "closed" else ""


class HostText(str):
    """The host's words (English, as sent) that also keep what the client needs to word them anew.

    ``code`` is the host's error code (``"seat_taken"``); ``template`` and
    ``args`` the message as a template with arguments when the host sent
    them (for ``illegal`` the engine's refusal, see :mod:`core.text`).
    """

    code: str | None
    template: str | None
    args: dict[str, Any]

    def __new__(cls, text: str, code: str | None = None, template: str | None = None,
                args: dict[str, Any] | None = None) -> HostText:
        self = super().__new__(cls, text)
        self.code = code
        self.template = template
        self.args = dict(args or {})
        return self


def _sentence(text: str) -> str:
    """A status line as shown to the player: capitalised."""
    return text[:1].upper() + text[1:]


def _said(text: Any) -> HostText:
    """A status line in English that keeps its template (``core.Text``), so the client can word it anew."""
    return HostText(str(text), None, getattr(text, "template", None), getattr(text, "args", None))


def _lobby_news(old: dict[str, Any] | None, new: dict[str, Any]) -> list[HostText]:
    """Player-facing lines (English, with their templates) describing what changed between two lobby snapshots."""
    if old is None:
        return []
    out: list[HostText] = []

    def say(template: str, **args: Any) -> None:
        out.append(_said(Refusal(template, **args)))

    if new["started"] and not old["started"]:
        say("The match has started")
    if old["started"] and not new["started"]:
        say("The match is over")
    for a, b in zip(old["seats"], new["seats"], strict=False):
        n = b["seat"] + 1
        if a["kind"] == "human" and b["kind"] == "human" and a["name"] == b["name"]:
            if a["connected"] and not b["connected"]:
                if new["started"]:
                    say("{name} lost the connection; a bot plays for them meanwhile", name=b["name"])
                else:
                    say("{name} lost the connection", name=b["name"])
            elif b["connected"] and not a["connected"]:
                say("{name} is back", name=b["name"])
        elif a["kind"] == "human" and b["kind"] == "bot" and new["started"]:
            say("{name} left; a bot plays seat {n}", name=a["name"], n=n)
        elif b["kind"] == "human" and (a["kind"] != "human" or a["name"] != b["name"]):
            say("{name} sat at seat {n}", name=b["name"], n=n)
        elif a["kind"] == "human" and b["kind"] != "human":
            say("{name} left seat {n}", name=a["name"], n=n)
    return out
