"""Animation pieces: eased card flights, floating pop-ups, banners and confetti.

Everything advances by ``update(dt)`` (the fixed step) scaled by the
animation-speed setting, and draws from cached surfaces only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from client import ui
from client.textfit import fit_text

Point = tuple[float, float]


@dataclass
class CardSprite:
    """A card (``card=None`` for a back) moving between two poses with easing."""

    card: str | None
    width: int
    pos: Point
    angle: float = 0.0
    src: Point = (0.0, 0.0)
    src_angle: float = 0.0
    dst: Point = (0.0, 0.0)
    dst_angle: float = 0.0
    t: float = 1.0
    dur: float = 0.0
    delay: float = 0.0
    alpha: int = 255
    fade_out: bool = False
    on_land: Callable[[], None] | None = None
    tag: str = ""
    shown: bool = False  # drawn at least once: it stays in sight while a flight's delay runs

    def fly(self, dst: Point, angle: float | None = None, dur: float = 0.35, delay: float = 0.0,
            fade_out: bool = False) -> None:
        """Start flying from the current pose to ``dst``."""
        self.src, self.src_angle = self.pos, self.angle
        self.dst = dst
        self.dst_angle = self.angle if angle is None else angle
        self.angle = self.src_angle = self.dst_angle  # no spin in flight: every pose stays a cached image
        self.t, self.dur, self.delay = 0.0, max(0.001, dur), delay
        self.fade_out = fade_out

    @property
    def moving(self) -> bool:
        """True until the flight lands."""
        return self.t < 1.0

    def update(self, dt: float) -> None:
        """Advance the flight."""
        if self.t >= 1.0:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt, self.delay = -self.delay, 0.0  # the frame's time left after the delay moves the card
        self.t = min(1.0, self.t + dt / self.dur)
        e = ui.ease_out_cubic(self.t)
        self.pos = (ui.lerp(self.src[0], self.dst[0], e), ui.lerp(self.src[1], self.dst[1], e))
        # arc a little: lift mid-flight
        lift = math.sin(self.t * math.pi) * self.width * 0.25
        self.pos = (self.pos[0], self.pos[1] - lift)
        self.angle = ui.lerp(self.src_angle, self.dst_angle, e)
        if self.fade_out:
            self.alpha = int(255 * (1 - max(0.0, (self.t - 0.6) / 0.4)))
        if self.t >= 1.0 and self.on_land is not None:
            cb, self.on_land = self.on_land, None
            cb()

    def draw(self, surf: pygame.Surface, cards: object, shadow: bool = True) -> None:
        """Draw from the card cache (rotation rounded to whole degrees).

        A card not yet shown waits out its flight's delay unseen (a dealt card is not at the stock before its
        turn); one already on screen stays where it is until it starts (a collected trick's cards).
        """
        if self.delay > 0 and self.t == 0.0 and not self.shown:
            return
        self.shown = True
        img = cards.rotated(self.card, self.width, self.angle)  # type: ignore[attr-defined]
        if shadow:
            sh = cards.shadow(self.width, self.angle)  # type: ignore[attr-defined]
            off = self.width * 0.06
            ui.blit_center(surf, sh, (self.pos[0] + off * 0.5, self.pos[1] + off))
        if self.alpha < 255:
            img.set_alpha(self.alpha)
            ui.blit_center(surf, img, self.pos)
            img.set_alpha(None)
        else:
            ui.blit_center(surf, img, self.pos)


@dataclass
class Popup:
    """Text that rises and fades (``+86``, ``Bella!``) near a point."""

    text: str
    pos: Point
    color: tuple[int, int, int] = ui.GOLD
    px: int = 30
    life: float = 1.6
    age: float = 0.0
    drift: float = -1.0
    """Which way the text drifts: -1 rises, +1 sinks."""

    def update(self, dt: float) -> None:
        """Advance."""
        self.age += dt

    @property
    def alive(self) -> bool:
        """Still visible."""
        return self.age < self.life

    def hurry(self, fade: float = 0.3) -> None:
        """Fade out within ``fade`` seconds (play has moved on under the announcement)."""
        self.age = max(self.age, self.life - fade)

    def draw(self, surf: pygame.Surface, fonts: ui.Fonts) -> None:
        """Draw with a pop-in scale (from cached text at a few sizes) and fade-out."""
        k = self.age / self.life
        grow = ui.ease_out_back(min(1.0, self.age / 0.25))
        size = max(8, int(self.px * (0.6 + 0.4 * grow)) // 2 * 2)
        img = fonts.shadowed(self.text, size, self.color, "bold")
        y = self.pos[1] + self.drift * 34 * k * (self.px / 30)
        alpha = int(255 * (1 - max(0.0, (k - 0.65) / 0.35)))
        img.set_alpha(alpha)
        ui.blit_center(surf, img, (self.pos[0], y))
        img.set_alpha(None)


@dataclass
class Banner:
    """A big centred announcement (``Bella!``, ``Capot``, ``Your turn``)."""

    text: str
    sub: str = ""
    color: tuple[int, int, int] = ui.GOLD
    life: float = 1.8
    age: float = 0.0

    def update(self, dt: float) -> None:
        """Advance."""
        self.age += dt

    @property
    def alive(self) -> bool:
        """Still visible."""
        return self.age < self.life

    def hurry(self, fade: float = 0.3) -> None:
        """Fade out within ``fade`` seconds (play has moved on under the announcement)."""
        self.age = max(self.age, self.life - fade)

    def size(self, screen_w: int, fonts: ui.Fonts, scale: float) -> tuple[int, int]:
        """The band's full size: as wide as its words need, at most half the window."""
        need = max(fonts.shadowed(self.text, int(54 * scale), self.color, "serif").get_width(),
                   fonts.text(self.sub, int(20 * scale), ui.TEXT).get_width() if self.sub else 0)
        return min(int(screen_w * 0.5), int(need + 64 * scale)), int(110 * scale) if self.sub else int(84 * scale)

    def draw(self, surf: pygame.Surface, fonts: ui.Fonts, center: Point, scale: float) -> None:
        """Slide in, hold, fade: the band, its title and its line are drawn on one layer that fades as a whole."""
        k = self.age / self.life
        appear = ui.ease_out_back(min(1.0, self.age / 0.3))
        alpha = int(255 * max(0.0, min(1.0, (1 - k) / 0.25)))
        w = int(self.size(surf.get_width(), fonts, scale)[0] * appear)
        h = int(110 * scale) if self.sub else int(84 * scale)
        if w < 4 or alpha <= 0:
            return
        layer = ui.panel((w, h), (8, 20, 14, 244), self.color, int(16 * scale), 3).copy()
        px = int(54 * scale)
        t = fonts.shadowed(self.text, px, self.color, "serif")
        full = int(surf.get_width() * 0.5)
        while t.get_width() > full - 30 * scale and px > 16:  # a long announcement shrinks to fit its band
            px = int(px * 0.85)
            t = fonts.shadowed(self.text, px, self.color, "serif")
        # While the band slides open its words are revealed from the middle, clipped inside its border (not
        # hidden until they fit, which showed the short line alone for a few frames before the title).
        edge = int(10 * scale)
        layer.set_clip(pygame.Rect(edge, 3, max(0, w - 2 * edge), h - 6))
        ui.blit_center(layer, t, (w / 2, h / 2 - (14 * scale if self.sub else 0)))
        if self.sub:
            # a long (translated) line shrinks to the band rather than spill out of it
            st = fit_text(fonts, self.sub, int(20 * scale), int(full - 30 * scale), ui.TEXT)
            ui.blit_center(layer, st, (w / 2, h / 2 + 32 * scale))
        layer.set_clip(None)
        layer.set_alpha(alpha)
        ui.blit_center(surf, layer, center)


@dataclass
class Confetti:
    """A burst of falling confetti for a match win."""

    w: int
    h: int
    n: int = 160
    seed: int = 1
    parts: list[list[float]] = field(default_factory=list)
    age: float = 0.0
    life: float = 6.0

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        colors = [(240, 196, 92), (214, 52, 58), (88, 200, 120), (86, 150, 230), (240, 240, 240)]
        for _i in range(self.n):
            c = rng.choice(colors)
            self.parts.append([rng.uniform(0, self.w), rng.uniform(-self.h * 0.6, 0), rng.uniform(-40, 40),
                               rng.uniform(120, 260), rng.uniform(0, 6.28), rng.uniform(3, 9), *c])

    def update(self, dt: float) -> None:
        """Fall and flutter."""
        self.age += dt
        for p in self.parts:
            p[0] += p[2] * dt + math.sin(self.age * 3 + p[4]) * 30 * dt
            p[1] += p[3] * dt
            p[4] += dt * 4

    @property
    def alive(self) -> bool:
        """Still falling."""
        return self.age < self.life

    def draw(self, surf: pygame.Surface, scale: float) -> None:
        """Small spinning rectangles (cheap rects, no rotation)."""
        for p in self.parts:
            if p[1] < -10 or p[1] > self.h + 10:
                continue
            wd = max(2, int(p[5] * scale * abs(math.cos(p[4]))))
            hd = max(2, int(p[5] * scale * 0.6))
            surf.fill((int(p[6]), int(p[7]), int(p[8])), (int(p[0]), int(p[1]), wd, hd))
