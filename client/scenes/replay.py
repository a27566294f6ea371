"""The replay viewer: step through a recorded match with every hand face up.

Opened from the Match history (a stored match), from a record file
(``python main.py replay FILE [--seat N]``, or Import in the Match history).
Step forward and back by action, trick and deal (buttons; keys Left/Right,
PageUp/PageDown or [ ], Ctrl+Left/Right for deals, Home/End); the step list
on the right jumps to any action.  The table shows every hand face up (each
seat's hand from that seat's own view), the trick (or the trick just won),
the auction and the declarations of the deal so far, the contract and the
scores; S opens the score sheet of the position.  Export writes the match as
a record file (JSON); "Play this deal again" starts a new match with the
same cards, dealer and seat against fresh bots; "Analyse my play" values the
seat's decisions in the background and marks the costly ones.
"""

from __future__ import annotations

import argparse
import sys
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

import core
from client import art, labels, layout, ui
from client.history import data_dir
from client.i18n import N_, _, ngettext
from client.replay_model import Replay, Step, analysis_summary, costly, decision_note, load_record, save_record
from client.scene import MessageScene, Scene
from client.settings import shown_player_name
from client.widgets import Button, ListView, fit_text

SIDE_INK = (235, 120, 110)


class _Cancelled(Exception):
    """The replay was closed while its analysis ran."""


def exports_dir() -> Path:
    """Where exported record files go (and where Import looks first)."""
    return data_dir() / "records"


