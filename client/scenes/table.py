"""The card table: the scene where a match is played, for any game and any session.

The scene knows the engine only through the session's views, legal actions
(JSON) and events.  Card clicks map to the legal actions naming that card
(``play``, a one-card ``discard``); every other legal action becomes a button
(bids, trump naming, exchange, declarations, breaking the deck...).  Events
drive the animations; the session is polled again only once the animations
of the previous step are done, so every move is seen.

Keys: Left/Right choose a card, Enter plays it (or presses the focused
button), 1-9 press the n-th action button, H hint, L last trick, S score
sheet, T chat (LAN), Esc pause menu.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

import core
from client import art, labels, layout, savegame, ui
from client.anim import Banner, CardSprite, Confetti, Popup
from client.layout import Point
from client.scene import Scene
from client.scenes.scoresheet import contract_of, deal_notes, maker_failed
from client.session import clockwise, seat_label
from client.widgets import Button, TextInput, draw_tooltip

ADOPT_FIRST = frozenset({"dealt", "deal_scored", "match_over", "thrown_in"})
"""Events shown with the new view already in place (a new deal, a deal's result, the match's end)."""
PULSE_SECONDS = 3.0
"""Our name plate's glow pulses this long when our turn comes, then stays lit (an idle table costs no CPU)."""
BASE_HOLD = {"dealt": 0.45, "played": 0.32, "trick": 0.95, "bid": 0.3, "declared": 0.55, "trump": 0.5,
             "drew": 0.25, "exchanged": 0.5, "exchange": 0.5, "burned": 0.45, "break": 0.5, "contract": 0.2,
             "revealed": 0.6, "sequences": 0.6, "remainder": 0.3, "discarded": 0.3, "blind": 0.3}
PHASE_WORDS = {"deal": "dealing", "bidding": "bidding", "exchange": "exchange", "declaring": "declarations",
               "play": "play", "break": "breaking the deck", "remainder": "the rest of the stock", "burn": "burning",
               "call": "partner call", "trump": "naming trumps", "naming": "naming trumps", "schmeiss": "schmeiss",
               "over": "deal over"}
OUTCOME_BANNER = {"bete": "B\u00eate!", "failed": "Contract failed", "set": "Set!", "hung": "Hung!",
                  "tie": "Tie \u2014 points hang", "moon_made": "Shot the moon!", "moon_failed": "Moon failed",
                  "bide": "Bide!", "inside": "Inside!", "annulled": "Deal annulled"}


OPENING_EVENTS = frozenset({"dealt", "turn_up", "trump", "bottom_card", "bottom", "deal"})
"""Events of a fresh deal's opening: the only history a table animates when it first sees a match."""


def opening_events(events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], bool]:
    """What a table that first sees a match (a new match, a resume, a reconnect) should animate.

    A fresh deal (nothing but its dealing) is animated.  Any longer history is
    not replayed: the table is built from the view, and only the last deal's
    result is shown again when nothing happened after it (its panel was not
    yet dismissed).  Returns the events to show and whether history was dropped.
    """
    if all(str(e.get("type")) in OPENING_EVENTS for e in events):
        return events, False
    last = max((i for i, e in enumerate(events) if e.get("type") == "deal_scored"), default=-1)
    if last >= 0 and all(e.get("type") == "match_over" for e in events[last + 1:]):
        return events[last:], True
    return [], True


