"""The presentation queue: a finished trick holds, then sweeps; state changes only with its motion."""

from __future__ import annotations

import math
from typing import Any

import pytest

from client import labels
from tests.client.driver import Player, click, quick_table, run_until


def _tertz_table(seed: int = 3) -> tuple[Any, Any]:
    app, table = quick_table(["--game", "tertz", "--players", "2", "--seed", str(seed), "--level", "random",
                              "--speed", "1", "--no-sound"])
    return app, table


def _plate_tricks(table: Any, seat: int) -> int:
    tw = (table.view or {}).get("tricks_won") or [0, 0]
    return int(tw[seat]) + table.trick_bonus.get(seat, 0)


def _to_held_trick_with_draw(app: Any, table: Any) -> None:
    def held(a: Any) -> bool:
        return table.collecting is not None and labels.stock_count(table.view or {}) > 2
    run_until(app, held, player=Player(2), max_frames=6000)


def test_finished_trick_holds_then_sweeps_and_state_follows_the_motion() -> None:
    app, table = _tertz_table()
    _to_held_trick_with_draw(app, table)
    assert app.settings.trick_hold == 1.2
    shown = [sp.card for _, sp in table.trick]
    assert len(shown) == 2
    winner = table.collecting["winner"]
    tricks_before = [_plate_tricks(table, s) for s in range(2)]
    stock_before = labels.stock_count(table.view)
    hand_before = list(table.hand_order)
    staged = table.staged
    assert staged is not None and not table.my_turn()  # the next position waits behind the animation
    # for the whole hold (1.2 s at speed 1) both cards lie on the table, still, and nothing else changes
    for _ in range(66):
        app.frame(1 / 60)
        assert [sp.card for _, sp in table.trick] == shown
        assert not any(sp.moving for _, sp in table.trick)
        assert [_plate_tricks(table, s) for s in range(2)] == tricks_before
        assert table._draw_stock_count() == stock_before
        assert table.hand_order == hand_before
    # then the sweep: the cards fly to the winner together; the count goes up when they land
    swept = False
    landed_at = None
    for i in range(240):
        app.frame(1 / 60)
        if table.collecting is None and not swept:
            swept = True
            assert not table.trick and len([f for f in table.flights if f.card in shown]) == 2
            assert [_plate_tricks(table, s) for s in range(2)] == tricks_before
        if landed_at is None and _plate_tricks(table, winner) == tricks_before[winner] + 1:
            landed_at = i
            assert not any(f.card in shown for f in table.flights)  # counted as the cards arrive
        if table.fresh and not table.hand[next(iter(table.fresh))].t > 0.2:
            break
    assert swept and landed_at is not None
    # the drawn card flies from the stock, highlighted; the stock count drops with it; nothing reorders
    # (if a decision of ours comes before the draw is shown, it is played as a person would)
    if not table.fresh:
        run_until(app, lambda a: bool(table.fresh), player=Player(2), max_frames=900)
    fresh = next(iter(table.fresh))
    sp = table.hand[fresh]
    assert sp.moving or sp.t == 0.0
    assert abs(sp.src[0] - table.lay.stock[0]) < 2 and abs(sp.src[1] - table.lay.stock[1]) < 2
    assert table._draw_stock_count() < stock_before
    kept = [c for c in table.hand_order if c in hand_before]
    assert kept == [c for c in hand_before if c in kept]
    app.shutdown()


