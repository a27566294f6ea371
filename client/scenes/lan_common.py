"""Shared bits of the LAN scenes: the interface list, and a hosting player's session that owns its host."""

from __future__ import annotations

import os
from typing import Any

import core
from client import recording
from client.reasons import render
from core.session import Update


def lan_interfaces() -> list[str] | None:
    """The interfaces zeroconf may use: ``BELLA_LAN_INTERFACES`` (comma-separated IPv4), else all (None).

    Tests set ``BELLA_LAN_INTERFACES=127.0.0.1`` so that nothing is multicast on a real network.
    """
    raw = os.environ.get("BELLA_LAN_INTERFACES", "").strip()
    if not raw:
        return None
    return [part.strip() for part in raw.split(",") if part.strip()]


def lan_player_name(app: Any) -> str:
    """Our name at a LAN table: the settings' player name, or "Player" if it is unset or the default "You"."""
    name = str(getattr(app.settings, "player_name", "") or "").strip()
    return name if name and name.lower() != "you" else "Player"


def lan_bind() -> str:
    """The address a hosted table listens on: ``BELLA_LAN_BIND``, else every interface (``0.0.0.0``)."""
    return os.environ.get("BELLA_LAN_BIND", "").strip() or "0.0.0.0"


class LanSession:
    """A :class:`net.lan.RemoteSession` as the table sees it.

    ``pending`` updates (polled by the lobby while the match was starting) come
    first out of :meth:`poll`.  With a ``handle`` (the hosting player), closing
    the session also stops the table it hosts.  Everything else is the remote
    session's (``chat``, ``chat_log``, ``seat_names``, ``lobby``...).
    """

    def __init__(self, session: Any, handle: Any = None, pending: list[Update] | None = None,
                 app: Any = None) -> None:
        self._session = session
        self.handle = handle
        self.pending: list[Update] = list(pending or [])
        self.app = app
        self._gone = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    @property
    def seat(self) -> int | None:
        """Our seat."""
        return self._session.seat  # type: ignore[no-any-return]

    def poll(self) -> list[Update]:
        """Updates kept by the lobby, then the remote session's new ones.

        Once the connection is closed for good (the host quit, or we could not get back in time), the
        player is taken back to the main menu with a message saying why.
        """
        out, self.pending = self.pending, []
        out += self._session.poll()
        if self.app is not None and self.handle is not None:
            recording.show_pending(self.app)  # the hosted table's recorder runs on the host's thread
        if self.app is not None and not self._gone and getattr(self._session, "status", "") == "closed":
            self._gone = True
            self._leave_table(render(getattr(self._session, "closed_reason", "")) or "the connection closed")
        return out

    def _leave_table(self, reason: str) -> None:
        from client.i18n import _
        from client.scene import MessageScene
        from client.scenes.menu import MainMenu

        app = self.app
        app.reset(MainMenu(app))  # the table's leave() closes this session
        app.push(MessageScene(app, _("Left the table"), reason[:1].upper() + reason[1:]))

    def submit(self, action: core.Action) -> None:
        """Send our action."""
        self._session.submit(action)

    def reopen_lobby(self, app: Any) -> None:
        """Back to this table's lobby (after a match: same seats, ready again for the next one).

        For the end-of-match screen's "Play again" in a LAN match: the table scene is left without
        closing the connection.
        """
        from client.scenes.lan_lobby import LobbyScene
        from client.scenes.menu import MainMenu

        session, handle = self._session, self.handle
        self._session, self.handle = _Detached(session), None  # the table's leave() must not close it
        self._gone = True
        app.reset(MainMenu(app))
        app.push(LobbyScene(app, session, handle))

    def close(self) -> None:
        """Leave (and stop hosting: the other peers are told the host quit)."""
        try:
            self._session.close()
        finally:
            if self.handle is not None:
                self.handle.stop()


class _Detached:
    """What a :class:`LanSession` keeps after :meth:`LanSession.reopen_lobby`: reads pass, close does nothing."""

    def __init__(self, session: Any) -> None:
        self._session = session

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    def poll(self) -> list[Update]:
        """Nothing: the lobby polls the session now."""
        return []

    def close(self) -> None:
        """Nothing: the lobby owns the session now."""
