"""The score sheet: every deal of the match with its contract, outcome and points."""

from __future__ import annotations

from typing import Any

import pygame

import core
from client import art, labels, ui
from client.i18n import N_, _, ngettext, pgettext
from client.scene import Scene
from client.textfit import fit_text
from client.widgets import Button

# TRANSLATORS: a deal's result in a word or two, in the score sheet's Result column (game terms).
MARKS = {"made": N_("made"), "hung": N_("hung"), "hanging": N_("hung"), "egg": N_("egg"), "played": N_("played"),
         "deberts": N_("Deberts!"), "tie": N_("hung"), "bide": N_("bide"), "bete": N_("b\u00eate"),
         "failed": N_("failed"), "set": N_("set"), "annulled": N_("annulled"), "inside": N_("inside"),
         "doubled": N_("doubled"), "moon_made": N_("moon!"), "moon_failed": N_("moon failed")}
"""Result words in English (marked for translation)."""

# TRANSLATORS: the score sheet's legend: what each column holds.
LEGEND = {"cards": N_("card points taken"), "decl": N_("declarations"), "deal": N_("match points scored"),
          "total": N_("running score")}
"""Column explanations in English (marked for translation)."""

MARK_COLOURS = {"B": ui.RED, "H": (200, 140, 30), "C": ui.GOLD_DARK}


def mark_letter(code: str) -> str:
    """A side mark's letter in the current language (``B`` bide or contract lost, ``H`` hung, ``C`` capot)."""
    # TRANSLATORS: one-letter score sheet badges: B = bide (contract lost), H = hung, C = capot.
    return {"B": pgettext("score mark", "B"), "H": pgettext("score mark", "H"),
            "C": pgettext("score mark", "C")}.get(code, code)


def contract_of(d: dict[str, Any], names: list[str]) -> str:
    """A short contract description of a deal result."""
    c = d.get("contract")
    text = ""
    if isinstance(c, dict):
        text = labels.contract_text({"contract": c, "trump": d.get("trump")}, names)
    elif isinstance(c, str):
        who = d.get("declarer", d.get("maker"))
        text = labels.call_text(c)
        if isinstance(who, int) and who < len(names):
            text = _("{player}: {contract}").format(player=names[who], contract=text)
    elif isinstance(d.get("trump"), str):
        text = labels.call_text(str(d["trump"]))
    return text


def side_of(d: dict[str, Any], seat: Any, sides: list[list[int]]) -> int | None:
    """The side index holding ``seat`` (or ``None``)."""
    if not isinstance(seat, int):
        return None
    return next((i for i, seats in enumerate(sides) if seat in seats), None)


def maker_side(d: dict[str, Any], sides: list[list[int]]) -> int | None:
    """The side that made the contract of deal result ``d`` (or ``None``)."""
    ms = d.get("maker_side")
    if isinstance(ms, int) and 0 <= ms < len(sides):
        return ms
    c = d.get("contract")
    maker = d.get("maker", d.get("declarer"))
    if maker is None and isinstance(c, dict):
        maker = c.get("maker", c.get("declarer", c.get("bidder")))
    return side_of(d, maker, sides)


def maker_failed(d: dict[str, Any], sides: list[list[int]]) -> bool:
    """Whether the contract of deal ``d`` went down (bide, bête, set, inside, a doubled contract lost...)."""
    outcome = str(d.get("outcome", ""))
    if outcome in ("bide", "bete", "failed", "set", "moon_failed", "egg", "inside"):
        return True
    if outcome == "doubled":
        ms = maker_side(d, sides)
        aw = d.get("awarded")
        if ms is not None and isinstance(aw, list) and ms < len(aw) and isinstance(aw[ms], int):
            return aw[ms] <= 0 and any(isinstance(x, int) and x > 0 for x in aw)
    return False


