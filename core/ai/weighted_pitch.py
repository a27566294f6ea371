"""``normal``'s leads and cards to a trick in Pitch: weighted rules of thumb.

Pitch's card play is a game of trumps only (every card held is of the trump
set and any of them may be played), so the features of :mod:`core.ai.weighted`
(suits, ruffs, combinations) say little here.  What a Pitch player weighs:
is the card a master, does it win the trick now and can an opponent still to
play beat it, which points does it take or give away (the three of trumps
counts three, the low stays with whoever plays it unless the game is
"dirty"), does it feed points to a partner's safe trick, does it overtake the
partner, is it our lowest or highest card.  :func:`lead_features` and
:func:`follow_features` describe a card by those, :data:`LEAD_WEIGHTS` and
:data:`FOLLOW_WEIGHTS` weigh them per player count; the weights come from
the same calibration as the other games' (``python main.py bench cards``,
``docs/ai.md``).  Only the seat's information enters: its hand, the trumps
still out, the trick and the contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.ai.knowledge import is_two, loss_value
from core.ai.weighted import _best, _count, threatened

if TYPE_CHECKING:  # pragma: no cover
    from core.ai.heuristic import PlayInfo

FEATURES = (
    "master", "master_points", "points", "three", "low", "higher_out", "lowest", "highest", "rank",
    "declarer_master", "declarer_points", "master_trumps_out", "late_master", "second_best", "exposed_points",
)
"""The names of :func:`lead_features`' entries, in order."""

FOLLOW_FEATURES = (
    "wins", "wins_safe", "taken_safe", "taken_threatened", "points", "three", "low", "lost_points",
    "partner_points", "overtake_partner", "master", "lowest", "highest", "rank", "higher_out",
    "declarer_win", "late_win", "master_to_partner", "opponents_win_points",
)
"""The names of :func:`follow_features`' entries, in order."""


class _Context:
    """What every candidate card of one Pitch position shares."""

    __slots__ = ("tb", "hand", "out", "decl", "cards_left", "order", "out_count")

    def __init__(self, info: PlayInfo, hand: int) -> None:
        tb = self.tb = info.tb
        self.hand = hand
        self.out = info.outstanding & tb.trump_mask
        self.out_count = _count(self.out)
        self.decl = 1.0 if info.maker_side is not None and info.maker_side == tb.side_of(info.me) else 0.0
        self.cards_left = _count(hand)
        st = tb.strength
        cards = []
        m = hand
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        self.order = sorted(cards, key=lambda c: st[c])


def _common(ctx: _Context, card: int) -> tuple[float, float, float, float, float, float, float, float]:
    """master, points carried, three, low, higher cards out, lowest, highest, rank within the hand."""
    tb = ctx.tb
    higher = _count(tb.above(card, ctx.out))
    pts = loss_value(tb, card) / 3.0
    three = 1.0 if tb.points[card] >= 3 else 0.0
    low = 1.0 if tb.points[card] and is_two(card) else 0.0
    i = ctx.order.index(card) if card in ctx.order else 0
    n = len(ctx.order)
    rank = i / (n - 1) if n > 1 else 0.0
    return (1.0 if higher == 0 else 0.0, pts, three, low, min(higher, 3) / 3.0,
            1.0 if i == 0 else 0.0, 1.0 if i == n - 1 else 0.0, rank)


def lead_features(info: PlayInfo, hand: int, card: int) -> list[float]:
    """The features of leading ``card`` from ``hand`` (a mask) in the Pitch position ``info``."""
    return _lead_vector(_Context(info, hand), card)


def _lead_vector(ctx: _Context, card: int) -> list[float]:
    master, pts, three, low, higher, lowest, highest, rank = _common(ctx, card)
    late = 1.0 if ctx.cards_left <= 2 else 0.0
    return [
        master,
        master * pts,
        pts,
        three,
        low,
        higher,
        lowest,
        highest,
        rank,
        ctx.decl * master,
        ctx.decl * pts,
        master * min(ctx.out_count, 6) / 6.0,
        master * late,
        1.0 if round(higher * 3) == 1 else 0.0,
        (1.0 - master) * pts,
    ]


def follow_features(info: PlayInfo, hand: int, card: int) -> list[float]:
    """The features of playing ``card`` to the Pitch trick ``info.trick`` (``hand``: the cards held)."""
    return _follow_vector(_Context(info, hand), _Trick(info), card)


