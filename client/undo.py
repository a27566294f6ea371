"""Undo in single-player (opt-in: Settings -> Undo): take back your last action and the bots' actions since.

Undo rebuilds the match from its record without the player's last action
(``core.replay`` of the shorter record) and opens a fresh table on it, with
an :class:`UndoSession`: the same seat, bot levels, bot seeds and pacing.
You cannot fish for a different outcome:

* the actions taken back are kept as a **script**: while you repeat your
  moves, the bots answer exactly as they did (their recorded actions are
  replayed); as soon as you choose differently, the script is dropped and
  the bots think afresh about the new position;
* every deal that was already dealt keeps its **shuffle**: whatever you do,
  deal ``n`` gets the deck it got before.

Each undo is counted (``UndoSession.undos``) and stored with the match in
the history ("with undo" in the statistics).  Undo is never offered on the
LAN: only a :class:`client.session.LocalSession` can be taken back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import core
from client.i18n import _
from client.session import LocalSession


class UndoSession(LocalSession):
    """A single-player session that replays a script of taken-back actions and keeps recorded shuffles.

    The replaying itself is the driver's (``TableDriver.script`` and ``TableDriver.decks``).
    """

    def __init__(self, *args: Any, script: Sequence[Mapping[str, Any]] = (),
                 decks: Mapping[int, tuple[str, ...]] | None = None, undos: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.undos = undos
        self.driver.script = [dict(a) for a in script]
        self.driver.decks = dict(decks or {})
        n = 0
        for a in [x.to_json() for x in self.state.history] + self.driver.script:
            if a.get("type") == "deal":
                n += 1
                self.driver.decks.setdefault(n, tuple(a.get("deck") or ()))

    @property
    def script(self) -> list[dict[str, Any]]:
        """The taken-back actions still to replay (the driver's script)."""
        return self.driver.script

    @property
    def decks(self) -> dict[int, tuple[str, ...]]:
        """The deck of every deal dealt so far in this match (also those taken back), by 1-based deal number."""
        return self.driver.decks

    def to_save(self) -> dict[str, Any]:
        """The save data (with the undo count)."""
        return {**super().to_save(), "undos": self.undos}


def last_own_action(record: Mapping[str, Any], seat: int) -> int | None:
    """The index of ``seat``'s last action in ``record`` (``None`` if it has not acted)."""
    state = core.replay({**record, "actions": []})
    last: int | None = None
    for i, obj in enumerate(record.get("actions") or []):
        if state.current_player == seat:
            last = i
        state.apply(core.action_from_json(obj))
    return last


def undo_session(session: LocalSession) -> UndoSession | str:
    """The session after taking back ``session``'s player's last action, or the reason it cannot be done."""
    if session.seat is None:
        return _("There is nothing of yours to take back.")
    if session.state.is_over:
        return _("The match is over: nothing can be taken back.")
    record = session.state.to_record()
    i = last_own_action(record, session.seat)
    if i is None:
        return _("You have not made a move yet.")
    return UndoSession(session.game, session.players, seat=session.seat, levels=session.levels,
                       seed=session.seed, record={**record, "actions": record["actions"][:i]},
                       bot_delay=session.bot_delay, deal_delay=session.deal_delay,
                       player_name=session.seat_names[session.seat], script=record["actions"][i:],
                       decks=getattr(session, "decks", None), undos=int(getattr(session, "undos", 0)) + 1)


def available(app: Any, session: Any) -> bool:
    """Whether undo is offered at this table (the setting is on and it is a single-player match)."""
    return bool(getattr(app.settings, "undo", False)) and isinstance(session, LocalSession)


def on_key(app: Any, table: Any) -> bool:
    """U at the table: undo in a single-player match (or say why not); ``False`` (not handled) on the LAN."""
    if not isinstance(table.session, LocalSession):
        return False
    undo(app, table)
    return True


def undo(app: Any, table: Any) -> bool:
    """Take back the player's last move at ``table`` (a new table on the earlier position); False if not."""
    session = table.session
    if not isinstance(session, LocalSession):
        app.toast(_("Undo is for single-player matches only."))
        return False
    if not getattr(app.settings, "undo", False):
        app.toast(_("Undo is off: turn it on in Settings."))
        return False
    new = undo_session(session)
    if isinstance(new, str):
        app.toast(new)
        return False
    app.reset(app.make("menu"))  # as a new table opens: the menu under the table
    app.push(app.make("table", new))
    app.toast(_("Your last move was taken back (undo {n} in this match).").format(n=new.undos))
    return True
