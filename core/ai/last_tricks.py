"""``normal``'s last three tricks of the two-handed trump games, counted over the opponent's likely hands.

With three cards or fewer in hand a club player counts the rest out: "if
he holds the ten, leading the ace first takes it; if not, the trump wins
either way".  :func:`last_tricks` does that count (Klaberjass and two-handed Deberts) the
way the ``hard`` search does at its end, but within ``normal``'s few
milliseconds:

* the opponent's hand is dealt from the cards it may hold (unseen, minus the
  ones its plays showed it cannot hold, plus its publicly known cards): every
  such hand when there are few, else a fixed number drawn with a generator
  seeded from the view, so equal views give equal decisions;
* on each, the rest of the deal is played with both hands known (a tiny
  minimax: at most three tricks), under the two games' common rules for two
  players (follow suit, beat a trump lead if possible, trump when void);
* each finished deal is scored as the engine scores it, with the game's own
  scoring function (:func:`core.games.klaberjass.score_deal`,
  :func:`core.games.deberts.settle`: the maker's total against the
  defender's, with the sequences, the bellas still to come, the tricks taken
  and the points hanging from a tie), and the card with the best mean score
  difference is kept.

Playing each hand with every card known flatters lines that need to guess
(strategy fusion), the price of every such count; the ``hard`` search pays
it too at its end and it measured well there.

``hard``'s rollouts of two-handed Deberts end their sampled deals the same way
(:class:`RolloutCount`, :data:`ROLLOUT_GAMES`): there both hands are known,
so the last three tricks are played as the count with that one hand finds
best, the way the players they stand for (``normal`` with this count,
``hard`` with its exact endgame) play them, rather than by the rule of thumb.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from core.ai.deberts_last_tricks import settle_rules
from core.ai.knowledge import mask
from core.ai.minimax import INF
from core.cards import CARD_IDS, SUIT_MASK, ids_of
from core.games import deberts as deberts_rules
from core.games.klaberjass import score_deal

if TYPE_CHECKING:  # pragma: no cover
    from core.ai.heuristic import PlayInfo
    from core.ai.knowledge import Table
    from core.state import View

MAX_CARDS = 3
"""Cards in hand from which the count is made (the last three tricks)."""
HANDS = 20
"""Opponent's hands counted: all of them when there are at most this many, else this many drawn."""
LAST_TRICK = 10
"""Points for the last trick (both games)."""
BELLA = 20
"""Points of the bella (the trump king and queen announced with the second of them)."""
RANK_K, RANK_Q = "23456789TJQKA".index("K"), "23456789TJQKA".index("Q")


