"""Belote random-playout cases: (players, options), covering every option value."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (4, {"target_score": 60, "capot_exit": "leader_plus_one", "double_includes_capot": False}),
    (4, {"redouble_allowed": False, "declarations_allowed": False, "target_score": 101}),
    (4, {"capot_exit": "one_more_deal", "double_includes_capot": True, "redouble_allowed": True,
         "declarations_allowed": True, "target_score": 31}),
]
