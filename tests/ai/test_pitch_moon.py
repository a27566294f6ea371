"""``normal``'s moon bids in Pitch: the chance of taking every point, the bar it must reach five-handed, and the
last resort it is four-handed."""

from __future__ import annotations

import random
from typing import Any

import core
from core.ai.heuristic import PITCH_MOON_BID, PITCH_MOON_LAST_RESORT, choose_bid, pitch_moon_chance
from core.ai.knowledge import mask, table_for
from core.cards import strs_to_mask

SPADES = 0


def _chance(cards: str, players: int = 5, options: dict[str, Any] | None = None) -> float:
    return pitch_moon_chance(strs_to_mask(cards.split()), SPADES, players, options or {})


def _first_call(players: int, accept: Any) -> tuple[dict[str, Any], list[str], float]:
    """The first seeded deal whose first seat to bid has a moon chance ``accept`` takes: its view, calls, chance."""
    for seed in range(3000):
        st = core.new_match("pitch", players=players, seed=seed)
        st.apply(st.sample_chance(random.Random(seed)))
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        hand = mask(view["hands"][seat])
        chance = max(pitch_moon_chance(hand, s, players, view["options"]) for s in range(4))
        if accept(chance):
            calls = [a.call for a in st.legal_actions() if a.type == "bid" and a.call]
            return view, calls, chance
    raise AssertionError("no such deal")


def _call(view: dict[str, Any], calls: list[str], scores: list[int] | None = None) -> str:
    if scores is not None:
        view = {**view, "scores": scores}
    call = choose_bid(view, table_for(view), calls, random.Random(0))
    assert call in calls
    return call


def test_the_chance_rises_with_the_top_trumps_the_low_and_the_length() -> None:
    weak = _chance("9S 8S 4S 7H 8H 9D TD JC QC KC")
    tops = _chance("AS KS QS 4S 7H 8H 9D TD QC KC")
    tops_and_low = _chance("AS KS QS 2S 7H 8H 9D TD QC KC")
    long_tops_and_low = _chance("AS KS QS JS 2S 9S 8S 9D QC KC")
    assert weak < 0.1 < tops < tops_and_low < long_tops_and_low
    assert long_tops_and_low > 0.6


def test_normal_bids_the_moon_on_a_likely_hand_with_the_scores_level() -> None:
    view, calls, chance = _first_call(5, lambda c: c >= PITCH_MOON_BID[5] + 0.05)
    assert _call(view, calls) == "moon"
    view, calls, chance = _first_call(5, lambda c: 0.1 < c < PITCH_MOON_BID[5] - 0.05)
    assert _call(view, calls) != "moon"


def test_a_lead_raises_the_bar_a_deficit_lowers_it_and_a_score_below_zero_forbids_the_moon() -> None:
    view, calls, chance = _first_call(5, lambda c: PITCH_MOON_BID[5] + 0.05 < c < 0.4)
    seat = int(view["seat"])
    ahead = [0] * 5
    ahead[seat] = 40  # 40 of 52 ahead: the bar rises by 0.38
    assert _call(view, calls, ahead) != "moon"
    below = [0] * 5
    below[seat] = -4
    assert _call(view, calls, below) != "moon"
    view, calls, chance = _first_call(5, lambda c: 0.15 < c < PITCH_MOON_BID[5] - 0.05)
    seat = int(view["seat"])
    behind = [40 if s != seat else 0 for s in range(5)]  # 40 of 52 behind: the bar falls to its floor
    assert _call(view, calls) != "moon"
    assert _call(view, calls, behind) == "moon"


def test_other_variants_are_not_modelled() -> None:
    hand = "AS KS QS JS 2S 9S 8S 9D QC KC"
    assert _chance(hand, players=3) == 0.0
    assert _chance(hand, options={"points": 7}) == 0.0
    assert _chance(hand, players=4, options={"points": 7}) == 0.0
    assert _chance(hand, options={"dirty": True}) == 0.0
    assert _chance(hand, options={"reverse": True}) == 0.0
    assert _chance(hand, options={"ten_point": "game"}) == 0.0
    assert _chance(hand, options={"points": 10, "ten_point": "ten_card"}) > 0.5


def test_the_moon_is_bid_over_the_highest_number_too() -> None:
    view, calls, chance = _first_call(5, lambda c: c >= PITCH_MOON_BID[5] + 0.05)
    seat = int(view["seat"])
    over_ten = {**view, "bids": [{"seat": (seat - 1) % 5, "call": "10"}], "high_bid": "10"}
    assert _call(over_ten, ["pass", "moon"]) == "moon"


def test_four_handed_chance_counts_the_top_trumps_and_stays_low() -> None:
    weak = _chance("9S 8S 4S 7H 8H 9D TD JC QC", players=4)
    tops = _chance("AS KS QS JS 7H 8H 9D TD QC", players=4)
    best = _chance("AS KS QS JS JC 2S 9S 8S QC", players=4)
    assert weak < 0.05 < tops < best < 0.5  # even the best hands make a four-handed moon rarely


def test_four_handed_moon_is_only_a_last_resort_when_the_opponents_are_about_to_win() -> None:
    theirs, ours, bar = PITCH_MOON_LAST_RESORT[4]
    view, calls, chance = _first_call(4, lambda c: c >= bar + 0.02)
    me = int(view["seat"]) % 2  # four-handed sides: seats 0 and 2, 1 and 3
    def scores(mine: int, other: int) -> list[int]:
        return [mine, other] if me == 0 else [other, mine]
    assert _call(view, calls) != "moon"  # level scores: a number, never the moon
    assert _call(view, calls, scores(10, 52 - theirs)) == "moon"  # they need 3, we need 42
    assert _call(view, calls, scores(10, 52 - theirs - 1)) != "moon"  # they need 4: still a match to play
    assert _call(view, calls, scores(52 - ours, 52 - theirs)) != "moon"  # a made bid of 10 takes us out first
    assert _call(view, calls, scores(-5, 52 - theirs)) != "moon"  # below zero a made moon only brings us to 0
    view, calls, chance = _first_call(4, lambda c: 0.05 < c < bar - 0.02)
    me = int(view["seat"]) % 2
    assert _call(view, calls, scores(10, 52 - theirs)) != "moon"  # too unlikely even then
