"""Drive the real client loop with posted input events (mouse clicks and keys).

Used by the client tests and by hand to take screenshots at chosen moments.
The driver never calls the table's methods to act: it reads where things are
on screen (card sprites, button rects) and posts MOUSEBUTTONDOWN/UP or
KEYDOWN events, which the app's event loop delivers like real input.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from client.app import App, build
from client.scenes.table import TableScene


def make_app(argv: list[str]) -> App:
    """Build the app from a command line, for fast non-realtime stepping."""
    app = build(argv)
    app.realtime = False
    return app


def table_of(app: App) -> TableScene | None:
    """The table scene if it is on the stack."""
    for sc in reversed(app.stack):
        if isinstance(sc, TableScene):
            return sc
    return None


def quick_table(argv: list[str]) -> tuple[App, TableScene]:
    """``make_app(argv)`` and its table, with the bots answering at once and no pause between deals."""
    app = make_app(argv)
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = t.session.deal_delay = 0.0
    return app, t


def click(pos: tuple[float, float], button: int = 1) -> None:
    """Post a full mouse click at ``pos``."""
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def wheel(pos: tuple[int, int], dy: int) -> None:
    """What SDL sends for one wheel notch: a MOUSEWHEEL event and the legacy button 4/5 press."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                         precise_y=float(dy)))
    button = 4 if dy > 0 else 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(k: int, mod: int = 0) -> None:
    """Post a key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def card_point(table: TableScene, card: str) -> tuple[float, float]:
    """Where ``card`` shows in the player's hand (its visible upper part)."""
    sp = table.hand[card]
    assert table.lay is not None
    return (sp.pos[0] - table.lay.card_w * 0.15, sp.pos[1] - table._lift(card) - table.lay.card_w * 0.45)


class Player:
    """Chooses inputs for the human seat: clicks legal cards, presses option keys/buttons."""

    def __init__(self, seed: int = 1, use_keys: bool = False) -> None:
        self.rng = random.Random(seed)
        self.use_keys = use_keys
        self.actions = 0
        self.illegal_tried = False

    def step(self, app: App) -> None:
        """Post the inputs for one decision, if one is due."""
        t = table_of(app)
        if t is None or app.top is not t:
            top = app.top
            from client.scenes.endmatch import EndMatch
            if isinstance(top, EndMatch):
                return
            if top is not None and top is not t:
                key(pygame.K_ESCAPE)
            return
        if t.result is not None:
            if t.result_button is not None:
                click(t.result_button.rect.center) if not self.use_keys else key(pygame.K_RETURN)
            return
        if t.events or t.wait > 0 or not t.my_turn():
            return
        if t.choice is not None and t.action_buttons:
            click(t.action_buttons[0].rect.center)
            self.actions += 1
            return
        if t.card_actions and (not t.button_actions or self.rng.random() < 0.7):
            legal = [c for c in t.hand_order if c in t.card_actions]
            if not legal:
                return
            if not self.illegal_tried:
                bad = [c for c in t.hand_order if c not in t.card_actions]
                if bad:
                    self.illegal_tried = True
                    click(card_point(t, bad[0]))
                    return
            card = self.rng.choice(legal)
            if self.use_keys:
                # Left/Right step over the cards that cannot be played: count playable stops only
                target = legal.index(card)
                sel = t.hand_order[t.selected] if 0 <= t.selected < len(t.hand_order) else None
                cur = legal.index(sel) if sel in legal else 0
                for _ in range(abs(target - cur)):
                    key(pygame.K_RIGHT if target > cur else pygame.K_LEFT)
                key(pygame.K_RETURN)
            else:
                click(card_point(t, card))
            self.actions += 1
            return
        if t.action_buttons:
            n = len(t.action_buttons)
            # prefer passing/declining in auctions half the time so deals progress with variety
            i = self.rng.randrange(n)
            if self.use_keys:
                hot = t.action_buttons[i].hotkey
                if hot is not None:
                    key(hot)
                else:  # keyboard focus: Down/Up move between the option buttons, Enter presses
                    focused = t.widgets.focused()
                    cur = t.action_buttons.index(focused) if focused in t.action_buttons else -1
                    if cur < 0:
                        key(pygame.K_DOWN)
                        cur = 0
                    for _ in range(abs(i - cur)):
                        key(pygame.K_DOWN if i > cur else pygame.K_UP)
                    key(pygame.K_RETURN)
            else:
                click(t.action_buttons[i].rect.center)
            self.actions += 1


def run_until(app: App, done: Callable[[App], bool], player: Player | None = None, max_frames: int = 20000,
              on_frame: Callable[[App, int], Any] | None = None) -> int:
    """Step frames (posting the player's inputs) until ``done(app)``; return the frame count."""
    for i in range(max_frames):
        if player is not None and i % 2 == 0:
            player.step(app)
        app.frame(1 / 60)
        if on_frame is not None:
            on_frame(app, i)
        if done(app) or not app.running:
            return i
        if i % 4 == 3:
            # Frames are stepped faster than real time: give the bots' worker thread the
            # interpreter now and then, or a busy machine can starve it for thousands of frames.
            time.sleep(0.0005)
    raise AssertionError(f"not done after {max_frames} frames")


def open_bot_table(app: App, game: str) -> tuple[Any, TableScene]:
    """A table of ``game`` at its largest player count against random bots, run until our cards are dealt."""
    import core
    from client.scenes.newgame import open_table
    from client.session import LocalSession

    n = core.GAMES[game].player_counts[-1]
    session = LocalSession(game, n, seat=0, seed=2, levels={k: "random" for k in range(1, n)},
                           bot_delay=0.0, deal_delay=0.0)
    open_table(app, session)
    table = table_of(app)
    assert table is not None
    run_until(app, lambda a: table.view is not None and table.view.get("phase") not in ("deal",)
              and bool(table.hand_order), max_frames=400)
    return session, table
