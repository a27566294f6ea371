"""The session interface between a table UI and a game, local or remote.

The client's table scene talks to a game only through a :class:`Session`.
``client.session.LocalSession`` runs the engine in-process with bots;
``net.remote.RemoteSession`` talks to a LAN host.  Both deliver the same
:class:`Update` objects, so the table works unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from core.actions import Action
from core.state import Event, View


@dataclass
class Update:
    """What a session delivers to the UI after something happened.

    ``view`` is the seat's latest full view (``None`` if unchanged or not yet
    known), ``events`` the new events since the previous update as this seat
    sees them, ``error`` the reason our last action was refused, ``status`` a
    connection or lobby message for the player (``"Bob reconnected"``...).
    """

    view: View | None = None
    events: list[Event] = field(default_factory=list)
    error: str | None = None
    status: str | None = None


class Session(Protocol):
    """One seat's connection to a match."""

    seat: int | None
    """The seat this session plays (``None`` for a spectator)."""

    def poll(self) -> list[Update]:
        """Return the updates that arrived since the last call (never blocks)."""
        ...

    def submit(self, action: Action) -> None:
        """Send our action; a refusal comes back as an :class:`Update` with ``error``."""
        ...

    def close(self) -> None:
        """Leave the match and release resources."""
        ...
