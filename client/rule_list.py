"""A scrolling panel of house-rule pickers, shared by the New game and Host a LAN game forms.

Every option of a game (``core.OptionSpec``, except ``players``) becomes a
:class:`client.widgets.Picker` in a panel; the rows that do not fit are
scrolled into view by the mouse wheel (which never edits a value) or by
moving the keyboard focus onto them.  A note in the panel's corner says how
many rules are out of view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

import core
from client import ui
from client.i18n import _, ngettext
from client.textfit import fit_text
from client.widgets import Picker, Widget


def pretty(value: Any) -> str:
    """An option id or value as English menu text: ``target_score`` -> ``Target score``.

    This is the msgid: show it translated, ``_(pretty(x))`` (numbers stay as they are).
    """
    if isinstance(value, bool):
        return "On" if value else "Off"
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def value_text(value: Any) -> str:
    """An option value as the player reads it: numbers as they are, words translated."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return _(pretty(value))


def rule_name(spec: core.OptionSpec) -> str:
    """A house rule's name in the current language."""
    return _(pretty(spec.id))


def rule_help(spec: core.OptionSpec) -> str:
    """A house rule's one-line help in the current language ('' when it has none)."""
    return _(spec.help) if spec.help else ""


def number_choices(spec: core.OptionSpec, default: int) -> list[tuple[int, str]]:
    """A handful of round values around ``default`` within the spec's bounds."""
    vals = {default}
    for f in (0.25, 0.5, 0.75, 1.5, 2, 3):
        v = default * f
        step = 50 if v >= 200 else (10 if v >= 30 else 1)
        vals.add(int(round(v / step) * step))
    out = sorted(v for v in vals if spec.minimum <= v <= spec.maximum)
    return [(v, str(v)) for v in out]


def option_choices(spec: core.OptionSpec, value: Any, base: Any) -> list[tuple[Any, str]]:
    """The (value, text) choices a picker offers for ``spec``; ``value`` is always among them."""
    if spec.values is not None:
        return [(v, value_text(v)) for v in spec.values]
    choices: list[tuple[Any, str]] = list(number_choices(spec, int(base) if isinstance(base, int) else spec.minimum))
    if isinstance(value, int) and value not in [c[0] for c in choices]:
        choices = sorted(choices + [(value, str(value))])
    return choices


