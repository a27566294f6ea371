"""Forms: the wheel scrolls New game's house rules and never edits a value."""

from __future__ import annotations

from client.scenes.newgame import NewGame
from tests.client.driver import make_app, wheel


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
        wheel(pos, -1)
        app.frame(1 / 60)
        counts.append(ng.hidden_rules()[1])
        pos = next(p for p in ng.rule_rows if p.visible)._box().center
    assert [p.value for p in ng.rule_rows] == before
    assert ng.scroll > 0
    assert counts == sorted(counts, reverse=True) and counts[-1] == counts[0] - 3  # "scroll for N more" counts down
    assert ng.hidden_rules()[0] == 3
    for _ in range(10):
        wheel(pos, 1)
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
    wheel(ng.area.center, -1)
    wheel(ng.area.center, -1)
    for _ in range(3):
        app.frame(1 / 60)
    assert ng.scroll > 0  # the focused first rule does not pull the list back
    app.shutdown()
