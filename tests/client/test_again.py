"""Play again keeps the game, the player count, the house rules and the AI levels."""

from __future__ import annotations

from typing import Any

from client.scenes.endmatch import EndMatch
from client.scenes.newgame import NewGame
from tests.client.driver import make_app, table_of


def test_play_again_keeps_game_players_options_and_levels() -> None:
    app = make_app(["--game", "pitch", "--players", "5", "--seed", "2", "--level", "hard", "--option",
                    "target_score=15", "--no-sound", "--speed", "40"])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 50.0
    for _ in range(5):
        app.frame(1 / 60)
    assert app.settings.last_game != "pitch"  # nothing remembered it elsewhere: only the match knows
    app.push(EndMatch(app, table, won=True))
    again = next(w for w in app.top.widgets.items if getattr(w, "text", "") == "Play again")  # type: ignore[union-attr]
    again.click(app)  # type: ignore[attr-defined]
    ng: Any = app.top
    assert isinstance(ng, NewGame)
    assert ng.game == "pitch" and ng.players == 5
    assert ng.options.get("target_score") == 15
    assert ng.levels == ["hard"] * 4
    values = {getattr(w, "label", ""): getattr(w, "value", None) for w in ng.widgets.items}
    assert values["Game"] == "pitch" and values["Players"] == 5 and values["Target score"] == 15
    assert all(values[k] == "hard" for k in values if str(k).endswith("(AI)"))
    app.shutdown()


def test_the_end_of_match_buttons_never_cover_a_score_row() -> None:
    """Five-handed Pitch lists five scores: the buttons then stand in one row under them, inside the panel (a
    column of three used to cover the last score)."""
    import pygame

    for game, players, size in (("pitch", 5, "1280x720"), ("pitch", 5, "960x540"), ("pitch", 5, "1920x1080"),
                                ("deberts", 3, "1280x720"), ("belote", 4, "1280x720")):
        app = make_app(["--game", game, "--players", str(players), "--seed", "2", "--level", "random",
                        "--no-sound", "--windowed", size])
        table = table_of(app)
        assert table is not None
        table.session.bot_delay = 50.0
        for _ in range(5):
            app.frame(1 / 60)
        end = EndMatch(app, table, won=False)
        app.push(end)
        app.frame(1 / 60)
        rows = len((table.view or {}).get("scores") or [])
        box, first, step, _top, across = end.geometry()
        assert across == (game == "pitch")
        s, w = app.scale, app.size[0]
        buttons = [b.rect for b in end.widgets.items if getattr(b, "text", "")]
        assert len(buttons) == 3
        for i in range(rows):
            band = pygame.Rect(int(w / 2 - 240 * s), int(first + i * step - 23 * s), int(480 * s), int(46 * s))
            assert not any(band.colliderect(r) for r in buttons), (game, size, i)
        played = first + rows * step + 19 * s  # the "N deals played" line's foot
        assert all(r.top >= played and box.contains(r) for r in buttons), (game, size)
        app.shutdown()
