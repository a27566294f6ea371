"""Backgrounds: the felt table, the menu backdrop and the dimming veil, cached per size."""

from __future__ import annotations

import random

import pygame

_cache: dict[tuple[str, int, int], pygame.Surface] = {}


def _noise_tile(size: int, seed: int, amp: int) -> pygame.Surface:
    """A small grey noise tile, used with additive/subtractive blending as felt grain."""
    rng = random.Random(seed)
    tile = pygame.Surface((size, size))
    tile.fill((0, 0, 0))
    for _ in range(size * size // 3):
        v = rng.randrange(amp)
        tile.set_at((rng.randrange(size), rng.randrange(size)), (v, v, v))
    return tile


def felt(size: tuple[int, int], kind: str = "table") -> pygame.Surface:
    """A green felt surface with a soft spotlight and grain (cached per size).

    ``kind="menu"`` gives a darker, bluer-green variant for menus.
    """
    w, h = max(1, size[0]), max(1, size[1])
    key = (kind, w, h)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    lw, lh = 160, 90
    low = pygame.Surface((lw, lh))
    if kind == "menu":
        inner, outer = (22, 84, 62), (4, 22, 18)
    else:
        inner, outer = (34, 126, 76), (8, 46, 30)
    cx, cy = lw / 2, lh * 0.46
    maxd = ((lw / 2) ** 2 + (lh / 2) ** 2) ** 0.5
    for y in range(lh):
        for x in range(lw):
            dx, dy = (x - cx) / 1.15, y - cy
            d = min(1.0, ((dx * dx + dy * dy) ** 0.5) / maxd * 1.25)
            t = d * d
            low.set_at((x, y), tuple(int(inner[i] + (outer[i] - inner[i]) * t) for i in range(3)))
    surf = pygame.transform.smoothscale(low, (w, h))
    grain = _noise_tile(64, 7, 14)
    for ty in range(0, h, 64):
        for tx in range(0, w, 64):
            surf.blit(grain, (tx, ty), special_flags=pygame.BLEND_ADD)
    grain2 = _noise_tile(64, 11, 12)
    for ty in range(32, h, 64):
        for tx in range(32, w, 64):
            surf.blit(grain2, (tx - 64, ty - 64), special_flags=pygame.BLEND_SUB)
    surf = surf.convert() if pygame.display.get_surface() is not None else surf
    _cache[key] = surf
    if len(_cache) > 8:
        _cache.pop(next(iter(_cache)))
    return surf


def table_felt(size: tuple[int, int], ring: tuple[int, int, int, int]) -> pygame.Surface:
    """The table felt with the trick ring (centre x, centre y, width, height) baked in (cached)."""
    key = (f"table{ring}", size[0], size[1])
    surf = _cache.get(key)
    if surf is None:
        surf = felt(size, "table").copy()
        cx, cy, rw, rh = ring
        r = pygame.Rect(0, 0, rw, rh)
        r.center = (cx, cy)
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.ellipse(layer, (255, 255, 255, 14), layer.get_rect())
        pygame.draw.ellipse(layer, (255, 236, 180, 40), layer.get_rect(), max(1, rw // 300))
        surf.blit(layer, r.topleft)
        _cache[key] = surf
    return surf


def veil(size: tuple[int, int], alpha: int = 150) -> pygame.Surface:
    """A translucent black full-window surface for overlays (cached)."""
    key = (f"veil{alpha}", size[0], size[1])
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface(size)
        surf.fill((0, 0, 0))
        surf.set_alpha(alpha)
        _cache[key] = surf
    return surf


def clear() -> None:
    """Forget every cached background (after a display mode change)."""
    _cache.clear()
