"""The card art: every court card has a figure of its own, and the corners follow the chosen indices."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.cards import CardArt  # noqa: E402


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.display.init()
    pygame.font.init()
    return CardArt()


def _figure(art: CardArt, card: str, width: int = 120) -> bytes:
    """The pixels of the figure's frame only (the corner indices left out)."""
    face = art.face(card, width)
    w, h = face.get_size()
    inner = face.subsurface(pygame.Rect(int(w * 0.3), int(h * 0.15), int(w * 0.4), int(h * 0.3))).copy()
    return pygame.image.tobytes(inner, "RGB")


@pytest.mark.parametrize("rank", "JQK")
def test_each_suit_has_its_own_court_figure(art: CardArt, rank: str) -> None:
    art.configure("classic", "crimson")
    figures = {_figure(art, rank + suit) for suit in "SHDC"}
    assert len(figures) == 4, f"{rank}: the suits share a figure"


def test_corner_letters_follow_the_indices(art: CardArt) -> None:
    art.configure("classic", "crimson", "В Д К Т")
    russian_jack = pygame.image.tobytes(art.face("JS", 100), "RGB")
    assert art.letters == {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
    art.configure("classic", "crimson", "J Q K A")
    assert pygame.image.tobytes(art.face("JS", 100), "RGB") != russian_jack  # В is not J: the cache was cleared


def test_joker_words_are_configurable(art: CardArt) -> None:
    art.configure("classic", "crimson", words={"joker": "JOKER", "high": "HIGH", "low": "LOW"})
    english = pygame.image.tobytes(art.face("X1", 100), "RGB")
    art.configure("classic", "crimson", words={"joker": "ДЖОКЕР", "high": "СТАРШИЙ", "low": "МЛАДШИЙ"})
    assert pygame.image.tobytes(art.face("X1", 100), "RGB") != english
