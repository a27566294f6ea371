"""Bots never choose an illegal action, in every game and option set (tests/cases)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import core
from core.ai import act, make_bot
from tests.cases import all_cases

CASES = all_cases()
DECISIONS = 400  # per case, all levels mixed
HARD_DECISIONS = 12  # searched decisions per case (tiny budget: legality, not strength)


@pytest.mark.parametrize(("game", "players", "options"), CASES,
                         ids=[f"{g}-{p}p-{i}" for i, (g, p, _) in enumerate(CASES)])
def test_bots_only_make_legal_moves(game: str, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(hash((game, players)) & 0xFFFF)
    state = core.new_match(game, players=players, options=options, seed=7)
    shift = sum(map(ord, f"{game}{players}{sorted(options.items())}"))
    order = ["hard", "normal", "random", "easy"]
    levels = [order[(shift + i) % 4] for i in range(players)]
    if "hard" not in levels:
        levels[0] = "hard"
    bots = [make_bot(lv, seed=i, playouts=4) for i, lv in enumerate(levels)]
    normal = [make_bot("normal", seed=100 + i) for i in range(players)]
    decisions = hard = 0
    for _ in range(20_000):
        cp = state.current_player
        if cp is None:
            state = core.new_match(game, players=players, options=options, seed=rng.randrange(1000))
            bots = [make_bot(lv, seed=rng.randrange(1000), playouts=4) for lv in levels]
            normal = [make_bot("normal", seed=rng.randrange(1000)) for _ in range(players)]
            continue
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        bot = bots[cp]
        if levels[cp] == "hard" and hard >= HARD_DECISIONS:
            bot = normal[cp]
        action = act(bot, state)
        assert action in legal, f"{levels[cp]} chose {action} not in {legal}"
        if bot is bots[cp] and levels[cp] == "hard" and len(legal) > 1:
            hard += 1
        state.apply(action)
        decisions += 1
        if decisions >= DECISIONS and hard >= HARD_DECISIONS:
            break
    assert decisions >= DECISIONS
    # The search never had to fall back to the rules of thumb: every sampled
    # deal was accepted by the game's from_view.
    assert all(getattr(b, "fallbacks", 0) == 0 for b in bots)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


def test_bot_refuses_a_view_without_legal_moves() -> None:
    state = core.new_match("klaberjass", players=2, seed=1)
    state.apply(state.sample_chance(random.Random(1)))
    idle = 1 - state.current_player  # type: ignore[operator]
    for level in ("easy", "normal", "hard"):
        with pytest.raises(ValueError, match="not this seat's turn"):
            make_bot(level).choose(state.view(idle))