class RuleList:
    """The house-rule rows of one game in ``area``, scrolled by whole rows.

    The owner scene adds :attr:`rows` to its widget group, forwards wheel events
    to :meth:`handle`, calls :meth:`keep_in_view` every frame with the focused
    widget, and :meth:`draw_panel` before drawing its widgets.
    """

    def __init__(self, app: Any) -> None:
        self.app = app
        self.rows: list[Picker] = []
        self.ids: list[str] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self._kept: Widget | None = None

    # ----------------------------------------------------------- geometry
    @property
    def row_h(self) -> int:
        """One row's pitch in pixels (the picker plus the gap below it)."""
        return int(self.app.px(46) + self.app.px(8))

    @property
    def head(self) -> int:
        """Room above the first row for the panel's heading."""
        return int(self.app.px(48))

    def build(self, cls: type[core.State], area: pygame.Rect, options: dict[str, Any], defaults: dict[str, Any],
              setter: Callable[[str], Callable[[Any], None]]) -> list[Picker]:
        """Make one picker per option of ``cls`` inside ``area`` (the scroll is kept, within bounds)."""
        self.area = pygame.Rect(area)
        self.rows, self.ids = [], []
        pad = self.app.px(12)
        for spec in cls.OPTIONS:
            if spec.id == "players":
                continue
            value = options.get(spec.id, defaults.get(spec.id, spec.default))
            choices = option_choices(spec, value, defaults.get(spec.id, spec.default))
            p = Picker(rule_name(spec), choices, value, setter(spec.id),
                       pygame.Rect(self.area.x + pad, 0, self.area.w - 2 * pad, self.app.px(46)),
                       help=rule_help(spec))
            p.tooltip = None  # the form shows the help below
            self.rows.append(p)
            self.ids.append(spec.id)
        self.scroll_by(0)
        return self.rows

    def visible_count(self) -> int:
        """How many rows fit in the panel at once."""
        return max(1, (self.area.h - self.head) // self.row_h)

    def place(self) -> None:
        """Put each row at its scrolled place; rows out of the panel are hidden."""
        y0 = self.area.y + self.head
        for i, p in enumerate(self.rows):
            p.rect.y = y0 + i * self.row_h - self.scroll
            p.visible = p.rect.y >= y0 - 2 and p.rect.bottom <= self.area.bottom

    def scroll_by(self, rows: int) -> None:
        """Scroll by ``rows`` rows (positive: down), within bounds."""
        most = max(0, (len(self.rows) - self.visible_count()) * self.row_h)
        self.scroll = max(0, min(most, self.scroll + rows * self.row_h))
        self.place()

    def hidden(self) -> tuple[int, int]:
        """How many rows are scrolled out of view (above, below)."""
        y0 = self.area.y + self.head
        above = sum(1 for p in self.rows if not p.visible and p.rect.y < y0 - 2)
        return above, sum(1 for p in self.rows if not p.visible) - above

    # ------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll on the wheel; swallow the wheel's legacy button presses. True if ``event`` was used."""
        if event.type == pygame.MOUSEWHEEL and self.rows:
            self.scroll_by(-int(event.y))
            return True
        # the wheel's button events (4/5): already scrolled by MOUSEWHEEL; they never edit a value
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (4, 5)

    def keep_in_view(self, focused: Widget | None) -> None:
        """Scroll a rule the keyboard just moved to into view (once: the wheel may scroll it away again)."""
        if focused is not self._kept and isinstance(focused, Picker) and focused in self.rows:
            i = self.rows.index(focused)
            y0 = self.area.y + self.head
            y = y0 + i * self.row_h - self.scroll
            if y < y0:
                self.scroll = i * self.row_h
                self.place()
            elif y + self.row_h > self.area.bottom:
                self.scroll = (i + 1) * self.row_h - (self.area.bottom - y0)
                self.place()
        self._kept = focused

    # -------------------------------------------------------------- draw
    def draw_panel(self, surf: pygame.Surface, title: str | None = None) -> None:
        """The panel, its heading and the "scroll for N more" note (the rows draw with the widgets).

        ``title`` is shown as given (translate it first); the default is "House rules".
        """
        app = self.app
        r = self.area
        surf.blit(ui.panel(r.size, (8, 24, 18, 170), (90, 130, 100), app.px(12), 1), r.topleft)
        above, below = self.hidden()
        note = ""
        if below:
            # TRANSLATORS: more house-rule rows below the visible ones; the arrow stays.
            note = ngettext("scroll for {n} more \u25bc", "scroll for {n} more \u25bc", below).format(n=below)
        elif above:
            note = ngettext("\u25b2 {n} above", "\u25b2 {n} above", above).format(n=above)
        room = r.w - 2 * app.px(14)
        t = None
        if note:
            t = fit_text(app.fonts, note, app.px(16), room // 2, ui.TEXT_DIM)
            surf.blit(t, (r.right - t.get_width() - app.px(12), r.y + app.px(14)))
        head_room = room - (t.get_width() + app.px(10) if t is not None else 0)
        heading = _("House rules") if title is None else title
        head = fit_text(app.fonts, heading, app.px(22), head_room, ui.GOLD, "bold")
        surf.blit(head, (r.x + app.px(14), r.y + app.px(10)))
        if not self.rows:
            msg = _("This game has no house rules.")
            ui.blit_center(surf, fit_text(app.fonts, msg, app.px(20), room, ui.TEXT_DIM), r.center)