class StepList(ListView):
    """The record's actions, one a row: deals in gold, tricks ruled off, costly decisions marked."""

    def __init__(self, replay: Replay, rect: pygame.Rect, **kw: Any) -> None:
        super().__init__([s.text for s in replay.steps], rect, **kw)
        self.replay = replay
        self.marks: dict[int, float] = {}
        """Action index -> points the decision cost (from the analysis)."""

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        if not self.visible:
            return
        r = self.rect
        clip = self.frame(surf, (12, 26, 20, 245), ui.PANEL_BORDER, app.px(10), max(1, app.px(2)))
        px = max(11, int(self.row_px * 0.5))
        for k in range(self._rows()):
            i = self.top + k
            if i >= len(self.replay.steps):
                break
            st: Step = self.replay.steps[i]
            row = pygame.Rect(r.x + 4, r.y + k * self.row_px + 2, r.w - 8, self.row_px - 2)
            sel = i == self.selected
            if sel:
                surf.blit(ui.panel(row.size, (196, 142, 40, 220), None, app.px(6)), row.topleft)
            deal = st.action.get("type") == "deal"
            ink = (24, 16, 4) if sel else (ui.GOLD if deal else (ui.TEXT if st.seat == self.replay.seat
                                                                  else ui.TEXT_DIM))
            style = "bold" if deal or st.seat == self.replay.seat else "sans"
            text, size = fit_text(app.fonts, st.text, px, row.w - app.px(16), style, shrink=False)
            t = app.fonts.text(text, size, ink, style)
            surf.blit(t, (row.x + app.px(8), row.centery - t.get_height() // 2))
            loss = self.marks.get(st.index)
            if loss is not None:
                badge = app.fonts.text(f"\u2212{loss:.0f}", px, (255, 255, 255), "bold")
                br = pygame.Rect(0, 0, badge.get_width() + app.px(12), self.row_px - app.px(8))
                br.midright = (row.right - app.px(4), row.centery)
                pygame.draw.rect(surf, ui.RED, br, border_radius=app.px(6))
                ui.blit_center(surf, badge, br.center)
            if st.ends_trick or st.ends_deal:
                pygame.draw.line(surf, ui.GOLD_DARK if st.ends_deal else (60, 96, 78), (row.x, row.bottom),
                                 (row.right, row.bottom), 1)
        surf.set_clip(clip)

    def show(self, i: int) -> None:
        """Select row ``i`` and scroll it into view (without callbacks)."""
        self.selected = max(-1, min(len(self.items) - 1, i))
        rows = self._rows()
        if self.selected < self.top:
            self.top = max(0, self.selected - rows // 3)
        elif self.selected >= self.top + rows:
            self.top = min(max(0, len(self.items) - rows), self.selected - rows * 2 // 3)


class ReplayScene(Scene):
    """Step through ``record`` as seen from ``seat`` (see the module docstring)."""

    title = N_("Replay")

    def __init__(self, app: Any, record: dict[str, Any], *, seat: int = 0, names: list[str] | None = None,
                 levels: dict[int, str] | None = None, heading: str = "") -> None:
        super().__init__(app)
        self.model = Replay(record, seat=seat, names=names)
        self.levels = dict(levels or {})
        # TRANSLATORS: the replay viewer's heading, e.g. "Belote replay"
        self.heading = heading or _("{game} replay").format(game=self.game_title)
        self.pos = self.model.deal_starts()[0] if self.model.deal_starts() else 0
        self.steps: StepList | None = None
        self.lay: layout.TableLayout | None = None
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.analysis_rect = pygame.Rect(0, 0, 0, 0)
        self._seat_rects: list[pygame.Rect] = []
        self._view_key = -1
        self._view: dict[str, Any] = {}
        self.nav: dict[str, Button] = {}
        # the analysis (item of this viewer): filled by a background thread
        self.analysis: list[Any] | None = None
        self.analysis_summary = ""
        self.progress: tuple[int, int] | None = None
        self._thread: threading.Thread | None = None
        self._result: dict[str, Any] = {}
        self.analysed: dict[int, Any] = {}
        """Action index -> its analysed decision."""

    @property
    def game_title(self) -> str:
        """The game's name."""
        cls = core.GAMES.get(self.model.game)
        return _(cls.title) if cls is not None and cls.title else self.model.game.capitalize()

    @property
    def view(self) -> dict[str, Any]:
        """The position shown (every hand filled in)."""
        if self._view_key != self.pos:
            self._view = self.model.view_at(self.pos)
            self._view_key = self.pos
        return self._view

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        col_w = int(w * 0.27)
        col_x = w - col_w - px(12)
        self.table_rect = pygame.Rect(0, 0, col_x - px(8), h - px(64))
        tw, th = self.table_rect.size
        self.lay = layout.compute(tw, th, self.model.players, self.model.seat, self.model.clockwise)
        top = px(56)
        list_h = int(h * 0.47) - top
        row = max(18, px(26))
        self.steps = StepList(self.model, pygame.Rect(col_x, top, col_w, list_h - list_h % row + 4),
                              on_select=self._select_row, row_px=row)
        self.add(self.steps)
        self.steps.show(self.pos - 1)
        bh, gap = px(40), px(8)
        bw = (col_w - gap) // 2
        y = self.steps.rect.bottom + px(12)
        grid = [(N_("Score sheet (S)"), self.open_scores), (N_("Export"), self.export),
                (N_("Play this deal again"), self.play_again), (N_("Analyse my play"), self.analyse),
                (N_("Import"), self.import_file), (N_("Back"), self.back)]
        self.side_buttons: dict[str, Button] = {}
        """The buttons beside the table by their English text."""
        for i, (text, fn) in enumerate(grid):
            b = Button(_(text), fn, pygame.Rect(col_x + (bw + gap) * (i % 2), y + (bh + gap) * (i // 2), bw, bh),
                       primary=text == "Back", px=max(11, px(15)))
            self.add(b)
            self.side_buttons[text] = b
        y_end = y + (bh + gap) * ((len(grid) + 1) // 2) + px(4)
        self.analysis_rect = pygame.Rect(col_x, y_end, col_w, h - y_end - px(12))
        # TRANSLATORS: the replay's step buttons (arrows show the direction) and their tooltips
        nav = [("deal-", _("\u25c0 Deal"), self.prev_deal, _("Previous deal (Ctrl+Left)")),
               ("trick-", _("\u25c0 Trick"), self.prev_trick, _("Previous trick (PageUp or [)")),
               ("step-", _("\u25c0 Step"), self.prev_step, _("One action back (Left)")),
               ("step+", _("Step \u25b6"), self.next_step, _("One action on (Right)")),
               ("trick+", _("Trick \u25b6"), self.next_trick, _("Next trick (PageDown or ])")),
               ("deal+", _("Deal \u25b6"), self.next_deal, _("Next deal (Ctrl+Right)"))]
        nbw = min(px(130), (tw - px(40)) // len(nav) - gap)
        x = (tw - (nbw * len(nav) + gap * (len(nav) - 1))) // 2
        self.nav = {}
        for key, text, fn, tip in nav:
            b = Button(text, fn, pygame.Rect(x, h - px(54), nbw, px(42)), tooltip=tip, px=max(11, px(16)),
                       primary=key == "step+")
            self.add(b)
            self.nav[key] = b
            x += nbw + gap
        self._refresh_buttons()
        self.widgets.set_focus(self.nav["step+"])

    def _refresh_buttons(self) -> None:
        m = self.model
        for key in ("deal-", "trick-", "step-"):
            if key in self.nav:
                self.nav[key].enabled = self.pos > 0
        for key in ("deal+", "trick+", "step+"):
            if key in self.nav:
                self.nav[key].enabled = self.pos < m.length
        if hasattr(self, "side_buttons"):
            self.side_buttons["Play this deal again"].enabled = m.deal_at(self.pos) > 0
            self.side_buttons["Analyse my play"].enabled = self._thread is None and self.analysis is None
        if self.steps is not None:
            self.steps.show(self.pos - 1)

    # ---------------------------------------------------------- stepping
    def go(self, p: int) -> None:
        """Show position ``p``."""
        p = max(0, min(self.model.length, p))
        if p != self.pos:
            self.pos = p
            self.app.sounds.play("tick")
        self._refresh_buttons()

    def _select_row(self, i: int) -> None:
        self.go(i + 1)

    def next_step(self) -> None:
        """One action on."""
        self.go(self.model.next_action(self.pos))

    def prev_step(self) -> None:
        """One action back."""
        self.go(self.model.prev_action(self.pos))

    def next_trick(self) -> None:
        """To the end of the next trick."""
        self.go(self.model.next_trick(self.pos))

    def prev_trick(self) -> None:
        """To the end of the previous trick."""
        self.go(self.model.prev_trick(self.pos))

    def next_deal(self) -> None:
        """To the start of the next deal."""
        self.go(self.model.next_deal(self.pos))

    def prev_deal(self) -> None:
        """To the start of this deal (or the previous one)."""
        self.go(self.model.prev_deal(self.pos))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            k, mod = event.key, getattr(event, "mod", 0)
            ctrl = mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            keys = {pygame.K_RIGHT: self.next_deal if ctrl else self.next_step,
                    pygame.K_LEFT: self.prev_deal if ctrl else self.prev_step,
                    pygame.K_PAGEDOWN: self.next_trick, pygame.K_RIGHTBRACKET: self.next_trick,
                    pygame.K_PAGEUP: self.prev_trick, pygame.K_LEFTBRACKET: self.prev_trick,
                    pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.model.length),
                    pygame.K_s: self.open_scores}
            if k in keys:
                keys[k]()
                return
        if event.type == pygame.MOUSEWHEEL and self.steps is not None:
            mx, my = pygame.mouse.get_pos()
            if self.steps.rect.collidepoint((mx, my)):
                n = len(self.steps.items)
                self.steps.top = max(0, min(max(0, n - self.steps._rows()), self.steps.top - event.y * 3))
                return
        super().handle(event)

    # ------------------------------------------------------------ actions
    def open_scores(self) -> None:
        """The score sheet of the position shown."""
        self.app.push(self.app.make("scoresheet", self.view, self.model.names))

    def export(self) -> None:
        """Write the match as a record file in the records folder; say where."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = exports_dir() / f"bella-{self.model.game}-{stamp}.json"
        try:
            save_record(self.model.record, path)
        except OSError as exc:
            self.app.toast(_("The match could not be exported: {error}").format(error=exc), error=True)
            return
        # TRANSLATORS: {path} is a file path
        self.app.toast(_("Exported to {path}").format(path=path), seconds=8.0)
        self.exported = path

    def import_file(self) -> None:
        """Open a record file (the import screen)."""
        self.app.push(self.app.make("import"))

    def play_again(self) -> None:
        """A new match dealt the cards of the deal shown, to the same seat, against fresh bots."""
        from client.scenes.newgame import open_table, session_pacing
        from client.session import LocalSession

        deal = self.model.deal_at(self.pos)
        try:
            record = self.model.deal_record(deal)
            levels = {s: self.levels.get(s, "normal") for s in range(self.model.players) if s != self.model.seat}
            session = LocalSession(self.model.game, self.model.players, seat=self.model.seat, levels=levels,
                                   record=record, player_name=shown_player_name(self.app.settings),
                                   **session_pacing(self.app))
        except core.BellaError as exc:
            self.app.push(MessageScene(self.app, _("Play this deal again"),
                                       _("The deal cannot be played again: {error}").format(error=exc)))
            return
        open_table(self.app, session)
        self.app.toast(_("Deal {n} again: the same cards, fresh opponents.").format(n=deal))

    def analyse(self) -> None:
        """Value the seat's decisions in the background (``core.ai.analysis``), with a progress bar."""
        if self._thread is not None or self.analysis is not None:
            return
        from core.ai import analysis

        record = self.model.record
        seat = self.model.seat
        self.progress = (0, max(1, analysis.decisions_of(record, seat)))
        result: dict[str, Any] = {}
        self._result = result
        playouts = self.playouts

        def progress(done: int, total: int) -> None:
            result["progress"] = (done, total)
            if result.get("cancel"):
                raise _Cancelled

        def work() -> None:
            try:
                result["decisions"] = analysis.analyse(record, seat, playouts=playouts, progress=progress)
            except _Cancelled:
                pass
            except Exception as exc:  # reported on screen, never a crash
                result["error"] = str(exc) or type(exc).__name__

        self._thread = threading.Thread(target=work, name="bella-analysis", daemon=True)
        self._thread.start()
        self._refresh_buttons()

    playouts = 120
    """Rollouts per analysed decision in the client (fewer than the command line's: the player is waiting)."""

    def leave(self) -> None:
        self._result["cancel"] = True  # the analysis stops at its next decision

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._thread is None:
            return
        if "progress" in self._result:
            self.progress = self._result["progress"]
        if self._thread.is_alive():
            return
        self._thread = None
        self.progress = None
        if "error" in self._result:
            self.app.toast(_("The analysis failed: {error}").format(error=self._result["error"]), error=True)
            self._refresh_buttons()
            return
        decisions = list(self._result.get("decisions") or [])
        self.analysis = decisions
        self.analysed = {d.index: d for d in decisions}
        self.analysis_summary = analysis_summary(decisions)
        if self.steps is not None:
            self.steps.marks = {d.index: d.loss for d in costly(decisions)}
        self._refresh_buttons()

    def is_idle(self) -> bool:
        return self._thread is None and super().is_idle()

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        lay = self.lay
        if lay is None:
            return
        w, h = surf.get_size()
        ring = (int(lay.center[0]), int(lay.center[1]), int(lay.trick_w * 5.2), int(lay.trick_w * 1.4 * 2.6))
        surf.blit(art.table_felt((w, h), ring), (0, 0))
        v = self.view
        self._seat_rects = []
        for seat in range(self.model.players):
            self._draw_seat(surf, v, seat)
        self._draw_centre(surf, v)
        self._draw_hud(surf, v)
        room = self.steps.rect.w if self.steps else w // 3
        text, size = fit_text(app.fonts, self.heading, app.px(20), room, "serif")
        t = app.fonts.text(text, size, ui.GOLD, "serif")
        col_x = self.steps.rect.x if self.steps else w - t.get_width()
        surf.blit(t, (col_x, app.px(16)))
        self.widgets.draw(surf, app)
        self._draw_analysis(surf)

    def _names_line(self, v: dict[str, Any]) -> str:
        sides = v.get("sides") or [[s] for s in range(self.model.players)]
        scores = v.get("scores") or []
        parts = []
        for i, seats in enumerate(sides):
            who = labels.team_text([self.model.names[s] for s in seats if s < len(self.model.names)])
            parts.append(f"{who}\u00a0{scores[i] if i < len(scores) else 0}")  # a name keeps its score
        return "   ".join(parts)

    def _draw_hud(self, surf: pygame.Surface, v: dict[str, Any]) -> None:
        app = self.app
        px = app.px
        deal = self.model.deal_at(self.pos)
        total_deals = len(self.model.deal_starts())
        lines: list[tuple[str, Any, int, str]] = []
        head = _("Deal {n} of {total}").format(n=deal, total=total_deals) if deal else _("Before the first deal")
        dealer = v.get("dealer")
        if deal and isinstance(dealer, int) and dealer < len(self.model.names):
            head += "  \u2022  " + _("dealer {name}").format(name=self.model.names[dealer])
        width = int(self.table_rect.w * 0.34)
        lines.append((head, ui.GOLD, px(17), "bold"))
        contract = labels.contract_text(v, self.model.names) if deal else ""
        if contract:
            lines += [(t, ui.TEXT, px(15), "sans") for t in app.fonts.wrap(contract, px(15), width)[:2]]
        lines += [(t, ui.TEXT, px(15), "sans") for t in app.fonts.wrap(self._names_line(v), px(15), width)[:3]]
        lines.append((_("step {n} of {total}").format(n=self.pos, total=self.model.length), ui.TEXT_DIM, px(13),
                      "sans"))
        events = self.model.events_of_deal(self.pos) if deal else []
        bids = [e for e in events if e.get("type") == "bid" and isinstance(e.get("seat"), int)]
        if bids:
            # TRANSLATORS: {bids} lists who bid what, e.g. "Anna Pass, Boris Hearts"
            text = _("Auction: {bids}").format(bids=", ".join(
                f"{self.model.names[e['seat']]} {labels.call_text(str(e.get('call')), v)}" for e in bids))
            lines += [(s, ui.TEXT_DIM, px(14), "sans") for s in app.fonts.wrap(text, px(14), width)[-4:]]
        decl = [e for e in events if e.get("type") == "declared" and isinstance(e.get("seat"), int)]
        if decl:
            text = _("Declared: {declarations}").format(declarations=", ".join(
                f"{self.model.names[e['seat']]} {labels.declaration_words(str(e.get('call')), e.get('top'))}"
                for e in decl))
            lines += [(s, ui.TEXT_DIM, px(14), "sans") for s in app.fonts.wrap(text, px(14), width)[-3:]]
        pad = px(12)
        bw = max(app.fonts.font(size, style).size(t)[0] for t, _, size, style in lines) + 2 * pad
        bh = sum(int(size * 1.35) for _, _, size, _ in lines) + pad
        x, y = px(12), px(12)
        if any(r.colliderect(pygame.Rect(x, y, bw, bh)) for r in self._seat_rects):
            # a seat sits at the top left (five players): the panel goes to the bottom right of the table
            x = self.table_rect.w - bw - px(12)
            y = min(self.nav["step+"].rect.y if self.nav else self.table_rect.bottom, self.table_rect.bottom) \
                - bh - px(10)
        surf.blit(ui.panel((bw, bh), (10, 24, 18, 225), ui.PANEL_BORDER, px(10), 1), (x, y))
        yy = y + pad // 2
        for text, col, size, style in lines:
            surf.blit(app.fonts.text(text, size, col, style), (x + pad, yy))
            yy += int(size * 1.35)

    def _hand_cards(self, v: dict[str, Any], seat: int) -> list[str]:
        hands = v.get("hands") or []
        cards = hands[seat] if seat < len(hands) and isinstance(hands[seat], list) else []
        return labels.sort_hand([c for c in cards if isinstance(c, str)], v)

    def _draw_seat(self, surf: pygame.Surface, v: dict[str, Any], seat: int) -> None:
        app = self.app
        lay = self.lay
        assert lay is not None
        spot = lay.spot(seat)
        cards = self._hand_cards(v, seat)
        cur = v.get("current_player") == seat
        if spot.side == "bottom":
            cw = lay.card_w
            for (pos, ang), c in zip(layout.fan(len(cards), spot.hand, cw, layout.hand_width(lay)), cards,
                                     strict=False):
                ui.blit_center(surf, app.cards.rotated(c, cw, ang), pos)  # type: ignore[attr-defined]
            px_, py = layout.plate_rect(lay, seat)[:2]
            plate = pygame.Rect(layout.plate_rect(lay, seat))
            plate.topleft = (px_, py)
        else:
            sw = int(lay.card_w * 0.6)
            sh = int(sw * 1.4)
            step = sw * 0.38
            n = len(cards)
            row_w = sw + step * max(0, n - 1)
            plate = pygame.Rect(layout.plate_rect(lay, seat))
            margin = app.px(10)
            if spot.side == "top":
                cx, cy = spot.hand[0], margin + sh / 2
                plate.centery = int(cy + sh / 2 + plate.h / 2 + app.px(6))
            elif spot.side == "left":
                cx, cy = margin + max(row_w, plate.w) / 2, spot.hand[1]
                plate.center = (int(cx), int(cy - sh / 2 - plate.h / 2 - app.px(6)))
            else:
                cx, cy = self.table_rect.w - margin - max(row_w, plate.w) / 2, spot.hand[1]
                plate.center = (int(cx), int(cy - sh / 2 - plate.h / 2 - app.px(6)))
            x0 = cx - row_w / 2 + sw / 2
            self._seat_rects.append(pygame.Rect(int(cx - row_w / 2), int(cy - sh / 2), int(row_w), sh))
            for i, c in enumerate(cards):
                ui.blit_center(surf, app.cards.image(c, sw), (x0 + i * step, cy))  # type: ignore[attr-defined]
        self._seat_rects.append(plate)
        # the name plate (gold edge on the seat to act)
        fill = (26, 52, 40, 235) if not cur else (60, 48, 16, 240)
        surf.blit(ui.panel(plate.size, fill, ui.GOLD if cur else (90, 130, 110), app.px(10), max(1, app.px(2))),
                  plate.topleft)
        name = self.model.names[seat] if seat < len(self.model.names) else str(seat)
        if v.get("dealer") == seat:
            # TRANSLATORS: marks the dealer's name plate; D for dealer
            name = _("{name} (D)").format(name=name)
        name, size = fit_text(app.fonts, name, app.px(16), plate.w - app.px(8), "bold")
        ui.blit_center(surf, app.fonts.text(name, size, ui.GOLD if cur else ui.TEXT, "bold"),
                       (plate.centerx, plate.centery - app.px(7)))
        won = v.get("tricks_won")
        if isinstance(won, list) and seat < len(won):
            n = int(won[seat] or 0)
            sub = ngettext("{n} trick", "{n} tricks", n).format(n=n)
            ui.blit_center(surf, app.fonts.text(sub, max(11, app.px(12)), ui.TEXT_DIM),
                           (plate.centerx, plate.centery + app.px(11)))

    def _draw_centre(self, surf: pygame.Surface, v: dict[str, Any]) -> None:
        app = self.app
        lay = self.lay
        assert lay is not None
        trick = [t for t in v.get("trick") or [] if isinstance(t, dict) and isinstance(t.get("seat"), int)]
        caption = ""
        step = self.model.step_before(self.pos)
        if not trick and step is not None and step.ends_trick:
            last = v.get("last_trick")
            if isinstance(last, dict) and isinstance(last.get("cards"), list):
                lead = int(last.get("leader", 0) or 0)
                trick = [{"seat": (lead + i) % self.model.players, "card": c} for i, c in enumerate(last["cards"])]
                winner = last.get("winner")
                if isinstance(winner, int) and winner < len(self.model.names):
                    caption = _("{name} won the trick").format(name=self.model.names[winner])
        for t in trick:
            spot = lay.spot(int(t["seat"]))
            ui.blit_center(surf, app.cards.image(str(t["card"]), lay.trick_w), spot.trick)  # type: ignore[attr-defined]
        turned = labels.turned_card(v)
        if turned and v.get("phase") not in ("play", "playing"):
            ui.blit_center(surf, app.cards.image(turned, lay.trick_w), lay.stock)  # type: ignore[attr-defined]
            # TRANSLATORS: under the turned-up card of the stock
            ui.blit_center(surf, app.fonts.text(_("turned"), app.px(13), ui.TEXT_DIM),
                           (lay.stock[0], lay.stock[1] + lay.trick_w * 0.8))
        if step is not None and step.ends_deal:
            deals = v.get("deals") or []
            if deals:
                caption = self._deal_line(deals[-1], v)
        if caption:
            img = app.fonts.text(caption, app.px(18), ui.TEXT, "bold")
            box = img.get_rect(center=(int(lay.center[0]), int(lay.center[1] - lay.trick_w * 1.45)))
            back = box.inflate(app.px(24), app.px(12))
            surf.blit(ui.panel(back.size, (10, 24, 18, 230), ui.GOLD_DARK, app.px(8), 1), back.topleft)
            surf.blit(img, box)

    def _deal_line(self, d: dict[str, Any], v: dict[str, Any]) -> str:
        from client.scenes.scoresheet import outcome_mark

        sides = v.get("sides") or [[s] for s in range(self.model.players)]
        mark, _how = outcome_mark(d, sides)
        aw = d.get("awarded") or []
        pts = ", ".join(f"{' & '.join(self.model.names[s] for s in seats)} +{aw[i]}"
                        for i, seats in enumerate(sides) if i < len(aw) and aw[i])
        # TRANSLATORS: a finished deal's line; {mark} is its outcome (made, bide...)
        line = _("Deal {n}: {mark}").format(n=d.get("deal", ""), mark=mark)
        return line + (f"  \u2022  {pts}" if pts else "")

    def _draw_analysis(self, surf: pygame.Surface) -> None:
        """The analysis panel under the buttons: what it does, its progress, then its summary and the decision
        the replay stands on."""
        app = self.app
        px = app.px
        box = self.analysis_rect
        if box.h < px(40):
            return
        surf.blit(ui.panel(box.size, (10, 24, 18, 240), ui.PANEL_BORDER, px(10), 1), box.topleft)
        inner = box.w - px(24)
        size = max(11, px(14))
        x, y = box.x + px(12), box.y + px(10)
        clip = surf.get_clip()
        surf.set_clip(box.inflate(-4, -4))
        if self.progress is not None:
            done, total = self.progress
            text = _("Analysing your decisions\u2026 {n} of {total}").format(n=done, total=total)
            text, tsize = fit_text(app.fonts, text, size, inner)
            surf.blit(app.fonts.text(text, tsize, ui.TEXT), (x, y))
            bar = pygame.Rect(x, y + px(26), inner, px(12))
            pygame.draw.rect(surf, (40, 60, 50), bar, border_radius=px(6))
            fill = bar.copy()
            fill.w = int(bar.w * done / max(1, total))
            if fill.w > 0:
                pygame.draw.rect(surf, ui.GOLD, fill, border_radius=px(6))
            surf.set_clip(clip)
            return
        if self.analysis is None:
            text = _("Analyse my play: for each of your decisions, what a strong player would have chosen from"
                     " what you could see then, and what your choice cost.")
            for line in app.fonts.wrap(text, size, inner):
                surf.blit(app.fonts.text(line, size, ui.TEXT_DIM), (x, y))
                y += int(size * 1.35)
            surf.set_clip(clip)
            return
        step = self.model.step_before(self.pos)
        note = decision_note(self.analysed[step.index]) if step is not None and step.index in self.analysed else ""
        for line in app.fonts.wrap(note, size, inner, "bold") if note else []:
            surf.blit(app.fonts.text(line, size, ui.GOLD, "bold"), (x, y))
            y += int(size * 1.35)
        if note:
            y += px(6)
        for line in app.fonts.wrap(self.analysis_summary, size, inner):
            surf.blit(app.fonts.text(line, size, ui.TEXT), (x, y))
            y += int(size * 1.35)
        surf.set_clip(clip)


def main(argv: list[str]) -> int:
    """``python main.py replay FILE [--seat N] [--windowed WxH | --fullscreen]``: open the replay viewer."""
    from client.settings import use_saved_language

    use_saved_language()
    ap = argparse.ArgumentParser(prog="main.py replay", description=_("Step through a recorded match."))
    ap.add_argument("file", type=Path, help=_("a match record (JSON), e.g. from Export or selfplay --save-record"))
    ap.add_argument("--seat", type=int, default=0, help=_("whose view: the seat at the bottom (default 0)"))
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--windowed", metavar="WxH")
    g.add_argument("--fullscreen", action="store_true")
    ap.add_argument("--quit-after", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--screenshot", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        record = load_record(args.file)
    except core.RecordError as exc:
        print(f"bella replay: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.seat < int(record.get("players", 0)):
        print("bella replay: " + _("there is no seat {seat} in this {n}-player match").format(
            seat=args.seat, n=record.get("players")), file=sys.stderr)
        return 2
    from client.app import build

    client_args: list[str] = []
    if args.windowed:
        client_args += ["--windowed", args.windowed]
    if args.fullscreen:
        client_args.append("--fullscreen")
    if args.quit_after is not None:
        client_args += ["--quit-after", str(args.quit_after)]
    if args.screenshot:
        client_args += ["--screenshot", args.screenshot]
    try:
        app = build(client_args)
    except ValueError as exc:
        print(f"bella: {exc}", file=sys.stderr)
        return 2
    app.push(app.make("replay", record, seat=args.seat, heading=f"{args.file.name}"))
    app.run()
    pygame.quit()
    return 0
