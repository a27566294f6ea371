"""Cards, actions, options and the registry: properties and error messages."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from core.actions import ACTION_TYPES, Action, action_from_json
from core.cards import (
    CARD_IDS,
    SUIT_MASK,
    card_id,
    card_name,
    card_str,
    deck,
    deck_strs,
    ids_of,
    mask_of,
    mask_to_strs,
    strs_to_mask,
)
from core.options import OptionSpec, validate_options
from core.tricks import maximal_runs, trick_winner

ALL_CARDS = sorted(CARD_IDS)


def test_decks() -> None:
    assert len(deck()) == 32 and len(set(deck())) == 32
    assert len(deck("2")) == 52
    assert deck_strs("2", jokers=True)[-2:] == ["X1", "X2"]
    assert all(card_str(card_id(c)) == c for c in ALL_CARDS)
    assert card_name("JH") == "jack of hearts" and card_name("X1") == "high joker"
    with pytest.raises(ValueError, match="not a card"):
        card_id("1Z")


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_mask_roundtrip(cards: set[str]) -> None:
    m = strs_to_mask(cards)
    assert set(mask_to_strs(m)) == cards
    assert m.bit_count() == len(cards)
    assert mask_of(ids_of(m)) == m
    assert sum((m & sm).bit_count() for sm in SUIT_MASK) + (m >> 64).bit_count() == len(cards)


_cards = st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=8).map(tuple)
_actions = st.one_of(
    st.builds(lambda c, k: Action("play", card=c, call=k), st.sampled_from(ALL_CARDS),
              st.sampled_from([None, "bella", "belote"])),
    st.builds(lambda k: Action("bid", call=k), st.sampled_from(["pass", "H", "NT", "double", "7", "moon"])),
    st.builds(lambda s: Action("trump", suit=s), st.sampled_from("SHDC")),
    st.builds(lambda cs: Action("declare", cards=cs, call="tierce"), _cards),
    st.builds(lambda cs: Action("discard", cards=cs), _cards),
    st.builds(lambda n: Action("break", n=n), st.integers(0, 1000)),
    st.sampled_from([Action("keep"), Action("done"), Action("exchange")]),
    st.permutations(deck_strs()).map(lambda d: Action("deal", deck=tuple(d))),
)


@given(_actions)
def test_action_json_roundtrip(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    assert action_from_json(data) == action
    assert hash(action_from_json(data)) == hash(action)
    assert str(action).startswith(action.type)


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "must be a map"),
        ({"type": "fly"}, "unknown action type"),
        ({"type": "play", "card": "ZZ"}, "not a card"),
        ({"type": "play", "card": "JH", "deck": []}, "not allowed"),
        ({"type": "bid", "call": 3}, "short string"),
        ({"type": "bid", "call": "x" * 100}, "short string"),
        ({"type": "break", "n": -1}, "whole number"),
        ({"type": "break", "n": True}, "whole number"),
        ({"type": "discard", "cards": ["7H", "7H"]}, "repeats"),
        ({"type": "deal", "deck": ["7H"] * 60}, "too many"),
        ({"type": "discard", "cards": "7H"}, "list of cards"),
    ],
)
def test_action_from_json_rejects(obj: object, message: str) -> None:
    with pytest.raises(core.InvalidAction, match=message):
        action_from_json(obj)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                  max_size=3)))
def test_action_from_json_never_crashes(obj: object) -> None:
    with contextlib.suppress(core.InvalidAction):
        action_from_json(obj)


def test_every_action_type_has_fields_table() -> None:
    assert set(ACTION_TYPES) >= {"deal", "bid", "play", "declare", "done", "discard", "break", "trump"}


def test_option_validation() -> None:
    specs = (
        OptionSpec("target_score", None, 151, "points to win", minimum=10, maximum=10_000),
        OptionSpec("redouble_allowed", (True, False), True, "redouble"),
        OptionSpec("mode", ("a", "b"), "a", "mode"),
    )
    assert validate_options("g", specs, {}) == {"target_score": 151, "redouble_allowed": True, "mode": "a"}
    assert validate_options("g", specs, {"target_score": "301", "redouble_allowed": "false", "mode": "B"}) == {
        "target_score": 301, "redouble_allowed": False, "mode": "b"}
    with pytest.raises(core.OptionError, match="no option 'colour'; options: mode, redouble_allowed"):
        validate_options("g", specs, {"colour": 1})
    with pytest.raises(core.OptionError, match="allowed: a, b"):
        validate_options("g", specs, {"mode": "c"})
    with pytest.raises(core.OptionError, match="allowed: true, false"):
        validate_options("g", specs, {"redouble_allowed": 1})
    with pytest.raises(core.OptionError, match="from 10 to 10000"):
        validate_options("g", specs, {"target_score": 5})
    with pytest.raises(core.OptionError, match="whole number"):
        validate_options("g", specs, {"target_score": True})


def test_registry_errors() -> None:
    with pytest.raises(core.UnknownGame, match="unknown game 'chess'"):
        core.find_game("chess")
    for game, cls in core.GAMES.items():
        bad = max(cls.player_counts) + 1
        with pytest.raises(core.OptionError, match="players"):
            core.new_match(game, players=bad)


def test_replay_rejects_garbage() -> None:
    with pytest.raises(core.RecordError, match="not a Bella record"):
        core.replay({"game": "belote"})
    with pytest.raises(core.RecordError):
        core.replay({"format": "bella-record", "game": "nope", "players": 2, "actions": []})


def test_trick_winner_and_runs() -> None:
    c = card_id
    assert trick_winner([c("KS"), c("TS")], trump=3) == 1
    assert trick_winner([c("AH"), c("JS")], trump=3) == 0
    assert trick_winner([c("9D"), c("JD")], trump=2) == 1
    assert trick_winner([c("AS"), c("7S"), c("JS"), c("9S")], trump=None, all_trumps=True) == 2
    assert trick_winner([c("AS"), c("TS"), c("7H")], trump=None) == 0
    runs = maximal_runs(strs_to_mask(["7C", "8C", "9C", "TC", "QC", "KC", "AC", "JH"]))
    assert [[card_str(x) for x in r] for r in runs] == [["7C", "8C", "9C", "TC"], ["QC", "KC", "AC"]]


def test_json_copy_is_a_deep_copy_of_json_like_data() -> None:
    import copy

    from core.state import json_copy

    class Sub(dict):  # type: ignore[type-arg]
        pass

    data = [{"a": [1, 2, {"x": [3, None]}], "b": (1, [2]), "c": Sub(k=[4])}, "s", 1.5, True]
    out = json_copy(data)
    assert out == copy.deepcopy(data)
    assert type(out[0]["c"]) is dict
    out[0]["a"][2]["x"].append(9)
    out[0]["b"][1].append(9)
    out[0]["c"]["k"].append(9)
    assert data[0]["a"][2]["x"] == [3, None] and data[0]["b"][1] == [2] and data[0]["c"]["k"] == [4]
