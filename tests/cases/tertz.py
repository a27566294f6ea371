"""Random-playout cases for Tertz (2 players): every option value appears at least once."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"target_score": 500, "card_values": "deberts", "sequence_order": "rank", "rounding": "none"}),
    (2, {"early_play": "free", "trump_jack_free": False, "seven_exchange_min_stock": 3,
         "equal_tricks_counter": "non_dealer", "break_deck": "off", "look_min_stock": 4}),
    (2, {"sequence_order": "rank", "trump_jack_free": False, "break_deck": "off", "card_values": "deberts"}),
]
