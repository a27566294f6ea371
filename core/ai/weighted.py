"""``normal``'s leads and cards to a trick in Klaberjass, Deberts and Tertz: weighted rules of thumb.

A good player choosing a card weighs several things at once: is it a winner
now, does it give points away, is it a trump and do we want trumps out, can
an opponent ruff it or beat it later, does it unguard an honour or break a
combination.  This module describes each legal card by those features
(:func:`lead_features` for a lead, :func:`follow_features` for a card to a
trick already led) and scores it with one weight per feature, game and stage
(:data:`LEAD_WEIGHTS`, :data:`FOLLOW_WEIGHTS`); the highest score is played.
A game or stage without weights keeps the plain rules of
:mod:`core.ai.heuristic`.

The weights are calibrated by simulation, not guessed: positions from
``normal``'s own games were searched with every candidate card on the same
sampled deals, and the weights fitted so that the scores rank the cards as
the search's values do (``python main.py bench cards``, see ``docs/ai.md``).
Only the seat's information enters the features: its hand, the cards still
out, the trick, the contract, the voids a seat has shown and the stock
(Tertz).  The per-decision context and the suit-order caches make a choice
cost a fraction of a millisecond, since the search's rollouts make it too.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from core.cards import SUIT_MASK

if TYPE_CHECKING:  # pragma: no cover
    from core.ai.heuristic import PlayInfo
    from core.ai.knowledge import Table

FEATURES = (
    "trump", "trump_declarer", "master_plain", "master_trump", "points_plain", "points_trump",
    "exposed_points", "master_points", "higher_out", "suit_length", "suit_out", "suit_exhausted",
    "trump_with_trumps_out", "trump_length", "trumps_drawn", "opponent_void", "opponent_void_ruff",
    "underlead", "lowest_of_suit", "singleton", "declarer_master", "declarer_points", "late_trump",
    "stock_trump", "stock_master", "stock_points", "free_jack", "rank", "top_trump", "late_master",
    "run_part", "same_rank", "pair_part",
)
"""The names of :func:`lead_features`' entries, in order."""


def _count(m: int) -> int:
    return m.bit_count()


def _can_beat(info: PlayInfo, seat: int, card: int, lead_suit: int) -> bool:
    tb = info.tb
    possible = info.outstanding & ~info.forbidden.get(seat, 0)
    if tb.mode == "pitch":
        return bool(tb.above(card, possible))
    if (tb.is_trump(card) or card >> 4 == lead_suit) and tb.above(card, possible):
        return True
    if tb.mode == "trump" and tb.trump is not None and not tb.is_trump(card):
        has_lead = possible & SUIT_MASK[lead_suit]
        if not has_lead and possible & tb.trump_mask:
            return True
    return False


def threatened(info: PlayInfo, card: int, lead_suit: int) -> bool:
    """True if an opponent still to play to this trick may beat ``card``."""
    return any(not info.tb.partners(s, info.me) and _can_beat(info, s, card, lead_suit) for s in info.order)


def stock_lasts(info: PlayInfo, hand: int) -> bool:
    """True while Tertz's stock lasts: more cards are out than the opponent holds (``hand``: our cards)."""
    return info.tb.game == "tertz" and _count(info.outstanding) > _count(hand)