class _Trick:
    """The trick a card is played to: its winning card, whose it is, its points, who is still to play."""

    __slots__ = ("info", "best", "partner_wins", "partner_safe", "points", "opponents_to_play")

    def __init__(self, info: PlayInfo) -> None:
        tb = info.tb
        self.info = info
        cards = [c for _, c in info.trick]
        wi = tb.winner_index(cards)
        self.best = cards[wi]
        self.partner_wins = 1.0 if tb.partners(info.trick[wi][0], info.me) else 0.0
        lead_suit = tb.suit(cards[0])
        self.partner_safe = 1.0 if self.partner_wins and not threatened(info, self.best, lead_suit) else 0.0
        self.points = sum(loss_value(tb, c) for c in cards) / 3.0
        self.opponents_to_play = 1.0 if any(not tb.partners(s, info.me) for s in info.order) else 0.0


def _follow_vector(ctx: _Context, trick: _Trick, card: int) -> list[float]:
    tb = ctx.tb
    master, pts, three, low, higher, lowest, highest, rank = _common(ctx, card)
    wins = 1.0 if tb.beats(card, trick.best, tb.trump or 0) else 0.0
    beaten = 1.0 if wins and trick.opponents_to_play and threatened(
        trick.info, card, tb.suit(trick.best)) else 0.0
    safe = wins * (1.0 - beaten)
    taken = trick.points + pts
    keeps = 1.0 - wins
    return [
        wins,
        safe,
        safe * taken,
        beaten * taken,
        pts,
        three,
        low,
        keeps * (1.0 - trick.partner_safe) * pts,
        keeps * trick.partner_safe * pts,
        wins * trick.partner_wins,
        master,
        lowest,
        highest,
        rank,
        higher,
        ctx.decl * wins,
        wins * (1.0 if ctx.cards_left <= 2 else 0.0),
        master * trick.partner_safe,
        keeps * (1.0 - trick.partner_wins) * trick.points,
    ]


LEAD_WEIGHTS: dict[int, tuple[float, ...]] = {}
"""Fitted weights per player count, one per :data:`FEATURES` entry (none: the plain rules).  Fitted lead
weights did not beat the plain rule on held-out positions (a mean regret of 0.45-0.49 match points for both),
so Pitch leads keep it; :func:`lead_features` stays for the calibration."""

FOLLOW_WEIGHTS: dict[int, tuple[float, ...]] = {
    4: (
        -0.572, 0.164, 2.675, -0.174, -1.172, 0.038, -0.043, -3.361, 2.682, -0.975, -0.543, -0.168, -0.347,
        0.142, 2.109, 1.957, -0.012, -0.131, -3.924,
    ),
    5: (
        0.415, 1.979, 2.377, -1.418, -0.963, -1.591, -0.249, -0.465, 0.0, 0.0, -0.764, -0.366, -0.444,
        -0.279, 0.882, 1.963, -0.703, 0.0, -1.456,
    ),
}
"""Fitted weights per player count, one per :data:`FOLLOW_FEATURES` entry (none: the plain rules)."""


def weighted_lead(info: PlayInfo, hand: int, legal: Sequence[int]) -> int | None:
    """The Pitch lead with the highest weighted score, or ``None`` without weights."""
    w = LEAD_WEIGHTS.get(info.tb.players)
    if w is None:
        return None
    ctx = _Context(info, hand)
    return _best(legal, w, lambda c: _lead_vector(ctx, c))


def weighted_follow(info: PlayInfo, hand: int, legal: Sequence[int]) -> int | None:
    """The card to a Pitch trick with the highest weighted score, or ``None`` without weights."""
    if not info.trick:
        return None
    w = FOLLOW_WEIGHTS.get(info.tb.players)
    if w is None:
        return None
    ctx = _Context(info, hand)
    trick = _Trick(info)
    if _fight_for_the_three(info, trick, legal):
        return None
    return _best(legal, w, lambda c: _follow_vector(ctx, trick, c))


def _fight_for_the_three(info: PlayInfo, trick: _Trick, legal: Sequence[int]) -> bool:
    """True when an opponent's trick holds the three of trumps, we can win it, no winner is safe and an
    opponent is still to play: the plain rule (the strongest winner) fights for it.  The weights, fitted on
    positions where that is rare, would rather duck with the lowest winner."""
    tb = info.tb
    if trick.partner_wins or not trick.opponents_to_play:
        return False
    if not any(tb.points[c] >= 3 for _, c in info.trick):
        return False
    lead_suit = tb.suit(trick.best)
    winners = [c for c in legal if tb.beats(c, trick.best, tb.trump or 0)]
    return bool(winners) and all(threatened(info, c, lead_suit) for c in winners)
