"""Card knowledge the bots share: trick order, card points and follow rules per game.

Everything here is derived from a seat's view (the game id, its options, the
trump suit and the contract), never from hidden state.  Cards are ids and
sets of cards are bit masks (see :mod:`core.cards`).

A :class:`Table` answers the questions a card player asks during play: which
card wins this trick, what is this card worth, which cards could a seat have
refused to play (the inference rules of the follow obligations).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.cards import CARD_IDS, JOKER1, JOKER2, SUIT_MASK, SUITS, bit
from core.state import View
from core.tricks import PLAIN_STRENGTH, TRUMP_STRENGTH

BELOTE_FAMILY = ("klaberjass", "belote", "deberts", "tertz")
"""Games played with the 32-card pack and the jack-nine trump order."""

_RANK = "23456789TJQKA"


def _pts(table: dict[str, int]) -> list[int]:
    out = [0] * 66
    for s in range(4):
        for r, rc in enumerate(_RANK):
            out[s * 16 + r] = table.get(rc, 0)
    return out


_TRUMP_PTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
_PLAIN_PTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_TERTZ_TRUMP_PTS = {"J": 20, "9": 13, "A": 11, "T": 10, "K": 3, "Q": 2}
_TERTZ_PLAIN_PTS = {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1}
POINTS_TRUMP = _pts(_TRUMP_PTS)
POINTS_PLAIN = _pts(_PLAIN_PTS)
POINTS_TRUMP_TERTZ = _pts(_TERTZ_TRUMP_PTS)
POINTS_PLAIN_TERTZ = _pts(_TERTZ_PLAIN_PTS)

_OFF_SUIT = {0: 3, 3: 0, 1: 2, 2: 1}  # S<->C, H<->D


def suit_index(letter: Any) -> int | None:
    """Suit index of a suit letter (``"H"`` -> 1); ``None`` for anything else."""
    if isinstance(letter, str) and len(letter) == 1 and letter in SUITS:
        return SUITS.index(letter)
    return None


def cid(card: str) -> int:
    """Card id of a card string."""
    return CARD_IDS[card]


def is_two(card: int) -> bool:
    """True for a two (rank index 0) of a suit; the jokers (ids 64 and 65) are not twos.

    Pitch's low is the two of trumps (and the off-two where it counts): unless the game is dirty it scores for
    whoever plays it, whoever wins the trick.
    """
    return card < 64 and (card & 15) == 0


def match_target(view: View) -> float | None:
    """The score that wins the match, from the view (its ``target``, else the ``target_score`` option)."""
    for v in (view.get("target"), (view.get("options") or {}).get("target_score")):
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0:
            return float(v)
    return None


def loss_value(tb: Table, card: int) -> int:
    """What giving ``card`` to the opponents costs (Pitch's low stays with its player unless dirty)."""
    if tb.mode == "pitch" and tb.options.get("dirty") is not True and is_two(card):
        return 0
    return tb.points[card]


def mask(cards: Sequence[str] | None) -> int:
    """Mask of card strings (``None`` is empty)."""
    m = 0
    for c in cards or ():
        m |= 1 << CARD_IDS[c]
    return m


@dataclass
class Table:
    """Trick rules of one deal, as seen from a view.

    ``mode`` is ``"trump"`` (a trump suit), ``"nt"`` (no trumps), ``"at"``
    (all trumps), ``"pitch"`` (only trump-set cards are played) or
    ``"none"`` (no trump known yet: the auction).
    """

    game: str
    players: int
    options: dict[str, Any]
    trump: int | None
    mode: str
    sides: list[list[int]]
    strength: list[int] = field(default_factory=lambda: [0] * 66)
    points: list[int] = field(default_factory=lambda: [0] * 66)
    trump_mask: int = 0
    free_card: int = -1
    """A card exempt from every obligation (Tertz's jack of trumps), or -1."""
    search: bool = False
    """The table is ``hard``'s (its decision or its rollouts): the card play uses the search's own weights
    where it has them (:data:`core.ai.weighted.SEARCH_LEAD_WEIGHTS`)."""
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """Values derived from this table, kept by the code that computes them: the cards above each card, the
    weighted policy's per-suit facts, and the policy's card per position met in one decision's rollouts (a
    table is built per view, so it lives as long as one decision)."""

    def __post_init__(self) -> None:
        self._side_of: dict[int, int] = {}
        for i, side in enumerate(self.sides):
            for seat in side:
                self._side_of.setdefault(seat, i)

    # ----------------------------------------------------------------- basics
    def side_of(self, seat: int) -> int:
        """Index of the side (partnership or single seat) of ``seat``."""
        return self._side_of.get(seat, seat)

    def partners(self, a: int, b: int) -> bool:
        """True if seats ``a`` and ``b`` score together."""
        get = self._side_of.get
        return get(a, a) == get(b, b)

    def suit(self, card: int) -> int:
        """The suit a card counts as (trump-set cards count as trump in Pitch)."""
        if self.mode == "pitch" and self.trump_mask >> card & 1 and self.trump is not None:
            return self.trump
        return card >> 4

    def is_trump(self, card: int) -> bool:
        """True if ``card`` is a trump under this contract."""
        return bool(self.trump_mask >> card & 1)

    def beats(self, card: int, best: int, lead_suit: int) -> bool:
        """True if ``card`` beats the trick's current best card ``best``."""
        if self.mode == "pitch":
            return self.strength[card] > self.strength[best]
        cs, bs = card >> 4, best >> 4
        if cs == bs:
            return self.strength[card] > self.strength[best]
        if self.mode == "trump":
            return cs == self.trump
        return False

    def winner_index(self, cards: Sequence[int]) -> int:
        """Index in ``cards`` (lead first) of the card winning the trick."""
        best = 0
        lead_suit = self.suit(cards[0])
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best], lead_suit):
                best = i
        return best

    def above(self, card: int, pool: int) -> int:
        """The cards of ``pool`` of ``card``'s suit that outrank it."""
        higher = self.memo.get("higher")
        if higher is None:
            higher = self.memo["higher"] = self._higher()
        return pool & higher[card]

    def _higher(self) -> list[int]:
        """Per card id, the mask of the cards of its suit (Pitch: of the trump set) that outrank it."""
        st = self.strength
        out = [0] * len(st)
        for card in range(len(st)):
            group = self.trump_mask if self.mode == "pitch" else SUIT_MASK[card >> 4] if card < 64 else 0
            m = 0
            p = group
            while p:
                low = p & -p
                c = low.bit_length() - 1
                if c < len(st) and st[c] > st[card]:
                    m |= low
                p ^= low
            out[card] = m
        return out

    def suit_cards(self, suit: int) -> int:
        """Mask of every card of ``suit`` (the whole trump set for Pitch trumps)."""
        if self.mode == "pitch":
            return self.trump_mask if suit == self.trump else SUIT_MASK[suit] & ~self.trump_mask
        return SUIT_MASK[suit]

    # -------------------------------------------------------------- inference
    def forbidden_after(self, trick: Sequence[tuple[int, int]], seat: int, card: int,
                        phase_b: bool = False) -> int:
        """Cards ``seat`` cannot hold after playing ``card`` to ``trick`` (lead first).

        Derived from the follow obligations: a seat that did not follow has
        none of the led suit, one that did not trump has no trump (where it had
        to), one that did not beat has nothing higher (where it had to).  The
        result is a sound under-approximation: it never excludes a card the
        seat could hold.  ``phase_b`` is Tertz's "stock exhausted" flag.
        """
        if not trick or self.mode in ("pitch", "none"):
            return 0
        if card == self.free_card:
            return 0
        g = self.game
        if g == "tertz" and not phase_b and self.options.get("early_play", "follow_or_trump") == "free":
            return 0
        lead = trick[0][1]
        ls = lead >> 4
        t = self.trump
        cs = card >> 4
        forb = 0
        cards = [c for _, c in trick]
        best_i = self.winner_index(cards)
        best = cards[best_i]
        best_seat = trick[best_i][0]
        trumps_in = [c for c in cards if t is not None and c >> 4 == t and self.mode == "trump"]
        top_trump = max(trumps_in, key=lambda c: self.strength[c]) if trumps_in else -1
        if cs != ls:
            forb |= SUIT_MASK[ls]
            if self.mode == "trump" and t is not None and t != ls:
                if g == "belote":
                    if not self.partners(best_seat, seat):
                        if top_trump >= 0:
                            if cs != t or not self.beats(card, top_trump, ls):
                                forb |= self.above(top_trump, SUIT_MASK[t])
                        elif cs != t:
                            forb |= SUIT_MASK[t]
                else:
                    if cs != t:
                        forb |= SUIT_MASK[t]
                    elif (g == "deberts" and self.options.get("mandatory_overtrump") is True
                          and top_trump >= 0 and not self.beats(card, top_trump, ls)):
                        forb |= self.above(top_trump, SUIT_MASK[t])
        elif g == "tertz":
            if phase_b and self.strength[card] <= self.strength[lead]:
                forb |= self.above(lead, SUIT_MASK[ls])
        else:
            if self.mode == "trump" and ls == t:
                ref = lead
                if g == "belote" or (g == "deberts" and self.options.get("mandatory_overtrump") is True):
                    ref = top_trump if top_trump >= 0 else lead
                if self.strength[card] <= self.strength[ref]:
                    forb |= self.above(ref, SUIT_MASK[ls])
            elif self.mode == "at":
                ref = max((c for c in cards if c >> 4 == ls), key=lambda c: self.strength[c])
                if self.strength[card] <= self.strength[ref]:
                    forb |= self.above(ref, SUIT_MASK[ls])
        del best
        if self.free_card >= 0:
            forb &= ~bit(self.free_card)
        return forb


