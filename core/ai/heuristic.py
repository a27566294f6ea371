"""The ``normal`` and ``easy`` bots: rules of thumb a good club player follows.

Card play: count the cards (a card is *master* when no unseen card of its
suit beats it), draw trumps when our side holds the contract and the master
trump, cash masters, win cheaply, never waste a partner's safe trick (throw
points on it instead), and shed the least valuable card when the trick is
lost.  Bidding: an evaluation of the hand for every trump the call would
make, against a threshold per game (overcalling a partner only with a clearly
better hand).  Other decisions: take the exchange, declare everything, burn
and discard the least valuable cards.

Everything comes from the seat's view and :class:`core.ai.memory.Memory`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.actions import Action, action_from_json
from core.ai.bidding import contract_points, defence_points, trump_points
from core.ai.deberts_last_tricks import deberts_last_tricks
from core.ai.knowledge import Table, is_two, loss_value, mask, match_target, suit_index
from core.ai.last_tricks import last_tricks
from core.ai.memory import Memory, first_lead_to_come, known_mask, no_trick_done, view_tricks
from core.ai.pitch_endgame import last_two_tricks
from core.ai.tertz_endgame import NORMAL_POSITIONS, phase_b_cards
from core.ai.weighted import stock_lasts, threatened, weighted_follow, weighted_lead
from core.ai.weighted_pitch import weighted_follow as pitch_follow
from core.ai.weighted_pitch import weighted_lead as pitch_lead
from core.cards import CARD_IDS, CARD_STRS, JOKER1, SUIT_MASK, SUITS
from core.games.pitch import called_card
from core.state import View
from core.text import Reason

TURNED_KEYS = ("turned", "turn_up", "turnup", "trump_card", "upcard", "turned_card")


@dataclass
class PlayInfo:
    """What the card-play rule of thumb needs, from a view or a rollout."""

    tb: Table
    me: int
    trick: list[tuple[int, int]]
    outstanding: int
    """Cards that other seats may still hold (unseen plus their known cards)."""
    order: list[int]
    """Seats still to play to this trick after ``me``, in order."""
    forbidden: dict[int, int]
    maker_side: int | None
    partner_led: int = 0
    """Bit ``s`` set: the partner led suit ``s`` earlier in this deal (we return it when we have nothing better)."""
    opening: bool = False
    """No card of this deal has been played yet (the first lead is to come)."""
    sizes: tuple[int, ...] = ()
    """Every seat's hand size, when known from a view (empty in rollouts): Pitch counts out its last two
    tricks with them (:mod:`core.ai.pitch_endgame`)."""
    taken: tuple[int, ...] = ()
    """Pitch: the points each seat has taken in this deal so far, from a view (empty in rollouts)."""
    bid: int = 0
    """Pitch: the contract's bid (0: unknown, or the moon)."""
    first_trick: bool = False
    """The deal's first trick is being played (or is still to come)."""
    called: int = -1
    """Five-handed Pitch: the card the bidder called for its partner (-1: none)."""
    partner: int = -1
    """Five-handed Pitch: the seat known to hold or to have played the called card (-1: not known)."""
    moon: bool = False
    """Pitch: the contract is the moon (the bidder's side must take every point)."""


