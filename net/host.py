"""The asyncio host: one table, the authoritative :class:`core.State`, and its peers.

The host owns the match, as a :class:`core.driver.TableDriver` (the same
driver a single-player session wraps): this module is only its network
transport.  Peers send actions; the host checks them in order (seat, phase,
sequence number, legality) and hands them to the driver, which deals when the
engine asks for chance, paces the bots (``core.ai.make_bot``) that fill seats
the owner gives them, and lets a bot play for a disconnected player after a
short pause until it reconnects with its token or its grace period runs out.
The host sends each peer only its own ``state.view(seat)`` and
``state.events_for(seat, ...)``.

Everything on the table happens on the loop's thread; bots think on one
worker thread (the driver's :class:`core.driver.BotJob`) and their move is
re-checked against the current state before it is applied.  A match that
ends, or is abandoned when the host stops, is handed to ``on_record``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

import core
from core.ai import LEVELS
from core.driver import BotJob, MatchEnd, Step, TableDriver
from core.text import Refusal
from net.codes import Backoff, code_matches, normalize_code
from net.connection import Connection
from net.messages import (
    GAME_VERSION,
    MAX_EVENTS_PER_UPDATE,
    MAX_SEATS,
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
    Update,
    Welcome,
)
from net.text import MAX_CHAT, MAX_TABLE_NAME, clean_name, clean_text

log = logging.getLogger("bella.net.host")

MAX_LINKS = 64
"""Most simultaneous open connections (players and spectators) one table accepts; a seat holder coming back
with its token is let in even past it."""
MAX_HANDSHAKE = 8
"""Most connections waiting to say hello at once; a newcomer past it closes the oldest of them, so silent
connections can never keep players out."""
MAX_WRITE_BUFFER = 4 * 1024 * 1024
"""A peer that lets this much output pile up unread is dropped (a stuck or hostile reader)."""
READ_CHUNK = 65536

SendHook = Callable[[int | None, dict[str, Any]], None]
RecordHook = Callable[[MatchEnd], None]


@dataclass
class Client:
    """A person known to the table (connected now or not): name, token, seat."""

    id: int
    name: str
    token: str
    owner: bool = False
    seat: int | None = None
    ready: bool = False
    link: _Link | None = None
    cursor: int = 0
    """Index of the next event this client has not been sent."""
    left_at: float | None = None


@dataclass
class SeatSlot:
    """One seat: empty, a human client, or a bot of some level."""

    index: int
    kind: str = "empty"
    client: int | None = None
    level: str | None = None
    disconnected_at: float | None = None
    grace: asyncio.TimerHandle | None = None


@dataclass(eq=False)
class _Link:
    """One TCP connection."""

    conn: Connection
    writer: asyncio.StreamWriter
    created: float
    last_heard: float
    address: str = ""
    """The peer's IP address."""
    client: Client | None = None
    pings: int = 0
    partial_since: float | None = None
    """When the frame now arriving began (None between frames)."""
    extra: dict[str, Any] = field(default_factory=dict)


