"""Pitch: 10-point partnership Pitch with two jokers, and its variants.

Four players in two partnerships (or five-handed with a called partner and a
4-card blind) on a 54-card deck: the 52 cards plus the jokers ``X1`` (high)
and ``X2`` (low).  One round of bidding from ``min_bid`` up (the dealer is
stuck when everyone else passed), ``moon`` to take every point; the bidder
names trumps; everybody throws away the non-trumps and draws back up to six;
excess trumps are burned face up; only trumps are played, and a player whose
hand is empty is out of the deal.  Point cards score 10 per deal by default
(option ``points`` picks the 5- to 16-point variants).

Phases (``view["phase"]``): ``deal`` (chance), ``bidding``, ``trump`` (the
bidder names the suit), ``call`` (five-handed: the bidder calls the partner
card), ``remainder`` (the bidder keeps the cards left in the stock or gives
them, unseen, to the partner), ``burn`` (a player with more than six trumps
chooses which to burn, one card at a time), ``play`` and ``over``.  The
discards and draws are automatic: every non-trump must be discarded and no
trump may be, so there is nothing to choose.  See ``docs/games/pitch.md``.

>>> import core, random
>>> s = core.new_match("pitch", players=4, seed=1)
>>> s.apply(s.sample_chance(random.Random(2)))
>>> s.phase, [str(a) for a in s.legal_actions()][:3]
('bidding', ['bid pass', 'bid 4', 'bid 5'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from core.actions import Action
from core.cards import CARD_IDS, CARD_STRS, JOKER1, JOKER2, RANKS, SUITS, card_name, ids_of, mask_to_strs, strs_to_mask
from core.errors import IllegalAction
from core.options import OptionSpec, OptionValue
from core.registry import register
from core.state import CHANCE, State, View, json_copy

POINT_COUNTS: tuple[int, ...] = (5, 7, 8, 10, 11, 13, 14, 15, 16)
"""The values of option ``points``."""
HAND_LIMIT = 6
"""Most trumps a player may keep (the rest are burned) and the draw target."""
MOON = "moon"
PASS = "pass"
MOON_VALUE = 1000
"""Internal value of a moon bid (above every numeric bid)."""
PARTNER_PREFIX = "partner:"
"""Five-handed: ``declare`` call prefix naming the called card (``"partner:AS"``)."""
TO_PARTNER = "to_partner"
"""``declare`` call by which the bidder gives the remainder, unseen, to the partner."""

PHASES = ("deal", "bidding", "trump", "call", "remainder", "burn", "play", "over")
"""Every value of ``view["phase"]``."""

_ALL_MASK = 0
for _c in CARD_STRS:
    _ALL_MASK |= 1 << _c

# Interned actions (the hot path never builds an Action).
_PLAY: dict[int, Action] = {c: Action("play", card=s) for c, s in CARD_STRS.items()}
_BURN: dict[int, Action] = {c: Action("discard", cards=(s,)) for c, s in CARD_STRS.items()}
def called_card(call: str | None) -> str | None:
    """The card a five-handed partner call names (``"partner:AS"`` -> ``"AS"``), or ``None`` for any other call."""
    if not call or not call.startswith(PARTNER_PREFIX) or call[len(PARTNER_PREFIX):] not in CARD_IDS:
        return None
    return call[len(PARTNER_PREFIX):]


_CALL: dict[int, Action] = {c: Action("declare", call=PARTNER_PREFIX + s) for c, s in CARD_STRS.items()}
_BID: dict[str, Action] = {str(v): Action("bid", call=str(v)) for v in range(0, 17)}
_BID[PASS] = Action("bid", call=PASS)
_BID[MOON] = Action("bid", call=MOON)
_TRUMP: list[Action] = [Action("trump", suit=s) for s in SUITS]
_KEEP = Action("keep")
_GIVE = Action("declare", call=TO_PARTNER)


def off_suit(suit: int) -> int:
    """The same-colour partner suit index: spades<->clubs, hearts<->diamonds."""
    return 3 - suit


def _cid(rank: str, suit: int) -> int:
    return suit * 16 + RANKS.index(rank)


def trump_order(trump: int, points: int = 10) -> list[int]:
    """The trump set of suit index ``trump`` in variant ``points``, highest first (normal order).

    >>> [CARD_STRS[c] for c in trump_order(SUITS.index("H"))][:8]
    ['AH', 'KH', 'QH', 'JH', 'JD', 'X1', 'X2', 'TH']
    """
    o = off_suit(trump)
    big = points >= 14
    order = [_cid("A", trump)]
    if big:
        order.append(_cid("A", o))
    order += [_cid("K", trump), _cid("Q", trump), _cid("J", trump), _cid("J", o), JOKER1, JOKER2,
              _cid("T", trump)]
    if big:
        order.append(_cid("T", o))
    order += [_cid(r, trump) for r in "9876543"]
    if points in (11, 13, 14, 15, 16):
        order.append(_cid("3", o))
    order.append(_cid("2", trump))
    if big:
        order.append(_cid("2", o))
    return order


def trump_order_strs(trump: str, points: int = 10) -> list[str]:
    """:func:`trump_order` as card strings for a suit letter (for the client and the AI)."""
    return [CARD_STRS[c] for c in trump_order(SUITS.index(trump), points)]


class Tables:
    """Per-card tables for one trump suit and option set (indexed by card id)."""

    __slots__ = ("trump", "points", "mask", "order", "strength", "value", "own", "pips",
                 "burn_points", "ten")

    def __init__(self, trump: int, points: int, reverse: bool, first_played: bool,
                 ten_game: bool, dirty: bool) -> None:
        self.trump = trump
        self.points = points
        order = trump_order(trump, points)
        self.order: list[int] = order
        self.mask = 0
        for c in order:
            self.mask |= 1 << c
        n = len(order)
        self.strength: list[int] = [0] * 66
        for i, c in enumerate(order):
            self.strength[c] = i + 1 if reverse else n - i
        if first_played:  # equal jokers: the one played first keeps the trick
            top = max(self.strength[JOKER1], self.strength[JOKER2])
            self.strength[JOKER1] = self.strength[JOKER2] = top
        o = off_suit(trump)
        value = [0] * 66
        value[_cid("A", trump)] = 1
        value[_cid("J", trump)] = 1
        value[_cid("J", o)] = 1
        value[_cid("2", trump)] = 1
        self.ten = _cid("T", trump)
        value[self.ten] = 0 if ten_game else 1
        if points in (7, 10, 13, 15, 16):
            value[JOKER1] = value[JOKER2] = 1
        if points not in (5, 7):
            value[_cid("3", trump)] = 3
        if points in (11, 13, 14, 15, 16):
            value[_cid("3", o)] = 3
        if points >= 14:
            value[_cid("A", o)] = 1
            value[_cid("T", o)] = 1
        if points in (14, 16):
            value[_cid("2", o)] = 1
        self.value: list[int] = value
        # cards that score for whoever played them (the 2 and the off-2), unless dirty
        self.own = 0 if dirty else (1 << _cid("2", trump)) | (1 << _cid("2", o))
        pips = [0] * 66
        if ten_game:
            for r, p in (("A", 4), ("K", 3), ("Q", 2), ("J", 1), ("T", 10)):
                pips[_cid(r, trump)] = p
            pips[_cid("J", o)] = 1
            if points >= 14:
                pips[_cid("A", o)] = 4
                pips[_cid("T", o)] = 10
        self.pips: list[int] = pips
        # "point cards" for the burning rule (§6.4): worth > 0 in this variant, so under
        # ``ten_point = game`` the ten of trumps (worth 0 by itself, §13) is burnable
        bp = 0
        for c in order:
            if value[c] > 0:
                bp |= 1 << c
        self.burn_points = bp


@cache
def tables(trump: int, points: int = 10, reverse: bool = False, first_played: bool = False,
           ten_game: bool = False, dirty: bool = False) -> Tables:
    """The (cached) :class:`Tables` of one trump suit and option set."""
    return Tables(trump, points, reverse, first_played, ten_game, dirty)


def trick_winner_index(cards: Sequence[int], tab: Tables) -> int:
    """Index in ``cards`` (play order) of the card winning the trick.

    A later card wins only if strictly stronger, so with equal jokers
    (``joker_order = first_played``) the joker played first keeps the trick.
    """
    strength = tab.strength
    best = 0
    best_v = strength[cards[0]]
    for i in range(1, len(cards)):
        v = strength[cards[i]]
        if v > best_v:
            best = i
            best_v = v
    return best


def burn_rule(hand: Sequence[str], trump: str, points: int = 10, called: str | None = None,
              ten_point: str = "ten_card") -> dict[str, Any]:
    """The spec's burning rule for a hand of trumps (§6.4), as in the worked examples.

    Returns ``must_burn`` (k), ``mandatory`` (cards that must be burned),
    ``choose`` (how many more the player picks) and ``from`` (the cards they
    pick from), cards listed in trump order.  ``called`` (five-handed) may
    not be burned.

    >>> burn_rule(["AS", "JS", "JC", "X1", "X2", "TS", "3S", "KS"], "S")["mandatory"]
    ['KS']
    """
    tab = tables(SUITS.index(trump), points, ten_game=ten_point == "game")
    h = strs_to_mask(hand)
    k = max(0, h.bit_count() - HAND_LIMIT)
    if called is not None:
        h &= ~(1 << CARD_IDS[called])

    def strs(mask: int) -> list[str]:
        return [CARD_STRS[c] for c in tab.order if mask >> c & 1]

    nonpoint = h & ~tab.burn_points
    m = nonpoint.bit_count()
    if k == 0:
        return {"must_burn": 0, "mandatory": [], "choose": 0, "from": []}
    if m >= k:
        if m == k:
            return {"must_burn": k, "mandatory": strs(nonpoint), "choose": 0, "from": []}
        return {"must_burn": k, "mandatory": [], "choose": k, "from": strs(nonpoint)}
    pts = h & ~nonpoint
    rest = k - m
    if pts.bit_count() == rest:
        return {"must_burn": k, "mandatory": strs(nonpoint | pts), "choose": 0, "from": []}
    return {"must_burn": k, "mandatory": strs(nonpoint), "choose": rest, "from": strs(pts)}


POINT_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
                    "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}


def point_name(card: str, trump: str) -> str:
    """What a point card is called in a deal result (no card string, so a result never names a hidden card):
    ``"ace"``, ``"jack"``, ``"off_jack"``, ``"high_joker"``, ``"low_joker"``, ``"ten"``, ``"three"``, ``"two"``...

    >>> point_name("JC", "S"), point_name("X2", "S"), point_name("3S", "S")
    ('off_jack', 'low_joker', 'three')
    """
    if card == "X1":
        return "high_joker"
    if card == "X2":
        return "low_joker"
    if card[0] == "J" and card[1] != trump:
        return "off_jack"
    return POINT_RANK_NAMES[card[0]]


def next_leader(winner: int, cards_left: Sequence[int]) -> int | None:
    """Who leads after ``winner`` took a trick: the winner, else the first player
    clockwise (to its left) still holding cards; ``None`` when everybody is out.

    >>> next_leader(1, [3, 0, 2, 1])
    2
    """
    n = len(cards_left)
    for i in range(n):
        s = (winner + i) % n
        if cards_left[s] > 0:
            return s
    return None


def _exact(action: Action, canonical: Action) -> None:
    """Refuse an action carrying fields its type does not use here."""
    if action is not canonical and action != canonical:
        raise IllegalAction("unexpected fields in the action; did you mean {action}?", action=str(canonical))


def _bid_value(call: str) -> int:
    return MOON_VALUE if call == MOON else int(call)


def call_rank(call: str) -> int:
    """How high an auction call stands: -1 for a pass, a number itself, :data:`MOON_VALUE` for the moon."""
    return -1 if call == PASS else _bid_value(call)


@register
class Pitch(State):
    """A match of Pitch (four-handed partnerships or five-handed with a called partner)."""

    game_id = "pitch"
    title = "Pitch"
    player_counts = (4, 5)
    deck_low_rank = "2"
    deck_jokers = True
    OPTIONS = (
        OptionSpec("points", POINT_COUNTS, 10,
                   "Points per deal: 10 = A, J, off-jack, both jokers, 10, the 3 (worth 3) and the 2; "
                   "5 to 16 drop or add point cards"),
        OptionSpec("dirty", (False, True), False,
                   "Dirty: the 2 of trumps is captured by the trick winner instead of scoring for its player"),
        OptionSpec("reverse", (False, True), False,
                   "Reverse hierarchy: the 2 is the highest trump and the ace the lowest"),
        OptionSpec("players", (4, 5), 4,
                   "Four players in two partnerships, or five-handed with a called partner and a blind"),
        OptionSpec("joker_order", ("x1_high", "first_played"), "x1_high",
                   "Which joker is higher: X1 always, or the one played first"),
        OptionSpec("min_bid", None, 4, "The lowest bid (the stuck dealer must bid at least this)",
                   minimum=1, maximum=16),
        OptionSpec("target_score", None, 52, "The score that wins the game", minimum=1, maximum=10_000),
        OptionSpec("ten_point", ("ten_card", "game"), "ten_card",
                   "The 10 of trumps scores 1, or instead 1 point for the side with the most card pips"),
        OptionSpec("made_bid_scores", ("points_taken", "bid"), "points_taken",
                   "A made bid scores all the points the bidders took, or just the bid"),
        OptionSpec("defenders_score", (True, False), True,
                   "The defenders score the points they take"),
        OptionSpec("remainder_to_partner", (True, False), True,
                   "The bidder may give the cards left in the stock, unseen, to the partner"),
        OptionSpec("draw_order", ("dealer_left", "bidder_left"), "dealer_left",
                   "The draw starts left of the dealer, or left of the bidder"),
    )

    def __init__(self, players: int, options: Mapping[str, OptionValue], first_dealer: int) -> None:
        super().__init__(players, options, first_dealer)
        o = self.options
        self._points = int(o["points"])
        self._dirty = bool(o["dirty"])
        self._reverse = bool(o["reverse"])
        self._first_played = o["joker_order"] == "first_played"
        self._min_bid = int(o["min_bid"])
        self._target = int(o["target_score"])
        self._ten_game = o["ten_point"] == "game"
        self._made_bid = o["made_bid_scores"] == "bid"
        self._def_score = bool(o["defenders_score"])
        self._rem_partner = bool(o["remainder_to_partner"])
        self._draw_bidder = o["draw_order"] == "bidder_left"
        self._five = players == 5
        self.phase = "deal"
        self.dealer = first_dealer
        self.turn = -1
        self._started = False
        self._scores = [0] * (players if self._five else 2)
        self._results: list[dict[str, Any]] = []
        self._winners: list[int] = []
        self._reset_deal()

    def _reset_deal(self) -> None:
        n = self.players
        self.hands: list[int] = [0] * n
        self.discards: list[int] = [0] * n
        self.stock: list[int] = []
        self.blind: list[int] = []
        self.bids: list[tuple[int, str]] = []
        self.high = 0
        self.bidder = -1
        self.trump = -1
        self.tab: Tables | None = None
        self.called = -1
        self.partner = -1
        self.drawn: list[int] | None = None
        self.remainder: tuple[int, int] | None = None
        self.burned: list[list[int]] = [[] for _ in range(n)]
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.trick: list[tuple[int, int]] = []
        self.leader = -1
        self.taken: list[int] = [0] * n
        self.pips: list[int] = [0] * n
        self.won: list[int] = [0] * n

    def _copy_mutable(self, new: State) -> None:
        assert isinstance(new, Pitch)
        new._scores = list(self._scores)
        new._results = list(self._results)
        new._winners = list(self._winners)
        new.hands = list(self.hands)
        new.discards = list(self.discards)
        new.stock = list(self.stock)
        new.blind = list(self.blind)
        new.bids = list(self.bids)
        new.drawn = None if self.drawn is None else list(self.drawn)
        new.burned = [list(b) for b in self.burned]
        new.tricks = list(self.tricks)
        new.trick = list(self.trick)
        new.taken = list(self.taken)
        new.pips = list(self.pips)
        new.won = list(self.won)

    # ------------------------------------------------------------- helpers
    def _team(self, seat: int) -> int:
        """Side index of ``seat``: team in the four-handed game, the seat itself five-handed."""
        return seat if self._five else seat & 1

    def _order_from(self, start: int) -> list[int]:
        n = self.players
        return [(start + i) % n for i in range(n)]

    def _draw_order(self) -> list[int]:
        if self._draw_bidder and not self._five:
            return self._order_from(self.bidder + 1)
        return self._order_from(self.dealer + 1)

    def _bidding_side(self) -> list[int]:
        if self.bidder < 0:
            return []
        if not self._five:
            return [self.bidder, (self.bidder + 2) % 4]
        return [self.bidder] if self.partner < 0 else [self.bidder, self.partner]

    def _stuck(self) -> bool:
        return self.high == 0 and len(self.bids) == self.players - 1

    def _must_lead_called(self) -> bool:
        return (self._five and self.partner < 0 and self.called >= 0 and not self.tricks
                and not self.trick and self.turn == self.bidder)

    def _burn_candidates(self, seat: int) -> int:
        assert self.tab is not None
        h = self.hands[seat]
        if self.called >= 0:
            h &= ~(1 << self.called)
        nonpoint = h & ~self.tab.burn_points
        return nonpoint if nonpoint else h

    def _called_played_by(self) -> int:
        """Seat that played the called card this deal, or -1."""
        c = self.called
        for cards, _ in self.tricks:
            for s, pc in cards:
                if pc == c:
                    return s
        for s, pc in self.trick:
            if pc == c:
                return s
        return -1

    # ------------------------------------------------------------- abstract API
    @property
    def current_player(self) -> int | None:
        """The seat to act, :data:`CHANCE` before each deal, ``None`` once the match is over."""
        if self.phase == "over":
            return None
        if self.phase == "deal":
            return CHANCE
        return self.turn

    def legal_actions(self) -> list[Action]:
        """Every legal action now, each exactly once."""
        ph = self.phase
        if ph == "play":
            if self._must_lead_called():
                return [_PLAY[self.called]]
            return [_PLAY[c] for c in ids_of(self.hands[self.turn])]
        if ph == "bidding":
            out: list[Action] = []
            if not self._stuck():
                out.append(_BID[PASS])
            if self.high < MOON_VALUE:
                for v in range(max(self._min_bid, self.high + 1), self._points + 1):
                    out.append(_BID[str(v)])
                out.append(_BID[MOON])
            return out
        if ph == "trump":
            return list(_TRUMP)
        if ph == "call":
            assert self.tab is not None
            mine = self.hands[self.bidder]
            return [_CALL[c] for c in self.tab.order if not mine >> c & 1]
        if ph == "remainder":
            return [_KEEP, _GIVE]
        if ph == "burn":
            return [_BURN[c] for c in ids_of(self._burn_candidates(self.turn))]
        return []

    def _check(self, action: Action) -> None:
        ph = self.phase
        if ph == "deal":
            self.check_deal(action)
            return
        if action.type == "deal":
            raise IllegalAction("it is not time to deal")
        kind = action.type
        if ph == "play":
            if kind != "play":
                raise IllegalAction("it is time to play a card")
            if action.call is not None:
                raise IllegalAction("there is nothing to announce with a card in Pitch")
            cid = CARD_IDS.get(action.card or "")
            if cid is None:
                raise IllegalAction("name the card to play")
            if not self.hands[self.turn] >> cid & 1:
                raise IllegalAction("you do not hold the {card}", card=CARD_STRS[cid])
            if self._must_lead_called() and cid != self.called:
                raise IllegalAction("the called card was in the blind: you must lead the {card}",
                                    card=CARD_STRS[self.called])
            _exact(action, _PLAY[cid])
            return
        if ph == "bidding":
            if kind != "bid":
                raise IllegalAction("it is time to bid")
            self._check_bid(action.call or "")
            _exact(action, _BID[action.call or PASS])
            return
        if ph == "trump":
            if kind != "trump":
                raise IllegalAction("the bidder must name the trump suit")
            if action.suit is None or len(action.suit) != 1 or action.suit not in SUITS:
                raise IllegalAction("name a trump suit: S, H, D or C")
            _exact(action, _TRUMP[SUITS.index(action.suit)])
            return
        if ph == "call":
            if kind != "declare" or action.cards is not None:
                raise IllegalAction("call a partner card, e.g. declare partner:AS")
            card = called_card(action.call)
            if card is None:
                raise IllegalAction("call a partner card, e.g. declare partner:AS")
            cid = CARD_IDS[card]
            assert self.tab is not None
            if not self.tab.mask >> cid & 1:
                raise IllegalAction("the {card} is not a trump: call a trump", card=CARD_STRS[cid])
            if self.hands[self.bidder] >> cid & 1:
                raise IllegalAction("you hold the {card}: call a card you do not hold", card=CARD_STRS[cid])
            _exact(action, _CALL[cid])
            return
        if ph == "remainder":
            if action in (_KEEP, _GIVE):
                return
            raise IllegalAction("keep the remainder of the stock or give it to your partner (declare to_partner)")
        if ph == "burn":
            if kind != "discard" or action.cards is None or len(action.cards) != 1:
                cnt = self.hands[self.turn].bit_count()
                raise IllegalAction("you hold {n} trumps: burn {burn} of them, one at a time (discard one card)",
                                    n=cnt, burn=cnt - HAND_LIMIT)
            cid = CARD_IDS.get(action.cards[0], -1)
            if cid < 0:
                raise IllegalAction("name the trump to burn")
            if not self.hands[self.turn] >> cid & 1:
                raise IllegalAction("you do not hold the {card}", card=CARD_STRS[cid])
            if cid == self.called:
                raise IllegalAction("the called card may not be burned")
            if not self._burn_candidates(self.turn) >> cid & 1:
                raise IllegalAction("you must burn trumps that carry no points first")
            _exact(action, _BURN[cid])
            return
        raise IllegalAction("the match is over")  # pragma: no cover - apply() refuses first

    def _check_bid(self, call: str) -> None:
        lo = self._min_bid
        top = self._points
        if call == PASS:
            if self._stuck():
                raise IllegalAction("everyone else passed: the dealer is stuck and must bid at least {n}", n=lo)
            return
        if self.high == MOON_VALUE:
            raise IllegalAction("nothing beats moon: you can only pass")
        if call == MOON:
            return
        if not call.isdigit() or str(int(call)) != call:
            raise IllegalAction("a bid is pass, a number from {low} to {high}, or moon", low=lo, high=top)
        v = int(call)
        if v < lo:
            raise IllegalAction("the lowest bid is {n}", n=lo)
        if v > top:
            raise IllegalAction("the highest number bid is {n}; bid moon to take every point", n=top)
        if v <= self.high:
            raise IllegalAction("you must bid higher than {n}", n=self.high)

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        ph = self.phase
        if ph == "play":
            assert action.card is not None
            self._play(CARD_IDS[action.card])
        elif ph == "deal":
            assert action.deck is not None
            self._deal([CARD_IDS[c] for c in action.deck])
        elif ph == "bidding":
            self._bid(action.call or PASS)
        elif ph == "trump":
            self._name_trump(SUITS.index(action.suit or "S"))
        elif ph == "call":
            self._call((action.call or "")[len(PARTNER_PREFIX):])
        elif ph == "remainder":
            r = self.bidder if action == _KEEP else (self.bidder + 2) % 4
            self._give_remainder(r)
            self._run_burns()
        elif ph == "burn":
            assert action.cards is not None
            self._burn(self.turn, CARD_IDS[action.cards[0]])
            self._run_burns()

    def _deal(self, ids: list[int]) -> None:
        self._reset_deal()
        self._started = True
        n = self.players
        d = self.dealer
        if n == 4:
            for i in range(4):
                m = 0
                for base in (0, 12, 24):
                    for c in ids[base + 3 * i: base + 3 * i + 3]:
                        m |= 1 << c
                self.hands[(d + 1 + i) % 4] = m
            self.stock = ids[36:]
        else:
            for i in range(5):
                m = 0
                for c in ids[5 * i: 5 * i + 5] + ids[25 + 5 * i: 30 + 5 * i]:
                    m |= 1 << c
                self.hands[(d + 1 + i) % 5] = m
            self.blind = ids[50:]
        sizes = [h.bit_count() for h in self.hands]
        for s in range(n):
            ev = {"type": "dealt", "dealer": d, "seat": s, "hand_sizes": sizes,
                  "stock": len(self.stock), "blind": len(self.blind)}
            self._emit(ev, s, {**ev, "cards": mask_to_strs(self.hands[s])})
        self.phase = "bidding"
        self.turn = (d + 1) % n

    def _bid(self, call: str) -> None:
        s = self.turn
        self.bids.append((s, call))
        self._emit({"type": "bid", "seat": s, "call": call})
        if call != PASS:
            self.high = _bid_value(call)
            self.bidder = s
        if len(self.bids) == self.players:
            self.phase = "trump"
            self.turn = self.bidder
            self._emit({"type": "contract", "bidder": self.bidder, "bid": self._bid_call()})
        else:
            self.turn = (s + 1) % self.players

    def _bid_call(self) -> str:
        return MOON if self.high == MOON_VALUE else str(self.high)

    def _name_trump(self, suit: int) -> None:
        self.trump = suit
        self.tab = tables(suit, self._points, self._reverse, self._first_played, self._ten_game, self._dirty)
        self._emit({"type": "trump", "suit": SUITS[suit], "maker": self.bidder})
        if self._five:
            self.phase = "call"
            return
        self._discard_all()
        self._draw()
        if self.stock:
            if self._rem_partner:
                self.phase = "remainder"
                self.turn = self.bidder
                return
            self._give_remainder(self.bidder)
        self._run_burns()

    def _call(self, card: str) -> None:
        c = CARD_IDS[card]
        b = self.bidder
        self.called = c
        holder = -1
        for s in range(self.players):
            if self.hands[s] >> c & 1:
                holder = s
        self.partner = holder  # -1: the called card is in the blind
        self._emit({"type": "called", "seat": b, "call": PARTNER_PREFIX + card, "name": card_name(card)})
        blind = 0
        for x in self.blind:
            blind |= 1 << x
        self.hands[b] |= blind
        self.blind = []
        ev = {"type": "blind", "seat": b, "count": blind.bit_count()}
        self._emit(ev, b, {**ev, "cards": mask_to_strs(blind)})
        self._discard_all()
        self._run_burns()

    def _discard(self, seat: int, mask: int) -> None:
        if not mask:
            return
        self.discards[seat] |= mask
        ev = {"type": "discarded", "seat": seat, "count": mask.bit_count()}
        self._emit(ev, seat, {**ev, "cards": mask_to_strs(mask)})

    def _discard_all(self) -> None:
        assert self.tab is not None
        tm = self.tab.mask
        for s in self._order_from(self.dealer + 1):
            h = self.hands[s]
            self.hands[s] = h & tm
            self._discard(s, h & ~tm)

    def _draw(self) -> None:
        assert self.tab is not None
        tm = self.tab.mask
        drawn = [0] * self.players
        for s in self._draw_order():
            need = max(0, HAND_LIMIT - self.hands[s].bit_count())
            take = self.stock[:need]
            if not take:
                continue
            del self.stock[:need]
            drawn[s] = len(take)
            m = 0
            for c in take:
                m |= 1 << c
            ev = {"type": "drew", "seat": s, "count": len(take)}
            self._emit(ev, s, {**ev, "cards": mask_to_strs(m)})
            self.hands[s] |= m & tm
            self._discard(s, m & ~tm)
        self.drawn = drawn

    def _give_remainder(self, r: int) -> None:
        assert self.tab is not None
        m = 0
        for c in self.stock:
            m |= 1 << c
        self.remainder = (r, len(self.stock))
        self.stock = []
        ev = {"type": "remainder", "seat": r, "count": m.bit_count(), "bidder": self.bidder}
        self._emit(ev, r, {**ev, "cards": mask_to_strs(m)})
        self.hands[r] |= m & self.tab.mask
        self._discard(r, m & ~self.tab.mask)

    def _burn(self, seat: int, c: int) -> None:
        self.hands[seat] &= ~(1 << c)
        self.burned[seat].append(c)
        self._emit({"type": "burned", "seat": seat, "card": CARD_STRS[c]})

    def _run_burns(self) -> None:
        """Hand the turn to the first seat (in burn order) that must still burn; else start the play.

        Every burn is its seat's decision, even a forced one: burning forced
        cards automatically would tell the others, by the timing, that the
        seat had no choice (so that the trumps it keeps are all point cards).
        """
        order = self._draw_order() if not self._five else self._order_from(self.dealer + 1)
        for s in order:
            if self.hands[s].bit_count() > HAND_LIMIT:
                self.phase = "burn"
                self.turn = s
                return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        for s in range(self.players):
            if not self.hands[s]:
                self._emit({"type": "out", "seat": s})
        lead = next_leader(self.bidder, [h.bit_count() for h in self.hands])
        assert lead is not None  # the trumps are never all burned
        self.leader = lead
        self.turn = lead

    def _play(self, c: int) -> None:
        s = self.turn
        self.hands[s] &= ~(1 << c)
        self.trick.append((s, c))
        self._emit({"type": "played", "seat": s, "card": CARD_STRS[c]})
        if c == self.called:
            self._emit({"type": "partner", "seat": None if s == self.bidder else s,
                        "bidder": self.bidder})
        hands = self.hands
        if not hands[s]:
            self._emit({"type": "out", "seat": s})
        n = self.players
        x = s
        while True:
            x = x + 1 if x + 1 < n else 0
            if x == self.leader:
                break
            if hands[x]:
                self.turn = x
                return
        self._finish_trick()

    def _finish_trick(self) -> None:
        tab = self.tab
        assert tab is not None
        trick = self.trick
        w = trick[trick_winner_index([c for _, c in trick], tab)][0]
        value = tab.value
        own = tab.own
        pips = tab.pips
        pts = 0
        for s, c in trick:
            v = value[c]
            if v:
                pts += v
                if own >> c & 1:
                    self.taken[s] += v
                else:
                    self.taken[w] += v
            self.pips[w] += pips[c]
        self.won[w] += 1
        cards = tuple(trick)
        self.tricks.append((cards, w))
        self.trick = []
        self._emit({"type": "trick", "winner": w,
                    "cards": [{"seat": s, "card": CARD_STRS[c]} for s, c in cards], "points": pts})
        lead = next_leader(w, [h.bit_count() for h in self.hands])
        if lead is None:
            self._score_deal()
            return
        self.leader = lead
        self.turn = lead

    # ---------------------------------------------------------------- scoring
    def _score_deal(self) -> None:
        tab = self.tab
        assert tab is not None
        n = self.players
        bside = self._bidding_side()
        in_b = [s in bside for s in range(n)]
        taken = list(self.taken)
        b_pts = sum(taken[s] for s in range(n) if in_b[s])
        e_pts = sum(taken[s] for s in range(n) if not in_b[s])
        game_point: str | None = None
        game_tied = False
        if self._ten_game:
            bp = sum(self.pips[s] for s in range(n) if in_b[s])
            ep = sum(self.pips[s] for s in range(n) if not in_b[s])
            if bp == ep:
                game_tied = True
            else:
                side = [s for s in range(n) if in_b[s] == (bp > ep)]
                top = max(side, key=lambda s: (self.pips[s], -s))
                taken[top] += 1
                game_point = "bidding" if bp > ep else "defending"
                if bp > ep:
                    b_pts += 1
                else:
                    e_pts += 1
        point_cards = [{"point": point_name(CARD_STRS[c], SUITS[self.trump]), "seat": s if tab.own >> c & 1 else w,
                        "points": tab.value[c]} for cards, w in self.tricks for s, c in cards if tab.value[c]]
        burned_pts = sum(tab.value[c] for b in self.burned for c in b)
        card_total = self._points - burned_pts - (1 if game_tied else 0)
        nsides = len(self._scores)
        before = list(self._scores)
        card_points = [0] * nsides
        for s in range(n):
            card_points[self._team(s)] += taken[s]
        b_sides = sorted({self._team(s) for s in bside})
        e_sides = [t for t in range(nsides) if t not in b_sides]
        moon = self.high == MOON_VALUE
        bid = self._bid_call()
        over = False
        winners: list[int] = []
        if moon:
            if b_pts == self._points:
                outcome = "moon_made"
                for t in b_sides:
                    self._scores[t] = self._target if self._scores[t] >= 0 else 0
                if self._def_score:
                    for t in e_sides:
                        self._scores[t] += e_pts
            else:
                outcome = "moon_failed"
                over = True
                if self._five:
                    best = max(self._scores[t] for t in e_sides)
                    winners = [t for t in e_sides if self._scores[t] == best]
                else:
                    winners = e_sides
        else:
            b = self.high
            if b_pts >= b:
                outcome = "made"
                gain = b if self._made_bid else b_pts
                for t in b_sides:
                    self._scores[t] += gain
            else:
                outcome = "set"
                for t in b_sides:
                    self._scores[t] -= b
            if self._def_score:
                for t in e_sides:
                    self._scores[t] += e_pts
        if not over:
            hit_b = [t for t in b_sides if self._scores[t] >= self._target]
            hit_e = [t for t in e_sides if self._scores[t] >= self._target]
            if hit_b:
                over = True
                winners = hit_b
            elif hit_e:
                over = True
                best = max(self._scores[t] for t in hit_e)
                winners = [t for t in hit_e if self._scores[t] == best]
        result: dict[str, Any] = {
            "deal": len(self._results) + 1,
            "dealer": self.dealer,
            "outcome": outcome,
            "card_points": card_points,
            "card_total": card_total,
            "declarations": [0] * nsides,
            "awarded": [self._scores[t] - before[t] for t in range(nsides)],
            "scores": list(self._scores),
            "contract": {"bidder": self.bidder, "bid": bid, "trump": SUITS[self.trump]},
            "maker": self.bidder,
            "bid": bid,
            "trump": SUITS[self.trump],
            "bidding_side": list(bside),
            "partner": None if self.partner < 0 else self.partner,
            "bidding_points": b_pts,
            "defending_points": e_pts,
            "game_point": game_point,
            "point_cards": point_cards,
            "burned_points": burned_pts,
            "tricks": len(self.tricks),
            "winners": list(winners),
        }
        self._results.append(result)
        self._emit({"type": "deal_scored", **{k: (list(v) if isinstance(v, list) else
                                                  dict(v) if isinstance(v, dict) else v)
                                              for k, v in result.items()}})
        if over:
            if self._five and self.bidder in winners:
                winners.remove(self.bidder)
                winners.insert(0, self.bidder)
            self._winners = winners
            self.phase = "over"
            self.turn = -1
            self._emit({"type": "match_over", "scores": list(self._scores), "winners": list(winners),
                        "winner": winners[0]})
        else:
            self.phase = "deal"
            self.turn = -1
            self.dealer = (self.dealer + 1) % n

    # ------------------------------------------------------------- results
    @property
    def scores(self) -> list[int]:
        """Match scores: per team (four-handed) or per seat (five-handed)."""
        return list(self._scores)

    @property
    def sides(self) -> list[list[int]]:
        """Teams ``[[0, 2], [1, 3]]`` four-handed; one seat per side five-handed."""
        if self._five:
            return [[s] for s in range(5)]
        return [[0, 2], [1, 3]]

    @property
    def winner(self) -> int | None:
        """The winning side; five-handed, the first of :attr:`winners` (the bidder if among them)."""
        return self._winners[0] if self._winners else None

    @property
    def winners(self) -> list[int]:
        """Every winning side (five-handed, ties and a bidder with partner share the win)."""
        return list(self._winners)

    @property
    def deal_results(self) -> list[dict[str, Any]]:
        """One result per finished deal (see ``docs/games/pitch.md``)."""
        return self._results

    # ------------------------------------------------------------------ zones
    def card_zones(self) -> dict[str, list[str]]:
        """Every card's true location (tests only: reveals hidden cards)."""
        if not self._started:
            return {"deck": mask_to_strs(_ALL_MASK)}
        z: dict[str, list[str]] = {}
        for s in range(self.players):
            z[f"hand{s}"] = mask_to_strs(self.hands[s])
            z[f"discard{s}"] = mask_to_strs(self.discards[s])
        z["stock"] = [CARD_STRS[c] for c in self.stock]
        z["blind"] = [CARD_STRS[c] for c in self.blind]
        z["burned"] = [CARD_STRS[c] for b in self.burned for c in b]
        z["trick"] = [CARD_STRS[c] for _, c in self.trick]
        z["played"] = [CARD_STRS[c] for cards, _ in self.tricks for _, c in cards]
        return z

    def hidden_zones(self, seat: int | None) -> dict[str, list[str]]:
        """The contents of every non-empty zone ``seat`` cannot see (tests only)."""
        z: dict[str, list[str]] = {}
        if not self._started:
            return z
        for s in range(self.players):
            if s == seat:
                continue
            if self.hands[s]:
                z[f"hand{s}"] = mask_to_strs(self.hands[s])
            if self.discards[s]:
                z[f"discard{s}"] = mask_to_strs(self.discards[s])
        if self.stock:
            z["stock"] = [CARD_STRS[c] for c in self.stock]
        if self.blind:
            z["blind"] = [CARD_STRS[c] for c in self.blind]
        return z

    # ------------------------------------------------------------------ views
    def _partner_view(self, seat: int | None) -> tuple[int | None, bool]:
        """(partner, known) as ``seat`` knows them."""
        if self.bidder < 0:
            return None, False
        if not self._five:
            return (self.bidder + 2) % 4, True
        if self.called < 0:
            return None, False
        p = None if self.partner < 0 else self.partner
        if self._called_played_by() >= 0:
            return p, True
        if seat is not None and (seat == self.partner or (seat == self.bidder and self.partner < 0)):
            return p, True
        return None, False

    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know (``None``: a spectator)."""
        v = self.base_view(seat)
        n = self.players
        hidden = self.hidden_zones(seat)
        partner, known = self._partner_view(seat)
        contract: dict[str, Any] | None = None
        if self.bidder >= 0 and self.phase != "bidding":
            contract = {
                "bidder": self.bidder,
                "bid": self._bid_call(),
                "trump": SUITS[self.trump] if self.trump >= 0 else None,
                "partner": partner,
                "partner_known": known,
                "call": PARTNER_PREFIX + CARD_STRS[self.called] if self.called >= 0 else None,
                "called_name": card_name(CARD_STRS[self.called]) if self.called >= 0 else None,
            }
        last = None
        if self.tricks:
            cards, w = self.tricks[-1]
            last = {"cards": [{"seat": s, "card": CARD_STRS[c]} for s, c in cards], "winner": w}
        v.update({
            "phase": self.phase,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "hands": [mask_to_strs(self.hands[s]) if s == seat else None for s in range(n)],
            "known": [[] for _ in range(n)],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": [{"seat": s, "card": CARD_STRS[c]} for s, c in self.trick],
            "leader": self.leader if self.phase == "play" else None,
            "last_trick": last,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "contract": contract,
            "tricks_won": list(self.won),
            # sorted by card, so the order says nothing about which hidden zone holds what
            "unseen": sorted((c for cards in hidden.values() for c in cards), key=CARD_IDS.__getitem__),
            "hidden": {k: len(c) for k, c in hidden.items()},
            # Pitch extras
            "bids": [{"seat": s, "call": c} for s, c in self.bids],
            "high_bid": self._bid_call() if self.high else None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "min_bid": self._min_bid,
            "target": self._target,
            "stock_size": len(self.stock),
            "blind_size": len(self.blind),
            "discards": [mask_to_strs(self.discards[s]) if s == seat else None for s in range(n)],
            "discard_counts": [d.bit_count() for d in self.discards],
            "drawn": None if self.drawn is None else list(self.drawn),
            "remainder": None if self.remainder is None else
            {"seat": self.remainder[0], "count": self.remainder[1]},
            "burned": [[CARD_STRS[c] for c in b] for b in self.burned],
            "burn": {"seat": self.turn, "remaining": self.hands[self.turn].bit_count() - HAND_LIMIT}
            if self.phase == "burn" else None,
            "out": [self.phase == "play" and not h for h in self.hands],
            "tricks": [{"cards": [{"seat": s, "card": CARD_STRS[c]} for s, c in cards], "winner": w}
                       for cards, w in self.tricks],
            "points_taken": list(self.taken),
            "winners": list(self._winners),
        })
        return v

    @classmethod
    def from_view(cls, view: View, fill: Mapping[str, Sequence[str]]) -> Pitch:
        """Rebuild a state from ``view`` with the hidden zones holding ``fill``."""
        n = int(view["players"])
        st = cls(n, dict(view["options"]), int(view["first_dealer"]))
        st.phase = str(view["phase"])
        st.dealer = int(view["dealer"])
        st._scores = [int(x) for x in view["scores"]]
        st._results = json_copy(list(view["deals"]))
        st._winners = [int(x) for x in view["winners"]]
        st._started = not (st.phase == "deal" and not st._results)
        cp = view["current_player"]
        st.turn = int(cp) if isinstance(cp, int) and cp >= 0 else -1
        if not st._started:
            return st

        for s in range(n):
            own = view["hands"][s]
            st.hands[s] = strs_to_mask(own if own is not None else fill.get(f"hand{s}", ()))
            dis = view["discards"][s]
            st.discards[s] = strs_to_mask(dis if dis is not None else fill.get(f"discard{s}", ()))
        st.stock = [CARD_IDS[c] for c in fill.get("stock", ())]
        st.blind = [CARD_IDS[c] for c in fill.get("blind", ())]
        for b in view["bids"]:
            s, call = int(b["seat"]), str(b["call"])
            st.bids.append((s, call))
            if call != PASS:
                st.high = _bid_value(call)
                st.bidder = s
        contract = view["contract"]
        if view["trump"] is not None:
            st.trump = SUITS.index(view["trump"])
            st.tab = tables(st.trump, st._points, st._reverse, st._first_played, st._ten_game, st._dirty)
        if contract is not None and contract.get("call"):
            st.called = CARD_IDS[str(contract["call"])[len(PARTNER_PREFIX):]]
        st.drawn = None if view["drawn"] is None else [int(x) for x in view["drawn"]]
        rem = view["remainder"]
        st.remainder = None if rem is None else (int(rem["seat"]), int(rem["count"]))
        st.burned = [[CARD_IDS[c] for c in b] for b in view["burned"]]
        st.tricks = [(tuple((int(p["seat"]), CARD_IDS[p["card"]]) for p in t["cards"]), int(t["winner"]))
                     for t in view["tricks"]]
        st.trick = [(int(p["seat"]), CARD_IDS[p["card"]]) for p in view["trick"]]
        st.leader = int(view["leader"]) if view["leader"] is not None else -1
        if st.tab is not None:
            tab = st.tab
            for cards, w in st.tricks:
                for s, c in cards:
                    v = tab.value[c]
                    if v:
                        st.taken[s if tab.own >> c & 1 else w] += v
                    st.pips[w] += tab.pips[c]
                st.won[w] += 1
        if st.called >= 0:
            p = st._called_played_by()
            if p < 0:
                for s in range(n):
                    if st.hands[s] >> st.called & 1:
                        p = s
            st.partner = -1 if p == st.bidder else p
        return st
