"""Auction inference: what the other seats called changes the sampled hands as it should."""

from __future__ import annotations

import random
from typing import Any

import core
from core.ai.bidding import contract_points
from core.ai.heuristic import BELOTE_THRESHOLDS
from core.ai.inference import MISMATCH, auction_weight
from core.ai.knowledge import mask, table_for
from core.ai.search import SearchBot


def _belote_after(calls: list[str], seed: int = 4) -> tuple[core.State, dict[str, Any]]:
    state = core.new_match("belote", players=4, seed=seed)
    state.apply(state.sample_chance(random.Random(seed)))
    for c in calls:
        state.apply(core.Action("bid", call=c))
    seat = state.current_player
    assert seat is not None
    return state, state.view(seat)


def _strongest(hand: list[str]) -> float:
    m = mask(hand)
    return max(contract_points(m, t, mode) - BELOTE_THRESHOLDS[mode]
               for t, mode in [(0, "trump"), (1, "trump"), (2, "trump"), (3, "trump"), (None, "nt"), (None, "at")])


def _share(view: dict[str, Any], seat: int, test: Any, tries: int, n: int = 300) -> float:
    bot = SearchBot(seed=3, infer_tries=tries)
    hits = 0
    for _ in range(n):
        _, fill = bot.sample(view)
        hits += 1 if test(fill[f"hand{seat}"]) else 0
    return hits / n


def test_a_pass_makes_strong_sampled_hands_rarer() -> None:
    _state, view = _belote_after(["pass"])  # the first seat passed
    first = (int(view["dealer"]) + 1) % 4
    strong = lambda hand: _strongest(hand) >= 0  # noqa: E731
    uniform = _share(view, first, strong, tries=0)
    inferred = _share(view, first, strong, tries=8)
    assert uniform > 0.05
    assert inferred < uniform * 0.6


def test_a_suit_bid_makes_its_top_trumps_likelier() -> None:
    _state, view = _belote_after(["H"])  # the first seat named hearts
    first = (int(view["dealer"]) + 1) % 4
    assert first != view["seat"]
    top = lambda hand: "JH" in hand or "9H" in hand  # noqa: E731
    uniform = _share(view, first, top, tries=0)
    inferred = _share(view, first, top, tries=8)
    assert inferred > uniform + 0.1


def test_weight_is_one_for_a_consistent_fill_and_lower_otherwise() -> None:
    state, view = _belote_after(["pass"])
    first = (int(view["dealer"]) + 1) % 4
    tb = table_for(view)
    truth = state.hidden_zones(view["seat"])
    weak = {z: list(cs) for z, cs in truth.items()}
    assert auction_weight(view, weak, tb) in (1.0, MISMATCH)
    # Give the passer the four jacks and nines it surely would have bid with.
    pool = [c for cs in truth.values() for c in cs]
    strong_cards = [c for c in ("JS", "JH", "9S", "9H", "JD") if c in pool][:5]
    if len(strong_cards) == 5:
        rest = [c for c in pool if c not in strong_cards]
        fill: dict[str, list[str]] = {}
        for z, cs in truth.items():
            if z == f"hand{first}":
                fill[z] = strong_cards
            else:
                fill[z], rest = rest[: len(cs)], rest[len(cs):]
        assert auction_weight(view, fill, tb) == MISMATCH


def test_a_void_still_excludes_the_suit_with_inference_on() -> None:
    # The hard constraints (voids) hold whatever the weighting does.
    rng = random.Random(5)
    state = core.new_match("belote", players=4, seed=5)
    from core.ai import act, make_bot
    bots = [make_bot("normal", seed=s) for s in range(4)]
    for _ in range(400):
        cp = state.current_player
        if cp is None:
            break
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(cp)
        tricks = view.get("tricks") or []
        if view["phase"] == "play" and tricks:
            bot = SearchBot(seed=1)
            bot.memory.update(view)
            for tr in tricks:
                lead = tr["cards"][0][-1]
                seat = tr["leader"]
                for card in tr["cards"][1:]:
                    seat = (seat + 1) % 4
                    if card[-1] != lead and seat != cp and view["trump"] != lead:
                        for _ in range(20):
                            _, fill = bot.sample(view)
                            assert not any(c[-1] == lead for c in fill.get(f"hand{seat}", []))
                        return
        state.apply(act(bots[cp], state))
    raise AssertionError("no void was shown in the seeded deal")


def _klaberjass_maker_to_lead(seed: int) -> dict[str, Any] | None:
    """The maker's first view of play when the other seat passed the turned suit, or None."""
    from core.ai import act, make_bot
    state = core.new_match("klaberjass", players=2, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(2)]
    for _ in range(60):
        cp = state.current_player
        if cp is None:
            return None
        if cp == core.CHANCE:
            state.apply(state.sample_chance(random.Random(seed)))
            continue
        view = state.view(cp)
        if view["phase"] == "play" and view["contract"]["maker"] == cp:
            other = 1 - cp
            passed_turned = any(b["seat"] == other and b["call"] == "pass" for b in view["bids"][:2])
            return view if passed_turned else None
        state.apply(act(bots[cp], state))
    return None


def test_during_play_a_pass_of_the_turned_suit_makes_its_jack_rarer() -> None:
    # Three of the nine cards came after the auction; the cards bid with are drawn from the whole holding.
    views = [v for v in (_klaberjass_maker_to_lead(s) for s in range(30)) if v is not None]
    assert len(views) >= 5
    uniform = inferred = 0.0
    for view in views:
        other = 1 - int(view["seat"])
        jack = lambda hand, s=view["turned_suit"]: f"J{s}" in hand  # noqa: E731
        uniform += _share(view, other, jack, tries=0, n=200)
        inferred += _share(view, other, jack, tries=8, n=200)
    assert uniform > 1.0
    assert inferred < uniform * 0.9
