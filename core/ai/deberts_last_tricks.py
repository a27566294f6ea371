"""``normal``'s last two tricks of three- and four-handed Deberts, counted over the likely layouts.

With two cards left a club player counts the rest out: "my partner holds
the last trump, so my ace of clubs is good on the last trick; I can throw
the ten to his jack now".  :func:`deberts_last_tricks` does that count for
three players (each for himself) and four (partnerships or individual):

* the cards still out are dealt to the other seats in every way they may
  lie (each seat's hand size, its publicly known cards and the ones its
  plays showed it cannot hold) when there are few ways, else
  :data:`LAYOUTS` ways drawn with a generator seeded from the view, so equal
  views give equal decisions; in three-handed play the cards nobody is
  dealt stay out;
* on each layout the rest of the deal is played with every card known, our
  side choosing the best card for us and every other seat the worst
  (the "paranoid" reading of several opponents), under the engine's own
  trick rules (:func:`core.games.deberts.legal_mask`,
  :func:`core.games.deberts.trick_winner_index`);
* each finished deal is scored by the engine's own scoring function
  (:func:`core.games.deberts.settle`: the contract, the sequences and the
  trick they need, the bellas, the last trick's ten and the pots), and the
  value is our side's award minus the best other side's; the card with the
  best mean value is kept.

Only the last two tricks: three cards with two or three other hands would
not fit in ``normal``'s few milliseconds.  A bella still to come (both
trump honours in one hand) is counted as announced (with the house rule
that a bella needs a trick already taken: when the holder's side has one).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from core.ai.knowledge import mask
from core.ai.minimax import INF, best_of
from core.cards import ids_of
from core.games import deberts as rules

if TYPE_CHECKING:  # pragma: no cover
    from core.ai.heuristic import PlayInfo
    from core.state import View

MAX_CARDS = 2
"""Cards in hand from which the count is made (the last two tricks)."""
LAYOUTS = 16
"""Layouts counted: all of them when there are at most this many, else this many drawn."""
DRAW_TRIES = 8
"""Draws tried for each layout wanted before the count gives up (the seats' constraints may clash)."""
RANK_K, RANK_Q = "23456789TJQKA".index("K"), "23456789TJQKA".index("Q")


def settle_rules(opts: dict[str, Any], view: View, units: int) -> dict[str, Any]:
    """The keyword arguments of :func:`core.games.deberts.settle` for this deal: the options and the pots."""
    return {
        "app": opts.get("contract_scoring") == "app",
        "half_up": opts.get("split_rounding") == "half_up",
        "queue": opts.get("hanging_pots") == "queue",
        "bide_penalty": opts.get("bide_penalty") == "minus100_from_third",
        "ski_penalty": int(opts.get("ski_penalty") or 0),
        "pots": [int(x) for x in view.get("pots") or []],
        "app_pots": [(int(p["amount"]), tuple(p["rivals"]), int(p["maker"]))
                     for p in view.get("app_pots") or [] if isinstance(p, dict)],
        "bide_counts": [int(x) for x in view.get("bide_counts") or [0] * units],
    }


class _Count:
    """The rest of one deal with every hand known, scored for our side."""

    def __init__(self, info: PlayInfo, view: View) -> None:
        tb = info.tb
        assert tb.trump is not None
        self.trump = tb.trump
        self.points = tb.points
        self.me = info.me
        opts = tb.options
        self.mandatory = opts.get("mandatory_overtrump", True) is not False
        players = len(info.sizes)
        side_of = view.get("side_of")
        self.unit = ([int(u) for u in side_of] if isinstance(side_of, list) and len(side_of) == players
                     else list(range(players)))
        self.units = max(self.unit) + 1
        self.mine = self.unit[self.me]
        self.base = [int(x) for x in view.get("card_points") or [0] * self.units]
        self.tricks0 = [0] * self.units
        for s, t in enumerate(view.get("tricks_won") or []):
            self.tricks0[self.unit[s]] += int(t)
        self.bella_pts = [0] * self.units
        for b in view.get("bellas") or []:
            if isinstance(b, dict) and isinstance(b.get("seat"), int):
                self.bella_pts[self.unit[b["seat"]]] += rules.BELLA_POINTS
        winner = view.get("sequence_winner")
        self.seq_unit = self.unit[winner] if isinstance(winner, int) else -1
        self.seq_value = int(view.get("sequence_points") or 0)
        self.seq_needs_trick = opts.get("sequence_needs_trick", True) is not False
        self.bella_needs_trick = opts.get("bella_requires_trick") is True
        contract = view.get("contract") or {}
        maker = contract.get("maker") if isinstance(contract, dict) else None
        self.maker = int(maker) if isinstance(maker, int) else self.me
        self.rules = settle_rules(opts, view, self.units)
        self.kq = (1 << (self.trump * 16 + RANK_K)) | (1 << (self.trump * 16 + RANK_Q))
        self._scores: dict[tuple[int, ...], float] = {}
        self._bella: tuple[int, ...] = (0,) * self.units

    def bellas(self, hands: list[int]) -> None:
        """Note the bellas still to come: both trump honours in one of ``hands`` (the hands before this card).

        The holder announces it with the first of the two, on the next-to-last trick; where a bella needs a
        trick already taken (option ``bella_requires_trick``) it counts only when the holder's side has one.
        """
        bella = [0] * self.units
        for s, h in enumerate(hands):
            u = self.unit[s]
            if h & self.kq == self.kq and (not self.bella_needs_trick or self.tricks0[u] > 0):
                bella[u] += rules.BELLA_POINTS
        self._bella = tuple(bella)

    def value(self, hands: list[int], trick: list[int], seats: list[int]) -> float:
        """Our value with ``trick`` (cards of ``seats``, lead first) on the table and ``hands`` left."""
        zero = (0,) * self.units
        return self._after(hands, trick, seats, zero, zero, -INF, INF)

    def _turn(self, hands: list[int], trick: list[int], seats: list[int], seat: int, gained: tuple[int, ...],
              taken: tuple[int, ...], alpha: float, beta: float) -> float:
        ours = self.unit[seat] == self.mine
        moves = ids_of(rules.legal_mask(hands[seat], trick, self.trump, self.mandatory))

        def child(c: int, alpha: float, beta: float) -> float:
            h = list(hands)
            h[seat] &= ~(1 << c)
            return self._after(h, trick + [c], seats + [seat], gained, taken, alpha, beta)

        return best_of(moves, ours, child, alpha, beta)

    def _after(self, hands: list[int], trick: list[int], seats: list[int], gained: tuple[int, ...],
               taken: tuple[int, ...], alpha: float, beta: float) -> float:
        n = len(hands)
        if len(trick) < n:
            return self._turn(hands, trick, seats, (seats[-1] + 1) % n, gained, taken, alpha, beta)
        w = seats[rules.trick_winner_index(trick, self.trump)]
        last = not hands[w]
        g, t = self._credit(w, trick, last, gained, taken)
        if last:
            return self._leaf(g, t)
        if all(h.bit_count() == 1 for h in hands):
            return self._forced(hands, w, g, t)
        return self._turn(hands, [], [], w, g, t, alpha, beta)

    def _forced(self, hands: list[int], leader: int, gained: tuple[int, ...], taken: tuple[int, ...]) -> float:
        """The last trick, one card in every hand: it plays itself."""
        n = len(hands)
        seats = [(leader + i) % n for i in range(n)]
        trick = [hands[s].bit_length() - 1 for s in seats]
        w = seats[rules.trick_winner_index(trick, self.trump)]
        return self._leaf(*self._credit(w, trick, True, gained, taken))

    def _credit(self, winner: int, trick: list[int], last: bool, gained: tuple[int, ...],
                taken: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``gained`` and ``taken`` (per side) once ``winner`` takes ``trick`` (the last one: with its ten)."""
        p = sum(self.points[c] for c in trick) + (rules.LAST_TRICK_BONUS if last else 0)
        u = self.unit[winner]
        return gained[:u] + (gained[u] + p,) + gained[u + 1:], taken[:u] + (taken[u] + 1,) + taken[u + 1:]

    def _leaf(self, gained: tuple[int, ...], taken: tuple[int, ...]) -> float:
        """The finished deal's value (remembered: many lines end with the same split)."""
        key = gained + taken + self._bella
        got = self._scores.get(key)
        if got is None:
            got = self._scores[key] = self._score(gained, taken)
        return got

    def _score(self, gained: tuple[int, ...], taken: tuple[int, ...]) -> float:
        nu = self.units
        tricks = [self.tricks0[u] + taken[u] for u in range(nu)]
        totals = [self.base[u] + gained[u] + self.bella_pts[u] + self._bella[u] for u in range(nu)]
        su = self.seq_unit
        if su >= 0 and (not self.seq_needs_trick or tricks[su] > 0):
            totals[su] += self.seq_value
        st = rules.settle(totals, tricks, self.maker, self.unit, **self.rules)
        awarded = [st.deal_scores[u] + st.penalties[u] for u in range(nu)]
        mine = awarded[self.mine]
        return float(mine - max(a for u, a in enumerate(awarded) if u != self.mine))


def _layouts(pool: list[int], need: list[tuple[int, int, int]], cap: int) -> list[dict[int, int]]:
    """Every way (up to ``cap`` + 1) to give each ``(seat, cards, allowed mask)`` of ``need`` its cards."""
    if not need:
        return [{}]
    seat, k, allowed = need[0]
    result: list[dict[int, int]] = []
    for pick in combinations([c for c in pool if allowed >> c & 1], k):
        m = 0
        for c in pick:
            m |= 1 << c
        rest = [c for c in pool if not m >> c & 1]
        for tail in _layouts(rest, need[1:], cap - len(result)):
            tail[seat] = m
            result.append(tail)
            if len(result) > cap:
                return result
    return result


def _draw(pool: list[int], need: list[tuple[int, int, int]], rng: random.Random) -> dict[int, int] | None:
    """One layout drawn at random (the most constrained seat first), or None when the draw dead-ends."""
    left = list(pool)
    layout: dict[int, int] = {}
    for seat, k, allowed in sorted(need, key=lambda x: sum(1 for c in pool if x[2] >> c & 1) - x[1]):
        fit = [c for c in left if allowed >> c & 1]
        if len(fit) < k:
            return None
        pick = rng.sample(fit, k)
        m = 0
        for c in pick:
            m |= 1 << c
        layout[seat] = m
        left = [c for c in left if not m >> c & 1]
    return layout


def deberts_last_tricks(info: PlayInfo, view: View, hand: int, legal: Sequence[int],
                        required: Sequence[int] = ()) -> list[int] | None:
    """The cards of ``legal`` with the best mean deal value over the other hands' likely layouts.

    ``hand`` is our hand (a mask) and ``required[s]`` the cards seat ``s`` is
    known to hold beyond the view's ``known``; the cards a seat cannot hold
    are ``info.forbidden``.  None when the count does not apply (not Deberts
    with three or four players, no trump, more than :data:`MAX_CARDS` cards)
    or the cards out do not fit the hands.
    """
    tb = info.tb
    me = info.me
    sizes = info.sizes
    n = len(sizes)
    if tb.game != "deberts" or tb.trump is None or n not in (3, 4) or hand.bit_count() > MAX_CARDS:
        return None
    known = view.get("known") or [[] for _ in range(n)]
    if len(known) != n:
        return None
    sure = [0] * n
    for s in range(n):
        if s != me:
            extra = required[s] if s < len(required) else 0
            sure[s] = (mask(known[s] or []) | extra) & info.outstanding
    taken_sure = 0
    for m in sure:
        if taken_sure & m:
            return None  # two seats cannot both hold a card: the view and the inferences disagree
        taken_sure |= m
    pool_mask = info.outstanding & ~taken_sure
    pool = ids_of(pool_mask)
    need: list[tuple[int, int, int]] = []
    for s in range(n):
        if s == me:
            continue
        k = sizes[s] - sure[s].bit_count()
        if k < 0 or k > MAX_CARDS:
            return None
        if k:
            need.append((s, k, pool_mask & ~info.forbidden.get(s, 0)))
    if sum(k for _, k, _ in need) > len(pool):
        return None
    ways = 1
    left = len(pool)
    for _, k, _ in need:
        ways *= math.comb(left, k)
        left -= k
    layouts: list[dict[int, int]] = []
    if ways <= 4 * LAYOUTS:
        layouts = _layouts(pool, need, LAYOUTS)
    if not layouts or len(layouts) > LAYOUTS:
        rng = random.Random(hand * 1_000_003 + info.outstanding * 7 + len(info.trick))
        layouts = []
        for _ in range(LAYOUTS * DRAW_TRIES):
            got = _draw(pool, need, rng)
            if got is not None:
                layouts.append(got)
                if len(layouts) == LAYOUTS:
                    break
        if not layouts:
            return None
    count = _Count(info, view)
    trick = [c for _, c in info.trick]
    seats = [s for s, _ in info.trick]
    totals = dict.fromkeys(legal, 0.0)
    for layout in layouts:
        hands = [sure[s] | layout.get(s, 0) for s in range(n)]
        hands[me] = hand
        count.bellas(hands)
        for c in legal:
            h = list(hands)
            h[me] &= ~(1 << c)
            totals[c] += count.value(h, trick + [c], seats + [me])
    top = max(totals.values())
    return sorted(c for c, v in totals.items() if v >= top - 1e-9)
