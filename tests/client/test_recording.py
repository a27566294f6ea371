"""Single-player matches reach the match history once: finished, abandoned, or resumed and then finished."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import core
from client import savegame
from client.history import History
from client.scenes.endmatch import EndMatch
from tests.client.driver import Player, make_app, run_until, table_of

FAST = ["--speed", "40", "--no-sound", "--level", "random"]


def _rows() -> list[Any]:
    with History() as h:
        return h.matches()


def _quick_table(seed: int = 3) -> tuple[Any, Any]:
    app = make_app(["--game", "klaberjass", "--players", "2", "--seed", str(seed), "--option", "target_score=150",
                    *FAST])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 0.0
    table.session.deal_delay = 0.0
    return app, table


def test_a_finished_match_is_stored_once() -> None:
    app, table = _quick_table()
    run_until(app, lambda a: table.ended, Player(seed=2), max_frames=60000)
    assert isinstance(app.top, EndMatch)
    (row,) = _rows()
    assert row.finished and row.mode == "single" and row.seat == 0 and row.levels == {1: "random"}
    assert row.record == table.session.state.to_record()
    assert row.won == (0 in core.replay(row.record).sides[core.replay(row.record).winner])
    app.shutdown()  # leaving the table after the end stores nothing more
    assert len(_rows()) == 1
    assert not savegame.has_save()


def test_leaving_without_saving_stores_an_abandoned_match() -> None:
    app, table = _quick_table()
    player = Player(seed=4)
    run_until(app, lambda a: player.actions >= 3, player, max_frames=20000)
    table.open_pause()
    pause = app.top
    pause._leave_nosave()  # type: ignore[union-attr]
    for _ in range(3):
        app.frame(1 / 60)
    (row,) = _rows()
    assert not row.finished and row.won is None
    assert row.record["actions"] == table.session.state.to_record()["actions"]
    app.shutdown()
    assert len(_rows()) == 1 and not savegame.has_save()


def test_save_and_leave_stores_nothing_and_the_resumed_match_is_stored_when_finished() -> None:
    app, table = _quick_table(seed=8)
    player = Player(seed=4)
    run_until(app, lambda a: player.actions >= 2, player, max_frames=20000)
    app.reset(app.make("menu"))  # Save and leave: the table autosaves
    assert savegame.has_save() and _rows() == []
    app.shutdown()
    app = make_app(["--resume", *FAST])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 0.0
    table.session.deal_delay = 0.0
    run_until(app, lambda a: table.ended, Player(seed=2), max_frames=60000)
    app.shutdown()
    (row,) = _rows()
    assert row.finished and not savegame.has_save()


def test_a_match_left_before_its_end_was_shown_is_stored_as_finished() -> None:
    app, table = _quick_table(seed=5)
    run_until(app, lambda a: table.session.state.is_over, Player(seed=2), max_frames=60000)
    assert not table.ended  # the last deal is still being shown
    app.shutdown()
    (row,) = _rows()
    assert row.finished and not savegame.has_save()


def _record(players: int = 2, steps: int = 12) -> dict[str, Any]:
    st = core.new_match("klaberjass", players=players, seed=1)
    rng = random.Random(1)
    for _ in range(steps):
        st.apply(st.sample_chance(rng) if st.current_player == core.CHANCE else rng.choice(st.legal_actions()))
    return st.to_record()


def test_a_new_match_abandons_the_saved_one() -> None:
    rec = _record()
    assert savegame.write_save(rec, 0, {1: "hard"}, 5) is None
    app = make_app(["--game", "belote", "--players", "4", *FAST])
    (row,) = _rows()
    assert row.game == "klaberjass" and not row.finished and row.levels == {1: "hard"}
    assert row.record == rec
    app.shutdown()  # the new belote match is saved, not stored
    assert len(_rows()) == 1 and savegame.has_save()


def test_a_table_left_while_dealing_stores_nothing() -> None:
    app, table = _quick_table()
    table.session.deal_delay = 100.0
    for _ in range(3):
        app.frame(1 / 60)
    table.open_pause()
    app.top._leave_nosave()  # type: ignore[union-attr]
    app.shutdown()
    assert _rows() == []


def test_a_history_that_cannot_be_written_is_a_toast_not_a_crash(tmp_path: Path, monkeypatch: Any) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    app, table = _quick_table()
    run_until(app, lambda a: table.ended, Player(seed=2), max_frames=60000)
    assert isinstance(app.top, EndMatch)
    assert any("could not be added to the history" in str(t[0]) and t[2] for t in app.toasts)
    for _ in range(5):
        app.frame(1 / 60)
    app.shutdown()