class _Deal:
    """The rest of one deal with both hands known, scored for seat ``me`` (Klaberjass)."""

    def __init__(self, info: PlayInfo, view: View, me: int) -> None:
        tb = info.tb
        assert tb.trump is not None
        self.trump = tb.trump
        self.tb = tb
        self.me = me
        self.points = tb.points
        self.trumps = SUIT_MASK[tb.trump]
        self.kq = (1 << (self.trump * 16 + RANK_K)) | (1 << (self.trump * 16 + RANK_Q))
        played = [0, 0]
        for tr in view.get("tricks") or []:
            leader = int(tr.get("leader", 0))
            for i, c in enumerate(tr.get("cards") or []):
                if c in CARD_IDS:
                    played[(leader + i) % 2] |= 1 << CARD_IDS[c]
        for t in view.get("trick") or []:
            if isinstance(t, dict) and t.get("card") in CARD_IDS:
                played[int(t.get("seat", 0))] |= 1 << CARD_IDS[t["card"]]
        self.played = played
        self._scores: dict[tuple[int, ...], float] = {}
        self._legal: dict[tuple[int, int], list[int]] = {}
        self._bella_of: dict[tuple[int, int], list[int]] = {}
        self._bella = [0, 0]
        self.setup(view)

    def setup(self, view: View) -> None:
        """Read the deal's score so far from the view."""
        maker = view.get("maker")
        self.maker = int(maker) if isinstance(maker, int) else self.me
        cp = [int(x) for x in view.get("card_points") or [0, 0]]
        seq = view.get("sequence_points") or [0, 0]
        bella = view.get("bella") or [False, False]
        self.base = [cp[s] + int(seq[s]) + (BELLA if bella[s] else 0) for s in (0, 1)]
        self.bella_done = [bool(b) for b in bella]
        self.hanging = int(view.get("hanging") or 0)
        self.tie_rule = "hang" if self.tb.options.get("maker_tie") == "hang" else "maker_zero"

    def legal(self, hand: int, lead: int) -> list[int]:
        """The answers to ``lead`` from ``hand`` (``lead < 0``: a lead, any card)."""
        key = (hand, lead)
        got = self._legal.get(key)
        if got is None:
            got = self._legal[key] = self._answers(hand, lead)
        return got

    def _answers(self, hand: int, lead: int) -> list[int]:
        if lead < 0:
            return ids_of(hand)
        ls = lead >> 4
        follow = hand & SUIT_MASK[ls]
        if follow:
            if ls == self.trump:
                st = self.tb.strength
                higher = [d for d in ids_of(follow) if st[d] > st[lead]]
                return higher or ids_of(follow)
            return ids_of(follow)
        return ids_of((hand & self.trumps) or hand)

    def wins(self, lead: int, follow: int) -> bool:
        """True if the second card takes the trick."""
        if follow >> 4 == lead >> 4:
            return self.tb.strength[follow] > self.tb.strength[lead]
        return follow >> 4 == self.trump

    def bellas_to_come(self, hands: list[int]) -> list[int]:
        """Per seat, the bella points still to be announced (with the second card of the pair)."""
        return [BELLA if not self.bella_done[s] and (self.played[s] | hands[s]) & self.kq == self.kq else 0
                for s in (0, 1)]

    def score(self, gained: list[int], tricks: list[int], bella: list[int]) -> float:
        """Our deal score minus the opponent's once the seats have taken ``gained`` more card points (and
        ``tricks`` more tricks), with ``bella`` points still to be announced."""
        totals = [self.base[s] + gained[s] + bella[s] for s in (0, 1)]
        _outcome, pts, _left, to = score_deal(self.maker, totals, self.hanging, self.tie_rule)
        if to is not None:
            pts[to] += self.hanging
        return float(pts[self.me] - pts[1 - self.me])

    def play_out(self, hands: list[int], leader: int, lead: int, gained: list[int], start: list[int],
                 tricks: list[int] | None = None) -> float:
        """Minimax value for ``me`` with ``lead`` on the table (-1: ``leader`` is to lead).

        ``hands`` are both hands now (without ``lead``), ``gained`` and
        ``tricks`` what each seat took since ``start``, the hands the count
        began with (they tell which bellas are still to come).
        """
        me, opp = self.me, 1 - self.me
        key = (start[0], start[1])
        bella = self._bella_of.get(key)
        if bella is None:
            bella = self._bella_of[key] = self.bellas_to_come(start)
        self._bella = bella
        taken = tricks if tricks is not None else [0, 0]
        return self._search(hands[me], hands[opp], leader == me, lead, gained[me], gained[opp],
                            taken[me], taken[opp], -INF, INF)

    def _search(self, mine: int, theirs: int, we_lead: bool, lead: int, g_me: int, g_opp: int,
                t_me: int, t_opp: int, alpha: float, beta: float) -> float:
        """:meth:`play_out` from our side, with alpha-beta (a value outside (``alpha``, ``beta``) is a bound).

        The alpha-beta step is written out here rather than calling :func:`core.ai.minimax.best_of` with a
        closure per position: the rollouts of ``hard`` run this for every deal's last tricks.
        """
        if lead < 0:  # the leader chooses a card
            hand = mine if we_lead else theirs
            if not hand:
                return self._leaf(g_me, g_opp, t_me, t_opp)
            ours = we_lead
        else:  # the other seat answers the lead
            ours = not we_lead
            hand = theirs if we_lead else mine
        moves = self._legal.get((hand, lead))
        if moves is None:
            moves = self.legal(hand, lead)
        pts = self.points
        st = self.tb.strength
        trump = self.trump
        ls = lead >> 4
        best = -INF if ours else INF
        for card in moves:
            bit = 1 << card
            m2 = mine & ~bit if ours else mine
            t2 = theirs if ours else theirs & ~bit
            if lead < 0:
                v = self._search(m2, t2, we_lead, card, g_me, g_opp, t_me, t_opp, alpha, beta)
            else:
                cs = card >> 4
                follower_wins = st[card] > st[lead] if cs == ls else cs == trump
                p = pts[lead] + pts[card]
                # The trick's winner leads next; the last trick's 10 goes with it.
                if follower_wins == ours:
                    if not m2:
                        p += LAST_TRICK
                    v = self._search(m2, t2, True, -1, g_me + p, g_opp, t_me + 1, t_opp, alpha, beta)
                else:
                    if not t2:
                        p += LAST_TRICK
                    v = self._search(m2, t2, False, -1, g_me, g_opp + p, t_me, t_opp + 1, alpha, beta)
            if ours:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _leaf(self, g_me: int, g_opp: int, t_me: int, t_opp: int) -> float:
        """The finished deal's value (remembered: many lines end with the same split)."""
        bella = self._bella
        key = (g_me, g_opp, t_me, t_opp, bella[0], bella[1])
        got = self._scores.get(key)
        if got is None:
            me = self.me
            gained, taken = [0, 0], [0, 0]
            gained[me], gained[1 - me] = g_me, g_opp
            taken[me], taken[1 - me] = t_me, t_opp
            got = self._scores[key] = self.score(gained, taken, bella)
        return got


