"""``normal``'s auction: worked hands with the call a seasoned player makes."""

from __future__ import annotations

import random
from typing import Any

import pytest

import core
from core.ai import make_bot
from core.ai.bidding import contract_points, defence_points, trump_points
from core.ai.heuristic import (
    BELOTE_DOUBLE,
    BELOTE_THRESHOLDS,
    TURNUP_THRESHOLDS,
    belote_call,
    turnup_call,
    turnup_hand,
)
from core.ai.knowledge import mask, table_for

BELOTE_CALLS = ["pass", "C", "D", "H", "S", "NT", "AT"]


def _belote_view(seat: int = 1, bids: list[dict[str, Any]] | None = None, current: str | None = None,
                 bidder: int | None = None, scores: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    return {"game": "belote", "seat": seat, "players": 4, "bids": bids or [], "scores": list(scores), "target": 151,
            "auction": {"current": current, "bidder": bidder, "multiplier": 1, "passes": 0}}


def _call(hand: str, **kw: Any) -> str:
    calls = kw.pop("calls", BELOTE_CALLS)
    return belote_call(_belote_view(**kw), calls, mask(hand.split()), random.Random(1))


@pytest.mark.parametrize("hand", [
    "7S TS 8H JH 8D",   # no ace, one jack: an expert passes (no trumps would go inside)
    "8S 7D 9D 7C TC",   # nothing: spades would be a gift
    "QS KS 7H 8D 9C",   # a belote alone is no trump suit
    "AS 7H 8D 9C TC",   # one ace
])
def test_belote_passes_weak_hands(hand: str) -> None:
    assert _call(hand) == "pass"


@pytest.mark.parametrize(("hand", "call"), [
    ("JS 9S AS 7H 8D", "S"),    # jack, nine and ace of trumps
    ("JH 9H 7H AC 8D", "H"),    # the two top trumps, three long, a side ace
    ("AS TS AH KH AD", "NT"),   # three aces with the ten
    ("JS JH 9S 9H 7D", "AT"),   # two jacks, each with its nine
])
def test_belote_bids_the_right_contract(hand: str, call: str) -> None:
    assert _call(hand) == call


def test_belote_does_not_take_the_contract_from_a_partner_without_a_much_better_hand() -> None:
    # Seat 1's partner (seat 3) named spades; a fair heart hand passes.
    bids = [{"seat": 3, "call": "S"}]
    assert _call("JH 9H 7H 8C 8D", seat=1, bids=bids, current="S", bidder=3,
                 calls=["pass", "NT", "AT", "double"][:3]) == "pass"


def test_belote_doubles_only_with_defence() -> None:
    # The opponents (seat 0) named hearts; we hold J-9-A of hearts and a side ace.
    strong = "JH 9H AH AS 7D"
    weak = "7H 8H QS KS 7D"
    calls = ["pass", "NT", "AT", "double"]
    assert defence_points(mask(strong.split()), 1, "trump") >= BELOTE_DOUBLE
    assert _call(strong, seat=1, bids=[{"seat": 0, "call": "H"}], current="H", bidder=0, calls=calls) == "double"
    assert _call(weak, seat=1, bids=[{"seat": 0, "call": "H"}], current="H", bidder=0, calls=calls) == "pass"


def test_belote_ties_are_not_broken_by_the_order_of_the_calls() -> None:
    # Symmetric in spades and hearts: across seeds both suits are chosen.
    hand = mask(["JS", "9S", "JH", "9H", "AD"])
    picks = {belote_call(_belote_view(), ["pass", "C", "D", "H", "S"], hand, random.Random(s)) for s in range(20)}
    assert picks == {"H", "S"}


def test_thresholds_are_ordered_like_the_risk() -> None:
    # No trumps and all trumps score more and fail harder than a suit: they need more.
    assert BELOTE_THRESHOLDS["nt"] > BELOTE_THRESHOLDS["trump"]
    assert BELOTE_THRESHOLDS["at"] > BELOTE_THRESHOLDS["trump"]
    assert contract_points(mask(["JS", "9S", "AS", "7H", "8D"]), 0, "trump") > contract_points(
        mask(["JS", "8S", "7H", "8D", "9C"]), 0, "trump")


def _turnup_view(game: str, players: int, hand: list[str], turned: str) -> tuple[dict[str, Any], list[str]]:
    view = {"game": game, "seat": 0, "players": players, "options": {}, "bids": [], "scores": [0] * 2,
            "target": 500, "sides": [[0], [1]], "hands": [hand, None], "turned": turned, "turn_up": turned}
    calls = ["take", "pass"] if game == "klaberjass" else ["play", "pass"]
    return view, calls


def test_klaberjass_takes_a_strong_turned_suit_and_passes_a_weak_one() -> None:
    strong, calls = _turnup_view("klaberjass", 2, ["JH", "9H", "AH", "AS", "7C", "8D"], "KH")
    weak, _ = _turnup_view("klaberjass", 2, ["7H", "8S", "9C", "TD", "QS", "8C"], "KH")
    tb = table_for(strong)
    assert turnup_call(strong, tb, calls, mask(strong["hands"][0]), random.Random(1)) == "take"
    assert turnup_call(weak, tb, calls, mask(weak["hands"][0]), random.Random(1)) == "pass"


def test_klaberjass_takes_a_nine_ace_ten_of_trumps_without_the_jack() -> None:
    # 9H AH TH with a side king: worth 76 bid points, more than passing gains on the same deals
    # (bench bids --versus-pass); two small trumps and nothing else stay a pass.
    good, calls = _turnup_view("klaberjass", 2, ["9H", "AH", "TH", "KS", "7C", "8D"], "KH")
    poor, _ = _turnup_view("klaberjass", 2, ["JH", "7H", "8S", "9C", "TD", "QS"], "KH")
    tb = table_for(good)
    assert turnup_call(good, tb, calls, mask(good["hands"][0]), random.Random(1)) == "take"
    assert turnup_call(poor, tb, calls, mask(poor["hands"][0]), random.Random(1)) == "pass"


def test_turnup_thresholds_follow_the_calibration() -> None:
    # More players: more hands that may hold the trumps against the taker, so more is needed.
    assert TURNUP_THRESHOLDS[("deberts", 2)][1] < TURNUP_THRESHOLDS[("deberts", 3)][1]
    assert TURNUP_THRESHOLDS[("klaberjass", 2)] == (70.0, 70.0)


def test_versus_pass_calibration_runs() -> None:
    from bench.bids import measure_versus_pass

    table = measure_versus_pass("klaberjass", 2, 3, 1, "normal")
    assert set(table) == {"turned", "named"}
    assert sum(row[0] for bands in table.values() for row in bands.values()) == 6


def test_normal_bot_bids_sensibly_over_many_belote_deals() -> None:
    # Over seeded deals the first bidder declares a minority of hands, and never with no jack, nine or ace.
    bot = make_bot("normal", seed=1)
    declared = 0
    for seed in range(60):
        st = core.new_match("belote", players=4, seed=seed)
        st.apply(st.sample_chance(random.Random(seed)))
        seat = st.current_player
        assert seat is not None
        view = st.view(seat)
        act = bot.choose(view)
        if act.call != "pass":
            declared += 1
            hand = set(view["hands"][seat])
            assert any(c[0] in "J9A" for c in hand)
    assert 3 <= declared <= 30


def test_four_handed_deberts_counts_the_turn_up_the_maker_receives() -> None:
    hand = ["9H", "AH", "KS", "7C", "8D", "QD"]
    view, calls = _turnup_view("deberts", 4, hand, "JH")
    view = {**view, "sides": [[0, 2], [1, 3]], "scores": [0, 0], "dealer": 3}
    tb = table_for(view)
    assert turnup_hand(view, tb, mask(hand)) == mask([*hand, "JH"])
    # Without the turned jack these trumps are a pass (40 bid points); with it they take (105).
    assert trump_points(mask(hand), 1) < TURNUP_THRESHOLDS[("deberts", 4)][0] <= trump_points(mask([*hand, "JH"]), 1)
    assert turnup_call(view, tb, calls, mask(hand), random.Random(1)) == "play"
    two_handed, _ = _turnup_view("deberts", 2, hand, "JH")
    assert turnup_hand(two_handed, table_for(two_handed), mask(hand)) == mask(hand)
    assert turnup_call(two_handed, table_for(two_handed), calls, mask(hand), random.Random(1)) == "pass"
    # By option the turn-up goes to the dealer: only the dealer counts it.
    to_dealer = {**view, "options": {"four_player_turnup_to": "dealer"}}
    assert turnup_hand(to_dealer, table_for(to_dealer), mask(hand)) == mask(hand)
    assert turnup_hand({**to_dealer, "dealer": 0}, table_for(to_dealer), mask(hand)) == mask([*hand, "JH"])
