"""An idle client draws nothing and sleeps; input or motion brings back 60 FPS drawing."""

from __future__ import annotations

import time

import pygame

from tests.client.driver import Player, make_app, quick_table


def test_idle_menu_draws_nothing_and_wakes_on_input() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    app.realtime = True
    app.top.time = 30.0  # type: ignore[union-attr]  # long settled: the title fan rests
    app.run(seconds=0.3, shutdown=False)
    d0, c0 = app.drawn_frames, time.process_time()
    app.run(seconds=1.0, shutdown=False)
    assert app.drawn_frames - d0 == 0
    assert time.process_time() - c0 < 0.15  # well under 15 % of a core, even on a busy test machine
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    app.run(seconds=0.2, shutdown=False)
    assert app.drawn_frames - d0 >= 1  # input is answered with a fresh picture
    app.shutdown()


def test_table_idles_while_waiting_for_us_and_animates_at_full_rate_otherwise() -> None:
    app, t = quick_table(["--game", "klaberjass", "--players", "2", "--seed", "3", "--level", "random", "--no-sound",
                          "--windowed", "1280x720"])
    for _ in range(5000):
        app.frame(1 / 60)
        time.sleep(0.0005)
        if t.my_turn() and t._idle():
            break
    assert t.my_turn()
    app.realtime = True
    app.run(seconds=4.0, shutdown=False)  # bubbles fade, the turn glow settles
    assert t.is_idle()
    d0 = app.drawn_frames
    app.run(seconds=1.0, shutdown=False)
    assert app.drawn_frames - d0 == 0
    # our move: cards fly again, drawn every frame
    legal = (t.view or {}).get("legal") or []
    t.submit(legal[0])
    d0, f0 = app.drawn_frames, app.frames
    app.run(seconds=0.5, shutdown=False)
    assert app.drawn_frames - d0 >= 15 and app.drawn_frames - d0 == app.frames - f0
    app.shutdown()


def test_only_static_scenes_idle() -> None:
    from client.scene import Scene

    app = make_app(["--no-sound", "--windowed", "1280x720"])
    plain = Scene(app)
    plain.time = 10.0
    assert not plain.is_idle()  # a scene that may show news (LAN screens) keeps drawing
    app.top.time = 30.0  # type: ignore[union-attr]
    assert app.top.is_idle()  # type: ignore[union-attr]  # the main menu, settled
    app.shutdown()


def test_a_held_trick_is_not_drawn_again_yet_is_collected_on_time() -> None:
    """A finished trick waiting out its pause is a still picture: the loop keeps its full rate (the pause ends
    on time) but draws nothing until the sweep moves the cards."""
    app, t = quick_table(["--game", "klaberjass", "--players", "2", "--seed", "3", "--level", "random", "--no-sound",
                          "--windowed", "1280x720", "--speed", "1"])
    player = Player(2)
    for i in range(20000):
        if i % 2 == 0:
            player.step(app)
        app.frame(1 / 60)
        time.sleep(0.0002)
        if t.collecting is not None and t.is_still() and float(t.collecting["left"]) > 0.35:
            break
    assert t.collecting is not None and t.is_still() and not t.is_idle()
    app.realtime = True
    d0, f0 = app.drawn_frames, app.frames
    app.run(seconds=0.2, shutdown=False)
    assert t.collecting is not None  # still on hold
    assert app.drawn_frames - d0 == 0
    assert app.frames - f0 >= 5  # ticking at full rate, not sleeping like an idle table (10 frames a second)
    app.run(seconds=1.0, shutdown=False)
    assert t.collecting is None  # the pause ran out on time and the sweep was drawn
    assert app.drawn_frames - d0 >= 10
    app.shutdown()
