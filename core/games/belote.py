"""Belote: the four-player Bulgarian partnership game (Belot / Bridge-Belot).

Seats 0 and 2 play against seats 1 and 3 (side ``s % 2``).  Each deal: 5
cards each (3 + 2), an auction ``C < D < H < S < NT < AT`` with double and
redouble, 3 more cards each, eight tricks, then scoring by tens with the
special rounding, hanging points, capot and the "no exit on a capot" rule.
See ``docs/games/belote.md`` for the actions, views and events.

The hot path (``legal_actions`` / ``apply`` during the play) works on card
ids and bit masks with precomputed per-card tables and interned
:class:`~core.actions.Action` objects.

>>> import core, random
>>> s = core.new_match("belote", players=4, seed=1)
>>> rng = random.Random(2)
>>> while s.current_player is not None:
...     s.apply(s.sample_chance(rng) if s.current_player == core.CHANCE else rng.choice(s.legal_actions()))
>>> s.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from core.actions import Action
from core.cards import (
    CARD_IDS,
    CARD_STRS,
    SUIT_MASK,
    SUITS,
    deck,
    ids_of,
    mask_to_strs,
    strs_to_mask,
    suit_byte_tables,
)
from core.errors import IllegalAction
from core.games.common import MatchTotals, hidden_summary, match_winner, trick_entry
from core.options import OptionSpec, OptionValue
from core.registry import register
from core.state import CHANCE, State, View
from core.text import Refusal
from core.tricks import PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_ABOVE, TRUMP_POINTS, TRUMP_STRENGTH, byte_runs, points_table

# ---------------------------------------------------------------- constants
CONTRACTS: tuple[str, ...] = ("C", "D", "H", "S", "NT", "AT")
"""Contract calls, lowest first."""
NT = 4
"""Index of the no-trumps contract in :data:`CONTRACTS`."""
AT = 5
"""Index of the all-trumps contract in :data:`CONTRACTS`."""
CONTRACT_NAMES: dict[str, str] = {
    "C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trumps", "AT": "all trumps",
}
"""Readable contract names, for messages."""
_CONTRACT_INDEX: dict[str, int] = {c: i for i, c in enumerate(CONTRACTS)}
_TRUMP_OF: tuple[int, ...] = (SUITS.index("C"), SUITS.index("D"), SUITS.index("H"), SUITS.index("S"), -1, -1)
"""Per contract index: the trump suit index, or -1 (no trumps, all trumps)."""
CARD_TOTAL: tuple[int, ...] = (162, 162, 162, 162, 130, 258)
"""Per contract index: card points of a deal including the last trick (before NT doubling)."""

PHASE_DEAL, PHASE_BID, PHASE_PLAY, PHASE_OVER = 0, 1, 2, 3
_PHASE_NAMES = ("deal", "bidding", "play", "over")

SEQ_CALLS: tuple[str, ...] = ("tierce", "quarte", "quint")
"""Sequence categories by length 3, 4, 5+."""
SEQ_POINTS: dict[str, int] = {"tierce": 20, "quarte": 50, "quint": 100}
"""Points of a sequence by category."""
CARRE = "carre"
"""The ``call`` of a four-of-a-kind declaration."""
BELOTE = "belote"
"""The ``call`` announcing belote with a play."""

# Rank indices of core.cards (2 = 0 ... A = 12); a suit's 8 cards sit at bits 5..12 of its 16-bit block,
# in natural order 7 8 9 T J Q K A.
_R7, _RQ, _RK = 5, 10, 11
_CARRE_RANKS: tuple[int, ...] = (9, 7, 12, 8, 11, 10)
"""Carré ranks, best first: J, 9, A, T, K, Q (§6.3)."""
_CARRE_RANK_BITS = sum(1 << r for r in _CARRE_RANKS)
_CARRE_POINTS: dict[int, int] = {9: 200, 7: 150, 12: 100, 8: 100, 11: 100, 10: 100}
_RANK_MASK: list[int] = [sum(1 << (s * 16 + r) for s in range(4)) for r in range(16)]
_KQ: tuple[int, ...] = tuple((1 << (s * 16 + _RK)) | (1 << (s * 16 + _RQ)) for s in range(4))
"""Per suit: mask of its king and queen."""

_CID: dict[str | None, int] = {k: v for k, v in CARD_IDS.items()}
_CS: dict[int, str] = CARD_STRS
_DECK_IDS: tuple[int, ...] = tuple(deck("7"))
_DECK_STRS: tuple[str, ...] = tuple(_CS[c] for c in _DECK_IDS)
_DECK_SET: frozenset[str] = frozenset(_DECK_STRS)


def _power_table(k: int) -> list[int]:
    t = _TRUMP_OF[k]
    out = [0] * 64
    for c in _DECK_IDS:
        if k == AT or c >> 4 == t:
            out[c] = TRUMP_STRENGTH[c]
        else:
            out[c] = PLAIN_STRENGTH[c]
    return out


def _points_table(k: int) -> list[int]:
    t = _TRUMP_OF[k]
    trump, plain = points_table(TRUMP_POINTS), points_table(PLAIN_POINTS)
    return [trump[c] if (k == AT or c >> 4 == t) else plain[c] for c in range(64)]


_POWER: tuple[list[int], ...] = tuple(_power_table(k) for k in range(6))
"""Per contract: strength of each card within its suit (trump order or plain order)."""
_POINTS: tuple[list[int], ...] = tuple(_points_table(k) for k in range(6))
"""Per contract: card points of each card id."""

_PLAY: list[Action] = [Action("play", card=_CS[c]) if c in _DECK_IDS else Action("play") for c in range(64)]
_PLAY_BELOTE: list[Action] = [
    Action("play", card=_CS[c], call=BELOTE) if c in _DECK_IDS else Action("play") for c in range(64)
]


_PB0, _PB1, _PB2, _PB3 = suit_byte_tables(_PLAY)


_RUNS = byte_runs()
"""Per 8-bit suit pattern (natural order): maximal runs of 3+ as (start, length)."""

_BID: dict[str, Action] = {c: Action("bid", call=c) for c in ("pass", *CONTRACTS, "double", "redouble")}
_HIGHER: list[list[Action]] = [[_BID[c] for c in CONTRACTS[k + 1:]] for k in range(-1, 6)]
"""``_HIGHER[k + 1]``: the contract calls above contract index ``k`` (-1 = none)."""
_BID_LISTS: list[tuple[tuple[Action, ...], ...]] = [
    tuple(
        (_BID["pass"], *_HIGHER[k], *((_BID["double"],) if extra == 1 else (_BID["redouble"],) if extra == 2 else ()))
        for extra in range(3)
    )
    for k in range(7)
]
"""``_BID_LISTS[cur + 1][extra]``: the legal calls above contract ``cur``, plus double (1) or redouble (2)."""
_DECLARE_CACHE: dict[tuple[str, int], Action] = {}
mask_strs = mask_to_strs
"""Card strings of ``mask`` in card-id order (suit, then rank): :func:`core.cards.mask_to_strs`."""
_WEAKEST: dict[str, int] = {"tierce": 3 * 16 + 2, "quarte": 4 * 16 + 3, "quint": 5 * 16 + 4, CARRE: 0}
"""Strength of the weakest combination of each category (7-8-9, 7 to T, 7 to J, four queens): a placeholder's."""


