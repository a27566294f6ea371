"""The generic random-playout test, applied to every game, player count and option set.

For each case (see ``tests/cases/``) it plays ``MATCHES`` seeded random
matches to the end and checks, at every step or at sampled steps:

* legal actions are non-empty and unique until the match is over, and each applies;
* every card is in exactly one zone at all times;
* a random illegal action is refused with ``IllegalAction`` and the state is unchanged;
* no seat's view ever contains another seat's hidden card;
* ``from_view(view(p), hidden_zones(p))`` rebuilds a state that plays on identically;
* ``replay(to_record())`` reproduces the state;
* the card points of each deal add up to the deal's card total;
* every match ends.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

import core
from core.cards import CARD_IDS, CARD_STRS, deck
from tests.cases import all_cases
from tests.util import strings_in

MATCHES = int(os.environ.get("BELLA_PLAYOUT_MATCHES", "200"))
FULL_CHECK_MATCHES = 3  # matches checked at every step
SAMPLE_RATE = 0.02  # share of steps heavily checked in the other matches
MAX_STEPS = 50_000

CASES = all_cases()

_CALLS = ["pass", "take", "S", "H", "D", "C", "NT", "AT", "double", "redouble", "moon",
          "annul", "play", "schmeiss", "2", "4", "5", "7", "10", "bella", "belote"]


def _comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("seq", "events")}


def _random_action(state: core.State, rng: random.Random) -> core.Action:
    cards = [CARD_STRS[c] for c in deck(state.deck_low_rank, state.deck_jokers)]
    kind = rng.choice(["play", "play", "play", "bid", "trump", "exchange", "keep", "declare",
                       "done", "break", "discard", "deal"])
    if kind == "play":
        return core.Action("play", card=rng.choice(cards), call=rng.choice([None, None, "bella", "belote"]))
    if kind == "bid":
        return core.Action("bid", call=rng.choice(_CALLS))
    if kind == "trump":
        return core.Action("trump", suit=rng.choice("SHDCX"))
    if kind == "exchange":
        return core.Action("exchange", card=rng.choice([None, rng.choice(cards)]))
    if kind in ("keep", "done"):
        return core.Action(kind)
    if kind == "break":
        return core.Action("break", n=rng.randrange(0, 20))
    if kind in ("declare", "discard"):
        return core.Action(kind, cards=tuple(rng.sample(cards, rng.randrange(0, 5))),
                           call=rng.choice(["tierce", "fifty", None]) if kind == "declare" else None)
    shuffled = cards[:]
    rng.shuffle(shuffled)
    return core.Action("deal", deck=tuple(shuffled[: rng.choice([len(cards), len(cards) - 1])]))


def check_zones(state: core.State) -> None:
    zones = state.card_zones()
    counts = Counter(c for cards in zones.values() for c in cards)
    expected = {CARD_STRS[c] for c in deck(state.deck_low_rank, state.deck_jokers)}
    assert set(counts) == expected, f"missing/extra cards: {set(counts) ^ expected}"
    dup = [c for c, n in counts.items() if n > 1]
    assert not dup, f"cards in two places: {dup}"


def check_no_leak(state: core.State, deal_start: int = 0) -> None:
    """No view, and no event of the current deal, shows a seat a card hidden from it.

    ``deal_start`` is the event index where the current deal began: cards
    shown publicly in earlier deals are dealt again, hidden, in later ones.
    """
    seats: list[int | None] = [*range(state.players), None]
    for seat in seats:
        view = state.view(seat)
        json.dumps(view)  # JSON-able
        hidden = state.hidden_zones(seat)
        assert {k: len(v) for k, v in hidden.items() if v} == {
            k: n for k, n in view["hidden"].items() if n
        }, "hidden zone sizes differ from the view"
        secret = {c for cards in hidden.values() for c in cards}
        assert set(view["unseen"]) == secret, "unseen cards are not exactly the hidden ones"
        assert view["unseen"] == sorted(view["unseen"], key=CARD_IDS.__getitem__), (
            "unseen cards must be in card order (their order must not tell which zone holds them)")
        shown = strings_in({k: v for k, v in view.items() if k != "unseen"})
        leak = shown & secret
        assert not leak, f"seat {seat} sees hidden cards {leak}"
    for seat in seats:
        secret = {c for cards in state.hidden_zones(seat).values() for c in cards}
        seen = strings_in(state.events_for(seat, deal_start))
        assert not (seen & secret), f"events seen by seat {seat} leak {seen & secret}"


def check_illegal_refused(state: core.State, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    before_record = state.to_record()
    before_view = state.view(None)
    cp = state.current_player
    before_cp_view = state.view(cp) if cp is not None and cp >= 0 else None
    for _ in range(20):
        action = _random_action(state, rng)
        if action in legal:
            continue
        if cp == core.CHANCE and action.type == "deal" and action.deck is not None and len(
            set(action.deck)
        ) == len(deck(state.deck_low_rank, state.deck_jokers)):
            continue
        with pytest.raises(core.IllegalAction):
            state.apply(action)
        break
    assert state.to_record() == before_record
    assert state.view(None) == before_view
    if before_cp_view is not None:
        assert state.view(cp) == before_cp_view


def check_each_legal_applies(state: core.State) -> None:
    for action in state.legal_actions():
        state.clone().apply(action)


def hidden_declarations(state: core.State, seat: int) -> dict[str, list[str]]:
    """The cards of other seats' declarations that ``seat`` cannot see, as ``from_view`` takes them.

    A seat may declare any of its combinations, so the category ``seat`` sees
    does not always tell which; the owner's own view does.
    """
    out: dict[str, list[str]] = {}
    for o in range(state.players):
        decls = state.view(o).get("declarations")
        if o == seat or not isinstance(decls, list):
            continue
        if state.game_id == "klaberjass":
            mine = decls[o]
        elif state.game_id == "belote":
            mine = [d for d in decls if d["seat"] == o]
        else:
            continue
        seen = state.view(seat)["declarations"]
        seen_mine = seen[o] if state.game_id == "klaberjass" else [d for d in seen if d["seat"] == o]
        if mine and any(d.get("cards") is None for d in seen_mine):
            out[f"declared{o}"] = [c for d in mine for c in d["cards"]]
    return out


def check_from_view(state: core.State, rng: random.Random) -> None:
    cls = type(state)
    for seat in range(state.players):
        fill = {**state.hidden_zones(seat), **hidden_declarations(state, seat)}
        rebuilt = cls.from_view(state.view(seat), fill)
        for q in [*range(state.players), None]:
            assert _comparable(rebuilt.view(q)) == _comparable(state.view(q)), (
                f"from_view for seat {seat} differs in view of {q}"
            )
        assert rebuilt.legal_actions() == state.legal_actions()
        if state.current_player is not None and state.current_player >= 0:
            twin = state.clone()
            action = rng.choice(twin.legal_actions())
            twin.apply(action)
            rebuilt.apply(action)
            assert _comparable(rebuilt.view(None)) == _comparable(twin.view(None))


def heavy_checks(state: core.State, rng: random.Random, deal_start: int = 0) -> None:
    check_zones(state)
    check_no_leak(state, deal_start)
    check_illegal_refused(state, rng)
    if state.current_player is not None and state.current_player >= 0:
        check_each_legal_applies(state)
        check_from_view(state, rng)


def play_match(game: str, players: int, options: dict[str, Any], seed: int, full: bool) -> core.State:
    rng = random.Random(seed)
    check_rng = random.Random(seed ^ 0x5EED)
    state = core.new_match(game, players=players, options=options, seed=seed)
    deal_start = 0
    for _ in range(MAX_STEPS):
        cp = state.current_player
        if cp is None:
            break
        if full or check_rng.random() < SAMPLE_RATE:
            heavy_checks(state, check_rng, deal_start)
        if cp == core.CHANCE:
            assert state.legal_actions() == []
            deal_start = state.event_count
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert legal, "no legal action before the end of the match"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        state.apply(rng.choice(legal))
    else:
        pytest.fail(f"match did not end within {MAX_STEPS} steps")
    heavy_checks(state, check_rng, deal_start)
    assert state.legal_actions() == []
    assert state.winner is not None
    for result in state.deal_results:
        if result.get("outcome") == "annulled":
            continue
        assert sum(result["card_points"]) == result["card_total"], result
    return state


def check_replay(state: core.State) -> None:
    record = json.loads(json.dumps(state.to_record()))
    again = core.replay(record)
    for q in [*range(state.players), None]:
        assert again.view(q) == state.view(q)
    assert again.events == state.events
    assert again.scores == state.scores


@pytest.mark.parametrize(("game", "players", "options"), CASES,
                         ids=[f"{g}-{p}p-{i}" for i, (g, p, _) in enumerate(CASES)])
def test_random_playouts(game: str, players: int, options: dict[str, Any]) -> None:
    for i in range(MATCHES):
        state = play_match(game, players, options, seed=1000 + i, full=i < FULL_CHECK_MATCHES)
        if i < 10:
            check_replay(state)


@pytest.mark.parametrize("game", sorted(core.GAMES))
def test_mid_match_record_replays(game: str) -> None:
    cls = core.GAMES[game]
    rng = random.Random(5)
    state = core.new_match(game, players=cls.player_counts[-1], seed=3)
    for _ in range(150):
        if state.current_player is None:
            break
        if state.current_player == core.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    check_replay(state)
    clone = state.clone()
    assert clone.view(None) == state.view(None)


def test_unknown_game_and_options() -> None:
    with pytest.raises(core.UnknownGame, match="unknown game"):
        core.new_match("bridge", players=4)
    for game, cls in core.GAMES.items():
        with pytest.raises(core.OptionError, match="no option"):
            core.new_match(game, players=cls.player_counts[0], options={"no_such_option": 1})
        for spec in cls.OPTIONS:
            if spec.values is not None and spec.id != "players":
                with pytest.raises(core.OptionError, match=spec.id):
                    core.new_match(game, players=cls.player_counts[0], options={spec.id: "bogus-value"})
