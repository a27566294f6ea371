"""End of the match: who won, final scores, and what next."""

from __future__ import annotations

from typing import Any

import pygame

from client import ui
from client.i18n import _, ngettext
from client.scene import Scene
from client.textfit import fit_shadowed, fit_text
from client.widgets import Button

BUTTON_H, BUTTON_GAP, BUTTON_W = 50, 12, 320
"""The three buttons' height, gap and (in a column) width, in unscaled pixels."""


class EndMatch(Scene):
    """Shown over the table when the match is over (confetti when the player's side won)."""

    opaque = False

    def __init__(self, app: Any, table: Any, won: bool) -> None:
        super().__init__(app)
        self.table, self.won = table, won

    def geometry(self) -> tuple[pygame.Rect, float, float, float, bool]:
        """The panel, the first score row's centre, the rows' step, the buttons' top and whether the buttons
        stand in one row (when a column of three would run past the panel: five-handed Pitch's five scores)."""
        w, h = self.app.size
        s = self.app.scale
        box = pygame.Rect(0, 0, int(min(w * 0.9, 760 * s)), int(h * 0.84))
        box.center = (w // 2, int(h * 0.5))
        rows = max(1, len((self.table.view or {}).get("scores") or []))
        first, step = h * 0.36, 52 * s
        played_bottom = first + rows * step + 19 * s  # the "N deals played" line under the rows
        top = max(h * 0.62, played_bottom + 14 * s)
        column = (3 * BUTTON_H + 2 * BUTTON_GAP) * s
        return box, first, step, top, top + column > box.bottom - 14 * s

    def layout(self) -> None:
        entries: list[tuple[str, Any, bool]] = [(_("Play again"), self._again, True),
                                                (_("Score sheet"), self._scores, False),
                                                (_("Main menu"), self._menu, False)]
        box, _first, _step, top, across = self.geometry()
        if not across:
            btns = self.button_column(entries, top=top, height=BUTTON_H, gap=BUTTON_GAP, width=BUTTON_W)
        else:
            s = self.app.scale
            gap = int(BUTTON_GAP * s)
            bw = int(min(220 * s, (box.w - 60 * s - 2 * gap) / 3))
            x = box.centerx - (3 * bw + 2 * gap) // 2
            btns = []
            for label, action, primary in entries:
                b = Button(label, action, pygame.Rect(x, int(top), bw, int(BUTTON_H * s)), primary=primary)
                self.widgets.add(b)
                btns.append(b)
                x += bw + gap
        self.widgets.set_focus(btns[0])

    def _again(self) -> None:
        """Single player: a new game; LAN: back to the same table's lobby for the next match."""
        reopen = getattr(self.table.session, "reopen_lobby", None)
        if callable(reopen):
            reopen(self.app)
            return
        v = self.table.view or {}
        preset = {"game": v.get("game"), "players": v.get("players"), "options": v.get("options") or {},
                  "levels": dict(getattr(self.table.session, "levels", None) or {})}
        self._menu()
        self.app.push(self.app.make("newgame", preset))  # the same game, seats, house rules and levels

    def _scores(self) -> None:
        self.table.open_scores()

    def _menu(self) -> None:
        self.app.reset(self.app.make("menu"))

    def back(self) -> None:
        self._menu()

    def is_idle(self) -> bool:
        return self.table.confetti is None and self.time > 1.0 and not any(w.animating for w in self.widgets.items)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table.confetti is not None:
            self.table.confetti.update(dt)

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        app.dim(surf, 205)
        w, h = surf.get_size()
        s = app.scale
        v = self.table.view or {}
        winner = v.get("winner")
        sides = v.get("sides") or []
        if isinstance(winner, int):
            team = winner < len(sides) and len(sides[winner]) > 1
            if self.won:
                head = _("Your team wins the match!") if team else _("You win the match!")
            elif team:
                # TRANSLATORS: {side} names two or more players ("West & East").
                head = _("{side} win the match").format(side=self.table.side_name(winner))
            else:
                head = _("{name} wins the match").format(name=self.table.side_name(winner))
        else:
            head = _("Match over")
        box, first, step, _top, _across = self.geometry()
        if self.table.confetti is not None:  # behind the panel: no speck ever lands on the words
            self.table.confetti.draw(surf, s)
        surf.blit(ui.panel(box.size, (12, 28, 21, 250), ui.PANEL_BORDER, int(18 * s), max(2, int(3 * s))),
                  box.topleft)
        grow = ui.ease_out_back(min(1.0, self.time / 0.5))
        t = app.fonts.shadowed(head, max(10, int(50 * s * grow)), ui.GOLD if self.won else ui.TEXT, "serif")
        if t.get_width() > box.w - 20:
            t = fit_shadowed(app.fonts, head, int(36 * s), box.w - 20, ui.GOLD if self.won else ui.TEXT, "serif")
        ui.blit_center(surf, t, (w / 2, h * 0.2))
        target = v.get("target") or (v.get("options") or {}).get("target_score")
        if target:
            # TRANSLATORS: the score that wins the match.
            ui.blit_center(surf, app.fonts.text(_("first to {target}").format(target=target), int(18 * s), ui.TEXT_DIM),
                           (w / 2, h * 0.2 + 44 * s))
        scores = v.get("scores") or []
        order = sorted(range(len(scores)), key=lambda i: (i != winner, -int(scores[i] or 0)))
        y = first
        left, right = w / 2 - 220 * s, w / 2 + 220 * s
        for i in order:
            sc = scores[i]
            col = ui.GOLD if i == winner else ui.TEXT
            px = int(30 * s) if i == winner else int(26 * s)
            if i == winner:
                band = pygame.Rect(0, 0, int(right - left + 40 * s), int(46 * s))
                band.center = (int(w / 2), int(y))
                surf.blit(ui.panel(band.size, (240, 196, 92, 40), ui.GOLD_DARK, int(10 * s), 1), band.topleft)
                ui.blit_center(surf, app.fonts.text("\u2605", px, ui.GOLD, "bold"), (left - 2 * s, y))
            name = fit_text(app.fonts, self.table.side_name(i), px, int(right - left - 24 * s - 90 * s), col, "bold")
            surf.blit(name, (left + 24 * s, y - name.get_height() / 2))
            num = app.fonts.text(str(sc), px, col, "bold")
            surf.blit(num, (right - num.get_width(), y - num.get_height() / 2))
            y += step
        deals = len(v.get("deals") or [])
        played = ngettext("{n} deal played", "{n} deals played", deals).format(n=deals)
        ui.blit_center(surf, app.fonts.text(played, int(18 * s), ui.TEXT_DIM), (w / 2, y + 10 * s))
        self.widgets.draw(surf, app)