def id_mask(cards: Sequence[int]) -> int:
    """The mask of card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def choose_card(info: PlayInfo, legal: Sequence[int], weighted: bool = True) -> int:
    """The rule-of-thumb card among ``legal`` (card ids).

    ``weighted=False`` leaves out the fitted weights of :mod:`core.ai.weighted` (the plain rules, which the
    calibration compares them with).
    """
    tb = info.tb
    pts = tb.points
    st = tb.strength
    if len(legal) == 1:
        return legal[0]
    if info.sizes and tb.mode == "pitch":
        counted = last_two_tricks(info, legal, info.sizes)
        if counted is not None and len(counted) == 1:
            return counted[0]

    def low_key(c: int) -> tuple[int, int, int]:
        trumpish = 1 if tb.is_trump(c) and tb.mode == "trump" else 0
        return (loss_value(tb, c) + 12 * trumpish, trumpish, st[c])

    five = pitch_five_handed(info, legal)
    if five is not None:
        return five
    if info.moon and tb.mode == "pitch" and tb.players == 4 and info.maker_side == tb.side_of(info.me):
        return pitch_moon_card(info, legal)
    if not info.trick:
        return _lead(info, legal, weighted)
    three = pitch_three_to_partner(info, legal)
    if three is not None:
        return three
    if weighted and tb.mode in ("trump", "pitch"):
        follow = weighted_follow if tb.mode == "trump" else pitch_follow
        fitted = follow(info, id_mask(legal), legal)
        if fitted is not None:
            return fitted
    cards = [c for _, c in info.trick]
    wi = tb.winner_index(cards)
    best = cards[wi]
    lead_suit = tb.suit(cards[0])
    partner_wins = tb.partners(info.trick[wi][0], info.me)
    if partner_wins and not threatened(info, best, lead_suit):
        # Smear: give the partner points, keeping high trumps and our masters.
        def smear_key(c: int) -> tuple[int, int]:
            keep = 0
            if tb.is_trump(c) and tb.mode in ("trump", "pitch") and st[c] >= st[best] - 100 and pts[c] >= 14:
                keep = 1
            return (-keep, pts[c] * 2 - (st[c] if tb.mode != "pitch" else 0))
        cands = [c for c in legal if not tb.beats(c, best, lead_suit) or tb.mode == "pitch"]
        pool = cands or list(legal)
        return max(pool, key=smear_key)
    winners = [c for c in legal if tb.beats(c, best, lead_suit)]
    trick_pts = sum(pts[c] for c in cards)
    if winners:
        safe = [c for c in winners if not threatened(info, c, lead_suit)]
        if safe:
            plain = [c for c in safe if not tb.is_trump(c) or tb.mode in ("nt", "at")]
            if plain and tb.mode != "pitch":
                return max(plain, key=lambda c: (pts[c], -st[c]))
            if tb.mode == "pitch":
                # Win with the cheapest safe card, unless a point card wins safely.
                return max(safe, key=lambda c: (pts[c], -st[c]))
            return min(safe, key=lambda c: (pts[c] >= 14, st[c]))
        if partner_wins:
            return min(legal, key=low_key)
        if tb.mode == "pitch":
            # Pitch points are few and every one counts (the 3 of trumps counts 3): a trick holding any
            # point its winner takes is fought for with the strongest winner.
            if any(loss_value(tb, c) for c in cards):
                return max(winners, key=lambda c: st[c])
        elif trick_pts >= 10 or any(pts[c] >= 10 for c in cards):
            return max(winners, key=lambda c: st[c])
        low = min(legal, key=low_key)
        if loss_value(tb, low) == 0:
            return low
        return min(winners, key=lambda c: st[c])
    return min(legal, key=low_key)


def _lead(info: PlayInfo, legal: Sequence[int], weighted: bool = True) -> int:
    tb = info.tb
    pts = tb.points
    st = tb.strength
    out = info.outstanding
    my_side = tb.side_of(info.me)
    if tb.mode == "pitch":
        fitted = pitch_lead(info, id_mask(legal), legal) if weighted else None
        if fitted is not None:
            return fitted
        if info.opening and info.maker_side == my_side:
            first = pitch_opening_lead(info, legal)
            if first is not None:
                return first
        masters = [c for c in legal if not tb.above(c, out)]
        if masters:
            return max(masters, key=lambda c: (pts[c] > 0, st[c]))
        # No master: lead low, keeping point cards.
        return min(legal, key=lambda c: (loss_value(tb, c), st[c]))
    if weighted and tb.mode == "trump":
        hand = id_mask(legal)
        fitted = weighted_lead(info, hand, legal)
        if fitted is not None:
            return fitted
        if stock_lasts(info, hand):
            # While Tertz's stock lasts, keep the cards that may still be declared.
            loose = [c for c in legal if not in_combination(hand, c, tb)]
            if loose:
                legal = loose
    trumps_out = out & tb.trump_mask if tb.mode == "trump" else 0
    my_trumps = [c for c in legal if tb.is_trump(c)] if tb.mode == "trump" else []
    if my_trumps and trumps_out and info.maker_side == my_side:
        top = max(my_trumps, key=lambda c: st[c])
        if not tb.above(top, out):
            return top
    masters = []
    for c in legal:
        if tb.mode == "trump" and tb.is_trump(c):
            continue
        if not tb.above(c, out):
            masters.append(c)
    if masters and (not trumps_out or info.maker_side == my_side or len(masters) > 1):
        return max(masters, key=lambda c: (pts[c], st[c]))
    # A defender cashes a lone ace before the suit can be ruffed: while enough of it is out to be followed.
    fresh = [c for c in masters if pts[c] >= 10 and bin(out & SUIT_MASK[c >> 4]).count("1") >= 3]
    if fresh:
        return max(fresh, key=lambda c: (pts[c], st[c]))
    if info.partner_led and tb.mode != "pitch":
        back = [c for c in legal if info.partner_led >> (c >> 4) & 1 and not (tb.mode == "trump" and tb.is_trump(c))]
        if back:
            # Return the partner's suit with our lowest card of it (keep a guarded honour).
            return min(back, key=lambda c: (pts[c], st[c]))

    def lead_key(c: int) -> tuple[int, int, int]:
        s = c >> 4
        trumpish = 1 if tb.mode == "trump" and tb.is_trump(c) else 0
        exposed = 0
        if not trumpish and tb.above(c, out) and pts[c] >= 10:
            exposed = 1
        return (trumpish, exposed * 20 + pts[c], st[c] + (0 if s == tb.trump else 0))
    return min(legal, key=lead_key)


def pitch_opening_lead(info: PlayInfo, legal: Sequence[int]) -> int | None:
    """The bidding side's first lead in Pitch, or ``None`` to let the usual rule choose.

    Not the ace: nobody has to follow, so the others throw their smallest
    cards under it and it takes nothing it could not take later, when their
    point cards must come out.  The bidder leads the low (it scores for
    whoever plays it), else a jack (the trump jack first: it draws the
    opponents' king or queen while our higher trumps stay to catch the
    jokers, the ten and the three), else its smallest card that neither
    counts nor is sure to win.  On searched positions of four-handed Pitch
    the first lead's mean loss against the best card drops from 1.33 to
    0.86 match points (``docs/ai.md``, sixth round).  Not with the reversed
    order (the low is then the top trump).
    """
    tb = info.tb
    if tb.options.get("reverse") is True:
        return None
    lows = [c for c in legal if tb.points[c] and loss_value(tb, c) == 0]
    if lows:
        return min(lows, key=lambda c: tb.strength[c])
    jacks = [c for c in legal if tb.points[c] and (c & 15) == RANK_JACK]
    if jacks:
        return max(jacks, key=lambda c: tb.strength[c])
    out = info.outstanding & tb.trump_mask
    plain = [c for c in legal if not tb.points[c] and tb.above(c, out)]
    if plain:
        return min(plain, key=lambda c: tb.strength[c])
    return None


def pitch_moon_card(info: PlayInfo, legal: Sequence[int]) -> int:
    """Four-handed Pitch: the card of a seat whose side bid the moon, which must take every point.

    Every card in play is a trump, and a defender keeps its point cards for a trick it wins.  So the moon's
    side wins every trick it can, as cheaply as is sure: a lead with its lowest master (no card still out
    beats it), a card to a trick with its lowest winner that no defender still to play can beat, else its
    highest.  On a trick its partner wins safely it banks its own point cards, keeping its masters (the low
    scores for whoever plays it, anywhere); a trick it cannot win gets its smallest card that carries no point.

    The fitted weights were fitted on ordinary contracts, where a trick given up costs a point or two, not
    the match.  Measured on 342 seeded deals where the seat with the best moon hand (a fitted chance of 0.12
    or more) bids the moon and ``normal`` plays every seat: 68 moons made with this rule against 44 without
    it (``hard@v1`` on the moon's side: 75).  Five-handed, where the partner is hidden, it made fewer (540
    against 564 of 1,369), so it is not used there (``docs/ai.md``, twenty-fourth round).
    """
    tb = info.tb
    st = tb.strength
    out = info.outstanding

    def spare_key(c: int) -> tuple[int, int]:
        return (loss_value(tb, c), st[c])

    if not info.trick:
        masters = [c for c in legal if not tb.above(c, out)]
        if masters:
            return min(masters, key=lambda c: st[c])
        return min(legal, key=spare_key)
    cards = [c for _, c in info.trick]
    wi = tb.winner_index(cards)
    best = cards[wi]
    lead_suit = tb.suit(cards[0])
    if tb.partners(info.trick[wi][0], info.me) and not threatened(info, best, lead_suit):
        banked = [c for c in legal if tb.points[c] and not tb.beats(c, best, lead_suit)]
        if banked:  # the masters are kept to win tricks later
            return min(banked, key=lambda c: (not tb.above(c, out), st[c]))
        return min(legal, key=lambda c: st[c])
    winners = [c for c in legal if tb.beats(c, best, lead_suit)]
    if winners:
        safe = [c for c in winners if not threatened(info, c, lead_suit)]
        return min(safe, key=lambda c: st[c]) if safe else max(winners, key=lambda c: st[c])
    return min(legal, key=spare_key)


PITCH_THREE_ABOVE = 2
"""Four-handed Pitch: trumps still out above the led card for a defender second to play to give up the three."""


def pitch_three_to_partner(info: PlayInfo, legal: Sequence[int]) -> int | None:
    """Four-handed Pitch: the three of trumps a defender second to play gives up, or ``None``.

    Held back, the three is mostly caught once the bidder's side draws trumps.  Second to play, with at
    least :data:`PITCH_THREE_ABOVE` trumps still out above the led card, our partner (last to play) may
    well take the trick, and the three's points with it.  Measured on real deals played on by ``normal``
    with each card in turn (21,000 card decisions, seeds 21 and 22; ``docs/ai.md``): when this fires
    (1.5% of the decisions), it scores 3.5-4.0 points a time more for our side than the fitted weights'
    card.
    """
    tb = info.tb
    if tb.mode != "pitch" or tb.players != 4 or len(info.trick) != 1 or info.maker_side is None:
        return None
    if tb.side_of(info.me) == info.maker_side:
        return None
    threes = [c for c in legal if tb.points[c] == 3]
    if not threes:
        return None
    above = tb.above(info.trick[0][1], info.outstanding).bit_count()
    return threes[0] if above >= PITCH_THREE_ABOVE else None


def pitch_five_handed(info: PlayInfo, legal: Sequence[int]) -> int | None:
    """Five-handed Pitch: the bidder's side and the defenders around the three of trumps, or ``None``.

    * The bidder's first lead is the three when it holds it: the called partner covers it with the called
      card, the highest trump the bidder lacks, which no one else can beat.
    * On the first trick the called partner, with a seat still to play after it, plays its highest trump
      (the called card) and takes the trick with whatever has fallen on it.
    * A defender (neither the bidder nor the known partner), not leading, gives up the three on a trick the
      bidder is not winning: held back, it is mostly caught.

    Measured on real deals played on by ``normal`` with each card in turn (30,000 card decisions, seeds 51
    and 52; ``docs/ai.md``): each time they fire they score for the seat's side, over ``normal``'s fitted
    card, 4.7-5.0, 3.0-3.5 and 1.5-1.6 points (most of these deals are moons, where a point lost is the match).
    """
    tb = info.tb
    if tb.mode != "pitch" or tb.players != 5 or info.maker_side is None or len(legal) < 2:
        return None
    bidder = tb.sides[info.maker_side][0]
    threes = [c for c in legal if tb.points[c] == 3]
    if not info.trick:
        return threes[0] if info.opening and info.me == bidder and threes else None
    if info.first_trick and info.partner == info.me and info.called in legal and info.order:
        return max(legal, key=lambda c: tb.strength[c])
    if not threes or info.me in (bidder, info.partner):
        return None
    winner = info.trick[tb.winner_index([c for _, c in info.trick])][0]
    return threes[0] if winner != bidder else None


RANK_JACK = 9
"""The jack's rank index in a card id (``2`` is 0)."""


