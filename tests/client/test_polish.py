"""Play-test fixes: words in number, placement of pop-ups, refusal messages, readable card indices."""

from __future__ import annotations

from client.labels import count_text


def test_counts_agree_in_number() -> None:
    assert count_text(1, "card") == "1 card"
    assert count_text(0, "card") == "0 cards"
    assert count_text(2, "trick") == "2 tricks"
    assert count_text(1, "deal") == "1 deal"
    assert count_text(3, "match", "matches") == "3 matches"


def _rects_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_trick_popups_never_touch_a_plate_or_a_hand() -> None:
    """The '+24' of a trick, over its whole drift, stays clear of every name plate and every hand."""
    from client import layout

    for w, h in ((1280, 720), (1920, 1080), (3840, 2160), (1024, 768), (1600, 1000)):
        for players in (2, 3, 4, 5):
            for cw in (True, False):
                lay = layout.compute(w, h, players, 0, cw)
                s = lay.scale
                plates = [layout.plate_rect(lay, seat) for seat in range(players)]
                hands = []
                for seat in range(players):
                    spot = lay.spot(seat)
                    n = 9
                    if spot.side == "bottom":
                        width = min(lay.w * 0.6, lay.card_w * 9.5)
                        hands.append((spot.hand[0] - width / 2, spot.hand[1] - lay.card_w * 0.9, width,
                                      lay.card_w * 1.6))
                        continue
                    along = lay.small_w * 0.42 * (n - 1) + lay.small_w * 1.2
                    across = lay.small_w * 1.45
                    if spot.side == "top":
                        hands.append((spot.hand[0] - along / 2, spot.hand[1] - across / 2, along, across))
                    else:
                        hands.append((spot.hand[0] - across / 2, spot.hand[1] - along / 2, across, along))
                for seat in range(players):
                    (px, py), drift = layout.popup_spot(lay, seat)
                    tw, th = 70 * s, 34 * s  # "+124" at 26 px bold, with its shadow
                    y0 = min(py, py + drift * 34 * 26 / 30 * s) - th / 2
                    box = (px - tw / 2, y0, tw, th + 34 * s)
                    assert box[0] >= 0 and box[0] + box[2] <= w and box[1] >= 0 and box[1] + box[3] <= h, (
                        w, h, players, seat, box)
                    for other, pr in enumerate(plates):
                        assert not _rects_overlap(box, pr), (w, h, players, cw, seat, "plate", other, box, pr)
                    for other, hr in enumerate(hands):
                        assert not _rects_overlap(box, hr), (w, h, players, cw, seat, "hand", other, box, hr)


def test_score_sheet_marks_and_notes() -> None:
    from client.scenes.scoresheet import deal_notes, outcome_mark, side_marks

    sides = [[0, 2], [1, 3]]
    down = {"outcome": "doubled", "declarer": 1, "awarded": [52, 0], "contract": "AT"}
    made = {"outcome": "doubled", "declarer": 1, "awarded": [0, 112], "contract": "AT"}
    assert outcome_mark(down, sides) == ("doubled, down", "bad")
    assert outcome_mark(made, sides) == ("doubled, made", "good")
    assert side_marks(down, sides) == {1: ["B"]}
    bide = {"outcome": "bide", "maker_side": 0, "awarded": [0, 182]}
    assert side_marks(bide, sides) == {0: ["B"]}
    assert outcome_mark(bide, sides)[1] == "bad"
    hung = {"outcome": "hung", "declarer": 2, "awarded": [0, 81], "capot": None}
    assert side_marks(hung, sides) == {0: ["H"]}
    capot = {"outcome": "made", "declarer": 0, "awarded": [252, 0], "capot": 0}
    assert side_marks(capot, sides) == {0: ["C"]}
    names = ["You", "West", "North", "East"]
    notes = deal_notes({"declared": [{"seat": 1, "call": "tierce", "points": 20, "scored": True}],
                        "belotes": [{"seat": 2, "suit": "H"}], "hanging_out": 81}, names,
                       ["You & North", "West & East"])
    assert "by West (20)" in notes and "Belote by North" in notes and "81 hang" in notes
    assert deal_notes({"declarations": [0, 20]}, names, ["A", "B"], decl_column=True) == ""
    assert "B 20" in deal_notes({"declarations": [0, 20]}, names, ["A", "B"])


