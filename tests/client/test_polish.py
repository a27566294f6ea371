"""Play-test fixes: words in number, placement of pop-ups, refusal messages, readable card indices."""

from __future__ import annotations

from client.labels import count_text


def test_counts_agree_in_number() -> None:
    assert count_text(1, "card") == "1 card"
    assert count_text(0, "card") == "0 cards"
    assert count_text(2, "trick") == "2 tricks"
    assert count_text(1, "deal") == "1 deal"
    assert count_text(3, "match", "matches") == "3 matches"
