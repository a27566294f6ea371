"""Small finishing touches: help text, auto-pass, opaque overlays, the HUD under a result, mute sign."""

from __future__ import annotations

from typing import Any

import pytest

from client import ui
from tests.client.driver import Player, make_app, run_until, table_of


def test_help_lists_every_client_option(capsys: pytest.CaptureFixture[str]) -> None:
    import main

    assert main.main(["--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--option", "--level", "--seed", "--resume", "--speed", "--no-sound", "--windowed", "--game"):
        assert flag in out, flag


def _table(game: str, players: int, seed: int, *extra: str) -> tuple[Any, Any]:
    app = make_app(["--game", game, "--players", str(players), "--seed", str(seed), "--level", "random",
                    "--speed", "40", "--no-sound", "--windowed", "1280x720", *extra])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0
    return app, t


def _deal_with_auto_pass(seed: int) -> tuple[int, int]:
    """Play one Deberts deal with auto-pass on: (frames left waiting on 'done' alone, frames with our bubble)."""
    app, t = _table("deberts", 4, seed)
    app.settings.auto_pass_declarations = True
    seen = {"waited": 0, "passed": 0}

    def watch(a: Any, i: int) -> None:
        legal = (t.view or {}).get("legal") or []
        if t.my_turn() and [x.get("type") for x in legal] == ["done"] and t._idle():
            seen["waited"] += 1
        if any(text == "Nothing to declare" for text, _ in t.bubbles.values()):
            seen["passed"] += 1
    run_until(app, lambda a: t.result is not None, player=Player(seed), max_frames=20000, on_frame=watch)
    app.shutdown()
    return seen["waited"], seen["passed"]


def test_auto_pass_answers_nothing_to_declare() -> None:
    passed = 0
    for seed in range(1, 8):
        waited, passed = _deal_with_auto_pass(seed)
        assert waited <= 1  # never left waiting for a click on the only possible answer
        if passed:
            break
    assert passed


def test_last_trick_overlay_is_opaque_and_hud_reads_deal_over_under_a_result() -> None:
    app, t = _table("klaberjass", 2, 2)
    run_until(app, lambda a: bool((t.view or {}).get("last_trick")) and t._idle(), player=Player(1),
              max_frames=20000)
    t.session.bot_delay = 50.0
    t.show_last = True
    app.frame(1 / 60)
    # the panel's left margin shows its own solid colour, nothing of the table beneath
    r = app.size[0] // 2, int(app.size[1] * 0.42)
    xs = [x for x in range(0, r[0]) if tuple(app.screen.get_at((x, r[1])))[:3] == ui.PANEL_SOLID[:3]]
    assert len(xs) > 10
    t.show_last = False
    app.frame(1 / 60)
    menu = t.hud_buttons[-1]
    bright = tuple(app.screen.get_at((menu.rect.x + 6, menu.rect.centery)))[:3]
    t.result = {"deal": 1, "scores": [0, 0]}
    assert t._deal_line(t.view)[1] == "deal over" and t._deal_line(t.view)[0] == 1
    app.draw()
    dimmed = tuple(app.screen.get_at((menu.rect.x + 6, menu.rect.centery)))[:3]
    assert sum(dimmed) < sum(bright) * 0.8  # the HUD buttons are under the result's veil
    assert menu.visible
    t.result = None
    app.shutdown()


def test_muted_sound_shows_a_lasting_sign() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    app.frame(1 / 60)
    spot = (app.px(10) + 1, app.size[1] - app.px(26))
    before = tuple(app.screen.get_at(spot))
    app.settings.muted = True
    app.draw()
    assert tuple(app.screen.get_at(spot)) != before
    app.shutdown()


@pytest.mark.parametrize("game,players", [("deberts", 3), ("belote", 4), ("pitch", 4), ("tertz", 2)])
def test_the_hud_names_the_deal_being_dealt(game: str, players: int) -> None:
    """Before the first cards arrive the HUD reads "Deal 1 • dealing" (Deberts, Belote and Tertz read "Deal 0")."""
    app = make_app(["--game", game, "--players", str(players), "--seed", "1", "--no-sound"])
    t = table_of(app)
    assert t is not None and (t.view or {}).get("phase") == "deal"
    assert t._deal_line(t.view or {}) == (1, "dealing")
    app.shutdown()
