"""The score sheet: every deal of the match with its contract, outcome and points."""

from __future__ import annotations

from typing import Any

import pygame

from client import labels, ui
from client.scene import Scene
from client.widgets import Button

MARKS = {"hung": "hung", "tie": "hung", "bide": "bide", "bete": "b\u00eate", "failed": "failed", "set": "set",
         "annulled": "annulled", "inside": "inside", "doubled": "doubled", "moon_made": "moon!",
         "moon_failed": "moon failed"}


def contract_of(d: dict[str, Any], names: list[str]) -> str:
    """A short contract description of a deal result."""
    c = d.get("contract")
    text = ""
    if isinstance(c, dict):
        text = labels.contract_text({"contract": c, "trump": d.get("trump")}, names)
    elif isinstance(c, str):
        who = d.get("declarer", d.get("maker"))
        text = labels.call_text(c)
        if isinstance(who, int) and who < len(names):
            text = f"{names[who]}: {text}"
    elif isinstance(d.get("trump"), str):
        text = labels.call_text(str(d["trump"]))
    return text


class ScoreSheet(Scene):
    """Scrollable table of deal results (from ``view["deals"]``)."""

    opaque = False
    title = "Score sheet"

    def __init__(self, app: Any, view: dict[str, Any], names: list[str]) -> None:
        super().__init__(app)
        self.view, self.names = view, names
        self.scroll = 0

    def layout(self) -> None:
        w, h = self.app.size
        bw = self.app.px(200)
        b = Button("Close", self.back, pygame.Rect(w // 2 - bw // 2, h - self.app.px(74), bw, self.app.px(50)),
                   primary=True)
        self.add(b)
        self.widgets.set_focus(b)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
                                                          pygame.K_PAGEDOWN):
            d = -1 if event.key in (pygame.K_UP, pygame.K_PAGEUP) else 1
            self.scroll = max(0, self.scroll + d * (5 if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) else 1))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.back()
            return
        super().handle(event)

    def side_name(self, i: int) -> str:
        """Names of a side's seats."""
        sides = self.view.get("sides") or []
        seats = sides[i] if i < len(sides) else [i]
        return " & ".join(self.names[s] for s in seats if s < len(self.names))

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        app.dim(surf, 185)
        s = app.scale
        w, h = surf.get_size()
        self.draw_title(surf, self.title, y=app.px(48))
        deals: list[dict[str, Any]] = list(self.view.get("deals") or [])
        sides = self.view.get("sides") or [[i] for i in range(len(self.view.get("scores") or []))]
        box = pygame.Rect(int(w * 0.05), app.px(90), int(w * 0.9), h - app.px(180))
        surf.blit(ui.panel(box.size, ui.PANEL, ui.PANEL_BORDER, app.px(14), 2), box.topleft)
        fixed = ["#", "Dealer", "Contract", "Result"]
        fixed_w = [0.05, 0.13, 0.25, 0.13]
        per = (1 - sum(fixed_w)) / max(1, len(sides))
        cols_x = []
        x = box.x + app.px(16)
        inner = box.w - app.px(32)
        for f in fixed_w:
            cols_x.append(x)
            x += int(inner * f)
        side_x = [x + int(inner * per * i) for i in range(len(sides))]
        y = box.y + app.px(14)
        px = int(16 * s)
        for i, name in enumerate(fixed):
            surf.blit(app.fonts.text(name, px, ui.GOLD, "bold"), (cols_x[i], y))
        for i in range(len(sides)):
            nm = self.side_name(i)
            surf.blit(app.fonts.text(nm if len(nm) < 22 else nm[:21] + "\u2026", px, ui.GOLD, "bold"), (side_x[i], y))
        sub = app.fonts.text("points this deal (cards / declarations) \u2192 total", int(13 * s), ui.TEXT_DIM)
        surf.blit(sub, (side_x[0] if sides else x, y + int(22 * s)))
        y += app.px(48)
        row_h = app.px(30)
        rows_fit = max(1, (box.bottom - y - app.px(10)) // row_h)
        self.scroll = min(self.scroll, max(0, len(deals) - rows_fit))
        if not deals:
            ui.blit_center(surf, app.fonts.text("No deal has been completed yet.", int(20 * s), ui.TEXT_DIM),
                           box.center)
        for d in deals[self.scroll:self.scroll + rows_fit]:
            dealer = d.get("dealer")
            outcome = str(d.get("outcome", ""))
            mark = MARKS.get(outcome, outcome.replace("_", " "))
            if d.get("capot"):
                mark += " capot"
            cells = [str(d.get("deal", "")), self.names[dealer] if isinstance(dealer, int) and dealer < len(self.names)
                     else "", contract_of(d, self.names), mark]
            for i, c in enumerate(cells):
                col = (255, 160, 150) if i == 3 and outcome in ("bete", "failed", "set", "bide", "moon_failed") else (
                    ui.TEXT)
                t = app.fonts.text(c, px, col)
                surf.blit(t, (cols_x[i], y))
            aw, cp, dc, sc = d.get("awarded"), d.get("card_points"), d.get("declarations"), d.get("scores")
            for i in range(len(sides)):
                part = ""
                if isinstance(aw, list) and i < len(aw):
                    part = f"+{aw[i]}"
                    extra = []
                    if isinstance(cp, list) and i < len(cp):
                        extra.append(str(cp[i]))
                    if isinstance(dc, list) and i < len(dc) and dc[i]:
                        extra.append(f"decl {dc[i]}")
                    if extra:
                        part += f"  ({' / '.join(extra)})"
                if isinstance(sc, list) and i < len(sc):
                    part += f"  \u2192 {sc[i]}"
                surf.blit(app.fonts.text(part, px, ui.TEXT), (side_x[i], y))
            y += row_h
        if len(deals) > rows_fit:
            t = app.fonts.text(f"rows {self.scroll + 1}-{min(len(deals), self.scroll + rows_fit)} of {len(deals)}"
                               "  (wheel / arrows)", int(13 * s), ui.TEXT_DIM)
            surf.blit(t, (box.right - t.get_width() - app.px(14), box.bottom - t.get_height() - app.px(6)))
        self.widgets.draw(surf, app)