def _declare_action(call: str, mask: int) -> Action:
    key = (call, mask)
    a = _DECLARE_CACHE.get(key)
    if a is None:
        a = _DECLARE_CACHE[key] = Action("declare", cards=tuple(mask_strs(mask)), call=call)
    return a


# ------------------------------------------------------- pure rule functions
def round_points(x: int, greater: bool, contract: int) -> int:
    """§9 rounding ``R(x, greater)`` of ``x`` points for contract index ``contract``.

    >>> round_points(106, True, 2), round_points(56, False, 2), round_points(34, False, AT)
    (10, 6, 4)
    """
    q, u = divmod(x, 10)
    if contract == NT:
        return q + 1 if u >= 5 else q
    special = 4 if contract == AT else 6
    if u < special:
        return q
    if u > special:
        return q + 1
    return q if greater else q + 1


def legal_mask(contract: int, trick: Sequence[int], winner_seat: int, winner_card: int, seat: int, hand: int) -> int:
    """§7.1: the mask of the cards of ``hand`` that ``seat`` may play to ``trick``.

    ``trick`` holds the card ids played so far (lead first); ``winner_seat`` and
    ``winner_card`` are the current winner of the trick (ignored if it is empty).
    """
    if not trick:
        return hand
    ls = trick[0] >> 4
    follow = hand & SUIT_MASK[ls]
    if contract == NT:
        return follow or hand
    if contract == AT:
        if follow:
            return (follow & TRUMP_ABOVE[winner_card]) or follow
        return hand
    t = _TRUMP_OF[contract]
    if follow:
        if ls == t:
            return (follow & TRUMP_ABOVE[winner_card]) or follow
        return follow
    if not (winner_seat - seat) & 1:  # partner is winning
        return hand
    trumps = hand & SUIT_MASK[t]
    if not trumps:
        return hand
    if winner_card >> 4 == t:
        return (trumps & TRUMP_ABOVE[winner_card]) or hand
    return trumps


def trick_winner_index(contract: int, trick: Sequence[int]) -> int:
    """Index in ``trick`` (lead first) of the winning card under ``contract`` (§7)."""
    power = _POWER[contract]
    t = _TRUMP_OF[contract]
    best = 0
    for i in range(1, len(trick)):
        c, w = trick[i], trick[best]
        if c >> 4 == w >> 4:
            if power[c] > power[w]:
                best = i
        elif c >> 4 == t:
            best = i
    return best


def declarable(hand: int, made: Sequence[tuple[str, int]]) -> list[tuple[str, int, int, int]]:
    """Every declaration a player may add now (§6.2), as ``(call, mask, strength, points)``.

    ``hand`` is the player's 8-card hand, ``made`` the ``(call, mask)`` pairs it
    has declared so far.  The choices are the carrés not declared yet and not
    overlapping a declared sequence, and the maximal runs of the hand minus the
    declared carrés that are not declared yet: declaring the carrés of ``C'``
    first and then any of the runs reaches every set §6.2 allows.  Listed by
    category (``tierce``, ``quarte``, ``quint``, ``carre``), the best first in
    each (sequences by length, then top card, then the first suit of S H D C;
    carrés J > 9 > A > T > K > Q).  Strength orders combinations of one kind.
    """
    if not (hand & (hand >> 1) & (hand >> 2)) and not (
        hand & (hand >> 16) & (hand >> 32) & (hand >> 48) & _CARRE_RANK_BITS
    ):
        return []  # no run of three and no four of a kind: the common case, decided at once
    carre_used = 0
    seq_used = 0
    for call, m in made:
        if call == CARRE:
            carre_used |= m
        else:
            seq_used |= m
    seqs: list[tuple[int, int, str, int]] = []
    rem = hand & ~carre_used
    for s in range(4):
        base = s * 16 + 5
        for start, length in _RUNS[(rem >> base) & 255]:
            m = ((1 << length) - 1) << (base + start)
            if m & seq_used:
                continue
            seqs.append((min(length, 5), -(length * 16 + start + length - 1), SEQ_CALLS[min(length, 5) - 3], m))
    seqs.sort()
    out = [(call, m, -neg, SEQ_POINTS[call]) for _, neg, call, m in seqs]
    for i, r in enumerate(_CARRE_RANKS):
        rm = _RANK_MASK[r]
        if hand & rm == rm and not rm & (seq_used | carre_used):
            out.append((CARRE, rm, 5 - i, _CARRE_POINTS[r]))
    return out


