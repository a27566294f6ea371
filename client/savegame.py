"""Save and resume a single-player match from the engine's record.

``save.json`` in the config directory holds ``{"record": <State.to_record()>,
"seat": s, "levels": {...}, "seed": n, "saved": "<iso time>"}``.  Loading
replays the record through ``core.replay``; a bad file is reported and set
aside as ``save.json.bad`` (never deleted, never a crash).
"""

from __future__ import annotations

import contextlib
import datetime
import json
from pathlib import Path
from typing import Any

import core
from client.i18n import _
from client.settings import config_dir


def save_path() -> Path:
    """Where the single-player save lives."""
    return config_dir() / "save.json"


def has_save() -> bool:
    """True if a save file exists."""
    return save_path().is_file()


def write_save(record: dict[str, Any], seat: int, levels: dict[int, str], seed: int, undos: int = 0) -> str | None:
    """Write the save atomically (``undos``: moves taken back so far); return an error message instead of raising."""
    data: dict[str, Any] = {
        "record": record, "seat": seat, "levels": {str(k): v for k, v in levels.items()}, "seed": seed,
        "saved": datetime.datetime.now().isoformat(timespec="seconds"),
    }
    if undos:
        data["undos"] = int(undos)
    path = save_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name("save.json.tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        # TRANSLATORS: {error} is the system's reason, often in English
        return _("The match could not be saved: {error}").format(error=exc)
    return None


def read_save() -> tuple[dict[str, Any] | None, str | None]:
    """Return (save data, None) or (None, reason). A corrupt save is kept as ``save.json.bad``."""
    path = save_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
            raise ValueError("not a Bella save")
        int(data.get("seat", 0))
        levels = data.get("levels") or {}
        if not isinstance(levels, dict):
            raise ValueError("bad AI levels")
        return data, None
    except FileNotFoundError:
        return None, _("There is no saved match.")
    except (OSError, ValueError, TypeError):
        return None, set_aside(_("could not be read: the file is damaged or not a Bella save"))


def describe_save() -> str:
    """A short note on the saved match (``"Belote, deal 3, saved 2026-11-30 09:12"``), or ''."""
    try:
        data = json.loads(save_path().read_text(encoding="utf-8"))
        rec = data["record"]
        deals = sum(1 for a in rec.get("actions", []) if isinstance(a, dict) and a.get("type") == "deal")
        game_id = str(rec.get("game", ""))
        cls = core.GAMES.get(game_id)
        game = _(cls.title) if cls is not None and cls.title else game_id.capitalize()
        when = str(data.get("saved", "")).replace("T", " ")[:16]
        if when:
            # TRANSLATORS: the saved match in the main menu, e.g. "Belote, deal 3, saved 2026-11-30 09:12"
            return _("{game}, deal {deal}, saved {when}").format(game=game, deal=max(1, deals), when=when)
        return _("{game}, deal {deal}").format(game=game, deal=max(1, deals))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return ""


def set_aside(why: str) -> str:
    """Move a save that cannot be used to ``save.json.bad``; return the message for the player.

    ``why`` (translated) completes "The saved match ...", e.g. "could not be read".
    """
    path = save_path()
    bad = path.with_name("save.json.bad")
    try:
        path.replace(bad)
    except OSError:
        delete_save()
        # TRANSLATORS: {why} is a phrase such as "could not be read: the file is damaged or not a Bella save"
        return _("The saved match {why}; it was removed.").format(why=why)
    # TRANSLATORS: {why} is a phrase such as "could not be read: the file is damaged or not a Bella save"
    return _("The saved match {why}. It was set aside as {name} and a new match can be started.").format(
        why=why, name=bad.name)


def delete_save() -> None:
    """Remove the save (after the match ends or when it is unreadable)."""
    with contextlib.suppress(OSError):
        save_path().unlink()
