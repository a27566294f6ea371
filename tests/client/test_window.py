"""Window resizing, runtime fullscreen toggling and layout from the window size."""

from __future__ import annotations

import pygame
import pytest

from client import layout
from tests.client.driver import key, make_app, run_until, table_of


def test_resize_and_fullscreen_toggle_at_the_table() -> None:
    app = make_app(["--game", "belote", "--players", "4", "--seed", "1", "--level", "random", "--speed", "20",
                    "--no-sound", "--windowed", "1280x720"])
    table = table_of(app)
    assert table is not None and not app.fullscreen
    table.session.bot_delay = table.session.deal_delay = 0.0
    run_until(app, lambda a: bool(table.hand_order), max_frames=600)
    small = table.lay.card_w if table.lay else 0
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.frame(1 / 60)
    assert app.size == (1920, 1080)
    assert table.lay is not None and table.lay.w == 1920 and table.lay.card_w > small
    assert app.settings.window_size == [1920, 1080]
    key(pygame.K_F11)
    app.frame(1 / 60)
    assert app.fullscreen and app.settings.fullscreen
    assert table.lay.w == app.size[0]
    key(pygame.K_RETURN, pygame.KMOD_ALT)  # Alt+Enter back to a window
    app.frame(1 / 60)
    assert not app.fullscreen
    assert app.size == (1920, 1080)
    for _ in range(30):
        app.frame(1 / 60)
    app.shutdown()


def test_fullscreen_flag_and_bad_window_size() -> None:
    app = make_app(["--fullscreen", "--no-sound"])
    assert app.fullscreen
    app.frame(1 / 60)
    app.shutdown()
    from client.app import main, parse_size

    with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
        parse_size("big")
    assert main(["--windowed", "10x10"]) == 2


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1024, 768)])
def test_layout_keeps_everything_on_screen(n: int, size: tuple[int, int]) -> None:
    w, h = size
    lay = layout.compute(w, h, n, 0)
    assert len({sp.seat for sp in lay.seats}) == n
    for sp in lay.seats:
        for x, y in (sp.hand, sp.plate, sp.trick):
            assert 0 <= x <= w and 0 <= y <= h
    fan = layout.fan(9, lay.spot(0).hand, lay.card_w, w * 0.6)
    xs = [p[0] for p, _ in fan]
    assert xs == sorted(xs) and xs[0] - lay.card_w / 2 >= 0 and xs[-1] + lay.card_w / 2 <= w
    # counter-clockwise tables mirror the seats
    ccw = layout.compute(w, h, n, 0, clockwise=False)
    if n > 2:
        assert ccw.spot(1).side != lay.spot(1).side
