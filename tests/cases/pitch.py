"""Pitch cases for the generic random-playout test: every option value, both player counts."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (4, {"points": 5, "dirty": True, "joker_order": "first_played", "draw_order": "bidder_left"}),
    (4, {"points": 7, "reverse": True, "ten_point": "game", "made_bid_scores": "bid"}),
    (4, {"points": 8, "defenders_score": False, "remainder_to_partner": False, "min_bid": 2,
         "target_score": 21}),
    (4, {"points": 11, "dirty": True, "reverse": True, "joker_order": "first_played"}),
    (4, {"points": 14, "ten_point": "game", "draw_order": "bidder_left", "target_score": 30}),
    (4, {"points": 16, "dirty": True, "min_bid": 6}),
    (5, {}),
    (5, {"points": 13, "dirty": True, "reverse": True, "ten_point": "game", "joker_order": "first_played"}),
    (5, {"points": 15, "made_bid_scores": "bid", "defenders_score": False, "target_score": 30}),
    (5, {"points": 16, "players": 5, "min_bid": 7, "ten_point": "game"}),
]
