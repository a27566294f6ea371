"""Menu widgets shared by every scene: buttons, labels, lists, text input, pickers.

A scene owns a :class:`WidgetGroup` (``scene.widgets``), fills it in its
``layout()`` with widgets whose ``rect`` it computes from the window size, and
the base :class:`client.scene.Scene` routes events to it.  The group gives
mouse hover/click, and keyboard focus: Up/Down/Tab move between focusable
widgets, Enter/Space activates, Left/Right change a :class:`Picker`.
A gamepad's d-pad and A/B buttons arrive as those keys (see ``client.app``).

Widgets draw themselves with the app's fonts and sounds (``draw(surf, app)``).
Their text never runs out of its room (translations can be much longer than
the English): it shrinks down to a floor (:data:`SHRINK_FLOOR` of its size),
then is cut short with "…" (see :func:`fit_text`).  ``text_overflow(app)``
says by how many pixels a widget's drawn text would still stick out (0 when
it fits), for the layout tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from client import ui
from client.i18n import _
from client.textfit import fit_px

if TYPE_CHECKING:
    from client.app import App


ELLIPSIS = "\u2026"
SHRINK_FLOOR = 0.7
"""Text shrinks to at most this fraction of its size before it is cut short with an ellipsis."""
MIN_PX = 10
"""Never smaller than this (pixels)."""
_fitted: dict[tuple[str, int, str, int, bool], tuple[str, int]] = {}


def fit_text(fonts: ui.Fonts, text: str, px: int, room: int, style: str = "sans", *,
             shrink: bool = True) -> tuple[str, int]:
    """The text and size to draw ``text`` within ``room`` pixels: ``(text, px)``.

    The size shrinks (``shrink``) down to :data:`SHRINK_FLOOR` of ``px`` (not
    below :data:`MIN_PX`); if it still does not fit, the end is replaced by
    "…".  A ``room`` of 0 or less means unbounded.  Results are cached.
    """
    px = int(px)
    if room <= 0 or not text:
        return text, px
    key = (text, px, style, int(room), shrink)
    hit = _fitted.get(key)
    if hit is not None:
        return hit
    size = fit_px(fonts, text, px, room, style, floor_scale=SHRINK_FLOOR, min_px=MIN_PX) if shrink else px
    shown = text
    font = fonts.font(size, style)
    if font.size(text)[0] > room:  # still too wide at the floor: cut it short
        lo, hi = 0, len(text)  # the longest prefix that fits with the ellipsis
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid].rstrip() + ELLIPSIS)[0] <= room:
                lo = mid
            else:
                hi = mid - 1
        shown = text[:lo].rstrip() + ELLIPSIS
    if len(_fitted) > 2000:
        _fitted.clear()
    _fitted[key] = (shown, size)
    return shown, size


def overflow(fonts: ui.Fonts, text: str, px: int, room: int, style: str = "sans", *, shrink: bool = True) -> int:
    """Pixels by which ``text`` drawn as :func:`fit_text` fits it still exceeds ``room`` (0 when it fits)."""
    if room <= 0 or not text:
        return 0
    shown, size = fit_text(fonts, text, px, room, style, shrink=shrink)
    return max(0, fonts.font(size, style).size(shown)[0] - room)


class Widget:
    """Base widget: a rect, visibility, focusability and an optional tooltip."""

    focusable = False

    def __init__(self, rect: pygame.Rect | None = None, *, tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.focused = False
        self.hovered = False
        self.tooltip = tooltip

    def handle(self, event: pygame.event.Event, app: App) -> bool:
        """React to ``event``; return True if it was consumed."""
        return False

    def activate(self, app: App) -> None:
        """Keyboard activation (Enter/Space) while focused."""

    def key(self, key: int, app: App) -> bool:
        """A key pressed while focused; return True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance any animation."""

    @property
    def animating(self) -> bool:
        """True while the widget's look changes by itself (the app keeps redrawing)."""
        return False

    def draw(self, surf: pygame.Surface, app: App) -> None:
        """Draw the widget."""

    def text_overflow(self, app: App) -> int:
        """Pixels by which the widget's drawn text would exceed its room (0 when it fits)."""
        return 0


