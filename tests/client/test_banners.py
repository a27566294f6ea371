"""Banners find a free band of the table: never over the stock, the trick cards, the name plates or the HUD."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from client.anim import Banner
from tests.client.driver import Player, make_app, run_until, table_of


@pytest.mark.parametrize("size", ["960x540", "1920x1080", "3840x2160"])
@pytest.mark.parametrize("game,players", [("deberts", 3), ("belote", 4), ("tertz", 2)])
def test_banner_band_is_clear_of_cards_plates_and_hud(size: str, game: str, players: int) -> None:
    app = make_app(["--game", game, "--players", str(players), "--seed", "2", "--level", "random", "--speed", "40",
                    "--no-sound", "--windowed", size])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0

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