# ------------------------------------------------------------------ bidding
def hand_strength(tb_game: str, hand: int, trump: int | None, mode: str) -> float:
    """An estimate of the card points ``hand`` is worth with this contract."""
    total = 0.0
    ranks = {"J": 9, "9": 7, "A": 12, "T": 8, "K": 11, "Q": 10, "8": 6, "7": 5}
    rid = {r: i for r, i in ranks.items()}
    for s in range(4):
        suit_cards = hand & SUIT_MASK[s]
        n = bin(suit_cards).count("1")
        has = {r: bool(suit_cards >> (s * 16 + i) & 1) for r, i in rid.items()}
        if mode == "at" or (mode == "trump" and s == trump):
            total += 20 * has["J"] + 14 * has["9"] + 11 * has["A"] + 10 * has["T"] + 4 * (has["K"] + has["Q"])
            if has["9"] and not has["J"] and n < 2:
                total -= 6
            total += 6 * n if mode == "trump" else 2 * n
        else:
            total += 11 * has["A"]
            if has["T"]:
                total += 8 if has["A"] or n >= 3 else 3
            if has["K"] and (has["A"] and has["T"]):
                total += 3
            if mode == "trump" and n == 0:
                total += 6
    return total


def pitch_estimate(hand: int, suit: int, options: dict[str, Any]) -> float:
    """Points a Pitch hand expects to take with ``suit`` as trumps (the rule-of-thumb estimate)."""
    from core.ai.knowledge import _pitch_order, pitch_points

    order = _pitch_order(suit, options)
    pts = pitch_points(suit, options)
    held = [c for c in order if hand >> c & 1]
    est = 0.0
    n = len(held)
    for i, c in enumerate(order):
        if not hand >> c & 1:
            continue
        if i == 0:
            est += 1.0 + 0.3
        elif i <= 3:
            est += 0.5 + 0.6 * pts[c]
        elif is_two(c) and pts[c]:
            est += 0.9 * pts[c]  # the low scores for whoever plays it
        elif c == JOKER1 and pts[c]:
            # The big joker weighs as much as the low: the bid thresholds (PITCH_BIDS) were measured with
            # this weight (it used to be taken for a two), so it stays until they are measured again.
            est += 0.9 * pts[c]
        elif pts[c]:
            est += 0.45 * pts[c]
        else:
            est += 0.1
    est += max(0, n - 3) * 0.35
    return est


def turned_card(view: View) -> str | None:
    """The turned (proposed-trump) card of the view, if any."""
    for k in TURNED_KEYS:
        v = view.get(k)
        if isinstance(v, str) and v in CARD_IDS:
            return v
    return None


def _bid_target(view: View, call: str) -> tuple[int | None, str] | None:
    """(trump, mode) the call makes us play, or ``None`` for non-contract calls."""
    if call in ("NT", "AT"):
        return None, call.lower()
    s = suit_index(call)
    if s is not None:
        return s, "trump"
    if call in ("take", "play"):
        t = turned_card(view)
        if t is not None:
            return CARD_IDS[t] >> 4, "trump"
        trump = suit_index(view.get("trump"))
        if trump is not None:
            return trump, "trump"
    return None


THRESHOLDS = {
    "klaberjass": 58.0, "deberts": 58.0, "tertz": 58.0, "belote": 46.0,
}


def _partner_holds_contract(view: View, tb: Table, me: int) -> bool:
    bids = view.get("bids")
    contract = view.get("contract")
    holder = None
    if isinstance(contract, dict):
        for k in ("bidder", "maker", "declarer", "seat"):
            if isinstance(contract.get(k), int):
                holder = contract[k]
                break
    if holder is None and isinstance(bids, list):
        for b in reversed(bids):
            if isinstance(b, dict) and b.get("call") not in ("pass", "double", "redouble", None):
                holder = b.get("seat")
                break
    return isinstance(holder, int) and holder != me and tb.partners(holder, me)


BELOTE_CALL_ORDER = ("C", "D", "H", "S", "NT", "AT")
BELOTE_THRESHOLDS = {"trump": 88.0, "nt": 105.0, "at": 100.0}
"""Bid points (:mod:`core.ai.bidding`) a fresh Belote contract needs; calibrated with ``bench bids``."""
BELOTE_OVERCALL_PARTNER = 25.0
"""Extra bid points needed to take the contract away from one's partner."""
BELOTE_DOUBLE = 110.0
"""Defence points (:func:`core.ai.bidding.defence_points`) a Belote double needs."""
BELOTE_REDOUBLE = 40.0
"""Bid points above the threshold the declarer's side needs to redouble."""