class _DebertsDeal(_Deal):
    """Two-handed Deberts: the same trick rules for two players, scored by :func:`core.games.deberts.settle`.

    A bella still to come is counted as announced; with ``bella_requires_trick`` only when its holder has
    taken a trick before the count (a first trick won inside the count, before the honours are played, is
    not modelled).
    """

    def bellas_to_come(self, hands: list[int]) -> list[int]:
        """Per seat, the bella points still to be announced, as far as the house rule allows."""
        bella = super().bellas_to_come(hands)
        if self.tb.options.get("bella_requires_trick") is True:
            return [b if self.tricks0[s] > 0 else 0 for s, b in enumerate(bella)]
        return bella

    def setup(self, view: View) -> None:
        contract = view.get("contract") or {}
        maker = contract.get("maker") if isinstance(contract, dict) else None
        self.maker = int(maker) if isinstance(maker, int) else self.me
        self.base = [int(x) for x in view.get("card_points") or [0, 0]]
        self.tricks0 = [int(x) for x in view.get("tricks_won") or [0, 0]]
        bellas = [b for b in view.get("bellas") or [] if isinstance(b, dict)]
        self.bella_done = [any(b.get("seat") == s for b in bellas) for s in (0, 1)]
        self.bella_pts = [deberts_rules.BELLA_POINTS if self.bella_done[s] else 0 for s in (0, 1)]
        winner = view.get("sequence_winner")
        self.seq_seat = int(winner) if isinstance(winner, int) else -1
        self.seq_value = int(view.get("sequence_points") or 0)
        opts = self.tb.options
        self.seq_needs_trick = opts.get("sequence_needs_trick", True) is not False
        self.rules = settle_rules(opts, view, 2)

    def score(self, gained: list[int], tricks: list[int], bella: list[int]) -> float:
        tricks_all = [self.tricks0[s] + tricks[s] for s in (0, 1)]
        totals = [self.base[s] + gained[s] + self.bella_pts[s] + bella[s] for s in (0, 1)]
        if self.seq_seat >= 0 and (not self.seq_needs_trick or tricks_all[self.seq_seat] > 0):
            totals[self.seq_seat] += self.seq_value
        st = deberts_rules.settle(totals, tricks_all, self.maker, [0, 1], **self.rules)
        awarded = [st.deal_scores[u] + st.penalties[u] for u in (0, 1)]
        return float(awarded[self.me] - awarded[1 - self.me])


DEALS: dict[str, type[_Deal]] = {"klaberjass": _Deal, "deberts": _DebertsDeal}
"""The games counted, and how each scores a deal."""
CountedDeal = _Deal
"""The rest of one deal as a seat sees it, counted out for any hands (what :meth:`RolloutCount.deal_for` gives)."""
ROLLOUT_GAMES = ("deberts",)
"""The games whose ``hard`` rollouts count out their last three tricks (:class:`RolloutCount`).  Two-handed
Deberts gained +2.4 ± 2.0 points a deal over 300 paired matches; Klaberjass measured no gain (-0.5 ± 1.2
over 476) for rollouts half as fast again, so its rollouts keep the rule of thumb (``docs/ai.md``,
nineteenth round)."""


def last_tricks(info: PlayInfo, view: View, hand: int, legal: Sequence[int],
                forbidden: int = 0, required: int = 0) -> list[int] | None:
    """The cards of ``legal`` with the best mean deal score over the opponent's likely hands.

    ``hand`` is our hand (a mask), ``forbidden`` the cards the opponent is
    known not to hold, ``required`` the ones it must hold beyond the view's
    ``known``.  None when the count does not apply (more than
    :data:`MAX_CARDS` cards, no trump, not two players) or the cards out do
    not fit the opponent's hand size.
    """
    tb = info.tb
    me = info.me
    make = DEALS.get(tb.game)
    if make is None or tb.trump is None or len(info.sizes) != 2 or hand.bit_count() > MAX_CARDS:
        return None
    opp = 1 - me
    need = info.sizes[opp]
    known_list = view.get("known") or [[], []]
    sure = (mask(known_list[opp] or []) | required) & info.outstanding
    pool = info.outstanding & ~forbidden & ~sure
    free = need - sure.bit_count()
    if free < 0 or pool.bit_count() < free:
        return None
    deal = make(info, view, me)
    pool_cards = ids_of(pool)
    picks: list[tuple[int, ...]]
    if math.comb(len(pool_cards), free) <= HANDS:
        picks = list(combinations(pool_cards, free))
    else:
        rng = random.Random(hand * 1_000_003 + info.outstanding * 7 + len(info.trick))
        picks = [tuple(rng.sample(pool_cards, free)) for _ in range(HANDS)]
    hands_out = []
    for pick in picks:
        theirs = sure
        for c in pick:
            theirs |= 1 << c
        hands_out.append(theirs)
    return _best(deal, info, hand, legal, hands_out)


