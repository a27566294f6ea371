"""Tertz: every worked example of the rules, the edge cases, and property tests.

Positions are built through the public API: a deck injected with a ``deal``
action and real actions, or ``Tertz.from_view`` (the determinization hook)
with a hand-made view.  The pure rule functions of ``core.games.tertz`` are
tested as well, but each example is also driven through the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import core
from core.cards import card_id, deck_strs, strs_to_mask
from core.games import tertz as tz

Tertz = core.GAMES["tertz"]
ALL = deck_strs()
RANKS = "789TJQKA"


# ----------------------------------------------------------------- builders

def deal_deck(nondealer: Sequence[str], dealer: Sequence[str], turnup: str,
              stock: Sequence[str] | None = None) -> list[str]:
    """The deck that deals these hands (packets of 3, non-dealer first), turns ``turnup``,
    and leaves ``stock`` (face-down, top first; default: the other cards in deck order)."""
    used = set(nondealer) | set(dealer) | {turnup}
    assert len(used) == 19
    if stock is None:
        stock = [c for c in ALL if c not in used]
    out: list[str] = []
    for i in range(3):
        out += list(nondealer[3 * i: 3 * i + 3]) + list(dealer[3 * i: 3 * i + 3])
    out += [turnup, *stock]
    assert sorted(out) == sorted(ALL)
    return out


def dealt_match(nondealer: Sequence[str], dealer: Sequence[str], turnup: str, dealer_seat: int = 1,
                stock: Sequence[str] | None = None, options: dict[str, Any] | None = None) -> core.State:
    """A match whose first deal gives these hands."""
    s = core.new_match("tertz", players=2, options=options, first_dealer=dealer_seat)
    s.apply(core.Action("deal", deck=tuple(deal_deck(nondealer, dealer, turnup, stock))))
    return s


def position(*, trump: str, hands: dict[int, Sequence[str]], stock: int = 0, turnup: str | None = None,
             stock_cards: Sequence[str] | None = None, trick: Sequence[tuple[int, str]] = (),
             leader: int = 0, dealer: int = 0, played: list[dict[str, Any]] | None = None,
             declarations: Sequence[dict[str, Any]] = (), options: dict[str, Any] | None = None,
             scores: Sequence[int] = (0, 0), known: dict[int, Sequence[str]] | None = None,
             turn_done: Sequence[str] = (), exchanged: int | None = None) -> core.State:
    """A mid-deal position rebuilt with ``from_view`` from a spectator's view.

    Cards in no hand, stock or trick are spread over completed tricks (unless
    ``played`` lists them) so that every card is somewhere.
    """
    used = set(hands[0]) | set(hands[1]) | {c for _, c in trick}
    rest = [c for c in ALL if c not in used]
    fd: list[str] = []
    if stock:
        if turnup is None:
            turnup = next(c for c in rest if c[1] == trump)
        rest.remove(turnup)
        if stock_cards is None:
            stock_cards = rest[: stock - 1]
        fd = list(stock_cards)
        rest = [c for c in rest if c not in fd]
        assert len(fd) == stock - 1
    if played is None:
        assert len(rest) % 2 == 0
        played = [{"leader": i % 2, "cards": [rest[2 * i], rest[2 * i + 1]], "winner": i % 2}
                  for i in range(len(rest) // 2)]
    known = known or {0: [], 1: []}
    to_move = leader if not trick else 1 - leader
    view: dict[str, Any] = {
        "seat": None, "options": Tertz.resolve_options(2, options or {}), "first_dealer": dealer,
        "scores": list(scores), "deals": [], "winner": None, "phase": "play", "dealer": dealer,
        "deal_number": 1, "hands": [None, None], "known": [list(known[0]), list(known[1])], "trump": trump,
        "turnup": turnup if stock else None, "stock": stock, "played_tricks": played,
        "trick": [{"seat": s, "card": c} for s, c in trick], "leader": leader, "current_player": to_move,
        "breaker": None, "exchanged": exchanged, "turn_done": list(turn_done),
        "declarations": list(declarations),
        "hidden": {"hand0": len(hands[0]) - len(known[0]), "hand1": len(hands[1]) - len(known[1]),
                   "stock": len(fd)},
    }
    fill = {"hand0": [c for c in hands[0] if c not in known[0]],
            "hand1": [c for c in hands[1] if c not in known[1]], "stock": fd}
    return Tertz.from_view(view, fill)


def follower_position(trump: str, stock: int, lead: str, hand: Sequence[str],
                      options: dict[str, Any] | None = None) -> core.State:
    """Seat 1 led ``lead``; seat 0 holds ``hand`` and must follow."""
    others = [c for c in ALL if c not in hand and c != lead]
    turnup = next((c for c in others if c[1] == trump), None) if stock else None
    pool = [c for c in others if c != turnup]
    leader_hand = pool[: len(hand) - 1]
    return position(trump=trump, hands={0: hand, 1: leader_hand}, stock=stock, turnup=turnup,
                    trick=[(1, lead)], leader=1, options=options)


def plays(state: core.State) -> list[str]:
    return [a.card for a in state.legal_actions() if a.type == "play" and a.card is not None]


def declares(state: core.State) -> list[core.Action]:
    return [a for a in state.legal_actions() if a.type == "declare"]


def act(state: core.State, obj: dict[str, Any]) -> None:
    state.apply(core.action_from_json(obj))


def play(state: core.State, card: str) -> None:
    state.apply(core.Action("play", card=card))


def events_since(state: core.State, start: int, seat: int | None = None) -> list[dict[str, Any]]:
    return state.events_for(seat, start)


# ------------------------------------------------- worked examples: legal moves

LEGAL_EXAMPLES: list[dict[str, Any]] = [
    {"id": "T1", "given": {"trump": "S", "stock": 8, "lead": "KH",
                           "hand": ["7H", "AH", "9S", "QC", "JD", "8D", "TD", "7C", "AC"]},
     "expect": {"legal": ["7H", "AH"], "phase": "A"}},
    {"id": "T2", "given": {"trump": "S", "stock": 6, "lead": "AD",
                           "hand": ["7S", "QS", "KH", "9C", "8H", "TC", "7C", "AH", "QC"]},
     "expect": {"legal": ["7S", "QS"], "phase": "A"}},
    {"id": "T3", "given": {"trump": "S", "stock": 6, "lead": "AD",
                           "hand": ["JS", "KH", "9C", "8H", "TC", "7C", "AH", "QC", "KC"]},
     "expect": {"legal": ["JS", "KH", "9C", "8H", "TC", "7C", "AH", "QC", "KC"], "phase": "A"}},
    {"id": "T4", "given": {"trump": "C", "stock": 10, "lead": "7H",
                           "hand": ["8H", "QH", "JC", "AD", "9S", "TS", "KD", "7D", "8S"]},
     "expect": {"legal": ["8H", "QH", "JC"], "phase": "A"}},
    {"id": "T5", "given": {"trump": "D", "stock": 0, "lead": "QH", "hand": ["9H", "KH", "AH", "7D", "JS"]},
     "expect": {"legal": ["KH", "AH"], "phase": "B"}},
    {"id": "T6", "given": {"trump": "S", "stock": 0, "lead": "AS", "hand": ["JS", "8S", "KH", "7C"]},
     "expect": {"legal": ["JS", "8S"], "phase": "B"}},
    {"id": "T7", "given": {"trump": "H", "stock": 0, "lead": "TC", "hand": ["7H", "AD", "KD"]},
     "expect": {"legal": ["7H"], "phase": "B"}},
    {"id": "T8", "given": {"trump": "S", "stock": 2, "lead": "KH",
                           "hand": ["7H", "AH", "9S", "QC", "JD", "8D", "TD", "7C", "AC"]},
     "expect": {"legal": ["7H", "AH"], "phase": "A"}},
]


@pytest.mark.parametrize("ex", LEGAL_EXAMPLES, ids=[e["id"] for e in LEGAL_EXAMPLES])
def test_worked_legal_moves(ex: dict[str, Any]) -> None:
    g, e = ex["given"], ex["expect"]
    s = follower_position(g["trump"], g["stock"], g["lead"], g["hand"])
    assert s.current_player == 0
    view = s.view(0)
    assert view["play_rules"] == e["phase"]
    assert view["stock"] == g["stock"]
    assert sorted(plays(s), key=card_id) == sorted(e["legal"], key=card_id)
    # the pure rule function the engine uses agrees
    mask = tz.legal_play_mask(strs_to_mask(g["hand"]), card_id(g["lead"]), "SHDC".index(g["trump"]),
                              g["stock"] == 0, False, True)
    assert mask == strs_to_mask(e["legal"])
    # every other card of the hand is refused with a reason, state unchanged
    before = s.to_record(), s.view(None)
    for c in g["hand"]:
        if c not in e["legal"]:
            with pytest.raises(core.IllegalAction, match="must"):
                play(s, c)
    assert (s.to_record(), s.view(None)) == before


# ------------------------------------------------- worked examples: trick winner

TRICK_EXAMPLES: list[dict[str, Any]] = [
    {"id": "T9", "given": {"trump": "H", "stock": 4, "trick": [{"seat": 1, "card": "AS"}, {"seat": 0, "card": "7H"}]},
     "expect": {"winner_seat": 0, "next_to_draw": [0, 1]}},
    {"id": "T10", "given": {"trump": "H", "stock": 10,
                            "trick": [{"seat": 0, "card": "TD"}, {"seat": 1, "card": "AC"}]},
     "expect": {"winner_seat": 0, "next_to_draw": [0, 1]}},
]


@pytest.mark.parametrize("ex", TRICK_EXAMPLES, ids=[e["id"] for e in TRICK_EXAMPLES])
def test_worked_trick_winner(ex: dict[str, Any]) -> None:
    g, e = ex["given"], ex["expect"]
    lead, follow = g["trick"]
    leader, follower = lead["seat"], follow["seat"]
    trump = g["trump"]
    # the follower holds the played card and nothing of the led suit or trumps (so the play is legal)
    free = [c for c in ALL if c not in (lead["card"], follow["card"])]
    fhand = [follow["card"]] + [c for c in free if c[1] not in (lead["card"][1], trump)][:8]
    free = [c for c in free if c not in fhand]
    turnup = next(c for c in free if c[1] == trump)
    lhand = [c for c in free if c != turnup][:8]
    s = position(trump=trump, hands={follower: fhand, leader: lhand}, stock=g["stock"], turnup=turnup,
                 trick=[(leader, lead["card"])], leader=leader)
    start = s.event_count
    play(s, follow["card"])
    evs = events_since(s, start)
    trick_ev = next(x for x in evs if x["type"] == "trick")
    assert trick_ev["winner"] == e["winner_seat"]
    assert [x["seat"] for x in evs if x["type"] == "drew"] == e["next_to_draw"]
    assert tz.follower_wins(card_id(lead["card"]), card_id(follow["card"]), "SHDC".index(trump)) == (
        e["winner_seat"] == follower)
    v = s.view(None)
    assert v["leader"] == e["winner_seat"] and s.current_player == e["winner_seat"]
    assert v["stock"] == g["stock"] - 2 and v["hand_sizes"] == [9, 9]


# ------------------------------------------------- worked example T11: exchange

def test_worked_T11_seven_exchange_with_two_left() -> None:
    hand = ["7D", "KS", "QS", "9H", "TH", "8C", "JC", "QD", "9S"]
    other = [c for c in ALL if c not in hand and c != "AD"][:9]
    s = position(trump="D", hands={1: hand, 0: other}, stock=2, turnup="AD", leader=1)
    assert s.current_player == 1
    ex = core.Action("exchange")
    assert ex in s.legal_actions()
    s.apply(ex)
    v = s.view(1)
    assert sorted(v["hands"][1], key=card_id) == sorted(
        ["AD", "KS", "QS", "9H", "TH", "8C", "JC", "QD", "9S"], key=card_id)
    assert v["turnup"] == "7D" and v["stock"] == 2 and v["exchanged"] == 1
    assert "AD" in s.view(0)["known"][1]  # the opponent saw the ace taken
    assert ex not in s.legal_actions()


# ------------------------------------------- worked examples: declaration compare

DECLARE_EXAMPLES: list[dict[str, Any]] = [
    {"id": "T12", "given": {"trump": "S", "declarer": 0, "declared": ["9H", "TH", "JH", "QH", "KH"],
                            "declarer_hand": ["9H", "TH", "JH", "QH", "KH", "7C", "8C", "TD", "QS"],
                            "opponent": 1,
                            "opponent_hand_at_trick_start": ["AS", "AH", "AD", "AC", "7S", "8D", "9D", "QC", "JS"],
                            "opponent_scored_cards": []},
     "expect": {"valid": True, "result": "beaten", "scorer": 1, "scored_combination": ["AS", "AH", "AD", "AC"],
                "points": {"0": 0, "1": 100}}},
    {"id": "T13", "given": {"trump": "H", "declarer": 1, "declared": ["TD", "JD", "QD"],
                            "declarer_hand": ["TD", "JD", "QD", "8H", "AS", "KS", "8C", "TC", "8D"],
                            "opponent": 0,
                            "opponent_hand_at_trick_start": ["TH", "JH", "QH", "7S", "8S", "AD", "KC", "9C", "7D"],
                            "opponent_scored_cards": []},
     "expect": {"valid": True, "result": "beaten", "scorer": 0, "scored_combination": ["TH", "JH", "QH"],
                "points": {"0": 20, "1": 0}}},
    {"id": "T14", "given": {"trump": "C", "declarer": 0, "declared": ["8S", "9S", "TS"],
                            "declarer_hand": ["8S", "9S", "TS", "7H", "QH", "KH", "8D", "9D", "JC"],
                            "opponent": 1,
                            "opponent_hand_at_trick_start": ["8H", "9H", "TH", "AS", "KD", "7C", "QC", "AC", "JD"],
                            "opponent_scored_cards": []},
     "expect": {"valid": True, "result": "stands", "scorer": 0, "points": {"0": 20, "1": 0}}},
]


def _turnup_for(trump: str, *hands: Sequence[str]) -> str:
    return next(c for c in ALL if c[1] == trump and all(c not in h for h in hands) and c[0] != "7")


@pytest.mark.parametrize("ex", DECLARE_EXAMPLES, ids=[e["id"] for e in DECLARE_EXAMPLES])
def test_worked_declaration_compare(ex: dict[str, Any]) -> None:
    g, e = ex["given"], ex["expect"]
    p, o = g["declarer"], g["opponent"]
    turnup = _turnup_for(g["trump"], g["declarer_hand"], g["opponent_hand_at_trick_start"])
    # the declarer leads trick 1: he is the non-dealer
    s = dealt_match(g["declarer_hand"], g["opponent_hand_at_trick_start"], turnup, dealer_seat=o)
    assert s.current_player == p
    action = core.Action("declare", cards=tuple(sorted(g["declared"], key=card_id)),
                         call=tz.SEQUENCE_CALLS[len(g["declared"])])
    assert action in s.legal_actions()  # valid
    start = s.event_count
    s.apply(action)
    ev = next(x for x in events_since(s, start) if x["type"] == "declared")
    v = s.view(None)
    assert ev["result"] == e["result"]
    assert v["declared_points"] == [e["points"]["0"], e["points"]["1"]]
    if e["result"] == "beaten":
        assert ev["reply"]["seat"] == e["scorer"]
        assert ev["reply"]["cards"] == e["scored_combination"]
        assert v["dead"][p] == [sorted(g["declared"], key=card_id)]
        # the shown cards are public now
        assert set(e["scored_combination"]) <= set(v["known"][o])
    else:
        assert ev["reply"] is None and ev["seat"] == e["scorer"]
    # only one declaration per turn: no more declare actions, the card is next
    assert not [a for a in s.legal_actions() if a.type == "declare" and a.call != "mariage"]


def test_T14_opponent_may_declare_its_equal_tertz_later() -> None:
    """T14's 'why': seat 1's 8-9-10 of hearts may be declared on its own turn, judged against seat 0."""
    d_hand = ["8S", "9S", "TS", "7H", "QH", "KH", "8D", "9D", "JC"]
    o_hand = ["8H", "9H", "TH", "AS", "KD", "7C", "QC", "AC", "JD"]
    s = dealt_match(d_hand, o_hand, _turnup_for("C", d_hand, o_hand), dealer_seat=1)
    act(s, {"type": "declare", "cards": ["8S", "9S", "TS"], "call": "tertz"})
    play(s, "8D")
    assert s.current_player == 1
    tertz_h = core.Action("declare", cards=("8H", "9H", "TH"), call="tertz")
    assert tertz_h in s.legal_actions()
    s.apply(tertz_h)
    # seat 0 has no higher combination left (its spade tertz is already scored, so not eligible): it stands
    assert s.view(None)["declared_points"] == [20, 20]


# ---------------------------------------------------- worked examples: deal score

DEAL_EXAMPLES: list[dict[str, Any]] = [
    {"id": "T15", "given": {"dealer": 1, "tricks_won": {"0": 9, "1": 7},
                            "card_points_incl_last_trick": {"0": 85, "1": 65}, "last_trick": 0,
                            "declarations_scored": {"0": 20, "1": 50}},
     "expect": {"counter": 1, "counted": 65, "rounded": 60, "card_scores": {"0": 90, "1": 60},
                "deal_scores": {"0": 110, "1": 110}, "next_dealer": 0}},
    {"id": "T16", "given": {"dealer": 0, "tricks_won": {"0": 7, "1": 9},
                            "card_points_incl_last_trick": {"0": 136, "1": 14}, "last_trick": 0,
                            "declarations_scored": {"0": 0, "1": 0}},
     "expect": {"counter": 0, "counted": 136, "rounded": 140, "card_scores": {"0": 140, "1": 10},
                "deal_scores": {"0": 140, "1": 10}, "next_dealer": 0}},
    {"id": "T17", "given": {"dealer": 1, "tricks_won": {"0": 8, "1": 8},
                            "card_points_incl_last_trick": {"0": 95, "1": 55}, "last_trick": 0,
                            "declarations_scored": {"0": 0, "1": 0}},
     "expect": {"counter": 1, "counted": 55, "rounded": 50, "card_scores": {"0": 100, "1": 50},
                "deal_scores": {"0": 100, "1": 50}, "next_dealer": 0}},
]

TRUMP_FOR_SCORING = "H"
_PTS = tz.POINTS["tertz"]["SHDC".index(TRUMP_FOR_SCORING)]


def _subset(cards: list[str], size: int, total: int) -> list[str] | None:
    """``size`` cards of ``cards`` whose points sum to ``total`` (a small exact search)."""
    reach: dict[tuple[int, int], list[str]] = {(0, 0): []}
    for c in cards:
        pts = _PTS[card_id(c)]
        for (n, t), chosen in list(reach.items()):
            key = (n + 1, t + pts)
            if key not in reach and n + 1 <= size and t + pts <= total:
                reach[key] = [*chosen, c]
    return reach.get((size, total))


def end_position(*, points: Sequence[int], tricks_won: Sequence[int], last: int, dealer: int,
                 declarations: Sequence[dict[str, Any]] = (), scores: Sequence[int] = (0, 0),
                 options: dict[str, Any] | None = None) -> core.State:
    """Trick 16 about to be led by ``last`` (who wins it); captured tricks arranged so the
    final card points (last trick and its 10 included) are ``points``."""
    o = 1 - last
    for lead, follow in (("8S", "7S"), ("AS", "7S"), ("AS", "TS"), ("AD", "TD"), ("AC", "TC"), ("TS", "KS")):
        rest = [c for c in ALL if c not in (lead, follow)]
        need = points[last] - tz.LAST_TRICK_BONUS - _PTS[card_id(lead)] - _PTS[card_id(follow)]
        if need < 0:
            continue
        mine = _subset(rest, 2 * (tricks_won[last] - 1), need)
        if mine is None:
            continue
        theirs = [c for c in rest if c not in mine]
        played = [{"leader": last, "cards": mine[i: i + 2], "winner": last} for i in range(0, len(mine), 2)]
        played += [{"leader": o, "cards": theirs[i: i + 2], "winner": o} for i in range(0, len(theirs), 2)]
        return position(trump=TRUMP_FOR_SCORING, hands={last: [lead], o: [follow]}, leader=last, dealer=dealer,
                        played=played, declarations=declarations, scores=scores, options=options)
    raise AssertionError("no arrangement found")


def _decl_records(scored: dict[str, int]) -> list[dict[str, Any]]:
    """Declaration records worth these points (mariage 20, fifty 50, ...)."""
    recs: list[dict[str, Any]] = []
    for seat_s, pts in scored.items():
        seat = int(seat_s)
        if pts == 20:
            recs.append({"seat": seat, "call": "mariage", "cards": ["QH", "KH"], "result": "mariage",
                         "points": 20, "trick": 1, "reply": None})
        elif pts == 50:
            recs.append({"seat": seat, "call": "fifty", "cards": ["7C", "8C", "9C", "TC"], "result": "stands",
                         "points": 50, "trick": 1, "reply": None})
        else:
            assert pts == 0
    return recs


@pytest.mark.parametrize("ex", DEAL_EXAMPLES, ids=[e["id"] for e in DEAL_EXAMPLES])
def test_worked_deal_score(ex: dict[str, Any]) -> None:
    g, e = ex["given"], ex["expect"]
    two = lambda d: [d["0"], d["1"]]  # noqa: E731
    # the pure scoring function
    res = tz.score_deal(two(g["card_points_incl_last_trick"]), two(g["tricks_won"]), g["last_trick"],
                        g["dealer"], two(g["declarations_scored"]), 150, "ten_half_down", "not_last_trick_winner")
    assert (res["counter"], res["counted"], res["rounded"]) == (e["counter"], e["counted"], e["rounded"])
    assert res["card_scores"] == two(e["card_scores"]) and res["deal_scores"] == two(e["deal_scores"])
    # the engine, playing the last trick of such a deal
    s = end_position(points=two(g["card_points_incl_last_trick"]), tricks_won=two(g["tricks_won"]),
                     last=g["last_trick"], dealer=g["dealer"], declarations=_decl_records(g["declarations_scored"]))
    for a in list(s.legal_actions()):
        if a.type == "play":
            s.apply(a)
            break
    s.apply(s.legal_actions()[-1])
    r = s.deal_results[-1]
    assert r["tricks_won"] == two(g["tricks_won"])
    assert r["card_points"] == two(g["card_points_incl_last_trick"])
    assert r["last_trick"] == g["last_trick"]
    assert (r["counter"], r["counted"], r["rounded"]) == (e["counter"], e["counted"], e["rounded"])
    assert r["card_scores"] == two(e["card_scores"])
    assert r["declarations"] == two(g["declarations_scored"])
    assert r["awarded"] == two(e["deal_scores"]) and r["scores"] == two(e["deal_scores"])
    assert r["next_dealer"] == e["next_dealer"] and s.view(None)["dealer"] == e["next_dealer"]
    assert s.current_player == core.CHANCE


def test_worked_T18_match_end() -> None:
    """T18: 470/430 before, deal scores 40/110: 510/540, seat 1 wins."""
    assert tz.match_winner([510, 540], 501) == 1
    s = end_position(points=[40, 110], tricks_won=[7, 9], last=1, dealer=0, scores=[470, 430],
                     options={"target_score": 501})
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    r = s.deal_results[-1]
    assert r["awarded"] == [40, 110]
    assert s.scores == [510, 540]
    assert s.is_over and s.winner == 1 and s.current_player is None
    assert s.legal_actions() == []
    assert s.events[-1] == {"type": "match_over", "scores": [510, 540], "winner": 1}


# ------------------------------------------------------------- targeted: phases

def test_stock_exhausted_rule_change_through_a_real_deal() -> None:
    """Tricks 1-7 are phase A, trick 8 on is phase B; the same situation changes legality."""
    rng = random.Random(3)
    s = core.new_match("tertz", players=2, options={"break_deck": "off"}, first_dealer=0)
    s.apply(s.sample_chance(rng))
    seen: dict[int, str] = {}
    for _ in range(40):  # a deal is 32 plays and one break
        if s.current_player in (None, core.CHANCE):
            break
        v = s.view(None)
        seen[v["trick_number"]] = v["play_rules"]
        if v["trick_number"] <= 7:
            assert v["stock"] == 14 - 2 * (v["trick_number"] - 1)
        acts = [a for a in s.legal_actions() if a.type == "play"]
        s.apply(rng.choice(acts))
    assert [seen[n] for n in range(1, 17)] == ["A"] * 7 + ["B"] * 9
    # one hand, one lead: phase A allows any heart, phase B only the higher ones
    hand = ["7H", "8H", "AH", "7C", "8C", "9C", "9D", "8D", "7D"]
    a = follower_position("S", 2, "QH", hand)
    b = follower_position("S", 0, "QH", hand[:5])
    assert plays(a) == ["7H", "8H", "AH"]
    assert plays(b) == ["AH"]
    with pytest.raises(core.IllegalAction, match="must beat the queen of hearts"):
        play(b, "7H")
    # phase B, void: must trump even with a trump that is low
    c = follower_position("S", 0, "AH", ["7S", "AC", "KD"])
    assert plays(c) == ["7S"]
    with pytest.raises(core.IllegalAction, match="must trump"):
        play(c, "AC")


def test_early_play_free_and_trump_jack_options() -> None:
    hand = ["7H", "AH", "9S", "QC", "JD", "8D", "TD", "7C", "JS"]
    assert sorted(plays(follower_position("S", 8, "KH", hand, {"early_play": "free"})), key=card_id) == sorted(
        hand, key=card_id)
    # phase B is strict even with early_play = free
    assert plays(follower_position("S", 0, "KH", ["7H", "AH", "9S"], {"early_play": "free"})) == ["AH"]
    # trump jack free: JS playable instead of following hearts
    assert "JS" in plays(follower_position("S", 8, "KH", hand))
    # trump_jack_free = false: the jack is an ordinary trump, not playable while holding hearts
    assert "JS" not in plays(follower_position("S", 8, "KH", hand, {"trump_jack_free": False}))
    # ... and forced as the only trump when void (T3 with the option off)
    t3 = ["JS", "KH", "9C", "8H", "TC", "7C", "AH", "QC", "KC"]
    assert plays(follower_position("S", 6, "AD", t3, {"trump_jack_free": False})) == ["JS"]
    # phase B, trump led, jack not free: must beat with the jack
    assert plays(follower_position("S", 0, "AS", ["JS", "8S", "KH", "7C"], {"trump_jack_free": False})) == ["JS"]
    # the jack alone in hand is always playable
    assert plays(follower_position("S", 0, "AH", ["JS"])) == ["JS"]


# -------------------------------------------------------------- targeted: break

NONDEALER = ["AH", "TH", "KH", "QS", "JS", "9S", "AC", "TC", "KC"]
DEALER = ["7H", "8H", "9H", "7D", "8D", "9D", "7C", "8C", "9C"]
STOCK = ["QH", "JH", "AD", "TD", "KD", "QD", "JD", "QC", "JC", "AS", "TS", "KS", "8S"]  # 13 face-down
TURNUP = "7S"


def test_break_after_trick_one_and_drawing_order() -> None:
    s = dealt_match(NONDEALER, DEALER, TURNUP, dealer_seat=1, stock=STOCK)
    assert s.view(None)["trump"] == "S" and s.view(None)["turnup"] == "7S" and s.view(None)["stock"] == 14
    assert s.current_player == 0  # the non-dealer leads
    play(s, "AH")
    play(s, "7H")  # seat 0 wins trick 1
    v = s.view(None)
    assert v["phase"] == "break" and v["breaker"] == 1 and s.current_player == 1
    assert s.legal_actions() == [core.Action("break", n=k) for k in range(1, 13)]
    before = s.to_record(), s.view(None), s.view(1)
    for bad in (0, 13, 20):
        with pytest.raises(core.IllegalAction, match="1 to 12"):
            act(s, {"type": "break", "n": bad})
    for other in ({"type": "play", "card": "8H"}, {"type": "exchange"}):
        with pytest.raises(core.IllegalAction, match="broken first"):
            act(s, other)
    assert (s.to_record(), s.view(None), s.view(1)) == before
    start = s.event_count
    act(s, {"type": "break", "n": 5})
    # the top 5 face-down cards went to the bottom; the trump card stays last
    assert s.card_zones()["stock"] == STOCK[7:] + STOCK[:5]
    assert s.card_zones()["turnup"] == ["7S"]
    evs = events_since(s, start)
    assert evs[0] == {"type": "break", "seat": 1, "n": 5}
    drew = [x for x in evs if x["type"] == "drew"]
    assert [x["seat"] for x in drew] == [0, 1]  # winner first
    # the drawer sees its card, the opponent and the spectator do not
    mine = [x for x in events_since(s, start, 0) if x["type"] == "drew"]
    theirs = [x for x in events_since(s, start, 1) if x["type"] == "drew"]
    assert mine[0]["card"] == STOCK[5] and "card" not in theirs[0]
    assert theirs[1]["card"] == STOCK[6] and "card" not in mine[1]
    assert "card" not in drew[0] and "card" not in drew[1]
    v1 = s.view(1)
    assert STOCK[5] in s.view(0)["hands"][0] and STOCK[5] in v1["unseen"]
    assert STOCK[5] not in json.dumps({k: x for k, x in v1.items() if k != "unseen"})
    assert s.current_player == 0 and s.view(None)["stock"] == 12


def test_break_deck_off_draws_at_once() -> None:
    s = dealt_match(NONDEALER, DEALER, TURNUP, dealer_seat=1, stock=STOCK, options={"break_deck": "off"})
    play(s, "AH")
    play(s, "7H")
    assert s.view(None)["phase"] == "play" and s.current_player == 0
    assert STOCK[0] in s.view(0)["hands"][0] and STOCK[1] in s.view(1)["hands"][1]
    with pytest.raises(core.IllegalAction):
        act(s, {"type": "break", "n": 3})


def test_loser_of_trick_seven_draws_the_face_up_card_publicly() -> None:
    s = dealt_match(NONDEALER, DEALER, TURNUP, dealer_seat=1, stock=STOCK, options={"break_deck": "off"})
    rng = random.Random(1)
    for _ in range(12):  # six tricks bring the stock from 14 to 2
        if s.view(None)["stock"] <= 2:
            break
        s.apply(rng.choice([a for a in s.legal_actions() if a.type == "play"]))
    assert s.view(None)["stock"] == 2
    leader = s.current_player
    assert leader is not None
    s.apply(rng.choice([a for a in s.legal_actions() if a.type == "play"]))
    start = s.event_count
    s.apply(rng.choice([a for a in s.legal_actions() if a.type == "play"]))
    trick = next(x for x in s.events[start:] if x["type"] == "trick")
    loser = 1 - trick["winner"]
    drew = [x for x in s.events[start:] if x["type"] == "drew"]
    assert [x["seat"] for x in drew] == [trick["winner"], loser]
    assert drew[1]["card"] == "7S" and drew[1]["face_up"] is True
    v = s.view(None)
    assert v["stock"] == 0 and v["turnup"] is None and v["play_rules"] == "B"
    assert "7S" in v["known"][loser] and v["hand_sizes"] == [9, 9]
    assert "7S" not in s.view(trick["winner"])["unseen"]


# ------------------------------------------------------- targeted: seven exchange

def test_seven_exchange_rules() -> None:
    # seat 0 (leader) holds the seven of trumps and a tertz; the turned card is the ace
    nd = ["7S", "9H", "TH", "JH", "QS", "9S", "AC", "TC", "KC"]
    dl = ["7H", "8H", "AH", "7D", "8D", "9D", "7C", "8C", "9C"]
    s = dealt_match(nd, dl, "AS", dealer_seat=1)
    ex = core.Action("exchange")
    assert s.legal_actions()[0] == ex  # allowed before trick 1
    with pytest.raises(core.IllegalAction, match="takes no card"):
        act(s, {"type": "exchange", "card": "7S"})
    # after a declaration in the same turn the exchange is no longer offered
    t = s.clone()
    t.apply(core.Action("declare", cards=("9H", "TH", "JH"), call="tertz"))
    assert ex not in t.legal_actions()
    with pytest.raises(core.IllegalAction, match="exchange must come before"):
        t.apply(ex)
    s.apply(ex)
    assert "AS" in s.view(0)["hands"][0] and s.view(None)["turnup"] == "7S"
    assert s.view(None)["known"][0] == ["AS"] and s.view(None)["turn_done"] == ["exchange"]
    # the declaration is still possible after the exchange, in the same turn
    assert core.Action("declare", cards=("9H", "TH", "JH"), call="tertz") in s.legal_actions()
    with pytest.raises(core.IllegalAction, match="exchange must come before"):
        s.apply(ex)
    # the opponent can never exchange: the seven is the face-up card now
    play(s, "AC")
    assert s.current_player == 1 and ex not in s.legal_actions()


def test_seven_exchange_window_option() -> None:
    hand = ["7D", "KS", "QS", "9H", "TH", "8C", "JC", "QD", "9S"]
    other = [c for c in ALL if c not in hand and c != "AD"][:9]
    for min_stock, stock, allowed in ((2, 2, True), (3, 2, False), (3, 4, True), (2, 4, True)):
        s = position(trump="D", hands={1: hand, 0: other}, stock=stock, turnup="AD", leader=1,
                     options={"seven_exchange_min_stock": min_stock})
        assert (core.Action("exchange") in s.legal_actions()) is allowed
        if not allowed:
            with pytest.raises(core.IllegalAction, match="exchange is over"):
                s.apply(core.Action("exchange"))
    # stock exhausted: no exchange at all
    s = position(trump="D", hands={1: hand[:5], 0: other[:5]}, leader=1)
    assert core.Action("exchange") not in s.legal_actions()


def test_seven_exchange_by_the_follower_and_turn_order() -> None:
    nd = ["AH", "TH", "KH", "9S", "JH", "8S", "AC", "TC", "KC"]
    dl = ["7S", "8H", "9H", "7D", "8D", "9D", "KS", "QS", "9C"]
    s = dealt_match(nd, dl, "AS", dealer_seat=1)
    play(s, "AH")
    assert s.current_player == 1
    ex = core.Action("exchange")
    mariage = core.Action("declare", cards=("QS", "KS"), call="mariage")
    assert s.legal_actions()[:2] == [ex, mariage]
    # the mariage first: the exchange is then too late for this turn
    t = s.clone()
    t.apply(mariage)
    assert ex not in t.legal_actions()
    with pytest.raises(core.IllegalAction, match="before the mariage"):
        t.apply(ex)
    # the exchange first: the mariage is still allowed
    s.apply(ex)
    assert "AS" in s.view(1)["hands"][1] and mariage in s.legal_actions()
    s.apply(mariage)
    assert s.view(None)["turn_done"] == ["exchange", "mariage"]
    assert s.view(None)["declared_points"] == [0, 20]


# --------------------------------------------------- targeted: mariage and combos

def test_mariage_any_time_once_per_deal_and_before_declaring() -> None:
    nd = ["KS", "QS", "JS", "9H", "TH", "JH", "AC", "TC", "7D"]
    dl = ["7H", "8H", "AH", "8D", "9D", "TD", "7C", "8C", "9C"]
    s = dealt_match(nd, dl, "AS", dealer_seat=1)
    legal = s.legal_actions()
    mariage = core.Action("declare", cards=("QS", "KS"), call="mariage")
    tertz_s = core.Action("declare", cards=("JS", "QS", "KS"), call="tertz")
    tertz_h = core.Action("declare", cards=("9H", "TH", "JH"), call="tertz")
    assert mariage in legal and tertz_s in legal and tertz_h in legal
    # declaring first closes the mariage for this turn
    t = s.clone()
    t.apply(tertz_h)
    assert mariage not in t.legal_actions()
    with pytest.raises(core.IllegalAction, match="before declaring"):
        t.apply(mariage)
    # mariage, then one declaration: a card and K+Q may also count in a sequence
    s.apply(mariage)
    assert s.view(None)["turn_done"] == ["mariage"]
    s.apply(tertz_s)
    assert s.view(None)["declared_points"] == [40, 0]
    assert tertz_h not in s.legal_actions()
    with pytest.raises(core.IllegalAction, match="one declaration per turn"):
        s.apply(tertz_h)
    with pytest.raises(core.IllegalAction, match="already announced"):
        s.apply(mariage)
    # next turn of seat 0: the other tertz can be declared, the mariage never again
    play(s, "7D")
    play(s, "8D")  # seat 1 wins with the higher diamond
    act(s, {"type": "break", "n": 1})
    play(s, "7C")
    assert s.current_player == 0
    assert tertz_h in s.legal_actions() and mariage not in s.legal_actions()


def test_a_card_counts_in_one_sequence_and_one_four() -> None:
    """§14.3: the jack of hearts scores in the 9-10-J tertz and again in the four jacks."""
    nd = ["JS", "JH", "JD", "JC", "9H", "TH", "7C", "8D", "AS"]
    dl = ["AC", "8H", "QH", "7D", "9D", "TD", "8C", "9C", "TC"]
    s = dealt_match(nd, dl, "AD", dealer_seat=1, options={"break_deck": "off"})
    tertz_h = core.Action("declare", cards=("9H", "TH", "JH"), call="tertz")
    jacks = core.Action("declare", cards=("JS", "JH", "JD", "JC"), call="two_hundred")
    assert declares(s) == [jacks, tertz_h]
    s.apply(tertz_h)  # seat 1's clubs tertz (top 10) is lower: it stands
    assert s.view(None)["declarations"][-1]["result"] == "stands"
    play(s, "7C")
    play(s, "AC")  # seat 1 wins and leads trick 2; both draw back to nine
    play(s, "8H")
    assert s.current_player == 0 and jacks in s.legal_actions()
    s.apply(jacks)
    assert s.view(None)["declared_points"] == [220, 0]
    assert s.view(None)["scored_fours"][0] == ["JS", "JH", "JD", "JC"]


def test_no_exchange_when_the_turned_card_is_the_seven() -> None:
    nd = ["AH", "TH", "KH", "QS", "JS", "9S", "AC", "TC", "KC"]
    dl = ["7H", "8H", "9H", "7D", "8D", "9D", "7C", "8C", "9C"]
    s = dealt_match(nd, dl, "7S", dealer_seat=1)
    assert core.Action("exchange") not in s.legal_actions()
    with pytest.raises(core.IllegalAction, match="you do not hold the seven of spades"):
        s.apply(core.Action("exchange"))
    play(s, "AH")
    assert core.Action("exchange") not in s.legal_actions()


def test_mariage_with_fewer_than_nine_cards() -> None:
    s = position(trump="C", hands={0: ["KC", "QC", "7H"], 1: ["8H", "9H", "TH"]}, leader=0)
    m = core.Action("declare", cards=("QC", "KC"), call="mariage")
    assert m in s.legal_actions()
    assert not [a for a in s.legal_actions() if a.type == "declare" and a.call != "mariage"]
    s.apply(m)
    assert s.view(None)["declared_points"] == [20, 0] and s.view(None)["mariage"] == [True, False]


def test_combinations_that_do_not_count() -> None:
    # 8-card run split: only the maximal run is offered; a part of it is refused
    nd = ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "7D"]
    dl = ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "8D"]
    s = dealt_match(nd, dl, "TC", dealer_seat=1)
    offered = [(a.cards, a.call) for a in declares(s)]
    assert offered == [(("7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"), "hundred")]
    with pytest.raises(core.IllegalAction, match="whole run"):
        act(s, {"type": "declare", "cards": ["7H", "8H", "9H"], "call": "tertz"})
    with pytest.raises(core.IllegalAction, match="call this combination 'hundred'"):
        act(s, {"type": "declare", "cards": list(offered[0][0]), "call": "fifty"})
    # four tens and four nines count nothing
    nd = ["TH", "TS", "TD", "TC", "9H", "9S", "9D", "9C", "7D"]
    dl = ["7H", "8H", "AH", "8D", "AD", "QD", "7C", "8C", "QC"]
    s = dealt_match(nd, dl, "AS", dealer_seat=1)
    assert declares(s) == []
    with pytest.raises(core.IllegalAction, match="not a combination"):
        act(s, {"type": "declare", "cards": ["TS", "TH", "TD", "TC"], "call": "hundred"})


def test_declaring_needs_nine_cards() -> None:
    s = position(trump="C", hands={0: ["7H", "8H", "9H", "TS", "JS", "QS", "KS", "AD"], 1: [
        "7D", "8D", "9D", "TD", "JD", "QD", "KD", "8S"]}, stock=0, leader=0)
    assert declares(s) == []
    with pytest.raises(core.IllegalAction, match="9 cards"):
        act(s, {"type": "declare", "cards": ["7H", "8H", "9H"], "call": "tertz"})


def test_scored_sequence_cards_and_dead_declarations() -> None:
    # seat 0 scored 7-8-9 of hearts earlier; now holds 7-8-9-T: the fifty touches scored cards
    recs = [{"seat": 0, "call": "tertz", "cards": ["7H", "8H", "9H"], "result": "stands", "points": 20,
             "trick": 1, "reply": None},
            {"seat": 0, "call": "tertz", "cards": ["7D", "8D", "9D"], "result": "beaten", "points": 0, "trick": 2,
             "reply": {"seat": 1, "call": "tertz", "cards": ["TC", "JC", "QC"], "points": 20}}]
    hand0 = ["7H", "8H", "9H", "TH", "7D", "8D", "9D", "AS", "KS"]
    hand1 = ["TC", "JC", "QC", "7S", "8S", "7C", "AD", "KD", "JD"]
    s = position(trump="C", hands={0: hand0, 1: hand1}, stock=8, leader=0, declarations=recs,
                 known={0: ["7H", "8H", "9H", "7D", "8D", "9D"], 1: ["TC", "JC", "QC"]})
    v = s.view(None)
    assert v["declared_points"] == [20, 20]
    assert v["scored_cards"][0] == ["7H", "8H", "9H"] and v["dead"][0] == [["7D", "8D", "9D"]]
    assert declares(s) == []
    with pytest.raises(core.IllegalAction, match="already in a scored sequence"):
        act(s, {"type": "declare", "cards": ["7H", "8H", "9H", "TH"], "call": "fifty"})
    with pytest.raises(core.IllegalAction, match="dead"):
        act(s, {"type": "declare", "cards": ["7D", "8D", "9D"], "call": "tertz"})
    # seat 1's clubs tertz was scored by the challenge reply: it cannot be declared again,
    # and it is no longer eligible to beat seat 0 either
    play(s, "AS")
    assert s.current_player == 1
    assert declares(s) == []


def test_challenge_includes_the_opponents_led_card() -> None:
    """H_O includes the card the opponent led to this trick (§14.5)."""
    o_hand = ["TH", "JH", "QH", "7S", "8S", "AD", "KC", "9C", "7D"]
    p_hand = ["TD", "JD", "QD", "8H", "AS", "KS", "8C", "TC", "8D"]
    s = dealt_match(o_hand, p_hand, "AH", dealer_seat=1)  # seat 0 (o_hand) leads
    play(s, "TH")  # the trump tertz is now partly on the table
    s.apply(core.Action("declare", cards=("TD", "JD", "QD"), call="tertz"))
    ev = [x for x in s.events if x["type"] == "declared"][-1]
    assert ev["result"] == "beaten" and ev["reply"]["cards"] == ["TH", "JH", "QH"]
    assert s.view(None)["declared_points"] == [20, 0]
    # JH, QH are public in seat 0's hand; TH is on the table
    assert s.view(None)["known"][0] == ["JH", "QH"]


def test_challenge_hand_is_the_hand_at_the_start_of_the_trick() -> None:
    """§14.5: H_O is the 9 cards O held when the trick began.  A seven he exchanged on his lead in
    this trick still counts (the turned card he took does not); from the next trick on, the
    card he took counts."""
    o_hand = ["7H", "QH", "KH", "8S", "TS", "7D", "9D", "8C", "AC"]
    p_hand = ["TD", "JD", "QD", "8H", "9S", "7S", "7C", "9C", "KS"]
    s = dealt_match(o_hand, p_hand, "AH", dealer_seat=1)  # seat 0 leads, hearts are trumps
    s.apply(core.Action("exchange"))
    play(s, "AC")
    s.apply(core.Action("declare", cards=("TD", "JD", "QD"), call="tertz"))
    ev = [x for x in s.events if x["type"] == "declared"][-1]
    assert ev["result"] == "stands" and ev["reply"] is None  # no Q-K-A of trumps at the start of the trick
    assert s.view(None)["declared_points"] == [0, 20]
    assert s.view(None)["exchange"] == {"seat": 0, "took": "AH", "gave": "7H", "trick": 1}

    s = dealt_match(o_hand, p_hand, "AH", dealer_seat=1)
    s.apply(core.Action("exchange"))
    play(s, "AC")
    play(s, "7C")  # seat 0 wins trick 1, seat 1 breaks the stock
    s.apply(core.Action("break", n=1))
    assert s.current_player == 0 and "AH" in (s.view(0)["hands"][0] or [])
    play(s, "8S")
    s.apply(core.Action("declare", cards=("TD", "JD", "QD"), call="tertz"))
    ev = [x for x in s.events if x["type"] == "declared"][-1]
    assert ev["result"] == "beaten" and ev["reply"]["cards"] == ["QH", "KH", "AH"]
    assert s.view(None)["declared_points"] == [20, 0]


def test_challenge_shows_the_first_of_two_equal_runs() -> None:
    """Rules note: two equally high plain runs in the challenger's hand: he shows the one in the first
    suit of S H D C; a trump run is higher than an equal plain one and is shown before it."""
    p_hand = ["8D", "9D", "TD", "7S", "9S", "7H", "9H", "7C", "8C"]  # one tertz, T high
    for o_hand, shown in ((["JH", "QH", "KH", "JS", "QS", "KS", "AD", "KD", "9C"], ["JS", "QS", "KS"]),
                          (["JS", "QS", "KS", "JC", "QC", "KC", "AD", "KD", "7D"], ["JC", "QC", "KC"])):
        s = dealt_match(p_hand, o_hand, "AC", dealer_seat=1)  # seat 0 (p_hand) leads, clubs are trumps
        s.apply(core.Action("declare", cards=("8D", "9D", "TD"), call="tertz"))
        ev = [x for x in s.events if x["type"] == "declared"][-1]
        assert ev["result"] == "beaten" and ev["reply"] == {"seat": 1, "call": "tertz", "cards": shown, "points": 20}
    # the declaration offers list them in the same order
    s = dealt_match(["JH", "QH", "KH", "JS", "QS", "KS", "AD", "KD", "9C"], p_hand, "AC", dealer_seat=1)
    assert [a.cards for a in declares(s)] == [("JS", "QS", "KS"), ("JH", "QH", "KH")]


def test_worked_challenge_after_an_exchange_in_the_same_trick() -> None:
    """Worked example found by playing in lockstep against an independent implementation.

    Seat 0 exchanges the 7S for the turned TS and leads it: with the TS he would hold
    9S TS JS QS, but at the start of the trick he held the 7S, so seat 1's tertz stands.
    """
    deck = "KC JS QS 8C QD TH QC 9S TC KH AH 9C 7D 7S AS 8S JH 9H TS AC KS TD 9D JC QH JD KD 8D 7C 8H 7H AD"
    s = core.new_match("tertz", players=2, options={}, first_dealer=1)
    s.apply(core.Action("deal", deck=tuple(deck.split())))
    s.apply(core.Action("exchange"))
    play(s, "TS")
    # the same position rebuilt from seat 1's view (the AI's determinization) judges it the same way
    rebuilt = Tertz.from_view(s.view(1), s.hidden_zones(1))
    assert rebuilt.view(1)["exchange"] == {"seat": 0, "took": "TS", "gave": "7S", "trick": 1}
    for game in (s, rebuilt):
        game.apply(core.Action("declare", cards=("9H", "TH", "JH"), call="tertz"))
        ev = [x for x in game.events if x["type"] == "declared"][-1]
        assert (ev["seat"], ev["result"], ev["points"], ev["reply"]) == (1, "stands", 20, None)
        assert game.view(None)["declared_points"] == [0, 20]
        assert game.view(None)["dead"] == [[], []]


def test_sequence_order_rank_option() -> None:
    # natural: T-J-Q of spades is a tertz; rank (plain order 7 8 9 J Q K T A): 9-J-Q is, T-J-Q is not
    nd = ["TS", "JS", "QS", "9D", "JD", "QD", "7C", "8C", "AH"]
    dl = ["7H", "8H", "9H", "8D", "AD", "KD", "9C", "TC", "QC"]
    nat = dealt_match(nd, dl, "KH", dealer_seat=1)
    rank = dealt_match(nd, dl, "KH", dealer_seat=1, options={"sequence_order": "rank"})
    assert [a.cards for a in declares(nat)] == [("TS", "JS", "QS")]
    assert [a.cards for a in declares(rank)] == [("9D", "JD", "QD")]
    # trump order 7 8 Q K T A 9 J: A-9-J of trumps is a sequence in rank order
    nd = ["AH", "9H", "JH", "7D", "8S", "TC", "7C", "8C", "AS"]
    dl = ["7H", "8H", "KS", "8D", "AD", "KD", "9C", "QC", "JC"]
    s = dealt_match(nd, dl, "TH", dealer_seat=1, options={"sequence_order": "rank"})
    assert [a.cards for a in declares(s)] == [("9H", "JH", "AH")]


# ---------------------------------------------------------- targeted: scoring

def test_rounding() -> None:
    assert [tz.round_count(x, "ten_half_down") for x in (135, 65, 5, 0, 1, 4, 6, 9, 136, 150)] == [
        130, 60, 0, 0, 0, 0, 10, 10, 140, 150]
    assert [tz.round_count(x, "none") for x in (135, 65, 5)] == [135, 65, 5]
    # through the engine: the counter with 65 gets 60 and the other 90; with rounding none: 65 / 85
    for rounding, expect in (("ten_half_down", [90, 60]), ("none", [85, 65])):
        s = end_position(points=[85, 65], tricks_won=[9, 7], last=0, dealer=1, options={"rounding": rounding})
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
        assert s.deal_results[-1]["card_scores"] == expect


def test_equal_tricks_counter_option() -> None:
    for rule, counter, cards in (("not_last_trick_winner", 1, [100, 50]), ("non_dealer", 0, [90, 60])):
        s = end_position(points=[95, 55], tricks_won=[8, 8], last=0, dealer=1, options={"equal_tricks_counter": rule})
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
        r = s.deal_results[-1]
        assert r["counter"] == counter and r["card_scores"] == cards


def test_deberts_card_values_total_162() -> None:
    assert tz.CARD_TOTAL == {"tertz": 150, "deberts": 162}
    rng = random.Random(9)
    s = core.new_match("tertz", players=2, options={"card_values": "deberts"}, seed=4)
    for _ in range(200):  # one deal: the deal, a break, 32 plays and at most a few declarations per turn
        if s.deal_results:
            break
        s.apply(s.sample_chance(rng) if s.current_player == core.CHANCE else rng.choice(s.legal_actions()))
    r = s.deal_results[0]
    assert r["card_total"] == 162 and sum(r["card_points"]) == 162 and sum(r["card_scores"]) == 162


def test_tie_at_target_plays_another_deal_and_target_500() -> None:
    # 440 + 80 = 450 + 70 = 520: equal totals above the target, so another deal
    s = end_position(points=[80, 70], tricks_won=[9, 7], last=0, dealer=1, scores=[440, 450])
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.scores == [520, 520] and not s.is_over and s.current_player == core.CHANCE and s.winner is None
    # target 500 versus 501: 500 exactly ends the match only with target 500
    for target, over in ((500, True), (501, False)):
        s = end_position(points=[60, 90], tricks_won=[7, 9], last=1, dealer=0, scores=[440, 300],
                         options={"target_score": target})
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
        assert s.scores == [500, 390] and s.is_over is over


def test_review_allowed_flag_follows_look_min_stock() -> None:
    hand = ["7H", "AH", "9S", "QC", "JD", "8D", "TD", "7C", "AC"]
    assert follower_position("S", 4, "KH", hand).view(0)["review_allowed"] is True
    assert follower_position("S", 2, "KH", hand).view(0)["review_allowed"] is False
    assert follower_position("S", 0, "KH", hand[:3]).view(0)["review_allowed"] is False


# -------------------------------------------------- targeted: views and records

def test_views_hide_the_other_hand_and_the_stock() -> None:
    s = dealt_match(NONDEALER, DEALER, TURNUP, dealer_seat=1, stock=STOCK)
    v0, v1, vs = s.view(0), s.view(1), s.view(None)
    assert v0["hands"][0] == sorted(NONDEALER, key=card_id) and v0["hands"][1] is None
    assert v1["hands"][1] == sorted(DEALER, key=card_id) and v1["hands"][0] is None
    assert vs["hands"] == [None, None]
    assert v0["hidden"] == {"hand1": 9, "stock": 13}
    assert vs["hidden"] == {"hand0": 9, "hand1": 9, "stock": 13}
    assert set(v0["unseen"]) == set(DEALER) | set(STOCK)
    for c in DEALER + STOCK:
        assert c not in json.dumps({k: x for k, x in v0.items() if k != "unseen"})
    assert v0["turnup"] == "7S" and "7S" not in v0["unseen"]
    dealt = [e for e in s.events_for(0) if e["type"] == "dealt"]
    assert dealt[0]["cards"] == sorted(NONDEALER, key=card_id) and "cards" not in dealt[1]


def test_record_replay_and_from_view_mid_deal() -> None:
    rng = random.Random(11)
    s = core.new_match("tertz", players=2, seed=2)
    for _ in range(60):
        s.apply(s.sample_chance(rng) if s.current_player == core.CHANCE else rng.choice(s.legal_actions()))
    again = core.replay(json.loads(json.dumps(s.to_record())))
    assert again.view(None) == s.view(None) and again.events == s.events
    if s.current_player is not None and s.current_player >= 0:
        seat = s.current_player
        r = Tertz.from_view(s.view(seat), s.hidden_zones(seat))
        assert r.legal_actions() == s.legal_actions()


def test_bad_input_is_refused_and_changes_nothing() -> None:
    s = core.new_match("tertz", players=2, first_dealer=0)
    with pytest.raises(core.IllegalAction, match="dealt first"):
        play(s, "AS")
    s.apply(core.Action("deal", deck=tuple(deal_deck(NONDEALER, DEALER, TURNUP, STOCK))))
    before = s.to_record(), s.view(None), s.view(1)
    cases = [
        ({"type": "play", "card": "7H"}, "do not hold"),
        ({"type": "bid", "call": "pass"}, "no 'bid'"),
        ({"type": "deal", "deck": ALL}, "not time to deal"),
        ({"type": "declare", "cards": ["QS", "KS"], "call": "mariage"}, "do not hold"),
        ({"type": "exchange"}, "do not hold the seven"),
        ({"type": "break", "n": 3}, "only after the first trick"),
        ({"type": "play", "card": "AH", "call": "bella"}, "mariage is announced"),
    ]
    for obj, msg in cases:
        with pytest.raises(core.IllegalAction, match=msg):
            act(s, obj)
    with pytest.raises(core.IllegalAction, match="names only its card"):
        s.apply(core.Action("play", card="AH", n=3))
    with pytest.raises(core.IllegalAction, match="takes no card"):
        s.apply(core.Action("exchange", card="7S"))
    assert (s.to_record(), s.view(None), s.view(1)) == before


# -------------------------------------------------------------- properties

def _ref_legal(hand: list[str], lead: str, trump: str, phase_b: bool, free: bool, jack_free: bool) -> set[str]:
    """§9's decision procedure, written directly over card strings."""
    plain, trumps_order = "789JQKTA", "78QKTA9J"
    jt = "J" + trump
    h = [c for c in hand if not (jack_free and c == jt)]
    if jack_free and not h:
        return {jt}
    follow = [c for c in h if c[1] == lead[1]]
    trumps = [c for c in h if c[1] == trump]
    if not phase_b:
        legal = h if free else follow or trumps or h
    elif follow:
        order = trumps_order if lead[1] == trump else plain
        legal = [c for c in follow if order.index(c[0]) > order.index(lead[0])] or follow
    else:
        legal = trumps or h
    out = set(legal)
    if jack_free and jt in hand:
        out.add(jt)
    return out


