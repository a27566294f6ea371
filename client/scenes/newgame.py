"""New game: pick the game, player count, AI level per seat and every house rule.

The house rules come from the game's ``OPTIONS`` (``core.OptionSpec``): each
becomes a :class:`client.widgets.Picker` whose one-line ``help`` is shown at
the bottom while it is focused or hovered.  Whole-number options (the target
score) offer a few round values around the default.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import pygame

import core
import core.ai
from client import recording, savegame, ui
from client.i18n import N_, _, pgettext
from client.rule_list import RuleList, pretty
from client.scene import MessageScene, Scene
from client.session import LocalSession, clockwise, seat_label
from client.settings import shown_player_name
from client.textfit import wrap_fit
from client.undo import UndoSession
from client.widgets import Button, Picker, Widget

LEVEL_NAMES = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""The AI levels' names in English (marked for translation)."""


def level_text(level: str) -> str:
    """An AI level as the player reads it, in the current language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else pretty(level)


def game_title(game: str) -> str:
    """A game's title in the current language."""
    cls = core.GAMES.get(game)
    return _(cls.title) if cls is not None and cls.title else pretty(game)


def bot_levels() -> list[str]:
    """AI levels offered in menus (the random bot is for tests)."""
    return [lv for lv in core.ai.LEVELS if lv != "random"] or list(core.ai.LEVELS)


def implemented_games() -> list[str]:
    """Implemented games, in menu order."""
    return [g for g in core.GAME_IDS if g in core.GAMES] + [g for g in core.GAMES if g not in core.GAME_IDS]


