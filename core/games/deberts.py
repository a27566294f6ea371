"""Deberts (Debertz, Deberc) for 2, 3 and 4 players.

The whole match lives in one :class:`Deberts` state: deal after deal until a
side reaches the target.  A deal runs through these phases:

``deal`` (chance) -> ``bidding`` (two rounds) -> ``exchange`` (2-3 players,
trumps from the turn-up) -> ``declaring`` (sequences) -> ``play`` -> scored,
then ``deal`` again (or ``over``).

Two named variants (``classic`` and ``app``) set the defaults of the
variant-dependent options; any option may then be overridden.  The pure rule
functions (:func:`legal_mask`, :func:`hand_combos`, :func:`sequence_winner`,
:func:`settle`, :func:`split_points`) are what the engine itself calls, so the
worked examples of the rules can test them directly.

See ``docs/games/deberts.md`` for phases, actions, view keys and events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from core.actions import Action
from core.cards import (
    CARD_IDS,
    CARD_STRS,
    SUIT_MASK,
    SUITS,
    ids_of,
    mask_to_strs,
    strs_to_mask,
    suit_byte_tables,
)
from core.errors import IllegalAction
from core.games.common import MatchTotals, hidden_summary, match_winner
from core.options import OptionSpec, OptionValue
from core.registry import register
from core.state import CHANCE, State, View, json_copy
from core.text import Refusal
from core.tricks import PLAIN_STRENGTH, TRUMP_ABOVE, TRUMP_STRENGTH, byte_runs

# ----------------------------------------------------------------- constants
DEAL, BIDDING, EXCHANGE, DECLARING, PLAY, OVER = range(6)
PHASES: tuple[str, ...] = ("deal", "bidding", "exchange", "declaring", "play", "over")
"""Phase names as shown in ``view["phase"]``, indexed by the internal phase number."""

NATURAL_SEQ = "789TJQKA"
"""Natural sequence order (the ``natural`` option and the ``app`` variant)."""
PLAIN_SEQ = "789JQKTA"
"""Sequence order of a plain suit in ``rank`` mode (its trick-taking order)."""
TRUMP_SEQ = "78QKTA9J"
"""Sequence order of the trump suit in ``rank`` mode (its trick-taking order)."""

TERTZ, FIFTY, DEBERTS_KIND = 0, 1, 2
KIND_NAMES: tuple[str, ...] = ("tertz", "fifty", "deberts")
"""Combination names by kind; also the ``call`` of a ``declare`` action."""
LAST_TRICK_BONUS = 10
BELLA_POINTS = 20
BIDE_PENALTY = 100
RANK_BASE = 5  # rank index of the seven in core.cards

_CARD_VALUES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "deberts": ({"T": 10, "J": 2, "Q": 3, "K": 4, "A": 11},
                {"9": 14, "T": 10, "J": 20, "Q": 3, "K": 4, "A": 11}),
    "tertz": ({"T": 10, "J": 1, "Q": 2, "K": 3, "A": 11},
              {"9": 13, "T": 10, "J": 20, "Q": 2, "K": 3, "A": 11}),
}


def _values_table(table: str, trump: int) -> list[int]:
    plain, trumps = _CARD_VALUES[table]
    out = [0] * 66
    for s in range(4):
        by_rank = trumps if s == trump else plain
        for i, rc in enumerate(NATURAL_SEQ):
            out[s * 16 + RANK_BASE + i] = by_rank.get(rc, 0)
    return out


VALUES: dict[str, list[list[int]]] = {
    name: [_values_table(name, t) for t in range(4)] for name in _CARD_VALUES
}
"""``VALUES[card_values][trump][card id]``: the card points of a card."""


def _power_table(trump: int) -> list[int]:
    out = [-1] * 66
    for c in range(64):
        if PLAIN_STRENGTH[c] < 0:
            continue
        out[c] = 16 + TRUMP_STRENGTH[c] if c >> 4 == trump else PLAIN_STRENGTH[c]
    return out


POWER: list[list[int]] = [_power_table(t) for t in range(4)]
"""``POWER[trump][card id]``: trick strength (trumps above 16, plain cards 0..7)."""


# ------------------------------------------------------------------- options
def _variant_defaults(variant: str, players: int) -> dict[str, OptionValue]:
    """The defaults that depend on the variant (and, for the target, on the players)."""
    if variant == "app":
        return {
            "target_score": 501, "sequence_order": "natural", "first_lead": "left_of_dealer",
            "contract_scoring": "app", "bide_penalty": "minus100_from_third", "ski_penalty": 50,
            "deberts_instant_win": True,
        }
    return {
        "target_score": 301 if players == 2 else 501, "sequence_order": "rank", "first_lead": "maker",
        "contract_scoring": "classic", "bide_penalty": "none", "ski_penalty": 0,
        "deberts_instant_win": False,
    }


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("variant", ("classic", "app"), "classic",
               "Rule set: classic (maker beats all defenders together) or app (maker beats each opponent)"),
    OptionSpec("players", (2, 3, 4), 2, "Number of players: 2, 3 or 4"),
    OptionSpec("four_player_mode", ("partnership", "individual"), "partnership",
               "Four players: two partnerships sitting opposite, or everyone for himself"),
    OptionSpec("target_score", (301, 501, 1001), 301,
               "Points to win the game (classic: 301 with 2 players, else 501; app: 501)"),
    OptionSpec("card_values", ("deberts", "tertz"), "deberts",
               "Card points: Deberts (K4 Q3 J2, trump nine 14) or Tertz (K3 Q2 J1, trump nine 13)"),
    OptionSpec("sequence_order", ("rank", "natural"), "rank",
               "Sequences follow the trick-taking order (classic) or 7 8 9 10 J Q K A (app)"),
    OptionSpec("first_lead", ("maker", "left_of_dealer"), "maker",
               "Who leads the first trick: the maker (classic) or the player left of the dealer (app)"),
    OptionSpec("seven_exchange", ("any_player", "maker_only", "off"), "any_player",
               "Who may swap the seven of trumps for the turned card (2-3 players, turned suit trumps)"),
    OptionSpec("show_bottom_card", (True, False), True,
               "Turn the bottom card of the stock face up for everyone to see (2-3 players)"),
    OptionSpec("four_player_turnup_to", ("maker", "dealer"), "maker",
               "Four players: the turned card goes to the maker or to the dealer"),
    OptionSpec("dealer_must_name", (False, True), False,
               "The dealer may not pass in the second bidding round (no redeal)"),
    OptionSpec("declaration_tie", ("first_in_order", "nobody"), "first_in_order",
               "Equal best sequences: the earlier declarer wins, or nobody scores sequences"),
    OptionSpec("sequence_needs_trick", (True, False), True,
               "Sequences score only if the side takes at least one trick"),
    OptionSpec("bella_requires_trick", (False, True), False,
               "Bella may be announced only after your side has won a trick"),
    OptionSpec("mandatory_overtrump", (False, True), False,
               "You must beat the highest trump in the trick, not just the led card"),
    OptionSpec("next_dealer", ("rotate", "top_scorer"), "rotate",
               "Next dealer: the player on the left, or the top scorer of the last deal"),
    OptionSpec("contract_scoring", ("classic", "app"), "classic",
               "Maker must beat all defenders together (classic) or each opponent (app)"),
    OptionSpec("split_rounding", ("conserve", "half_up"), "conserve",
               "Splitting a failed maker's points: exact with odd points to the first, or rounded half up"),
    OptionSpec("hanging_pots", ("merge", "queue"), "merge",
               "Hanging bides add up into one pot, or wait in line and are won one at a time"),
    OptionSpec("bide_penalty", ("none", "minus100_from_third"), "none",
               "Minus 100 for every failed contract after a side's second"),
    OptionSpec("ski_penalty", (0, 50), 0, "Penalty for a side that takes no trick in a deal"),
    OptionSpec("deberts_instant_win", (False, True), False,
               "Seven or more trumps in a row win the whole game at once"),
)


# ------------------------------------------------------------- combinations
class Combo(NamedTuple):
    """One combination (maximal run of three or more) of a hand."""

    key: int
    """Comparison key: ``kind * 16 + top index * 2 + trump flag`` (higher wins)."""
    mask: int
    """Every card of the run."""
    length: int
    """Number of cards (3 = tertz, 4+ = fifty, 7+ trumps = deberts with instant win)."""
    top: int
    """Card id of the run's top card in sequence order."""
    head: int
    """The cards the public announcement (kind + top card) reveals: the top three or four."""

    @property
    def kind(self) -> int:
        """0 tertz, 1 fifty, 2 deberts."""
        return self.key >> 4

    @property
    def value(self) -> int:
        """Points of the combination: 20 for a tertz, 50 for a longer run."""
        return 20 if self.length == 3 else 50


