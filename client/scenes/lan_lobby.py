"""The LAN lobby: the table's seats (who, human or bot, ready, connected), ready, chat, and start.

Click a free seat (or a bot's) to sit there.  The hosting player also chooses
a bot (or nobody) for every other seat, and starts the match once every seat
is filled and everyone is ready.  When the match starts the table opens with
the same session; if the connection closes, a message says why.  At a
private table the hosting player sees the table code; a table that refuses
our code sends us back to the join screen, which asks for it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import core
from client import recording, ui
from client.i18n import N_, _, ngettext, pgettext
from client.reasons import render
from client.scene import MessageScene, Scene
from client.scenes.lan_common import LanSession
from client.widgets import Button, Picker, TextInput, fit_text
from core.session import Update

BOT_CHOICES: list[tuple[str | None, str]] = [
    (None, "Open"), ("easy", N_("Easy bot")), ("normal", N_("Normal bot")), ("hard", N_("Hard bot"))]
"""The host's choices for another seat (translated by :func:`bot_choices`)."""
CODE_REFUSALS = ("code_required", "wrong_code", "code_backoff")
"""The host's reasons for refusing a private table's code: the join screen asks for it again."""
TOAST_TOP = 166
"""Design pixels: notifications start below the heading, the table line and the code line..."""
SEATS_TOP = 222
"""...in a band kept free above the seats and the chat."""
SIT_HINT = N_("Click an open seat (or a bot's) to sit there.")
"""What a guest who has no seat yet is told."""


def bot_choices() -> list[tuple[str | None, str]]:
    """The host's choices for another seat, translated: open, or a bot of some level."""
    # TRANSLATORS: a seat left open for a person to take
    return [(v, pgettext("seat", "Open") if v is None else _(text)) for v, text in BOT_CHOICES]


