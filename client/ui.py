"""Shared look: palette, shipped fonts, cached text and panel surfaces.

Everything here caches what it draws (text by string/size/colour, panels by
size/colour), so scenes can call these helpers every frame without paying for
font rendering or alpha-surface construction more than once.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from client.i18n import N_

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}

Color = tuple[int, int, int] | tuple[int, int, int, int]

# ----------------------------------------------------------------- palette
TEXT = (242, 238, 226)
TEXT_DIM = (178, 190, 178)
GOLD = (240, 196, 92)
GOLD_DARK = (150, 108, 36)
RED = (214, 52, 58)
GREEN = (88, 200, 120)
BLUE = (86, 150, 230)
PANEL = (14, 30, 24, 226)
PANEL_LIGHT = (30, 58, 46, 236)
PANEL_BORDER = (226, 186, 96)
PANEL_SOLID = (14, 30, 24, 255)
FOCUS_RING = (150, 210, 255)
"""Keyboard focus: a light-blue ring outside the widget (the pointer only brightens it)."""
BUTTON = (40, 74, 60)
BUTTON_HOVER = (58, 104, 82)
BUTTON_PRIMARY = (196, 142, 40)
BUTTON_PRIMARY_HOVER = (226, 172, 62)
BUTTON_DISABLED = (46, 56, 52)
FELT = (20, 98, 62)
FELT_EDGE = (8, 44, 28)
SHADOW = (0, 0, 0, 90)

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAME = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs")}
"""English suit names (marked for translation: show them with ``_()``)."""


def suit_color(suit: str, four_colour: bool = False, on_dark: bool = False) -> tuple[int, int, int]:
    """The ink colour of ``suit`` (``on_dark`` brightens black for text on felt)."""
    if four_colour:
        table = {"S": (20, 20, 24), "H": (206, 28, 40), "D": (28, 88, 200), "C": (24, 128, 56)}
        if on_dark:
            table = {"S": (236, 236, 240), "H": (255, 96, 100), "D": (110, 170, 255), "C": (110, 214, 130)}
    else:
        table = {"S": (20, 20, 24), "H": (206, 28, 40), "D": (206, 28, 40), "C": (20, 20, 24)}
        if on_dark:
            table = {"S": (236, 236, 240), "H": (255, 96, 100), "D": (255, 96, 100), "C": (236, 236, 240)}
    return table.get(suit, (20, 20, 24))


class Fonts:
    """The shipped DejaVu subsets (they carry the suit glyphs) with caches."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, str, Color], pygame.Surface] = OrderedDict()
        self.max_cached = 800

    def font(self, px: int, style: str = "sans") -> pygame.font.Font:
        """The font of ``style`` (``sans``, ``bold``, ``serif``) at ``px`` pixels."""
        px = max(6, int(px))
        key = (style, px)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(str(ASSETS / "fonts" / FONT_FILES[style]), px)
            self._fonts[key] = f
        return f

    def text(self, s: str, px: int, color: Color = TEXT, style: str = "sans") -> pygame.Surface:
        """``s`` rendered anti-aliased (cached; do not modify the result)."""
        key = (s, int(px), style, color)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        f = self.font(px, style)
        surf = f.render(s, True, color[:3])
        if len(color) == 4:
            surf.set_alpha(color[3])
        self._text[key] = surf
        if len(self._text) > self.max_cached:
            self._text.popitem(last=False)
        return surf

    def shadowed(self, s: str, px: int, color: Color = TEXT, style: str = "bold",
                 shadow: Color = (0, 0, 0)) -> pygame.Surface:
        """Text with a soft drop shadow (cached)."""
        key = ("\x00sh" + s, int(px), style, color)
        surf = self._text.get(key)
        if surf is not None:
            return surf
        front = self.text(s, px, color, style)
        back = self.font(px, style).render(s, True, shadow[:3])
        off = max(1, int(px) // 30)
        surf = pygame.Surface((front.get_width() + off * 2, front.get_height() + off * 2), pygame.SRCALPHA)
        back.set_alpha(140)
        surf.blit(back, (off, off * 2))
        surf.blit(front, (0, 0))
        self._text[key] = surf
        return surf

    def outlined(self, s: str, px: int, color: Color = GOLD, style: str = "serif",
                 outline: tuple[int, int, int] = (24, 16, 6)) -> pygame.Surface:
        """Text with a dark outline and drop shadow: reads over busy art (cached)."""
        key = ("\x00ol" + s, int(px), style, color)
        surf = self._text.get(key)
        if surf is not None:
            return surf
        f = self.font(px, style)
        front = f.render(s, True, color[:3])
        dark = f.render(s, True, outline)
        o = max(1, int(px) // 22)
        sh = o * 2
        surf = pygame.Surface((front.get_width() + 2 * o + sh, front.get_height() + 2 * o + sh), pygame.SRCALPHA)
        shadow = dark.copy()
        shadow.set_alpha(120)
        surf.blit(shadow, (o + sh, o + sh))
        for dx in (-o, 0, o):
            for dy in (-o, 0, o):
                if dx or dy:
                    surf.blit(dark, (o + dx, o + dy))
        surf.blit(front, (o, o))
        self._text[key] = surf
        return surf

    def wrap(self, s: str, px: int, width: int, style: str = "sans") -> list[str]:
        """Split ``s`` into lines that fit ``width`` pixels (keeps explicit newlines)."""
        f = self.font(px, style)
        out: list[str] = []
        for para in s.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = w if not line else line + " " + w
                if f.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = w
            out.append(line)
        return out


_panels: OrderedDict[tuple[int, int, Color, Color | None, int, int], pygame.Surface] = OrderedDict()


def panel(size: tuple[int, int], fill: Color = PANEL, border: Color | None = PANEL_BORDER,
          radius: int = 12, width: int = 2) -> pygame.Surface:
    """A rounded, optionally bordered, possibly translucent rectangle (cached)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = (w, h, fill, border, radius, width)
    surf = _panels.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    if border is not None and width > 0:
        pygame.draw.rect(surf, border, surf.get_rect(), width=width, border_radius=radius)
    _panels[key] = surf
    if len(_panels) > 300:
        _panels.popitem(last=False)
    return surf


def faded(surf: pygame.Surface, alpha: int) -> pygame.Surface:
    """``surf`` drawn at ``alpha``: itself when opaque, else a faded copy (so cached surfaces stay as they are)."""
    if alpha >= 255:
        return surf
    out = surf.copy()
    out.set_alpha(max(0, alpha))
    return out


def fading_label(size: tuple[int, int], fill: Color, border: Color, radius: int, width: int,
                 text: pygame.Surface, alpha: int) -> pygame.Surface:
    """A panel with ``text`` centred on it, as one layer at ``alpha``: panel, border and text fade together."""
    layer = panel(size, fill, border, radius, width).copy()
    blit_center(layer, text, (layer.get_width() / 2, layer.get_height() / 2))
    layer.set_alpha(max(0, min(255, alpha)))  # the layer is ours: faded in place
    return layer


def blit_center(dst: pygame.Surface, src: pygame.Surface, center: tuple[float, float]) -> pygame.Rect:
    """Blit ``src`` centred on ``center``; return the rect drawn."""
    r = src.get_rect(center=(int(center[0]), int(center[1])))
    dst.blit(src, r)
    return r


def lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation."""
    return a + (b - a) * t


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and end."""
    t = min(1.0, max(0.0, t))
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t: float) -> float:
    """Overshoot a little, then settle (pop-ups)."""
    t = min(1.0, max(0.0, t))
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2
