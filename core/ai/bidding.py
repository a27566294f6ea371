"""Hand evaluation for the auctions of the Belote family (``normal``'s bidding and doubling).

Every evaluator returns a number on one scale, *bid points*: about 100 is
the least a seasoned player wants before taking a contract with a fresh
hand.  The weights are a player's rules of thumb (a trump jack is worth
about two tricks, a side ace one, a bare ten little) and the thresholds
were calibrated by simulation: ``python main.py bench bids --game belote``
plays many deals with each contract forced on the hand, and prints how
often contracts are made, and what they score, per band of bid points.

The evaluators read only the seat's own cards: ``hand`` is a mask of card
ids (see :mod:`core.cards`).
"""

from __future__ import annotations

from core.cards import SUIT_MASK

_R = {r: i for i, r in enumerate("23456789TJQKA")}


def _has(hand: int, suit: int, rank: str) -> bool:
    return bool(hand >> (suit * 16 + _R[rank]) & 1)


def _count(hand: int, suit: int) -> int:
    return bin(hand & SUIT_MASK[suit]).count("1")


def side_suit_points(hand: int, suit: int) -> float:
    """What a plain (non-trump) suit adds to a trump contract: aces, guarded tens."""
    n = _count(hand, suit)
    if n == 0:
        return 0.0
    a, t, k = _has(hand, suit, "A"), _has(hand, suit, "T"), _has(hand, suit, "K")
    v = 0.0
    if a:
        v += 20 if n <= 3 else 16  # a long side suit gets ruffed sooner
        if t:
            v += 12
            if k:
                v += 4
    elif t:
        v += 7 if n >= 2 else 3
    return v


def trump_points(hand: int, trump: int) -> float:
    """Bid points of ``hand`` for a contract with ``trump`` as trumps (Belote, Deberts, Klaberjass)."""
    n = _count(hand, trump)
    v = 0.0
    j, nine = _has(hand, trump, "J"), _has(hand, trump, "9")
    if j:
        v += 45
    if nine:
        v += 32 if (j or n >= 3) else 20
    if _has(hand, trump, "A"):
        v += 20
    if _has(hand, trump, "T"):
        v += 16
    for r in ("K", "Q", "8", "7"):
        if _has(hand, trump, r):
            v += 10
    if _has(hand, trump, "K") and _has(hand, trump, "Q"):
        v += 8  # the belote
    if n >= 3:
        v += 8 * (n - 2)
    if not j and not nine:
        v -= 25  # trumps without the two top cards are easily drawn
    for s in range(4):
        if s != trump:
            v += side_suit_points(hand, s)
            if _count(hand, s) == 0 and n >= 2:
                v += 6  # a void to ruff
    return v


def no_trump_points(hand: int) -> float:
    """Bid points for no trumps: aces and tens, and long suits headed by them."""
    v = 0.0
    aces = 0
    for s in range(4):
        n = _count(hand, s)
        a, t, k = _has(hand, s, "A"), _has(hand, s, "T"), _has(hand, s, "K")
        if a:
            aces += 1
            v += 40
            if t:
                v += 22
                if k:
                    v += 8
            v += 4 * max(0, n - 2)
        elif t:
            v += 9 if n >= 2 else 2
            if k and n >= 3:
                v += 4
    if aces < 2:
        v -= 30  # one ace cannot hold the suits the opponents run
    return v


def all_trump_points(hand: int) -> float:
    """Bid points for all trumps: jacks, and nines guarded by them."""
    v = 0.0
    jacks = 0
    for s in range(4):
        j, nine, a = _has(hand, s, "J"), _has(hand, s, "9"), _has(hand, s, "A")
        if j:
            jacks += 1
            v += 42
            if nine:
                v += 20
        if nine:
            v += 18 if j or _count(hand, s) >= 3 else 10
        if a:
            v += 8 if j and nine else 4
    if jacks < 2:
        v -= 30
    return v


def contract_points(hand: int, trump: int | None, mode: str) -> float:
    """Bid points of ``hand`` for a contract: ``mode`` ``trump`` (with ``trump``), ``nt`` or ``at``."""
    if mode == "nt":
        return no_trump_points(hand)
    if mode == "at":
        return all_trump_points(hand)
    if trump is None:
        return 0.0
    return trump_points(hand, trump)


def defence_points(hand: int, trump: int | None, mode: str) -> float:
    """Bid points of ``hand`` against the opponents' contract (what doubling needs)."""
    if mode == "nt":
        return no_trump_points(hand)
    if mode == "at":
        return all_trump_points(hand)
    if trump is None:
        return 0.0
    v = 0.0
    n = _count(hand, trump)
    if _has(hand, trump, "J"):
        v += 45
    if _has(hand, trump, "9"):
        v += 30 if n >= 2 else 15
    if _has(hand, trump, "A"):
        v += 18 if n >= 2 else 10
    v += 6 * max(0, n - 2)
    for s in range(4):
        if s != trump and _has(hand, s, "A"):
            v += 18
    return v
