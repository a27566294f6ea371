"""Pieces shared by the game modules (not rules: bookkeeping every game does alike).

Game-specific rules stay in their own module; what lives here is only what
several games did the same way, letter for letter.
"""

from __future__ import annotations

import copy
from typing import Any

from core.state import View


class MatchTotals:
    """Mixin: the match totals of a game that keeps them in ``_scores``, ``_winner`` and ``_results``.

    List it before :class:`core.state.State` in the bases
    (``class Tertz(MatchTotals, State)``): it supplies the API members
    ``scores``, ``winner`` and ``deal_results`` (copies, so a caller cannot
    change the state) and :meth:`_restore_totals` for ``from_view``.
    """

    _scores: list[int]
    _winner: int | None
    _results: list[dict[str, Any]]

    @property
    def scores(self) -> list[int]:
        """Match totals, one per side (see ``sides``)."""
        return list(self._scores)

    @property
    def winner(self) -> int | None:
        """The winning side index once the match is over, else ``None``."""
        return self._winner

    @property
    def deal_results(self) -> list[dict[str, Any]]:
        """One result per finished deal, thrown-in (annulled) deals included; a shallow copy of the list.

        The keys of a result are listed in the game's reference, ``docs/games/<game>.md``.
        """
        return list(self._results)

    def _restore_totals(self, view: View) -> None:
        """Set the match totals from a view's ``scores``, ``winner`` and ``deals`` (for ``from_view``)."""
        self._scores = [int(x) for x in view["scores"]]
        self._winner = view.get("winner")
        self._results = copy.deepcopy(list(view["deals"]))
