"""Per-game random-playout cases: each module ``tests/cases/<game>.py`` defines

``CASES: list[tuple[int, dict]]`` -- (player count, options) pairs that the
generic conformance test plays (a spread of option sets per player count).
"""

from __future__ import annotations

import importlib
from typing import Any

import core


def all_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Every (game, players, options) case of every implemented game."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game in core.GAMES:
        mod = importlib.import_module(f"tests.cases.{game}")
        for players, options in mod.CASES:
            out.append((game, players, dict(options)))
    return out
