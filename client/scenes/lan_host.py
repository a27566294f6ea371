"""Host a LAN game: table name, game, seats (open for players or given to bots), house rules.

"Host" starts the table on this machine (``net.lan.start_host``: advertised on
the LAN with zeroconf), connects this player to it like any other peer, sits
it at seat 1 and opens the lobby.  An optional table code (4 to 8 letters or
digits) makes the table private: friends must type it to join, and the lobby
shows it to the host.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import core
from client import ui
from client.i18n import N_, _
from client.rule_list import RuleList, pretty
from client.scene import MessageScene, Scene
from client.scenes.lan_common import lan_bind, lan_interfaces, lan_player_name
from client.scenes.newgame import implemented_games
from client.widgets import Button, Label, Picker, TextInput, fit_text
from net.lan import CODE_MAX, normalize_code

SEAT_CHOICES: list[tuple[str | None, str]] = [
    (None, N_("Open for a player")), ("easy", N_("Easy bot")), ("normal", N_("Normal bot")), ("hard", N_("Hard bot"))]
"""The choices of a seat (texts marked, translated where the picker is built)."""


class HostScene(Scene):
    """The form that starts hosting a table."""

    title = N_("Host a LAN game")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        games = implemented_games()
        st = app.settings
        self.game = st.last_game if st.last_game in games else (games[0] if games else "")
        cls = core.GAMES.get(self.game)
        self.players = cls.player_counts[-1] if cls else 0
        name = lan_player_name(app)
        # TRANSLATORS: the proposed name of a hosted table; {name} is the player's name
        self.table_name = _("{name}'s table").format(name=name) if name != "Player" else _("Bella table")
        self.code = ""
        """The private table's code as typed ("" for a table anyone may join)."""
        self.seats: dict[int, str | None] = {}
        self.options: dict[str, Any] = {}
        self.rules = RuleList(app)
        """Every house rule of the chosen game, in a scrolling panel (as on the New game form)."""
        self.help_text = ""

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        games = implemented_games()
        if not games:
            self.add(Button(_("Back"), self.back, pygame.Rect(w // 2 - app.px(120), h // 2, app.px(240), app.px(52))))
            return
        cls = core.GAMES[self.game]
        row, gap = app.px(44), app.px(8)
        lx, lw = int(w * 0.06), int(w * 0.40)
        y = app.px(140)
        box = int(lw * 0.46)
        self.add(Label(_("Table name"), pygame.Rect(lx, y + (row - app.px(26)) // 2, lw - box, row),
                       px=max(12, int(row * 0.42)), style="bold"))
        self.add(TextInput(self.table_name, pygame.Rect(lx + lw - box, y, box, row), placeholder=_("Table name"),
                           max_len=40, on_change=self._set_name))
        y += row + gap
        self.add(Label(_("Table code"), pygame.Rect(lx, y + (row - app.px(26)) // 2, lw - box, row),
                       px=max(12, int(row * 0.42)), style="bold"))
        self.add(TextInput(self.code, pygame.Rect(lx + lw - box, y, box, row), placeholder=_("none: open to all"),
                           max_len=CODE_MAX, on_change=self._set_code))
        y += row + gap
        self.add(Picker(_("Game"), [(g, _(core.GAMES[g].title) if core.GAMES[g].title else pretty(g)) for g in games],
                        self.game, self._set_game, pygame.Rect(lx, y, lw, row), help=_("Which game the table plays.")))
        y += row + gap
        self.add(Picker(_("Seats"), [(n, str(n)) for n in cls.player_counts], self.players, self._set_players,
                        pygame.Rect(lx, y, lw, row), help=_("How many seats at the table.")))
        y += row + gap * 2
        for seat in range(1, self.players):
            self.add(Picker(_("Seat {n}").format(n=seat + 1), [(v, _(text)) for v, text in SEAT_CHOICES],
                            self.seats.get(seat), partial(self._seat, seat), pygame.Rect(lx, y, lw, row),
                            help=_("Leave the seat open for a friend, or give it to a bot (changeable in the lobby).")))
            y += row + gap
        rx, rw = int(w * 0.52), int(w * 0.42)
        top = app.px(140)
        area = pygame.Rect(rx - app.px(12), top - app.px(8), rw + app.px(24), h - app.px(170) - (top - app.px(8)))
        try:
            defaults = dict(cls.resolve_options(self.players, {}))
        except core.OptionError:
            defaults = {o.id: o.default for o in cls.OPTIONS}
        for p in self.rules.build(cls, area, self.options, defaults,
                                  lambda oid: partial(self._set_option, oid)):
            self.add(p)
        bw, by = app.px(220), h - app.px(90)
        self.add(Button(_("Back"), self.back, pygame.Rect(w // 2 - bw - app.px(10), by, bw, app.px(56))))
        # TRANSLATORS: the button that starts hosting a LAN table
        host = Button(_("Host"), self._host, pygame.Rect(w // 2 + app.px(10), by, bw, app.px(56)), primary=True)
        self.add(host)
        if self.widgets.focus < 0:
            self.widgets.set_focus(host)

    def _set_name(self, text: str) -> None:
        self.table_name = text

    def _set_code(self, text: str) -> None:
        self.code = text

    def _set_game(self, g: str) -> None:
        self.game = g
        self.players = core.GAMES[g].player_counts[-1]
        self.options = {}
        self.rules.scroll = 0
        self.relayout()

    def _set_players(self, n: int) -> None:
        self.players = n
        self.relayout()

    def _seat(self, seat: int, level: str | None) -> None:
        self.seats[seat] = level

    def _set_option(self, oid: str, value: Any) -> None:
        self.options[oid] = value

    def handle(self, event: pygame.event.Event) -> None:
        if self.rules.handle(event):  # the wheel scrolls the house rules and never edits a value
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        f = self.widgets.focused()
        self.rules.keep_in_view(f)
        hovered = next((x for x in self.widgets.items if x.hovered and isinstance(x, Picker) and x.visible), None)
        src = hovered or f
        self.help_text = src.help if isinstance(src, Picker) and src.help else ""

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        w, h = surf.get_size()
        if not implemented_games():
            super().draw(surf)
            ui.blit_center(surf, app.fonts.text(_("No game is playable yet in this build."), app.px(26)),
                           (w / 2, h * 0.4))
            return
        app.draw_backdrop(surf)
        self.draw_title(surf, self.title)
        self.rules.draw_panel(surf)
        self.widgets.draw(surf, app)
        note = _("You sit at seat 1. Friends on your network see this table under Join a LAN game.")
        if self.code.strip():
            note = _("You sit at seat 1. A private table: friends type its code to join.")
        room = w - app.px(40)
        text, px = fit_text(app.fonts, note, app.px(18), room)
        ui.blit_center(surf, app.fonts.text(text, px, ui.TEXT_DIM), (w / 2, app.px(112)))
        if self.help_text:
            text, px = fit_text(app.fonts, self.help_text, app.px(19), room)
            ui.blit_center(surf, app.fonts.text(text, px, ui.TEXT), (w / 2, h - app.px(135)))

    def _host(self) -> None:
        from client import recording
        from client.scenes.lan_lobby import LobbyScene
        from net.lan import connect, start_host

        app = self.app
        bots = {s: lv for s, lv in self.seats.items() if lv is not None and s < self.players}
        name = self.table_name.strip() or _("Bella table")
        code: str | None = None
        if self.code.strip():
            try:
                code = normalize_code(self.code)
            except ValueError as exc:
                why = _("The table code is not valid: {error}.").format(error=exc)
                app.push(MessageScene(app, _("Cannot host"), why))
                return
        try:
            handle = start_host(self.game, self.players, dict(self.options), name, bots=bots,
                                bind=lan_bind(), interfaces=lan_interfaces(), code=code,
                                on_record=recording.lan_recorder())  # this machine stores its matches
        except (ValueError, OSError) as exc:
            app.push(MessageScene(app, _("Cannot host"), str(exc)))
            return
        session = connect("127.0.0.1", handle.port, lan_player_name(app), code=code)
        session.take_seat(0)
        app.replace(LobbyScene(app, session, handle))


def create(app: Any) -> Scene:
    """The scene ``app.open_module("client.scenes.lan_host", ...)`` opens."""
    return HostScene(app)
