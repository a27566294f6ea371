"""The table's zones never overlap: hands, trick area, stock, HUD, prompt, speech bubbles and banners, for
every game and player count at 960x540, 1920x1080 and 3840x2160 (the table's own layout code gives the
rectangles: ``client/scenes/table_zones.py``)."""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame
import pytest

import core.ai
from client.anim import Banner
from client.reasons import render
from client.scenes.table import TableScene
from tests.client.driver import Player, quick_table, run_until

GAMES = [("klaberjass", 2), ("belote", 4), ("deberts", 2), ("deberts", 3), ("deberts", 4), ("tertz", 2),
         ("pitch", 4), ("pitch", 5)]
SIZES = ["960x540", "1920x1080", "3840x2160"]
BUBBLE = "No declaration"
"""A long bubble (and a common one)."""

# which zones may never touch (trick cards are what the prompt must leave visible; the trick *area* is
# where any seat's card lands, which bubbles, the stock and the HUD keep clear of)
PAIRS = [
    ("bubble", "bubble"), ("bubble", "hand"), ("bubble", "fan"), ("bubble", "plate"), ("bubble", "trick area"),
    ("bubble", "stock"), ("bubble", "hud"), ("bubble", "prompt"), ("bubble", "banner"), ("bubble", "hint"),
    ("banner", "hand"), ("banner", "fan"), ("banner", "plate"), ("banner", "trick"), ("banner", "stock"),
    ("banner", "hud"), ("banner", "prompt"),
    ("prompt", "hand"), ("prompt", "stock"), ("prompt", "hud"), ("prompt", "plate"), ("prompt", "trick"),
    ("prompt", "fan"),
    ("hud", "hand"), ("hud", "fan"), ("hud", "plate"), ("hud", "trick area"), ("hud", "stock"),
    ("stock", "trick area"), ("stock", "plate"), ("stock", "fan"), ("stock", "hand"),
    ("hand", "trick area"),
    ("hint", "hud"), ("hint", "plate"), ("hint", "fan"), ("hint", "hand"), ("hint", "stock"), ("hint", "prompt"),
]


def zones(t: TableScene) -> dict[str, list[pygame.Rect]]:
    """Every zone of the table as it is drawn now."""
    out: dict[str, list[pygame.Rect]] = {
        "hand": [r for r in [t.hand_zone()] if r is not None],
        "fan": [r for r in (t.opponent_zone(s) for s in range(t.players)) if r is not None],
        "plate": t.plate_zones(),
        "trick area": t.trick_zones(),
        "trick": t.trick_card_zones(),
        "stock": [t.stock_zone()] if t.stock_shows() else [],
        "hud": list(t._hud_rects),
        "prompt": [r for r in [t.prompt_zone()] if r is not None],
        "bubble": list(t.bubble_rects().values()),
        "hint": [h[2] for h in [t.hint_line()] if h is not None],
    }
    out["banner"] = [r for r in [t.banner_rect()] if r is not None]
    return out


def overlaps(t: TableScene) -> list[tuple[str, str, pygame.Rect, pygame.Rect]]:
    """The pairs of zones that overlap (``PAIRS``), and the screen edges crossed."""
    z = zones(t)
    screen = pygame.Rect((0, 0), t.app.size)
    bad = [(name, "screen", r, screen) for name in ("bubble", "banner", "prompt", "hud")
           for r in z[name] if not screen.contains(r)]
    for a, b in PAIRS:
        for i, ra in enumerate(z[a]):
            for j, rb in enumerate(z[b]):
                if (a != b or i < j) and ra.colliderect(rb):
                    bad.append((a, b, ra, rb))
    return bad


def _check(t: TableScene, when: str) -> None:
    """Every seat's bubble, a banner and a long hint at once (the worst case), drawn once, then no zone
    overlaps."""
    app = t.app
    legal = (t.view or {}).get("legal") or []
    if legal:
        t.hint = (legal[0], "give the rest of the stock to your partner: your hand is full enough")
    t.bubbles = {s: (BUBBLE, 2.0) for s in range(t.players)}
    t.banners = deque([Banner("Tertz!", "North", life=5.0)])
    app.frame(1 / 60)
    t.bubbles = {s: (BUBBLE, 2.0) for s in range(t.players)}
    assert t.banner_rect() is not None
    bad = overlaps(t)
    assert not bad, (app.size, t.view and t.view.get("game"), t.players, when, bad[:4])
    if t.view and legal:
        # The hint our seat would really get, and an announcement coming up with it: the banner keeps clear
        # of the hint line, and the hint line is drawn over banners (a wide one may find no band clear of it).
        action, why = core.ai.make_bot("normal", seed=1).suggest(t.view)
        t.hint = (action.to_json(), render(why) if why else "")
        t.bubbles = {}
        t.banners = deque([Banner("Belote!", "North", life=5.0)])
        drawn: list[str] = []
        banner_draw, hint_draw = Banner.draw, t._draw_hint

        def spy_banner(self: Banner, *args: Any, **kw: Any) -> None:
            drawn.append("banner")
            banner_draw(self, *args, **kw)

        def spy_hint(surf: pygame.Surface) -> None:
            drawn.append("hint")
            hint_draw(surf)

        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(Banner, "draw", spy_banner)
            mp.setattr(t, "_draw_hint", spy_hint)
            app.frame(1 / 60)
        assert drawn[-2:] == ["banner", "hint"], drawn
        z = zones(t)
        clash = [(b, h) for b in z["banner"] for h in z["hint"] if b.colliderect(h)]
        assert not clash, (app.size, t.view.get("game"), t.players, when, t.hint, clash)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_zones_never_overlap(size: str, game: str, players: int) -> None:
    """A whole deal: at each of our decisions (bids, namings, calls, discards, cards) and once while a bot
    thinks mid-trick."""
    app, t = quick_table(["--game", game, "--players", str(players), "--seed", "3", "--level", "random", "--speed",
                          "40", "--no-sound", "--windowed", size])
    player = Player(4)
    seen: set[Any] = set()
    kinds: set[str] = set()

    def decide(a: Any) -> bool:  # a decision of ours not checked yet
        v = t.view or {}
        return t.my_turn() and t._idle() and t.result is None and v.get("seq") not in seen

    def deal_over(a: Any) -> bool:
        return t.result is not None or bool((t.view or {}).get("match_over"))

    for _ in range(40):
        run_until(app, lambda a: decide(a) or deal_over(a), player=player, max_frames=20000)
        if deal_over(app):
            break
        v = t.view or {}
        seen.add(v.get("seq"))
        kinds |= {str(x.get("type")) for x in v.get("legal", [])}
        _check(t, str(v.get("phase")))
    assert "play" in kinds and len(seen) >= 3
    app.shutdown()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_zones_clear_while_a_bot_thinks(size: str, game: str, players: int) -> None:
    app, t = quick_table(["--game", game, "--players", str(players), "--seed", "5", "--level", "random", "--speed",
                          "40", "--no-sound", "--windowed", size])

    def mid_trick(a: Any) -> bool:
        return bool(t.trick) and t._idle() and not t.my_turn() and t.result is None

    run_until(app, mid_trick, player=Player(2), max_frames=20000)
    t.session.bot_delay = 50.0
    _check(t, "bot to play")  # our own bubble shows too
    app.shutdown()


