"""Hints, gamepad, LAN menu entries, remote-style sessions (status, chat), sounds and card art."""

from __future__ import annotations

import io
import wave
from typing import Any

import pygame

import core
from client import sound
from client.cards import CardArt
from client.labels import action_text, sort_hand
from client.scene import MessageScene
from client.scenes.menu import MainMenu
from client.scenes.newgame import open_table
from client.session import LocalSession
from core.session import Update
from tests.client.driver import key, make_app, run_until, table_of


def _fast_table(game: str, players: int, level: str = "random") -> tuple[Any, Any]:
    app = make_app(["--game", game, "--players", str(players), "--seed", "21", "--level", level, "--speed", "30",
                    "--no-sound"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0
    return app, t


def test_hint_key_suggests_a_legal_move_and_enter_plays_it() -> None:
    app, t = _fast_table("klaberjass", 2)
    run_until(app, lambda a: t.my_turn() and not t.events and t.result is None, max_frames=3000)
    seq = t.view["seq"]
    key(pygame.K_h)
    run_until(app, lambda a: t.hint is not None, max_frames=3000)
    action, reason = t.hint
    assert action in t.view["legal"]
    assert isinstance(reason, str)
    key(pygame.K_RETURN)
    run_until(app, lambda a: (t.view or {}).get("seq", 0) > seq, max_frames=300)
    assert t.session.state.history[seq].to_json() == action
    app.shutdown()


def test_gamepad_buttons_and_hat_act_as_keys() -> None:
    app, t = _fast_table("belote", 4)
    run_until(app, lambda a: t.my_turn() and not t.events and t.result is None, max_frames=3000)
    seq = t.view["seq"]
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(1, 0)))
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0))
    run_until(app, lambda a: (t.view or {}).get("seq", 0) > seq, max_frames=300)
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=1))  # B: pause menu
    app.frame(1 / 60)
    assert type(app.top).__name__ == "PauseMenu"
    app.shutdown()


def test_lan_menu_entries_open_lan_scenes_or_explain() -> None:
    app = make_app(["--no-sound"])
    assert isinstance(app.top, MainMenu)
    labels = [getattr(w, "text", "") for w in app.top.widgets.items]
    assert "Host a LAN game" in labels and "Join a LAN game" in labels
    for entry in ("Host a LAN game", "Join a LAN game"):
        btn = next(w for w in app.top.widgets.items if getattr(w, "text", "") == entry)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=btn.rect.center, button=1))
        app.frame(1 / 60)
        assert not isinstance(app.top, MainMenu)
        if isinstance(app.top, MessageScene):
            assert "not available" in app.top.body or "could not start" in app.top.body
        while not isinstance(app.top, MainMenu):
            app.pop()
    app.open_module("client.scenes.no_such_scene", "Nothing")
    assert isinstance(app.top, MessageScene) and "not available" in app.top.body
    app.shutdown()


class RemoteLike:
    """A session with only the network interface: no explain/hint/save, but status and chat."""

    def __init__(self) -> None:
        self.inner = LocalSession("klaberjass", 2, seat=0, seed=5, levels={1: "random"}, bot_delay=0,
                                  deal_delay=0)
        self.seat = 0
        self.sent: list[str] = []
        self.first = True

    def poll(self) -> list[Update]:
        out = self.inner.poll()
        if self.first:
            self.first = False
            out.insert(0, Update(status="Bob reconnected"))
        return out

    def submit(self, action: core.Action) -> None:
        self.inner.submit(action)

    def close(self) -> None:
        self.inner.close()

    def chat(self, text: str) -> None:
        self.sent.append(text)

    def chat_log(self) -> list[tuple[str, str]]:
        return [("Bob", "good luck!")] + [("You", s) for s in self.sent]


def test_remote_style_session_status_and_chat() -> None:
    app = make_app(["--no-sound"])
    sess = RemoteLike()
    open_table(app, sess)
    t = table_of(app)
    assert t is not None
    run_until(app, lambda a: t.status is not None, max_frames=50)
    assert t.status[0] == "Bob reconnected"
    key(pygame.K_t)
    app.frame(1 / 60)
    assert t.chat_input is not None
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="hi all"))
    key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert sess.sent == ["hi all"] and t.chat_input is None
    # without a dry-run API, clicking an illegal card sends it: the engine's refusal comes back as Update.error
    from tests.client.driver import Player, card_point, click

    def illegal_possible(a: Any) -> bool:
        return (t.my_turn() and bool(t.card_actions) and not t.events and t.wait <= 0 and t.result is None
                and any(c not in t.card_actions for c in t.hand_order))

    run_until(app, illegal_possible, max_frames=20000, player=Player(3))
    bad = next(c for c in t.hand_order if c not in t.card_actions)
    assert t.reason(bad) is None
    seq = t.view["seq"]
    t.error = None
    click(card_point(t, bad))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert t.error is not None and t.error[0][0].isupper(), t.error
    assert t.view["seq"] == seq and bad in t.hand_order
    app.shutdown()


