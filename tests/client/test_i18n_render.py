"""Every scene rendered in a pseudo-language: no widget's text sticks out, and nothing untranslated is drawn.

The pseudo-language (installed at run time, no catalog needed) turns every
message into accented look-alike letters between markers and makes it about
40% longer, keeping its ``{placeholders}``: ``"New game"`` becomes
``"⟦Ñéŵ ĝàɱé~~~⟧"``.  Every scene the app registers is opened under the
dummy video driver at the smallest window (``client.display.MIN_SIZE``) and
at 1280x720, and drawn:

1. no widget's :meth:`client.widgets.Widget.text_overflow` is above 0
   (long text shrinks to a floor, then ends with "…");
2. every string drawn through ``app.fonts`` is recorded: an ASCII word of
   three letters or more outside the markers is English that bypassed the
   translation functions.  Player and bot names, numbers and card texts
   are allowed.  The offenders are listed with the scene (or module) that
   drew them.  The scenes of this branch must have none; the whole client
   (table, menus, HUD owned elsewhere) is checked by a second test that is
   expected to fail until every translation branch is merged.

The static counterpart is ``test_i18n_sources.py``.
"""

from __future__ import annotations

import gettext
import re
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import core
from client import display, i18n, ui
from client.app import App
from client.widgets import Widget
from tests.client.driver import make_app, open_bot_table, run_until

SIZES = [display.MIN_SIZE, (1280, 720)]
OPEN, CLOSE = "\u27e6", "\u27e7"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçďéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĎÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
_LOOKALIKE = str.maketrans(_PLAIN, _ACCENTED)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
MARKED = re.compile(OPEN + "[^" + OPEN + CLOSE + "]*(?:" + CLOSE + "|$)")
"""A translated message with nothing translated inside it (one cut short by "…" has lost its closing marker)."""
ASCII_WORD = re.compile(r"[A-Za-z]{3,}")



def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: look-alike letters, ~40% longer, between markers, placeholders kept."""
    parts = _PLACEHOLDER.split(message)
    body = "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(_LOOKALIKE) for p in parts)
    return f"{OPEN}{body}{'~' * max(1, round(len(message) * 0.4))}{CLOSE}"


class Pseudo(gettext.NullTranslations):
    """A catalog that translates every message into the pseudo-language."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def test_the_pseudo_language_keeps_placeholders_and_lengthens() -> None:
    text = pseudo("{name} wins the deal")
    assert text.startswith(OPEN) and text.endswith(CLOSE) and "{name}" in text
    assert not ASCII_WORD.search(_PLACEHOLDER.sub("", text))
    assert len(text) >= len("{name} wins the deal") * 1.4
    assert pseudo("{n} of {total}").format(n=1, total=2).count("~") >= 4


def untranslated(text: str, allowed: set[str]) -> list[str]:
    """The English words of a drawn ``text`` outside the markers (names and other allowed words left out)."""
    rest, before = text, ""
    while rest != before:  # innermost first: a translated name inside a translated sentence
        before, rest = rest, MARKED.sub(" ", rest)
    return [w for w in ASCII_WORD.findall(rest) if w not in allowed]


def test_untranslated_words_are_found_outside_the_markers() -> None:
    assert untranslated(pseudo("Deal {n}").format(n=3), set()) == []
    assert untranslated("Anna plays " + pseudo("Ace"), {"Anna"}) == ["plays"]
    assert untranslated(pseudo("A long sentence cut sho")[:12] + "\u2026", set()) == []
    assert untranslated(pseudo("{name}: {call}").format(name=pseudo("You"), call="Pass"), set()) == []
    assert untranslated(pseudo("{name}: {call}").format(name=pseudo("You"), call="Pass") + " Quit", set()) == ["Quit"]


# ---------------------------------------------------------------------- the tour
Drawn = dict[str, set[str]]
"""Owner (the module of the scene, or of the code, that drew it) -> the strings drawn."""