def test_a_collected_tricks_cards_stay_in_sight_until_each_one_flies() -> None:
    """The sweep starts the cards one after another; a card waiting for its turn stays where it lay (it used
    to vanish for those few frames), while a card flying in from the stock stays unseen until it starts."""
    import pygame

    from client.anim import CardSprite

    app, table = _tertz_table(seed=5)
    _to_held_trick_with_draw(app, table)
    shown = [sp.card for _, sp in table.trick]
    for _ in range(400):
        app.frame(1 / 60)
        if table.collecting is None:
            break
    waiting = [f for f in table.flights if f.card in shown and f.delay > 0 and f.t == 0.0]
    assert waiting  # the later card of the trick waits for its turn

    def lit(sp: CardSprite) -> int:
        surf = pygame.Surface(app.size)
        surf.fill((0, 0, 0))
        sp.draw(surf, app.cards)
        x, y = int(sp.pos[0]), int(sp.pos[1])
        return sum(1 for dx in range(-8, 9) for dy in range(-8, 9) if surf.get_at((x + dx, y + dy))[:3] != (0, 0, 0))

    for sp in waiting:
        assert lit(sp) > 200, sp.card  # still drawn where it lay
    incoming = CardSprite("AS", table.lay.card_w, table.lay.stock)
    incoming.fly(table.lay.center, 0.0, dur=0.3, delay=0.2)
    assert lit(incoming) == 0  # not at the stock before its turn
    app.shutdown()


