"""The application icon (drawn by the card art code) and the desktop launcher.

``python main.py desktop [--dir DIR]`` writes ``bella.png`` (the icon, 256x256)
and ``bella.desktop`` (a freedesktop.org launcher running ``bella``) into the
user's data directory (``$XDG_DATA_HOME``, else ``~/.local/share``):
``icons/hicolor/256x256/apps/bella.png`` and ``applications/bella.desktop``;
with ``--dir`` both go into that one directory instead.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pygame

from client.i18n import _

ICON_COLORKEY = (20, 98, 62)

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Bella
GenericName=Card games
Comment=Belote, Klaberjass, Deberts, Tertz and Pitch against AI players or on your LAN
Exec=bella
Icon={icon}
Terminal=false
Categories=Game;CardGame;
Keywords=cards;belote;belot;klaberjass;deberts;tertz;pitch;
"""


def make_icon(size: int = 64) -> pygame.Surface:
    """A card with a heart on a rounded square of felt (the window and launcher icon), drawn at ``size`` pixels."""
    from client.cards import draw_suit

    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((*ICON_COLORKEY, 0))
    k = size / 64
    pygame.draw.rect(icon, (*ICON_COLORKEY, 255), icon.get_rect(), border_radius=max(3, round(12 * k)))  # felt
    pygame.draw.rect(icon, (226, 186, 96, 255), icon.get_rect(), width=max(1, round(2 * k)),
                     border_radius=max(3, round(12 * k)))
    card = pygame.Rect(round(12 * k), round(4 * k), round(40 * k), round(56 * k))
    pygame.draw.rect(icon, (252, 250, 243), card, border_radius=max(2, round(6 * k)))
    pygame.draw.rect(icon, (168, 160, 146), card, width=max(1, round(2 * k)), border_radius=max(2, round(6 * k)))
    draw_suit(icon, "H", (size / 2, 33 * k), 28 * k, (206, 28, 40))
    return icon


def data_dir() -> Path:
    """The user's data directory (freedesktop.org): ``$XDG_DATA_HOME`` or ``~/.local/share``."""
    xdg = os.environ.get("XDG_DATA_HOME")
    return Path(xdg) if xdg else Path.home() / ".local" / "share"


def install(target: Path | None = None) -> tuple[Path, Path]:
    """Write the icon and the launcher; return their paths."""
    if target is not None:
        icon_path, entry_path = target / "bella.png", target / "bella.desktop"
    else:
        base = data_dir()
        icon_path = base / "icons" / "hicolor" / "256x256" / "apps" / "bella.png"
        entry_path = base / "applications" / "bella.desktop"
    icon_path.parent.mkdir(parents=True, exist_ok=True)
    entry_path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(make_icon(256), str(icon_path))
    # a theme icon name when installed into the icon theme; a full path when written elsewhere
    entry_path.write_text(DESKTOP_ENTRY.format(icon="bella" if target is None else icon_path), encoding="utf-8")
    return icon_path, entry_path


def main(argv: list[str]) -> int:
    """``python main.py desktop [--dir DIR]``."""
    from client.settings import use_saved_language

    use_saved_language()
    p = argparse.ArgumentParser(prog="python main.py desktop",
                                description=_("Install Bella's launcher (.desktop file) and icon for this user."))
    p.add_argument("--dir", type=Path, default=None, help=_("write both files into this directory instead"))
    args = p.parse_args(argv)
    try:
        icon, entry = install(args.dir)
    except (OSError, pygame.error) as exc:
        print("bella: " + _("could not write the launcher: {error}").format(error=exc))
        return 1
    print(_("icon: {path}").format(path=icon))
    print(_("launcher: {path}").format(path=entry))
    return 0
