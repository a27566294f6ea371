"""Shared helpers for the command-line tools in ``bench/``."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

import core
from core.ai import feed, make_bot


def parse_option(text: str) -> tuple[str, Any]:
    """Parse ``key=value`` (the value as JSON when it parses, else a string)."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"options are key=value, not {text!r}")
    key, raw = text.split("=", 1)
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def default_players(game: str) -> int:
    """The usual player count of ``game``."""
    counts = core.find_game(game).player_counts
    return 4 if 4 in counts else counts[0]


def normal_turns(game: str, players: int, seed: int, rng: random.Random,
                 max_steps: int = 200_000) -> Iterator[tuple[core.State, int, dict[str, Any]]]:
    """Every turn of seeded matches played by ``normal``: ``(state, seat, view)`` before the seat acts.

    Chance is drawn from ``rng``; when a match ends the next one is seeded from ``rng``.  The caller may
    draw from ``rng`` between turns (the sequence stays reproducible) but must not change the state.
    """
    state = core.new_match(game, players=players, seed=seed)
    driver = [make_bot("normal", seed=seed + s) for s in range(players)]
    for _ in range(max_steps):
        cp = state.current_player
        if cp is None:
            state = core.new_match(game, players=players, seed=rng.randrange(1 << 30))
            driver = [make_bot("normal", seed=rng.randrange(1 << 30)) for _ in range(players)]
            continue
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(cp)
        yield state, cp, view
        feed(driver[cp], state, cp)
        state.apply(driver[cp].choose(view))
