"""The score sheet: every deal of the match with its contract, outcome and points."""

from __future__ import annotations

from typing import Any

import pygame

import core
from client import art, labels, ui
from client.scene import Scene
from client.widgets import Button

MARKS = {"hung": "hung", "hanging": "hung", "egg": "egg", "played": "played", "deberts": "Deberts!",
         "tie": "hung", "bide": "bide", "bete": "b\u00eate", "failed": "failed", "set": "set",
         "annulled": "annulled", "inside": "inside", "doubled": "doubled", "moon_made": "moon!",
         "moon_failed": "moon failed"}


LEGEND = {"cards": "card points taken", "decl": "declarations", "deal": "match points scored",
          "total": "running score"}


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
            text = f"{names[who]}: {text}"
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
    """The result of deal ``d`` in a word or two, and its kind: ``good``, ``bad``, ``hung`` or ``none``."""
    outcome = str(d.get("outcome", ""))
    mark = MARKS.get(outcome, outcome.replace("_", " "))
    if outcome == "doubled":
        mark = "doubled, down" if maker_failed(d, sides) else "doubled, made"
    elif outcome == "doubled_hung":
        mark = "doubled, hung"
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
            notes.append(f"{labels.call_text(str(dec.get('call')))} by {who(dec.get('seat'))}"
                         + (f" ({pts})" if isinstance(pts, int) else ""))
    if not d.get("declared") and not decl_column:
        decl = d.get("declarations")
        if isinstance(decl, list):
            for i, pts in enumerate(decl):
                if isinstance(pts, int) and pts and i < len(side_names):
                    notes.append(f"declarations {side_names[i]} {pts}")
    for b in d.get("belotes") or []:
        if isinstance(b, dict):
            notes.append(f"Belote by {who(b.get('seat'))}")
    for key, word in (("bella", "Bella"), ("mariage", "Mariage")):
        val = d.get(key)
        if isinstance(val, list):
            for i, pts in enumerate(val):
                if isinstance(pts, int) and pts and i < len(side_names):
                    notes.append(f"{word} {side_names[i]}")
    for key in ("hanging_out", "hanging_in"):
        val = d.get(key)
        if isinstance(val, int) and val:
            notes.append(f"{val} hang for the next deal" if key == "hanging_out" else f"collects {val} hanging")
    pot_in = d.get("pot_in")
    if isinstance(pot_in, list) and pot_in:
        amt = sum(p if isinstance(p, int) else int(p.get("amount", 0)) for p in pot_in if isinstance(p, int | dict))
        if amt:
            notes.append(f"{amt} go into the pot")
    pa = d.get("pot_awarded")
    if isinstance(pa, list):
        for i, pts in enumerate(pa):
            if isinstance(pts, int) and pts and i < len(side_names):
                notes.append(f"{side_names[i]} win the pot ({pts})")
    pen = d.get("penalties")
    if isinstance(pen, list):
        for i, pts in enumerate(pen):
            if isinstance(pts, int) and pts and i < len(side_names):
                notes.append(f"penalty {side_names[i]} {pts}")
    if d.get("deberts") is not None:
        notes.append("Deberts!")
    return "  \u2022  ".join(notes)