def _pitch_order(trump: int, options: dict[str, Any]) -> list[int]:
    """Pitch trump set, high to low, for the ``points`` variant (ids)."""
    pts = int(options.get("points", 10) or 10)
    off = _OFF_SUIT[trump]

    def c(r: str, s: int) -> int:
        return s * 16 + _RANK.index(r)

    order: list[int] = [c("A", trump)]
    if pts >= 14:
        order.append(c("A", off))
    order += [c("K", trump), c("Q", trump), c("J", trump), c("J", off), JOKER1, JOKER2, c("T", trump)]
    if pts >= 14:
        order.append(c("T", off))
    order += [c(r, trump) for r in "98765"]
    order.append(c("4", trump))
    order.append(c("3", trump))
    if pts in (11, 13, 14, 15, 16):
        order.append(c("3", off))
    order.append(c("2", trump))
    if pts >= 14:
        order.append(c("2", off))
    return order


def pitch_points(trump: int, options: dict[str, Any]) -> list[int]:
    """Per card id: the points a Pitch trump carries (the 3 counts 3)."""
    pts = int(options.get("points", 10) or 10)
    off = _OFF_SUIT[trump]
    out = [0] * 66

    def c(r: str, s: int) -> int:
        return s * 16 + _RANK.index(r)

    out[c("A", trump)] = 1
    out[c("J", trump)] = 1
    out[c("J", off)] = 1
    ten_card = options.get("ten_point", "ten_card") != "game"
    if ten_card:
        out[c("T", trump)] = 1
    out[c("2", trump)] = 1
    if pts in (7, 10, 13, 15, 16):
        out[JOKER1] = out[JOKER2] = 1
    if pts in (8, 10, 11, 13, 14, 15, 16):
        out[c("3", trump)] = 3
    if pts in (11, 13, 14, 15, 16):
        out[c("3", off)] = 3
    if pts >= 14:
        out[c("A", off)] = 1
        if ten_card:
            out[c("T", off)] = 1
    if pts in (14, 16):
        out[c("2", off)] = 1
    return out


