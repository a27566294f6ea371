"""``normal``'s count of the last two tricks of three- and four-handed Deberts (``core.ai.deberts_last_tricks``)."""

from __future__ import annotations

from typing import Any

import pytest

import core
from core.ai.deberts_last_tricks import _Count, deberts_last_tricks
from core.ai.endgame import solve
from core.ai.heuristic import HeuristicBot, choose_card, legal_of, play_info
from core.ai.knowledge import mask
from core.ai.memory import Memory
from core.cards import CARD_IDS
from core.games.deberts import SUITS
from tests.util import normal_decisions

KQ = ("K", "Q")


def _positions(players: int, seeds: range) -> Any:
    """Decisions of seeded ``normal`` Deberts matches with two cards or fewer and a choice of card."""
    for seed in seeds:
        for state, view in normal_decisions("deberts", players, seed):
            legal = legal_of(view)
            me = int(view["seat"])
            if len(legal) > 1 and all(a.type == "play" for a in legal) and len(view["hands"][me]) <= 2:
                yield state, view, legal


def _info_and_cards(view: Any, legal: Any) -> tuple[Any, list[int]]:
    """The seat's play information (with a fresh memory of the view) and its legal cards' ids."""
    memory = Memory()
    return play_info(view, memory.update(view), memory), sorted({CARD_IDS[a.card] for a in legal if a.card})


def _bella_to_come(state: Any, view: Any) -> bool:
    trump = view["trump"]
    kq = {r + trump for r in KQ}
    return any(kq <= {c for c in core.cards.mask_to_strs(h)} for h in state.hands) if trump in SUITS else False


def _value(fin: core.State, me: int, n0: int) -> float:
    """Our side's award minus the best other side's, in the deal that just ended."""
    awarded = fin.deal_results[n0]["awarded"]
    mine = fin.view(me)["side_of"][me]
    return float(awarded[mine] - max(a for u, a in enumerate(awarded) if u != mine))


@pytest.mark.parametrize("players", [3, 4])
def test_each_counted_deal_scores_as_the_engine_scores_it(players: int) -> None:
    """With every hand known, the count's value of each card (best play by our side, worst by every other:
    the contract, sequences, tricks taken, pots) is what an exhaustive search through the engine finds."""
    checked = 0
    for state, view, legal in _positions(players, range(1, 4)):
        if _bella_to_come(state, view):
            continue  # the engine lets a side keep its bella unannounced; the count always announces it
        me = int(view["seat"])
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        count = _Count(info, view)
        hands = list(state.hands)
        count.bellas(hands)
        trick = [c for _, c in info.trick]
        seats = [s for s, _ in info.trick]
        n0 = len(state.deal_results)
        for a in legal:
            c = CARD_IDS[a.card or ""]
            h = list(hands)
            h[me] &= ~(1 << c)
            counted = count.value(h, trick + [c], seats + [me])
            st = state.clone()
            st.apply(a)
            assert counted == solve(st, me, lambda f, me=me, n0=n0: _value(f, me, n0), max_nodes=10**6), (
                view["hands"][me], a)
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("players", [3, 4])
def test_the_count_is_legal_deterministic_and_used_by_normal(players: int) -> None:
    seen = 0
    for _state, view, legal in _positions(players, range(4, 6)):
        me = int(view["seat"])
        info, cards = _info_and_cards(view, legal)
        hand = mask(view["hands"][me])
        got = deberts_last_tricks(info, view, hand, cards)
        assert got and set(got) <= set(cards)
        assert got == deberts_last_tricks(info, view, hand, cards)
        played = HeuristicBot(seed=9).choose(view)
        assert CARD_IDS[played.card or ""] in got
        assert choose_card(info, got) in got
        seen += 1
    assert seen >= 20


@pytest.mark.parametrize("players", [3, 4])
def test_known_hands_are_counted_exactly(players: int) -> None:
    """When every other hand is known (the cards each may hold are exactly its hand), the count keeps the
    cards that score best on that one layout."""
    found = 0
    for state, view, legal in _positions(players, range(6, 8)):
        me = int(view["seat"])
        info, cards = _info_and_cards(view, legal)
        required = [0 if s == me else state.hands[s] for s in range(players)]
        got = deberts_last_tricks(info, view, state.hands[me], cards, required)
        count = _Count(info, view)
        count.bellas(list(state.hands))
        values = {}
        for c in cards:
            h = list(state.hands)
            h[me] &= ~(1 << c)
            values[c] = count.value(h, [c2 for _, c2 in info.trick] + [c], [s for s, _ in info.trick] + [me])
        top = max(values.values())
        assert got == sorted(c for c in cards if values[c] == top)
        found += 1
    assert found >= 10


