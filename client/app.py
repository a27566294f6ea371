"""The application: window, clock, scene stack and the one main loop.

``python main.py [--fullscreen | --windowed WxH] [--game G --players N]``.
Testing and tooling flags: ``--quit-after N`` (frames), ``--screenshot PATH``
(saved when the app quits), ``--smoke`` (visit every scene once, then quit),
``--seed S``, ``--speed X`` (animation speed), ``--no-sound``, ``--level L``.

The loop polls events, routes them to the top scene (after the global keys:
F11 / Alt+Enter fullscreen, window resize, gamepad mapping), advances the
scenes at a fixed 60 Hz step and draws once per frame at up to 60 FPS.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from client import art, display, i18n, labels, ui
from client.i18n import _
from client.scene import MessageScene, Scene
from client.settings import Settings, load_settings, save_settings
from client.sound import Sounds

STEP = 1.0 / 60.0
FPS = 60
IDLE_POLL = 0.01
"""While nothing moves, the loop checks for input this often (seconds) instead of drawing 60 frames a second."""
IDLE_TICK = 0.1
"""...and still advances the scenes at least this often (sessions are polled, timers run)."""
BASE_W, BASE_H = 1280, 720
APP_NAME = "Bella"
"""The window caption (a name: never translated)."""

SCENES: dict[str, str] = {
    "menu": "client.scenes.menu:MainMenu",
    "newgame": "client.scenes.newgame:NewGame",
    "table": "client.scenes.table:TableScene",
    "pause": "client.scenes.pause:PauseMenu",
    "endmatch": "client.scenes.endmatch:EndMatch",
    "scoresheet": "client.scenes.scoresheet:ScoreSheet",
    "settings": "client.scenes.settings:SettingsScene",
    "rules": "client.scenes.rules:RulesScene",
    "stats": "client.scenes.stats:StatsScene",
    "matches": "client.scenes.matches:MatchesScene",
    "import": "client.scenes.matches:ImportScene",
    "replay": "client.scenes.replay:ReplayScene",
}
"""Scenes by name (``"module:Class"``): scenes open each other through ``App.make(name, ...)``, not imports,
so the scene modules never import one another in a circle."""

# gamepad buttons (SDL's common layout) mapped to keys
PAD_BUTTONS = {0: pygame.K_RETURN, 1: pygame.K_ESCAPE, 2: pygame.K_h, 3: pygame.K_l,
               6: pygame.K_ESCAPE, 7: pygame.K_ESCAPE}


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The client's command line (an unknown ``--lang`` is refused with the list of languages)."""
    p = parser()
    args = p.parse_args(list(argv))
    if args.lang is not None and i18n.normalize(args.lang) is None:
        p.error(_("unknown language {code}; Bella speaks: {codes}").format(code=repr(args.lang),
                                                                           codes=", ".join(i18n.LANGUAGES)))
    return args


def parser() -> argparse.ArgumentParser:
    """The client's option parser (also printed by ``python main.py --help``)."""
    p = argparse.ArgumentParser(prog="python main.py", description=_("Bella: Belote-family card games and Pitch."))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--fullscreen", action="store_true", help=_("start in fullscreen"))
    g.add_argument("--windowed", metavar="WxH", help=_("start in a window of this size, e.g. 1600x900"))
    p.add_argument("--game", help=_("jump straight to a table of this game"))
    p.add_argument("--players", type=int, help=_("player count for --game"))
    p.add_argument("--option", action="append", default=[], metavar="ID=VALUE", help=_("a house rule for --game"))
    p.add_argument("--level", default=None, help=_("AI level of the other seats for --game"))
    p.add_argument("--seed", type=int, default=None, help=_("shuffle seed (for reproducible deals)"))
    p.add_argument("--speed", type=float, default=None, help=_("animation speed multiplier"))
    p.add_argument("--lang", default=None, metavar="CODE",
                   help=_("the language ({codes}); default: Settings, else the system's").format(
                       codes=", ".join(i18n.LANGUAGES)))
    p.add_argument("--resume", action="store_true", help=_("resume the saved single-player match"))
    p.add_argument("--no-sound", action="store_true", help=_("start without audio"))
    p.add_argument("--quit-after", type=int, default=None, metavar="N", help=_("quit after N frames"))
    p.add_argument("--screenshot", default=None, metavar="PATH", help=_("save the last frame as a PNG"))
    p.add_argument("--smoke", action="store_true", help=_("show every scene once, then quit"))
    return p


