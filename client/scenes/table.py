"""The card table: the scene where a match is played, for any game and any session.

The scene knows the engine only through the session's views, legal actions
(JSON) and events.  Card clicks map to the legal actions naming that card
(``play``, a one-card ``discard``); every other legal action becomes a button
(bids, trump naming, exchange, declarations, breaking the deck...).  Events
drive the animations; the session is polled again only once the animations
of the previous step are done, so every move is seen.

The scene is built from parts: ``table_state`` (the shared attributes),
``table_sprites`` (cards in motion: hand, trick, stock, fans, flights,
banners; events become animations there), ``table_hud`` (scores, plates,
bubbles, prompts, overlays and the result panel) and this module (the
session and its presentation queue, actions, input, the frame).

Keys: Left/Right choose a card, Enter plays it (or presses the focused
button), 1-9 press the n-th action button, H hint, L last trick, S score
sheet, T chat (LAN), Esc pause menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

import core
from client import art, labels, layout, recording, savegame, ui, undo
from client.anim import Confetti, Popup
from client.i18n import N_, _
from client.reasons import render
from client.scenes.table_hud import PULSE_SECONDS, TableHud
from client.scenes.table_sprites import TableSprites
from client.session import clockwise, seat_label
from client.widgets import Button, TextInput

ADOPT_FIRST = frozenset({"dealt", "deal_scored", "match_over", "thrown_in"})
"""Events shown with the new view already in place (a new deal, a deal's result, the match's end)."""
# TRANSLATORS: the banner over the table when a deal ends this way (game terms: bête, hung, bide, inside).
OUTCOME_BANNER = {"bete": N_("B\u00eate!"), "failed": N_("Contract failed"), "set": N_("Set!"), "hung": N_("Hung!"),
                  "tie": N_("Tie \u2014 points hang"), "moon_made": N_("Shot the moon!"),
                  "moon_failed": N_("Moon failed"), "bide": N_("Bide!"), "inside": N_("Inside!"),
                  "annulled": N_("Deal annulled")}
"""Outcome banners in English (marked for translation)."""
HUD_BUTTONS = (N_("Hint (H)"), N_("Last trick (L)"), N_("Scores (S)"), N_("Menu (Esc)"))
"""The table's side buttons in English (marked for translation); the letter in brackets is the key."""


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


