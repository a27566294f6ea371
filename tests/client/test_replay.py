"""The replay viewer: the step model over a recorded match, the scene driven by keys and buttons, export and
import, the match history list, "Play this deal again" and ``python main.py replay``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

import core
from client.history import History
from client.replay_model import Replay, load_record
from client.scene import MessageScene
from client.scenes.matches import ImportScene, MatchesScene
from client.scenes.replay import ReplayScene, exports_dir
from tests.client.driver import click, key, make_app, table_of
from tests.util import bot_match_record

ROOT = Path(__file__).resolve().parents[2]


def _match(game: str = "klaberjass", players: int = 2, seed: int = 3, deals: int | None = None) -> dict[str, Any]:
    return bot_match_record(game, players, seed, deals=deals)


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return _match()


def test_model_positions_match_the_engine(record: dict[str, Any]) -> None:
    r = Replay(record, seat=1)
    assert r.length == len(record["actions"]) == len(r.steps)
    for p in [0, 1, 2, 17, r.length // 2, r.length - 1, r.length, 5, 3]:  # also backwards (from copies)
        want = core.replay({**record, "actions": record["actions"][:p]})
        got = r.state_at(p)
        assert got.seq == p and got.to_record() == want.to_record()
        view = r.view_at(p)
        assert {k: v for k, v in view.items() if k != "hands"} == {
            k: v for k, v in want.view(1).items() if k != "hands"}
        for s in range(2):  # every hand face up, each from its own seat's view
            assert view["hands"][s] == want.view(s)["hands"][s]


def test_model_navigation(record: dict[str, Any]) -> None:
    r = Replay(record)
    starts = r.deal_starts()
    assert starts and all(r.steps[q - 1].action["type"] == "deal" for q in starts)
    p, ends = 0, []
    while p < r.length:
        q = r.next_trick(p)
        assert q > p
        ends.append(q)
        p = q
    assert all(r.steps[q - 1].ends_trick or r.steps[q - 1].ends_deal for q in ends[:-1])
    tricks = sum(1 for s in r.steps if s.ends_trick)
    assert len(ends) >= tricks
    for q in reversed(ends[:-1]):  # back trick by trick lands on the same stops (and deal starts)
        assert r.prev_trick(q + 1) == q or r.steps[r.prev_trick(q + 1) - 1].action["type"] == "deal"
    mid = starts[1] + 5
    assert r.prev_deal(mid) == starts[1] and r.prev_deal(starts[1]) == starts[0]
    assert r.next_deal(mid) == (starts[2] if len(starts) > 2 else r.length)
    assert r.deal_at(mid) == 2 and r.deal_at(0) == 0
    assert r.steps[0].text == "Deal 1" and r.steps[starts[0]].text.startswith(("You", "North"))


def test_deal_again_has_the_same_cards_and_dealer(record: dict[str, Any]) -> None:
    r = Replay(record)
    for deal in (1, 2):
        fresh = core.replay(r.deal_record(deal))
        start = r.deal_starts()[deal - 1]
        assert fresh.seq == 1 and fresh.scores == [0, 0]
        assert fresh.view(0)["hands"][0] == r.view_at(start)["hands"][0]
        assert fresh.view(1)["hands"][1] == r.view_at(start)["hands"][1]
        assert fresh.view(0)["dealer"] == r.view_at(start)["dealer"]
    with pytest.raises(core.RecordError):
        r.deal_record(999)


def test_bad_record_files_are_refused_with_a_reason(tmp_path: Path, record: dict[str, Any]) -> None:
    cases = {"missing.json": None, "text.json": "not json", "list.json": "[1, 2]",
             "illegal.json": json.dumps({**record, "actions": record["actions"][:1] + [{"type": "deal", "deck": []}]})}
    for name, text in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text)
        with pytest.raises(core.RecordError) as err:
            load_record(path)
        assert str(err.value)
    save = tmp_path / "save.json"  # a save file holds a record too
    save.write_text(json.dumps({"record": record, "seat": 0}))
    assert load_record(save) == record


def _frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def _button(scene: Any, text: str) -> Any:
    return next(w for w in scene.widgets.items if getattr(w, "text", None) == text)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_stepping_through_a_recorded_match(record: dict[str, Any], size: tuple[int, int]) -> None:
    app = make_app(["--windowed", f"{size[0]}x{size[1]}", "--no-sound"])
    app.push(app.make("replay", record, seat=0))
    sc = app.top
    assert isinstance(sc, ReplayScene)
    _frames(app)
    m = sc.model
    start = sc.pos
    assert start == m.deal_starts()[0]
    for _ in range(5):
        key(pygame.K_RIGHT)
    _frames(app)
    assert sc.pos == start + 5
    key(pygame.K_LEFT)
    _frames(app)
    assert sc.pos == start + 4
    click(sc.nav["trick+"].rect.center)
    _frames(app)
    assert sc.pos == m.next_trick(start + 4)
    assert sc.steps is not None and sc.steps.selected == sc.pos - 1
    key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    _frames(app)
    assert sc.pos == m.deal_starts()[1]
    click(sc.nav["deal-"].rect.center)
    _frames(app)
    assert sc.pos == m.deal_starts()[0]
    key(pygame.K_PAGEDOWN)
    _frames(app)
    assert sc.pos == m.next_trick(m.deal_starts()[0])
    key(pygame.K_END)
    _frames(app)
    assert sc.pos == m.length and not sc.nav["step+"].enabled
    key(pygame.K_HOME)
    _frames(app)
    assert sc.pos == 0 and not sc.nav["step-"].enabled
    # every position draws: all hands face up, the trick or the trick just won, the deal results
    for p in range(0, m.length + 1, max(1, m.length // 40)):
        sc.go(p)
        _frames(app, 1)
        assert all(isinstance(h, list) for h in sc.view["hands"])
    # a click in the step list jumps there
    assert sc.steps is not None
    sc.steps.top = 0
    row = sc.steps.rect.y + sc.steps.row_px * 3 + sc.steps.row_px // 2
    click((sc.steps.rect.centerx, row))
    _frames(app)
    assert sc.pos == 4
    key(pygame.K_s)
    _frames(app)
    assert type(app.top).__name__ == "ScoreSheet"
    key(pygame.K_ESCAPE)
    _frames(app)
    assert app.top is sc
    app.shutdown()


def test_export_and_import(record: dict[str, Any]) -> None:
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("replay", record, seat=0))
    sc = app.top
    _frames(app)
    click(_button(sc, "Export").rect.center)
    _frames(app)
    (path,) = exports_dir().glob("*.json")
    assert load_record(path) == record
    assert any(str(path) in str(t[0]) for t in app.toasts)
    click(_button(sc, "Import").rect.center)
    _frames(app)
    imp = app.top
    assert isinstance(imp, ImportScene) and imp.files == [path]
    key(pygame.K_RETURN)  # the listed file is focused: Enter opens it
    _frames(app)
    assert isinstance(app.top, ReplayScene) and app.top is not sc and app.top.model.record == record
    key(pygame.K_ESCAPE)
    _frames(app)
    click(_button(sc, "Import").rect.center)
    _frames(app)
    imp = app.top
    assert isinstance(imp, ImportScene)
    bad = path.with_name("broken.json")
    bad.write_text("{")
    imp.widgets.set_focus(imp.path_input)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(bad)))
    key(pygame.K_RETURN)
    _frames(app)
    assert isinstance(app.top, MessageScene) and "not a JSON file" in app.top.body
    app.shutdown()


def test_play_this_deal_again_deals_the_same_cards(record: dict[str, Any]) -> None:
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("replay", record, seat=0, levels={1: "easy"}))
    sc = app.top
    assert isinstance(sc, ReplayScene)
    sc.go(sc.model.deal_starts()[1] + 3)
    _frames(app)
    want = sc.model.view_at(sc.model.deal_starts()[1])["hands"][0]
    click(_button(sc, "Play this deal again").rect.center)
    _frames(app)
    table = table_of(app)
    assert table is not None
    session = table.session
    assert session.seat == 0 and session.levels == {1: "easy"}
    assert session.state.history[0].deck == tuple(record["actions"][sc.model.deal_starts()[1] - 1]["deck"])
    assert session.state.view(0)["hands"][0] == want
    app.shutdown()


def test_match_history_opens_a_stored_match(record: dict[str, Any]) -> None:
    with History() as h:
        h.add(record, seat=0, levels={1: "random"})
        h.add(_match("belote", 4, 5, deals=1), seat=0, levels={1: "hard", 2: "hard", 3: "hard"})
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("stats"))
    _frames(app)
    click(_button(app.top, "Match history").rect.center)
    _frames(app)
    ms = app.top
    assert isinstance(ms, MatchesScene) and len(ms.rows) == 2
    assert "Belote" in ms.list.items[0] and "abandoned" in ms.list.items[0]  # newest first
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    _frames(app)
    rs = app.top
    assert isinstance(rs, ReplayScene) and rs.model.record == record and rs.model.names == ["You", "North"]
    app.shutdown()


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "replay", *args], capture_output=True, text=True,
                          timeout=120, env=env, cwd=ROOT)


def test_replay_command(tmp_path: Path, record: dict[str, Any]) -> None:
    bad = _run(str(tmp_path / "nothing.json"))
    assert bad.returncode == 2 and "cannot be read" in bad.stderr
    good = tmp_path / "m.json"
    good.write_text(json.dumps(record))
    assert _run(str(good), "--seat", "5").returncode == 2
    shot = tmp_path / "shot.png"
    done = _run(str(good), "--seat", "1", "--windowed", "960x540", "--quit-after", "5", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (960, 540)
