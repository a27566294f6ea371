"""Game modules; importing this package registers every implemented game."""

from __future__ import annotations

import importlib

for _name in ("klaberjass", "belote", "deberts", "tertz", "pitch"):
    try:
        importlib.import_module(f"core.games.{_name}")
    except ModuleNotFoundError as _exc:  # a game whose module is not written yet
        if _exc.name != f"core.games.{_name}":
            raise
