"""``normal``'s count of Pitch's last two tricks (``core.ai.pitch_endgame``)."""

from __future__ import annotations

from core.ai.heuristic import PlayInfo, choose_card
from core.ai.knowledge import Table, cid, mask, table_for
from core.ai.pitch_endgame import last_two_tricks
from core.cards import CARD_STRS
from tests.util import normal_decisions


def _table(bid: int = 6) -> Table:
    return table_for({"game": "pitch", "players": 4, "options": {}, "sides": [[0, 2], [1, 3]], "trump": "S",
                      "contract": {"bidder": 0, "bid": str(bid), "trump": "S"}})


def _info(sizes: tuple[int, ...], taken: tuple[int, ...] = (), bid: int = 0) -> PlayInfo:
    tb = _table()
    # Seat 2 (the bidder's partner) led the king, our partner put the queen, the bidder the big joker.
    trick = [(2, cid("KS")), (3, cid("QS")), (0, cid("X1"))]
    return PlayInfo(tb, 1, trick, mask(["3S", "TS"]), [], {}, tb.side_of(0), 0, False, sizes, taken, bid)


def test_the_ace_is_kept_for_the_forced_last_trick() -> None:
    hand = sorted(cid(c) for c in ("9S", "AS"))
    # The three and the ten are the last cards of the bidder and its partner, in either order.  Taking the
    # joker now with the ace gives them both on the last trick (+1 -4); the nine now keeps the ace to take
    # them (-1 +4).
    info = _info((1, 2, 1, 0))
    assert last_two_tricks(info, hand, info.sizes) == [cid("9S")]
    assert CARD_STRS[choose_card(info, hand)] == "9S"
    # Without the hand sizes (a rollout) the rule of thumb wins the joker safely with the ace.
    assert CARD_STRS[choose_card(_info(()), hand)] == "AS"


def test_the_count_scores_the_contract_when_the_deal_so_far_is_known() -> None:
    from core.ai.pitch_endgame import _Count

    hand = sorted(cid(c) for c in ("9S", "AS"))
    # The bidder's side (seats 0 and 2) bid 6 and has taken 5: one more point makes it.
    info = _info((1, 2, 1, 0), taken=(5, 0, 0, 0), bid=6)
    count = _Count(info.tb, 1, info)
    assert count._value(1, 0) == 1 - (-6)  # they stay at 5: set, they lose their bid; we score our point
    assert count._value(0, 1) == 0 - 6  # they reach 6: made, they score what they took
    assert count._value(4, 1) == 4 - 6
    # Keeping the ace: they make the contract with the joker (6) but we take the last trick's four points
    # (4 - 6 = -2); the ace now: they take the last trick (5 + 4 = 9 made, we have 1: 1 - 9 = -8).
    assert last_two_tricks(info, hand, info.sizes) == [cid("9S")]
    # Hands that do not add up to the cards out are left to the rule.
    assert last_two_tricks(_info((2, 2, 1, 0)), hand, (2, 2, 1, 0)) is None
    # Without the contract the value is the points of the two tricks.
    assert _Count(info.tb, 1, _info((1, 2, 1, 0)))._value(4, 1) == 3


def test_counted_choices_are_legal_in_played_deals() -> None:
    from core.ai.heuristic import play_info
    from core.ai.memory import Memory

    counted = 0
    for _state, view in normal_decisions("pitch", 4, seed=21, steps=3000):
        legal = sorted({cid(a["card"]) for a in view["legal"] if a.get("type") == "play"})
        if len(legal) != 2 or len(legal) != len(view["legal"]):
            continue
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        got = last_two_tricks(info, legal, info.sizes)
        if got is not None:
            assert got and set(got) <= set(legal)
            assert choose_card(info, legal) in got
            counted += 1
    assert counted >= 10