def declaration_options(hand: int, made: Sequence[tuple[str, int]]) -> dict[str, tuple[int, int, int]]:
    """The best declaration of each category a player may add now (see :func:`declarable`).

    Returns ``{call: (mask, strength, points)}``.
    """
    out: dict[str, tuple[int, int, int]] = {}
    for call, m, strength, points in declarable(hand, made):
        if call not in out:
            out[call] = (m, strength, points)
    return out


def declaration_strength(call: str, mask: int) -> int:
    """Comparison strength of a declared combination (see :func:`declaration_options`)."""
    if call == CARRE:
        r = ids_of(mask)[0] & 15
        return 5 - _CARRE_RANKS.index(r)
    ids = ids_of(mask)
    length = len(ids)
    return length * 16 + (ids[-1] & 15) - _R7


def declaration_points(call: str, mask: int) -> int:
    """Points of a declared combination (§6.1)."""
    if call == CARRE:
        return _CARRE_POINTS[ids_of(mask)[0] & 15]
    return SEQ_POINTS[call]


def compare_declarations(decls: Sequence[tuple[int, str, int, int]]) -> list[bool]:
    """§6.3: which declarations score.  ``decls`` holds ``(seat, call, strength, points)``.

    Sequences and carrés are compared separately; the side with the better
    best combination of a kind scores all of its combinations of that kind,
    equal best sequences score for nobody.  Returns one flag per declaration.
    """
    best_seq = [-1, -1]
    best_car = [-1, -1]
    for seat, call, strength, _ in decls:
        side = seat & 1
        if call == CARRE:
            best_car[side] = max(best_car[side], strength)
        else:
            best_seq[side] = max(best_seq[side], strength)
    seq_side = 0 if best_seq[0] > best_seq[1] else 1 if best_seq[1] > best_seq[0] else -1
    car_side = 0 if best_car[0] > best_car[1] else 1 if best_car[1] > best_car[0] else -1
    return [(seat & 1) == (car_side if call == CARRE else seq_side) for seat, call, _, _ in decls]


def raw_points(
    contract: int, card_points: Sequence[int], declared: Sequence[int], tricks: Sequence[int]
) -> tuple[list[int], int | None]:
    """§8: each side's raw points, and the capot side (or ``None``).

    ``card_points`` per side include the last trick's 10; ``declared`` are the
    scoring declarations and belotes per side; ``tricks`` the tricks per side.
    """
    mult = 2 if contract == NT else 1
    raw = [card_points[0] * mult + declared[0], card_points[1] * mult + declared[1]]
    capot: int | None = None
    for side in (0, 1):
        if tricks[side] == 8:
            raw[side] += 90
            capot = side
    return raw, capot


def score_deal(
    contract: int, declarer_side: int, multiplier: int, raw: Sequence[int], pot: int,
    doubled: bool | None = None,
) -> tuple[str, list[int], int]:
    """§10: ``(outcome, awarded per side, new hanging pot)`` of a played deal.

    ``multiplier`` is the one that applies; ``doubled`` says whether the
    contract was doubled or redoubled (default: ``multiplier > 1``).  A doubled
    deal follows §10.2 whatever its multiplier: with ``double_includes_capot``
    off, a doubled capot deal is still scored "winner takes all", times 1.
    Outcomes: ``made``, ``hung``, ``inside``, ``doubled``, ``doubled_hung``.

    >>> score_deal(AT, 0, 1, [548, 80], 0, doubled=True)
    ('doubled', [63, 0], 0)
    """
    d, o = declarer_side, 1 - declarer_side
    awarded = [0, 0]
    if not (multiplier > 1 if doubled is None else doubled):
        if raw[d] > raw[o]:
            awarded[d] = round_points(raw[d], True, contract) + pot
            awarded[o] = round_points(raw[o], False, contract)
            return "made", awarded, 0
        if raw[d] == raw[o]:
            awarded[o] = round_points(raw[o], True, contract)
            return "hung", awarded, pot + round_points(raw[d], False, contract)
        awarded[o] = round_points(raw[d] + raw[o], True, contract) + pot
        return "inside", awarded, 0
    total = round_points(raw[0] + raw[1], True, contract) * multiplier
    if raw[0] == raw[1]:
        return "doubled_hung", awarded, pot + total
    awarded[0 if raw[0] > raw[1] else 1] = total + pot
    return "doubled", awarded, 0


def _result_event(result: Mapping[str, Any]) -> dict[str, Any]:
    """The ``deal_scored`` event of a deal result (an independent copy)."""
    ev: dict[str, Any] = {"type": "deal_scored", **result}
    for key in _RESULT_LISTS:
        ev[key] = list(result[key])
    ev["declared"] = [dict(d) for d in result["declared"]]
    ev["belotes"] = [dict(b) for b in result["belotes"]]
    return ev


_RESULT_LISTS = ("card_points", "raw", "declarations", "tricks", "awarded", "scores")