class TableScene(Scene):
    """Plays one match through ``session`` (LocalSession or a remote one)."""

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.me: int = session.seat if session.seat is not None else 0
        self.view: dict[str, Any] | None = None
        self.players = 0
        self.names: list[str] = []
        self.lay: layout.TableLayout | None = None
        self.hand: dict[str, CardSprite] = {}
        self.hand_order: list[str] = []
        self.trick: list[tuple[int, CardSprite]] = []
        self.flights: list[CardSprite] = []
        self.popups: list[Popup] = []
        self.banners: deque[Banner] = deque()
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.shown_decl: dict[int, tuple[list[str], float]] = {}
        self.confetti: Confetti | None = None
        self.events: deque[dict[str, Any]] = deque()
        self.pending: deque[Any] = deque()
        self.wait = 0.0
        self.result: dict[str, Any] | None = None
        self.ended = False
        self.shown_scores: list[int] = []
        self.selected = -1
        self.hover_card: str | None = None
        self.reasons: dict[tuple[int, str], str | None] = {}
        self.error: tuple[str, float] | None = None
        self.shake: tuple[str, float] | None = None
        self.status: tuple[str, float] | None = None
        self.hint: tuple[dict[str, Any], str] | None = None
        self.hint_wanted = False
        self.show_last = False
        self.choice: tuple[str, list[dict[str, Any]]] | None = None
        self.card_actions: dict[str, list[dict[str, Any]]] = {}
        self.button_actions: list[dict[str, Any]] = []
        self.action_buttons: list[Button] = []
        self.actions_key: tuple[Any, ...] = ()
        self.chat_input: TextInput | None = None
        self.drag: tuple[str, tuple[int, int]] | None = None
        self.turn_flash = 0.0
        self.turn_age = 0.0
        self.was_my_turn = False
        self.result_button: Button | None = None
        self.deal_count = 0
        self.cw = True
        self._warm: list[tuple[str, int]] = []
        self._warm_key: tuple[Any, ...] = ()
        self._hud_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.hud_buttons: list[Button] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.help_lines: list[str] = []
        self.result_box = pygame.Rect(0, 0, 0, 0)
        # the presentation queue: what is shown lags the session until its motion has played
        self.staged: dict[str, Any] | None = None
        """The next view, adopted once the events before it have been animated."""
        self.collecting: dict[str, Any] | None = None
        """A finished trick on hold (``winner``, ``points``, ``left`` seconds) before it sweeps to the winner."""
        self.trick_bonus: dict[int, int] = {}
        self.hand_delta: dict[int, int] = {}
        self.stock_shown: int | None = None
        self.fresh: dict[str, float] = {}
        """Cards just drawn into our hand (highlighted for the seconds left)."""
        self._order_key: tuple[Any, ...] = ()
        self._dragged: tuple[pygame.Surface, Point] | None = None
        self._banner_at: tuple[Any, tuple[float, float]] = (None, (0.0, 0.0))
        self._hud_rects: list[pygame.Rect] = []
        self.declarations: dict[int, tuple[str, str | None]] = {}
        """This deal's declared sequences by seat (call, top card), to explain who won them."""

    # ================================================================ life
    def enter(self) -> None:
        super().enter()
        self._poll(force=True)

    def leave(self) -> None:
        self._autosave()
        self.session.close()

    def _autosave(self) -> None:
        if self.view is None or not hasattr(self.session, "to_save"):
            return
        if self.view.get("match_over"):
            savegame.delete_save()
            return
        data = self.session.to_save()
        err = savegame.write_save(data["record"], data["seat"], data["levels"], data["seed"])
        if err:
            self.app.toast(err, error=True)

    @property
    def speed(self) -> float:
        """Animation speed multiplier from the settings."""
        return max(0.25, float(self.app.settings.animation_speed))

    def layout(self) -> None:
        w, h = self.app.size
        if self.players:
            self.lay = layout.compute(w, h, self.players, self.me, self.cw)
            self._place_hand(snap=True)
        s = self.app.scale
        bw, bh = int(118 * s), int(40 * s)
        x = w - bw - int(14 * s)
        y = h - (bh + int(8 * s)) * 4 - int(6 * s)
        self.hud_buttons = []
        for text, fn, key in (("Hint (H)", self.request_hint, None), ("Last trick (L)", self.toggle_last, None),
                              ("Scores (S)", self.open_scores, None), ("Menu (Esc)", self.open_pause, None)):
            b = Button(text, fn, pygame.Rect(x, y, bw, bh), hotkey=key, px=int(15 * s))
            self.add(b)
            self.hud_buttons.append(b)
            y += bh + int(8 * s)
        self.actions_key = ()
        self._rebuild_actions()
        if self.chat_input is not None:
            self.chat_input.rect = pygame.Rect(int(14 * s), h - int(250 * s), int(340 * s), int(36 * s))
            self.add(self.chat_input)

    # ============================================================ session
    def _idle(self) -> bool:
        return (not self.events and self.wait <= 0 and self.result is None and not self.ended
                and self.staged is None and self.collecting is None)

    def _poll(self, force: bool = False) -> None:
        """Fetch updates (always when ``force``, else only when idle) and show the next one in order.

        Updates wait in ``pending`` until the previous one's animations (and
        any result panel) are done, so a fast peer never skips what we show.
        """
        if force or (not self.pending and self._idle()):
            for u in self.session.poll():
                if u.error:
                    self.show_error(u.error)
                if u.status:
                    self.status = (u.status, 6.0)
                    self.app.toast(u.status)
                if u.view is not None or u.events:
                    self.pending.append(u)
        while self.pending and (self.view is None or self._idle()):
            u = self.pending.popleft()
            if u.view is not None and self.view is None:
                self._adopt(u.view, list(u.events))
            elif u.view is not None:
                self._stage(u.view, list(u.events))
            else:
                self.events.extend(u.events)

    def _stage(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Queue ``events``, then ``view``: the table keeps showing the old position until they have played."""
        if not events or self.view is None:
            self._adopt(view, events)
            return
        self.staged = view
        self.events.extend(events)
        if view.get("seq") != self.view.get("seq"):
            self.error = None  # a refusal belongs to the position it was made in
            self.shake = None
        if self.view.get("legal"):  # the old position is history now: nothing in it can be chosen
            self.view = {**self.view, "legal": []}
            self._rebuild_actions()

    def _adopt_staged(self) -> None:
        view, self.staged = self.staged, None
        self.trick_bonus.clear()
        self.hand_delta.clear()
        self.stock_shown = None
        if view is not None:
            self._adopt(view, [])

    def _adopt(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        first = self.view is None
        old = self.view
        resumed = False
        if first:
            events, resumed = opening_events(events)
        self.view = view
        self.cw = clockwise(str(view.get("game")))
        if first or view.get("players") != self.players:
            self.players = int(view["players"])
            names = getattr(self.session, "seat_names", None)
            self.names = list(names) if names else [
                "You" if s == self.me else seat_label(s, self.me, self.players, self.cw)
                for s in range(self.players)]
            self.lay = layout.compute(*self.app.size, self.players, self.me, self.cw)
            self.shown_scores = list(view.get("scores", []))
            self.deal_count = len(view.get("deals", []))
        self.events.extend(events)
        if not any(e.get("type") == "deal_scored" for e in self.events):
            self.shown_scores = list(view.get("scores", []))
        dealer = view.get("dealer")
        self._sync_hand(old, from_seat=dealer if isinstance(dealer, int) else self.me, snap=resumed)
        if first:
            self._sync_trick()
        if view.get("seq") != (old or {}).get("seq"):
            self.error = None  # a refusal belongs to the position it was made in
            self.shake = None
            self.hint = None
            self.hint_wanted = False
            self.choice = None
        self._rebuild_actions()
        if view.get("match_over") and not any(e.get("type") == "match_over" for e in self.events) and first:
            self.events.append({"type": "match_over", "scores": view.get("scores"), "winner": view.get("winner")})

    def submit(self, action: dict[str, Any]) -> None:
        """Send a legal action (JSON form) to the session."""
        try:
            act = core.action_from_json(action)
        except core.InvalidAction as exc:
            self.show_error(str(exc))
            return
        self.choice = None
        self.hint = None
        self.session.submit(act)
        # finish running animations quickly so our move shows at once
        self.wait = min(self.wait, 0.05)
        self._poll(force=True)

    def show_error(self, text: str) -> None:
        """Show why an action was refused (from the engine) near the hand.

        It replaces any earlier refusal and disappears after a few seconds or
        as soon as the position changes (any move by anyone).
        """
        text = text.strip()
        if text:
            text = text[0].upper() + text[1:]
            if text[-1] not in ".!?":
                text += "."
        self.error = (text, 3.0)
        self.app.sounds.play("error")

    # ========================================================= actions
    def my_turn(self) -> bool:
        """True when the view offers us legal actions."""
        return bool(self.view and self.view.get("legal"))

    def _rebuild_actions(self) -> None:
        v = self.view
        legal: list[dict[str, Any]] = list(v.get("legal", [])) if v else []
        key = (v.get("seq") if v else None, tuple(map(str, legal)), self.choice is not None, self.app.size,
               self.result is not None)
        if key == self.actions_key:
            return
        self.actions_key = key
        for b in self.action_buttons:
            if b in self.widgets.items:
                self.widgets.items.remove(b)
        self.action_buttons = []
        self.widgets.set_focus(None)
        self.card_actions = {}
        self.button_actions = []
        for a in legal:
            c = a.get("card")
            cards = a.get("cards")
            if a.get("type") == "play" and isinstance(c, str):
                self.card_actions.setdefault(c, []).append(a)
            elif a.get("type") == "discard" and isinstance(cards, list) and len(cards) == 1:
                self.card_actions.setdefault(cards[0], []).append(a)
            else:
                self.button_actions.append(a)
        if self.result is not None:
            return
        acts = self.button_actions
        if self.choice is not None:
            acts = self.choice[1]
        if not acts:
            self._ensure_selection()
            return
        s = self.app.scale
        w, h = self.app.size
        texts = [labels.action_text(a, v) for a in acts]
        if len(acts) > 3 and all(str(a.get("call", "")).startswith("partner:") for a in acts):
            texts = [labels.card_text(str(a["call"]).split(":", 1)[1]) for a in acts]  # the title says "partner"
        px = int(19 * s)
        bh = int(44 * s)
        widths = [max(int(110 * s), self.app.fonts.font(px, "bold").size(t)[0] + int(34 * s)) for t in texts]
        if self.choice is not None:
            texts.append("Cancel")
            widths.append(int(120 * s))
            acts = [*acts, {"type": "_cancel"}]
        gap = int(10 * s)
        numeric = all(t.isdigit() for t, a in zip(texts, acts, strict=False) if a.get("type") != "_cancel"
                      and a.get("call") not in ("pass", "moon"))
        show_numbers = not numeric and len(acts) > 1
        if show_numbers:
            widths = [wd + int(22 * s) for wd in widths]
        max_panel = self._panel_max_width()
        max_row = min(int(w * 0.7), max_panel - int(40 * s))
        rows: list[list[int]] = [[]]
        cur = 0
        for i, wd in enumerate(widths):
            if rows[-1] and cur + wd > max_row:
                rows.append([])
                cur = 0
            rows[-1].append(i)
            cur += wd + gap
        lay = self.lay
        lifted = lay.card_w * 0.26 if lay and self.card_actions else 0.0  # playable cards rise: stay clear
        base_y = (lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lifted - int(24 * s)) if lay else h * 0.7
        history = self._bid_history()
        help_text = self._help_text()
        self.help_lines = self.app.fonts.wrap(help_text, int(15 * s), max_panel - int(40 * s)) if help_text else []
        extra = (int(26 * s) if history else 0) + int(21 * s) * len(self.help_lines) + (int(4 * s) if help_text else 0)
        if self.help_lines and lay is not None and v and v.get("trick"):
            # cards on the table come first: drop the explanation rather than cover a trick card
            trick_bottom = max((lay.spot(int(t["seat"])).trick[1] + lay.trick_w * 0.7 for t in v["trick"]
                                if isinstance(t, dict) and isinstance(t.get("seat"), int)), default=0.0)
            top_with = base_y - len(rows) * (bh + gap) - extra - int(44 * s)
            if top_with < trick_bottom:
                extra -= int(21 * s) * len(self.help_lines) + int(4 * s)
                self.help_lines = []
        top = int(base_y - len(rows) * (bh + gap) - extra)
        y = top
        widest = 0
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            widest = max(widest, total)
            x = (w - total) // 2
            for i in row:
                a = acts[i]
                n = len(self.action_buttons) + 1
                label = texts[i]
                hot: int | None = None
                if a.get("type") == "_cancel":
                    hot = None
                elif numeric:
                    if label.isdigit() and len(label) == 1:
                        hot = pygame.K_0 + int(label)
                    elif a.get("call") == "pass":
                        hot = pygame.K_p
                elif n <= 9:
                    hot = pygame.K_0 + n
                    if show_numbers:
                        label = f"{n}  {label}"
                primary = a.get("type") not in ("_cancel",) and a.get("call") != "pass" and a.get("type") not in (
                    "keep", "done")
                b = Button(label, self._presser(a), pygame.Rect(x, y, widths[i], bh),
                           hotkey=hot, px=px, primary=primary and len(acts) <= 2 and self.choice is None)
                self.add(b)
                self.action_buttons.append(b)
                x += widths[i] + gap
            y += bh + gap
        title_w = self.app.fonts.font(int(20 * s), "bold").size(self._prompt_text())[0]
        pw = max(widest, title_w) + int(60 * s)
        if history:
            pw = max(pw, self.app.fonts.font(int(16 * s)).size(history)[0] + int(60 * s))
        for line in self.help_lines:
            pw = max(pw, self.app.fonts.font(int(15 * s)).size(line)[0] + int(40 * s))
        pw = min(pw, max_panel)
        self.panel_rect = pygame.Rect((w - pw) // 2, top - int(44 * s) - extra, pw,
                                      y - top + int(50 * s) - gap + extra)
        if self.action_buttons and not self.card_actions:
            self.widgets.set_focus(self.action_buttons[0])
        self._ensure_selection()

    def _presser(self, a: dict[str, Any]) -> Callable[[], None]:
        return lambda: self._press(a)

    def _press(self, a: dict[str, Any]) -> None:
        if a.get("type") == "_cancel":
            self.choice = None
            self.actions_key = ()
            self._rebuild_actions()
            return
        self.submit(a)

    def _ensure_selection(self) -> None:
        if not self.card_actions or not self.hand_order:
            return
        if 0 <= self.selected < len(self.hand_order) and self.hand_order[self.selected] in self.card_actions:
            return
        for i, c in enumerate(self.hand_order):
            if c in self.card_actions:
                self.selected = i
                return

    def try_card(self, card: str) -> None:
        """The player chose ``card`` (click, drag or Enter)."""
        if not self.my_turn():
            self.show_error("It is not your turn yet.")
            return
        acts = self.card_actions.get(card)
        if not acts:
            if self.card_actions:
                self.shake = (card, 0.4)
                why = self.reason(card)
                if why is not None:
                    self.show_error(f"Can't play {labels.card_text(card)}: {why}")
                else:  # no dry run here (a network session): the host's engine refuses it with the reason
                    self.session.submit(self._card_action(card))
                    self._poll(force=True)
            else:
                self.show_error("Choose one of the options above first.")
            return
        if len(acts) == 1:
            self.submit(acts[0])
            return
        # a choice for the same card (announce bella/belote or not)
        plain = [a for a in acts if not a.get("call")]
        calls = [a for a in acts if a.get("call")]
        self.choice = (card, calls + plain)
        self.actions_key = ()
        self._rebuild_actions()

    def _next_card(self, d: int) -> int:
        """The hand index Left (-1) / Right (+1) moves to: the next playable card (all cards when none is)."""
        n = len(self.hand_order)
        cur = self.selected if 0 <= self.selected < n else (-1 if d > 0 else n)
        playable = [i for i, c in enumerate(self.hand_order) if c in self.card_actions] if self.my_turn() else []
        stops = playable or list(range(n))
        ahead = [i for i in stops if (i > cur if d > 0 else i < cur)]
        if ahead:
            return ahead[0] if d > 0 else ahead[-1]
        return cur if 0 <= cur < n else stops[0 if d > 0 else -1]

    def _card_action(self, card: str) -> core.Action:
        """The action a click on ``card`` stands for now (a play, or a one-card discard)."""
        if self.card_actions and not any(a.get("type") == "play" for v in self.card_actions.values() for a in v):
            return core.Action("discard", cards=(card,))
        return core.Action("play", card=card)

    def reason(self, card: str) -> str | None:
        """Why ``card`` cannot be played now, from the engine's dry run (cached); None if unknown."""
        if self.view is None:
            return None
        key = (int(self.view.get("seq", 0)), card)
        if key not in self.reasons:
            explain = getattr(self.session, "explain", None)
            text: str | None = None
            if explain is not None:
                try:
                    text = explain(self._card_action(card)) or "Not playable now."
                except Exception:  # a session that cannot do dry runs: no reason to show
                    text = None
            self.reasons[key] = text
            if len(self.reasons) > 200:
                self.reasons.clear()
        return self.reasons[key]

    # ============================================================ hints
    def request_hint(self) -> None:
        """Ask the AI for advice (shown as a glowing card or button with a reason)."""
        if not self.my_turn():
            self.app.toast("Hints are for your turn.")
            return
        if not getattr(self.session, "can_hint", False):
            self.app.toast("Hints are not available in this match.")
            return
        self.session.request_hint()
        self.hint_wanted = True

    def _check_hint(self) -> None:
        if not self.hint_wanted:
            return
        got = self.session.take_hint()
        if got is None:
            return
        self.hint_wanted = False
        action, reason = got
        a = action.to_json() if hasattr(action, "to_json") else dict(action)
        self.hint = (a, reason or "")
        c = a.get("card") or ((a.get("cards") or [None])[0] if a.get("type") == "discard" else None)
        if isinstance(c, str) and c in self.hand_order:
            self.selected = self.hand_order.index(c)
            self.widgets.set_focus(None)
        else:
            acts = self.choice[1] if self.choice else self.button_actions
            for i, b in enumerate(self.action_buttons):
                if i < len(acts) and acts[i] == a:
                    self.widgets.set_focus(b)
        self.app.sounds.play("tick")

    # ========================================================= toggles
    def toggle_last(self) -> None:
        """Show or hide the last trick."""
        if not self.view or not self.view.get("last_trick"):
            self.app.toast("No trick has been played yet this deal.")
            self.show_last = False
            return
        self.show_last = not self.show_last

    def open_scores(self) -> None:
        """The score sheet."""
        from client.scenes.scoresheet import ScoreSheet

        if self.view is not None:
            self.app.push(ScoreSheet(self.app, self.view, self.names))

    def open_pause(self) -> None:
        """The pause menu."""
        self.app.push(self.app.make("pause", self))

    # ========================================================= hand
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
            sp.delay = 0.06 * k / self.speed if len(new) > 1 else 0.0
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
                sp.fly(pos, ang, dur=0.32 / self.speed, delay=delay)

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

    # ========================================================= trick
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
        if any(sp.moving for _, sp in self.trick):
            return
        want = [(int(e["seat"]), str(e["card"])) for e in self.view.get("trick") or []]
        have = [(s, sp.card) for s, sp in self.trick]
        if want != have:
            self._sync_trick()

    def _trick_angle(self, seat: int, card: str) -> float:
        return (hash((seat, card)) % 11 - 5) * 0.8

    # ========================================================= events
    def _process_events(self) -> None:
        """Play queued events in order; adopt the staged view when they are done (or before a new deal/result)."""
        while self.wait <= 0 and self.result is None and self.collecting is None:
            if self.events:
                if self.staged is not None and self.events[0].get("type") in ADOPT_FIRST:
                    self._adopt_staged()
                    continue
                e = self.events.popleft()
                hold = self._animate(e)
                self.wait = hold / self.speed
            elif self.staged is not None:
                self._adopt_staged()
            else:
                break

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
        dur = 0.42 / self.speed
        target = self._seat_point(winner)
        for k, (_, sp) in enumerate(self.trick):
            sp.fly(target, sp.angle, dur=dur, delay=0.03 * k / self.speed, fade_out=True)
            self.flights.append(sp)
        if self.trick and isinstance(winner, int):
            def landed(w: int = winner) -> None:
                self.trick_bonus[w] = self.trick_bonus.get(w, 0) + 1
            self.trick[-1][1].on_land = landed
        elif isinstance(winner, int):
            self.trick_bonus[winner] = self.trick_bonus.get(winner, 0) + 1
        self.wait = (dur + 0.03 * len(self.trick) / self.speed) / self.speed
        self.trick = []
        if isinstance(winner, int) and 0 <= winner < self.players and isinstance(pts, int) and pts > 0:
            p, drift = layout.popup_spot(lay, winner)
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

    def _draw_into_hand(self, cards: list[str]) -> None:
        """Cards we drew fly from the stock into their places, highlighted."""
        lay = self.lay
        if lay is None:
            return
        new = [c for c in cards if c not in self.hand]
        if not new:
            return
        for k, c in enumerate(new):
            sp = CardSprite(c, lay.card_w, lay.stock)
            sp.delay = 0.08 * k / self.speed
            sp.t = 0.0
            self.hand[c] = sp
            self.fresh[c] = 2.2
        self.hand_order = self._order_for(list(self.hand), self.staged or self.view or {})
        self._place_hand(snap=False)

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
                for k in range(n):
                    sp = CardSprite(None, lay.small_w, src)
                    sp.fly(lay.spot(seat).hand, lay.spot(seat).angle, dur=0.3 / self.speed, delay=0.05 * k,
                           fade_out=True)
                    sp.tag = "deal"
                    self.flights.append(sp)
                sounds.play("deal")
            if e.get("deal") == 1 or (isinstance(e.get("deal"), int) and e.get("deal") != self.deal_count + 1):
                pass
        elif t == "played":
            card = str(e.get("card"))
            s = int(seat) if isinstance(seat, int) else 0
            if s == self.me and card in self.hand:
                start = self.hand[card].pos
                self._take_from_hand(card)
            else:
                start = lay.spot(s).hand
                if s != self.me:
                    self.hand_delta[s] = self.hand_delta.get(s, 0) - 1
            sp = CardSprite(card, lay.trick_w, start, lay.spot(s).angle if s != self.me else 0.0)
            sp.fly(lay.spot(s).trick, self._trick_angle(s, card), dur=0.3 / self.speed)
            self.trick.append((s, sp))
            sounds.play("card")
            call = e.get("call")
            if call:
                self.banner(labels.call_text(str(call)) + "!", "you announce" if s == self.me else
                            f"{self.names[s]} announces")
                self.bubble(s, labels.call_text(str(call)) + "!")
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
                self.banner(labels.call_text(call) + "!", self.names[seat] if isinstance(seat, int) else "")
        elif t == "trump":
            suit = e.get("suit")
            if isinstance(suit, str) and suit in ui.SUIT_SYMBOL:
                maker = e.get("maker")
                who = self.names[maker] if isinstance(maker, int) and maker < len(self.names) else ""
                self.banner(f"Trumps: {ui.SUIT_SYMBOL[suit]} {ui.SUIT_NAME[suit]}", f"chosen by {who}" if who else "")
        elif t == "contract":
            ccall = e.get("call") or e.get("bid")
            cseat = e.get("declarer", e.get("bidder"))
            if isinstance(ccall, str) and isinstance(cseat, int):
                self.banner(f"Contract: {labels.call_text(ccall)}",
                            "you play it" if cseat == self.me else f"played by {self.names[cseat]}")
        elif t == "declared":
            call = e.get("call")
            if isinstance(seat, int) and call and call != "pass":
                top = e.get("top")
                self.declarations[seat] = (str(call), str(top) if isinstance(top, str) else None)
                word = labels.call_text(str(call))
                res = e.get("result")
                if res == "beaten" and isinstance(e.get("reply"), dict):
                    word += f" \u2014 beaten by {labels.call_text(str(e['reply'].get('call')))}"
                self.bubble(seat, word + "!")
                cards = e.get("cards")
                if isinstance(cards, list) and cards and seat != self.me:
                    self.shown_decl[seat] = ([str(c) for c in cards], 3.0)
                if str(call) in ("bella", "belote", "mariage", "tertz", "fifty", "hundred", "tierce", "quarte",
                                 "quinte", "carre"):
                    self.banner(labels.call_text(str(call)) + "!", self.names[seat])
                sounds.play("bid")
            elif isinstance(seat, int) and call == "pass":
                self.bubble(seat, "No declaration")
        elif t == "done":
            pass
        elif t == "sequences":
            w = e.get("winner")
            pts = e.get("points")
            if isinstance(w, int):
                amount = pts[w] if isinstance(pts, list) and w < len(pts) else (pts if isinstance(pts, int) else None)
                self.bubble(w, f"Best sequence: {amount}" if isinstance(amount, int) and amount else "Best sequence")
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
                self.bubble(seat, f"Swapped {labels.card_text(str(gave))} for {labels.card_text(str(took))}"
                            if took and gave else "Exchanged")
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
            if isinstance(seat, int) and seat == self.me and got:
                self._draw_into_hand([str(c) for c in got])
            elif isinstance(seat, int):
                for k in range(min(3, count)):
                    sp = CardSprite(e.get("card") if e.get("face_up") else None, lay.small_w, lay.stock)
                    sp.fly(lay.spot(seat).hand, lay.spot(seat).angle, dur=0.3 / self.speed, delay=0.06 * k,
                           fade_out=True)
                    self.flights.append(sp)
                self.hand_delta[seat] = self.hand_delta.get(seat, 0) + count
            if not e.get("face_up"):  # the face-up card lies beside the stock, not in its count
                self.stock_shown = max(0, self._draw_stock_count() - count)
            sounds.play("deal")
        elif t == "break":
            moved = e.get("n")
            if isinstance(seat, int):
                self.bubble(seat, f"Breaks the deck: {moved}")
            self.banner("Deck broken", f"{self.names[seat]} moved {labels.count_text(int(moved), 'card')}"
                        if isinstance(seat, int) and isinstance(moved, int) else "")
        elif t == "burned":
            if isinstance(seat, int):
                self.bubble(seat, f"Burns {labels.card_text(str(e.get('card')))}")
            sounds.play("card")
        elif t == "discarded":
            cards_out = e.get("cards")
            if isinstance(seat, int) and seat == self.me and isinstance(cards_out, list):
                for k, c in enumerate(str(c) for c in cards_out):
                    gone = self._take_from_hand(c)
                    if gone is not None:
                        gone.fly(lay.center, 0.0, dur=0.35 / self.speed, delay=0.05 * k, fade_out=True)
                        self.flights.append(gone)
            n_out = len(cards_out) if isinstance(cards_out, list) else e.get("count")
            if isinstance(seat, int) and seat == self.me and isinstance(cards_out, list):
                self.bubble(seat, f"You discard {labels.count_text(len(cards_out), 'card')}: "
                            + " ".join(labels.card_text(str(c)) for c in cards_out[:6])
                            + ("\u2026" if len(cards_out) > 6 else ""))
            elif isinstance(seat, int):
                self.bubble(seat, f"Discards {labels.count_text(int(n_out), 'card')}"
                            if isinstance(n_out, int) else "Discards")
        elif t == "called":
            name = e.get("name") or e.get("call")
            if isinstance(seat, int):
                self.banner(f"Partner: {name}", f"called by {self.names[seat]}")
        elif t == "partner":
            if isinstance(seat, int):
                self.bubble(seat, "I'm the partner!")
        elif t == "remainder":
            s2 = e.get("seat")
            if isinstance(s2, int):
                self.bubble(s2, f"Takes the rest ({labels.count_text(int(e.get('count') or 0), 'card')})")
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

        def whose(seat: int) -> str:
            return "Your" if seat == self.me else f"{self.names[seat]}'s"

        def words(seat: int) -> str:
            return labels.declaration_words(*decl[seat])

        if not isinstance(winner, int) or winner not in decl:
            return "Sequences tie", "The best sequences are equal: nobody scores them"
        sides = (self.view or {}).get("sides") or [[s] for s in range(self.players)]
        mine = next((set(x) for x in sides if self.me in x), {self.me})
        if self.me in decl and winner not in mine:
            return "Sequences", f"Your {words(self.me)} loses to {whose(winner)} {words(winner)}"
        wside = next((set(x) for x in sides if winner in x), {winner})
        beaten = [s for s in decl if s not in wside]
        tail = f", over {whose(beaten[0]).replace('Your', 'your')} {words(beaten[0])}" if beaten else ""
        return "Sequences", f"{whose(winner)} {words(winner)} is best{tail}"

    def bubble(self, seat: int, text: str) -> None:
        """A speech bubble next to ``seat``'s name plate."""
        self.bubbles[seat] = (text, 2.6)

    def banner(self, text: str, sub: str = "") -> None:
        """A big centred announcement."""
        self.banners.append(Banner(text, sub, life=1.6 / min(2.0, self.speed) + 0.3))
        self.app.sounds.play("banner")

    # ========================================================= results
    def _show_result(self) -> None:
        r = self.result or {}
        v = self.view or {}
        self.deal_count = int(r.get("deal", self.deal_count + 1))
        old = list(self.shown_scores)
        new = r.get("scores")
        if isinstance(new, list):
            self.shown_scores = list(new)
        aw = r.get("awarded")
        if isinstance(aw, list):
            for side, pts in enumerate(aw):
                if isinstance(pts, int) and pts:
                    self.popups.append(Popup(f"+{pts}", self._score_pos(side), ui.GOLD, int(30 * self.app.scale),
                                             life=2.2))
        outcome = str(r.get("outcome", ""))
        capot = r.get("capot", r.get("capot_side"))
        if capot is not None and capot is not False:  # a side index (0 is a side!) or True
            who = self.side_name(capot) if isinstance(capot, int) and not isinstance(capot, bool) else ""
            self.banner("Capot!", f"{who} took every trick" if who else "every trick taken")
        elif outcome in OUTCOME_BANNER:
            self.banner(OUTCOME_BANNER[outcome])
        self.app.sounds.play("score")
        del old, v
        s = self.app.scale
        w, h = self.app.size
        bw = int(220 * s)
        self.result_button = Button("Continue (Enter)", self._continue,
                                    pygame.Rect(w // 2 - bw // 2, int(h * 0.5 + 150 * s), bw, int(50 * s)),
                                    primary=True, hotkey=pygame.K_RETURN)
        self.add(self.result_button)
        self.widgets.set_focus(self.result_button)
        self._autosave()

    def _outcome_words(self, r: dict[str, Any]) -> str:
        """The deal's outcome as a short sentence naming the maker's side."""
        outcome = str(r.get("outcome", ""))
        c = r.get("contract")
        maker = r.get("maker", r.get("declarer"))
        if maker is None and isinstance(c, dict):
            maker = c.get("maker", c.get("declarer", c.get("bidder")))
        who = ""
        if isinstance(maker, int) and 0 <= maker < self.players:
            sides = (self.view or {}).get("sides") or [[p] for p in range(self.players)]
            side = next((i for i, seats in enumerate(sides) if maker in seats), None)
            who = "you" if maker == self.me and (side is None or len(sides[side]) == 1) else (
                self.side_name(side) if side is not None else self.names[maker])
        made = {"made": "made it", "doubled": "made it doubled", "moon_made": "shot the moon"}
        down = {"bete": "went b\u00eate", "failed": "went down", "set": "were set", "bide": "took a bide",
                "moon_failed": "missed the moon", "inside": "went inside", "egg": "laid an egg",
                "doubled": "went down doubled"}
        sides_l = (self.view or {}).get("sides") or [[p] for p in range(self.players)]
        if outcome == "doubled" and maker_failed(r, sides_l):
            return f"{who} {down[outcome]}" if who else "doubled: down"
        if who and outcome in made:
            return f"{who} {made[outcome]}"
        if who and outcome in down:
            return f"{who} {down[outcome]}"
        words = {"hung": "the points hang", "tie": "a tie: points hang", "annulled": "annulled",
                 "played": "played out", "inside": "inside", "hanging": "a tie: points hang",
                 "doubled_hung": "doubled and hung: points hang", "deberts": "Deberts!"}
        return words.get(outcome, outcome.replace("_", " "))

    def _result_reason(self, r: dict[str, Any]) -> str:
        """A plain explanation the numbers alone do not give (an annulled deal, Belote's scoring in tens)."""
        game = (self.view or {}).get("game")
        if r.get("outcome") == "annulled":
            if game == "klaberjass":
                return "Annulled: the schmeiss was answered with annul, so the cards are dealt again."
            return "Annulled: every player passed, so nobody scored and the next dealer deals again."
        if game == "belote":
            aw = r.get("awarded")
            raw = r.get("raw")
            if isinstance(aw, list) and isinstance(raw, list) and len(raw) == len(aw):
                ex = next(((p, a) for p, a in zip(raw, aw, strict=False) if isinstance(p, int) and isinstance(a, int)
                           and a and p != a and abs(p / 10 - a) < 1), None)
                if ex is not None:
                    return (f"Scored in tens: a side's points are divided by 10 and rounded "
                            f"({ex[0]} \u2192 {ex[1]}).")
        return ""

    def _continue(self) -> None:
        if self.result_button in self.widgets.items:
            self.widgets.items.remove(self.result_button)
        self.widgets.set_focus(None)
        self.result_button = None
        self.result = None
        self.trick = []
        self.bubbles.clear()
        self.shown_decl.clear()
        self.actions_key = ()
        self._rebuild_actions()
        self._poll(force=False)

    def _end_match(self, e: dict[str, Any]) -> None:
        self.ended = True
        self.banners.clear()
        self.popups.clear()
        self.bubbles.clear()
        savegame.delete_save()
        winner = e.get("winner")
        sides = (self.view or {}).get("sides") or [[s] for s in range(self.players)]
        won = isinstance(winner, int) and winner < len(sides) and self.me in sides[winner]
        if won:
            self.confetti = Confetti(*self.app.size, seed=7)
            self.app.sounds.play("win")
        else:
            self.app.sounds.play("lose")
        self.app.push(self.app.make("endmatch", self, won))

    def side_name(self, side: int) -> str:
        """Names of the seats of scoring side ``side``."""
        sides = (self.view or {}).get("sides") or [[s] for s in range(self.players)]
        if side >= len(sides):
            return "?"
        seats = sides[side]
        if self.me in seats and len(seats) > 1:
            others = [self.names[s] for s in seats if s != self.me]
            return "You & " + " & ".join(others)
        return " & ".join(self.names[s] for s in seats)

    def _score_pos(self, side: int) -> Point:
        s = self.app.scale
        return (int(14 * s) + int(350 * s), int(58 * s) + side * int(34 * s))

    # ========================================================= input
    def handle(self, event: pygame.event.Event) -> None:
        if self.chat_input is not None and self.chat_input.focused:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self._close_chat()
                return
            if self.widgets.handle(event, self.app):
                return
            return
        if self.collecting is not None and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                 and not any(b.visible and b.rect.collidepoint(event.pos) for b in self.hud_buttons))
                or (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                   pygame.K_SPACE))):
            self.collecting["left"] = 0.0  # a click (or Enter) collects the trick at once
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self.widgets.handle(event, self.app):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_card = self._hand_card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.show_last:
                self.show_last = False
                return
            c = self._hand_card_at(event.pos)
            if c is not None and self.result is None:
                self.drag = (c, event.pos)
                if c in self.card_actions or not (self.my_turn() and self.card_actions):
                    self.selected = self.hand_order.index(c)  # the cursor never lands on a card we cannot play
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag is not None:
                c, start = self.drag
                self.drag = None
                over = self._hand_card_at(event.pos)
                dragged_up = start[1] - event.pos[1] > (self.lay.card_w * 0.6 if self.lay else 60)
                if over == c or dragged_up:
                    self.try_card(c)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.show_last = False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.choice is not None:
                self.choice = None
                self.actions_key = ()
                self._rebuild_actions()
            elif self.show_last:
                self.show_last = False
            else:
                self.open_pause()
            return True
        if self.result is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._continue()
                return True
            if k == pygame.K_s:
                self.open_scores()
                return True
            return False
        if k == pygame.K_h:
            self.request_hint()
            return True
        if k == pygame.K_l:
            self.toggle_last()
            return True
        if k == pygame.K_s:
            self.open_scores()
            return True
        if k == pygame.K_t and hasattr(self.session, "chat"):
            self._open_chat()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand_order and (self.card_actions or not self.action_buttons):
            d = -1 if k == pygame.K_LEFT else 1
            self.selected = self._next_card(d)
            self.widgets.set_focus(None)
            self.app.sounds.play("tick")
            return True
        if k in (pygame.K_UP, pygame.K_DOWN) and self.action_buttons:
            if self.widgets.focused() not in self.action_buttons:
                self.widgets.set_focus(self.action_buttons[0 if k == pygame.K_DOWN else -1])
            else:
                i = self.action_buttons.index(self.widgets.focused())  # type: ignore[arg-type]
                i = (i + (1 if k == pygame.K_DOWN else -1)) % len(self.action_buttons)
                self.widgets.set_focus(self.action_buttons[i])
            self.app.sounds.play("tick")
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            f = self.widgets.focused()
            if f is not None:
                f.activate(self.app)
                return True
            if self.card_actions and 0 <= self.selected < len(self.hand_order):
                self.try_card(self.hand_order[self.selected])
                return True
            if self.action_buttons:
                self.action_buttons[0].click(self.app)
                return True
            return True
        return False

    def _open_chat(self) -> None:
        s = self.app.scale
        h = self.app.size[1]
        self.chat_input = TextInput("", pygame.Rect(int(14 * s), h - int(250 * s), int(340 * s), int(36 * s)),
                                    placeholder="Say something, Enter to send", max_len=200,
                                    on_submit=self._send_chat)
        self.add(self.chat_input)
        self.widgets.set_focus(self.chat_input)
        pygame.key.start_text_input()

    def _send_chat(self, text: str) -> None:
        if text.strip():
            try:
                self.session.chat(text.strip())
            except Exception as exc:  # a closed connection must not crash the table
                self.app.toast(f"Chat failed: {exc}", error=True)
        self._close_chat()

    def _close_chat(self) -> None:
        if self.chat_input is not None and self.chat_input in self.widgets.items:
            self.widgets.items.remove(self.chat_input)
        self.chat_input = None
        self.widgets.set_focus(None)

    # ========================================================= update
    def update(self, dt: float) -> None:
        super().update(dt)
        sdt = dt * self.speed
        if hasattr(self.session, "bot_delay") and self.session.bot_delay > 0:
            self.session.bot_delay = 0.7 / self.speed  # follow the animation-speed setting live
        self.wait = max(0.0, self.wait - dt)
        if self.collecting is not None and not any(sp.moving for _, sp in self.trick):
            self.collecting["left"] = float(self.collecting["left"]) - dt
            if self.collecting["left"] <= 0:
                self._sweep()
        self._process_events()
        self._poll()
        self._process_events()
        self._check_hint()
        self._warm_up()
        self._resync_trick()
        for sp in self.hand.values():
            sp.update(sdt)
        for _, sp in self.trick:
            sp.update(sdt)
        for sp in self.flights:
            sp.update(sdt)
        self.flights = [f for f in self.flights if f.moving]
        for p in self.popups:
            p.update(dt)
        self.popups = [p for p in self.popups if p.alive]
        if self.banners:  # a backlog plays faster so an announcement never shows a trick late
            self.banners[0].update(dt * min(3, len(self.banners)))
            if not self.banners[0].alive:
                self.banners.popleft()
        self.bubbles = {s: (t, left - dt) for s, (t, left) in self.bubbles.items() if left - dt > 0}
        self.shown_decl = {s: (c, left - dt) for s, (c, left) in self.shown_decl.items() if left - dt > 0}
        if self.fresh:
            self.fresh = {c: left - dt for c, left in self.fresh.items() if left - dt > 0}
        if self.error:
            self.error = (self.error[0], self.error[1] - dt) if self.error[1] > dt else None
        if self.shake:
            self.shake = (self.shake[0], self.shake[1] - dt) if self.shake[1] > dt else None
        if self.status:
            self.status = (self.status[0], self.status[1] - dt) if self.status[1] > dt else None
        if self.confetti:
            self.confetti.update(dt)
            if not self.confetti.alive:
                self.confetti = None
        mine = self.my_turn() and self.result is None and not self.events
        if mine and self._auto_pass():
            return
        if mine and not self.was_my_turn:
            self.turn_flash = 1.0
            self.app.sounds.play("turn", 0.6)
        self.was_my_turn = mine
        self.turn_flash = max(0.0, self.turn_flash - dt)
        self.turn_age = self.turn_age + dt if mine else 0.0
        self.hud_buttons[0].enabled = self.my_turn() and bool(getattr(self.session, "can_hint", False))
        self.hud_buttons[1].enabled = bool(self.view and self.view.get("last_trick"))

    def _auto_pass(self) -> bool:
        """With the setting on, answer a declaration round we can only pass ("nothing to declare")."""
        v = self.view or {}
        legal = v.get("legal") or []
        if not (self.app.settings.auto_pass_declarations and self._idle() and len(legal) == 1):
            return False
        a = legal[0]
        if not (a.get("type") == "done" or (a.get("type") == "declare" and a.get("call") == "pass")):
            return False
        if str(v.get("phase")) not in ("declaring", "declare", "declarations"):
            return False
        self.bubble(self.me, "Nothing to declare")
        self.submit(a)
        return True

    def is_idle(self) -> bool:
        """Nothing moves while the table waits for us (our move or Continue): the app may stop redrawing."""
        if not (self._idle() or self.result is not None) or self.pending or self.ended:
            return False
        if self.result is None and not (self.my_turn() and self.turn_age > PULSE_SECONDS):
            return False
        if (self.flights or self.popups or self.banners or self.bubbles or self.shown_decl or self.fresh
                or self.error or self.shake or self.status or self.drag or self.confetti or self.turn_flash > 0
                or self.hint_wanted or self.chat_input is not None or self.collecting is not None):
            return False
        if any(sp.moving for sp in self.hand.values()) or any(sp.moving for _, sp in self.trick):
            return False
        return super().is_idle()

    # ========================================================= drawing
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

    def draw(self, surf: pygame.Surface) -> None:
        self.app.cards.budget = 3  # type: ignore[attr-defined]
        try:
            self._draw(surf)
        finally:
            self.app.cards.budget = 1_000_000  # type: ignore[attr-defined]

    def _draw(self, surf: pygame.Surface) -> None:
        if self.lay is not None:
            lay = self.lay
            ring = (int(lay.center[0]), int(lay.center[1]), int(lay.trick_w * 5.2), int(lay.trick_w * 1.4 * 2.6))
            surf.blit(art.table_felt(surf.get_size(), ring), (0, 0))
        else:
            surf.blit(art.felt(surf.get_size(), "table"), (0, 0))
        if self.view is None or self.lay is None:
            ui.blit_center(surf, self.app.fonts.text("Shuffling\u2026", self.app.px(30), ui.TEXT),
                           (surf.get_width() / 2, surf.get_height() / 2))
            self.widgets.draw(surf, self.app)
            return
        self._draw_stock(surf)
        for seat in range(self.players):
            if seat != self.me:
                self._draw_opponent(surf, seat)
        self._draw_hand(surf)
        for _, sp in self.trick:  # after the hand: a card we play flies over our other cards
            sp.draw(surf, self.app.cards)
        for sp in self.flights:
            sp.draw(surf, self.app.cards, shadow=False)
        self._draw_plate(surf, self.me)
        self._draw_hud(surf)
        self._draw_prompt(surf)
        for seat in list(self.bubbles):
            if 0 <= seat < self.players:
                self._draw_bubble(surf, seat)
        if self._dragged is not None:
            ui.blit_center(surf, *self._dragged)
            self._dragged = None
        self._draw_chat(surf)
        under = [b for b in self.hud_buttons if b.visible] if self.result is not None else []
        for b in under:  # the HUD buttons lie under the result panel's veil, dimmed like the rest
            b.draw(surf, self.app)
            b.visible = False
        if self.result is not None:
            self._draw_result(surf)
        for p in self.popups:
            p.draw(surf, self.app.fonts)
        try:
            self.widgets.draw(surf, self.app)
        finally:
            for b in under:
                b.visible = True
        if self.banners:
            bx, by = surf.get_width() / 2, self.lay.center[1] - self.lay.card_w
            if self.result is not None:  # under the result panel: the hands are empty, the HUD pop-ups stay clear
                by = self.result_box.bottom + self.app.px(66)
                if by + self.app.px(56) > surf.get_height():
                    by = self.app.px(120)
            else:  # a free band of the table: off the stock, the trick, the plates, the prompt and our hand
                key = (id(self.banners[0]), self.app.size, bool(self.action_buttons))
                if self._banner_at[0] != key:  # placed once per banner: it does not wander as cards move
                    self._banner_at = (key, self.banner_spot(self.banners[0]))
                bx, by = self._banner_at[1]
            self.banners[0].draw(surf, self.app.fonts, (bx, by), self.app.scale)
        if self.show_last:  # an overlay: over everything on the table, banners included
            self._draw_last_trick(surf)
        self._draw_tips(surf)
        if self.confetti:
            self.confetti.draw(surf, self.app.scale)

    def banner_obstacles(self) -> list[pygame.Rect]:
        """What a banner must not cover: stock and turned cards, trick cards, name plates, fans, the prompt."""
        lay = self.lay
        if lay is None:
            return []
        s = self.app.scale
        out: list[pygame.Rect] = []
        v = self.view or {}
        w = lay.small_w + lay.small_w // 3
        if self._draw_stock_count() or labels.turned_card(v) or labels.bottom_card(v):
            x, y = lay.stock
            out.append(pygame.Rect(int(x - w * 1.8), int(y - w * 0.75), int(w * 3.5), int(w * 1.5 + 26 * s)))
        tw, th = lay.trick_w, lay.trick_w * 1.4
        for _, sp in self.trick:
            out.append(pygame.Rect(int(sp.pos[0] - tw * 0.55), int(sp.pos[1] - th * 0.55), int(tw * 1.1),
                                   int(th * 1.1)))
        for seat in range(self.players):
            out.append(pygame.Rect(layout.plate_rect(lay, seat)))
            spot = lay.spot(seat)
            if seat != self.me and spot.side == "top":
                sw = lay.small_w
                out.append(pygame.Rect(int(spot.hand[0] - sw * 3), int(spot.hand[1] - sw * 0.8), sw * 6,
                                       int(sw * 1.6)))
        if self.action_buttons and self.panel_rect.h:
            out.append(pygame.Rect(self.panel_rect))
        out.extend(self._hud_rects)
        return out

    def banner_spot(self, banner: Banner) -> tuple[float, float]:
        """The banner's centre: the free place nearest the table centre (the least covered if none is free).

        Centred across the window if possible, else shifted sideways; from the
        top of the window down to our hand, never over it.
        """
        lay = self.lay
        assert lay is not None
        sw, _ = self.app.size
        s = self.app.scale
        bw, bh = banner.size(sw, self.app.fonts, s)
        hand_top = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - (lay.card_w * 0.26 if self.card_actions
                                                                             else 0)
        top_limit = self.app.px(20) + bh / 2
        bottom_limit = hand_top - bh / 2 - self.app.px(6)
        obstacles = self.banner_obstacles()
        prefer = (sw / 2, lay.center[1] - lay.card_w)
        room = max(0, (sw - bw) // 2 - self.app.px(8))
        xs = [sw / 2 + d * room * k / 3 for k in range(4) for d in ((1,) if k == 0 else (-1, 1))]
        best: tuple[float, float, float, float] | None = None
        step = max(6, self.app.px(10))
        y = top_limit
        while y <= bottom_limit:
            for x in xs:
                r = pygame.Rect(int(x - bw / 2), int(y - bh / 2), bw, bh)
                cover = 0
                for o in obstacles:
                    c = r.clip(o)
                    cover += c.w * c.h
                far = abs(y - prefer[1]) + abs(x - prefer[0]) * 1.5
                if best is None or (cover, far) < (best[0], best[1]):
                    best = (cover, far, x, y)
            y += step
        return (best[2], best[3]) if best is not None else prefer

    def _draw_stock_count(self) -> int:
        """The stock count shown now (it drops as drawn cards fly, not when the session moves on)."""
        return labels.stock_count(self.view or {}) if self.stock_shown is None else self.stock_shown

    def _draw_stock(self, surf: pygame.Surface) -> None:
        v = self.view or {}
        lay = self.lay
        assert lay is not None
        cards = self.app.cards
        n = self._draw_stock_count()
        turned = labels.turned_card(v)
        bottom = labels.bottom_card(v)
        x, y = lay.stock
        w = lay.small_w + lay.small_w // 3
        s = self.app.scale
        if turned:  # face up beside the stock, fully readable (it decides the bidding)
            img = cards.face(turned, w)  # type: ignore[attr-defined]
            tx = x + (w * 1.12 if n else 0)
            ui.blit_center(surf, img, (tx, y))
            word = "trumps" if labels.trump_suit(v) == turned[1] and turned[0] != "X" else "turned"
            t = self.app.fonts.text(word, int(14 * s), ui.TEXT_DIM)
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
            t = self.app.fonts.text("bottom", int(14 * s), ui.TEXT_DIM)
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
            caption = "shows" if shown else "holds"
            px, py = spot.plate
            s = self.app.scale
            cw = int(sw * 0.85)
            gap = cw * 0.5
            total = cw + (len(lst) - 1) * gap
            if spot.side in ("left", "right"):
                x0, y0 = px - total / 2 + cw / 2, py + cw * 1.4 * 0.5 + 44 * s
            else:
                x0, y0 = px + 84 * s + 20 * s + cw / 2, py
            for i, c in enumerate(lst):
                ui.blit_center(surf, cards.face(c, cw), (x0 + i * gap, y0))  # type: ignore[attr-defined]
            cap = self.app.fonts.text(caption, int(13 * s), ui.TEXT_DIM)
            ui.blit_center(surf, cap, (x0 + (len(lst) - 1) * gap / 2, y0 + cw * 0.7 + 10 * s))

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

    def _draw_plate(self, surf: pygame.Surface, seat: int, count: int | None = None) -> None:
        v = self.view or {}
        lay = self.lay
        assert lay is not None
        s = self.app.scale
        cp = v.get("current_player")
        turn = cp == seat
        dealer = v.get("dealer") == seat
        leader = v.get("leader") == seat and bool(v.get("trick"))
        name = self.names[seat] if seat < len(self.names) else f"Seat {seat}"
        rect = pygame.Rect(layout.plate_rect(lay, seat))
        w = rect.w
        # the glow pulses while a seat thinks, and for our first seconds to move; then it stays steady
        pulse = 0.5 + 0.5 * math.sin(self.time * 5) if not (seat == self.me and self.turn_age > PULSE_SECONDS) else 1.0
        if turn:
            glow = ui.panel(rect.inflate(int(10 * s), int(10 * s)).size, (240, 196, 92, int(60 + 70 * pulse)), None,
                            int(14 * s))
            surf.blit(glow, rect.inflate(int(10 * s), int(10 * s)).topleft)
        surf.blit(ui.panel(rect.size, (10, 24, 18, 225), ui.GOLD if turn else (70, 110, 90), int(12 * s),
                           max(1, int(2 * s))), rect.topleft)
        t = self.app.fonts.text(name, int(19 * s), ui.GOLD if turn else ui.TEXT, "bold")
        if t.get_width() > w - 40 * s:
            t = self.app.fonts.text(name[:12], int(17 * s), ui.GOLD if turn else ui.TEXT, "bold")
        surf.blit(t, (rect.x + int(12 * s), rect.y + int(5 * s)))
        info = []
        tw = v.get("tricks_won")
        if isinstance(tw, list) and seat < len(tw) and v.get("phase") not in ("deal",):
            info.append(labels.count_text(int(tw[seat]) + self.trick_bonus.get(seat, 0), "trick"))
        if count is not None:
            info.append(labels.count_text(count, "card"))
        it = self.app.fonts.text("  \u2022  ".join(info), int(14 * s), ui.TEXT_DIM)
        surf.blit(it, (rect.x + int(12 * s), rect.bottom - it.get_height() - int(5 * s)))
        # badges: contract maker, dealer, leader
        c = v.get("contract")
        maker = c.get("maker", c.get("declarer", c.get("bidder"))) if isinstance(c, dict) else None
        bx = rect.right - int(14 * s)
        if maker == seat:
            trump = labels.trump_suit(v)
            sym = ui.SUIT_SYMBOL[trump] if trump else "\u2605"
            pygame.draw.circle(surf, (250, 240, 214), (bx, rect.y + int(14 * s)), int(11 * s))
            pygame.draw.circle(surf, ui.GOLD, (bx, rect.y + int(14 * s)), int(11 * s), max(1, int(2 * s)))
            ink = ui.suit_color(trump, self.app.settings.card_style == "four_colour") if trump else (120, 90, 20)
            ui.blit_center(surf, self.app.fonts.text(sym, int(15 * s), ink, "bold"), (bx, rect.y + int(14 * s)))
            bx -= int(26 * s)
        for flag, letter, col in ((dealer, "D", (90, 160, 230)), (leader, "L", (230, 150, 60))):
            if flag:
                pygame.draw.circle(surf, col, (bx, rect.y + int(14 * s)), int(10 * s))
                ui.blit_center(surf, self.app.fonts.text(letter, int(13 * s), (10, 10, 10), "bold"),
                               (bx, rect.y + int(14 * s)))
                bx -= int(24 * s)
        if turn and seat != self.me and v.get("phase") not in ("deal", "over"):
            dots = "\u2022" * (1 + int(self.time * 3) % 3)
            th = self.app.fonts.text("thinking " + dots, int(14 * s), ui.GOLD)
            surf.blit(th, (rect.right - int(96 * s), rect.bottom + int(2 * s)))

    def _draw_bubble(self, surf: pygame.Surface, seat: int) -> None:
        """``seat``'s speech bubble (its last call), drawn over the prompt panel."""
        lay = self.lay
        assert lay is not None
        s = self.app.scale
        spot = lay.spot(seat)
        rect = pygame.Rect(layout.plate_rect(lay, seat))
        b = self.bubbles.get(seat)
        if b and seat == self.me and self.my_turn():
            b = None  # our own last call gives way to the prompt while we decide again
        if b:
            text, left = b
            bt = self.app.fonts.text(text, int(18 * s), (20, 16, 8), "bold")
            br = bt.get_rect()
            br.inflate_ip(int(22 * s), int(12 * s))
            centred = abs(rect.centerx - surf.get_width() / 2) < 2
            if spot.side == "top" and not centred:  # five players: under the plate, on its outer edge
                if rect.centerx > surf.get_width() // 2:
                    br.topright = (rect.right, rect.bottom + int(22 * s))
                else:
                    br.topleft = (rect.left, rect.bottom + int(22 * s))
            elif spot.side == "top":  # beside the plate: below it is where this seat's trick card lands
                if rect.centerx > surf.get_width() // 2 + 1:
                    br.midleft = (rect.right + int(12 * s), rect.centery)
                else:
                    br.midright = (rect.left - int(12 * s), rect.centery)
            elif spot.side == "left":
                br.midleft = (rect.right + int(12 * s), rect.centery)
            elif spot.side == "right":
                br.midright = (rect.left - int(12 * s), rect.centery)
            else:  # our own call: centred above the hand, where the prompt shows on our turn
                hand_top = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5
                br.center = (surf.get_width() // 2, int(hand_top - lay.card_w * 0.55))
            br.clamp_ip(surf.get_rect())
            alpha = int(255 * min(1.0, left / 0.3))
            bub = ui.panel(br.size, (250, 240, 214, alpha), ui.GOLD_DARK, int(10 * s), 2)
            surf.blit(bub, br.topleft)
            bt.set_alpha(alpha)
            ui.blit_center(surf, bt, br.center)
            bt.set_alpha(None)

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
            if sp is None or (sp.delay > 0 and sp.t == 0.0):
                continue
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

    def _draw_hud(self, surf: pygame.Surface) -> None:
        v = self.view or {}
        s = self.app.scale
        fonts = self.app.fonts
        sides = v.get("sides") or [[i] for i in range(self.players)]
        rows = len(sides)
        w = int(300 * s)
        h = int(52 * s + rows * 34 * s)
        x, y = int(14 * s), int(14 * s)
        surf.blit(ui.panel((w, h), ui.PANEL, ui.PANEL_BORDER, int(12 * s), max(1, int(2 * s))), (x, y))
        self._hud_rects = [pygame.Rect(x, y, w, h)]
        game = core.GAMES.get(str(v.get("game")))
        title = game.title if game else str(v.get("game", "")).capitalize()
        target = v.get("target") or (v.get("options") or {}).get("target_score")
        head = f"{title}  \u2022  to {target}" if target else title
        surf.blit(fonts.text(head, int(17 * s), ui.GOLD, "bold"), (x + int(12 * s), y + int(10 * s)))
        for i, seats in enumerate(sides):
            yy = y + int(44 * s) + i * int(34 * s)
            me = self.me in seats
            name = self.side_name(i)
            col: tuple[int, int, int] = ui.TEXT if not me else (255, 236, 180)
            nt = fonts.text(name, int(17 * s), col, "bold" if me else "sans")
            if nt.get_width() > w * 0.62:
                nt = fonts.text(name[:18] + "\u2026", int(15 * s), col)
            surf.blit(nt, (x + int(12 * s), yy))
            score = self.shown_scores[i] if i < len(self.shown_scores) else 0
            st = fonts.text(str(score), int(22 * s), col, "bold")
            surf.blit(st, (x + w - st.get_width() - int(14 * s), yy - int(3 * s)))
        # contract / trump panel, top right
        cw = int(270 * s)
        cx = surf.get_width() - cw - int(14 * s)
        trump = labels.trump_suit(v)
        ctext = labels.contract_text(v, self.names)
        phase = str(v.get("phase", ""))
        deal_no, phase_word = self._deal_line(v)
        lines = [f"Deal {deal_no}  \u2022  {phase_word}"]
        if ctext:
            lines.append(ctext)
        elif trump:
            lines.append(f"Trumps: {ui.SUIT_SYMBOL[trump]} {ui.SUIT_NAME[trump]}")
        elif labels.turned_card(v) and phase in ("bidding", "schmeiss", "naming"):
            lines.append(f"Turned: {labels.card_text(labels.turned_card(v) or '')}")
        elif phase == "bidding":
            high = self._high_bid()
            if high:
                lines.append(high)
        ch = int(64 * s + 26 * s * (len(lines) - 1))
        surf.blit(ui.panel((cw, ch), ui.PANEL, ui.PANEL_BORDER, int(12 * s), max(1, int(2 * s))), (cx, y))
        yy = y + int(10 * s)
        for i, line in enumerate(lines):
            t = fonts.text(line, int(17 * s) if i else int(15 * s), ui.TEXT if i else ui.TEXT_DIM,
                           "bold" if i else "sans")
            if t.get_width() > cw - int(80 * s):
                t = fonts.text(line, int(14 * s), ui.TEXT)
            surf.blit(t, (cx + int(12 * s), yy))
            yy += int(26 * s)
        big = "\u2205"
        col = ui.TEXT_DIM
        if trump:
            big = ui.SUIT_SYMBOL[trump]
            col = ui.suit_color(trump, self.app.settings.card_style == "four_colour", on_dark=True)
        elif labels.all_trumps(v):
            big, col = "AT", ui.GOLD
        elif labels.no_trumps(v):
            big, col = "NT", ui.GOLD
        bt = fonts.text(big, int(40 * s), col, "bold")
        ui.blit_center(surf, bt, (cx + cw - int(34 * s), y + ch / 2))
        legend = fonts.text("D dealer  \u2022  L leads the trick  \u2022  suit badge: contract", int(13 * s),
                            ui.TEXT_DIM)
        surf.blit(legend, (cx + cw - legend.get_width(), y + ch + int(6 * s)))
        self._hud_rects.append(pygame.Rect(min(cx, cx + cw - legend.get_width()), y, max(cw, legend.get_width()),
                                           ch + int(6 * s) + legend.get_height()))
        if self.status:
            t = fonts.text(self.status[0], int(16 * s), ui.TEXT)
            surf.blit(t, (x, y + h + int(8 * s)))

    def _deal_line(self, v: dict[str, Any]) -> tuple[int, str]:
        """The deal number and phase words of the HUD, in step with what is shown.

        While a deal's result is on screen (or the match is over) it is that
        deal, "deal over": never the next deal's number or "dealing".
        """
        played = len(v.get("deals") or [])
        if self.result is not None:
            d = self.result.get("deal")
            return (d if isinstance(d, int) else max(1, played)), "deal over"
        if v.get("match_over"):
            return max(1, played), "match over"
        phase = str(v.get("phase", ""))
        deal_no = v.get("deal_number")
        return (deal_no if isinstance(deal_no, int) else played + 1), PHASE_WORDS.get(phase, phase.replace("_", " "))

    def _high_bid(self) -> str:
        """The standing bid of the auction (Belote, Pitch) in words, or ''."""
        bids = [b for b in (self.view or {}).get("bids") or [] if isinstance(b, dict)]
        doubled = ""
        for b in reversed(bids):
            call = str(b.get("call"))
            if call in ("double", "redouble"):
                doubled = doubled or (" doubled" if call == "double" else " redoubled")
                continue
            if call in ("pass", "schmeiss", "annul", "play", "take"):
                continue
            seat = b.get("seat")
            who = self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"
            return f"High bid: {labels.call_text(call)}{doubled} ({who})"
        return ""

    def _bid_history(self) -> str:
        """The auction so far (last calls), while we are to bid."""
        v = self.view or {}
        if not any(a.get("type") == "bid" for a in v.get("legal", [])):
            return ""
        bids = [b for b in v.get("bids") or [] if isinstance(b, dict) and isinstance(b.get("seat"), int)]
        if not bids:
            return ""
        parts = [f"{self.names[b['seat']] if b['seat'] < len(self.names) else b['seat']}: "
                 f"{labels.call_text(str(b.get('call')), None)}" for b in bids[-5:]]
        return ("\u2026  " if len(bids) > 5 else "") + "   \u2022   ".join(parts)

    def _panel_max_width(self) -> int:
        """The widest the prompt panel may be without covering the side seats' name plates."""
        w = self.app.size[0]
        s = self.app.scale
        half = w * 0.43
        if self.lay is not None:
            for seat in range(self.players):
                side = self.lay.spot(seat).side
                x, _, pw, _ = layout.plate_rect(self.lay, seat)
                if side == "left":
                    half = min(half, w / 2 - (x + pw) - 16 * s)
                elif side == "right":
                    half = min(half, x - w / 2 - 16 * s)
        return int(max(half, 240 * s) * 2)

    def _help_text(self) -> str:
        """The prompt's explanation line (empty while choosing an announcement or when not our turn)."""
        if self.result is not None or not self.my_turn() or self.choice is not None or self.view is None:
            return ""
        return labels.prompt_help(self.view)

    def _prompt_text(self) -> str:
        v = self.view or {}
        if self.result is not None or not self.my_turn():
            return ""
        types = {a.get("type") for a in v.get("legal", [])}
        phase = str(v.get("phase", ""))
        if self.choice is not None:
            return f"Announce with {labels.card_text(self.choice[0])}?"
        if "bid" in types:
            if phase == "schmeiss":
                return "Schmeiss! Annul the deal, or play it?"
            if phase == "naming":
                return "Name the trump suit"
            return "Your call"
        if "trump" in types:
            return "Name trumps"
        if "break" in types:
            return "Break the deck: how many cards go from the top to the bottom?"
        if "exchange" in types and "play" in types:
            return "Swap your seven of trumps first, or just play a card"
        if "exchange" in types or ("keep" in types and phase == "exchange"):
            return "Exchange the seven of trumps for the turned card?"
        if phase == "remainder":
            return "The rest of the stock: keep it, or give it to your partner?"
        if "discard" in types:
            return "You hold too many trumps: burn one (click a card)"
        if phase == "call":
            return "Call your partner: name a trump you do not hold"
        if "declare" in types or ("done" in types and "play" not in types):
            if "play" in types:
                return "Announce before you play, or just play a card"
            return "Declarations"
        if "play" in types:
            lead = not v.get("trick")
            return "Your lead \u2014 play any card" if lead else "Your turn \u2014 play a card"
        return "Your move"

    def _draw_prompt(self, surf: pygame.Surface) -> None:
        text = self._prompt_text()
        s = self.app.scale
        lay = self.lay
        assert lay is not None
        if self.action_buttons and self.result is None:
            r = self.panel_rect
            surf.blit(ui.panel(r.size, (8, 20, 14, 238), ui.PANEL_BORDER, int(14 * s), max(1, int(2 * s))), r.topleft)
            if text:
                t = self.app.fonts.text(text, int(20 * s), ui.GOLD, "bold")
                ui.blit_center(surf, t, (r.centerx, r.y + int(22 * s)))
            history = self._bid_history()
            y: float = r.y + int(48 * s)
            for line in self.help_lines if self._help_text() else []:
                ht = self.app.fonts.text(line, int(15 * s), (200, 216, 200))
                ui.blit_center(surf, ht, (r.centerx, y))
                y += int(21 * s)
            if self.help_lines:
                y += int(4 * s)
            if history:
                ht = self.app.fonts.text(history, int(16 * s), ui.TEXT_DIM)
                ui.blit_center(surf, ht, (r.centerx, y))
        elif text and not self.error:
            k = self.turn_flash
            color = ui.GOLD
            px = int(22 * s * (1 + 0.25 * ui.ease_out_cubic(k)))
            t = self.app.fonts.shadowed(text, px, color, "bold")
            y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
            ui.blit_center(surf, t, (surf.get_width() / 2, y))
        if self.error:
            text, left = self.error
            t = self.app.fonts.text(text, int(20 * s), (255, 255, 255), "bold")
            prompt_y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
            r = t.get_rect(center=(surf.get_width() // 2, int(prompt_y)))  # in place of the prompt line
            if self.action_buttons:
                r.centery = self.panel_rect.y - int(26 * s)
            bg = r.inflate(int(26 * s), int(14 * s))
            alpha = int(230 * min(1.0, left / 0.3))
            surf.blit(ui.panel(bg.size, (170, 30, 34, alpha), (255, 160, 140), int(10 * s), 2), bg.topleft)
            surf.blit(t, r)
        if self.hint and self.result is None:
            a, why = self.hint
            msg = f"Hint: {labels.action_text(a, self.view)}" + (f" \u2014 {why}" if why else "")
            t = self.app.fonts.text(msg, int(17 * s), (170, 230, 255), "bold")
            prompt_y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
            y = (self.panel_rect.y - int(66 * s)) if self.action_buttons else int(prompt_y - 42 * s)
            r = t.get_rect(center=(surf.get_width() // 2, y))
            bg = r.inflate(int(22 * s), int(10 * s))
            surf.blit(ui.panel(bg.size, (10, 30, 44, 220), (120, 200, 240), int(8 * s), 1), bg.topleft)
            surf.blit(t, r)

    def _draw_last_trick(self, surf: pygame.Surface) -> None:
        v = self.view or {}
        lt = v.get("last_trick")
        if not isinstance(lt, dict):
            return
        s = self.app.scale
        cards_raw = lt.get("cards") or []
        seats = lt.get("seats")
        leader = lt.get("leader")
        entries: list[tuple[int | None, str]] = []
        for i, c in enumerate(cards_raw):
            if isinstance(c, dict):
                entries.append((c.get("seat"), str(c.get("card"))))
            elif isinstance(seats, list) and i < len(seats):
                entries.append((seats[i], str(c)))
            elif isinstance(leader, int):
                entries.append(((leader + i) % max(1, self.players), str(c)))
            else:
                entries.append((None, str(c)))
        cw = int(self.lay.trick_w if self.lay else 90)
        winner = lt.get("winner")
        head = "Last trick" + (f" \u2014 won by {self.names[winner]}" if isinstance(winner, int) else "")
        head_img = self.app.fonts.text(head, int(20 * s), ui.GOLD, "bold")
        w = int(max(len(entries) * cw * 1.15 + 60 * s, head_img.get_width() + 48 * s))
        h = int(cw * 1.4 + 110 * s)
        r = pygame.Rect(0, 0, w, h)
        r.center = (surf.get_width() // 2, int(surf.get_height() * 0.42))
        self.app.dim(surf, 150)
        surf.blit(ui.panel(r.size, ui.PANEL_SOLID, ui.PANEL_BORDER, int(14 * s), 2), r.topleft)  # opaque
        ui.blit_center(surf, head_img, (r.centerx, r.y + int(24 * s)))
        x = r.centerx - (len(entries) - 1) * cw * 1.15 / 2
        for seat, c in entries:
            ui.blit_center(surf, self.app.cards.face(c, cw), (x, r.y + int(50 * s) + cw * 0.7))  # type: ignore
            if isinstance(seat, int) and seat < len(self.names):
                col = ui.GOLD if seat == winner else ui.TEXT_DIM
                ui.blit_center(surf, self.app.fonts.text(self.names[seat], int(15 * s), col),
                               (x, r.bottom - int(22 * s)))
            x += cw * 1.15

    def _draw_chat(self, surf: pygame.Surface) -> None:
        log_fn = getattr(self.session, "chat_log", None)
        if log_fn is None:
            return
        try:
            log = list(log_fn())[-6:]
        except Exception:  # never let the overlay crash the table
            return
        s = self.app.scale
        y = self.app.size[1] - int(210 * s)
        for name, text in log:
            t = self.app.fonts.text(f"{name}: {text}"[:80], int(15 * s), ui.TEXT)
            surf.blit(ui.panel((t.get_width() + int(12 * s), t.get_height() + int(4 * s)), (0, 0, 0, 120), None,
                               int(6 * s)), (int(14 * s), y - int(2 * s)))
            surf.blit(t, (int(20 * s), y))
            y += t.get_height() + int(6 * s)
        if not log and hasattr(self.session, "chat"):
            t = self.app.fonts.text("T to chat", int(14 * s), ui.TEXT_DIM)
            surf.blit(t, (int(14 * s), y))

    def _draw_result(self, surf: pygame.Surface) -> None:
        r = self.result or {}
        s = self.app.scale
        fonts = self.app.fonts
        self.app.dim(surf, 120)
        sides = (self.view or {}).get("sides") or [[i] for i in range(self.players)]
        w = int(min(surf.get_width() * 0.9, (380 + 130 * len(sides)) * s))
        rows: list[tuple[str, list[Any]]] = []
        for key, label in (("card_points", "Card points"), ("declarations", "Declarations"), ("bella", "Bella"),
                           ("belotes", "Belote"), ("awarded", "Scored this deal"), ("scores", "Total")):
            val = r.get(key)
            if isinstance(val, list) and len(val) == len(sides) and all(isinstance(x, int) for x in val):
                if key in ("bella", "belotes", "declarations") and not any(val):
                    continue
                if key == "card_points" and (self.view or {}).get("game") == "pitch":
                    label = "Points taken"
                rows.append((label, val))
        side_names = [self.side_name(i) for i in range(len(sides))]
        notes = " ".join(x for x in (self._result_reason(r), deal_notes(r, self.names, side_names, decl_column=True))
                         if x)
        note_lines = fonts.wrap(notes, int(16 * s), w - int(60 * s)) if notes else []
        h = int(150 * s + 36 * s * len(rows) + 80 * s + 22 * s * len(note_lines))
        box = pygame.Rect(0, 0, w, h)
        box.center = (surf.get_width() // 2, int(surf.get_height() * 0.5))
        self.result_box = box
        surf.blit(ui.panel(box.size, ui.PANEL, ui.PANEL_BORDER, int(16 * s), max(2, int(3 * s))), box.topleft)
        title = f"Deal {r.get('deal', '')}: {self._outcome_words(r)}"
        tt = fonts.text(title, int(30 * s), ui.GOLD, "serif")
        if tt.get_width() > box.w - int(40 * s):
            tt = fonts.text(title, int(24 * s), ui.GOLD, "serif")
        ui.blit_center(surf, tt, (box.centerx, box.y + int(36 * s)))
        sub = contract_of(r, self.names)
        mult = r.get("multiplier")
        if sub and isinstance(mult, int) and mult > 1:
            sub += "  \u2022  doubled" if mult == 2 else "  \u2022  redoubled"
        if sub:
            ui.blit_center(surf, fonts.text(sub, int(18 * s), ui.TEXT_DIM), (box.centerx, box.y + int(70 * s)))
        col0 = box.x + int(28 * s)
        colw = (box.w - int(260 * s)) / max(1, len(sides))
        y = box.y + int(104 * s)
        for i in range(len(sides)):
            name = self.side_name(i)
            t = fonts.text(name if len(name) < 16 else name[:15] + "\u2026", int(17 * s), ui.GOLD, "bold")
            ui.blit_center(surf, t, (box.x + int(240 * s) + colw * (i + 0.5), y))
        y += int(36 * s)
        for label, vals in rows:
            bold = label in ("Total", "Scored this deal")
            surf.blit(fonts.text(label, int(18 * s), ui.TEXT, "bold" if bold else "sans"), (col0, y - int(11 * s)))
            for i, val in enumerate(vals):
                ui.blit_center(surf, fonts.text(str(val), int(19 * s), ui.TEXT, "bold" if bold else "sans"),
                               (box.x + int(240 * s) + colw * (i + 0.5), y))
            y += int(36 * s)
        for line in note_lines:  # declarations, bella, pots, penalties: what made the numbers
            ui.blit_center(surf, fonts.text(line, int(16 * s), ui.TEXT_DIM), (box.centerx, y))
            y += int(22 * s)
        if self.result_button is not None:
            self.result_button.rect.midtop = (box.centerx, box.bottom - int(66 * s))

    def _draw_tips(self, surf: pygame.Surface) -> None:
        if not self.app.settings.show_hover_reasons or self.hover_card is None or self.result is not None:
            return
        if not (self.my_turn() and self.card_actions) or self.hover_card in self.card_actions:
            return
        sp = self.hand.get(self.hover_card)
        if sp is None or self.lay is None:
            return
        reason = self.reason(self.hover_card)
        if reason:
            r = pygame.Rect(0, 0, self.lay.card_w, int(self.lay.card_w * 1.4))
            r.center = (int(sp.pos[0]), int(sp.pos[1]))
            draw_tooltip(surf, self.app, reason, r)


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