class _Context:
    """What every candidate card of one position shares, computed once per decision."""

    __slots__ = ("tb", "hand", "out", "trump_mode", "decl", "cards_left", "stock", "trumps_out", "my_trumps",
                 "suits", "void", "void_ruff", "rank")

    def __init__(self, info: PlayInfo, hand: int) -> None:
        tb = self.tb = info.tb
        self.hand = hand
        out = self.out = info.outstanding
        self.trump_mode = tb.mode == "trump"
        self.decl = 1.0 if info.maker_side is not None and info.maker_side == tb.side_of(info.me) else 0.0
        self.cards_left = _count(hand)
        self.stock = 1.0 if stock_lasts(info, hand) else 0.0
        self.trumps_out = _count(out & tb.trump_mask) if self.trump_mode else 0
        self.my_trumps = _count(hand & tb.trump_mask) if self.trump_mode else 0
        memo = tb.memo
        got = memo.get("ranks")
        if got is None:
            got = memo["ranks"] = _ranks(tb)
        key, ranks = got
        self.rank = ranks
        # Per suit: strengths of the cards out, the highest of them, our cards' strengths, our masters.
        self.suits: list[_Suit] = []
        for s in range(4):
            sk = (s, (out >> (s * 16)) & 0xFFFF, (hand >> (s * 16)) & 0xFFFF)
            suit = memo.get(sk)
            if suit is None:
                suit = memo[sk] = _suit(key, tb, *sk)
            self.suits.append(suit)
        self.void = [0.0] * 4
        self.void_ruff = [0.0] * 4
        for seat, forb in info.forbidden.items():
            if seat == info.me or tb.partners(seat, info.me):
                continue
            for s in range(4):
                suit_out = out & SUIT_MASK[s]
                if suit_out and not suit_out & ~forb:
                    self.void[s] = 1.0
                    if self.trump_mode and (forb & tb.trump_mask) != tb.trump_mask and self.trumps_out:
                        self.void_ruff[s] = 1.0


_RANK_CACHE: dict[tuple[int, ...], tuple[int, list[int]]] = {}
_SUIT_CACHE: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _ranks(tb: Table) -> tuple[int, list[int]]:
    """A key for this deal's trick order, and per card id how many cards of its suit rank below it."""
    order = tuple(tb.strength)
    got = _RANK_CACHE.get(order)
    if got is None:
        st = tb.strength
        ranks = [0] * len(st)
        for c in range(min(64, len(st))):
            if st[c]:
                s = c >> 4
                ranks[c] = sum(1 for x in range(s * 16, s * 16 + 16) if st[x] and st[x] < st[c])
        if len(_RANK_CACHE) > 64:
            _RANK_CACHE.clear()
            _SUIT_CACHE.clear()
        got = (len(_RANK_CACHE), ranks)
        _RANK_CACHE[order] = got
    return got


def _strengths(key: int, tb: Table, suit: int, pattern: int) -> tuple[int, ...]:
    """The trick strengths, lowest first, of the cards of ``suit`` in the 16-bit ``pattern``."""
    got = _SUIT_CACHE.get((key, suit, pattern))
    if got is None:
        st = tb.strength
        got = tuple(sorted(st[suit * 16 + r] for r in range(16) if pattern >> r & 1))
        _SUIT_CACHE[(key, suit, pattern)] = got
    return got


_Suit = tuple[tuple[int, ...], int, int, int, int]
"""Per suit: strengths of the cards out (lowest first), the highest of them, how many we hold, our lowest
card's strength and how many of ours beat every card out."""


def _suit(key: int, tb: Table, s: int, out: int, mine_pattern: int) -> _Suit:
    out_str = _strengths(key, tb, s, out)
    top_out = out_str[-1] if out_str else -1
    mine = _strengths(key, tb, s, mine_pattern)
    masters = sum(1 for x in mine if x > top_out)
    return (out_str, top_out, len(mine), mine[0] if mine else 0, masters)


def _combo(ctx: _Context, card: int, trump: float) -> tuple[float, float, float]:
    """Whether ``card`` may still score in a combination: neighbours in its suit, the same rank elsewhere,
    the other half of the trump king and queen."""
    hand = ctx.hand
    r = card & 15
    s = card >> 4
    run = (1 if r > 5 and hand >> (card - 1) & 1 else 0) + (1 if r < 12 and hand >> (card + 1) & 1 else 0)
    same = ((hand >> r & 1) + (hand >> (16 + r) & 1) + (hand >> (32 + r) & 1) + (hand >> (48 + r) & 1)
            - (hand >> card & 1))
    pair = 1.0 if trump and r in (10, 11) and hand >> (s * 16 + 21 - r) & 1 else 0.0
    return run / 2.0, same / 3.0, pair


def lead_features(info: PlayInfo, hand: int, card: int) -> list[float]:
    """The features of leading ``card`` from ``hand`` (a mask) in the position ``info``."""
    return _lead_vector(_Context(info, hand), card)


