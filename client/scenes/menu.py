"""The title screen and main menu."""

from __future__ import annotations

import math

import pygame

import core
from client import ui
from client.i18n import _, pgettext
from client.scene import Scene
from client.textfit import fit_text

SWAY_SECONDS = 6.0
"""The title fan sways this long after the menu opens, then rests (an idle menu costs no CPU)."""


TITLE_GAMES = ("belote", "klaberjass", "deberts", "tertz", "pitch")
"""The games named under the title, in this order."""


def game_titles() -> list[str]:
    """The titles of the games under the title, in the current language."""
    out = []
    for g in TITLE_GAMES:
        cls = core.GAMES.get(g)
        out.append(_(cls.title) if cls is not None and cls.title else g.capitalize())
    return out


class MainMenu(Scene):
    """Title, a fan of cards, and the main choices."""

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    save_note = ""

    def layout(self) -> None:
        from client import savegame

        s = self.app.scale
        entries: list[tuple[str, object, bool]] = []
        if savegame.has_save():
            entries.append((_("Resume saved match"), self._resume, True))
            self.save_note = savegame.describe_save()
        entries += [
            (_("New game"), self._new_game, not savegame.has_save()),
            (_("Host a LAN game"), self._host, False),
            (_("Join a LAN game"), self._join, False),
            (_("Statistics"), self._stats, False),
            (_("How to play"), self._rules, False),
            (_("Settings"), self._settings, False),
            (_("Quit"), self.app.quit, False),
        ]
        tight = len(entries) > 6
        tighter = len(entries) > 7  # with "Resume saved match"
        top = self.app.size[1] * (0.42 if tighter else 0.45)
        buttons = self.button_column(entries, top=top, height=40 if tighter else (42 if tight else 46),  # type: ignore[arg-type]
                                     gap=7 if tighter else (8 if tight else 10), width=360)
        self.widgets.set_focus(buttons[0])
        del s

    def _resume(self) -> None:
        from client.scenes.newgame import resume_saved

        resume_saved(self.app)

    def _new_game(self) -> None:
        from client.scenes.newgame import NewGame

        self.app.push(NewGame(self.app))

    def _host(self) -> None:
        self.app.open_module("client.scenes.lan_host", _("Hosting a LAN game"))

    def _join(self) -> None:
        self.app.open_module("client.scenes.lan_join", _("Joining a LAN game"))

    def _stats(self) -> None:
        self.app.push(self.app.make("stats"))

    def _rules(self) -> None:
        from client.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def _settings(self) -> None:
        from client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        self.app.quit()

    def is_idle(self) -> bool:
        return self.time > SWAY_SECONDS and super().is_idle()

    def draw(self, surf: pygame.Surface) -> None:
        self.app.draw_backdrop(surf)
        s = self.app.scale
        w, h = surf.get_size()
        self._draw_fan(surf, (w / 2, h * 0.17), s)
        # TRANSLATORS: the program's name on the title screen (usually kept, or written in your script).
        t = self.app.fonts.outlined(pgettext("app name", "Bella"), int(104 * s), ui.GOLD, "serif")
        ui.blit_center(surf, t, (w / 2, h * 0.25 + 34 * s))
        sub = fit_text(self.app.fonts, " \u2022 ".join(game_titles()), int(22 * s), int(w * 0.9), ui.TEXT_DIM)
        ui.blit_center(surf, sub, (w / 2, h * 0.25 + 100 * s))
        self.widgets.draw(surf, self.app)
        if self.save_note and self.widgets.items:
            first = self.widgets.items[0].rect
            note = fit_text(self.app.fonts, self.save_note, int(15 * s), w - first.right - int(24 * s), ui.TEXT_DIM)
            surf.blit(note, (first.right + int(14 * s), first.centery - note.get_height() // 2))
        # TRANSLATORS: the keys of the title screen; key names (F11, Ctrl+M, Esc) stay as on the keyboard.
        foot = fit_text(self.app.fonts, _("F11 fullscreen  \u2022  Ctrl+M mute  \u2022  Esc back"), int(16 * s),
                        int(w * 0.9), ui.TEXT_DIM)
        ui.blit_center(surf, foot, (w / 2, h - 22 * s))

    def _draw_fan(self, surf: pygame.Surface, center: tuple[float, float], s: float) -> None:
        from client.cards import CardArt

        cards: CardArt = self.app.cards  # type: ignore[assignment]
        names = ["JH", "9S", "AD", "KC", "QH"]
        cw = int(92 * s)
        n = len(names)
        sway = math.sin(self.time * 0.8) * 1.5 * max(0.0, 1.0 - self.time / SWAY_SECONDS)  # then it rests
        for i, c in enumerate(names):
            ang = (i - (n - 1) / 2) * 13 + sway
            rad = math.radians(ang)
            img = cards.rotated(c, cw, -ang)
            x = center[0] + math.sin(rad) * 150 * s
            y = center[1] - 10 * s + (1 - math.cos(rad)) * 220 * s
            ui.blit_center(surf, img, (x, y))
