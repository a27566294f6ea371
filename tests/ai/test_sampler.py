"""The determinization sampler: fills always agree with the view and with the inference.

Property (hypothesis over games, seeds and positions): at any decision of a
random-but-sensible match, for any seat,

* the real hidden cards obey the constraints inferred from that seat's view
  and events (the inference is sound: it never rules out the truth);
* every sampled fill obeys them too, fills exactly the hidden zones with
  exactly the unseen cards, and ``from_view`` accepts it;
* a seat shown void in a suit never receives a card of that suit.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.ai import act, make_bot
from core.ai.knowledge import mask
from core.ai.memory import Memory, seat_of_zone
from core.ai.sampler import Constraints, constraints_for, sample_fill
from core.ai.search import _deberts_ok, _runs_ok
from tests.cases import all_cases

CASES = all_cases()


def _position(case: int, seed: int, steps: int) -> core.State:
    game, players, options = CASES[case % len(CASES)]
    rng = random.Random(seed)
    state = core.new_match(game, players=players, options=options, seed=seed)
    bots = [make_bot("normal" if seed % 3 else "random", seed=seed + s) for s in range(players)]
    for _ in range(steps):
        cp = state.current_player
        if cp is None:
            break
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(act(bots[cp], state))
    return state


@settings(max_examples=150, deadline=None)
@given(case=st.integers(0, 10_000), seed=st.integers(0, 10_000), steps=st.integers(1, 160),
       with_events=st.booleans())
def test_fills_are_consistent_with_the_view(case: int, seed: int, steps: int, with_events: bool) -> None:
    state = _position(case, seed, steps)
    cls = type(state)
    rng = random.Random(seed)
    for seat in range(state.players):
        view = state.view(seat)
        memory = Memory()
        if with_events:
            memory.observe(state.events_for(seat))
        tb = memory.update(view)
        cons = constraints_for(view, memory, tb)
        truth = {z: c for z, c in state.hidden_zones(seat).items() if c}
        assert cons.consistent(truth), "the inference ruled out the real cards"
        assert _runs_ok(view, truth, tb) and _deberts_ok(view, truth, tb, memory), "declarations misread"
        for _ in range(3):
            fill = sample_fill(cons, rng, strict=True)
            assert cons.consistent(fill)
            assert sorted(c for cs in fill.values() for c in cs) == sorted(view["unseen"])
            assert {z: len(c) for z, c in fill.items()} == {z: n for z, n in view["hidden"].items() if n}
            for z, cards in fill.items():
                owner = seat_of_zone(z)
                if owner is not None:
                    assert not mask(cards) & memory.forbidden_mask(owner)
            cls.from_view(view, fill)


def test_void_shown_is_respected() -> None:
    cons = Constraints(unseen=mask(["AS", "KS", "7H", "8H"]), counts={"hand1": 2, "stock": 2},
                       allowed={"hand1": mask(["7H", "8H", "KS"]), "stock": mask(["AS", "KS", "7H", "8H"])},
                       required={"hand1": 0, "stock": 0})
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        fill = sample_fill(cons, rng, strict=True)
        assert "AS" not in fill["hand1"]
        seen.add(tuple(sorted(fill["hand1"])))
    assert len(seen) == 3  # every consistent hand occurs


def test_tight_constraints_use_the_matching() -> None:
    cards = ["7S", "8S", "9S", "TS", "JS", "QS"]
    allowed = {"hand1": mask(cards[:2]), "hand2": mask(cards[:4]), "hand3": mask(cards)}
    cons = Constraints(unseen=mask(cards), counts={"hand1": 2, "hand2": 2, "hand3": 2},
                       allowed=allowed, required={z: 0 for z in allowed})
    for seed in range(30):
        fill = sample_fill(cons, random.Random(seed), strict=True)
        assert sorted(fill["hand1"]) == ["7S", "8S"]
        assert sorted(fill["hand2"]) == ["9S", "TS"]


def test_impossible_constraints_are_reported_or_relaxed() -> None:
    cons = Constraints(unseen=mask(["AS", "KS"]), counts={"hand1": 2},
                       allowed={"hand1": mask(["AS"])}, required={"hand1": 0})
    try:
        sample_fill(cons, random.Random(1), strict=True)
    except ValueError as exc:
        assert "no fill" in str(exc)
    else:
        raise AssertionError("strict sampling accepted impossible constraints")
    relaxed = sample_fill(cons, random.Random(1))
    assert sorted(relaxed["hand1"]) == ["AS", "KS"]