def contract_of(view: dict[str, Any]) -> tuple[int | None, str]:
    """(trump suit index or ``None``, mode) from a view's ``trump``/``contract``."""
    game = view.get("game")
    trump = view.get("trump")
    contract = view.get("contract")
    kind: Any = None
    if isinstance(contract, dict):
        kind = contract.get("contract", contract.get("type", contract.get("call")))
        if trump is None:
            trump = contract.get("trump", contract.get("suit"))
    elif isinstance(contract, str):
        kind = contract
    if game == "pitch":
        t = suit_index(trump)
        return (t, "pitch") if t is not None else (None, "none")
    if trump in ("NT", "AT"):
        kind = trump
        trump = None
    if kind == "NT":
        return None, "nt"
    if kind == "AT":
        return None, "at"
    t = suit_index(trump)
    if t is None and isinstance(kind, str):
        t = suit_index(kind)
    if t is None:
        return None, "none"
    return t, "trump"


def table_for(view: dict[str, Any]) -> Table:
    """Build the :class:`Table` of the deal shown by ``view``."""
    game = str(view.get("game"))
    options = dict(view.get("options") or {})
    players = int(view.get("players") or 0)
    sides = [list(s) for s in (view.get("sides") or [[p] for p in range(players)])]
    trump, mode = contract_of(view)
    tb = Table(game, players, options, trump, mode, sides)
    if mode == "pitch" and trump is not None:
        order = _pitch_order(trump, options)
        n = len(order)
        reverse = options.get("reverse") is True
        for i, c in enumerate(order):
            tb.strength[c] = (i + 1) if reverse else (n - i)
            tb.trump_mask |= 1 << c
        if options.get("joker_order") == "first_played":
            tb.strength[JOKER2] = tb.strength[JOKER1]
        tb.points = pitch_points(trump, options)
        return tb
    if game == "pitch":
        return tb
    tertz_values = options.get("card_values", "tertz" if game == "tertz" else "deberts") == "tertz"
    tp = POINTS_TRUMP_TERTZ if tertz_values else POINTS_TRUMP
    pp = POINTS_PLAIN_TERTZ if tertz_values else POINTS_PLAIN
    for c in range(64):
        if PLAIN_STRENGTH[c] < 0:
            continue
        s = c >> 4
        as_trump = mode == "at" or (mode in ("trump", "none") and s == trump)
        tb.strength[c] = TRUMP_STRENGTH[c] if as_trump else PLAIN_STRENGTH[c]
        tb.points[c] = tp[c] if as_trump else pp[c]
    if mode == "trump" and trump is not None:
        tb.trump_mask = SUIT_MASK[trump]
    elif mode == "at":
        tb.trump_mask = SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2] | SUIT_MASK[3]
    if game == "tertz" and trump is not None and options.get("trump_jack_free", True) is not False:
        tb.free_card = trump * 16 + _RANK.index("J")
    return tb
