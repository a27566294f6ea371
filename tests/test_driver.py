"""The table driver alone (``core.driver``): deterministic deals and bots, pacing by the ``now`` it is given,
seat takeover and give-back, refusals, the script and preset decks, and the end report."""

from __future__ import annotations

from typing import Any

import pytest

import core
from core.driver import BOT, HUMAN, TAKEOVER, BotJob, MatchEnd, TableDriver


def _think(d: TableDriver) -> BotJob | None:
    """Run the position's bot job inline (as a wrapper's worker would) and hand back its answer."""
    job = d.job()
    if job is not None:
        d.answer(job, job.run())
    return job


def _bots_only(game: str, players: int, seed: int, level: str = "normal", **kw: Any) -> TableDriver:
    return TableDriver(core.new_match(game, players=players, seed=seed, options=kw.pop("options", None)),
                       seed=seed, bots={s: level for s in range(players)}, **kw)


def _play_out(d: TableDriver, limit: int = 20_000) -> None:
    for _ in range(limit):
        if d.state.is_over:
            return
        _think(d)
        assert d.advance(0.0) is not None, "a bots-only table with no delays must always have a step due"
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game,players,level", [("belote", 4, "normal"), ("klaberjass", 2, "easy"),
                                                ("pitch", 4, "normal"), ("deberts", 3, "random")])
def test_the_same_seed_gives_the_same_deals_and_bot_actions(game: str, players: int, level: str) -> None:
    runs = []
    for _ in range(2):
        d = _bots_only(game, players, seed=12, level=level, options={"target_score": 11} if game == "pitch" else None)
        _play_out(d)
        runs.append(d.state.to_record())
    assert runs[0] == runs[1]
    assert core.replay(runs[0]).is_over
    other = _bots_only(game, players, seed=13, level=level, options={"target_score": 11} if game == "pitch" else None)
    other.advance(0.0)
    first_deck = next(a["deck"] for a in runs[0]["actions"] if a["type"] == "deal")
    assert other.state.history[0].to_json()["deck"] != first_deck, "another seed must shuffle differently"


def test_bots_are_seeded_per_seat_and_see_only_their_seat() -> None:
    d = TableDriver(core.new_match("belote", players=4, seed=3), seed=3, bots={1: "random", 2: "random",
                                                                               3: "random"})
    d.advance(0.0)
    assert [d.controller(s) for s in range(4)] == [HUMAN, BOT, BOT, BOT]
    while d.state.current_player == 0:
        d.submit(0, d.state.legal_actions()[0], 0.0)
    job = d.job()
    assert job is not None and job.seat == d.state.current_player
    assert job.view == d.state.view(job.seat)  # the seat's own view: the other hands are hidden
    assert job.events == d.state.events_for(job.seat)
    assert d.job() is None, "one job per position"
    bots = {1: "random", 2: "random", 3: "random"}
    twin = TableDriver(core.new_match("belote", players=4, seed=3), seed=3, bots=bots)
    draws = [[b.rng.random() for b in x.bots.values()] for x in (d, twin)]  # type: ignore[attr-defined]
    assert draws[0] == draws[1] and len(set(draws[0])) == 3, "the same seeds per seat, different between seats"


def test_pacing_follows_the_now_it_is_given() -> None:
    d = TableDriver(core.new_match("klaberjass", players=2, seed=1), seed=4, bots={1: "random"}, deal_delay=0.4,
                    bot_delay=0.75, now=100.0)
    assert d.due(100.0) == pytest.approx(100.4)
    assert d.advance(100.3) is None and d.state.seq == 0
    step = d.advance(100.4)
    assert step is not None and step.kind == "deal" and d.last_change == 100.4
    # play until the bot is to act, then check its move waits for its answer and for bot_delay
    t = 101.0
    while d.state.current_player == 0:
        d.submit(0, d.state.legal_actions()[0], t)
    assert d.state.current_player == 1
    assert d.due(t) is None, "no move before the bot has answered"
    _think(d)
    t = d.last_change  # the deal, or our last action
    assert d.due(t) == pytest.approx(t + 0.75)
    assert d.advance(t + 0.5) is None
    step = d.advance(t + 0.75)
    assert step is not None and step.kind == "bot" and step.seat == 1 and step.error is None


