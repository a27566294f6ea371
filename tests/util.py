"""Small helpers shared by several test modules."""

from __future__ import annotations

from collections.abc import Iterator
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


def bot_match_record(game: str, players: int, seed: int, levels: list[str] | None = None,
                     deals: int | None = None) -> dict[str, Any]:
    """The record of a seeded match played by bots (``levels`` per seat, default random), stopped after
    ``deals`` deals if given (an unfinished match)."""
    import random

    import core
    from core.ai import act, make_bot

    rng = random.Random(seed)
    state = core.new_match(game, players=players, seed=seed)
    bots = [make_bot(lv, seed=seed + s) for s, lv in enumerate(levels or ["random"] * players)]
    while state.current_player is not None:
        if state.current_player == core.CHANCE:
            if deals is not None and len(state.deal_results) >= deals:
                break
            state.apply(state.sample_chance(rng))
            continue
        state.apply(act(bots[state.current_player], state))
    return state.to_record()


def normal_decisions(game: str, players: int, seed: int, steps: int = 3000) -> Iterator[tuple[Any, Any]]:
    """Every decision of a seeded match of ``normal`` bots: (the state, its current player's view), yielded
    before the bot moves (a caller may clone the state; it must not change it)."""
    import random

    import core
    from core.ai import make_bot

    state = core.new_match(game, players=players, seed=seed)
    bots = [make_bot("normal", seed=seed + s) for s in range(players)]
    rng = random.Random(seed)
    for _ in range(steps):
        cp = state.current_player
        if cp is None:
            return
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(cp)
        yield state, view
        state.apply(bots[cp].choose(view))


def install_catalog(monkeypatch: Any, messages: dict[str, str]) -> None:
    """Make ``messages`` the client's current catalog for one test (English for any other message).

    A context's message is keyed ``"context\\x04message"``, as gettext stores it.
    """
    import gettext

    from client import i18n

    class Catalog(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return messages.get(message, message)

        def pgettext(self, context: str, message: str) -> str:
            return messages.get(f"{context}\x04{message}", message)

    monkeypatch.setattr(i18n, "_translation", Catalog())
