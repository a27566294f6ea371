"""What the auction says about the hidden hands: weights for sampled deals.

A sampled deal (a *fill* of the hidden zones) is only as good as its
agreement with what the other players did.  The follow rules give hard
facts (:mod:`core.ai.memory`); the auction gives soft ones: a seat that
passed rarely held a hand it would have bid, a declarer usually holds the
cards its contract needs.  :func:`auction_weight` scores a fill between 0
and 1 by asking, for every call the other seats made this deal, whether the
``normal`` bidder (:mod:`core.ai.heuristic`) would have made the same call
with the sampled hand; each disagreement multiplies the weight by
:data:`MISMATCH`.  The search keeps a fill with that probability (rejection
sampling), so likely deals are sampled more often without excluding any
consistent one.

While the auction is on, the hands the seats bid with are exactly their
hidden hands now.  Once play has started they are not known any more: in
Klaberjass and two-handed Deberts six of a seat's nine cards were held when
it bid.  Every deal order is equally likely, so
the chance of a seat's calls given its whole holding (the cards it holds,
has played and has shown, less the turn-up it took afterwards) is the
average, over the ways of picking the cards it bid with, of the chance of
the calls given those cards.  :meth:`AuctionModel.weight` draws one such
pick per sampled deal and replays the calls with it; since the search
keeps a deal with probability equal to its weight, the deals it keeps
follow that average exactly.  Elsewhere only the declarer's holding is
weighted during play: the cards its contract needs (a top trump or three
trumps for a suit, two aces for no trumps, two jacks for all trumps) among
the cards it has played and holds.  Replaying the auction did not tell
``hard@v1``'s real Belote hands from random ones, and three- and four-handed
Deberts scored fewer points a deal with it (``docs/ai.md``, eleventh
round).  After the seven's exchange the view shows the seven as the turn-up,
so the card the exchanger took counts as one it may have bid with: a small
approximation.

Everything is derived from the seat's view and the fill; nothing here sees a
hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from core.ai.heuristic import belote_call, turned_card, turnup_call
from core.ai.knowledge import Table, mask, suit_index
from core.ai.memory import current_trick, view_tricks
from core.cards import CARD_IDS, SUIT_MASK, ids_of
from core.state import View

MISMATCH = 0.25
"""Weight factor for each call the ``normal`` bidder would not have made with the sampled hand."""
WEAK_DECLARER = 0.3
"""Weight factor for a declarer whose sampled holding lacks what its contract needs."""
BID_TIME_REPLAY = {("klaberjass", 2), ("deberts", 2)}
"""(game, players) whose auction is replayed during play with the cards each seat bid with drawn from its
holding.  Measured against ``hard@v1`` (``docs/ai.md``, eleventh round): a small gain within the noise in the
two-handed games, fewer points a deal three- and four-handed, where it is not used."""

_BELOTE_ORDER = ("C", "D", "H", "S", "NT", "AT")
_RANK = {r: i for i, r in enumerate("23456789TJQKA")}


def _belote_calls_at(bids: Sequence[Mapping[str, Any]], seat: int) -> tuple[list[str], dict[str, Any]]:
    """The legal calls of ``seat`` after ``bids`` (Belote), and the auction state then."""
    current: str | None = None
    bidder: int | None = None
    mult = 1
    for b in bids:
        c = b.get("call")
        if c in _BELOTE_ORDER:
            current, bidder, mult = str(c), int(b.get("seat", -1)), 1
        elif c == "double":
            mult = 2
        elif c == "redouble":
            mult = 4
    calls = ["pass"]
    start = _BELOTE_ORDER.index(current) + 1 if current in _BELOTE_ORDER else 0
    calls += list(_BELOTE_ORDER[start:])
    if current is not None and bidder is not None:
        if mult == 1 and bidder % 2 != seat % 2:
            calls.append("double")
        elif mult == 2 and bidder % 2 == seat % 2:
            calls.append("redouble")
    return calls, {"current": current, "bidder": bidder, "multiplier": mult}


def _turnup_calls_at(view: View, k: int, call: str) -> list[str]:
    """The calls a seat had at the ``k``-th call of a turn-up auction (Deberts, Klaberjass)."""
    players = int(view.get("players") or 2)
    turned = view.get("turned_suit") or view.get("turn_up") or view.get("turned")
    ts = suit_index(turned[-1]) if isinstance(turned, str) and turned else None
    take = "take" if view.get("game") == "klaberjass" else "play"
    if k < players and call in (take, "pass"):
        return [take, "pass"]
    return ["pass"] + [s for i, s in enumerate("SHDC") if i != ts]


def _played_by(view: View, seat: int) -> int:
    m = 0
    for tr in view_tricks(view) or []:
        for s, c in tr:
            if s == seat:
                m |= 1 << c
    for s, c in current_trick(view):
        if s == seat:
            m |= 1 << c
    return m


def _declarer_ok(hand: int, trump: int | None, mode: str) -> bool:
    def has(s: int, r: str) -> bool:
        return bool(hand >> (s * 16 + _RANK[r]) & 1)

    if mode == "nt":
        return sum(has(s, "A") for s in range(4)) >= 2
    if mode == "at":
        return sum(has(s, "J") for s in range(4)) >= 2
    if trump is None:
        return True
    return has(trump, "J") or has(trump, "9") or bin(hand & SUIT_MASK[trump]).count("1") >= 3


class AuctionModel:
    """The other seats' calls of one decision's view, prepared once; :meth:`weight` scores each sampled fill.

    Everything that depends only on the view (who called what, the calls each
    seat had, the declarer and the cards it has played) is worked out here, so
    the per-fill work on the search's hot path is only the bidder's verdict on
    the sampled hand.
    """

    def __init__(self, view: View, tb: Table) -> None:
        self.tb = tb
        self.game = view.get("game")
        me = int(view["seat"])
        bids = [b for b in view.get("bids") or [] if isinstance(b, dict)]
        self.calls: list[tuple[int, str, list[str], View]] = []
        """(seat, its call, the calls it had, the view it had) for every other seat's call this deal."""
        self.maker: int | None = None
        self.maker_played = 0
        self.maker_known = 0
        self.shown: dict[int, int] = {}
        """During play (:data:`BID_TIME_REPLAY`): per other seat that called, the cards it has played or shown."""
        self.turned_mask = 0
        self.bid_cards = 0
        """During play (:data:`BID_TIME_REPLAY`): how many cards each seat held when it bid; else 0."""
        if self.game not in ("belote", "deberts", "klaberjass"):
            return
        if view.get("phase") in ("bidding", "schmeiss", "naming"):
            self._collect_calls(view, bids, me)
            return
        if view.get("phase") != "play":
            return
        if (self.game, tb.players) in BID_TIME_REPLAY and self._bid_time_calls(view, bids, me):
            return
        contract = view.get("contract")
        if isinstance(contract, dict):
            for key in ("declarer", "maker"):
                if isinstance(contract.get(key), int):
                    self.maker = int(contract[key])
                    break
        if self.maker == me:
            self.maker = None
        if self.maker is not None:
            self.maker_played = _played_by(view, self.maker)
            known = view.get("known") or []
            if self.maker < len(known) and known[self.maker]:
                self.maker_known = mask(known[self.maker])

    def _collect_calls(self, view: View, bids: list[dict[str, Any]], me: int, **since: Any) -> None:
        """Every other seat's call this deal, with the calls it had and the view it had then.

        ``since`` sets the view's keys that changed after the auction (during play).
        """
        for k, b in enumerate(bids):
            o = int(b.get("seat", -1))
            call = str(b.get("call"))
            if o == me or o < 0:
                continue
            if self.game == "belote":
                calls, auction = _belote_calls_at(bids[:k], o)
                past = dict(view, seat=o, auction=auction, bids=bids[:k], **since)
            else:
                calls = _turnup_calls_at(view, k, call)
                past = dict(view, seat=o, bids=bids[:k], **since)
            if call in calls:
                self.calls.append((o, call, calls, past))

    def _bid_time_calls(self, view: View, bids: list[dict[str, Any]], me: int) -> bool:
        """Prepare the replay of the other seats' calls during play; False if it cannot be made."""
        turned = turned_card(view)
        if turned is None:
            return False
        self.turned_mask = 1 << CARD_IDS[turned]
        self.bid_cards = 6
        self._collect_calls(view, bids, me, phase="bidding", contract=None, trump=None)
        known = view.get("known") or []
        for o, _call, _calls, _past in self.calls:
            if o not in self.shown:
                self.shown[o] = _played_by(view, o) | (mask(known[o]) if o < len(known) and known[o] else 0)
        return True

    def weight(self, fill: Mapping[str, Sequence[str]], rng: random.Random | None = None) -> float:
        """How well ``fill`` agrees with the other seats' calls (1 = fully, towards 0 = poorly).

        During play in the games of :data:`BID_TIME_REPLAY` the cards each seat bid with are drawn from its
        holding with ``rng`` (default: a fixed seed), one draw per call of this method.
        """
        w = 1.0
        if self.bid_cards:
            pick = rng if rng is not None else random.Random(0)
            ties = random.Random(0)
            held: dict[int, int] = {}
            for o, call, calls, past in self.calls:
                if o not in held:
                    if f"hand{o}" not in fill:
                        continue
                    cards = ids_of((mask(fill[f"hand{o}"]) | self.shown[o]) & ~self.turned_mask)
                    bid_hand = 0
                    for c in pick.sample(cards, min(self.bid_cards, len(cards))):
                        bid_hand |= 1 << c
                    held[o] = bid_hand
                if turnup_call(past, self.tb, calls, held[o], ties) != call:
                    w *= MISMATCH
            return w
        if self.calls:
            rng = random.Random(0)
            for o, call, calls, past in self.calls:
                if f"hand{o}" not in fill:
                    continue
                hand = mask(fill[f"hand{o}"])
                if self.game == "belote":
                    guess = belote_call(past, calls, hand, rng)
                else:
                    guess = turnup_call(past, self.tb, calls, hand, rng)
                if guess != call:
                    w *= MISMATCH
            return w
        if self.maker is None or f"hand{self.maker}" not in fill:
            return w
        holding = mask(fill[f"hand{self.maker}"]) | self.maker_known | self.maker_played
        if not _declarer_ok(holding, self.tb.trump, self.tb.mode):
            w *= WEAK_DECLARER
        return w


def auction_weight(view: View, fill: Mapping[str, Sequence[str]], tb: Table,
                   rng: random.Random | None = None) -> float:
    """How well ``fill`` agrees with the other seats' calls this deal (see :class:`AuctionModel`)."""
    return AuctionModel(view, tb).weight(fill, rng)