def test_a_refusal_names_the_card_and_goes_away_when_the_position_changes() -> None:
    from tests.client.driver import card_point, click, make_app, run_until, table_of

    app = make_app(["--game", "belote", "--players", "4", "--seed", "5", "--level", "random", "--speed", "30",
                    "--no-sound"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0

    def illegal_turn(a: object) -> bool:  # our turn to play with at least one card we may not play
        if t.result is not None:
            t._continue()
            return False
        if t.my_turn() and not t.card_actions and t.action_buttons and not t.events and t.wait <= 0:
            click(t.action_buttons[-1].rect.center)  # pass / nothing to declare
            return False
        return (t.my_turn() and bool(t.card_actions) and not t.events and t.wait <= 0
                and any(c not in t.card_actions for c in t.hand_order))

    run_until(app, illegal_turn, max_frames=6000)
    bad = next(c for c in t.hand_order if c not in t.card_actions)
    click(card_point(t, bad))
    app.frame(1 / 60)
    assert t.error is not None
    from client.labels import card_text
    assert t.error[0].startswith(f"Can't play {card_text(bad)}: ") and t.error[0].endswith(".")
    good = next(c for c in t.hand_order if c in t.card_actions)
    click(card_point(t, good))
    run_until(app, lambda a: t.view is not None and good not in t.hand_order, max_frames=200)
    assert t.error is None
    app.shutdown()


def test_every_prompt_explains_its_choice() -> None:
    """Bidding, trump naming, exchange, declarations, break, burn, partner call, remainder: a help line each."""
    from client.labels import prompt_help

    def bid(*calls: str) -> list[dict[str, str]]:
        return [{"type": "bid", "call": c} for c in calls]

    cases = [
        {"game": "deberts", "phase": "bidding", "turn_up": "KH", "legal": bid("play", "pass")},
        {"game": "deberts", "phase": "bidding", "turn_up": "KH", "legal": bid("S", "D", "C", "pass")},
        {"game": "klaberjass", "phase": "bidding", "turned": "9C", "legal": bid("take", "pass", "schmeiss")},
        {"game": "klaberjass", "phase": "schmeiss", "turned": "9C", "legal": bid("annul", "play")},
        {"game": "klaberjass", "phase": "naming", "turned": "9C", "legal": bid("S", "H", "D")},
        {"game": "belote", "phase": "bidding", "legal": bid("pass", "H", "NT", "AT")},
        {"game": "belote", "phase": "bidding", "legal": bid("pass", "double", "AT")},
        {"game": "pitch", "phase": "bidding", "legal": bid("pass", "4", "5", "moon")},
        {"game": "pitch", "phase": "trump", "legal": [{"type": "trump", "suit": "S"}]},
        {"game": "pitch", "phase": "call", "legal": [{"type": "declare", "call": "partner:AS"}]},
        {"game": "pitch", "phase": "remainder", "legal": [{"type": "keep"}, {"type": "declare", "call": "to_partner"}]},
        {"game": "pitch", "phase": "burn", "legal": [{"type": "discard", "cards": ["KS"]}]},
        {"game": "deberts", "phase": "exchange", "turn_up": "KH", "legal": [{"type": "exchange"}, {"type": "keep"}]},
        {"game": "deberts", "phase": "declaring", "legal": [{"type": "declare", "cards": ["7H", "8H", "9H"],
                                                             "call": "tertz"}, {"type": "done"}]},
        {"game": "tertz", "phase": "break", "legal": [{"type": "break", "n": k} for k in range(1, 13)]},
    ]
    for view in cases:
        text = prompt_help(view)
        assert len(text) > 30 and text.endswith("."), (view, text)
    assert "\u2665 Hearts" in prompt_help(cases[0]) and "Pass" in prompt_help(cases[0])
    assert "Schmeiss" in prompt_help(cases[2])
    assert "Moon" in prompt_help(cases[7])
    assert "K\u2665" in prompt_help(cases[12])
    assert prompt_help({"game": "belote", "phase": "play", "legal": [{"type": "play", "card": "7H"}]}) == ""


def test_hands_sort_trumps_first_in_contract_order_colours_alternating() -> None:
    from client.labels import sort_hand

    def suits(hand: list[str]) -> list[str]:
        out: list[str] = []
        for c in hand:
            if c[0] != "X" and (not out or out[-1] != c[1]):
                out.append(c[1])
        return out

    hand = ["7H", "JH", "AS", "9H", "TC", "KD", "AH", "QS", "8C"]
    d = sort_hand(hand, {"game": "deberts", "trump": "H"})
    assert d[:4] == ["JH", "9H", "AH", "7H"]  # trump order J 9 A 10 K Q 8 7
    assert suits(d) == ["H", "S", "D", "C"]  # red, black, red, black
    assert d[4:6] == ["AS", "QS"]  # plain order A 10 K Q J 9 8 7
    nt = sort_hand(["9S", "JS", "TS", "AS"], {"game": "belote", "contract": "NT", "trump": None})
    assert nt == ["AS", "TS", "JS", "9S"]
    at = sort_hand(["9S", "JS", "TS", "AS", "QH", "9H"], {"game": "belote", "contract": {"call": "AT"}, "trump": None})
    assert at[:4] == ["JS", "9S", "AS", "TS"]  # all trumps: every suit in trump order
    # Pitch: the whole trump set (jack, off-jack, jokers, ten...) first, strongest first
    p = sort_hand(["QD", "8D", "JH", "X2", "TD", "AS", "5C", "JD", "2D", "X1"],
                  {"game": "pitch", "trump": "D", "options": {"points": 10}})
    assert p[:8] == ["QD", "JD", "JH", "X1", "X2", "TD", "8D", "2D"]
    assert set(p[8:]) == {"AS", "5C"}
    # no trump yet: suits grouped with colours alternating
    n = sort_hand(["2H", "KS", "9D", "5C", "AH", "3S"], {"game": "pitch", "trump": None})
    ss = suits(n)
    assert len(ss) == 4 and all((a in "HD") != (b in "HD") for a, b in zip(ss, ss[1:], strict=False))


def test_capot_by_side_zero_gets_its_banner() -> None:
    from tests.client.driver import make_app, table_of

    app = make_app(["--game", "belote", "--players", "4", "--seed", "5", "--no-sound"])
    t = table_of(app)
    assert t is not None
    for _ in range(5):
        app.frame(1 / 60)
    t.banners.clear()
    t.result = {"deal": 1, "outcome": "made", "capot": 0, "declarer": 0, "awarded": [50, 0], "scores": [50, 0]}
    t._show_result()
    assert [b.text for b in t.banners][:1] == ["Capot!"] and "You & North" in t.banners[0].sub
    app.shutdown()


def test_colours_alternate_without_trumps_too() -> None:
    from client.labels import sort_hand

    h = sort_hand(["QS", "JS", "AC", "7C", "KD", "7D"], {"game": "deberts", "trump": None})
    order = [c[1] for c in h]
    groups = [s for i, s in enumerate(order) if i == 0 or order[i - 1] != s]
    assert groups in (["S", "D", "C"], ["C", "D", "S"])
    h2 = sort_hand(["KD", "7D", "9H", "AS"], {"game": "deberts", "trump": None})
    g2 = [s for i, s in enumerate([c[1] for c in h2]) if i == 0 or h2[i - 1][1] != s]
    assert g2 in (["H", "S", "D"], ["D", "S", "H"])


def test_ctrl_m_mutes_and_the_animation_speed_paces_the_table() -> None:
    import pygame

    from tests.client.driver import key, make_app, table_of

    app = make_app(["--game", "klaberjass", "--players", "2", "--seed", "3", "--no-sound"])
    t = table_of(app)
    assert t is not None
    muted = app.settings.muted
    key(pygame.K_m, pygame.KMOD_CTRL)
    app.frame(1 / 60)
    assert app.settings.muted is not muted and app.sounds.muted is not muted
    key(pygame.K_m, pygame.KMOD_CTRL)
    app.frame(1 / 60)
    assert app.settings.muted is muted
    t.session.bot_delay = 0.7
    app.settings.animation_speed = 1.0
    app.frame(1 / 60)
    slow = t.session.bot_delay
    app.settings.animation_speed = 3.0
    app.frame(1 / 60)
    assert t.session.bot_delay < slow  # bots answer faster at a higher animation speed
    hold_fast = t.trick_hold  # a finished trick's pause follows the speed too
    app.settings.animation_speed = 0.5
    hold_slow = t.trick_hold
    assert hold_slow > hold_fast
    app.shutdown()


def test_our_name_plate_sits_left_of_the_widest_hand() -> None:
    from client import layout

    for w, h in ((1280, 720), (1920, 1080), (3840, 2160), (1024, 768), (2560, 1080), (800, 600)):
        for players in (2, 3, 4, 5):
            lay = layout.compute(w, h, players, 0)
            x, y, pw, ph = layout.plate_rect(lay, 0)
            left = lay.spot(0).hand[0] - layout.hand_width(lay) / 2
            assert x >= 0 and (x + pw <= left or w < 1000), (w, h, players, x + pw, left)


def test_contract_line_before_pitch_trumps_are_named() -> None:
    from client.labels import contract_text

    v = {"game": "pitch", "contract": {"bidder": 0, "bid": "10", "trump": None}, "trump": None}
    assert contract_text(v, ["You"]) == "You: bid 10, trumps to name"
    v2 = {"game": "pitch", "contract": {"bidder": 0, "bid": "7", "trump": "H"}, "trump": "H"}
    assert contract_text(v2, ["You"]) == "You: bid 7 in \u2665 Hearts"


def test_a_bots_plate_stops_glowing_once_its_move_is_on_the_table() -> None:
    """The plate of the seat to move glows (a bot's reads "thinking") until that move's events are queued;
    through its card's flight and the finished trick's hold no plate glows, and once the table settles the
    next seat's does."""
    from tests.client.driver import Player, make_app, run_until, table_of

    app = make_app(["--game", "belote", "--players", "4", "--seed", "5", "--level", "random", "--no-sound"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0
    moves: set[int] = set()  # the positions whose bot card was seen queued

    def bot_card_queued(a: object) -> bool:  # a bot's card to a trick is staged, the old position still shown
        v = t.view or {}
        bot = v.get("current_player") not in (None, t.me)
        if t.staged is not None and bot and v.get("phase") == "play":
            moves.add(int(v["seq"]))
            assert t.shown_turn() is None
        return len(moves) >= 8

    player = Player(seed=4)
    run_until(app, bot_card_queued, player=player, max_frames=20000)
    run_until(app, lambda a: t.staged is None and not t.events and t.wait <= 0 and t.collecting is None,
              player=player, max_frames=2000)
    v = t.view or {}
    assert t.shown_turn() == v.get("current_player")
    t.wait = 0.5  # an animation still playing (a new deal's cards flying in): no plate glows yet
    assert t.shown_turn() is None
    app.shutdown()
