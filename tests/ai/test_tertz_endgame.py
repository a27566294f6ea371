"""The exact count of Tertz's last tricks once the stock is gone (``core.ai.tertz_endgame``)."""

from __future__ import annotations

import core
from core.ai.endgame import solve
from core.ai.heuristic import HeuristicBot, PlayInfo, choose_card, legal_of, play_info
from core.ai.knowledge import Table, cid, mask, table_for
from core.ai.memory import Memory
from core.ai.search import SearchBot
from core.ai.tertz_endgame import phase_b_best, phase_b_cards, phase_b_values
from core.cards import CARD_IDS
from tests.util import bot_match_record, normal_decisions


def _table(trump: str = "H") -> Table:
    return table_for({"game": "tertz", "players": 2, "options": {}, "sides": [[0], [1]], "trump": trump,
                      "seat": 0})


def _hands(view: dict[str, object], me: int) -> tuple[int, int]:
    """Our hand and the opponent's (unseen plus its publicly known cards) from a phase B view."""
    known = view.get("known") or [[], []]
    assert isinstance(known, list)
    hands = view["hands"]
    assert isinstance(hands, list)
    theirs = mask(view["unseen"]) | mask(known[1 - me] or [])  # type: ignore[arg-type]
    return mask(hands[me]), theirs


def test_the_ace_waits_for_the_last_trick() -> None:
    tb = _table("H")
    # We lead with the ace of spades and the seven of trumps; the opponent holds the ten of spades and the
    # eight of trumps.  The ace first takes 21, then the eight of trumps wins the last trick (+10 for them).
    # The seven first loses to the eight (forced to beat), the ten of spades must be led into our ace, and we
    # take 21 and the last trick: 31.
    mine, theirs = mask(["AS", "7H"]), mask(["TS", "8H"])
    values = phase_b_values(tb, mine, theirs, [], [cid("AS"), cid("7H")])
    assert values == {cid("AS"): 21, cid("7H"): 31}
    assert phase_b_best(tb, mine, theirs, [], [cid("AS"), cid("7H")]) == ([cid("7H")], 31)


def test_a_follower_must_beat_and_the_trump_jack_is_free() -> None:
    tb = _table("H")
    # The opponent led the king of spades and holds the seven of spades and the nine of trumps; we hold the
    # ten and the ace of spades (both beat the king: plain order 7 8 9 J Q K T A) and the jack of trumps, free
    # of every obligation.  Either spade wins and then the jack draws the nine: all 67 points are ours.
    # The jack now takes 23, and the nine of trumps ruffs our last spade with the last trick: 34.
    mine, theirs = mask(["TS", "AS", "JH"]), mask(["7S", "9H"])
    values = phase_b_values(tb, mine, theirs, [cid("KS")], [cid("TS"), cid("AS"), cid("JH")])
    assert values == {cid("TS"): 67, cid("AS"): 67, cid("JH"): 34}
    assert phase_b_best(tb, mine, theirs, [cid("KS")], [cid("TS"), cid("AS"), cid("JH")]) == (
        [cid("TS"), cid("AS")], 67)


def test_the_budget_gives_up_and_the_table_is_kept() -> None:
    tb = _table("S")
    mine = mask(["7S", "9S", "AS", "TH", "KH", "8D", "QD", "AC", "7C"])
    theirs = mask(["8S", "JS", "KS", "AH", "7H", "TD", "AD", "KC", "TC"])
    legal = sorted(cid(c) for c in ("7S", "9S", "AS", "TH", "KH", "8D", "QD", "AC", "7C"))
    assert phase_b_values(tb, mine, theirs, [], legal, max_positions=5) is None
    full = phase_b_best(tb, mine, theirs, [], legal, max_positions=10**6)
    assert full is not None
    info = PlayInfo(tb, 0, [], theirs, [], {}, None, sizes=(9, 9))
    cache: dict[str, object] = {}
    steps = 0
    got = None
    while got is None and steps < 200:  # a small budget a decision, the table kept between them
        got = phase_b_cards(info, mine, legal, cache, 50)
        steps += 1
    assert got == full[0] and steps > 1
    # Cards still in the stock (more cards out than the opponent holds): no count.
    assert phase_b_cards(PlayInfo(tb, 0, [], theirs, [], {}, None, sizes=(9, 8)), mine, legal, {}, 10**6) is None


def test_the_count_agrees_with_the_engine_in_played_deals() -> None:
    """On every phase B decision of seeded deals with at most four cards a hand, the count's value of each card
    is what an exhaustive search over the engine's own rules finds."""
    checked = 0
    for state, view in normal_decisions("tertz", 2, seed=3):
        if view.get("play_rules") != "B" or view.get("phase") != "play":
            continue
        legal = legal_of(view)
        me = int(view["seat"])
        if any(a.type != "play" for a in legal) or len(view["hands"][me]) > 4:
            continue
        tb = Memory().update(view)
        mine, theirs = _hands(view, me)
        trick = [CARD_IDS[t["card"]] for t in view["trick"]]
        values = phase_b_values(tb, mine, theirs, trick, [CARD_IDS[a.card] for a in legal if a.card])
        assert values is not None
        base = state.view(me)["card_points"][me]
        for a in legal:
            st = state.clone()
            st.apply(a)
            exact = solve(st, me, lambda fin, me=me, base=base: fin.deal_results[-1]["card_points"][me] - base,
                          max_nodes=10**6)
            assert values[CARD_IDS[a.card]] == exact, (view["hands"][me], a)
            checked += 1
    assert checked >= 30


def test_normal_and_hard_play_a_best_card_once_the_stock_is_gone() -> None:
    """Both levels play one of the cards the count finds best; before that (stock left) there is no count."""
    phase_a = phase_b = 0
    for _state, view in normal_decisions("tertz", 2, seed=5, steps=400):
        legal = legal_of(view)
        me = int(view["seat"])
        cards = sorted({CARD_IDS[a.card] for a in legal if a.card})
        if view.get("phase") != "play" or any(a.type != "play" for a in legal) or len(cards) < 2:
            continue
        memory = Memory()
        info = play_info(view, memory.update(view), memory)
        mine, _theirs = _hands(view, me)
        best = phase_b_cards(info, mine, cards, None, 10**6)
        if view.get("play_rules") != "B":
            assert best is None
            phase_a += 1
            continue
        assert best
        assert choose_card(info, best) in best
        for bot in (HeuristicBot(seed=1), SearchBot(seed=1, playouts=8)):
            bot.memory = Memory()
            for _ in range(200):  # normal's small budget a decision; the table grows each time
                act = bot.choose(view)
                if cid(act.card or "") in best:
                    break
            assert cid(act.card or "") in best
        phase_b += 1
    assert phase_a >= 5 and phase_b >= 5


def test_a_seeded_match_plays_to_the_end() -> None:
    """Bots with the count play whole matches legally (the engine refuses any illegal action), and the
    record replays."""
    state = core.replay(bot_match_record("tertz", 2, seed=11, levels=["normal", "normal"]))
    assert state.current_player is None and state.deal_results
