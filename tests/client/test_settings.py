"""Settings persistence: defaults, round trip, corrupt files reported and replaced, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

from client import savegame
from client.settings import Settings, config_dir, load_settings, save_settings
from tests.client.driver import make_app


def test_config_dir_respects_xdg(private_config: Path) -> None:
    assert config_dir() == private_config / "bella"


def test_round_trip_and_clamping(private_config: Path) -> None:
    s = Settings(animation_speed=2.0, card_style="four_colour", muted=True, player_name="Ann")
    assert save_settings(s) is None
    loaded, err = load_settings()
    assert err is None and loaded == s
    path = private_config / "bella" / "settings.json"
    raw = json.loads(path.read_text())
    raw.update(sound_volume=7, card_style="psychedelic", window_size=[5, "x"], unknown_key=1, muted="yes")
    path.write_text(json.dumps(raw))
    loaded, err = load_settings()
    assert err is None
    assert loaded.sound_volume == 1.0 and loaded.card_style == "classic" and loaded.window_size == [1280, 720]
    assert loaded.muted is False


def test_corrupt_file_is_reported_on_screen_and_replaced(private_config: Path) -> None:
    path = private_config / "bella" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{\"fullscreen\": tru\xff")
    app = make_app(["--no-sound"])
    msgs = [str(t[0]) for t in app.toasts]
    assert any("damaged" in m and "settings.json.bad" in m for m in msgs), msgs
    assert not any("char" in m or "Expecting" in m or "codec" in m for m in msgs)  # no parser jargon
    app.frame(1 / 60)  # the message is drawn without error
    assert json.loads(path.read_text())["card_style"] == "classic"
    assert (path.parent / "settings.json.bad").read_bytes().startswith(b"{")
    app.shutdown()
    loaded, err = load_settings()
    assert err is None


def test_unwritable_config_dir_is_a_message_not_a_crash(private_config: Path) -> None:
    (private_config / "bella").write_text("a file where the directory should be")
    err = save_settings(Settings())
    assert err is not None and "could not be saved" in err
    app = make_app(["--no-sound"])
    app.frame(1 / 60)
    app.shutdown()
    assert any("could not be saved" in str(t[0]) for t in app.toasts)


def test_corrupt_save_is_reported_and_kept_as_bad(private_config: Path) -> None:
    savegame.save_path().parent.mkdir(parents=True, exist_ok=True)
    savegame.save_path().write_text("[1, 2")
    data, err = savegame.read_save()
    assert data is None and err and "damaged" in err and "save.json.bad" in err
    assert "Expecting" not in err and "char" not in err
    assert not savegame.has_save()
    assert savegame.save_path().with_name("save.json.bad").read_text() == "[1, 2"
