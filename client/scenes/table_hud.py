"""The table's HUD and prompts: scores, contract, name plates, speech bubbles, the prompt panel, the
last-trick overlay, the deal result panel, chat and tooltips.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

import core
from client import labels, layout, ui
from client.i18n import N_, _, ngettext, pgettext
from client.layout import Point
from client.scenes.scoresheet import contract_of, deal_notes, maker_failed
from client.scenes.table_zones import TableZones
from client.textfit import fit_shadowed, fit_text, wrap_fit
from client.widgets import draw_tooltip

# TRANSLATORS: the phase of a deal, as the HUD shows it after "Deal 3 •".
PHASE_WORDS = {"deal": N_("dealing"), "bidding": N_("bidding"), "exchange": N_("exchange"),
               "declaring": N_("declarations"), "play": N_("play"), "break": N_("breaking the deck"),
               "remainder": N_("the rest of the stock"), "burn": N_("burning"), "call": N_("partner call"),
               "trump": N_("naming trumps"), "naming": N_("naming trumps"), "schmeiss": N_("schmeiss"),
               "over": N_("deal over")}
"""Phase words in English (marked for translation)."""

# TRANSLATORS: deal outcomes in the result panel's title ("Deal 3: you made it"); {side} names the maker's team.
OUTCOME_YOU = {"made": N_("you made it"), "doubled": N_("you made it doubled"), "moon_made": N_("you shot the moon"),
               "bete": N_("you went b\u00eate"), "failed": N_("you went down"), "set": N_("you were set"),
               "bide": N_("you took a bide"), "moon_failed": N_("you missed the moon"),
               "inside": N_("you went inside"), "egg": N_("you laid an egg")}
OUTCOME_SIDE = {"made": N_("{side} made it"), "doubled": N_("{side} made it doubled"),
                "moon_made": N_("{side} shot the moon"), "bete": N_("{side} went b\u00eate"),
                "failed": N_("{side} went down"), "set": N_("{side} were set"), "bide": N_("{side} took a bide"),
                "moon_failed": N_("{side} missed the moon"), "inside": N_("{side} went inside"),
                "egg": N_("{side} laid an egg")}
OUTCOME_WORDS = {"hung": N_("the points hang"), "tie": N_("a tie: points hang"), "annulled": N_("annulled"),
                 "played": N_("played out"), "inside": N_("inside"), "hanging": N_("a tie: points hang"),
                 "doubled_hung": N_("doubled and hung: points hang"), "deberts": N_("Deberts!")}
"""Outcome words in English (marked for translation)."""

PULSE_SECONDS = 3.0
"""Our name plate's glow pulses this long when our turn comes, then stays lit (an idle table costs no CPU)."""