def parse_size(text: str) -> tuple[int, int]:
    """``"1600x900"`` -> ``(1600, 900)``; raise ``ValueError`` with a clear message."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(_("--windowed wants WIDTHxHEIGHT such as 1280x720, not {text}").format(
            text=repr(text))) from None
    lo, hi = display.MIN_SIZE, display.MAX_SIZE
    if not (lo[0] <= w <= hi[0] and lo[1] <= h <= hi[1]):
        raise ValueError(_("window size {size} is out of range ({smallest} to {largest})").format(
            size=f"{w}x{h}", smallest=f"{lo[0]}x{lo[1]}", largest=f"{hi[0]}x{hi[1]}"))
    return w, h


def _relayout_when_alive(app: weakref.ref[App]) -> Callable[[str], None]:
    """A language listener that lays ``app``'s scenes out again, and does nothing once the app is gone."""

    def relayout(_code: str) -> None:
        alive = app()
        if alive is not None:
            alive._relayout_all()

    return relayout


class App:
    """Owns the window, the clock, the fonts, the sounds, the settings and the scene stack."""

    def __init__(self, args: argparse.Namespace | None = None) -> None:
        self.args = args or parse_args([])
        t0 = time.perf_counter()
        self.started = t0
        pygame.display.init()
        pygame.font.init()
        with contextlib.suppress(pygame.error):
            pygame.joystick.init()
        i18n.set_language(self.args.lang or None)  # so a damaged settings file is reported in that language
        self.settings, settings_error = load_settings()
        self.language = i18n.set_language(self.args.lang or self.settings.language or None)
        if self.args.speed is not None:
            self.settings.animation_speed = max(0.25, min(50.0, self.args.speed))
        self.windowed_size: tuple[int, int] = (int(self.settings.window_size[0]), int(self.settings.window_size[1]))
        fullscreen = self.settings.fullscreen
        if self.args.windowed:
            self.windowed_size = parse_size(self.args.windowed)
            fullscreen = False
        self.windowed_size, size_note = display.fit_window(self.windowed_size, display.desktop_size())
        if size_note and not self.args.windowed:
            self.settings.window_size = list(self.windowed_size)
        if self.args.fullscreen:
            fullscreen = True
        pygame.display.set_caption(APP_NAME)
        self._set_icon()
        self.fullscreen = False
        self.screen = self._set_mode(fullscreen)
        self.fonts = ui.Fonts()
        self.sounds = Sounds(enabled=not self.args.no_sound)
        self.sounds.configure(self.settings.sound_volume, self.settings.music_volume, self.settings.muted)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self._stop_listening = i18n.on_change(_relayout_when_alive(weakref.ref(self)))
        self.running = True
        self.frames = 0
        self.first_frame_time: float | None = None
        self.toasts: list[list[object]] = []  # [text, seconds left, is_error]
        self.joysticks: dict[int, pygame.joystick.JoystickType] = {}
        self._axis_held: dict[tuple[int, int], int] = {}
        self.realtime = True
        self._acc = 0.0
        self._last = time.perf_counter()
        self.idle = False  # the last frame found the scene idle: the loop may sleep until input
        self.still = False
        """True when the last frame drew a still picture: until input or a change, frames are not redrawn."""
        self.drawn_frames = 0
        self._cards: object | None = None
        self._cards_key: tuple[str, ...] = ()
        self.on_frame: Callable[[], None] | None = None
        self.report_path = os.environ.get("BELLA_REPORT") or None
        self.strict = os.environ.get("BELLA_STRICT", "") not in ("", "0")
        self.scenes: dict[str, str | Callable[..., Scene]] = dict(SCENES)
        if settings_error:
            self.toast(settings_error, error=True, seconds=9.0)
        if size_note:
            self.toast(size_note, seconds=7.0)

    # ------------------------------------------------------------- display
    @staticmethod
    def _set_icon() -> None:
        """A small card with a heart as the window icon (drawn, no file)."""
        try:
            from client.desktop import make_icon

            pygame.display.set_icon(make_icon(64))
        except pygame.error:
            pass

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """UI scale: 1.0 at 1280x720, 1.5 at 1920x1080, 3.0 at 3840x2160."""
        w, h = self.size
        return max(0.5, min(w / BASE_W, h / BASE_H))

    def px(self, n: float) -> int:
        """``n`` design pixels (at 1280x720) in real pixels."""
        return max(1, int(n * self.scale))

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            sizes = pygame.display.get_desktop_sizes()
            size = sizes[0] if sizes else self.windowed_size
            if pygame.display.get_surface() is not None:
                self._place_window(True, size)  # move first: some X setups keep the old position
            screen = pygame.display.set_mode(size, pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
        self._place_window(fullscreen, screen.get_size())
        self.fullscreen = fullscreen
        return screen

    @staticmethod
    def _set_minimum_size() -> None:
        """Ask the window system not to let the window shrink below the smallest layout."""
        if os.environ.get("SDL_VIDEODRIVER") == "dummy" or not hasattr(pygame, "Window"):
            return
        with contextlib.suppress(pygame.error, AttributeError, TypeError, ValueError):
            pygame.Window.from_display_module().minimum_size = display.MIN_SIZE

    def _place_window(self, fullscreen: bool, size: tuple[int, int]) -> None:
        """Pin a fullscreen window to the top-left corner (needed where no window manager does it)."""
        if os.environ.get("SDL_VIDEODRIVER") == "dummy" or not hasattr(pygame, "Window"):
            return
        try:
            win = pygame.Window.from_display_module()
            if fullscreen:
                win.position = (0, 0)
            elif self.fullscreen:  # back from fullscreen: centre the window again
                sizes = pygame.display.get_desktop_sizes()
                if sizes:
                    win.position = (max(0, (sizes[0][0] - size[0]) // 2), max(0, (sizes[0][1] - size[1]) // 2))
        except (pygame.error, AttributeError, TypeError, ValueError):
            pass

    def toggle_fullscreen(self) -> None:
        """Switch between window and fullscreen at runtime (no restart)."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.screen = self._set_mode(not self.fullscreen)
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self._relayout_all()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (when not fullscreen) and remember it; a size that does not fit is clamped."""
        size, note = display.fit_window(size, display.desktop_size())
        if note:
            self.toast(note)
        self.windowed_size = size
        self.settings.window_size = [size[0], size[1]]
        if not self.fullscreen:
            self.screen = self._set_mode(False)
            self._relayout_all()
        self.save_settings()

    def _on_resize(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        self.screen = pygame.display.get_surface() or self.screen
        size = display.fit_window(size, None)[0]  # never below the smallest layout
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.windowed_size = self.size
        self.settings.window_size = list(self.size)
        self._relayout_all()

    def _relayout_all(self) -> None:
        art.clear()
        for sc in self.stack:
            sc.relayout()

    def draw_backdrop(self, surf: pygame.Surface) -> None:
        """The menu backdrop: dark felt."""
        surf.blit(art.felt(surf.get_size(), "menu"), (0, 0))

    def dim(self, surf: pygame.Surface, alpha: int = 150) -> None:
        """Darken what is already drawn (under an overlay)."""
        surf.blit(art.veil(surf.get_size(), alpha), (0, 0))

    @property
    def cards(self) -> object:
        """The shared card renderer (``client.cards.CardArt``), made on first use."""
        if self._cards is None:
            from client.cards import CardArt

            self._cards = CardArt()
        cards = self._cards
        key = (self.settings.card_style, self.settings.card_back, self.settings.card_indices, i18n.language())
        if key != self._cards_key:  # the letters and words are looked up only when something changed
            self._cards_key = key
            local = self.settings.card_indices == "local"
            labels.set_local_indices(local)
            cards.configure(self.settings.card_style, self.settings.card_back,  # type: ignore[attr-defined]
                            labels.index_letters(local), labels.joker_words())
        return cards

    # ------------------------------------------------------------ settings
    def save_settings(self) -> None:
        """Persist the settings; a failure becomes an on-screen message."""
        err = save_settings(self.settings)
        if err:
            self.toast(err, error=True)

    def apply_settings(self, s: Settings) -> None:
        """Take new settings into use (sound levels; card style on next draw)."""
        self.settings = s
        self.sounds.configure(s.sound_volume, s.music_volume, s.muted)
        if (s.language or i18n.system_language()) != i18n.language():
            self.language = i18n.set_language(s.language or None)  # every scene is laid out anew in it
        self.save_settings()

    def toast(self, text: str, *, error: bool = False, seconds: float = 4.0) -> None:
        """A short notification at the top of the window."""
        self.toasts.append([text, seconds, error])
        self.toasts = self.toasts[-4:]

    # -------------------------------------------------------------- scenes
    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top of the stack."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; quit when the stack empties."""
        if not self.stack:
            return None
        sc = self.stack.pop()
        sc.leave()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False
        return sc

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show ``scene`` alone."""
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def register(self, name: str, factory: str | Callable[..., Scene]) -> None:
        """Register (or replace) the scene called ``name``: a ``"module:Class"`` path or a callable."""
        self.scenes[name] = factory

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the registered ``name``, built with ``(app, *args, **kwargs)``."""
        import importlib

        factory = self.scenes[name]
        if isinstance(factory, str):
            module, _, cls = factory.partition(":")
            factory = getattr(importlib.import_module(module), cls)
        scene = factory(self, *args, **kwargs)
        assert isinstance(scene, Scene)
        return scene

    def open_module(self, module: str, label: str) -> None:
        """Push the scene of ``module`` (its ``create(app)``); explain clearly if it is missing."""
        import importlib

        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name and module.startswith(exc.name):
                self.push(MessageScene(self, label, self._missing(label)))
                return
            self.push(MessageScene(self, label, _("{label} could not start: {error}").format(label=label, error=exc)))
            return
        except Exception as exc:  # a broken optional module must not crash the menu
            self.push(MessageScene(self, label, _("{label} could not start: {error}").format(label=label, error=exc)))
            return
        create = getattr(mod, "create", None)
        if create is None:
            self.push(MessageScene(self, label, self._missing(label)))
            return
        self.push(create(self))

    @staticmethod
    def _missing(label: str) -> str:
        # TRANSLATORS: {label} is the name of a screen, e.g. "LAN game"
        return _("{label} is not available in this version of Bella yet.").format(label=label)

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    # ---------------------------------------------------------------- loop
    def _key_event(self, key: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)

    def translate(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Gamepad events as key presses; None for events the scenes need not see."""
        t = event.type
        if t == pygame.JOYDEVICEADDED:
            try:
                js = pygame.joystick.Joystick(event.device_index)
                self.joysticks[js.get_instance_id()] = js
                self.toast(_("Gamepad connected: {name}").format(name=js.get_name()))
            except pygame.error:
                pass
            return None
        if t == pygame.JOYDEVICEREMOVED:
            self.joysticks.pop(getattr(event, "instance_id", -1), None)
            return None
        if t == pygame.JOYBUTTONDOWN:
            key = PAD_BUTTONS.get(event.button)
            return self._key_event(key) if key is not None else None
        if t == pygame.JOYHATMOTION:
            x, y = event.value
            key = {(-1, 0): pygame.K_LEFT, (1, 0): pygame.K_RIGHT, (0, 1): pygame.K_UP,
                   (0, -1): pygame.K_DOWN}.get((x, y))
            return self._key_event(key) if key is not None else None
        if t == pygame.JOYAXISMOTION and event.axis in (0, 1):
            k = (getattr(event, "instance_id", 0), event.axis)
            direction = -1 if event.value < -0.6 else (1 if event.value > 0.6 else 0)
            if direction == self._axis_held.get(k, 0):
                return None
            self._axis_held[k] = direction
            if direction == 0:
                return None
            if event.axis == 0:
                return self._key_event(pygame.K_LEFT if direction < 0 else pygame.K_RIGHT)
            return self._key_event(pygame.K_UP if direction < 0 else pygame.K_DOWN)
        return event

    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle one event: global keys, then the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            if self.screen.get_size() != (event.x, event.y):
                self._on_resize((event.x, event.y))
            return
        ev = self.translate(event)
        if ev is None:
            return
        if ev.type == pygame.KEYDOWN:
            mods = getattr(ev, "mod", 0)
            if ev.key == pygame.K_F11 or (ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mods & pygame.KMOD_ALT):
                self.toggle_fullscreen()
                return
            if ev.key == pygame.K_q and mods & pygame.KMOD_CTRL:
                self.running = False
                return
            if ev.key == pygame.K_m and mods & pygame.KMOD_CTRL:
                self.settings.muted = not self.settings.muted
                self.apply_settings(self.settings)
                self.toast(_("Sound off") if self.settings.muted else _("Sound on"))
                return
        top = self.top
        if top is not None:
            # through the class: a scene attribute that happens to be named ``handle`` cannot shadow it
            type(top).handle(top, ev)

    def update(self, dt: float) -> None:
        """Advance the top scene (and, for animations, nothing else) by ``dt``."""
        top = self.top
        if top is not None:
            type(top).update(top, dt)
        for t in self.toasts:
            t[1] = float(t[1]) - dt  # type: ignore[arg-type]
        self.toasts = [t for t in self.toasts if float(t[1]) > 0]  # type: ignore[arg-type]

    def draw(self) -> None:
        """Draw the visible scenes bottom-up, then the notifications."""
        surf = self.screen
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        if not self.stack:
            surf.fill((0, 0, 0))
        for sc in self.stack[start:]:
            type(sc).draw(sc, surf)
        if self.settings.muted:
            self._draw_mute(surf)
        self._draw_toasts(surf)

    def _draw_mute(self, surf: pygame.Surface) -> None:
        """A lasting sign that sound is off: a struck-out speaker in the bottom-left corner."""
        s = self.scale
        x, y = self.px(10), surf.get_height() - self.px(26)
        u = max(2, self.px(6))
        col = ui.TEXT_DIM
        pygame.draw.rect(surf, col, (x, y - u // 2, u, u))
        pygame.draw.polygon(surf, col, [(x + u, y - u // 2), (x + 2 * u, y - u * 1.2), (x + 2 * u, y + u * 1.2),
                                        (x + u, y + u // 2)])
        pygame.draw.line(surf, (230, 120, 100), (x - u // 3, y + u * 1.3), (x + 2 * u + u // 2, y - u * 1.3),
                         max(2, int(2 * s)))
        t = self.fonts.text(_("muted (Ctrl+M)"), self.px(13), col)
        surf.blit(t, (x + 3 * u, y - t.get_height() // 2))

    def toast_rects(self) -> list[pygame.Rect]:
        """Where the notifications are drawn, top down (from the top scene's ``toast_top()``)."""
        top = self.top
        y = type(top).toast_top(top) if top is not None else self.px(12)
        px = self.px(20)
        out = []
        for text, _left, _error in self.toasts:
            lines = self.fonts.wrap(str(text), px, int(self.size[0] * 0.6))
            h = len(lines) * int(px * 1.3) + px
            w = max(self.fonts.font(px).size(s)[0] for s in lines) + 2 * px
            out.append(pygame.Rect((self.size[0] - w) // 2, y, w, h))
            y += h + self.px(8)
        return out

    def _draw_toasts(self, surf: pygame.Surface) -> None:
        px = self.px(20)
        for (text, left, error), r in zip(self.toasts, self.toast_rects(), strict=True):
            lines = self.fonts.wrap(str(text), px, int(self.size[0] * 0.6))
            fade = min(1.0, float(left) / 0.4)  # type: ignore[arg-type]
            fill = (120, 24, 24, int(235 * fade)) if error else (14, 30, 24, int(235 * fade))
            surf.blit(ui.panel(r.size, fill, ui.GOLD if not error else (255, 140, 120), self.px(10), 2), r.topleft)
            yy = r.y + px // 2
            for s in lines:
                ui.blit_center(surf, self.fonts.text(s, px, ui.TEXT), (r.x + r.w / 2, yy + px * 0.6))
                yy += int(px * 1.3)

    def scene_idle(self) -> bool:
        """True when nothing on screen moves by itself (no toast, the top scene is idle)."""
        if self.toasts or not self.stack:
            return False
        top = self.stack[-1]
        return bool(type(top).is_idle(top))

    def scene_still(self) -> bool:
        """True when, though not idle, the picture does not change (no toast, the top scene is still)."""
        if self.toasts or not self.stack:
            return False
        top = self.stack[-1]
        return bool(type(top).is_still(top))

    def frame(self, dt: float | None = None, lazy: bool = False) -> None:
        """One iteration of the loop; a scene's unexpected error is reported, not fatal.

        The failing scene stack is replaced by the main menu with an on-screen
        message (the traceback goes to stderr).  ``BELLA_STRICT=1`` (the tests)
        lets the error propagate instead.
        """
        if self.strict:
            self._frame(dt, lazy)
            return
        try:
            self._frame(dt, lazy)
        except Exception as exc:  # keep the program alive: report and go back to the menu
            import traceback

            traceback.print_exc()
            self._recover(exc)

    def _recover(self, exc: BaseException) -> None:
        try:
            while self.stack:
                self.stack.pop().leave()
        except Exception:  # a broken scene's leave() must not stop the recovery
            self.stack.clear()
        self.stack.append(self.make("menu"))
        self.stack[-1].enter()
        error = f"{type(exc).__name__}: {exc}"
        self.toast(_("Something went wrong and the screen was closed: {error}").format(error=error)[:200],
                   error=True, seconds=8.0)

    def _frame(self, dt: float | None = None, lazy: bool = False) -> None:
        """One frame; ``lazy`` (the real-time loop) skips drawing a still picture that is already shown."""
        now = time.perf_counter()
        if dt is None:
            dt = now - self._last
        self._last = now
        had_input = False
        for event in pygame.event.get():
            had_input = True
            self.dispatch(event)
            if not self.running:
                return
        self._acc += min(dt, 0.25)
        steps = 0
        while self._acc >= STEP and steps < 8:
            self.update(STEP)
            self._acc -= STEP
            steps += 1
        if steps == 8:
            self._acc = 0.0
        idle = self.scene_idle()
        still = idle or self.scene_still()
        if not (lazy and still and self.still and not had_input):
            self.draw()
            pygame.display.flip()
            self.drawn_frames += 1
        self.still = still
        self.idle = idle
        self.frames += 1
        if self.first_frame_time is None:
            self.first_frame_time = time.perf_counter() - self.started
            if os.environ.get("BELLA_FIRST_FRAME"):
                print(f"first-frame {self.first_frame_time:.3f}", flush=True)
        if self.on_frame is not None:
            self.on_frame()
        if self.report_path and self.frames % 30 == 1:
            self.write_report()

    def run(self, seconds: float | None = None, shutdown: bool = True) -> None:
        """The main loop, until the window closes, ``--quit-after`` frames or ``seconds`` pass.

        Animations run at 60 FPS; while nothing moves (``scene_idle``) the loop
        only waits for input and ticks the scenes now and then, drawing nothing.
        """
        limit = self.args.quit_after
        end = None if seconds is None else time.perf_counter() + seconds
        while self.running and self.stack:
            if self.realtime:
                if self.idle:
                    self._wait_for_input(IDLE_TICK)
                else:
                    self.clock.tick(FPS)
            self.frame(lazy=self.realtime)
            if limit is not None and self.frames >= limit:
                break
            if end is not None and time.perf_counter() >= end:
                break
        if shutdown:
            self.shutdown()

    @staticmethod
    def _wait_for_input(most: float) -> None:
        """Sleep until an event is queued or ``most`` seconds pass (cheap: no drawing)."""
        end = time.perf_counter() + most
        while time.perf_counter() < end:
            if pygame.event.peek():
                return
            time.sleep(IDLE_POLL)

    def shutdown(self) -> None:
        """Leave every scene (closing sessions), save a screenshot if asked, persist settings."""
        if self.args.screenshot:
            self.screenshot(self.args.screenshot)
        if self.report_path:
            self.write_report()
        while self.stack:
            self.stack.pop().leave()
        self._stop_listening()  # a closed window is not laid out anew on a later language switch
        self.save_settings()
        self.sounds.stop()

    def write_report(self) -> None:
        """Write a small JSON status (``$BELLA_REPORT``) for external test drivers."""
        import json

        table = next((sc for sc in reversed(self.stack) if hasattr(sc, "session") and hasattr(sc, "view")), None)
        data: dict[str, object] = {"frames": self.frames, "scene": type(self.top).__name__ if self.top else None,
                                   "size": list(self.size), "fullscreen": self.fullscreen}
        view = getattr(table, "view", None)
        if isinstance(view, dict):
            data["table"] = {"game": view.get("game"), "seq": view.get("seq"), "phase": view.get("phase"),
                             "tricks": sum(view.get("tricks_won") or [0]), "deals": len(view.get("deals") or []),
                             "my_turn": bool(view.get("legal"))}
        try:
            tmp = str(self.report_path) + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, str(self.report_path))
        except OSError:
            self.report_path = None

    def screenshot(self, path: str) -> None:
        """Save the current frame as PNG."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, path)


def build(argv: Sequence[str]) -> App:
    """Create the app and its first scene(s) from the command line."""
    args = parse_args(argv)
    app = App(args)
    app.reset(app.make("menu"))
    if args.smoke:
        from client.scenes import smoke

        smoke.install(app)
    elif args.resume:
        from client.scenes.newgame import resume_saved

        resume_saved(app)
    elif args.game:
        from client.scenes.newgame import start_from_args

        start_from_args(app, args)
    return app


def _lang_in(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of ``argv`` (None: the system's language), before the parser runs."""
    for i, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def main(argv: list[str]) -> int:
    """Entry point used by ``main.py``; returns the process exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    i18n.set_language(_lang_in(argv))  # --help and command-line errors in the player's language
    try:
        app = build(argv)
    except ValueError as exc:
        print(f"bella: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # argparse
        return int(exc.code or 0)
    app.run()
    pygame.quit()
    return 0
