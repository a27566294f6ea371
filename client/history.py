"""Match history: every finished or abandoned match, kept in SQLite in the user's data directory.

The database (``history.sqlite3`` in :func:`data_dir`) has one row per
match: its full record (``State.to_record()``), the game, options, seats and
levels, the date, how it ended and the per-deal results.  The schema carries
a version (``PRAGMA user_version``) and is brought up to date by the
numbered :data:`MIGRATIONS` when opened.  Every write is one transaction, so
a crash loses at most the match being written.  A damaged file is reported,
kept as ``history.sqlite3.bad`` and replaced by a new, empty database: it
never stops the game.

Nothing here imports pygame; the statistics (:mod:`client.stats`) and the
``python main.py stats`` command read the same rows.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import core
from client.i18n import _
from client.settings import config_dir

SCHEMA_VERSION = 1
"""The schema version this code writes (``PRAGMA user_version``)."""

MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            played_at TEXT NOT NULL,
            mode TEXT NOT NULL,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,
            seat INTEGER,
            levels TEXT NOT NULL,
            finished INTEGER NOT NULL,
            won INTEGER,
            scores TEXT NOT NULL,
            deals TEXT NOT NULL,
            undos INTEGER NOT NULL DEFAULT 0,
            record TEXT NOT NULL
        )""",
        "CREATE INDEX matches_by_game ON matches (game, players)",
    ],
}
"""Statements that bring a database from version ``n - 1`` to ``n``."""


def data_dir() -> Path:
    """The directory holding the history: ``$XDG_DATA_HOME/bella``, else beside the settings on Windows and
    macOS, else ``~/.local/share/bella``."""
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / "bella"
    if sys.platform in ("win32", "darwin") and not os.environ.get("XDG_CONFIG_HOME"):
        return config_dir()
    return Path.home() / ".local" / "share" / "bella"


def history_path() -> Path:
    """Where the history database lives."""
    return data_dir() / "history.sqlite3"


@dataclass
class MatchRow:
    """One stored match."""

    id: int
    played_at: str
    mode: str
    """``single`` or ``lan``."""
    game: str
    players: int
    options: dict[str, Any]
    seat: int | None
    """The player's seat (``None`` for a match watched or hosted without a seat)."""
    levels: dict[int, str]
    """Bot level per seat (seats missing here were people)."""
    finished: bool
    won: bool | None
    """Whether the player's side won (``None`` if abandoned or without a seat)."""
    scores: list[int]
    deals: list[dict[str, Any]]
    undos: int
    record: dict[str, Any]

    @property
    def opponents(self) -> str:
        """The bot levels the player faced, e.g. ``hard`` or ``easy+hard`` (``people`` when none)."""
        lv = sorted({v for s, v in self.levels.items() if s != self.seat})
        return "+".join(lv) if lv else "people"


class HistoryError(Exception):
    """The history could not be read or written (the message says why)."""


class History:
    """The match database.  ``History(path)`` opens (or creates, or repairs) it; see the module docstring.

    ``warning`` holds a message for the player when a damaged file had to be
    set aside.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or history_path()
        self.warning: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as exc:
            bad = self.path.with_name(self.path.name + ".bad")
            self.path.replace(bad)
            # TRANSLATORS: {name} and {bad} are file names; {error} is the database's reason (English)
            self.warning = _("The match history {name} was damaged ({error}); it was kept as {bad} and a new, "
                             "empty history was started.").format(name=self.path.name, error=exc, bad=bad.name)
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"schema version {version} is newer than this Bella ({SCHEMA_VERSION})")
            db.execute("SELECT 1 FROM sqlite_master").fetchall()
            for v in range(version + 1, SCHEMA_VERSION + 1):
                with db:
                    for stmt in MIGRATIONS[v]:
                        db.execute(stmt)
                    db.execute(f"PRAGMA user_version = {v}")
            if version:
                db.execute("SELECT id, record FROM matches LIMIT 1").fetchall()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- writes
    def add(self, record: Mapping[str, Any], *, seat: int | None, levels: Mapping[int, str], mode: str = "single",
            undos: int = 0, played_at: datetime | None = None) -> int:
        """Store a match from its record; return its id.  An unfinished record is stored as abandoned.

        Raises :class:`core.RecordError` if the record does not replay.
        """
        state = core.replay(record)
        sides = state.sides
        finished = state.is_over
        won: bool | None = None
        if finished and seat is not None:
            my = next((i for i, s in enumerate(sides) if seat in s), None)
            won = my is not None and my in state.winners
        when = (played_at or datetime.now(UTC)).isoformat(timespec="seconds")
        with self.db:
            cur = self.db.execute(
                "INSERT INTO matches (played_at, mode, game, players, options, seat, levels, finished, won,"
                " scores, deals, undos, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (when, mode, state.game_id, state.players, json.dumps(dict(state.options)), seat,
                 json.dumps({str(k): v for k, v in levels.items()}), int(finished),
                 None if won is None else int(won), json.dumps(list(state.scores)),
                 json.dumps(state.deal_results), int(undos), json.dumps(dict(record))))
        return int(cur.lastrowid or 0)

    def reset(self) -> None:
        """Forget every stored match."""
        with self.db:
            self.db.execute("DELETE FROM matches")

    # ------------------------------------------------------------------ reads
    def matches(self, game: str | None = None, players: int | None = None) -> list[MatchRow]:
        """Stored matches, oldest first (only ``game`` / ``players`` if given)."""
        sql = "SELECT * FROM matches"
        where: list[str] = []
        args: list[Any] = []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if players is not None:
            where.append("players = ?")
            args.append(players)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id"
        self.db.row_factory = sqlite3.Row
        try:
            rows = self.db.execute(sql, args).fetchall()
        finally:
            self.db.row_factory = None
        return [_row(r) for r in rows]

    def get(self, match_id: int) -> MatchRow | None:
        """One stored match, or ``None``."""
        self.db.row_factory = sqlite3.Row
        try:
            r = self.db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        finally:
            self.db.row_factory = None
        return None if r is None else _row(r)


def _row(r: sqlite3.Row) -> MatchRow:
    return MatchRow(
        id=int(r["id"]), played_at=str(r["played_at"]), mode=str(r["mode"]), game=str(r["game"]),
        players=int(r["players"]), options=json.loads(r["options"]),
        seat=None if r["seat"] is None else int(r["seat"]),
        levels={int(k): str(v) for k, v in json.loads(r["levels"]).items()},
        finished=bool(r["finished"]), won=None if r["won"] is None else bool(r["won"]),
        scores=[int(x) for x in json.loads(r["scores"])], deals=list(json.loads(r["deals"])),
        undos=int(r["undos"]), record=json.loads(r["record"]))


def record_match(record: Mapping[str, Any], *, seat: int | None, levels: Mapping[int, str] | Sequence[str | None],
                 mode: str = "single", undos: int = 0, path: Path | None = None) -> str | None:
    """Store a match in the history; return a message for the player if something went wrong, else ``None``.

    ``levels`` maps seats to bot levels (a sequence with ``None`` for people
    is accepted too).  Never raises: the history must never stop a game.
    """
    lv = dict(levels) if isinstance(levels, Mapping) else {i: v for i, v in enumerate(levels) if v}
    try:
        with History(path) as h:
            h.add(record, seat=seat, levels=lv, mode=mode, undos=undos)
            return h.warning
    except (OSError, sqlite3.Error, core.RecordError) as exc:
        return _("The match could not be added to the history: {error}").format(error=exc)
