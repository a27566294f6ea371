"""Budgets: forced moves take no search, playouts and injected clocks are respected."""

from __future__ import annotations

import argparse
import random

import pytest

import core
from core.ai import act, make_bot, suggest
from core.ai.search import SearchBot
from tests.util import normal_decisions


def _play_position(game: str = "belote", players: int = 4, seed: int = 1) -> core.State:
    rng = random.Random(seed)
    state = core.new_match(game, players=players, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(players)]
    while True:
        cp = state.current_player
        assert cp is not None
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        v = state.view(cp)
        if v["phase"] == "play" and len(v["legal"]) > 2 and v["trick"]:
            return state
        state.apply(act(bots[cp], state))


def test_forced_moves_take_no_search() -> None:
    rng = random.Random(2)
    state = core.new_match("klaberjass", players=2, seed=2)
    bots = [SearchBot(seed=s, playouts=50) for s in range(2)]
    forced = 0
    while state.current_player is not None and forced < 5:
        cp = state.current_player
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = act(bots[cp], state)
        if len(state.legal_actions()) == 1:
            assert bots[cp].last_playouts == 0
            forced += 1
        state.apply(action)
    assert forced == 5


def test_playout_budget_is_respected() -> None:
    state = _play_position()
    cp = state.current_player
    assert cp is not None
    n_legal = len(state.legal_actions())
    for budget in (n_legal * 3, n_legal * 10):
        bot = SearchBot(seed=1, playouts=budget, min_determinizations=1)
        bot.choose(state.view(cp))
        assert 0 < bot.last_playouts <= budget


