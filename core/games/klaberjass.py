"""Klaberjass (Clobyosh, Bela): the two-player jack-nine game, played to 500.

One :class:`Klaberjass` state is a whole match.  A deal goes through these
phases (``view["phase"]``):

``deal``
    chance: the next action is ``{"type": "deal", "deck": [...]}``.
``bidding``
    four calls at most: non-dealer, dealer ``take``/``pass`` on the turned
    suit, then non-dealer, dealer name another suit (``S H D C``) or ``pass``;
    ``schmeiss`` too when that option is on.
``schmeiss``
    the opponent of the schmeiss caller answers ``annul`` or ``play``.
``naming``
    after ``play`` in the second round: the new maker names a suit.
``exchange``
    the dix: non-dealer then dealer each ``exchange`` (only the holder of the
    seven of trumps can) or ``keep``.  Skipped when no exchange is possible.
``declaring``
    non-dealer then dealer ``declare`` a sequence or say ``done``.
``play``
    nine tricks; ``play`` actions, with ``call="bella"`` on the second of the
    king and queen of trumps.
``over``
    the match is over.

Cards are ids and masks (:mod:`core.cards`); every hot-path table is built
once at import.  The pure rule functions (:func:`legal_play_mask`,
:func:`trick_winner2`, :func:`ranked_runs`, :func:`compare_sequences`,
:func:`score_deal`, :func:`match_winner`) are what the engine itself uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from core.games.common import MatchTotals, hidden_summary, match_winner, trick_entry
from core.options import OptionSpec
from core.registry import register
from core.state import CHANCE, State, View
from core.text import Refusal
from core.tricks import PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_ABOVE, TRUMP_POINTS, TRUMP_STRENGTH, byte_runs, points_table

# --------------------------------------------------------------------- tables
_TRUMP_PTS = points_table(TRUMP_POINTS)
_PLAIN_PTS = points_table(PLAIN_POINTS)

POINTS: list[list[int]] = [
    [_TRUMP_PTS[c] if c >> 4 == t else _PLAIN_PTS[c] for c in range(64)] for t in range(4)
]
"""``POINTS[trump][card]``: card points of a card id when ``trump`` is trumps."""

STRENGTH: list[list[int]] = [
    [TRUMP_STRENGTH[c] if c >> 4 == t else PLAIN_STRENGTH[c] for c in range(64)] for t in range(4)
]
"""``STRENGTH[trump][card]``: rank of a card within its suit (trump or plain order)."""

DECK_IDS: list[int] = deck("7")
"""The 32 card ids of the pack."""
_DECK_SET = frozenset(CARD_STRS[c] for c in DECK_IDS)
_RANK_SHIFT = 5  # rank index of the seven: the 8 ranks 7..A are bits 5..12 of a suit
SEVEN = [s * 16 + 5 for s in range(4)]
"""Card id of the seven of each suit."""
QUEEN = [s * 16 + 10 for s in range(4)]
"""Card id of the queen of each suit."""
KING = [s * 16 + 11 for s in range(4)]
"""Card id of the king of each suit."""

LAST_TRICK = 10
"""Points for winning the ninth trick."""
BELLA = 20
"""Points for an announced bella."""
TRICKS = 9
"""Tricks in a deal."""

PLAY: dict[int, Action] = {c: Action("play", card=CARD_STRS[c]) for c in DECK_IDS}
"""Interned ``play`` action of each card id."""
PLAY_BELLA: dict[int, Action] = {c: Action("play", card=CARD_STRS[c], call="bella") for c in DECK_IDS}
"""Interned ``play`` action announcing bella, per card id."""
_PLAY_BY_BYTE: list[list[tuple[Action, ...]]] = suit_byte_tables(PLAY)

BIDS: dict[str, Action] = {
    c: Action("bid", call=c) for c in ("take", "pass", "schmeiss", "annul", "play", *SUITS)
}
"""Interned ``bid`` actions by call."""
EXCHANGE = Action("exchange")
"""The dix exchange action."""
KEEP = Action("keep")
"""Declining the dix exchange."""
DONE = Action("done")
"""Finishing (or skipping) the declarations."""


_RUNS_BY_BYTE = byte_runs()


# ------------------------------------------------------------- rule functions
def legal_play_mask(hand: int, lead: int, trump: int) -> int:
    """Mask of the cards of ``hand`` that may be played (§9).

    ``lead`` is the led card id (``-1`` when leading: any card), ``trump`` the
    trump suit index.

    >>> from core.cards import strs_to_mask, card_id, mask_to_strs
    >>> mask_to_strs(legal_play_mask(strs_to_mask(["9S", "KS", "7S", "AH"]), card_id("AS"), 0))
    ['9S']
    """
    if lead < 0:
        return hand
    ls = lead >> 4
    follow = hand & SUIT_MASK[ls]
    if follow:
        if ls == trump:
            return (follow & TRUMP_ABOVE[lead]) or follow
        return follow
    return (hand & SUIT_MASK[trump]) or hand


def trick_winner2(lead: int, follow: int, trump: int) -> bool:
    """True if the second card ``follow`` beats the led card ``lead`` (§9)."""
    fs = follow >> 4
    if fs == lead >> 4:
        table = STRENGTH[trump]
        return table[follow] > table[lead]
    return fs == trump


def ranked_runs(hand: int, trump: int) -> list[list[int]]:
    """Every maximal run (3+ cards in ``A K Q J T 9 8 7``) of ``hand``, best first.

    Each run is a list of card ids, lowest first.  Best first means: longer,
    then higher top card, then in trumps, then (a fixed tie-break between two
    equal plain runs) the first suit in S H D C order.
    """
    found: list[tuple[tuple[int, int, int, int], list[int]]] = []
    for s in range(4):
        b = (hand >> (s * 16 + _RANK_SHIFT)) & 0xFF
        if not b:
            continue
        for start, length in _RUNS_BY_BYTE[b]:
            base = s * 16 + _RANK_SHIFT + start
            found.append(((length, start + length - 1, int(s == trump), -s), list(range(base, base + length))))
    found.sort(key=lambda x: x[0], reverse=True)
    return [run for _, run in found]


def run_value(run: Sequence[int]) -> int:
    """Points of a sequence: 20 for three cards, 50 for four or more."""
    return 20 if len(run) == 3 else 50


def run_call(run: Sequence[int]) -> str:
    """The public category of a sequence: ``"20"`` or ``"50"``."""
    return "20" if len(run) == 3 else "50"


def run_key(run: Sequence[int], trump: int) -> tuple[int, int, int]:
    """Comparison key of a sequence (§7): length, top card, in trumps."""
    top = max(run)
    return (len(run), (top & 15) - _RANK_SHIFT, int(top >> 4 == trump))


def compare_sequences(
    declared: Sequence[Sequence[Sequence[int]]], trump: int, best_only: bool = True
) -> tuple[int | None, list[int]]:
    """Resolve the declarations of both seats (§7): ``(winner or None, points per seat)``.

    ``declared[seat]`` lists that seat's declared runs (card ids).  The best
    run of each seat is compared; equal keys in plain suits score nothing.
    ``best_only`` scores only the winning run, otherwise every declared run
    of the winner.

    >>> from core.cards import card_id as c
    >>> compare_sequences([[[c("7C"), c("8C"), c("9C"), c("TC")]], [[c("QH"), c("KH"), c("AH")]]], 1)
    (0, [50, 0])
    """
    keys = [max((run_key(r, trump) for r in runs), default=None) for runs in declared]
    points = [0] * len(declared)
    k0, k1 = keys[0], keys[1]
    if k0 is None and k1 is None:
        return None, points
    if k1 is None or (k0 is not None and k0 > k1):
        winner = 0
    elif k0 is None or k1 > k0:
        winner = 1
    else:
        return None, points
    runs = declared[winner]
    if best_only:
        best = max(runs, key=lambda r: run_key(r, trump))
        points[winner] = run_value(best)
    else:
        points[winner] = sum(run_value(r) for r in runs)
    return winner, points


def card_points(cards: int, trump: int) -> int:
    """Card points of the cards in mask ``cards`` with ``trump`` as trumps."""
    table = POINTS[trump]
    total = 0
    while cards:
        low = cards & -cards
        total += table[low.bit_length() - 1]
        cards ^= low
    return total


def score_deal(
    maker: int, totals: Sequence[int], hanging: int = 0, maker_tie: str = "maker_zero"
) -> tuple[str, list[int], int, int | None]:
    """Score a played deal (§10).

    ``totals`` are both seats' deal totals (cards, last trick, sequences,
    bella) and ``hanging`` the points hanging from earlier ties.  Returns
    ``(outcome, deal_points, hanging_out, hanging_to)``: the outcome
    (``"made"``, ``"tie"``, ``"bete"``), the points each seat scores from this
    deal itself, the hanging points left after it, and the seat that collects
    the earlier hanging points (``None`` if none are collected).

    >>> score_deal(1, [120, 92])
    ('bete', [212, 0], 0, None)
    """
    opp = 1 - maker
    m, o = totals[maker], totals[opp]
    pts = [0, 0]
    if m > o:
        pts[maker], pts[opp] = m, o
        return "made", pts, 0, (maker if hanging else None)
    if m < o:
        pts[opp] = o + m
        return "bete", pts, 0, (opp if hanging else None)
    pts[opp] = o
    if maker_tie == "hang":
        return "tie", pts, hanging + m, None
    return "tie", pts, hanging, None


def _strs(ids: Sequence[int]) -> list[str]:
    return [CARD_STRS[c] for c in ids]


# ---------------------------------------------------------------------- state
@register
class Klaberjass(MatchTotals, State):
    """A two-player Klaberjass match (see ``docs/games/klaberjass.md``)."""

    game_id = "klaberjass"
    title = "Klaberjass"
    player_counts = (2,)
    OPTIONS = (
        OptionSpec("target_score", None, 500, "The first player at or above this score after a deal wins."),
        OptionSpec("sequence_scoring", ("best_only", "all_of_winner"), "best_only",
                   "best_only: only the best sequence scores; all_of_winner: its owner scores all theirs."),
        OptionSpec("maker_tie", ("maker_zero", "hang"), "maker_zero",
                   "When the maker ties: maker_zero scores the maker 0; hang holds the maker's "
                   "points for the next winner."),
        OptionSpec("dix_exchange", ("turned_suit_only", "any_trump", "off"), "turned_suit_only",
                   "Who may swap the seven of trumps for the turn-up: only if the turned suit "
                   "is trumps, always, or never."),
        OptionSpec("schmeiss", (False, True), False,
                   "Allow 'schmeiss': the opponent must annul the deal or become the maker."),
    )
    deck_low_rank = "7"
    deck_jokers = False

    def __init__(self, players: int, options: Mapping[str, Any], first_dealer: int) -> None:
        super().__init__(players, options, first_dealer)
        self.target = int(self.options["target_score"])
        self.best_only = self.options["sequence_scoring"] == "best_only"
        self.hang = self.options["maker_tie"] == "hang"
        self.dix = str(self.options["dix_exchange"])
        self.schmeiss_on = bool(self.options["schmeiss"])
        self.dealer = first_dealer
        self.deal_no = 0
        self._scores = [0, 0]
        self._results: list[dict[str, Any]] = []
        self.hanging = 0
        self._winner: int | None = None
        self.phase = "deal"
        self._cp: int | None = CHANCE
        self._clear_deal()

    def _clear_deal(self) -> None:
        """Reset every per-deal field (before a deal is dealt)."""
        self.in_deal = False
        self.hands = [0, 0]
        self.known = [0, 0]
        self.stock: list[int] = []
        self.turnup = -1
        self.turned_suit = -1
        self.bottom = -1
        self.bids: list[tuple[int, str]] = []
        self.passes = 0
        self.schmeiss_by = -1
        self.trump = -1
        self.maker = -1
        self.how = ""
        self.exchanged: tuple[int, int, int] | None = None
        self.declared: list[list[list[int]]] = [[], []]
        self.seq_winner: int | None = None
        self.seq_points: list[int] | None = None
        self.revealed = False
        self.trick: list[int] = []
        self.leader = -1
        self.tricks: list[tuple[int, int, int, int]] = []
        self.tricks_won = [0, 0]
        self.card_pts = [0, 0]
        self.played = [0, 0]
        self.won = [0, 0]
        self.bella = [False, False]
        self._legal_cache = -1
        self._lcache: list[Action] | None = None

    def _copy_mutable(self, new: State) -> None:
        assert isinstance(new, Klaberjass)
        new._scores = list(self._scores)
        new._results = list(self._results)
        new.hands = list(self.hands)
        new.known = list(self.known)
        new.stock = list(self.stock)
        new.bids = list(self.bids)
        new.declared = [[list(r) for r in runs] for runs in self.declared]
        new.seq_points = None if self.seq_points is None else list(self.seq_points)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.tricks_won = list(self.tricks_won)
        new.card_pts = list(self.card_pts)
        new.played = list(self.played)
        new.won = list(self.won)
        new.bella = list(self.bella)

    # ------------------------------------------------------------ properties
    @property
    def current_player(self) -> int | None:
        """The seat to act, :data:`core.CHANCE` for the deal, ``None`` when over."""
        return self._cp

    @property
    def sides(self) -> list[list[int]]:
        """Each seat plays for itself."""
        return [[0], [1]]

    @property
    def non_dealer(self) -> int:
        """The non-dealer (elder hand), who bids first and leads the first trick."""
        return 1 - self.dealer

    # ----------------------------------------------------------------- legal
    def _play_mask(self, seat: int) -> int:
        if self._legal_cache >= 0:
            return self._legal_cache
        lead = self.trick[0] if self.trick else -1
        m = legal_play_mask(self.hands[seat], lead, self.trump)
        self._legal_cache = m
        return m

    def _bella_ok(self, seat: int, cid: int) -> bool:
        t = self.trump
        if cid == KING[t]:
            return bool(self.played[seat] >> QUEEN[t] & 1)
        if cid == QUEEN[t]:
            return bool(self.played[seat] >> KING[t] & 1)
        return False

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty at a deal and at the end)."""
        ph = self.phase
        if ph == "play":
            seat = self._cp
            assert seat is not None
            m = self._legal_cache
            if m < 0:
                m = self._play_mask(seat)
            t = self.trump
            tb = _PLAY_BY_BYTE
            out: list[Action] = [*tb[0][(m >> 5) & 255], *tb[1][(m >> 21) & 255], *tb[2][(m >> 37) & 255],
                                 *tb[3][(m >> 53) & 255]]
            if m & ((1 << KING[t]) | (1 << QUEEN[t])):
                for c in (QUEEN[t], KING[t]):
                    if m >> c & 1 and self._bella_ok(seat, c):
                        out.insert(out.index(PLAY[c]) + 1, PLAY_BELLA[c])
            return out
        if self._lcache is not None:
            return list(self._lcache)
        out = self._legal_other(ph)
        self._lcache = out
        return list(out)

    def _legal_other(self, ph: str) -> list[Action]:
        out: list[Action]
        if ph == "bidding":
            if self.passes < 2:
                out = [BIDS["take"], BIDS["pass"]]
            else:
                out = [BIDS[s] for i, s in enumerate(SUITS) if i != self.turned_suit]
                out.append(BIDS["pass"])
            if self.schmeiss_on:
                out.append(BIDS["schmeiss"])
            return out
        if ph == "schmeiss":
            return [BIDS["annul"], BIDS["play"]]
        if ph == "naming":
            return [BIDS[s] for i, s in enumerate(SUITS) if i != self.turned_suit]
        if ph == "exchange":
            seat = self._cp
            assert seat is not None
            if self.hands[seat] >> SEVEN[self.trump] & 1:
                return [EXCHANGE, KEEP]
            return [KEEP]
        if ph == "declaring":
            return [*self._declare_offers(), DONE]
        return []

    def _declare_offers(self) -> list[Action]:
        """The runs the seat to act may declare now, best first (§7).

        Every maximal run of its hand not declared yet; with ``best_only``
        nothing once it has declared one (its turn then passes at once).
        Declaring the first offer until none is left declares them all.
        """
        seat = self._cp
        assert seat is not None
        done = self.declared[seat]
        if self.best_only and done:
            return []
        return [Action("declare", cards=tuple(_strs(run)), call=run_call(run))
                for run in ranked_runs(self.hands[seat], self.trump) if run not in done]

    # ----------------------------------------------------------------- check
    def _check(self, action: Action) -> None:
        ph = self.phase
        if ph == "play":
            self._check_play(action)
            return
        if ph == "deal":
            if action.type != "deal":
                raise IllegalAction("the cards must be dealt first")
            d = action.deck
            if d is None or len(d) != 32 or set(d) != _DECK_SET:
                raise IllegalAction("a deal must hold each of the 32 cards exactly once")
            if any(f is not None for f in (action.card, action.cards, action.call, action.suit, action.n)):
                raise IllegalAction("a deal carries only the deck")
            return
        if action.type == "deal":
            raise IllegalAction("it is not time to deal")
        legal = self.legal_actions()
        if action in legal:
            return
        if ph == "declaring" and action.type == "declare" and action.cards is not None:
            for offer in legal:  # the same run with its cards in another order
                if offer.type == "declare" and sorted(action.cards) == sorted(offer.cards or ()):
                    if action.call == offer.call:
                        return
                    n = len(action.cards)
                    raise IllegalAction("a run of {n_count_word} is declared as {call}", n_count_word=n,
                                        call=offer.call or "")
        raise IllegalAction(self._why_not(action))

    def _why_not(self, action: Action) -> Refusal:
        ph = self.phase
        kind = action.type
        turned = SUITS[self.turned_suit] if self.turned_suit >= 0 else "?"
        if ph == "bidding":
            if kind != "bid":
                return Refusal("it is time to bid")
            call = action.call
            if self.passes < 2:
                if call in ("S", "H", "D", "C"):
                    return Refusal("in the first round you may only take {suit} or pass", suit=turned)
                if self.schmeiss_on:
                    return Refusal("in the first round the calls are take or pass (or schmeiss)")
                return Refusal("in the first round the calls are take or pass")
            if call == SUITS[self.turned_suit]:
                return Refusal("{suit} was turned down: name another suit or pass", suit=turned)
            if call == "schmeiss":
                return Refusal("schmeiss is not played (option 'schmeiss' is off)")
            return Refusal("in the second round name a suit other than {suit}, or pass", suit=turned)
        if ph == "schmeiss":
            return Refusal("answer the schmeiss: annul the deal or play")
        if ph == "naming":
            return Refusal("name the trump suit: any suit but {suit}", suit=turned)
        if ph == "exchange":
            if kind == "exchange":
                if action.card is not None:
                    return Refusal("the exchange names no card: it always swaps the seven of trumps")
                return Refusal("you do not hold the {card}", card="7" + SUITS[self.trump])
            return Refusal("exchange the seven of trumps for the turn-up card, or keep")
        if ph == "declaring":
            if kind == "declare":
                seat = self._cp
                assert seat is not None
                if self.best_only and self.declared[seat]:
                    return Refusal("only one sequence may be declared")
                offers = self._declare_offers()
                if not offers:
                    return Refusal("you have no other sequence to declare")
                shown = "; ".join(f"{' '.join(a.cards or ())} (call {a.call})" for a in offers)
                return Refusal("declare a whole run of your hand ({runs}) or say done", runs=shown)
            return Refusal("declare a sequence or say done")
        return Refusal("that is not possible now")

    def _check_play(self, action: Action) -> None:
        card = action.card
        if card is not None:  # fast path: an interned legal play
            cid = CARD_IDS.get(card, -1)
            if cid >= 0 and action is PLAY[cid]:
                seat = self._cp
                assert seat is not None
                if self._play_mask(seat) >> cid & 1:
                    return None
        if action.type != "play":
            raise IllegalAction("it is time to play a card")
        card = action.card
        cid = CARD_IDS.get(card, -1) if card is not None else -1
        seat = self._cp
        assert seat is not None
        if card is None or cid < 0:
            raise IllegalAction("play which card?")
        if not self.hands[seat] >> cid & 1:
            raise IllegalAction("you do not hold the {card}", card=card)
        m = self._play_mask(seat)
        if not m >> cid & 1:
            raise IllegalAction(self._why_not_card(seat, cid))
        call = action.call
        if call is None:
            if action == PLAY[cid]:
                return None
        elif call == "bella":
            if not self._bella_ok(seat, cid):
                raise IllegalAction("bella is announced only with the second of the king and queen of trumps, "
                                    "both played by you")
            if action == PLAY_BELLA[cid]:
                return None
        else:
            raise IllegalAction("{call} is not an announcement in Klaberjass (only bella)", call=repr(call)[:20])
        raise IllegalAction("a play carries only a card and an optional call")

    def _why_not_card(self, seat: int, cid: int) -> Refusal:
        lead = self.trick[0]
        ls = lead >> 4
        hand = self.hands[seat]
        if hand & SUIT_MASK[ls]:
            if cid >> 4 != ls:
                return Refusal("must follow {suit}", suit=SUITS[ls])
            return Refusal("must play a trump higher than the {card}", card=CARD_STRS[lead])
        return Refusal("must trump: you have no {suit}", suit=SUITS[ls])

    # ----------------------------------------------------------------- apply
    def _apply(self, action: Action) -> None:
        ph = self.phase
        if ph == "play":
            self._apply_play(action)
            return
        self._lcache = None
        if ph == "deal":
            self._apply_deal(action)
        elif ph == "bidding":
            self._apply_bid(action)
        elif ph == "schmeiss":
            self._apply_schmeiss(action)
        elif ph == "naming":
            call = action.call
            assert call is not None
            self._emit({"type": "bid", "seat": self._cp, "call": call})
            self.bids.append((self.maker, call))
            self.trump = SUITS.index(call)
            self._complete_bidding()
        elif ph == "exchange":
            self._apply_exchange(action)
        elif ph == "declaring":
            self._apply_declaring(action)

    def _apply_deal(self, action: Action) -> None:
        assert action.deck is not None
        ids = [CARD_IDS[c] for c in action.deck]
        self._clear_deal()
        self.in_deal = True
        self.deal_no += 1
        nd, d = 1 - self.dealer, self.dealer
        self.hands[nd] = (1 << ids[0]) | (1 << ids[1]) | (1 << ids[2]) | (1 << ids[6]) | (1 << ids[7]) | (
            1 << ids[8])
        self.hands[d] = (1 << ids[3]) | (1 << ids[4]) | (1 << ids[5]) | (1 << ids[9]) | (1 << ids[10]) | (
            1 << ids[11])
        self.turnup = ids[12]
        self.turned_suit = ids[12] >> 4
        self.stock = ids[13:]
        self.phase = "bidding"
        self._cp = nd
        for seat in (nd, d):
            ev = {"type": "dealt", "deal": self.deal_no, "dealer": d, "seat": seat, "hand_sizes": [6, 6]}
            self._emit(ev, seat, {**ev, "cards": mask_to_strs(self.hands[seat])})
        self._emit({"type": "turn_up", "card": CARD_STRS[self.turnup]})

    def _record_bid(self, action: Action) -> tuple[int, str]:
        """Log the bid of the seat to act (event and bid list); return that seat and its call."""
        seat = self._cp
        assert seat is not None
        call = action.call
        assert call is not None
        self._emit({"type": "bid", "seat": seat, "call": call})
        self.bids.append((seat, call))
        return seat, call

    def _apply_bid(self, action: Action) -> None:
        seat, call = self._record_bid(action)
        if call == "pass":
            self.passes += 1
            if self.passes == 4:
                self._annul("all_pass")
            else:
                self._cp = 1 - seat
        elif call == "take":
            self.maker, self.trump, self.how = seat, self.turned_suit, "take"
            self._complete_bidding()
        elif call == "schmeiss":
            self.schmeiss_by = seat
            self.phase = "schmeiss"
            self._cp = 1 - seat
        else:
            self.maker, self.trump, self.how = seat, SUITS.index(call), "named"
            self._complete_bidding()

    def _apply_schmeiss(self, action: Action) -> None:
        seat, call = self._record_bid(action)
        if call == "annul":
            self._annul("schmeiss")
            return
        self.maker, self.how = seat, "schmeiss"
        if self.passes < 2:
            self.trump = self.turned_suit
            self._complete_bidding()
        else:
            self.phase = "naming"

    def _complete_bidding(self) -> None:
        nd, d = 1 - self.dealer, self.dealer
        st = self.stock
        self._emit({"type": "trump", "suit": SUITS[self.trump], "maker": self.maker, "how": self.how})
        extra = [(1 << st[0]) | (1 << st[1]) | (1 << st[2]), (1 << st[3]) | (1 << st[4]) | (1 << st[5])]
        self.hands[nd] |= extra[0]
        self.hands[d] |= extra[1]
        self.bottom = st[-1]
        self.stock = st[6:-1]
        for seat, add in ((nd, extra[0]), (d, extra[1])):
            ev = {"type": "dealt", "deal": self.deal_no, "dealer": d, "seat": seat, "hand_sizes": [9, 9]}
            self._emit(ev, seat, {**ev, "cards": mask_to_strs(add)})
        self._emit({"type": "bottom", "card": CARD_STRS[self.bottom]})
        seven = SEVEN[self.trump]
        if (self.dix != "off" and (self.dix == "any_trump" or self.trump == self.turned_suit)
                and self.turnup != seven and self.bottom != seven):
            self.phase = "exchange"
        else:
            self.phase = "declaring"
        self._cp = nd

    def _apply_exchange(self, action: Action) -> None:
        seat = self._cp
        assert seat is not None
        if action.type == "exchange":
            seven = SEVEN[self.trump]
            took = self.turnup
            self.hands[seat] = (self.hands[seat] & ~(1 << seven)) | (1 << took)
            self.known[seat] |= 1 << took
            self.exchanged = (seat, took, seven)
            self.turnup = seven
            self._emit({"type": "exchanged", "seat": seat, "took": CARD_STRS[took], "gave": CARD_STRS[seven]})
            self.phase = "declaring"
            self._cp = self.non_dealer
            return
        self._emit({"type": "kept", "seat": seat})
        if seat == self.non_dealer:
            self._cp = self.dealer
        else:
            self.phase = "declaring"
            self._cp = self.non_dealer

    def _apply_declaring(self, action: Action) -> None:
        seat = self._cp
        assert seat is not None
        if action.type == "declare":
            run = sorted(CARD_IDS[c] for c in action.cards or ())
            self.declared[seat].append(run)
            ev = {"type": "declared", "seat": seat, "call": action.call}
            self._emit(ev, seat, {**ev, "cards": _strs(run)})
            if not self.best_only:
                return
        else:
            self._emit({"type": "done", "seat": seat})
        if seat == self.non_dealer:
            self._cp = self.dealer
            return
        winner, points = compare_sequences(self.declared, self.trump, self.best_only)
        self.seq_winner, self.seq_points = winner, points
        self._emit({"type": "sequences", "winner": winner, "points": list(points)})
        self.phase = "play"
        self.leader = self.non_dealer
        self._cp = self.leader

    def _apply_play(self, action: Action) -> None:
        seat = self._cp
        card = action.card
        assert seat is not None and card is not None
        cid = CARD_IDS[card]
        b = 1 << cid
        self.hands[seat] ^= b
        known = self.known
        if known[seat] & b:
            known[seat] ^= b
        self.played[seat] |= b
        self._legal_cache = -1
        if action.call == "bella":
            self.bella[seat] = True
            self._emit({"type": "played", "seat": seat, "card": card, "call": "bella"})
        else:
            self._emit({"type": "played", "seat": seat, "card": card})
        trick = self.trick
        if not trick:
            trick.append(cid)
            self._cp = 1 - seat
            return
        lead = trick[0]
        leader = self.leader
        t = self.trump
        win = seat if trick_winner2(lead, cid, t) else leader
        table = POINTS[t]
        pts = table[lead] + table[cid]
        self.card_pts[win] += pts
        self.won[win] |= (1 << lead) | b
        self.tricks_won[win] += 1
        tricks = self.tricks
        tricks.append((leader, lead, cid, win))
        self.trick = []
        self._emit({"type": "trick", "leader": leader, "winner": win, "cards": [CARD_STRS[lead], card],
                    "points": pts})
        n = len(tricks)
        if n == 1:
            self._reveal()
        elif n == TRICKS:
            self._score()
            return
        self.leader = win
        self._cp = win

    def _reveal(self) -> None:
        """After the first trick: show the winning sequence(s) to everyone."""
        self.revealed = True
        w = self.seq_winner
        if w is None:
            return
        runs = self.declared[w]  # best_only: the single declared run
        cards = 0
        for r in runs:
            for c in r:
                cards |= 1 << c
        self.known[w] |= cards & self.hands[w]
        self._emit({"type": "revealed", "seat": w, "sequences": [_strs(r) for r in runs]})

    # ---------------------------------------------------------------- scoring
    def _annul(self, reason: str) -> None:
        result: dict[str, Any] = {
            "deal": self.deal_no, "dealer": self.dealer, "outcome": "annulled", "reason": reason,
            "maker": None, "trump": None, "contract": None,
            "card_points": [0, 0], "card_total": 0, "declarations": [0, 0], "bella": [0, 0],
            "totals": [0, 0], "deal_points": [0, 0], "awarded": [0, 0],
            "hanging_in": self.hanging, "hanging_out": self.hanging, "hanging_to": None,
            "scores": list(self._scores),
        }
        self._finish_deal(result, played=False)

    def _score(self) -> None:
        t = self.trump
        last = self.tricks[-1][3]
        seq = self.seq_points or [0, 0]
        cp = [self.card_pts[s] + (LAST_TRICK if s == last else 0) for s in (0, 1)]
        bel = [BELLA if self.bella[s] else 0 for s in (0, 1)]
        totals = [cp[s] + seq[s] + bel[s] for s in (0, 1)]
        hanging_in = self.hanging
        outcome, pts, hanging_out, hanging_to = score_deal(
            self.maker, totals, hanging_in, "hang" if self.hang else "maker_zero")
        awarded = list(pts)
        if hanging_to is not None:
            awarded[hanging_to] += hanging_in
        self.hanging = hanging_out
        for s in (0, 1):
            self._scores[s] += awarded[s]
        result: dict[str, Any] = {
            "deal": self.deal_no, "dealer": self.dealer, "outcome": outcome,
            "maker": self.maker, "trump": SUITS[t],
            "contract": {"maker": self.maker, "trump": SUITS[t], "how": self.how},
            "card_points": cp,
            "card_total": card_points(self.played[0] | self.played[1], t) + LAST_TRICK,
            "last_trick": last,
            "declarations": list(seq), "sequence_winner": self.seq_winner,
            "bella": bel, "totals": totals, "deal_points": pts, "awarded": awarded,
            "hanging_in": hanging_in, "hanging_out": hanging_out, "hanging_to": hanging_to,
            "scores": list(self._scores),
        }
        self._finish_deal(result, played=True)

    def _finish_deal(self, result: dict[str, Any], played: bool) -> None:
        self._results.append(result)
        self._emit({"type": "deal_scored", **{
            k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
            for k, v in result.items()}})
        self.hands = [0, 0]
        self.known = [0, 0]
        self.stock = []
        self.trick = []
        self.in_deal = False
        self._legal_cache = -1
        winner = match_winner(self._scores, self.target) if played else None
        if winner is not None:
            self._winner = winner
            self.phase = "over"
            self._cp = None
            self.hanging = 0
            self._emit({"type": "match_over", "scores": list(self._scores), "winner": winner})
            return
        self.dealer = 1 - self.dealer
        self.phase = "deal"
        self._cp = CHANCE

    # ------------------------------------------------------------------ zones
    def hidden_zones(self, seat: int | None) -> dict[str, list[str]]:
        """True contents of the zones hidden from ``seat`` (tests only)."""
        if not self.in_deal:
            return {}
        out: dict[str, list[str]] = {}
        for o in (0, 1):
            if o != seat:
                out[f"hand{o}"] = mask_to_strs(self.hands[o] & ~self.known[o])
        out["stock"] = _strs(self.stock)
        return out

    def card_zones(self) -> dict[str, list[str]]:
        """Where every card is (tests only): hands, stock, turn-up, bottom, trick, won piles."""
        if not self.in_deal:
            return {"deck": _strs(DECK_IDS)}
        zones = {
            "hand0": mask_to_strs(self.hands[0]), "hand1": mask_to_strs(self.hands[1]),
            "stock": _strs(self.stock), "turnup": [CARD_STRS[self.turnup]],
            "bottom": [CARD_STRS[self.bottom]] if self.bottom >= 0 else [],
            "trick": _strs(self.trick),
            "won0": mask_to_strs(self.won[0]), "won1": mask_to_strs(self.won[1]),
        }
        return zones

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know (see ``docs/games/klaberjass.md``)."""
        v = self.base_view(seat)
        hidden, unseen = hidden_summary(self.hidden_zones(seat))
        t = self.trump
        v.update({
            "phase": self.phase,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "deal_number": self.deal_no,
            "hands": [mask_to_strs(self.hands[s]) if s == seat else None for s in (0, 1)],
            "known": [mask_to_strs(self.known[s]) for s in (0, 1)],
            "hand_sizes": [self.hands[s].bit_count() for s in (0, 1)],
            "trick": [{"seat": self.leader, "card": CARD_STRS[c]} for c in self.trick],
            "leader": self.leader if self.phase == "play" else None,
            "last_trick": None,
            "trump": SUITS[t] if t >= 0 else None,
            "contract": {"maker": self.maker, "trump": SUITS[t], "how": self.how} if t >= 0 else None,
            "maker": self.maker if self.maker >= 0 else None,
            "tricks_won": list(self.tricks_won),
            "unseen": unseen,
            "hidden": hidden,
            "turned": CARD_STRS[self.turnup] if self.turnup >= 0 else None,
            "turned_suit": SUITS[self.turned_suit] if self.turned_suit >= 0 else None,
            "bottom": CARD_STRS[self.bottom] if self.bottom >= 0 else None,
            "stock_size": len(self.stock),
            "bids": [{"seat": s, "call": c} for s, c in self.bids],
            "bidding_round": (1 if self.passes < 2 else 2) if self.phase in ("bidding", "schmeiss") else None,
            "schmeiss": self.schmeiss_by if self.schmeiss_by >= 0 else None,
            "exchange": None if self.exchanged is None else {
                "seat": self.exchanged[0], "took": CARD_STRS[self.exchanged[1]],
                "gave": CARD_STRS[self.exchanged[2]]},
            "declarations": [
                [{"call": run_call(r), "cards": _strs(r) if self._decl_visible(o, seat) else None}
                 for r in self.declared[o]] for o in (0, 1)],
            "sequence_winner": self.seq_winner,
            "sequence_points": None if self.seq_points is None else list(self.seq_points),
            "sequences_revealed": self.revealed,
            "bella": list(self.bella),
            "tricks": [trick_entry(ld, (a, b), w) for ld, a, b, w in self.tricks],
            "card_points": list(self.card_pts),
            "hanging": self.hanging,
            "target": self.target,
        })
        if self.tricks:
            ld, a, b, w = self.tricks[-1]
            v["last_trick"] = trick_entry(ld, (a, b), w)
        return v

    def _decl_visible(self, owner: int, seat: int | None) -> bool:
        """Whether ``seat`` sees the cards of ``owner``'s declared sequences."""
        return owner == seat or (self.revealed and owner == self.seq_winner)

    @classmethod
    def from_view(cls, view: View, fill: Mapping[str, Sequence[str]]) -> Klaberjass:
        """Rebuild a state from ``view`` with the hidden zones holding ``fill`` (AI determinization).

        The opponent's declared sequences, hidden until revealed, are rebuilt
        from the hand it held when declaring (its filled hand plus the cards it
        has played this deal): for each announced category in turn, its best
        run of that category not used yet (the run a seat that declares its
        best first would have shown); if the fill holds none, its best unused
        run of any category.  A caller that knows (or samples) which runs they
        are passes their cards in ``fill["declared<seat>"]``, run after run in
        announcement order, each low to high.
        """
        st = cls(int(view["players"]), dict(view["options"]), int(view["first_dealer"]))
        st.dealer = int(view["dealer"])
        st.deal_no = int(view["deal_number"])
        st._restore_totals(view)
        st.hanging = int(view["hanging"])
        st.phase = str(view["phase"])
        st._cp = view["current_player"]
        st.in_deal = st.phase not in ("deal", "over")
        if view["turned"] is not None:
            st.turnup = CARD_IDS[view["turned"]]
        if view["turned_suit"] is not None:
            st.turned_suit = SUITS.index(view["turned_suit"])
        if view["bottom"] is not None:
            st.bottom = CARD_IDS[view["bottom"]]
        st.bids = [(int(b["seat"]), str(b["call"])) for b in view["bids"]]
        st.passes = sum(1 for _, c in st.bids if c == "pass")
        st.schmeiss_by = -1 if view["schmeiss"] is None else int(view["schmeiss"])
        con = view["contract"]
        if con is not None:
            st.trump = SUITS.index(con["trump"])
            st.maker = int(con["maker"])
            st.how = str(con["how"])
        elif st.phase == "naming":
            st.maker, st.how = int(view["current_player"]), "schmeiss"
        ex = view["exchange"]
        if ex is not None:
            st.exchanged = (int(ex["seat"]), CARD_IDS[ex["took"]], CARD_IDS[ex["gave"]])
        st.seq_winner = view["sequence_winner"]
        sp = view["sequence_points"]
        st.seq_points = None if sp is None else [int(x) for x in sp]
        st.revealed = bool(view["sequences_revealed"])
        st.bella = [bool(x) for x in view["bella"]]
        st.tricks = []
        for tr in view["tricks"]:
            a, b = CARD_IDS[tr["cards"][0]], CARD_IDS[tr["cards"][1]]
            ld, w = int(tr["leader"]), int(tr["winner"])
            st.tricks.append((ld, a, b, w))
            st.played[ld] |= 1 << a
            st.played[1 - ld] |= 1 << b
            st.won[w] |= (1 << a) | (1 << b)
        st.trick = [CARD_IDS[e["card"]] for e in view["trick"]]
        for e in view["trick"]:
            st.played[int(e["seat"])] |= 1 << CARD_IDS[e["card"]]
        st.leader = -1 if view["leader"] is None else int(view["leader"])
        if st.trick:
            st.leader = int(view["trick"][0]["seat"])
        st.tricks_won = [int(x) for x in view["tricks_won"]]
        st.card_pts = [int(x) for x in view["card_points"]]
        st.known = [strs_to_mask(k) for k in view["known"]]
        for o in (0, 1):
            shown = view["hands"][o]
            st.hands[o] = (strs_to_mask(shown) if shown is not None
                           else st.known[o] | strs_to_mask(fill.get(f"hand{o}", ())))
        st.stock = [CARD_IDS[c] for c in fill.get("stock", ())]
        for o in (0, 1):
            decl = view["declarations"][o]
            if not decl:
                continue
            if all(d["cards"] is not None for d in decl):
                st.declared[o] = [[CARD_IDS[c] for c in d["cards"]] for d in decl]
            elif f"declared{o}" in fill:
                st.declared[o] = _split_runs([CARD_IDS[c] for c in fill[f"declared{o}"]])
            else:
                st.declared[o] = _rebuild_runs(ranked_runs(st.hands[o] | st.played[o], st.trump),
                                               [str(d["call"]) for d in decl])
        return st


def _split_runs(cards: Sequence[int]) -> list[list[int]]:
    """Cut a list of runs, each low to high, back into the runs."""
    out: list[list[int]] = []
    for c in cards:
        if out and c == out[-1][-1] + 1:
            out[-1].append(c)
        else:
            out.append([c])
    return out


def _rebuild_runs(runs: list[list[int]], calls: Sequence[str]) -> list[list[int]]:
    """Runs (best first) standing for hidden declarations of ``calls``: see :meth:`Klaberjass.from_view`."""
    free = list(runs)
    out: list[list[int]] = []
    for call in calls:
        run = next((r for r in free if run_call(r) == call), free[0] if free else None)
        if run is None:
            break
        free.remove(run)
        out.append(run)
    return out
