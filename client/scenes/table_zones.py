"""The table's zones: the rectangles its hands, trick, stock, HUD, prompt, bubbles and banners take.

The drawing code and the placement of speech bubbles read the same
rectangles, so that what one part of the table shows never covers another
(``tests/client/test_zones.py`` checks it for every game, player count and
window size).
"""

from __future__ import annotations

import math

import pygame

from client import labels, layout
from client.i18n import _
from client.scenes.table_state import TableState
from client.textfit import fit_px


def _nearest_is(r: pygame.Rect, plate: pygame.Rect, plates: list[pygame.Rect]) -> bool:
    """True when no other name plate is nearer to ``r``'s centre than ``plate``: a bubble placed there reads as
    the words of ``plate``'s seat."""
    def dist(p: pygame.Rect) -> float:
        return math.hypot(p.centerx - r.centerx, p.centery - r.centery)
    mine = dist(plate)
    return all(dist(p) >= mine for p in plates if p != plate)


def _cover(r: pygame.Rect, obstacles: list[pygame.Rect]) -> int:
    """How many pixels of ``r`` the ``obstacles`` cover (overlaps counted again)."""
    total = 0
    for o in obstacles:
        c = r.clip(o)
        total += c.w * c.h
    return total


class TableZones(TableState):
    """Rectangles of the table's parts (a part of ``TableScene``)."""

    # ------------------------------------------------------------ cards
    def hand_zone(self) -> pygame.Rect | None:
        """Our fanned hand, with the room its playable cards rise into."""
        lay = self.lay
        if lay is None or not self.hand_order:
            return None
        cw, ch = lay.card_w, lay.card_w * 1.4
        pts = layout.fan(len(self.hand_order), lay.spot(self.me).hand, cw, layout.hand_width(lay))
        lift = cw * 0.26 if self.card_actions else 0.0
        xs = [p[0] for p, _a in pts]
        ys = [p[1] for p, _a in pts]
        top = min(ys) - ch / 2 - lift
        return pygame.Rect(int(min(xs) - cw * 0.55), int(top), int(max(xs) - min(xs) + cw * 1.1),
                           int(max(ys) + ch / 2 - top))

    def opponent_zone(self, seat: int) -> pygame.Rect | None:
        """``seat``'s fan of backs (the cards ``_backs_fan`` lays out), or None with no cards."""
        lay = self.lay
        v = self.view or {}
        if lay is None or seat == self.me:
            return None
        sizes = v.get("hand_sizes") or []
        n = max(0, (int(sizes[seat]) if seat < len(sizes) else 0) + self.hand_delta.get(seat, 0))
        if not n:
            return None
        sw = lay.small_w
        length = int(sw * 0.42 * (n - 1) + sw * 1.15)  # the cards' centres span, one card, their slant
        depth = int(sw * 1.5)
        spot = lay.spot(seat)
        r = pygame.Rect((0, 0), (length, depth) if spot.side in ("top", "bottom") else (depth, length))
        r.center = (int(spot.hand[0]), int(spot.hand[1]))
        return r.clip(pygame.Rect((0, 0), self.app.size))

    def plate_zones(self) -> list[pygame.Rect]:
        """Every seat's name plate."""
        lay = self.lay
        return [] if lay is None else [pygame.Rect(layout.plate_rect(lay, s)) for s in range(self.players)]

    def trick_zones(self) -> list[pygame.Rect]:
        """Where each seat's trick card lands (the whole trick area, cards or not)."""
        lay = self.lay
        if lay is None:
            return []
        tw, th = lay.trick_w, lay.trick_w * 1.4
        out = []
        for seat in range(self.players):
            x, y = lay.spot(seat).trick
            out.append(pygame.Rect(int(x - tw * 0.55), int(y - th * 0.55), int(tw * 1.1), int(th * 1.1)))
        return out

    def trick_card_zones(self) -> list[pygame.Rect]:
        """The trick cards on the table now."""
        lay = self.lay
        if lay is None:
            return []
        tw, th = lay.trick_w, lay.trick_w * 1.4
        return [pygame.Rect(int(sp.pos[0] - tw * 0.55), int(sp.pos[1] - th * 0.55), int(tw * 1.1), int(th * 1.1))
                for _seat, sp in self.trick]

    def stock_parts(self, at: tuple[float, float] | None = None) -> list[pygame.Rect]:
        """The stock with its count, the turned card and the bottom card with their captions, as drawn
        (``_draw_stock``) with the stock at ``at`` (default: where it is)."""
        lay = self.lay
        if lay is None:
            return []
        v = self.view or {}
        s = self.app.scale
        w = lay.small_w + lay.small_w // 3
        x, y = at if at is not None else lay.stock
        n = self._draw_stock_count()
        out = []
        caption = int(14 * s + 12 * s)
        if n:
            out.append(pygame.Rect(int(x - w / 2 - 8 * s), int(y - w * 0.7 - 8 * s), int(w + 16 * s),
                                   int(w * 1.4 + 8 * s + caption)))
        if self.shown_turned():
            tx = self.turned_spot((x, y))[0]
            out.append(pygame.Rect(int(tx - w / 2), int(y - w * 0.7), w, int(w * 1.4 + caption)))
        if labels.bottom_card(v):
            bw = w * 0.8
            bx = x - w * 1.35
            out.append(pygame.Rect(int(bx - bw / 2), int(y - bw * 0.7), int(bw), int(bw * 1.4 + caption)))
        return out

    def stock_zone(self, at: tuple[float, float] | None = None) -> pygame.Rect:
        """One rectangle round :meth:`stock_parts`."""
        parts = self.stock_parts(at)
        return parts[0].unionall(parts[1:]) if parts else pygame.Rect(0, 0, 0, 0)

    def place_stock(self) -> None:
        """Move the stock (``lay.stock``) to the free place nearest its home, clear of the HUD, the trick
        area, the name plates and the fans (a taller score panel pushes it along)."""
        lay = self.lay
        if lay is None or not self.stock_shows():
            return
        key = (self.app.size, tuple(map(tuple, self._hud_rects)), tuple(r.size for r in self.stock_parts()),
               self.players)
        if self._stock_key == key:
            return
        self._stock_key = key
        home = lay.stock_home
        obstacles = list(self._hud_rects) + self.trick_zones() + self.plate_zones()
        obstacles += [r for r in (self.opponent_zone(s) for s in range(self.players)) if r is not None]
        screen = pygame.Rect((0, 0), self.app.size)
        w = lay.small_w + lay.small_w // 3
        best: tuple[int, float, tuple[float, float]] | None = None
        for dy in (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, 1.0):
            for dx in (0.0, 0.35, -0.35, 0.7, -0.7, 1.05):
                at = (home[0] + dx * w, home[1] + dy * w)
                z = self.stock_zone(at)
                cover = sum(z.clip(o).w * z.clip(o).h for o in obstacles) + (0 if screen.contains(z) else 10**9)
                far = abs(dx) + abs(dy)
                if best is None or (cover, far) < (best[0], best[1]):
                    best = (cover, far, at)
        assert best is not None
        lay.stock = best[2]

    # ------------------------------------------------------------- words
    def hint_line(self) -> tuple[str, int, pygame.Rect] | None:
        """The hint line while a hint shows: its words, their size in pixels and its panel's rectangle.

        Centred across the table on the first row that leaves the score panels, the seats, the stock, our
        hand and the prompt clear at the full size (above the prompt or the panel of choices, below that
        panel, or higher up), else where it can be largest clear of them.
        """
        lay = self.lay
        if not self.hint or self.result is not None or lay is None:
            return None
        a, why = self.hint
        what = labels.move_text(a, self.view)
        # TRANSLATORS: the hint line: the suggested move and (after a dash) why.
        msg = (_("Hint: {move} \u2014 {why}").format(move=what, why=why) if why
               else _("Hint: {move}").format(move=what))
        s = self.app.scale
        sw = self.app.size[0]
        full = int(17 * s)
        pad_x, pad_y = int(22 * s), int(10 * s)
        font_h = self.app.fonts.font(full, "bold").get_linesize()
        obstacles = self._hint_obstacles()
        best: tuple[tuple[bool, int, int], int, pygame.Rect] | None = None
        for k, y in enumerate(self._hint_rows(font_h + pad_y)):
            band = pygame.Rect(0, int(y - (font_h + pad_y) / 2), sw, font_h + pad_y)
            room = self._free_width(band, obstacles) - pad_x
            px = fit_px(self.app.fonts, msg, full, min(int(sw * 0.9), room), "bold") if room > 0 else 0
            if not px:
                continue
            box = self._hint_box(msg, px, y)
            clear = box.collidelist(obstacles) < 0
            rank = (not clear, -px, k)
            if best is None or rank < best[0]:
                best = (rank, px, box)
        if best is None:  # no row has any room: the first row, as wide as the window allows
            px = fit_px(self.app.fonts, msg, full, int(sw * 0.9), "bold")
            return msg, px, self._hint_box(msg, px, self._hint_rows(font_h + pad_y)[0])
        return msg, best[1], best[2]

    def _hint_box(self, msg: str, px: int, y: float) -> pygame.Rect:
        """The hint line's panel with ``msg`` at ``px`` pixels, centred across the window at height ``y``."""
        s = self.app.scale
        tw, th = self.app.fonts.font(px, "bold").size(msg)
        text = pygame.Rect(0, 0, tw, th)
        text.center = (self.app.size[0] // 2, int(y))
        return text.inflate(int(22 * s), int(10 * s))

    def _hint_rows(self, height: int) -> list[float]:
        """Where the hint line may go (the centre's height), best first."""
        lay = self.lay
        assert lay is not None
        s = self.app.scale
        prompt_y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
        if not self.action_buttons:
            first = prompt_y - 42 * s
            return [first, first - height * 1.2, first - height * 2.4]
        panel = self.panel_rect
        first = panel.y - 66 * s
        rows = [first]
        hand = self.hand_zone()
        hand_top = hand.top if hand is not None else self.app.size[1]
        if hand_top - panel.bottom >= height + 8 * s:
            rows.append((panel.bottom + hand_top) / 2)
        return [*rows, first - height * 1.2, first - height * 2.4]

    def _hint_obstacles(self) -> list[pygame.Rect]:
        """What the hint line keeps clear of: score panels, plates, fans, the stock, our hand, the prompt."""
        out = list(self._hud_rects) + self.plate_zones()
        out += [r for r in (self.opponent_zone(seat) for seat in range(self.players)) if r is not None]
        if self.stock_shows():
            out += self.stock_parts()
        hand = self.hand_zone()
        if hand is not None:
            out.append(hand)
        prompt = self.prompt_zone()
        if prompt is not None:
            out.append(prompt)
        return out

    def _free_width(self, band: pygame.Rect, obstacles: list[pygame.Rect]) -> int:
        """The widest row centred across the window inside ``band`` that no obstacle crosses (0: none)."""
        cx = self.app.size[0] / 2
        half = cx
        for o in obstacles:
            if o.bottom <= band.top or o.top >= band.bottom:
                continue
            if o.left <= cx <= o.right:
                return 0
            half = min(half, o.left - cx if o.left > cx else cx - o.right)
        return int(2 * half)

    def prompt_zone(self) -> pygame.Rect | None:
        """The prompt: the panel of choices, or the one line above our hand."""
        lay = self.lay
        if lay is None or self.result is not None:
            return None
        if self.action_buttons and self.panel_rect.h:
            return pygame.Rect(self.panel_rect)
        if not self.my_turn():
            return None
        s = self.app.scale
        y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
        tw = self.app.fonts.font(int(22 * s * 1.25), "bold").size(self._prompt_text())[0]
        return pygame.Rect(int(self.app.size[0] / 2 - tw / 2), int(y - 18 * s), int(tw), int(36 * s))

    def _prompt_text(self) -> str:
        """The prompt's words (``TableHud``)."""
        raise NotImplementedError

    def banner_rect(self) -> pygame.Rect | None:
        """The banner shown now (``TableSprites``)."""
        raise NotImplementedError

    def bubble_obstacles(self, seat: int) -> list[pygame.Rect]:
        """What ``seat``'s speech bubble must not cover."""
        out = list(self.plate_zones()) + self.trick_zones() + list(self._hud_rects)
        for r in (self.hand_zone(), self.prompt_zone()):
            if r is not None:
                out.append(r)
        out.extend(self.stock_parts())
        banner = self.banner_rect()
        if banner is not None:
            out.append(banner)
        hint = self.hint_line()
        if hint is not None:
            out.append(hint[2])
        for other in range(self.players):
            r = self.opponent_zone(other)
            if r is not None:
                out.append(r)
        return out

    def stock_shows(self) -> bool:
        """True when the stock, a turned card or a bottom card shows."""
        return bool(self._draw_stock_count() or self.shown_turned() or labels.bottom_card(self.view or {}))

    def _draw_stock_count(self) -> int:
        """The stock count shown now (it drops as drawn cards fly, not when the session moves on)."""
        return labels.stock_count(self.view or {}) if self.stock_shown is None else self.stock_shown

    def turned_spot(self, at: tuple[float, float] | None = None) -> tuple[float, float]:
        """Where the turned card lies, with the stock at ``at`` (default: where it is): beside the stock, or in
        its place once the stock is gone."""
        lay = self.lay
        assert lay is not None
        x, y = at if at is not None else lay.stock
        w = lay.small_w + lay.small_w // 3
        return (x + (w * 1.12 if self._draw_stock_count() else 0), y)

    def shown_turned(self) -> str | None:
        """The turned card as the table shows it now (the motion may be ahead of the view: a swap, a take)."""
        return labels.turned_card(self.view or {}) if self.turned_shown is None else (self.turned_shown or None)

    def bubble_rect(self, seat: int, size: tuple[int, int], taken: list[pygame.Rect] | None = None) -> pygame.Rect:
        """Where ``seat``'s bubble of ``size`` goes: the first free spot near its plate (the least covered if
        none is), never over ``taken`` (the bubbles placed before it)."""
        lay = self.lay
        assert lay is not None
        s = self.app.scale
        sw, sh = self.app.size
        plate = pygame.Rect(layout.plate_rect(lay, seat))
        side = lay.spot(seat).side
        g = int(12 * s)
        below = int(22 * s)  # under the plate: clear of its "thinking" line
        br = pygame.Rect((0, 0), size)
        cands: list[pygame.Rect] = []

        def at(**kw: tuple[int, int]) -> None:
            r = br.copy()
            for k, p in kw.items():
                setattr(r, k, p)
            r.clamp_ip(pygame.Rect(0, 0, sw, sh))
            cands.append(r)

        up = int(6 * s)
        if side in ("left", "right"):
            d = 1 if side == "left" else -1  # towards the table's centre
            inner = plate.right + g if d > 0 else plate.left - g
            edge = "left" if d > 0 else "right"
            at(**{f"mid{edge}": (inner, plate.centery)})
            at(**{f"bottom{edge}": (inner, plate.top - up)})
            at(**{f"top{edge}": (inner, plate.bottom + up)})
            at(**{f"top{'right' if d > 0 else 'left'}": (plate.right if d > 0 else plate.left, plate.bottom + below)})
            at(**{f"bottom{'right' if d > 0 else 'left'}": (plate.right if d > 0 else plate.left, plate.top - up)})
            at(**{f"bottom{edge}": (inner, plate.top - up - br.h)})
        elif side == "top":
            outer_right = plate.centerx > sw // 2 + 1
            centred = abs(plate.centerx - sw / 2) < 2
            if centred:
                at(midright=(plate.left - g, plate.centery))
                at(midleft=(plate.right + g, plate.centery))
            elif outer_right:
                at(midleft=(plate.right + g, plate.centery))
                at(topright=(plate.right, plate.bottom + below))
                at(topleft=(plate.right + g, plate.bottom + up))
            else:
                at(midright=(plate.left - g, plate.centery))
                at(topleft=(plate.left, plate.bottom + below))
                at(topright=(plate.left - g, plate.bottom + up))
            at(topleft=(plate.right + g, plate.bottom + below))
            at(topright=(plate.left - g, plate.bottom + below))
        else:  # our own call: above the hand, where the prompt shows on our turn, or beside our plate
            hand_top = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5
            at(center=(sw // 2, int(hand_top - lay.card_w * 0.55)))
            at(midbottom=(plate.centerx, plate.top - up))
            at(midbottom=(sw // 2, int(hand_top - lay.card_w * 0.3)))
        obstacles = self.bubble_obstacles(seat) + list(taken or [])
        key = (seat, size, tuple(map(tuple, obstacles)))
        got = self._bubble_cache.get(key)
        if got is not None:
            return pygame.Rect(got)
        best: tuple[int, int, pygame.Rect] | None = None
        for i, r in enumerate(cands):
            cover = _cover(r, obstacles)
            if best is None or (cover, i) < (best[0], best[1]):
                best = (cover, i, r)
            if cover == 0:
                break
        assert best is not None
        if best[0]:  # no usual place is free: the free place nearest the plate, if there is one
            step = max(4, int(8 * s))
            reach = int(max(plate.w, br.w) * 1.6)
            near: tuple[float, pygame.Rect] | None = None
            plates = self.plate_zones()
            for dy in range(-reach, reach + 1, step):
                for dx in range(-reach, reach + 1, step):
                    r = br.copy()
                    r.center = (plate.centerx + dx, plate.centery + dy)
                    if not pygame.Rect(0, 0, sw, sh).contains(r) or r.colliderect(plate):
                        continue
                    far = math.hypot(dx, dy)
                    if (near is None or far < near[0]) and not _cover(r, obstacles) and _nearest_is(r, plate, plates):
                        near = (far, r)
            if near is not None:
                best = (0, 0, near[1])
        if len(self._bubble_cache) > 256:
            self._bubble_cache.clear()
        self._bubble_cache[key] = pygame.Rect(best[2])
        return best[2]

    def bubble_rects(self) -> dict[int, pygame.Rect]:
        """Every shown bubble's rectangle, by seat (in seat order: later bubbles avoid the earlier ones)."""
        out: dict[int, pygame.Rect] = {}
        s = self.app.scale
        for gone in [seat for seat in self._bubble_at if seat not in self.bubbles]:
            del self._bubble_at[gone]
        for seat in sorted(self.bubbles):
            if not 0 <= seat < self.players or not self.bubble_text(seat):
                continue
            text = self.bubble_text(seat)
            tw, th = self.app.fonts.font(int(18 * s), "bold").size(text)
            size = (tw + int(22 * s), th + int(12 * s))
            taken = list(out.values())
            kept = self._bubble_at.get(seat)
            if (kept is not None and kept[0] == (text, size, self.app.size)
                    and not _cover(kept[1], self.bubble_obstacles(seat) + taken)):
                out[seat] = pygame.Rect(kept[1])  # still free: it stays where it appeared
                continue
            out[seat] = self.bubble_rect(seat, size, taken)
            self._bubble_at[seat] = ((text, size, self.app.size), pygame.Rect(out[seat]))
        return out

    def bubble_text(self, seat: int) -> str:
        """The words of ``seat``'s bubble now ('' when none shows)."""
        b = self.bubbles.get(seat)
        if not b or (seat == self.me and self.my_turn()):
            return ""  # our own last call gives way to the prompt while we decide again
        return b[0]