# -------------------------------------------------------------------- game
@register
class Belote(MatchTotals, State):
    """A match of four-player Bulgarian Belote (see the module docstring)."""

    game_id: ClassVar[str] = "belote"
    title: ClassVar[str] = "Belote"
    player_counts: ClassVar[tuple[int, ...]] = (4,)
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("target_score", None, 151, "Points a team needs to win the game."),
        OptionSpec(
            "capot_exit", ("one_more_deal", "leader_plus_one"), "one_more_deal",
            "After a capot: play one more deal, or raise the target to the leader's score + 1.",
        ),
        OptionSpec("double_includes_capot", (True, False), True, "A double or redouble also multiplies capot."),
        OptionSpec("redouble_allowed", (True, False), True, "The declaring team may redouble a double (x4)."),
        OptionSpec(
            "declarations_allowed", (True, False), True,
            "Sequences and carrés may be declared (belote always counts).",
        ),
    )
    deck_low_rank: ClassVar[str] = "7"
    deck_jokers: ClassVar[bool] = False

    def __init__(self, players: int, options: Mapping[str, OptionValue], first_dealer: int) -> None:
        super().__init__(players, options, first_dealer)
        self._decl_on = bool(self.options["declarations_allowed"])
        self._redouble_on = bool(self.options["redouble_allowed"])
        self._capot_doubles = bool(self.options["double_includes_capot"])
        self._leader_plus_one = self.options["capot_exit"] == "leader_plus_one"
        self._phase = PHASE_DEAL
        self._cp: int | None = CHANCE
        self._dealer = first_dealer
        self._deal_no = 0
        self._scores = [0, 0]
        self._results: list[dict[str, Any]] = []
        self._pot = 0
        self._target = int(self.options["target_score"])
        self._winner: int | None = None
        self._in_deck = True  # all cards gathered face down (match start, thrown-in deal)
        self._revealed = False  # the deal is over: declared cards are public
        self._reset_deal()

    def _reset_deal(self) -> None:
        self._hands = [0, 0, 0, 0]
        self._stock: list[int] = []
        self._bids: list[tuple[int, str]] = []
        self._cur = -1  # highest contract index bid so far
        self._bidder = -1
        self._mult = 1
        self._passes = 0
        self._contract = -1
        self._trump = -1
        self._power = _POWER[0]
        self._pts = _POINTS[0]
        self._trick: list[int] = []
        self._leader = -1
        self._wseat = -1
        self._wcard = -1
        self._ntrick = 0
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards, winner)
        self._cardpts = [0, 0]
        self._tricks_won = [0, 0, 0, 0]
        self._decls: list[tuple[int, str, int]] = []  # (seat, call, mask); mask 0 = placeholder
        self._decl_strength: list[int] = []
        self._belotes: list[tuple[int, int]] = []  # (seat, suit index)
        self._belmask = [0, 0, 0, 0]
        self._known = 0  # cards publicly known to be in a hand: the other half of an announced belote
        self._decl_opts: list[list[Action] | None] = [None, None, None, None]
        self._lm = -1  # cached legal-card mask of the current player, -1 = unknown
        self._extras = False  # belote or declaration actions may be legal (else plays only)

    # ------------------------------------------------------------ basics
    @property
    def current_player(self) -> int | None:
        """The seat to act, :data:`core.CHANCE` for the deal, ``None`` at the end."""
        return self._cp

    @property
    def sides(self) -> list[list[int]]:
        """The partnerships: ``[[0, 2], [1, 3]]``."""
        return [[0, 2], [1, 3]]

    def sample_chance(self, rng: random.Random) -> Action:
        """A uniformly shuffled deal (same draws from ``rng`` as the base class)."""
        cards = list(_DECK_STRS)
        rng.shuffle(cards)
        return Action("deal", deck=tuple(cards))

    def _copy_mutable(self, new: State) -> None:
        assert isinstance(new, Belote)
        new._scores = list(self._scores)
        new._results = list(self._results)
        new._hands = list(self._hands)
        new._stock = list(self._stock)
        new._bids = list(self._bids)
        new._trick = list(self._trick)
        new._tricks = list(self._tricks)
        new._cardpts = list(self._cardpts)
        new._tricks_won = list(self._tricks_won)
        new._decls = list(self._decls)
        new._decl_strength = list(self._decl_strength)
        new._belotes = list(self._belotes)
        new._belmask = list(self._belmask)
        new._decl_opts = [None, None, None, None]

    # ------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (empty at a chance node or the end)."""
        if self._phase == PHASE_PLAY:
            p = self._cp
            assert p is not None
            m = self._lm
            if m < 0:
                m = self._lm = legal_mask(self._contract, self._trick, self._wseat, self._wcard, p, self._hands[p])
            out = [*_PB0[(m >> 5) & 255], *_PB1[(m >> 21) & 255], *_PB2[(m >> 37) & 255], *_PB3[(m >> 53) & 255]]
            if self._extras:
                bel = self._belmask[p] & m
                if bel:
                    for c in ids_of(bel):
                        if self._belote_ok(c):
                            out.append(_PLAY_BELOTE[c])
                if self._ntrick == 0 and self._decl_on and self._contract != NT:
                    out.extend(self._declare_offers(p))
            return out
        if self._phase == PHASE_BID:
            return self._bid_actions()
        return []

    def _bid_actions(self) -> list[Action]:
        p = self._cp
        assert p is not None
        extra = 0  # 1: double, 2: redouble
        if self._cur >= 0:
            same = not (p - self._bidder) & 1
            if self._mult == 1 and not same:
                extra = 1
            elif self._mult == 2 and same and self._redouble_on:
                extra = 2
        return list(_BID_LISTS[self._cur + 1][extra])

    def _belote_ok(self, c: int) -> bool:
        """Whether playing ``c`` (a legal card) may announce belote (§6.4)."""
        p = self._cp
        assert p is not None
        if not self._belmask[p] >> c & 1:
            return False
        if self._contract == AT and self._trick:
            return c >> 4 == self._trick[0] >> 4
        return True

    def _declare_offers(self, p: int) -> list[Action]:
        offers = self._decl_opts[p]
        if offers is None:
            made = [(call, m) for s, call, m in self._decls if s == p]
            offers = [_declare_action(call, m) for call, m, _, _ in declarable(self._hands[p], made)]
            self._decl_opts[p] = offers
        return offers

    def apply(self, action: Action) -> None:
        """Apply ``action``; raise :class:`core.IllegalAction` (state unchanged) if not allowed.

        Same contract as :meth:`core.State.apply`, with a fused fast path for
        the commonest action (a plain card play).
        """
        if self._phase == PHASE_PLAY and action.type == "play" and action.call is None:
            cid = _CID.get(action.card, -1)
            m = self._lm
            if m < 0:
                p = self._cp
                assert p is not None
                m = self._lm = legal_mask(self._contract, self._trick, self._wseat, self._wcard, p, self._hands[p])
            if cid >= 0 and m >> cid & 1:
                self._play(cid, action)
                self._history.append(action)
                return
        elif self._phase == PHASE_BID and action.type == "bid":
            call = action.call
            if call == "pass" or _CONTRACT_INDEX.get(call or "", -1) > self._cur:
                self._bid(str(call))
                self._history.append(action)
                return
        State.apply(self, action)

    # -------------------------------------------------------------- check
    def _check(self, action: Action) -> None:
        ph = self._phase
        kind = action.type
        if ph == PHASE_PLAY:
            if kind == "play":
                cid = _CID.get(action.card, -1)
                m = self._lm
                if m < 0:
                    p = self._cp
                    assert p is not None
                    m = self._lm = legal_mask(
                        self._contract, self._trick, self._wseat, self._wcard, p, self._hands[p]
                    )
                if cid >= 0 and m >> cid & 1:
                    call = action.call
                    if call is None or (call == BELOTE and self._belote_ok(cid)):
                        return
                raise IllegalAction(self._play_refusal(action, cid, m))
            if kind == "declare":
                self._check_declare(action)
                return
            raise IllegalAction("it is time to play a card")
        if ph == PHASE_BID:
            if kind != "bid":
                raise IllegalAction("it is time to bid (or pass)")
            self._check_bid(action.call)
            return
        if ph == PHASE_DEAL:
            if kind == "deal" and action.deck is not None and len(action.deck) == 32 and (
                _DECK_SET.issuperset(action.deck) and len(set(action.deck)) == 32
            ):
                return
            self.check_deal(action)
            return
        raise IllegalAction("the match is over")

    def _play_refusal(self, action: Action, cid: int, legal: int) -> Refusal:
        p = self._cp
        assert p is not None
        if cid < 0:
            return Refusal("say which card to play")
        hand = self._hands[p]
        if not hand >> cid & 1:
            return Refusal("you do not hold the {card}", card=_CS[cid])
        if legal >> cid & 1:
            call = action.call
            if call != BELOTE:
                return Refusal("unknown announcement {call}; the only one made with a card is 'belote'",
                               call=repr(call)[:20])
            if self._contract == NT:
                return Refusal("there is no belote in no trumps")
            if cid & 15 not in (_RK, _RQ):
                return Refusal("belote is announced with the king or queen")
            if self._contract < NT and cid >> 4 != self._trump:
                return Refusal("belote is the king and queen of trumps")
            if not self._belmask[p] >> cid & 1:
                return Refusal("belote needs both the king and the queen in your hand")
            return Refusal("in all trumps, belote counts only when led or played to its own suit")
        trick = self._trick
        ls = SUITS[trick[0] >> 4]
        best = _CS[self._wcard]
        if hand & SUIT_MASK[trick[0] >> 4]:
            if cid >> 4 != trick[0] >> 4:
                return Refusal("must follow {suit}", suit=ls)
            if self._contract == AT:
                return Refusal("must beat the {card}", card=best)
            return Refusal("must play a trump higher than the {card}", card=best)
        if self._wcard >> 4 == self._trump:
            return Refusal("must overtrump the {card}", card=best)
        return Refusal("must trump: you have no {suit}", suit=ls)

    def _check_bid(self, call: str | None) -> None:
        p = self._cp
        assert p is not None
        if call == "pass":
            return
        k = _CONTRACT_INDEX.get(call or "")
        if k is not None:
            if k <= self._cur:
                raise IllegalAction("you must bid higher than {contract}", contract=CONTRACTS[self._cur])
            return
        if call == "double":
            if self._cur < 0:
                raise IllegalAction("there is no contract to double")
            if not (p - self._bidder) & 1:
                raise IllegalAction("you cannot double your own team's contract")
            if self._mult != 1:
                raise IllegalAction("the contract is already doubled")
            return
        if call == "redouble":
            if not self._redouble_on:
                raise IllegalAction("redouble is not allowed at this table")
            if self._mult != 2:
                raise IllegalAction("only a doubled contract can be redoubled")
            if (p - self._bidder) & 1:
                raise IllegalAction("only the declaring team can redouble")
            return
        raise IllegalAction("unknown call {call}; calls: pass, C, D, H, S, NT, AT, double, redouble",
                            call=repr(call)[:20])

    def _check_declare(self, action: Action) -> None:
        p = self._cp
        assert p is not None
        if self._contract == NT:
            raise IllegalAction("there are no declarations in no trumps")
        if not self._decl_on:
            raise IllegalAction("declarations are not played at this table")
        if self._ntrick != 0:
            raise IllegalAction("declarations are made with your first card, in the first trick")
        offers = self._declare_offers(p)
        if action in offers:
            return
        try:
            mask = strs_to_mask(action.cards or ())
        except ValueError:  # pragma: no cover - action_from_json already checks cards
            mask = 0
        for a in offers:
            if a.cards is not None and strs_to_mask(a.cards) == mask and len(a.cards) == len(action.cards or ()):
                if a.call == action.call:
                    return
                raise IllegalAction("that combination is a {call}, not {given}", call=a.call or "",
                                    given=repr(action.call)[:20])
        if not offers:
            raise IllegalAction("you have nothing (more) to declare")
        shown = "; ".join(f"{a.call} {' '.join(a.cards or ())}" for a in offers)
        raise IllegalAction("you can declare: {offers}", offers=shown)

    # -------------------------------------------------------------- apply
    def _apply(self, action: Action) -> None:
        ph = self._phase
        if ph == PHASE_PLAY:
            if action.type == "play":
                self._play(_CID[action.card], action)
            else:
                self._declare(action)
        elif ph == PHASE_BID:
            self._bid(str(action.call))
        else:
            self._deal(action)

    def _deal(self, action: Action) -> None:
        assert action.deck is not None
        strs = action.deck
        ids = [_CID[c] for c in strs]
        self._reset_deal()
        self._in_deck = False
        self._revealed = False
        self._deal_no += 1
        d = self._dealer
        hands = self._hands
        sizes = [5, 5, 5, 5]
        for i in range(4):
            s = (d + 1 + i) & 3
            hands[s] = (1 << ids[3 * i]) | (1 << ids[3 * i + 1]) | (1 << ids[3 * i + 2]) | (
                1 << ids[12 + 2 * i]) | (1 << ids[13 + 2 * i])
        self._stock = ids[20:]
        for i in range(4):
            s = (d + 1 + i) & 3
            ev = {"type": "dealt", "seat": s, "dealer": d, "round": 1, "hand_sizes": sizes}
            self._emit(ev, s, {**ev, "cards": [*strs[3 * i:3 * i + 3], *strs[12 + 2 * i:14 + 2 * i]]})
        self._phase = PHASE_BID
        self._cp = (d + 1) & 3

    def _bid(self, call: str) -> None:
        p = self._cp
        assert p is not None
        self._bids.append((p, call))
        self._log.append(({"type": "bid", "seat": p, "call": call}, -2, None))
        if call == "pass":
            self._passes += 1
            if self._cur < 0 and self._passes == 4:
                self._throw_in()
                return
            if self._cur >= 0 and self._passes == 3:
                self._start_play()
                return
        else:
            self._passes = 0
            if call == "double":
                self._mult = 2
            elif call == "redouble":
                self._mult = 4
            else:
                self._cur = _CONTRACT_INDEX[call]
                self._bidder = p
                self._mult = 1
        self._cp = (p + 1) & 3

    def _throw_in(self) -> None:
        d = self._dealer
        result: dict[str, Any] = {
            "deal": self._deal_no, "dealer": d, "outcome": "annulled", "contract": None, "declarer": None,
            "multiplier": 1, "card_points": [0, 0], "card_total": 0, "raw": [0, 0], "declarations": [0, 0],
            "declared": [], "belotes": [], "tricks": [0, 0], "last_trick": None, "capot": None,
            "awarded": [0, 0], "hanging_in": self._pot, "hanging_out": self._pot, "scores": list(self._scores),
            "target": self._target,
        }
        self._results.append(result)
        self._emit({"type": "thrown_in", "dealer": d})
        self._emit(_result_event(result))
        self._hands = [0, 0, 0, 0]
        self._stock = []
        self._in_deck = True
        self._dealer = (d + 1) & 3
        self._phase = PHASE_DEAL
        self._cp = CHANCE

    def _start_play(self) -> None:
        k = self._contract = self._cur
        d = self._dealer
        stock = self._stock
        hands = self._hands
        for i in range(4):
            s = (d + 1 + i) & 3
            hands[s] |= (1 << stock[3 * i]) | (1 << stock[3 * i + 1]) | (1 << stock[3 * i + 2])
        self._trump = _TRUMP_OF[k]
        self._power = _POWER[k]
        self._pts = _POINTS[k]
        self._emit({"type": "contract", "call": CONTRACTS[k], "declarer": self._bidder, "multiplier": self._mult})
        sizes = [8, 8, 8, 8]
        for i in range(4):
            s = (d + 1 + i) & 3
            ev = {"type": "dealt", "seat": s, "dealer": d, "round": 2, "hand_sizes": sizes}
            self._emit(ev, s, {**ev, "cards": [_CS[c] for c in stock[3 * i:3 * i + 3]]})
        self._stock = []
        self._belmask = [self._belote_pairs(h) for h in hands]
        self._set_extras()
        self._phase = PHASE_PLAY
        self._leader = self._cp = (d + 1) & 3

    def _set_extras(self) -> None:
        self._extras = bool(
            self._belmask[0] | self._belmask[1] | self._belmask[2] | self._belmask[3]
            or (self._ntrick == 0 and self._decl_on and self._contract != NT)
        )

    def _belote_pairs(self, hand: int) -> int:
        k = self._contract
        if k == NT:
            return 0
        out = 0
        for s in (range(4) if k == AT else (self._trump,)):
            if hand & _KQ[s] == _KQ[s]:
                out |= _KQ[s]
        return out

    def _declare(self, action: Action) -> None:
        p = self._cp
        assert p is not None and action.call is not None
        mask = strs_to_mask(action.cards or ())
        self._add_declaration(p, action.call, mask)
        self._emit({"type": "declared", "seat": p, "call": action.call}, p,
                   {"type": "declared", "seat": p, "call": action.call, "cards": mask_strs(mask)})

    def _add_declaration(self, p: int, call: str, mask: int) -> None:
        self._decls.append((p, call, mask))
        self._decl_strength.append(declaration_strength(call, mask) if mask else _WEAKEST[call])
        self._decl_opts[p] = None

    def _play(self, cid: int, action: Action) -> None:
        p: int = self._cp  # type: ignore[assignment]  # a seat during the play
        self._hands[p] ^= 1 << cid
        trick = self._trick
        if self._extras:
            bm = self._belmask[p]
            if bm >> cid & 1:
                self._belmask[p] = bm & ~_KQ[cid >> 4]
        if trick:
            w = self._wcard
            if cid >> 4 == w >> 4:
                if self._power[cid] > self._power[w]:
                    self._wcard = cid
                    self._wseat = p
            elif cid >> 4 == self._trump:
                self._wcard = cid
                self._wseat = p
        else:
            self._wcard = cid
            self._wseat = p
        trick.append(cid)
        self._lm = -1
        if action.call is None:
            self._log.append(({"type": "played", "seat": p, "card": action.card}, -2, None))
        else:
            self._belotes.append((p, cid >> 4))
            self._known |= _KQ[cid >> 4] & ~(1 << cid)
            self._emit({"type": "played", "seat": p, "card": action.card, "call": action.call})
        if len(trick) == 4:
            self._finish_trick()
        else:
            self._cp = (p + 1) & 3

    def _finish_trick(self) -> None:
        w = self._wseat
        trick = self._trick
        pts = self._pts
        a, b, c, d = trick
        points = pts[a] + pts[b] + pts[c] + pts[d]
        side = w & 1
        self._ntrick += 1
        last = self._ntrick == 8
        if last:
            points += 10
        self._cardpts[side] += points
        self._tricks_won[w] += 1
        self._tricks.append((self._leader, (a, b, c, d), w))
        self._log.append(({"type": "trick", "leader": self._leader, "winner": w,
                           "cards": [_CS[a], _CS[b], _CS[c], _CS[d]], "points": points}, -2, None))
        self._trick = []
        if self._extras:
            self._set_extras()
        if last:
            self._score()
        else:
            self._leader = self._cp = w

    def _score(self) -> None:
        k = self._contract
        tw = self._tricks_won
        tricks = [tw[0] + tw[2], tw[1] + tw[3]]
        declared: list[dict[str, Any]] = []
        decl_pts = [0, 0]
        if self._decls:
            flags = compare_declarations(
                [(s, call, st, 0) for (s, call, _), st in zip(self._decls, self._decl_strength, strict=True)]
            )
            for (s, call, m), ok in zip(self._decls, flags, strict=True):
                pts = declaration_points(call, m) if m else (
                    _CARRE_POINTS[10] if call == CARRE else SEQ_POINTS[call])
                if ok:
                    decl_pts[s & 1] += pts
                declared.append({"seat": s, "call": call, "points": pts, "scored": ok})
        for s, _suit in self._belotes:
            decl_pts[s & 1] += 20
        raw, capot = raw_points(k, self._cardpts, decl_pts, tricks)
        mult = self._mult
        if capot is not None and not self._capot_doubles:
            mult = 1
        pot_in = self._pot
        outcome, awarded, self._pot = score_deal(k, self._bidder & 1, mult, raw, pot_in, doubled=self._mult > 1)
        self._scores[0] += awarded[0]
        self._scores[1] += awarded[1]
        sc = self._scores
        won: int | None = None
        if capot is not None:
            if self._leader_plus_one:
                self._target = max(self._target, max(sc) + 1)
        else:
            won = match_winner(sc, self._target)
        over = won is not None
        last = self._tricks[-1][2] & 1
        result: dict[str, Any] = {
            "deal": self._deal_no, "dealer": self._dealer, "outcome": outcome, "contract": CONTRACTS[k],
            "declarer": self._bidder, "multiplier": self._mult, "multiplier_applied": mult,
            "card_points": list(self._cardpts), "card_total": CARD_TOTAL[k], "raw": raw,
            "declarations": decl_pts, "declared": declared,
            "belotes": [{"seat": s, "suit": SUITS[su]} for s, su in self._belotes],
            "tricks": tricks, "last_trick": last, "capot": capot, "awarded": awarded,
            "hanging_in": pot_in, "hanging_out": self._pot, "scores": list(sc), "target": self._target,
            "game_over": over,
        }
        self._results.append(result)
        self._revealed = True
        if self._decls:
            self._emit({"type": "revealed", "declarations": [
                {"seat": s, "call": call, "cards": mask_strs(m)} for s, call, m in self._decls]})
        self._emit(_result_event(result))
        if over:
            self._pot = 0  # points still hanging when the match ends are discarded (§10.5)
            self._winner = won
            self._phase = PHASE_OVER
            self._cp = None
            self._emit({"type": "match_over", "scores": list(sc), "winner": self._winner})
        else:
            self._dealer = (self._dealer + 1) & 3
            self._phase = PHASE_DEAL
            self._cp = CHANCE

    # ------------------------------------------------------------- zones
    def card_zones(self) -> dict[str, list[str]]:
        """Every card's location (tests only: reveals hidden cards)."""
        if self._in_deck:
            return {"deck": list(_DECK_STRS)}
        out = {f"hand{s}": mask_strs(self._hands[s]) for s in range(4)}
        out["stock"] = [_CS[c] for c in self._stock]
        out["trick"] = [_CS[c] for c in self._trick]
        won = [0, 0]
        for _, cards, w in self._tricks:
            for c in cards:
                won[w & 1] |= 1 << c
        out["tricks0"] = mask_strs(won[0])
        out["tricks1"] = mask_strs(won[1])
        return out

    def hidden_zones(self, seat: int | None) -> dict[str, list[str]]:
        """The zones ``seat`` cannot see, with their true contents (tests only)."""
        if self._in_deck or self._phase in (PHASE_DEAL, PHASE_OVER):
            return {}
        kn = self._known
        out = {f"hand{s}": mask_strs(self._hands[s] & ~kn) for s in range(4) if s != seat}
        if self._phase == PHASE_BID:
            out["stock"] = [_CS[c] for c in self._stock]
        return out

    # -------------------------------------------------------------- views
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator).  Keys: ``docs/games/belote.md``."""
        v = self.base_view(seat)
        ph = self._phase
        k = self._contract
        v["phase"] = _PHASE_NAMES[ph]
        v["dealer"] = self._dealer
        v["deal_number"] = self._deal_no
        v["hands"] = [mask_strs(self._hands[s]) if s == seat else None for s in range(4)]
        kn = self._known
        v["known"] = [mask_strs(h & kn) if h & kn else [] for h in self._hands]
        v["hand_sizes"] = [h.bit_count() for h in self._hands]
        lead = self._leader
        v["trick"] = [{"seat": (lead + i) & 3, "card": _CS[c]} for i, c in enumerate(self._trick)]
        v["leader"] = lead if ph == PHASE_PLAY else None
        v["last_trick"] = trick_entry(*self._tricks[-1]) if self._tricks else None
        v["trump"] = SUITS[self._trump] if k >= 0 and self._trump >= 0 else None
        v["contract"] = (
            {"call": CONTRACTS[k], "declarer": self._bidder, "team": self._bidder & 1, "multiplier": self._mult}
            if k >= 0 else None
        )
        v["tricks_won"] = list(self._tricks_won)
        v["hidden"], v["unseen"] = hidden_summary(self.hidden_zones(seat))
        v["bids"] = [{"seat": s, "call": c} for s, c in self._bids]
        v["auction"] = {
            "current": CONTRACTS[self._cur] if self._cur >= 0 else None,
            "bidder": self._bidder if self._cur >= 0 else None,
            "multiplier": self._mult, "passes": self._passes,
        }
        decls: list[dict[str, Any]] = []
        for s, call, m in self._decls:
            d: dict[str, Any] = {"seat": s, "call": call}
            if self._revealed or s == seat:
                d["cards"] = mask_strs(m)
            decls.append(d)
        v["declarations"] = decls
        v["belotes"] = [{"seat": s, "suit": SUITS[su]} for s, su in self._belotes]
        v["tricks"] = [trick_entry(tl, tc, tw) for tl, tc, tw in self._tricks]
        v["card_points"] = list(self._cardpts)
        v["hanging"] = self._pot
        v["target"] = self._target
        return v

    # --------------------------------------------------------- from_view
    @classmethod
    def from_view(cls, view: View, fill: Mapping[str, Sequence[str]]) -> Belote:
        """Rebuild a state from ``view`` with the hidden zones holding ``fill``.

        Other seats' declarations are known only by category: each is rebuilt
        as the best combination of that category still declarable in that
        seat's 8-card hand (its hand in ``fill`` plus the cards it played), in
        announcement order.  If ``fill`` holds no such combination, a
        placeholder (no cards, the weakest of its category) stands in for it.
        A caller that knows (or samples) which combinations they are passes
        their cards in ``fill["declared<seat>"]``: that seat's hidden
        declarations one after another in announcement order, each in card
        order as the engine lists them.
        """
        st = cls(int(view["players"]), dict(view["options"]), int(view["dealer"]))
        st._dealer = int(view["dealer"])
        st._deal_no = int(view["deal_number"])
        st._restore_totals(view)
        st._pot = int(view["hanging"])
        st._target = int(view["target"])
        phase = _PHASE_NAMES.index(view["phase"])
        st._phase = phase
        last_annulled = bool(st._results) and st._results[-1].get("outcome") == "annulled"
        if phase == PHASE_DEAL and (st._deal_no == 0 or last_annulled):
            st._in_deck = True
            st._cp = CHANCE
            st._bids = [(int(b["seat"]), str(b["call"])) for b in view["bids"]]
            st._replay_auction()
            return st
        st._in_deck = False
        known = [strs_to_mask(k) for k in view.get("known") or ()]
        for m in known:
            st._known |= m
        for s in range(4):
            own = view["hands"][s]
            st._hands[s] = strs_to_mask(own) if own is not None else (
                (known[s] if s < len(known) else 0) | strs_to_mask(fill.get(f"hand{s}", ())))
        st._stock = [_CID[c] for c in fill.get("stock", ())]
        st._bids = [(int(b["seat"]), str(b["call"])) for b in view["bids"]]
        st._replay_auction()
        contract = view["contract"]
        if contract is not None:
            k = st._contract = _CONTRACT_INDEX[contract["call"]]
            st._trump = _TRUMP_OF[k]
            st._power = _POWER[k]
            st._pts = _POINTS[k]
        for t in view["tricks"]:
            cards = tuple(_CID[c] for c in t["cards"])
            w = int(t["winner"])
            st._tricks.append((int(t["leader"]), cards, w))
        st._ntrick = len(st._tricks)
        st._cardpts = list(view["card_points"])
        st._tricks_won = list(view["tricks_won"])
        st._belotes = [(int(b["seat"]), SUITS.index(b["suit"])) for b in view["belotes"]]
        st._revealed = phase in (PHASE_DEAL, PHASE_OVER)
        if phase == PHASE_BID:
            st._cp = (st._bids[-1][0] + 1) & 3 if st._bids else (st._dealer + 1) & 3
            return st
        st._leader = int(view["leader"]) if view["leader"] is not None else -1
        st._trick = [_CID[e["card"]] for e in view["trick"]]
        if st._trick:
            i = trick_winner_index(st._contract, st._trick)
            st._wcard = st._trick[i]
            st._wseat = (st._leader + i) & 3
        # declarations, in announcement order
        played = [0, 0, 0, 0]
        for tl, tc, _ in st._tricks:
            for i, c in enumerate(tc):
                played[(tl + i) & 3] |= 1 << c
        for i, c in enumerate(st._trick):
            played[(st._leader + i) & 3] |= 1 << c
        given = {s: [_CID[c] for c in fill[f"declared{s}"]] for s in range(4) if f"declared{s}" in fill}
        for d in view["declarations"]:
            s, call = int(d["seat"]), str(d["call"])
            if "cards" in d:
                mask = strs_to_mask(d["cards"])
            elif given.get(s):
                mask = _take_combination(given[s], call)
            else:
                made = [(c2, m2) for s2, c2, m2 in st._decls if s2 == s]
                opt = declaration_options(st._hands[s] | played[s], made).get(call)
                mask = opt[0] if opt is not None else 0
            st._add_declaration(s, call, mask)
        if phase == PHASE_PLAY:
            st._belmask = [st._belote_pairs(h) for h in st._hands]
            st._set_extras()
            st._cp = (st._leader + len(st._trick)) & 3
        elif phase == PHASE_OVER:
            st._cp = None
        else:
            st._cp = CHANCE
        return st

    def _replay_auction(self) -> None:
        cur, bidder, mult, passes = -1, -1, 1, 0
        for s, call in self._bids:
            if call == "pass":
                passes += 1
            elif call == "double":
                mult, passes = 2, 0
            elif call == "redouble":
                mult, passes = 4, 0
            else:
                cur, bidder, mult, passes = _CONTRACT_INDEX[call], s, 1, 0
        self._cur, self._bidder, self._mult, self._passes = cur, bidder, mult, passes


def _take_combination(cards: list[int], call: str) -> int:
    """Remove the first combination of category ``call`` from ``cards`` (see ``from_view``); its mask."""
    if call == "quint":  # the whole run, 5 to 8 cards
        n = 1
        while n < len(cards) and cards[n] == cards[n - 1] + 1:
            n += 1
    else:
        n = 3 if call == "tierce" else 4  # a quarte or a carré
    mask = 0
    for c in cards[:n]:
        mask |= 1 << c
    del cards[:n]
    return mask
