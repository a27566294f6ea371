"""Bots with the full choice of declarations: the rule-based bot still declares everything,
and the search copes with every offer."""

from __future__ import annotations

from typing import Any

import core
from core.ai import make_bot
from tests.games.test_belote import dealt as belote_dealt
from tests.games.test_klaberjass import make_deck, new


def _declared_by(state: core.State, level: str, seat: int, **kw: Any) -> list[Any]:
    """Let a bot of ``level`` take ``seat``'s declaration decisions; its declarations as it sees them."""
    bot = make_bot(level, seed=5, **kw)
    for _ in range(10):
        if state.current_player != seat or not any(a.type == "declare" for a in state.legal_actions()):
            break
        action = bot.choose(state.view(seat))
        state.apply(action)
        if action.type != "declare":
            break
    return list(state.view(seat)["declarations"])


def test_klaberjass_normal_bot_declares_every_run() -> None:
    s0 = ["7C", "8C", "9C", "TC", "QH", "KH", "AH", "7D", "9D"]
    for scoring, want in (("all_of_winner", [["7C", "8C", "9C", "TC"], ["QH", "KH", "AH"]]),
                          ("best_only", [["7C", "8C", "9C", "TC"]])):
        s = new(1, sequence_scoring=scoring)
        s.apply(core.Action("deal", deck=tuple(make_deck(s0, [], "8H"))))
        s.apply(core.Action("bid", call="take"))
        while s.view(None)["phase"] == "exchange":
            s.apply(core.Action("keep"))
        assert len([a for a in s.legal_actions() if a.type == "declare"]) == 2
        got = _declared_by(s, "normal", 0)
        assert [d["cards"] for d in got[0]] == want


def test_belote_normal_bot_declares_both_tierces() -> None:
    s = belote_dealt(3, {0: ["7S", "8S", "9S", "QH", "KH", "AH", "7D", "9C"]}, ["H", "pass", "pass", "pass"])
    got = _declared_by(s, "normal", 0)
    assert [d["cards"] for d in got] == [["QH", "KH", "AH"], ["7S", "8S", "9S"]]


def test_search_bot_decides_among_every_declaration() -> None:
    s = belote_dealt(3, {0: ["JS", "JH", "JD", "JC", "9S", "9H", "9D", "9C"]}, ["S", "pass", "pass", "pass"])
    legal = s.legal_actions()
    assert len(legal) == 8 + 2  # eight cards, two carrés
    bot = make_bot("hard", seed=2, playouts=40)
    action = bot.choose(s.view(0))
    assert action in legal
    s0 = ["7C", "8C", "9C", "TC", "QH", "KH", "AH", "7D", "9D"]
    k = new(1, sequence_scoring="all_of_winner")
    k.apply(core.Action("deal", deck=tuple(make_deck(s0, [], "8H"))))
    k.apply(core.Action("bid", call="take"))
    while k.view(None)["phase"] == "exchange":
        k.apply(core.Action("keep"))
    assert make_bot("hard", seed=2, playouts=30).choose(k.view(0)) in k.legal_actions()