@given(st.permutations(ALL), st.integers(1, 9), st.sampled_from("SHDC"), st.booleans(), st.booleans(), st.booleans())
def test_property_legal_cards_match_the_spec_procedure(perm: list[str], n: int, trump: str, phase_b: bool,
                                                       free: bool, jack_free: bool) -> None:
    hand, lead = perm[:n], perm[n]
    got = tz.legal_play_mask(strs_to_mask(hand), card_id(lead), "SHDC".index(trump), phase_b, free, jack_free)
    assert got == strs_to_mask(_ref_legal(hand, lead, trump, phase_b, free, jack_free))
    assert got and got & ~strs_to_mask(hand) == 0


def _ref_combos(hand: list[str], trump: str) -> list[tuple[tuple[int, int, int], frozenset[str]]]:
    """Combinations in natural order with the §14.2 rank, by brute force over card strings."""
    out = []
    for s in "SHDC":
        idx = sorted(RANKS.index(c[0]) for c in hand if c[1] == s)
        i = 0
        while i < len(idx):
            j = i
            while j + 1 < len(idx) and idx[j + 1] == idx[j] + 1:
                j += 1
            if j - i + 1 >= 3:
                cards = frozenset(RANKS[k] + s for k in idx[i: j + 1])
                out.append(((j - i + 1 - 2, idx[j], int(s == trump)), cards))
            i = j + 1
    for r, cat in (("J", 10), ("A", 9), ("K", 8), ("Q", 7)):
        if all(r + s in hand for s in "SHDC"):
            out.append(((cat, 0, 0), frozenset(r + s for s in "SHDC")))
    return out