class TableScene(TableSprites, TableHud):
    """Plays one match through ``session`` (LocalSession or a remote one)."""


    # ================================================================ life
    def enter(self) -> None:
        super().enter()
        self._poll(force=True)

    def leave(self) -> None:
        self._autosave()
        recording.report(self.app, self.session, finished_only=True)  # left before the end was shown
        self.session.close()

    def _autosave(self) -> None:
        if self.view is None or not hasattr(self.session, "to_save"):
            return
        if self.view.get("match_over"):
            savegame.delete_save()
            return
        data = self.session.to_save()
        err = savegame.write_save(data["record"], data["seat"], data["levels"], data["seed"], data.get("undos", 0))
        if err:
            self.app.toast(err, error=True)


    def layout(self) -> None:
        w, h = self.app.size
        if self.players:
            self.lay = layout.compute(w, h, self.players, self.me, self.cw)
            self._place_hand(snap=True)
        s = self.app.scale
        hud_font = self.app.fonts.font(int(15 * s), "bold")  # wide enough for the labels, within reason
        bw = int(min(200 * s, max([118 * s] + [hud_font.size(_(t))[0] + 28 * s for t in HUD_BUTTONS])))
        bh = int(40 * s)
        x = w - bw - int(14 * s)
        y = h - (bh + int(8 * s)) * 4 - int(6 * s)
        self.hud_buttons = []
        fns = (self.request_hint, self.toggle_last, self.open_scores, self.open_pause)
        if self.players and not getattr(self.session, "seat_names", None):
            self.names = self._default_names()  # "You" in the current language
        for text, fn in zip(HUD_BUTTONS, fns, strict=True):
            b = Button(_(text), fn, pygame.Rect(x, y, bw, bh), hotkey=None, px=int(15 * s))
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
        return self._settled() and self.result is None and not self.ended

    def _poll(self, force: bool = False) -> None:
        """Fetch updates (always when ``force``, else only when idle) and show the next one in order.

        Updates wait in ``pending`` until the previous one's animations (and
        any result panel) are done, so a fast peer never skips what we show.
        """
        if force or (not self.pending and self._idle()):
            for u in self.session.poll():
                if u.error:
                    self.show_error(render(u.error))
                if u.status:
                    self.status = (render(u.status), 6.0)
                    self.app.toast(self.status[0])
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
        self.adoptions += 1
        self.trick_bonus.clear()
        self.hand_delta.clear()
        self.stock_shown = None
        self.turned_shown = None
        if view is not None:
            self._adopt(view, [])

    def _adopt(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        first = self.view is None
        old = self.view
        resumed = False
        self.held_legal = None
        if first:
            events, resumed = opening_events(events)
        self.view = view
        self.cw = clockwise(str(view.get("game")))
        if first or view.get("players") != self.players:
            self.players = int(view["players"])
            names = getattr(self.session, "seat_names", None)
            self.names = list(names) if names else self._default_names()
            self.lay = layout.compute(*self.app.size, self.players, self.me, self.cw)
            self.shown_scores = list(view.get("scores", []))
            self.deal_count = len(view.get("deals", []))
        self.events.extend(events)
        if not any(e.get("type") == "deal_scored" for e in self.events):
            self.shown_scores = list(view.get("scores", []))
        if self.events and view.get("legal"):  # the deal's cards are still to fly in: ask once they have
            self.held_legal = list(view["legal"])
            self.view = view = {**view, "legal": []}
        self._deal_counts_follow(old, view)
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

    def _deal_counts_follow(self, old: dict[str, Any] | None, view: dict[str, Any]) -> None:
        """The other seats' fans show only the cards already seen arriving: each queued ``dealt`` event adds
        its seat's cards as their backs land (the view adopted at the deal's start already counts them all)."""
        sizes = view.get("hand_sizes") or []
        same_deal = old is not None and len(old.get("deals") or []) == len(view.get("deals") or [])
        before = (old or {}).get("hand_sizes") or [] if same_deal else []
        for e in self.events:
            seat = e.get("seat")
            if (e.get("type") != "dealt" or not isinstance(seat, int) or seat == self.me
                    or not 0 <= seat < len(sizes) or seat in self.hand_delta):
                continue
            had = int(before[seat]) if seat < len(before) else 0
            self.hand_delta[seat] = min(0, had - int(sizes[seat]))

    def _release_legal(self) -> None:
        """The events before our turn have played: offer the actions held back."""
        if self.held_legal is not None and self.view is not None:
            self.view = {**self.view, "legal": self.held_legal}
            self.held_legal = None
            self._rebuild_actions()

    def _default_names(self) -> list[str]:
        """Seat names when the session has none: "You" and the seats' places."""
        return [_("You") if s == self.me else seat_label(s, self.me, self.players, self.cw)
                for s in range(self.players)]

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
        card_buttons = len(acts) > 3 and all(str(a.get("call", "")).startswith("partner:") for a in acts)
        if card_buttons:
            texts = [labels.card_text(str(a["call"]).split(":", 1)[1]) for a in acts]  # the title says "partner"
        px = int(19 * s)
        bh = int(44 * s)
        widths = [max(int(110 * s), self.app.fonts.font(px, "bold").size(t)[0] + int(34 * s)) for t in texts]
        if self.choice is not None:
            texts.append(_("Cancel"))
            widths.append(int(120 * s))
            acts = [*acts, {"type": "_cancel"}]
        gap = int(10 * s)
        numeric = all(t.isdigit() for t, a in zip(texts, acts, strict=False) if a.get("type") != "_cancel"
                      and a.get("call") not in ("pass", "moon"))
        show_numbers = not numeric and len(acts) > 1 and not card_buttons  # "8  9♠" would read as two cards
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
            self.show_error(_("It is not your turn yet."))
            return
        acts = self.card_actions.get(card)
        if not acts:
            if self.card_actions:
                self.shake = (card, 0.4)
                why = self.reason(card)
                if why is not None:
                    # TRANSLATORS: {reason} is the rules' reason (a sentence of its own).
                    self.show_error(_("Can't play {card}: {reason}").format(card=labels.card_text(card), reason=why))
                else:  # no dry run here (a network session): the host's engine refuses it with the reason
                    self.session.submit(self._card_action(card))
                    self._poll(force=True)
            else:
                self.show_error(_("Choose one of the options above first."))
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
                    text = explain(self._card_action(card)) or _("Not playable now.")
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
            self.app.toast(_("Hints are for your turn."))
            return
        if not getattr(self.session, "can_hint", False):
            self.app.toast(_("Hints are not available in this match."))
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
            self.app.toast(_("No trick has been played yet this deal."))
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


    # ========================================================= trick


    # ========================================================= events
    def _process_events(self) -> None:
        """Play queued events in order; adopt the staged view when they are done (or before a new deal/result).

        An announcement waiting behind another holds the events after it: nothing that happened later shows
        before it does (a discard's bubble before the trumps' banner).
        """
        while self.wait <= 0 and self.result is None and self.collecting is None and len(self.banners) <= 1:
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
                self._release_legal()
                break


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
                    self.popups.append(Popup(f"{pts:+d}", self._score_pos(side),  # a set side loses: "-7"
                                             ui.GOLD if pts > 0 else (240, 130, 110), int(30 * self.app.scale),
                                             life=2.2))
        outcome = str(r.get("outcome", ""))
        capot = r.get("capot", r.get("capot_side"))
        if capot is not None and capot is not False:  # a side index (0 is a side!) or True
            who = self.side_name(capot) if isinstance(capot, int) and not isinstance(capot, bool) else ""
            # TRANSLATORS: Capot: one side took every trick of the deal.
            self.banner(_("Capot!"), _("{side} took every trick").format(side=who) if who else _("every trick taken"))
        elif outcome in OUTCOME_BANNER:
            self.banner(_(OUTCOME_BANNER[outcome]))
        self.app.sounds.play("score")
        del old, v
        s = self.app.scale
        w, h = self.app.size
        bw = int(220 * s)
        self.result_button = Button(_("Continue (Enter)"), self._continue,
                                    pygame.Rect(w // 2 - bw // 2, int(h * 0.5 + 150 * s), bw, int(50 * s)),
                                    primary=True, hotkey=pygame.K_RETURN)
        self.add(self.result_button)
        self.widgets.set_focus(self.result_button)
        self._autosave()


    def _continue(self) -> None:
        if self.result_button in self.widgets.items:
            self.widgets.items.remove(self.result_button)
        self.widgets.set_focus(None)
        self.result_button = None
        self.result = None
        self.trick = []
        self.bubbles.clear()
        self.shown_decl.clear()
        for popup in self.popups:  # the finished deal's points and outcome make way for the next deal
            popup.hurry()
        for banner in self.banners:
            banner.hurry()
        self.actions_key = ()
        self._rebuild_actions()
        self._poll(force=False)

    def _end_match(self, e: dict[str, Any]) -> None:
        self.ended = True
        self.banners.clear()
        self.popups.clear()
        self.bubbles.clear()
        savegame.delete_save()
        recording.report(self.app, self.session)
        winner = e.get("winner")
        sides = (self.view or {}).get("sides") or [[s] for s in range(self.players)]
        won = isinstance(winner, int) and winner < len(sides) and self.me in sides[winner]
        if won:
            self.confetti = Confetti(*self.app.size, seed=7)
            self.app.sounds.play("win")
        else:
            self.app.sounds.play("lose")
        self.app.push(self.app.make("endmatch", self, won))


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
        if k == pygame.K_u and undo.on_key(self.app, self):
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
                                    placeholder=_("Say something, Enter to send"), max_len=200,
                                    on_submit=self._send_chat)
        self.add(self.chat_input)
        self.widgets.set_focus(self.chat_input)
        pygame.key.start_text_input()

    def _send_chat(self, text: str) -> None:
        if text.strip():
            try:
                self.session.chat(text.strip())
            except Exception as exc:  # a closed connection must not crash the table
                self.app.toast(_("Chat failed: {error}").format(error=exc), error=True)
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
        if self.collecting is not None and not any(sp.moving for _seat, sp in self.trick):
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
        for _seat, sp in self.trick:
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
        self.bubble(self.me, _("Nothing to declare"))
        self.submit(a)
        return True

    def is_idle(self) -> bool:
        """Nothing moves while the table waits for us (our move or Continue): the app may stop redrawing."""
        if not (self._idle() or self.result is not None) or self.pending or self.ended:
            return False
        if self.result is None and not (self.my_turn() and self.turn_age > PULSE_SECONDS):
            return False
        if self.collecting is not None or self._animating():
            return False
        return not self._news()

    def is_still(self) -> bool:
        """A finished trick waiting out its pause with nothing moving looks the same every frame: the app
        keeps the table's clock running (the pause must end on time) but need not draw it again."""
        if self.collecting is None:
            return False
        if self.pending or self.ended or self.result is not None or self._animating():
            return False
        if self.my_turn() and self.turn_age <= PULSE_SECONDS:
            return False
        return not self._news()

    def _animating(self) -> bool:
        """Something on the table moves, fades or waits for an answer (cards, bubbles, banners, widgets...)."""
        if (self.flights or self.popups or self.banners or self.bubbles or self.shown_decl or self.fresh
                or self.error or self.shake or self.status or self.drag or self.confetti or self.turn_flash > 0
                or self.hint_wanted or self.chat_input is not None):
            return True
        if any(sp.moving for sp in self.hand.values()) or any(sp.moving for _seat, sp in self.trick):
            return True
        return any(w.animating for w in self.widgets.items if w.visible)

    def _news(self) -> bool:
        """A chat line arrived from the network since the last look (it must be drawn)."""
        log_fn = getattr(self.session, "chat_log", None)
        if log_fn is not None:  # a chat line from the network is news: draw it
            try:
                seen = len(list(log_fn()))
            except Exception:  # a closed connection: nothing new to show
                seen = self._chat_seen
            if seen != self._chat_seen:
                self._chat_seen = seen
                return True
        return False

    # ========================================================= drawing

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
            ui.blit_center(surf, self.app.fonts.text(_("Shuffling\u2026"), self.app.px(30), ui.TEXT),
                           (surf.get_width() / 2, surf.get_height() / 2))
            self.widgets.draw(surf, self.app)
            return
        self.place_stock()
        self._draw_stock(surf)
        for seat in range(self.players):
            if seat != self.me:
                self._draw_opponent(surf, seat)
        self._draw_hand(surf)
        for _seat, sp in self.trick:  # after the hand: a card we play flies over our other cards
            sp.draw(surf, self.app.cards)
        for sp in self.flights:
            sp.draw(surf, self.app.cards, shadow=False)
        self._draw_plate(surf, self.me)
        self._draw_hud(surf)
        self._draw_prompt(surf)
        self._draw_bubbles(surf)
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
        if self.banners and self.result is not None and self.hand:
            self.banners.clear()  # a deal thrown in with cards still in hand: the panel's title says the same,
            # and no band under it is free of our cards
        if self.banners:
            bx, by = surf.get_width() / 2, self.lay.center[1] - self.lay.card_w
            if self.result is not None:  # under the result panel: the hands are empty, the HUD pop-ups stay clear
                by = self.result_box.bottom + self.app.px(66)
                if by + self.app.px(56) > surf.get_height():
                    by = self.app.px(120)
            else:  # a free band of the table: off the stock, the trick, the plates, the prompt and our hand
                self.banner_rect()
                bx, by = self._banner_at[1]
            self.banners[0].draw(surf, self.app.fonts, (bx, by), self.app.scale)
        self._draw_hint(surf)
        if self.show_last:  # an overlay: over everything on the table, banners included
            self._draw_last_trick(surf)
        self._draw_tips(surf)
        if self.confetti:
            self.confetti.draw(surf, self.app.scale)


