"""The client's LAN screens, headless, against real hosts on loopback (zeroconf limited to 127.0.0.1):
join a table found by discovery and play a deal through the unchanged table scene; host a table from the
form, start it from the lobby, and stop it when leaving."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pygame
import pytest

from client.scene import MessageScene
from client.scenes.endmatch import EndMatch
from client.scenes.lan_common import LanSession
from client.scenes.lan_host import HostScene
from client.scenes.lan_join import JoinScene, parse_address
from client.scenes.lan_lobby import LobbyScene
from client.widgets import Button, TextInput
from net.lan import connect, start_host
from tests.client.driver import Player, click, key, make_app, run_until, table_of
from tests.net.helpers import loopback_only  # noqa: F401 (an autouse fixture: the scenes stay on loopback)


def _app() -> Any:
    return make_app(["--no-sound", "--windowed", "1280x720", "--speed", "40"])


def _breathe(_app: Any, _i: int) -> None:
    time.sleep(0.002)  # the network runs in real time


def _button(scene: Any, label: str) -> Any:
    """The button labelled ``label`` (or, failing that, the first whose label starts with it)."""
    buttons = [w for w in scene.widgets.items if isinstance(w, Button)]
    return next((b for b in buttons if b.text == label), None) or next(b for b in buttons if b.text.startswith(label))


def _press(app: Any, scene: Any, prefix: str) -> None:
    """Click a scene's button with posted mouse events and let the app process them."""
    click(_button(scene, prefix).rect.center)
    app.frame(1 / 60)


def test_join_found_table_and_play_a_deal() -> None:
    name = f"join-{uuid.uuid4().hex[:6]}"
    handle = start_host("klaberjass", 2, {"target_score": 1}, name, bots={1: "random"}, bind="127.0.0.1",
                        interfaces=["127.0.0.1"])
    app = _app()
    try:
        app.open_module("client.scenes.lan_join", "Joining a LAN game")
        join = app.top
        assert isinstance(join, JoinScene) and join.browser is not None
        run_until(app, lambda a: any(t.name == name for t in join.tables), max_frames=3000, on_frame=_breathe)
        index = next(i for i, t in enumerate(join.tables) if t.name == name)
        assert join.list is not None
        join.list.selected = index
        _press(app, join, "Join")
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda a: lobby.lobby is not None, max_frames=2000, on_frame=_breathe)
        _press(app, lobby, "1.")  # sit at the first seat
        run_until(app, lambda a: lobby.session.seat == 0, max_frames=2000, on_frame=_breathe)
        run_until(app, lambda a: any(isinstance(w, Button) and w.text == "Ready" for w in lobby.widgets.items),
                  max_frames=2000, on_frame=_breathe)
        _press(app, lobby, "Ready")
        run_until(app, lambda a: handle.lobby()["seats"][0]["ready"], max_frames=2000, on_frame=_breathe)
        handle.start_match()
        run_until(app, lambda a: table_of(a) is not None, max_frames=2000, on_frame=_breathe)
        table = table_of(app)
        assert table is not None and isinstance(table.session, LanSession)

        def over(_: Any) -> bool:
            return bool((table.view or {}).get("match_over"))

        player = Player(seed=3)
        run_until(app, over, player, max_frames=20000, on_frame=_breathe)  # a one-deal match (target 1)
        assert player.actions > 0
        assert table.session.seat_names[0] == "You"
        # "play again" with the same table: back to its lobby, ready, and the host starts match 2
        run_until(app, lambda a: lobby.session.status == "lobby", max_frames=2000, on_frame=_breathe)
        run_until(app, lambda a: isinstance(a.top, EndMatch), player, max_frames=3000, on_frame=_breathe)
        _press(app, app.top, "Play again")  # the end-of-match screen takes a LAN player back to the lobby
        again = app.top
        assert isinstance(again, LobbyScene) and again.session.status == "lobby"
        again.session.set_ready(True)
        run_until(app, lambda a: handle.lobby()["seats"][0]["ready"], max_frames=2000, on_frame=_breathe)
        handle.start_match()
        run_until(app, lambda a: table_of(a) is not None, max_frames=2000, on_frame=_breathe)
        second = table_of(app)
        assert second is not None and second is not table
        run_until(app, lambda a: second.view is not None and not second.view["match_over"], max_frames=2000,
                  on_frame=_breathe)
        # the host quits mid-match: the player is taken back to the menu with the reason
        handle.stop()
        run_until(app, lambda a: isinstance(a.top, MessageScene), max_frames=3000, on_frame=_breathe)
        assert "closed the table" in app.top.body and table_of(app) is None
    finally:
        handle.stop()
        for sc in list(app.stack):
            sess = getattr(sc, "session", None)
            if sess is not None:
                sess.close()