def belote_call(view: View, calls: list[str], hand: int, rng: random.Random, bold: float = 0.0) -> str:
    """``normal``'s Belote auction call: evaluate every contract, respect the partner, double with defence.

    The seat, the partner's and opponents' calls, the scores and the target
    all move the thresholds: overcalling the partner needs a clearly better
    contract; a suit the opponents named is a poor trump and a weak spot in
    no trumps; a side close to losing the match bids a little more boldly,
    one close to winning it a little more carefully.  Ties between equally
    good contracts are broken at random, never by the order of the list.
    """
    me = int(view["seat"])
    partner = (me + 2) % 4
    auction = view.get("auction") or {}
    bidder = auction.get("bidder")
    current = auction.get("current")
    opp_suits = {b.get("call") for b in view.get("bids") or []
                 if isinstance(b, dict) and int(b.get("seat", -1)) % 2 != me % 2}
    partner_suits = {b.get("call") for b in view.get("bids") or []
                     if isinstance(b, dict) and b.get("seat") == partner}
    scores = list(view.get("scores") or [0, 0])
    target = match_target(view) or 151.0
    ours, theirs = float(scores[me % 2]), float(scores[1 - me % 2])
    if theirs >= target - 30 and theirs > ours:
        bold += 10.0
    elif ours >= target - 20 and ours > theirs + 20:
        bold -= 8.0
    best, best_margin = "pass", 0.0
    options: list[tuple[float, float, str]] = []
    for call in calls:
        if call not in BELOTE_CALL_ORDER:
            continue
        trump, mode = (None, call.lower()) if call in ("NT", "AT") else (suit_index(call), "trump")
        pts = contract_points(hand, trump, mode)
        if mode == "trump" and call in opp_suits:
            pts -= 20
        if mode == "nt":
            for sc in opp_suits:
                si = suit_index(sc)
                if si is not None and not hand >> (si * 16 + 12) & 1:
                    pts -= 15  # no stopper in the suit they named
        if mode == "at" and partner_suits & set("SHDC"):
            for sc in partner_suits:
                si = suit_index(sc)
                if si is not None and hand >> (si * 16 + 9) & 1:
                    pts += 12  # the partner's suit, and we hold its jack
        need = BELOTE_THRESHOLDS[mode] - bold
        if bidder is not None and bidder == partner:
            need += BELOTE_OVERCALL_PARTNER
        margin = pts - need
        if margin >= 0:
            options.append((margin, rng.random(), call))
    if options:
        best_margin, _, best = max(options)
    if best != "pass" and best in calls:
        return best
    if "double" in calls and isinstance(current, str) and bidder is not None and bidder % 2 != me % 2:
        trump, mode = (None, current.lower()) if current in ("NT", "AT") else (suit_index(current), "trump")
        if defence_points(hand, trump, mode) >= BELOTE_DOUBLE:
            return "double"
    if "redouble" in calls and isinstance(current, str) and bidder is not None:
        trump, mode = (None, current.lower()) if current in ("NT", "AT") else (suit_index(current), "trump")
        extra = BELOTE_THRESHOLDS[mode] + BELOTE_REDOUBLE
        if bidder == me and contract_points(hand, trump, mode) >= extra:
            return "redouble"
    del best_margin
    return "pass" if "pass" in calls else calls[0]


TURNUP_THRESHOLDS: dict[tuple[str, int], tuple[float, float]] = {
    ("klaberjass", 2): (70.0, 70.0),
    ("deberts", 2): (72.0, 72.0),
    ("deberts", 3): (90.0, 90.0),
    ("deberts", 4): (80.0, 90.0),
}
"""(turned suit, named suit): bid points a Deberts / Klaberjass contract needs.

Calibrated with ``bench bids --versus-pass``: the first band of bid points from
which taking the contract scores more, on the same deal, than passing and
letting the auction go on (a pass is not free: the opponents may take the
deal).  Four-handed Deberts counts the turn-up in the maker's hand
(:func:`turnup_hand`); its turned-suit threshold is the earlier 60 plus the
turn-up's average worth, about 20 bid points (``docs/ai.md``, ninth round)."""


def turnup_hand(view: View, tb: Table, hand: int) -> int:
    """The hand a Deberts / Klaberjass contract would be played with, as a mask: four-handed Deberts gives the
    turn-up to the maker (or, by option, to the dealer), so it counts as ours when we would receive it."""
    turned = turned_card(view)
    if tb.game != "deberts" or tb.players != 4 or turned is None:
        return hand
    if tb.options.get("four_player_turnup_to", "maker") == "dealer" and view.get("dealer") != view.get("seat"):
        return hand
    return hand | 1 << CARD_IDS[turned]


def turnup_call(view: View, tb: Table, calls: list[str], hand: int, rng: random.Random, bold: float = 0.0) -> str:
    """``normal``'s call in the turn-up auctions of Deberts and Klaberjass.

    Take the turned suit, or name another, when the hand's bid points for
    that trump reach the calibrated threshold of the game and player count;
    a side close to losing the match bids a little more boldly, one close to
    winning it a little more carefully; equally good suits are chosen at
    random.
    """
    me = int(view["seat"])
    thr_turned, thr_named = TURNUP_THRESHOLDS.get((tb.game, tb.players), (80.0, 85.0))
    hand = turnup_hand(view, tb, hand)
    scores = [float(x) for x in view.get("scores") or []]
    target = match_target(view)
    my = tb.side_of(me)
    if scores and target is not None and my < len(scores):
        ours = scores[my]
        theirs = max((x for i, x in enumerate(scores) if i != my), default=0.0)
        if theirs >= 0.85 * target and theirs > ours:
            bold += 8.0
        elif ours >= 0.85 * target and ours > theirs:
            bold -= 6.0
    options: list[tuple[float, float, str]] = []
    for call in calls:
        tgt = _bid_target(view, call)
        if tgt is None or tgt[0] is None:
            continue
        need = (thr_turned if call in ("take", "play") else thr_named) - bold
        margin = trump_points(hand, tgt[0]) - need
        if margin >= 0:
            options.append((margin, rng.random(), call))
    if options:
        return max(options)[2]
    if "annul" in calls and "play" in calls:
        return "annul"
    return "pass" if "pass" in calls else calls[0]


