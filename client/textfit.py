"""Text that fits its box in any language: shrink a line to a width, or pick the size a wrapped block fits at.

Translations run 30-40% longer than English (German, Hungarian) and Cyrillic
glyphs are wider, so a label laid out for the English text must shrink or
wrap rather than overflow its panel.
"""

from __future__ import annotations

import pygame

from client.ui import Color, Fonts

MIN_SCALE = 0.55
"""Text never shrinks below this share of its intended size."""


def fit_px(fonts: Fonts, text: str, px: int, width: int, style: str = "sans", *,
           floor_scale: float = MIN_SCALE, min_px: int = 6) -> int:
    """The largest size up to ``px`` at which ``text`` is at most ``width`` pixels wide, never below
    ``floor_scale`` of ``px`` nor ``min_px`` (the text may still be wider at that floor)."""
    px = int(px)
    if width <= 0 or not text:
        return px
    w = fonts.font(px, style).size(text)[0]
    if w <= width:
        return px
    floor = min(px, max(min_px, int(px * floor_scale)))
    size = max(floor, int(px * width / max(1, w)))
    while size > floor and fonts.font(size, style).size(text)[0] > width:
        size -= 1
    return size


def fit_text(fonts: Fonts, text: str, px: int, width: int, color: Color, style: str = "sans") -> pygame.Surface:
    """``text`` rendered by ``fonts.text`` at the largest size that fits ``width``."""
    return fonts.text(text, fit_px(fonts, text, px, width, style), color, style)


def fit_shadowed(fonts: Fonts, text: str, px: int, width: int, color: Color, style: str = "bold") -> pygame.Surface:
    """``text`` rendered by ``fonts.shadowed`` at the largest size that fits ``width``."""
    return fonts.shadowed(text, fit_px(fonts, text, px, width, style), color, style)


def fit_outlined(fonts: Fonts, text: str, px: int, width: int, color: Color, style: str = "serif") -> pygame.Surface:
    """``text`` rendered by ``fonts.outlined`` at the largest size that fits ``width``."""
    return fonts.outlined(text, fit_px(fonts, text, px, width, style), color, style)


def wrap_fit(fonts: Fonts, text: str, px: int, width: int, max_lines: int,
             style: str = "sans") -> tuple[int, list[str]]:
    """(size, lines): ``text`` wrapped to ``width`` in at most ``max_lines`` lines, shrinking the size if needed.

    At the smallest size the lines may still be more than ``max_lines``; no
    line is ever wider than ``width`` unless a single word is.
    """
    px = int(px)
    floor = max(6, int(px * MIN_SCALE))
    size = px
    while True:
        lines = fonts.wrap(text, size, width, style)
        widest = max((fonts.font(size, style).size(line)[0] for line in lines), default=0)
        if (len(lines) <= max_lines and widest <= width) or size <= floor:
            return size, lines
        size = max(floor, int(size * 0.92))