def test_host_form_lobby_start_and_leave() -> None:
    app = _app()
    app.open_module("client.scenes.lan_host", "Hosting a LAN game")
    form = app.top
    assert isinstance(form, HostScene)
    form._set_game("klaberjass")
    form._seat(1, "easy")
    form.table_name = f"host-{uuid.uuid4().hex[:6]}"
    _press(app, form, "Host")
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host_handle is not None
    handle = lobby.host_handle
    assert handle.address == "127.0.0.1" and handle._host.address == "127.0.0.1"
    try:
        run_until(app, lambda a: lobby.session.seat == 0 and lobby.lobby is not None, max_frames=3000,
                  on_frame=_breathe)
        assert lobby.lobby is not None and lobby.lobby["seats"][1]["kind"] == "bot"
        field = next(w for w in lobby.widgets.items if isinstance(w, TextInput))
        click(field.rect.center)
        app.frame(1 / 60)
        assert any(isinstance(w, TextInput) and w.focused for w in lobby.widgets.items)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="hello \u202etable"))
        app.frame(1 / 60)
        key(pygame.K_RETURN)
        run_until(app, lambda a: lobby.session.chat_log(), max_frames=2000, on_frame=_breathe)
        assert lobby.session.chat_log()[0][1] == "hello table"
        _press(app, lobby, "Start")  # the owner's start counts as ready
        run_until(app, lambda a: table_of(a) is not None, max_frames=3000, on_frame=_breathe)
        table = table_of(app)
        assert table is not None and isinstance(table.session, LanSession) and table.session.handle is handle
        table.session.close()  # leaving the table stops hosting
        assert not handle.running
    finally:
        handle.stop()


def test_a_match_hosted_from_the_client_is_in_the_hosts_history() -> None:
    from client.history import History

    app = _app()
    app.open_module("client.scenes.lan_host", "Hosting a LAN game")
    form = app.top
    assert isinstance(form, HostScene)
    form._set_game("klaberjass")
    form._seat(1, "random")
    form._set_option("target_score", 150)
    form.table_name = f"rec-{uuid.uuid4().hex[:6]}"
    _press(app, form, "Host")
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host_handle is not None
    handle = lobby.host_handle
    try:
        run_until(app, lambda a: lobby.session.seat == 0 and lobby.lobby is not None, max_frames=3000,
                  on_frame=_breathe)
        _press(app, lobby, "Start")
        run_until(app, lambda a: table_of(a) is not None, max_frames=3000, on_frame=_breathe)
        table = table_of(app)
        assert table is not None
        run_until(app, lambda a: table.ended, Player(seed=2), max_frames=60000, on_frame=_breathe)
        with History() as h:
            (row,) = h.matches()
        assert row.mode == "lan" and row.finished and row.seat == 0 and row.levels == {1: "random"}
        assert row.record == handle._host.state.to_record()
    finally:
        handle.stop()
    app.shutdown()


def test_parse_address() -> None:
    assert parse_address(" 192.168.1.5:5555 ") == ("192.168.1.5", 5555)
    for bad in ("nohost", "host:", ":80", "h:0", "h:70000", "h:x"):
        with pytest.raises(ValueError):
            parse_address(bad)


def test_private_table_host_shows_the_code_and_join_asks_for_it() -> None:
    app = _app()
    app.open_module("client.scenes.lan_host", "Hosting a LAN game")
    form = app.top
    assert isinstance(form, HostScene)
    form._set_game("klaberjass")
    form.table_name = f"priv-{uuid.uuid4().hex[:6]}"
    code_field = next(w for w in form.widgets.items if isinstance(w, TextInput) and w.placeholder.startswith("none"))
    click(code_field.rect.center)
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ab"))
    app.frame(1 / 60)
    assert form.code == "ab"
    _press(app, form, "Host")  # too short: refused with the reason, nothing is hosted
    assert isinstance(app.top, MessageScene) and "4 to 8" in app.top.body
    app.pop()
    form._set_code("k7qx")
    _press(app, form, "Host")
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host_handle is not None
    handle = lobby.host_handle
    try:
        assert handle.code == "K7QX"  # the owner got in without typing it; the lobby shows it
        run_until(app, lambda a: lobby.session.seat == 0, max_frames=3000, on_frame=_breathe)
        app.frame(1 / 60)
    finally:
        lobby.back()
        handle.stop()

    name = f"lock-{uuid.uuid4().hex[:6]}"
    handle = start_host("klaberjass", 2, {}, name, bots={1: "random"}, bind="127.0.0.1", interfaces=["127.0.0.1"],
                        code="Q9Z2", code_backoff=0.2)
    owner = connect("127.0.0.1", handle.port, "Host")  # the hosting player claims the owner key, as in the app
    try:
        app.open_module("client.scenes.lan_join", "Joining a LAN game")
        join = app.top
        assert isinstance(join, JoinScene)
        run_until(app, lambda a: any(t.name == name for t in join.tables), max_frames=3000, on_frame=_breathe)
        index = next(i for i, t in enumerate(join.tables) if t.name == name)
        assert join.tables[index].locked and "locked" in join._rows()[index] and "Q9Z2" not in join._rows()[index]
        assert join.list is not None
        join.list.selected = index
        _press(app, join, "Join")  # no code typed: asked for it, nothing is joined
        app.frame(1 / 60)
        assert app.top is join and join.code_field is not None and join.code_field.focused
        assert any("private table" in t[0] for t in app.toasts)
        join._set_code("AAAA")
        join.list.selected = index
        _press(app, join, "Join")  # a wrong code: the lobby closes and the join screen asks again
        # (the lobby may already be gone after this frame when the host answers at once: wait for the end state)
        run_until(app, lambda a: a.top is join and any("Wrong table code" in t[0] for t in a.toasts),
                  max_frames=3000, on_frame=_breathe)
        app.frame(1 / 60)
        assert app.top is join and any("Wrong table code" in t[0] for t in app.toasts) and join.code_field.focused
        time.sleep(0.25)  # the back-off after one wrong guess
        join._set_code("q9z2")
        join.list.selected = index
        _press(app, join, "Join")
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda a: lobby.lobby is not None, max_frames=3000, on_frame=_breathe)
        lobby.back()
    finally:
        owner.close()
        handle.stop()
        for sc in list(app.stack):
            sess = getattr(sc, "session", None)
            if sess is not None:
                sess.close()