def _lead_vector(ctx: _Context, card: int) -> list[float]:
    tb = ctx.tb
    st = tb.strength[card]
    s = card >> 4
    out_str, top_out, my_len, my_low, masters = ctx.suits[s]
    trump = 1.0 if ctx.trump_mode and tb.is_trump(card) else 0.0
    plain = 1.0 - trump
    higher = len(out_str) - bisect_right(out_str, st)
    master = 1.0 if higher == 0 else 0.0
    pts = tb.points[card] / 10.0
    suit_out = len(out_str)
    decl = ctx.decl
    late = 1.0 if ctx.cards_left <= 3 else 0.0
    run, same, pair = _combo(ctx, card, trump)
    return [
        trump,
        trump * decl,
        master * plain,
        master * trump,
        pts * plain,
        pts * trump,
        (1.0 - master) * pts * plain,
        master * pts * plain,
        min(higher, 3) / 3.0,
        my_len / 8.0 * plain,
        min(suit_out, 6) / 6.0 * plain,
        (1.0 if suit_out == 0 else 0.0) * plain,
        trump * min(ctx.trumps_out, 6) / 6.0,
        trump * ctx.my_trumps / 8.0,
        trump * (1.0 if ctx.trumps_out == 0 else 0.0),
        ctx.void[s] * plain,
        ctx.void_ruff[s] * plain,
        (1.0 if masters > (1 if st > top_out else 0) and not master else 0.0) * plain,
        1.0 if st <= my_low else 0.0,
        (1.0 if my_len == 1 else 0.0) * plain,
        decl * master * plain,
        decl * pts * plain,
        trump * late,
        ctx.stock * trump,
        ctx.stock * master,
        ctx.stock * pts,
        1.0 if card == tb.free_card else 0.0,
        ctx.rank[card] / 7.0,
        1.0 if trump and tb.points[card] >= 14 else 0.0,
        master * late,
        run,
        same,
        pair,
    ]


LEAD_WEIGHTS: dict[tuple[str, int, str], tuple[float, ...]] = {
    ("deberts", 2, ""): (
        -2.732, -2.664, -5.313, 0.257, 1.803, -2.27, 0.15, 2.335, -1.357, 16.146, -8.848, 6.587, -3.142, -6.383,
        -2.692, 5.18, 3.063, -8.748, -2.547, 3.933, 1.264, -4.297, -3.209, 0.0, 0.0, 0.0, 0.0, -1.742, -1.048,
        4.226, -1.313, 0.837, -5.229,
    ),
    ("deberts", 3, ""): (
        -4.051, 0.489, -3.757, 9.481, 0.727, -0.669, -2.631, 1.879, -3.108, 8.586, -3.913, 2.266, -5.585, 4.011,
        -14.124, 3.202, -0.132, -7.641, 0.443, 1.531, -2.383, -0.528, -11.388, 0.0, 0.0, 0.0, 0.0, -2.249, -0.235,
        0.42, 0.036, -1.255, -5.961,
    ),
    ("deberts", 4, ""): (
        -6.646, -3.237, -1.045, 10.103, -0.412, 1.176, -1.246, 0.078, -0.236, 7.619, -2.099, 6.929, -2.473,
        10.567, -10.293, 2.849, 2.446, -11.617, 2.293, -1.836, -2.764, 0.59, -9.656, 0.0, 0.0, 0.0, 0.0, -3.048,
        1.062, 0.97, -1.017, -1.059, -4.376,
    ),
    ("klaberjass", 2, ""): (
        -14.317, 0.364, -3.26, 14.271, 2.552, -5.204, -0.136, 2.688, -1.299, 8.631, -5.382, 1.016, 2.49,
        4.592, -0.867, 2.718, 3.563, -11.644, -1.597, -0.437, 0.631, -3.11, 0.059, 0.0, 0.0, 0.0, 0.0,
        -6.351, 5.476, -0.359, -1.076, -1.19, 2.717,
    ),
    ("tertz", 2, ""): (
        1.886, 0.0, 3.768, 16.423, -2.769, -7.674, -8.413, 5.643, 12.316, 4.282, -7.248, 2.381, -12.648,
        -6.545, -8.593, 0.0, 0.0, -6.41, -0.967, -0.091, 0.0, 0.0, 1.605, 0.0, 0.0, 0.0, 0.352, -3.184,
        0.352, 1.347, 0.163, 0.273, 4.313,
    ),
}
"""Fitted weights per (game, players, stage), one per :data:`FEATURES` entry; a game without weights keeps
the plain rule of thumb.  The stage is ``"stock"`` while Tertz's stock lasts, else ``""``."""