def choose_bid(view: View, tb: Table, calls: list[str], rng: random.Random, bold: float = 0.0) -> str:
    """The rule-of-thumb auction call among ``calls``."""
    me = int(view["seat"])
    hand = mask((view.get("hands") or [])[me] or [])
    game = tb.game
    if game == "pitch":
        return _pitch_bid(view, tb, calls, hand, bold)
    if game == "belote":
        return belote_call(view, calls, hand, rng, bold)
    if (game, tb.players) in TURNUP_THRESHOLDS:
        return turnup_call(view, tb, calls, hand, rng, bold)
    best_call = "pass" if "pass" in calls else calls[0]
    best_val = -1e9
    thr = THRESHOLDS.get(game, 55.0) - bold
    n_cards = bin(hand).count("1")
    scale = 6.0 / max(n_cards, 1) if game == "belote" else 1.0
    partner = _partner_holds_contract(view, tb, me)
    for call in calls:
        target = _bid_target(view, call)
        if target is None:
            continue
        trump, mode = target
        val = hand_strength(game, hand, trump, mode) * (scale if game != "belote" else 5.0 / max(n_cards, 1))
        if game == "belote" and mode in ("nt", "at"):
            val -= 6
        if partner:
            val -= 15
        if val >= thr and val > best_val:
            best_val, best_call = val, call
    if best_call == "pass" and "annul" in calls and "play" in calls:
        return "annul"
    if "double" in calls and best_call == "pass" and game == "belote":
        trump, mode = contract_of_view(view)
        if trump is not None and hand_strength(game, hand, trump, "trump") >= 48:
            return "double"
    if best_call not in calls:
        return calls[0]
    return best_call


def contract_of_view(view: View) -> tuple[int | None, str]:
    """(trump suit index, mode) currently standing in the view."""
    from core.ai.knowledge import contract_of

    return contract_of(view)


PitchSteps = tuple[tuple[float, int], ...]
"""(lowest estimate, bid) steps, lowest estimate first: the bid of the last step the estimate reaches."""

PITCH_BIDS: dict[int, dict[str, PitchSteps]] = {
    4: {
        "open": ((0.5, 4), (3.5, 6), (5.5, 7)),
        "ceiling": ((0.5, 4), (2.0, 5), (3.0, 6), (4.0, 7), (4.5, 8), (5.0, 9)),
        "dealer": ((1.0, 5), (1.5, 6), (3.5, 7), (4.0, 8), (5.0, 9)),
    },
    5: {
        "open": ((1.0, 4), (2.0, 5), (3.0, 7), (5.0, 8), (6.0, 9)),
        "ceiling": ((1.0, 4), (2.0, 5), (3.0, 7), (5.0, 8), (6.0, 9)),
        "dealer": ((1.0, 4), (2.0, 5), (3.0, 7), (5.0, 8), (6.0, 9)),
    },
}
"""Pitch bids per player count and :func:`pitch_estimate` (10-point game; other point counts scale), measured
with ``bench bids --game pitch --versus-pass`` (each call against a pass on the same deal): ``open`` is what a
seat before the dealer bids when it may choose (the first bid, or a jump over a lower one), ``ceiling`` the
highest bid worth making over another seat's bid, ``dealer`` the highest the dealer overcalls, by one."""


def _pitch_step(steps: PitchSteps, est: float) -> int:
    bid = 0
    for lowest, value in steps:
        if est >= lowest:
            bid = value
    return bid


def pitch_max_bid(est: float, players: int, options: dict[str, Any], role: str = "ceiling") -> int:
    """The highest Pitch bid ``normal`` makes in ``role`` with a hand estimated at ``est`` (0: none)."""
    table = PITCH_BIDS.get(players, PITCH_BIDS[4])
    top = _pitch_step(table[role], est)
    pts = int(options.get("points", 10) or 10)
    return int(round(top * pts / 10)) if top else 0


PITCH_MOON_WEIGHTS: dict[int, tuple[float, ...]] = {
    4: (-3.48, 0.68, 0.55, 0.24, 0.48, 0.31, 0.11, 0.35, -0.27, -0.22, -0.50, -0.30, -0.25, -0.08, -0.20,
        -0.46, 0.62, 0.11),
    5: (-2.67, -0.04, 0.63, 0.46, 0.35, 0.03, -0.07, -0.03, -0.26, -0.20, -0.13, -0.17, -0.16, -0.17, -0.25,
        -0.47, 1.34, 0.44),
}
"""Logistic weights of :func:`pitch_moon_chance` per player count: the bias, then one per trump of the
10-point order held (ace down to the two), then one per trump beyond three.  Four-handed: 8,000 deals
(seed 2), 5.8% of the moons made; on 4,000 other deals (seed 3) hands put at 0.10-0.15 made 10%, at 0.15-0.20
12.5%, above 0.20 17.5% (the partner is fixed, so the ace counts, unlike five-handed)."""
PITCH_MOON_BID: dict[int, float] = {5: 0.25}
"""The chance of taking every point from which ``normal`` bids the moon, per player count, with the scores
level (a made moon wins the match, a failed one loses it, so the bar is about the chance of winning it
otherwise); a lead raises it and a deficit lowers it by half the gap as a share of the target."""
PITCH_MOON_LAST_RESORT: dict[int, tuple[int, int, float]] = {4: (3, 10, 0.12)}
"""Player counts where the moon is only a last resort: (the opponents need at most this many points to win,
we need more than this many, the chance from which ``normal`` then bids it).  Four-handed, a moon is made
too rarely to bid by choice, but when the opponents need three points or fewer they take them this deal
about two times in three even against a hand that strong (503 such hands of normal's self-play: the other
side took fewer than 3 points 34% of the time, fewer than 2 24%), and no number we can bid takes us out
first: the match is about lost, and a failed moon only loses it at once."""


def pitch_moon_chance(hand: int, suit: int, players: int, options: dict[str, Any]) -> float:
    """The chance that a Pitch hand bidding the moon with ``suit`` as trumps takes every point (0: not modelled).

    Fitted on deals where the first seat bid the moon and ``normal`` played every seat.  Only the default
    10-point game with jokers is modelled (not dirty, not reversed, the ten of trumps a point); every other
    variant returns 0.
    """
    from core.ai.knowledge import _pitch_order

    weights = PITCH_MOON_WEIGHTS.get(players)
    default_game = (int(options.get("points", 10) or 10) == 10 and not options.get("dirty")
                    and not options.get("reverse") and options.get("ten_point", "ten_card") == "ten_card")
    if weights is None or not default_game:
        return 0.0
    order = _pitch_order(suit, options)
    held = [i for i, c in enumerate(order) if hand >> c & 1]
    z = weights[0] + sum(weights[1 + i] for i in held) + weights[17] * max(0, len(held) - 3)
    return 1.0 / (1.0 + math.exp(-z))


def _bids_moon(view: View, tb: Table, hand: int) -> bool:
    """Whether ``normal`` bids the moon: the hand's chance of taking every point reaches the bar, which
    rises with our lead (a failed moon loses the match) and falls behind; never with a score below zero
    (a made moon would only bring it back to zero).  Where the moon is only a last resort
    (:data:`PITCH_MOON_LAST_RESORT`, four-handed), only when the opponents are about to win the match."""
    need = PITCH_MOON_BID.get(tb.players)
    last = PITCH_MOON_LAST_RESORT.get(tb.players)
    scores = [int(x) for x in view.get("scores") or []]
    mine = tb.side_of(int(view["seat"]))
    if (need is None and last is None) or len(scores) < 2 or not 0 <= mine < len(scores) or scores[mine] < 0:
        return False
    target = match_target(view) or 52.0
    best_other = max(x for i, x in enumerate(scores) if i != mine)
    if need is None:
        assert last is not None
        theirs, ours, need = last
        if not (target - best_other <= theirs and target - scores[mine] > ours):
            return False
    else:
        need = min(0.7, max(0.1, need + 0.5 * (scores[mine] - best_other) / target))
    return max(pitch_moon_chance(hand, s, tb.players, tb.options) for s in range(4)) >= need


