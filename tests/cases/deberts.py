"""Random-playout cases for Deberts: every player count and every option value at least once.

Each option value appears in some case (the defaults in the plain cases); the long targets go
to the cheapest cases (1001: two players; 301: four individuals).
"""

from __future__ import annotations

from typing import Any

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"variant": "app", "seven_exchange": "maker_only", "show_bottom_card": False, "card_values": "tertz",
         "declaration_tie": "nobody", "sequence_needs_trick": False, "bella_requires_trick": True,
         "next_dealer": "top_scorer", "dealer_must_name": True, "players": 2}),
    (2, {"seven_exchange": "off", "hanging_pots": "queue", "target_score": 1001}),
    (3, {}),
    (3, {"hanging_pots": "queue", "split_rounding": "half_up", "mandatory_overtrump": True,
         "bide_penalty": "minus100_from_third", "ski_penalty": 50, "sequence_order": "natural",
         "first_lead": "left_of_dealer", "deberts_instant_win": True}),
    (3, {"variant": "app", "declaration_tie": "nobody", "seven_exchange": "maker_only"}),
    (4, {}),
    (4, {"four_player_mode": "individual", "variant": "app", "four_player_turnup_to": "dealer",
         "mandatory_overtrump": True, "dealer_must_name": True, "next_dealer": "top_scorer",
         "bella_requires_trick": True, "target_score": 301}),
]
