"""Bella's rules engine: pure, deterministic, replayable.

Start a match with :func:`new_match`, advance it with :meth:`State.apply`,
show it with :meth:`State.view`, save it with :meth:`State.to_record` and
rebuild it with :func:`replay`.  See ``docs/engine.md``.

>>> import core, random
>>> s = core.new_match("klaberjass", players=2, seed=7)
>>> s.current_player == core.CHANCE
True
>>> s.apply(s.sample_chance(random.Random(1)))
>>> s.current_player in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import core.games  # noqa: F401  (registers the games)
from core.actions import ACTION_TYPES, Action, action_from_json
from core.cards import card_id, card_name, card_str
from core.errors import (
    BellaError,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    UnknownGame,
)
from core.options import OptionSpec, OptionValue
from core.registry import GAME_IDS, GAMES, find_game
from core.state import CHANCE, RECORD_FORMAT, Event, State, View, replay_actions
from core.text import Reason, Refusal, Text

__all__ = [
    "ACTION_TYPES", "CHANCE", "GAMES", "GAME_IDS", "Action", "BellaError", "Event",
    "IllegalAction", "InvalidAction", "OptionError", "OptionSpec", "OptionValue",
    "Reason", "RecordError", "Refusal", "State", "Text", "UnknownGame", "View", "action_from_json",
    "card_id", "card_name", "card_str", "find_game", "new_match", "replay", "trump_ranking",
]


def trump_ranking(game: str, trump: str, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every card that is a trump in ``game`` once ``trump`` (a suit letter) is named, strongest first.

    For the client's hand sorting and for players' aids: in the Belote family
    the trump suit in trump order; in Pitch the whole trump set of the
    point-count variant (jacks, jokers, off-cards), reversed under ``reverse``.

    >>> trump_ranking("belote", "H")[:3]
    ['JH', '9H', 'AH']
    """
    if trump not in "SHDC" or len(trump) != 1:
        raise ValueError(f"not a suit letter: {trump!r:.10}")
    if game == "pitch":
        from core.games.pitch import trump_order_strs

        opts = dict(options or {})
        order = trump_order_strs(trump, int(opts.get("points", 10)))
        return order[::-1] if opts.get("reverse") else order
    find_game(game)
    return [rank + trump for rank in "J9ATKQ87"]


def new_match(
    game: str,
    *,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    first_dealer: int | None = None,
) -> State:
    """Start a new match of ``game`` for ``players`` seats.

    ``options`` are the game's house rules by id (see its ``OPTIONS``).  The
    first dealer is ``first_dealer`` if given, else drawn from ``seed``
    (seat 0 when both are ``None``).  The first step is the chance deal.

    Raises :class:`UnknownGame`, or :class:`OptionError` for a bad player
    count, option id or option value.
    """
    cls = find_game(game)
    if players not in cls.player_counts:
        allowed = ", ".join(map(str, cls.player_counts))
        raise OptionError(f"{game} is played by {allowed} players, not {players!r}")
    opts = cls.resolve_options(players, options)
    if first_dealer is None:
        first_dealer = random.Random(seed).randrange(players) if seed is not None else 0
    if not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
        raise OptionError(f"first_dealer must be a seat from 0 to {players - 1}")
    return cls(players, opts, first_dealer)


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the state a :meth:`State.to_record` record describes.

    Raises :class:`RecordError` if the record is malformed or one of its
    actions is illegal (naming the action's index).
    """
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise RecordError("not a Bella record")
    try:
        state = new_match(
            str(record["game"]),
            players=int(record["players"]),
            options=record.get("options") or {},
            first_dealer=int(record.get("first_dealer", 0)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad record header: {exc}") from None
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("the record has no action list")
    return replay_actions(state, actions)
