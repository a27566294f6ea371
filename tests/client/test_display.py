"""Window sizes fit the screen: clamped on load and in Settings, never below the smallest layout."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from client import display
from client.display import MIN_SIZE, fit_window
from tests.client.driver import make_app


def test_fit_window_clamps_and_says_why() -> None:
    assert fit_window((1280, 720), (1920, 1080)) == ((1280, 720), None)
    size, note = fit_window((2560, 1440), (1280, 720))
    assert size == (1280, 720) and note and "2560\u00d71440" in note and "1280\u00d7720 screen" in note
    size, note = fit_window((-5, 99999), (1920, 1080))
    assert size == (960, 1080) and note and "-5\u00d799999" in note
    size, note = fit_window((700, 400), None)
    assert size == MIN_SIZE and note and "smallest window" in note
    assert fit_window((1024, 600), (800, 600))[0] == (800, 600)  # a tiny screen: the whole screen
    assert fit_window((1920, 1080), None) == ((1920, 1080), None)  # no screen (headless): any allowed size


def _settings_file(cfg: Path, size: list[int]) -> None:
    (cfg / "bella").mkdir(parents=True, exist_ok=True)
    (cfg / "bella" / "settings.json").write_text(json.dumps({"window_size": size}), encoding="utf-8")


@pytest.mark.parametrize("saved,want", [([2560, 1440], (1280, 720)), ([-5, 99999], (960, 720))])
def test_a_saved_size_that_does_not_fit_is_clamped_and_reported(private_config: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 saved: list[int], want: tuple[int, int]) -> None:
    _settings_file(private_config, saved)
    monkeypatch.setattr(display, "desktop_size", lambda: (1280, 720))
    app = make_app(["--no-sound"])
    assert app.size == want
    assert app.settings.window_size == list(want)
    assert any(f"{saved[0]}\u00d7{saved[1]}" in str(t[0]) for t in app.toasts)
    app.shutdown()


def test_settings_offers_only_sizes_that_fit(private_config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from client.scenes.settings import SettingsScene

    monkeypatch.setattr(display, "desktop_size", lambda: (1366, 768))
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    sc = SettingsScene(app)
    app.push(sc)
    picker = next(w for w in sc.widgets.items if getattr(w, "label", "") == "Window size")
    offered = [v for v, _ in picker.choices]  # type: ignore[attr-defined]
    assert offered and all(w <= 1366 and h <= 768 for w, h in offered)
    assert (1280, 720) in offered and (1600, 900) not in offered
    app.set_window_size((2560, 1440))  # whatever asks: clamped and said
    assert app.size == (1366, 768)
    assert any("2560\u00d71440" in str(t[0]) for t in app.toasts)
    app.shutdown()


def test_the_window_never_shrinks_below_the_minimum() -> None:
    app = make_app(["--no-sound", "--windowed", "1280x720"])
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=700, size=(700, 700)))
    app.frame(1 / 60)
    assert app.size == (960, 700)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=450, size=(800, 450)))
    app.frame(1 / 60)
    assert app.size == MIN_SIZE
    app.shutdown()
    from client.app import main

    assert main(["--windowed", "800x450"]) == 2  # below the smallest window: a clear error