def _mid_trick_table(game: str, players: int, size: str) -> tuple[Any, TableScene]:
    app, t = quick_table(["--game", game, "--players", str(players), "--seed", "2", "--level", "random", "--speed",
                          "40", "--no-sound", "--windowed", size])

    def mid_trick(a: Any) -> bool:
        return bool((t.view or {}).get("trick")) and t._idle() and not t.my_turn()
    run_until(app, mid_trick, player=Player(2), max_frames=20000)
    t.session.bot_delay = 50.0
    return app, t


def test_a_bubble_stays_where_it_moved_once_its_place_is_free_again() -> None:
    """A bubble that gave way to something (a banner coming up) keeps its new place when that goes: it does
    not hop back and forth beside its plate."""
    app, t = _mid_trick_table("deberts", 4, "1280x720")
    seat = next(s for s in range(t.players) if s != t.me)
    t.bubbles = {seat: ("Pass", 2.5)}
    first = t.bubble_rects()[seat]
    obstacles = t.bubble_obstacles
    t.bubble_obstacles = lambda s: obstacles(s) + [first.inflate(4, 4)]  # type: ignore[method-assign]
    moved = t.bubble_rects()[seat]
    assert not moved.colliderect(first)
    t.bubble_obstacles = obstacles  # type: ignore[method-assign]
    assert t.bubble_rects()[seat] == moved  # the old place is free again, yet it stays
    t.bubbles = {}
    t.bubble_rects()
    t.bubbles = {seat: ("Pass", 2.5)}
    assert t.bubble_rects()[seat] == first  # a new bubble starts from the usual place
    app.shutdown()


@pytest.mark.parametrize("game,players", [("pitch", 5), ("deberts", 4), ("belote", 4)])
def test_every_bubble_is_nearest_its_own_plate(game: str, players: int) -> None:
    """However crowded the table (every seat speaking under a banner), a bubble is never put nearer another
    seat's name plate than its own, where it would read as that seat's words (ours shows above our hand)."""
    app, t = _mid_trick_table(game, players, "1280x720")
    t.banners = deque([Banner("Partner: ace of hearts", "called by North-west", life=5.0)])
    t.bubbles = {s: ("Discards 7 cards", 2.5) for s in range(t.players)}
    app.frame(1 / 60)
    t.bubbles = {s: ("Discards 7 cards", 2.5) for s in range(t.players)}
    plates = t.plate_zones()
    for seat, r in t.bubble_rects().items():
        if seat == t.me:
            continue
        d = [((p.centerx - r.centerx) ** 2 + (p.centery - r.centery) ** 2) for p in plates]
        assert d[seat] <= min(d), (game, seat, r, plates[seat])
    app.shutdown()


def test_a_tricks_points_never_pop_up_over_the_turned_card() -> None:
    """Klaberjass at 1280x720: the points of a trick North wins pop up beside its plate on the side away
    from the stock and the turned card (they used to sit on the turned card)."""
    app, t = quick_table(["--game", "klaberjass", "--players", "2", "--seed", "3", "--level", "random", "--speed",
                          "2", "--no-sound", "--windowed", "1280x720"])
    north = 1 - t.me
    seen = 0
    player = Player(2)
    for i in range(20000):
        if i % 2 == 0:
            player.step(app)
        app.frame(1 / 60)
        ours = [p for p in t.popups if p.text.startswith("+") and p.age < 0.05
                and abs(p.pos[1] - t.lay.spot(north).plate[1]) < app.size[1] * 0.2]  # type: ignore[union-attr]
        for p in ours:
            s = app.scale
            box = pygame.Rect(0, 0, int(60 * s), int(40 * s))
            box.center = (int(p.pos[0]), int(p.pos[1]))
            assert box.collidelist(t.stock_parts()) < 0, (p.text, box, t.stock_parts())
            seen += 1
        if seen >= 2 and t.shown_turned():
            break
    assert seen >= 2
    app.shutdown()
