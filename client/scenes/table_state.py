"""The table scene's state: every attribute the table's parts share, set up in one place."""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from client import layout
from client.anim import Banner, CardSprite, Confetti, Popup
from client.layout import Point
from client.scene import Scene
from client.widgets import Button, TextInput


class TableState(Scene):
    """The table's shared state (the scene, its sprites and its HUD read and change it)."""

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.me: int = session.seat if session.seat is not None else 0
        self.view: dict[str, Any] | None = None
        self.players = 0
        self.names: list[str] = []
        self.lay: layout.TableLayout | None = None
        self.hand: dict[str, CardSprite] = {}
        self.hand_order: list[str] = []
        self.trick: list[tuple[int, CardSprite]] = []
        self.flights: list[CardSprite] = []
        self.popups: list[Popup] = []
        self.banners: deque[Banner] = deque()
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.shown_decl: dict[int, tuple[list[str], float]] = {}
        self.confetti: Confetti | None = None
        self.events: deque[dict[str, Any]] = deque()
        self.pending: deque[Any] = deque()
        self.wait = 0.0
        self.result: dict[str, Any] | None = None
        self.ended = False
        self.shown_scores: list[int] = []
        self.selected = -1
        self.hover_card: str | None = None
        self.reasons: dict[tuple[int, str], str | None] = {}
        self.error: tuple[str, float] | None = None
        self.shake: tuple[str, float] | None = None
        self.status: tuple[str, float] | None = None
        self.hint: tuple[dict[str, Any], str] | None = None
        self.hint_wanted = False
        self.show_last = False
        self.choice: tuple[str, list[dict[str, Any]]] | None = None
        self.card_actions: dict[str, list[dict[str, Any]]] = {}
        self.button_actions: list[dict[str, Any]] = []
        self.action_buttons: list[Button] = []
        self.actions_key: tuple[Any, ...] = ()
        self.chat_input: TextInput | None = None
        self.drag: tuple[str, tuple[int, int]] | None = None
        self.turn_flash = 0.0
        self.turn_age = 0.0
        self.was_my_turn = False
        self.result_button: Button | None = None
        self.deal_count = 0
        self.cw = True
        self._warm: list[tuple[str, int]] = []
        self._warm_key: tuple[Any, ...] = ()
        self._hud_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.hud_buttons: list[Button] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.help_lines: list[str] = []
        self.result_box = pygame.Rect(0, 0, 0, 0)
        # the presentation queue: what is shown lags the session until its motion has played
        self.staged: dict[str, Any] | None = None
        """The next view, adopted once the events before it have been animated."""
        self.collecting: dict[str, Any] | None = None
        """A finished trick on hold (``winner``, ``points``, ``left`` seconds) before it sweeps to the winner."""
        self.held_legal: list[dict[str, Any]] | None = None
        """Our legal actions in a view adopted ahead of its events (a new deal's): offered once those have played."""
        self.trick_bonus: dict[int, int] = {}
        """Tricks each seat has been seen to take since the shown view was adopted (it does not count them yet)."""
        self.adoptions = 0
        """Views adopted from the queue so far: a trick landing after the next view is already counted there."""
        self.hand_delta: dict[int, int] = {}
        self.turned_shown: str | None = None
        """The turned card as the motion shows it ("" while none lies there), ahead of the staged view."""
        self.stock_shown: int | None = None
        self.fresh: dict[str, float] = {}
        """Cards just drawn into our hand (highlighted for the seconds left)."""
        self._order_key: tuple[Any, ...] = ()
        self._dragged: tuple[pygame.Surface, Point] | None = None
        self._banner_at: tuple[Any, tuple[float, float]] = (None, (0.0, 0.0))
        self._hud_rects: list[pygame.Rect] = []
        self._chat_seen = 0
        self._stock_key: tuple[Any, ...] = ()
        self._bubble_cache: dict[tuple[Any, ...], pygame.Rect] = {}
        self._bubble_at: dict[int, tuple[tuple[str, tuple[int, int], tuple[int, int]], pygame.Rect]] = {}
        """Where each shown bubble was put: it stays there while that place is free (no hop back and forth)."""
        self.declarations: dict[int, tuple[str, str | None]] = {}
        """This deal's declared sequences by seat (call, top card), to explain who won them."""

    @property
    def speed(self) -> float:
        """Animation speed multiplier from the settings."""
        return max(0.25, float(self.app.settings.animation_speed))

    def _settled(self) -> bool:
        """The presentation queue is empty: no view staged, no event left or playing, no trick on hold."""
        return not self.events and self.wait <= 0 and self.staged is None and self.collecting is None


    # ------------------------------------------------ provided by the other parts of TableScene
    def my_turn(self) -> bool:
        """True when the view offers us legal actions (``TableScene``)."""
        raise NotImplementedError

    def reason(self, card: str) -> str | None:
        """Why ``card`` cannot be played now (``TableScene``)."""
        raise NotImplementedError

    def _rebuild_actions(self) -> None:
        raise NotImplementedError

    def _show_result(self) -> None:
        raise NotImplementedError

    def _end_match(self, e: dict[str, Any]) -> None:
        raise NotImplementedError

    def _draw_plate(self, surf: pygame.Surface, seat: int, count: int | None = None) -> None:
        raise NotImplementedError
