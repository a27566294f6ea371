"""How to play: the rules of each game in our own words, readable in-game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

import core
from client import ui
from client.i18n import N_, _
from client.rules_text import RULES, B, translated
from client.scene import Scene
from client.widgets import Button


class RulesScene(Scene):
    """A tab per game; the text scrolls with the wheel, arrows or Page Up/Down."""

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    title = N_("How to play")

    def __init__(self, app: Any, game: str | None = None) -> None:
        super().__init__(app)
        self.games = [g for g in core.GAME_IDS if g in RULES]
        self.tab = self.games.index(game) if game in self.games else 0
        self.scroll = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, str]] = []
        self.max_scroll = 0

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        s = app.scale
        bw = int(min(170 * s, (w * 0.86) / max(1, len(self.games)) - 10 * s))
        x = (w - (bw + int(10 * s)) * len(self.games) + int(10 * s)) // 2
        for i, g in enumerate(self.games):
            cls = core.GAMES.get(g)
            b = Button(_(cls.title) if cls and cls.title else g.capitalize(), self._selector(i),
                       pygame.Rect(x, int(110 * s), bw, int(44 * s)), primary=i == self.tab)
            self.add(b)
            x += bw + int(10 * s)
        self.box = pygame.Rect(int(w * 0.08), int(170 * s), int(w * 0.84), h - int(260 * s))
        close = Button(_("Close"), self.back, pygame.Rect(w // 2 - int(100 * s), h - int(74 * s), int(200 * s),
                                                       int(50 * s)))
        self.add(close)
        self._wrap()

    def _selector(self, i: int) -> Callable[[], None]:
        return lambda: self._select(i)

    def _select(self, i: int) -> None:
        self.tab = i
        self.scroll = 0
        self.relayout()

    def _wrap(self) -> None:
        app = self.app
        px = app.px(19)
        width = self.box.w - app.px(48)
        out: list[tuple[str, str]] = []
        game = self.games[self.tab] if self.games else ""
        for heading, paras in translated(game):
            for line in app.fonts.wrap(heading, app.px(24), width, "serif"):
                out.append(("h", line))
            for bullet, text in paras:
                style = "b" if bullet else "p"
                para = (B + text) if bullet else text  # the bullet is not part of the translated message
                for line in app.fonts.wrap(para, px, width - (app.px(18) if bullet else 0)):
                    out.append((style, line))
            out.append(("gap", ""))
        self.lines = out
        line_h = app.px(27)
        self.max_scroll = max(0, len(out) * line_h - (self.box.h - app.px(40)))

    def handle(self, event: pygame.event.Event) -> None:
        step = self.app.px(27)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * step * 3))
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            moves = {pygame.K_DOWN: step * 2, pygame.K_UP: -step * 2, pygame.K_PAGEDOWN: self.box.h - step * 2,
                     pygame.K_PAGEUP: -(self.box.h - step * 2), pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if k in moves:
                self.scroll = max(0, min(self.max_scroll, self.scroll + moves[k]))
                return
            if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.games:
                self._select((self.tab + (1 if k == pygame.K_RIGHT else -1)) % len(self.games))
                return
        super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        app.draw_backdrop(surf)
        self.draw_title(surf, self.title, y=app.px(56))
        r = self.box
        surf.blit(ui.panel(r.size, (250, 246, 234, 245), ui.GOLD_DARK, app.px(14), 2), r.topleft)
        clip = surf.get_clip()
        surf.set_clip(r.inflate(-app.px(8), -app.px(8)))
        y = r.y + app.px(20) - self.scroll
        line_h = app.px(27)
        ink = (40, 34, 26)
        for style, text in self.lines:
            if y > r.bottom:
                break
            if y + line_h >= r.y:
                if style == "h":
                    t = app.fonts.text(text, app.px(24), (120, 30, 36), "serif")
                    surf.blit(t, (r.x + app.px(24), y + app.px(2)))
                elif style == "b":
                    surf.blit(app.fonts.text(text, app.px(19), ink), (r.x + app.px(42), y))
                elif style == "p":
                    surf.blit(app.fonts.text(text, app.px(19), ink), (r.x + app.px(24), y))
            y += line_h if style != "gap" else line_h // 2
            if style == "h":
                y += app.px(8)
        surf.set_clip(clip)
        if self.max_scroll:
            frac = self.scroll / self.max_scroll
            bar_h = max(app.px(30), int(r.h * r.h / (r.h + self.max_scroll)))
            by = r.y + int((r.h - bar_h) * frac)
            pygame.draw.rect(surf, ui.GOLD_DARK, (r.right - app.px(10), by, app.px(5), bar_h), border_radius=3)
        self.widgets.draw(surf, app)
