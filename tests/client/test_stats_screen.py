"""The Statistics screen: it renders the history's figures and charts, explains an empty history, resets safely."""

from __future__ import annotations

import doctest
from typing import Any

import pygame
import pytest

import client.plots
import client.scenes.stats
from client.history import History
from client.scene import MessageScene
from client.scenes.stats import StatsScene, deal_points
from client.stats import compute
from tests.client.driver import click, key, make_app
from tests.util import bot_match_record


def _match(game: str, players: int, seed: int, deals: int | None = None) -> dict[str, Any]:
    return bot_match_record(game, players, seed, deals=deals)


def _fill() -> None:
    with History() as h:
        for seed in range(3):
            h.add(_match("klaberjass", 2, seed), seat=0, levels={1: "random"})
        h.add(_match("belote", 4, 7, deals=2), seat=0, levels={1: "hard", 2: "hard", 3: "hard"})


def _frames(app: Any, n: int = 4) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def _button(scene: Any, text: str) -> Any:
    return next(w for w in scene.widgets.items if getattr(w, "text", None) == text)


def test_doctests() -> None:
    for mod in (client.plots, client.scenes.stats):
        assert doctest.testmod(mod).failed == 0


def test_ticks_cover_the_range_with_round_steps() -> None:
    for lo, hi in ((0, 162), (-37, 12), (0, 1), (5, 5), (0, 2500), (-3, 0)):
        t = client.plots.nice_ticks(lo, hi)
        assert t[0] <= min(lo, hi) and t[-1] >= max(lo, hi)
        steps = {round(b - a, 6) for a, b in zip(t, t[1:], strict=False)}
        assert len(steps) == 1 and 2 <= len(t) <= 8


def test_points_per_deal_come_from_the_running_scores() -> None:
    assert deal_points([[(30, 0), (30, 12), (80, 12)]]) == ([30, 0, 50], [0])


def test_empty_history_says_so() -> None:
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("stats"))
    _frames(app)
    sc = app.top
    assert isinstance(sc, StatsScene) and sc.current is None and sc.list is None
    assert not _button(sc, "Reset statistics").enabled
    assert _not_blank(app)
    app.shutdown()


def _not_blank(app: Any) -> bool:
    surf = app.screen
    w, h = surf.get_size()
    return len({tuple(surf.get_at((x * w // 25, y * h // 19)))[:3] for x in range(1, 25) for y in range(1, 19)}) > 3


@pytest.mark.parametrize("size", [(1920, 1080), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_figures_and_charts_render(size: tuple[int, int]) -> None:
    _fill()
    app = make_app(["--windowed", f"{size[0]}x{size[1]}", "--no-sound"])
    app.push(app.make("stats"))
    _frames(app)
    sc = app.top
    assert isinstance(sc, StatsScene)
    with History() as h:
        want = compute(h.matches())
    assert [(f.game, f.players, f.opponents, f.played, f.won) for f in sc.figures] == [
        (f.game, f.players, f.opponents, f.played, f.won) for f in want]
    assert sc.current is not None and sc.current.game == "klaberjass" and sc.current.played == 3
    assert _not_blank(app)
    # the running-score chart draws our line in gold somewhere in the lower right part of the screen
    w, h = size
    gold = sum(1 for x in range(int(w * 0.34), int(w * 0.62), 2) for y in range(int(h * 0.42), int(h * 0.85), 2)
               if tuple(app.screen.get_at((x, y)))[:3] == (240, 196, 92))
    assert gold > 10
    key(pygame.K_DOWN)  # the group list has the focus: the next group
    _frames(app)
    assert sc.selected == 1 and sc.current is not None and sc.current.game == "belote"
    assert sc.current.played == 0 and sc.current.abandoned == 1
    _frames(app)
    app.shutdown()


def test_reset_asks_first_and_keeps_the_history_by_default() -> None:
    _fill()
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("stats"))
    _frames(app)
    sc = app.top
    assert isinstance(sc, StatsScene)
    click(_button(sc, "Reset statistics").rect.center)
    _frames(app)
    box = app.top
    assert isinstance(box, MessageScene) and box.heading == "Reset statistics?"
    key(pygame.K_RETURN)  # the focus is on the safe answer
    _frames(app)
    assert app.top is sc
    with History() as h:
        assert len(h.matches()) == 4
    click(_button(sc, "Reset statistics").rect.center)
    _frames(app)
    box = app.top
    assert isinstance(box, MessageScene)
    click(_button(box, "Reset").rect.center)
    _frames(app)
    assert app.top is sc and sc.current is None and not sc.rows
    with History() as h:
        assert h.matches() == []
    app.shutdown()


def test_the_main_menu_opens_the_statistics() -> None:
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    _frames(app)
    click(_button(app.top, "Statistics").rect.center)
    _frames(app)
    assert isinstance(app.top, StatsScene)
    key(pygame.K_ESCAPE)
    _frames(app)
    assert type(app.top).__name__ == "MainMenu"
    app.shutdown()


def test_a_damaged_history_is_reported_not_fatal() -> None:
    from client.history import history_path

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("stats"))
    _frames(app)
    assert isinstance(app.top, StatsScene)
    assert any("damaged" in str(t[0]) for t in app.toasts)
    assert path.with_name(path.name + ".bad").exists()
    app.shutdown()