SEARCH_LEAD_WEIGHTS: dict[tuple[str, int, str], tuple[float, ...]] = {
    ("deberts", 3, ""): (
        -13.003, -5.582, -2.643, 20.175, -0.409, -7.807, -4.978, 4.569, 7.156, 3.077, -6.732, 5.364, 0.866,
        4.528, -8.971, 0.0, 0.0, -5.961, -0.422, 0.4, 5.276, -7.21, 1.65, 0.0, 0.0, 0.0, 0.0, 2.446, 6.487,
        0.706, -0.547, -1.095, -12.324,
    ),
}
"""Lead weights of ``hard``'s own card play (its rollouts and its default card) where they differ from
``normal``'s: three-handed Deberts' refitted leads play better for ``normal`` against ``hard@v1`` but made
weaker rollouts (twenty-eighth and twenty-ninth rounds, ``docs/ai.md``), so the search keeps the earlier ones."""


def weighted_lead(info: PlayInfo, hand: int, legal: Sequence[int]) -> int | None:
    """The lead with the highest weighted score, or ``None`` when the game has no weights."""
    key = (info.tb.game, info.tb.players, "stock" if stock_lasts(info, hand) else "")
    w = SEARCH_LEAD_WEIGHTS.get(key) if info.tb.search else None
    if w is None:
        w = LEAD_WEIGHTS.get(key)
    if w is None:
        return None
    ctx = _Context(info, hand)
    return _best(legal, w, lambda c: _lead_vector(ctx, c))


FOLLOW_FEATURES = (
    "wins", "win_points", "card_points", "lost_points", "trump", "ruff", "top_trump", "master",
    "lowest_of_suit", "suit_length", "run_part", "same_rank", "pair_part", "stock_win", "late_win",
    "trump_length", "declarer_win", "rank", "partner_points", "overtake_partner",
    "win_threatened", "partner_to_play", "opponents_to_play",
)
"""The names of :func:`follow_features`' entries, in order."""


def follow_features(info: PlayInfo, hand: int, card: int) -> list[float]:
    """The features of playing ``card`` to the trick ``info.trick`` (``hand``: the legal cards)."""
    return _follow_vector(_Context(info, hand), _TrickContext(info), card)


class _TrickContext:
    """The trick a card is played to: its lead, its winning card and who is still to play."""

    __slots__ = ("info", "lead", "lead_suit", "best", "partner_wins", "points", "partner_to_play",
                 "opponents_to_play")

    def __init__(self, info: PlayInfo) -> None:
        tb = info.tb
        self.info = info
        later = [tb.partners(s, info.me) for s in info.order]
        self.partner_to_play = 1.0 if any(later) else 0.0
        self.opponents_to_play = sum(1 for x in later if not x) / 2.0
        cards = [c for _, c in info.trick]
        self.lead = cards[0]
        self.lead_suit = tb.suit(cards[0])
        wi = tb.winner_index(cards)
        self.best = cards[wi]
        self.partner_wins = 1.0 if tb.partners(info.trick[wi][0], info.me) else 0.0
        self.points = sum(tb.points[c] for c in cards) / 10.0


def _follow_vector(ctx: _Context, trick: _TrickContext, card: int) -> list[float]:
    tb = ctx.tb
    st = tb.strength[card]
    out_str, top_out, my_len, my_low, _masters = ctx.suits[card >> 4]
    wins = 1.0 if tb.beats(card, trick.best, trick.lead_suit) else 0.0
    pts = tb.points[card] / 10.0
    taken = pts + trick.points
    trump = 1.0 if ctx.trump_mode and tb.is_trump(card) else 0.0
    partner = trick.partner_wins
    run, same, pair = _combo(ctx, card, trump)
    return [
        wins,
        wins * taken,
        pts,
        (1.0 - wins) * (1.0 - partner) * taken,
        trump,
        trump if not tb.is_trump(trick.lead) else 0.0,
        1.0 if trump and tb.points[card] >= 14 else 0.0,
        1.0 if st > top_out else 0.0,
        1.0 if st <= my_low else 0.0,
        my_len / 8.0,
        run,
        same,
        pair,
        ctx.stock * wins,
        wins * (1.0 if ctx.cards_left <= 3 else 0.0),
        trump * ctx.my_trumps / 8.0,
        ctx.decl * wins,
        ctx.rank[card] / 7.0,
        (1.0 - wins) * partner * taken,
        wins * partner,
        wins * (1.0 if trick.opponents_to_play and threatened(trick.info, card, trick.lead_suit) else 0.0),
        trick.partner_to_play,
        trick.opponents_to_play,
    ]