def outcome_mark(d: dict[str, Any], sides: list[list[int]]) -> tuple[str, str]:
    """The result of deal ``d`` in a word or two (in the current language), and its kind: ``good``, ``bad``,
    ``hung`` or ``none``."""
    outcome = str(d.get("outcome", ""))
    mark = _(MARKS[outcome]) if outcome in MARKS else outcome.replace("_", " ")
    if outcome == "doubled":
        mark = _("doubled, down") if maker_failed(d, sides) else _("doubled, made")
    elif outcome == "doubled_hung":
        mark = _("doubled, hung")
    if maker_failed(d, sides):
        return mark, "bad"
    if outcome in ("hung", "hanging", "tie", "doubled_hung"):
        return mark, "hung"
    if outcome in ("annulled", "played"):
        return mark, "none"
    return mark, "good"


def side_marks(d: dict[str, Any], sides: list[list[int]]) -> dict[int, list[str]]:
    """Per side, the marks of deal ``d``: ``B`` bide (or contract lost), ``H`` hung, ``C`` capot."""
    marks: dict[int, list[str]] = {}
    outcome = str(d.get("outcome", ""))
    ms = maker_side(d, sides)
    if ms is not None:
        if maker_failed(d, sides):
            marks.setdefault(ms, []).append("B")
        elif outcome in ("hung", "hanging", "tie", "doubled_hung"):
            marks.setdefault(ms, []).append("H")
    capot = d.get("capot")
    cs = capot if isinstance(capot, int) and not isinstance(capot, bool) else None
    if cs is None and capot is True:
        cs = ms
    if isinstance(d.get("capot_side"), int):
        cs = d["capot_side"]
    if cs is not None and 0 <= cs < len(sides):
        marks.setdefault(cs, []).append("C")
    return marks


def deal_notes(d: dict[str, Any], names: list[str], side_names: list[str], decl_column: bool = False) -> str:
    """A short line of what else happened in deal ``d``: declarations, bella, pots, penalties.

    ``decl_column``: the sheet shows declaration points in a column already.
    """
    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    notes: list[str] = []
    for dec in d.get("declared") or []:
        if isinstance(dec, dict) and dec.get("scored", True):
            pts = dec.get("points")
            call, name = labels.call_text(str(dec.get("call"))), who(dec.get("seat"))
            # TRANSLATORS: a declaration in the notes of a deal: "Tierce by West (20)".
            notes.append(_("{call} by {name} ({points})").format(call=call, name=name, points=pts)
                         if isinstance(pts, int) else _("{call} by {name}").format(call=call, name=name))
    if not d.get("declared") and not decl_column:
        decl = d.get("declarations")
        if isinstance(decl, list):
            for i, pts in enumerate(decl):
                if isinstance(pts, int) and pts and i < len(side_names):
                    notes.append(_("declarations {side} {points}").format(side=side_names[i], points=pts))
    for b in d.get("belotes") or []:
        if isinstance(b, dict):
            notes.append(_("Belote by {name}").format(name=who(b.get("seat"))))
    for key, word in (("bella", N_("Bella {side}")), ("mariage", N_("Mariage {side}"))):
        val = d.get(key)
        if isinstance(val, list):
            for i, pts in enumerate(val):
                if isinstance(pts, int) and pts and i < len(side_names):
                    # TRANSLATORS: the team that scored the bella (king and queen of trumps).
                    notes.append(_(word).format(side=side_names[i]))
    for key in ("hanging_out", "hanging_in"):
        val = d.get(key)
        if isinstance(val, int) and val:
            # TRANSLATORS: hung points carried over to the next deal (Deberts).
            notes.append(ngettext("{n} hangs for the next deal", "{n} hang for the next deal", val).format(n=val)
                         if key == "hanging_out" else _("collects {n} hanging").format(n=val))
    pot_in = d.get("pot_in")
    if isinstance(pot_in, list) and pot_in:
        amt = sum(p if isinstance(p, int) else int(p.get("amount", 0)) for p in pot_in if isinstance(p, int | dict))
        if amt:
            notes.append(ngettext("{n} goes into the pot", "{n} go into the pot", amt).format(n=amt))
    pa = d.get("pot_awarded")
    if isinstance(pa, list):
        for i, pts in enumerate(pa):
            if isinstance(pts, int) and pts and i < len(side_names):
                notes.append(_("{side} win the pot ({points})").format(side=side_names[i], points=pts))
    pen = d.get("penalties")
    if isinstance(pen, list):
        for i, pts in enumerate(pen):
            if isinstance(pts, int) and pts and i < len(side_names):
                notes.append(_("penalty {side} {points}").format(side=side_names[i], points=pts))
    if d.get("deberts") is not None:
        notes.append(_("Deberts!"))
    return "  \u2022  ".join(notes)


