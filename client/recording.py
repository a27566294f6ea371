"""Storing single-player matches in the history: once, when they are finished or abandoned.

A match is stored when it stops being resumable:

* it is **finished** (the table shows its end, or the table is left after the
  last deal but before the end was shown);
* it is **abandoned**: "Leave without saving", or a new match started while a
  saved one was waiting (the save would be overwritten).

"Save and leave" (and quitting Bella at the table) keeps the match as the
save: it is stored later, when it is finished or abandoned, so a resumed
match is stored once.  An abandoned match in which nobody made a decision
(left while the cards were being dealt) is not stored.

A failure never stops the game: the functions return (or toast) the message.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

from client import history, savegame
from client.session import LocalSession

_stored: weakref.WeakSet[LocalSession] = weakref.WeakSet()


def _played_something(record: Mapping[str, Any]) -> bool:
    return any(isinstance(a, dict) and a.get("type") != "deal" for a in record.get("actions") or [])


def record_session(session: Any, *, finished_only: bool = False) -> str | None:
    """Store the match of a single-player ``session`` once; return a message for the player, or ``None``.

    Other sessions (LAN) are ignored.  With ``finished_only`` an unfinished
    match is left alone (it is still resumable).  A stored finished match's
    save is deleted.
    """
    if not isinstance(session, LocalSession) or session in _stored:
        return None
    state = session.state
    if finished_only and not state.is_over:
        return None
    record = state.to_record()
    if not state.is_over and not _played_something(record):
        return None
    _stored.add(session)
    if state.is_over:
        savegame.delete_save()
    return history.record_match(record, seat=session.seat, levels=session.levels, mode="single",
                                undos=int(getattr(session, "undos", 0)))


def report(app: Any, session: Any, *, finished_only: bool = False) -> None:
    """:func:`record_session`, showing any message as a toast."""
    err = record_session(session, finished_only=finished_only)
    if err:
        app.toast(err, error=True, seconds=8.0)


def abandon_save(app: Any) -> None:
    """A new match replaces the saved one: store the saved match as abandoned and remove the save."""
    if not savegame.has_save():
        return
    data, _ = savegame.read_save()  # an unreadable save is set aside as .bad by read_save
    if data is None:
        return
    record = data["record"]
    if _played_something(record):
        try:
            levels = {int(k): str(v) for k, v in (data.get("levels") or {}).items()}
            seat: int | None = int(data.get("seat", 0))
        except (TypeError, ValueError):
            levels, seat = {}, 0
        err = history.record_match(record, seat=seat, levels=levels, mode="single",
                                   undos=int(data.get("undos", 0) or 0))
        if err:
            app.toast(err, error=True, seconds=8.0)
    savegame.delete_save()
