"""Keyboard and focus: the cursor skips unplayable cards, focus looks unlike hover, safe defaults."""

from __future__ import annotations

from typing import Any

import pygame

from client import ui
from client.scene import MessageScene
from client.widgets import Button
from tests.client.driver import Player, card_point, click, key, make_app, run_until, table_of


def _table_with_illegal_cards() -> tuple[Any, Any]:
    app = make_app(["--game", "belote", "--players", "4", "--seed", "3", "--level", "random", "--speed", "40",
                    "--no-sound", "--windowed", "1280x720"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0

    def ready(a: Any) -> bool:
        return (t.my_turn() and bool(t.card_actions) and not t.events and t.wait <= 0 and t.staged is None
                and any(c not in t.card_actions for c in t.hand_order)
                and sum(c in t.card_actions for c in t.hand_order) >= 2)
    player = Player(4)
    player.illegal_tried = True
    run_until(app, ready, player=player, max_frames=20000)
    return app, t


def test_left_right_stop_only_on_playable_cards_and_a_click_on_a_dead_card_keeps_the_cursor() -> None:
    app, t = _table_with_illegal_cards()
    seen = set()
    for k in [pygame.K_RIGHT] * 10 + [pygame.K_LEFT] * 10:
        key(k)
        app.frame(1 / 60)
        card = t.hand_order[t.selected]
        assert card in t.card_actions, (card, t.hand_order)
        seen.add(card)
    assert len(seen) >= 2
    before = t.selected
    bad = next(c for c in t.hand_order if c not in t.card_actions)
    click(card_point(t, bad))
    app.frame(1 / 60)
    assert t.selected == before and t.hand_order[t.selected] in t.card_actions
    assert t.error is not None  # the reason is still shown
    app.shutdown()


def test_focus_ring_differs_from_hover() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    surf = pygame.Surface((300, 200))
    looks = []
    for hovered, focused in ((True, False), (False, True)):
        surf.fill((0, 0, 0))
        b = Button("OK", lambda: None, pygame.Rect(100, 80, 100, 40))
        b.hovered, b.focused = hovered, focused
        b.draw(surf, app)
        looks.append(tuple(surf.get_at((150, 80 - 3)))[:3])  # just above the button's top edge
    assert looks[0] != looks[1]
    assert looks[1] == ui.FOCUS_RING
    app.shutdown()


def test_leave_confirmation_defaults_to_stay_and_is_opaque() -> None:
    app = make_app(["--game", "klaberjass", "--players", "2", "--seed", "1", "--level", "random", "--no-sound",
                    "--windowed", "1280x720"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = 50.0
    app.frame(1 / 60)
    t.open_pause()
    app.frame(1 / 60)
    pause = app.top
    pause._leave_confirm()  # type: ignore[union-attr]
    box = app.top
    assert isinstance(box, MessageScene)
    app.frame(1 / 60)
    focused = box.widgets.focused()
    assert isinstance(focused, Button) and focused.text == "Stay"
    px = app.screen.get_at((box.box.x + app.px(12), box.box.centery))
    assert tuple(px)[:3] == ui.PANEL_SOLID[:3]  # nothing of the pause menu shows through
    key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert app.top is pause and table_of(app) is t  # Enter kept us at the table
    app.shutdown()
