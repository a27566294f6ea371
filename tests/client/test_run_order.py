"""Declaration buttons show the run low to high in the order the sequence counts in."""

from __future__ import annotations

from client import labels


def test_a_trump_run_in_rank_order_reads_as_a_run() -> None:
    view = {"game": "deberts", "options": {"sequence_order": "rank"}, "trump": "H"}
    a = {"type": "declare", "call": "tertz", "cards": ["9H", "JH", "AH"]}  # the engine's card order
    assert labels.action_text(a, view).endswith(": A\u2665 9\u2665 J\u2665")


def test_a_plain_run_in_natural_order() -> None:
    view = {"game": "tertz", "options": {"sequence_order": "natural"}, "trump": "S"}
    a = {"type": "declare", "call": "tertz", "cards": ["TH", "8H", "9H"]}
    assert labels.action_text(a, view).endswith(": 8\u2665 9\u2665 10\u2665")
