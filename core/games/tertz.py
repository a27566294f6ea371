"""Tertz (Terz): two players, a stock, draw back to nine after each trick.

A match is deal after deal until a player reaches the target (501 or 500).
Each deal: 9 cards each in packets of 3 (non-dealer first), 14 cards in the
stock whose top card is turned face up, fixes trump and is drawn last.  The
non-dealer leads trick 1.  After each trick, while the stock lasts, the
winner draws first and then the loser; after trick 1 the loser first
"breaks" the face-down stock (``{"type": "break", "n": k}``).  While the
stock lasts (phase A) a follower must follow suit or trump; once it is gone
(phase B) he must also beat.  The trump jack is never compulsory.

On his turn, before his card, a player may in this order exchange the seven
of trumps for the face-up trump card, announce the mariage, and make one
declaration (a maximal sequence or four of a kind) while holding 9 cards; a
declaration is challenged automatically against the opponent's hand.  The
player with fewer tricks counts his card points, rounded to ten (a 5 rounds
down); the other gets the rest of the 150.

Rules: ``docs/games/tertz.md`` (API) and ``docs/rules-notes.md``
(decisions where the rules are silent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from core.actions import Action
from core.cards import (
    CARD_IDS,
    CARD_STRS,
    SUIT_MASK,
    SUITS,
    deck,
    mask_to_strs,
    strs_to_mask,
    suit_byte_tables,
)
from core.errors import IllegalAction
from core.games.common import MatchTotals, match_winner, trick_entry
from core.options import OptionSpec, OptionValue
from core.registry import register
from core.state import CHANCE, State, View, json_copy
from core.tricks import (
    NATURAL_ORDER,
    PLAIN_ABOVE,
    PLAIN_ORDER,
    PLAIN_STRENGTH,
    TRUMP_ABOVE,
    TRUMP_ORDER,
    TRUMP_STRENGTH,
    byte_runs,
    points_table,
)

# --------------------------------------------------------------------------- tables

_RANK_CHARS = "789TJQKA"
"""The eight ranks of the 32-card pack in natural order."""
_RANK_ID = {rc: "23456789TJQKA".index(rc) for rc in _RANK_CHARS}
_ALL_MASK = 0
for _c in deck():
    _ALL_MASK |= 1 << _c

HAND_SIZE = 9
"""Cards dealt to each player, and the hand size needed to declare."""
TRICKS = 16
"""Tricks in a deal."""
LAST_TRICK_BONUS = 10
"""Points for the last trick."""
MARIAGE_POINTS = 20
"""Points of the mariage (king and queen of trumps)."""

CARD_VALUES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    # (plain, trump)
    "tertz": ({"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1},
              {"J": 20, "9": 13, "A": 11, "T": 10, "K": 3, "Q": 2}),
    "deberts": ({"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
                {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}),
}
"""Card points per option ``card_values``: plain-suit and trump values by rank."""


def _points_tables(values: str) -> list[list[int]]:
    plain = points_table(CARD_VALUES[values][0])
    trump = points_table(CARD_VALUES[values][1])
    out: list[list[int]] = []
    for t in range(4):
        out.append([trump[c] if c >> 4 == t else plain[c] for c in range(66)])
    return out


POINTS: dict[str, list[list[int]]] = {v: _points_tables(v) for v in CARD_VALUES}
"""``POINTS[card_values][trump][card id]``: the card points of a card."""

CARD_TOTAL: dict[str, int] = {
    v: sum(POINTS[v][0][c] for c in deck()) + LAST_TRICK_BONUS for v in CARD_VALUES
}
"""Card points of a whole deal, last trick included (150, or 162 with Deberts values)."""

SEVEN: list[int] = [s * 16 + _RANK_ID["7"] for s in range(4)]
"""Card id of the seven of each suit."""
JACK: list[int] = [s * 16 + _RANK_ID["J"] for s in range(4)]
"""Card id of the jack of each suit."""
KQ_MASK: list[int] = [(1 << (s * 16 + _RANK_ID["K"])) | (1 << (s * 16 + _RANK_ID["Q"])) for s in range(4)]
"""Mask of the king and queen of each suit (the mariage when the suit is trump)."""

FOUR_CALLS: dict[str, str] = {"J": "two_hundred", "A": "hundred_aces", "K": "hundred_kings", "Q": "hundred_queens"}
"""Call of each four of a kind that counts."""
FOUR_RANKS: tuple[str, ...] = ("J", "A", "K", "Q")
"""Ranks whose four of a kind counts, best first."""
FOUR_MASK: dict[str, int] = {r: sum(1 << (s * 16 + _RANK_ID[r]) for s in range(4)) for r in FOUR_RANKS}
"""Mask of the four cards of each counting rank."""
FOUR_CATEGORY: dict[str, int] = {"J": 10, "A": 9, "K": 8, "Q": 7}
"""Comparison category of each four of a kind (higher is better)."""
SEQUENCE_CALLS: dict[int, str] = {3: "tertz", 4: "fifty", 5: "hundred", 6: "hundred", 7: "hundred", 8: "hundred"}
"""Call of a sequence by length."""
COMBO_VALUE: dict[str, int] = {
    "tertz": 20, "fifty": 50, "hundred": 100, "hundred_queens": 100, "hundred_kings": 100,
    "hundred_aces": 100, "two_hundred": 200, "mariage": MARIAGE_POINTS,
}
"""Points of each call."""


def sequence_category(length: int) -> int:
    """Comparison category of a sequence of ``length`` cards (3 -> 1 .. 8 -> 6)."""
    return length - 2


def _run_table(order: str) -> list[list[tuple[int, int, int]]]:
    """For each 8-bit natural pattern of one suit: its maximal runs in ``order``.

    Each run is ``(mask relative to suit 0, length, top sequence index)``.
    """
    return [
        [(sum(1 << _RANK_ID[rc] for rc in order[start:start + length]), length, start + length - 1)
         for start, length in runs]
        for runs in byte_runs(order)
    ]


RUNS: dict[str, list[list[tuple[int, int, int]]]] = {
    o: _run_table(o) for o in (NATURAL_ORDER, PLAIN_ORDER, TRUMP_ORDER)
}
"""Maximal runs per sequence order and suit pattern (see :func:`_run_table`)."""

Combo = tuple[tuple[int, int, int], int, str]
"""A combination: (comparison key (category, top index, trump flag), card mask, call)."""


def combinations(hand: int, trump: int, rank_order: bool) -> list[Combo]:
    """Every combination held in ``hand``: maximal runs of 3+ and the counting fours.

    Sorted best first by the comparison key of §14.2; two equally high
    plain sequences come in suit order S H D C (a trump sequence is higher
    than an equal plain one).  ``rank_order`` uses each suit's trick order
    for sequences instead of the natural order.

    >>> from core.cards import strs_to_mask
    >>> [c[2] for c in combinations(strs_to_mask(["7H", "8H", "9H", "TH", "QS", "KS", "AS"]), 0, False)]
    ['fifty', 'tertz']
    """
    out: list[Combo] = []
    for s in range(4):
        pat = (hand >> (s * 16 + 5)) & 0xFF
        if pat.bit_count() < 3:
            continue
        if rank_order:
            order = TRUMP_ORDER if s == trump else PLAIN_ORDER
        else:
            order = NATURAL_ORDER
        for rel, length, top in RUNS[order][pat]:
            out.append(((sequence_category(length), top, 1 if s == trump else 0), rel << (s * 16),
                        SEQUENCE_CALLS[length]))
    for r in FOUR_RANKS:
        m = FOUR_MASK[r]
        if hand & m == m:
            out.append(((FOUR_CATEGORY[r], 0, 0), m, FOUR_CALLS[r]))
    out.sort(key=lambda cb: (cb[0], -cb[1]), reverse=True)  # equal keys: the lower suit first
    return out


def is_four(mask: int) -> bool:
    """True if ``mask`` is one of the counting four-of-a-kind sets."""
    return mask in _FOUR_SET


_FOUR_SET = frozenset(FOUR_MASK.values())


def eligible(hand: int, trump: int, rank_order: bool, scored_seq: int, scored_fours: int,
             dead: Sequence[int]) -> list[Combo]:
    """The combinations of ``hand`` a player may score (§14.3), best first.

    ``scored_seq`` is the mask of his cards in already scored sequences,
    ``scored_fours`` the union of his scored fours, ``dead`` his beaten
    declarations (card masks).
    """
    out: list[Combo] = []
    for combo in combinations(hand, trump, rank_order):
        m = combo[1]
        if m in dead:
            continue
        if is_four(m):
            if scored_fours & m == m:
                continue
        elif m & scored_seq:
            continue
        out.append(combo)
    return out


def legal_play_mask(hand: int, lead: int, trump: int, phase_b: bool, free_early: bool, jack_free: bool) -> int:
    """Mask of the cards of ``hand`` that may follow ``lead`` (§9); ``lead < 0`` means leading.

    >>> from core.cards import strs_to_mask, mask_to_strs, card_id
    >>> hand = strs_to_mask(["9H", "KH", "AH", "7D", "JS"])
    >>> mask_to_strs(legal_play_mask(hand, card_id("QH"), 2, True, False, True))
    ['KH', 'AH']
    """
    if lead < 0:
        return hand
    jt = 1 << JACK[trump]
    h = hand & ~jt if jack_free else hand
    if jack_free and not h:
        return hand
    lead_suit = lead >> 4
    follow = h & SUIT_MASK[lead_suit]
    if not phase_b:
        if free_early:
            legal = h
        elif follow:
            legal = follow
        else:
            legal = (h & SUIT_MASK[trump]) or h
    elif follow:
        above = TRUMP_ABOVE[lead] if lead_suit == trump else PLAIN_ABOVE[lead]
        legal = (follow & above) or follow
    else:
        legal = (h & SUIT_MASK[trump]) or h
    if jack_free:
        legal |= hand & jt
    return legal


def follower_wins(lead: int, follow: int, trump: int) -> bool:
    """True if ``follow`` beats the led card ``lead`` (§10)."""
    ls = lead >> 4
    fs = follow >> 4
    if fs == ls:
        if fs == trump:
            return TRUMP_STRENGTH[follow] > TRUMP_STRENGTH[lead]
        return PLAIN_STRENGTH[follow] > PLAIN_STRENGTH[lead]
    return fs == trump


def round_count(x: int, rounding: str) -> int:
    """The counting player's rounded card score (§15.3).

    >>> [round_count(x, "ten_half_down") for x in (135, 65, 5, 136, 134, 0)]
    [130, 60, 0, 140, 130, 0]
    """
    if rounding == "none":
        return x
    return 10 * ((x + 4) // 10)


def counting_player(tricks_won: Sequence[int], last_winner: int, dealer: int, equal_rule: str) -> int:
    """The seat that counts its card points (§15.2)."""
    if tricks_won[0] != tricks_won[1]:
        return 0 if tricks_won[0] < tricks_won[1] else 1
    if equal_rule == "non_dealer":
        return 1 - dealer
    return 1 - last_winner


def score_deal(card_points: Sequence[int], tricks_won: Sequence[int], last_winner: int, dealer: int,
               declared: Sequence[int], total: int, rounding: str, equal_rule: str) -> dict[str, Any]:
    """Score a finished deal (§15): who counts, the rounding, card and deal scores.

    ``card_points`` include the last-trick 10; ``declared`` are each seat's
    declared points (combinations and mariage).
    """
    counter = counting_player(tricks_won, last_winner, dealer, equal_rule)
    counted = card_points[counter]
    rounded = round_count(counted, rounding)
    card_scores = [0, 0]
    card_scores[counter] = rounded
    card_scores[1 - counter] = total - rounded
    return {
        "counter": counter,
        "counted": counted,
        "rounded": rounded,
        "card_scores": card_scores,
        "deal_scores": [card_scores[0] + declared[0], card_scores[1] + declared[1]],
    }


# --------------------------------------------------------------------- actions

PLAY_ACTIONS: dict[int, Action] = {c: Action("play", card=CARD_STRS[c]) for c in deck()}
"""The interned play action of each card id."""
SUIT_PLAYS: list[list[tuple[Action, ...]]] = suit_byte_tables(PLAY_ACTIONS)
"""``SUIT_PLAYS[suit][pattern]``: the play actions of the cards of one suit (8-bit pattern, 7 = bit 0)."""
EXCHANGE = Action("exchange")
"""The seven-of-trumps exchange."""
BREAK_ACTIONS: dict[int, Action] = {k: Action("break", n=k) for k in range(1, 13)}
"""The interned break actions by number of cards moved."""
_DECLARE_CACHE: dict[tuple[int, str], Action] = {}
_strs = mask_to_strs  # the old local name, kept for callers


def declare_action(mask: int, call: str) -> Action:
    """The (interned) declaration of the cards of ``mask`` under ``call``."""
    key = (mask, call)
    act = _DECLARE_CACHE.get(key)
    if act is None:
        act = Action("declare", cards=tuple(mask_to_strs(mask)), call=call)
        _DECLARE_CACHE[key] = act
    return act


# ---------------------------------------------------------------------- phases

DEAL = "deal"
PLAY = "play"
BREAK = "break"
OVER = "over"
_STEP_OF = {"exchange": 1, "mariage": 2, "declare": 3}


@register
class Tertz(MatchTotals, State):
    """Tertz for two players (``core.new_match("tertz", players=2)``)."""

    game_id: ClassVar[str] = "tertz"
    title: ClassVar[str] = "Tertz"
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    deck_low_rank: ClassVar[str] = "7"
    deck_jokers: ClassVar[bool] = False
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("target_score", (501, 500), 501, "The match is won by the first to reach this total."),
        OptionSpec("card_values", ("tertz", "deberts"), "tertz",
                   "Card points: tertz (K3 Q2 J1, trump 9 = 13, 150 a deal) or deberts (K4 Q3 J2, 162 a deal)."),
        OptionSpec("sequence_order", ("natural", "rank"), "natural",
                   "Sequences in natural order 7-8-9-10-J-Q-K-A, or in each suit's trick order."),
        OptionSpec("early_play", ("follow_or_trump", "free"), "follow_or_trump",
                   "While the stock lasts: follow suit or trump, or play any card."),
        OptionSpec("trump_jack_free", (True, False), True,
                   "The jack of trumps may always be played and is never forced."),
        OptionSpec("seven_exchange_min_stock", (2, 3), 2,
                   "The seven of trumps may be exchanged while the stock holds at least this many cards."),
        OptionSpec("look_min_stock", (4,), 4,
                   "Captured tricks may be reviewed while the stock holds at least this many cards."),
        OptionSpec("rounding", ("ten_half_down", "none"), "ten_half_down",
                   "Round the counted points to ten (a 5 rounds down), or count exactly."),
        OptionSpec("equal_tricks_counter", ("not_last_trick_winner", "non_dealer"), "not_last_trick_winner",
                   "At 8 tricks each, who counts: the one without the last trick, or the non-dealer."),
        OptionSpec("break_deck", ("player_cut", "off"), "player_cut",
                   "After trick 1 the loser breaks the stock (moves some cards to the bottom), or not."),
    )

    def __init__(self, players: int, options: Mapping[str, OptionValue], first_dealer: int) -> None:
        super().__init__(players, options, first_dealer)
        self._target = int(self.options["target_score"])
        self._values = str(self.options["card_values"])
        self._rank_order = self.options["sequence_order"] == "rank"
        self._free_early = self.options["early_play"] == "free"
        self._jack_free = bool(self.options["trump_jack_free"])
        self._seven_min = int(self.options["seven_exchange_min_stock"])
        self._look_min = int(self.options["look_min_stock"])
        self._rounding = str(self.options["rounding"])
        self._equal_rule = str(self.options["equal_tricks_counter"])
        self._break = self.options["break_deck"] == "player_cut"
        self._total = CARD_TOTAL[self._values]
        # match
        self._scores = [0, 0]
        self._results: list[dict[str, Any]] = []
        self._dealer = first_dealer
        self._deal_no = 0
        self._phase = DEAL
        self._winner: int | None = None
        # deal
        self._reset_deal()
        self._won = [0, 0]

    def _reset_deal(self) -> None:
        self._hands = [0, 0]
        self._known = [0, 0]
        self._stock: list[int] = []
        self._trump = -1
        self._pts: list[int] = POINTS[self._values][0]
        self._trick: list[int] = []
        self._leader = 0
        self._turn = 0
        self._won = [0, 0]
        self._tricks_won = [0, 0]
        self._points = [0, 0]
        self._tricks: list[tuple[int, int, int, int]] = []  # (leader, lead card, follow card, winner)
        self._step = 0  # 0 nothing yet this turn, 1 exchanged, 2 mariage announced, 3 declared
        self._done: tuple[str, ...] = ()
        self._breaker = -1
        self._decls: list[dict[str, Any]] = []
        self._decl_points = [0, 0]
        self._mariage = [False, False]
        self._scored_seq = [0, 0]
        self._scored_fours = [0, 0]
        self._dead: list[list[int]] = [[], []]
        self._exchanged = -1
        self._exchange_took = -1  # the face-up card taken by the seven exchange
        self._exchange_trick = 0  # 1-based number of the trick in which it was made

    def _copy_mutable(self, new: State) -> None:
        assert isinstance(new, Tertz)
        new._scores = list(self._scores)
        new._results = list(self._results)
        new._hands = list(self._hands)
        new._known = list(self._known)
        new._stock = list(self._stock)
        new._trick = list(self._trick)
        new._won = list(self._won)
        new._tricks_won = list(self._tricks_won)
        new._points = list(self._points)
        new._tricks = list(self._tricks)
        new._decls = list(self._decls)
        new._decl_points = list(self._decl_points)
        new._mariage = list(self._mariage)
        new._scored_seq = list(self._scored_seq)
        new._scored_fours = list(self._scored_fours)
        new._dead = [list(self._dead[0]), list(self._dead[1])]

    # ------------------------------------------------------------ basic facts
    @property
    def current_player(self) -> int | None:
        """The seat to act, CHANCE before a deal, None when the match is over."""
        ph = self._phase
        if ph == PLAY:
            return self._turn
        if ph == BREAK:
            return self._breaker
        if ph == DEAL:
            return CHANCE
        return None

    @property
    def sides(self) -> list[list[int]]:
        """Each player is his own side."""
        return [[0], [1]]

    @property
    def stock_count(self) -> int:
        """Cards not yet drawn, the face-up trump card included."""
        return len(self._stock)

    @property
    def phase_b(self) -> bool:
        """True once the stock is exhausted (the strict play rules apply)."""
        return not self._stock

    def _can_exchange(self, p: int) -> bool:
        return (self._step < 1 and len(self._stock) >= self._seven_min and len(self._stock) > 0
                and bool(self._hands[p] >> SEVEN[self._trump] & 1))

    def _eligible(self, p: int, hand: int) -> list[Combo]:
        return eligible(hand, self._trump, self._rank_order, self._scored_seq[p], self._scored_fours[p],
                        self._dead[p])

    def _play_mask(self, p: int) -> int:
        lead = self._trick[0] if self._trick else -1
        return legal_play_mask(self._hands[p], lead, self._trump, not self._stock, self._free_early,
                               self._jack_free)

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Exchange, mariage, declarations, then card plays (in card order); or the break choices."""
        ph = self._phase
        if ph == PLAY:
            p = self._turn
            hand = self._hands[p]
            out: list[Action] = []
            step = self._step
            if step < 3:
                if step < 1 and self._can_exchange(p):
                    out.append(EXCHANGE)
                kq = KQ_MASK[self._trump]
                if step < 2 and hand & kq == kq and not self._mariage[p]:
                    out.append(declare_action(kq, "mariage"))
                if hand.bit_count() == HAND_SIZE:
                    for _key, m, call in self._eligible(p, hand):
                        out.append(declare_action(m, call))
            trick = self._trick
            if trick:
                m = legal_play_mask(hand, trick[0], self._trump, not self._stock, self._free_early, self._jack_free)
            else:
                m = hand
            if m & 0xFFFF:
                out.extend(SUIT_PLAYS[0][m >> 5 & 0xFF])
            if m & 0xFFFF0000:
                out.extend(SUIT_PLAYS[1][m >> 21 & 0xFF])
            if m & 0xFFFF00000000:
                out.extend(SUIT_PLAYS[2][m >> 37 & 0xFF])
            if m >> 48:
                out.extend(SUIT_PLAYS[3][m >> 53 & 0xFF])
            return out
        if ph == BREAK:
            return [BREAK_ACTIONS[k] for k in range(1, len(self._stock) - 1)]
        return []

    # ------------------------------------------------------------------ check
    def _check(self, action: Action) -> None:
        ph = self._phase
        kind = action.type
        if ph == PLAY and kind == "play" and action.call is None:
            c = CARD_IDS.get(action.card or "", -1)
            if c >= 0 and self._play_mask(self._turn) >> c & 1 and (
                    action is PLAY_ACTIONS.get(c) or action == PLAY_ACTIONS.get(c)):
                return  # the common case: a legal card
        if ph == DEAL:
            self.check_deal(action)
            return
        if kind == "deal":
            raise IllegalAction("it is not time to deal")
        if ph == BREAK:
            if kind != "break":
                raise IllegalAction("the stock must be broken first (choose how many cards to move)")
            top = len(self._stock) - 2
            if action.n is None or not 1 <= action.n <= top or action != BREAK_ACTIONS.get(action.n):
                raise IllegalAction("break the stock by moving 1 to {n} cards", n=top)
            return
        p = self._turn
        if kind == "play":
            self._check_play(p, action)
        elif kind == "exchange":
            self._check_exchange(p, action)
        elif kind == "declare":
            self._check_declare(p, action)
        elif kind == "break":
            raise IllegalAction("the stock is broken only after the first trick")
        elif kind in ("bid", "trump", "keep", "done", "discard"):
            raise IllegalAction("there is no {action} in Tertz: play a card (or exchange or declare first)",
                                action=repr(kind))
        else:
            raise IllegalAction("unknown action {action}", action=repr(kind))

    def _check_play(self, p: int, action: Action) -> None:
        if action.call is not None:
            raise IllegalAction("the mariage is announced before playing, with a 'declare' action")
        card = action.card
        if card is None or card not in CARD_IDS:
            raise IllegalAction("say which card to play")
        c = CARD_IDS[card]
        hand = self._hands[p]
        if not hand >> c & 1:
            raise IllegalAction("you do not hold the {card}", card=card)
        if self._play_mask(p) >> c & 1:
            if action != PLAY_ACTIONS[c]:
                raise IllegalAction("a play names only its card")
            return
        lead = self._trick[0]
        ls = lead >> 4
        trump = self._trump
        h = hand & ~(1 << JACK[trump]) if self._jack_free else hand
        if h & SUIT_MASK[ls]:
            if self._stock or c >> 4 != ls:
                raise IllegalAction("must follow {suit}", suit=SUITS[ls])
            raise IllegalAction("must beat the {card}: play a higher {suit_one}", card=CARD_STRS[lead],
                                suit_one=SUITS[ls])
        raise IllegalAction("no {suit} in hand: must trump", suit=SUITS[ls])

    def _check_exchange(self, p: int, action: Action) -> None:
        if action != EXCHANGE:
            raise IllegalAction("the exchange takes no card: it always swaps the seven of trumps")
        if self._step >= 1:
            raise IllegalAction("the exchange must come before the mariage and any declaration")
        if len(self._stock) < self._seven_min:
            raise IllegalAction("the exchange is over: fewer than {n} cards left in the stock", n=self._seven_min)
        if self._hands[p] >> SEVEN[self._trump] & 1 == 0:
            raise IllegalAction("you do not hold the {card}", card="7" + SUITS[self._trump])

    def _check_declare(self, p: int, action: Action) -> None:
        cards = action.cards or ()
        call = action.call
        if action.card is not None:
            raise IllegalAction("declare with 'cards', not 'card'")
        if not cards or any(c not in CARD_IDS for c in cards):
            raise IllegalAction("say which cards you declare")
        m = strs_to_mask(cards)
        if m & ~self._hands[p]:
            missing = mask_to_strs(m & ~self._hands[p])[0]
            raise IllegalAction("you do not hold the {card}", card=missing)
        if call == "mariage" or m == KQ_MASK[self._trump] and len(cards) == 2:
            if m != KQ_MASK[self._trump]:
                raise IllegalAction("the mariage is the king and queen of trumps")
            if self._mariage[p]:
                raise IllegalAction("you have already announced the mariage this deal")
            if self._step >= 2:
                raise IllegalAction("the mariage must be announced before declaring")
            if call != "mariage":
                raise IllegalAction("call the king and queen of trumps 'mariage'")
            if action != declare_action(m, "mariage"):
                raise IllegalAction("declare the mariage as {order}",
                                    order=str(list(declare_action(m, "mariage").cards or ())))
            return
        if self._step >= 3:
            raise IllegalAction("only one declaration per turn")
        if self._hands[p].bit_count() != HAND_SIZE:
            raise IllegalAction("you may declare only while holding 9 cards")
        held = combinations(self._hands[p], self._trump, self._rank_order)
        match = [cb for cb in held if cb[1] == m]
        if not match:
            if any(cb[1] & m == m for cb in held if not is_four(cb[1])):
                raise IllegalAction("declare the whole run: a part of a longer sequence does not count")
            raise IllegalAction("these cards are not a combination (a run of 3 or more, or four J, A, K or Q)")
        _key, _m, right_call = match[0]
        if m in self._dead[p]:
            raise IllegalAction("this combination was beaten: it is dead for this deal")
        if is_four(m):
            if self._scored_fours[p] & m == m:
                raise IllegalAction("you have already scored these four")
        elif m & self._scored_seq[p]:
            raise IllegalAction("a card of this run is already in a scored sequence")
        if call != right_call:
            raise IllegalAction("call this combination {call}", call=repr(right_call))
        if action != declare_action(m, right_call):
            raise IllegalAction("list the cards as {order}", order=str(list(declare_action(m, right_call).cards or ())))

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        kind = action.type
        if kind == "play":
            assert action.card is not None
            self._play(CARD_IDS[action.card])
        elif kind == "declare":
            self._declare(action)
        elif kind == "exchange":
            self._exchange()
        elif kind == "break":
            assert action.n is not None
            self._do_break(action.n)
        else:
            assert action.deck is not None
            self._deal([CARD_IDS[c] for c in action.deck])

    def _deal(self, cards: list[int]) -> None:
        self._reset_deal()
        self._deal_no += 1
        d = self._dealer
        nd = 1 - d
        hands = [0, 0]
        for i in range(6):
            seat = nd if i % 2 == 0 else d
            for c in cards[3 * i: 3 * i + 3]:
                hands[seat] |= 1 << c
        self._hands = hands
        turn_up = cards[18]
        self._stock = cards[19:] + [turn_up]
        self._trump = turn_up >> 4
        self._pts = POINTS[self._values][self._trump]
        self._leader = nd
        self._turn = nd
        self._phase = PLAY
        for s in (nd, d):
            pub = {"type": "dealt", "seat": s, "dealer": d, "deal": self._deal_no, "hand_sizes": [9, 9]}
            self._emit(pub, s, {**pub, "cards": mask_to_strs(hands[s])})
        self._emit({"type": "trump", "suit": SUITS[self._trump], "card": CARD_STRS[turn_up], "maker": None,
                    "stock": len(self._stock)})

    def _exchange(self) -> None:
        p = self._turn
        seven = SEVEN[self._trump]
        up = self._stock[-1]
        self._hands[p] ^= (1 << seven) | (1 << up)
        self._known[p] = (self._known[p] & ~(1 << seven)) | (1 << up)
        self._stock[-1] = seven
        self._exchanged = p
        self._exchange_took = up
        self._exchange_trick = len(self._tricks) + 1
        self._step = 1
        self._done = (*self._done, "exchange")
        self._emit({"type": "exchange", "seat": p, "took": CARD_STRS[up], "gave": CARD_STRS[seven]})

    def _declare(self, action: Action) -> None:
        p = self._turn
        cards = action.cards or ()
        m = strs_to_mask(cards)
        if action.call == "mariage":
            self._mariage[p] = True
            self._decl_points[p] += MARIAGE_POINTS
            self._known[p] |= m
            self._step = 2
            self._done = (*self._done, "mariage")
            rec: dict[str, Any] = {"seat": p, "call": "mariage", "cards": list(cards), "result": "mariage",
                                   "points": MARIAGE_POINTS, "trick": len(self._tricks) + 1, "reply": None}
            self._decls.append(rec)
            self._emit({"type": "declared", **rec})
            return
        key, _m, call = next(cb for cb in self._eligible(p, self._hands[p]) if cb[1] == m)
        o = 1 - p
        h_o = self._start_hand(o)
        best: Combo | None = None
        for cb in self._eligible(o, h_o):
            if cb[0] > key:
                best = cb  # eligible() is sorted best first
                break
        self._known[p] |= m
        if best is None:
            self._score_combo(p, m, call)
            rec = {"seat": p, "call": call, "cards": list(cards), "result": "stands",
                   "points": COMBO_VALUE[call], "trick": len(self._tricks) + 1, "reply": None}
        else:
            self._dead[p].append(m)
            _bk, bm, bcall = best
            self._score_combo(o, bm, bcall)
            self._known[o] |= bm & self._hands[o]
            rec = {"seat": p, "call": call, "cards": list(cards), "result": "beaten", "points": 0,
                   "trick": len(self._tricks) + 1,
                   "reply": {"seat": o, "call": bcall, "cards": mask_to_strs(bm), "points": COMBO_VALUE[bcall]}}
        self._decls.append(rec)
        self._step = 3
        self._done = (*self._done, "declare")
        self._emit({"type": "declared", **rec})

    def _start_hand(self, o: int) -> int:
        """The 9 cards ``o`` held at the start of the current trick (§14.5 ``H_O``).

        His hand now, plus his card on the table if he led, with a seven
        exchange he made in this trick undone (the seven back, the card he
        took out).
        """
        h = self._hands[o]
        if self._trick and self._leader == o:
            h |= 1 << self._trick[0]
        if self._exchanged == o and self._exchange_trick == len(self._tricks) + 1:
            h = (h & ~(1 << self._exchange_took)) | (1 << SEVEN[self._trump])
        return h

    def _score_combo(self, s: int, m: int, call: str) -> None:
        self._decl_points[s] += COMBO_VALUE[call]
        if is_four(m):
            self._scored_fours[s] |= m
        else:
            self._scored_seq[s] |= m

    def _play(self, c: int) -> None:
        p = self._turn
        b = 1 << c
        self._hands[p] ^= b
        self._known[p] &= ~b
        self._emit({"type": "played", "seat": p, "card": CARD_STRS[c]})
        trick = self._trick
        trick.append(c)
        self._step = 0
        self._done = ()
        if len(trick) == 1:
            self._turn = 1 - p
            return
        lead, follow = trick
        leader = self._leader
        winner = 1 - leader if follower_wins(lead, follow, self._trump) else leader
        pts = self._pts[lead] + self._pts[follow]
        self._won[winner] |= (1 << lead) | b
        self._points[winner] += pts
        self._tricks_won[winner] += 1
        self._tricks.append((leader, lead, follow, winner))
        self._trick = []
        n = len(self._tricks)
        self._emit({"type": "trick", "number": n, "winner": winner,
                    "cards": [CARD_STRS[lead], CARD_STRS[follow]], "points": pts})
        self._leader = winner
        self._turn = winner
        if n == TRICKS:
            self._points[winner] += LAST_TRICK_BONUS
            self._score(winner)
        elif self._stock:
            if n == 1 and self._break:
                self._phase = BREAK
                self._breaker = 1 - winner
            else:
                self._draw_pair(winner)

    def _do_break(self, k: int) -> None:
        stock = self._stock
        face_down = stock[:-1]
        self._stock = face_down[k:] + face_down[:k] + stock[-1:]
        self._emit({"type": "break", "seat": self._breaker, "n": k})
        self._breaker = -1
        self._phase = PLAY
        self._draw_pair(self._leader)

    def _draw_pair(self, winner: int) -> None:
        for s in (winner, 1 - winner):
            c = self._stock.pop(0)
            self._hands[s] |= 1 << c
            pub: dict[str, Any] = {"type": "drew", "seat": s, "stock": len(self._stock)}
            if not self._stock:  # the face-up trump card (or the exchanged seven): public
                self._known[s] |= 1 << c
                self._emit({**pub, "card": CARD_STRS[c], "face_up": True})
            else:
                self._emit(pub, s, {**pub, "card": CARD_STRS[c]})

    def _score(self, last_winner: int) -> None:
        res = score_deal(self._points, self._tricks_won, last_winner, self._dealer, self._decl_points,
                         self._total, self._rounding, self._equal_rule)
        awarded = res["deal_scores"]
        self._scores = [self._scores[0] + awarded[0], self._scores[1] + awarded[1]]
        result: dict[str, Any] = {
            "deal": self._deal_no,
            "dealer": self._dealer,
            "outcome": "played",
            "trump": SUITS[self._trump],
            "card_points": list(self._points),
            "card_total": self._total,
            "tricks_won": list(self._tricks_won),
            "last_trick": last_winner,
            "counter": res["counter"],
            "counted": res["counted"],
            "rounded": res["rounded"],
            "card_scores": res["card_scores"],
            "declarations": list(self._decl_points),
            "mariage": [MARIAGE_POINTS if m else 0 for m in self._mariage],
            "awarded": list(awarded),
            "scores": list(self._scores),
            "next_dealer": last_winner,
        }
        self._results.append(result)
        self._emit({"type": "deal_scored", **{k: list(x) if isinstance(x, list) else x for k, x in result.items()}})
        self._dealer = last_winner
        self._winner = match_winner(self._scores, self._target)
        if self._winner is None:
            self._phase = DEAL
        else:
            self._phase = OVER
            self._emit({"type": "match_over", "scores": list(self._scores), "winner": self._winner})

    # ------------------------------------------------------------------ zones
    def _hidden_masks(self, seat: int | None) -> dict[str, int]:
        if self._phase == DEAL and not self._deal_no:
            return {}
        out: dict[str, int] = {}
        for s in (0, 1):
            if s != seat:
                out[f"hand{s}"] = self._hands[s] & ~self._known[s]
        return out

    def hidden_zones(self, seat: int | None) -> dict[str, list[str]]:
        """Opponent's unknown cards and the face-down stock in draw order (tests only)."""
        out = {k: mask_to_strs(m) for k, m in self._hidden_masks(seat).items()}
        if self._deal_no:
            out["stock"] = [CARD_STRS[c] for c in self._stock[:-1]]
        return out

    def card_zones(self) -> dict[str, list[str]]:
        """Every card's location (tests and debugging only)."""
        if not self._deal_no:
            return {"deck": mask_to_strs(_ALL_MASK)}
        return {
            "hand0": mask_to_strs(self._hands[0]),
            "hand1": mask_to_strs(self._hands[1]),
            "stock": [CARD_STRS[c] for c in self._stock[:-1]],
            "turnup": [CARD_STRS[c] for c in self._stock[-1:]],
            "trick": [CARD_STRS[c] for c in self._trick],
            "won0": mask_to_strs(self._won[0]),
            "won1": mask_to_strs(self._won[1]),
        }

    # ------------------------------------------------------------------- view
    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know (keys in ``docs/games/tertz.md``)."""
        v = self.base_view(seat)
        dealt = self._deal_no > 0
        hidden = self._hidden_masks(seat)
        unseen: list[str] = []
        for m in hidden.values():
            unseen += mask_to_strs(m)
        hidden_counts = {k: m.bit_count() for k, m in hidden.items()}
        if dealt:
            face_down = self._stock[:-1]
            unseen += sorted((CARD_STRS[c] for c in face_down), key=CARD_IDS.__getitem__)
            hidden_counts["stock"] = len(face_down)
        trump = SUITS[self._trump] if self._trump >= 0 else None
        tricks = [trick_entry(ld, (a, b), w) for ld, a, b, w in self._tricks]
        leader = self._leader if self._phase in (PLAY, BREAK) else None
        v.update({
            "phase": self._phase,
            "dealer": self._dealer,
            "first_dealer": self.first_dealer,
            "deal_number": self._deal_no,
            "hands": [mask_to_strs(self._hands[s]) if s == seat else None for s in (0, 1)],
            "known": [mask_to_strs(self._hands[s] & self._known[s]) for s in (0, 1)],
            "hand_sizes": [self._hands[0].bit_count(), self._hands[1].bit_count()],
            "trick": [{"seat": s, "card": CARD_STRS[c]}
                      for s, c in zip((self._leader, 1 - self._leader), self._trick, strict=False)],
            "leader": leader,
            "last_trick": tricks[-1] if tricks else None,
            "trump": trump,
            "contract": None,
            "tricks_won": list(self._tricks_won),
            # sorted by card, so the order says nothing about which hidden zone holds what
            "unseen": sorted(unseen, key=CARD_IDS.__getitem__),
            "hidden": hidden_counts,
            # Tertz extras
            "turnup": CARD_STRS[self._stock[-1]] if self._stock else None,
            "stock": len(self._stock),
            "trick_number": min(len(self._tricks) + 1, TRICKS) if dealt else 0,
            "play_rules": "B" if dealt and not self._stock else "A",
            "exchanged": self._exchanged if self._exchanged >= 0 else None,
            "exchange": None if self._exchanged < 0 else {
                "seat": self._exchanged, "took": CARD_STRS[self._exchange_took],
                "gave": CARD_STRS[SEVEN[self._trump]], "trick": self._exchange_trick},
            "breaker": self._breaker if self._phase == BREAK else None,
            "turn_done": list(self._done),
            "declarations": json_copy(self._decls),
            "declared_points": list(self._decl_points),
            "mariage": list(self._mariage),
            "scored_cards": [mask_to_strs(self._scored_seq[s]) for s in (0, 1)],
            "scored_fours": [mask_to_strs(self._scored_fours[s]) for s in (0, 1)],
            "dead": [[mask_to_strs(m) for m in self._dead[s]] for s in (0, 1)],
            "played_tricks": tricks,
            "review_allowed": dealt and self._phase != DEAL and len(self._stock) >= self._look_min,
            "card_points": list(self._points),
            "card_total": self._total,
            "target": self._target,
        })
        return v

    # -------------------------------------------------------------- from_view
    @classmethod
    def from_view(cls, view: View, fill: Mapping[str, Sequence[str]]) -> Tertz:
        """Rebuild a state from ``view`` whose hidden zones hold ``fill``.

        ``fill`` maps ``hand0``/``hand1`` (the opponent's unknown cards) and
        ``stock`` (the face-down stock, top card first) to card lists, as
        ``view["hidden"]`` counts them.  Raises ``ValueError`` if they do not fit.
        """
        first: Any = view["first_dealer"] if "first_dealer" in view else view["dealer"]
        st = cls(2, view["options"], int(first))
        st._restore_totals(view)
        st._dealer = int(view["dealer"])
        st._deal_no = int(view["deal_number"])
        st._phase = str(view["phase"])
        if st._deal_no == 0:
            return st
        for zone, n in view["hidden"].items():
            if len(fill.get(zone, ())) != n:
                raise ValueError(f"fill for {zone!r} must hold {n} cards")
        seat = view["seat"]
        trump = SUITS.index(view["trump"])
        st._trump = trump
        st._pts = POINTS[st._values][trump]
        st._known = [strs_to_mask(k) for k in view["known"]]
        st._hands = [strs_to_mask(view["hands"][s]) if s == seat
                     else st._known[s] | strs_to_mask(fill.get(f"hand{s}", ())) for s in (0, 1)]
        st._stock = [CARD_IDS[c] for c in fill.get("stock", ())]
        if view["turnup"] is not None:
            st._stock.append(CARD_IDS[view["turnup"]])
        if len(st._stock) != view["stock"]:
            raise ValueError("the stock in the view and the fill disagree")
        for t in view["played_tricks"]:
            lead, follow = (CARD_IDS[c] for c in t["cards"])
            w = int(t["winner"])
            st._tricks.append((int(t["leader"]), lead, follow, w))
            st._won[w] |= (1 << lead) | (1 << follow)
            st._tricks_won[w] += 1
            st._points[w] += st._pts[lead] + st._pts[follow]
        if len(st._tricks) == TRICKS:
            st._points[st._tricks[-1][3]] += LAST_TRICK_BONUS
        st._trick = [CARD_IDS[e["card"]] for e in view["trick"]]
        if view["leader"] is not None:
            st._leader = int(view["leader"])
        elif st._tricks:
            st._leader = st._tricks[-1][3]
        st._turn = int(view["current_player"]) if st._phase == PLAY else st._leader
        st._breaker = int(view["breaker"]) if view["breaker"] is not None else -1
        st._exchanged = int(view["exchanged"]) if view["exchanged"] is not None else -1
        ex = view.get("exchange")
        if ex is not None:
            st._exchange_took = CARD_IDS[ex["took"]]
            st._exchange_trick = int(ex["trick"])
        st._done = tuple(view["turn_done"])
        st._step = max((_STEP_OF[d] for d in st._done), default=0)
        for rec in view["declarations"]:
            rec = json_copy(rec)
            st._decls.append(rec)
            p = int(rec["seat"])
            m = strs_to_mask(rec["cards"])
            if rec["call"] == "mariage":
                st._mariage[p] = True
                st._decl_points[p] += MARIAGE_POINTS
            elif rec["result"] == "stands":
                st._score_combo(p, m, rec["call"])
            else:
                st._dead[p].append(m)
                reply = rec["reply"]
                st._score_combo(int(reply["seat"]), strs_to_mask(reply["cards"]), reply["call"])
        return st