def _runs_table(order: str) -> list[tuple[tuple[int, int, int, int], ...]]:
    """Per 8-bit rank pattern (bit i = rank ``NATURAL_SEQ[i]``): its maximal runs in ``order``.

    Each run is ``(length, top sequence index, pattern mask, natural index of the top card)``.
    """
    nat_of_pos = [NATURAL_SEQ.index(order[j]) for j in range(8)]
    return [
        tuple((length, start + length - 1, sum(1 << nat_of_pos[k] for k in range(start, start + length)),
               nat_of_pos[start + length - 1]) for start, length in runs)
        for runs in byte_runs(order)
    ]


_NAT_OF_POS: dict[str, list[int]] = {o: [NATURAL_SEQ.index(o[j]) for j in range(8)]
                                     for o in (NATURAL_SEQ, PLAIN_SEQ, TRUMP_SEQ)}
_RUNS: dict[str, list[tuple[tuple[int, int, int, int], ...]]] = {
    o: _runs_table(o) for o in (NATURAL_SEQ, PLAIN_SEQ, TRUMP_SEQ)
}


def sequence_order_of(suit: int, trump: int, natural: bool) -> str:
    """The sequence order string used for ``suit`` (rank mode: plain or trump order)."""
    if natural:
        return NATURAL_SEQ
    return TRUMP_SEQ if suit == trump else PLAIN_SEQ


def hand_combos(hand: int, trump: int, natural: bool, deberts: bool) -> list[Combo]:
    """The combinations (maximal runs of 3+) of ``hand``, best first.

    ``natural`` selects the natural sequence order, else each suit uses its
    trick-taking order.  With ``deberts`` a run of 7+ trumps is a deberts.

    >>> from core.cards import strs_to_mask
    >>> [c.length for c in hand_combos(strs_to_mask(["KS", "TS", "AS", "7H"]), 1, False, False)]
    [3]
    """
    out: list[Combo] = []
    for s in range(4):
        shift = s * 16 + RANK_BASE
        p = (hand >> shift) & 0xFF
        if not p:
            continue
        order = sequence_order_of(s, trump, natural)
        nat_of_pos = _NAT_OF_POS[order]
        is_trump = s == trump
        for length, top, m8, top_nat in _RUNS[order][p]:
            if deberts and is_trump and length >= 7:
                kind = DEBERTS_KIND
            else:
                kind = FIFTY if length >= 4 else TERTZ
            head = 0
            for j in range(top - (2 if length == 3 else 3), top + 1):
                head |= 1 << (shift + nat_of_pos[j])
            out.append(Combo(kind * 16 + top * 2 + int(is_trump), m8 << shift, length,
                             shift + top_nat, head))
    out.sort(reverse=True)
    return out


def sequence_winner(best: Sequence[tuple[int, int]], unit_of: Sequence[int], tie_nobody: bool) -> int:
    """The seat whose best combination wins, or -1 for nobody.

    ``best`` lists ``(seat, best key)`` for every declaring seat in declaration
    order.  An exact tie goes to the earlier declarer, or with ``tie_nobody``
    to nobody when the tied seats belong to different units.
    """
    if not best:
        return -1
    top = max(k for _, k in best)
    tied = [s for s, k in best if k == top]
    if tie_nobody and len({unit_of[s] for s in tied}) > 1:
        return -1
    return tied[0]


# ------------------------------------------------------------------ legality
def _legal(hand: int, lead: int, hi_trump: int, trump: int, mandatory: bool) -> int:
    """Legal cards of a follower (the procedure of the rules, as masks)."""
    ls = lead >> 4
    follow = hand & SUIT_MASK[ls]
    if follow:
        if ls == trump:
            higher = follow & TRUMP_ABOVE[hi_trump if mandatory else lead]
            return higher or follow
        return follow
    trumps = hand & SUIT_MASK[trump]
    if trumps:
        if mandatory and hi_trump >= 0:
            return trumps & TRUMP_ABOVE[hi_trump] or trumps
        return trumps
    return hand


def legal_mask(hand: int, trick: Sequence[int], trump: int, mandatory: bool) -> int:
    """Mask of the cards of ``hand`` that may be played on ``trick`` (card ids, lead first)."""
    if not trick:
        return hand
    hi = -1
    for c in trick:
        if c >> 4 == trump and (hi < 0 or TRUMP_STRENGTH[c] > TRUMP_STRENGTH[hi]):
            hi = c
    return _legal(hand, trick[0], hi, trump, mandatory)


