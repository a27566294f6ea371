"""Exact play of the last tricks of a deal on a fully known (determinized) state.

:func:`solve` runs alpha-beta over the game's own engine (``legal_actions``,
``clone``, ``apply``), so it can never disagree with the rules: the side of
``seat`` maximizes the deal's value (:func:`core.ai.search.deal_value`
without the small card-point tie-break), every other side minimizes it (in
games without partnerships this is the usual "paranoid" reduction).  Only
card play is searched: the solver is used once every hand is down to a few
cards, when the rest of the deal is trick play (the caller checks that).

The search is bounded by ``max_nodes``; when it runs out it raises
:class:`SolverBudget` and the caller falls back to sampling with rollouts.
"""

from __future__ import annotations

from collections.abc import Callable

from core.actions import Action
from core.ai.minimax import best_of
from core.state import CHANCE, State


class SolverBudget(Exception):
    """The node budget ran out before the endgame was solved."""


def hand_cards_left(state: State, seat: int) -> int:
    """How many cards ``seat`` still holds (from its own view)."""
    sizes = state.view(seat).get("hand_sizes") or []
    return int(sizes[seat]) if seat < len(sizes) else 0


def solve(state: State, seat: int, value: Callable[[State], float], *, max_nodes: int = 4000,
          order: Callable[[State, list[Action]], list[Action]] | None = None,
          counter: list[int] | None = None) -> float:
    """The value for ``seat``'s side of ``state`` under best play by everybody, all cards known.

    ``value(final_state)`` scores a finished deal for ``seat``'s side;
    ``order`` may sort the legal actions (best first) to speed up the
    cut-offs.  Raises :class:`SolverBudget` after ``max_nodes`` positions;
    ``counter[0]``, when given, receives the number of positions visited.
    """
    sides = state.sides
    my_side = next((i for i, s in enumerate(sides) if seat in s), 0)
    deals0 = len(state.deal_results)
    nodes = counter if counter is not None else [0]
    nodes[0] = 0

    def rec(st: State, alpha: float, beta: float) -> float:
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise SolverBudget
        cp = st.current_player
        if cp is None or cp == CHANCE or len(st.deal_results) > deals0:
            return value(st)
        legal = st.legal_actions()
        if order is not None and len(legal) > 1:
            legal = order(st, legal)
        maximize = any(cp in s for i, s in enumerate(sides) if i == my_side)
        if len(legal) == 1:
            nxt = st.clone()
            nxt.apply(legal[0])
            return rec(nxt, alpha, beta)

        def child(a: Action, alpha: float, beta: float) -> float:
            nxt = st.clone()
            nxt.apply(a)
            return rec(nxt, alpha, beta)

        return best_of(legal, maximize, child, alpha, beta)

    return rec(state, float("-inf"), float("inf"))
