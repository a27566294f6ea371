"""The launcher: a drawn icon and a .desktop file; the ``bella`` console command."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from client import desktop


def test_desktop_files_are_written_with_a_drawn_icon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert desktop.main([]) == 0
    icon = tmp_path / "data" / "icons" / "hicolor" / "256x256" / "apps" / "bella.png"
    entry = tmp_path / "data" / "applications" / "bella.desktop"
    img = pygame.image.load(str(icon))
    assert img.get_size() == (256, 256)
    assert tuple(img.get_at((128, 128)))[:3] == (206, 28, 40)  # the heart in the middle
    text = entry.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]") and "\nExec=bella\n" in text and "\nIcon=bella\n" in text
    assert "Categories=Game;CardGame;" in text


def test_bella_console_command_is_declared() -> None:
    root = Path(__file__).resolve().parents[2]
    meta = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["scripts"]["bella"] == "main:main"
