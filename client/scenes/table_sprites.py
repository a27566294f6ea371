"""The table's cards in motion: the hand, the trick, the stock, opponents' fans, flights and banners.

Events become animations here (``_animate``); the table scene decides when.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

import core
from client import labels, layout, ui
from client.anim import Banner, CardSprite, Popup
from client.i18n import _, ngettext, pgettext
from client.layout import Point
from client.scenes.table_zones import TableZones
from client.textfit import fit_text


def exclaim(text: str) -> str:
    """A call as it is called out: ``"Bella"`` -> ``"Bella!"`` (the punctuation follows the language)."""
    # TRANSLATORS: an announcement called out at the table ("Bella!"); {call} is the call's word.
    return _("{call}!").format(call=text)

BASE_HOLD = {"dealt": 0.45, "played": 0.32, "trick": 0.95, "bid": 0.3, "declared": 0.55, "trump": 0.5,
             "drew": 0.25, "exchanged": 0.5, "exchange": 0.5, "burned": 0.45, "break": 0.5, "contract": 0.2,
             "revealed": 0.6, "sequences": 0.6, "remainder": 0.3, "discarded": 0.3, "blind": 0.3}
BUBBLE_FADE = 0.45
"""Seconds left to a speech bubble still up when a trick is led (its fade)."""


class TableSprites(TableZones):
    """Cards, flights, bubbles and banners of the table (a part of ``TableScene``)."""

    def _sync_hand(self, old: dict[str, Any] | None, from_seat: int, snap: bool = False) -> None:
        v = self.view
        if v is None or self.lay is None:
            return
        hands = v.get("hands") or []
        mine = hands[self.me] if self.me < len(hands) and isinstance(hands[self.me], list) else []
        order = self._order_for(list(mine), v)
        new = [c for c in order if c not in self.hand]
        gone = [c for c in self.hand if c not in order]
        for c in gone:
            del self.hand[c]
        src = self.lay.spot(from_seat).hand if from_seat != self.me else self.lay.stock
        stock = self.lay.stock if labels.stock_count(v) else src
        for k, c in enumerate(new):
            sp = CardSprite(c, self.lay.card_w, stock)
            sp.delay = 0.06 * k
            sp.t = 0.0
            self.hand[c] = sp
        if new and not snap:
            self.app.sounds.play("deal")
        self.hand_order = order
        self._place_hand(snap=snap)
        if self.selected >= len(order):
            self.selected = len(order) - 1

    def _hand_targets(self) -> list[tuple[Point, float]]:
        assert self.lay is not None
        lay = self.lay
        spot = lay.spot(self.me)
        return layout.fan(len(self.hand_order), spot.hand, lay.card_w, layout.hand_width(lay))

    def _place_hand(self, snap: bool) -> None:
        if self.lay is None:
            return
        targets = self._hand_targets()
        for c, (pos, ang) in zip(self.hand_order, targets, strict=False):
            sp = self.hand[c]
            sp.width = self.lay.card_w
            if snap:
                sp.pos, sp.angle, sp.t = pos, ang, 1.0
            elif sp.t < 1.0 or sp.dst != pos:
                delay = sp.delay
                sp.fly(pos, ang, dur=0.32, delay=delay)

    def _hand_card_at(self, pos: tuple[int, int]) -> str | None:
        if self.lay is None:
            return None
        cw, ch = self.lay.card_w, self.lay.card_w * 1.4
        for c in reversed(self.hand_order):
            sp = self.hand.get(c)
            if sp is None:
                continue
            x, y = sp.pos
            y -= self._lift(c)
            if abs(pos[0] - x) <= cw / 2 and abs(pos[1] - y) <= ch / 2:
                return c
        return None

    def _lift(self, c: str) -> float:
        if self.lay is None:
            return 0.0
        lift = 0.0
        if self.card_actions and c in self.card_actions and self.my_turn():
            lift += self.lay.card_w * 0.16
        if self.hover_card == c or (0 <= self.selected < len(self.hand_order) and self.hand_order[self.selected] == c
                                    and self.my_turn() and self.card_actions):
            lift += self.lay.card_w * 0.1
        return lift

    def _sync_trick(self) -> None:
        v = self.view
        if v is None or self.lay is None:
            return
        self.trick = []
        for e in v.get("trick") or []:
            seat, card = int(e["seat"]), str(e["card"])
            sp = CardSprite(card, self.lay.trick_w, self.lay.spot(seat).trick, self._trick_angle(seat, card))
            self.trick.append((seat, sp))

    def _resync_trick(self) -> None:
        """With no animation pending, make the shown trick match the view (after a reconnect or resync)."""
        if (self.events or self.wait > 0 or self.result is not None or self.view is None
                or self.staged is not None or self.collecting is not None):
            return
        if any(sp.moving for _seat, sp in self.trick):
            return
        want = [(int(e["seat"]), str(e["card"])) for e in self.view.get("trick") or []]
        have = [(s, sp.card) for s, sp in self.trick]
        if want != have:
            self._sync_trick()

    def _trick_angle(self, seat: int, card: str) -> float:
        return (hash((seat, card)) % 11 - 5) * 0.8

    @property
    def trick_hold(self) -> float:
        """Seconds a finished trick stays in view before it is collected (Settings; follows the speed)."""
        return max(0.0, float(getattr(self.app.settings, "trick_hold", 1.2))) / self.speed

    def _sweep(self) -> None:
        """The held trick flies to the winner's pile; the winner's trick count goes up as it lands."""
        c, self.collecting = self.collecting, None
        lay = self.lay
        if c is None or lay is None:
            return
        winner = c.get("winner")
        pts = c.get("points")
        dur = 0.42
        target = self._seat_point(winner)
        for k, (_seat, sp) in enumerate(self.trick):
            sp.fly(target, sp.angle, dur=dur, delay=0.03 * k, fade_out=True)
            self.flights.append(sp)
        if self.trick and isinstance(winner, int):
            def landed(w: int = winner, shown: int = self.adoptions) -> None:
                if self.adoptions == shown:  # else the view adopted meanwhile counts this trick already
                    self.trick_bonus[w] = self.trick_bonus.get(w, 0) + 1
            self.trick[-1][1].on_land = landed
        elif isinstance(winner, int):
            self.trick_bonus[winner] = self.trick_bonus.get(winner, 0) + 1
        # The queue waits exactly as long as the last card's flight (flights run on the speed-scaled clock).
        self.wait = max((sp.delay + sp.dur for _seat, sp in self.trick), default=0.0) / self.speed
        self.trick = []
        if isinstance(winner, int) and 0 <= winner < self.players and isinstance(pts, int) and pts > 0:
            p, drift = self._points_spot(winner)
            if lay.spot(winner).side == "top":
                self.bubbles.pop(winner, None)  # the points take the bubble's place beside the plate
            self.popups.append(Popup(f"+{pts}", p, ui.GOLD, int(26 * self.app.scale),
                                     life=1.4 / self.speed + 0.4, drift=drift))
        self.app.sounds.play("collect", 0.7)

    def _order_for(self, cards: list[str], v: dict[str, Any]) -> list[str]:
        """The display order of our hand, stable within a deal: cards already shown keep their places.

        A full sort happens when the trump situation changes (or the hand was
        empty); otherwise only new cards are placed, each where the sort puts it.
        """
        new = labels.sort_hand(list(cards), v)
        key = (labels.trump_suit(v), labels.all_trumps(v), labels.no_trumps(v))
        have = set(cards)
        prev = [c for c in self.hand_order if c in have]
        if key != self._order_key or not prev:
            self._order_key = key
            return new
        out = list(prev)
        for i, c in enumerate(new):
            if c in out:
                continue
            pos = 0
            for j in range(i - 1, -1, -1):
                if new[j] in out:
                    pos = out.index(new[j]) + 1
                    break
            out.insert(pos, c)
        return out

    def _take_from_hand(self, card: str) -> CardSprite | None:
        """Remove ``card`` from our shown hand (played or discarded); the rest close up."""
        sp = self.hand.pop(card, None)
        if card in self.hand_order:
            self.hand_order.remove(card)
            self._place_hand(snap=False)
            if self.selected >= len(self.hand_order):
                self.selected = len(self.hand_order) - 1
        self.fresh.pop(card, None)
        return sp

    def _draw_into_hand(self, cards: list[str], turned: str | None = None) -> None:
        """Cards we drew fly from the stock (the ``turned`` card from beside it) into their places, highlighted."""
        lay = self.lay
        if lay is None:
            return
        new = [c for c in cards if c not in self.hand]
        if not new:
            return
        for k, c in enumerate(new):
            sp = CardSprite(c, lay.card_w, self.turned_spot() if c == turned else lay.stock)
            sp.delay = 0.08 * k
            sp.t = 0.0
            self.hand[c] = sp
            self.fresh[c] = 2.2
        self.hand_order = self._order_for(list(self.hand), self.staged or self.view or {})
        self._place_hand(snap=False)

    def _join_hand(self, seat: int, got: list[str], count: int, face_up: Any = None,
                   src: Point | None = None) -> None:
        """``count`` cards come from the stock (or ``src``) to ``seat``: ours (``got``) fly into the hand
        highlighted; another seat's fan grows at once as a few backs (or the one face-up card) fly to it."""
        lay = self.lay
        assert lay is not None
        if seat == self.me and got:
            self._draw_into_hand(got)
            return
        if seat == self.me or count <= 0:
            return
        for k in range(min(3, count)):
            sp = CardSprite(face_up, lay.small_w, src or lay.stock)
            sp.fly(lay.spot(seat).hand, lay.spot(seat).angle, dur=0.3, delay=0.06 * k, fade_out=True)
            self.flights.append(sp)
        self.hand_delta[seat] = self.hand_delta.get(seat, 0) + count

    def _points_spot(self, seat: int) -> tuple[Point, float]:
        """Where a trick's points pop up for ``seat`` (``layout.popup_spot``), on the plate's other side when
        that one is where the stock, the turned or the bottom card lie (two-handed games, the seat at the top)."""
        lay = self.lay
        assert lay is not None
        p, drift = layout.popup_spot(lay, seat)
        if lay.spot(seat).side != "top":
            return p, drift
        s = self.app.scale
        parts = self.stock_parts()

        def clear(at: Point) -> bool:
            box = pygame.Rect(0, 0, int(80 * s), int(60 * s))
            box.center = (int(at[0]), int(at[1] + 20 * s * drift))
            return box.collidelist(parts) < 0

        if clear(p):
            return p, drift
        plate = pygame.Rect(layout.plate_rect(lay, seat))
        mirrored = (plate.centerx - (p[0] - plate.centerx), p[1])
        return (mirrored, drift) if clear(mirrored) else (p, drift)

    def _swap_turned(self, seat: int, took: str, gave: str) -> None:
        """The seven of trumps takes the turned card's place: the turned card flies to ``seat``'s hand, the
        seven from it to the turned card's place, where it shows once it lands."""
        lay = self.lay
        assert lay is not None
        spot = self.turned_spot()
        w = lay.small_w + lay.small_w // 3
        self.turned_shown = ""
        if seat == self.me:
            seven = self._take_from_hand(gave)
            self._draw_into_hand([took], turned=took)
        else:
            seven = CardSprite(gave, w, lay.spot(seat).hand, lay.spot(seat).angle)
            out = CardSprite(took, w, spot)
            out.fly(lay.spot(seat).hand, lay.spot(seat).angle, dur=0.35, fade_out=True)
            self.flights.append(out)
        if seven is None:
            self.turned_shown = gave
            return

        def landed() -> None:
            if self.turned_shown == "":
                self.turned_shown = gave
        # ours leaves the hand at its size and fades as it settles; the one shown in its place is smaller
        seven.fly(spot, 0.0, dur=0.35, delay=0.1, fade_out=seat == self.me)
        seven.on_land = landed
        self.flights.append(seven)

    def _leave_hand(self, seat: int, shown: list[str | None], count: int) -> None:
        """``count`` cards leave another seat's hand for the middle (discards face down, a burn face up): the
        fan shrinks at once and ``shown`` (a few backs, or the face-up card) fly out and fade."""
        lay = self.lay
        assert lay is not None
        for k, card in enumerate(shown):
            sp = CardSprite(card, lay.small_w if card is None else lay.trick_w, lay.spot(seat).hand,
                            lay.spot(seat).angle)
            sp.fly(lay.center, 0.0, dur=0.35, delay=0.05 * k, fade_out=True)
            self.flights.append(sp)
        self.hand_delta[seat] = self.hand_delta.get(seat, 0) - count

    def _dealt_lands(self, seat: int, cards: int) -> Callable[[], None]:
        """A dealt back reaching ``seat``'s fan: its ``cards`` join the shown count."""
        def land() -> None:
            if seat in self.hand_delta:
                self.hand_delta[seat] = min(0, self.hand_delta[seat] + cards)
        return land

    def _seat_point(self, seat: Any) -> Point:
        assert self.lay is not None
        if isinstance(seat, int) and 0 <= seat < self.players:
            return self.lay.spot(seat).hand
        return self.lay.center

    def _animate(self, e: dict[str, Any]) -> float:
        t = str(e.get("type"))
        lay = self.lay
        v = self.view or {}
        if lay is None:
            return 0.0
        seat = e.get("seat")
        sounds = self.app.sounds
        if t == "dealt":
            if isinstance(seat, int) and seat != self.me:
                n = 3
                sizes = e.get("hand_sizes")
                if isinstance(sizes, list) and seat < len(sizes):
                    n = max(1, min(4, int(sizes[seat]) // 3))
                src = self._seat_point(e.get("dealer"))
                shown = v.get("hand_sizes") or []
                target = int(sizes[seat]) if isinstance(sizes, list) and seat < len(sizes) else 0
                gap = target - (int(shown[seat]) if seat < len(shown) else 0) - self.hand_delta.get(seat, 0)
                for k in range(n):
                    sp = CardSprite(None, lay.small_w, src)
                    sp.fly(lay.spot(seat).hand, lay.spot(seat).angle, dur=0.3, delay=0.05 * k,
                           fade_out=True)
                    sp.tag = "deal"
                    share = gap * (k + 1) // n - gap * k // n
                    if share > 0:  # the fan grows as each back lands
                        sp.on_land = self._dealt_lands(seat, share)
                    self.flights.append(sp)
                sounds.play("deal")
            if e.get("deal") == 1 or (isinstance(e.get("deal"), int) and e.get("deal") != self.deal_count + 1):
                pass
        elif t == "played":
            card = str(e.get("card"))
            s = int(seat) if isinstance(seat, int) else 0
            for b in self.banners:  # an announcement still up fades as the first card flies in under it
                b.hurry()
            if not self.trick:  # a lead: the words said before it (calls, discards) fade as play goes on
                self.bubbles = {k: (text, min(left, BUBBLE_FADE)) for k, (text, left) in self.bubbles.items()}
            if s == self.me and card in self.hand:
                start = self.hand[card].pos
                self._take_from_hand(card)
            else:
                start = lay.spot(s).hand
                if s != self.me:
                    self.hand_delta[s] = self.hand_delta.get(s, 0) - 1
            sp = CardSprite(card, lay.trick_w, start, lay.spot(s).angle if s != self.me else 0.0)
            sp.fly(lay.spot(s).trick, self._trick_angle(s, card), dur=0.3)
            self.trick.append((s, sp))
            sounds.play("card")
            call = e.get("call")
            if call:
                self.banner(exclaim(labels.call_text(str(call))), _("you announce") if s == self.me else
                            _("{name} announces").format(name=self.names[s]))
                self.bubble(s, exclaim(labels.call_text(str(call))))
        elif t == "trick":
            # the whole trick stays in view (trick_hold, or until a click), then sweeps to the winner
            self.collecting = {"winner": e.get("winner"), "points": e.get("points"), "left": self.trick_hold}
            self.show_last = False
            return 0.0
        elif t == "bid":
            call = str(e.get("call"))
            if isinstance(seat, int):
                self.bubble(seat, labels.call_text(call, v))
            sounds.play("pass" if call == "pass" else "bid")
            if call in ("double", "redouble", "schmeiss", "moon"):
                self.banner(exclaim(labels.call_text(call)), self.names[seat] if isinstance(seat, int) else "")
        elif t == "trump":
            suit = e.get("suit")
            if isinstance(suit, str) and suit in ui.SUIT_SYMBOL:
                maker = e.get("maker")
                who = self.names[maker] if isinstance(maker, int) and maker < len(self.names) else ""
                self.banner(_("Trumps: {suit}").format(suit=labels.suit_text(suit)),
                            _("chosen by {name}").format(name=who) if who else "")
        elif t == "contract":
            ccall = e.get("call") or e.get("bid")
            cseat = e.get("declarer", e.get("bidder"))
            if isinstance(ccall, str) and isinstance(cseat, int):
                self.banner(_("Contract: {call}").format(call=labels.call_text(ccall)),
                            _("you play it") if cseat == self.me else
                            _("played by {name}").format(name=self.names[cseat]))
        elif t == "declared":
            call = e.get("call")
            if isinstance(seat, int) and call and call != "pass":
                top = e.get("top")
                self.declarations[seat] = (str(call), str(top) if isinstance(top, str) else None)
                word = labels.call_text(str(call))
                res = e.get("result")
                if res == "beaten" and isinstance(e.get("reply"), dict):
                    # TRANSLATORS: a declaration bubble: the declaration and the one that beat it.
                    word = _("{declaration} \u2014 beaten by {other}").format(
                        declaration=word, other=labels.call_text(str(e["reply"].get("call"))))
                self.bubble(seat, exclaim(word))
                cards = e.get("cards")
                if isinstance(cards, list) and cards and seat != self.me:
                    self.shown_decl[seat] = ([str(c) for c in cards], 3.0)
                if str(call) in ("bella", "belote", "mariage", "tertz", "fifty", "hundred", "tierce", "quarte",
                                 "quinte", "carre"):
                    self.banner(exclaim(labels.call_text(str(call))), self.names[seat])
                sounds.play("bid")
            elif isinstance(seat, int) and call == "pass":
                self.bubble(seat, _("No declaration"))
        elif t == "done":
            pass
        elif t == "sequences":
            w = e.get("winner")
            pts = e.get("points")
            if isinstance(w, int):
                amount = pts[w] if isinstance(pts, list) and w < len(pts) else (pts if isinstance(pts, int) else None)
                self.bubble(w, _("Best sequence: {points}").format(points=amount) if isinstance(amount, int) and amount
                            else _("Best sequence"))
            head, why = self.sequence_outcome(w)
            if why:
                self.banner(head, why)
            self.declarations.clear()
        elif t == "revealed":
            seqs = e.get("sequences")
            if isinstance(seat, int) and isinstance(seqs, list) and seat != self.me:
                cards = [str(c) for run in seqs for c in run]
                self.shown_decl[seat] = (cards, 3.5)
        elif t in ("exchanged", "exchange"):
            took, gave = e.get("took"), e.get("gave")
            if isinstance(seat, int):
                self.bubble(seat, _("Swapped {gave} for {took}").format(
                    gave=labels.card_text(str(gave)), took=labels.card_text(str(took))) if took and gave
                    else _("Exchanged"))
                if isinstance(took, str) and isinstance(gave, str):
                    self._swap_turned(seat, took, gave)
            sounds.play("card")
        elif t in ("kept", "keep"):
            if isinstance(seat, int) and e.get("type") == "kept" and seat != self.me:
                pass
        elif t == "drew":
            raw = e.get("cards")
            got: list[str] = [str(c) for c in raw] if isinstance(raw, list) else (
                [str(e["card"])] if isinstance(e.get("card"), str) else [])
            raw_count = e.get("count")
            count = raw_count if isinstance(raw_count, int) and raw_count > 0 else max(1, len(got))
            taken = e.get("turn_up")  # four-handed Deberts: the taker's two cards include the turned one
            if isinstance(seat, int) and isinstance(taken, str):
                self.turned_shown = ""
                if seat == self.me:
                    self._draw_into_hand(got, turned=taken)
                else:
                    self._join_hand(seat, [], count - 1, None)
                    self._join_hand(seat, [], 1, taken, src=self.turned_spot())
            elif isinstance(seat, int):
                self._join_hand(seat, got, count, e.get("card") if e.get("face_up") else None)
            if not e.get("face_up"):  # the face-up card lies beside the stock, not in its count
                from_stock = count - 1 if isinstance(taken, str) else count
                self.stock_shown = max(0, self._draw_stock_count() - from_stock)
            sounds.play("deal")
        elif t == "break":
            moved = e.get("n")
            if isinstance(seat, int):
                self.bubble(seat, _("Breaks the deck: {n}").format(n=moved))
            moved_line = ngettext("{name} moved {n} card", "{name} moved {n} cards", int(moved)).format(
                name=self.names[seat], n=moved) if isinstance(seat, int) and isinstance(moved, int) else ""
            self.banner(_("Deck broken"), moved_line)
        elif t == "burned":
            if isinstance(seat, int):
                self.bubble(seat, _("Burns {card}").format(card=labels.card_text(str(e.get("card")))))
                burned = str(e.get("card")) if isinstance(e.get("card"), str) else None
                if seat == self.me and burned is not None:
                    gone = self._take_from_hand(burned)
                    if gone is not None:
                        gone.fly(lay.center, 0.0, dur=0.4, fade_out=True)
                        self.flights.append(gone)
                elif seat != self.me:  # face up from the seat's hand to the middle, where it is out of play
                    self._leave_hand(seat, [burned], 1)
            sounds.play("card")
        elif t == "discarded":
            cards_out = e.get("cards")
            if isinstance(seat, int) and seat == self.me and isinstance(cards_out, list):
                for k, c in enumerate(str(c) for c in cards_out):
                    gone = self._take_from_hand(c)
                    if gone is not None:
                        gone.fly(lay.center, 0.0, dur=0.35, delay=0.05 * k, fade_out=True)
                        self.flights.append(gone)
            n_out = len(cards_out) if isinstance(cards_out, list) else e.get("count")
            if isinstance(seat, int) and seat == self.me and isinstance(cards_out, list):
                shown = " ".join(labels.card_text(str(c)) for c in cards_out[:6]) + (
                    "\u2026" if len(cards_out) > 6 else "")
                self.bubble(seat, ngettext("You discard {n} card: {cards}", "You discard {n} cards: {cards}",
                                           len(cards_out)).format(n=len(cards_out), cards=shown))
            elif isinstance(seat, int):
                self.bubble(seat, ngettext("Discards {n} card", "Discards {n} cards", int(n_out)).format(n=n_out)
                            if isinstance(n_out, int) else _("Discards"))
                if seat != self.me and isinstance(n_out, int) and n_out > 0:
                    self._leave_hand(seat, [None] * min(3, n_out), n_out)
        elif t == "called":
            name = e.get("name") or e.get("call")
            if isinstance(seat, int):
                self.banner(_("Partner: {card}").format(card=name), _("called by {name}").format(name=self.names[seat]))
        elif t == "partner":
            if isinstance(seat, int):
                self.bubble(seat, _("I'm the partner!"))
        elif t in ("remainder", "blind"):
            s2 = e.get("seat")
            if isinstance(s2, int):
                n_rest = int(e.get("count") or 0)
                raw_cards = e.get("cards")
                if t == "remainder":
                    self.bubble(s2, ngettext("Takes the rest ({n} card)", "Takes the rest ({n} cards)",
                                             n_rest).format(n=n_rest))
                    self.stock_shown = 0
                else:
                    # TRANSLATORS: five-handed Pitch: the bidder picks up the blind (the cards dealt to nobody).
                    self.bubble(s2, ngettext("Takes the blind ({n} card)", "Takes the blind ({n} cards)",
                                             n_rest).format(n=n_rest))
                self._join_hand(s2, [str(c) for c in raw_cards] if isinstance(raw_cards, list) else [], n_rest, None)
                sounds.play("deal")
        elif t == "out":
            pass
        elif t == "deal_scored":
            self.declarations.clear()
            self.result = dict(e)
            self.trick = []
            self.actions_key = ()
            self._rebuild_actions()
            self._show_result()
            return 0.0
        elif t == "match_over":
            self._end_match(e)
            return 0.0
        return BASE_HOLD.get(t, 0.0)

    def sequence_outcome(self, winner: Any) -> tuple[str, str]:
        """Who won the declared sequences, in words ("Your tertz to the jack loses to West's fifty...")."""
        decl = self.declarations
        if not decl:
            return "", ""

        def words(seat: int) -> str:
            return labels.declaration_words(*decl[seat])

        def name(seat: int) -> str:
            return self.names[seat] if 0 <= seat < len(self.names) else "?"

        if not isinstance(winner, int) or winner not in decl:
            return _("Sequences tie"), _("The best sequences are equal: nobody scores them")
        sides = (self.view or {}).get("sides") or [[s] for s in range(self.players)]
        mine = next((set(x) for x in sides if self.me in x), {self.me})
        head = _("Sequences")
        if self.me in decl and winner not in mine:
            # TRANSLATORS: declared sequences compared: "Your tertz to the jack loses to West's fifty to the king".
            return head, _("Your {mine} loses to {name}'s {theirs}").format(
                mine=words(self.me), name=name(winner), theirs=words(winner))
        wside = next((set(x) for x in sides if winner in x), {winner})
        beaten = [s for s in decl if s not in wside]
        f = {"best": words(winner), "name": name(winner)}
        if beaten:
            f.update(other=words(beaten[0]), other_name=name(beaten[0]))
            if winner == self.me:
                return head, _("Your {best} is best, over {other_name}'s {other}").format(**f)
            if beaten[0] == self.me:
                return head, _("{name}'s {best} is best, over your {other}").format(**f)
            return head, _("{name}'s {best} is best, over {other_name}'s {other}").format(**f)
        if winner == self.me:
            return head, _("Your {best} is best").format(**f)
        return head, _("{name}'s {best} is best").format(**f)

    def bubble(self, seat: int, text: str) -> None:
        """A speech bubble next to ``seat``'s name plate."""
        self.bubbles[seat] = (text, 2.6)

    def banner(self, text: str, sub: str = "") -> None:
        """A big centred announcement."""
        self.banners.append(Banner(text, sub, life=1.6 / min(2.0, self.speed) + 0.3))
        self.app.sounds.play("banner")

    def banner_obstacles(self) -> list[pygame.Rect]:
        """What a banner must not cover: stock and turned cards, trick cards, name plates, fans, the prompt."""
        lay = self.lay
        if lay is None:
            return []
        out: list[pygame.Rect] = []
        out.extend(self.stock_parts())
        tw, th = lay.trick_w, lay.trick_w * 1.4
        for _seat, sp in self.trick:
            out.append(pygame.Rect(int(sp.pos[0] - tw * 0.55), int(sp.pos[1] - th * 0.55), int(tw * 1.1),
                                   int(th * 1.1)))
        out.extend(self.plate_zones())
        out.extend(r for r in (self.opponent_zone(seat) for seat in range(self.players)) if r is not None)
        prompt = self.prompt_zone()
        if prompt is not None:
            out.append(prompt)
        out.extend(self._hud_rects)
        hand = self.hand_zone()
        if hand is not None:
            out.append(hand)
        return out

    def banner_rect(self) -> pygame.Rect | None:
        """The banner shown now on the table (placed once per banner: it does not wander as cards move),
        or None (no banner, or one under the result panel)."""
        if not self.banners or self.result is not None or self.lay is None:
            return None
        banner = self.banners[0]
        # placed again only when the prompt's panel or the hint line comes or goes (with a result and a layout
        # ruled out above, the hint line shows exactly while there is a hint)
        key = (id(banner), self.app.size, bool(self.action_buttons), bool(self.hint))
        if self._banner_at[0] != key:
            self._banner_at = (key, self.banner_spot(banner))
        bw, bh = banner.size(self.app.size[0], self.app.fonts, self.app.scale)
        x, y = self._banner_at[1]
        return pygame.Rect(int(x - bw / 2), int(y - bh / 2), bw, bh)

    def banner_spot(self, banner: Banner) -> tuple[float, float]:
        """The banner's centre: the free place nearest the table centre (the least covered if none is free).

        Centred across the window if possible, else shifted sideways; from the
        top of the window down to our hand, never over it.  The hint line, while
        one shows, is kept clear too where the table has room; where no place
        is clear of both, the banner lies under the hint line (drawn over it)
        rather than over a seat.
        """
        lay = self.lay
        assert lay is not None
        sw, _sh = self.app.size
        s = self.app.scale
        bw, bh = banner.size(sw, self.app.fonts, s)
        hand_top = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - (lay.card_w * 0.26 if self.card_actions
                                                                             else 0)
        top_limit = self.app.px(20) + bh / 2
        bottom_limit = hand_top - bh / 2 - self.app.px(6)
        obstacles = self.banner_obstacles()
        hint = self.hint_line()
        prefer = (sw / 2, lay.center[1] - lay.card_w)
        room = max(0, (sw - bw) // 2 - self.app.px(8))
        xs = [sw / 2 + d * room * k / 3 for k in range(4) for d in ((1,) if k == 0 else (-1, 1))]
        best: tuple[float, float, float, float, float] | None = None
        step = max(6, self.app.px(10))
        y = top_limit
        while y <= bottom_limit:
            for x in xs:
                r = pygame.Rect(int(x - bw / 2), int(y - bh / 2), bw, bh)
                cover = 0
                for o in obstacles:
                    c = r.clip(o)
                    cover += c.w * c.h
                over_hint = 0
                if hint is not None:
                    c = r.clip(hint[2])
                    over_hint = c.w * c.h
                far = abs(y - prefer[1]) + abs(x - prefer[0]) * 1.5
                if best is None or (cover, over_hint, far) < best[:3]:
                    best = (cover, over_hint, far, x, y)
            y += step
        return (best[3], best[4]) if best is not None else prefer

    def _draw_stock(self, surf: pygame.Surface) -> None:
        v = self.view or {}
        lay = self.lay
        assert lay is not None
        cards = self.app.cards
        n = self._draw_stock_count()
        turned = self.shown_turned()
        bottom = labels.bottom_card(v)
        x, y = lay.stock
        w = lay.small_w + lay.small_w // 3
        s = self.app.scale
        if turned:  # face up beside the stock, fully readable (it decides the bidding)
            img = cards.face(turned, w)  # type: ignore[attr-defined]
            tx = self.turned_spot()[0]
            ui.blit_center(surf, img, (tx, y))
            # TRANSLATORS: the caption under the turned-up card beside the stock (short: it fits under a card).
            word = (pgettext("stock caption", "trumps") if labels.trump_suit(v) == turned[1] and turned[0] != "X"
                    else pgettext("stock caption", "turned"))
            t = fit_text(self.app.fonts, word, int(14 * s), int(w * 1.1), ui.TEXT_DIM)
            ui.blit_center(surf, t, (tx, y + w * 0.7 + 14 * s))
        if n:
            for k in range(min(n, 6)):
                img = cards.back(w)  # type: ignore[attr-defined]
                ui.blit_center(surf, img, (x - k * 0.7 * s, y - k * 1.2 * s))
            badge = self.app.fonts.text(str(n), int(18 * s), ui.TEXT, "bold")
            r = badge.get_rect(center=(int(x), int(y + w * 0.7 + 14 * s)))
            surf.blit(ui.panel(r.inflate(int(14 * s), int(6 * s)).size, (0, 0, 0, 140), None, int(8 * s)),
                      r.inflate(int(14 * s), int(6 * s)).topleft)
            surf.blit(badge, r)
        if bottom:
            bx = x - w * 1.35
            img = cards.face(bottom, int(w * 0.8))  # type: ignore[attr-defined]
            ui.blit_center(surf, img, (bx, y))
            # TRANSLATORS: the caption under the stock's shown bottom card.
            t = fit_text(self.app.fonts, pgettext("stock caption", "bottom"), int(14 * s), int(w * 1.1), ui.TEXT_DIM)
            ui.blit_center(surf, t, (bx, y + w * 0.8 * 0.7 + 12 * s))
        if turned and not n and not bottom and v.get("phase") in ("bidding", "deal"):
            pass

    def _draw_opponent(self, surf: pygame.Surface, seat: int) -> None:
        v = self.view or {}
        lay = self.lay
        assert lay is not None
        spot = lay.spot(seat)
        sizes = v.get("hand_sizes") or []
        n = max(0, (int(sizes[seat]) if seat < len(sizes) else 0) + self.hand_delta.get(seat, 0))
        cards = self.app.cards
        known = (v.get("known") or [[]] * self.players)[seat] if seat < len(v.get("known") or []) else []
        sw = lay.small_w
        if n:
            ui.blit_center(surf, self._backs_fan(spot.side, spot.angle, n, sw), spot.hand)
        self._draw_plate(surf, seat, count=n)
        shown = self.shown_decl.get(seat)
        extra = [str(c) for c in known] if known else []
        if shown or extra:
            lst = shown[0] if shown else extra
            # TRANSLATORS: the caption under an opponent's shown cards: declared ("shows") or known ("holds").
            caption = pgettext("opponent cards", "shows") if shown else pgettext("opponent cards", "holds")
            px, py = spot.plate
            s = self.app.scale
            cw = int(sw * 0.85)
            gap = cw * 0.5
            total = cw + (len(lst) - 1) * gap
            if spot.side in ("left", "right"):
                x0, y0 = px - total / 2 + cw / 2, py + cw * 1.4 * 0.5 + 44 * s
            else:
                x0, y0 = px + 84 * s + 20 * s + cw / 2, py
            # Declared cards leave with a short fade (unless known cards stay in their place).
            alpha = 255 if extra or not shown else int(255 * min(1.0, shown[1] / 0.4))
            for i, c in enumerate(lst):
                face = cards.face(c, cw)  # type: ignore[attr-defined]
                ui.blit_center(surf, ui.faded(face, alpha), (x0 + i * gap, y0))
            cap = self.app.fonts.text(caption, int(13 * s), ui.TEXT_DIM)
            ui.blit_center(surf, ui.faded(cap, alpha), (x0 + (len(lst) - 1) * gap / 2, y0 + cw * 0.7 + 10 * s))

    def _backs_fan(self, side: str, angle: float, n: int, sw: int) -> pygame.Surface:
        """An opponent's hand as one pre-composited surface of fanned backs (cached)."""
        key = (side, int(angle), n, sw, self.app.settings.card_back)
        got = _fan_cache.get(key)
        if got is not None:
            return got
        cards = self.app.cards
        saved_budget = cards.budget  # type: ignore[attr-defined]
        cards.budget = 1_000_000  # type: ignore[attr-defined]  # a cached composite must get true rotations
        step = sw * 0.42
        length = int(step * (n - 1) + sw * 2.2)
        canvas = pygame.Surface((length, int(sw * 2.2)) if side in ("top", "bottom") else (int(sw * 2.2), length),
                                pygame.SRCALPHA)
        cx, cy = canvas.get_width() / 2, canvas.get_height() / 2
        for k in range(n):
            off = (k - (n - 1) / 2) * step
            fan_ang = (k - (n - 1) / 2) * 2.0
            if side in ("top", "bottom"):
                pos = (cx + off, cy + abs(k - (n - 1) / 2) * sw * 0.025)
                ang = angle - fan_ang
            else:
                pos = (cx + abs(k - (n - 1) / 2) * sw * 0.025 * (1 if side == "left" else -1), cy + off)
                ang = angle + fan_ang
            img = cards.rotated(None, sw, ang)  # type: ignore[attr-defined]
            ui.blit_center(canvas, img, pos)
        cards.budget = saved_budget  # type: ignore[attr-defined]
        if len(_fan_cache) > 64:
            _fan_cache.clear()
        _fan_cache[key] = canvas
        return canvas

    def _draw_hand(self, surf: pygame.Surface) -> None:
        lay = self.lay
        assert lay is not None
        cards = self.app.cards
        mine = self.my_turn() and bool(self.card_actions) and self.result is None
        hint_card = None
        if self.hint and self.hint[0].get("type") in ("play", "discard"):
            hc = self.hint[0].get("card") or (self.hint[0].get("cards") or [None])[0]
            hint_card = hc
        sel = self.hand_order[self.selected] if 0 <= self.selected < len(self.hand_order) else None
        for c in self.hand_order:
            sp = self.hand.get(c)
            if sp is None or (sp.delay > 0 and sp.t == 0.0 and not sp.shown):
                continue
            sp.shown = True
            legal = c in self.card_actions
            dx = 0.0
            if self.shake and self.shake[0] == c:
                dx = math.sin(self.shake[1] * 60) * lay.card_w * 0.06
            pos = (sp.pos[0] + dx, sp.pos[1] - self._lift(c))
            ang = sp.angle
            if self.drag and self.drag[0] == c:
                mp = pygame.mouse.get_pos()
                if abs(mp[1] - self.drag[1][1]) > 8 or abs(mp[0] - self.drag[1][0]) > 8:
                    pos = (pos[0] + mp[0] - self.drag[1][0], pos[1] + mp[1] - self.drag[1][1])
                    # drawn last, over the prompt and bubbles: the card is in our hand, above everything
                    self._dragged = (cards.hand_card(c, lay.card_w, ang, False), pos)  # type: ignore[attr-defined]
                    continue
            fresh = self.fresh.get(c, 0.0)
            if fresh > 0:
                g = cards.glow(lay.card_w, (150, 240, 160))  # type: ignore[attr-defined]
                if abs(ang) > 0.5:
                    g = _rot_cached(g, ang)
                g.set_alpha(int(255 * min(1.0, fresh / 0.6)))
                ui.blit_center(surf, g, pos)
                g.set_alpha(None)
            if mine and (c == sel and self.widgets.focused() is None or c == hint_card):
                color = (120, 220, 255) if c == hint_card else ui.GOLD
                g = cards.glow(lay.card_w, color)  # type: ignore[attr-defined]
                if abs(ang) > 0.5:
                    g = _rot_cached(g, ang)
                ui.blit_center(surf, g, pos)
            img = cards.hand_card(c, lay.card_w, ang, mine and not legal)  # type: ignore[attr-defined]
            ui.blit_center(surf, img, pos)

    def _warm_up(self, limit_ms: float = 2.5) -> None:
        """Pre-draw card images for this table size a few at a time (no frame hitches later)."""
        import time

        if self.lay is None or self.view is None:
            return
        key = (self.lay.card_w, self.lay.trick_w, self.app.settings.card_style, self.app.settings.card_back)
        if key != self._warm_key:
            self._warm_key = key
            from core.cards import deck_strs

            cls = core.GAMES.get(str(self.view.get("game")))
            deck = deck_strs(cls.deck_low_rank, cls.deck_jokers) if cls else []
            mine = [c for c in self.hand_order]
            order = mine + [c for c in deck if c not in mine]
            self._warm = [(c, k) for c in order for k in range(3)]
        if not self._warm:
            return
        cards = self.app.cards
        t0 = time.perf_counter()
        while self._warm and (time.perf_counter() - t0) * 1000 < limit_ms:
            c, k = self._warm.pop(0)
            if k == 0:
                cards.hand_card(c, self.lay.card_w, 0, False)  # type: ignore[attr-defined]
            elif k == 1:
                cards.face(c, self.lay.trick_w)  # type: ignore[attr-defined]
            else:
                cards.hand_card(c, self.lay.card_w, 0, True)  # type: ignore[attr-defined]


_fan_cache: dict[tuple[str, int, int, int, str], pygame.Surface] = {}

_rot_store: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}

def _rot_cached(img: pygame.Surface, angle: float) -> pygame.Surface:
    """Rotate a cached surface once per (surface, whole degree)."""
    key = (id(img), int(round(angle)))
    got = _rot_store.get(key)
    if got is None or got[0] is not img:
        if len(_rot_store) > 400:
            _rot_store.clear()
        got = (img, pygame.transform.rotozoom(img, int(round(angle)), 1.0))
        _rot_store[key] = got
    return got[1]
