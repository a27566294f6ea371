"""The frozen yardsticks ``normal@v1`` and ``hard@v1``: reachable, legal, and unchanged."""

from __future__ import annotations

import hashlib
import pathlib
import random

import pytest

import core
from core.ai import ALL_LEVELS, LEVELS, YARDSTICKS, act, make_bot

V1_DIGEST = "d8a80b76f16b78feb7e07d22681e320109651fbd6271e5f4ab53bd9134fbe331"
"""sha256 over the names and bytes of ``core/ai/v1/*.py``: strength claims are made against this code."""


def test_the_yardstick_code_is_frozen() -> None:
    h = hashlib.sha256()
    for p in sorted((pathlib.Path(core.__file__).parent / "ai" / "v1").glob("*.py")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    assert h.hexdigest() == V1_DIGEST, "core/ai/v1 changed: the yardsticks must stay as released"


def test_yardsticks_are_levels_of_their_own() -> None:
    assert set(YARDSTICKS) == {"normal@v1", "hard@v1"}
    assert not set(YARDSTICKS) & set(LEVELS)
    assert set(ALL_LEVELS) == set(LEVELS) | set(YARDSTICKS)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("hard@v0")


@pytest.mark.parametrize("level", YARDSTICKS)
def test_yardsticks_play_a_legal_deal(level: str) -> None:
    rng = random.Random(1)
    state = core.new_match("klaberjass", players=2, seed=1)
    bots = [make_bot(level, seed=s, playouts=20) for s in range(2)]
    while state.current_player is not None and not state.deal_results:
        cp = state.current_player
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = act(bots[cp], state)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.deal_results
