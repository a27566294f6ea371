"""Fairness: a bot's decision depends only on what its seat may know.

Two matches are built that differ only in cards hidden from one seat: the
second replays the first's actions on a deck where the cards that seat never
saw are shuffled among their hidden places.  The seat's view and its events
are then identical, the hidden cards differ, and every bot level given the
same seed makes the same decision in both.
"""

from __future__ import annotations

import random

import pytest

import core
from core.ai import act, make_bot

GAMES = sorted(core.GAMES)

def _same_view(game: str, a: dict[str, object], b: dict[str, object]) -> bool:
    """Two views of one seat are identical, key for key and in every list's order."""
    return a == b


def _positions(deck: tuple[str, ...], cards: set[str]) -> list[int]:
    return [i for i, c in enumerate(deck) if c in cards]


def _twin(state: core.State, seat: int, rng: random.Random) -> core.State | None:
    """A state with the same history for ``seat`` but other hidden cards, or None."""
    record = state.to_record()
    actions = record["actions"]
    last_deal = max(i for i, a in enumerate(actions) if a["type"] == "deal")
    secret = set(state.view(seat)["unseen"])
    if len(secret) < 2:
        return None
    deck = tuple(actions[last_deal]["deck"])
    pos = _positions(deck, secret)
    for attempt in range(60):
        new = list(deck)
        if attempt < 20:
            perm = pos[:]
            rng.shuffle(perm)
            for a, b in zip(pos, perm, strict=True):
                new[a] = deck[b]
        else:
            # Fewer changes keep the public history more often: swap cards of one suit.
            for _ in range(rng.randint(1, 3)):
                a = rng.choice(pos)
                same = [b for b in pos if new[b][-1] == new[a][-1] and b != a]
                if same:
                    b = rng.choice(same)
                    new[a], new[b] = new[b], new[a]
        twin_actions = [*actions[:last_deal], {"type": "deal", "deck": new}, *actions[last_deal + 1:]]
        try:
            twin = core.replay({**record, "actions": twin_actions})
        except core.RecordError:
            continue  # some hidden card made a past play illegal: try another shuffle
        if (twin.hidden_zones(seat) != state.hidden_zones(seat)
                and twin.events_for(seat) == state.events_for(seat)
                and _same_view(state.game_id, twin.view(seat), state.view(seat))):
            return twin
    return None


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_do_not_change_the_decision(game: str) -> None:
    cls = core.GAMES[game]
    checked = 0
    for players in cls.player_counts:
        rng = random.Random(11 * players)
        state = core.new_match(game, players=players, seed=players)
        drivers = [make_bot("normal", seed=s) for s in range(players)]
        for _step in range(2_000):
            cp = state.current_player
            if cp is None or checked >= 6 * len(cls.player_counts):
                break
            if cp == core.CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.08:
                twin = _twin(state, cp, rng)
                if twin is not None:
                    assert _same_view(game, twin.view(cp), state.view(cp))
                    assert twin.events_for(cp) == state.events_for(cp)
                    assert twin.hidden_zones(cp) != state.hidden_zones(cp)
                    for level in ("random", "easy", "normal", "hard"):
                        one = make_bot(level, seed=5, playouts=24)
                        two = make_bot(level, seed=5, playouts=24)
                        assert act(one, state) == act(two, twin), level
                    checked += 1
            state.apply(act(drivers[cp], state))
    assert checked >= 3, "too few positions checked"


def test_view_only_determinizations_differ_but_decision_is_the_same() -> None:
    """from_view with two different fills: the bot sees the same view, decides the same."""
    from core.ai.search import SearchBot

    rng = random.Random(3)
    state = core.new_match("klaberjass", players=2, seed=2)
    driver = make_bot("normal", seed=1)
    while state.current_player is not None:
        cp = state.current_player
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.view(cp)["phase"] == "play" and len(state.legal_actions()) > 1:
            break
        state.apply(act(driver, state))
    cp = state.current_player
    assert cp is not None and cp >= 0
    view = state.view(cp)
    fills = [SearchBot(seed=s).sample(view)[1] for s in (1, 2)]
    assert fills[0] != fills[1]
    a = core.GAMES["klaberjass"].from_view(view, fills[0])
    b = core.GAMES["klaberjass"].from_view(view, fills[1])
    def public(v: dict[str, object]) -> dict[str, object]:
        return {k: x for k, x in v.items() if k not in ("seq", "events")}

    assert public(a.view(cp)) == public(b.view(cp)) == public(view)
    assert a.hidden_zones(cp) != b.hidden_zones(cp)
    assert make_bot("hard", seed=9, playouts=30).choose(a.view(cp)) == make_bot(
        "hard", seed=9, playouts=30).choose(b.view(cp))


@pytest.mark.parametrize(("game", "players"), [("belote", 4), ("deberts", 3), ("klaberjass", 2)])
def test_auction_inference_sees_only_the_view(game: str, players: int) -> None:
    """In the auction, after other seats have called, ``hard`` (which weights sampled hands by those calls)
    decides the same in twins that differ only in hidden cards; so do the frozen yardsticks."""
    checked = 0
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = core.new_match(game, players=players, seed=seed)
        state.apply(state.sample_chance(rng))
        for _ in range(players - 1):
            cp = state.current_player
            assert cp is not None
            state.apply(act(make_bot("normal", seed=seed), state))
        cp = state.current_player
        if cp is None or cp < 0 or state.view(cp)["phase"] != "bidding" or len(state.legal_actions()) < 2:
            continue
        twin = _twin(state, cp, rng)
        if twin is None:
            continue
        for level in ("hard", "normal@v1", "hard@v1"):
            one = make_bot(level, seed=7, playouts=30)
            two = make_bot(level, seed=7, playouts=30)
            assert act(one, state) == act(two, twin), level
        checked += 1
        if checked >= 3:
            break
    assert checked >= 2
