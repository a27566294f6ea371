"""The table driver: one match run to the engine's rules, with no clock, thread or socket of its own.

:class:`TableDriver` is what a single-player session (``client.session``)
and the LAN host (``net.host``) both wrap; they differ only in how actions
arrive and views leave.  The driver owns:

* the :class:`core.State`;
* the **shuffle** (``random.Random`` seeded from ``seed``, so the same seed
  deals the same cards; a resumed match gets a fresh but reproducible stream);
* the **bots** (``core.ai.make_bot``, seeded per seat: ``seed * 31 + seat``);
* **seat takeover**: a bot plays for a person who left (:meth:`take_over`)
  and gives the seat back when the person returns (:meth:`give_back`);
* the **pacing**: a deal waits ``deal_delay`` and a bot move ``bot_delay``
  seconds after the last change, a takeover ``takeover_delay`` after the
  person left.  Time is always passed in (``now``, any monotonic seconds);
* a **script** of recorded actions and preset **decks** (single-player undo:
  the bots answer as before and every deal keeps its cards);
* the match's **end report** (:class:`MatchEnd`, at most once), which the
  wrappers store in the history.

Bot thinking is a pure step the wrapper runs where it likes (a worker
thread, an executor): :meth:`job` hands out a :class:`BotJob` once per
position, ``job.run()`` computes the move from that seat's view and events
only, and :meth:`answer` gives it back.  Everything else must be called from
one thread (the one that owns the driver).

>>> import core
>>> d = TableDriver(core.new_match("klaberjass", players=2, seed=1), seed=5, bots={0: "random", 1: "random"})
>>> d.advance(now=0.0).kind                     # the shuffle
'deal'
>>> job = d.job()                               # seat to act is a bot: think (here, inline)
>>> d.answer(job, job.run())
>>> d.advance(now=0.0).kind
'bot'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from core.actions import Action, action_from_json
from core.ai import ALL_LEVELS, Bot, make_bot
from core.errors import IllegalAction
from core.state import CHANCE, Event, State, View

HUMAN, BOT, TAKEOVER = "human", "bot", "takeover"
"""Who moves for a seat (:meth:`TableDriver.controller`)."""


@dataclass
class BotJob:
    """One bot decision to compute: :meth:`run` it on any thread, then hand the result to
    :meth:`TableDriver.answer` on the driver's thread."""

    seat: int
    seq: int
    """The move number the decision is for (a stale answer is dropped)."""
    bot: Bot
    view: View
    events: list[Event]
    """The seat's events from index ``start`` (what the bot has not been given yet)."""
    start: int
    end: int
    """The seat's event count when the job was made."""
    error: str | None = None
    """Set by :meth:`run` when the bot failed (it then answers with the first legal action)."""

    def run(self) -> Action | None:
        """Feed the bot this seat's new events and return its choice (never raises).

        A failing bot must not freeze the table: its error is kept in :attr:`error` and the first legal
        action is returned instead (``None`` if the view has none).
        """
        try:
            observe = getattr(self.bot, "observe", None)
            if observe is not None:
                observe(self.events, self.start)
            return self.bot.choose(self.view)
        except Exception as exc:  # noqa: BLE001 - any bot bug
            self.error = f"{type(exc).__name__}: {exc}"
            legal = self.view.get("legal") or []
            return action_from_json(legal[0]) if legal else None


@dataclass(frozen=True)
class Step:
    """One step the driver took on its own (:meth:`TableDriver.advance`)."""

    kind: str
    """``deal`` (the shuffle or a preset deck), ``bot`` (a bot's answer) or ``script`` (a recorded action)."""
    seat: int | None
    """The seat that acted (``None`` for a deal)."""
    action: Action
    error: str | None = None
    """The bot's answer was refused (or it had none), with the engine's reason: ``action`` is the first legal
    action, played instead."""


@dataclass(frozen=True)
class MatchEnd:
    """A match that stopped, as the history stores it (:meth:`TableDriver.finish`)."""

    record: dict[str, Any]
    """``State.to_record()``."""
    finished: bool
    """False: abandoned before its end."""
    levels: dict[int, str]
    """The bot level of every seat a bot held from the start (the other seats were people)."""
    taken_over: tuple[int, ...] = ()
    """Seats of people a bot played for at some point."""
    seat: int | None = None
    """The seat of the player it is recorded for (set by the wrapper; ``None``: nobody's)."""


def played_something(record: Mapping[str, Any]) -> bool:
    """Whether anyone made a decision in ``record`` (more than the deals)."""
    return any(isinstance(a, dict) and a.get("type") != "deal" for a in record.get("actions") or [])


@dataclass
class _Away:
    """A person's seat a bot plays for: since when, from when it may move, at which level."""

    since: float
    due: float
    level: str


