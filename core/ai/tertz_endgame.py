"""Tertz once the stock is gone: both hands known, the rest of the deal solved exactly.

When Tertz's stock is empty (phase B) every card not yet played and not in
our hand is in the opponent's: the game is one of perfect information, and a
club player counts it out.  :func:`phase_b_values` does that count: for each
card we may play it gives the card points (last trick's 10 included) our
side takes from the current trick to the end, with both players playing
their best, under the phase's rules (follow and beat, else trump; the trump
jack free where the options say so).

The search is an alpha-beta minimax over whole tricks with a table of
solved positions: the points the leader of a trick takes from there on
depend only on the two hands, so the table keeps each position's proven
bounds (and its best lead, tried first when the position comes back).  The
follower's answers are tried best first: those that take the trick with the
most points, then those that give the fewest.  ``max_positions`` bounds the
work; when it runs out the caller keeps its rule of thumb, and a table kept
between decisions (:func:`phase_b_cards`) lets the count finish over several
of them.

The value is the card points, not the deal's score: who counts (the player
with fewer tricks) and the rounding to ten move a deal's score by at most a
few points, and the announcements are outside card play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core.cards import SUIT_MASK, deck, ids_of

if TYPE_CHECKING:  # pragma: no cover
    from core.ai.heuristic import PlayInfo
    from core.ai.knowledge import Table

LAST_TRICK = 10
"""Points for the last trick."""
PACK = tuple(deck())
"""The 32 cards Tertz is played with."""


TOP = 1 << 20
"""Above any number of card points (an open upper bound)."""


class OutOfBudget(Exception):
    """More positions than allowed: the caller falls back to its rule."""


class _Solver:
    """Per-deal solved positions: (leader's hand, follower's hand) -> points the leader takes from there.

    The table keeps each position's proven (lower, upper) bounds and the best
    lead found, which is tried first when the position comes back.
    """

    def __init__(self, tb: Table, max_positions: int) -> None:
        trump = tb.trump if tb.trump is not None else -1
        self.points = tb.points
        self.max_positions = max_positions
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}
        self.first: dict[tuple[int, int], int] = {}
        self._cards: dict[int, list[int]] = {}
        self._follow: dict[tuple[int, int], list[int]] = {}
        self._free_bit = (1 << tb.free_card) if tb.free_card >= 0 else 0
        self._trumps = SUIT_MASK[trump] if trump >= 0 else 0
        self._suit = [SUIT_MASK[c >> 4] if c < 64 else 0 for c in range(64)]
        st = tb.strength
        # _above[c]: the higher cards of c's suit; _beaten_by[c]: the cards that take a trick led with c
        # (those, and the trumps).  Built suit by suit from the cards ordered low to high.
        self._above = [0] * 64
        self._beaten_by = [0] * 64
        for suit in range(4):
            higher = 0
            for c in sorted((c for c in PACK if c >> 4 == suit), key=lambda c: -st[c]):
                self._above[c] = higher
                self._beaten_by[c] = higher | (self._trumps if suit != trump else 0)
                higher |= 1 << c

    def cards(self, m: int) -> list[int]:
        """The card ids of mask ``m`` (remembered: the same hands come back again and again)."""
        got = self._cards.get(m)
        if got is None:
            got = self._cards[m] = ids_of(m)
        return got

    def legal_follow(self, hand: int, lead: int) -> list[int]:
        """Phase B answers to ``lead`` from ``hand``: follow and beat, else follow, else trump, else anything."""
        key = (hand, lead)
        got = self._follow.get(key)
        if got is not None:
            return got
        free_bit = self._free_bit
        h = hand & ~free_bit
        if not h:
            legal = hand
        else:
            follow = h & self._suit[lead]
            if follow:
                legal = (follow & self._above[lead]) or follow
            else:
                legal = (h & self._trumps) or h
            legal |= hand & free_bit
        pts = self.points
        beaten_by = self._beaten_by[lead]
        # The answers most likely best for the follower first: the ones that take the trick (with the most
        # points), then the ones that give it the fewest.
        got = self._follow[key] = sorted(
            ids_of(legal), key=lambda d: -pts[d] - 100 if beaten_by >> d & 1 else pts[d])
        return got

    def wins(self, lead: int, follow: int) -> bool:
        """True if ``follow`` beats ``lead``."""
        return bool(self._beaten_by[lead] >> follow & 1)

    def total(self, m: int) -> int:
        """Card points of the cards of ``m``."""
        pts = self.points
        return sum(pts[c] for c in self.cards(m))

    def leader_takes(self, hl: int, hf: int, alpha: int = -1, beta: int = TOP, rest: int = -1) -> int:
        """Card points the leader of a trick takes from it to the deal's end (hands ``hl`` and ``hf``).

        ``rest`` is what is left to take (card points of both hands plus the
        last trick's 10), computed when not given.  Alpha-beta: a result at
        most ``alpha`` or at least ``beta`` is only a bound on the true value
        (on the side it lies); inside the window it is exact.
        """
        if not hl:
            return 0
        key = (hl, hf)
        lo, hi = self.memo.get(key, (0, TOP))
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if len(self.memo) >= self.max_positions:
            raise OutOfBudget
        if rest < 0:
            rest = self.total(hl | hf) + LAST_TRICK
        a0 = alpha = max(alpha, lo)
        beta = min(beta, hi)
        best = -1
        cards = self.cards(hl)
        f = self.first.get(key)
        if f is not None:
            cards = [f] + [c for c in cards if c != f]
        for c in cards:
            v = self.after_lead(hl, hf, c, rest, alpha, beta)
            if v > best:
                best = v
                self.first[key] = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best <= a0:
            self.memo[key] = (lo, best)
        elif best >= beta:
            self.memo[key] = (best, hi)
        else:
            self.memo[key] = (best, best)
        return best

    def after_lead(self, hl: int, hf: int, c: int, rest: int, alpha: int, beta: int) -> int:
        """The leader's points after leading ``c``, searched in the window (``alpha``, ``beta``)."""
        pts = self.points
        beaten_by = self._beaten_by[c]
        take = self.leader_takes
        bonus = LAST_TRICK if hl & (hl - 1) == 0 else 0
        worst = rest + 1
        hl2 = hl & ~(1 << c)
        pc = pts[c] + bonus
        for d in self.legal_follow(hf, c):
            hf2 = hf & ~(1 << d)
            p = pc + pts[d]
            off = rest - p
            cap = beta if beta < worst else worst
            if beaten_by >> d & 1:
                v = off - take(hf2, hl2, off - cap, off - alpha, off)
            else:
                v = p + take(hl2, hf2, alpha - p, cap - p, off)
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst


def phase_b_values(tb: Table, mine: int, theirs: int, trick: Sequence[int], legal: Sequence[int],
                   max_positions: int = 20000, solver: _Solver | None = None,
                   floor: int | None = None) -> dict[int, int] | None:
    """Card points we take from now to the deal's end for each card of ``legal``, under best play.

    ``mine`` and ``theirs`` are the two hands (masks; ``theirs`` without a
    card it already played to ``trick``); ``trick`` is the current trick's
    card (at most the opponent's lead).  Both players play their best with
    every card known.  With ``floor``, a card worth less than ``floor`` may
    get any value below it (the search stops once that is proven).  None
    when the work would pass ``max_positions`` solved positions.
    """
    sv = solver if solver is not None else _Solver(tb, max_positions)
    top = TOP
    alpha = -1 if floor is None else floor - 1
    out: dict[int, int] = {}
    try:
        if trick:
            lead = trick[0]
            pts = sv.points
            last = theirs == 0
            rest = sv.total(mine | theirs | (1 << lead)) + LAST_TRICK
            for d in legal:
                p = pts[lead] + pts[d] + (LAST_TRICK if last else 0)
                m2 = mine & ~(1 << d)
                if sv.wins(lead, d):
                    out[d] = p + sv.leader_takes(m2, theirs, alpha - p, top)
                else:
                    off = rest - p
                    out[d] = off - sv.leader_takes(theirs, m2, -1, off - alpha)
        else:
            rest = sv.total(mine | theirs) + LAST_TRICK
            for c in legal:
                out[c] = sv.after_lead(mine, theirs, c, rest, alpha, top)
    except OutOfBudget:
        return None
    return out


def phase_b_best(tb: Table, mine: int, theirs: int, trick: Sequence[int], legal: Sequence[int],
                 max_positions: int = 20000, solver: _Solver | None = None) -> tuple[list[int], int] | None:
    """The cards of ``legal`` that take the most card points under best play, and that number.

    Solves the cards one by one, each only as far as needed to tell whether
    it reaches the best value found so far.  None when the work would pass
    ``max_positions`` solved positions (arguments as :func:`phase_b_values`).
    """
    sv = solver if solver is not None else _Solver(tb, max_positions)
    best: list[int] = []
    value = -1
    for c in legal:
        got = phase_b_values(tb, mine, theirs, trick, [c], solver=sv, floor=value if best else None)
        if got is None:
            return None
        v = got[c]
        if v > value:
            best, value = [c], v
        elif v == value:
            best.append(c)
    return best, value


NORMAL_POSITIONS = 250
"""New positions ``normal`` may solve in one decision (about 3 ms); the table is kept for the whole deal."""

HARD_POSITIONS = 8000
"""New positions ``hard`` may solve in one decision (a tenth of a second at most on the development machine)."""


def phase_b_cards(info: PlayInfo, hand: int, legal: Sequence[int], cache: dict[str, Any] | None,
                  budget: int) -> list[int] | None:
    """The cards of ``legal`` that take the most card points to the deal's end, once Tertz's stock is gone.

    ``info`` is the seat's :class:`~core.ai.heuristic.PlayInfo` (``info.outstanding``
    is the opponent's hand once the stock is empty), ``hand`` our hand (a
    mask).  ``cache`` (a per-deal dict, e.g. :attr:`Memory.deal_cache`)
    keeps the solved positions between decisions; ``budget`` bounds the new
    positions solved now.  None outside phase B or when the budget runs out.
    """
    tb = info.tb
    if budget <= 0 or tb.game != "tertz" or tb.trump is None or len(info.sizes) != 2:
        return None
    theirs = info.outstanding
    opp = 1 - info.me
    if theirs.bit_count() != info.sizes[opp]:
        return None  # cards still in the stock: phase A
    key = f"tertz_phase_b:{tb.trump}:{tb.free_card}"
    sv = cache.get(key) if cache is not None else None
    if not isinstance(sv, _Solver):
        sv = _Solver(tb, 0)
        if cache is not None:
            cache[key] = sv
    sv.max_positions = len(sv.memo) + budget
    got = phase_b_best(tb, hand, theirs, [c for _, c in info.trick], legal, solver=sv)
    return None if got is None else got[0]
