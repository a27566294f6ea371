"""``--smoke``: visit every scene for a few frames, then quit (a quick self-check)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import core


def _steps(app: Any) -> Iterator[None]:
    from client.scenes.endmatch import EndMatch
    from client.scenes.newgame import NewGame, open_table
    from client.scenes.pause import PauseMenu
    from client.scenes.rules import RulesScene
    from client.scenes.scoresheet import ScoreSheet
    from client.scenes.settings import SettingsScene
    from client.session import LocalSession

    def visit(make: Callable[[], Any], frames: int = 5) -> Iterator[None]:
        app.push(make())
        for _ in range(frames):
            yield
        app.pop()

    yield from visit(lambda: NewGame(app))
    yield from visit(lambda: SettingsScene(app))
    yield from visit(lambda: RulesScene(app))
    yield from visit(lambda: app.make("stats"))
    yield from visit(lambda: app.make("matches"))
    for game in list(core.GAMES):
        cls = core.GAMES[game]
        session = LocalSession(game, cls.player_counts[-1], seat=0, seed=1, bot_delay=0.0, deal_delay=0.0,
                               levels={k: "random" for k in range(1, cls.player_counts[-1])})
        open_table(app, session)
        table = app.top
        for _ in range(40):
            yield
        t: Any = table
        yield from visit(partial(PauseMenu, app, t), 3)
        yield from visit(partial(ScoreSheet, app, t.view or {}, t.names), 3)
        yield from visit(partial(EndMatch, app, t, True), 3)
        yield from visit(partial(app.make, "replay", t.session.state.to_record()), 3)
    app.quit()


def install(app: Any) -> None:
    """Drive the app through every scene, one step per frame."""
    it = _steps(app)

    def step() -> None:
        try:
            next(it)
        except StopIteration:
            app.quit()

    app.on_frame = step
