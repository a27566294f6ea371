"""The LAN screens' layout: every house rule on the Host form (the wheel scrolls and never edits),
notifications kept off the lobby's heading, the seat hint for a guest, and a join list readable at any size."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest

import core
from client import ui
from client.scenes.lan_host import HostScene
from client.scenes.lan_join import JoinScene
from client.scenes.lan_lobby import SIT_HINT, LobbyScene
from net.lan import connect, start_host
from tests.client.driver import make_app, run_until, wheel
from tests.net.helpers import loopback_only  # noqa: F401 (an autouse fixture: the scenes stay on loopback)


@pytest.mark.parametrize("size", ["960x540", "1280x720", "3840x2160"])
def test_host_form_shows_every_house_rule_and_the_wheel_only_scrolls(size: str) -> None:
    app = make_app(["--no-sound", "--windowed", size])
    form = HostScene(app)
    app.push(form)
    form._set_game("deberts")
    app.frame(1 / 60)
    wanted = [o.id for o in core.GAMES["deberts"].OPTIONS if o.id != "players"]
    assert len(wanted) > 15 and form.rules.ids == wanted  # all of them, in the game's order
    rows = form.rules.rows
    assert all(p in form.widgets.items for p in rows)
    before = [p.value for p in rows]
    above, below = form.rules.hidden()
    assert above == 0 and below > 0
    seen = {i for i, p in enumerate(rows) if p.visible}
    for _ in range(len(rows) + 2):
        pos = next(p for p in rows if p.visible)._box().center  # right over a value box
        wheel(pos, -1)
        app.frame(1 / 60)
        seen |= {i for i, p in enumerate(rows) if p.visible}
        for p in rows:
            if p.visible:
                assert form.rules.area.contains(p.rect)
    assert seen == set(range(len(rows)))  # every rule came into view
    assert form.rules.hidden()[1] == 0 and form.rules.hidden()[0] >= below
    assert [p.value for p in rows] == before  # nothing was edited
    assert form.options == {}
    app.shutdown()


def test_host_form_keyboard_focus_scrolls_a_rule_into_view() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    form = HostScene(app)
    app.push(form)
    form._set_game("deberts")
    app.frame(1 / 60)
    last = form.rules.rows[-1]
    assert not last.visible
    form.widgets.set_focus(last)
    app.frame(1 / 60)
    assert last.visible
    app.shutdown()


def _breathe(_app: Any, _i: int) -> None:
    time.sleep(0.002)


def test_lobby_toasts_stay_off_the_heading_and_a_guest_is_told_to_click_a_seat() -> None:
    name = f"lob-{uuid.uuid4().hex[:6]}"
    handle = start_host("klaberjass", 2, {}, name, bind="127.0.0.1", interfaces=["127.0.0.1"])
    for size in ("960x540", "3840x2160"):
        app = make_app(["--no-sound", "--windowed", size])
        session = connect("127.0.0.1", handle.port, "Guest")
        lobby = LobbyScene(app, session)
        app.push(lobby)
        try:
            run_until(app, lambda a, lob=lobby: lob.lobby is not None, max_frames=3000, on_frame=_breathe)
            assert session.seat is None and lobby.message == SIT_HINT
            app.toast("Somebody joined the table")
            app.toast("A long notification that wraps onto a second line of text at this size of window " * 2,
                      error=True)
            app.frame(1 / 60)
            s = app.scale
            title = app.fonts.shadowed(f"Lobby \u2014 {name}", int(54 * s), ui.GOLD, "serif").get_rect(
                center=(app.size[0] // 2, int(70 * s)))
            info_bottom = app.px(150) + app.fonts.text("Private", app.px(22), ui.GOLD, "bold").get_height() // 2
            rects = app.toast_rects()
            assert len(rects) == 2
            for r in rects:
                assert not r.colliderect(title) and r.y >= info_bottom
            first_seat = min(w.rect.y for w in lobby.widgets.items if w.rect.x < app.size[0] // 2
                             and w.rect.y > app.px(100))
            assert rects[0].bottom <= first_seat  # one notification fits in the band above the seats
        finally:
            session.close()
            app.shutdown()
    handle.stop()


@pytest.mark.parametrize(("size", "scale"), [("960x540", 0.75), ("1920x1080", 1.5), ("3840x2160", 3.0)])
def test_join_list_text_scales_with_the_window(size: str, scale: float) -> None:
    app = make_app(["--no-sound", "--windowed", size])
    join = JoinScene(app)
    app.push(join)
    try:
        app.frame(1 / 60)
        assert join.list is not None
        text_px = max(12, int(join.list.row_px * 0.5))  # what ListView draws its rows with
        assert text_px >= 16 and text_px >= 21 * scale  # at least the size of the form's body text
        assert join.list.rect.h // join.list.row_px >= 4  # and still a few tables per screen
    finally:
        app.shutdown()
