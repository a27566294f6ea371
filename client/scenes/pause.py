"""The pause menu over the table: resume, scores, rules, settings, save, leave."""

from __future__ import annotations

from typing import Any

import pygame

from client import recording, savegame, ui, undo
from client.i18n import N_, _
from client.scene import MessageScene, Scene


class PauseMenu(Scene):
    """Esc at the table."""

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    opaque = False
    title = N_("Paused")

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table

    def layout(self) -> None:
        can_save = hasattr(self.table.session, "to_save")
        entries: list[Any] = [(_("Resume"), self.app.pop, True), (_("Score sheet"), self._scores),
                              (_("How to play"), self._rules), (_("Settings"), self._settings)]
        if undo.available(self.app, self.table.session):
            entries.insert(1, (_("Undo my last move (U)"), self._undo))
        if can_save:
            entries.append((_("Save and leave"), self._save_leave))
            entries.append((_("Leave without saving"), self._leave_confirm))
        else:
            entries.append((_("Leave the table"), self._leave_confirm))
        entries.append((_("Quit Bella"), self._quit))
        self.button_column(entries, top=self.app.size[1] * 0.26, height=50, gap=12, width=360)
        self.widgets.move_focus(1)

    def _undo(self) -> None:
        undo.undo(self.app, self.table)

    def _scores(self) -> None:
        self.table.open_scores()

    def _rules(self) -> None:
        from client.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, game=(self.table.view or {}).get("game")))

    def _settings(self) -> None:
        from client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def _save_leave(self) -> None:
        # leaving the table autosaves (TableScene.leave)
        self._to_menu()
        self.app.toast(_("Match saved: choose Resume saved match to continue."))

    def _leave_confirm(self) -> None:
        self.app.push(MessageScene(self.app, _("Leave the table?"), _("The match in progress will be lost."),
                                   ok=_("Leave"), on_ok=self._leave_nosave, other=_("Stay"), safe_default=True))

    def _leave_nosave(self) -> None:
        self.table._autosave = lambda: None
        recording.report(self.app, self.table.session)  # abandoned: stored in the history
        savegame.delete_save()
        self._to_menu()

    def _to_menu(self) -> None:
        self.app.reset(self.app.make("menu"))

    def _quit(self) -> None:
        self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        self.app.dim(surf, 200)
        rects = [wd.rect for wd in self.widgets.items if hasattr(wd, "rect")]
        if rects:  # one solid card behind the title and the buttons: nothing of the table reads through
            box = rects[0].unionall(rects[1:]).inflate(self.app.px(80), self.app.px(40))
            top = min(box.top, int(self.app.size[1] * 0.16 - self.app.px(46)))
            box.height += box.top - top
            box.top = top
            surf.blit(ui.panel(box.size, (12, 28, 21, 248), ui.PANEL_BORDER, self.app.px(18), max(2, self.app.px(2))),
                      box.topleft)
        self.draw_title(surf, self.title, y=self.app.size[1] * 0.16)
        self.widgets.draw(surf, self.app)
        hint = self.app.fonts.text(_("Esc to resume"), self.app.px(16), ui.TEXT_DIM)
        ui.blit_center(surf, hint, (surf.get_width() / 2, surf.get_height() - self.app.px(24)))
