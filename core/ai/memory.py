"""What a seat remembers about the deal: cards played and what they reveal.

:class:`Memory` is fed the seat's own view at every decision and, when the
caller provides them, the seat's events (``State.events_for(seat)``).  From
them it keeps, per seat, a mask of cards that seat **cannot** hold (voids
shown by failing to follow or to trump, a failed overtrump, a failed beat in
Tertz's second phase) and a mask of cards it **must** hold (the other half of
an announced belote / bella).  Everything comes from public plays and the
follow obligations, so it is exactly what an attentive player would know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.ai.knowledge import Table, mask, table_for
from core.cards import CARD_IDS
from core.state import Event, View


def _deal_key(view: View) -> tuple[int, Any]:
    return (len(view.get("deals") or ()), view.get("dealer"))


class Memory:
    """Inference from public plays for one seat; see the module docstring."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._parsed = 0
        self.deal_key: tuple[int, Any] | None = None
        self.forbidden: dict[int, int] = {}
        self.required: dict[int, int] = {}
        self.played: dict[int, int] = {}
        self._seen_plays: set[int] = set()
        self._trick: list[tuple[int, int]] = []
        self._tricks_done = 0
        self._ev_plays: list[tuple[int, int, str | None]] = []
        self._ev_trick_ends: list[int] = []
        self.draws_after: int | None = None
        self.deal_cache: dict[str, Any] = {}
        """Work a policy keeps for the rest of the deal (Tertz's solved endgame positions); emptied at each deal."""

    # ----------------------------------------------------------------- events
    @property
    def events_seen(self) -> int:
        """Number of events received so far (pass it as ``start`` next time)."""
        return len(self.events)

    def observe(self, events: Sequence[Event], start: int = 0) -> None:
        """Receive the seat's events from index ``start`` (``state.events_for(seat, start)``)."""
        if start > len(self.events):
            # A gap: forget the log, the view alone will be used until a full resend.
            self.events = []
            self._parsed = 0
            return
        if start < len(self.events):
            del self.events[start:]
            self._parsed = min(self._parsed, start)
        self.events.extend(events)

    def _events_valid(self, view: View) -> bool:
        return bool(self.events) and len(self.events) == int(view.get("events") or -1)

    # ------------------------------------------------------------------ reset
    def _new_deal(self, key: tuple[int, Any]) -> None:
        self.deal_key = key
        self.forbidden = {}
        self.required = {}
        self.played = {}
        self._seen_plays = set()
        self._trick = []
        self._tricks_done = 0

    # ----------------------------------------------------------------- update
    def update(self, view: View) -> Table:
        """Bring the memory up to date with ``view`` (and any events); return its Table."""
        tb = table_for(view)
        key = _deal_key(view)
        if key != self.deal_key:
            self._new_deal(key)
            self.deal_cache = {}
        # Games with a stock (Tertz): seats draw after each of the first tricks.
        self.draws_after = 7 if tb.game == "tertz" else None
        if self._events_valid(view):
            self._from_events(view, tb)
        else:
            self._from_view(view, tb)
        return tb

    def _from_events(self, view: View, tb: Table) -> None:
        # Re-derive the current deal from the event log (cheap: one deal's events).
        start = 0
        for i in range(len(self.events) - 1, -1, -1):
            if self.events[i].get("type") == "dealt":
                start = i
                break
        self._new_deal(self.deal_key or _deal_key(view))
        players = tb.players
        hand_sizes = None
        for ev in self.events[start:]:
            kind = ev.get("type")
            if kind == "dealt":
                hs = ev.get("hand_sizes")
                hand_sizes = list(hs) if isinstance(hs, list) else None
            elif kind == "played":
                seat, card = ev.get("seat"), ev.get("card")
                if isinstance(seat, int) and isinstance(card, str) and card in CARD_IDS:
                    self._play(tb, seat, CARD_IDS[card], ev.get("call"))
            elif kind == "trick":
                self._end_trick()
        del hand_sizes, players

    def _from_view(self, view: View, tb: Table) -> None:
        tricks = view_tricks(view)
        if tricks is not None:
            # The view lists the deal's tricks: rebuild everything from it.
            self._new_deal(self.deal_key or _deal_key(view))
            for tr in tricks:
                for seat, card in tr:
                    self._play(tb, seat, card, None)
                self._end_trick()
            for seat, card in current_trick(view):
                self._play(tb, seat, card, None)
            return
        plays = current_trick(view)
        # A new trick started since our last look: finish the old one from last_trick.
        if self._trick and (not plays or plays[0] != self._trick[0]):
            last = view.get("last_trick") or {}
            cards = last.get("cards") if isinstance(last, dict) else None
            if isinstance(cards, list):
                ids = [CARD_IDS[c["card"] if isinstance(c, dict) else c] for c in cards
                       if (c["card"] if isinstance(c, dict) else c) in CARD_IDS]
                seats = last.get("seats") if isinstance(last, dict) else None
                if ids[: len(self._trick)] == [c for _, c in self._trick]:
                    seat = self._trick[-1][0]
                    for i in range(len(self._trick), len(ids)):
                        seat = (seat + 1) % max(tb.players, 1)
                        if isinstance(seats, list) and i < len(seats) and isinstance(seats[i], int):
                            seat = seats[i]
                        if ids[i] not in self._seen_plays:
                            self._play(tb, seat, ids[i], None)
            self._end_trick()
        for seat, card in plays:
            if card not in self._seen_plays:
                self._play(tb, seat, card, None)

    def _play(self, tb: Table, seat: int, card: int, call: Any) -> None:
        self._seen_plays.add(card)
        self.played[seat] = self.played.get(seat, 0) | (1 << card)
        if self._trick:
            phase_b = tb.game == "tertz" and self._tricks_done >= 7
            forb = tb.forbidden_after(self._trick, seat, card, phase_b)
            if forb:
                self.forbidden[seat] = self.forbidden.get(seat, 0) | forb
        if call in ("belote", "bella") and tb.game in ("belote", "deberts"):
            # Announced with the first of K+Q: the other one is still in the hand.
            rank = card & 15
            other = (card & ~15) | (10 if rank == 11 else 11)  # K(11) <-> Q(10)
            if other not in self._seen_plays:
                self.required[seat] = self.required.get(seat, 0) | (1 << other)
        self._trick.append((seat, card))
        if tb.players and len(self._trick) >= tb.players and tb.game != "pitch":
            self._end_trick()

    def _end_trick(self) -> None:
        if self._trick:
            self._tricks_done += 1
            if self.draws_after is not None and self._tricks_done <= self.draws_after:
                # Both seats draw from the stock now: what they lacked may be back.
                self.forbidden = {}
        self._trick = []

    # ---------------------------------------------------------------- queries
    def forbidden_mask(self, seat: int) -> int:
        """Cards ``seat`` is known not to hold."""
        return self.forbidden.get(seat, 0) & ~self.required.get(seat, 0)

    def required_mask(self, seat: int) -> int:
        """Cards ``seat`` is known to hold (beyond the view's ``known``)."""
        return self.required.get(seat, 0)