class LobbyScene(Scene):
    """Seats, ready flags and chat of one LAN table, for any peer (and the host's own controls)."""

    title = N_("Lobby")

    def __init__(self, app: Any, session: Any, handle: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.host_handle = handle
        self.lobby: dict[str, Any] | None = None
        self.kept: list[Update] = []
        self.chat_text = ""
        self.message = _("Connecting...")
        self.done = False
        self._me: int | None = None

    # ---------------------------------------------------------------- layout
    def relayout(self) -> None:
        """Rebuild for a new window size or lobby; whoever was typing keeps the chat field's focus."""
        typing = any(isinstance(w, TextInput) and w.focused for w in self.widgets.items)
        super().relayout()
        if typing:
            field = next((w for w in self.widgets.items if isinstance(w, TextInput)), None)
            if field is not None:
                self.widgets.set_focus(field)

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        lob = self.lobby
        row = app.px(50)
        gap = app.px(10)
        lx, lw = int(w * 0.06), int(w * 0.44)
        y = app.px(SEATS_TOP)
        me = self.session.seat
        if lob is not None:
            for entry in lob["seats"]:
                seat = int(entry["seat"])
                text = self._seat_text(entry, me)
                rect = pygame.Rect(lx, y, lw, row)
                if self.host_handle is not None and seat != me:
                    # the host decides who sits there: a bot of some level, or open for a player
                    level = entry["level"] if entry["kind"] == "bot" else None
                    if entry["kind"] == "human":
                        # TRANSLATORS: a seat taken by a person (not a bot), in the host's seat picker
                        choices: list[tuple[Any, str]] = [("human", pgettext("seat", "Player")), *bot_choices()]
                        level = "human"
                    else:
                        choices = bot_choices()
                    self.add(Picker(text, choices, level, partial(self._set_bot, seat), rect,
                                    help=_("Give this seat to a bot, or leave it open for a player")))
                else:
                    self.add(Button(text, partial(self.session.take_seat, seat), rect, primary=seat == me,
                                    tooltip=_("Sit here") if seat != me else _("Your seat")))
                y += row + gap
        cx, cw = int(w * 0.55), int(w * 0.39)
        self.chat_rect = pygame.Rect(cx, app.px(SEATS_TOP), cw, h - app.px(SEATS_TOP) - app.px(190))
        self.add(TextInput(self.chat_text, pygame.Rect(cx, self.chat_rect.bottom + gap, cw, row),
                           placeholder=_("Say something (Enter)"), max_len=200, on_submit=self._send_chat,
                           on_change=self._chat_changed))
        by = h - app.px(90)
        bw = app.px(200)
        buttons: list[tuple[str, Any, bool]] = []
        seated = me is not None
        ready = bool(lob and seated and lob["seats"][me]["ready"])
        if seated:
            buttons.append((_("Not ready") if ready else _("Ready"), lambda: self.session.set_ready(not ready),
                            not ready))
        if self.host_handle is not None:
            buttons.append((_("Start"), self._start, ready))
        buttons.append((_("Leave"), self.back, False))
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = (w - total) // 2
        for label, fn, primary in buttons:
            self.add(Button(label, fn, pygame.Rect(x, by, bw, app.px(56)), primary=primary))
            x += bw + gap

    def _seat_text(self, entry: dict[str, Any], me: int | None) -> str:
        n = int(entry["seat"]) + 1
        if entry["kind"] == "empty":
            # TRANSLATORS: {n} is the seat number
            return _("{n}. (open seat)").format(n=n)
        name = _("You") if entry["seat"] == me else entry["name"]
        if entry["kind"] == "bot":
            return f"{n}. {name}"
        if not entry["connected"]:
            text = _("{n}. {name} (disconnected)")
        else:
            text = _("{n}. {name} (ready)") if entry["ready"] else _("{n}. {name} (not ready)")
        return text.format(n=n, name=name)

    def toast_top(self) -> int:
        return self.app.px(TOAST_TOP)  # never over the heading (the table's name) or the lines under it

    # ---------------------------------------------------------------- actions
    def _set_bot(self, seat: int, level: Any) -> None:
        if level == "human":
            return
        try:
            self.host_handle.set_bot(seat, level)
        except (ValueError, TimeoutError) as exc:
            self.app.toast(str(exc), error=True)

    def _start(self) -> None:
        self.session.start_match()

    def _chat_changed(self, text: str) -> None:
        self.chat_text = text

    def _send_chat(self, text: str) -> None:
        if text.strip():
            self.session.chat(text)
        self.chat_text = ""
        self.relayout()

    def back(self) -> None:
        self.done = True
        self.session.close()
        if self.host_handle is not None:
            self.host_handle.stop()
        self.app.pop()

    # ---------------------------------------------------------------- frame
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done:
            return
        recording.show_pending(self.app)  # a match of the table hosted here could not be stored
        for u in self.session.poll():
            if u.view is not None or u.events:
                self.kept.append(u)
            if u.error:
                self.app.toast(render(u.error), error=True)
            if u.status and self.session.status != "closed":
                self.app.toast(render(u.status))
        status = self.session.status
        if status == "closed":
            self.done = True
            reason = render(getattr(self.session, "closed_reason", "")) or "The connection to the table closed."
            reason = reason[:1].upper() + reason[1:]
            if self.host_handle is not None:
                self.host_handle.stop()
            self.app.pop()
            below = self.app.top
            if getattr(self.session, "closed_code", "") in CODE_REFUSALS and hasattr(below, "ask_code"):
                below.ask_code(reason)  # type: ignore[union-attr]
            else:
                self.app.push(MessageScene(self.app, _("Left the table"), reason))
            return
        lob = self.session.lobby()
        if lob != self.lobby or (lob is not None and self._me != self.session.seat):
            self.lobby = lob
            self._me = self.session.seat
            self.relayout()
        self.message = {"connecting": _("Connecting..."), "reconnecting": _("Connection lost; reconnecting...")}.get(
            status, "")
        if not self.message and lob is not None and self.session.seat is None:
            self.message = _(SIT_HINT)
        if status == "playing" or (lob is not None and lob["started"]):
            self.done = True
            from client.scenes.newgame import open_table

            open_table(self.app, LanSession(self.session, self.host_handle, self.kept, app=self.app))

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        app.draw_backdrop(surf)
        lob = self.lobby
        # TRANSLATORS: the lobby's heading; {table} is the table's name (typed by its host)
        heading = _("Lobby \u2014 {table}").format(table=lob["table"]) if lob else self.title
        self.draw_title(surf, heading)
        w, h = surf.get_size()
        room = w - app.px(40)
        if lob:
            cls = core.GAMES.get(lob["game"])
            game = _(cls.title) if cls is not None and cls.title else lob["game"]
            if lob["variant"]:
                game = f"{game} ({lob['variant']})"
            info = ngettext("{game}, {n} seat", "{game}, {n} seats", lob["players"]).format(game=game, n=lob["players"])
            if self.host_handle is not None:
                # TRANSLATORS: {address} is host:port
                info += "  \u2022  " + _("others join at {address}").format(
                    address=f"{self.host_handle.address}:{self.host_handle.port}")
            text, px = fit_text(app.fonts, info, app.px(20), room)
            ui.blit_center(surf, app.fonts.text(text, px, ui.TEXT_DIM), (w / 2, app.px(122)))
            code = getattr(self.host_handle, "code", None)
            if code:
                text, px = fit_text(app.fonts, _("Private table \u2014 code {code}: friends type it to join").format(
                    code=code), app.px(22), room, "bold")
                ui.blit_center(surf, app.fonts.text(text, px, ui.GOLD, style="bold"), (w / 2, app.px(150)))
        panel = self.chat_rect
        surf.blit(ui.panel(panel.size, (8, 24, 18, 170), (90, 130, 100), app.px(12), 1), panel.topleft)
        lines = self.session.chat_log()[-40:]
        px = app.px(18)
        y = panel.bottom - app.px(10)
        for name, text in reversed(lines):
            wrapped = app.fonts.wrap(f"{name}: {text}", px, panel.w - app.px(24))
            for line in reversed(wrapped):
                y -= app.px(24)
                if y < panel.y + app.px(6):
                    break
                surf.blit(app.fonts.text(line, px, ui.TEXT), (panel.x + app.px(12), y))
            if y < panel.y + app.px(6):
                break
        if not lines:
            ui.blit_center(surf, app.fonts.text(_("Chat"), px, ui.TEXT_DIM), panel.center)
        self.widgets.draw(surf, app)
        if self.message:
            text, px = fit_text(app.fonts, self.message, app.px(22), room)
            ui.blit_center(surf, app.fonts.text(text, px, ui.GOLD), (w / 2, h - app.px(120)))