def test_a_bot_takes_over_a_seat_and_gives_it_back() -> None:
    d = TableDriver(core.new_match("klaberjass", players=2, seed=2), seed=9, bots={1: "random"}, takeover_delay=2.0)
    d.advance(0.0)
    while d.state.current_player != 0:
        _think(d)
        d.advance(0.0)
    seq = d.state.seq
    assert d.job() is None and d.due(5.0) is None  # a person's turn: nothing happens
    d.take_over(0, now=10.0)
    assert d.controller(0) == TAKEOVER
    job = _think(d)
    assert job is not None and job.seat == 0
    assert d.due(10.0) == pytest.approx(12.0), "the first takeover move waits takeover_delay"
    assert d.advance(11.9) is None and d.state.seq == seq
    # the player comes back before the bot moved: the bot's move is dropped and the player acts
    d.give_back(0)
    assert d.controller(0) == HUMAN and d.due(20.0) is None and d.advance(20.0) is None
    assert d.state.seq == seq
    d.submit(0, d.state.legal_actions()[-1], 20.0)
    assert d.state.seq == seq + 1
    # leaving for good: no pause, the bot plays the seat's every turn
    d.take_over(0, now=30.0, delay=0.0)
    for _ in range(200):
        if d.state.current_player == 0:
            break
        _think(d)
        d.advance(30.0)
    assert d.state.current_player == 0
    _think(d)
    step = d.advance(30.0)
    assert step is not None and step.kind == "bot" and step.seat == 0
    assert d.taken_over == {0}


def test_a_stale_answer_is_dropped() -> None:
    d = TableDriver(core.new_match("klaberjass", players=2, seed=2), seed=9, bots={1: "random"})
    d.advance(0.0)
    while d.state.current_player != 0:
        _think(d)
        d.advance(0.0)
    d.take_over(0, 0.0, delay=5.0)
    job = d.job()
    assert job is not None
    d.give_back(0)
    d.submit(0, d.state.legal_actions()[0], 1.0)  # the person acted meanwhile
    d.answer(job, job.run())  # the answer for the old position arrives late
    seq = d.state.seq
    if d.state.current_player == 1:
        assert d.due(1.0) is None  # it is not taken for the bot's own new position
        _think(d)
        assert d.advance(1.0) is not None and d.state.seq == seq + 1


def test_refusals_change_nothing() -> None:
    d = TableDriver(core.new_match("klaberjass", players=2, seed=2), seed=9, bots={1: "random"})
    with pytest.raises(core.IllegalAction):
        d.submit(0, core.Action("deal", deck=()), 0.0)
    d.advance(0.0)
    cp = d.state.current_player
    assert cp is not None and cp >= 0
    before = d.state.to_record()
    with pytest.raises(core.IllegalAction, match="not your turn"):
        d.submit(1 - cp, d.state.legal_actions()[0], 0.0)
    with pytest.raises(core.IllegalAction):
        d.submit(cp, core.Action("play", card="XX"), 0.0)
    assert d.state.to_record() == before


class _Broken:
    def choose(self, view: dict[str, Any]) -> core.Action:
        raise RuntimeError("bug")


class _Cheat:
    def choose(self, view: dict[str, Any]) -> core.Action:
        return core.Action("bid", call="nonsense")