class NewGame(Scene):
    """The new-game form."""

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    title = N_("New game")

    def __init__(self, app: Any, preset: dict[str, Any] | None = None) -> None:
        """``preset`` (``game``, ``players``, ``options``, ``levels`` by seat) fills the form, e.g. for
        Play again; otherwise the last choices from the settings do."""
        super().__init__(app)
        games = implemented_games()
        st = app.settings
        self.game = st.last_game if st.last_game in games else (games[0] if games else "")
        cls = core.GAMES.get(self.game)
        self.players = st.last_players if cls and st.last_players in cls.player_counts else (
            cls.player_counts[-1] if cls else 0)
        self.levels: list[str] = [lv for lv in st.last_levels if lv in core.ai.LEVELS]
        self.options: dict[str, Any] = dict(st.last_options.get(self.game, {}))
        if preset and preset.get("game") in games:
            self.game = str(preset["game"])
            cls = core.GAMES[self.game]
            n = preset.get("players")
            self.players = n if isinstance(n, int) and n in cls.player_counts else cls.player_counts[-1]
            opts = preset.get("options") or {}
            self.options = {k: v for k, v in opts.items() if k != "players"} if isinstance(opts, dict) else {}
            by_seat = preset.get("levels") or {}
            if isinstance(by_seat, dict):
                self.levels = [str(by_seat.get(k, by_seat.get(str(k), "normal"))) for k in range(1, self.players)]
                self.levels = [lv if lv in core.ai.LEVELS else "normal" for lv in self.levels]
        self.rules = RuleList(app)
        """The house rules' scrolling panel (the same as the LAN host form's)."""
        self.help_text = ""

    @property
    def rule_rows(self) -> list[Picker]:
        """The house rules' pickers, in the game's option order."""
        return self.rules.rows

    @property
    def _rule_ids(self) -> list[str]:
        """The option ids of :attr:`rule_rows`, in the same order."""
        return self.rules.ids

    @property
    def area(self) -> pygame.Rect:
        """The house rules' panel."""
        return self.rules.area

    @property
    def scroll(self) -> int:
        """How far (in pixels) the house rules are scrolled."""
        return self.rules.scroll

    @scroll.setter
    def scroll(self, value: int) -> None:
        self.rules.scroll = value

    # ---------------------------------------------------------- building
    def _defaults(self) -> dict[str, Any]:
        cls = core.GAMES[self.game]
        for given in (self.options, {}):
            try:
                return dict(cls.resolve_options(self.players, given))
            except core.OptionError:
                continue
        return {o.id: o.default for o in cls.OPTIONS}

    def layout(self) -> None:
        app = self.app
        s = app.scale
        w, h = app.size
        games = implemented_games()
        if not games:
            self.add(Button(_("Back"), self.back, pygame.Rect(w // 2 - app.px(120), h // 2, app.px(240), app.px(52))))
            return
        cls = core.GAMES[self.game]
        row = app.px(46)
        gap = app.px(10)
        lx, lw = int(w * 0.06), int(w * 0.38)
        y = app.px(130) + app.px(48)
        gp = Picker(_("Game"), [(g, game_title(g)) for g in games], self.game, self._set_game,
                    pygame.Rect(lx, y, lw, row), help=_("Which game to play. How to play: main menu > How to play."))
        self.add(gp)
        y += row + gap
        self.add(Picker(_("Players"), [(n, str(n)) for n in cls.player_counts], self.players, self._set_players,
                        pygame.Rect(lx, y, lw, row),
                        help=_("How many seats at the table; you take one, bots the rest.")))
        y += row + gap * 2
        levels = bot_levels()
        while len(self.levels) < self.players - 1:
            self.levels.append("normal" if "normal" in levels else levels[0])
        for k in range(1, self.players):
            name = seat_label(k, 0, self.players, clockwise(self.game))
            # TRANSLATORS: a seat played by the computer ("West (AI)").
            self.add(Picker(_("{seat} (AI)").format(seat=name), [(lv, level_text(lv)) for lv in levels],
                            self.levels[k - 1], self._level_setter(k),
                            pygame.Rect(lx, y, lw, row), help=_("How strong this computer player is.")))
            y += row + gap
        # house rules
        rx, rw = int(w * 0.52), int(w * 0.42)
        top = app.px(130)
        area = pygame.Rect(rx - app.px(12), top - app.px(8), rw + app.px(24), h - top - app.px(170))
        for p in self.rules.build(cls, area, self.options, self._defaults(), self._option_setter):
            self.add(p)
        bw = app.px(220)
        by = h - app.px(90)
        start = Button(_("Start"), self._start, pygame.Rect(w // 2 + app.px(10), by, bw, app.px(56)), primary=True)
        self.add(Button(_("Back"), self.back, pygame.Rect(w // 2 - bw - app.px(10), by, bw, app.px(56))))
        self.add(start)
        if self.widgets.focus < 0:
            self.widgets.set_focus(start)
        del s

    def _place_rules(self) -> None:
        self.rules.place()

    def _set_game(self, g: str) -> None:
        self.game = g
        cls = core.GAMES[g]
        st = self.app.settings
        self.players = st.last_players if st.last_players in cls.player_counts and st.last_game == g else (
            cls.player_counts[-1])
        self.options = dict(st.last_options.get(g, {}))
        self.scroll = 0
        self.relayout()

    def _set_players(self, n: int) -> None:
        self.players = n
        self.relayout()

    def _level_setter(self, k: int) -> Callable[[Any], None]:
        return lambda v: self._set_level(k, v)

    def _option_setter(self, oid: str) -> Callable[[Any], None]:
        return lambda v: self._set_option(oid, v)

    def _set_level(self, k: int, v: str) -> None:
        self.levels[k - 1] = v

    def _set_option(self, oid: str, v: Any) -> None:
        self.options[oid] = v
        before = self._defaults()
        # show the effective values: some options' defaults follow others (a variant)
        if any(p.value != before.get(_id) for p, _id in zip(self.rule_rows, self.rules.ids, strict=False)
               if _id not in self.options):
            scroll = self.scroll
            self.relayout()
            self.scroll = scroll
            self._place_rules()

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        f = self.widgets.focused()
        hovered = next((w for w in self.widgets.items if w.hovered and isinstance(w, Picker) and w.visible), None)
        src: Widget | None = hovered or f
        self.help_text = src.help if isinstance(src, Picker) and src.help else (
            _("Point at an option (or move to it with the arrow keys) to read what it does."))
        self.rules.keep_in_view(f)

    def handle(self, event: pygame.event.Event) -> None:
        if self.rules.handle(event):  # the only list here that scrolls; the wheel never edits a value
            return
        super().handle(event)

    def scroll_rules(self, rows: int) -> None:
        """Scroll the house rules by ``rows`` rows (positive: down), within bounds."""
        self.rules.scroll_by(rows)

    def hidden_rules(self) -> tuple[int, int]:
        """How many house rules are scrolled out of view (above, below)."""
        return self.rules.hidden()

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        app.draw_backdrop(surf)
        self.draw_title(surf, self.title)
        if not implemented_games():
            ui.blit_center(surf, app.fonts.text(_("No game is playable yet in this build."), app.px(26)),
                           (surf.get_width() / 2, surf.get_height() * 0.4))
            self.widgets.draw(surf, app)
            return
        w, h = surf.get_size()
        left = pygame.Rect(int(w * 0.06) - app.px(12), self.area.y, int(w * 0.38) + app.px(24), self.area.h)
        surf.blit(ui.panel(left.size, (8, 24, 18, 170), (90, 130, 100), app.px(12), 1), left.topleft)
        # TRANSLATORS: the heading of the New game panel with the game, the players and the AI levels.
        surf.blit(app.fonts.text(pgettext("new game panel", "Table"), app.px(22), ui.GOLD, "bold"),
                  (left.x + app.px(14), left.y + app.px(10)))
        self.rules.draw_panel(surf)
        self.widgets.draw(surf, app)
        if self.help_text:
            hb = pygame.Rect(int(w * 0.06), h - app.px(158), int(w * 0.88), app.px(56))
            surf.blit(ui.panel(hb.size, (0, 0, 0, 120), None, app.px(10)), hb.topleft)
            px, lines = wrap_fit(app.fonts, self.help_text, app.px(19), hb.w - app.px(30), 2)
            lines = lines[:2]
            step = int(px * 1.26)
            yy = hb.centery - len(lines) * step // 2
            for line in lines:
                ui.blit_center(surf, app.fonts.text(line, px, ui.TEXT), (hb.centerx, yy + step // 2))
                yy += step

    # ------------------------------------------------------------ start
    def _start(self) -> None:
        app = self.app
        levels = {k: self.levels[k - 1] for k in range(1, self.players)}
        try:
            session = LocalSession(self.game, self.players, dict(self.options), seat=0, levels=levels,
                                   seed=app.args.seed, player_name=shown_player_name(app.settings),
                                   **session_pacing(app))
        except core.BellaError as exc:
            app.push(MessageScene(app, _("Cannot start"), str(exc)))
            return
        st = app.settings
        st.last_game, st.last_players = self.game, self.players
        st.last_options[self.game] = {k: v for k, v in self.options.items()}
        st.last_levels = list(self.levels)
        app.save_settings()
        recording.abandon_save(app)  # the saved match would be overwritten: it is abandoned
        open_table(app, session)


def session_pacing(app: Any) -> dict[str, Any]:
    """Bot and deal pauses scaled by the animation speed setting."""
    speed = max(0.25, float(app.settings.animation_speed))
    return {"bot_delay": 0.7 / speed, "deal_delay": 0.35 / speed}


def open_table(app: Any, session: Any) -> None:
    """Show the table for ``session`` above the main menu."""
    app.reset(app.make("menu"))
    app.push(app.make("table", session))


def start_from_args(app: Any, args: argparse.Namespace) -> None:
    """``--game G --players N [--option id=value] [--level L]``: open a table at once."""
    game = args.game
    if game not in core.GAMES:
        have = ", ".join(implemented_games()) or "none yet"
        raise ValueError(f"unknown or unimplemented game {game!r}; playable: {have}")
    cls = core.GAMES[game]
    players = args.players or cls.player_counts[-1]
    options: dict[str, Any] = {}
    for item in args.option:
        if "=" not in item:
            raise ValueError(f"--option wants ID=VALUE, not {item!r}")
        k, v = item.split("=", 1)
        options[k.strip()] = {"true": True, "false": False}.get(v.strip().lower(), v.strip())
    level = args.level or "normal"
    if level not in core.ai.LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(core.ai.LEVELS)}")
    try:
        session = LocalSession(game, players, options, seat=0, levels={k: level for k in range(1, players)},
                               seed=args.seed, player_name=shown_player_name(app.settings), **session_pacing(app))
    except core.BellaError as exc:
        raise ValueError(str(exc)) from None
    recording.abandon_save(app)
    open_table(app, session)


def resume_saved(app: Any) -> None:
    """Resume the saved single-player match, or explain why it cannot be."""
    data, err = savegame.read_save()
    if data is None:
        app.push(MessageScene(app, _("Resume"), err or _("There is no saved match.")))
        return
    try:
        levels = {int(k): str(v) for k, v in (data.get("levels") or {}).items()}
        undos = int(data.get("undos", 0) or 0)
        kind = UndoSession if undos else LocalSession
        extra: dict[str, Any] = {"undos": undos} if undos else {}
        session = kind(str(data["record"].get("game")), int(data["record"].get("players", 0)),
                               seat=int(data.get("seat", 0)), levels=levels, seed=int(data.get("seed", 0)),
                               record=data["record"], player_name=shown_player_name(app.settings),
                               **session_pacing(app), **extra)
    except (core.BellaError, KeyError, TypeError, ValueError):
        # TRANSLATORS: completes "The saved match ..." (a sentence built by the save file's code).
        msg = savegame.set_aside(_("could not be restored (it does not replay with this version of Bella)"))
        app.push(MessageScene(app, _("Resume"), msg))
        return
    open_table(app, session)