def _pitch_bid(view: View, tb: Table, calls: list[str], hand: int, bold: float) -> str:
    """A seat before the dealer bids what its hand wants when it may choose, else one more than the standing
    bid up to its ceiling; the dealer overcalls by one up to its own; the moon when :func:`_bids_moon` says
    so (four-handed only as a last resort, when the opponents are about to win the match).

    A made bid scores the points taken (default ``made_bid_scores``), so a higher bid adds risk and only
    keeps later seats out; what pays at each seat and standing bid was measured against passing on the same
    deals (:data:`PITCH_BIDS`).  The partner's standing bid costs a point of estimate.
    """
    est = max(pitch_estimate(hand, s, tb.options) for s in range(4)) + bold
    me = int(view["seat"])
    if _partner_holds_contract(view, tb, me):
        est -= 1.0
    if "moon" in calls and _bids_moon(view, tb, hand):
        return "moon"
    nums = sorted(int(c) for c in calls if c.isdigit())
    if not nums:
        return "pass" if "pass" in calls else calls[0]
    if "pass" not in calls:
        return str(nums[0])  # stuck
    if view.get("dealer") == me:
        return str(nums[0]) if nums[0] <= pitch_max_bid(est, tb.players, tb.options, "dealer") else "pass"
    ceiling = pitch_max_bid(est, tb.players, tb.options)
    if nums[0] > ceiling:
        return "pass"
    opening = pitch_max_bid(est, tb.players, tb.options, "open")
    if tb.options.get("made_bid_scores", "points_taken") == "bid":
        opening = ceiling  # a made bid scores the bid itself: bid all the hand is worth
    want = max(nums[0], min(opening, ceiling))
    return str(max(n for n in nums if n <= want))


def best_pitch_suit(hand: int, options: dict[str, Any]) -> int:
    """The trump suit a Pitch bidder should name."""
    return max(range(4), key=lambda s: pitch_estimate(hand, s, options))


# --------------------------------------------------------------- the bot
def legal_of(view: View) -> list[Action]:
    """The view's legal actions as :class:`Action` objects."""
    return [action_from_json(a) for a in view.get("legal") or []]


def maker_side(view: View, tb: Table) -> int | None:
    """Side index of the player holding the contract, if the view says."""
    contract = view.get("contract")
    if isinstance(contract, dict):
        for k in ("maker", "bidder", "declarer", "seat"):
            v = contract.get(k)
            if isinstance(v, int):
                return tb.side_of(v)
    for k in ("maker", "bidder", "declarer"):
        v = view.get(k)
        if isinstance(v, int):
            return tb.side_of(v)
    return None


def play_info(view: View, tb: Table, memory: Memory | None) -> PlayInfo:
    """A :class:`PlayInfo` from a seat's view."""
    me = int(view["seat"])
    trick: list[tuple[int, int]] = []
    for t in view.get("trick") or []:
        if isinstance(t, dict) and t.get("card") in CARD_IDS:
            trick.append((int(t.get("seat", -1)), CARD_IDS[t["card"]]))
    players = int(view.get("players") or 2)
    hand_sizes = list(view.get("hand_sizes") or [1] * players)
    unseen = mask(view.get("unseen") or [])
    hands = view.get("hands") or []
    known = view.get("known") or []
    out = unseen
    for s in range(players):
        if s != me:
            if s < len(known) and known[s]:
                out |= mask(known[s])
            if s < len(hands) and hands[s]:
                out |= mask(hands[s])
    played_seats = {s for s, _ in trick}
    order: list[int] = []
    s = me
    for _ in range(players - 1):
        s = (s + 1) % players
        if s in played_seats:
            continue
        if trick and s < len(hand_sizes) and hand_sizes[s] > 0:
            order.append(s)
    forb = {} if memory is None else {s: memory.forbidden_mask(s) for s in range(players)}
    partner_led = 0
    if len(tb.sides) < players:  # partnerships only
        for tr in view_tricks(view) or []:
            if tr and tr[0][0] != me and tb.partners(tr[0][0], me):
                partner_led |= 1 << (tr[0][1] >> 4)
    opening = first_lead_to_come(view)
    sizes = tuple(int(x) for x in hand_sizes) if len(hand_sizes) == players else ()
    taken_raw = view.get("points_taken")
    taken = tuple(int(x) for x in taken_raw) if isinstance(taken_raw, list) and len(taken_raw) == players else ()
    call = str((view.get("contract") or {}).get("bid") or "")
    bid = int(call) if call.isdigit() else 0
    called, partner = called_partner(view)
    return PlayInfo(tb, me, trick, out, order, forb, maker_side(view, tb), partner_led, opening, sizes, taken, bid,
                    no_trick_done(view), called, partner, moon_contract(view))


def called_partner(view: View, own_hand: bool = True) -> tuple[int, int]:
    """Five-handed Pitch: the called card's id and the seat known to hold or to have played it (-1 each when
    none or not known).  The seat holding the card knows it is the partner before anyone else does;
    ``own_hand=False`` gives what every seat knows (a rollout's shared context)."""
    contract = view.get("contract")
    card = called_card(str(contract.get("call") or "")) if isinstance(contract, dict) else None
    if card is None:
        return -1, -1
    assert isinstance(contract, dict)
    me = int(view["seat"])
    if own_hand and card in ((view.get("hands") or [])[me] or []):
        return CARD_IDS[card], me
    seat = contract.get("partner")
    if contract.get("partner_known") and isinstance(seat, int):
        return CARD_IDS[card], seat
    return CARD_IDS[card], -1


def _declare_value(a: Action) -> int:
    return len(a.cards or ())


