"""The Statistics screen: the figures of :mod:`client.stats` per game, player count and opponents, two charts,
the match history and a reset.

On the left, one row per group (``Belote, 4 players, vs hard``); on the
right, the chosen group's figures (played, won, streaks, points a deal,
contracts, capots, bides, hanging deals, moons, abandoned, with undo), the
running score of its recent matches and the points of each of their deals.
"Match history" opens the stored matches (replays); "Reset statistics"
forgets every stored match after a confirmation whose default is to keep them.
"""

from __future__ import annotations

from typing import Any

import pygame

import core
from client import art, plots, ui
from client.history import History, HistoryError, MatchRow
from client.i18n import N_, _, ngettext
from client.scene import MessageScene, Scene
from client.stats import Figures, compute, opponents_text
from client.widgets import Button, ListView, fit_text

BG = (12, 26, 20)
OTHER = (235, 120, 110)
MAX_BARS = 40
"""Deals shown in the points-per-deal chart (the latest)."""


def group_text(f: Figures) -> str:
    """A group's row in the list: ``Belote, 4 players, vs hard``."""
    return ngettext("{game}, {n} player, vs {opponents}", "{game}, {n} players, vs {opponents}", f.players).format(
        game=game_title(f.game), n=f.players, opponents=opponents_text(f.opponents))


def game_title(game: str) -> str:
    """The name of ``game`` (an id) in the player's language."""
    cls = core.GAMES.get(game)
    return _(cls.title) if cls is not None and cls.title else game.capitalize()


def players_text(f: Figures) -> str:
    """``4 players, vs hard`` (the second line of a group's row)."""
    # TRANSLATORS: {opponents} are bot levels such as "hard" or "easy+hard", or "people"
    return ngettext("{n} player, vs {opponents}", "{n} players, vs {opponents}", f.players).format(
        n=f.players, opponents=opponents_text(f.opponents))


def deal_points(recent: list[list[tuple[int, int]]]) -> tuple[list[int], list[int]]:
    """Our points in each deal of the recent matches (from their running scores), and where each match starts.

    >>> deal_points([[(10, 5), (30, 5)], [(0, 20)]])
    ([10, 20, 0], [0, 2])
    """
    values: list[int] = []
    starts: list[int] = []
    for match in recent:
        starts.append(len(values))
        prev = 0
        for ours, _theirs in match:
            values.append(ours - prev)
            prev = ours
    return values, starts


