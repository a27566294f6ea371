"""Forms: the wheel scrolls New game's house rules and never edits a value."""

from __future__ import annotations

import pygame

from client.scenes.newgame import NewGame
from tests.client.driver import make_app


def _wheel(pos: tuple[int, int], dy: int) -> None:
    """What SDL sends for one wheel notch: a MOUSEWHEEL event and the legacy button 4/5 press."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                         precise_y=float(dy)))
    button = 4 if dy > 0 else 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def test_wheel_over_house_rules_scrolls_and_never_edits() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    ng = NewGame(app)
    app.push(ng)
    ng._set_game("deberts")
    ng._set_players(4)
    app.frame(1 / 60)
    assert len(ng.rule_rows) > 10
    before = [p.value for p in ng.rule_rows]
    above, below = ng.hidden_rules()
    assert above == 0 and below > 0
    first_visible = next(p for p in ng.rule_rows if p.visible)
    pos = first_visible._box().center  # right over a value box: the worst place for a wheel
    counts = [below]
    for _ in range(3):
        _wheel(pos, -1)
        app.frame(1 / 60)
        counts.append(ng.hidden_rules()[1])
        pos = next(p for p in ng.rule_rows if p.visible)._box().center
    assert [p.value for p in ng.rule_rows] == before
    assert ng.scroll > 0
    assert counts == sorted(counts, reverse=True) and counts[-1] == counts[0] - 3  # "scroll for N more" counts down
    assert ng.hidden_rules()[0] == 3
    for _ in range(10):
        _wheel(pos, 1)
        app.frame(1 / 60)
    assert ng.scroll == 0 and [p.value for p in ng.rule_rows] == before
    app.shutdown()


def test_wheel_scrolls_even_with_a_rule_focused() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    ng = NewGame(app)
    app.push(ng)
    ng._set_game("deberts")
    ng._set_players(4)
    ng.widgets.set_focus(ng.rule_rows[0])
    app.frame(1 / 60)
    _wheel(ng.area.center, -1)
    _wheel(ng.area.center, -1)
    for _ in range(3):
        app.frame(1 / 60)
    assert ng.scroll > 0  # the focused first rule does not pull the list back
    app.shutdown()