def test_sounds_are_valid_wav_and_play_silently_without_a_device() -> None:
    for name, make in sound._effects().items():
        data = sound.to_wav(make())
        with wave.open(io.BytesIO(data)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getnframes() > 100, name
    s = sound.Sounds(enabled=True)
    assert {"card", "deal", "win", "error", "banner"} <= set(s.names()) or not s.ok
    s.play("card")
    s.configure(0.5, 0.0, True)
    s.play("card")
    s.stop()
    silent = sound.Sounds(enabled=False)
    silent.play("card")


def test_card_art_every_card_any_size_cached() -> None:
    pygame.display.init()
    pygame.display.set_mode((200, 200))
    art = CardArt()
    cards = [r + s for s in "SHDC" for r in "23456789TJQKA"] + ["X1", "X2"]
    for w in (24, 60, 130, 300):
        for c in cards:
            img = art.face(c, w)
            assert img.get_size() == (w, round(w * 1.4))
            assert img.get_at((0, 0)).a == 0 and img.get_at((w // 2, img.get_height() // 2)).a == 255
    assert art.face("JH", 130) is art.face("JH", 130)
    red = art.face("7D", 130).get_at((int(130 * 0.12), int(130 * 0.12)))
    art.configure("four_colour", "navy")
    blue = art.face("7D", 130)
    assert blue is not art.face("7D", 131)
    assert art.back(100).get_at((50, 70))[:3] != (0, 0, 0)
    del red


def test_labels_and_sorting() -> None:
    view = {"game": "belote", "trump": "H", "contract": {"call": "H"}, "phase": "play", "legal": []}
    hand = sort_hand(["7H", "JH", "AS", "9H", "TC", "KD", "AH"], view)
    assert hand[:4] == ["JH", "9H", "AH", "7H"]
    assert set(hand) == {"7H", "JH", "AS", "9H", "TC", "KD", "AH"}
    assert action_text({"type": "bid", "call": "NT"}) == "No trumps"
    assert action_text({"type": "trump", "suit": "S"}).endswith("Spades")
    assert "10\u2660" in action_text({"type": "declare", "call": "tertz", "cards": ["8S", "9S", "TS"]})


def test_dragging_a_card_up_plays_it() -> None:
    app, t = _fast_table("tertz", 2)
    run_until(app, lambda a: t.my_turn() and bool(t.card_actions) and not t.events and t.result is None,
              max_frames=3000)
    card = next(c for c in t.hand_order if c in t.card_actions)
    from tests.client.driver import card_point

    x, y = card_point(t, card)
    seq = t.view["seq"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y) - 200), rel=(0, -200),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y) - 200), button=1))
    run_until(app, lambda a: (t.view or {}).get("seq", 0) > seq, max_frames=300)
    played = t.session.state.history[seq].to_json()
    assert played.get("card") == card
    app.shutdown()


def test_scene_attribute_named_like_a_hook_does_not_break_the_loop() -> None:
    from client.scene import Scene

    class Shadowing(Scene):
        def __init__(self, app: Any) -> None:
            super().__init__(app)
            self.handle = None  # type: ignore[assignment]
            self.seen = 0

        def update(self, dt: float) -> None:
            super().update(dt)
            self.seen += 1

    app = make_app(["--no-sound"])
    sc = Shadowing(app)
    app.push(sc)
    key(pygame.K_a)
    app.frame(1 / 60)
    assert sc.seen >= 1
    app.shutdown()


def test_a_failing_scene_is_reported_and_the_app_goes_back_to_the_menu(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from client.scene import Scene

    class Broken(Scene):
        def draw(self, surf: pygame.Surface) -> None:
            raise RuntimeError("boom")

    monkeypatch.setenv("BELLA_STRICT", "0")
    app = make_app(["--no-sound"])
    app.push(Broken(app))
    app.frame(1 / 60)
    assert isinstance(app.top, MainMenu) and app.running
    assert any("boom" in str(t[0]) for t in app.toasts)
    app.frame(1 / 60)
    app.shutdown()


def test_new_game_form_starts_a_table_by_keyboard_and_mouse() -> None:
    from client.scenes.newgame import NewGame
    from client.widgets import Picker

    app = make_app(["--no-sound"])
    menu = app.top
    new = next(w for w in menu.widgets.items if getattr(w, "text", "") == "New game")  # type: ignore[union-attr]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=new.rect.center, button=1))
    app.frame(1 / 60)
    form = app.top
    assert isinstance(form, NewGame)
    game_picker = next(w for w in form.widgets.items if isinstance(w, Picker) and w.label == "Game")
    target = "tertz"
    for _ in range(10):
        if form.game == target:
            break
        right = game_picker._arrows()[1]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right.center, button=1))
        app.frame(1 / 60)
        game_picker = next(w for w in form.widgets.items if isinstance(w, Picker) and w.label == "Game")
    assert form.game == target
    rule = form.rule_rows[0]
    before = rule.value
    form.widgets.set_focus(rule)
    key(pygame.K_RIGHT)
    app.frame(1 / 60)
    assert form.options[form._rule_ids[0]] != before
    start = next(w for w in form.widgets.items if getattr(w, "text", "") == "Start")
    form.widgets.set_focus(start)
    key(pygame.K_RETURN)
    app.frame(1 / 60)
    t = table_of(app)
    assert t is not None and t.session.game == "tertz"
    assert t.session.state.options[form._rule_ids[0]] == form.options[form._rule_ids[0]]
    assert app.settings.last_game == "tertz"
    app.shutdown()
