"""``normal``'s last two tricks of four-handed Pitch, counted out exactly.

With two cards left a Pitch player knows a great deal: every trump still
out is in another hand (the discards were non-trumps and burned cards are
shown), the hand sizes are public, and after this trick every hand holds at
most one card, so the last trick is forced.  A club player counts it out:
"if I win this now with the ace, the three still out falls on the last trick
to whoever holds the king; if I keep the ace, the three is mine".

:func:`last_two_tricks` does that count.  It lists every way the trumps
still out can lie in the other hands (hand sizes fixed, each way equally
likely), plays the rest of this trick for every card of ours with every
seat choosing its card for its side (our side maximizes, the other
minimizes, everyone seeing the cards: the cards left are too few for that to
matter much), lets the last trick fall as it must, and keeps the card with
the best mean value.  The value is the deal's score for our side minus the
other's: the contract made or set, from the points the view says each seat
has taken so far (without them, the points of the two tricks).  Only when
the partnerships are fixed (four players); the caller's rule breaks ties.

It is exhaustive, not sampled: at most a few dozen layouts and a few cards
each, well within ``normal``'s budget (see ``bench ai``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from core.ai.knowledge import is_two
from core.cards import ids_of

if TYPE_CHECKING:  # pragma: no cover
    from core.ai.heuristic import PlayInfo
    from core.ai.knowledge import Table

MAX_LAYOUTS = 40
"""More ways for the cards out to lie than this and the rule of thumb decides instead."""


def _layouts(out: list[int], sizes: list[tuple[int, int]]) -> list[dict[int, list[int]]]:
    """Every way to deal ``out`` to the seats of ``sizes`` ((seat, cards held) pairs)."""
    if not sizes:
        return [{}] if not out else []
    seat, n = sizes[0]
    result: list[dict[int, list[int]]] = []
    for pick in combinations(out, n):
        rest = [c for c in out if c not in pick]
        for tail in _layouts(rest, sizes[1:]):
            layout = dict(tail)
            layout[seat] = list(pick)
            result.append(layout)
            if len(result) > MAX_LAYOUTS:
                return result
    return result


def last_two_tricks(info: PlayInfo, legal: Sequence[int], sizes: Sequence[int]) -> list[int] | None:
    """Our cards with the best counted value over the last two tricks, or ``None`` when not counted.

    ``sizes`` are the seats' hand sizes now (the view's ``hand_sizes``).  Counted only in four-handed Pitch
    (fixed partnerships, not the ten-as-game variant), with two cards in our hand, at most one in the hands
    that already played to this trick and at most two in those still to play.  With ``info.taken`` (points
    taken so far per seat) and ``info.bid`` the value is the deal's score (a contract made or set);
    without them, the points of the two tricks.
    """
    tb = info.tb
    me = info.me
    if tb.mode != "pitch" or tb.players != 4 or len(sizes) != 4 or len(legal) != 2:
        return None
    if tb.options.get("ten_point", "ten_card") == "game":
        return None
    trick = info.trick
    in_trick = {s for s, _ in trick}
    seats_after: list[int] = []
    s = me
    for _ in range(3):
        s = (s + 1) % 4
        if s not in in_trick and sizes[s] > 0:
            seats_after.append(s)
    held: list[tuple[int, int]] = []
    for seat in range(4):
        if seat == me or sizes[seat] <= 0:
            continue
        if sizes[seat] > (2 if seat in seats_after else 1):
            return None
        held.append((seat, sizes[seat]))
    out = ids_of(info.outstanding & tb.trump_mask)
    if len(out) != sum(n for _, n in held):
        return None  # the view does not add up: let the rule decide
    layouts = _layouts(out, held)
    if not layouts or len(layouts) > MAX_LAYOUTS:
        return None
    count = _Count(tb, me, info)
    totals = [0.0] * len(legal)
    for layout in layouts:
        for i, card in enumerate(legal):
            rest = legal[1 - i]
            totals[i] += count.finish(list(trick) + [(me, card)], seats_after, layout, rest)
    best = max(totals)
    return [c for c, t in zip(legal, totals, strict=True) if t >= best - 1e-9]


class _Count:
    """The scoring of one count: card points, who plays with whom, and the deal so far."""

    def __init__(self, tb: Table, me: int, info: PlayInfo) -> None:
        self.tb = tb
        self.me = me
        dirty = tb.options.get("dirty") is True
        self.carried = [0 if not dirty and is_two(c) else p for c, p in enumerate(tb.points)]
        self.kept = [p if not dirty and is_two(c) else 0 for c, p in enumerate(tb.points)]
        self.ours = [tb.partners(s, me) for s in range(4)]
        mine = [s for s in range(4) if self.ours[s]]
        taken = info.taken
        self.contract = bool(taken) and len(taken) == 4 and info.bid > 0 and info.maker_side is not None
        self.taken_ours = sum(taken[s] for s in mine) if self.contract else 0
        self.taken_theirs = sum(taken) - self.taken_ours if self.contract else 0
        self.we_bid = info.maker_side == tb.side_of(me)
        self.bid = info.bid
        self.made_scores_bid = tb.options.get("made_bid_scores", "points_taken") == "bid"
        self.defenders_score = tb.options.get("defenders_score", True) is not False

    def finish(self, trick: list[tuple[int, int]], to_play: list[int], hands: dict[int, list[int]],
               mine: int) -> float:
        """The value for our side once the seats of ``to_play`` have played, each for its side."""
        if to_play:
            seat = to_play[0]
            ours = self.ours[seat]
            best: float | None = None
            cards = hands[seat]
            for card in cards:
                left = dict(hands)
                left[seat] = [c for c in cards if c != card]
                v = self.finish(trick + [(seat, card)], to_play[1:], left, mine)
                if best is None or (v > best if ours else v < best):
                    best = v
            assert best is not None
            return best
        tb = self.tb
        us, them = self._points(trick)
        winner = trick[tb.winner_index([c for _, c in trick])][0]
        last: list[tuple[int, int]] = []
        for k in range(4):
            seat = (winner + k) % 4
            if seat == self.me:
                last.append((seat, mine))
            elif hands.get(seat):
                last.append((seat, hands[seat][0]))
        if last:
            u, t = self._points(last)
            us += u
            them += t
        return self._value(us, them)

    def _points(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """Points one trick gives our side and the other."""
        winner = trick[self.tb.winner_index([c for _, c in trick])][0]
        us = them = 0
        for seat, card in trick:
            if self.ours[winner]:
                us += self.carried[card]
            else:
                them += self.carried[card]
            if self.ours[seat]:
                us += self.kept[card]
            else:
                them += self.kept[card]
        return us, them

    def _value(self, us: int, them: int) -> float:
        """Our side's score minus the other's, for these points still to come."""
        if not self.contract:
            return float(us - them)
        ours = self.taken_ours + us
        theirs = self.taken_theirs + them
        if self.we_bid:
            made = ours >= self.bid
            mine = (self.bid if self.made_scores_bid else ours) if made else -self.bid
            other = theirs if self.defenders_score else 0
        else:
            made = theirs >= self.bid
            other = (self.bid if self.made_scores_bid else theirs) if made else -self.bid
            mine = ours if self.defenders_score else 0
        return float(mine - other)