class HeuristicBot:
    """Rule-of-thumb play (``normal``); ``noise`` > 0 makes it the weaker ``easy``."""

    def __init__(self, seed: int | None = None, *, noise: float = 0.0, infer: bool = True) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.infer = infer
        self.memory = Memory()

    def observe(self, events: Sequence[dict[str, Any]], start: int = 0) -> None:
        """Receive the seat's events from ``start`` (``state.events_for(seat, start)``)."""
        self.memory.observe(events, start)

    @property
    def events_seen(self) -> int:
        """How many events this bot has received."""
        return self.memory.events_seen

    def choose(self, view: View) -> Action:
        """Return the rule-of-thumb action for ``view``."""
        return self.suggest(view)[0]

    def suggest(self, view: View) -> tuple[Action, str]:
        """The action and a one-line reason a player understands."""
        legal = legal_of(view)
        if not legal:
            raise ValueError("it is not this seat's turn: no legal action in the view")
        if len(legal) == 1:
            return legal[0], Reason("the only legal move")
        tb = self.memory.update(view)
        if self.noise and self.rng.random() < self.noise:
            slip = self._slip(view, tb, legal)
            if slip is not None:
                return slip, Reason("a hunch")
        return decide(view, tb, self.memory if self.infer else None, legal, self.rng)

    def _slip(self, view: View, tb: Table, legal: list[Action]) -> Action | None:
        """``easy``'s occasional mistake: a loose card, never an absurd one.

        Only card play slips (the auction always follows the evaluation, so no
        wild bids or moons): another legal card, but never one that gives up
        a trick the seat would surely win last to play, and never a point
        card thrown on a trick the opponents win.
        """
        if not all(a.type == "play" for a in legal):
            return None
        info = play_info(view, tb, None)
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        good = choose_card(info, cards)
        pool = []
        for c in cards:
            if c == good:
                continue
            if info.trick:
                tcards = [x for _, x in info.trick]
                wi = tb.winner_index(tcards)
                lead_suit = tb.suit(tcards[0])
                ours = tb.partners(info.trick[wi][0], info.me)
                wins_good = tb.beats(good, tcards[wi], lead_suit)
                wins_c = tb.beats(c, tcards[wi], lead_suit)
                if not info.order and wins_good and not wins_c and not ours:
                    continue  # last to play: never give up a trick that was ours to take
                if not ours and not wins_c and tb.points[c] >= 10:
                    continue  # never a ten or an ace thrown to the opponents
            pool.append(c)
        if not pool:
            return None
        return _with_call(legal, self.rng.choice(pool))


def counted_cards(view: View, info: PlayInfo, memory: Memory | None, hand: int, cards: list[int],
                  solve_positions: int) -> list[int] | None:
    """The cards of ``cards`` that an exact count of the deal's end finds best, where one applies.

    Tertz once the stock is gone (both hands known: :mod:`core.ai.tertz_endgame`, at most
    ``solve_positions`` new positions now, the table kept in ``memory`` for the deal), and the last three
    tricks of Klaberjass and two-handed Deberts (over the opponent's likely hands:
    :mod:`core.ai.last_tricks`), and the last two of three- and four-handed Deberts (over the other hands'
    likely layouts: :mod:`core.ai.deberts_last_tricks`).  None when no count applies or it does not fit.
    """
    tb = info.tb
    if len(cards) < 2:
        return None
    if tb.game == "tertz":
        cache = memory.deal_cache if memory is not None else None
        return phase_b_cards(info, hand, cards, cache, solve_positions)
    if tb.game in ("klaberjass", "deberts") and tb.players == 2:
        opp = 1 - info.me
        required = memory.required_mask(opp) if memory is not None else 0
        return last_tricks(info, view, hand, cards, info.forbidden.get(opp, 0), required)
    if tb.game == "deberts" and info.sizes:
        needed = [memory.required_mask(s) if memory is not None else 0 for s in range(len(info.sizes))]
        return deberts_last_tricks(info, view, hand, cards, needed)
    return None


def decide(view: View, tb: Table, memory: Memory | None, legal: list[Action],
           rng: random.Random, solve_positions: int = NORMAL_POSITIONS) -> tuple[Action, str]:
    """The rule-of-thumb decision among ``legal``, with its reason.

    ``solve_positions`` bounds the exact count of Tertz's last tricks in this
    decision (:mod:`core.ai.tertz_endgame`).  Tertz's combinations are timed
    by :func:`tertz_declaration`.
    """
    kinds = {a.type for a in legal}
    me = int(view["seat"])
    hand_list = (view.get("hands") or [])[me] or []
    hand = mask(hand_list)
    if kinds == {"play"}:
        info = play_info(view, tb, memory)
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        counted = counted_cards(view, info, memory, hand, cards, solve_positions)
        narrowed = counted is not None and 0 < len(counted) < len(cards)
        if counted:
            cards = counted
        c = choose_card(info, cards)
        if narrowed:
            return _with_call(legal, c), Reason("counted out to the end of the deal, it scores the most")
        return _with_call(legal, c), _play_reason(info, c)
    if "bid" in kinds:
        calls = [a.call for a in legal if a.type == "bid" and a.call]
        call = choose_bid(view, tb, calls, rng)
        act = next((a for a in legal if a.type == "bid" and a.call == call), legal[0])
        return act, _bid_reason(call)
    if "trump" in kinds:
        s = best_pitch_suit(hand, tb.options)
        act = next((a for a in legal if a.suit == SUITS[s]), legal[0])
        return act, Reason("{suit} is your strongest suit", suit=SUITS[s])
    if "exchange" in kinds and not (tb.game == "tertz" and _tertz_seven_kept(view, tb, hand)):
        act = next(a for a in legal if a.type == "exchange")
        return act, Reason("the turned card is the better trump")
    if "exchange" in kinds:
        rest = [a for a in legal if a.type != "exchange"]
        act, why = decide(view, tb, memory, rest, rng, solve_positions)
        if act.type == "keep":
            why = Reason("your seven of trumps belongs to a sequence: swap it later")
        return act, why
    if "keep" in kinds and tb.game == "pitch":
        return pitch_remainder(view, legal)
    if "declare" in kinds:
        decl = [a for a in legal if a.type == "declare"]
        partner_calls = [(a, card) for a in decl if (card := called_card(a.call)) is not None]
        if partner_calls:
            # Five-handed Pitch: the legal calls come in trump order.  On 1,500 real deals played on by
            # ``normal`` every way, the highest trump we lack beat the highest missing point card by 0.1
            # point, the jack by 2.6 and the three by 5.5 (docs/ai.md).
            act, card = partner_calls[0]
            return act, Reason("the {card} is the highest trump you do not hold", card=card)
        mariage = [a for a in decl if a.call == "mariage"]
        if mariage:
            # The mariage comes before a combination in a turn, and a trump king or queen played first loses it.
            return mariage[0], Reason("declare it now for the points")
        if tb.game == "tertz" and "play" in kinds:
            plays = [a for a in legal if a.type == "play"]

            def card_now() -> tuple[Action, str]:
                return decide(view, tb, memory, plays, rng, solve_positions)
            return tertz_declaration(view, decl, card_now)
        act = max(decl, key=_declare_value)
        return act, Reason("declare it now for the points")
    if "discard" in kinds:
        disc = [a for a in legal if a.type == "discard"]

        def cost(a: Action) -> tuple[int, int]:
            cs = [CARD_IDS[c] for c in a.cards or ()]
            return (sum(tb.points[c] * 10 + tb.strength[c] for c in cs if tb.is_trump(c)), len(cs))
        act = min(disc, key=cost)
        return act, Reason("throw away the cards that cannot help")
    if "break" in kinds:
        brk = [a for a in legal if a.type == "break"]
        return rng.choice(brk), Reason("any cut is as good as another")
    if "done" in kinds:
        return next(a for a in legal if a.type == "done"), Reason("nothing more to declare")
    if "keep" in kinds:
        return next(a for a in legal if a.type == "keep"), Reason("nothing better is offered")
    return legal[0], Reason("the natural move")


