"""AI players.  A bot decides from a seat's view alone: it never sees hidden cards.

>>> import core, random
>>> from core.ai import make_bot
>>> s = core.new_match("klaberjass", players=2, seed=1)
>>> s.apply(s.sample_chance(random.Random(2)))
>>> bot = make_bot("random", seed=3)
>>> s.apply(bot.choose(s.view(s.current_player)))

Levels (:data:`LEVELS`): ``random`` (uniform legal moves, for tests),
``easy`` (rules of thumb with slips and no card inference), ``normal``
(rules of thumb: card counting, trump control, partner awareness, bidding
from a hand evaluation) and ``hard`` (determinized Monte Carlo search, see
:mod:`core.ai.search`).

**Inputs.**  ``bot.choose(view)`` needs only ``state.view(seat)``.  Bots
also read the seat's event log when the caller passes it (optional, for
callers that have it): before ``choose``, call
``bot.observe(state.events_for(seat, bot.events_seen), bot.events_seen)``
(:func:`feed` does exactly that).  A bot whose event log does not match
``view["events"]`` ignores it and infers from the view alone.  Belote's and
Klaberjass's views list the deal's completed tricks, so nothing is lost
there; Deberts', Tertz's and Pitch's show the cards still out but not who
failed to follow, so their voids come only from the log (the client, the
LAN host and the tournament always pass it).

**Budgets.**  ``core`` has no clock: the ``hard`` budget is a number of
playouts (``playouts=``).  A caller may add a wall-clock cap by injecting
``clock=time.perf_counter`` and ``max_ms=...``.  Forced moves (one legal
action) are returned without search at every level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from core.actions import Action, action_from_json
from core.ai.heuristic import HeuristicBot
from core.ai.search import SearchBot
from core.ai.v1 import DEFAULT_PLAYOUTS as V1_PLAYOUTS
from core.ai.v1 import HeuristicBot as V1HeuristicBot
from core.ai.v1 import SearchBot as V1SearchBot
from core.state import State, View

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""Bot levels, weakest first (what players choose from)."""

YARDSTICKS: tuple[str, ...] = ("normal@v1", "hard@v1")
"""Frozen first releases of ``normal`` and ``hard`` (:mod:`core.ai.v1`), for tournaments and benchmarks."""

ALL_LEVELS: tuple[str, ...] = LEVELS + YARDSTICKS
"""Every name :func:`make_bot` accepts."""


class Bot(Protocol):
    """A player that picks one of ``view["legal"]``."""

    def choose(self, view: View) -> Action:
        """Return the action to play; ``view`` is the bot's own seat view."""
        ...


class RandomBot:
    """Uniformly random legal actions (drives the generic tests)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """Return a uniformly random legal action."""
        return action_from_json(self.rng.choice(view["legal"]))

    def suggest(self, view: View) -> tuple[Action, str]:
        """A random legal action (the random level gives no advice)."""
        return self.choose(view), "a random legal move"


def make_bot(
    level: str,
    *,
    seed: int | None = None,
    playouts: int | None = None,
    clock: Callable[[], float] | None = None,
    max_ms: float | None = None,
) -> Bot:
    """Return a bot of ``level`` (one of :data:`LEVELS` or :data:`YARDSTICKS`).

    ``playouts`` sets the ``hard`` search budget (rollouts per decision,
    default: the game's own budget, :func:`core.ai.search.playouts_for`); ``clock`` (a callable
    returning seconds, injected by the caller) with ``max_ms`` caps a
    decision's wall-clock time as well.  Other levels ignore them.
    """
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(ALL_LEVELS)}")
    if level == "normal@v1":
        return V1HeuristicBot(seed)
    if level == "hard@v1":
        return V1SearchBot(seed, playouts=playouts or V1_PLAYOUTS, clock=clock, max_ms=max_ms)
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return HeuristicBot(seed, noise=0.3, infer=False)
    if level == "normal":
        return HeuristicBot(seed)
    return SearchBot(seed, playouts=playouts, clock=clock, max_ms=max_ms)


def feed(bot: Any, state: State, seat: int) -> None:
    """Pass ``bot`` the seat's events it has not seen yet, if it reads events."""
    observe = getattr(bot, "observe", None)
    if observe is None:
        return
    start = int(getattr(bot, "events_seen", 0))
    if start > state.event_count:
        start = 0
    observe(state.events_for(seat, start), start)


def act(bot: Any, state: State) -> Action:
    """Feed ``bot`` the current player's events and return its choice for that seat."""
    seat = state.current_player
    if seat is None or seat < 0:
        raise ValueError("no seat is to act")
    feed(bot, state, seat)
    return bot.choose(state.view(seat))  # type: ignore[no-any-return]


def suggest(view: View, *, level: str = "hard", seed: int | None = None,
            events: Sequence[dict[str, Any]] | None = None, playouts: int | None = None) -> tuple[Action, str]:
    """The recommended action for ``view`` and a one-line reason (the hint button).

    ``events`` are the seat's events (``state.events_for(seat)``), optional.
    """
    bot = make_bot(level, seed=seed, playouts=playouts)
    if events is not None and hasattr(bot, "observe"):
        bot.observe(list(events), 0)
    sug = getattr(bot, "suggest", None)
    if sug is None:
        return bot.choose(view), "a legal move"
    out: tuple[Action, str] = sug(view)
    return out
