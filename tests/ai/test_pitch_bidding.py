"""``normal``'s Pitch bidding: the measured steps of ``PITCH_BIDS`` at each seat, on real deals."""

from __future__ import annotations

import random
from collections.abc import Callable

import core
from core.ai.heuristic import PITCH_BIDS, choose_bid, pitch_estimate, pitch_max_bid
from core.ai.knowledge import mask, table_for


def _position(calls: list[str], accept: Callable[[float], bool], players: int = 4,
              options: dict[str, object] | None = None) -> tuple[core.State, float]:
    """The first seeded deal where, after ``calls``, the seat to bid has an estimate ``accept`` takes."""
    for seed in range(2000):
        st = core.new_match("pitch", players=players, seed=seed, options=options or {})
        st.apply(st.sample_chance(random.Random(seed)))
        for c in calls:
            st.apply(core.Action("bid", call=c))
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        hand = mask(view["hands"][seat])
        est = max(pitch_estimate(hand, s, view["options"]) for s in range(4))
        if accept(est):
            return st, est
    raise AssertionError("no such deal")


def _call(st: core.State) -> str:
    seat = st.current_player
    assert seat is not None
    view = st.view(seat)
    calls = [a.call for a in st.legal_actions() if a.type == "bid" and a.call]
    call = choose_bid(view, table_for(view), calls, random.Random(0))
    assert call in calls
    return call


def test_first_seat_opens_at_the_minimum_with_a_fair_hand_and_jumps_with_a_good_one() -> None:
    st, _ = _position([], lambda e: 1.0 <= e < 3.0)
    assert _call(st) == "4"
    st, _ = _position([], lambda e: 3.5 <= e < 5.5)
    assert _call(st) == "6"
    assert pitch_max_bid(0.4, 4, {}, "open") == 0  # (no dealt hand is estimated so low)


def test_a_later_seat_overcalls_up_to_its_ceiling_only() -> None:
    st, _ = _position(["6"], lambda e: e < 4.0)
    assert _call(st) == "pass"
    st, _ = _position(["6"], lambda e: 4.0 <= e < 4.5)
    assert _call(st) == "7"
    st, _ = _position(["4"], lambda e: 2.0 <= e < 3.0)
    assert _call(st) == "5"


def test_the_dealer_overcalls_by_one_and_bids_the_minimum_when_stuck() -> None:
    # Seats 1 and 3 are the dealer's opponents, seat 2 its partner; the dealer speaks fourth.
    st, _ = _position(["4", "pass", "pass"], lambda e: 1.5 <= e < 3.5)
    assert _call(st) == "5"
    st, _ = _position(["4", "pass", "pass"], lambda e: e < 1.0)
    assert _call(st) == "pass"
    st, _ = _position(["pass", "pass", "pass"], lambda e: e < 0.5)
    assert _call(st) == "4"
    st, _ = _position(["pass", "4", "pass"], lambda e: 1.5 <= e < 2.0)
    assert _call(st) == "pass"  # the partner holds it: a point of estimate less


def test_when_a_made_bid_scores_the_bid_a_seat_bids_all_its_hand_is_worth() -> None:
    st, est = _position([], lambda e: 4.5 <= e < 5.0, options={"made_bid_scores": "bid"})
    assert _call(st) == str(pitch_max_bid(est, 4, {})) == "8"


def test_the_steps_rise_with_the_estimate() -> None:
    for table in PITCH_BIDS.values():
        for steps in table.values():
            assert [e for e, _ in steps] == sorted(e for e, _ in steps)
            assert [b for _, b in steps] == sorted(b for _, b in steps)
    assert pitch_max_bid(4.2, 4, {"points": 5}) == 4  # 7 of 10 points, scaled to 5 and rounded


def test_pitch_calls_are_measured_against_the_pass_on_the_same_deals() -> None:
    from bench.bids import measure_pitch_versus_pass

    table = measure_pitch_versus_pass(4, 8, 2, "normal")
    assert {partner for _turn, _standing, partner in table} == {0, 1}
    for (turn, standing, partner), bands in table.items():
        if turn == 0 or standing <= 0:
            assert partner == 0  # nobody's bid stands yet, or the dealer is stuck
        for calls in bands.values():
            assert len({count for count, _total in calls.values()}) == 1  # every call on the same deals
            assert all(int(c) > standing for c in calls if c.isdigit())
            assert ("pass" in calls) == (standing >= 0)
