"""``LocalSession``: a single-player match run in-process, behind the Session interface.

The session owns the :class:`core.State` and the only randomness (the shuffle,
``state.sample_chance(random.Random(seed))``).  The human plays ``seat``; the
other seats are bots (``core.ai.make_bot``) that decide on a worker thread
from their own seat's view, so the render loop never waits for them.

The state is touched only by the thread that calls :meth:`poll`/:meth:`submit`
(the UI thread); the worker receives copies of views.  Each :meth:`poll`
advances the match by at most one step (a deal or one bot action) and only
after a short pause (``bot_delay``), so the table can animate every move.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from typing import Any

import core
import core.ai
from client.i18n import N_, _
from client.reasons import render
from core.session import Update

SEAT_NAMES = (N_("South"), N_("West"), N_("North"), N_("East"), N_("Centre"))

BOT_MAX_MS = 800.0
"""Wall-clock cap of one ``hard`` decision (it normally needs far less; the goal is under 1 s)."""


class LocalSession:
    """One human seat against bots, all in this process (implements ``core.session.Session``)."""

    def __init__(self, game: str, players: int, options: dict[str, Any] | None = None, *, seat: int = 0,
                 levels: dict[int, str] | None = None, seed: int | None = None,
                 record: dict[str, Any] | None = None, bot_delay: float = 0.75,
                 deal_delay: float = 0.4, player_name: str = "You") -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        if record is not None:
            self.state = core.replay(record)
        else:
            self.state = core.new_match(game, players=players, options=options, seed=self.seed)
        self.game = self.state.game_id
        self.players = self.state.players
        self.seat: int | None = seat
        self.levels = {s: (levels or {}).get(s, "normal") for s in range(self.players) if s != seat}
        self.bots = {s: core.ai.make_bot(self.levels[s], seed=self.seed * 31 + s, clock=time.perf_counter,
                                         max_ms=BOT_MAX_MS) for s in self.levels}
        # a fresh but reproducible shuffle stream, also after a resume
        self.rng = random.Random(self.seed * 1_000_003 + self.state.seq)
        self.bot_delay = bot_delay
        self.deal_delay = deal_delay
        self.seat_names = [player_name if s == seat else self._bot_name(s) for s in range(self.players)]
        self._events_sent = 0
        self._view_sent_seq = -1
        self._errors: list[str] = []
        self._status: list[str] = []
        self._last_change = time.monotonic()
        self._jobs: queue.Queue[tuple[str, int, int, dict[str, Any], list[dict[str, Any]] | None, int] | None]
        self._jobs = queue.Queue()
        self._results: dict[tuple[str, int], tuple[core.Action, str] | None] = {}
        self._fed = {s: 0 for s in self.bots}
        self._asked: set[tuple[str, int]] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._worker = threading.Thread(target=self._work, name="bella-bots", daemon=True)
        self._worker.start()

    def _bot_name(self, s: int) -> str:
        return seat_label(s, self.seat or 0, self.players, clockwise(self.game))

    # ------------------------------------------------------------ worker
    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            kind, seq, seat, view, events, start = job
            result: tuple[core.Action, str] | None
            try:
                if kind == "bot":
                    bot = self.bots[seat]
                    observe = getattr(bot, "observe", None)
                    if observe is not None and events is not None:
                        observe(events, start)
                    result = (bot.choose(view), "")
                else:
                    result = core.ai.suggest(view, level="normal", seed=seq, events=events)
            except Exception:  # a failing bot must not freeze the table
                legal = view.get("legal") or []
                result = (core.action_from_json(legal[0]), "") if legal else None
            with self._lock:
                self._results[(kind, seq)] = result

    @property
    def can_hint(self) -> bool:
        """True when the AI offers ``suggest``."""
        return hasattr(core.ai, "suggest")

    def request_hint(self) -> None:
        """Ask the AI (on the worker) what it would play for us now."""
        if self.seat is None or self.state.current_player != self.seat or not self.can_hint:
            return
        key = ("hint", self.state.seq)
        if key not in self._asked:
            self._asked.add(key)
            self._jobs.put(("hint", self.state.seq, self.seat, self.state.view(self.seat),
                            self.state.events_for(self.seat), 0))

    def take_hint(self) -> tuple[core.Action, str] | None:
        """(action, reason) suggested for the current position, once the worker has it (reason translated)."""
        with self._lock:
            got = self._results.get(("hint", self.state.seq))
        return None if got is None else (got[0], render(got[1]) if got[1] else got[1])

    # ------------------------------------------------------- Session API
    @property
    def thinking(self) -> int | None:
        """The bot seat whose decision is being computed (or waited for), else None."""
        cp = self.state.current_player
        return cp if cp is not None and cp in self.bots else None

    def poll(self) -> list[Update]:
        """Return what changed; if everything was already delivered, advance one step first.

        Never blocks.  Delivering before stepping keeps each update to one
        step's events (a deal's end is never merged with the next deal).
        """
        if self._closed:
            return []
        out: list[Update] = [Update(error=e) for e in self._errors] + [Update(status=s) for s in self._status]
        self._errors.clear()
        self._status.clear()
        if not self._changed():
            self._step()
        if self._changed():
            events = self.state.events_for(self.seat, self._events_sent)
            self._events_sent = self.state.event_count
            self._view_sent_seq = self.state.seq
            out.append(Update(view=self.state.view(self.seat), events=events))
        return out

    def _changed(self) -> bool:
        return self.state.seq != self._view_sent_seq or self.state.event_count != self._events_sent

    def _step(self) -> None:
        st = self.state
        cp = st.current_player
        now = time.monotonic()
        if cp is None:
            return
        if cp == core.CHANCE:
            if now - self._last_change >= self.deal_delay:
                st.apply(st.sample_chance(self.rng))
                self._last_change = now
            return
        if cp not in self.bots:
            return
        key = ("bot", st.seq)
        if key not in self._asked:
            self._asked.add(key)
            start = self._fed[cp]
            events = st.events_for(cp, start)
            self._fed[cp] = st.event_count
            self._jobs.put(("bot", st.seq, cp, st.view(cp), events, start))
            return
        with self._lock:
            ready = key in self._results
            found = self._results.get(key)
            action = found[0] if found else None
        if not ready or now - self._last_change < self.bot_delay:
            return
        with self._lock:
            self._results.pop(key, None)
        try:
            if action is None:
                raise core.IllegalAction("the bot had no move")
            st.apply(action)
        except ValueError as exc:
            legal = st.legal_actions()
            self._status.append(_("{name}'s AI erred ({error}); it played a legal move instead").format(
                name=self.seat_names[cp], error=render(exc)))
            st.apply(legal[0])
        self._last_change = now
        self._asked = {k for k in self._asked if k[1] >= st.seq - 1}

    def submit(self, action: core.Action) -> None:
        """Apply our action now; a refusal is reported as an ``Update(error=...)``."""
        if self._closed:
            return
        if self.seat is None or self.state.current_player != self.seat:
            self._errors.append(_("It is not your turn."))
            return
        try:
            self.state.apply(action)
        except ValueError as exc:
            self._errors.append(_sentence(render(exc)))
            return
        self._last_change = time.monotonic()

    def explain(self, action: core.Action) -> str | None:
        """Why ``action`` would be refused now (a dry run on a copy), or None if it is legal."""
        if self.seat is None or self.state.current_player != self.seat:
            return _("It is not your turn.")
        try:
            self.state.clone().apply(action)
        except ValueError as exc:
            return _sentence(render(exc))
        return None

    def close(self) -> None:
        """Stop the worker thread."""
        if not self._closed:
            self._closed = True
            self._jobs.put(None)

    # ------------------------------------------------------------ saving
    def to_save(self) -> dict[str, Any]:
        """What :func:`client.savegame.write_save` needs to resume this match."""
        return {"record": self.state.to_record(), "seat": self.seat, "levels": self.levels, "seed": self.seed}

    @property
    def over(self) -> bool:
        """True once the match has ended."""
        return self.state.is_over


def seat_label(s: int, me: int, players: int, clockwise: bool = True) -> str:
    """A compass name for seat ``s`` as seen from seat ``me`` (who sits South).

    ``clockwise``: turn order passes to the player's left (else to the right, as in Belote).
    """
    rel = (s - me) % players if clockwise else (me - s) % players
    if rel == 0:
        return _("South")
    if players == 2:
        return _("North")
    if players == 3:
        return ("", _("West"), _("East"))[rel]
    if players == 4:
        return _(SEAT_NAMES[rel])
    return ("", _("West"), _("North-west"), _("North-east"), _("East"))[rel]


def clockwise(game: str) -> bool:
    """Whether turn order goes clockwise on screen (Belote plays counter-clockwise)."""
    return game != "belote"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return _("That move is not allowed.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
