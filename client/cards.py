"""Card faces and backs drawn by our own code, crisp at any size, cached per size.

Suits are polygons (sampled curves), so nothing depends on a font having the
suit glyphs; indices use the shipped DejaVu Serif Bold.  Faces are drawn on an
opaque surface with anti-aliased primitives, then the rounded corners are cut
with an alpha mask (see PLATFORM.md: ``gfxdraw`` on SRCALPHA breaks alpha).

Every derived surface (face, back, dimmed, rotated, shadow, glow) is cached
by (card, width, ...) so the table never scales or rotates during a frame.
"""

from __future__ import annotations

import contextlib
import math
from collections import OrderedDict

import pygame
import pygame.gfxdraw

from client import ui

RATIO = 1.4
PAPER = (252, 250, 243)
BACK_COLORS = {"crimson": ((150, 22, 36), (206, 60, 64)), "navy": ((22, 44, 120), (70, 110, 196)),
               "emerald": ((10, 90, 60), (46, 160, 110))}
RANK_TEXT = {"T": "10", "X": "\u2605"}

Point = tuple[float, float]


def _heart() -> list[Point]:
    pts = []
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x / 17.0, (y + 2.5) / 15.0))
    return pts


def _diamond() -> list[Point]:
    pts: list[Point] = []
    corners = [(0.0, -1.0), (0.78, 0.0), (0.0, 1.0), (-0.78, 0.0)]
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        for i in range(12):
            t = i / 12
            x = a[0] + (b[0] - a[0]) * t
            y = a[1] + (b[1] - a[1]) * t
            bow = 0.07 * math.sin(math.pi * t)  # concave sides
            x -= bow * (1 if x > 0 else -1) * 0.9
            y -= bow * (1 if y > 0 else -1) * 0.9
            pts.append((x, y))
    return pts


def _spade_body() -> list[Point]:
    return [(x * 1.02, -y * 0.98 - 0.18) for x, y in _heart()]


def _stem(width: float = 0.36) -> list[Point]:
    pts: list[Point] = []
    for i in range(9):  # concave left flank from (−0.05, 0.2) to (−width, 1.0)
        t = i / 8
        pts.append((-0.05 - (width - 0.05) * t * t, 0.2 + 0.8 * t))
    for i in range(9):
        t = 1 - i / 8
        pts.append((0.05 + (width - 0.05) * t * t, 0.2 + 0.8 * t))
    return pts


HEART = _heart()
DIAMOND = _diamond()
SPADE = _spade_body()
STEM = _stem()


def draw_suit(surf: pygame.Surface, suit: str, center: Point, size: float,
              color: tuple[int, int, int], flip: bool = False) -> None:
    """Draw suit ``suit`` (S/H/D/C) of height about ``size`` centred on ``center``.

    ``flip`` draws it upside down (pips on the lower half of a card).
    """
    cx, cy = center
    r = size / 2
    sy = -1.0 if flip else 1.0

    def poly(points: list[Point], dx: float = 0.0, dy: float = 0.0, k: float = 1.0) -> None:
        pts = [(cx + (x * k + dx) * r, cy + sy * (y * k + dy) * r) for x, y in points]
        if len(pts) >= 3:
            pygame.gfxdraw.filled_polygon(surf, pts, color)
            pygame.gfxdraw.aapolygon(surf, pts, color)

    def circle(x: float, y: float, rad: float) -> None:
        px, py, pr = int(round(cx + x * r)), int(round(cy + sy * y * r)), int(round(rad * r))
        if pr >= 1:
            pygame.gfxdraw.filled_circle(surf, px, py, pr, color)
            pygame.gfxdraw.aacircle(surf, px, py, pr, color)

    if suit == "H":
        poly(HEART)
    elif suit == "D":
        poly(DIAMOND)
    elif suit == "S":
        poly(SPADE, 0, -0.08, 0.86)
        poly(STEM, 0, -0.05, 1.0)
    elif suit == "C":
        circle(0.0, -0.5, 0.42)
        circle(-0.47, 0.1, 0.42)
        circle(0.47, 0.1, 0.42)
        poly([(-0.25, -0.2), (0.25, -0.2), (0.3, 0.2), (-0.3, 0.2)])
        poly(STEM, 0, -0.02, 1.0)


