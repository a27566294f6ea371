"""Window sizes that fit the screen: the minimum window, the desktop size, clamping with a reason."""

from __future__ import annotations

import os

import pygame

from client.i18n import _

MIN_SIZE = (960, 540)
"""The smallest window the layout is designed for (text stays readable, buttons fit)."""
MAX_SIZE = (7680, 4320)
"""The largest window without a known screen (headless rendering)."""


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on, or None without a physical screen (the dummy driver)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def fits(size: tuple[int, int], desktop: tuple[int, int] | None) -> bool:
    """True if a window of ``size`` is allowed and fits on ``desktop``."""
    return fit_window(size, desktop)[1] is None


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[tuple[int, int], str | None]:
    """``size`` clamped between the minimum window and the screen; the reason when it had to change.

    On a screen smaller than the minimum the window takes the whole screen.
    """
    w, h = int(size[0]), int(size[1])
    top_w, top_h = desktop if desktop else MAX_SIZE
    lo_w, lo_h = min(MIN_SIZE[0], top_w), min(MIN_SIZE[1], top_h)
    fw, fh = max(lo_w, min(top_w, w)), max(lo_h, min(top_h, h))
    if (fw, fh) == (w, h):
        return (w, h), None
    args = {"size": f"{w}\u00d7{h}", "used": f"{fw}\u00d7{fh}", "smallest": f"{lo_w}\u00d7{lo_h}",
            "screen": f"{top_w}\u00d7{top_h}"}
    if (w < lo_w or h < lo_h) and (w > top_w or h > top_h):
        if desktop:
            # TRANSLATORS: {size}, {screen} and {used} are window sizes such as 1280×720
            note = _("The window size {size} is not usable on this {screen} screen; using {used}.")
        else:
            note = _("The window size {size} is not usable; using {used}.")
    elif w < lo_w or h < lo_h:
        note = _("The window size {size} is smaller than the smallest window ({smallest}); using {used}.")
    elif desktop:
        note = _("The window size {size} does not fit this {screen} screen; using {used}.")
    else:
        note = _("The window size {size} is too large; using {used}.")
    return (fw, fh), note.format(**args)
