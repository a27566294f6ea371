"""Player settings, persisted as JSON in the user's config directory.

The directory is ``$XDG_CONFIG_HOME/bella`` (else ``~/.config/bella``; on
Windows ``%APPDATA%/bella``, on macOS ``~/Library/Application Support/bella``).
A missing file gives the defaults; a corrupt or unreadable one is reported
(the message is shown on screen by the app) and replaced by the defaults:
never a crash.  Unknown keys are dropped, bad values fall back one by one.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from client import i18n
from client.i18n import LANGUAGES, _

DEFAULT_PLAYER_NAME = "You"
CARD_INDICES = ("local", "international")
CARD_STYLES = ("classic", "four_colour")
CARD_BACKS = ("crimson", "navy", "emerald")
ANIM_SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
TRICK_HOLDS = (0.6, 0.9, 1.2, 1.8, 2.5)
AI_LEVELS = ("easy", "normal", "hard")


def config_dir() -> Path:
    """The directory holding ``settings.json`` and ``save.json``."""
    xdg = os.environ.get("XDG_CONFIG_HOME")
    if xdg:
        return Path(xdg) / "bella"
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "bella"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "bella"
    return Path.home() / ".config" / "bella"


@dataclass
class Settings:
    """Everything the player can change in the Settings scene (and a few memories)."""

    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 720])
    animation_speed: float = 1.0
    sound_volume: float = 0.7
    music_volume: float = 0.3
    muted: bool = False
    card_style: str = "classic"
    card_back: str = "crimson"
    language: str = ""
    """A code of :data:`client.i18n.LANGUAGES`, or empty: follow the system's language (else English)."""
    card_indices: str = "local"
    """``local``: card corners use the language's letters (Russian В Д К Т); ``international``: J Q K A."""
    player_name: str = "You"
    """The player's name; the English default ``DEFAULT_PLAYER_NAME`` is shown translated."""
    show_hover_reasons: bool = True
    trick_hold: float = 1.2
    """Seconds a finished trick stays in view before it is collected (a click collects it at once)."""
    auto_pass_declarations: bool = False
    """Answer "nothing to declare" automatically when that is the only choice besides declaring nothing."""
    undo: bool = False
    """Offer undo in single-player matches (each undo is counted in the match's statistics)."""
    last_game: str = ""
    last_players: int = 0
    last_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    last_levels: list[str] = field(default_factory=list)

    def clean(self) -> None:
        """Clamp every value into its allowed range (after loading untrusted JSON)."""
        d = Settings()
        if not isinstance(self.fullscreen, bool):
            self.fullscreen = d.fullscreen
        ws = self.window_size
        if (not isinstance(ws, list) or len(ws) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in ws)):
            self.window_size = d.window_size
        # the size is fitted to the screen (and reported) when the window opens: see client.display
        for name, lo, hi in (("animation_speed", 0.25, 4.0), ("sound_volume", 0.0, 1.0),
                             ("music_volume", 0.0, 1.0), ("trick_hold", 0.0, 5.0)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                setattr(self, name, getattr(d, name))
            else:
                setattr(self, name, float(max(lo, min(hi, v))))
        for name in ("muted", "show_hover_reasons", "auto_pass_declarations", "undo"):
            if not isinstance(getattr(self, name), bool):
                setattr(self, name, getattr(d, name))
        if self.card_style not in CARD_STYLES:
            self.card_style = d.card_style
        if self.card_back not in CARD_BACKS:
            self.card_back = d.card_back
        if not isinstance(self.language, str) or (self.language and self.language not in LANGUAGES):
            self.language = d.language
        if self.card_indices not in CARD_INDICES:
            self.card_indices = d.card_indices
        if not isinstance(self.player_name, str) or not self.player_name.strip():
            self.player_name = d.player_name
        self.player_name = self.player_name.strip()[:20]
        if not isinstance(self.last_game, str):
            self.last_game = ""
        if isinstance(self.last_players, bool) or not isinstance(self.last_players, int):
            self.last_players = 0
        if not isinstance(self.last_options, dict) or not all(
            isinstance(k, str) and isinstance(v, dict) for k, v in self.last_options.items()
        ):
            self.last_options = {}
        if not isinstance(self.last_levels, list) or not all(isinstance(v, str) for v in self.last_levels):
            self.last_levels = []


def settings_path() -> Path:
    """Where the settings live."""
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings; return them and an error message if the file was bad.

    A bad file is replaced by the defaults (the old one is kept as
    ``settings.json.bad`` so nothing the player wrote is silently lost).
    """
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("the file does not hold a JSON object")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        s = Settings()
        kept = False
        with contextlib.suppress(OSError):
            path.replace(path.with_name(path.name + ".bad"))
            kept = True
        err = save_settings(s, path)
        if isinstance(exc, OSError):
            msg = _("Your settings file could not be opened, so the defaults are in use.")
        else:
            msg = _("Your settings file is damaged (not a Bella settings file), so the defaults are in use.")
        if kept:
            # TRANSLATORS: {name} is a file name such as settings.json.bad
            msg += " " + _("The old file was kept as {name}.").format(name=path.name + ".bad")
        if err:
            msg += f" {err}"
        return s, msg
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in raw.items() if k in known})
    s.clean()
    return s, None


def use_saved_language() -> str:
    """Switch to the language of the saved Settings (else the system's), for command-line output; the code."""
    with contextlib.suppress(OSError, UnicodeDecodeError, ValueError, TypeError):
        raw = json.loads(settings_path().read_text(encoding="utf-8"))
        if isinstance(raw, dict) and isinstance(raw.get("language"), str) and raw["language"] in LANGUAGES:
            return i18n.set_language(raw["language"])
    return i18n.set_language(None)


def save_settings(s: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; return an error message instead of raising."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(asdict(s), indent=2, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        # TRANSLATORS: {error} is the system's reason (often English), e.g. "Permission denied"
        return _("Settings could not be saved: {error}.").format(error=_short(exc))
    return None


def _short(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) < 90 else text[:87] + "..."


def shown_player_name(settings: Settings) -> str:
    """The player's name at the table: the one typed in Settings, else "You" in the player's language."""
    name = settings.player_name.strip()
    return _("You") if name in ("", DEFAULT_PLAYER_NAME) else name
