"""The alpha-beta step shared by the bots' exact counts of a deal's last tricks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

Move = TypeVar("Move")

INF = float("inf")


def best_of(moves: Iterable[Move], ours: bool, child: Callable[[Move, float, float], float],
            alpha: float, beta: float) -> float:
    """The value of the best of ``moves`` for the side to move: the highest when ``ours``, else the lowest.

    ``child(move, alpha, beta)`` values one move within the window (``alpha``, ``beta``).  The window
    narrows as better moves are found, and the remaining moves are skipped once it closes (a value outside
    the window the caller gave is then only a bound, as usual with alpha-beta).
    """
    best = -INF if ours else INF
    for m in moves:
        v = child(m, alpha, beta)
        if ours:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        elif v < best:
            best = v
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    return best