class TableDriver:
    """One match: state, shuffle, bots, takeovers, pacing, script and end report.  See the module docstring.

    ``bots`` maps seats to bot levels (:data:`core.ai.ALL_LEVELS`); every other seat is a person's.
    ``clock`` and ``bot_max_ms`` cap a ``hard`` bot's thinking time (a clock is injected, never read here).
    ``now`` is the time the driver starts at.  ``on_end`` is called with the :class:`MatchEnd` when the match
    ends (inside :meth:`submit` or :meth:`advance`) or is :meth:`finish`-ed unfinished; without it the
    wrapper asks :meth:`finish` itself.  Raises ``ValueError`` for an unknown bot level or seat.
    """

    def __init__(self, state: State, *, seed: int, bots: Mapping[int, str] | None = None,
                 bot_delay: float = 0.0, deal_delay: float = 0.0, takeover_delay: float = 2.0,
                 takeover_level: str = "normal", clock: Callable[[], float] | None = None,
                 bot_max_ms: float | None = None, now: float = 0.0,
                 on_end: Callable[[MatchEnd], None] | None = None) -> None:
        levels = dict(bots or {})
        for level in [*levels.values(), takeover_level]:
            if level not in ALL_LEVELS:
                raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(ALL_LEVELS)}")
        for s in levels:
            if not isinstance(s, int) or not 0 <= s < state.players:
                raise ValueError(f"there is no seat {s!r}; this table has seats 0 to {state.players - 1}")
        self.state = state
        self.seed = seed
        self.bot_delay = bot_delay
        """Seconds a bot's move waits after the last change."""
        self.deal_delay = deal_delay
        """Seconds a deal waits after the last change."""
        self.takeover_delay = takeover_delay
        """Seconds a bot waits, after a person left, before its first move for that person."""
        self.takeover_level = takeover_level
        self.clock = clock
        self.bot_max_ms = bot_max_ms
        self.on_end = on_end
        self.levels: dict[int, str] = levels
        """Seat -> level of the bots that hold a seat from the start."""
        self.rng = random.Random(seed * 1_000_003 + state.seq)
        """The shuffle: fresh but reproducible, also for a match resumed at move ``seq``."""
        self.bots: dict[int, Bot] = {s: self._make_bot(s, lv) for s, lv in levels.items()}
        """Every bot of the table by seat (those of the start, and those playing for people)."""
        self.away: dict[int, _Away] = {}
        self.taken_over: set[int] = set()
        """Seats of people a bot has played for (or been ready to) in this match."""
        self.script: list[dict[str, Any]] = []
        """Recorded actions still to come: a bot seat plays the head instead of thinking; a person's action
        equal to the head keeps the script going, any other ends it."""
        self.decks: dict[int, tuple[str, ...]] = {}
        """Preset deck of deal ``n`` (1-based, counted in this match); other deals are shuffled."""
        self.last_change = now
        """When the state last changed (a deal or bot move waits from here)."""
        self._fed: dict[int, int] = {}
        self._asked: int | None = None
        self._answer: tuple[int, Action | None] | None = None
        self._deals = sum(1 for a in state.history if a.type == "deal")
        self._reported = False

    def _make_bot(self, seat: int, level: str) -> Bot:
        return make_bot(level, seed=self.seed * 31 + seat, clock=self.clock, max_ms=self.bot_max_ms)

    # ----------------------------------------------------------------- seats
    def controller(self, seat: int) -> str:
        """Who moves for ``seat`` now: :data:`HUMAN`, :data:`BOT` or :data:`TAKEOVER` (a bot for a person)."""
        if seat in self.away:
            return TAKEOVER
        return BOT if seat in self.levels else HUMAN

    def take_over(self, seat: int, now: float, *, delay: float | None = None, level: str | None = None) -> None:
        """A bot plays for the person at ``seat`` (who left) until :meth:`give_back`.

        Its first move waits ``delay`` seconds from ``now`` (default ``takeover_delay``; 0 for a player who
        left for good); ``level`` defaults to ``takeover_level``.  Calling it again for a seat already taken
        over only changes the wait.
        """
        if not 0 <= seat < self.state.players:
            raise ValueError(f"there is no seat {seat + 1}")
        if seat in self.levels:
            return
        lv = level or self.takeover_level
        if lv not in ALL_LEVELS:
            raise ValueError(f"unknown bot level {lv!r}; levels: {', '.join(ALL_LEVELS)}")
        wait = self.takeover_delay if delay is None else delay
        old = self.away.get(seat)
        self.away[seat] = _Away(old.since if old else now, now + wait, lv)
        if seat not in self.bots:
            self.bots[seat] = self._make_bot(seat, lv)
        self.taken_over.add(seat)

    def give_back(self, seat: int) -> None:
        """The person is back at ``seat``: the bot playing for it stops (a move it is thinking about is dropped)."""
        self.away.pop(seat, None)

    # -------------------------------------------------------------- actions
    def submit(self, seat: int, action: Action, now: float) -> None:
        """A person's ``action`` for ``seat``.  Raises :class:`core.IllegalAction` (state unchanged) if it is
        not that seat's turn, if it is a deal (only the driver deals), or if the engine refuses it."""
        st = self.state
        if st.is_over:
            raise IllegalAction("the match is over")
        if st.current_player != seat:
            raise IllegalAction("it is not your turn")
        if action.type == "deal":
            raise IllegalAction("only the table deals")
        st.apply(action)
        if self.script and self.script[0] == action.to_json():
            self.script.pop(0)
        else:
            self.script.clear()
        self._changed(now)

    def job(self) -> BotJob | None:
        """The bot decision the current position needs, once per position (else ``None``).

        ``None`` too when a person is to act, the script will answer, or the match is over.
        """
        st = self.state
        cp = st.current_player
        if cp is None or cp == CHANCE or self.controller(cp) == HUMAN or self.script:
            return None
        if self._asked == st.seq:
            return None
        self._asked = st.seq
        start = min(self._fed.get(cp, 0), st.event_count)
        return BotJob(cp, st.seq, self.bots[cp], st.view(cp), st.events_for(cp, start), start, st.event_count)

    def answer(self, job: BotJob, action: Action | None) -> None:
        """The result of ``job.run()``.  An answer for a position that has passed is dropped."""
        if job.end > self._fed.get(job.seat, 0) and self.bots.get(job.seat) is job.bot:
            self._fed[job.seat] = job.end
        if job.seq == self.state.seq and self.state.current_player == job.seat:
            self._answer = (job.seq, action)

    def due(self, now: float) -> float | None:
        """When :meth:`advance` will next take a step (a time, possibly ``<= now``), or ``None`` while it
        waits for a person or for a bot's answer, or the match is over."""
        st = self.state
        cp = st.current_player
        if cp is None:
            return None
        if cp == CHANCE:
            return self.last_change + self.deal_delay
        who = self.controller(cp)
        if who == HUMAN:
            return None
        ready = bool(self.script) or (self._answer is not None and self._answer[0] == st.seq)
        if not ready:
            return None
        t = self.last_change + self.bot_delay
        if who == TAKEOVER:
            t = max(t, self.away[cp].due)
        return t

    def advance(self, now: float) -> Step | None:
        """Take the next step if it is due at ``now``: deal, or play a bot's answer or the script's action.

        At most one step per call; ``None`` if nothing was due.
        """
        t = self.due(now)
        if t is None or t > now:
            return None
        st = self.state
        cp = st.current_player
        assert cp is not None
        if cp == CHANCE:
            return self._deal(now)
        if self.script:
            try:
                action = action_from_json(self.script[0])
                st.apply(action)
            except ValueError:  # the script no longer fits the position: the bots think again
                self.script.clear()
                return self.advance(now)
            self.script.pop(0)
            self._changed(now)
            return Step("script", cp, action)
        assert self._answer is not None
        action_or_none = self._answer[1]
        self._answer = None
        error: str | None = None
        try:
            if action_or_none is None:
                raise IllegalAction("the bot had no move")
            action = action_or_none
            if action.type == "deal":
                raise IllegalAction("only the table deals")
            st.apply(action)
        except ValueError as exc:
            error = str(exc)
            action = st.legal_actions()[0]
            st.apply(action)
        self._changed(now)
        return Step("bot", cp, action, error)

    def _deal(self, now: float) -> Step:
        st = self.state
        deck = self.decks.get(self._deals + 1)
        action: Action | None = None
        if deck is not None:
            try:
                action = Action("deal", deck=deck)
                st.apply(action)
            except ValueError:  # the deck does not fit this deal any more: shuffle
                self.decks.pop(self._deals + 1, None)
                action = None
        if action is None:
            action = st.sample_chance(self.rng)
            st.apply(action)
        head = self.script[0] if self.script else None
        if head is not None and head == action.to_json():
            self.script.pop(0)
        else:
            self.script.clear()
        self._deals += 1
        self._changed(now)
        return Step("deal", None, action)

    def _changed(self, now: float) -> None:
        self.last_change = now
        self._asked = None
        self._answer = None
        if self.state.is_over and self.on_end is not None:
            self.finish()

    # ------------------------------------------------------------------ end
    def finish(self) -> MatchEnd | None:
        """The match stops here (finished, or abandoned if not over): its :class:`MatchEnd`, at most once.

        ``None`` if it was already reported, or if it is unfinished and nobody made a decision (only deals).
        Calls ``on_end`` with it when set.
        """
        if self._reported:
            return None
        record = self.state.to_record()
        if not self.state.is_over and not played_something(record):
            return None
        self._reported = True
        end = MatchEnd(record, self.state.is_over, dict(self.levels), tuple(sorted(self.taken_over)))
        if self.on_end is not None:
            self.on_end(end)
        return end

    @property
    def reported(self) -> bool:
        """True once :meth:`finish` has reported the match."""
        return self._reported

