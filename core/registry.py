"""The registry of games: game id -> State subclass."""

from __future__ import annotations

from typing import TypeVar

from core.errors import UnknownGame
from core.state import State

GAME_IDS: tuple[str, ...] = ("deberts", "tertz", "klaberjass", "belote", "pitch")
"""Every game Bella knows, in menu order."""

GAMES: dict[str, type[State]] = {}
"""The implemented games, by id."""

T = TypeVar("T", bound=type[State])


def register(cls: T) -> T:
    """Class decorator: make a State subclass available under ``cls.game_id``."""
    GAMES[cls.game_id] = cls
    return cls


def find_game(game: str) -> type[State]:
    """Return the State class of ``game``; raise :class:`UnknownGame` with the choices."""
    cls = GAMES.get(game)
    if cls is not None:
        return cls
    if game in GAME_IDS:
        raise UnknownGame(f"the game {game!r} is not implemented yet")
    known = ", ".join(sorted(GAMES)) or "none"
    raise UnknownGame(f"unknown game {game!r:.40}; games: {known}")
