"""Join a LAN game: the tables found on the network (live, via zeroconf), or an address typed by hand.

Double-click (or Enter on) a table to join it; tables of another Bella
version are listed but cannot be joined.  "Join address" takes
``host:port`` (for a table on another network segment, or a dedicated host
started with ``python main.py host``).  A private table is marked "locked":
its code goes in the "Table code" field, which the screen asks for when a
locked table is picked without one, or when the table refuses the code.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

import core
from client import ui
from client.i18n import N_, _, ngettext
from client.scene import Scene
from client.scenes.lan_common import lan_interfaces, lan_player_name
from client.widgets import Button, ListView, TextInput, fit_text
from net.lan import CODE_MAX

log = logging.getLogger("bella.client.lan")


def parse_address(text: str) -> tuple[str, int]:
    """``"192.168.1.5:5555"`` -> ``("192.168.1.5", 5555)``; raise ``ValueError`` with a reason."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    if not sep or not host.strip() or not port.strip().isdigit():
        raise ValueError(_("type the table's address as host:port, e.g. 192.168.1.5:5555"))
    number = int(port)
    if not 0 < number < 65536:
        raise ValueError(_("the port must be from 1 to 65535"))
    return host.strip().strip("[]"), number


class JoinScene(Scene):
    """The live list of LAN tables and a manual address field."""

    title = N_("Join a LAN game")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.browser: Any = None
        self.tables: list[Any] = []
        self.address = ""
        self.code = ""
        """The table code typed for a private table."""
        self.code_field: TextInput | None = None
        self._focus_code = False
        self.error = ""
        self.refresh = 0.0
        self.list: ListView | None = None

    def enter(self) -> None:
        from net.lan import Browser

        try:
            self.browser = Browser(interfaces=lan_interfaces())
            self.browser.start()
        except Exception as exc:  # no network: manual join still works
            log.warning("LAN discovery failed", exc_info=True)
            self.browser = None
            # TRANSLATORS: {error} is the system's reason (often English)
            self.error = _("Cannot look for tables on this network ({error}); type an address instead.").format(
                error=exc)
        super().enter()

    def leave(self) -> None:
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        lx, lw = int(w * 0.1), int(w * 0.8)
        # rows (and their text, half a row high) scale with the window: readable from 960x540 to 4K
        self.list = ListView(self._rows(), pygame.Rect(lx, app.px(150), lw, h - app.px(400)),
                             on_activate=self._join_index, row_px=max(32, app.px(46)))
        self.add(self.list)
        row = app.px(50)
        y = h - app.px(230)
        self.add(TextInput(self.address, pygame.Rect(lx, y, int(lw * 0.43), row), placeholder=_("host:port"),
                           max_len=60, on_submit=lambda _t: self._join_address(), on_change=self._set_address))
        self.code_field = TextInput(self.code, pygame.Rect(lx + int(lw * 0.43) + app.px(12), y,
                                                           int(lw * 0.22) - app.px(12), row),
                                    placeholder=_("Table code"), max_len=CODE_MAX, on_change=self._set_code,
                                    on_submit=lambda _t: self._join_selected())
        self.add(self.code_field)
        self.add(Button(_("Join address"), self._join_address,
                        pygame.Rect(lx + int(lw * 0.65) + app.px(12), y, int(lw * 0.35) - app.px(12), row)))
        bw, by = app.px(220), h - app.px(90)
        self.add(Button(_("Back"), self.back, pygame.Rect(w // 2 - bw - app.px(10), by, bw, app.px(56))))
        self.add(Button(_("Join"), self._join_selected, pygame.Rect(w // 2 + app.px(10), by, bw, app.px(56)),
                        primary=True))

    def _rows(self) -> list[str]:
        out = []
        for t in self.tables:
            cls = core.GAMES.get(t.game)
            game = _(cls.title) if cls is not None and cls.title else t.game
            if t.variant:
                game = f"{game} ({t.variant})"
            # TRANSLATORS: seats taken of the seats at a LAN table, e.g. "2/4 players"
            seats = ngettext("{taken}/{total} player", "{taken}/{total} players", t.seats_total).format(
                taken=t.seats_taken, total=t.seats_total)
            parts = [t.name, game, seats]
            if getattr(t, "locked", False):
                parts.append(_("locked (code needed)"))
            parts.append(f"{t.address}:{t.port}")
            row = "  \u2022  ".join(parts)
            out.append(row if t.compatible else row + "  \u2014 " + _("another Bella version"))
        return out

    def _set_address(self, text: str) -> None:
        self.address = text

    def _set_code(self, text: str) -> None:
        self.code = text

    def ask_code(self, message: str) -> None:
        """Ask for the table code: say ``message`` and put the cursor in the code field."""
        self.app.toast(message, error=True)
        self._focus_code = True  # at the next frame: the click that got us here still moves the focus

    def _join_selected(self) -> None:
        if self.list is not None and 0 <= self.list.selected < len(self.tables):
            self._join_index(self.list.selected)
        elif self.address.strip():
            self._join_address()
        else:
            self.app.toast(_("Pick a table, or type its address"), error=True)

    def _join_index(self, i: int) -> None:
        if not 0 <= i < len(self.tables):
            return
        t = self.tables[i]
        if not t.compatible:
            self.app.toast(_("{name} runs another version of Bella (protocol {protocol})").format(
                name=t.name, protocol=t.protocol), error=True)
            return
        if getattr(t, "locked", False) and not self.code.strip():
            self.ask_code(_("{name} is a private table: type its code, then join").format(name=t.name))
            return
        self._join(t.address, t.port)

    def _join_address(self) -> None:
        try:
            host, port = parse_address(self.address)
        except ValueError as exc:
            self.app.toast(str(exc), error=True)
            return
        self._join(host, port)

    def _join(self, host: str, port: int) -> None:
        from client.scenes.lan_lobby import LobbyScene
        from net.lan import connect

        code = self.code.strip() or None
        self.app.push(LobbyScene(self.app, connect(host, port, lan_player_name(self.app), code=code)))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._focus_code and self.code_field is not None:
            self._focus_code = False
            self.widgets.set_focus(self.code_field)
        self.refresh -= dt
        if self.refresh <= 0 and self.browser is not None:
            self.refresh = 0.5
            tables = self.browser.tables()
            if tables != self.tables:
                self.tables = tables
                if self.list is not None:
                    self.list.set_items(self._rows())

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        app = self.app
        w, h = surf.get_size()
        if self.error:
            text, px = fit_text(app.fonts, self.error, app.px(18), w - app.px(40))
            ui.blit_center(surf, app.fonts.text(text, px, ui.TEXT_DIM), (w / 2, app.px(122)))
        elif not self.tables and self.list is not None:
            text, px = fit_text(app.fonts, _("Looking for tables on your network..."), app.px(22),
                                self.list.rect.w - app.px(20))
            ui.blit_center(surf, app.fonts.text(text, px, ui.TEXT_DIM), self.list.rect.center)


def create(app: Any) -> Scene:
    """The scene ``app.open_module("client.scenes.lan_join", ...)`` opens."""
    return JoinScene(app)
