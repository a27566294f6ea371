"""net.lan offers the interface agreed with the client (names, parameters, defaults)."""

from __future__ import annotations

import dataclasses
import inspect

import core.session
import net.lan as lan


def test_the_agreed_interface() -> None:
    assert isinstance(lan.PROTOCOL_VERSION, int)
    fields = [f.name for f in dataclasses.fields(lan.TableInfo)]
    assert fields == ["name", "game", "variant", "seats_taken", "seats_total", "address", "port", "protocol",
                      "compatible", "locked"]
    assert lan.TableInfo.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert list(inspect.signature(lan.Browser).parameters) == ["interfaces"]
    assert inspect.signature(lan.Browser).parameters["interfaces"].default is None
    for name in ("start", "tables", "stop"):
        assert callable(getattr(lan.Browser, name))
    for name in ("lobby", "set_bot", "start_match", "stop"):
        assert callable(getattr(lan.HostHandle, name))
    sh = inspect.signature(lan.start_host).parameters
    assert list(sh)[:4] == ["game", "players", "options", "table_name"]
    assert {k: sh[k].default for k in ("bots", "bind", "port", "advertise", "interfaces")} == {
        "bots": None, "bind": "0.0.0.0", "port": 0, "advertise": True, "interfaces": None}
    cp = inspect.signature(lan.connect).parameters
    assert list(cp) == ["address", "port", "name", "token", "code"]
    assert cp["token"].kind is cp["code"].kind is inspect.Parameter.KEYWORD_ONLY
    for name in ("poll", "submit", "close", "lobby", "take_seat", "leave_seat", "set_ready", "chat", "chat_log",
                 "start_match"):
        assert callable(getattr(lan.RemoteSession, name))
    assert set(dir(core.session.Session)) & {"poll", "submit", "close"} <= set(dir(lan.RemoteSession))