def _owner() -> str:
    """Who drew the text being drawn now: the module that made the widget drawing it, else the code drawing it
    (the scene's module for the base class's title and message box; "toast" for the app's notifications, whose
    text comes from anywhere)."""
    from client.scene import Scene

    f: Any = sys._getframe(2)
    while f is not None:
        mod = f.f_globals.get("__name__", "")
        obj = f.f_locals.get("self")
        if isinstance(obj, Widget) and getattr(obj, "_made_in", None):
            return str(obj._made_in)
        if f.f_code.co_name == "_draw_toasts":
            return "toast"
        if mod == "client.scene" and isinstance(obj, Scene):
            return type(obj).__module__
        if mod not in ("client.ui", "client.widgets", "client.scene") and not mod.startswith("tests."):
            return str(mod)
        f = f.f_back
    return "?"


def _made_in(original: Callable[..., None]) -> Callable[..., None]:
    """Widget.__init__ that remembers the module creating the widget (who chose its text)."""

    def init(self: Widget, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        f: Any = sys._getframe(1)
        while f is not None and (f.f_globals.get("__name__") == "client.widgets" or f.f_code.co_name == "button_column"
                                 or (f.f_code.co_name == "__init__" and isinstance(f.f_locals.get("self"), Widget))):
            f = f.f_back  # the scene that chose the text, not the helper that placed the widget
        self._made_in = f.f_globals.get("__name__", "?") if f is not None else "?"  # type: ignore[attr-defined]

    return init


class Recorder:
    """Records what is drawn through ``ui.Fonts`` (patched while the scenes are shown)."""

    def __init__(self) -> None:
        self.drawn: Drawn = {}
        self.allowed: set[str] = {"Bella"}
        for name in i18n.LANGUAGES.values():
            self.allowed.update(ASCII_WORD.findall(name))

    def wrap(self, original: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        recorder = self

        def recorded(fonts: ui.Fonts, s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            recorder.drawn.setdefault(_owner(), set()).add(s)
            return original(fonts, s, *args, **kwargs)

        return recorded

    def allow_names(self, names: Any) -> None:
        """Player and bot names are never translated."""
        for n in names or ():
            if isinstance(n, str):
                self.allowed.update(ASCII_WORD.findall(n))

    def offenders(self, only: set[str] | None = None) -> list[str]:
        out = []
        for owner, texts in sorted(self.drawn.items()):
            if only is not None and owner not in only:
                continue
            for text in sorted(texts):
                words = untranslated(text, self.allowed)
                if words:
                    out.append(f"{owner}: {text!r} (untranslated: {' '.join(words)})")
        return out


class Tour:
    """What the scenes showed: widget overflows and the recorder."""

    def __init__(self) -> None:
        self.overflows: list[str] = []
        self.scenes: set[str] = set()
        self.recorder = Recorder()


def _frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def _check_widgets(app: App, tour: Tour, size: tuple[int, int]) -> None:
    for sc in app.stack[-1:]:
        tour.scenes.add(type(sc).__name__)
        for w in sc.widgets.items:
            if isinstance(w, Widget) and w.visible:
                over = w.text_overflow(app)
                if over > 0:
                    text = getattr(w, "text", "") or getattr(w, "label", "")
                    tour.overflows.append(f"{size[0]}x{size[1]} {type(sc).__name__}: {type(w).__name__} "
                                          f"{text!r} sticks out by {over} px")


def _show(app: App, tour: Tour, size: tuple[int, int], make: Callable[[], Any], frames: int = 3) -> None:
    depth = len(app.stack)
    app.push(make())
    _frames(app, frames)
    _check_widgets(app, tour, size)
    while len(app.stack) > depth:
        app.pop()


def _lobby(app: App, tour: Tour, size: tuple[int, int]) -> None:
    from client.scenes.lan_lobby import LobbyScene
    from net.lan import connect, normalize_code, start_host

    code = normalize_code("abcd")
    handle = start_host("klaberjass", 2, {}, f"t-{uuid.uuid4().hex[:6]}", bind="127.0.0.1",
                        interfaces=["127.0.0.1"], code=code)
    session = connect("127.0.0.1", handle.port, "Guest", code=code)
    try:
        session.take_seat(0)
        lobby = LobbyScene(app, session, handle)
        app.push(lobby)
        run_until(app, lambda a: lobby.lobby is not None and session.seat is not None, max_frames=3000,
                  on_frame=lambda _a, _i: time.sleep(0.002))
        _frames(app)
        assert lobby.lobby is not None
        tour.recorder.allow_names([s.get("name") for s in lobby.lobby["seats"]] + [lobby.lobby["table"]])
        _check_widgets(app, tour, size)
        app.pop()
    finally:
        session.close()
        handle.stop()


def _tables(app: App, tour: Tour, size: tuple[int, int]) -> None:
    from client.scenes.endmatch import EndMatch
    from client.scenes.pause import PauseMenu
    from client.scenes.scoresheet import ScoreSheet

    for game in core.GAMES:
        session, table = open_bot_table(app, game)
        tour.recorder.allow_names(session.seat_names)
        tour.recorder.allow_names(getattr(table, "names", []))
        _frames(app, 20)
        _check_widgets(app, tour, size)
        for make in (lambda t=table: PauseMenu(app, t), lambda t=table: ScoreSheet(app, t.view or {}, t.names),
                     lambda t=table: EndMatch(app, t, True)):
            _show(app, tour, size, make, 2)
        _show(app, tour, size, lambda t=table: app.make("replay", t.session.state.to_record(), names=t.names), 3)
        app.reset(app.make("menu"))


def _tour(app: App, tour: Tour, size: tuple[int, int], record: dict[str, Any]) -> None:
    from client.scene import MessageScene
    from client.scenes.lan_host import HostScene
    from client.scenes.lan_join import JoinScene

    app._relayout_all()  # the menu was laid out before the pseudo-language came in
    _frames(app)
    _check_widgets(app, tour, size)
    for name in ("newgame", "settings", "rules", "stats", "matches", "import"):
        _show(app, tour, size, lambda name=name: app.make(name))
    _show(app, tour, size, lambda: app.make("replay", record, seat=0))
    _show(app, tour, size, lambda: MessageScene(app, i18n._("Left the table"), i18n._("The host left the table.")))
    _show(app, tour, size, lambda: HostScene(app))
    _show(app, tour, size, lambda: JoinScene(app))
    _lobby(app, tour, size)
    _tables(app, tour, size)


def _take_tour(base: Path, sizes: list[tuple[int, int]], lang: str | None) -> Tour:
    """Show every scene at every size in ``lang`` (None: the pseudo-language) and note what was drawn."""
    from client.history import record_match
    from tests.util import bot_match_record

    result = Tour()
    with pytest.MonkeyPatch.context() as mp:
        for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data")):
            (base / sub).mkdir()
            mp.setenv(var, str(base / sub))
        mp.setenv("BELLA_LAN_INTERFACES", "127.0.0.1")
        mp.setenv("BELLA_LAN_BIND", "127.0.0.1")
        mp.setenv("BELLA_STRICT", "1")
        record = bot_match_record("klaberjass", 2, seed=5)
        assert record_match(record, seat=0, levels={1: "random"}) is None  # the statistics have a group to show
        for name in ("text", "shadowed", "outlined"):
            mp.setattr(ui.Fonts, name, result.recorder.wrap(getattr(ui.Fonts, name)))
        mp.setattr(Widget, "__init__", _made_in(Widget.__init__))
        try:
            for size in sizes:
                app = make_app(["--windowed", f"{size[0]}x{size[1]}", "--no-sound", "--lang", lang or "en"])
                if lang is None:
                    i18n._translation = Pseudo()  # after the app chose its language: from now on, every message
                result.recorder.allow_names([app.settings.player_name])
                try:
                    _tour(app, result, size, record)
                finally:
                    app.shutdown()
                    i18n.set_language("en")
        finally:
            i18n.set_language("en")
            i18n._translation = gettext.NullTranslations()
    return result


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tour]:
    """Every scene at every size, once, in the pseudo-language (the tests below read what it saw)."""
    yield _take_tour(tmp_path_factory.mktemp("i18n-render"), SIZES, None)


@pytest.mark.parametrize("lang", [c for c in i18n.LANGUAGES if c != "en"])
def test_every_language_fits_every_scene_at_the_smallest_window(lang: str,
                                                                tmp_path_factory: pytest.TempPathFactory) -> None:
    """The real catalogs: no widget's text sticks out of it in any scene at the minimum window size."""
    if lang not in i18n.available():
        pytest.fail(f"no compiled catalog for {lang}")
    seen = _take_tour(tmp_path_factory.mktemp(f"i18n-{lang}"), [display.MIN_SIZE], lang)
    assert "TableScene" in seen.scenes and "NewGame" in seen.scenes
    assert not seen.overflows, "\n".join(seen.overflows)


def test_every_scene_was_shown(tour: Tour) -> None:
    wanted = {"MainMenu", "NewGame", "SettingsScene", "RulesScene", "StatsScene", "MatchesScene", "ImportScene",
              "ReplayScene", "MessageScene", "HostScene", "JoinScene", "LobbyScene", "TableScene", "PauseMenu",
              "ScoreSheet", "EndMatch"}
    assert wanted <= tour.scenes, sorted(wanted - tour.scenes)


def test_no_widget_text_is_wider_than_its_widget(tour: Tour) -> None:
    assert not tour.overflows, "\n".join(tour.overflows)


def test_no_scene_draws_untranslated_text(tour: Tour) -> None:
    found = tour.recorder.offenders()
    assert not found, f"{len(found)} untranslated strings drawn:\n" + "\n".join(found)


def test_the_language_is_english_again(tour: Tour) -> None:
    assert i18n.language() == "en" and i18n._("New game") == "New game"


def test_files_are_named_in_the_offenders_list(tmp_path: Path) -> None:
    rec = Recorder()
    rec.drawn = {"client.scenes.menu": {"Quit", pseudo("Rules")}, "client.scenes.stats": {pseudo("won")}}
    assert rec.offenders() == ["client.scenes.menu: 'Quit' (untranslated: Quit)"]
    assert rec.offenders({"client.scenes.stats"}) == []


def test_long_widget_text_shrinks_then_ends_with_an_ellipsis() -> None:
    from client.widgets import ELLIPSIS, Button, Label, Picker, TextInput, fit_text

    app = make_app(["--windowed", "960x540", "--no-sound", "--lang", "en"])
    try:
        long = "Donaudampfschifffahrtsgesellschaftskapitän " * 3
        rect = pygame.Rect(0, 0, 160, 40)
        widgets: list[Widget] = [Button(long, lambda: None, rect), Label(long, rect, px=20),
                                 Picker(long, [(1, long)], 1, None, pygame.Rect(0, 0, 400, 40)),
                                 TextInput("", rect, placeholder=long)]
        for w in widgets:
            assert w.text_overflow(app) == 0, type(w).__name__
            w.draw(app.screen, app)
        shown, px = fit_text(app.fonts, long, 20, 160, "bold")
        assert shown.endswith(ELLIPSIS) and px == 14  # shrunk to the floor (70%), then cut short
        assert app.fonts.font(px, "bold").size(shown)[0] <= 160
        assert fit_text(app.fonts, "Back", 20, 160, "bold") == ("Back", 20)  # what fits is left alone
        shown, px = fit_text(app.fonts, "Zurück zum Hauptmenü", 20, 240, "bold")
        assert shown == "Zurück zum Hauptmenü" and 14 <= px < 20  # a little too long: only shrinks
    finally:
        app.shutdown()
