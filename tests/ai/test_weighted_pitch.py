"""``normal``'s weighted Pitch card play (``core.ai.weighted_pitch``): tables, legality, worked positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import cards as calibration
from core.ai import weighted_pitch as wp
from core.ai.heuristic import PlayInfo, choose_card
from core.ai.knowledge import Table, cid, mask, table_for
from core.cards import CARD_STRS
from tests.ai.test_weighted import _positions


def _pitch(trump: str = "H", bidder: int = 0) -> Table:
    return table_for({"game": "pitch", "players": 4, "options": {}, "sides": [[0, 2], [1, 3]], "trump": trump,
                      "contract": {"bidder": bidder, "bid": 6, "trump": trump}})


def _pick(me: int, trick: list[tuple[int, str]], hand: list[str], out: list[str], order: list[int],
          bidder: int = 0) -> str:
    tb = _pitch(bidder=bidder)
    info = PlayInfo(tb, me, [(s, cid(c)) for s, c in trick], mask(out), order, {}, tb.side_of(bidder))
    return CARD_STRS[choose_card(info, sorted(cid(c) for c in hand))]


def test_every_weight_table_has_one_weight_per_feature() -> None:
    assert 4 in wp.FOLLOW_WEIGHTS
    for w in wp.LEAD_WEIGHTS.values():
        assert len(w) == len(wp.FEATURES)
    for w in wp.FOLLOW_WEIGHTS.values():
        assert len(w) == len(wp.FOLLOW_FEATURES)


@pytest.mark.parametrize("players", [4, 5])
def test_weighted_pitch_choices_are_legal(players: int) -> None:
    seen = 0
    for _view, info, legal in _positions("pitch", players, seed=11, limit=80):
        held = mask([CARD_STRS[c] for c in legal])
        if not info.trick:
            assert all(len(wp.lead_features(info, held, c)) == len(wp.FEATURES) for c in legal)
            pick = wp.weighted_lead(info, held, legal)
            weights = wp.LEAD_WEIGHTS
        else:
            assert all(len(wp.follow_features(info, held, c)) == len(wp.FOLLOW_FEATURES) for c in legal)
            pick = wp.weighted_follow(info, held, legal)
            weights = wp.FOLLOW_WEIGHTS
        if players in weights and info.trick and wp._fight_for_the_three(info, wp._Trick(info), legal):
            assert pick is None  # the plain rule fights for the three
        elif players in weights:
            assert pick in legal
            seen += 1
        else:
            assert pick is None
        assert choose_card(info, legal) in legal
    assert seen > 0 or players not in wp.FOLLOW_WEIGHTS


def test_worked_pitch_positions() -> None:
    out = ["KH", "QH", "JH", "TH", "2H", "X1", "X2", "JD", "4H", "6H"]
    # The partner's ace of trumps cannot be beaten: the three of trumps goes on it.
    assert _pick(2, [(0, "AH"), (1, "5H")], ["3H", "9H", "8H"], out, [3]) == "3H"
    # An opponent's ace wins the trick: keep the three, give the cheapest card.
    assert _pick(2, [(1, "AH")], ["3H", "9H", "8H"], out, [3, 0]) == "8H"


def test_pitch_calibration_collects_and_fits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pos.jsonl"
    assert calibration.main(["collect", "--game", "pitch", "--players", "4", "--matches", "2", "--playouts", "6",
                             "--out", str(out)]) == 0
    assert len(out.read_text().splitlines()) >= 40
    for kind, names in (("lead", wp.FEATURES), ("follow", wp.FOLLOW_FEATURES)):
        capsys.readouterr()
        assert calibration.main(["fit", str(out), "--kind", kind, "--stage", "all"]) == 0
        fitted = json.loads(next(line for line in capsys.readouterr().out.splitlines() if line.startswith("{")))
        assert len(fitted["weights"]) == len(names)


def test_the_three_in_an_opponents_trick_is_fought_for_by_the_rule() -> None:
    tb = _pitch(bidder=1)
    out = ["QH", "AH", "TH", "9H", "X1"]
    trick = [(2, cid("2H")), (3, cid("3H"))]
    hand = ["JD", "7H", "8H", "KH"]
    info = PlayInfo(tb, 0, trick, mask(out), [1], {}, tb.side_of(1))
    legal = sorted(cid(c) for c in hand)
    # Every winner may be beaten by the opponent still to play: the weights step aside for the rule ...
    assert wp.weighted_follow(info, mask(hand), legal) is None
    # ... which wins with the king (only the ace beats it), not with the seven or eight.
    assert _pick(0, [(2, "2H"), (3, "3H")], hand, out, [1], bidder=1) == "KH"
    # Without the three in the trick the weights decide.
    quiet = PlayInfo(tb, 0, [(2, cid("2H")), (3, cid("4H"))], mask(out), [1], {}, tb.side_of(1))
    assert wp.weighted_follow(quiet, mask(hand), legal) is not None


def _lead(hand: list[str], out: list[str], *, me: int = 0, bidder: int = 0, opening: bool = True) -> str:
    tb = _pitch(bidder=bidder)
    info = PlayInfo(tb, me, [], mask(out), [], {}, tb.side_of(bidder), 0, opening)
    return CARD_STRS[choose_card(info, sorted(cid(c) for c in hand))]


def test_the_bidder_does_not_open_with_the_ace() -> None:
    out = ["QH", "TH", "9H", "X1", "X2", "JD", "4H", "6H", "3H", "8H"]
    # The low scores for whoever plays it: it opens.
    assert _lead(["AH", "KH", "JH", "7H", "2H"], out) == "2H"
    # Without it, the trump jack draws the opponents' queen while the ace and king stay behind.
    assert _lead(["AH", "KH", "JH", "7H", "5H"], out) == "JH"
    assert _lead(["AH", "KH", "JD", "7H", "5H"], [*out[:5], "JH", *out[6:]]) == "JD"
    # Without the low and the jacks: the smallest card that neither counts nor is sure to win.
    assert _lead(["AH", "KH", "7H", "5H", "3H"], out + ["JH"]) == "5H"
    # After the first card of the deal, or on the defending side, the usual rule leads the master ace.
    assert _lead(["AH", "KH", "JH", "7H", "5H"], out, opening=False) == "AH"
    assert _lead(["AH", "KH", "JH", "7H", "5H"], out, me=1) == "AH"


def test_the_opening_is_known_from_a_view_and_in_a_rollout() -> None:
    from core.ai.heuristic import play_info
    from core.ai.memory import Memory
    from core.ai.search import Track
    from tests.util import normal_decisions

    # The deal's first card: the first decision of a seeded match whose every legal action is a card.
    st, view = next((state.clone(), view) for state, view in normal_decisions("pitch", 4, 5, steps=400)
                    if all(a.type == "play" for a in state.legal_actions()))
    memory = Memory()
    tb = memory.update(view)
    assert play_info(view, tb, memory).opening
    track = Track(view)
    assert track.opening
    first = st.legal_actions()[0]
    assert first.card is not None
    st.apply(first)
    track.played(int(view["seat"]), cid(first.card))
    assert not track.opening
    after = st.view(st.current_player)
    assert not play_info(after, memory.update(after), memory).opening
    assert not Track(after).opening


def test_the_big_joker_is_not_the_low() -> None:
    from core.ai.heuristic import loss_value, pitch_estimate
    from core.ai.knowledge import is_two

    tb = _pitch()
    # X1 has card id 64: its rank bits are those of a two, but it is captured like any point card.
    assert not is_two(cid("X1")) and not is_two(cid("X2")) and is_two(cid("2H"))
    assert loss_value(tb, cid("X1")) == 1 and loss_value(tb, cid("X2")) == 1
    assert loss_value(tb, cid("2H")) == 0 and loss_value(tb, cid("3H")) == 3
    ctx = wp._Context(PlayInfo(tb, 0, [], mask(["AH"]), [], {}, 0), mask(["X1", "2H", "9H"]))
    assert wp._common(ctx, cid("X1"))[1:4] == (1 / 3, 0.0, 0.0)  # carries a point, not the three, not the low
    assert wp._common(ctx, cid("2H"))[1:4] == (0.0, 0.0, 1.0)
    # The hand estimate keeps the weight its bid thresholds were measured with: the big joker as the low.
    assert pitch_estimate(mask(["X1", "9H"]), 1, {}) == pitch_estimate(mask(["2H", "9H"]), 1, {})
    assert pitch_estimate(mask(["X2", "9H"]), 1, {}) < pitch_estimate(mask(["X1", "9H"]), 1, {})