class RolloutCount:
    """The last tricks of one of ``hard``'s rollouts, counted out with both (sampled) hands known.

    ``hard``'s rollouts play the last three tricks of two-handed Deberts this way (:data:`ROLLOUT_GAMES`), as
    the players they stand for count them out (``normal`` with its count, ``hard`` with its exact endgame).
    Built from a seat's view of the deal (:meth:`deal_for`) and both hands; :meth:`played` follows every
    card played after that, and :meth:`best` gives the cards that take the most for the seat to play,
    exactly what a fresh count from that seat's view would give.
    """

    __slots__ = ("deal", "me", "hands", "start", "trick", "gained", "tricks", "points")

    def __init__(self, deal: CountedDeal, hands: Sequence[int], trick: Sequence[tuple[int, int]]) -> None:
        self.deal = deal
        self.me = deal.me
        self.hands = list(hands)
        self.start = list(hands)
        self.trick = list(trick)
        self.gained = [0, 0]
        self.tricks = [0, 0]
        self.points = deal.points

    @staticmethod
    def deal_for(info: PlayInfo, view: View) -> CountedDeal:
        """The deal as ``info.me`` sees it in ``view``, scored for that seat (one per decision may serve every
        rollout that starts from it: its tables of values grow with them)."""
        return DEALS[info.tb.game](info, view, info.me)

    @staticmethod
    def counted(tb: Table) -> bool:
        """True in a game whose rollouts count their last tricks (:data:`ROLLOUT_GAMES`) once it has a trump."""
        return tb.game in ROLLOUT_GAMES and tb.trump is not None

    @staticmethod
    def applies(tb: Table, cards_in_hand: int) -> bool:
        """True when the count plays a decision with ``cards_in_hand`` cards: a counted game with a trump, at
        most :data:`MAX_CARDS` cards."""
        return cards_in_hand <= MAX_CARDS and RolloutCount.counted(tb)

    def played(self, seat: int, card: int) -> None:
        """Record that ``seat`` played ``card``."""
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            (s0, lead), (s1, follow) = self.trick
            winner = s1 if self.deal.wins(lead, follow) else s0
            p = self.points[lead] + self.points[follow]
            if not self.hands[winner]:
                p += LAST_TRICK
            self.gained[winner] += p
            self.tricks[winner] += 1
            self.trick = []

    def best(self, seat: int, legal: Sequence[int]) -> list[int]:
        """The cards of ``legal`` that take the most for ``seat`` (to play now)."""
        deal = self.deal
        other = 1 - seat
        values: dict[int, float] = {}
        for c in legal:
            h = list(self.hands)
            h[seat] &= ~(1 << c)
            if self.trick:
                lead = self.trick[0][1]
                winner = seat if deal.wins(lead, c) else other
                g = list(self.gained)
                g[winner] += self.points[lead] + self.points[c] + (LAST_TRICK if not h[winner] else 0)
                t = list(self.tricks)
                t[winner] += 1
                v = deal.play_out(h, winner, -1, g, self.start, t)
            else:
                v = deal.play_out(h, seat, c, list(self.gained), self.start, list(self.tricks))
            values[c] = v if seat == self.me else -v
        top = max(values.values())
        return sorted(c for c, v in values.items() if v >= top - 1e-9)


def _best(deal: _Deal, info: PlayInfo, hand: int, legal: Sequence[int], opponent_hands: list[int]) -> list[int]:
    """The cards of ``legal`` with the best total deal score over ``opponent_hands``."""
    tb = info.tb
    me = info.me
    opp = 1 - me
    trick = [c for _, c in info.trick]
    totals = dict.fromkeys(legal, 0.0)
    for theirs in opponent_hands:
        hands = [0, 0]
        hands[me], hands[opp] = hand, theirs
        start = list(hands)
        for c in legal:
            h = list(hands)
            h[me] &= ~(1 << c)
            if trick:
                lead = trick[0]
                winner = me if deal.wins(lead, c) else opp
                g = [0, 0]
                g[winner] += tb.points[lead] + tb.points[c] + (LAST_TRICK if not h[winner] else 0)
                t = [0, 0]
                t[winner] = 1
                v = deal.play_out(h, winner, -1, g, start, t)
            else:
                v = deal.play_out(h, me, c, [0, 0], start)
            totals[c] += v
    top = max(totals.values())
    return sorted(c for c, v in totals.items() if v >= top - 1e-9)

