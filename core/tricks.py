"""Trick-taking primitives shared by the Belote family (32-card games).

All functions work on card ids and masks (see :mod:`core.cards`).  The two
rank orders of the family, low to high:

* trump order ``7 8 Q K T A 9 J`` (the jack and nine on top),
* plain order ``7 8 9 J Q K T A``.

Tables are indexed by card id so that the hot path is a list lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from core.cards import RANKS, SUIT_MASK, bit

TRUMP_ORDER = "78QKTA9J"
"""Trump rank order of the Belote family, low to high."""
PLAIN_ORDER = "789JQKTA"
"""Plain-suit rank order of the Belote family, low to high."""
NATURAL_ORDER = "789TJQKA"
"""Natural order (sequences in most games), low to high."""

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
"""Card points of a trump in Belote and Klaberjass."""
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
"""Card points of a plain card in Belote and Klaberjass."""


def _table(order: str) -> list[int]:
    """Per card id: position of its rank in ``order`` (-1 if not in it)."""
    out = [-1] * 66
    for s in range(4):
        for r, rc in enumerate(RANKS):
            if rc in order:
                out[s * 16 + r] = order.index(rc)
    return out


def points_table(by_rank: dict[str, int]) -> list[int]:
    """Per card id: the points of its rank in ``by_rank`` (0 if absent)."""
    out = [0] * 66
    for s in range(4):
        for r, rc in enumerate(RANKS):
            out[s * 16 + r] = by_rank.get(rc, 0)
    return out


TRUMP_STRENGTH: list[int] = _table(TRUMP_ORDER)
"""Per card id: strength (0..7) in trump order."""
PLAIN_STRENGTH: list[int] = _table(PLAIN_ORDER)
"""Per card id: strength (0..7) in plain order."""
NATURAL_INDEX: list[int] = _table(NATURAL_ORDER)
"""Per card id: index (0..7) in natural order (7 is 0, A is 7)."""


def _above(strength: list[int]) -> list[int]:
    out = [0] * 66
    for c in range(64):
        if strength[c] < 0:
            continue
        s = c >> 4
        m = 0
        for d in range(s * 16, s * 16 + 16):
            if strength[d] > strength[c]:
                m |= bit(d)
        out[c] = m
    return out


TRUMP_ABOVE: list[int] = _above(TRUMP_STRENGTH)
"""Per card id: mask of the cards of its suit ranking higher in trump order."""
PLAIN_ABOVE: list[int] = _above(PLAIN_STRENGTH)
"""Per card id: mask of the cards of its suit ranking higher in plain order."""


def suit_mask(suit: int) -> int:
    """Mask of every card of suit index ``suit``."""
    return SUIT_MASK[suit]


def trick_winner(cards: Sequence[int], trump: int | None, all_trumps: bool = False) -> int:
    """Index (in ``cards``, lead first) of the card winning a trick.

    ``trump`` is the trump suit index or ``None`` (no trumps).  With
    ``all_trumps`` every suit ranks in trump order and only the led suit wins.

    >>> from core.cards import card_id as c
    >>> trick_winner([c("AS"), c("7H")], trump=1)
    1
    """
    lead_suit = cards[0] >> 4
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if _beats(card, best_card, lead_suit, trump, all_trumps):
            best = i
            best_card = card
    return best


def _beats(card: int, best: int, lead_suit: int, trump: int | None, all_trumps: bool) -> bool:
    cs = card >> 4
    bs = best >> 4
    if all_trumps:
        return cs == bs and TRUMP_STRENGTH[card] > TRUMP_STRENGTH[best]
    if cs == bs:
        table = TRUMP_STRENGTH if cs == trump else PLAIN_STRENGTH
        return table[card] > table[best]
    return cs == trump


@cache
def byte_runs(order: str = NATURAL_ORDER, min_len: int = 3) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The maximal runs of every 8-bit pattern of one suit's cards ``7`` to ``A``.

    Bit ``i`` of a pattern is the rank ``NATURAL_ORDER[i]`` (so a suit's
    pattern is ``(hand >> (suit * 16 + 5)) & 255``).  ``byte_runs(order)[p]``
    lists the maximal runs of ``min_len`` or more cards of ``p`` that are
    consecutive in ``order`` (low to high), as ``(start, length)`` where
    ``start`` is the position in ``order`` of the lowest card.  Built once
    per ``(order, min_len)`` and shared by every game.

    >>> byte_runs()[0b1111_0111]  # 7 8 9 and J Q K A
    ((0, 3), (4, 4))
    >>> byte_runs(TRUMP_ORDER)[0b0110_1000]  # T Q K: Q K T in trump order
    ((2, 3),)
    """
    bit_of = [NATURAL_ORDER.index(rc) for rc in order]
    table: list[tuple[tuple[int, int], ...]] = []
    for p in range(256):
        runs: list[tuple[int, int]] = []
        start = -1
        for j in range(len(order) + 1):
            if j < len(order) and p >> bit_of[j] & 1:
                if start < 0:
                    start = j
                continue
            if start >= 0 and j - start >= min_len:
                runs.append((start, j - start))
            start = -1
        table.append(tuple(runs))
    return tuple(table)


def maximal_runs(hand: int, order: str = NATURAL_ORDER, min_len: int = 3) -> list[list[int]]:
    """Maximal runs of ``min_len`` or more consecutive cards of one suit in ``hand``.

    Consecutive means adjacent in ``order`` (low to high).  Each run is a list
    of card ids, lowest first; runs are listed suit by suit.

    >>> from core.cards import strs_to_mask, card_str
    >>> [[card_str(c) for c in r] for r in maximal_runs(strs_to_mask(["7H", "8H", "9H", "JH"]))]
    [['7H', '8H', '9H']]
    """
    runs: list[list[int]] = []
    for s in range(4):
        run: list[int] = []
        for rc in order:
            cid = s * 16 + RANKS.index(rc)
            if hand >> cid & 1:
                run.append(cid)
            else:
                if len(run) >= min_len:
                    runs.append(run)
                run = []
        if len(run) >= min_len:
            runs.append(run)
    return runs