def trick_winner_index(trick: Sequence[int], trump: int) -> int:
    """Index (lead = 0) of the card that wins ``trick``."""
    power = POWER[trump]
    lead = trick[0] >> 4
    best, best_pow = 0, power[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        s = c >> 4
        if s in (trump, lead) and power[c] > best_pow:
            best, best_pow = i, power[c]
    return best


# ------------------------------------------------------------------- scoring
AppPot = tuple[int, tuple[int, ...], int]
"""An app-style pot (egg): ``(amount, rival units, seat of the maker of the egg deal)``."""


def split_points(amount: int, k: int, half_up: bool) -> list[int]:
    """Split ``amount`` among ``k`` receivers listed in order.

    ``conserve``: each gets ``amount // k`` and the first ``amount % k`` one more.
    ``half_up``: each gets ``amount / k`` rounded half up (may create a point).

    >>> split_points(61, 2, False), split_points(61, 2, True)
    ([31, 30], [31, 31])
    """
    if k <= 0:
        return []
    if half_up:
        return [(2 * amount + k) // (2 * k)] * k
    q, r = divmod(amount, k)
    return [q + 1 if i < r else q for i in range(k)]


def units_from(seat: int, unit_of: Sequence[int], exclude: int = -1) -> list[int]:
    """Units in clockwise order starting with the seat left of ``seat``, each once, skipping ``exclude``."""
    n = len(unit_of)
    out: list[int] = []
    for i in range(1, n + 1):
        u = unit_of[(seat + i) % n]
        if u != exclude and u not in out:
            out.append(u)
    return out


@dataclass
class Settlement:
    """The result of settling one played deal (see :func:`settle`)."""

    outcome: str
    """``made``, ``bide``, ``hanging`` (classic tie) or ``egg`` (app tie of opponents)."""
    deal_scores: list[int]
    """Per unit: deal score after transfers and pots, before penalties."""
    penalties: list[int]
    """Per unit: penalty points (zero or negative)."""
    pot_awarded: list[int]
    """Per unit: points received from pots of earlier deals."""
    pots: list[int]
    """Classic pots after the deal (merge: at most one entry; queue: oldest first)."""
    app_pots: list[AppPot]
    """App pots after the deal."""
    bide_counts: list[int]
    """Per unit: failed contracts (bides, hanging bides, eggs) so far."""
    receiver: int | None = None
    """App bide: the unit that received the maker's points."""
    split: list[int] = field(default_factory=list)
    """Per unit: the share of a split bide amount (classic)."""


def settle(
    totals: Sequence[int],
    tricks: Sequence[int],
    maker: int,
    unit_of: Sequence[int],
    *,
    app: bool,
    half_up: bool = False,
    queue: bool = False,
    bide_penalty: bool = False,
    ski_penalty: int = 0,
    pots: Sequence[int] = (),
    app_pots: Sequence[AppPot] = (),
    bide_counts: Sequence[int] | None = None,
) -> Settlement:
    """Resolve the contract of a played deal (rules §11).

    ``totals`` and ``tricks`` are per unit (deal totals T(u) and tricks won),
    ``maker`` the maker's seat and ``unit_of`` the unit of every seat.
    """
    nu = len(totals)
    mu = unit_of[maker]
    counts = list(bide_counts) if bide_counts is not None else [0] * nu
    scores = list(totals)
    awarded = [0] * nu
    split = [0] * nu
    new_pots = list(pots)
    new_app = list(app_pots)
    receiver: int | None = None
    m = totals[mu]
    defenders = units_from(maker, unit_of, exclude=mu)
    if not app:
        if queue:
            pot_amt = new_pots[0] if new_pots else 0
        else:
            pot_amt = sum(new_pots)
        dsum = sum(totals[u] for u in defenders)
        if m > dsum:
            outcome = "made"
            scores[mu] += pot_amt
            awarded[mu] += pot_amt
            new_pots = new_pots[1:] if queue else []
        elif m < dsum:
            outcome = "bide"
            scores[mu] = 0
            shares = split_points(m + pot_amt, len(defenders), half_up)
            if pot_amt:
                pot_shares = split_points(pot_amt, len(defenders), half_up)
                for u, ps in zip(defenders, pot_shares, strict=True):
                    awarded[u] += ps
            for u, sh in zip(defenders, shares, strict=True):
                scores[u] += sh
                split[u] = sh
            new_pots = new_pots[1:] if queue else []
        else:
            outcome = "hanging"
            scores[mu] = 0
            new_pots = [*new_pots, m] if queue else [sum(new_pots) + m]
    else:
        top = max(totals[u] for u in defenders)
        winners = [u for u in defenders if totals[u] == top]
        if m > top:
            outcome = "made"
        elif len(winners) == 1:
            outcome = "bide"
            scores[mu] = 0
            receiver = winners[0]
            scores[receiver] += m
        else:
            outcome = "egg"
            scores[mu] = 0
        final = list(scores)
        kept: list[AppPot] = []
        for amount, rivals, egg_maker in new_app:
            order = [u for u in units_from(egg_maker, unit_of) if u in rivals]
            if not order:
                kept.append((amount, rivals, egg_maker))
                continue
            best = max(final[u] for u in order)
            tops = [u for u in order if final[u] == best]
            for u, sh in zip(tops, split_points(amount, len(tops), half_up), strict=True):
                scores[u] += sh
                awarded[u] += sh
        new_app = kept
        if outcome == "egg":
            new_app.append((m, tuple(winners), maker))
    penalties = [0] * nu
    if outcome != "made":
        counts[mu] += 1
        if bide_penalty and counts[mu] >= 3:
            penalties[mu] -= BIDE_PENALTY
    if ski_penalty:
        for u in range(nu):
            if tricks[u] == 0:
                penalties[u] -= ski_penalty
    return Settlement(outcome, scores, penalties, awarded, new_pots, new_app, counts, receiver, split)


# ------------------------------------------------------------- action tables
BID_PLAY = Action("bid", call="play")
BID_PASS = Action("bid", call="pass")
BID_SUIT: tuple[Action, ...] = tuple(Action("bid", call=s) for s in SUITS)
ACT_EXCHANGE = Action("exchange")
ACT_KEEP = Action("keep")
ACT_DONE = Action("done")
_PLAY: dict[str, Action] = {CARD_STRS[c]: Action("play", card=CARD_STRS[c]) for c in range(64)
                            if PLAIN_STRENGTH[c] >= 0}
_BELLA: dict[str, Action] = {k: Action("play", card=k, call="bella") for k in _PLAY}
_PLAY_TABLE: list[list[tuple[Action, ...]]] = suit_byte_tables({CARD_IDS[k]: a for k, a in _PLAY.items()})
_BELLA_ID: list[Action | None] = [_BELLA.get(CARD_STRS.get(c, "")) for c in range(66)]
_ACT_CID: dict[int, int] = {id(a): CARD_IDS[k] for k, a in [*_PLAY.items(), *_BELLA.items()]}
"""``id()`` of each interned play action -> its card id (fast path of check and apply)."""
_SUIT_VALUE: dict[str, list[list[int]]] = {
    name: [[sum(VALUES[name][t][RANK_BASE + i] for i in range(8) if p >> i & 1) for p in range(256)]
           for t in (1, 0)]
    for name in _CARD_VALUES
}
"""``_SUIT_VALUE[card_values][1 if trump else 0][pattern]``: card points of a suit pattern."""
_ALL_CARDS = 0
for _c in range(64):
    if PLAIN_STRENGTH[_c] >= 0:
        _ALL_CARDS |= 1 << _c


_FIELDS_USED: dict[str, tuple[str, ...]] = {
    "bid": ("call",), "exchange": (), "keep": (), "done": (), "declare": ("cards", "call")}
_ACTION_NOUN: dict[str, str] = {
    "bid": "a bid", "exchange": "'exchange'", "keep": "'keep'", "done": "'done'", "declare": "a declaration"}


def _stray_field(action: Action) -> Refusal | None:
    """Why ``action`` is malformed for Deberts (a field its type does not use), or ``None``."""
    used = _FIELDS_USED.get(action.type)
    if used is None:
        return None
    for name in ("card", "cards", "deck", "call", "suit", "n"):
        if name not in used and getattr(action, name) is not None:
            if action.type == "bid" and name == "suit":
                return Refusal("{action} has no {field} (the trump suit is named as the call)",
                               action=_ACTION_NOUN[action.type], field=name)
            return Refusal("{action} has no {field}", action=_ACTION_NOUN[action.type], field=name)
    return None


# ---------------------------------------------------------------------- game
@register
class Deberts(MatchTotals, State):
    """A match of Deberts: 2 or 3 players each for himself, or 4 (partnerships or individual)."""

    game_id: ClassVar[str] = "deberts"
    title: ClassVar[str] = "Deberts"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    deck_low_rank: ClassVar[str] = "7"
    deck_jokers: ClassVar[bool] = False

    current_player: int | None = CHANCE
    """The seat to act, ``CHANCE`` before a deal, ``None`` once the match is over.

    A plain attribute rather than a property: it is read several times per action on the hot path.
    """

    # ------------------------------------------------------------- creation
    @classmethod
    def resolve_options(cls, players: int, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Apply the ``variant`` defaults first, then the options given explicitly."""
        opts = super().resolve_options(players, given)
        explicit = set(given or {})
        for key, value in _variant_defaults(str(opts["variant"]), players).items():
            if key not in explicit:
                opts[key] = value
        return opts

    def __init__(self, players: int, options: Mapping[str, OptionValue], first_dealer: int) -> None:
        super().__init__(players, options, first_dealer)
        o = self.options
        self._mand = bool(o["mandatory_overtrump"])
        self._natural = o["sequence_order"] == "natural"
        self._lead_maker = o["first_lead"] == "maker"
        self._seven = str(o["seven_exchange"])
        self._show_bottom = bool(o["show_bottom_card"])
        self._turnup_to_dealer = o["four_player_turnup_to"] == "dealer"
        self._dealer_must_name = bool(o["dealer_must_name"])
        self._tie_nobody = o["declaration_tie"] == "nobody"
        self._seq_needs_trick = bool(o["sequence_needs_trick"])
        self._bella_needs_trick = bool(o["bella_requires_trick"])
        self._rotate = o["next_dealer"] == "rotate"
        self._app = o["contract_scoring"] == "app"
        self._half_up = o["split_rounding"] == "half_up"
        self._queue = o["hanging_pots"] == "queue"
        self._bide_pen = o["bide_penalty"] == "minus100_from_third"
        self._ski = int(o["ski_penalty"])
        self._instant = bool(o["deberts_instant_win"])
        self._target = int(o["target_score"])
        self._cv = str(o["card_values"])
        partnership = players == 4 and o["four_player_mode"] == "partnership"
        self._unit: list[int] = [s % 2 for s in range(4)] if partnership else list(range(players))
        self._nu = 2 if partnership else players
        self._members: list[list[int]] = [[s for s in range(players) if self._unit[s] == u]
                                          for u in range(self._nu)]
        # match
        self._scores: list[int] = [0] * self._nu
        self._results: list[dict[str, Any]] = []
        self._winner: int | None = None
        self._pots: list[int] = []
        self._app_pots: list[AppPot] = []
        self._bides: list[int] = [0] * self._nu
        self.dealer = first_dealer
        self._deal_no = 0
        self._phase = DEAL
        self.current_player: int | None = CHANCE
        self._reset_deal()

    def _reset_deal(self) -> None:
        n = self.players
        self.hands: list[int] = [0] * n
        self.known: list[int] = [0] * n
        self.turnup = -1
        self.turnup_taker = -1
        self.stock: list[int] = []
        self.bottom = -1
        self.bids: list[tuple[int, str, int]] = []
        self.bid_round = 1
        self._passes = 0
        self.trump = -1
        self.maker = -1
        self.source: str | None = None
        self._exq: list[int] = []
        self.exch: tuple[int, int, int] | None = None
        self._combos: list[list[Combo]] = [[] for _ in range(n)]
        self.declared: list[bool] = [False] * n
        self.announcements: list[dict[str, Any]] = []
        self.seq_seat = -1
        self.seq_value = 0
        self.shown: list[tuple[int, ...]] = [() for _ in range(n)]
        self.deberts: tuple[int, int] | None = None
        self.trick: list[int] = []
        self.tseats: list[int] = []
        self.leader = -1
        self._best = 0
        self._best_pow = -1
        self.won: list[int] = [0] * n
        self.tricks: list[int] = [0] * n
        self.pts: list[int] = [0] * n
        self.last: tuple[list[int], list[int], int] | None = None
        self.bellas: list[tuple[int, int]] = []
        self.card_total = 0
        self._vals: list[int] = VALUES[self._cv][0]
        self._pow: list[int] = POWER[0]
        self._kq = 0
        self._lm = -1
        self._checked = -1

    def _copy_mutable(self, new: State) -> None:
        assert isinstance(new, Deberts)
        new._scores = list(self._scores)
        new._results = list(self._results)
        new._pots = list(self._pots)
        new._app_pots = list(self._app_pots)
        new._bides = list(self._bides)
        new.hands = list(self.hands)
        new.known = list(self.known)
        new.stock = list(self.stock)
        new.bids = list(self.bids)
        new._exq = list(self._exq)
        new._combos = list(self._combos)
        new.declared = list(self.declared)
        new.announcements = list(self.announcements)
        new.shown = list(self.shown)
        new.trick = list(self.trick)
        new.tseats = list(self.tseats)
        new.won = list(self.won)
        new.tricks = list(self.tricks)
        new.pts = list(self.pts)
        new.bellas = list(self.bellas)

    # ------------------------------------------------------- public members
    @property
    def sides(self) -> list[list[int]]:
        """Seats of each side: ``[[0, 2], [1, 3]]`` for partnerships, else one seat each."""
        return [list(m) for m in self._members]

    @property
    def phase(self) -> str:
        """The current phase name."""
        return PHASES[self._phase]

    # ------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Every action allowed now (empty at a chance node and at the end)."""
        ph = self._phase
        if ph == PLAY:
            lm = self._lm
            if lm < 0:
                lm = self._legal_mask()
            t = _PLAY_TABLE
            out = [*t[0][(lm >> 5) & 255], *t[1][(lm >> 21) & 255],
                   *t[2][(lm >> 37) & 255], *t[3][(lm >> 53) & 255]]
            kq = self._kq
            cp = self.current_player
            assert cp is not None
            if lm & kq and self.hands[cp] & kq == kq and self._bella_allowed(cp):
                for c in ids_of(lm & kq):
                    a = _BELLA_ID[c]
                    assert a is not None
                    out.append(a)
            return out
        if ph == BIDDING:
            if self.bid_round == 1:
                return [BID_PLAY, BID_PASS]
            ts = self.turnup >> 4
            out = [BID_SUIT[s] for s in range(4) if s != ts]
            if not (self._dealer_must_name and self.current_player == self.dealer):
                out.append(BID_PASS)
            return out
        if ph == EXCHANGE:
            cp = self.current_player
            assert cp is not None
            if self.hands[cp] >> (self.trump * 16 + RANK_BASE) & 1:
                return [ACT_EXCHANGE, ACT_KEEP]
            return [ACT_KEEP]
        if ph == DECLARING:
            cp = self.current_player
            assert cp is not None
            if not self._combos[cp]:  # no combination: the seat can only pass
                return [ACT_DONE]
            return [self._declare_action(cp), ACT_DONE]
        return []

    def _declare_action(self, seat: int) -> Action:
        combos = self._combos[seat]
        m = 0
        for c in combos:
            m |= c.mask
        return Action("declare", cards=tuple(mask_to_strs(m)), call=KIND_NAMES[combos[0].kind])

    def _legal_mask(self) -> int:
        lm = self._lm
        if lm < 0:
            cp = self.current_player
            assert cp is not None
            hand = self.hands[cp]
            trick = self.trick
            if trick:
                hi = trick[self._best] if self._best_pow >= 16 else -1
                lm = _legal(hand, trick[0], hi, self.trump, self._mand)
            else:
                lm = hand
            self._lm = lm
        return lm

    def _bella_allowed(self, seat: int) -> bool:
        if not self._bella_needs_trick:
            return True
        tr = self.tricks
        return any(tr[s] for s in self._members[self._unit[seat]])

    # ------------------------------------------------------------- checking
    def _check(self, action: Action) -> None:
        ph = self._phase
        if ph == PLAY:
            c = _ACT_CID.get(id(action), -1)
            if c >= 0:  # an interned play action (the usual case): only legality to check
                lm = self._lm
                if lm < 0:
                    lm = self._legal_mask()
                if not lm >> c & 1:
                    raise IllegalAction(self._why_not(c))
                if action.call is not None:
                    self._check_bella(c)
                self._checked = c  # only once every check passed
                return
            self._checked = -1
            self._check_play_slow(action)
            return
        kind = action.type
        if ph == DEAL:
            self.check_deal(action)
            return
        if kind == "deal":
            raise IllegalAction("it is not time to deal")
        if ph == BIDDING:
            self._check_bid(action)
        elif ph == EXCHANGE:
            self._check_exchange(action)
        elif ph == DECLARING:
            self._check_declare(action)
        if action not in self.legal_actions():
            raise IllegalAction(_stray_field(action) or Refusal("{action} is not allowed now", action=str(action)))

    def _expecting(self) -> Refusal:
        ph = self._phase
        if ph == BIDDING:
            if self.bid_round == 1:
                return Refusal("it is time to bid: 'play' to accept {suit} as trumps, or 'pass'",
                               suit=SUITS[self.turnup >> 4])
            return Refusal("it is time to bid: name a trump suit or 'pass'")
        if ph == EXCHANGE:
            return Refusal("it is time to decide on the seven of trumps: 'exchange' or 'keep'")
        if ph == DECLARING:
            return Refusal("it is time to declare your sequences ('declare') or pass ('done')")
        return Refusal("it is time to play a card")

    def _check_play_slow(self, action: Action) -> None:
        if action.type != "play":
            if action.type == "deal":
                raise IllegalAction("it is not time to deal")
            raise IllegalAction(self._expecting())
        if action.card is None:
            raise IllegalAction("say which card to play")
        if action.cards is not None or action.deck is not None or action.suit is not None or action.n is not None:
            raise IllegalAction("a play names one card and optionally 'bella'")
        c = CARD_IDS.get(action.card, -1)
        if c < 0 or PLAIN_STRENGTH[c] < 0:
            raise IllegalAction("{code} is not a card of this deck", code=action.card)
        if not self._legal_mask() >> c & 1:
            raise IllegalAction(self._why_not(c))
        if action.call is not None:
            if action.call != "bella":
                raise IllegalAction("'{call}' is not an announcement of Deberts; only 'bella' is", call=action.call)
            self._check_bella(c)

    def _check_bella(self, c: int) -> None:
        cp = self.current_player
        assert cp is not None
        kq = self._kq
        if not (1 << c) & kq:
            raise IllegalAction("bella is announced with the king or queen of trumps")
        if self.hands[cp] & kq != kq:
            raise IllegalAction("bella needs both the king and the queen of trumps in your hand "
                                "(announce it with the first of the two)")
        if not self._bella_allowed(cp):
            raise IllegalAction("bella may be announced only after your side has won a trick")

    def _why_not(self, c: int) -> Refusal:
        cp = self.current_player
        assert cp is not None
        hand = self.hands[cp]
        if not hand >> c & 1:
            return Refusal("you do not hold the {card}", card=CARD_STRS[c])
        lead = self.trick[0]
        ls = lead >> 4
        trump = self.trump
        hi = self.trick[self._best] if self._best_pow >= 16 else -1
        if hand & SUIT_MASK[ls]:
            if c >> 4 != ls:
                return Refusal("must follow {suit}", suit=SUITS[ls])
            ref = hi if self._mand else lead
            if self._mand and ref != lead:
                return Refusal("must overtrump the {card}", card=CARD_STRS[ref])
            return Refusal("must beat the led {card}", card=CARD_STRS[ref])
        if c >> 4 != trump:
            return Refusal("must trump (you have no {suit})", suit=SUITS[ls])
        return Refusal("must overtrump the {card}", card=CARD_STRS[hi])

    def _check_bid(self, action: Action) -> None:
        if action.type != "bid":
            raise IllegalAction(self._expecting())
        call = action.call
        ts = self.turnup >> 4
        if self.bid_round == 1:
            if call not in ("play", "pass"):
                raise IllegalAction("in the first round say 'play' to accept {suit} as trumps, or 'pass'",
                                    suit=SUITS[ts])
            return
        forced = self._dealer_must_name and self.current_player == self.dealer
        if call == "pass":
            if forced:
                raise IllegalAction("the dealer must name a trump suit")
            return
        if call == "play" or call == SUITS[ts]:
            if forced:
                raise IllegalAction("{suit} was refused in the first round; name another suit", suit=SUITS[ts])
            raise IllegalAction("{suit} was refused in the first round; name another suit or pass", suit=SUITS[ts])
        if call is None or call not in SUITS:
            a, b, c = [x for x in SUITS if x != SUITS[ts]]
            if forced:
                raise IllegalAction("name a trump suit other than {suit} ({a}, {b} or {c})", suit=SUITS[ts],
                                    a=a, b=b, c=c)
            raise IllegalAction("name a trump suit other than {suit} ({a}, {b} or {c}) or pass", suit=SUITS[ts],
                                a=a, b=b, c=c)

    def _check_exchange(self, action: Action) -> None:
        if action.type == "keep":
            return
        if action.type != "exchange":
            raise IllegalAction(self._expecting())
        if action.card is not None:
            raise IllegalAction("the exchange always swaps the seven of trumps for the turned card: "
                                "send it without a card")
        cp = self.current_player
        assert cp is not None
        if not self.hands[cp] >> (self.trump * 16 + RANK_BASE) & 1:
            raise IllegalAction("only the holder of the {card} may exchange", card="7" + SUITS[self.trump])

    def _check_declare(self, action: Action) -> None:
        if action.type == "done":
            return
        if action.type != "declare":
            raise IllegalAction(self._expecting())
        cp = self.current_player
        assert cp is not None
        if not self._combos[cp]:
            raise IllegalAction("you hold no combination to declare")
        expected = self._declare_action(cp)
        if action.cards is None or set(action.cards) != set(expected.cards or ()):
            raise IllegalAction("you must declare all your combinations at once: {cards}",
                                cards=list(expected.cards or ()))
        if action.call != expected.call:
            raise IllegalAction("your best combination is a {call}, so the call is '{call}'", call=expected.call or "")
        if action.cards != expected.cards:
            raise IllegalAction("list the declared cards in this order: {cards}", cards=list(expected.cards or ()))

    # ------------------------------------------------------------- applying
    def _apply(self, action: Action) -> None:
        ph = self._phase
        if ph == PLAY:
            self._apply_play(action)
            return
        if ph == DEAL:
            self._apply_deal(action)
        elif ph == BIDDING:
            self._apply_bid(action)
        elif ph == EXCHANGE:
            self._apply_exchange(action)
        else:
            self._apply_declare(action)

    def _apply_deal(self, action: Action) -> None:
        assert action.deck is not None
        ids = [CARD_IDS[c] for c in action.deck]
        self._reset_deal()
        n = self.players
        d = self.dealer
        hands = self.hands
        pos = 0
        for _ in range(2):
            for k in range(1, n + 1):
                s = (d + k) % n
                hands[s] |= (1 << ids[pos]) | (1 << ids[pos + 1]) | (1 << ids[pos + 2])
                pos += 3
        self.turnup = ids[pos]
        self.stock = ids[pos + 1:]
        self._deal_no += 1
        self._phase = BIDDING
        self.bid_round = 1
        self.current_player = (d + 1) % n
        sizes = [6] * n
        for s in range(n):
            pub = {"type": "dealt", "deal": self._deal_no, "dealer": d, "seat": s, "hand_sizes": sizes}
            self._emit(pub, s, {**pub, "cards": mask_to_strs(hands[s])})
        self._emit({"type": "turn_up", "card": CARD_STRS[self.turnup]})

    def _apply_bid(self, action: Action) -> None:
        cp = self.current_player
        assert cp is not None
        call = action.call
        assert call is not None
        n = self.players
        self.bids.append((cp, call, self.bid_round))
        self._emit({"type": "bid", "seat": cp, "call": call, "round": self.bid_round})
        if call == "pass":
            self._passes += 1
            if self._passes < n:
                self.current_player = (cp + 1) % n
                return
            if self.bid_round == 1:
                self.bid_round = 2
                self._passes = 0
                self.current_player = (self.dealer + 1) % n
                return
            self._throw_in()
            return
        if call == "play":
            self._set_contract(cp, self.turnup >> 4, "turn_up")
        else:
            self._set_contract(cp, SUITS.index(call), "named")

    def _throw_in(self) -> None:
        nu = self._nu
        zero = [0] * nu
        result = {
            "deal": self._deal_no, "dealer": self.dealer, "outcome": "annulled", "contract": None,
            "maker": None, "card_points": zero, "card_total": 0, "declarations": zero, "bella": zero,
            "deal_totals": zero, "deal_scores": zero, "penalties": zero, "awarded": zero,
            "scores": list(self._scores), "tricks": zero, "pot_in": self._pot_json(), "pot_out": self._pot_json(),
            "bide_counts": list(self._bides),
        }
        self._results.append(result)
        self._emit({"type": "thrown_in", "deal": self._deal_no})
        self._emit({"type": "deal_scored", **json_copy(result)})
        self.dealer = (self.dealer + 1) % self.players
        self._phase = DEAL
        self.current_player = CHANCE

    def _set_contract(self, maker: int, trump: int, source: str) -> None:
        n = self.players
        self.maker = maker
        self.trump = trump
        self.source = source
        self._vals = VALUES[self._cv][trump]
        self._pow = POWER[trump]
        self._kq = (1 << (trump * 16 + 10)) | (1 << (trump * 16 + 11))
        self._emit({"type": "trump", "suit": SUITS[trump], "maker": maker, "source": source})
        d = self.dealer
        stock = self.stock
        pos = 0
        if n == 4:
            taker = d if self._turnup_to_dealer else maker
            for k in range(1, n + 1):
                s = (d + k) % n
                if s == taker:
                    got = (1 << self.turnup) | (1 << stock[pos])
                    pos += 1
                else:
                    got = (1 << stock[pos]) | (1 << stock[pos + 1])
                    pos += 2
                self.hands[s] |= got
                pub: dict[str, Any] = {"type": "drew", "seat": s, "count": 2}
                if s == taker:
                    pub["turn_up"] = CARD_STRS[self.turnup]
                self._emit(pub, s, {**pub, "cards": mask_to_strs(got)})
            self.known[taker] |= 1 << self.turnup
            self.turnup_taker = taker
            self.turnup = -1
            self.stock = []
            self._start_declaring()
            return
        for k in range(1, n + 1):
            s = (d + k) % n
            got = (1 << stock[pos]) | (1 << stock[pos + 1]) | (1 << stock[pos + 2])
            pos += 3
            self.hands[s] |= got
            pub = {"type": "drew", "seat": s, "count": 3}
            self._emit(pub, s, {**pub, "cards": mask_to_strs(got)})
        self.stock = stock[pos:]
        if self._show_bottom and self.stock:
            self.bottom = self.stock.pop()
            self._emit({"type": "bottom_card", "card": CARD_STRS[self.bottom]})
        seven = trump * 16 + RANK_BASE
        if (source == "turn_up" and self._seven != "off" and self.turnup != seven
                and self.bottom != seven):
            if self._seven == "maker_only":
                self._exq = [maker]
            else:
                self._exq = [(d + k) % n for k in range(1, n + 1)]
            self._phase = EXCHANGE
            self.current_player = self._exq[0]
            return
        self._start_declaring()

    def _apply_exchange(self, action: Action) -> None:
        cp = self.current_player
        assert cp is not None
        if action.type == "exchange":
            seven = self.trump * 16 + RANK_BASE
            took = self.turnup
            self.hands[cp] ^= (1 << seven) | (1 << took)
            self.known[cp] |= 1 << took
            self.turnup = seven
            self.turnup_taker = cp
            self.exch = (cp, took, seven)
            self._emit({"type": "exchange", "seat": cp, "took": CARD_STRS[took], "gave": CARD_STRS[seven]})
            self._exq = []
        else:
            self._emit({"type": "keep", "seat": cp})
            self._exq.pop(0)
        if self._exq:
            self.current_player = self._exq[0]
        else:
            self._start_declaring()

    def _order(self) -> list[int]:
        n = self.players
        return [(self.dealer + k) % n for k in range(1, n + 1)]

    def _start_declaring(self) -> None:
        trump = self.trump
        nat = self._natural
        inst = self._instant
        self._combos = [hand_combos(h, trump, nat, inst) for h in self.hands]
        if inst:
            for s in self._order():
                combos = self._combos[s]
                if combos and combos[0].kind == DEBERTS_KIND:
                    self._deberts_win(s, combos[0])
                    return
        self._phase = DECLARING
        self._next_declarer(-1)

    def _next_declarer(self, after: int) -> None:
        """Move to the next seat in declaration order (after ``after``).

        Every seat is asked, with or without a combination (one without can only pass): skipping
        it would tell the table that it holds none, which a silent pass at a real table does not.
        """
        if after < 0:
            self.current_player = (self.dealer + 1) % self.players
        elif after == self.dealer:
            self._finish_declaring()
        else:
            self.current_player = (after + 1) % self.players

    def _apply_declare(self, action: Action) -> None:
        cp = self.current_player
        assert cp is not None
        if action.type == "declare":
            best = self._combos[cp][0]
            self.declared[cp] = True
            self.known[cp] |= best.head
            entry = {"seat": cp, "call": KIND_NAMES[best.kind], "top": CARD_STRS[best.top]}
        else:
            entry = {"seat": cp, "call": "pass"}
        self.announcements.append(entry)
        self._emit({"type": "declared", **entry})
        self._next_declarer(cp)

    def _finish_declaring(self) -> None:
        order = self._order()
        best = [(s, self._combos[s][0].key) for s in order if self.declared[s] and self._combos[s]]
        w = sequence_winner(best, self._unit, self._tie_nobody)
        self.seq_seat = w
        if w >= 0:
            u = self._unit[w]
            value = 0
            shown_ev: dict[str, list[list[str]]] = {}
            for s in self._members[u]:
                if not self.declared[s]:
                    continue
                combos = self._combos[s]
                self.shown[s] = tuple(c.mask for c in combos)
                for c in combos:
                    value += c.value
                    self.known[s] |= c.mask
                shown_ev[str(s)] = [mask_to_strs(c.mask) for c in combos]
            self.seq_value = value
            self._emit({"type": "sequences", "winner": w, "side": u, "points": value, "shown": shown_ev})
        elif best:
            self._emit({"type": "sequences", "winner": None, "side": None, "points": 0, "shown": {}})
        self._start_play()

    def _start_play(self) -> None:
        self._phase = PLAY
        sv = _SUIT_VALUE[self._cv]
        trump = self.trump
        total = LAST_TRICK_BONUS
        for h in self.hands:
            for s in range(4):
                total += sv[s == trump][(h >> (s * 16 + RANK_BASE)) & 255]
        self.card_total = total
        lead = self.maker if self._lead_maker else (self.dealer + 1) % self.players
        self.leader = lead
        self.current_player = lead
        self._lm = -1

    def _deberts_win(self, seat: int, combo: Combo) -> None:
        self.deberts = (seat, combo.mask)
        self.known[seat] |= combo.mask
        u = self._unit[seat]
        nu = self._nu
        zero = [0] * nu
        result = {
            "deal": self._deal_no, "dealer": self.dealer, "outcome": "deberts",
            "contract": self._contract_json(), "maker": self.maker, "card_points": zero, "card_total": 0,
            "declarations": zero, "bella": zero, "deal_totals": zero, "deal_scores": zero,
            "penalties": zero, "awarded": zero, "scores": list(self._scores), "tricks": zero,
            "pot_in": self._pot_json(), "pot_out": self._pot_json(), "bide_counts": list(self._bides),
            "deberts": {"seat": seat, "side": u, "cards": mask_to_strs(combo.mask)},
        }
        self._results.append(result)
        self._emit({"type": "deberts", "seat": seat, "side": u, "cards": mask_to_strs(combo.mask)})
        self._emit({"type": "deal_scored", **json_copy(result)})
        self._end_match(u)

    def _end_match(self, side: int) -> None:
        self._winner = side
        self._phase = OVER
        self.current_player = None
        self._emit({"type": "match_over", "scores": list(self._scores), "winner": side})

    def _apply_play(self, action: Action) -> None:
        seat = self.current_player
        assert seat is not None
        card = action.card
        assert card is not None
        c = self._checked  # the card id found by _check for this very action, if interned
        if c < 0:
            c = CARD_IDS[card]
        else:
            self._checked = -1
        b = 1 << c
        self.hands[seat] ^= b
        known = self.known
        if known[seat] & b:
            known[seat] ^= b
        trick = self.trick
        p = self._pow[c]
        if trick:
            # a trump (power >= 16) or a card of the led suit may take the lead of the trick
            if p > self._best_pow and (p >= 16 or c >> 4 == trick[0] >> 4):
                self._best_pow = p
                self._best = len(trick)
        else:
            self._best = 0
            self._best_pow = p
        trick.append(c)
        self.tseats.append(seat)
        self._lm = -1
        if action.call is not None:
            known[seat] |= self._kq ^ b
            self.bellas.append((seat, c))
            self._emit({"type": "played", "seat": seat, "card": card, "call": "bella"})
        else:
            self._log.append(({"type": "played", "seat": seat, "card": card}, -2, None))  # = _emit, inlined
        if len(trick) == self.players:
            self._end_trick()
        else:
            self.current_player = seat + 1 if seat + 1 < self.players else 0

    def _end_trick(self) -> None:
        trick = self.trick
        w = self.tseats[self._best]
        vals = self._vals
        pts = 0
        m = 0
        for c in trick:
            pts += vals[c]
            m |= 1 << c
        self.won[w] |= m
        self.tricks[w] += 1
        self.pts[w] += pts
        self.last = (trick, self.tseats, w)  # these lists are replaced below, never mutated again
        final = not self.hands[w]
        self._emit({"type": "trick", "winner": w, "cards": [CARD_STRS[c] for c in trick], "points": pts,
                    "last": final})
        self.trick = []
        self.tseats = []
        if final:
            self._score_deal(w)
        else:
            self.leader = w
            self.current_player = w

    # --------------------------------------------------------------- scoring
    def _pot_json(self) -> Any:
        if self._app:
            return [{"amount": a, "rivals": list(r), "maker": m} for a, r, m in self._app_pots]
        return list(self._pots)

    def _contract_json(self) -> dict[str, Any] | None:
        if self.maker < 0:
            return None
        return {"maker": self.maker, "trump": SUITS[self.trump], "source": self.source,
                "side": self._unit[self.maker]}

    def _score_deal(self, last_winner: int) -> None:
        nu = self._nu
        unit = self._unit
        cards = [0] * nu
        tricks = [0] * nu
        for s in range(self.players):
            cards[unit[s]] += self.pts[s]
            tricks[unit[s]] += self.tricks[s]
        lu = unit[last_winner]
        cards[lu] += LAST_TRICK_BONUS
        seq = [0] * nu
        if self.seq_seat >= 0:
            su = unit[self.seq_seat]
            if not self._seq_needs_trick or tricks[su] > 0:
                seq[su] = self.seq_value
        bella = [0] * nu
        for s, _ in self.bellas:
            bella[unit[s]] += BELLA_POINTS
        totals = [cards[u] + seq[u] + bella[u] for u in range(nu)]
        pot_in = self._pot_json()
        st = settle(totals, tricks, self.maker, unit, app=self._app, half_up=self._half_up,
                    queue=self._queue, bide_penalty=self._bide_pen, ski_penalty=self._ski,
                    pots=self._pots, app_pots=self._app_pots, bide_counts=self._bides)
        self._pots = st.pots
        self._app_pots = st.app_pots
        self._bides = st.bide_counts
        awarded = [st.deal_scores[u] + st.penalties[u] for u in range(nu)]
        for u in range(nu):
            self._scores[u] += awarded[u]
        result = {
            "deal": self._deal_no, "dealer": self.dealer, "outcome": st.outcome,
            "contract": self._contract_json(), "maker": self.maker, "maker_side": unit[self.maker],
            "card_points": cards, "card_total": self.card_total, "last_trick": lu,
            "tricks": tricks, "declarations": seq, "sequence_winner": self.seq_seat if self.seq_seat >= 0 else None,
            "bella": bella, "deal_totals": totals, "pot_in": pot_in, "pot_awarded": st.pot_awarded,
            "pot_out": self._pot_json(), "split": st.split, "receiver": st.receiver,
            "deal_scores": st.deal_scores, "penalties": st.penalties, "awarded": awarded,
            "scores": list(self._scores), "bide_counts": list(self._bides),
        }
        self._results.append(result)
        self._emit({"type": "deal_scored", **result})  # events are read-only, like the score sheet
        won = match_winner(self._scores, self._target)
        if won is not None:
            self._end_match(won)
            return
        n = self.players
        nxt = (self.dealer + 1) % n
        if not self._rotate:
            best = max(st.deal_scores)
            if st.deal_scores.count(best) == 1:
                bu = st.deal_scores.index(best)
                nxt = next((self.dealer + k) % n for k in range(1, n + 1) if unit[(self.dealer + k) % n] == bu)
        self.dealer = nxt
        self._phase = DEAL
        self.current_player = CHANCE

    # ----------------------------------------------------------------- views
    def _hidden_ids(self, seat: int | None) -> dict[str, list[int]]:
        if self._deal_no == 0:
            return {}
        out: dict[str, list[int]] = {}
        for s in range(self.players):
            if s != seat:
                out[f"hand{s}"] = ids_of(self.hands[s] & ~self.known[s])
        out["stock"] = list(self.stock)
        return out

    def hidden_zones(self, seat: int | None) -> dict[str, list[str]]:
        """Hidden zones of ``seat``: the other hands (publicly known cards excepted) and the stock.

        The stock is listed top card first.  Tests only.
        """
        return {z: [CARD_STRS[c] for c in ids] for z, ids in self._hidden_ids(seat).items()}

    def card_zones(self) -> dict[str, list[str]]:
        """Every card's location (tests only): hands, stock, bottom, turn-up, trick, won piles."""
        if self._deal_no == 0:
            return {"deck": mask_to_strs(_ALL_CARDS)}
        z: dict[str, list[str]] = {}
        for s in range(self.players):
            z[f"hand{s}"] = mask_to_strs(self.hands[s])
            z[f"won{s}"] = mask_to_strs(self.won[s])
        z["stock"] = [CARD_STRS[c] for c in self.stock]
        z["bottom"] = [CARD_STRS[self.bottom]] if self.bottom >= 0 else []
        z["turnup"] = [CARD_STRS[self.turnup]] if self.turnup >= 0 else []
        z["trick"] = [CARD_STRS[c] for c in self.trick]
        return z

    def view(self, seat: int | None) -> View:
        """Everything ``seat`` may know (``None``: a spectator).  Keys: ``docs/games/deberts.md``."""
        v = self.base_view(seat)
        n = self.players
        nu = self._nu
        unit = self._unit
        hidden, unseen = hidden_summary(self.hidden_zones(seat))
        card_pts = [0] * nu
        tricks_side = [0] * nu
        for s in range(n):
            card_pts[unit[s]] += self.pts[s]
            tricks_side[unit[s]] += self.tricks[s]
        last = None
        if self.last is not None:
            cards, seats, w = self.last
            last = {"cards": [CARD_STRS[c] for c in cards], "seats": list(seats), "winner": w,
                    "leader": seats[0]}
        v.update({
            "phase": PHASES[self._phase],
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "deal_number": self._deal_no,
            "hands": [mask_to_strs(self.hands[s]) if s == seat else None for s in range(n)],
            "known": [mask_to_strs(k) for k in self.known],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": [{"seat": s, "card": CARD_STRS[c]} for s, c in zip(self.tseats, self.trick, strict=True)],
            "leader": self.leader if self._phase == PLAY else None,
            "last_trick": last,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "contract": self._contract_json(),
            "tricks_won": list(self.tricks),
            "unseen": unseen,
            "hidden": hidden,
            "target": self._target,
            "side_names": ["".join(str(s) for s in m) for m in self._members],
            "side_of": list(unit),
            "turn_up": CARD_STRS[self.turnup] if self.turnup >= 0 else None,
            "turn_up_taker": self.turnup_taker if self.turnup_taker >= 0 else None,
            "bottom_card": CARD_STRS[self.bottom] if self.bottom >= 0 else None,
            "stock_size": len(self.stock) + (1 if self.bottom >= 0 else 0),
            "bids": [{"seat": s, "call": c, "round": r} for s, c, r in self.bids],
            "bid_round": self.bid_round if self._phase == BIDDING else None,
            "exchange": None if self.exch is None else {
                "seat": self.exch[0], "took": CARD_STRS[self.exch[1]], "gave": CARD_STRS[self.exch[2]]},
            "exchange_pending": list(self._exq) if self._phase == EXCHANGE else [],
            "declarations": [dict(a) for a in self.announcements],
            "sequence_winner": self.seq_seat if self.seq_seat >= 0 else None,
            "sequence_points": self.seq_value,
            "shown": [[mask_to_strs(m) for m in self.shown[s]] for s in range(n)],
            "bellas": [{"seat": s, "card": CARD_STRS[c]} for s, c in self.bellas],
            "won": [mask_to_strs(w) for w in self.won],
            "card_points": card_pts,
            "tricks_side": tricks_side,
            "card_total": self._public_card_total(),
            "pots": list(self._pots),
            "pot": sum(self._pots),
            "app_pots": [{"amount": a, "rivals": list(r), "maker": m} for a, r, m in self._app_pots],
            "bide_counts": list(self._bides),
            "deberts": None if self.deberts is None else {
                "seat": self.deberts[0], "cards": mask_to_strs(self.deberts[1])},
        })
        return v

    def _public_card_total(self) -> int | None:
        """The deal's card total once nobody can learn anything from it.

        With 2-3 players it is the value of the cards dealt into the hands, so during play it
        would tell a seat how many points the other hands hold (the rest lies unseen in the
        stock): it is shown once the deal is over.  With 4 players every card is dealt.
        """
        if self._phase == PLAY:
            return self.card_total if self.players == 4 else None
        return self.card_total if self.last is not None else None

    @classmethod
    def from_view(cls, view: View, fill: Mapping[str, Sequence[str]]) -> Deberts:
        """Rebuild a state from a seat's view plus an assignment of its unseen cards.

        ``fill`` maps the hidden zones of the view (``hand<k>``, ``stock`` top
        card first) to cards.  Publicly known cards come from ``view["known"]``.
        """
        players = int(view["players"])
        st = cls(players, dict(view["options"]), int(view["first_dealer"]))
        st._scores = [int(x) for x in view["scores"]]
        st._results = json_copy(list(view["deals"]))
        st._winner = view["winner"]
        st.dealer = int(view["dealer"])
        st._deal_no = int(view["deal_number"])
        st._phase = PHASES.index(view["phase"])
        cp = view["current_player"]
        st.current_player = None if cp is None else int(cp)
        st._pots = [int(x) for x in view["pots"]]
        st._app_pots = [(int(p["amount"]), tuple(int(r) for r in p["rivals"]), int(p["maker"]))
                        for p in view["app_pots"]]
        st._bides = [int(x) for x in view["bide_counts"]]
        if st._deal_no == 0:
            return st
        known = [strs_to_mask(k) for k in view["known"]]
        st.known = known
        for s in range(players):
            own = view["hands"][s]
            if own is not None:
                st.hands[s] = strs_to_mask(own)
            else:
                st.hands[s] = known[s] | strs_to_mask(fill.get(f"hand{s}", ()))
        st.turnup = CARD_IDS[view["turn_up"]] if view["turn_up"] else -1
        taker = view["turn_up_taker"]
        st.turnup_taker = -1 if taker is None else int(taker)
        st.bottom = CARD_IDS[view["bottom_card"]] if view["bottom_card"] else -1
        st.stock = [CARD_IDS[c] for c in fill.get("stock", ())]
        st.bids = [(int(b["seat"]), str(b["call"]), int(b["round"])) for b in view["bids"]]
        if st._phase == BIDDING:
            st.bid_round = int(view["bid_round"])
            st._passes = sum(1 for b in st.bids if b[2] == st.bid_round)
        contract = view["contract"]
        if contract is not None:
            st.maker = int(contract["maker"])
            st.trump = SUITS.index(contract["trump"])
            st.source = str(contract["source"])
            st._vals = VALUES[st._cv][st.trump]
            st._pow = POWER[st.trump]
            st._kq = (1 << (st.trump * 16 + 10)) | (1 << (st.trump * 16 + 11))
        ex = view["exchange"]
        if ex is not None:
            st.exch = (int(ex["seat"]), CARD_IDS[ex["took"]], CARD_IDS[ex["gave"]])
        st._exq = [int(s) for s in view["exchange_pending"]]
        st.announcements = [dict(a) for a in view["declarations"]]
        for a in st.announcements:
            if a["call"] != "pass":
                st.declared[int(a["seat"])] = True
        sw = view["sequence_winner"]
        st.seq_seat = -1 if sw is None else int(sw)
        st.seq_value = int(view["sequence_points"])
        st.shown = [tuple(strs_to_mask(m) for m in combos) for combos in view["shown"]]
        if view["deberts"] is not None:
            st.deberts = (int(view["deberts"]["seat"]), strs_to_mask(view["deberts"]["cards"]))
        if st._phase == DECLARING:
            st._combos = [hand_combos(h, st.trump, st._natural, st._instant) for h in st.hands]
        for entry in view["trick"]:
            st.tseats.append(int(entry["seat"]))
            st.trick.append(CARD_IDS[entry["card"]])
        if st.trick:
            st._best = trick_winner_index(st.trick, st.trump)
            st._best_pow = POWER[st.trump][st.trick[st._best]]
        leader = view["leader"]
        st.leader = -1 if leader is None else int(leader)
        st.tricks = [int(t) for t in view["tricks_won"]]
        st.won = [strs_to_mask(w) for w in view["won"]]
        st.pts = [sum(st._vals[c] for c in ids_of(w)) for w in st.won]
        last = view["last_trick"]
        if last is not None:
            st.last = ([CARD_IDS[c] for c in last["cards"]], [int(s) for s in last["seats"]],
                       int(last["winner"]))
        st.bellas = [(int(b["seat"]), CARD_IDS[b["card"]]) for b in view["bellas"]]
        if st._phase == PLAY or st.last is not None:  # the rebuilt cards' own total, whatever the fill
            dealt_cards = 0
            for m in (*st.hands, *st.won):
                dealt_cards |= m
            for c in st.trick:
                dealt_cards |= 1 << c
            st.card_total = LAST_TRICK_BONUS + sum(st._vals[c] for c in ids_of(dealt_cards))
        st._lm = -1
        return st