def test_default_budget_is_per_game() -> None:
    from core.ai.search import DEFAULT_PLAYOUTS, GAME_PLAYOUTS, playouts_for

    assert playouts_for("klaberjass", 2) == GAME_PLAYOUTS[("klaberjass", 2)]
    assert playouts_for("no-such-game", 3) == DEFAULT_PLAYOUTS
    assert all(240 <= n <= 1440 for n in GAME_PLAYOUTS.values())
    state = _play_position()
    cp = state.current_player
    assert cp is not None
    bot = SearchBot(seed=1, race_z=None)
    assert bot.playouts is None
    bot.choose(state.view(cp))
    n = len(state.legal_actions())
    budget = playouts_for("belote", 4)
    # without racing every candidate gets budget // n deals
    assert bot.last_playouts == (budget // n) * n
    assert make_bot("hard", seed=1, playouts=30).playouts == 30  # type: ignore[attr-defined]


def _bid_position(game: str, players: int, seed: int = 1) -> core.State:
    """The first auction turn with a choice in a match driven by ``normal``."""
    for state, _view in normal_decisions(game, players, seed):
        found: core.State = state
        legal = found.legal_actions()
        if len(legal) > 1 and all(a.type == "bid" for a in legal):
            return found  # the generator is dropped here: the state is the caller's now
    raise AssertionError("no auction turn with a choice")


def test_decisions_before_the_first_trick_have_their_own_budget() -> None:
    """A rollout from the auction plays the whole deal: where that is slow, a bid gets fewer rollouts."""
    from core.ai.search import GAME_PLAYOUTS, WHOLE_DEAL_PLAYOUTS, playouts_for

    for key, n in WHOLE_DEAL_PLAYOUTS.items():
        assert n < GAME_PLAYOUTS[key]
        assert playouts_for(*key, whole_deal=True) == n
        assert playouts_for(*key) == GAME_PLAYOUTS[key]
    assert playouts_for("belote", 4, whole_deal=True) == playouts_for("belote", 4)
    state = _bid_position("deberts", 3)
    cp = state.current_player
    assert cp is not None
    bot = SearchBot(seed=1, race_z=None)
    bot.choose(state.view(cp))
    n = len(state.legal_actions())
    assert bot.last_playouts == (WHOLE_DEAL_PLAYOUTS[("deberts", 3)] // n) * n


class FakeClock:
    """A clock that advances 10 ms each time it is read (no real time involved)."""

    def __init__(self) -> None:
        self.t = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.t += 0.010
        return self.t


def test_injected_clock_caps_the_search() -> None:
    state = _play_position(seed=3)
    cp = state.current_player
    assert cp is not None
    clock = FakeClock()
    bot = SearchBot(seed=1, playouts=100_000, clock=clock, max_ms=35)
    bot.choose(state.view(cp))
    n = len(state.legal_actions())
    # Each read advances 10 ms: 35 ms are used up after 4 determinizations.
    assert bot.last_playouts == 4 * n
    assert clock.reads == 5


def test_suggest_gives_a_legal_action_and_a_reason() -> None:
    state = _play_position(seed=4)
    cp = state.current_player
    assert cp is not None
    for level in ("random", "easy", "normal", "hard"):
        action, reason = suggest(state.view(cp), level=level, seed=1, events=state.events_for(cp), playouts=40)
        assert action in state.legal_actions()
        assert isinstance(reason, str) and 5 < len(reason) < 140


def test_race_drops_clearly_beaten_and_interchangeable_candidates() -> None:
    from core.actions import Action
    from core.ai.search import race

    cands = [Action("play", card=c) for c in ("AS", "KS", "QS", "JS")]
    lead = [10.0, 12.0, 9.0, 11.0, 10.0, 13.0, 8.0, 10.0]
    values = [
        lead,
        [x - 5.0 + (0.5 if k % 2 else -0.5) for k, x in enumerate(lead)],  # clearly worse
        [x + (3.0 if k % 2 else -3.0) for k, x in enumerate(lead)],  # as good on average, noisy
        list(lead),  # identical on every deal: interchangeable
    ]
    assert race(values, [0, 1, 2, 3], cands, cands[0], 2.0) == [0, 2]
    # Ties go to the default action, as in the final choice.
    assert race(values, [0, 3], cands, cands[3], 2.0) == [3]


def test_racing_spends_less_than_the_budget_and_can_be_disabled() -> None:
    spent = {True: 0, False: 0}
    for seed in range(1, 7):
        state = _play_position(seed=seed)
        cp = state.current_player
        assert cp is not None
        for racing in (True, False):
            bot = SearchBot(seed=1, playouts=240, race_z=2.0 if racing else None)
            bot.choose(state.view(cp))
            spent[racing] += bot.last_playouts
    assert spent[True] < spent[False]


def test_bench_times_with_an_injected_timer() -> None:
    # bench ai --cpu passes the CPU clock; any timer works, and a frozen one times every decision at 0 ms.
    from bench.ai import measure

    stats = measure("klaberjass", 2, ["normal"], 3, 1, None, None, timer=lambda: 0.0)
    assert stats["normal"]["n"] == 3 and stats["normal"]["max_ms"] == 0.0


def test_bench_racing_judges_settings_on_the_same_positions(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench racing``: every setting is judged on each position; no regret is negative; bad input is refused."""
    from bench.racing import main as racing_main
    from bench.racing import measure, parse_races, summary

    settings = parse_races("2:8,3:16,off")
    assert [(s.z, s.start) for s in settings] == [(2.0, 8), (3.0, 16), (None, 0)]
    judged = measure("klaberjass", 2, 2, settings, scale=2, repeats=2, seed=3, playouts=40, timer=lambda: 0.0)
    assert judged == 2
    assert all(len(s.regret) == 4 and min(s.regret) >= 0.0 for s in settings)
    rows = summary(settings, 2)
    assert [r["race"] for r in rows] == ["2:8", "3:16", "off"]
    assert "vs_first" not in rows[0] and len(rows[1]["vs_first"]) == 2
    with pytest.raises(argparse.ArgumentTypeError):
        parse_races("fast")
    assert racing_main(["--game", "klaberjass", "--positions", "1", "--playouts", "30", "--scale", "1",
                        "--repeats", "1", "--json"]) == 0
    assert '"positions": 1' in capsys.readouterr().out
