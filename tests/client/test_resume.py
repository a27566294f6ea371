"""Resume and reconnect build the table from the current view: no history is replayed."""

from __future__ import annotations

import random
from typing import Any

import core
from client import savegame
from client.scenes.table import opening_events
from tests.client.driver import make_app, table_of


def _record_until(game: str, players: int, stop: Any, seed: int = 5) -> dict[str, Any]:
    """Play random legal moves from a seeded match until ``stop(state)``; return the record."""
    st = core.new_match(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if stop(st) or st.current_player is None:
            break
        if st.current_player == core.CHANCE:
            st.apply(st.sample_chance(rng))
        else:
            st.apply(rng.choice(st.legal_actions()))
    return st.to_record()


def _resume(record: dict[str, Any]) -> Any:
    levels = {k: "random" for k in range(1, int(record["players"]))}
    assert savegame.write_save(record, 0, levels, 5) is None
    app = make_app(["--resume", "--no-sound", "--speed", "1"])
    table = table_of(app)
    assert table is not None
    table.session.bot_delay = 50.0  # the bots wait: we look at the resumed position only
    return app, table


def test_opening_events_keep_a_fresh_deal_and_drop_history() -> None:
    deal = [{"type": "dealt", "seat": 0, "cards": ["AS"]}, {"type": "dealt", "seat": 1}, {"type": "trump"}]
    assert opening_events(deal) == (deal, False)
    played = [*deal, {"type": "bid", "seat": 1, "call": "pass"}, {"type": "played", "seat": 1, "card": "7S"}]
    assert opening_events(played) == ([], True)
    scored = [*played, {"type": "deal_scored", "deal": 1}]
    assert opening_events(scored) == ([scored[-1]], True)
    assert opening_events([*scored, {"type": "match_over"}])[0] == scored[-1:] + [{"type": "match_over"}]
    assert opening_events([*scored, *deal]) == ([], True)  # the next deal began: its result was dismissed


def test_resume_mid_deal_shows_the_position_without_replaying() -> None:
    def deal2_trick(st: core.State) -> bool:
        v = st.view(0)
        return len(v.get("deals") or []) >= 1 and bool(v.get("trick")) and st.current_player == 0

    record = _record_until("deberts", 3, deal2_trick)
    app, table = _resume(record)
    seen_bubbles: set[str] = set()
    for i in range(40):
        app.frame(1 / 60)
        seen_bubbles |= {t for t, _ in table.bubbles.values()}
        assert not table.banners, [b.text for b in table.banners]
        assert table.result is None
        assert not table.flights
        assert not any(sp.moving for _, sp in table.trick)
        assert not any(sp.moving for sp in table.hand.values()), i
    assert not seen_bubbles
    assert not table.events
    want = [(int(t["seat"]), t["card"]) for t in core.replay(record).view(0)["trick"]]
    assert [(s, sp.card) for s, sp in table.trick] == want
    assert table.my_turn() and table.card_actions
    assert table.shown_scores == core.replay(record).view(0)["scores"]
    app.shutdown()


def test_resume_with_the_result_panel_open_shows_only_that_result() -> None:
    def scored_once(st: core.State) -> bool:
        return len(st.view(0).get("deals") or []) >= 2

    record = _record_until("deberts", 3, scored_once)
    app, table = _resume(record)
    results = []
    for _ in range(30):
        app.frame(1 / 60)
        if table.result is not None and (not results or results[-1] is not table.result):
            results.append(table.result)
    assert len(results) == 1 and results[0].get("deal") == 2
    assert table.result_button is not None
    app.shutdown()