def test_a_failing_or_cheating_bot_plays_a_legal_move_instead() -> None:
    d = _bots_only("klaberjass", 2, seed=5, level="random")
    d.advance(0.0)
    d.bots[d.state.current_player] = _Broken()  # type: ignore[index]
    job = _think(d)
    assert job is not None and job.error and "bug" in job.error
    step = d.advance(0.0)
    assert step is not None and step.error is None
    d.bots[d.state.current_player] = _Cheat()  # type: ignore[index]
    _think(d)
    legal = d.state.legal_actions()
    step = d.advance(0.0)
    assert step is not None and step.error and step.action == legal[0]


def test_the_script_replays_recorded_answers_and_the_decks_keep_their_cards() -> None:
    d = TableDriver(core.new_match("klaberjass", players=2, seed=7), seed=7, bots={1: "easy"})
    for _ in range(400):
        if sum(1 for a in d.state.history if a.type == "deal") >= 2 and d.state.current_player == 0:
            break
        if d.state.current_player == 0:
            d.submit(0, d.state.legal_actions()[0], 0.0)
        _think(d)
        d.advance(0.0)
    rec = d.state.to_record()
    cut = 3
    again = TableDriver(core.replay({**rec, "actions": rec["actions"][:cut]}), seed=99, bots={1: "hard"})
    again.script = list(rec["actions"][cut:])
    again.decks = {i + 1: tuple(a["deck"]) for i, a in enumerate(a for a in rec["actions"] if a["type"] == "deal")}
    for _ in range(400):
        if again.state.seq >= len(rec["actions"]):
            break
        if again.state.current_player == 0:
            again.submit(0, core.action_from_json(again.script[0]), 0.0)
        assert again.job() is None, "while the script lasts, the bots do not think"
        again.advance(0.0)
    assert again.state.to_record()["actions"] == rec["actions"]
    # a different move ends the script, but the next deal still gets its recorded deck
    third = TableDriver(core.replay({**rec, "actions": rec["actions"][:cut]}), seed=99, bots={1: "random"})
    third.decks = dict(again.decks)
    third.script = list(rec["actions"][cut:])
    for _ in range(2000):
        if sum(1 for a in third.state.history if a.type == "deal") >= 2:
            break
        if third.state.current_player == 0:
            third.submit(0, third.state.legal_actions()[-1], 0.0)
        _think(third)
        third.advance(0.0)
    decks = [tuple(a.to_json()["deck"]) for a in third.state.history if a.type == "deal"]
    assert decks[:2] == [again.decks[1], again.decks[2]]


def test_the_end_is_reported_once() -> None:
    got: list[MatchEnd] = []
    d = TableDriver(core.new_match("klaberjass", players=2, seed=3, options={"target_score": 150}), seed=3,
                    bots={0: "random", 1: "random"}, on_end=got.append)
    assert d.finish() is None, "nothing was played: nothing to report"
    _play_out(d)
    (end,) = got
    assert end.finished and end.levels == {0: "random", 1: "random"} and end.record == d.state.to_record()
    assert d.finish() is None and len(got) == 1 and d.reported


def test_an_abandoned_match_is_reported_when_finished_early() -> None:
    d = TableDriver(core.new_match("klaberjass", players=2, seed=3), seed=3, bots={1: "random"})
    d.advance(0.0)
    assert d.finish() is None  # only the deal so far
    while d.state.current_player != 0:
        _think(d)
        d.advance(0.0)
    d.take_over(0, 0.0)
    d.submit(0, d.state.legal_actions()[0], 0.0)
    end = d.finish()
    assert end is not None and not end.finished and end.taken_over == (0,) and end.levels == {1: "random"}
    assert end.seat is None and d.finish() is None


def test_bad_levels_and_seats_are_refused() -> None:
    st = core.new_match("klaberjass", players=2, seed=1)
    with pytest.raises(ValueError, match="unknown bot level"):
        TableDriver(st, seed=1, bots={1: "genius"})
    with pytest.raises(ValueError, match="no seat"):
        TableDriver(st, seed=1, bots={2: "easy"})
    d = TableDriver(st, seed=1)
    with pytest.raises(ValueError):
        d.take_over(5, 0.0)
