"""The scene framework: one :class:`Scene` per screen, stacked by the app.

The :class:`client.app.App` keeps a stack of scenes.  The top scene receives
input and updates; scenes are drawn bottom-up from the highest *opaque* one,
so an overlay (``opaque = False``: pause menu, dialogs) shows the table
beneath it.  Switch scenes with ``app.push(scene)``, ``app.pop()``,
``app.replace(scene)`` (pop then push) and ``app.reset(scene)`` (clear the
stack: back to a fresh main menu, for example).

A scene's life: ``__init__(app)`` -> ``enter()`` (pushed; calls ``layout()``)
-> ``handle(event)`` / ``update(dt)`` / ``draw(surface)`` every frame while on
top -> ``pause()`` when another scene is pushed over it, ``resume()`` when it
is back on top -> ``leave()`` when popped.  ``layout()`` runs again whenever
the window size changes: rebuild ``self.widgets`` there from ``app.size`` and
``app.scale`` (1.0 at 1280x720).

``update`` is called at a fixed 60 Hz step; ``draw`` once per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from client import ui
from client.i18n import _
from client.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from client.app import App


class Scene:
    """Base class of every screen. Subclasses override the hooks they need."""

    opaque = True
    """False for overlays drawn over the scene below (pause menu, dialogs)."""
    title = ""
    """Shown as the heading by :meth:`draw_title` (and in the window caption); mark it with ``N_``."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets = WidgetGroup()
        self.time = 0.0

    # ---------------------------------------------------------------- life
    def enter(self) -> None:
        """Called when pushed; lays the widgets out."""
        self.relayout()

    def leave(self) -> None:
        """Called when popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """This scene is on top again."""
        self.relayout()

    def relayout(self) -> None:
        """Rebuild the widgets for the current window size, keeping the focus position."""
        focus = self.widgets.focus
        self.widgets.clear()
        self.layout()
        if 0 <= focus < len(self.widgets.items) and self.widgets.items[focus].focusable:
            self.widgets.set_focus(self.widgets.items[focus])

    def layout(self) -> None:
        """Create ``self.widgets`` for ``self.app.size`` (override)."""

    # ----------------------------------------------------------- per frame
    def handle(self, event: pygame.event.Event) -> None:
        """Route an input event: widgets first, then Esc calls :meth:`back`."""
        if self.widgets.handle(event, self.app):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()

    def back(self) -> None:
        """Esc: leave this scene (override for confirmation or different targets)."""
        self.app.pop()

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (fixed step)."""
        self.time += dt
        self.widgets.update(dt)

    static = False
    """A scene whose picture changes only with input (menus, forms): it may idle (see ``is_idle``)."""

    def is_idle(self) -> bool:
        """True when nothing on screen moves by itself, so the app may stop redrawing until input comes.

        Only ``static`` scenes idle, after a short settling time and while no
        widget animates; every other scene (say one showing network news) is
        redrawn every frame unless it overrides this.
        """
        return self.static and self.time > 0.8 and not any(w.animating for w in self.widgets.items if w.visible)

    def is_still(self) -> bool:
        """True when, though not idle, the picture does not change, so the app may skip drawing it again.

        Asked only when ``is_idle`` is False. A still scene keeps its clock: the loop runs at full rate,
        drawing nothing (the table holding a finished trick for its pause). Most scenes never are.
        """
        return False

    def draw(self, surf: pygame.Surface) -> None:
        """Draw the background (for opaque scenes), the title and the widgets."""
        if self.opaque:
            self.app.draw_backdrop(surf)
        else:
            self.app.dim(surf)
        if self.title:
            self.draw_title(surf, self.title)
        self.widgets.draw(surf, self.app)

    def toast_top(self) -> int:
        """Where the app's notifications start (a scene whose heading they would cover puts them lower)."""
        return self.app.px(12)

    # -------------------------------------------------------------- helpers
    def draw_title(self, surf: pygame.Surface, text: str, y: float | None = None) -> None:
        """A large gold heading near the top of the window (``text`` is translated here; it shrinks to fit)."""
        s = self.app.scale
        text = _(text)
        px = int(54 * s)
        t = self.app.fonts.shadowed(text, px, ui.GOLD, "serif")
        room = surf.get_width() - int(40 * s)
        if t.get_width() > room:
            t = self.app.fonts.shadowed(text, max(10, int(px * room / t.get_width())), ui.GOLD, "serif")
        ui.blit_center(surf, t, (surf.get_width() / 2, y if y is not None else 70 * s))

    def button_column(self, entries: Sequence[tuple[str, Callable[[], Any]] | tuple[str, Callable[[], Any], bool]],
                      *, top: float | None = None, width: float = 380, height: float = 54,
                      gap: float = 14, center_x: float | None = None) -> list[Button]:
        """Add a centred column of buttons (label, action[, primary]) and return them."""
        s = self.app.scale
        w, h, g = int(width * s), int(height * s), int(gap * s)
        total = len(entries) * h + (len(entries) - 1) * g
        cx = int(center_x if center_x is not None else self.app.size[0] / 2)
        y = int(top if top is not None else (self.app.size[1] - total) / 2)
        out = []
        for e in entries:
            primary = bool(e[2]) if len(e) > 2 else False
            b = Button(e[0], e[1], pygame.Rect(cx - w // 2, y, w, h), primary=primary)
            self.widgets.add(b)
            out.append(b)
            y += h + g
        return out

    def add(self, w: Widget) -> Widget:
        """Add a widget to this scene."""
        return self.widgets.add(w)


class MessageScene(Scene):
    """A modal message box with an OK button (and optional second choice).

    >>> # app.push(MessageScene(app, "Could not connect", "The host refused the connection."))
    """

    opaque = False
    static = True

    def __init__(self, app: App, heading: str, body: str, *, ok: str | None = None,
                 on_ok: Callable[[], Any] | None = None, other: str | None = None,
                 on_other: Callable[[], Any] | None = None, safe_default: bool = False) -> None:
        """``safe_default``: the second choice (``other``, e.g. "Stay") has the focus, so Enter keeps things.

        ``heading``, ``body``, ``ok`` and ``other`` are shown as given (translate them); ``ok`` defaults to "OK".
        """
        super().__init__(app)
        self.safe_default = safe_default and other is not None
        self.heading, self.body = heading, body
        self.ok_text, self.on_ok, self.other_text, self.on_other = ok, on_ok, other, on_other
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        s = self.app.scale
        w, h = self.app.size
        bw = int(min(w * 0.9, 720 * s))
        lines = self.app.fonts.wrap(self.body, int(24 * s), bw - int(60 * s))
        bh = int(190 * s + len(lines) * 30 * s)
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        by = self.box.bottom - int(74 * s)
        bwid = int(200 * s)
        other: Button | None = None
        ok_text = self.ok_text or _("OK")
        if self.other_text:
            other = Button(self.other_text, self._other, pygame.Rect(self.box.centerx - bwid - int(10 * s), by,
                                                                     bwid, int(52 * s)), primary=self.safe_default)
            self.add(other)
            okb = Button(ok_text, self._ok, pygame.Rect(self.box.centerx + int(10 * s), by, bwid, int(52 * s)),
                         primary=not self.safe_default)
        else:
            okb = Button(ok_text, self._ok, pygame.Rect(self.box.centerx - bwid // 2, by, bwid, int(52 * s)),
                         primary=True)
        self.add(okb)
        self.widgets.set_focus(other if self.safe_default and other is not None else okb)

    def _ok(self) -> None:
        self.app.pop()
        if self.on_ok:
            self.on_ok()

    def _other(self) -> None:
        self.app.pop()
        if self.on_other:
            self.on_other()

    def back(self) -> None:
        if self.other_text:
            self._other()
        else:
            self._ok()

    def draw(self, surf: pygame.Surface) -> None:
        self.app.dim(surf, 170)
        s = self.app.scale
        surf.blit(ui.panel(self.box.size, ui.PANEL_SOLID, ui.PANEL_BORDER, int(16 * s), max(2, int(3 * s))),
                  self.box.topleft)  # opaque: nothing underneath reads through the question
        t = self.app.fonts.text(self.heading, int(34 * s), ui.GOLD, "serif")
        room = self.box.w - int(40 * s)
        if t.get_width() > room:
            t = self.app.fonts.text(self.heading, max(10, int(34 * s * room / t.get_width())), ui.GOLD, "serif")
        ui.blit_center(surf, t, (self.box.centerx, self.box.y + 46 * s))
        y = self.box.y + 90 * s
        for line in self.app.fonts.wrap(self.body, int(24 * s), self.box.w - int(60 * s)):
            ui.blit_center(surf, self.app.fonts.text(line, int(24 * s), ui.TEXT), (self.box.centerx, y))
            y += 30 * s
        self.widgets.draw(surf, self.app)
