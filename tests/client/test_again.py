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
