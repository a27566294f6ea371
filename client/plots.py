"""Small charts drawn with pygame in the table's look: a line chart and a bar chart on a ruled panel.

Used by the Statistics screen (the running score of recent matches, the
points of each deal).  :func:`nice_ticks` and :func:`scale_to` are pure and
tested on their own; the drawing functions take the app only for its fonts
and scale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from client import ui
from client.i18n import _
from client.widgets import fit_text

GRID = (48, 84, 66)
AXIS = (120, 150, 130)


@dataclass
class Series:
    """One line of a line chart: y values at x = 1, 2, 3...; ``width`` in design pixels."""

    values: Sequence[float]
    color: tuple[int, int, int]
    width: float = 2.0
    dots: bool = False


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round axis values covering ``lo``..``hi`` (steps of 1, 2 or 5 times a power of ten), at most ``most``.

    >>> nice_ticks(0, 162)
    [0.0, 50.0, 100.0, 150.0, 200.0]
    >>> nice_ticks(-12, 30)
    [-20.0, -10.0, 0.0, 10.0, 20.0, 30.0]
    """
    if hi < lo:
        lo, hi = hi, lo
    if hi - lo < 1e-9:
        hi = lo + 1
    raw = (hi - lo) / max(1, most - 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    first = math.floor(lo / step) * step
    out: list[float] = []
    v = first
    while v < hi + step * 0.999 and len(out) < most + 2:
        out.append(float(round(v, 9)))
        if v >= hi - 1e-9:
            break
        v += step
    return out


def scale_to(value: float, lo: float, hi: float, a: float, b: float) -> float:
    """Map ``value`` from ``lo``..``hi`` to ``a``..``b`` (the middle of ``a``..``b`` when the range is empty)."""
    if hi - lo < 1e-12:
        return (a + b) / 2
    return a + (value - lo) * (b - a) / (hi - lo)


def small(app: Any) -> int:
    """The size of axis labels: 12 design pixels, never below 11 real ones."""
    return max(11, int(app.px(12)))


def _frame(surf: pygame.Surface, app: Any, rect: pygame.Rect, title: str) -> pygame.Rect:
    """The chart's panel and title; return the plotting area inside it."""
    surf.blit(ui.panel(rect.size, (12, 26, 20, 255), ui.PANEL_BORDER, app.px(12), max(1, app.px(2))), rect.topleft)
    text, px = fit_text(app.fonts, title, app.px(17), rect.w - app.px(28), "bold")
    t = app.fonts.text(text, px, ui.GOLD, "bold")
    surf.blit(t, (rect.x + app.px(14), rect.y + app.px(10)))
    return pygame.Rect(rect.x + app.px(52), rect.y + app.px(42), rect.w - app.px(68), rect.h - app.px(42 + 50))


def _y_axis(surf: pygame.Surface, app: Any, area: pygame.Rect, ticks: list[float]) -> None:
    lo, hi = ticks[0], ticks[-1]
    for v in ticks:
        y = int(scale_to(v, lo, hi, area.bottom, area.top))
        pygame.draw.line(surf, AXIS if v == 0 else GRID, (area.x, y), (area.right, y), 1)
        label = f"{v:.0f}" if abs(v) >= 1 or v == 0 else f"{v:.1f}"
        t = app.fonts.text(label, small(app), ui.TEXT_DIM)
        surf.blit(t, (area.x - t.get_width() - app.px(6), y - t.get_height() // 2))


def _x_labels(surf: pygame.Surface, app: Any, area: pygame.Rect, n: int, caption: str) -> None:
    if n <= 0:
        return
    step = max(1, math.ceil(n / 10))
    for i in range(0, n, step):
        x = scale_to(i + 1, 1, max(1, n), area.x, area.right) if n > 1 else area.centerx
        t = app.fonts.text(str(i + 1), small(app), ui.TEXT_DIM)
        surf.blit(t, (int(x) - t.get_width() // 2, area.bottom + app.px(4)))
    c = app.fonts.text(caption, small(app), ui.TEXT_DIM)
    surf.blit(c, (area.right - c.get_width(), area.bottom + app.px(36) - c.get_height() // 2))


def line_chart(surf: pygame.Surface, app: Any, rect: pygame.Rect, title: str, series: Sequence[Series], *,
               x_caption: str | None = None, guide: float | None = None, guide_label: str = "") -> None:
    """Lines over a ruled panel; ``guide`` draws a dashed horizontal line (a target score).

    The texts are shown as given (translate them); ``x_caption`` defaults to "deal".
    """
    area = _frame(surf, app, rect, title)
    values = [v for s in series for v in s.values]
    if not values:
        ui.blit_center(surf, app.fonts.text(_("Nothing to show yet."), app.px(16), ui.TEXT_DIM), area.center)
        return
    lo, hi = min(0.0, *values), max(values)
    if guide is not None:
        hi = max(hi, guide)
    ticks = nice_ticks(lo, hi)
    lo, hi = ticks[0], ticks[-1]
    _y_axis(surf, app, area, ticks)
    n = max(len(s.values) for s in series)
    if guide is not None:
        y = int(scale_to(guide, lo, hi, area.bottom, area.top))
        dash = app.px(8)
        for x in range(area.x, area.right, dash * 2):
            pygame.draw.line(surf, ui.GOLD_DARK, (x, y), (min(area.right, x + dash), y), max(1, app.px(2)))
        if guide_label:
            t = app.fonts.text(guide_label, small(app), ui.GOLD)
            surf.blit(t, (area.right - t.get_width(), y - t.get_height() - app.px(2)))
    clip = surf.get_clip()
    surf.set_clip(area.inflate(app.px(8), app.px(8)))
    for s in series:
        pts = [(scale_to(i + 1, 1, max(2, n), area.x, area.right), scale_to(v, lo, hi, area.bottom, area.top))
               for i, v in enumerate(s.values)]
        if len(pts) >= 2:
            pygame.draw.lines(surf, s.color, False, pts, max(1, int(s.width * app.scale)))
            pygame.draw.aalines(surf, s.color, False, pts)
        if s.dots or len(pts) == 1:
            for p in pts:
                pygame.draw.circle(surf, s.color, (int(p[0]), int(p[1])), max(2, int(s.width * app.scale * 1.4)))
    surf.set_clip(clip)
    _x_labels(surf, app, area, n, _("deal") if x_caption is None else x_caption)


def bar_chart(surf: pygame.Surface, app: Any, rect: pygame.Rect, title: str, values: Sequence[float], *,
              breaks: Sequence[int] = (), x_caption: str | None = None, mean_label: str | None = None) -> None:
    """Bars up (green) and down (red) from zero with the average as a gold line; ``breaks``: thin separators
    before these indices (where a new match begins)."""
    area = _frame(surf, app, rect, title)
    if not values:
        ui.blit_center(surf, app.fonts.text(_("Nothing to show yet."), app.px(16), ui.TEXT_DIM), area.center)
        return
    ticks = nice_ticks(min(0.0, *values), max(0.0, *values))
    lo, hi = ticks[0], ticks[-1]
    _y_axis(surf, app, area, ticks)
    n = len(values)
    slot = area.w / n
    bar = max(1, int(slot * 0.7))
    zero = scale_to(0, lo, hi, area.bottom, area.top)
    for i in breaks:
        if 0 < i < n:
            x = int(area.x + slot * i)
            pygame.draw.line(surf, (70, 110, 90), (x, area.top), (x, area.bottom), 1)
    for i, v in enumerate(values):
        x = int(area.x + slot * i + (slot - bar) / 2)
        y = scale_to(v, lo, hi, area.bottom, area.top)
        top, h = (y, zero - y) if v >= 0 else (zero, y - zero)
        r = pygame.Rect(x, int(top), bar, max(1, int(round(h))))
        col = ui.GREEN if v > 0 else (ui.RED if v < 0 else AXIS)
        pygame.draw.rect(surf, col, r, border_radius=min(app.px(3), bar // 3))
    mean = sum(values) / n
    y = int(scale_to(mean, lo, hi, area.bottom, area.top))
    pygame.draw.line(surf, ui.GOLD, (area.x, y), (area.right, y), max(1, app.px(2)))
    label = _("average") if mean_label is None else mean_label
    t = app.fonts.text(f"{label} {mean:.1f}", max(12, app.px(15)), ui.GOLD, "bold")
    surf.blit(t, (rect.right - t.get_width() - app.px(14), rect.y + app.px(12)))  # on the title line, off the bars
    _x_labels(surf, app, area, n, _("deal") if x_caption is None else x_caption)


def legend(surf: pygame.Surface, app: Any, pos: tuple[int, int], entries: Sequence[tuple[str, tuple[int, int, int]]],
           right: bool = True) -> None:
    """A row of colour swatches with words, ending at (or starting from) ``pos``."""
    items = [(app.fonts.text(text, small(app), ui.TEXT_DIM), col) for text, col in entries]
    sw = app.px(16)
    gap = app.px(12)
    total = sum(sw + app.px(4) + t.get_width() for t, _ in items) + gap * (len(items) - 1)
    x = pos[0] - total if right else pos[0]
    for t, col in items:
        pygame.draw.line(surf, col, (x, pos[1]), (x + sw, pos[1]), max(2, app.px(3)))
        x += sw + app.px(4)
        surf.blit(t, (x, pos[1] - t.get_height() // 2))
        x += t.get_width() + gap
