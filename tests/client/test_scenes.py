"""Every scene renders at 1280x720, 1920x1080 and 3840x2160 (dummy video driver)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

import core
from client.app import App
from client.scene import MessageScene
from client.scenes.endmatch import EndMatch
from client.scenes.menu import MainMenu
from client.scenes.newgame import NewGame
from client.scenes.pause import PauseMenu
from client.scenes.rules import RulesScene
from client.scenes.scoresheet import ScoreSheet
from client.scenes.settings import SettingsScene
from tests.client.driver import make_app, open_bot_table

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


def _not_blank(app: App) -> None:
    surf = app.screen
    w, h = surf.get_size()
    colours = {tuple(surf.get_at((x * w // 25, y * h // 19)))[:3] for x in range(1, 25) for y in range(1, 19)}
    assert len(colours) > 3, "the frame looks blank"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scene_renders(size: tuple[int, int]) -> None:
    app = make_app(["--windowed", f"{size[0]}x{size[1]}", "--no-sound"])
    assert app.size == size
    scenes: list[Callable[[], Any]] = [
        lambda: MainMenu(app), lambda: NewGame(app), lambda: SettingsScene(app), lambda: RulesScene(app),
        lambda: MessageScene(app, "Heading", "A body text long enough to wrap over more than one line " * 3),
    ]
    for make in scenes:
        app.push(make())
        for _ in range(3):
            app.frame(1 / 60)
        _not_blank(app)
        app.pop()
    for module in ("client.scenes.lan_host", "client.scenes.lan_join"):  # the LAN layer's scenes, if present
        depth = len(app.stack)
        app.open_module(module, "LAN")
        for _ in range(3):
            app.frame(1 / 60)
        _not_blank(app)
        while len(app.stack) > depth:
            app.pop()
    for game in core.GAMES:
        session, table = open_bot_table(app, game)
        for _ in range(20):
            app.frame(1 / 60)
        _not_blank(app)
        t = table
        for make in (lambda t=t: PauseMenu(app, t), lambda t=t: ScoreSheet(app, t.view or {}, t.names),
                     lambda t=t: EndMatch(app, t, True)):
            app.push(make())
            app.frame(1 / 60)
            app.frame(1 / 60)
            _not_blank(app)
            app.pop()
        table.show_last = True
        app.frame(1 / 60)
    app.shutdown()


def test_rules_cover_every_game() -> None:
    from client.rules_text import RULES

    for game in core.GAME_IDS:
        assert game in RULES and len(RULES[game]) >= 4
        text = " ".join(body for _, body in RULES[game])
        assert len(text) > 600


def test_smoke_flag_visits_all_scenes() -> None:
    from client.app import build

    app = build(["--smoke", "--windowed", "1280x720", "--no-sound"])
    app.realtime = False
    seen: set[str] = set()
    for _ in range(2000):
        if not app.running:
            break
        app.frame(1 / 60)
        if app.top is not None:
            seen.add(type(app.top).__name__)
    assert not app.running
    assert {"NewGame", "SettingsScene", "RulesScene", "TableScene", "PauseMenu", "ScoreSheet", "EndMatch"} <= seen
    pygame.display.get_surface()