class ScoreSheet(Scene):
    """Every deal of the match, one row each (from ``view["deals"]``), on an opaque sheet.

    Per side: card points, declarations, points scored in the deal and the
    running total; marks for bide (B), hung (H) and capot (C); a line of
    notes under a deal for declarations, bella, pots and penalties.
    """

    static = True  # redrawn on input only once settled (an idle window costs no CPU)

    opaque = True
    title = "Score sheet"

    def __init__(self, app: Any, view: dict[str, Any], names: list[str]) -> None:
        super().__init__(app)
        self.view, self.names = view, names
        self.scroll = max(0, len(view.get("deals") or []) - 1)  # scrolled to the end: the latest deals show
        self.rows_fit = 1

    def layout(self) -> None:
        w, h = self.app.size
        bw = self.app.px(200)
        b = Button("Close", self.back, pygame.Rect(w // 2 - bw // 2, h - self.app.px(66), bw, self.app.px(48)),
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
        return " & ".join(self.names[s] for s in seats if s < len(self.names))

    def columns(self) -> list[tuple[str, str]]:
        """The sub-columns shown under each side: (key, heading)."""
        n = len(self.sides())
        if n <= 2:
            return [("cards", "Cards"), ("decl", "Decl."), ("deal", "Deal"), ("total", "Total")]
        if n == 3:
            return [("cards", "Cards"), ("deal", "Deal"), ("total", "Total")]
        return [("deal", "Deal"), ("total", "Total")]

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
        sub = (game.title if game else "") + (f"  \u2022  first to {target}" if target else "")
        if sub:
            ui.blit_center(surf, fonts.text(sub, app.px(17), ui.TEXT_DIM), (w / 2, app.px(78)))
        box = pygame.Rect(int(w * 0.04), app.px(96), int(w * 0.92), h - app.px(96) - app.px(80))
        surf.blit(ui.panel(box.size, (12, 26, 20, 255), ui.PANEL_BORDER, app.px(14), max(2, app.px(2))), box.topleft)
        cols = self.columns()
        with_decl = any(k == "decl" for k, _ in cols)
        pad = app.px(16)
        inner = box.w - 2 * pad
        fixed = [("#", 0.04), ("Dealer", 0.11), ("Contract", 0.2), ("Result", 0.11)]
        x = box.x + pad
        fixed_x = []
        for _, f in fixed:
            fixed_x.append(x)
            x += int(inner * f)
        group_w = (box.right - pad - x) / max(1, len(sides))
        sub_w = group_w / len(cols)
        px = app.px(16)
        y = box.y + app.px(12)
        for (name, _), fx in zip(fixed, fixed_x, strict=True):
            surf.blit(fonts.text(name, px, ui.GOLD, "bold"), (fx, y + app.px(12)))
        bide = deals[-1].get("bide_counts") if deals else None
        for i, name in enumerate(side_names):
            gx = x + group_w * i
            nt = fonts.text(name, px, ui.GOLD, "bold")
            if nt.get_width() > group_w - app.px(8):
                nt = fonts.text(name[:18] + "\u2026", app.px(14), ui.GOLD, "bold")
            ui.blit_center(surf, nt, (gx + group_w / 2, y + app.px(2)))
            if isinstance(bide, list) and i < len(bide) and bide[i]:
                bt = fonts.text(f"{labels.count_text(int(bide[i]), 'bide')}", app.px(13), (255, 160, 150))
                surf.blit(bt, (gx + group_w - bt.get_width() - app.px(6), y - app.px(8)))
            for k, (_, head) in enumerate(cols):
                ht = fonts.text(head, app.px(14), ui.TEXT_DIM, "bold")
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
        surf.blit(fonts.text("Match score", app.px(17), ui.GOLD, "bold"), (fixed_x[0], fy + app.px(8)))
        for i in range(len(sides)):
            if i < len(scores):
                t = fonts.text(str(scores[i]), app.px(20), ui.GOLD, "bold")
                surf.blit(t, (x + group_w * (i + 1) - t.get_width() - app.px(8), fy + app.px(6)))
        row_h = app.px(30)
        note_h = app.px(20)
        if not deals:
            ui.blit_center(surf, fonts.text("No deal has been completed yet.", app.px(20), ui.TEXT_DIM),
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
                    t = fonts.text(c, app.px(13), ui.TEXT)
                surf.blit(t, (fixed_x[i], y))
            mcol = {"bad": (255, 150, 140), "hung": (250, 200, 110), "good": (150, 220, 160)}.get(kind, ui.TEXT)
            mt = fonts.text(mark, px, mcol, "bold")
            surf.blit(mt, (fixed_x[3], y))
            marks = side_marks(d, sides)
            values = {"cards": d.get("card_points"), "decl": d.get("declarations"), "deal": d.get("awarded"),
                      "total": d.get("scores")}
            for i in range(len(sides)):
                gx = x + group_w * i
                for k, (key, _) in enumerate(cols):
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
                    colour = {"B": ui.RED, "H": (200, 140, 30), "C": ui.GOLD_DARK}[m]
                    r = pygame.Rect(int(bx), int(y), app.px(20), app.px(20))
                    pygame.draw.rect(surf, colour, r, border_radius=app.px(5))
                    ui.blit_center(surf, fonts.text(m, app.px(13), (255, 255, 255), "bold"), r.center)
                    bx += app.px(24)
            notes = deal_notes(d, self.names, side_names, with_decl)
            if notes:
                nt = fonts.text(notes, app.px(13), ui.TEXT_DIM)
                if nt.get_width() > box.w - 2 * pad - (fixed_x[2] - box.x):
                    nt = fonts.text(notes[:140] + "\u2026", app.px(12), ui.TEXT_DIM)
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
        lost = "B bide" if self.view.get("game") == "deberts" else "B contract lost"
        legend = "   ".join(f"{head}: {LEGEND[key]}" for key, head in cols) + f"      {lost}   H hung   C capot"
        lt = fonts.text(legend, app.px(13), ui.TEXT_DIM)
        surf.blit(lt, (box.x + pad, box.bottom - lt.get_height() - app.px(10)))
        if deals and (self.scroll > 0 or shown < len(deals)):
            t = fonts.text(f"deals {self.scroll + 1}-{self.scroll + shown} of {len(deals)}  (wheel / arrows)",
                           app.px(13), ui.TEXT_DIM)
            surf.blit(t, (box.right - t.get_width() - app.px(14), box.bottom - t.get_height() - app.px(10)))
        self.widgets.draw(surf, app)
