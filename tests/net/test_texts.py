"""The host's errors carry a template and arguments for peers that word them in their own language.

A peer says ``texts`` in its hello; the host then adds ``template`` and
``args`` to its errors and byes (for ``illegal``, the engine's refusal).
Older peers (no ``texts``) get exactly the old messages.  Real sockets on
127.0.0.1 only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import core
from client import labels
from client.reasons import render
from net.codec import encode
from net.connection import Connection, mismatch_message, mismatch_text
from net.messages import GAME_VERSION, PROTOCOL_VERSION, Bye, Error, Hello, parse
from net.peer import HostText, RemoteSession
from tests.net.helpers import RawClient, running_host, wait_until
from tests.util import install_catalog

PSEUDO = {"seat {seat} is taken": "место {seat} занято", "you do not hold the {card}": "у вас нет карты {card}",
          "card index\x04J": "В", "it is not your turn": "сейчас не ваш ход",
          "The host closed the table": "Хозяин закрыл стол"}


@pytest.fixture
def russian(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    install_catalog(monkeypatch, PSEUDO)
    labels.set_local_indices(True)
    yield


def test_old_peers_get_the_old_error_and_new_peers_the_template() -> None:
    with running_host("klaberjass", 2, {}, "Texts") as (host, _thread):
        a, old, new = RawClient(host.port), RawClient(host.port), RawClient(host.port)
        try:
            a.hello("A")
            old.hello("Old")
            new.hello("New", texts=True, code=None)
            a.send({"t": "take_seat", "seat": 0})
            a.expect("lobby", seat=0)
            old.send({"t": "take_seat", "seat": 0})
            err = old.expect("error")
            assert err == {"t": "error", "code": "seat_taken", "message": "seat 1 is taken", "ref": "take_seat"}
            new.send({"t": "take_seat", "seat": 0})
            err = new.expect("error")
            assert err["code"] == "seat_taken" and err["message"] == "seat 1 is taken"
            assert err["template"] == "seat {seat} is taken" and err["args"] == {"seat": 1}
        finally:
            for c in (a, old, new):
                c.close()


def test_a_peer_shows_a_host_error_in_its_language(russian: None) -> None:
    with running_host("klaberjass", 2, {}, "Texts") as (host, _thread):
        a = RawClient(host.port)
        a.hello("A")
        a.send({"t": "take_seat", "seat": 0})
        a.expect("lobby", seat=0)
        s = RemoteSession("127.0.0.1", host.port, "Bea")
        try:
            wait_until(lambda: s.status == "lobby")
            s.take_seat(0)
            got: list[Any] = []
            wait_until(lambda: got.extend(u.error for u in s.poll() if u.error) or got)
            err = got[0]
            assert isinstance(err, HostText) and err == "seat 1 is taken" and err.code == "seat_taken"
            assert render(err) == "место 1 занято"
        finally:
            s.close()
            a.close()


def test_the_hosts_bye_in_the_peers_language(russian: None) -> None:
    with running_host("klaberjass", 2, {}, "Texts") as (host, thread):
        s = RemoteSession("127.0.0.1", host.port, "Bea")
        try:
            wait_until(lambda: s.status == "lobby")
            thread.run(host.stop(), timeout=5)
            wait_until(lambda: s.poll() is not None and s.status == "closed")
            assert s.closed_reason == "The host closed the table" and s.closed_code == "host_quit"
            assert render(s.closed_reason) == "Хозяин закрыл стол"
        finally:
            s.close()


def test_engine_refusal_goes_with_its_template(russian: None) -> None:
    host = Connection("host")
    sent: list[dict[str, Any]] = []
    host.on_send = sent.append
    host.receive_data(_frame(Hello(PROTOCOL_VERSION, GAME_VERSION, "Ann", texts=True)), 0.0)
    assert host.texts
    exc = core.IllegalAction("you do not hold the {card}", card="JH")
    host.error("illegal", exc.text, "action")
    host.close("host_quit", core.Refusal("The host closed the table"))
    wire = [m for m in sent if m["t"] in ("error", "bye")]
    assert wire[0]["template"] == "you do not hold the {card}" and wire[0]["args"] == {"card": "JH"}
    assert wire[0]["message"] == "you do not hold the jack of hearts"
    err = parse(wire[0], {"error": Error})
    assert isinstance(err, Error) and err.args == {"card": "JH"}
    assert render(HostText(err.message, err.code, err.template, err.args)) == "у вас нет карты В♥"
    assert isinstance(parse(wire[1], {"bye": Bye}), Bye)
    # an old host's error (no template): a known code is still translated, free text stays English
    old = parse({"t": "error", "code": "not_your_turn", "message": "it is not your turn", "ref": None},
                {"error": Error})
    assert isinstance(old, Error) and old.template is None
    assert render(HostText(old.message, old.code)) == "сейчас не ваш ход"
    assert render(HostText("something new", "new_code")) == "something new"


def test_version_mismatch_text() -> None:
    text = mismatch_text(2, "9.9.9", we_are="host")
    assert str(text) == mismatch_message(2, "9.9.9", we_are="host")
    assert text.template.format(**text.args) == str(text)


def _frame(msg: Any) -> bytes:
    return encode(msg.to_wire())
