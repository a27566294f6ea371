"""Random-playout cases for Klaberjass: every option value appears at least once."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"sequence_scoring": "all_of_winner", "maker_tie": "hang", "dix_exchange": "any_trump",
         "schmeiss": True, "target_score": 300}),
    (2, {"dix_exchange": "off", "schmeiss": True, "maker_tie": "hang", "target_score": 150}),
    (2, {"sequence_scoring": "all_of_winner", "dix_exchange": "turned_suit_only", "target_score": 1000}),
]
