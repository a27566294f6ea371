"""Cards as small integers and sets of cards as integer bit masks.

A card is written as in the rules specs: a rank character ``2-9 T J Q K A``
followed by a suit character ``S H D C`` (``"JH"`` is the jack of hearts).
Pitch's two jokers are ``"X1"`` and ``"X2"``.

Internally a card is an ``int`` id: ``suit * 16 + rank`` where ``rank`` is the
index in :data:`RANKS` (``2`` is 0, ``A`` is 12) and ``suit`` the index in
:data:`SUITS`.  The jokers are 64 and 65.  A set of cards is an ``int`` with
bit ``id`` set for each card, so suit filtering and membership are single
bit operations on the hot path.

>>> card_str(card_id("JH"))
'JH'
>>> mask_to_strs(strs_to_mask(["7S", "AS", "JH"]))
['7S', 'AS', 'JH']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")

SUITS = "SHDC"
"""Suit characters in card-id order: spades, hearts, diamonds, clubs."""
RANKS = "23456789TJQKA"
"""Rank characters in card-id order, low to high in natural order."""
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""English plural suit names, for messages."""
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack",
    "Q": "queen", "K": "king", "A": "ace", "X": "joker",
}
"""English rank names, for messages."""

JOKER1 = 64
"""Card id of the high joker ``X1`` (Pitch)."""
JOKER2 = 65
"""Card id of the low joker ``X2`` (Pitch)."""
JOKERS_MASK = (1 << JOKER1) | (1 << JOKER2)
"""Mask of both jokers."""

SUIT_MASK: tuple[int, int, int, int] = (
    0x1FFF, 0x1FFF << 16, 0x1FFF << 32, 0x1FFF << 48,
)
"""``SUIT_MASK[s]`` is the mask of every card of suit index ``s``."""

_ID_OF: dict[str, int] = {}
_STR_OF: dict[int, str] = {}
for _s, _sc in enumerate(SUITS):
    for _r, _rc in enumerate(RANKS):
        _ID_OF[_rc + _sc] = _s * 16 + _r
        _STR_OF[_s * 16 + _r] = _rc + _sc
_ID_OF["X1"] = JOKER1
_ID_OF["X2"] = JOKER2
_STR_OF[JOKER1] = "X1"
_STR_OF[JOKER2] = "X2"

CARD_IDS: dict[str, int] = dict(_ID_OF)
"""Map from card string to card id, for every card of every deck."""
CARD_STRS: dict[int, str] = dict(_STR_OF)
"""Map from card id to card string."""


def card_id(card: str) -> int:
    """Return the id of card string ``card``; raise ``ValueError`` if unknown."""
    try:
        return _ID_OF[card]
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {card!r}") from None


def card_str(cid: int) -> str:
    """Return the string of card id ``cid``."""
    return _STR_OF[cid]


def suit_of(cid: int) -> int:
    """Return the suit index (0-3) of a card id; jokers give 4."""
    return cid >> 4


def rank_of(cid: int) -> int:
    """Return the rank index (0 = two .. 12 = ace) of a non-joker card id."""
    return cid & 15


def card_name(card: str) -> str:
    """Return a readable name such as ``"jack of hearts"`` or ``"joker"``."""
    if card[0] == "X":
        return "high joker" if card == "X1" else "low joker"
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def suit_name(suit: int) -> str:
    """Return the English plural name of suit index ``suit`` (``suit_name(0)`` is ``"spades"``)."""
    return SUIT_NAMES[SUITS[suit]]


def bit(cid: int) -> int:
    """Return the one-card mask of card id ``cid``."""
    return 1 << cid


def mask_of(ids: Iterable[int]) -> int:
    """Return the mask of an iterable of card ids."""
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def ids_of(mask: int) -> list[int]:
    """Return the card ids in ``mask``, lowest id first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_byte_tables(per_card: Mapping[int, T] | Sequence[T]) -> list[list[tuple[T, ...]]]:
    """Lookup tables that turn a 32-card-pack mask into a list of per-card items in four steps.

    ``suit_byte_tables(per_card)[suit][b]`` is the tuple of ``per_card[cid]``
    for the cards of ``suit`` in the 8-bit pattern ``b`` of its ranks ``7``
    to ``A`` (bits 5..12 of the suit's 16-bit block: ``b = mask >> (suit * 16
    + 5) & 255``), lowest id first.  The Belote family uses it for the
    interned play actions of a legal mask, this module for card strings.

    >>> suit_byte_tables(CARD_STRS)[1][0b1000_0001]
    ('7H', 'AH')
    """
    return [[tuple(per_card[s * 16 + 5 + j] for j in range(8) if b >> j & 1) for b in range(256)]
            for s in range(4)]


_NOT_PIQUET = ~sum(1 << (s * 16 + r) for s in range(4) for r in range(5, 13))
"""Mask of every bit outside the 32-card piquet pack (``7`` to ``A``)."""
_BS0, _BS1, _BS2, _BS3 = suit_byte_tables(_STR_OF)


def mask_to_strs(mask: int) -> list[str]:
    """Return the card strings in ``mask``, in id order (suit, then rank).

    A mask of the 32-card pack (the Belote family's hot path) is four table
    lookups; any other mask (twos to sixes, jokers) is walked bit by bit.
    """
    if mask & _NOT_PIQUET:
        out: list[str] = []
        while mask:
            low = mask & -mask
            out.append(_STR_OF[low.bit_length() - 1])
            mask ^= low
        return out
    return [*_BS0[(mask >> 5) & 255], *_BS1[(mask >> 21) & 255], *_BS2[(mask >> 37) & 255], *_BS3[(mask >> 53) & 255]]


def strs_to_mask(cards: Iterable[str]) -> int:
    """Return the mask of card strings; raise ``ValueError`` on an unknown card."""
    m = 0
    for c in cards:
        try:
            m |= 1 << _ID_OF[c]
        except (KeyError, TypeError):
            raise ValueError(f"not a card: {c!r}") from None
    return m


def highest(mask: int) -> int:
    """Return the highest card id in a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """Return the lowest card id in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def deck(low_rank: str = "7", jokers: bool = False) -> list[int]:
    """Return a fresh ordered deck as card ids.

    ``low_rank="7"`` gives the 32-card piquet pack of the Belote family,
    ``low_rank="2"`` the 52-card pack; ``jokers=True`` adds ``X1`` and ``X2``.

    >>> len(deck()), len(deck("2", jokers=True))
    (32, 54)
    """
    lo = RANKS.index(low_rank)
    ids = [s * 16 + r for s in range(4) for r in range(lo, 13)]
    if jokers:
        ids += [JOKER1, JOKER2]
    return ids


def deck_strs(low_rank: str = "7", jokers: bool = False) -> list[str]:
    """Return :func:`deck` as card strings."""
    return [_STR_OF[c] for c in deck(low_rank, jokers)]