@given(st.permutations(ALL), st.sampled_from(["", "SH", "DC", "SC", "HD"]))
def test_property_declaration_comparison(perm: list[str], crowd: str) -> None:
    """Every combination of a random hand is found, and declaring it is resolved as §14.5 says:
    the opponent's best strictly higher combination scores, else the declaration stands.
    ``crowd`` deals both hands mostly from two suits, so that both hold sequences."""
    if crowd:
        perm = [c for c in perm if c[1] in crowd] + [c for c in perm if c[1] not in crowd]
    p_hand, o_hand, turnup = perm[:9], perm[9:18], perm[18]
    trump = turnup[1]
    p_combos = _ref_combos(p_hand, trump)
    o_combos = _ref_combos(o_hand, trump)
    engine = tz.combinations(strs_to_mask(p_hand), "SHDC".index(trump), False)
    assert sorted((k, sorted(tz._strs(m))) for k, m, _ in engine) == sorted((k, sorted(c)) for k, c in p_combos)
    for key, cards in p_combos:
        s = dealt_match(p_hand, o_hand, turnup, dealer_seat=1)
        call = tz.SEQUENCE_CALLS[len(cards)] if key[0] <= 6 else tz.FOUR_CALLS[next(iter(cards))[0]]
        s.apply(core.Action("declare", cards=tuple(sorted(cards, key=card_id)), call=call))
        higher = [(k, c) for k, c in o_combos if k > key]
        pts = s.view(None)["declared_points"]
        event("beaten" if higher else "stands")
        if higher:
            best = max(higher)
            assert pts == [0, tz.COMBO_VALUE[tz.SEQUENCE_CALLS[len(best[1])] if best[0][0] <= 6
                                             else tz.FOUR_CALLS[next(iter(best[1]))[0]]]]
        else:
            assert pts == [tz.COMBO_VALUE[call], 0]