def _built_view(hands: list[list[str]], me: int, trump: str) -> Any:
    """A real four-handed view at the last two tricks, rewritten to ``hands`` (``me`` to lead, ``trump``)."""
    for _state, view in normal_decisions("deberts", 4, seed=3):
        legal = legal_of(view)
        if (len(view["hands"][int(view["seat"])]) == 2 and not view["trick"] and legal
                and all(a.type == "play" for a in legal)):
            break
    else:
        raise AssertionError("no lead with two cards found")
    view = dict(view)
    view["seat"] = me
    view["hands"] = [h if s == me else None for s, h in enumerate(hands)]
    view["known"] = [[] for _ in hands]
    view["unseen"] = sorted(c for s, h in enumerate(hands) if s != me for c in h)
    view["trump"] = trump
    view["contract"] = {**view["contract"], "trump": trump}
    view["bellas"] = []
    view["sequence_winner"] = None
    return view


@pytest.mark.parametrize(("hands", "best"), [
    # The partner (seat 2) ruffs clubs with the master trump: the ten of clubs led now draws the opponents'
    # ace under it; led later it falls to the nine of spades on the last trick.
    ([["TC", "7D"], ["AC", "9S"], ["JH", "8S"], ["KD", "7S"]], "TC"),
    # The opponent on the left holds the ace of clubs over the ten: the diamond goes first, to the partner's
    # ace; the left opponent, void in diamonds, must throw a club, and the partner's spade lead brings the
    # ten (and the ace, if it is kept) home on the last trick.
    ([["TC", "7D"], ["AC", "8C"], ["AD", "8S"], ["9D", "7S"]], "7D"),
])
def test_worked_four_handed_positions(hands: list[list[str]], best: str) -> None:
    """Two built positions (trump hearts, seat 0 to lead, partnerships 0-2 and 1-3), every hand known."""
    view = _built_view(hands, 0, "H")
    memory = Memory()
    info = play_info(view, memory.update(view), memory)
    cards = sorted(CARD_IDS[c] for c in hands[0])
    required = [0] + [mask(h) for h in hands[1:]]
    assert deberts_last_tricks(info, view, mask(hands[0]), cards, required) == [CARD_IDS[best]]


def test_no_count_with_more_cards_or_two_players() -> None:
    for _state, view in normal_decisions("deberts", 4, seed=8, steps=400):
        legal = legal_of(view)
        me = int(view["seat"])
        if len(legal) < 2 or any(a.type != "play" for a in legal) or len(view["hands"][me]) <= 2:
            continue
        info, cards = _info_and_cards(view, legal)
        assert deberts_last_tricks(info, view, mask(view["hands"][me]), cards) is None
        break
    else:
        raise AssertionError("no four-handed position found")
    for _state, view in normal_decisions("deberts", 2, seed=8, steps=400):
        legal = legal_of(view)
        me = int(view["seat"])
        if len(legal) < 2 or any(a.type != "play" for a in legal) or len(view["hands"][me]) > 2:
            continue
        info, cards = _info_and_cards(view, legal)
        assert deberts_last_tricks(info, view, mask(view["hands"][me]), cards) is None
        return
    raise AssertionError("no two-handed position found")


def test_a_bella_that_needs_a_trick_counts_only_once_the_side_has_one() -> None:
    """With the house rule that a bella needs a trick already taken, the king and queen of trumps held to the
    last two tricks score their 20 only when the holder's side has taken a trick (they are announced on
    the next-to-last trick), as the engine refuses the call otherwise."""
    hands = [["KH", "QH"], ["AC", "9S"], ["JH", "8S"], ["KD", "7S"]]
    cards = [CARD_IDS["KH"], CARD_IDS["QH"]]

    def values(rule: bool, tricks_won: list[int]) -> list[float]:
        view = _built_view(hands, 0, "H")
        view["options"] = {**view["options"], "bella_requires_trick": rule}
        view["tricks_won"] = tricks_won
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        count = _Count(info, view)
        held = [mask(h) for h in hands]
        count.bellas(held)
        out = []
        for c in cards:
            h = list(held)
            h[0] &= ~(1 << c)
            out.append(count.value(h, [c], [0]))
        return out

    with_trick = [1, 3, 1, 1]
    assert values(True, with_trick) == values(False, with_trick)
    without = [0, 3, 0, 3]
    assert all(a < b for a, b in zip(values(True, without), values(False, without), strict=True))
