"""The Match history (every stored match, newest first, opened in the replay viewer) and Import (a record file).

Reached from the Statistics screen.  Enter or a double click replays the
chosen match from the player's seat; Import opens a record file (an export,
a ``selfplay --save-record`` file or a save) by typing its path or choosing
one of the files in the records folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

import core
from client import art, ui
from client.history import History, MatchRow
from client.i18n import N_, _, ngettext
from client.replay_model import load_record
from client.scene import MessageScene, Scene
from client.session import clockwise, seat_label
from client.stats import opponents_text
from client.widgets import Button, ListView, TextInput, fit_text


def match_text(row: MatchRow) -> str:
    """One stored match as a line of the history."""
    game = game_title(row.game)
    when = row.played_at.replace("T", " ")[:16]
    if not row.finished:
        result = _("abandoned")
    elif row.won is None:
        result = _("finished")
    else:
        result = _("won") if row.won else _("lost")
    score = "\u2013".join(str(s) for s in row.scores)
    # TRANSLATORS: {opponents} are bot levels such as "hard" or "easy+hard", or "people"
    who = ngettext("{game}, {n} player, vs {opponents}", "{game}, {n} players, vs {opponents}", row.players).format(
        game=game, n=row.players, opponents=opponents_text(row.opponents))
    return f"{when}   {who}   {result} {score}"


def game_title(game: str) -> str:
    """The name of ``game`` (an id) in the player's language."""
    cls = core.GAMES.get(game)
    return _(cls.title) if cls is not None and cls.title else game.capitalize()


def seat_names(row: MatchRow) -> list[str]:
    """The names of the seats as the player saw them (You, West, North...)."""
    me = row.seat if row.seat is not None else 0
    cw = clockwise(row.game)
    return [_("You") if s == row.seat else seat_label(s, me, row.players, cw) for s in range(row.players)]


def open_row(app: Any, row: MatchRow) -> None:
    """Push the replay of a stored match."""
    game = game_title(row.game)
    try:
        scene = app.make("replay", row.record, seat=row.seat or 0, names=seat_names(row), levels=row.levels,
                         heading=f"{game}, {row.played_at.replace('T', ' ')[:16]}")
    except core.RecordError as exc:
        app.push(MessageScene(app, _("Replay"), _("This match cannot be replayed: {error}").format(error=exc)))
        return
    app.push(scene)


class MatchesScene(Scene):
    """Every stored match, newest first."""

    title = N_("Match history")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows: list[MatchRow] = []
        self.load()

    def load(self) -> None:
        """Read the stored matches (a damaged history is reported by a toast)."""
        try:
            with History() as h:
                if h.warning:
                    self.app.toast(h.warning, error=True, seconds=9.0)
                self.rows = list(reversed(h.matches()))
        except Exception as exc:  # sqlite3 or file errors: a message, not a crash
            self.rows = []
            self.app.toast(_("The match history could not be read: {error}").format(error=exc), error=True)

    def layout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        rect = pygame.Rect(int(w * 0.08), px(110), int(w * 0.84), h - px(110) - px(96))
        self.list = ListView([match_text(r) for r in self.rows], rect, on_activate=self._open, row_px=px(34))
        self.add(self.list)
        bw, bh, gap = px(240), px(48), px(16)
        entries = [(_("Replay"), self._replay, True), (_("Import a record file"), self._import, False),
                   (_("Back"), self.back, False)]
        x = (w - (bw * len(entries) + gap * (len(entries) - 1))) // 2
        for text, fn, primary in entries:
            b = Button(text, fn, pygame.Rect(x, h - px(72), bw, bh), primary=primary)
            b.enabled = fn != self._replay or bool(self.rows)
            self.add(b)
            x += bw + gap
        self.widgets.set_focus(self.list)

    def _open(self, i: int) -> None:
        if 0 <= i < len(self.rows):
            open_row(self.app, self.rows[i])

    def _replay(self) -> None:
        self._open(self.list.selected)

    def _import(self) -> None:
        self.app.push(self.app.make("import"))

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(art.felt((w, h), "menu"), (0, 0))
        self.app.dim(surf, 110)
        self.draw_title(surf, self.title, y=self.app.px(44))
        n = len(self.rows)
        sub = (ngettext("{n} stored match, newest first", "{n} stored matches, newest first", n).format(n=n)
               + "  \u2022  " + _("Enter or double-click to replay"))
        text, size = fit_text(self.app.fonts, sub, self.app.px(17), w - self.app.px(40))
        ui.blit_center(surf, self.app.fonts.text(text, size, ui.TEXT_DIM), (w / 2, self.app.px(88)))
        self.widgets.draw(surf, self.app)


class ImportScene(Scene):
    """Open a record file: type a path, or choose a file from the records folder."""

    title = N_("Open a record file")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from client.scenes.replay import exports_dir

        folder = exports_dir()
        self.folder = folder
        try:
            self.files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            self.files = []

    def layout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        x, width = int(w * 0.12), int(w * 0.76)
        self.path_input = TextInput("", pygame.Rect(x, px(150), width, px(44)),
                                    placeholder=_("Type or paste the path of a record file (.json)"), max_len=400,
                                    on_submit=self.open_path)
        self.add(self.path_input)
        self.list = ListView([p.name for p in self.files], pygame.Rect(x, px(240), width, h - px(240) - px(100)),
                             on_activate=self._open_listed, row_px=px(34))
        self.add(self.list)
        bw, bh, gap = px(220), px(48), px(16)
        xx = (w - (bw * 2 + gap)) // 2
        self.add(Button(_("Open"), self._open_button, pygame.Rect(xx, h - px(76), bw, bh), primary=True))
        self.add(Button(_("Back"), self.back, pygame.Rect(xx + bw + gap, h - px(76), bw, bh)))
        self.widgets.set_focus(self.path_input if not self.files else self.list)
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def _open_listed(self, i: int) -> None:
        if 0 <= i < len(self.files):
            self.open_path(str(self.files[i]))

    def _open_button(self) -> None:
        if self.path_input.text.strip():
            self.open_path(self.path_input.text)
        else:
            self._open_listed(self.list.selected)

    def open_path(self, text: str) -> None:
        """Open the record file at ``text`` in the replay viewer, or say clearly why not."""
        text = text.strip().strip('"').strip("'")
        if not text:
            return
        path = Path(text).expanduser()
        try:
            record = load_record(path)
            scene = self.app.make("replay", record, heading=path.name)
        except core.RecordError as exc:
            self.app.push(MessageScene(self.app, _("Cannot open the file"), str(exc)))
            return
        self.app.replace(scene)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        px = self.app.px
        surf.blit(art.felt((w, h), "menu"), (0, 0))
        self.app.dim(surf, 110)
        self.draw_title(surf, self.title, y=px(50))
        text, size = fit_text(self.app.fonts, _("A match record: an export, a selfplay --save-record file or a save"),
                              px(17), w - px(40))
        ui.blit_center(surf, self.app.fonts.text(text, size, ui.TEXT_DIM), (w / 2, px(100)))
        # TRANSLATORS: {folder} is a directory path
        text, size = fit_text(self.app.fonts, _("Files in {folder}").format(folder=self.folder), px(15), int(w * 0.76))
        t = self.app.fonts.text(text, size, ui.TEXT_DIM)
        surf.blit(t, (int(w * 0.12), px(240) - t.get_height() - px(6)))
        self.widgets.draw(surf, self.app)
