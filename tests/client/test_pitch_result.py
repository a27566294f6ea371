"""The Pitch result panel says why each side scored what it did (bid against points taken, the defenders'
points, the game point, burned point cards)."""

from __future__ import annotations

from typing import Any

from client.scenes.table_hud import pitch_reason
from tests.client.driver import Player, make_app, run_until, table_of

NAMES = ["You", "West", "North", "East"]
SIDES = [[0, 2], [1, 3]]


def test_a_set_bid_with_a_tied_game_point_and_burned_cards() -> None:
    r = {"outcome": "set", "bid": "7", "bidding_side": [1, 3], "bidding_points": 5, "defending_points": 3,
         "card_total": 8, "awarded": [3, -7], "game_point": None, "burned_points": 1}
    text = pitch_reason(r, NAMES, SIDES, {"ten_point": "game"})
    assert text == ("West & East bid 7 but took 5 of the 8 points in play: set, -7. You & North took 3 and score "
                    "them. The game point was tied: nobody took it. 1 point burned out of play.")


def test_defenders_who_do_not_score_and_the_moon() -> None:
    r = {"outcome": "made", "bid": "4", "bidding_side": [0, 2], "bidding_points": 8, "defending_points": 2,
         "card_total": 10, "awarded": [8, 0], "game_point": None, "burned_points": 0}
    assert pitch_reason(r, NAMES, SIDES, {"ten_point": "ten_card"}) == (
        "You & North bid 4 and took 8 of the 10 points in play: made, +8. West & East took 2, which defenders "
        "do not score here.")
    moon = dict(r, outcome="moon_failed", bid="moon", bidding_points=9, defending_points=1, awarded=[0, 1])
    assert pitch_reason(moon, NAMES, SIDES, {}).startswith(
        "You & North shot the moon but took 9 of the 10 points in play: the moon is missed.")


def test_which_side_took_which_point_card() -> None:
    r = {"outcome": "made", "bid": "5", "bidding_side": [0, 2], "bidding_points": 6, "defending_points": 4,
         "card_total": 10, "awarded": [6, 4], "game_point": None, "burned_points": 0,
         "point_cards": [{"point": "high_joker", "seat": 1, "points": 1}, {"point": "ace", "seat": 0, "points": 1},
                         {"point": "three", "seat": 2, "points": 3}, {"point": "off_jack", "seat": 3, "points": 1}]}
    text = pitch_reason(r, NAMES, SIDES, {"ten_point": "ten_card"})
    assert text.endswith("Points taken: You & North: ace, three; West & East: high joker, off-jack.")


def test_the_result_panel_of_a_real_deal_explains_the_score() -> None:
    app = make_app(["--game", "pitch", "--players", "4", "--seed", "4", "--level", "random", "--speed", "40",
                    "--no-sound", "--windowed", "1280x720"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0

    def shown(a: Any) -> bool:
        return t.result is not None

    run_until(app, shown, player=Player(3), max_frames=40000)
    r = t.result
    assert r is not None
    why = t._result_reason(r)
    assert f"took {r['bidding_points']} of the {r['card_total']} points in play" in why
    assert why.split(":")[0].endswith(f"bid {r['bid']} and took {r['bidding_points']} of the {r['card_total']} "
                                      "points in play") or "moon" in why or "but took" in why
    assert "Points taken: " in why  # which side took which point card
    for seats in t.view["sides"]:
        if any(pc["seat"] in seats for pc in r["point_cards"]):
            assert " & ".join(t.names[s] for s in seats) + ": " in why.split("Points taken: ")[1]
    app.frame(1 / 60)  # drawn in the panel
    app.shutdown()