def test_a_click_collects_the_held_trick_at_once() -> None:
    app, table = _tertz_table(seed=4)
    _to_held_trick_with_draw(app, table)
    app.frame(1 / 60)
    click((table.app.size[0] // 2, table.app.size[1] // 2))
    app.frame(1 / 60)
    assert table.collecting is None and not table.trick
    app.shutdown()


def test_hand_order_is_stable_across_a_whole_deal_of_tertz() -> None:
    app, table = _tertz_table(seed=5)
    orders: list[list[str]] = []

    def watch(a: Any, i: int) -> None:
        if table.hand_order and (not orders or orders[-1] != table.hand_order):
            orders.append(list(table.hand_order))
    run_until(app, lambda a: table.result is not None, player=Player(5), max_frames=20000, on_frame=watch)
    trump_known = [o for o in orders]
    for a, b in zip(trump_known, trump_known[1:], strict=False):
        common = [c for c in a if c in b]
        assert [c for c in b if c in common] == common, (a, b)
    app.shutdown()


def test_trick_hold_setting_is_kept_and_clamped(private_config: Any) -> None:
    from client.settings import Settings

    s = Settings(trick_hold=99.0)
    s.clean()
    assert s.trick_hold == 5.0
    s = Settings(trick_hold="x")  # type: ignore[arg-type]
    s.clean()
    assert s.trick_hold == 1.2


def test_a_deal_fills_the_fans_as_the_backs_land_and_asks_us_only_then() -> None:
    """Five-handed Pitch deals seat by seat: each fan grows as its backs land (it used to show all ten cards
    at once), and our bid is asked for only once every seat's cards have arrived."""
    app, table = quick_table(["--game", "pitch", "--players", "5", "--seed", "5", "--level", "normal", "--no-sound",
                              "--windowed", "1280x720", "--speed", "1"])

    def shown(seat: int) -> int:
        sizes = (table.view or {}).get("hand_sizes") or []
        return max(0, int(sizes[seat]) + table.hand_delta.get(seat, 0))

    seen_counts: dict[int, set[int]] = {s: set() for s in range(1, 5)}
    asked_while_dealing = False
    for _ in range(1200):
        app.frame(1 / 60)
        dealing = any(e.get("type") == "dealt" for e in table.events) or any(f.tag == "deal" for f in table.flights)
        if (table.view or {}).get("phase") == "bidding":
            for s in seen_counts:
                seen_counts[s].add(shown(s))
            asked_while_dealing |= dealing and bool(table.action_buttons or table.card_actions)
        if table.my_turn() and not dealing:
            break
    assert table.my_turn() and table.action_buttons  # the bid is asked for once the deal has landed
    assert not asked_while_dealing
    for s, counts in seen_counts.items():
        assert 0 in counts and 10 in counts and len(counts) >= 3, (s, counts)  # empty, growing, full
    app.shutdown()


@pytest.mark.parametrize("game,players", [("pitch", 5), ("pitch", 4), ("deberts", 4), ("klaberjass", 2)])
def test_the_other_seats_card_counts_change_only_with_their_motion(game: str, players: int) -> None:
    """Blinds, the rest of the stock, discards and burns move the other seats' fans as they are shown, so
    adopting the next position never makes a count jump (five-handed Pitch's fans went from 10 to 2 at once)."""
    app, table = quick_table(["--game", game, "--players", str(players), "--seed", "5", "--level", "normal",
                              "--no-sound", "--windowed", "1280x720", "--speed", "4"])

    def counts() -> list[int]:
        sizes = (table.view or {}).get("hand_sizes") or []
        return [max(0, int(sizes[s]) + table.hand_delta.get(s, 0)) for s in range(len(sizes)) if s != table.me]

    jumps: list[tuple[list[int], list[int]]] = []
    adopted = 0
    adopt = table._adopt_staged

    def watched() -> None:
        nonlocal adopted
        before = counts()
        adopt()
        adopted += 1
        if counts() != before:
            jumps.append((before, counts()))

    table._adopt_staged = watched  # type: ignore[method-assign]
    player = Player(3)
    run_until(app, lambda a: table.deal_count >= 1 and table.result is None and bool(table.hand), player=player,
              max_frames=12000)
    assert adopted > 10
    assert not jumps, jumps
    app.shutdown()


@pytest.mark.parametrize("game,players", [("tertz", 2), ("deberts", 3)])
def test_a_seats_trick_count_never_goes_down(game: str, players: int) -> None:
    """A swept trick counts for its winner as its last card lands.  When the next position was adopted while
    that card was still in the air, the landing counted the trick a second time ("6 tricks", then "5")."""
    app, table = quick_table(["--game", game, "--players", str(players), "--seed", "5", "--level", "normal",
                              "--no-sound", "--windowed", "1280x720", "--speed", "4"])
    shown: dict[tuple[int, int], int] = {}
    drops: list[tuple[int, int, int, int]] = []
    tricks_seen = 0

    def watch(_app: Any, frame: int) -> None:
        nonlocal tricks_seen
        v = table.view or {}
        won = v.get("tricks_won")
        if not isinstance(won, list):
            return
        deal = len(v.get("deals") or [])
        for seat, n in enumerate(won):
            count = int(n) + table.trick_bonus.get(seat, 0)
            before = shown.get((deal, seat), 0)
            if 0 < count < before:  # (a new deal starts again from none)
                drops.append((frame, seat, before, count))
            tricks_seen = max(tricks_seen, count)
            shown[(deal, seat)] = count

    run_until(app, lambda a: table.deal_count >= 2, player=Player(3), max_frames=30000, on_frame=watch)
    assert tricks_seen >= 4
    assert not drops, drops
    app.shutdown()


def test_the_seven_swapped_for_the_turned_card_moves_with_its_bubble() -> None:
    """Klaberjass: North swaps the seven of clubs for the turned nine. As its bubble shows, the nine flies to
    North and the seven to the nine's place (the old card used to stay in view for half a second more)."""
    app, table = quick_table(["--game", "klaberjass", "--players", "2", "--seed", "2", "--level", "normal",
                              "--no-sound", "--windowed", "1280x720", "--speed", "1"])
    player = Player(3)
    run_until(app, lambda a: table.shown_turned() == "9C", player=player, max_frames=600)
    run_until(app, lambda a: any("Swapped" in text for text, _left in table.bubbles.values()), player=player,
              max_frames=3000)
    assert table.shown_turned() != "9C"  # the nine left its place with the bubble
    assert {f.card for f in table.flights if f.moving} == {"9C", "7C"}
    run_until(app, lambda a: not any(f.moving for f in table.flights), max_frames=120)
    assert table.shown_turned() == "7C" and table.staged is not None  # the seven lies there before the view
    app.shutdown()


def test_the_turned_card_flies_to_the_seat_that_takes_it() -> None:
    """Four-handed Deberts: the taker's two cards include the turned king; it flies face up from its place."""
    app, table = quick_table(["--game", "deberts", "--players", "4", "--seed", "1", "--level", "normal", "--no-sound",
                              "--windowed", "1280x720", "--speed", "1"])
    player = Player(3)
    run_until(app, lambda a: table.shown_turned() == "KH", player=player, max_frames=600)
    run_until(app, lambda a: table.shown_turned() is None, player=player, max_frames=3000)
    assert "KH" in [f.card for f in table.flights if f.moving]  # face up, beside the backs of the other card
    app.shutdown()


def test_continue_clears_the_finished_deals_points_and_outcome() -> None:
    """The deal's score popups and its outcome banner fade at once when the player continues: they do not
    float over the next deal's dealing."""
    app, table = _tertz_table(seed=3)
    run_until(app, lambda a: table.result is not None and table.result_button is not None and bool(table.popups),
              player=Player(2), max_frames=30000)
    old = list(table.popups) + list(table.banners)
    click(table.result_button.rect.center)
    for _ in range(24):  # 0.4 s
        app.frame(1 / 60)
    assert not [p for p in table.popups if p in old] and not [b for b in table.banners if b in old]
    app.shutdown()


def test_the_words_before_a_lead_fade_as_play_goes_on() -> None:
    """Four-handed Pitch: the discards' bubbles are still up when the first card is led; they fade with it
    instead of staying two seconds into the trick."""
    app, table = quick_table(["--game", "pitch", "--players", "4", "--seed", "5", "--level", "normal", "--no-sound",
                              "--windowed", "1280x720", "--speed", "1"])
    run_until(app, lambda a: len(table.trick) == 1 and bool(table.bubbles), player=Player(3), max_frames=20000)
    before = dict(table.bubbles)
    for _ in range(30):  # half a second
        app.frame(1 / 60)
    assert not [s for s, (text, _left) in table.bubbles.items() if s in before and before[s][0] == text]
    app.shutdown()


@pytest.mark.parametrize("speed", [0.5, 1.0, 3.0])
def test_a_swept_trick_flies_for_as_long_as_the_queue_waits_at_every_speed(speed: float) -> None:
    """Card flights follow the animation speed as the pauses do.  They used to follow its square: at 3x a
    trick left the table in three frames, at 0.5x its cards flew for 1.7 s.  The queue waits for a sweep
    exactly as long as its last card flies, so the next position never shows before that card lands."""
    app, table = quick_table(["--game", "klaberjass", "--seed", "5", "--level", "normal", "--no-sound",
                              "--windowed", "1280x720", "--speed", str(speed)])
    frames = 0
    sweeps: list[dict[str, Any]] = []
    sweep = table._sweep

    def watched() -> None:
        cards = [sp for _seat, sp in table.trick]
        sweep()
        if cards:
            sweeps.append({"frame": frames, "last": cards[-1], "n": len(cards), "wait": table.wait, "landed": None})

    def watch(_app: Any, i: int) -> None:
        nonlocal frames
        frames = i + 1
        for s in sweeps:
            if s["landed"] is None and not s["last"].moving:
                s["landed"] = i

    table._sweep = watched  # type: ignore[method-assign]
    run_until(app, lambda a: len(sweeps) >= 3 and sweeps[2]["landed"] is not None, player=Player(3),
              max_frames=20000, on_frame=watch)
    for s in sweeps[:3]:
        flight = (0.42 + 0.03 * (s["n"] - 1)) / speed  # seconds, from the sweep to the last card's landing
        assert s["wait"] == pytest.approx(flight)
        frames_flown = s["landed"] - s["frame"] + 1
        assert abs(frames_flown - flight * 60) < 2, (s, frames_flown, flight * 60)
        assert s["landed"] <= s["frame"] + math.ceil(s["wait"] * 60 + 1e-6), s  # landed before the wait ends
    app.shutdown()