def seat_of_zone(zone: str) -> int | None:
    """Seat index of a hand zone name (``"hand2"`` -> 2), else ``None``."""
    if zone.startswith("hand") and zone[4:].isdigit():
        return int(zone[4:])
    return None


def known_mask(view: View) -> int:
    """Every card the view shows in a hand (own hand and publicly known cards)."""
    m = 0
    for h in view.get("hands") or []:
        if h:
            m |= mask(h)
    for k in view.get("known") or []:
        if k:
            m |= mask(k)
    return m


def current_trick(view: View) -> list[tuple[int, int]]:
    """The trick in progress as ``(seat, card id)`` pairs, lead first."""
    out: list[tuple[int, int]] = []
    for t in view.get("trick") or []:
        if isinstance(t, dict) and t.get("card") in CARD_IDS:
            out.append((int(t.get("seat", -1)), CARD_IDS[t["card"]]))
    return out


def no_trick_done(view: View) -> bool:
    """True before the deal's first trick is complete (the auction, the first trick)."""
    tricks = view_tricks(view)
    return not tricks if tricks is not None else not any(view.get("tricks_won") or ())


def first_lead_to_come(view: View) -> bool:
    """True when no card of the deal has been played yet (the view's trick and completed tricks are empty)."""
    return not view.get("trick") and no_trick_done(view)


def view_tricks(view: View) -> list[list[tuple[int, int]]] | None:
    """The deal's completed tricks from the view (``tricks`` or ``played_tricks``), if listed."""
    raw = view.get("tricks")
    if not isinstance(raw, list):
        raw = view.get("played_tricks")
    if not isinstance(raw, list):
        return None
    players = int(view.get("players") or 2)
    out: list[list[tuple[int, int]]] = []
    for tr in raw:
        if not isinstance(tr, dict) or not isinstance(tr.get("cards"), list):
            return None
        cards = tr["cards"]
        trick: list[tuple[int, int]] = []
        if all(isinstance(c, dict) for c in cards):
            trick = [(int(c["seat"]), CARD_IDS[c["card"]]) for c in cards]
        elif isinstance(tr.get("leader"), int):
            seat = int(tr["leader"])
            for c in cards:
                trick.append((seat, CARD_IDS[c]))
                seat = (seat + 1) % players
        else:
            return None
        out.append(trick)
    return out