class Host:
    """One LAN table.  Create it, ``await start()``, and ``await stop()`` when done.

    ``ping_timeout``: seconds without a complete message before a connection is closed; ``hello_timeout``:
    seconds a new connection has to say hello; ``frame_timeout``: seconds a frame may take from its first
    byte to its last (a peer trickling bytes is closed).

    ``grace``: seconds a disconnected player keeps its seat; ``takeover_delay``:
    pause before a bot plays for a disconnected player; ``bot_delay``: pause
    before each bot move; ``autostart``: start as soon as every seat is filled
    and every human is ready (the dedicated host); ``owner_key``: the secret a
    peer's hello must carry to own the table (may start it);  ``on_send``:
    called with (recipient seat, message) for every message sent (tests);
    ``on_change``: called after any lobby change (the zeroconf advertiser); ``on_record``: called on the
    loop's thread with the :class:`core.driver.MatchEnd` of each match that ends, or that is abandoned
    when the host stops (``seat`` is the owner's seat), to store it (the client's match history).

    ``code``: the private table's code (4 to 8 letters or digits; a newcomer's hello must carry it, a
    returning token or the owner key need not); ``code_backoff``: the first wait after a wrong code from
    an address (doubling with each further wrong code, up to a minute).

    Raises :class:`core.UnknownGame` / :class:`core.OptionError` for a bad game,
    player count or option, and ``ValueError`` for a bad bot seat or level or table code.
    """

    def __init__(
        self,
        game: str,
        players: int,
        options: dict[str, Any] | None = None,
        table_name: str = "Bella table",
        *,
        bots: dict[int, str] | None = None,
        seed: int | None = None,
        grace: float = 120.0,
        takeover_delay: float = 2.0,
        takeover_level: str = "normal",
        bot_delay: float = 0.0,
        bot_max_ms: float = 800.0,
        ping_interval: float = 5.0,
        ping_timeout: float = 20.0,
        hello_timeout: float = 3.0,
        frame_timeout: float = 5.0,
        autostart: bool = False,
        owner_key: str | None = None,
        code: str | None = None,
        code_backoff: float = 1.0,
        on_send: SendHook | None = None,
        on_change: Callable[[], None] | None = None,
        on_record: RecordHook | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed if seed is not None else secrets.randbits(32)
        self.rng = random.Random(self.seed)
        """Draws each match's seed (its first dealer, shuffles and bot seeds: see ``core.driver``)."""
        match_seed = self.rng.randrange(2**31)
        state = core.new_match(game, players=players, options=options or {}, seed=match_seed)
        if players > MAX_SEATS:
            raise core.OptionError(f"a LAN table has at most {MAX_SEATS} seats")
        self.options: dict[str, Any] = dict(state.options)
        self.table_name = clean_text(table_name, MAX_TABLE_NAME) or "Bella table"
        self.grace = grace
        self.takeover_delay = takeover_delay
        if takeover_level not in LEVELS:
            raise ValueError(f"unknown bot level {takeover_level!r}; levels: {', '.join(LEVELS)}")
        self.takeover_level = takeover_level
        self.bot_delay = bot_delay
        self.bot_max_ms = bot_max_ms
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.hello_timeout = hello_timeout
        self.frame_timeout = frame_timeout
        self.autostart = autostart
        self.owner_key = owner_key
        self.code = normalize_code(code) if code else None
        """The table code a newcomer must give (None: anyone on the network may join)."""
        self.guesses = Backoff(base=code_backoff)
        self.on_send = on_send
        self.on_change = on_change
        self.on_record = on_record
        self.driver = self._new_driver(state, match_seed)
        """The match being played (or the last one, or the first one before it starts)."""
        self.seats = [SeatSlot(i) for i in range(players)]
        self.standing_bots: dict[int, str] = {}
        """Seat -> the bot level that holds the seat whenever no human sits there (``bots`` and ``set_bot``)."""
        self.clients: dict[int, Client] = {}
        self.links: set[_Link] = set()
        self.started = False
        """True while a match is being played (False in the lobby and once it is over)."""
        self.matches = 0
        self.chat: list[ChatLine] = []
        """The last 100 chat lines (a newcomer is sent the last 20)."""
        self._next_client = 1
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bella-host-bots")
        self._wake: asyncio.TimerHandle | None = None
        self._sent: tuple[int, int, int] | None = None
        self._owner_seat: int | None = None
        """The owner's seat when the match started (the match is recorded for that seat)."""
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._dirty: set[_Link] = set()
        self._flush_scheduled = False
        self.address = ""
        self.port = 0
        self.closed = False
        for seat, level in (bots or {}).items():
            self.set_bot(seat, level)

    # ------------------------------------------------------------- lifecycle
    async def start(self, bind: str = "0.0.0.0", port: int = 0) -> tuple[str, int]:
        """Listen on ``bind:port`` (0 = any free port); return the bound address and port."""
        self._server = await asyncio.start_server(self._serve, bind, port, limit=READ_CHUNK)
        sock = self._server.sockets[0].getsockname()
        self.address, self.port = str(sock[0]), int(sock[1])
        self._spawn(self._keepalive())
        log.info("table %r (%s, %d players) listening on %s:%d", self.table_name, self.game, self.players,
                 self.address, self.port)
        return self.address, self.port

    async def stop(self, message: str = "The host closed the table") -> None:
        """Tell every peer the host quit, close every connection and stop listening."""
        if self.closed:
            return
        self.closed = True
        for link in list(self.links):
            link.conn.close("host_quit", message)
            self._flush(link)
            link.writer.close()
        if self._server is not None:
            self._server.close()
        for seat in self.seats:
            if seat.grace is not None:
                seat.grace.cancel()
        if self._wake is not None:
            self._wake.cancel()
        if self.started:  # abandoned: recorded if anyone made a decision
            self.started = False
            self.driver.finish()
        self._executor.shutdown(wait=False, cancel_futures=True)
        tasks = [t for t in self._tasks if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        log.info("table %r closed", self.table_name)

    @property
    def state(self) -> core.State:
        """The match's state (the driver's)."""
        return self.driver.state

    def _new_driver(self, state: core.State, seed: int, bots: dict[int, str] | None = None) -> TableDriver:
        return TableDriver(state, seed=seed, bots=bots, bot_delay=self.bot_delay, takeover_delay=self.takeover_delay,
                           takeover_level=self.takeover_level, clock=time.perf_counter, bot_max_ms=self.bot_max_ms,
                           now=time.monotonic(), on_end=self._ended)

    def _ended(self, end: MatchEnd) -> None:
        """The driver reports a match that ended or was abandoned: hand it to ``on_record``."""
        end = replace(end, seat=self._owner_seat)
        log.info("match %d %s", self.matches, "finished" if end.finished else "abandoned")
        if self.on_record is not None:
            try:
                self.on_record(end)
            except Exception:  # a broken recorder must not break the table
                log.exception("match recorder failed")

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ----------------------------------------------------------------- lobby
    def lobby(self, seat: int | None = None) -> dict[str, Any]:
        """The lobby snapshot (the shape of ``net.lan.HostHandle.lobby``)."""
        return {
            "table": self.table_name,
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "seats": [self._seat_entry(s) for s in self.seats],
            "started": self.started,
        }

    @property
    def variant(self) -> str:
        """The game's variant option, if it has one ("" otherwise)."""
        v = self.options.get("variant", "")
        return str(v)

    def seats_taken(self) -> int:
        """Seats held by humans (bots give theirs up to a joining human)."""
        return sum(1 for s in self.seats if s.kind == "human")

    def _seat_entry(self, s: SeatSlot) -> dict[str, Any]:
        if s.kind == "human" and s.client is not None:
            c = self.clients[s.client]
            return {"seat": s.index, "name": c.name, "kind": "human", "level": None,
                    "ready": c.ready, "connected": c.link is not None}
        if s.kind == "bot":
            return {"seat": s.index, "name": f"{(s.level or 'normal').capitalize()} bot", "kind": "bot",
                    "level": s.level, "ready": True, "connected": True}
        return {"seat": s.index, "name": "", "kind": "empty", "level": None, "ready": False, "connected": False}

    def set_bot(self, seat: int, level: str | None) -> None:
        """Put a bot of ``level`` at ``seat`` (an index; ``None`` empties it).  Lobby only.

        A human sitting there is stood up.  The bot keeps the seat warm: a human may take it, and when
        that human stands up or leaves, the seat goes back to a bot of this level (a dedicated host,
        which has nobody to refill seats, must never be stuck).  Raises ``ValueError`` with a reason.
        """
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat + 1 if isinstance(seat, int) else seat!r}; "
                             f"this table has seats 1 to {self.players}")
        if self.started:
            raise ValueError("the match has started; seats change only in the lobby")
        if level is not None and level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
        slot = self.seats[seat]
        self._unseat(slot)
        if level is None:
            self.standing_bots.pop(seat, None)
        else:
            self.standing_bots[seat] = level
            slot.kind, slot.level = "bot", level
        self._lobby_changed()

    def _unseat(self, slot: SeatSlot) -> None:
        if slot.client is not None:
            c = self.clients.get(slot.client)
            if c is not None:
                c.seat, c.ready = None, False
        if slot.grace is not None:
            slot.grace.cancel()
        slot.kind, slot.client, slot.level = "empty", None, None
        slot.disconnected_at, slot.grace = None, None

    def _vacate(self, slot: SeatSlot) -> None:
        """A human leaves ``slot`` in the lobby: the seat's standing bot (if it has one) takes it back."""
        self._unseat(slot)
        level = self.standing_bots.get(slot.index)
        if level is not None:
            slot.kind, slot.level = "bot", level

    def start_match(self) -> None:
        """Start a match now.  Raises ``ValueError`` saying why it cannot start."""
        if self.started:
            raise ValueError("the match has already started")
        for s in self.seats:
            if s.kind == "empty":
                raise ValueError(f"seat {s.index + 1} is empty; seat a player or a bot there")
            if s.kind == "human" and s.client is not None:
                c = self.clients[s.client]
                if c.link is None:
                    raise ValueError(f"{c.name} is not connected")
                if not c.ready:
                    raise ValueError(f"{c.name} is not ready")
        state, seed = self.driver.state, self.driver.seed
        if self.matches > 0 or state.seq > 0:
            seed = self.rng.randrange(2**31)
            state = core.new_match(self.game, players=self.players, options=self.options, seed=seed)
        # fresh bots for every match (their memory of the last one is useless), seeded per seat
        self.driver = self._new_driver(state, seed, {s.index: s.level for s in self.seats
                                                     if s.kind == "bot" and s.level})
        self._sent = None
        owner = next((c for c in self.clients.values() if c.owner and c.seat is not None), None)
        self._owner_seat = owner.seat if owner is not None else None
        self.matches += 1
        self.started = True
        for c in self.clients.values():
            c.cursor = 0
        log.info("match %d started: %s", self.matches,
                 ", ".join(self._seat_entry(s)["name"] for s in self.seats))
        self._lobby_changed()
        self._advance()

    def _maybe_autostart(self) -> None:
        if self.autostart and not self.started and any(s.kind == "human" for s in self.seats):
            with contextlib.suppress(ValueError):
                self.start_match()

    def _lobby_changed(self) -> None:
        for link in list(self.links):
            c = link.client
            if c is not None:
                self._send(link, Lobby(self.table_name, self.game, self.variant, self.players, dict(self.options),
                                       [self._seat_entry(s) for s in self.seats], self.started, c.seat))
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # a broken listener must not break the table
                log.exception("lobby change listener failed")
        self._maybe_autostart()  # e.g. the last player who was not ready left

    # ------------------------------------------------------------------ match
    def _advance(self) -> None:
        """Send every peer what changed, let the driver take each step that is due (a deal, a bot's move),
        sending after each one (one consistent state per update), then wait for the next."""
        if not self.started or self.closed:
            return
        d = self.driver
        while True:
            self._broadcast_if_changed()
            if d.state.is_over:
                break
            step = d.advance(time.monotonic())
            if step is None:
                break
            self._log_step(step)
        if d.state.is_over:
            self._match_over()
        else:
            self._schedule_bot()

    def _broadcast_if_changed(self) -> None:
        st = self.state
        key = (self.matches, st.seq, st.event_count)
        if key == self._sent or st.seq == 0:  # nothing new (the first update follows the first deal)
            return
        self._sent = key
        self._broadcast_updates()

    def _log_step(self, step: Step) -> None:
        if step.error is not None and step.seat is not None:
            log.error("bot at seat %d chose an illegal move (%s); playing its first legal move %s", step.seat + 1,
                      step.error, step.action)

    def _match_over(self) -> None:
        st = self.state
        log.info("match %d over: scores %s, winner side %s", self.matches, st.scores, st.winner)
        self.started = False
        if self._wake is not None:
            self._wake.cancel()
        for c in self.clients.values():
            c.ready = False
        for s in self.seats:
            if s.kind == "human" and s.client is not None and self.clients[s.client].link is None:
                self._vacate(s)
            elif s.kind == "bot" and s.index in self.standing_bots:
                s.level = self.standing_bots[s.index]  # a takeover bot hands over to the seat's own bot
        self._lobby_changed()

    def _broadcast_updates(self) -> None:
        st = self.state
        views: dict[int | None, dict[str, Any]] = {}
        total = st.event_count
        for link in list(self.links):
            c = link.client
            if c is not None:
                self._send_updates(link, c, c.seat, views, total)

    def _send_updates(self, link: _Link, c: Client, seat: int | None,
                      views: dict[int | None, dict[str, Any]] | None = None, total: int | None = None) -> None:
        st = self.state
        if total is None:
            total = st.event_count
        if views is None:
            views = {}
        if seat not in views:
            views[seat] = st.view(seat)
        start = min(c.cursor, total)
        events = st.events_for(seat, start) if start < total else []
        while len(events) > MAX_EVENTS_PER_UPDATE:
            self._send(link, Update(self.matches, start, events[:MAX_EVENTS_PER_UPDATE], None))
            start += MAX_EVENTS_PER_UPDATE
            events = events[MAX_EVENTS_PER_UPDATE:]
        self._send(link, Update(self.matches, start, events, views[seat]))
        c.cursor = total

    def _schedule_bot(self) -> None:
        """Start the thinking the position needs (on the bots' worker) and wake up when a step is due."""
        if not self.started or self.closed:
            return
        d = self.driver
        job = d.job()
        if job is not None:
            self._think(d, job)
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        now = time.monotonic()
        due = d.due(now)
        if due is not None:
            self._wake = asyncio.get_running_loop().call_later(max(0.0, due - now), self._advance)

    def _think(self, driver: TableDriver, job: BotJob) -> None:
        """Run ``job`` on the bots' worker thread; its answer goes back to ``driver`` on the loop's thread."""
        try:
            future = asyncio.get_running_loop().run_in_executor(self._executor, job.run)
        except RuntimeError:  # the executor is shut down: the table is closing
            return

        def done(f: asyncio.Future[core.Action | None]) -> None:
            if f.cancelled() or self.closed:
                return
            exc = f.exception()
            action = None if exc is not None else f.result()
            if job.error is not None or exc is not None:
                log.error("bot at seat %d failed (%s); playing its first legal move", job.seat + 1, job.error or exc)
            driver.answer(job, action)
            if driver is self.driver:
                self._advance()

        future.add_done_callback(done)

    # ------------------------------------------------------------- connection
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        now = time.monotonic()
        peer = writer.get_extra_info("peername")
        link = _Link(Connection("host"), writer, now, now, str(peer[0]) if isinstance(peer, tuple) else "")
        hook = self.on_send
        if hook is not None:
            link.conn.on_send = lambda wire: hook(link.client.seat if link.client is not None else None, wire)
        if self.closed:
            link.conn.close("host_quit", Refusal("The host closed the table"))
            self._flush(link)
            writer.close()
            return
        waiting = sorted((x for x in self.links if x.client is None), key=lambda x: x.created)
        for old in waiting[:max(0, len(waiting) - MAX_HANDSHAKE + 1)]:  # the newest connections get a chance
            old.conn.close("timeout", Refusal("too many new connections at once; try again"))
            self._close_link(old)
        self.links.add(link)
        try:
            while not link.conn.closed:
                data = await reader.read(READ_CHUNK)
                if not data:
                    link.conn.connection_lost()
                    break
                now = time.monotonic()
                frames = link.conn.frames_received
                link.conn.feed(data)
                for msg in link.conn.messages(now):
                    try:
                        self._handle(link, msg)
                    except Exception:  # a bug here must cost one refused message, not the table
                        log.exception("error while handling %s from %s", msg.T, self._who(link))
                        link.conn.error("internal", Refusal("the host could not handle this message"), msg.T)
                if link.conn.frames_received > frames:  # only complete frames are signs of life
                    link.last_heard = now
                    link.partial_since = now if link.conn.partial_frame else None
                elif link.conn.partial_frame and link.partial_since is None:
                    link.partial_since = now
                self._mark(link)
        except (ConnectionError, OSError):
            link.conn.connection_lost()
        except asyncio.CancelledError:
            link.conn.connection_lost()
        finally:
            self._flush(link)
            self._drop(link)

    def _close_link(self, link: _Link) -> None:
        """Flush what ``link`` has queued (its bye), close its socket and forget it."""
        self._flush(link)
        with contextlib.suppress(ConnectionError, OSError, RuntimeError):
            link.writer.close()
        self._drop(link)

    def _drop(self, link: _Link) -> None:
        if link not in self.links:
            return
        self.links.discard(link)
        with contextlib.suppress(ConnectionError, OSError, RuntimeError):
            link.writer.close()
        c = link.client
        if c is not None and c.link is link:
            c.link = None
            self._client_gone(c, deliberate=link.conn.remote_closed)

    def _flush(self, link: _Link) -> None:
        data = link.conn.data_to_send()
        if not data or link.writer.is_closing():
            return
        try:
            link.writer.write(data)
        except (ConnectionError, OSError, RuntimeError):
            link.conn.connection_lost()
            return
        transport = link.writer.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            log.warning("dropping %s: it does not read its messages", self._who(link))
            link.conn.connection_lost()
            transport.abort()

    def _send(self, link: _Link, msg: Message) -> None:
        link.conn.send(msg)
        self._mark(link)

    def _mark(self, link: _Link) -> None:
        """Flush ``link`` at the end of this loop iteration (one write for everything queued meanwhile)."""
        self._dirty.add(link)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self._flush_dirty)

    def _flush_dirty(self) -> None:
        self._flush_scheduled = False
        dirty, self._dirty = self._dirty, set()
        for link in dirty:
            self._flush(link)

    def _who(self, link: _Link) -> str:
        return link.client.name if link.client is not None else "a new connection"

    async def _keepalive(self) -> None:
        # a short tick: each timeout fires at most a quarter of a second late
        tick = min(0.25, self.ping_interval / 2, self.hello_timeout / 2, self.frame_timeout / 2)
        while True:
            await asyncio.sleep(tick)
            now = time.monotonic()
            for link in list(self.links):
                if link.partial_since is not None and now - link.partial_since > self.frame_timeout:
                    log.warning("%s sends a message too slowly", self._who(link))
                    link.conn.close("timeout", Refusal("a message took too long to arrive"))
                elif link.client is None:
                    if now - link.created > self.hello_timeout:
                        link.conn.close("timeout", Refusal("no hello received"))
                elif now - link.last_heard > self.ping_timeout:
                    log.warning("%s stopped answering", self._who(link))
                    link.conn.close("timeout", Refusal("no answer to pings"))
                elif link.client is not None and now - link.extra.get("pinged", 0.0) >= self.ping_interval:
                    link.pings += 1
                    link.extra["pinged"] = now
                    link.conn.send(Ping(link.pings))
                self._flush(link)
                if link.conn.closed:
                    link.writer.close()
                    self._drop(link)

    # ---------------------------------------------------------------- clients
    def _client_gone(self, c: Client, *, deliberate: bool) -> None:
        now = time.monotonic()
        c.left_at = now
        if c.seat is None:
            log.info("%s left", c.name)
            self._lobby_changed()
            self._forget_old_clients()
            return
        slot = self.seats[c.seat]
        if not self.started:
            log.info("%s left seat %d", c.name, c.seat + 1)
            self._vacate(slot)
        elif deliberate:
            log.info("%s left the match; a %s bot takes seat %d", c.name, self.takeover_level, c.seat + 1)
            self._to_bot(slot)
        else:
            log.info("%s disconnected; seat %d kept for %.0f s", c.name, c.seat + 1, self.grace)
            slot.disconnected_at = now
            slot.grace = asyncio.get_running_loop().call_later(self.grace, self._grace_over, slot.index, c.id)
            self.driver.take_over(slot.index, now)  # after takeover_delay, a bot plays for the missing player
            self._schedule_bot()
        self._lobby_changed()

    def _to_bot(self, slot: SeatSlot) -> None:
        """The seat's person is gone for good: a bot holds it for the rest of the match."""
        self._unseat(slot)
        slot.kind, slot.level = "bot", self.takeover_level
        self.driver.take_over(slot.index, time.monotonic(), delay=0.0)
        self._schedule_bot()

    def _grace_over(self, seat: int, client_id: int) -> None:
        slot = self.seats[seat]
        c = self.clients.get(client_id)
        if slot.client != client_id or c is None or c.link is not None:
            return
        log.info("%s did not come back; a %s bot keeps seat %d", c.name, self.takeover_level, seat + 1)
        slot.grace = None
        self._to_bot(slot)
        self._lobby_changed()

    def _forget_old_clients(self) -> None:
        now = time.monotonic()
        for cid, c in list(self.clients.items()):
            if c.link is None and c.seat is None and c.left_at is not None and now - c.left_at > self.grace:
                del self.clients[cid]
        if len(self.clients) > 4 * MAX_LINKS:  # bound memory against join/leave churn
            for cid, c in sorted(self.clients.items(), key=lambda kv: kv[1].left_at or 0.0):
                if c.link is None and c.seat is None:
                    del self.clients[cid]
                if len(self.clients) <= 2 * MAX_LINKS:
                    break

    # --------------------------------------------------------------- messages
    def _handle(self, link: _Link, msg: Message) -> None:
        if isinstance(msg, Hello):
            self._hello(link, msg)
            return
        c = link.client
        if c is None:  # cannot happen: the connection gates on hello
            return
        if isinstance(msg, Ping):
            link.conn.send(Pong(msg.n))
        elif isinstance(msg, Pong):
            pass
        elif isinstance(msg, Bye):
            pass  # the read loop ends; _drop handles it as a deliberate leave
        elif isinstance(msg, Error):
            log.info("%s reports an error: %s %s", c.name, msg.code, msg.message[:80])
        elif isinstance(msg, ActionMsg):
            self._action(link, c, msg)
        elif isinstance(msg, ChatSend):
            text = clean_text(msg.text, MAX_CHAT)
            if text:
                line = ChatLine(c.name, c.seat, text)
                self.chat.append(line)
                del self.chat[:-100]
                for other in list(self.links):
                    if other.client is not None:
                        self._send(other, line)
        elif isinstance(msg, TakeSeat):
            self._take_seat(link, c, msg.seat)
        elif isinstance(msg, LeaveSeat):
            if self.started:
                link.conn.error("not_allowed_now", Refusal("you cannot leave your seat during a match"), msg.T)
            elif c.seat is not None:
                self._vacate(self.seats[c.seat])
                self._lobby_changed()
        elif isinstance(msg, Ready):
            if c.seat is None:
                link.conn.error("no_seat", Refusal("take a seat first"), msg.T)
            elif self.started:
                link.conn.error("not_allowed_now", Refusal("the match has already started"), msg.T)
            else:
                c.ready = msg.ready
                self._lobby_changed()
                self._maybe_autostart()
        elif isinstance(msg, Start):
            if not c.owner:
                link.conn.error("not_owner", Refusal("only the player hosting the table can start the match"), msg.T)
                return
            if c.seat is not None and not self.started:
                c.ready = True
            try:
                self.start_match()
            except ValueError as exc:
                link.conn.error("cannot_start", str(exc), msg.T)
                self._lobby_changed()
        else:
            link.conn.error("not_allowed_now", f"a peer cannot send {msg.T}", msg.T, strike=True)

    def _refuse(self, link: _Link, code: str, text: str | Refusal) -> None:
        """Refuse a hello for good: ``error`` then ``bye`` with the same code, and close."""
        link.conn.error(code, text, "hello")
        link.conn.close(code, text)

    def _hello(self, link: _Link, msg: Hello) -> None:
        c = None
        if msg.token is not None:
            token = msg.token.encode("utf-8")
            c = next((x for x in self.clients.values() if secrets.compare_digest(x.token.encode(), token)), None)
        owner = self.owner_key is not None and msg.owner_key is not None and secrets.compare_digest(
            self.owner_key.encode(), msg.owner_key.encode("utf-8"))
        if self.code is not None and c is None and not owner and not self._code_ok(link, msg.code):
            return  # a known token was given to someone who had the code: it still works without it
        if msg.match > self.matches or (msg.match == self.matches and msg.events > self.state.event_count):
            link.conn.error("bad_message", f"hello claims {msg.events} events of match {msg.match}, but this "
                            f"table is at match {self.matches} with {self.state.event_count} events; say hello "
                            f"again with what you hold (0 and 0 for everything)", "hello", strike=True)
            return
        seat_holder = c is not None and c.seat is not None
        if not seat_holder and not owner and sum(1 for x in self.links if x.client is not None) >= MAX_LINKS:
            self._refuse(link, "table_full", Refusal("this table accepts no more players or spectators"))
            return
        is_new = c is None
        if c is None:
            c = Client(self._next_client, self._unique_name(clean_name(msg.name)), secrets.token_urlsafe(18))
            self._next_client += 1
            self.clients[c.id] = c
            log.info("%s joined", c.name)
        else:
            if c.link is not None and c.link is not link:
                old = c.link
                c.link = None
                old.client = None
                old.conn.close("replaced", Refusal("you connected again from elsewhere"))
                self._flush(old)
                old.writer.close()
                self.links.discard(old)
            log.info("%s reconnected", c.name)
        if owner:
            c.owner = True
        link.client = c
        c.link = link
        c.left_at = None
        if c.seat is not None:
            slot = self.seats[c.seat]
            if slot.grace is not None:
                slot.grace.cancel()
            slot.grace, slot.disconnected_at = None, None
            if self.started and slot.kind == "human":
                self.driver.give_back(c.seat)  # the human is back: a pending takeover move is dropped
        c.cursor = min(msg.events, self.state.event_count) if msg.match == self.matches else 0
        link.conn.accept(Welcome(PROTOCOL_VERSION, GAME_VERSION, c.id, c.token, c.owner, c.seat))
        self._flush(link)
        self._lobby_changed()
        if is_new:  # a newcomer sees the recent chat; a returning player already has it
            for line in self.chat[-20:]:
                self._send(link, line)
        if self.started:
            self._send_updates(link, c, c.seat)
            self._schedule_bot()

    def _code_ok(self, link: _Link, given: str | None) -> bool:
        """Check a newcomer's table code; refuse the hello (and count a wrong guess) unless it is right."""
        assert self.code is not None
        now = time.monotonic()
        wait = self.guesses.wait(link.address, now)
        if wait > 0:  # guesses during the back-off are not even looked at
            self._refuse(link, "code_backoff", Refusal("too many wrong table codes; try again in {seconds} s",
                                                       seconds=math.ceil(wait)))
            return False
        if given is None or not given.strip():
            self._refuse(link, "code_required", Refusal("this table is private: type its code to join"))
            return False
        if not code_matches(self.code, given):
            wait = self.guesses.failed(link.address, now)
            log.warning("wrong table code from %s (waits %.0f s)", link.address or "?", wait)
            self._refuse(link, "wrong_code", Refusal("wrong table code; you may try again in {seconds} s",
                                                     seconds=math.ceil(wait)))
            return False
        self.guesses.succeeded(link.address)
        return True

    def _unique_name(self, name: str) -> str:
        """``name``, or ``name 2``, ``name 3``... if someone at the table already has it."""
        taken = {c.name.lower() for c in self.clients.values() if c.link is not None or c.seat is not None}
        if name.lower() not in taken:
            return name
        for n in range(2, 100):
            candidate = f"{name[:20]} {n}"
            if candidate.lower() not in taken:
                return candidate
        return name

    def _take_seat(self, link: _Link, c: Client, seat: int) -> None:
        if self.started:
            link.conn.error("not_allowed_now", Refusal("the match has already started"), "take_seat")
            return
        if seat >= self.players:
            link.conn.error("bad_seat", Refusal("there is no seat {seat}; this table has seats 1 to {players}",
                                                seat=seat + 1, players=self.players), "take_seat")
            return
        slot = self.seats[seat]
        if slot.kind == "human" and slot.client != c.id:
            link.conn.error("seat_taken", Refusal("seat {seat} is taken", seat=seat + 1), "take_seat")
            return
        if c.seat is not None and c.seat != seat:
            self._vacate(self.seats[c.seat])
        if slot.client != c.id:
            self._unseat(slot)
            slot.kind, slot.client = "human", c.id
            c.seat, c.ready = seat, False
        self._lobby_changed()

    def _action(self, link: _Link, c: Client, msg: ActionMsg) -> None:
        st = self.state
        if c.seat is None:
            link.conn.error("no_seat", Refusal("you are not seated at this table"), "action")
            return
        if not self.started:
            link.conn.error("not_started" if not st.is_over else "match_over",
                            Refusal("the match is over") if st.is_over else Refusal("the match has not started"),
                            "action")
            return
        if msg.seq != st.seq:
            link.conn.error("stale", Refusal("the table has moved on (you acted on move {seq}; it is now move {now})",
                                             seq=msg.seq, now=st.seq), "action")
            return
        if st.current_player != c.seat:
            link.conn.error("not_your_turn", Refusal("it is not your turn"), "action")
            return
        try:
            action = core.action_from_json(msg.action)
        except core.InvalidAction as exc:
            link.conn.error("bad_action", str(exc), "action", strike=True)
            return
        if action.type == "deal":
            link.conn.error("illegal", Refusal("only the host deals"), "action")
            return
        try:
            self.driver.submit(c.seat, action, time.monotonic())
        except core.IllegalAction as exc:
            link.conn.error("illegal", exc.text, "action")
            return
        self._advance()
