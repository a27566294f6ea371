"""Inference from public plays: voids and failed overtrumps are remembered."""

from __future__ import annotations

import random

import core
from core.ai import act, make_bot
from core.ai.knowledge import table_for
from core.ai.memory import Memory, view_tricks
from core.cards import SUIT_MASK, card_id


def _find_void_show(game: str, players: int, seed: int) -> tuple[core.State, int, int] | None:
    """Play until some seat fails to follow suit; return (state, that seat, led suit)."""
    rng = random.Random(seed)
    state = core.new_match(game, players=players, seed=seed)
    bots = [make_bot("random", seed=s) for s in range(players)]
    for _ in range(3000):
        cp = state.current_player
        if cp is None:
            return None
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = act(bots[cp], state)
        trick = state.view(cp)["trick"]
        state.apply(action)
        if action.type == "play" and trick and action.card is not None:
            lead = trick[0]["card"][1]
            if action.card[1] != lead and state.view(cp)["phase"] == "play":
                return state, cp, "SHDC".index(lead)
    return None


def test_a_void_shown_is_remembered_from_events_and_from_the_view() -> None:
    found = 0
    for seed in range(40):
        got = _find_void_show("klaberjass", 2, seed)
        if got is None:
            continue
        state, seat, suit = got
        other = 1 - seat
        for use_events in (True, False):
            memory = Memory()
            if use_events:
                memory.observe(state.events_for(other))
            memory.update(state.view(other))
            assert memory.forbidden_mask(seat) & SUIT_MASK[suit] == SUIT_MASK[suit]
        found += 1
        if found >= 5:
            break
    assert found >= 3


def test_belote_failed_overtrump_caps_the_trumps() -> None:
    tb = table_for({"game": "belote", "players": 4, "options": {}, "sides": [[0, 2], [1, 3]], "trump": "H",
                    "contract": {"contract": "H"}})
    # Hearts led with the nine, seat 1 follows with the seven: it holds no J of hearts.
    trick = [(0, card_id("9H"))]
    forb = tb.forbidden_after(trick, 1, card_id("7H"))
    assert forb == 1 << card_id("JH")
    # Seat 1 discards a club on a spade lead won by an opponent: no spades, no hearts.
    forb = tb.forbidden_after([(0, card_id("AS"))], 1, card_id("7C"))
    assert forb == SUIT_MASK[0] | SUIT_MASK[1]
    # ... but with the partner winning, a discard says nothing about trumps.
    forb = tb.forbidden_after([(0, card_id("AS")), (1, card_id("7S"))], 2, card_id("7C"))
    assert forb == SUIT_MASK[0]


def test_view_lists_every_trick_of_the_deal() -> None:
    rng = random.Random(3)
    state = core.new_match("tertz", players=2, seed=3)
    bots = [make_bot("normal", seed=s) for s in range(2)]
    while state.current_player is not None:
        cp = state.current_player
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        v = state.view(cp)
        if v["phase"] == "play" and v.get("trick_number", 0) > 5:
            tricks = view_tricks(v)
            assert tricks is not None and len(tricks) >= 4
            assert all(len(t) == 2 for t in tricks)
            return
        state.apply(act(bots[cp], state))
    raise AssertionError("no position found")
