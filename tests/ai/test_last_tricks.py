"""``normal``'s count of the last three tricks of Klaberjass and two-handed Deberts (``core.ai.last_tricks``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import core
from core.ai.endgame import solve
from core.ai.heuristic import HeuristicBot, choose_card, legal_of, play_info
from core.ai.knowledge import mask, table_for
from core.ai.last_tricks import DEALS, RolloutCount, last_tricks
from core.ai.memory import Memory, no_trick_done
from core.ai.search import Rollout, Track, deal_value, win_bonus_of
from core.cards import CARD_IDS
from tests.util import normal_decisions


def _positions(seeds: range, game: str = "klaberjass") -> Any:
    """Two-handed decisions of seeded ``normal`` matches with three cards or fewer and a choice of card."""
    for seed in seeds:
        for state, view in normal_decisions(game, 2, seed):
            legal = legal_of(view)
            me = int(view["seat"])
            if len(legal) > 1 and all(a.type == "play" for a in legal) and len(view["hands"][me]) <= 3:
                yield state, view, legal


@pytest.mark.parametrize("game", ["klaberjass", "deberts"])
def test_each_counted_deal_scores_as_the_engine_scores_it(game: str) -> None:
    """With the opponent's real hand, the count's value of every card (the deal's score difference under
    best play: sequences, bellas, tricks taken and the game's contract rules) is what an exhaustive search
    through the engine finds."""
    checked = 0
    for state, view, legal in _positions(range(1, 3), game):
        me = int(view["seat"])
        opp = 1 - me
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        deal = DEALS[game](info, view, me)
        hands = [0, 0]
        hands[me], hands[opp] = mask(view["hands"][me]), state.hands[opp]
        trick = [c for _, c in info.trick]
        n0 = len(state.deal_results)
        for a in legal:
            if a.call is None and any(b.card == a.card and b.call for b in legal):
                continue  # the count plays the bella whenever it may
            c = CARD_IDS[a.card or ""]
            h = list(hands)
            h[me] &= ~(1 << c)
            if trick:
                winner = me if deal.wins(trick[0], c) else opp
                gained, tricks = [0, 0], [0, 0]
                gained[winner] = info.tb.points[trick[0]] + info.tb.points[c] + (10 if not h[winner] else 0)
                tricks[winner] = 1
                counted = deal.play_out(h, winner, -1, gained, list(hands), tricks)
            else:
                counted = deal.play_out(h, me, c, [0, 0], list(hands))
            st = state.clone()
            st.apply(a)

            def score(fin: core.State, me: int = me, n0: int = n0) -> float:
                awarded = fin.deal_results[n0]["awarded"]
                return float(awarded[me] - awarded[1 - me])

            assert counted == solve(st, me, score, max_nodes=10**6), (view["hands"][me], a)
            checked += 1
    assert checked >= 60


@pytest.mark.parametrize("game", ["klaberjass", "deberts"])
def test_the_count_is_legal_deterministic_and_used_by_normal(game: str) -> None:
    seen = 0
    for _state, view, legal in _positions(range(3, 5), game):
        me = int(view["seat"])
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        hand = mask(view["hands"][me])
        got = last_tricks(info, view, hand, cards, info.forbidden.get(1 - me, 0))
        assert got and set(got) <= set(cards)
        assert got == last_tricks(info, view, hand, cards, info.forbidden.get(1 - me, 0))
        played = HeuristicBot(seed=9).choose(view)
        assert CARD_IDS[played.card or ""] in got
        assert choose_card(info, got) in got
        seen += 1
    assert seen >= 20


@pytest.mark.parametrize("game", ["klaberjass", "deberts"])
def test_a_known_hand_is_counted_exactly(game: str) -> None:
    """When the cards the opponent may hold are exactly its hand, the count keeps the cards that score best
    on that one deal."""
    for state, view, legal in _positions(range(5, 7), game):
        me = int(view["seat"])
        opp = 1 - me
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        theirs = state.hands[opp]
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        forbidden = info.outstanding & ~theirs  # everything else is known to be elsewhere
        got = last_tricks(info, view, mask(view["hands"][me]), cards, forbidden)
        deal = DEALS[game](info, view, me)
        hands = [0, 0]
        hands[me], hands[opp] = mask(view["hands"][me]), theirs
        values = {}
        for c in cards:
            h = list(hands)
            h[me] &= ~(1 << c)
            if info.trick:
                lead = info.trick[0][1]
                winner = me if deal.wins(lead, c) else opp
                gained, tricks = [0, 0], [0, 0]
                gained[winner] = info.tb.points[lead] + info.tb.points[c] + (10 if not h[winner] else 0)
                tricks[winner] = 1
                values[c] = deal.play_out(h, winner, -1, gained, list(hands), tricks)
            else:
                values[c] = deal.play_out(h, me, c, [0, 0], list(hands))
        top = max(values.values())
        assert got == sorted(c for c in cards if values[c] == top)
        return
    raise AssertionError("no position found")


def test_no_count_with_more_cards_or_in_other_games() -> None:
    for _state, view in normal_decisions("deberts", 3, seed=8, steps=400):
        legal = legal_of(view)
        me = int(view["seat"])
        if len(legal) < 2 or any(a.type != "play" for a in legal) or len(view["hands"][me]) > 3:
            continue
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        assert last_tricks(info, view, mask(view["hands"][me]), cards) is None  # three players: not counted
        break
    else:
        raise AssertionError("no three-handed position found")
    for _state, view in normal_decisions("klaberjass", 2, seed=8, steps=60):
        legal = legal_of(view)
        me = int(view["seat"])
        if len(legal) < 2 or any(a.type != "play" for a in legal) or len(view["hands"][me]) <= 3:
            continue
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        assert last_tricks(info, view, mask(view["hands"][me]), cards) is None
        return
    raise AssertionError("no position found")


def _known_hand_count(state: core.State, seat: int) -> list[int]:
    """A fresh count from ``seat``'s view with the opponent's real hand as the only hand it may hold."""
    view = state.view(seat)
    memory = Memory()
    info = play_info(view, memory.update(view), memory)
    cards = sorted({CARD_IDS[a.card] for a in legal_of(view) if a.card})
    forbidden = info.outstanding & ~state.hands[1 - seat]
    got = last_tricks(info, view, mask(view["hands"][seat]), cards, forbidden)
    assert got is not None
    return got


@pytest.mark.parametrize("game", ["klaberjass", "deberts"])
def test_a_rollouts_count_follows_the_deal_as_a_fresh_count_would(game: str) -> None:
    """``hard``'s rollouts build the count once and follow the cards played: at every later decision its best
    cards are those a fresh count from that seat's view would find, with the opponent's hand known."""
    decisions = 0
    for state, view, _legal in _positions(range(7, 10), game):
        me = int(view["seat"])
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        count = RolloutCount(RolloutCount.deal_for(info, view), [state.hands[0], state.hands[1]], info.trick)
        st = state.clone()
        while st.current_player in (0, 1) and len(st.deal_results) == len(state.deal_results):
            seat = st.current_player
            legal = st.legal_actions()
            if not all(a.type == "play" for a in legal):
                break
            cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
            if len(cards) > 1:
                assert count.best(seat, cards) == _known_hand_count(st, seat), (seat, cards)
                decisions += 1
            c = count.best(seat, cards)[0]
            action = next(a for a in sorted(legal, key=lambda a: a.call is None) if CARD_IDS[a.card or ""] == c)
            st.apply(action)
            count.played(seat, c)
        assert me in (0, 1)
    assert decisions >= 40


@pytest.mark.parametrize("game", ["deberts"])
def test_rollouts_play_the_last_tricks_as_the_exact_count(game: str) -> None:
    """From a position with three cards or fewer a hand, a rollout ends the deal with the value best play by
    both seats gives (an exhaustive search through the engine), give or take the card points' small
    tie-break."""
    checked = 0
    for state, view, _legal in _positions(range(10, 13), game):
        me = int(view["seat"])
        n0 = len(state.deal_results)
        bonus = win_bonus_of(view)
        rolled = Rollout(random.Random(1), bonus).run(state.clone(), me)
        solved = solve(state.clone(), me, lambda fin, n0=n0, me=me, bonus=bonus: deal_value(fin, n0, me, bonus),
                       max_nodes=10**6)
        assert abs(rolled - solved) < 1.7, (view["hands"][me], rolled, solved)
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("game", ["deberts"])
def test_a_count_shared_from_the_decision_plays_as_one_built_in_the_rollout(game: str) -> None:
    """One count per decision (built from the deciding seat's view before the rollouts) plays every rollout's
    last tricks exactly as a count the rollout builds from the views when it gets there."""
    checked = 0
    for seed in range(12, 16):
        for state, view in normal_decisions(game, 2, seed):
            legal = legal_of(view)
            me = int(view["seat"])
            if (len(legal) < 2 or not all(a.type == "play" for a in legal) or view["hands"][me] is None
                    or not 4 <= len(view["hands"][me]) <= 6 or no_trick_done(view)):
                continue
            memory = Memory()
            info = play_info(view, memory.update(view), memory)
            deal = RolloutCount.deal_for(info, view)
            hands = [0, 0]
            hands[me], hands[1 - me] = mask(view["hands"][me]), state.hands[1 - me]
            for a in legal:
                card = CARD_IDS[a.card or ""]
                values = []
                for shared in (True, False):
                    st = state.clone()
                    st.apply(a)
                    track = Track(view)
                    count = None
                    if shared:
                        count = RolloutCount(deal, hands, track.trick)
                        count.played(me, card)
                    track.played(me, card)
                    values.append(Rollout(random.Random(seed)).run(st, me, track, count))
                assert values[0] == values[1], (view["hands"][me], a)
                checked += 1
    assert checked >= 40


def test_two_handed_bella_needing_a_trick_counts_only_for_a_side_with_one() -> None:
    """Two-handed Deberts with the house rule that a bella needs a trick already taken: the king and queen of
    trumps still to come count for their holder only when it has taken a trick."""
    checked = 0
    for state, view, _legal in _positions(range(1, 6), "deberts"):
        trump = view["trump"]
        holder = next((s for s in (0, 1) if {"K" + trump, "Q" + trump} <= set(core.cards.mask_to_strs(
            state.hands[s]))), None)
        if holder is None:
            continue
        me = int(view["seat"])
        hands = [0, 0]
        hands[me], hands[1 - me] = mask(view["hands"][me]), state.hands[1 - me]
        for rule in (False, True):
            for won in (0, 2):
                v = dict(view)
                v["options"] = {**view["options"], "bella_requires_trick": rule}
                tricks = list(view["tricks_won"])
                tricks[holder] = won
                v["tricks_won"] = tricks
                memory = Memory()
                deal = DEALS["deberts"](play_info(v, memory.update(v), memory), v, me)
                counted = deal.bellas_to_come(hands)[holder]
                assert counted == (0 if rule and not won else 20), (rule, won)
        checked += 1
    assert checked >= 3


def test_only_two_handed_deberts_rollouts_count_their_last_tricks() -> None:
    """Klaberjass's rollouts keep the rule of thumb to the end (their count measured no gain for its time);
    two-handed Deberts' count their last three tricks."""
    for game, counted in (("klaberjass", False), ("deberts", True)):
        for _state, view, _legal in _positions(range(1, 2), game):
            tb = table_for(view)
            assert RolloutCount.counted(tb) is counted
            assert RolloutCount.applies(tb, 3) is counted
            break
        else:
            raise AssertionError(f"no {game} position found")
