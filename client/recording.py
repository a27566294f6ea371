"""Storing matches in the history: once, when they are finished or abandoned, single-player and LAN alike.

Every match reaches the history the same way: its table driver
(:class:`core.driver.TableDriver`, shared by the single-player session and
the LAN host) reports it once as a :class:`core.driver.MatchEnd`, and
:func:`store` writes that to the history.  What differs is who decides that
the match has stopped:

* **single player** (:func:`record_session`): a match is stored when it stops
  being resumable: it is **finished** (the table shows its end, or the table
  is left after the last deal but before the end was shown), or it is
  **abandoned** ("Leave without saving", or a new match started while a saved
  one was waiting: the save would be overwritten).  "Save and leave" (and
  quitting Bella at the table) keeps the match as the save: it is stored
  later, when it is finished or abandoned, so a resumed match is stored once;
* **a LAN table hosted here** (:func:`lan_recorder`, given to the host): the
  host's driver reports the match when it ends, or when the table is closed
  in the middle of it (abandoned).  It is stored for the hosting player's
  seat.  A player who joined someone else's table stores nothing (it never
  holds the whole record: only its own cards).

A match abandoned before anyone made a decision (while dealing) is not
stored.  A failure never stops the game: the functions return (or toast) the
message.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from client import history, savegame
from client.session import LocalSession
from core.driver import MatchEnd, played_something

_messages: queue.SimpleQueue[str] = queue.SimpleQueue()
"""Messages from recorders running on another thread (the LAN host's), for :func:`show_pending`."""


def _played_something(record: Mapping[str, Any]) -> bool:
    return played_something(record)


def store(end: MatchEnd, *, mode: str, undos: int = 0) -> str | None:
    """Write a reported match to the history (``mode``: ``single`` or ``lan``); a message if that failed."""
    return history.record_match(end.record, seat=end.seat, levels=end.levels, mode=mode, undos=undos)


def record_session(session: Any, *, finished_only: bool = False) -> str | None:
    """Store the match of a single-player ``session`` once; return a message for the player, or ``None``.

    Other sessions (LAN: the hosting machine's driver records those) are ignored.  With ``finished_only``
    an unfinished match is left alone (it is still resumable).  A stored finished match's save is deleted.
    """
    if not isinstance(session, LocalSession):
        return None
    if finished_only and not session.state.is_over:
        return None
    end = session.driver.finish()  # at most once per match, and not for a match of deals only
    if end is None:
        return None
    if end.finished:
        savegame.delete_save()
    return store(replace(end, seat=session.seat), mode="single", undos=int(getattr(session, "undos", 0)))


def lan_recorder() -> Callable[[MatchEnd], None]:
    """The hook a LAN table hosted from the client stores its matches with (``start_host(on_record=...)``).

    It runs on the host's thread; a failure message waits for :func:`show_pending`.
    """
    def record(end: MatchEnd) -> None:
        err = store(end, mode="lan")
        if err:
            _messages.put(err)

    return record


def show_pending(app: Any) -> None:
    """Show, as toasts, the messages of recorders that ran on another thread."""
    while True:
        try:
            err = _messages.get_nowait()
        except queue.Empty:
            return
        app.toast(err, error=True, seconds=8.0)


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
