"""Undo in single-player: it restores exactly the earlier view, replays the bots and the shuffles, is counted,
is opt-in and is never offered on the LAN."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

import core
from client import savegame
from client.history import History
from client.session import LocalSession
from client.undo import UndoSession, last_own_action, undo_session
from tests.client.driver import Player, key, make_app, run_until, table_of


def _drive(session: LocalSession, until: Any, rng: random.Random, seconds: float = 30.0) -> None:
    """Poll the session, playing random legal moves for the human seat, until ``until(session)``."""
    end = time.monotonic() + seconds
    while not until(session):
        assert time.monotonic() < end, "the session did not get there"
        session.poll()
        st = session.state
        if st.current_player == session.seat:
            session.submit(rng.choice(st.legal_actions()))
        time.sleep(0.001)


def _session(seed: int = 7, **kw: Any) -> LocalSession:
    return LocalSession("klaberjass", 2, seat=0, levels={1: "easy"}, seed=seed, bot_delay=0.0, deal_delay=0.0, **kw)


def _acted(n: int) -> Any:
    return lambda s: sum(1 for i in range(s.state.seq) if _actor(s, i) == 0) >= n and s.state.current_player == 0


def _actor(s: LocalSession, i: int) -> int | None:
    st = core.replay({**s.state.to_record(), "actions": s.state.to_record()["actions"][:i]})
    return st.current_player


def test_undo_restores_exactly_the_earlier_view_and_the_bots_answer_the_same() -> None:
    s = _session()
    rng = random.Random(1)
    _drive(s, lambda x: x.state.seq >= 14 and x.state.current_player == 0, rng)
    before = s.state.to_record()
    i = last_own_action(before, 0)
    assert i is not None
    new = undo_session(s)
    assert isinstance(new, UndoSession) and new.undos == 1
    assert new.state.view(0) == core.replay({**before, "actions": before["actions"][:i]}).view(0)
    assert new.script == before["actions"][i:]
    # the same move again: the bots' recorded answers come back exactly
    new.submit(core.action_from_json(before["actions"][i]))
    _drive(new, lambda x: x.state.seq >= len(before["actions"]), random.Random(99))
    assert new.state.to_record()["actions"][:len(before["actions"])] == before["actions"]
    s.close()
    new.close()


def test_after_a_different_move_the_deals_keep_their_cards() -> None:
    s = _session(seed=3)
    rng = random.Random(2)
    _drive(s, lambda x: sum(1 for a in x.state.history if a.type == "deal") >= 2 and x.state.current_player == 0,
           rng)
    rec = s.state.to_record()
    deals = [a["deck"] for a in rec["actions"] if a["type"] == "deal"]
    # take back moves until the second deal is undone too
    cur: LocalSession = s
    while sum(1 for a in cur.state.history if a.type == "deal") >= 2:
        nxt = undo_session(cur)
        assert isinstance(nxt, UndoSession)
        cur.close()
        cur = nxt
    assert isinstance(cur, UndoSession) and cur.undos >= 1
    legal = cur.state.legal_actions()
    cur.submit(legal[-1])  # quite possibly another move than before: the script may end
    _drive(cur, lambda x: sum(1 for a in x.state.history if a.type == "deal") >= 2, random.Random(5))
    again = [list(a.deck or ()) for a in cur.state.history if a.type == "deal"]
    assert again[:2] == deals[:2]
    cur.close()


def test_undo_at_the_table_is_opt_in_counted_and_stored() -> None:
    app = make_app(["--game", "klaberjass", "--players", "2", "--seed", "4", "--level", "random", "--speed", "40",
                    "--no-sound"])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 0.0
    table.session.deal_delay = 0.0
    player = Player(seed=3)
    run_until(app, lambda a: player.actions >= 3 and table.my_turn() and not table.events, player,
              max_frames=20000)
    key(pygame.K_u)  # the setting is off: nothing happens but a word
    app.frame(1 / 60)
    assert table_of(app) is table and any("Undo is off" in str(t[0]) for t in app.toasts)
    app.settings.undo = True
    record = table.session.state.to_record()
    i = last_own_action(record, 0)
    assert i is not None
    want = core.replay({**record, "actions": record["actions"][:i]}).view(0)
    table.open_pause()
    pause = app.top
    undo_button = next(w for w in pause.widgets.items if getattr(w, "text", "").startswith("Undo"))
    undo_button.click(app)
    for _ in range(5):
        app.frame(1 / 60)
    new_table = table_of(app)
    assert new_table is not None and new_table is not table and isinstance(new_table.session, UndoSession)
    assert new_table.view == want  # exactly the earlier view
    assert new_table.session.undos == 1
    app.reset(app.make("menu"))  # Save and leave: the undo count is saved
    data, _ = savegame.read_save()
    assert data is not None and data["undos"] == 1
    app.shutdown()
    app = make_app(["--resume", "--no-sound", "--speed", "40"])
    resumed = table_of(app)
    assert resumed is not None and isinstance(resumed.session, UndoSession) and resumed.session.undos == 1
    resumed.open_pause()
    app.top._leave_nosave()  # type: ignore[union-attr]
    app.shutdown()
    with History() as h:
        (row,) = h.matches()
    assert row.undos == 1 and not row.finished


def test_undo_is_not_offered_on_the_lan() -> None:
    from client.undo import available

    class Remote:
        seat = 0

    app = make_app(["--no-sound"])
    app.settings.undo = True
    assert not available(app, Remote())
    assert available(app, _session())
    app.shutdown()
