"""Banners find a free band of the table: never over the stock, the trick cards, the name plates or the HUD."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from client.anim import Banner
from tests.client.driver import Player, quick_table, run_until


@pytest.mark.parametrize("size", ["960x540", "1920x1080", "3840x2160"])
@pytest.mark.parametrize("game,players", [("deberts", 3), ("belote", 4), ("tertz", 2)])
def test_banner_band_is_clear_of_cards_plates_and_hud(size: str, game: str, players: int) -> None:
    app, t = quick_table(["--game", game, "--players", str(players), "--seed", "2", "--level", "random",
                          "--speed", "40", "--no-sound", "--windowed", size])

    def mid_trick(a: Any) -> bool:
        return bool((t.view or {}).get("trick")) and t._idle() and not t.my_turn()
    run_until(app, mid_trick, player=Player(2), max_frames=20000)
    t.session.bot_delay = 50.0
    app.frame(1 / 60)
    banners = [Banner("Tertz!", "North")]
    if game != "tertz":  # the sentence about sequences (Deberts, and as wide a banner in Belote)
        banners.append(Banner("Sequences", "Your tertz to the jack loses to West's tertz to the king"))
    for b in banners:
        x, y = t.banner_spot(b)
        bw, bh = b.size(app.size[0], app.fonts, app.scale)
        band = pygame.Rect(int(x - bw / 2), int(y - bh / 2), bw, bh)
        assert band.left >= 0 and band.right <= app.size[0]
        hits = [o for o in t.banner_obstacles() if band.colliderect(o)]
        assert not hits, (size, game, b.text, band, hits)
    app.shutdown()


def test_an_announcement_fades_once_play_moves_on() -> None:
    from client.anim import Banner

    b = Banner("Partner: ace of hearts", "called by North-west")
    b.update(0.2)
    b.hurry()
    assert b.alive
    b.update(0.31)
    assert not b.alive


def test_a_fading_banner_fades_whole_band_title_and_line_together() -> None:
    """The band's border and its second line fade with the title: no empty box is left behind."""
    from client import ui

    pygame.font.init()
    fonts = ui.Fonts()

    def lit(age: float) -> tuple[int, int]:
        surf = pygame.Surface((800, 300))
        surf.fill((0, 0, 0))
        b = Banner("Belote!", "West announces", life=2.0)
        b.age = age
        b.draw(surf, fonts, (400, 150), 1.0)
        line = pygame.Rect(250, 150 + 32 - 12, 300, 24)  # where the second line is drawn
        border = pygame.Rect(0, 150 + 50, 800, 6)  # the band's lower edge (110 px high, centred)
        def total(r: pygame.Rect) -> int:
            return sum(sum(surf.get_at((x, y))[:3]) for x in range(r.left, r.right) for y in range(r.top, r.bottom))
        return total(line), total(border)

    line_full, border_full = lit(0.8)
    line_fading, border_fading = lit(1.9)  # 0.1 s left of 2 s: a fifth of full strength
    assert line_full > 0 and border_full > 0
    assert line_fading < 0.35 * line_full
    assert border_fading < 0.35 * border_full
    assert lit(2.0) == (0, 0)