class Label(Widget):
    """Static text, left/centre/right aligned in its rect, wrapped if ``wrap``."""

    def __init__(self, text: str, rect: pygame.Rect | None = None, *, px: int = 24,
                 color: ui.Color = ui.TEXT, style: str = "sans", align: str = "left",
                 wrap: bool = False) -> None:
        super().__init__(rect)
        self.text, self.px, self.color, self.style = text, px, color, style
        self.align, self.wrap = align, wrap

    def _lines(self, app: App) -> list[tuple[str, int]]:
        """The lines drawn and their sizes (a long line shrinks, then is cut short; wrapped lines only cut)."""
        if self.wrap:
            return [fit_text(app.fonts, line, self.px, self.rect.w, self.style, shrink=False)
                    for line in app.fonts.wrap(self.text, self.px, self.rect.w, self.style)]
        return [fit_text(app.fonts, self.text, self.px, self.rect.w, self.style)]

    def text_overflow(self, app: App) -> int:
        if self.rect.w <= 0:
            return 0
        return max((max(0, app.fonts.font(px, self.style).size(line)[0] - self.rect.w)
                    for line, px in self._lines(app)), default=0)

    def draw(self, surf: pygame.Surface, app: App) -> None:
        y = self.rect.y
        for line, px in self._lines(app):
            t = app.fonts.text(line, px, self.color, self.style)
            if self.align == "center":
                x = self.rect.centerx - t.get_width() // 2
            elif self.align == "right":
                x = self.rect.right - t.get_width()
            else:
                x = self.rect.x
            if not self.wrap:
                y = self.rect.centery - t.get_height() // 2
            surf.blit(t, (x, y))
            y += int(t.get_height() * 1.05)