FOLLOW_WEIGHTS: dict[tuple[str, int, str], tuple[float, ...]] = {
    ("deberts", 2, ""): (
        7.16, 9.246, -6.372, -15.617, 0.0, 0.0, -5.472, -7.164, -0.646, 9.342, 2.125, -2.918, -12.322, 0.0,
        -0.033, 0.0, 0.925, 0.767, 0.0, 0.0, 0.0, 0.0, 0.0,
    ),
    ("deberts", 3, ""): (
        2.087, 4.123, -4.162, -8.285, 0.0, 0.0, -6.282, -3.979, -1.035, 3.552, 0.267, -1.203, -6.831, 0.0,
        6.055, 0.0, -1.093, -0.097, 0.0, 0.0, 0.0, 0.0, 0.0,
    ),
    ("deberts", 3, "middle"): (
        4.541, 4.663, -4.812, -9.475, 0.0, 0.0, -5.175, -4.547, -0.654, 4.162, 1.766, 1.316, -9.329, 0.0,
        1.247, 0.0, 0.207, 1.558, 0.0, 0.0, -4.688, 0.0, 0.0,
    ),
    ("deberts", 4, ""): (
        3.789, 3.399, -0.747, -2.868, 0.0, 0.0, -5.541, -3.528, 0.802, -14.617, -0.568, -3.527, -7.726, 0.0,
        2.017, 0.0, -2.46, -0.336, 6.927, 5.603, 0.0, 0.0, 0.0,
    ),
    ("deberts", 4, "middle"): (
        3.982, 6.199, -5.362, -16.902, 0.0, 0.0, -8.603, -5.574, -0.425, -0.248, 0.681, 3.806, -7.01, 0.0,
        0.783, 0.0, -0.747, 4.305, 5.34, 6.294, -6.941, 0.0, 0.0,
    ),
    ("klaberjass", 2, ""): (
        3.402, 7.936, -7.179, -15.115, 0.0, 0.0, -3.901, -5.869, -1.012, 5.16, 0.905, 1.456, 0.422, 0.0,
        1.503, 0.0, 1.271, 1.88, 0.0, 0.0, 0.0, 0.0, 0.0,
    ),
    ("tertz", 2, ""): (
        5.969, 8.984, -2.68, -11.664, -16.901, -16.901, -2.603, -9.181, -0.114, -0.767, -1.338, -6.092,
        2.424, 1.108, 5.623, -2.113, 0.0, -5.534, 0.0, 0.0, 0.0, 0.0, 0.0,
    ),
}
"""Fitted weights per (game, players, stage) for a card to a trick already led, one per
:data:`FOLLOW_FEATURES` entry; the stage is ``"middle"`` while others are still to play, else ``""``."""


def weighted_follow(info: PlayInfo, hand: int, legal: Sequence[int]) -> int | None:
    """The card to a trick already led with the highest weighted score, or ``None`` without weights.

    The last card to a trick and a card with others still to play (stage ``"middle"``) have their own weights.
    """
    if not info.trick:
        return None
    w = FOLLOW_WEIGHTS.get((info.tb.game, info.tb.players, "middle" if info.order else ""))
    if w is None:
        return None
    ctx = _Context(info, hand)
    trick = _TrickContext(info)
    return _best(legal, w, lambda c: _follow_vector(ctx, trick, c))


def _best(legal: Sequence[int], w: Sequence[float], features: Callable[[int], list[float]]) -> int:
    best, best_score = legal[0], float("-inf")
    for c in legal:
        score = sum(map(operator.mul, features(c), w))
        if score > best_score:
            best, best_score = c, score
    return best
