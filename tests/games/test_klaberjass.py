"""Klaberjass: every worked example of the spec, the edge cases, and property tests.

Positions are built through the public API: a ``deal`` action with a chosen
deck, then ordinary seat actions.  Deal scoring examples also run through the
engine's real scoring path by rebuilding a last-trick position with
``Klaberjass.from_view`` and playing the last trick.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import core
from core.cards import CARD_IDS, CARD_STRS, deck_strs, mask_to_strs, strs_to_mask
from core.games.klaberjass import (
    Klaberjass,
    card_points,
    compare_sequences,
    legal_play_mask,
    match_winner,
    ranked_runs,
    score_deal,
    trick_winner2,
)
from core.tricks import maximal_runs, trick_winner

ALL = deck_strs("7")
SUITS = "SHDC"
SEQ_ORDER = "789TJQKA"  # low to high
TRUMP_ORDER = "78QKTA9J"
PLAIN_ORDER = "789JQKTA"
TRUMP_PTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_PTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


# ------------------------------------------------------------------ helpers
def make_deck(nd: Sequence[str], dl: Sequence[str], turnup: str, bottom: str | None = None,
              avoid_nd: str = "", avoid_dl: str = "") -> list[str]:
    """A deck giving the non-dealer ``nd`` and the dealer ``dl`` (padded to 9 cards).

    The first 6 cards of each hand are dealt first, the last 3 after bidding.
    Padding cards avoid the suits in ``avoid_*`` and the cards named.
    """
    used = set(nd) | set(dl) | {turnup} | ({bottom} if bottom else set())
    assert len(used) == len(nd) + len(dl) + 1 + (1 if bottom else 0), "a card is named twice"
    rest = [c for c in ALL if c not in used]

    def pad(hand: Sequence[str], avoid: str) -> list[str]:
        out = list(hand)
        for c in list(rest):
            if len(out) == 9:
                break
            if c[1] not in avoid:
                out.append(c)
                rest.remove(c)
        assert len(out) == 9, "not enough padding cards"
        return out

    h_nd, h_dl = pad(nd, avoid_nd), pad(dl, avoid_dl)
    deck = h_nd[0:3] + h_dl[0:3] + h_nd[3:6] + h_dl[3:6] + [turnup] + h_nd[6:9] + h_dl[6:9]
    tail = rest + ([bottom] if bottom else [])
    deck += tail
    assert len(deck) == 32 and set(deck) == set(ALL)
    return deck


def new(dealer: int, **options: Any) -> Klaberjass:
    s = core.new_match("klaberjass", players=2, options=options, first_dealer=dealer)
    assert isinstance(s, Klaberjass)
    return s


def act(s: core.State, *actions: dict[str, Any]) -> None:
    for a in actions:
        s.apply(core.action_from_json(a))


def bid(call: str) -> dict[str, Any]:
    return {"type": "bid", "call": call}


def play(card: str, call: str | None = None) -> dict[str, Any]:
    return {"type": "play", "card": card} if call is None else {"type": "play", "card": card, "call": call}


def legal_json(s: core.State) -> list[dict[str, Any]]:
    return [a.to_json() for a in s.legal_actions()]


def skip_to_play(s: core.State) -> None:
    """Keep and declare nothing until the play starts."""
    for _ in range(10):
        ph = s.view(None)["phase"]
        if ph == "exchange":
            act(s, {"type": "keep"})
        elif ph == "declaring":
            act(s, {"type": "done"})
        else:
            break
    assert s.view(None)["phase"] == "play"


def start_play(dealer: int, trump: str, nd: Sequence[str], dl: Sequence[str],
               avoid_nd: str = "", avoid_dl: str = "") -> Klaberjass:
    """A deal where the non-dealer takes ``trump`` (turned) and play starts."""
    used = set(nd) | set(dl)
    turnup = next(c for c in ("8" + trump, "7" + trump, "Q" + trump, "K" + trump) if c not in used)
    s = new(dealer)
    act(s, {"type": "deal", "deck": make_deck(nd, dl, turnup, avoid_nd=avoid_nd, avoid_dl=avoid_dl)})
    act(s, bid("take"))
    skip_to_play(s)
    return s


def random_playout(s: core.State, rng: random.Random, max_steps: int = 20_000) -> None:
    for _ in range(max_steps):
        cp = s.current_player
        if cp is None:
            return
        if cp == core.CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("match did not end")


# ------------------------------------------------------- worked examples 1-4
TRICK_WINNER = [
    ("H", [(0, "AS"), (1, "7H")], 1),
    ("D", [(1, "9D"), (0, "JD")], 0),
    ("C", [(0, "KS"), (1, "TS")], 1),
    ("C", [(0, "AH"), (1, "JS")], 0),
]


@pytest.mark.parametrize(("trump", "trick", "winner"), TRICK_WINNER)
def test_examples_trick_winner(trump: str, trick: list[tuple[int, str]], winner: int) -> None:
    (leader, lead), (follower, follow) = trick
    # the follower is void in the led suit when it plays another suit, and void in trumps when discarding
    avoid = ""
    if follow[1] != lead[1]:
        avoid = lead[1] + ("" if follow[1] == trump else trump)
    hands = {leader: [lead], follower: [follow]}
    avoids = {leader: "", follower: avoid}
    dealer = follower  # the non-dealer (leader) leads the first trick
    s = start_play(dealer, trump, hands[leader], hands[follower], avoid_nd=avoids[leader],
                   avoid_dl=avoids[follower])
    assert s.current_player == leader
    act(s, play(lead))
    act(s, play(follow))
    last = s.view(None)["last_trick"]
    assert last["cards"] == [lead, follow] and last["winner"] == winner
    assert s.current_player == winner
    ids = [CARD_IDS[lead], CARD_IDS[follow]]
    assert trick_winner(ids, SUITS.index(trump)) == (1 if winner == follower else 0)


# ------------------------------------------------------- worked examples 5-8
LEGAL_MOVES = [
    ("S", (0, "AS"), 1, ["9S", "KS", "7S", "AH"], ["9S"]),
    ("S", (1, "JS"), 0, ["9S", "7S", "AD"], ["9S", "7S"]),
    ("S", (0, "AD"), 1, ["7S", "KC", "QC"], ["7S"]),
    ("S", (0, "8D"), 1, ["AD", "7D", "JS"], ["AD", "7D"]),
]


@pytest.mark.parametrize(("trump", "lead", "seat", "hand", "legal"), LEGAL_MOVES)
def test_examples_legal_moves(trump: str, lead: tuple[int, str], seat: int, hand: list[str],
                              legal: list[str]) -> None:
    leader, card = lead
    # padding comes only from suits that are neither led nor trumps, so it cannot change the answer
    s = start_play(seat, trump, [card], hand, avoid_nd="", avoid_dl=trump + card[1])
    assert s.current_player == leader
    act(s, play(card))
    assert s.current_player == seat
    got = [a.card for a in s.legal_actions()]
    assert sorted(got) == sorted(legal)
    # the pure rule gives the same on the exact hand of the example
    m = legal_play_mask(strs_to_mask(hand), CARD_IDS[card], SUITS.index(trump))
    assert sorted(mask_to_strs(m)) == sorted(legal)
    # and every other card of the hand is refused with a reason, the state unchanged
    before = s.to_record()
    for c in s.view(seat)["hands"][seat]:
        if c not in legal:
            with pytest.raises(core.IllegalAction, match="must"):
                act(s, play(c))
    assert s.to_record() == before


def test_illegal_play_messages() -> None:
    s = start_play(1, "S", ["AD"], ["7S", "KC", "QC"], avoid_dl="SD")
    act(s, play("AD"))
    with pytest.raises(core.IllegalAction, match="must trump: you have no diamonds"):
        act(s, play("KC"))
    s = start_play(1, "S", ["8D"], ["AD", "7D", "JS"], avoid_dl="SD")
    act(s, play("8D"))
    with pytest.raises(core.IllegalAction, match="must follow diamonds"):
        act(s, play("JS"))
    s = start_play(1, "S", ["AS"], ["9S", "KS", "7S", "AH"], avoid_dl="S")
    act(s, play("AS"))
    with pytest.raises(core.IllegalAction, match="^must play a trump higher than the ace of spades$"):
        act(s, play("KS"))
    with pytest.raises(core.IllegalAction, match="^must follow spades$"):
        act(s, play("AH"))
    with pytest.raises(core.IllegalAction, match="do not hold"):
        act(s, play("JS"))


# --------------------------------------------------------- worked example 9
@pytest.mark.parametrize("dealer", [0, 1])
def test_example_exchange(dealer: int) -> None:
    hand1 = ["7H", "9C", "TC", "JC", "QS", "KS", "8D", "9D", "AD"]
    other = [c for c in ALL if c not in hand1 and c != "AH"][:9]
    nd, dl = (hand1, other) if dealer == 0 else (other, hand1)
    s = new(dealer)
    act(s, {"type": "deal", "deck": make_deck(nd, dl, "AH")})
    act(s, bid("take"))  # hearts accepted as the turned suit
    v = s.view(None)
    assert v["phase"] == "exchange" and v["trump"] == "H" and v["turned"] == "AH"
    if s.current_player != 1:  # seat 0 is asked first and can only keep
        assert legal_json(s) == [{"type": "keep"}]
        with pytest.raises(core.IllegalAction, match="do not hold the seven of hearts"):
            act(s, {"type": "exchange"})
        act(s, {"type": "keep"})
    assert s.current_player == 1
    assert sorted(a.type for a in s.legal_actions()) == ["exchange", "keep"]
    act(s, {"type": "exchange"})
    v1 = s.view(1)
    assert "AH" in v1["hands"][1] and "7H" not in v1["hands"][1]
    v0 = s.view(0)
    assert v0["turned"] == "7H" and v0["known"][1] == ["AH"]
    assert v0["exchange"] == {"seat": 1, "took": "AH", "gave": "7H"}
    assert "AH" not in v0["unseen"] and v0["hidden"]["hand1"] == 8
    assert v0["phase"] == "declaring" and s.current_player == 1 - dealer


def test_exchange_options() -> None:
    hand = ["7H", "9C", "TC", "JC", "QS", "KS", "8D", "9D", "AD"]
    other = [c for c in ALL if c not in hand and c not in ("AH", "7C")][:9]

    def after_bidding(calls: list[str], **opts: Any) -> Klaberjass:
        s = new(1, **opts)
        act(s, {"type": "deal", "deck": make_deck(hand, other, "AH")})
        act(s, *[bid(c) for c in calls])
        return s

    assert after_bidding(["take"], dix_exchange="off").view(None)["phase"] == "declaring"
    # trumps named in round 2: no exchange by default, allowed with any_trump
    assert after_bidding(["pass", "pass", "S"]).view(None)["phase"] == "declaring"
    s = after_bidding(["pass", "pass", "S"], dix_exchange="any_trump")
    assert s.view(None)["phase"] == "exchange"
    # the turned card is the seven of trumps itself: no exchange
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck(["AH"], [], "7H")})
    act(s, bid("take"))
    assert s.view(None)["phase"] == "declaring"
    # the bottom card is the seven of trumps: nobody holds it, no exchange
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck([], [], "AH", bottom="7H")})
    act(s, bid("take"))
    assert s.view(None)["bottom"] == "7H" and s.view(None)["phase"] == "declaring"


def test_exchange_then_keep_by_both() -> None:
    s = new(0)
    act(s, {"type": "deal", "deck": make_deck(["9H"], ["7H"], "AH")})
    act(s, bid("take"))
    assert legal_json(s) == [{"type": "keep"}]
    act(s, {"type": "keep"})
    assert [a.type for a in s.legal_actions()] == ["exchange", "keep"]
    act(s, {"type": "keep"})
    v = s.view(None)
    assert v["phase"] == "declaring" and v["exchange"] is None and v["turned"] == "AH"


# ---------------------------------------------------- worked examples 10-12
DECLARATIONS = [
    # trump, dealer, hands (seat 0, seat 1), declared runs, winner, points
    ("H", 1, (["7C", "8C", "9C", "TC", "AS", "8D", "TD", "QS", "7S"],
              ["QH", "KH", "AH", "9S", "KS", "7D", "QD", "AD", "AC"]),
     {0: ["7C", "8C", "9C", "TC"], 1: ["QH", "KH", "AH"]}, 0, [50, 0]),
    ("D", 0, (["JS", "QS", "KS", "7H", "9H", "JH", "8C", "TC", "AC"],
              ["JD", "QD", "KD", "8H", "TH", "AH", "7C", "9C", "QC"]),
     {0: ["JS", "QS", "KS"], 1: ["JD", "QD", "KD"]}, 1, [0, 20]),
    ("D", 0, (["JS", "QS", "KS", "7H", "9H", "8C", "TC", "AC", "7D"],
              ["JH", "QH", "KH", "8S", "TS", "AS", "7C", "9C", "QC"]),
     {0: ["JS", "QS", "KS"], 1: ["JH", "QH", "KH"]}, None, [0, 0]),
]


@pytest.mark.parametrize(("trump", "dealer", "hands", "runs", "winner", "points"), DECLARATIONS)
def test_examples_declaration_compare(trump: str, dealer: int, hands: tuple[list[str], list[str]],
                                      runs: dict[int, list[str]], winner: int | None,
                                      points: list[int]) -> None:
    nd = 1 - dealer
    used = set(hands[0]) | set(hands[1])
    turnup = next(c + trump for c in "89A7" if c + trump not in used)
    s = new(dealer, sequence_scoring="best_only")
    act(s, {"type": "deal", "deck": make_deck(hands[nd], hands[dealer], turnup)})
    act(s, bid("take"))
    while s.view(None)["phase"] == "exchange":
        act(s, {"type": "keep"})
    for seat in (nd, dealer):
        assert s.current_player == seat
        call = "20" if len(runs[seat]) == 3 else "50"
        want = {"type": "declare", "cards": runs[seat], "call": call}
        assert legal_json(s) == [want, {"type": "done"}]
        act(s, want)
    v = s.view(None)
    assert v["phase"] == "play" and s.current_player == nd
    assert v["sequence_winner"] == winner and v["sequence_points"] == points
    # only the category is public before the first trick
    for seat in (0, 1):
        other = s.view(1 - seat)
        assert other["declarations"][seat] == [{"call": "20" if len(runs[seat]) == 3 else "50", "cards": None}]
        assert s.view(seat)["declarations"][seat][0]["cards"] == runs[seat]
    # the pure comparison agrees
    ids = [[[CARD_IDS[c] for c in runs[0]]], [[CARD_IDS[c] for c in runs[1]]]]
    assert compare_sequences(ids, SUITS.index(trump)) == (winner, points)
    # after the first trick only the winning sequence is revealed
    for _ in range(2):
        act(s, s.legal_actions()[0].to_json())
    for seat in (0, 1):
        shown = s.view(1 - seat)["declarations"][seat][0]["cards"]
        assert shown == (runs[seat] if seat == winner else None)


def test_all_of_winner_scores_every_declared_run() -> None:
    # seat 0 (non-dealer): clubs 7-8-9-T (50) and hearts Q-K-A (20); seat 1: spades J-Q-K (20)
    s0 = ["7C", "8C", "9C", "TC", "QH", "KH", "AH", "7D", "9D"]
    s1 = ["JS", "QS", "KS", "8D", "TD", "AD", "7H", "9H", "AC"]
    s = new(1, sequence_scoring="all_of_winner")
    act(s, {"type": "deal", "deck": make_deck(s0, s1, "8H")})
    act(s, bid("take"))
    while s.view(None)["phase"] == "exchange":
        act(s, {"type": "keep"})
    assert legal_json(s)[0] == {"type": "declare", "cards": ["7C", "8C", "9C", "TC"], "call": "50"}
    act(s, legal_json(s)[0])
    assert s.current_player == 0  # may declare more
    assert legal_json(s) == [{"type": "declare", "cards": ["QH", "KH", "AH"], "call": "20"}, {"type": "done"}]
    act(s, legal_json(s)[0])
    assert legal_json(s) == [{"type": "done"}]
    act(s, {"type": "done"})
    act(s, {"type": "declare", "cards": ["JS", "QS", "KS"], "call": "20"})
    assert s.current_player == 1  # all_of_winner: still seat 1's turn until done
    act(s, {"type": "done"})
    v = s.view(None)
    assert v["sequence_winner"] == 0 and v["sequence_points"] == [70, 0]
    for _ in range(2):
        act(s, s.legal_actions()[0].to_json())
    assert [d["cards"] for d in s.view(1)["declarations"][0]] == [["7C", "8C", "9C", "TC"], ["QH", "KH", "AH"]]
    assert s.view(0)["declarations"][1] == [{"call": "20", "cards": None}]


def test_best_only_one_declaration_of_any_maximal_run() -> None:
    """§7 ``best_only``: at most one sequence, any maximal run of the hand; the best is offered first."""
    s0 = ["7C", "8C", "9C", "TC", "QH", "KH", "AH", "7D", "9D"]
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck(s0, ["8H"], "JH")})
    act(s, bid("take"))
    while s.view(None)["phase"] == "exchange":
        act(s, {"type": "keep"})
    assert legal_json(s) == [{"type": "declare", "cards": ["7C", "8C", "9C", "TC"], "call": "50"},
                             {"type": "declare", "cards": ["QH", "KH", "AH"], "call": "20"}, {"type": "done"}]
    weaker = s.clone()
    act(weaker, {"type": "declare", "cards": ["QH", "KH", "AH"], "call": "20"})  # hides the fifty
    assert weaker.current_player == 1 and weaker.view(1)["declarations"][0] == [{"call": "20", "cards": None}]
    with pytest.raises(core.IllegalAction, match="whole run"):
        act(s, {"type": "declare", "cards": ["7C", "8C", "9C"], "call": "20"})  # not maximal
    with pytest.raises(core.IllegalAction, match="a run of four is declared as 50"):
        act(s, {"type": "declare", "cards": ["7C", "8C", "9C", "TC"], "call": "20"})
    # the cards may be listed in any order (as in Belote); the engine keeps them low to high
    act(s, {"type": "declare", "cards": ["TC", "9C", "8C", "7C"], "call": "50"})
    assert s.current_player == 1  # best_only: the turn passes at once
    assert s.view(0)["declarations"][0] == [{"call": "50", "cards": ["7C", "8C", "9C", "TC"]}]
    mine = [e for e in s.events_for(0) if e["type"] == "declared"]
    assert mine == [{"type": "declared", "seat": 0, "call": "50", "cards": ["7C", "8C", "9C", "TC"]}]


def test_all_of_winner_any_subset_of_runs() -> None:
    """§7 ``all_of_winner``: any non-empty subset of the maximal runs, declared one by one in any order."""
    s0 = ["7C", "8C", "9C", "TC", "QH", "KH", "AH", "7D", "9D"]
    s1 = ["JS", "QS", "KS", "8D", "TD", "AD", "7H", "9H", "AC"]
    s = new(1, sequence_scoring="all_of_winner")
    act(s, {"type": "deal", "deck": make_deck(s0, s1, "8H")})
    act(s, bid("take"))
    while s.view(None)["phase"] == "exchange":
        act(s, {"type": "keep"})
    act(s, {"type": "declare", "cards": ["QH", "KH", "AH"], "call": "20"})  # the weaker run first
    assert legal_json(s) == [{"type": "declare", "cards": ["7C", "8C", "9C", "TC"], "call": "50"}, {"type": "done"}]
    act(s, {"type": "done"})  # the fifty stays hidden
    act(s, {"type": "declare", "cards": ["JS", "QS", "KS"], "call": "20"})
    act(s, {"type": "done"})
    v = s.view(None)
    assert v["sequence_winner"] == 0 and v["sequence_points"] == [20, 0]  # A high beats K high
    # the dealer rebuilds the hidden declaration from a fill: the run of the announced category
    fill = s.hidden_zones(1)
    rebuilt = core.GAMES["klaberjass"].from_view(s.view(1), fill)
    assert rebuilt.declared[0] == [[CARD_IDS[c] for c in ("QH", "KH", "AH")]]


def test_declaration_uses_hand_after_exchange() -> None:
    # the seven of hearts leaves and the turned 8H comes in: 8H 9H TH becomes a run
    s0 = ["7H", "9H", "TH", "AS", "KS", "7D", "9D", "JC", "KC"]
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck(s0, [], "8H")})
    act(s, bid("take"))
    act(s, {"type": "exchange"})
    assert legal_json(s)[0] == {"type": "declare", "cards": ["8H", "9H", "TH"], "call": "20"}


# ---------------------------------------------------- deal scoring examples
DEAL_SCORES: list[dict[str, Any]] = [
    {"maker": 0, "card_points": [80, 50], "last_trick": 0, "sequence_points": [20, 0], "bella": [0, 20],
     "scores_before": [100, 100],
     "expect": {"totals": [110, 70], "outcome": "made", "deal_points": [110, 70],
                "scores_after": [210, 170], "game_over": False, "winner": None}},
    {"maker": 1, "card_points": [70, 62], "last_trick": 1, "sequence_points": [50, 0], "bella": [0, 20],
     "scores_before": [200, 300],
     "expect": {"totals": [120, 92], "outcome": "bete", "deal_points": [212, 0],
                "scores_after": [412, 300], "game_over": False, "winner": None}},
    {"maker": 0, "card_points": [76, 86], "last_trick": 0, "sequence_points": [0, 0], "bella": [0, 0],
     "scores_before": [50, 50],
     "expect": {"totals": [86, 86], "outcome": "tie", "deal_points": [0, 86],
                "scores_after": [50, 136], "game_over": False, "winner": None}},
    {"maker": 0, "card_points": [90, 62], "last_trick": 0, "sequence_points": [0, 0], "bella": [0, 0],
     "scores_before": [480, 470],
     "expect": {"totals": [100, 62], "outcome": "made", "deal_points": [100, 62],
                "scores_after": [580, 532], "game_over": True, "winner": 0}},
]

EXAMPLE_20 = {
    "maker": 1, "trump": "H",
    "captured": {0: ["AS", "9S", "JH", "9H", "8H", "7H", "AD", "JD", "QC", "9C"],
                 1: ["JS", "TS", "8S", "KD", "QD", "TD", "8D", "TC"]},
    "last_trick": 0, "sequence_points": [0, 0], "bella": [0, 0], "scores_before": [0, 0],
    "expect": {"totals": [71, 39], "outcome": "bete", "deal_points": [110, 0], "scores_after": [110, 0],
               "game_over": False, "winner": None},
}


def _example_20_as_card_points() -> dict[str, Any]:
    """Example 20 with its captured cards counted (hearts at trump values)."""
    captured: dict[int, list[str]] = EXAMPLE_20["captured"]  # type: ignore[assignment]
    cp = [card_points(strs_to_mask(captured[s]), SUITS.index("H")) for s in (0, 1)]
    assert cp == [61, 39]
    return {**EXAMPLE_20, "card_points": cp}


def _last_trick_state(seed: int) -> Klaberjass:
    """A real deal played at random up to its last trick (nothing played yet in it)."""
    rng = random.Random(seed)
    s = new(0, target_score=100_000)
    for _ in range(2000):
        if s.current_player == core.CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        v = s.view(None)
        if v["phase"] == "play" and len(v["tricks"]) == 8 and not v["trick"]:
            return s
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no last trick reached")


def engine_score(ex: dict[str, Any], hanging: int = 0, **options: Any) -> dict[str, Any]:
    """Run the engine's scoring of the last trick on a position rebuilt with the example's numbers.

    The last trick is made worth 0 card points (plus its 10) and won by ``ex["last_trick"]``; the
    card points of the eight earlier tricks, the maker, sequences, bella, scores and hanging points
    are the example's.
    """
    s = _last_trick_state(7)
    view = s.view(None)
    fill = {k: list(v) for k, v in s.hidden_zones(None).items()}
    trump = view["trump"]
    plain = [c for c in ALL if c[1] != trump and c[0] in "78"]
    w = int(ex["last_trick"])
    lead, follow = plain[0], next(c for c in plain if c[1] != plain[0][1])  # the leader wins, 0 points
    fill[f"hand{w}"], fill[f"hand{1 - w}"] = [lead], [follow]
    view.update({
        "options": {**view["options"], "target_score": 500, **options},
        "scores": list(ex["scores_before"]), "hanging": hanging, "deals": [],
        "leader": w, "current_player": w,
        "contract": {"maker": ex["maker"], "trump": trump, "how": "take"},
        "card_points": list(ex["card_points"]),
        "sequence_points": list(ex["sequence_points"]),
        "sequence_winner": None,
        "bella": [b == 20 for b in ex["bella"]],
    })
    st = Klaberjass.from_view(view, fill)
    act(st, play(lead))
    act(st, play(follow))
    return st.deal_results[-1] | {"_over": st.current_player is None, "_winner": st.winner,
                                  "_state": st}


@pytest.mark.parametrize("ex", [*DEAL_SCORES, _example_20_as_card_points()])
def test_examples_deal_score(ex: dict[str, Any]) -> None:
    e = ex["expect"]
    # card_points exclude the last trick's 10
    totals = [ex["card_points"][s] + (10 if s == ex["last_trick"] else 0) + ex["sequence_points"][s]
              + ex["bella"][s] for s in (0, 1)]
    assert totals == e["totals"]
    outcome, pts, _, _ = score_deal(ex["maker"], totals)
    assert (outcome, pts) == (e["outcome"], e["deal_points"])
    after = [ex["scores_before"][s] + pts[s] for s in (0, 1)]
    assert after == e["scores_after"]
    assert match_winner(after, 500) == e["winner"]
    # the same through the engine's scoring of a last trick
    r = engine_score(ex)
    assert r["totals"] == e["totals"] and r["outcome"] == e["outcome"]
    assert r["deal_points"] == e["deal_points"] and r["scores"] == e["scores_after"]
    assert r["_over"] == e["game_over"] and r["_winner"] == e["winner"]


def test_tie_hang_and_collect() -> None:
    tie = {"maker": 0, "card_points": [76, 86], "last_trick": 0, "sequence_points": [0, 0],
           "bella": [0, 0], "scores_before": [50, 50]}
    r = engine_score(tie, hanging=30, maker_tie="hang")
    assert r["outcome"] == "tie" and r["deal_points"] == [0, 86] and r["awarded"] == [0, 86]
    assert r["hanging_in"] == 30 and r["hanging_out"] == 116 and r["scores"] == [50, 136]
    assert r["_state"].view(None)["hanging"] == 116
    # a bete deal: the opponent has the larger total and collects the hanging points
    bete = {"maker": 1, "card_points": [70, 62], "last_trick": 1, "sequence_points": [50, 0],
            "bella": [0, 20], "scores_before": [200, 300]}
    r = engine_score(bete, hanging=116, maker_tie="hang")
    assert r["outcome"] == "bete" and r["deal_points"] == [212, 0] and r["awarded"] == [328, 0]
    assert r["hanging_to"] == 0 and r["hanging_out"] == 0 and r["scores"] == [528, 300]
    assert r["_over"] and r["_winner"] == 0
    # maker_zero: hanging stays 0 and the maker's points are lost
    r = engine_score(tie, maker_tie="maker_zero")
    assert r["hanging_out"] == 0 and r["awarded"] == [0, 86]


def test_equal_scores_at_target_play_on() -> None:
    ex = {"maker": 0, "card_points": [90, 90], "last_trick": 0, "sequence_points": [0, 0],
          "bella": [0, 20], "scores_before": [480, 460]}
    r = engine_score(ex)  # 100 / 110: maker bete, opponent scores 210 -> 480 / 670
    assert r["_over"] and r["_winner"] == 1
    ex = {"maker": 0, "card_points": [90, 80], "last_trick": 0, "sequence_points": [0, 0],
          "bella": [0, 0], "scores_before": [450, 470]}
    r = engine_score(ex)  # 100 / 80 made: 550 / 550, both over the target but equal: another deal
    assert r["scores"] == [550, 550] and not r["_over"] and r["_winner"] is None
    st = r["_state"]
    assert st.current_player == core.CHANCE and st.view(None)["dealer"] == 1 - r["dealer"]


# ---------------------------------------------------- bidding examples 17-19
def test_example_bidding_named_suit() -> None:
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck([], [], "9H")})
    act(s, bid("pass"), bid("pass"))
    act(s, bid("S"))
    v = s.view(None)
    assert v["maker"] == 0 and v["trump"] == "S" and v["contract"]["how"] == "named"
    assert v["hand_sizes"] == [9, 9] and v["stock_size"] == 12 and v["bottom"] is not None
    skip_to_play(s)
    assert s.current_player == 0 and s.view(None)["leader"] == 0


def test_example_bidding_all_pass() -> None:
    s = new(0)
    act(s, {"type": "deal", "deck": make_deck([], [], "TC")})
    act(s, bid("pass"), bid("pass"), bid("pass"), bid("pass"))
    assert s.current_player == core.CHANCE
    r = s.deal_results[-1]
    assert r["outcome"] == "annulled" and r["reason"] == "all_pass" and r["scores"] == [0, 0]
    v = s.view(None)
    assert v["dealer"] == 1 and v["phase"] == "deal" and v["hidden"] == {} and v["unseen"] == []
    assert s.scores == [0, 0]


def test_example_bidding_second_round_choices() -> None:
    s = new(0)
    act(s, {"type": "deal", "deck": make_deck([], [], "TC")})
    act(s, bid("pass"), bid("pass"))
    assert s.current_player == 1
    assert [a.call for a in s.legal_actions()] == ["S", "H", "D", "pass"]
    with pytest.raises(core.IllegalAction, match="clubs was turned down"):
        act(s, bid("C"))
    with pytest.raises(core.IllegalAction, match="second round"):
        act(s, bid("take"))


def test_first_round_refusals() -> None:
    s = new(0)
    act(s, {"type": "deal", "deck": make_deck([], [], "TC")})
    with pytest.raises(core.IllegalAction, match="only take clubs or pass"):
        act(s, bid("H"))
    with pytest.raises(core.IllegalAction, match="take or pass"):
        act(s, bid("schmeiss"))
    with pytest.raises(core.IllegalAction, match="bid"):
        act(s, play("7S"))
    with pytest.raises(core.IllegalAction, match="not time to deal"):
        act(s, {"type": "deal", "deck": ALL})


# ----------------------------------------------------------------- schmeiss
def test_schmeiss_round_one() -> None:
    s = new(0, schmeiss=True)
    act(s, {"type": "deal", "deck": make_deck([], [], "TC")})
    assert [a.call for a in s.legal_actions()] == ["take", "pass", "schmeiss"]
    act(s, bid("schmeiss"))
    assert s.view(None)["phase"] == "schmeiss" and s.current_player == 0
    assert [a.call for a in s.legal_actions()] == ["annul", "play"]
    with pytest.raises(core.IllegalAction, match="annul the deal or play"):
        act(s, bid("pass"))
    act(s, bid("play"))
    v = s.view(None)
    assert v["maker"] == 0 and v["trump"] == "C" and v["contract"]["how"] == "schmeiss"
    skip_to_play(s)
    assert s.current_player == 1  # the non-dealer leads whoever the maker is

    s = new(0, schmeiss="true")
    act(s, {"type": "deal", "deck": make_deck([], [], "TC")})
    act(s, bid("pass"), bid("schmeiss"), bid("annul"))
    r = s.deal_results[-1]
    assert r["outcome"] == "annulled" and r["reason"] == "schmeiss"
    assert s.current_player == core.CHANCE and s.view(None)["dealer"] == 1


def test_schmeiss_round_two_names_a_suit() -> None:
    s = new(0, schmeiss=True)
    act(s, {"type": "deal", "deck": make_deck([], [], "TC")})
    act(s, bid("pass"), bid("pass"), bid("pass"))
    assert [a.call for a in s.legal_actions()] == ["S", "H", "D", "pass", "schmeiss"]
    act(s, bid("schmeiss"))  # the dealer (seat 0) calls it, seat 1 answers
    act(s, bid("play"))
    assert s.view(None)["phase"] == "naming" and s.current_player == 1
    assert [a.call for a in s.legal_actions()] == ["S", "H", "D"]
    with pytest.raises(core.IllegalAction, match="any suit but clubs"):
        act(s, bid("C"))
    act(s, bid("D"))
    v = s.view(None)
    assert v["maker"] == 1 and v["trump"] == "D"


# -------------------------------------------------------------------- bella
def _bella_state(announce: bool) -> Klaberjass:
    # seat 0 (non-dealer, maker of hearts) holds KH QH and leads both
    s0 = ["KH", "QH", "AS", "TS", "KS", "QS", "AD", "TD", "KD"]
    s1 = ["7S", "8S", "9S", "JS", "7D", "8D", "9D", "JD", "7C"]
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck(s0, s1, "8H", bottom="7H")})
    act(s, bid("take"))
    skip_to_play(s)
    assert legal_json(s).count(play("KH")) == 1 and play("KH", "bella") not in legal_json(s)
    with pytest.raises(core.IllegalAction, match="second of the king and queen"):
        act(s, play("KH", "bella"))
    act(s, play("KH"))
    act(s, play("7C"))  # seat 1 has no hearts nor trumps
    assert play("QH", "bella") in legal_json(s) and play("QH") in legal_json(s)
    act(s, play("QH", "bella") if announce else play("QH"))
    return s


@pytest.mark.parametrize("announce", [True, False])
def test_bella(announce: bool) -> None:
    s = _bella_state(announce)
    assert s.view(None)["bella"] == [announce, False]
    assert s.events[-1] == ({"type": "played", "seat": 0, "card": "QH", "call": "bella"} if announce
                            else {"type": "played", "seat": 0, "card": "QH"})
    random_playout_one_deal(s)
    r = s.deal_results[-1]
    assert r["bella"] == ([20, 0] if announce else [0, 0])
    assert r["totals"][0] == r["card_points"][0] + r["declarations"][0] + r["bella"][0]


def random_playout_one_deal(s: core.State, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(100):
        if s.current_player is None or s.current_player == core.CHANCE:
            return
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("deal did not end")


def test_unknown_call_with_play_refused() -> None:
    s = _bella_state(False)
    before = s.to_record()
    with pytest.raises(core.IllegalAction, match="not an announcement"):
        act(s, play(s.legal_actions()[0].card or "", "belote"))
    assert s.to_record() == before


# ---------------------------------------------------- views and determinization
def test_hidden_info_and_from_view_mid_first_trick() -> None:
    # seat 0 (non-dealer) declares clubs 7-T and leads the 9C, then seat 1 must answer
    s0 = ["7C", "8C", "9C", "TC", "AS", "8D", "TD", "QS", "7S"]
    s1 = ["QH", "KH", "AH", "9S", "KS", "7D", "QD", "AD", "AC"]
    s = new(1)
    act(s, {"type": "deal", "deck": make_deck(s0, s1, "9H")})
    act(s, bid("take"))
    while s.view(None)["phase"] == "exchange":
        act(s, {"type": "keep"})
    act(s, {"type": "declare", "cards": ["7C", "8C", "9C", "TC"], "call": "50"}, {"type": "done"})
    act(s, play("9C"))
    v1 = s.view(1)
    assert v1["declarations"][0] == [{"call": "50", "cards": None}]
    assert "7C" in v1["unseen"] and "7C" not in str({k: v for k, v in v1.items() if k != "unseen"})
    rebuilt = Klaberjass.from_view(v1, s.hidden_zones(1))
    assert rebuilt.legal_actions() == s.legal_actions()
    act(rebuilt, play("AC"))
    act(s, play("AC"))
    assert rebuilt.view(None)["declarations"] == s.view(None)["declarations"]
    assert s.view(1)["declarations"][0][0]["cards"] == ["7C", "8C", "9C", "TC"]
    assert s.view(1)["known"][0] == ["7C", "8C", "TC"]
    assert s.events[-1] == {"type": "revealed", "seat": 0, "sequences": [["7C", "8C", "9C", "TC"]]}


def test_dealt_events_are_private() -> None:
    s = new(1)
    deck = make_deck([], [], "9H")
    act(s, {"type": "deal", "deck": deck})
    mine = [e for e in s.events_for(0) if e["type"] == "dealt" and e["seat"] == 0]
    assert mine and sorted(mine[0]["cards"]) == sorted(deck[0:3] + deck[6:9])
    assert all("cards" not in e for e in s.events_for(1) if e["type"] == "dealt" and e["seat"] == 0)
    assert s.view(None)["turned"] == "9H" and s.view(None)["stock_size"] == 19


def test_illegal_actions_leave_state_unchanged() -> None:
    rng = random.Random(3)
    s = new(0, schmeiss=True, sequence_scoring="all_of_winner")
    bad = [core.Action("play", card="JH"), core.Action("bid", call="take"), core.Action("keep"),
           core.Action("exchange", card="7H"), core.Action("declare", cards=("7H", "8H", "9H"), call="20"),
           core.Action("done"), core.Action("bid", call="NT"), core.Action("break", n=3),
           core.Action("deal", deck=tuple(ALL[:31]))]
    for _ in range(300):
        if s.current_player is None:
            break
        before = (s.to_record(), s.view(0), s.view(1))
        legal = set(s.legal_actions())
        for a in bad:
            if a in legal or (s.current_player == core.CHANCE and a.type == "deal" and len(a.deck or ()) == 32):
                continue
            with pytest.raises(core.IllegalAction):
                s.apply(a)
            assert (s.to_record(), s.view(0), s.view(1)) == before
        if s.current_player == core.CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))


def test_options_validated() -> None:
    with pytest.raises(core.OptionError, match="maker_tie"):
        new(0, maker_tie="split")
    with pytest.raises(core.OptionError, match="klaberjass is played by 2"):
        core.new_match("klaberjass", players=4)
    s = new(0)
    assert s.options == {"target_score": 500, "sequence_scoring": "best_only", "maker_tie": "maker_zero",
                         "dix_exchange": "turned_suit_only", "schmeiss": False}


# ----------------------------------------------------------- property tests
def spec_legal(hand: Iterable[str], lead: str, trump: str) -> set[str]:
    """§9 written out directly on card strings."""
    hand = list(hand)
    same = [c for c in hand if c[1] == lead[1]]
    if same:
        if lead[1] == trump:
            higher = [c for c in same if TRUMP_ORDER.index(c[0]) > TRUMP_ORDER.index(lead[0])]
            return set(higher or same)
        return set(same)
    trumps = [c for c in hand if c[1] == trump]
    return set(trumps or hand)


@given(st.lists(st.sampled_from(ALL), min_size=1, max_size=9, unique=True), st.sampled_from(ALL),
       st.sampled_from(SUITS))
def test_property_legal_cards(hand: list[str], lead: str, trump: str) -> None:
    if lead in hand:
        hand.remove(lead)
    if not hand:
        return
    got = set(mask_to_strs(legal_play_mask(strs_to_mask(hand), CARD_IDS[lead], SUITS.index(trump))))
    assert got == spec_legal(hand, lead, trump)
    assert got  # never empty


@given(st.sampled_from(ALL), st.sampled_from(ALL), st.sampled_from(SUITS))
def test_property_trick_winner(lead: str, follow: str, trump: str) -> None:
    if lead == follow:
        return
    if follow[1] == lead[1]:
        order = TRUMP_ORDER if lead[1] == trump else PLAIN_ORDER
        expect = order.index(follow[0]) > order.index(lead[0])
    else:
        expect = follow[1] == trump
    assert trick_winner2(CARD_IDS[lead], CARD_IDS[follow], SUITS.index(trump)) == expect
    assert trick_winner([CARD_IDS[lead], CARD_IDS[follow]], SUITS.index(trump)) == int(expect)


def _spec_key(run: list[str], trump: str) -> tuple[int, int, int]:
    top = max(SEQ_ORDER.index(c[0]) for c in run)
    return (len(run), top, int(run[0][1] == trump))


runs_strategy = st.builds(
    lambda s, start, n: [SEQ_ORDER[i] + s for i in range(start, min(8, start + n))],
    st.sampled_from(SUITS), st.integers(0, 5), st.integers(3, 8),
)


@given(st.lists(runs_strategy, max_size=2), st.lists(runs_strategy, max_size=2), st.sampled_from(SUITS),
       st.booleans())
def test_property_declaration_compare(r0: list[list[str]], r1: list[list[str]], trump: str,
                                      best_only: bool) -> None:
    def ids(runs: list[list[str]]) -> list[list[int]]:
        return [[CARD_IDS[c] for c in r] for r in runs]

    every = [c for r in r0 + r1 for c in r]
    assume(len(every) == len(set(every)))  # the two hands hold different cards
    t = SUITS.index(trump)
    winner, points = compare_sequences([ids(r0), ids(r1)], t, best_only)
    swapped = compare_sequences([ids(r1), ids(r0)], t, best_only)
    assert swapped == (None if winner is None else 1 - winner, points[::-1])
    k0 = max((_spec_key(r, trump) for r in r0), default=None)
    k1 = max((_spec_key(r, trump) for r in r1), default=None)
    if k0 is None and k1 is None:
        assert winner is None
    elif k1 is None or (k0 is not None and k0 > k1):
        assert winner == 0
    elif k0 is None or k1 > k0:
        assert winner == 1
    else:
        assert winner is None and r0[0][0][1] != trump
    if winner is None:
        assert points == [0, 0]
    else:
        runs = (r0, r1)[winner]
        values = [20 if len(r) == 3 else 50 for r in runs]
        best = max(runs, key=lambda r: _spec_key(r, trump))
        assert points[winner] == ((20 if len(best) == 3 else 50) if best_only else sum(values))
        assert points[1 - winner] == 0


@given(st.lists(st.sampled_from(ALL), min_size=0, max_size=12, unique=True), st.sampled_from(SUITS))
def test_property_runs_are_maximal(hand: list[str], trump: str) -> None:
    m = strs_to_mask(hand)
    runs = ranked_runs(m, SUITS.index(trump))
    assert sorted(map(sorted, runs)) == sorted(map(sorted, maximal_runs(m)))
    keys = [(len(r), max(r) & 15, int(r[0] >> 4 == SUITS.index(trump))) for r in runs]
    assert keys == sorted(keys, reverse=True)


@given(st.integers(0, 1), st.integers(0, 300), st.integers(0, 300), st.integers(0, 200),
       st.sampled_from(["maker_zero", "hang"]))
def test_property_score_deal(maker: int, m: int, o: int, hanging: int, tie: str) -> None:
    totals = [0, 0]
    totals[maker], totals[1 - maker] = m, o
    outcome, pts, hang_out, hang_to = score_deal(maker, totals, hanging, tie)
    assert min(pts) >= 0
    if m > o:
        assert outcome == "made" and pts == totals and hang_out == 0
        assert hang_to == (maker if hanging else None)
    elif m < o:
        assert outcome == "bete" and pts[maker] == 0 and pts[1 - maker] == m + o and hang_out == 0
        assert hang_to == ((1 - maker) if hanging else None)
    else:
        assert outcome == "tie" and pts[maker] == 0 and pts[1 - maker] == o and hang_to is None
        assert hang_out == (hanging + m if tie == "hang" else hanging)


def _independent_deal_check(result: dict[str, Any], events: list[dict[str, Any]], hanging_in: int) -> None:
    """Recompute a played deal's result from its public events with the spec's arithmetic."""
    trump = next(e["suit"] for e in events if e["type"] == "trump")
    maker = next(e["maker"] for e in events if e["type"] == "trump")
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(tricks) == 9
    cards = [0, 0]
    for tr in tricks:
        pts = sum((TRUMP_PTS if c[1] == trump else PLAIN_PTS)[c[0]] for c in tr["cards"])
        assert pts == tr["points"]
        cards[tr["winner"]] += pts
    cards[tricks[-1]["winner"]] += 10
    seq = next(e["points"] for e in events if e["type"] == "sequences")
    bella = [0, 0]
    for e in events:
        if e["type"] == "played" and e.get("call") == "bella":
            bella[e["seat"]] += 20
    totals = [cards[s] + seq[s] + bella[s] for s in (0, 1)]
    assert result["card_points"] == cards and result["card_total"] == sum(cards)
    assert result["totals"] == totals and result["maker"] == maker
    m, o = totals[maker], totals[1 - maker]
    expect = [0, 0]
    if m > o:
        expect = list(totals)
    elif m < o:
        expect[1 - maker] = m + o
    else:
        expect[1 - maker] = o
    assert result["deal_points"] == expect
    assert result["outcome"] == ("made" if m > o else "bete" if m < o else "tie")
    bonus = [0, 0]
    if m != o and hanging_in:
        bonus[maker if m > o else 1 - maker] = hanging_in
    assert result["awarded"] == [expect[s] + bonus[s] for s in (0, 1)]


@given(st.integers(0, 10_000), st.sampled_from(["maker_zero", "hang"]), st.booleans(), st.booleans())
def test_property_engine_scoring_matches_spec(seed: int, tie: str, all_of_winner: bool, schmeiss: bool) -> None:
    rng = random.Random(seed)
    s = new(seed % 2, maker_tie=tie, schmeiss=schmeiss,
            sequence_scoring="all_of_winner" if all_of_winner else "best_only", target_score=400)
    start_event = 0
    scores = [0, 0]
    hanging = 0
    for _ in range(5000):
        if s.current_player is None:
            break
        if s.current_player == core.CHANCE:
            start_event = s.event_count
            s.apply(s.sample_chance(rng))
            continue
        n_results = len(s.deal_results)
        s.apply(rng.choice(s.legal_actions()))
        if len(s.deal_results) > n_results:
            r = s.deal_results[-1]
            assert r["hanging_in"] == hanging
            if r["outcome"] != "annulled":
                _independent_deal_check(r, s.events[start_event:], hanging)
            assert r["scores"] == [scores[i] + r["awarded"][i] for i in (0, 1)]
            assert all(r["scores"][i] >= scores[i] for i in (0, 1))
            scores, hanging = r["scores"], r["hanging_out"]
    assert s.current_player is None
    assert s.winner == match_winner(s.scores, 400)
    assert s.events[-1] == {"type": "match_over", "scores": s.scores, "winner": s.winner}


def test_dealer_alternates_and_match_ends() -> None:
    s = new(1)
    random_playout(s, random.Random(11))
    dealers = [r["dealer"] for r in s.deal_results]
    assert dealers == [(1 + i) % 2 for i in range(len(dealers))]
    assert max(s.scores) >= 500 and s.scores[s.winner or 0] == max(s.scores)
    assert s.view(None)["phase"] == "over" and s.legal_actions() == []
    with pytest.raises(core.IllegalAction, match="over"):
        act(s, play("7H"))


def test_replay_round_trip() -> None:
    s = new(0, schmeiss=True, maker_tie="hang", dix_exchange="any_trump")
    random_playout(s, random.Random(5))
    again = core.replay(s.to_record())
    assert again.view(0) == s.view(0) and again.events == s.events


def test_all_cards_accounted_for_in_the_play() -> None:
    s = new(0)
    rng = random.Random(9)
    act(s, {"type": "deal", "deck": make_deck([], [], "9H")})
    act(s, bid("take"))
    for _ in range(40):
        zones = s.card_zones()
        flat = [c for cards in zones.values() for c in cards]
        assert sorted(flat) == sorted(ALL)
        if s.current_player == core.CHANCE:
            break
        s.apply(rng.choice(s.legal_actions()))
    assert s.current_player == core.CHANCE


def test_engine_legal_actions_match_spec_in_random_matches() -> None:
    """In random matches, every seat decision offers exactly what §5-§9 allow."""
    rng = random.Random(21)
    for match in range(12):
        s = new(match % 2, schmeiss=bool(match % 3 == 0),
                dix_exchange=("turned_suit_only", "any_trump", "off")[match % 3])
        for _ in range(3000):
            cp = s.current_player
            if cp is None:
                break
            if cp == core.CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            v = s.view(cp)
            legal = legal_json(s)
            assert legal == v["legal"]
            ph = v["phase"]
            hand = v["hands"][cp]
            if ph == "play":
                trump = v["trump"]
                lead = v["trick"][0]["card"] if v["trick"] else None
                want = set(hand) if lead is None else spec_legal(hand, lead, trump)
                assert {a["card"] for a in legal} == want
                mine = [c for tr in v["tricks"] for i, c in enumerate(tr["cards"])
                        if (tr["leader"] if i == 0 else 1 - tr["leader"]) == cp]
                bella = {a["card"] for a in legal if a.get("call") == "bella"}
                pair = {"K" + trump, "Q" + trump}
                assert bella == {c for c in want & pair if (pair - {c}) <= set(mine)}
            elif ph == "exchange":
                holder = "7" + v["trump"] in hand
                assert [a["type"] for a in legal] == (["exchange", "keep"] if holder else ["keep"])
            elif ph == "declaring":
                runs = ranked_runs(strs_to_mask(hand), SUITS.index(v["trump"]))
                made = [d["cards"] for d in v["declarations"][cp]]
                expect = [] if (made and v["options"]["sequence_scoring"] == "best_only") else [
                    r for r in runs if [CARD_STRS[c] for c in r] not in made]
                assert [a["cards"] for a in legal if a["type"] == "declare"] == [
                    [CARD_STRS[c] for c in r] for r in expect]
            elif ph == "bidding":
                calls = [a["call"] for a in legal]
                extra = ["schmeiss"] if v["options"]["schmeiss"] else []
                if v["bidding_round"] == 1:
                    assert calls == ["take", "pass", *extra]
                else:
                    assert calls == [x for x in SUITS if x != v["turned_suit"]] + ["pass", *extra]
            s.apply(core.action_from_json(rng.choice(legal)))
        assert s.current_player is None
