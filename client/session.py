"""``LocalSession``: a single-player match run in-process, behind the Session interface.

The match itself is a :class:`core.driver.TableDriver` (the same driver the
LAN host wraps): it owns the :class:`core.State`, the shuffle, the bots
(``core.ai.make_bot``) and the pacing.  This module is only its in-process
transport: the human plays ``seat`` through :meth:`LocalSession.submit`, and
the bots' decisions (:class:`core.driver.BotJob`) run on a worker thread
from their own seat's view, so the render loop never waits for them.

The driver is touched only by the thread that calls :meth:`poll`/:meth:`submit`
(the UI thread); the worker receives jobs and hands answers back through a
queue.  Each :meth:`poll` advances the match by at most one step (a deal or
one bot action) and only after a short pause (``bot_delay``), so the table
can animate every move.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import core
import core.ai
from client.i18n import N_, _
from client.reasons import render
from core.driver import BotJob, TableDriver
from core.session import Update

SEAT_NAMES = (N_("South"), N_("West"), N_("North"), N_("East"), N_("Centre"))

BOT_MAX_MS = 800.0
"""Wall-clock cap of one ``hard`` decision (it normally needs far less; the goal is under 1 s)."""

_Hint = tuple[int, dict[str, Any], list[dict[str, Any]]]


@dataclass(frozen=True)
class Thought:
    """How long one bot decision took on the worker thread (``python main.py bench think`` reads these)."""

    seat: int
    wall_ms: float
    """Real time from the start of the decision to its answer, as the player waits for it."""
    cpu_ms: float
    """CPU time of the worker thread in that span (less than ``wall_ms`` when the render loop held the CPU)."""
    choices: int
    """Legal actions the bot chose among (1: a forced move)."""
    playouts: int | None
    """Rollouts the search spent (``None``: not a searching bot)."""


class LocalSession:
    """One human seat against bots, all in this process (implements ``core.session.Session``)."""

    def __init__(self, game: str, players: int, options: dict[str, Any] | None = None, *, seat: int = 0,
                 levels: dict[int, str] | None = None, seed: int | None = None,
                 record: dict[str, Any] | None = None, bot_delay: float = 0.75,
                 deal_delay: float = 0.4, player_name: str = "You") -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        if record is not None:
            state = core.replay(record)
        else:
            state = core.new_match(game, players=players, options=options, seed=self.seed)
        self.game = state.game_id
        self.players = state.players
        self.seat: int | None = seat
        self.levels = {s: (levels or {}).get(s, "normal") for s in range(self.players) if s != seat}
        self.driver = TableDriver(state, seed=self.seed, bots=self.levels, bot_delay=bot_delay,
                                  deal_delay=deal_delay, clock=time.perf_counter, bot_max_ms=BOT_MAX_MS,
                                  now=time.monotonic())
        """The match (state, shuffle, bots, pacing); see :mod:`core.driver`."""
        self.seat_names = [player_name if s == seat else self._bot_name(s) for s in range(self.players)]
        self._events_sent = 0
        self._view_sent_seq = -1
        self._errors: list[str] = []
        self._status: list[str] = []
        self._jobs: queue.Queue[BotJob | _Hint | None] = queue.Queue()
        self._answers: queue.SimpleQueue[tuple[BotJob, core.Action | None]] = queue.SimpleQueue()
        self._hints: dict[int, tuple[core.Action, str] | None] = {}
        self._asked_hints: set[int] = set()
        self._lock = threading.Lock()
        self._closed = False
        self.thoughts: deque[Thought] = deque(maxlen=4096)
        """The latest bot decisions' times (appended by the worker thread)."""
        self._worker = threading.Thread(target=self._work, name="bella-bots", daemon=True)
        self._worker.start()

    # ------------------------------------------------------ the driver's
    @property
    def state(self) -> core.State:
        """The match's state (the driver's)."""
        return self.driver.state

    @property
    def bots(self) -> dict[int, core.ai.Bot]:
        """The bots by seat (the driver's)."""
        return self.driver.bots

    @property
    def rng(self) -> random.Random:
        """The shuffle (the driver's)."""
        return self.driver.rng

    @property
    def bot_delay(self) -> float:
        """Seconds a bot's move waits after the previous change."""
        return self.driver.bot_delay

    @bot_delay.setter
    def bot_delay(self, value: float) -> None:
        self.driver.bot_delay = value

    @property
    def deal_delay(self) -> float:
        """Seconds a deal waits after the previous change."""
        return self.driver.deal_delay

    @deal_delay.setter
    def deal_delay(self, value: float) -> None:
        self.driver.deal_delay = value

    def _bot_name(self, s: int) -> str:
        return seat_label(s, self.seat or 0, self.players, clockwise(self.game))

    # ------------------------------------------------------------ worker
    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if isinstance(job, BotJob):
                t0, c0 = time.perf_counter(), time.thread_time()
                action = job.run()  # never raises: a failing bot plays a legal move
                self.thoughts.append(Thought(job.seat, (time.perf_counter() - t0) * 1000.0,
                                             (time.thread_time() - c0) * 1000.0,
                                             len(job.view.get("legal") or ()),
                                             getattr(job.bot, "last_playouts", None)))
                self._answers.put((job, action))
                continue
            seq, view, events = job
            result: tuple[core.Action, str] | None
            try:
                result = core.ai.suggest(view, level="normal", seed=seq, events=events)
            except Exception:  # a failing hint must not freeze the table
                legal = view.get("legal") or []
                result = (core.action_from_json(legal[0]), "") if legal else None
            with self._lock:
                self._hints[seq] = result

    @property
    def can_hint(self) -> bool:
        """True when the AI offers ``suggest``."""
        return hasattr(core.ai, "suggest")

    def request_hint(self) -> None:
        """Ask the AI (on the worker) what it would play for us now."""
        if self.seat is None or self.state.current_player != self.seat or not self.can_hint:
            return
        seq = self.state.seq
        if seq not in self._asked_hints:
            self._asked_hints.add(seq)
            self._jobs.put((seq, self.state.view(self.seat), self.state.events_for(self.seat)))

    def take_hint(self) -> tuple[core.Action, str] | None:
        """(action, reason) suggested for the current position, once the worker has it (reason translated)."""
        with self._lock:
            got = self._hints.get(self.state.seq)
        return None if got is None else (got[0], render(got[1]) if got[1] else got[1])

    # ------------------------------------------------------- Session API
    @property
    def thinking(self) -> int | None:
        """The bot seat whose decision is being computed (or waited for), else None."""
        cp = self.state.current_player
        return cp if cp is not None and cp >= 0 and self.driver.controller(cp) != "human" else None

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
        """One step: give the worker the bot decision the position needs, else take the step that is due
        (with the worker's answers handed to the driver)."""
        new = self.driver.job()
        if new is not None:
            self._jobs.put(new)
            return
        while True:
            try:
                job, action = self._answers.get_nowait()
            except queue.Empty:
                break
            self.driver.answer(job, action)
        step = self.driver.advance(time.monotonic())
        if step is not None and step.error is not None and step.seat is not None:
            self._status.append(_("{name}'s AI erred ({error}); it played a legal move instead").format(
                name=self.seat_names[step.seat], error=render(step.error)))
        if step is not None:
            self._asked_hints = {q for q in self._asked_hints if q >= self.state.seq - 1}

    def submit(self, action: core.Action) -> None:
        """Apply our action now; a refusal is reported as an ``Update(error=...)``."""
        if self._closed:
            return
        if self.seat is None or self.state.current_player != self.seat:
            self._errors.append(_("It is not your turn."))
            return
        try:
            self.driver.submit(self.seat, action, time.monotonic())
        except ValueError as exc:
            self._errors.append(_sentence(render(exc)))
            return

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