@given(st.integers(0, 162), st.integers(0, 16), st.integers(0, 1), st.integers(0, 1),
       st.sampled_from(["ten_half_down", "none"]), st.sampled_from(["not_last_trick_winner", "non_dealer"]),
       st.integers(0, 12).map(lambda x: 10 * x), st.integers(0, 12).map(lambda x: 10 * x))
def test_property_scoring_arithmetic(x: int, t0: int, last: int, dealer: int, rounding: str, rule: str,
                                     d0: int, d1: int) -> None:
    total = 162 if x > 150 else 150
    res = tz.score_deal([x, total - x], [t0, 16 - t0], last, dealer, [d0, d1], total, rounding, rule)
    c = res["counter"]
    assert c == (0 if t0 < 8 else 1 if t0 > 8 else (1 - last if rule == "not_last_trick_winner" else 1 - dealer))
    r = res["rounded"]
    assert sum(res["card_scores"]) == total
    assert res["deal_scores"] == [res["card_scores"][0] + d0, res["card_scores"][1] + d1]
    if rounding == "none":
        assert r == res["counted"]
    else:
        assert r % 10 == 0 and abs(r - res["counted"]) <= 5
        assert (res["counted"] % 10 == 5) <= (r < res["counted"])  # a 5 always rounds down


