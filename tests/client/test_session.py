"""LocalSession: bots on a worker, refusals as Update.error, dry-run reasons, save and resume."""

from __future__ import annotations

import time

import core
from client import savegame
from client.session import LocalSession
from tests.client.driver import make_app, run_until, table_of


def _pump(s: LocalSession, until, limit: float = 10.0) -> list:  # type: ignore[no-untyped-def]
    got = []
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        got += s.poll()
        if until(s):
            return got
        time.sleep(0.001)
    raise AssertionError("session did not get there in time")


def test_illegal_action_is_refused_with_the_engines_reason() -> None:
    s = LocalSession("klaberjass", 2, seat=0, seed=4, levels={1: "random"}, bot_delay=0, deal_delay=0)
    try:
        _pump(s, lambda s: s.state.current_player == 0 and s.state.view(0)["phase"] == "play" or
              (s.state.current_player == 0 and bool(s.state.view(0)["legal"])))
        view = s.state.view(0)
        before = s.state.seq
        s.submit(core.Action("play", card="AS" if "AS" not in (view["hands"][0] or []) else "7H"))
        ups = s.poll()
        errs = [u.error for u in ups if u.error]
        assert errs and errs[0][0].isupper() and errs[0].endswith(".")
        assert s.state.seq == before
        legal = core.action_from_json(view["legal"][0])
        assert s.explain(legal) is None
        assert s.explain(core.Action("break", n=3))
    finally:
        s.close()


def test_not_your_turn() -> None:
    s = LocalSession("belote", 4, seat=0, seed=1, levels={k: "random" for k in (1, 2, 3)}, bot_delay=5,
                     deal_delay=0)
    try:
        _pump(s, lambda s: s.state.current_player not in (core.CHANCE, 0) or s.state.seq > 0)
        if s.state.current_player != 0:
            s.submit(core.Action("bid", call="pass"))
            assert any(u.error == "It is not your turn." for u in s.poll())
    finally:
        s.close()


def test_bots_play_off_thread_and_the_match_ends() -> None:
    s = LocalSession("pitch", 4, seat=0, seed=9, levels={k: "random" for k in (1, 2, 3)}, bot_delay=0,
                     deal_delay=0, options={"target_score": 11})
    try:
        t0 = time.monotonic()
        while not s.state.is_over and time.monotonic() - t0 < 30:
            for u in s.poll():
                assert u.error is None
            if s.state.current_player == 0:
                s.submit(core.action_from_json(s.state.view(0)["legal"][0]))
        assert s.state.is_over
        assert s._worker.is_alive()
    finally:
        s.close()
    s._worker.join(2)
    assert not s._worker.is_alive()


def test_save_and_resume_through_the_menu(private_config) -> None:  # type: ignore[no-untyped-def]
    app = make_app(["--game", "deberts", "--players", "3", "--seed", "6", "--level", "random", "--speed", "30",
                    "--no-sound"])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = table.session.deal_delay = 0.0
    run_until(app, lambda a: (table.view or {}).get("seq", 0) > 12, max_frames=3000,
              player=__import__("tests.client.driver", fromlist=["Player"]).Player(1))
    seq = table.session.state.seq
    record = table.session.state.to_record()
    from client.scenes.menu import MainMenu

    app.reset(MainMenu(app))  # leaving the table saves
    assert savegame.has_save()
    data, err = savegame.read_save()
    assert err is None and data is not None and len(data["record"]["actions"]) == seq
    app.top.relayout()  # type: ignore[union-attr]
    labels = [getattr(w, "text", "") for w in app.top.widgets.items]  # type: ignore[union-attr]
    assert labels[0] == "Resume saved match"
    app.top.widgets.items[0].click(app)  # type: ignore[union-attr]
    resumed = table_of(app)
    assert resumed is not None and resumed is not table
    assert resumed.session.state.to_record()["actions"] == record["actions"]
    assert resumed.session.state.view(0) == core.replay(record).view(0)
    app.shutdown()