class Button(Widget):
    """A clickable button; ``primary`` buttons are gold. ``hotkey`` triggers it too."""

    focusable = True

    def __init__(self, text: str, on_click: Callable[[], Any], rect: pygame.Rect | None = None, *,
                 primary: bool = False, hotkey: int | None = None, tooltip: str | None = None,
                 px: int | None = None, color: ui.Color | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.text, self.on_click, self.primary, self.hotkey = text, on_click, primary, hotkey
        self.px = px
        self.color = color
        self._press = 0.0

    def click(self, app: App) -> None:
        """Run the action (with the click sound)."""
        if not (self.enabled and self.visible):
            return
        app.sounds.play("click")
        self._press = 1.0
        self.on_click()

    def activate(self, app: App) -> None:
        self.click(app)

    def handle(self, event: pygame.event.Event, app: App) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)) or (
            event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey
        ):
            self.click(app)
            return True
        return False

    def update(self, dt: float) -> None:
        self._press = max(0.0, self._press - dt * 6)

    @property
    def animating(self) -> bool:
        return self._press > 0

    def draw(self, surf: pygame.Surface, app: App) -> None:
        if not self.visible:
            return
        hot = (self.hovered or self.focused) and self.enabled
        if not self.enabled:
            fill: ui.Color = ui.BUTTON_DISABLED
        elif self.color is not None:
            fill = self.color
        elif self.primary:
            fill = ui.BUTTON_PRIMARY_HOVER if hot else ui.BUTTON_PRIMARY
        else:
            fill = ui.BUTTON_HOVER if hot else ui.BUTTON
        r = self.rect
        radius = max(4, r.h // 4)
        shadow = ui.panel(r.size, (0, 0, 0, 80), None, radius)
        surf.blit(shadow, (r.x, r.y + max(2, r.h // 14)))
        dy = 1 if self._press > 0 else 0
        border = ui.GOLD if hot else (ui.GOLD_DARK if self.primary else (90, 130, 110))
        surf.blit(ui.panel(r.size, fill, border, radius, max(1, r.h // 22)), (r.x, r.y + dy))
        if self.focused and self.enabled:
            draw_focus_ring(surf, r, radius)
        color = (30, 22, 8) if self.primary and self.enabled else (ui.TEXT if self.enabled else (120, 130, 124))
        text, px = fit_text(app.fonts, self.text, self._px(), self._room(), "bold")
        ui.blit_center(surf, app.fonts.text(text, px, color, "bold"), (r.centerx, r.centery + dy))

    def _px(self) -> int:
        return self.px or max(12, int(self.rect.h * 0.42))

    def _room(self) -> int:
        return max(1, self.rect.w - max(8, self.rect.h // 3))

    def text_overflow(self, app: App) -> int:
        return overflow(app.fonts, self.text, self._px(), self._room(), "bold")


class Picker(Widget):
    """Choose one of ``choices`` ((value, text) pairs) with arrows or clicks; shows ``help`` below.

    The mouse wheel never changes a picker (it scrolls the form the picker sits in).
    """

    focusable = True

    def __init__(self, label: str, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any] | None = None, rect: pygame.Rect | None = None, *,
                 help: str | None = None) -> None:
        super().__init__(rect, tooltip=help)
        self.label = label
        self.choices = list(choices)
        self.help = help
        self.on_change = on_change
        self.index = 0
        for i, (v, _text) in enumerate(self.choices):
            if v == value and type(v) is type(value):
                self.index = i
                break

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.choices[self.index][0] if self.choices else None

    def step(self, d: int, app: App) -> None:
        """Move ``d`` choices (wrapping) and report the change."""
        if not self.choices or not self.enabled:
            return
        self.index = (self.index + d) % len(self.choices)
        app.sounds.play("tick")
        if self.on_change is not None:
            self.on_change(self.value)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self._box()
        a = box.h
        return pygame.Rect(box.x, box.y, a, a), pygame.Rect(box.right - a, box.y, a, a)

    def _box(self) -> pygame.Rect:
        r = self.rect
        w = int(r.w * 0.46)
        return pygame.Rect(r.right - w, r.y, w, r.h)

    def handle(self, event: pygame.event.Event, app: App) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button not in (1, 3):  # the wheel (buttons 4/5) scrolls what holds the picker, never edits
                return False
            if event.button in (1, 3):
                left, _right = self._arrows()
                self.step(-1 if left.collidepoint(event.pos) or event.button == 3 else 1, app)
            return True
        return False

    def key(self, key: int, app: App) -> bool:
        if key in (pygame.K_LEFT, pygame.K_a):
            self.step(-1, app)
            return True
        if key in (pygame.K_RIGHT, pygame.K_d):
            self.step(1, app)
            return True
        return False

    def activate(self, app: App) -> None:
        self.step(1, app)

    def draw(self, surf: pygame.Surface, app: App) -> None:
        if not self.visible:
            return
        r = self.rect
        hot = self.hovered or self.focused
        if hot:
            surf.blit(ui.panel(r.inflate(12, 6).size, (255, 255, 255, 22), None, 8), r.inflate(12, 6).topleft)
        if self.focused:
            draw_focus_ring(surf, r.inflate(12, 6), 8)
        px = max(12, int(r.h * 0.42))
        label, lpx = fit_text(app.fonts, self.label, px, self._label_room(), "bold")
        lab = app.fonts.text(label, lpx, ui.GOLD if hot else ui.TEXT, "bold")
        surf.blit(lab, (r.x, r.centery - lab.get_height() // 2))
        box = self._box()
        surf.blit(ui.panel(box.size, ui.PANEL_LIGHT, ui.GOLD if hot else (90, 130, 110), box.h // 4, 2), box.topleft)
        left, right = self._arrows()
        for a, sym in ((left, "\u25c0"), (right, "\u25b6")):
            ui.blit_center(surf, app.fonts.text(sym, int(px * 0.8), ui.GOLD, "sans"), a.center)
        text, vpx = fit_text(app.fonts, self._shown(), px, self._value_room(), "sans")
        ui.blit_center(surf, app.fonts.text(text, vpx, ui.TEXT, "sans"), box.center)

    def _shown(self) -> str:
        return self.choices[self.index][1] if self.choices else "-"

    def _label_room(self) -> int:
        return max(1, self._box().x - self.rect.x - max(6, self.rect.h // 5))

    def _value_room(self) -> int:
        box = self._box()
        return max(1, box.w - 2 * box.h - 4)

    def text_overflow(self, app: App) -> int:
        px = max(12, int(self.rect.h * 0.42))
        return max(overflow(app.fonts, self.label, px, self._label_room(), "bold"),
                   max((overflow(app.fonts, text, px, self._value_room(), "sans") for _v, text in self.choices),
                       default=0))


class TextInput(Widget):
    """A one-line text field. Enter calls ``on_submit``; ``max_len`` limits it."""

    focusable = True

    def __init__(self, text: str = "", rect: pygame.Rect | None = None, *, placeholder: str = "",
                 max_len: int = 40, on_submit: Callable[[str], Any] | None = None,
                 on_change: Callable[[str], Any] | None = None) -> None:
        super().__init__(rect)
        self.text, self.placeholder, self.max_len = text, placeholder, max_len
        self.on_submit, self.on_change = on_submit, on_change
        self._blink = 0.0

    def handle(self, event: pygame.event.Event, app: App) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            return True  # the group focuses us
        elif event.type == pygame.TEXTINPUT and self.focused:
            room = self.max_len - len(self.text)
            if room > 0:
                self.text += "".join(ch for ch in event.text if ch.isprintable())[:room]
                if self.on_change:
                    self.on_change(self.text)
            return True
        return False

    def key(self, key: int, app: App) -> bool:
        if key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            if self.on_change:
                self.on_change(self.text)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit:
                self.on_submit(self.text)
            return True
        # swallow printable keys so scene hotkeys do not fire while typing
        return 32 <= key < 127

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    @property
    def animating(self) -> bool:
        return self.focused  # the caret blinks

    def draw(self, surf: pygame.Surface, app: App) -> None:
        if not self.visible:
            return
        r = self.rect
        border = ui.GOLD if self.focused else (90, 130, 110)
        surf.blit(ui.panel(r.size, (8, 20, 14, 235), border, max(4, r.h // 5), 2), r.topleft)
        px = max(12, int(r.h * 0.45))
        pad = r.h // 4
        if self.text:  # typed text scrolls: its end (where the caret is) stays in view, clipped to the field
            t = app.fonts.text(self.text, px, ui.TEXT)
        else:
            shown, ppx = fit_text(app.fonts, self.placeholder, px, r.w - 2 * pad)
            t = app.fonts.text(shown, ppx, ui.TEXT_DIM)
        clip = surf.get_clip()
        surf.set_clip(r.inflate(-pad, -4))
        x = r.x + pad
        if t.get_width() > r.w - 2 * pad:
            x = r.right - pad - t.get_width()
        surf.blit(t, (x, r.centery - t.get_height() // 2))
        if self.focused and self._blink < 0.55:
            cx = x + (t.get_width() if self.text else 0) + 2
            pygame.draw.line(surf, ui.GOLD, (cx, r.y + r.h // 4), (cx, r.bottom - r.h // 4), 2)
        surf.set_clip(clip)

    def text_overflow(self, app: App) -> int:
        """The placeholder must fit; typed text scrolls inside the field (it is clipped, never spills)."""
        if self.text:
            return 0
        room = max(1, self.rect.w - 2 * (self.rect.h // 4))
        return overflow(app.fonts, self.placeholder, max(12, int(self.rect.h * 0.45)), room)


class ListView(Widget):
    """A scrolling list of rows. Click or Enter selects; double-click or Enter activates."""

    focusable = True

    def __init__(self, items: Sequence[str] = (), rect: pygame.Rect | None = None, *,
                 on_select: Callable[[int], Any] | None = None,
                 on_activate: Callable[[int], Any] | None = None, row_px: int = 36) -> None:
        super().__init__(rect)
        self.items = list(items)
        self.on_select, self.on_activate = on_select, on_activate
        self.selected = 0 if self.items else -1
        self.top = 0
        self.row_px = row_px
        self._last_click = (-1, -10_000)

    def set_items(self, items: Sequence[str]) -> None:
        """Replace the rows, keeping the selection index in range."""
        self.items = list(items)
        if not self.items:
            self.selected = -1
        else:
            self.selected = min(max(self.selected, 0), len(self.items) - 1)

    def _rows(self) -> int:
        return max(1, self.rect.h // self.row_px)

    def _select(self, i: int, app: App) -> None:
        if not self.items:
            return
        i = max(0, min(len(self.items) - 1, i))
        if i != self.selected:
            app.sounds.play("tick")
        self.selected = i
        if i < self.top:
            self.top = i
        elif i >= self.top + self._rows():
            self.top = i - self._rows() + 1
        if self.on_select:
            self.on_select(i)

    def handle(self, event: pygame.event.Event, app: App) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 4:
                self.top = max(0, self.top - 1)
            elif event.button == 5:
                self.top = max(0, min(len(self.items) - self._rows(), self.top + 1))
            elif event.button == 1:
                i = self.top + (event.pos[1] - self.rect.y) // self.row_px
                if 0 <= i < len(self.items):
                    now = pygame.time.get_ticks()
                    double = self._last_click[0] == i and now - self._last_click[1] < 400
                    self._select(i, app)
                    self._last_click = (i, now)
                    if double and self.on_activate:
                        self.on_activate(i)
            return True
        return False

    def key(self, key: int, app: App) -> bool:
        if key == pygame.K_UP and self.selected > 0:
            self._select(self.selected - 1, app)
            return True
        if key == pygame.K_DOWN and self.selected < len(self.items) - 1:
            self._select(self.selected + 1, app)
            return True
        return False

    def activate(self, app: App) -> None:
        if self.on_activate and 0 <= self.selected < len(self.items):
            self.on_activate(self.selected)

    def frame(self, surf: pygame.Surface, fill: tuple[int, int, int, int] = (8, 20, 14, 220),
              border: tuple[int, int, int] = (90, 130, 110), radius: int = 8, width: int = 2) -> pygame.Rect:
        """Draw the panel behind the rows (gold edge when focused) and clip to its inside.

        Returns the previous clip; the caller restores it when its rows are drawn.
        """
        r = self.rect
        surf.blit(ui.panel(r.size, fill, ui.GOLD if self.focused else border, radius, width), r.topleft)
        clip = surf.get_clip()
        surf.set_clip(r.inflate(-4, -4))
        return clip

    def draw(self, surf: pygame.Surface, app: App) -> None:
        if not self.visible:
            return
        r = self.rect
        clip = self.frame(surf)
        px = max(12, int(self.row_px * 0.5))
        for k in range(self._rows()):
            i = self.top + k
            if i >= len(self.items):
                break
            row = pygame.Rect(r.x + 4, r.y + k * self.row_px + 2, r.w - 8, self.row_px - 4)
            if i == self.selected:
                surf.blit(ui.panel(row.size, (196, 142, 40, 200), None, 6), row.topleft)
            text, rpx = fit_text(app.fonts, self.items[i], px, row.w - 20, shrink=False)
            t = app.fonts.text(text, rpx, (20, 14, 4) if i == self.selected else ui.TEXT)
            surf.blit(t, (row.x + 10, row.centery - t.get_height() // 2))
        surf.set_clip(clip)
        if not self.items:
            empty, epx = fit_text(app.fonts, _("(nothing yet)"), px, r.w - 16)
            ui.blit_center(surf, app.fonts.text(empty, epx, ui.TEXT_DIM), r.center)


class WidgetGroup:
    """The widgets of a scene, with mouse routing and keyboard focus."""

    def __init__(self) -> None:
        self.items: list[Widget] = []
        self.focus = -1

    def clear(self) -> None:
        """Remove every widget (scenes rebuild in ``layout``)."""
        self.items.clear()
        self.focus = -1

    def add(self, w: Widget) -> Widget:
        """Add ``w`` and return it."""
        self.items.append(w)
        return w

    def focused(self) -> Widget | None:
        """The focused widget, if any."""
        if 0 <= self.focus < len(self.items):
            return self.items[self.focus]
        return None

    def set_focus(self, w: Widget | None) -> None:
        """Give ``w`` the keyboard focus (``None`` clears it)."""
        for x in self.items:
            x.focused = False
        self.focus = -1
        if w is not None and w in self.items:
            self.focus = self.items.index(w)
            w.focused = True

    def move_focus(self, d: int) -> None:
        """Move the focus to the next/previous visible, enabled, focusable widget."""
        cands = [i for i, w in enumerate(self.items) if w.focusable and w.visible and w.enabled]
        if not cands:
            return
        if self.focus not in cands:
            nxt = cands[0] if d > 0 else cands[-1]
        else:
            nxt = cands[(cands.index(self.focus) + d) % len(cands)]
        self.set_focus(self.items[nxt])

    def handle(self, event: pygame.event.Event, app: App) -> bool:
        """Route ``event``; return True if a widget used it."""
        if event.type == pygame.KEYDOWN:
            w = self.focused()
            if w is not None and w.visible and w.key(event.key, app):
                return True
            for x in self.items:  # hotkeys
                if isinstance(x, Button) and x.visible and x.hotkey == event.key and x.enabled:
                    x.click(app)
                    return True
            if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
                self.move_focus(1)
                return True
            if event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move_focus(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and w is not None:
                w.activate(app)
                return True
            return False
        for w in reversed(self.items):
            if w.handle(event, app):
                if event.type == pygame.MOUSEBUTTONDOWN and w.focusable:
                    self.set_focus(w)
                return True
        if event.type == pygame.MOUSEMOTION:
            pass
        return False

    def update(self, dt: float) -> None:
        """Advance widget animations."""
        for w in self.items:
            w.update(dt)

    def draw(self, surf: pygame.Surface, app: App) -> None:
        """Draw every visible widget, then the hovered widget's tooltip."""
        tip: Widget | None = None
        for w in self.items:
            if w.visible:
                w.draw(surf, app)
                if w.hovered and w.tooltip:
                    tip = w
        if tip is not None and tip.tooltip:
            draw_tooltip(surf, app, tip.tooltip, tip.rect)


def draw_focus_ring(surf: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The keyboard-focus ring just outside ``rect`` (distinct from the pointer's hover highlight)."""
    t = max(2, rect.h // 18)
    ring = rect.inflate(4 * t, 4 * t)
    pygame.draw.rect(surf, ui.FOCUS_RING, ring, width=t, border_radius=radius + 2 * t)


def draw_tooltip(surf: pygame.Surface, app: App, text: str, anchor: pygame.Rect) -> None:
    """A small wrapped tooltip panel above (or below) ``anchor``."""
    px = max(13, int(18 * app.scale))
    lines = app.fonts.wrap(text, px, int(420 * app.scale))
    surfs = [app.fonts.text(s, px, ui.TEXT) for s in lines]
    w = max(s.get_width() for s in surfs) + px
    h = sum(s.get_height() for s in surfs) + px // 2
    x = min(max(4, anchor.centerx - w // 2), surf.get_width() - w - 4)
    y = anchor.y - h - 6
    if y < 4:
        y = anchor.bottom + 6
    surf.blit(ui.panel((w, h), (10, 16, 12, 240), ui.GOLD_DARK, 6, 1), (x, y))
    yy = y + px // 4
    for s in surfs:
        surf.blit(s, (x + px // 2, yy))
        yy += s.get_height()
