"""Shared helpers for the command-line tools in ``bench/``."""

from __future__ import annotations

import argparse
import json
from typing import Any

import core


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
