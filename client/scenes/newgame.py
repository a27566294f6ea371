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
from client.scene import MessageScene, Scene
from client.session import LocalSession, clockwise, seat_label
from client.undo import UndoSession
from client.widgets import Button, Picker, Widget


def pretty(value: Any) -> str:
    """An option id or value as menu text: ``target_score`` -> ``Target score``."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def number_choices(spec: core.OptionSpec, default: int) -> list[tuple[int, str]]:
    """A handful of round values around ``default`` within the spec's bounds."""
    vals = {default}
    for f in (0.25, 0.5, 0.75, 1.5, 2, 3):
        v = default * f
        step = 50 if v >= 200 else (10 if v >= 30 else 1)
        vals.add(int(round(v / step) * step))
    out = sorted(v for v in vals if spec.minimum <= v <= spec.maximum)
    return [(v, str(v)) for v in out]


def bot_levels() -> list[str]:
    """AI levels offered in menus (the random bot is for tests)."""
    return [lv for lv in core.ai.LEVELS if lv != "random"] or list(core.ai.LEVELS)


def implemented_games() -> list[str]:
    """Implemented games, in menu order."""
    return [g for g in core.GAME_IDS if g in core.GAMES] + [g for g in core.GAMES if g not in core.GAME_IDS]


class NewGame(Scene):
    """The new-game form."""

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    title = "New game"

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
        self.scroll = 0
        self.help_text = ""
        self.rule_rows: list[Picker] = []
        self._rule_ids: list[str] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self._kept_in_view: Widget | None = None

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
            self.add(Button("Back", self.back, pygame.Rect(w // 2 - app.px(120), h // 2, app.px(240), app.px(52))))
            return
        cls = core.GAMES[self.game]
        row = app.px(46)
        gap = app.px(10)
        lx, lw = int(w * 0.06), int(w * 0.38)
        y = app.px(130) + app.px(48)
        gp = Picker("Game", [(g, core.GAMES[g].title or pretty(g)) for g in games], self.game, self._set_game,
                    pygame.Rect(lx, y, lw, row), help="Which game to play. How to play: main menu > How to play.")
        self.add(gp)
        y += row + gap
        self.add(Picker("Players", [(n, str(n)) for n in cls.player_counts], self.players, self._set_players,
                        pygame.Rect(lx, y, lw, row), help="How many seats at the table; you take one, bots the rest."))
        y += row + gap * 2
        levels = bot_levels()
        while len(self.levels) < self.players - 1:
            self.levels.append("normal" if "normal" in levels else levels[0])
        for k in range(1, self.players):
            name = seat_label(k, 0, self.players, clockwise(self.game))
            self.add(Picker(f"{name} (AI)", [(lv, pretty(lv)) for lv in levels],
                            self.levels[k - 1], self._level_setter(k),
                            pygame.Rect(lx, y, lw, row), help="How strong this computer player is."))
            y += row + gap
        # house rules
        rx, rw = int(w * 0.52), int(w * 0.42)
        top = app.px(130)
        self.area = pygame.Rect(rx - app.px(12), top - app.px(8), rw + app.px(24), h - top - app.px(170))
        defaults = self._defaults()
        self.rule_rows = []
        self._rule_ids = []
        for spec in cls.OPTIONS:
            if spec.id == "players":
                continue
            self._rule_ids.append(spec.id)
            default = self.options.get(spec.id, defaults.get(spec.id, spec.default))
            if spec.values is None:
                base = defaults.get(spec.id, spec.default)
                choices: list[tuple[Any, str]] = list(
                    number_choices(spec, int(base) if isinstance(base, int) else spec.minimum))
                if isinstance(default, int) and default not in [c[0] for c in choices]:
                    choices = sorted(choices + [(default, str(default))])
            else:
                choices = [(v, pretty(v)) for v in spec.values]
            p = Picker(pretty(spec.id), choices, default, self._option_setter(spec.id),
                       pygame.Rect(rx, 0, rw, row), help=spec.help)
            p.tooltip = None
            self.rule_rows.append(p)
            self.add(p)
        self._place_rules()
        bw = app.px(220)
        by = h - app.px(90)
        start = Button("Start", self._start, pygame.Rect(w // 2 + app.px(10), by, bw, app.px(56)), primary=True)
        self.add(Button("Back", self.back, pygame.Rect(w // 2 - bw - app.px(10), by, bw, app.px(56))))
        self.add(start)
        if self.widgets.focus < 0:
            self.widgets.set_focus(start)
        del s

    def _place_rules(self) -> None:
        row = self.app.px(46) + self.app.px(8)
        y0 = self.area.y + self.app.px(48)
        for i, p in enumerate(self.rule_rows):
            p.rect.y = y0 + i * row - self.scroll
            p.visible = p.rect.y >= y0 - 2 and p.rect.bottom <= self.area.bottom
        for p in self.rule_rows:
            if not p.visible and p.focused:
                pass

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
        if any(p.value != before.get(_id) for p, _id in zip(self.rule_rows, self._rule_ids, strict=False)
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
            "Point at an option (or move to it with the arrow keys) to read what it does.")
        if f is not self._kept_in_view and isinstance(f, Picker) and f in self.rule_rows:
            # a rule the keyboard moved to scrolls into view (once: the wheel may scroll it away again)
            row = self.app.px(46) + self.app.px(8)
            i = self.rule_rows.index(f)
            y0 = self.area.y + self.app.px(48)
            y = y0 + i * row - self.scroll
            if y < y0:
                self.scroll = i * row
                self._place_rules()
            elif y + row > self.area.bottom:
                self.scroll = (i + 1) * row - (self.area.bottom - y0)
                self._place_rules()
        self._kept_in_view = f

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.rule_rows:  # the only list here that scrolls
            self.scroll_rules(-int(event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return  # the wheel's button events: already scrolled by MOUSEWHEEL; never edit a value
        super().handle(event)

    def scroll_rules(self, rows: int) -> None:
        """Scroll the house rules by ``rows`` rows (positive: down), within bounds."""
        row = self.app.px(46) + self.app.px(8)
        visible = max(1, (self.area.h - self.app.px(48)) // row)
        most = max(0, (len(self.rule_rows) - visible) * row)
        self.scroll = max(0, min(most, self.scroll + rows * row))
        self._place_rules()

    def hidden_rules(self) -> tuple[int, int]:
        """How many house rules are scrolled out of view (above, below)."""
        y0 = self.area.y + self.app.px(48)
        above = sum(1 for p in self.rule_rows if not p.visible and p.rect.y < y0 - 2)
        return above, sum(1 for p in self.rule_rows if not p.visible) - above

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        app.draw_backdrop(surf)
        self.draw_title(surf, self.title)
        if not implemented_games():
            ui.blit_center(surf, app.fonts.text("No game is playable yet in this build.", app.px(26)),
                           (surf.get_width() / 2, surf.get_height() * 0.4))
            self.widgets.draw(surf, app)
            return
        w, h = surf.get_size()
        left = pygame.Rect(int(w * 0.06) - app.px(12), self.area.y, int(w * 0.38) + app.px(24), self.area.h)
        for r, label in ((left, "Table"), (self.area, "House rules")):
            surf.blit(ui.panel(r.size, (8, 24, 18, 170), (90, 130, 100), app.px(12), 1), r.topleft)
            t = app.fonts.text(label, app.px(22), ui.GOLD, "bold")
            surf.blit(t, (r.x + app.px(14), r.y + app.px(10)))
        if not self.rule_rows:
            ui.blit_center(surf, app.fonts.text("This game has no house rules.", app.px(20), ui.TEXT_DIM),
                           self.area.center)
        else:
            above, below = self.hidden_rules()
            note = f"scroll for {below} more \u25bc" if below else (f"\u25b2 {above} above" if above else "")
            if note:
                t = app.fonts.text(note, app.px(16), ui.TEXT_DIM)
                surf.blit(t, (self.area.right - t.get_width() - app.px(12), self.area.y + app.px(14)))
        self.widgets.draw(surf, app)
        if self.help_text:
            hb = pygame.Rect(int(w * 0.06), h - app.px(158), int(w * 0.88), app.px(56))
            surf.blit(ui.panel(hb.size, (0, 0, 0, 120), None, app.px(10)), hb.topleft)
            lines = app.fonts.wrap(self.help_text, app.px(19), hb.w - app.px(30))[:2]
            yy = hb.centery - len(lines) * app.px(12)
            for line in lines:
                ui.blit_center(surf, app.fonts.text(line, app.px(19), ui.TEXT), (hb.centerx, yy + app.px(12)))
                yy += app.px(24)

    # ------------------------------------------------------------ start
    def _start(self) -> None:
        app = self.app
        levels = {k: self.levels[k - 1] for k in range(1, self.players)}
        try:
            session = LocalSession(self.game, self.players, dict(self.options), seat=0, levels=levels,
                                   seed=app.args.seed, player_name=app.settings.player_name,
                                   **session_pacing(app))
        except core.BellaError as exc:
            app.push(MessageScene(app, "Cannot start", str(exc)))
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
                               seed=args.seed, player_name=app.settings.player_name, **session_pacing(app))
    except core.BellaError as exc:
        raise ValueError(str(exc)) from None
    recording.abandon_save(app)
    open_table(app, session)


def resume_saved(app: Any) -> None:
    """Resume the saved single-player match, or explain why it cannot be."""
    data, err = savegame.read_save()
    if data is None:
        app.push(MessageScene(app, "Resume", err or "There is no saved match."))
        return
    try:
        levels = {int(k): str(v) for k, v in (data.get("levels") or {}).items()}
        undos = int(data.get("undos", 0) or 0)
        kind = UndoSession if undos else LocalSession
        extra: dict[str, Any] = {"undos": undos} if undos else {}
        session = kind(str(data["record"].get("game")), int(data["record"].get("players", 0)),
                               seat=int(data.get("seat", 0)), levels=levels, seed=int(data.get("seed", 0)),
                               record=data["record"], player_name=app.settings.player_name,
                               **session_pacing(app), **extra)
    except (core.BellaError, KeyError, TypeError, ValueError):
        msg = savegame.set_aside("could not be restored (it does not replay with this version of Bella)")
        app.push(MessageScene(app, "Resume", msg))
        return
    open_table(app, session)
