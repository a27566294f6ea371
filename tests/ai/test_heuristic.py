"""The rules of thumb of the ``normal`` bot on hand-made positions."""

from __future__ import annotations

from core.ai.heuristic import PlayInfo, choose_card, hand_strength
from core.ai.knowledge import Table, cid, mask, table_for
from core.cards import CARD_STRS

SIDES4 = [[0, 2], [1, 3]]


def _belote(trump: str = "H") -> Table:
    return table_for({"game": "belote", "players": 4, "options": {}, "sides": SIDES4, "trump": trump,
                      "contract": {"contract": trump}})


def _pick(tb: Table, me: int, trick: list[tuple[int, str]], legal: list[str], out: list[str],
          order: list[int], maker: int | None = 0, forbidden: dict[int, int] | None = None) -> str:
    info = PlayInfo(tb, me, [(s, cid(c)) for s, c in trick], mask(out), order, forbidden or {}, maker)
    return CARD_STRS[choose_card(info, [cid(c) for c in legal])]


def test_partner_winning_safely_gets_our_points() -> None:
    tb = _belote()
    # Partner (seat 0) leads the master ace of spades; seat 3, still to play, may
    # hold spades, so it must follow and cannot win: give partner the ten.
    out = ["7S", "9S", "QH", "KH", "7C", "8C", "9D"]
    assert _pick(tb, 2, [(0, "AS"), (1, "8S")], ["TS", "JS"], out, [3]) == "TS"


def test_partner_trick_in_danger_is_not_smeared() -> None:
    tb = _belote()
    # Partner's king of spades can still be beaten by the unseen ace: keep the ten.
    out = ["AS", "9S", "QH", "7C"]
    assert _pick(tb, 2, [(0, "KS"), (1, "8S")], ["TS", "7S"], out, [3]) == "7S"


def test_last_to_play_wins_cheaply() -> None:
    tb = _belote()
    # Opponents winning with the queen of spades; we are last: win, cashing the ace.
    assert _pick(tb, 3, [(0, "QS"), (1, "7S"), (2, "8S")], ["AS", "KS", "9S"], ["TS"], []) == "AS"


def test_lost_trick_sheds_the_least_valuable_card() -> None:
    tb = _belote()
    # Void in clubs with no trump: throw the cheapest card, never the ace of diamonds.
    assert _pick(tb, 1, [(0, "AC")], ["AD", "7D", "KS"], ["TC", "9C"], [2, 3]) == "7D"


def test_declarer_draws_trumps_with_the_master_trump() -> None:
    tb = _belote()
    assert _pick(tb, 0, [], ["JH", "7H", "AS"], ["9H", "AH", "KC"], [], maker=0) == "JH"


def test_defender_cashes_a_master_ace() -> None:
    tb = _belote()
    assert _pick(tb, 1, [], ["AS", "7C", "8D"], ["TS", "KS", "JH", "9H"], [], maker=0) == "AS"


def test_pitch_partner_winning_gets_the_points() -> None:
    tb = table_for({"game": "pitch", "players": 4, "options": {}, "sides": SIDES4, "trump": "H"})
    # Partner's ace of hearts wins for sure: throw the jack (a point) on it.
    assert _pick(tb, 2, [(0, "AH"), (1, "4H")], ["JH", "5H"], ["KH", "QH"], [3]) == "JH"


def test_hand_strength_prefers_the_jack_nine_suit() -> None:
    hand = mask(["JH", "9H", "AH", "7S", "8C"])
    assert hand_strength("belote", hand, 1, "trump") > hand_strength("belote", hand, 0, "trump")


def test_pitch_fights_for_the_three_with_the_strongest_winner() -> None:
    tb = table_for({"game": "pitch", "players": 4, "options": {}, "sides": SIDES4, "trump": "C"})
    # Partner led the 2 of clubs, the opponent on our right took the lead with the 3 (worth 3 points);
    # the last opponent may still overtake: win with the king, not the seven it would beat.
    out = ["QC", "AC", "TC", "9C", "X1"]
    assert _pick(tb, 0, [(2, "2C"), (3, "3C")], ["JS", "7C", "8C", "KC"], out, [1], maker=2) == "KC"


def test_pitch_pointless_trick_is_won_cheaply_or_ducked() -> None:
    tb = table_for({"game": "pitch", "players": 4, "options": {}, "sides": SIDES4, "trump": "C"})
    # Nothing the winner would take is in the trick (the 2 stays with its player): no king wasted on it.
    out = ["QC", "AC", "TC", "9C", "X1"]
    assert _pick(tb, 0, [(2, "2C"), (3, "4C")], ["7C", "KC"], out, [1], maker=2) == "7C"
