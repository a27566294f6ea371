"""Small helpers shared by several test modules."""

from __future__ import annotations

from typing import Any


def strings_in(obj: Any) -> set[str]:
    """Every string (map keys included) inside a nested value of dicts, lists and tuples.

    The leak checks scan views, events and network messages with it: no card
    hidden from a seat may appear anywhere in what that seat receives.
    """
    out: set[str] = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, str):
            out.add(o)
        elif isinstance(o, dict):
            stack.extend(o.values())
            stack.extend(k for k in o if isinstance(k, str))
        elif isinstance(o, (list, tuple)):
            stack.extend(o)
    return out
