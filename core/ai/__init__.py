"""AI players.  A bot decides from a seat's view alone: it never sees hidden cards.

>>> import core, random
>>> from core.ai import make_bot
>>> s = core.new_match("klaberjass", players=2, seed=1)
>>> s.apply(s.sample_chance(random.Random(2)))
>>> bot = make_bot("random", seed=3)
>>> s.apply(bot.choose(s.view(s.current_player)))
"""

from __future__ import annotations

import random
from typing import Protocol

from core.actions import Action, action_from_json
from core.state import View

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""Bot levels, weakest first."""


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


def make_bot(level: str, *, seed: int | None = None) -> Bot:
    """Return a bot of ``level`` (one of :data:`LEVELS`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return RandomBot(seed)
