"""The shared alpha-beta step: with a full window it returns the minimax value, and it prunes."""

from __future__ import annotations

import random
from typing import Any

from core.ai.minimax import INF, best_of


def _tree(rng: random.Random, depth: int) -> Any:
    if depth == 0:
        return rng.randint(-20, 20)
    return [_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]


def _minimax(node: Any, ours: bool) -> float:
    if not isinstance(node, list):
        return float(node)
    values = [_minimax(c, not ours) for c in node]
    return max(values) if ours else min(values)


def _alpha_beta(node: Any, ours: bool, alpha: float, beta: float, seen: list[int]) -> float:
    seen[0] += 1
    if not isinstance(node, list):
        return float(node)
    return best_of(node, ours, lambda c, a, b: _alpha_beta(c, not ours, a, b, seen), alpha, beta)


def test_a_full_window_gives_the_minimax_value_of_random_trees() -> None:
    rng = random.Random(5)
    pruned = 0
    for _ in range(300):
        tree = _tree(rng, rng.randint(1, 5))
        seen = [0]
        for ours in (True, False):
            assert _alpha_beta(tree, ours, -INF, INF, seen) == _minimax(tree, ours)
        full = [0]
        _count(tree, full)
        pruned += 2 * full[0] - seen[0]
    assert pruned > 0  # some subtrees were cut off


def _count(node: Any, n: list[int]) -> None:
    n[0] += 1
    if isinstance(node, list):
        for c in node:
            _count(c, n)


def test_a_move_that_closes_the_window_stops_the_search() -> None:
    # Our side already has 5 elsewhere (alpha); the opponent's first reply holds us to 3: the rest is skipped.
    asked: list[int] = []

    def child(m: int, a: float, b: float) -> float:
        asked.append(m)
        return float(m)

    assert best_of([3, 1, 9], False, child, 5.0, INF) == 3.0
    assert asked == [3]
    asked.clear()
    assert best_of([3, 1, 9], True, child, -INF, INF) == 9.0
    assert asked == [3, 1, 9]
