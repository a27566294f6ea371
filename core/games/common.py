"""Pieces shared by the game modules (not rules: bookkeeping every game does alike).

Game-specific rules stay in their own module; what lives here is only what
several games did the same way, letter for letter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from core.cards import CARD_STRS, mask_to_strs, strs_to_mask
from core.state import View, json_copy


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
        self._results = json_copy(list(view["deals"]))


def trick_entry(leader: int, cards: Iterable[int], winner: int) -> dict[str, Any]:
    """A finished trick as the views list it (``tricks``, ``last_trick``): leader, cards in play order, winner."""
    return {"leader": leader, "cards": [CARD_STRS[c] for c in cards], "winner": winner}


def hidden_summary(hidden: Mapping[str, Sequence[str]]) -> tuple[dict[str, int], list[str]]:
    """The view keys ``hidden`` and ``unseen`` from a seat's hidden zones.

    ``hidden`` counts the cards of each zone; ``unseen`` lists all their cards
    in card-id order (so it tells nothing of where they lie).

    >>> hidden_summary({"hand1": ["KS", "7H"], "stock": ["8S"]})
    ({'hand1': 2, 'stock': 1}, ['8S', 'KS', '7H'])
    """
    unseen = 0
    for cards in hidden.values():
        unseen |= strs_to_mask(cards)
    return {z: len(cards) for z, cards in hidden.items()}, mask_to_strs(unseen)


def match_winner(scores: Sequence[int], target: int) -> int | None:
    """The side that has won once a deal is scored: the only one at the top, at ``target`` or more.

    Sides level at the top (at or over the target) play on, as every game of
    the family says; ``None`` while the match goes on.

    >>> match_winner([510, 540], 501), match_winner([510, 510], 501), match_winner([300, 120, 90], 301)
    (1, None, None)
    """
    top = max(scores)
    if top >= target and scores.count(top) == 1:
        return scores.index(top)
    return None