def test_an_opening_banner_reveals_its_title_with_its_line() -> None:
    """While the band slides open, the middle of its title shows already (clipped inside the band), not the
    second line alone in a box without a title."""
    from client import ui

    pygame.font.init()
    fonts = ui.Fonts()
    b = Banner("Trumps: Hearts", "chosen by You", life=2.0)
    full_w = b.size(800, fonts, 1.0)[0]
    b.age = 0.05  # the band is still narrower than its title
    surf = pygame.Surface((800, 300))
    surf.fill((0, 0, 0))
    b.draw(surf, fonts, (400, 150), 1.0)
    open_w = sum(1 for x in range(800) if surf.get_at((x, 150 + 50))[:3] != (0, 0, 0))  # the band's lower edge
    assert 0 < open_w < full_w
    title_row = pygame.Rect(400 - open_w // 2 + 14, 150 - 14 - 12, max(1, open_w - 28), 24)
    gold = sum(1 for x in range(title_row.left, title_row.right) for y in range(title_row.top, title_row.bottom)
               if (lambda c: c[0] > 150 and c[1] > 110 and c[2] < 140)(surf.get_at((x, y))))
    assert gold > 40  # the title's gold letters, inside the border


def test_nothing_after_a_queued_announcement_shows_before_it() -> None:
    """Four-handed Pitch announces the contract, then the trumps: the next seat's "Discards" bubble waits until
    the trumps' banner is on screen (it used to show while that banner still queued behind the contract's)."""
    app, t = quick_table(["--game", "pitch", "--players", "4", "--seed", "5", "--level", "normal",
                          "--no-sound", "--windowed", "960x540"])
    queued_at_bubble: list[tuple[str, int]] = []
    most_queued = 0
    shown = t.bubble

    def spy(seat: int, text: str) -> None:
        queued_at_bubble.append((text, len(t.banners)))
        shown(seat, text)

    t.bubble = spy  # type: ignore[method-assign]

    def discards_done(a: Any) -> bool:
        nonlocal most_queued
        most_queued = max(most_queued, len(t.banners))
        return str((t.view or {}).get("phase")) == "play" and t._idle()
    run_until(app, discards_done, player=Player(3), max_frames=20000)
    assert most_queued >= 2  # the trumps' banner did wait behind the contract's
    assert any("iscard" in text for text, _n in queued_at_bubble)
    late = [(text, n) for text, n in queued_at_bubble if n > 1]
    assert not late, late
    app.shutdown()


def test_a_fading_label_fades_its_border_and_words_with_its_panel() -> None:
    """Speech bubbles and the refusal line fade as one layer: no bare border or lone words at the end."""
    from client import ui

    pygame.font.init()
    fonts = ui.Fonts()
    words = fonts.text("Belote!", 18, (20, 16, 8), "bold")

    def lit(alpha: int) -> tuple[int, int]:
        surf = pygame.Surface((200, 60))
        surf.fill((0, 0, 0))
        surf.blit(ui.fading_label((160, 40), (250, 240, 214), ui.GOLD_DARK, 10, 2, words, alpha), (20, 10))
        border = sum(sum(surf.get_at((x, 11))[:3]) for x in range(40, 160))  # the top edge
        middle = sum(sum(surf.get_at((x, 30))[:3]) for x in range(40, 160))  # across the words
        return border, middle

    full = lit(255)
    faint = lit(40)
    assert full[0] > 0 and full[1] > 0
    assert faint[0] < 0.25 * full[0] and faint[1] < 0.25 * full[1]
    assert lit(0) == (0, 0)


def test_an_opponents_declared_cards_fade_out_instead_of_vanishing() -> None:
    app, t = quick_table(["--game", "klaberjass", "--seed", "2", "--level", "random", "--speed", "40",
                          "--no-sound", "--windowed", "960x540"])
    run_until(app, lambda a: (t.view or {}).get("phase") == "play" and t._idle() and t.my_turn(),
              player=Player(2), max_frames=20000)
    t.session.bot_delay = 50.0
    other = 1 - t.me
    assert not ((t.view or {}).get("known") or [[], []])[other]

    def shot(left: float | None) -> pygame.Surface:
        t.shown_decl.clear()
        if left is not None:
            t.shown_decl[other] = (["9C", "TC", "JC"], left)
        surf = pygame.Surface(app.size)
        t.draw(surf)
        return surf

    def difference(a: pygame.Surface, b: pygame.Surface) -> int:
        w, h = a.get_size()
        return sum(abs(a.get_at((x, y))[0] - b.get_at((x, y))[0]) for x in range(0, w, 3) for y in range(0, h, 3))

    bare = shot(None)
    full = difference(shot(2.0), bare)
    fading = difference(shot(0.06), bare)  # 0.06 s of the last 0.4 s left
    assert full > 0
    assert fading < 0.3 * full
    app.shutdown()