REMAINDER_KEEP_UP_TO = 4
"""Four-handed Pitch: the bidder keeps the rest of the stock holding this many trumps or fewer..."""
REMAINDER_KEEP_WITH_FIVE = 3
"""...or holding five while the partner holds this many or fewer; otherwise the partner gets it."""


def pitch_remainder(view: View, legal: list[Action]) -> tuple[Action, Reason]:
    """Four-handed Pitch's remainder: the bidder keeps the rest of the stock or gives it, unseen, to the partner.

    The bidder needs the trumps while its hand is short of them; a bidder already holding six would only
    burn what it draws, and the partner's hand gains from it.  Measured on the same real deals played on by
    ``normal`` both ways (6,701 decisions, seeds 7 and 8; ``docs/ai.md``): keeping gains 0.5-2.5 points
    holding four trumps, or five beside a partner's three or fewer, and loses up to 0.8 holding five beside
    a partner's four or more, or six.  The rule gains 0.49 +- 0.11 points a decision over always giving
    (0.14 over always keeping).
    """
    me = int(view["seat"])
    sizes = [int(x) for x in view.get("hand_sizes") or []]
    keep = next(a for a in legal if a.type == "keep")
    give = next((a for a in legal if a.type == "declare"), None)
    sides = view.get("sides") or []
    partner = next((s for side in sides if me in side for s in side if s != me), None)
    mine = sizes[me] if me < len(sizes) else 0
    theirs = sizes[partner] if partner is not None and partner < len(sizes) else 0
    short = mine <= REMAINDER_KEEP_UP_TO or (mine == REMAINDER_KEEP_UP_TO + 1 and theirs <= REMAINDER_KEEP_WITH_FIVE)
    if give is None or short:
        return keep, Reason("your hand needs the trumps")
    return give, Reason("your hand is full enough: your partner needs them more")


def in_combination(hand: int, card: int, tb: Table) -> bool:
    """True if ``card`` may still score in a Tertz combination from ``hand`` (a mask).

    A neighbour in its suit (a sequence being built), two more of its rank
    among the jacks, queens, kings and aces (a four being built), or the other
    half of the trump king and queen (the mariage).
    """
    r = card & 15
    s = card >> 4
    if r > 5 and hand >> (card - 1) & 1 or r < 12 and hand >> (card + 1) & 1:
        return True
    if r >= 9 and sum(1 for t in range(4) if hand >> (t * 16 + r) & 1) >= 3:
        return True
    return s == tb.trump and r in (10, 11) and bool(hand >> (s * 16 + 21 - r) & 1)


def _tertz_seven_kept(view: View, tb: Table, hand: int) -> bool:
    """True when Tertz's seven of trumps is better kept for now: it starts a sequence with the eight.

    The swap stays open while the stock lasts, so it waits unless the face-up
    card is the jack or the nine of trumps (20 and 13 card points) or the
    stock is about to run out.
    """
    if tb.trump is None:
        return False
    seven = tb.trump * 16 + 5
    if not hand >> seven & 1 or not in_combination(hand, seven, tb):
        return False
    turnup = view.get("turnup")
    if isinstance(turnup, str) and turnup in CARD_IDS and CARD_IDS[turnup] & 15 in (7, 9):
        return False
    limit = int((view.get("options") or {}).get("seven_exchange_min_stock", 2) or 2)
    return int(view.get("stock") or 0) > limit


def tertz_declaration(view: View, decl: list[Action],
                      card_now: Callable[[], tuple[Action, str]]) -> tuple[Action, str]:
    """Tertz: the combination to declare on this turn, or the card to play while every combination waits.

    ``decl`` are the combinations offered (not the mariage); ``card_now()``
    is ``normal``'s card for this turn, with its reason.  A combination waits
    for the last turn with nine cards (the first trick after the stock)
    unless its cards are about to go: holding one gains when the opponent
    declares a lower one first (the automatic challenge scores ours and kills
    theirs), and a run may still grow a class.  It is declared now when the
    card belongs to it, or when two are offered (one declaration a turn: the
    longest goes now, the other may follow).  Measured against declaring each
    one at once unless a draw may lift it a class (twenty-second round,
    ``docs/ai.md``).
    """
    if int(view.get("stock") or 0) == 0:
        return max(decl, key=_declare_value), Reason("the last turn with nine cards: declare it now")
    card, why = card_now()
    first = tertz_declared_first(decl, card)
    if first is not None:
        return first, Reason("declare it before its cards are played")
    if len(decl) >= 2:
        return max(decl, key=_declare_value), Reason("one combination a turn: declare this one now")
    return card, why


def tertz_declared_first(decl: list[Action], card: Action) -> Action | None:
    """Tertz: the combination among ``decl`` to declare before ``card`` is played (it holds that card), or None."""
    about = [a for a in decl if a.type == "declare" and card.card in (a.cards or ())]
    return max(about, key=_declare_value) if about else None


def _with_call(legal: list[Action], card: int) -> Action:
    name = CARD_STRS[card]
    acts = [a for a in legal if a.type == "play" and a.card == name]
    for a in acts:
        if a.call:
            return a
    return acts[0]


def _play_reason(info: PlayInfo, c: int) -> str:
    """Why ``normal`` plays card ``c``; the hint line names the card itself, so the reason does not."""
    tb = info.tb
    if not info.trick:
        if not tb.above(c, info.outstanding):
            return Reason("no unseen card beats it")
        return Reason("a cheap lead that gives little away")
    cards = [x for _, x in info.trick]
    wi = tb.winner_index(cards)
    lead_suit = tb.suit(cards[0])
    if tb.partners(info.trick[wi][0], info.me) and not tb.beats(c, cards[wi], lead_suit):
        if tb.points[c] >= 10:
            return Reason("your partner wins this trick: give them the points")
        return Reason("your partner wins this trick: save your winners")
    if tb.beats(c, cards[wi], lead_suit):
        return Reason("it wins the trick")
    return Reason("the trick is lost: it is your least valuable card")


def _bid_reason(call: str) -> str:
    """Why ``normal`` makes auction call ``call``; the hint line names the call itself, so the reason does not."""
    if call == "pass":
        return Reason("your hand is not strong enough to take the contract")
    if call == "double":
        return Reason("you expect the contract to fail")
    if call == "redouble":
        return Reason("you expect to make the contract")
    if call.isdigit():
        return Reason("your hand should take about {n} points", n=int(call))
    if call in SUITS:
        return Reason("your trumps and aces in {suit} should win", suit=call)
    return Reason("your hand is strong enough to take the contract")


def known_cards(view: View) -> int:
    """Every card visible in a hand of the view (for tests)."""
    return known_mask(view)


def moon_contract(view: View) -> bool:
    """Pitch: the view's contract is the moon."""
    contract = view.get("contract")
    return isinstance(contract, dict) and contract.get("bid") == "moon"
