"""Random-playout cases for Deberts: every player count and every option value at least once."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"variant": "app"}),
    (2, {"seven_exchange": "maker_only", "show_bottom_card": False, "card_values": "tertz",
         "declaration_tie": "nobody", "sequence_needs_trick": False, "bella_requires_trick": True,
         "next_dealer": "top_scorer", "players": 2, "target_score": 1001}),
    (2, {"variant": "app", "dealer_must_name": True, "seven_exchange": "off", "split_rounding": "half_up",
         "hanging_pots": "queue", "target_score": 301}),
    (3, {}),
    (3, {"variant": "app", "mandatory_overtrump": True}),
    (3, {"hanging_pots": "queue", "split_rounding": "half_up", "mandatory_overtrump": True,
         "bide_penalty": "minus100_from_third", "ski_penalty": 50, "sequence_order": "natural",
         "first_lead": "left_of_dealer"}),
    (3, {"contract_scoring": "app", "deberts_instant_win": True, "target_score": 301,
         "declaration_tie": "nobody", "seven_exchange": "maker_only"}),
    (4, {}),
    (4, {"variant": "app"}),
    (4, {"four_player_mode": "individual"}),
    (4, {"four_player_mode": "individual", "variant": "app", "four_player_turnup_to": "dealer",
         "mandatory_overtrump": True}),
    (4, {"four_player_turnup_to": "dealer", "dealer_must_name": True, "next_dealer": "top_scorer",
         "bella_requires_trick": True, "players": 4, "hanging_pots": "queue"}),
]
