"""Settings: display, animation speed, sound, card style, name. Applied and saved at once."""

from __future__ import annotations

from typing import Any

import pygame

from client import display, i18n, ui
from client import settings as st
from client.i18n import N_, _
from client.labels import index_letters
from client.scene import Scene
from client.widgets import Button, Picker, TextInput, fit_text

BACK_NAMES = {"crimson": N_("Crimson"), "navy": N_("Navy"), "emerald": N_("Emerald")}
WINDOW_SIZES = [(960, 540), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]


class SettingsScene(Scene):
    """Every player setting, with a live card preview."""

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    title = N_("Settings")

    def layout(self) -> None:
        app = self.app
        s = app.settings
        w, h = app.size
        row, gap = app.px(30), app.px(3)
        x, cw = int(w * 0.1), int(w * 0.5)
        y = app.px(112)
        desktop = display.desktop_size()
        sizes = [sz for sz in WINDOW_SIZES if display.fits(sz, desktop)]  # only sizes this screen can show
        cur = (int(s.window_size[0]), int(s.window_size[1]))
        if cur not in sizes:
            sizes.append(cur)
            sizes.sort()
        system = _("System ({language})").format(language=i18n.LANGUAGES[i18n.system_language()])
        pct = [(v / 10, f"{v * 10} %") for v in range(11)]
        rows: list[Any] = [
            Picker(_("Fullscreen"), [(False, _("Off")), (True, _("On"))], app.fullscreen, self._fullscreen,
                   help=_("Also F11 or Alt+Enter at any time.")),
            Picker(_("Window size"), [(sz, f"{sz[0]} \u00d7 {sz[1]}") for sz in sizes], cur, self._size,
                   help=_("Size of the window when not fullscreen (you can also drag its edges).")),
            Picker(_("Animation speed"), [(v, f"{v:g}\u00d7") for v in st.ANIM_SPEEDS], s.animation_speed,
                   lambda v: self._set("animation_speed", v), help=_("How fast cards fly and bots play.")),
            Picker(_("Trick pause"), [(v, _("{seconds} s").format(seconds=f"{v:g}")) for v in st.TRICK_HOLDS],
                   s.trick_hold,
                   lambda v: self._set("trick_hold", v),
                   help=_("How long a finished trick stays on the table before it is collected. "
                        "A click collects it at once.")),
            Picker(_("Sound volume"), pct, round(s.sound_volume, 1), lambda v: self._set("sound_volume", v),
                   help=_("Card snaps, chimes and fanfares.")),
            Picker(_("Music volume"), pct, round(s.music_volume, 1), lambda v: self._set("music_volume", v),
                   help=_("The soft background loop.")),
            Picker(_("Mute all"), [(False, _("Off")), (True, _("On"))], s.muted, lambda v: self._set("muted", v),
                   help=_("Silence everything (Ctrl+M at any time).")),
            Picker(_("Card style"), [("classic", _("Classic two-colour")), ("four_colour", _("Four-colour deck"))],
                   s.card_style, lambda v: self._set("card_style", v),
                   help=_("Four-colour: spades black, hearts red, diamonds blue, clubs green.")),
            Picker(_("Card back"), [(b, _(BACK_NAMES[b])) for b in st.CARD_BACKS], s.card_back,
                   lambda v: self._set("card_back", v), help=_("Colour of the card backs.")),
            Picker(_("Why-not on hover"), [(True, _("On")), (False, _("Off"))], s.show_hover_reasons,
                   lambda v: self._set("show_hover_reasons", v),
                   help=_("Show why a dimmed card cannot be played when the pointer rests on it.")),
            Picker(_("Auto-pass declarations"), [(False, _("Off")), (True, _("On"))], s.auto_pass_declarations,
                   lambda v: self._set("auto_pass_declarations", v),
                   help=_("When you hold nothing to declare, answer \"Nothing to declare\" for you.")),
            Picker(_("Undo (single player)"), [(False, _("Off")), (True, _("On"))], s.undo,
                   lambda v: self._set("undo", v),
                   help=_("Take back your last move (U at the table, or the pause menu). The bots answer the same"
                        " moves the same way, the deals keep their cards, and each undo is counted in the"
                        " match's statistics.")),
            Picker(_("Language"), [("", system)] + list(i18n.LANGUAGES.items()), s.language,
                   lambda v: self._set("language", v),
                   help=_("The language of every menu, message and rule text. Takes effect at once.")),
            Picker(_("Card indices"), [("local", _("This language's ({letters})").format(letters=index_letters(True))),
                                       ("international", _("International ({letters})").format(
                                           letters=index_letters(False)))],
                   s.card_indices, lambda v: self._set("card_indices", v),
                   help=_("The letters in the cards' corners: the ones players of this language use,"
                          " or J Q K A.")),
        ]
        for p in rows:
            p.rect = pygame.Rect(x, y, cw, row)
            p.tooltip = None
            self.add(p)
            y += row + gap
        self.name_label_pos = (x, y + row // 2)
        self.name_label_room = cw - int(cw * 0.46) - app.px(8)
        self.add(TextInput(s.player_name, pygame.Rect(x + cw - int(cw * 0.46), y, int(cw * 0.46), row),
                           max_len=20, on_change=self._name, placeholder=_("Your name")))
        bw = app.px(220)
        done = Button(_("Done"), self.back, pygame.Rect(w // 2 - bw // 2, h - app.px(80), bw, app.px(54)), primary=True)
        self.add(done)
        self.preview = pygame.Rect(int(w * 0.66), app.px(150), int(w * 0.26), app.px(360))
        if self.widgets.focus < 0:
            self.widgets.set_focus(rows[0])

    def _fullscreen(self, v: bool) -> None:
        if v != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def _size(self, v: tuple[int, int]) -> None:
        self.app.set_window_size(v)

    def _set(self, name: str, v: Any) -> None:
        setattr(self.app.settings, name, v)
        self.app.apply_settings(self.app.settings)

    def _name(self, text: str) -> None:
        if text.strip():
            self.app.settings.player_name = text.strip()[:20]

    def back(self) -> None:
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        app = self.app
        text, px = fit_text(app.fonts, _("Your name"), app.px(19), self.name_label_room, "bold")
        t = app.fonts.text(text, px, ui.TEXT, "bold")
        surf.blit(t, (self.name_label_pos[0], self.name_label_pos[1] - t.get_height() // 2))
        r = self.preview
        surf.blit(ui.panel(r.size, (8, 24, 18, 170), (90, 130, 100), app.px(12), 1), r.topleft)
        cards = app.cards
        cw = int(r.w * 0.3)
        for i, c in enumerate(["AS", "KH", "QD", "JC"]):
            img = cards.face(c, cw)  # type: ignore[attr-defined]
            surf.blit(img, (r.x + app.px(14) + i * int(cw * 0.72), r.y + app.px(20)))
        back = cards.back(cw)  # type: ignore[attr-defined]
        surf.blit(back, (r.centerx - cw // 2, r.y + app.px(40) + int(cw * 1.4)))
        f = self.widgets.focused()
        hovered = next((w for w in self.widgets.items if w.hovered and isinstance(w, Picker)), None)
        src = hovered or f
        if isinstance(src, Picker) and src.help:
            lines = app.fonts.wrap(src.help, app.px(18), r.w)
            y = r.bottom + app.px(18)
            if len(lines) > 4:  # a long help (a long language) ends with an ellipsis, never below the window
                lines = [*lines[:3], fit_text(app.fonts, lines[3] + " " + " ".join(lines[4:]), app.px(18), r.w,
                                              shrink=False)[0]]
            for line in lines:
                surf.blit(app.fonts.text(line, app.px(18), ui.TEXT_DIM), (r.x, y))
                y += app.px(24)