class TableHud(TableZones):
    """What the table tells the player in words (a part of ``TableScene``)."""

    def shown_turn(self) -> int | None:
        """The seat whose name plate glows as the one to move (a bot's reads "thinking"), or ``None``.

        The shown position's player, once the table has settled: not while a move's events are queued
        (``staged``: its player has acted, and a bot's plate would otherwise read "thinking" through its own
        card's flight and the finished trick's hold), nor while events still play (the cards of a new deal
        flying to the hands, a trick being collected).
        """
        cp = (self.view or {}).get("current_player")
        return cp if self._settled() and isinstance(cp, int) else None

    def _draw_plate(self, surf: pygame.Surface, seat: int, count: int | None = None) -> None:
        v = self.view or {}
        lay = self.lay
        assert lay is not None
        s = self.app.scale
        turn = self.shown_turn() == seat
        dealer = v.get("dealer") == seat
        leader = v.get("leader") == seat and bool(v.get("trick"))
        name = self.names[seat] if seat < len(self.names) else _("Seat {n}").format(n=seat + 1)
        rect = pygame.Rect(layout.plate_rect(lay, seat))
        w = rect.w
        # the glow pulses while a seat thinks, and for our first seconds to move; then it stays steady
        pulse = 0.5 + 0.5 * math.sin(self.time * 5) if not (seat == self.me and self.turn_age > PULSE_SECONDS) else 1.0
        if turn:
            glow = ui.panel(rect.inflate(int(10 * s), int(10 * s)).size, (240, 196, 92, int(60 + 70 * pulse)), None,
                            int(14 * s))
            surf.blit(glow, rect.inflate(int(10 * s), int(10 * s)).topleft)
        surf.blit(ui.panel(rect.size, (10, 24, 18, 225), ui.GOLD if turn else (70, 110, 90), int(12 * s),
                           max(1, int(2 * s))), rect.topleft)
        c = v.get("contract")
        maker = c.get("maker", c.get("declarer", c.get("bidder"))) if isinstance(c, dict) else None
        badges_w = int(26 * s) * (maker == seat) + int(24 * s) * (bool(dealer) + bool(leader))
        room = w - int(12 * s) - max(int(28 * s), badges_w + int(8 * s))  # the name never runs under the badges
        t = fit_text(self.app.fonts, name, int(19 * s), room, ui.GOLD if turn else ui.TEXT, "bold")
        surf.blit(t, (rect.x + int(12 * s), rect.y + int(5 * s)))
        info = []
        tw = v.get("tricks_won")
        if isinstance(tw, list) and seat < len(tw) and v.get("phase") not in ("deal",):
            n = int(tw[seat]) + self.trick_bonus.get(seat, 0)
            info.append(ngettext("{n} trick", "{n} tricks", n).format(n=n))
        if count is not None:
            info.append(ngettext("{n} card", "{n} cards", count).format(n=count))
        it = fit_text(self.app.fonts, "  \u2022  ".join(info), int(14 * s), w - int(20 * s), ui.TEXT_DIM)
        surf.blit(it, (rect.x + int(12 * s), rect.bottom - it.get_height() - int(5 * s)))
        # badges: contract maker, dealer, leader
        bx = rect.right - int(14 * s)
        if maker == seat:
            trump = labels.trump_suit(v)
            sym = ui.SUIT_SYMBOL[trump] if trump else "\u2605"
            pygame.draw.circle(surf, (250, 240, 214), (bx, rect.y + int(14 * s)), int(11 * s))
            pygame.draw.circle(surf, ui.GOLD, (bx, rect.y + int(14 * s)), int(11 * s), max(1, int(2 * s)))
            ink = ui.suit_color(trump, self.app.settings.card_style == "four_colour") if trump else (120, 90, 20)
            ui.blit_center(surf, self.app.fonts.text(sym, int(15 * s), ink, "bold"), (bx, rect.y + int(14 * s)))
            bx -= int(26 * s)
        for flag, letter, col in ((dealer, pgettext("dealer badge", "D"), (90, 160, 230)),
                                  (leader, pgettext("leader badge", "L"), (230, 150, 60))):
            if flag:
                pygame.draw.circle(surf, col, (bx, rect.y + int(14 * s)), int(10 * s))
                ui.blit_center(surf, self.app.fonts.text(letter, int(13 * s), (10, 10, 10), "bold"),
                               (bx, rect.y + int(14 * s)))
                bx -= int(24 * s)
        if turn and seat != self.me and v.get("phase") not in ("deal", "over"):
            dots = "\u2022" * (1 + int(self.time * 3) % 3)
            # TRANSLATORS: under a bot's name plate while it chooses its move.
            th = fit_text(self.app.fonts, _("thinking") + " " + dots, int(14 * s), int(94 * s), ui.GOLD)
            surf.blit(th, (rect.right - int(96 * s), rect.bottom + int(2 * s)))

    def _draw_bubbles(self, surf: pygame.Surface) -> None:
        """The speech bubbles (each seat's last call), drawn over the prompt panel, each clear of the others
        and of the cards, plates, stock, HUD and prompt (``bubble_rects``)."""
        s = self.app.scale
        for seat, br in self.bubble_rects().items():
            left = self.bubbles[seat][1]
            bt = self.app.fonts.text(self.bubble_text(seat), int(18 * s), (20, 16, 8), "bold")
            alpha = int(255 * min(1.0, left / 0.3))  # the bubble, its border and its words fade together
            surf.blit(ui.fading_label(br.size, (250, 240, 214), ui.GOLD_DARK, int(10 * s), 2, bt, alpha), br.topleft)

    def _draw_hud(self, surf: pygame.Surface) -> None:
        v = self.view or {}
        s = self.app.scale
        fonts = self.app.fonts
        sides = v.get("sides") or [[i] for i in range(self.players)]
        rows = len(sides)
        w = int(270 * s)  # clear of the stock's bottom card beside it
        h = int(52 * s + rows * 34 * s)
        x, y = int(14 * s), int(14 * s)
        surf.blit(ui.panel((w, h), ui.PANEL, ui.PANEL_BORDER, int(12 * s), max(1, int(2 * s))), (x, y))
        self._hud_rects = [pygame.Rect(x, y, w, h)]
        game = core.GAMES.get(str(v.get("game")))
        title = _(game.title) if game and game.title else str(v.get("game", "")).capitalize()
        target = v.get("target") or (v.get("options") or {}).get("target_score")
        # TRANSLATORS: the HUD's heading: the game and the score that wins the match ("Belote • to 151").
        head = _("{game}  \u2022  to {target}").format(game=title, target=target) if target else title
        head_img = fit_text(fonts, head, int(17 * s), w - int(24 * s), ui.GOLD, "bold")
        surf.blit(head_img, (x + int(12 * s), y + int(10 * s)))
        for i, seats in enumerate(sides):
            yy = y + int(44 * s) + i * int(34 * s)
            me = self.me in seats
            name = self.side_name(i)
            col: tuple[int, int, int] = ui.TEXT if not me else (255, 236, 180)
            nt = fonts.text(name, int(17 * s), col, "bold" if me else "sans")
            if nt.get_width() > w * 0.62:
                nt = fonts.text(name[:18] + "\u2026", int(15 * s), col)
            surf.blit(nt, (x + int(12 * s), yy))
            score = self.shown_scores[i] if i < len(self.shown_scores) else 0
            st = fonts.text(str(score), int(22 * s), col, "bold")
            surf.blit(st, (x + w - st.get_width() - int(14 * s), yy - int(3 * s)))
        # contract / trump panel, top right
        cw = int(270 * s)
        cx = surf.get_width() - cw - int(14 * s)
        trump = labels.trump_suit(v)
        ctext = labels.contract_text(v, self.names)
        phase = str(v.get("phase", ""))
        deal_no, phase_word = self._deal_line(v)
        # TRANSLATORS: the HUD's deal line: deal number and phase ("Deal 3 • bidding").
        lines = [_("Deal {n}  \u2022  {phase}").format(n=deal_no, phase=phase_word)]
        if ctext:
            lines.append(ctext)
        elif trump:
            lines.append(_("Trumps: {suit}").format(suit=labels.suit_text(trump)))
        elif labels.turned_card(v) and phase in ("bidding", "schmeiss", "naming"):
            # TRANSLATORS: the turned-up card of the stock.
            lines.append(_("Turned: {card}").format(card=labels.card_text(labels.turned_card(v) or "")))
        elif phase == "bidding":
            high = self._high_bid()
            if high:
                lines.append(high)
        partner = self._partner_line(v)
        if partner:
            lines.append(partner)
        room = cw - int(80 * s)  # clear of the big trump symbol on the right
        shown: list[tuple[pygame.Surface, int]] = []  # each line as drawn and the step down to the next
        for i, line in enumerate(lines):
            t = fonts.text(line, int(17 * s) if i else int(15 * s), ui.TEXT if i else ui.TEXT_DIM,
                           "bold" if i else "sans")
            if t.get_width() <= room:
                shown.append((t, int(26 * s)))
            elif i == 0:
                shown.append((fit_text(fonts, line, int(15 * s), room, ui.TEXT_DIM), int(26 * s)))
            else:  # a long line (a translation, long names) wraps onto two lines at a smaller size
                px, parts = wrap_fit(fonts, line, int(14 * s), room, 2)
                for k, part in enumerate(parts):
                    shown.append((fit_text(fonts, part, px, room, ui.TEXT), int(26 * s) if k == len(parts) - 1
                                  else int(px * 1.2)))
        ch = int(64 * s) + sum(step for _t, step in shown[:-1])
        surf.blit(ui.panel((cw, ch), ui.PANEL, ui.PANEL_BORDER, int(12 * s), max(1, int(2 * s))), (cx, y))
        yy = y + int(10 * s)
        for t, step in shown:
            surf.blit(t, (cx + int(12 * s), yy))
            yy += step
        big = "\u2205"
        col = ui.TEXT_DIM
        if trump:
            big = ui.SUIT_SYMBOL[trump]
            col = ui.suit_color(trump, self.app.settings.card_style == "four_colour", on_dark=True)
        elif labels.all_trumps(v):
            # TRANSLATORS: short badge for All trumps (two or three letters).
            big, col = pgettext("badge", "AT"), ui.GOLD
        elif labels.no_trumps(v):
            # TRANSLATORS: short badge for No trumps (two or three letters).
            big, col = pgettext("badge", "NT"), ui.GOLD
        bt = fit_text(fonts, big, int(40 * s), int(64 * s), col, "bold")
        ui.blit_center(surf, bt, (cx + cw - int(34 * s), y + ch / 2))
        # TRANSLATORS: the key to the name plates' badges; D and L are the badges' letters (see "dealer badge").
        legend_text = _("{dealer} dealer  \u2022  {leader} leads the trick  \u2022  suit badge: contract").format(
            dealer=pgettext("dealer badge", "D"), leader=pgettext("leader badge", "L"))
        self._hud_rects.append(pygame.Rect(cx, y, cw, ch))
        ly = y + ch + int(6 * s)
        wide = max(cw, int(surf.get_width() * 0.4))  # one line reaching left of the panel, unless it meets a plate
        one = fit_text(fonts, legend_text, int(13 * s), wide, ui.TEXT_DIM).get_rect(topright=(cx + cw, ly))
        room = wide if one.collidelist(self.plate_zones()) < 0 else cw
        for line in legend_lines(fonts, legend_text, int(13 * s), room):  # else wrapped under the panel
            legend = fit_text(fonts, line, int(13 * s), room, ui.TEXT_DIM)
            surf.blit(legend, (cx + cw - legend.get_width(), ly))
            self._hud_rects.append(legend.get_rect(topright=(cx + cw, ly)))
            ly += legend.get_height()
        if self.status:
            t = fit_text(fonts, self.status[0], int(16 * s), surf.get_width() // 2 - x, ui.TEXT)
            surf.blit(t, (x, y + h + int(8 * s)))

    def _partner_line(self, v: dict[str, Any]) -> str:
        """Five-handed Pitch: the called card and, once it has been played, who the partner is."""
        c = v.get("contract")
        if not isinstance(c, dict) or not c.get("called_name"):
            return ""
        p = c.get("partner")
        if c.get("partner_known") and isinstance(p, int) and 0 <= p < len(self.names):
            # TRANSLATORS: Pitch: the called card and the partner's name.
            return _("Partner ({card}): {name}").format(card=c["called_name"], name=self.names[p])
        if c.get("partner_known"):
            return _("Partner ({card}): nobody (the bidder holds it)").format(card=c["called_name"])
        return _("Partner: whoever holds the {card}").format(card=c["called_name"])

    def _deal_line(self, v: dict[str, Any]) -> tuple[int, str]:
        """The deal number and phase words of the HUD, in step with what is shown.

        While a deal's result is on screen (or the match is over) it is that
        deal, "deal over": never the next deal's number or "dealing".
        """
        played = len(v.get("deals") or [])
        if self.result is not None:
            d = self.result.get("deal")
            return (d if isinstance(d, int) else max(1, played)), _("deal over")
        if v.get("match_over"):
            return max(1, played), _("match over")
        phase = str(v.get("phase", ""))
        deal_no = v.get("deal_number")
        word = _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase.replace("_", " ")
        if phase == "deal" or not isinstance(deal_no, int):  # dealing: the deal coming, not the one before it
            return played + 1, word
        return deal_no, word

    def _high_bid(self) -> str:
        """The standing bid of the auction (Belote, Pitch) in words, or ''."""
        bids = [b for b in (self.view or {}).get("bids") or [] if isinstance(b, dict)]
        doubled = ""
        for b in reversed(bids):
            call = str(b.get("call"))
            if call in ("double", "redouble"):
                doubled = doubled or call
                continue
            if call in ("pass", "schmeiss", "annul", "play", "take"):
                continue
            seat = b.get("seat")
            who = self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"
            if doubled == "double":
                # TRANSLATORS: the standing bid of the auction and who made it.
                return _("High bid: {call} doubled ({name})").format(call=labels.call_text(call), name=who)
            if doubled == "redouble":
                return _("High bid: {call} redoubled ({name})").format(call=labels.call_text(call), name=who)
            return _("High bid: {call} ({name})").format(call=labels.call_text(call), name=who)
        return ""

    def _bid_history(self) -> str:
        """The auction so far (last calls), while we are to bid."""
        v = self.view or {}
        if not any(a.get("type") == "bid" for a in v.get("legal", [])):
            return ""
        bids = [b for b in v.get("bids") or [] if isinstance(b, dict) and isinstance(b.get("seat"), int)]
        if not bids:
            return ""
        parts = [f"{self.names[b['seat']] if b['seat'] < len(self.names) else b['seat']}: "
                 f"{labels.call_text(str(b.get('call')), None)}" for b in bids[-5:]]
        return ("\u2026  " if len(bids) > 5 else "") + "   \u2022   ".join(parts)

    def _panel_max_width(self) -> int:
        """The widest the prompt panel may be without covering the side seats' name plates."""
        w = self.app.size[0]
        s = self.app.scale
        half = w * 0.43
        if self.lay is not None:
            for seat in range(self.players):
                side = self.lay.spot(seat).side
                x, _y, pw, _h = layout.plate_rect(self.lay, seat)
                if side == "left":
                    half = min(half, w / 2 - (x + pw) - 16 * s)
                elif side == "right":
                    half = min(half, x - w / 2 - 16 * s)
        return int(max(half, 240 * s) * 2)

    def _help_text(self) -> str:
        """The prompt's explanation line (empty while choosing an announcement or when not our turn)."""
        if self.result is not None or not self.my_turn() or self.choice is not None or self.view is None:
            return ""
        return labels.prompt_help(self.view)

    def _prompt_text(self) -> str:
        v = self.view or {}
        if self.result is not None or not self.my_turn():
            return ""
        types = {a.get("type") for a in v.get("legal", [])}
        phase = str(v.get("phase", ""))
        if self.choice is not None:
            return _("Announce with {card}?").format(card=labels.card_text(self.choice[0]))
        if "bid" in types:
            if phase == "schmeiss":
                return _("Schmeiss! Annul the deal, or play it?")
            if phase == "naming":
                return _("Name the trump suit")
            # TRANSLATORS: the prompt when it is your turn to bid.
            return _("Your call")
        if "trump" in types:
            return _("Name trumps")
        if "break" in types:
            return _("Break the deck: how many cards go from the top to the bottom?")
        if "exchange" in types and "play" in types:
            return _("Swap your seven of trumps first, or just play a card")
        if "exchange" in types or ("keep" in types and phase == "exchange"):
            return _("Exchange the seven of trumps for the turned card?")
        if phase == "remainder":
            return _("The rest of the stock: keep it, or give it to your partner?")
        if "discard" in types:
            return _("You hold too many trumps: burn one (click a card)")
        if phase == "call":
            return _("Call your partner: name a trump you do not hold")
        if "declare" in types or ("done" in types and "play" not in types):
            if "play" in types:
                return _("Announce before you play, or just play a card")
            return _("Declarations")
        if "play" in types:
            lead = not v.get("trick")
            return _("Your lead \u2014 play any card") if lead else _("Your turn \u2014 play a card")
        return _("Your move")

    def _draw_prompt(self, surf: pygame.Surface) -> None:
        text = self._prompt_text()
        s = self.app.scale
        lay = self.lay
        assert lay is not None
        if self.action_buttons and self.result is None:
            r = self.panel_rect
            surf.blit(ui.panel(r.size, (8, 20, 14, 238), ui.PANEL_BORDER, int(14 * s), max(1, int(2 * s))), r.topleft)
            if text:
                t = fit_text(self.app.fonts, text, int(20 * s), r.w - int(24 * s), ui.GOLD, "bold")
                ui.blit_center(surf, t, (r.centerx, r.y + int(22 * s)))
            history = self._bid_history()
            y: float = r.y + int(48 * s)
            for line in self.help_lines if self._help_text() else []:
                ht = fit_text(self.app.fonts, line, int(15 * s), r.w - int(24 * s), (200, 216, 200))
                ui.blit_center(surf, ht, (r.centerx, y))
                y += int(21 * s)
            if self.help_lines:
                y += int(4 * s)
            if history:
                ht = fit_text(self.app.fonts, history, int(16 * s), r.w - int(24 * s), ui.TEXT_DIM)
                ui.blit_center(surf, ht, (r.centerx, y))
        elif text and not self.error:
            k = self.turn_flash
            color = ui.GOLD
            px = int(22 * s * (1 + 0.25 * ui.ease_out_cubic(k)))
            t = fit_shadowed(self.app.fonts, text, px, int(surf.get_width() * 0.9), color, "bold")
            y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
            ui.blit_center(surf, t, (surf.get_width() / 2, y))
        if self.error:
            text, left = self.error
            t = fit_text(self.app.fonts, text, int(20 * s), int(surf.get_width() * 0.9), (255, 255, 255), "bold")
            prompt_y = lay.spot(self.me).hand[1] - lay.card_w * 1.4 * 0.5 - lay.card_w * 0.55
            r = t.get_rect(center=(surf.get_width() // 2, int(prompt_y)))  # in place of the prompt line
            if self.action_buttons:
                r.centery = self.panel_rect.y - int(26 * s)
            bg = r.inflate(int(26 * s), int(14 * s))
            alpha = int(255 * min(1.0, left / 0.3))  # the panel and its words fade out together
            surf.blit(ui.fading_label(bg.size, (170, 30, 34, 230), (255, 160, 140), int(10 * s), 2, t, alpha),
                      bg.topleft)

    def _draw_hint(self, surf: pygame.Surface) -> None:
        """The hint line, while one shows: drawn over banners (the player asked for it; a banner passes)."""
        hint = self.hint_line()
        if hint is not None:
            msg, px, bg = hint
            t = self.app.fonts.text(msg, px, (170, 230, 255), "bold")
            surf.blit(ui.panel(bg.size, (10, 30, 44, 220), (120, 200, 240), int(8 * self.app.scale), 1),
                      bg.topleft)
            surf.blit(t, t.get_rect(center=bg.center))

    def _draw_last_trick(self, surf: pygame.Surface) -> None:
        v = self.view or {}
        lt = v.get("last_trick")
        if not isinstance(lt, dict):
            return
        s = self.app.scale
        cards_raw = lt.get("cards") or []
        seats = lt.get("seats")
        leader = lt.get("leader")
        entries: list[tuple[int | None, str]] = []
        for i, c in enumerate(cards_raw):
            if isinstance(c, dict):
                entries.append((c.get("seat"), str(c.get("card"))))
            elif isinstance(seats, list) and i < len(seats):
                entries.append((seats[i], str(c)))
            elif isinstance(leader, int):
                entries.append(((leader + i) % max(1, self.players), str(c)))
            else:
                entries.append((None, str(c)))
        cw = int(self.lay.trick_w if self.lay else 90)
        winner = lt.get("winner")
        head = (_("Last trick \u2014 won by {name}").format(name=self.names[winner]) if isinstance(winner, int)
                else _("Last trick"))
        head_img = fit_text(self.app.fonts, head, int(20 * s), int(surf.get_width() * 0.9), ui.GOLD, "bold")
        w = int(max(len(entries) * cw * 1.15 + 60 * s, head_img.get_width() + 48 * s))
        h = int(cw * 1.4 + 110 * s)
        r = pygame.Rect(0, 0, w, h)
        r.center = (surf.get_width() // 2, int(surf.get_height() * 0.42))
        self.app.dim(surf, 150)
        surf.blit(ui.panel(r.size, ui.PANEL_SOLID, ui.PANEL_BORDER, int(14 * s), 2), r.topleft)  # opaque
        ui.blit_center(surf, head_img, (r.centerx, r.y + int(24 * s)))
        x = r.centerx - (len(entries) - 1) * cw * 1.15 / 2
        for seat, c in entries:
            ui.blit_center(surf, self.app.cards.face(c, cw), (x, r.y + int(50 * s) + cw * 0.7))  # type: ignore
            if isinstance(seat, int) and seat < len(self.names):
                col = ui.GOLD if seat == winner else ui.TEXT_DIM
                ui.blit_center(surf, self.app.fonts.text(self.names[seat], int(15 * s), col),
                               (x, r.bottom - int(22 * s)))
            x += cw * 1.15

    def _draw_chat(self, surf: pygame.Surface) -> None:
        log_fn = getattr(self.session, "chat_log", None)
        if log_fn is None:
            return
        try:
            log = list(log_fn())[-6:]
        except Exception:  # never let the overlay crash the table
            return
        s = self.app.scale
        y = self.app.size[1] - int(210 * s)
        for name, text in log:
            t = self.app.fonts.text(f"{name}: {text}"[:80], int(15 * s), ui.TEXT)
            surf.blit(ui.panel((t.get_width() + int(12 * s), t.get_height() + int(4 * s)), (0, 0, 0, 120), None,
                               int(6 * s)), (int(14 * s), y - int(2 * s)))
            surf.blit(t, (int(20 * s), y))
            y += t.get_height() + int(6 * s)
        if not log and hasattr(self.session, "chat"):
            # TRANSLATORS: press the T key to write a chat line.
            t = self.app.fonts.text(_("T to chat"), int(14 * s), ui.TEXT_DIM)
            surf.blit(t, (int(14 * s), y))

    def _draw_result(self, surf: pygame.Surface) -> None:
        r = self.result or {}
        s = self.app.scale
        fonts = self.app.fonts
        self.app.dim(surf, 120)
        sides = (self.view or {}).get("sides") or [[i] for i in range(self.players)]
        w = int(min(surf.get_width() * 0.9, (380 + 130 * len(sides)) * s))
        rows: list[tuple[str, list[Any]]] = []
        bold_rows = set()
        for key, label in (("card_points", N_("Card points")), ("declarations", N_("Declarations")),
                           ("bella", N_("Bella")), ("belotes", N_("Belote")), ("awarded", N_("Scored this deal")),
                           ("scores", N_("Total"))):
            val = r.get(key)
            if isinstance(val, list) and len(val) == len(sides) and all(isinstance(x, int) for x in val):
                if key in ("bella", "belotes", "declarations") and not any(val):
                    continue
                if key == "card_points" and (self.view or {}).get("game") == "pitch":
                    label = N_("Points taken")
                rows.append((_(label), val))
                if key in ("awarded", "scores"):
                    bold_rows.add(len(rows) - 1)
        side_names = [self.side_name(i) for i in range(len(sides))]
        notes = " ".join(x for x in (self._result_reason(r), deal_notes(r, self.names, side_names, decl_column=True))
                         if x)
        note_lines = fonts.wrap(notes, int(16 * s), w - int(60 * s)) if notes else []
        # TRANSLATORS: the deal result panel's title: deal number and outcome ("Deal 3: you made it").
        title = _("Deal {n}: {outcome}").format(n=r.get("deal", ""), outcome=self._outcome_words(r))
        title_px, title_lines = wrap_fit(fonts, title, int(30 * s), w - int(40 * s), 2, "serif")
        title_step = int(title_px * 1.2)
        drop = title_step * (len(title_lines) - 1)  # a title on two lines pushes the rest down
        h = int(150 * s + 36 * s * len(rows) + 80 * s + 22 * s * len(note_lines)) + drop
        box = pygame.Rect(0, 0, w, h)
        box.center = (surf.get_width() // 2, int(surf.get_height() * 0.5))
        self.result_box = box
        surf.blit(ui.panel(box.size, ui.PANEL, ui.PANEL_BORDER, int(16 * s), max(2, int(3 * s))), box.topleft)
        for k, line in enumerate(title_lines):
            tt = fit_text(fonts, line, title_px, box.w - int(40 * s), ui.GOLD, "serif")
            ui.blit_center(surf, tt, (box.centerx, box.y + int(36 * s) + k * title_step))
        sub = contract_of(r, self.names)
        mult = r.get("multiplier")
        if sub and isinstance(mult, int) and mult > 1:
            sub = (_("{contract}  \u2022  doubled") if mult == 2 else _("{contract}  \u2022  redoubled")).format(
                contract=sub)
        if sub:
            ui.blit_center(surf, fit_text(fonts, sub, int(18 * s), box.w - int(40 * s), ui.TEXT_DIM),
                           (box.centerx, box.y + int(70 * s) + drop))
        col0 = box.x + int(28 * s)
        colw = (box.w - int(260 * s)) / max(1, len(sides))
        y = box.y + int(104 * s) + drop
        for i in range(len(sides)):
            name = self.side_name(i)
            t = fit_text(fonts, name if len(name) < 16 else name[:15] + "\u2026", int(17 * s), int(colw - 6 * s),
                         ui.GOLD, "bold")
            ui.blit_center(surf, t, (box.x + int(240 * s) + colw * (i + 0.5), y))
        y += int(36 * s)
        for j, (label, vals) in enumerate(rows):
            bold = j in bold_rows
            lt = fit_text(fonts, label, int(18 * s), int(box.x + 232 * s - col0), ui.TEXT,
                          "bold" if bold else "sans")
            surf.blit(lt, (col0, y - int(11 * s)))
            for i, val in enumerate(vals):
                ui.blit_center(surf, fonts.text(str(val), int(19 * s), ui.TEXT, "bold" if bold else "sans"),
                               (box.x + int(240 * s) + colw * (i + 0.5), y))
            y += int(36 * s)
        for line in note_lines:  # declarations, bella, pots, penalties: what made the numbers
            ui.blit_center(surf, fonts.text(line, int(16 * s), ui.TEXT_DIM), (box.centerx, y))
            y += int(22 * s)
        if self.result_button is not None:
            self.result_button.rect.midtop = (box.centerx, box.bottom - int(66 * s))

    def _draw_tips(self, surf: pygame.Surface) -> None:
        if not self.app.settings.show_hover_reasons or self.hover_card is None or self.result is not None:
            return
        if not (self.my_turn() and self.card_actions) or self.hover_card in self.card_actions:
            return
        sp = self.hand.get(self.hover_card)
        if sp is None or self.lay is None:
            return
        reason = self.reason(self.hover_card)
        if reason:
            r = pygame.Rect(0, 0, self.lay.card_w, int(self.lay.card_w * 1.4))
            r.center = (int(sp.pos[0]), int(sp.pos[1]))
            draw_tooltip(surf, self.app, reason, r)

    def _outcome_words(self, r: dict[str, Any]) -> str:
        """The deal's outcome as a short sentence naming the maker's side."""
        outcome = str(r.get("outcome", ""))
        c = r.get("contract")
        maker = r.get("maker", r.get("declarer"))
        if maker is None and isinstance(c, dict):
            maker = c.get("maker", c.get("declarer", c.get("bidder")))
        who = ""
        if isinstance(maker, int) and 0 <= maker < self.players:
            sides = (self.view or {}).get("sides") or [[p] for p in range(self.players)]
            side = next((i for i, seats in enumerate(sides) if maker in seats), None)
            who = "you" if maker == self.me and (side is None or len(sides[side]) == 1) else (
                self.side_name(side) if side is not None else self.names[maker])
        you = who == "you"
        sides_l = (self.view or {}).get("sides") or [[p] for p in range(self.players)]
        if outcome == "doubled" and maker_failed(r, sides_l):
            if not who:
                return _("doubled: down")
            return _("you went down doubled") if you else _("{side} went down doubled").format(side=who)
        if who and outcome in OUTCOME_YOU:
            return _(OUTCOME_YOU[outcome]) if you else _(OUTCOME_SIDE[outcome]).format(side=who)
        if outcome in OUTCOME_WORDS:
            return _(OUTCOME_WORDS[outcome])
        return outcome.replace("_", " ")

    def _result_reason(self, r: dict[str, Any]) -> str:
        """A plain explanation the numbers alone do not give (an annulled deal, Belote's scoring in tens,
        why each side of a Pitch deal scored what it did)."""
        game = (self.view or {}).get("game")
        if game == "pitch" and r.get("outcome") != "annulled":
            v = self.view or {}
            return pitch_reason(r, self.names, v.get("sides") or [[p] for p in range(self.players)],
                                v.get("options") or {})
        if r.get("outcome") == "annulled":
            if game == "klaberjass":
                return _("Annulled: the schmeiss was answered with annul, so the cards are dealt again.")
            return _("Annulled: every player passed, so nobody scored and the next dealer deals again.")
        if game == "belote":
            aw = r.get("awarded")
            raw = r.get("raw")
            if isinstance(aw, list) and isinstance(raw, list) and len(raw) == len(aw):
                ex = next(((p, a) for p, a in zip(raw, aw, strict=False) if isinstance(p, int) and isinstance(a, int)
                           and a and p != a and abs(p / 10 - a) < 1), None)
                if ex is not None:
                    return _("Scored in tens: a side's points are divided by 10 and rounded "
                             "({raw} \u2192 {scored}).").format(raw=ex[0], scored=ex[1])
        return ""

    def side_name(self, side: int) -> str:
        """Names of the seats of scoring side ``side``."""
        sides = (self.view or {}).get("sides") or [[s] for s in range(self.players)]
        if side >= len(sides):
            return "?"
        seats = sides[side]
        if self.me in seats and len(seats) > 1:
            others = [self.names[s] for s in seats if s != self.me]
            # TRANSLATORS: a team of you and your partner(s): "You & Anna".
            return _("You & {names}").format(names=labels.team_text(others))
        return labels.team_text([self.names[s] for s in seats])

    def _score_pos(self, side: int) -> Point:
        s = self.app.scale
        return (int(14 * s) + int(350 * s), int(58 * s) + side * int(34 * s))



def legend_lines(fonts: Any, text: str, px: int, width: int) -> list[str]:
    """The badge legend's parts (split at its bullets) laid into as few lines of ``width`` as they fit."""
    parts = [p.strip() for p in text.split("\u2022") if p.strip()]
    lines: list[str] = []
    for part in parts:
        trial = f"{lines[-1]}  \u2022  {part}" if lines else part
        if lines and fonts.font(px).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(part)
    return lines


def point_card_name(point: str) -> str:
    """One of Pitch's point cards, as a deal result names it (``point_cards[].point``), in words."""
    names = {
        "ace": pgettext("point card", "ace"), "king": pgettext("point card", "king"),
        "queen": pgettext("point card", "queen"), "jack": pgettext("point card", "jack"),
        "off_jack": pgettext("point card", "off-jack"), "high_joker": pgettext("point card", "high joker"),
        "low_joker": pgettext("point card", "low joker"), "ten": pgettext("point card", "ten"),
        "nine": pgettext("point card", "nine"), "eight": pgettext("point card", "eight"),
        "seven": pgettext("point card", "seven"), "six": pgettext("point card", "six"),
        "five": pgettext("point card", "five"), "four": pgettext("point card", "four"),
        "three": pgettext("point card", "three"), "two": pgettext("point card", "two"),
    }
    return names.get(point, point.replace("_", " "))



def point_cards_text(point_cards: Any, sides: list[list[int]], who: Any) -> str:
    """Which side took which of Pitch's point cards: ``"You & North: ace, jack; West & East: ten"``.

    >>> point_cards_text([{"point": "ace", "seat": 0, "points": 1}, {"point": "ten", "seat": 1, "points": 1},
    ...                   {"point": "two", "seat": 2, "points": 1}], [[0, 2], [1, 3]], lambda s: "+".join(map(str, s)))
    '0+2: ace, two; 1+3: ten'
    """
    if not isinstance(point_cards, list):
        return ""
    per_side: dict[int, list[str]] = {}
    for pc in point_cards:
        if not isinstance(pc, dict) or not isinstance(pc.get("seat"), int):
            continue
        side = next((i for i, seats in enumerate(sides) if pc["seat"] in seats), None)
        if side is not None:
            per_side.setdefault(side, []).append(point_card_name(str(pc.get("point"))))
    # TRANSLATORS: Pitch: one side and the point cards it took ("West & East: ten, three").
    return "; ".join(_("{side}: {points}").format(side=who(sides[i]), points=", ".join(names))
                     for i, names in sorted(per_side.items()))


def pitch_reason(r: dict[str, Any], names: list[str], sides: list[list[int]], options: dict[str, Any]) -> str:
    """Why each side of a Pitch deal scored what it did, from the deal's result: the bid against the
    points taken, the defenders' points, the game point and burned point cards.

    >>> r = {"outcome": "made", "bid": "5", "bidding_side": [0, 2], "bidding_points": 6, "defending_points": 4,
    ...      "card_total": 10, "awarded": [6, 4], "game_point": "defending", "burned_points": 0}
    >>> pitch_reason(r, ["You", "West", "North", "East"], [[0, 2], [1, 3]], {"ten_point": "game"})
    'You & North bid 5 and took 6 of the 10 points in play: made, +6. West & East took 4 and score them. \
The game point (most pips) went to West & East.'
    """
    def who(seats: list[int]) -> str:
        return labels.team_text([names[s] if 0 <= s < len(names) else "?" for s in seats]) or _("nobody")

    bidding = [s for s in r.get("bidding_side") or [] if isinstance(s, int)]
    others = [s for s in range(len(names)) if s not in bidding]
    award = r.get("awarded") if isinstance(r.get("awarded"), list) else []
    b_sides = {i for i, seats in enumerate(sides) if any(s in bidding for s in seats)}

    def gained(mine: bool) -> int:
        return sum(int(a) for i, a in enumerate(award or []) if isinstance(a, int) and (i in b_sides) == mine)

    b_pts, e_pts = r.get("bidding_points"), r.get("defending_points")
    total, bid, outcome = r.get("card_total"), r.get("bid"), str(r.get("outcome", ""))
    if not isinstance(b_pts, int) or not isinstance(total, int):
        return ""
    bidders = who(bidding)
    f = {"side": bidders, "taken": b_pts, "total": total, "bid": bid, "gain": f"{gained(True):+d}"}
    if outcome == "moon_made":
        out = [_("{side} shot the moon and took {taken} of the {total} points in play: made.").format(**f)]
    elif outcome == "moon_failed":
        out = [_("{side} shot the moon but took {taken} of the {total} points in play: the moon is missed.").format(
            **f)]
    elif outcome == "set":
        # TRANSLATORS: Pitch: {gain} is the signed score change ("-5").
        out = [_("{side} bid {bid} but took {taken} of the {total} points in play: set, {gain}.").format(**f)]
    else:
        out = [_("{side} bid {bid} and took {taken} of the {total} points in play: made, {gain}.").format(**f)]
    if isinstance(e_pts, int) and e_pts:
        scored = gained(False)
        if scored > 0:
            out.append(_("{side} took {taken} and score them.").format(side=who(others), taken=e_pts))
        else:
            out.append(_("{side} took {taken}, which defenders do not score here.").format(side=who(others),
                                                                                          taken=e_pts))
    taken = point_cards_text(r.get("point_cards"), sides, who)
    if taken:
        # TRANSLATORS: Pitch: {list} is "You & North: ace, jack, two; West & East: off-jack, ten".
        out.append(_("Points taken: {list}.").format(list=taken))
    gp = r.get("game_point")
    if gp in ("bidding", "defending"):
        out.append(_("The game point (most pips) went to {side}.").format(
            side=bidders if gp == "bidding" else who(others)))
    elif options.get("ten_point") == "game":
        out.append(_("The game point was tied: nobody took it."))
    burned = r.get("burned_points")
    if isinstance(burned, int) and burned:
        out.append(ngettext("{n} point burned out of play.", "{n} points burned out of play.", burned).format(
            n=burned))
    return " ".join(out)