class ScoreSheet(Scene):
    """Every deal of the match, one row each (from ``view["deals"]``), on an opaque sheet.

    Per side: card points, declarations, points scored in the deal and the
    running total; marks for bide (B), hung (H) and capot (C); a line of
    notes under a deal for declarations, bella, pots and penalties.
    """

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    opaque = True
    title = N_("Score sheet")

    def __init__(self, app: Any, view: dict[str, Any], names: list[str]) -> None:
        super().__init__(app)
        self.view, self.names = view, names
        self.scroll = max(0, len(view.get("deals") or []) - 1)  # scrolled to the end: the latest deals show
        self.rows_fit = 1

    def layout(self) -> None:
        w, h = self.app.size
        bw = self.app.px(200)
        b = Button(_("Close"), self.back, pygame.Rect(w // 2 - bw // 2, h - self.app.px(66), bw, self.app.px(48)),
                   primary=True)
        self.add(b)
        self.widgets.set_focus(b)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
                                                          pygame.K_PAGEDOWN):
            d = -1 if event.key in (pygame.K_UP, pygame.K_PAGEUP) else 1
            self.scroll = max(0, self.scroll + d * (5 if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) else 1))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.back()
            return
        super().handle(event)

    def sides(self) -> list[list[int]]:
        """The seats of each scoring side."""
        sides = self.view.get("sides")
        if isinstance(sides, list) and sides:
            return [list(x) for x in sides]
        return [[i] for i in range(len(self.view.get("scores") or []))]

    def side_name(self, i: int) -> str:
        """Names of a side's seats."""
        sides = self.sides()
        seats = sides[i] if i < len(sides) else [i]
        return labels.team_text([self.names[s] for s in seats if s < len(self.names)])

    def columns(self) -> list[tuple[str, str]]:
        """The sub-columns shown under each side: (key, heading)."""
        n = len(self.sides())
        if n <= 2:
            keys = ["cards", "decl", "deal", "total"]
        elif n == 3:
            keys = ["cards", "deal", "total"]
        else:
            keys = ["deal", "total"]
        # TRANSLATORS: short column headings of the score sheet (Decl. = declarations).
        heads = {"cards": pgettext("score column", "Cards"), "decl": pgettext("score column", "Decl."),
                 "deal": pgettext("score column", "Deal"), "total": pgettext("score column", "Total")}
        return [(k, heads[k]) for k in keys]

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        w, h = surf.get_size()
        surf.blit(art.felt((w, h), "menu"), (0, 0))
        app.dim(surf, 120)
        fonts = app.fonts
        deals: list[dict[str, Any]] = list(self.view.get("deals") or [])
        sides = self.sides()
        side_names = [self.side_name(i) for i in range(len(sides))]
        game = core.GAMES.get(str(self.view.get("game")))
        target = self.view.get("target") or (self.view.get("options") or {}).get("target_score")
        self.draw_title(surf, self.title, y=app.px(40))
        title = _(game.title) if game and game.title else ""
        # TRANSLATORS: under the score sheet's title: the game and the score that wins ("Belote • first to 151").
        sub = _("{game}  \u2022  first to {target}").format(game=title, target=target) if target else title
        if sub:
            ui.blit_center(surf, fit_text(fonts, sub, app.px(17), int(w * 0.9), ui.TEXT_DIM), (w / 2, app.px(78)))
        box = pygame.Rect(int(w * 0.04), app.px(96), int(w * 0.92), h - app.px(96) - app.px(80))
        surf.blit(ui.panel(box.size, (12, 26, 20, 255), ui.PANEL_BORDER, app.px(14), max(2, app.px(2))), box.topleft)
        cols = self.columns()
        with_decl = any(k == "decl" for k, _h in cols)
        pad = app.px(16)
        inner = box.w - 2 * pad
        fixed = [("#", 0.04), (_("Dealer"), 0.11), (_("Contract"), 0.2), (_("Result"), 0.11)]
        x = box.x + pad
        fixed_x = []
        for _n, f in fixed:
            fixed_x.append(x)
            x += int(inner * f)
        group_w = (box.right - pad - x) / max(1, len(sides))
        sub_w = group_w / len(cols)
        px = app.px(16)
        y = box.y + app.px(12)
        for (name, f), fx in zip(fixed, fixed_x, strict=True):
            surf.blit(fit_text(fonts, name, px, int(inner * f) - app.px(6), ui.GOLD, "bold"), (fx, y + app.px(12)))
        bide = deals[-1].get("bide_counts") if deals else None
        for i, name in enumerate(side_names):
            gx = x + group_w * i
            nt = fonts.text(name, px, ui.GOLD, "bold")
            if nt.get_width() > group_w - app.px(8):
                nt = fit_text(fonts, name[:18] + "\u2026", app.px(14), int(group_w - app.px(8)), ui.GOLD, "bold")
            ui.blit_center(surf, nt, (gx + group_w / 2, y + app.px(2)))
            if isinstance(bide, list) and i < len(bide) and bide[i]:
                nb = int(bide[i])
                # TRANSLATORS: how many bides a side has (Deberts: three bides cost points).
                bt = fonts.text(ngettext("{n} bide", "{n} bides", nb).format(n=nb), app.px(13), (255, 160, 150))
                surf.blit(bt, (gx + group_w - bt.get_width() - app.px(6), y - app.px(8)))
            for k, (_k, head) in enumerate(cols):
                ht = fit_text(fonts, head, app.px(14), int(sub_w - app.px(10)), ui.TEXT_DIM, "bold")
                surf.blit(ht, (gx + sub_w * (k + 1) - ht.get_width() - app.px(8), y + app.px(24)))
            if i:
                pygame.draw.line(surf, (60, 96, 78), (gx - app.px(4), box.y + app.px(8)),
                                 (gx - app.px(4), box.bottom - app.px(34)), 1)
        y += app.px(48)
        pygame.draw.line(surf, ui.GOLD_DARK, (box.x + pad, y - app.px(4)), (box.right - pad, y - app.px(4)), 1)
        bottom = box.bottom - app.px(36) - app.px(40)
        # the match score now, always in view under the rows
        fy = bottom + app.px(6)
        pygame.draw.line(surf, ui.GOLD_DARK, (box.x + pad, fy), (box.right - pad, fy), 1)
        scores = self.view.get("scores") or []
        surf.blit(fit_text(fonts, _("Match score"), app.px(17), int(x - fixed_x[0] - app.px(8)), ui.GOLD, "bold"),
                  (fixed_x[0], fy + app.px(8)))
        for i in range(len(sides)):
            if i < len(scores):
                t = fonts.text(str(scores[i]), app.px(20), ui.GOLD, "bold")
                surf.blit(t, (x + group_w * (i + 1) - t.get_width() - app.px(8), fy + app.px(6)))
        row_h = app.px(30)
        note_h = app.px(20)
        if not deals:
            ui.blit_center(surf, fit_text(fonts, _("No deal has been completed yet."), app.px(20), box.w - 2 * pad,
                                          ui.TEXT_DIM),
                           box.center)
        # scroll so that the rows from ``self.scroll`` fit; keep the last deal visible by default
        heights = [row_h + (note_h if deal_notes(d, self.names, side_names, with_decl) else 0) for d in deals]
        self.scroll = min(self.scroll, max(0, len(deals) - 1))
        while self.scroll > 0 and sum(heights[self.scroll - 1:]) <= bottom - y:
            self.scroll -= 1
        shown = 0
        for idx in range(self.scroll, len(deals)):
            d = deals[idx]
            if y + heights[idx] > bottom:
                break
            shown += 1
            if idx % 2:
                surf.blit(ui.panel((box.w - 2 * pad + app.px(8), heights[idx]), (255, 255, 255, 14), None,
                                   app.px(6)), (box.x + pad - app.px(4), y - app.px(4)))
            dealer = d.get("dealer")
            mark, kind = outcome_mark(d, sides)
            cells = [str(d.get("deal", "")), self.names[dealer] if isinstance(dealer, int) and dealer < len(self.names)
                     else "", contract_of(d, self.names)]
            for i, c in enumerate(cells):
                t = fonts.text(c, px, ui.TEXT)
                if t.get_width() > int(inner * fixed[i][1]) - app.px(6):
                    t = fit_text(fonts, c, app.px(13), int(inner * fixed[i][1]) - app.px(6), ui.TEXT)
                surf.blit(t, (fixed_x[i], y))
            mcol = {"bad": (255, 150, 140), "hung": (250, 200, 110), "good": (150, 220, 160)}.get(kind, ui.TEXT)
            mt = fit_text(fonts, mark, px, int(inner * fixed[3][1]) - app.px(6), mcol, "bold")
            surf.blit(mt, (fixed_x[3], y))
            marks = side_marks(d, sides)
            values = {"cards": d.get("card_points"), "decl": d.get("declarations"), "deal": d.get("awarded"),
                      "total": d.get("scores")}
            for i in range(len(sides)):
                gx = x + group_w * i
                for k, (key, _h) in enumerate(cols):
                    val = values.get(key)
                    if not (isinstance(val, list) and i < len(val)):
                        continue
                    v = val[i]
                    text = (f"+{v}" if isinstance(v, int) and v > 0 else str(v)) if key == "deal" else str(v)
                    if key == "decl" and not v:
                        text = "\u2013"
                    bold = key == "total"
                    col = ui.TEXT if key != "decl" or v else ui.TEXT_DIM
                    t = fonts.text(text, px, col, "bold" if bold else "sans")
                    surf.blit(t, (gx + sub_w * (k + 1) - t.get_width() - app.px(8), y))
                badges = marks.get(i, [])
                bx = gx + app.px(4)
                for m in badges:
                    colour = MARK_COLOURS[m]
                    r = pygame.Rect(int(bx), int(y), app.px(20), app.px(20))
                    pygame.draw.rect(surf, colour, r, border_radius=app.px(5))
                    letter = fit_text(fonts, mark_letter(m), app.px(13), app.px(18), (255, 255, 255), "bold")
                    ui.blit_center(surf, letter, r.center)
                    bx += app.px(24)
            notes = deal_notes(d, self.names, side_names, with_decl)
            if notes:
                room = box.w - 2 * pad - (fixed_x[2] - box.x)
                nt = fonts.text(notes, app.px(13), ui.TEXT_DIM)
                if nt.get_width() > room:
                    nt = fit_text(fonts, notes[:140] + "\u2026", app.px(12), room, ui.TEXT_DIM)
                surf.blit(nt, (fixed_x[2], y + row_h - app.px(6)))
            y += heights[idx]
        self.rows_fit = max(1, shown)
        k = self.scroll + shown
        while y + row_h <= bottom:  # the rest of the sheet ruled like a score pad
            if k % 2:
                surf.blit(ui.panel((box.w - 2 * pad + app.px(8), row_h), (255, 255, 255, 14), None, app.px(6)),
                          (box.x + pad - app.px(4), y - app.px(4)))
            y += row_h
            k += 1
        b_word = _("bide") if self.view.get("game") == "deberts" else _("contract lost")
        # TRANSLATORS: a column heading and what the column holds ("Cards: card points taken").
        legend = "   ".join(_("{column}: {meaning}").format(column=head, meaning=_(LEGEND[key])) for key, head in cols)
        legend += "      " + _("{b} {lost}   {h} hung   {c} capot").format(
            b=mark_letter("B"), lost=b_word, h=mark_letter("H"), c=mark_letter("C"))
        room = box.w - 2 * pad
        if deals and (self.scroll > 0 or shown < len(deals)):
            # TRANSLATORS: which deals the score sheet shows, and how to scroll it.
            t = fit_text(fonts, _("deals {first}-{last} of {total}  (wheel / arrows)").format(
                first=self.scroll + 1, last=self.scroll + shown, total=len(deals)), app.px(13), room // 3, ui.TEXT_DIM)
            surf.blit(t, (box.right - t.get_width() - app.px(14), box.bottom - t.get_height() - app.px(10)))
            room -= t.get_width() + app.px(16)
        lt = fit_text(fonts, legend, app.px(13), room, ui.TEXT_DIM)
        surf.blit(lt, (box.x + pad, box.bottom - lt.get_height() - app.px(10)))
        self.widgets.draw(surf, app)
