"""A whole single-player deal of each game, played through the real event loop.

The human seat is driven only by posted input events: mouse clicks on cards
and buttons, or arrow/number/Enter keys.  The bots are the random level so the
deals are quick; the session pauses are zero and animations run fast.
"""

from __future__ import annotations

import pygame
import pytest

import core
from tests.client.driver import Player, make_app, run_until, table_of

GAMES = list(core.GAMES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("use_keys", [False, True], ids=["mouse", "keys"])
def test_whole_deal_by_input_events(game: str, use_keys: bool) -> None:
    players = core.GAMES[game].player_counts[-1]
    app = make_app(["--game", game, "--players", str(players), "--seed", "11", "--level", "random",
                    "--speed", "40", "--no-sound", "--windowed", "1280x720"])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 0.0
    table.session.deal_delay = 0.0
    player = Player(seed=5, use_keys=use_keys)
    errors: list[str] = []
    orig = table.show_error
    table.show_error = lambda text: (errors.append(text), orig(text))  # type: ignore[method-assign]

    def played_deal(_: object) -> bool:
        deals = (table.view or {}).get("deals") or []
        return any(d.get("outcome") != "annulled" for d in deals) and table.result is not None

    run_until(app, played_deal, player, max_frames=30000)
    assert player.actions > 0, "the human seat never acted"
    view = table.view or {}
    assert view["deals"][-1]["scores"] == view["scores"] or view.get("match_over")
    # the deliberately illegal click (when one was possible) came back with the engine's reason
    if player.illegal_tried:
        assert errors, "an illegal card was clicked but no reason was shown"
    # the result overlay is dismissed by input too, and play continues
    if use_keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    else:
        assert table.result_button is not None
        rect = table.result_button.rect
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    for _ in range(5):
        app.frame(1 / 60)
    assert table.result is None or (table.view or {}).get("match_over")
    app.shutdown()


def test_human_can_play_a_whole_match_to_the_end() -> None:
    app = make_app(["--game", "klaberjass", "--players", "2", "--seed", "3", "--level", "random", "--option",
                    "target_score=150", "--speed", "40", "--no-sound"])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 0.0
    table.session.deal_delay = 0.0
    run_until(app, lambda a: table.ended, Player(seed=2), max_frames=60000)
    from client.scenes.endmatch import EndMatch

    assert isinstance(app.top, EndMatch)
    for _ in range(3):
        app.frame(1 / 60)
    assert (table.view or {}).get("match_over")
    app.shutdown()