def test_property_random_matches_keep_the_tertz_invariants() -> None:
    """Random full matches: hands back to 9 while the stock lasts, draws winner-first, phase B from
    trick 8, legal cards per §9, and every deal result adds up."""
    for seed in range(25):
        rng = random.Random(seed)
        opts = [{}, {"break_deck": "off", "card_values": "deberts"}, {"early_play": "free", "rounding": "none"},
                {"trump_jack_free": False, "sequence_order": "rank"}][seed % 4]
        s = core.new_match("tertz", players=2, options=opts, seed=seed)
        for _ in range(5000):
            cp = s.current_player
            if cp is None:
                break
            if cp == core.CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            v = s.view(cp)
            if v["phase"] == "play":
                if not v["trick"] and v["stock"] > 0:
                    assert v["hand_sizes"] == [9, 9]
                assert (v["play_rules"] == "B") == (v["trick_number"] >= 8)
                hand = v["hands"][cp]
                lead = v["trick"][0]["card"] if v["trick"] else None
                expect = set(hand) if lead is None else _ref_legal(
                    hand, lead, v["trump"], v["stock"] == 0, opts.get("early_play") == "free",
                    opts.get("trump_jack_free", True))
                assert set(plays(s)) == expect
            start = s.event_count
            s.apply(rng.choice(s.legal_actions()))
            evs = s.events[start:]
            tricks = [e for e in evs if e["type"] == "trick"]
            drew = [e["seat"] for e in evs if e["type"] == "drew"]
            if tricks and drew:
                assert drew == [tricks[0]["winner"], 1 - tricks[0]["winner"]]
        assert s.is_over
        total = 0
        for r in s.deal_results:
            assert sum(r["card_points"]) == r["card_total"]
            assert [a - d for a, d in zip(r["awarded"], r["declarations"], strict=True)] == r["card_scores"]
            assert r["counted"] == r["card_points"][r["counter"]]
            total += sum(r["awarded"])
            assert r["declarations"][0] % 10 == 0 and r["declarations"][1] % 10 == 0
        assert sum(s.scores) == total
        assert max(s.scores) >= s.view(None)["target"] and s.scores[s.winner or 0] == max(s.scores)