class GroupList(ListView):
    """The groups, two lines a row: the game in bold, then players and opponents with the record."""

    def __init__(self, figures: list[Figures], rect: pygame.Rect, **kw: Any) -> None:
        super().__init__([group_text(f) for f in figures], rect, **kw)
        self.figures = figures

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        r = self.rect
        clip = self.frame(surf, (12, 26, 20, 255), ui.PANEL_BORDER, app.px(12), max(1, app.px(2)))
        big, small = max(13, int(self.row_px * 0.3)), max(11, int(self.row_px * 0.23))
        for k in range(self._rows()):
            i = self.top + k
            if i >= len(self.figures):
                break
            f = self.figures[i]
            row = pygame.Rect(r.x + app.px(6), r.y + k * self.row_px + app.px(6), r.w - app.px(12),
                              self.row_px - app.px(4))
            sel = i == self.selected
            if sel:
                surf.blit(ui.panel(row.size, (196, 142, 40, 215), None, app.px(8)), row.topleft)
            elif k % 2:
                surf.blit(ui.panel(row.size, (255, 255, 255, 12), None, app.px(8)), row.topleft)
            ink = (24, 16, 4) if sel else ui.TEXT
            dim = (60, 40, 10) if sel else ui.TEXT_DIM
            # TRANSLATORS: a group's record in the statistics list, e.g. "3/5 won"
            rec = _("{won}/{played} won").format(won=f.won, played=f.played) if f.played else _("none finished")
            text, size = fit_text(app.fonts, rec, small, (row.w - app.px(20)) // 2)
            rt = app.fonts.text(text, size, dim)
            surf.blit(rt, (row.right - rt.get_width() - app.px(10), row.y + app.px(8)))
            text, size = fit_text(app.fonts, game_title(f.game), big, row.w - rt.get_width() - app.px(30), "bold")
            surf.blit(app.fonts.text(text, size, ink, "bold"), (row.x + app.px(10), row.y + app.px(5)))
            text, size = fit_text(app.fonts, players_text(f), small, row.w - app.px(20))
            lt = app.fonts.text(text, size, dim)
            surf.blit(lt, (row.x + app.px(10), row.y + app.px(5) + big + app.px(4)))
        surf.set_clip(clip)


class StatsScene(Scene):
    """Statistics from the match history (see the module docstring)."""

    title = N_("Statistics")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows: list[MatchRow] = []
        self.figures: list[Figures] = []
        self.selected = 0
        self.error: str | None = None
        self.list: ListView | None = None
        self.reset_button: Button | None = None
        self.load()

    # ------------------------------------------------------------- data
    def load(self) -> None:
        """Read the history and compute the figures (a damaged history is reported, never fatal)."""
        self.error = None
        try:
            with History() as h:
                if h.warning:
                    self.app.toast(h.warning, error=True, seconds=9.0)
                self.rows = h.matches()
            self.figures = compute(self.rows)
        except (OSError, HistoryError, core.RecordError, ValueError, KeyError, TypeError) as exc:
            self.rows, self.figures = [], []
            self.error = _("The match history could not be read: {error}").format(error=exc)
        except Exception as exc:  # sqlite3 errors and anything unexpected: a message, not a crash
            self.rows, self.figures = [], []
            self.error = _("The match history could not be read: {error}").format(error=exc)
        self.selected = min(self.selected, max(0, len(self.figures) - 1))

    @property
    def current(self) -> Figures | None:
        """The group shown on the right."""
        return self.figures[self.selected] if 0 <= self.selected < len(self.figures) else None

    def group_rows(self, f: Figures) -> list[MatchRow]:
        """The stored matches of group ``f`` (oldest first)."""
        return [r for r in self.rows if r.seat is not None and (r.game, r.players, r.opponents)
                == (f.game, f.players, f.opponents)]

    # ----------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        self.list = None
        if self.figures:
            rect = pygame.Rect(int(w * 0.04), px(104), int(w * 0.27), h - px(104) - px(92))
            lv = GroupList(self.figures, rect, on_select=self._select, row_px=px(60))
            lv.selected = self.selected
            self.list = lv
            self.add(lv)
        bw, bh = px(220), px(48)
        y = h - px(70)
        entries: list[tuple[str, Any, bool]] = [(_("Reset statistics"), self._reset_confirm, False),
                                                (_("Back"), self.back, True)]
        if "matches" in self.app.scenes:
            entries.insert(0, (_("Match history"), self._history, False))
        gap = px(16)
        x = (w - (bw * len(entries) + gap * (len(entries) - 1))) // 2
        buttons = []
        for text, fn, primary in entries:
            b = Button(text, fn, pygame.Rect(x, y, bw, bh), primary=primary)
            self.add(b)
            buttons.append(b)
            x += bw + gap
        self.reset_button = buttons[-2]
        self.reset_button.enabled = bool(self.rows)  # the Match history stays open: it also imports files
        self.widgets.set_focus(self.list if self.list is not None else buttons[-1])

    def _select(self, i: int) -> None:
        self.selected = i

    # ---------------------------------------------------------- actions
    def _history(self) -> None:
        self.app.push(self.app.make("matches"))

    def _reset_confirm(self) -> None:
        n = len(self.rows)
        self.app.push(MessageScene(
            self.app, _("Reset statistics?"),
            ngettext("All {n} stored match and its replay will be forgotten. This cannot be undone.",
                     "All {n} stored matches and their replays will be forgotten. This cannot be undone.", n).format(
                n=n), ok=_("Reset"), on_ok=self.reset, other=_("Keep them"), safe_default=True))

    def reset(self) -> None:
        """Forget every stored match."""
        try:
            with History() as h:
                h.reset()
        except Exception as exc:  # a locked or unwritable file: say so
            self.app.toast(_("The statistics could not be reset: {error}").format(error=exc), error=True)
            return
        self.selected = 0
        self.load()
        self.relayout()
        self.app.toast(_("Statistics reset."))

    def resume(self) -> None:
        self.load()  # the history may have changed (a match deleted or added)
        super().resume()

    # ----------------------------------------------------------- drawing
    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        w, h = surf.get_size()
        px = app.px
        surf.blit(art.felt((w, h), "menu"), (0, 0))
        app.dim(surf, 110)
        self.draw_title(surf, self.title, y=px(40))
        f = self.current
        if self.error or f is None:
            self._draw_empty(surf)
            self.widgets.draw(surf, app)
            return
        finished = sum(g.played for g in self.figures)
        won = sum(g.won for g in self.figures)
        rate = f"{100 * won / finished:.0f}%" if finished else "\u2013"
        # TRANSLATORS: {rate} is a percentage such as 55%
        sub = (ngettext("{n} match finished, {won} won ({rate})", "{n} matches finished, {won} won ({rate})",
                        finished).format(n=finished, won=won, rate=rate)
               + "  \u2022  " + _("{n} stored").format(n=len(self.rows)))
        text, size = fit_text(app.fonts, sub, px(17), w - px(40))
        ui.blit_center(surf, app.fonts.text(text, size, ui.TEXT_DIM), (w / 2, px(80)))
        x0, x1 = int(w * 0.33), int(w * 0.96)
        fig_rect = pygame.Rect(x0, px(104), x1 - x0, px(176))
        self._draw_figures(surf, fig_rect, f)
        top = fig_rect.bottom + px(14)
        ph = h - px(92) - top
        gap = px(16)
        pw = (x1 - x0 - gap) // 2
        self._draw_running(surf, pygame.Rect(x0, top, pw, ph), f)
        values, starts = deal_points(f.recent)
        shown = values[-MAX_BARS:]
        cut = len(values) - len(shown)
        plots.bar_chart(surf, app, pygame.Rect(x0 + pw + gap, top, x1 - x0 - pw - gap, ph), _("Points per deal"),
                        shown, breaks=[s - cut for s in starts if s - cut > 0],
                        x_caption=ngettext("last {n} deal", "last {n} deals", len(shown)).format(n=len(shown)),
                        mean_label=_("average"))
        self.widgets.draw(surf, app)

    def _draw_empty(self, surf: pygame.Surface) -> None:
        app = self.app
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, int(min(w * 0.8, app.px(760))), app.px(200))
        box.center = (w // 2, int(h * 0.45))
        surf.blit(ui.panel(box.size, (12, 26, 20, 255), ui.PANEL_BORDER, app.px(14), max(2, app.px(2))), box.topleft)
        head = _("The history could not be read") if self.error else _("No matches played yet")
        text, size = fit_text(app.fonts, head, app.px(30), box.w - app.px(40), "serif")
        ui.blit_center(surf, app.fonts.text(text, size, ui.GOLD, "serif"), (box.centerx, box.y + app.px(52)))
        body = self.error or _("Every single-player match you finish or abandon is counted here,"
                               " per game, player count and opponents.")
        y = box.y + app.px(100)
        for line in app.fonts.wrap(body, app.px(19), box.w - app.px(60)):
            ui.blit_center(surf, app.fonts.text(line, app.px(19), ui.TEXT), (box.centerx, y))
            y += app.px(26)

    def _draw_figures(self, surf: pygame.Surface, rect: pygame.Rect, f: Figures) -> None:
        app = self.app
        px = app.px
        surf.blit(ui.panel(rect.size, (12, 26, 20, 255), ui.PANEL_BORDER, px(12), max(1, px(2))), rect.topleft)
        text, size = fit_text(app.fonts, group_text(f), px(17), rect.w - px(28), "bold")
        surf.blit(app.fonts.text(text, size, ui.GOLD, "bold"), (rect.x + px(14), rect.y + px(10)))
        rate = f"{100 * f.win_rate:.0f}%" if f.played else "\u2013"
        # TRANSLATORS: contracts made of contracts declared, e.g. "3 of 5"
        made = _("{made} of {total}").format(made=f.made, total=f.contracts) if f.contracts else "\u2013"
        # TRANSLATORS: captions under the figures of the statistics screen
        tiles = [(str(f.played), _("played")), (str(f.won), _("won ({rate})").format(rate=rate)),
                 (str(f.current_streak), _("streak (best {best})").format(best=f.best_streak)),
                 (f"{f.points_per_deal:.1f}", _("points a deal")),
                 (made, _("contracts made")), (str(f.capots), _("capots")), (str(f.bides), _("bides")),
                 (str(f.hanging), _("hanging deals"))]
        cols = 4
        tw = (rect.w - px(28)) / cols
        th = px(56)
        for i, (big, small) in enumerate(tiles):
            cx = rect.x + px(14) + tw * (i % cols) + tw / 2
            cy = rect.y + px(38) + th * (i // cols)
            cell = pygame.Rect(int(cx - tw / 2 + px(4)), int(cy), int(tw - px(8)), th - px(6))
            surf.blit(ui.panel(cell.size, (255, 255, 255, 12), None, px(8)), cell.topleft)
            ui.blit_center(surf, app.fonts.text(big, px(24), ui.GOLD if i < 4 else ui.TEXT, "bold"),
                           (cell.centerx, cell.y + px(18)))
            text, size = fit_text(app.fonts, small, px(13), cell.w - px(6))
            ui.blit_center(surf, app.fonts.text(text, size, ui.TEXT_DIM), (cell.centerx, cell.y + px(39)))
        extra = "   \u2022   ".join((_("moons {n}").format(n=f.moons), _("abandoned {n}").format(n=f.abandoned),
                                     _("with undo {n}").format(n=f.with_undo)))
        text, size = fit_text(app.fonts, extra, px(14), rect.w - px(32))
        t = app.fonts.text(text, size, ui.TEXT_DIM)
        surf.blit(t, (rect.right - t.get_width() - px(16), rect.bottom - t.get_height() - px(8)))

    def _draw_running(self, surf: pygame.Surface, rect: pygame.Rect, f: Figures) -> None:
        app = self.app
        rows = self.group_rows(f)
        target = None
        if rows:
            t = rows[-1].options.get("target_score")
            target = float(t) if isinstance(t, int | float) else None
        series: list[plots.Series] = []
        n = len(f.recent)
        for i, match in enumerate(f.recent[:-1]):
            fade = 0.25 + 0.45 * (i + 1) / max(1, n)
            col = (int(BG[0] + (ui.GOLD[0] - BG[0]) * fade), int(BG[1] + (ui.GOLD[1] - BG[1]) * fade),
                   int(BG[2] + (ui.GOLD[2] - BG[2]) * fade))
            series.append(plots.Series([a for a, _ in match], col, 1.5))
        if f.recent:
            last = f.recent[-1]
            series.append(plots.Series([b for _, b in last], OTHER, 2.0))
            series.append(plots.Series([a for a, _ in last], ui.GOLD, 3.0, dots=True))
        plots.line_chart(surf, app, rect, _("Running score, recent matches"), series, x_caption=_("deal"),
                         guide=target, guide_label=_("target {n}").format(n=f"{target:.0f}") if target else "")
        if f.recent:
            # TRANSLATORS: the chart's legend: your score, the best other side's, earlier matches
            plots.legend(surf, app, (rect.x + app.px(52), rect.bottom - app.px(14)),
                         [(_("you"), ui.GOLD), (_("best other"), OTHER), (_("earlier"), (130, 112, 66))], right=False)
