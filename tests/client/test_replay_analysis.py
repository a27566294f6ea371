""""Analyse my play" in the replay viewer: a background run with progress, the summary and the marked steps."""

from __future__ import annotations

import doctest
import random
import time
from typing import Any

import pytest

import client.replay_model
import core
from client.replay_model import analysis_summary, decision_note
from client.scenes.replay import ReplayScene
from core.ai import act, analysis, make_bot
from core.ai.analysis import Decision
from tests.client.driver import click, make_app


def _one_deal(seed: int = 4) -> dict[str, Any]:
    rng = random.Random(seed)
    state = core.new_match("klaberjass", players=2, seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(2)]
    while state.current_player is not None:
        if state.current_player == core.CHANCE:
            if state.deal_results:
                break
            state.apply(state.sample_chance(rng))
            continue
        state.apply(act(bots[state.current_player], state))
    return state.to_record()


def _open(record: dict[str, Any]) -> tuple[Any, ReplayScene]:
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    app.push(app.make("replay", record, seat=0))
    sc = app.top
    assert isinstance(sc, ReplayScene)
    app.frame(1 / 60)
    return app, sc


def _until_done(app: Any, sc: ReplayScene, seconds: float = 60.0) -> list[Any]:
    seen = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60)
        if sc.progress is not None:
            seen.append(sc.progress)
        if sc._thread is None:
            return seen
        time.sleep(0.005)
    raise AssertionError("the analysis did not finish")


def _analyse_button(sc: ReplayScene) -> Any:
    return sc.side_buttons["Analyse my play"]


def test_summary_doctest() -> None:
    assert doctest.testmod(client.replay_model).failed == 0


def test_summary_words() -> None:
    good = Decision(1, 5, {"type": "play", "card": "AS"}, {"type": "play", "card": "AS"}, 0.0, 0.5, 1)
    unsure = Decision(1, 7, {"type": "play", "card": "7H"}, {"type": "play", "card": "8H"}, 4.0, 0.6, 2)
    bid = Decision(2, 20, {"type": "bid", "call": "pass"}, {"type": "bid", "call": "H"}, 12.4, 0.95)
    assert analysis_summary([]) == "You had no decision with a real choice to analyse."
    assert analysis_summary([good, unsure]) == "None of your 2 decisions cost you a point: well played."
    text = analysis_summary([good, unsure, bid])
    assert text.startswith("1 decision cost you about 12 points: deal 2: you chose pass, ")
    assert "was worth about +12" in text
    assert "strong player" in decision_note(good)
    assert "about as good as 8" in decision_note(unsure)
    assert "cost about 12 points" in decision_note(bid) and "95% sure" in decision_note(bid)


def test_analysis_runs_in_the_background_with_progress() -> None:
    record = _one_deal()
    app, sc = _open(record)
    sc.playouts = 6
    click(_analyse_button(sc).rect.center)
    app.frame(1 / 60)
    assert sc._thread is not None and not _analyse_button(sc).enabled
    seen = _until_done(app, sc)
    assert seen and seen[0][1] == analysis.decisions_of(record, 0)
    assert sc.analysis is not None and len(sc.analysis) == analysis.decisions_of(record, 0)
    assert sc.analysis_summary == analysis_summary(sc.analysis)
    assert sc.steps is not None
    assert sc.steps.marks == {d.index: d.loss for d in client.replay_model.costly(sc.analysis)}
    assert all(sc.model.steps[d.index].seat == 0 for d in sc.analysis)
    for _ in range(3):
        app.frame(1 / 60)
    app.shutdown()


def test_costly_decisions_are_marked_and_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    record = _one_deal()
    app, sc = _open(record)
    mine = [s for s in sc.model.steps if s.seat == 0 and s.action["type"] == "play"]
    bad = mine[1]
    rows = [Decision(1, s.index, s.action, s.action, 0.0, 0.5, s.trick) for s in mine]
    rows[1] = Decision(1, bad.index, bad.action, {"type": "play", "card": "AS"}, 9.2, 0.97, bad.trick)

    def fake(record: Any, seat: int, **kw: Any) -> list[Decision]:
        for i in range(len(rows)):
            kw["progress"](i + 1, len(rows))
        return rows

    monkeypatch.setattr(analysis, "analyse", fake)
    click(_analyse_button(sc).rect.center)
    _until_done(app, sc)
    card = client.replay_model.labels.card_text(str(bad.action["card"]))
    assert sc.analysis_summary == (f"1 decision cost you about 9 points: deal 1, trick {bad.trick}: you played {card},"
                                   " A\u2660 was worth about +9.")
    assert sc.steps is not None and sc.steps.marks == {bad.index: 9.2}
    sc.go(bad.index + 1)
    app.frame(1 / 60)
    assert "cost about 9 points" in decision_note(sc.analysed[bad.index])
    app.shutdown()


def test_a_failing_analysis_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*a: Any, **kw: Any) -> None:
        raise core.RecordError("there is no seat 0 in this record")

    monkeypatch.setattr(analysis, "analyse", broken)
    app, sc = _open(_one_deal())
    click(_analyse_button(sc).rect.center)
    _until_done(app, sc)
    assert any("The analysis failed" in str(t[0]) and t[2] for t in app.toasts)
    assert sc.analysis is None and _analyse_button(sc).enabled
    app.shutdown()


def test_leaving_stops_the_analysis() -> None:
    app, sc = _open(_one_deal())
    sc.playouts = 400
    sc.analyse()
    thread = sc._thread
    assert thread is not None
    app.pop()
    thread.join(20)
    assert not thread.is_alive()
    app.shutdown()