# pip positions (x in -1..1 across the pip box, y in -1..1 down it) for ranks 2..10
PIPS: dict[str, list[Point]] = {
    "2": [(0, -1), (0, 1)],
    "3": [(0, -1), (0, 0), (0, 1)],
    "4": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    "5": [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    "6": [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    "7": [(-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    "8": [(-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    "9": [(-1, -1), (1, -1), (-1, -1 / 3), (1, -1 / 3), (0, 0), (-1, 1 / 3), (1, 1 / 3), (-1, 1), (1, 1)],
    "T": [(-1, -1), (1, -1), (0, -2 / 3), (-1, -1 / 3), (1, -1 / 3), (-1, 1 / 3), (1, 1 / 3), (0, 2 / 3),
          (-1, 1), (1, 1)],
}

COURT = {"J": ((44, 84, 170), (230, 186, 70)), "Q": ((176, 36, 60), (240, 200, 96)),
         "K": ((120, 40, 140), (240, 196, 80))}
"""Each rank's robe and trim (the spade's figure); the other suits dress their own way (``COURT_SUITS``)."""
COURT_SUITS: dict[tuple[str, str], tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    ("J", "H"): ((40, 128, 84), (236, 190, 76)), ("J", "D"): ((196, 118, 34), (250, 226, 150)),
    ("J", "C"): ((36, 110, 126), (214, 176, 96)),
    ("Q", "H"): ((196, 40, 56), (246, 206, 110)), ("Q", "D"): ((210, 96, 150), (250, 222, 130)),
    ("Q", "C"): ((64, 64, 150), (230, 196, 100)),
    ("K", "H"): ((176, 44, 44), (244, 204, 90)), ("K", "D"): ((34, 110, 70), (236, 196, 96)),
    ("K", "C"): ((70, 70, 84), (226, 186, 80)),
}
HAIR = {"S": (74, 46, 26), "H": (214, 170, 84), "D": (150, 62, 30), "C": (34, 30, 34)}
"""Every suit's figures have their own hair; hearts and clubs face the other way (the half is mirrored)."""


class CardArt:
    """Renders and caches card faces/backs per size, style and back colour."""

    def __init__(self) -> None:
        self.four_colour = False
        self.back_name = "crimson"
        self.letters: dict[str, str] = {}
        self.words: dict[str, str] = {}
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self.fonts = ui.Fonts()
        self.max_cached = 1600
        self.budget = 1_000_000
        """New rotated images allowed this frame; past it, the nearest cached pose is used."""

    def configure(self, style: str, back: str, indices: str = "J Q K A",
                  words: dict[str, str] | None = None) -> None:
        """Use ``style`` (``classic`` / ``four_colour``), back colour ``back``, the corner letters
        ``indices`` of the jack, queen, king and ace (space separated, e.g. ``"В Д К Т"``) and the
        ``words`` printed on the jokers (``joker``, ``high``, ``low``, in the player's language)."""
        four = style == "four_colour"
        letters = dict(zip("JQKA", indices.split(), strict=False))
        words = dict(words or {})
        if four != self.four_colour or back != self.back_name or letters != self.letters or words != self.words:
            self.four_colour = four
            self.back_name = back if back in BACK_COLORS else "crimson"
            self.letters = letters
            self.words = words
            self._cache.clear()

    def _get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
        return s

    def _put(self, key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surf
        if len(self._cache) > self.max_cached:
            self._cache.popitem(last=False)
        return surf

    @staticmethod
    def height(width: int) -> int:
        """Card height for ``width``."""
        return int(round(width * RATIO))

    # ------------------------------------------------------------ surfaces
    def face(self, card: str, width: int) -> pygame.Surface:
        """The face of ``card`` (``"JH"``, ``"X1"``) at ``width`` pixels wide."""
        width = max(12, int(width))
        key = ("f", card, width)
        s = self._get(key)
        if s is None:
            s = self._put(key, self._finish(self._draw_face(card, width), width))
        return s

    def back(self, width: int) -> pygame.Surface:
        """The card back at ``width`` pixels wide."""
        width = max(12, int(width))
        key = ("b", width)
        s = self._get(key)
        if s is None:
            s = self._put(key, self._finish(self._draw_back(width), width))
        return s

    def image(self, card: str | None, width: int) -> pygame.Surface:
        """Face of ``card``, or the back when ``card`` is ``None``/``"back"``."""
        if card is None or card == "back":
            return self.back(width)
        return self.face(card, width)

    def dimmed(self, card: str, width: int) -> pygame.Surface:
        """The face darkened and greyed (an illegal card in hand)."""
        key = ("d", card, int(width))
        s = self._get(key)
        if s is None:
            s = self.face(card, width).copy()
            s.fill((168, 172, 168, 255), special_flags=pygame.BLEND_RGBA_MULT)
            s = self._put(key, s)
        return s

    def rotated(self, card: str | None, width: int, angle: float) -> pygame.Surface:
        """The face (or back) rotated by ``angle`` degrees (rounded to a whole degree), cached.

        When this frame's :attr:`budget` of new rotations is spent, the upright
        image stands in for a frame or two (the rotation is made on a later frame).
        """
        a = int(round(angle)) % 360
        key = ("r", card or "back", int(width), a)
        s = self._get(key)
        if s is None:
            base = self.image(card, width)
            if a == 0:
                return base
            if self.budget <= 0:
                return base
            self.budget -= 1
            s = self._put(key, pygame.transform.rotozoom(base, a, 1.0))
        return s

    def shadow(self, width: int, angle: float = 0) -> pygame.Surface:
        """A soft shadow for a card of ``width``; ``angle`` is rounded to the nearest quarter turn."""
        a = (int(round(angle / 90.0)) * 90) % 360
        key = ("s", int(width), a)
        s = self._get(key)
        if s is None:
            w, h = int(width), self.height(int(width))
            pad = max(4, w // 10)
            base = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(base, (0, 0, 0, 110), (pad, pad, w, h), border_radius=max(3, w // 12))
            with contextlib.suppress(AttributeError, ValueError, pygame.error):
                base = pygame.transform.gaussian_blur(base, max(1, pad // 2))
            s = self._put(key, base if a == 0 else pygame.transform.rotate(base, a))
        return s

    def hand_card(self, card: str, width: int, angle: float, dim: bool) -> pygame.Surface:
        """Card plus its soft shadow pre-composited (one blit per hand card), rotated; cached."""
        a = int(round(angle))
        key = ("h", card, int(width), a, dim)
        s = self._get(key)
        if s is None and a != 0 and self.budget <= 0:
            up = self._get(("h", card, int(width), 0, dim))
            if up is not None:
                return up
        if s is None:
            self.budget -= 1
            base = self.dimmed(card, width) if dim else self.face(card, width)
            sh = self.shadow(width)
            comp = pygame.Surface(sh.get_size(), pygame.SRCALPHA)
            off = max(1, int(width * 0.05))
            comp.blit(sh, (off // 2, off))
            comp.blit(base, ((sh.get_width() - base.get_width()) // 2, (sh.get_height() - base.get_height()) // 2))
            s = self._put(key, comp if a == 0 else pygame.transform.rotozoom(comp, a, 1.0))
        return s

    def glow(self, width: int, color: tuple[int, int, int] = ui.GOLD) -> pygame.Surface:
        """A coloured outline slightly larger than a card (selection/legal highlight)."""
        key = ("g", int(width), color)
        s = self._get(key)
        if s is None:
            w, h = int(width), self.height(int(width))
            t = max(2, w // 28)
            s = pygame.Surface((w + 4 * t, h + 4 * t), pygame.SRCALPHA)
            r = max(4, w // 10)
            pygame.draw.rect(s, (*color, 90), s.get_rect(), border_radius=r + 2 * t)
            pygame.draw.rect(s, (*color, 255), s.get_rect().inflate(-t, -t), width=t, border_radius=r + t)
            s = self._put(key, s)
        return s

    # ------------------------------------------------------------- drawing
    def _finish(self, face: pygame.Surface, width: int) -> pygame.Surface:
        """Cut rounded corners into an opaque face and return a per-pixel-alpha surface."""
        w, h = face.get_size()
        if pygame.display.get_surface() is not None:
            card = face.convert_alpha()
        else:  # no window yet: build the per-pixel-alpha copy by hand
            card = pygame.Surface((w, h), pygame.SRCALPHA)
            card.blit(face, (0, 0))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, width // 12))
        card.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return card

    def _ink(self, suit: str) -> tuple[int, int, int]:
        return ui.suit_color(suit, self.four_colour)

    def _draw_face(self, card: str, w: int) -> pygame.Surface:
        surf = self._draw_face_body(card, w)
        rad = max(3, w // 12)
        pygame.draw.rect(surf, (168, 160, 146), surf.get_rect(), width=max(1, w // 90), border_radius=rad)
        return surf

    def _draw_face_body(self, card: str, w: int) -> pygame.Surface:
        h = self.height(w)
        surf = pygame.Surface((w, h))
        surf.fill(PAPER)
        rank, suit = card[0], card[1]
        if rank == "X":
            self._draw_joker(surf, card)
            return surf
        ink = self._ink(suit)
        small = w < 56
        # corner indices
        rtxt = RANK_TEXT.get(rank) or self.letters.get(rank, rank)
        ipx = int(w * (0.30 if small else 0.2))
        if len(rtxt) == 2:
            ipx = int(ipx * 0.86)
        font = self.fonts.font(ipx, "serif")
        glyph = font.render(rtxt, True, ink)
        if len(rtxt) == 2:
            glyph = pygame.transform.smoothscale(glyph, (int(glyph.get_width() * 0.8), glyph.get_height()))
        mx = int(w * (0.15 if small else 0.12))
        top = int(w * 0.08)
        corner = pygame.Surface((int(w * 0.3) if not small else int(w * 0.44), int(h * 0.42)))
        corner.fill(PAPER)
        cw = corner.get_width()
        ink_box = glyph.get_bounding_rect()
        corner.blit(glyph, (cw // 2 - glyph.get_width() // 2, -ink_box.y))
        psize = w * (0.2 if small else 0.15)
        # the suit sits a clear gap below the rank's ink (a Q's tail must not touch a spade's point)
        suit_top = ink_box.h + max(2.0, w * 0.035)
        draw_suit(corner, suit, (cw / 2, suit_top + psize / 2), psize, ink)
        ch = int(suit_top + psize * 1.1)
        corner = corner.subsurface((0, 0, cw, min(ch, corner.get_height()))).copy()
        surf.blit(corner, (mx - cw // 2, top))
        if small:  # one index (the fan shows the top-left corner) and a big pip: no clash at this size
            draw_suit(surf, suit, (w * 0.6, h * 0.66), w * 0.52, ink)
            return surf
        surf.blit(pygame.transform.rotate(corner, 180), (w - mx - cw // 2, h - top - corner.get_height()))
        if rank == "A":
            size = w * 0.46
            if suit == "S":
                pygame.draw.circle(surf, (226, 214, 186), (w // 2, h // 2), int(w * 0.33))
                pygame.draw.circle(surf, ink, (w // 2, h // 2), int(w * 0.33), max(1, w // 70))
                size = w * 0.5
            draw_suit(surf, suit, (w / 2, h / 2), size, ink)
        elif rank in COURT:
            self._draw_court(surf, rank, suit, ink)
        else:
            box_l, box_r = w * 0.3, w * 0.7
            box_t, box_b = h * 0.2, h * 0.8
            psize = w * (0.2 if rank not in "9T" else 0.18)
            for x, y in PIPS[rank]:
                px = (box_l + box_r) / 2 + x * (box_r - box_l) / 2
                py = (box_t + box_b) / 2 + y * (box_b - box_t) / 2
                draw_suit(surf, suit, (px, py), psize, ink, flip=y > 0.01)
        return surf

    def _draw_court(self, surf: pygame.Surface, rank: str, suit: str, ink: tuple[int, int, int]) -> None:
        """A double-headed court figure in a gold frame (drawn once per size and cached)."""
        w, h = surf.get_size()
        fx, fy = int(w * 0.23), int(h * 0.1)
        fw, fh = w - 2 * fx, h - 2 * fy
        robe, trim = COURT_SUITS.get((rank, suit), COURT[rank])
        hair = HAIR.get(suit, HAIR["S"])
        dark = tuple(max(0, c - 70) for c in robe)
        line = (60, 40, 24)
        lw = max(1, w // 110)
        half = pygame.Surface((fw, fh // 2))
        half.fill((248, 240, 220))
        hw, hh = half.get_size()
        for k in range(-hh, hw, max(4, w // 22)):  # faint diagonal hatching
            pygame.draw.line(half, (240, 228, 200), (k, hh), (k + hh, 0), 1)

        def poly(points: list[tuple[float, float]], fill: tuple[int, ...], outline: bool = True) -> None:
            pygame.gfxdraw.filled_polygon(half, points, fill)
            pygame.gfxdraw.aapolygon(half, points, line if outline else fill)

        # robe with a darker lining and a trimmed centre band
        poly([(0, hh), (hw * 0.06, hh * 0.64), (hw * 0.3, hh * 0.5), (hw * 0.7, hh * 0.5), (hw * 0.94, hh * 0.64),
              (hw, hh)], robe)
        poly([(hw * 0.06, hh * 0.64), (hw * 0.3, hh * 0.5), (hw * 0.22, hh), (0, hh)], dark)
        poly([(hw * 0.94, hh * 0.64), (hw * 0.7, hh * 0.5), (hw * 0.78, hh), (hw, hh)], dark)
        poly([(hw * 0.38, hh * 0.5), (hw * 0.62, hh * 0.5), (hw * 0.56, hh), (hw * 0.44, hh)], trim)
        for k in range(4):  # buttons down the band
            y = hh * (0.6 + 0.1 * k)
            pygame.gfxdraw.filled_circle(half, int(hw * 0.5), int(y), max(1, w // 90), line)
        # collar
        pygame.gfxdraw.filled_ellipse(half, int(hw * 0.5), int(hh * 0.52), int(hw * 0.2), int(hh * 0.05),
                                      (252, 252, 248))
        pygame.gfxdraw.aaellipse(half, int(hw * 0.5), int(hh * 0.52), int(hw * 0.2), int(hh * 0.05), line)
        # head, with the suit's hair behind it
        hr = int(hw * 0.16)
        hx, hy = int(hw * 0.5), int(hh * 0.34)
        if rank == "Q":
            poly([(hx - hr * 1.15, hy - hr * 0.2), (hx - hr * 1.2, hy + hr * 1.3), (hx + hr * 1.2, hy + hr * 1.3),
                  (hx + hr * 1.15, hy - hr * 0.2), (hx, hy - hr * 1.1)], hair)
        else:
            pygame.gfxdraw.filled_circle(half, hx, hy - max(1, hr // 6), int(hr * 1.08), hair)
        pygame.gfxdraw.filled_circle(half, hx, hy, hr, (250, 216, 180))
        pygame.gfxdraw.aacircle(half, hx, hy, hr, line)
        eye = max(1, hr // 8)
        pygame.draw.circle(half, (40, 30, 30), (hx - hr // 3, hy - hr // 8), eye)
        pygame.draw.circle(half, (40, 30, 30), (hx + hr // 3, hy - hr // 8), eye)
        pygame.draw.arc(half, (170, 60, 60), (hx - hr // 3, hy, 2 * (hr // 3), hr // 2), math.pi * 1.1,
                        math.pi * 1.9, max(1, hr // 10))
        if rank == "K":
            poly([(hx - hr * 0.75, hy + hr * 0.45), (hx + hr * 0.75, hy + hr * 0.45), (hx, hy + hr * 1.5)],
                 hair)
            poly([(hx - hr, hy - hr * 0.55), (hx - hr, hy - hr * 1.6), (hx - hr * 0.5, hy - hr * 1.05),
                  (hx, hy - hr * 1.8), (hx + hr * 0.5, hy - hr * 1.05), (hx + hr, hy - hr * 1.6),
                  (hx + hr, hy - hr * 0.55)], trim)
            for gx in (-0.5, 0, 0.5):
                pygame.gfxdraw.filled_circle(half, int(hx + gx * hr), int(hy - hr * 0.8), max(1, w // 100),
                                             (200, 40, 50))
            # sceptre
            sx = int(hw * 0.84)
            pygame.draw.line(half, (150, 110, 40), (sx, int(hh * 0.98)), (sx, int(hh * 0.32)), max(2, w // 60))
            pygame.gfxdraw.filled_circle(half, sx, int(hh * 0.3), max(2, w // 38), trim)
            pygame.gfxdraw.aacircle(half, sx, int(hh * 0.3), max(2, w // 38), line)
        elif rank == "Q":
            pygame.draw.arc(half, (150, 80, 30), (hx - hr * 1.25, hy - hr * 1.15, hr * 2.5, hr * 2.9), 0, math.pi,
                            max(2, hr // 3))
            poly([(hx - hr * 0.8, hy - hr * 0.75), (hx - hr * 0.4, hy - hr * 1.35), (hx, hy - hr * 1.05),
                  (hx + hr * 0.4, hy - hr * 1.35), (hx + hr * 0.8, hy - hr * 0.75)], trim)
            # a flower
            fxc, fyc = int(hw * 0.17), int(hh * 0.42)
            pygame.draw.line(half, (40, 120, 60), (fxc, fyc), (int(hw * 0.27), int(hh * 0.9)), max(1, w // 80))
            pr = max(2, w // 55)
            for k in range(5):
                a = k * 2 * math.pi / 5
                pygame.gfxdraw.filled_circle(half, int(fxc + math.cos(a) * pr * 1.3), int(fyc + math.sin(a) * pr * 1.3),
                                             pr, (232, 90, 120))
            pygame.gfxdraw.filled_circle(half, fxc, fyc, pr, trim)
        else:
            poly([(hx - hr * 1.1, hy - hr * 0.45), (hx - hr * 0.9, hy - hr * 1.25), (hx + hr * 0.9, hy - hr * 1.25),
                  (hx + hr * 1.1, hy - hr * 0.45)], robe)
            poly([(hx + hr * 0.6, hy - hr * 1.2), (hx + hr * 1.9, hy - hr * 2.1), (hx + hr * 1.0, hy - hr * 0.9)],
                 trim)
            # halberd
            px_ = int(hw * 0.15)
            pygame.draw.line(half, (120, 84, 40), (px_, int(hh * 0.98)), (px_, int(hh * 0.18)), max(2, w // 60))
            poly([(px_, hh * 0.06), (px_ + hw * 0.06, hh * 0.2), (px_, hh * 0.26), (px_ - hw * 0.06, hh * 0.2)],
                 (200, 204, 212))
        if suit in "HC":  # these figures face the other way
            half = pygame.transform.flip(half, True, False)
        # suit emblems in the upper corners of the frame, clear of what the figure holds
        held_left = (rank == "K") == (suit not in "HC")
        draw_suit(half, suit, (hw * (0.16 if held_left else 0.84), hh * 0.14), hw * 0.17, ink)
        surf.blit(half, (fx, fy))
        surf.blit(pygame.transform.rotate(half, 180), (fx, fy + fh - hh))
        pygame.draw.line(surf, trim, (fx, fy + fh // 2), (fx + fw, fy + fh // 2), max(1, w // 70))
        pygame.draw.rect(surf, ink, (fx, fy, fw, fh), max(1, w // 70))
        g = max(2, w // 40)
        pygame.draw.rect(surf, trim, (fx - g, fy - g, fw + 2 * g, fh + 2 * g), max(1, w // 100))
        del lw

    def _draw_joker(self, surf: pygame.Surface, card: str) -> None:
        w, h = surf.get_size()
        ink = (206, 28, 40) if card == "X1" else (20, 20, 24)
        px = int(w * 0.14)
        for i, ch in enumerate(self.words.get("joker", "JOKER")[:7]):
            g = self.fonts.font(px, "serif").render(ch, True, ink)
            surf.blit(g, (int(w * 0.12) - g.get_width() // 2, int(h * 0.06) + i * int(px * 1.05)))
        cx, cy, r = w / 2, h * 0.55, w * 0.3
        star = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            star.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.gfxdraw.filled_polygon(surf, star, ink)
        pygame.gfxdraw.aapolygon(surf, star, ink)
        label = self.words.get("high" if card == "X1" else "low", "HIGH" if card == "X1" else "LOW")
        t = self.fonts.font(int(w * 0.12), "bold").render(label, True, ink)
        if t.get_width() > w * 0.8:
            t = pygame.transform.smoothscale(t, (int(w * 0.8), t.get_height()))
        surf.blit(t, (cx - t.get_width() / 2, h * 0.8))

    def _draw_back(self, w: int) -> pygame.Surface:
        h = self.height(w)
        dark, light = BACK_COLORS[self.back_name]
        surf = pygame.Surface((w, h))
        surf.fill(PAPER)
        m = max(2, w // 14)
        inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        pygame.draw.rect(surf, dark, inner, border_radius=max(2, w // 20))
        step = max(4, w // 9)
        clip = surf.get_clip()
        surf.set_clip(inner.inflate(-2, -2))
        lw = max(1, w // 90)
        for k in range(-h, w + h, step):
            pygame.draw.line(surf, light, (inner.x + k, inner.y), (inner.x + k + h, inner.y + h), lw)
            pygame.draw.line(surf, light, (inner.x + k, inner.y), (inner.x + k - h, inner.y + h), lw)
        surf.set_clip(clip)
        pygame.draw.rect(surf, light, inner, width=max(1, w // 50), border_radius=max(2, w // 20))
        # central medallion
        cx, cy = w // 2, h // 2
        r = int(w * 0.24)
        pygame.gfxdraw.filled_circle(surf, cx, cy, r, dark)
        pygame.gfxdraw.aacircle(surf, cx, cy, r, PAPER)
        pygame.draw.circle(surf, PAPER, (cx, cy), r, max(1, w // 60))
        g = self.fonts.font(int(w * 0.3), "serif").render("B", True, PAPER)
        surf.blit(g, (cx - g.get_width() / 2, cy - g.get_height() / 2))
        # the four suits around the medallion, and an inner rule
        for (dx, dy), st in zip(((0, -1), (1, 0), (0, 1), (-1, 0)), "SHCD", strict=True):
            px_, py_ = cx + dx * (r + w * 0.075), cy + dy * (r + w * 0.2)
            pygame.draw.circle(surf, dark, (int(px_), int(py_)), int(w * 0.065))
            draw_suit(surf, st, (px_, py_), w * 0.09, PAPER)
        rule = inner.inflate(-max(4, w // 12), -max(4, w // 12))
        pygame.draw.rect(surf, light, rule, width=max(1, w // 120), border_radius=max(2, w // 24))
        pygame.draw.rect(surf, (168, 160, 146), surf.get_rect(), width=max(1, w // 90), border_radius=max(3, w // 12))
        return surf
