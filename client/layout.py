"""Table geometry computed from the window size (pure: no drawing, testable headless).

The player sits at the bottom; the others are placed clockwise (the next seat
in turn order on the player's left).  All sizes derive from the window so the
table reads the same from 1280x720 to 3840x2160.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass
class SeatSpot:
    """Where one seat's things go."""

    seat: int
    rel: int
    """0 for the player at the bottom, then clockwise."""
    hand: Point
    """Centre of the seat's hand (for opponents: their card backs)."""
    plate: Point
    """Centre of the name plate."""
    trick: Point
    """Where this seat's card lands in the current trick."""
    angle: float
    """Rotation of this seat's backs (degrees)."""
    side: str
    """'bottom', 'left', 'top', 'right'."""


@dataclass
class TableLayout:
    """Every position and size the table scene needs."""

    w: int
    h: int
    players: int
    me: int
    scale: float = 1.0
    card_w: int = 0
    small_w: int = 0
    trick_w: int = 0
    seats: list[SeatSpot] = field(default_factory=list)
    center: Point = (0.0, 0.0)
    stock: Point = (0.0, 0.0)
    stock_home: Point = (0.0, 0.0)
    """Where :func:`compute` put the stock (the table may move ``stock`` off a taller HUD)."""

    def spot(self, seat: int) -> SeatSpot:
        """The spot of ``seat``."""
        return self.seats[seat % self.players]


def rel_positions(n: int) -> list[tuple[str, float]]:
    """(side, fraction along that side) for relative seats 0..n-1, clockwise from the bottom."""
    if n == 2:
        return [("bottom", 0.5), ("top", 0.5)]
    if n == 3:
        return [("bottom", 0.5), ("left", 0.47), ("right", 0.47)]  # the fans clear of the HUD panels
    if n == 4:
        return [("bottom", 0.5), ("left", 0.45), ("top", 0.5), ("right", 0.45)]
    return [("bottom", 0.5), ("left", 0.56), ("top", 0.37), ("top", 0.63), ("right", 0.56)]


def compute(w: int, h: int, players: int, me: int, clockwise: bool = True) -> TableLayout:
    """Lay out a table of ``players`` seats for a ``w`` x ``h`` window, ``me`` at the bottom.

    ``clockwise``: the next seat in turn order sits on the player's left (else on the right).
    """
    s = min(w / 1280, h / 720)
    lay = TableLayout(w, h, players, me, s)
    lay.card_w = int(min(h * 0.165, w * 0.088))
    lay.small_w = int(lay.card_w * 0.52)
    lay.trick_w = int(lay.card_w * 0.9)
    ch = lay.card_w * 1.4
    cx, cy = w / 2, h * 0.45
    lay.center = (cx, cy)
    lay.stock = lay.stock_home = (cx - lay.trick_w * 2.15, cy - lay.trick_w * 1.5)
    sides = rel_positions(players)
    seats: list[SeatSpot | None] = [None] * players
    for rel, (side, frac) in enumerate(sides):
        seat = (me + rel) % players if clockwise else (me - rel) % players
        off = lay.trick_w * 0.7
        if side == "bottom":
            hand = (w * frac, h - ch * 0.5 - 10 * s)
            # left of the widest hand, clear of its first card
            half_hand = hand_width(lay) / 2
            plate = (max(w * frac - half_hand - 12 * s - PLATE_W * s / 2, PLATE_W * s / 2 + 14 * s), h - ch * 0.2)
            trick = (cx, cy + off)
            angle = 0.0
        elif side == "top":
            hand = (w * frac, ch * 0.28 + 6 * s)
            plate = (w * frac, ch * 0.28 + lay.small_w * 1.4 * 0.5 + 24 * s)
            dx = (frac - 0.5) * lay.trick_w * 2.2
            trick = (cx + dx, cy - off)
            angle = 180.0
        elif side == "left":
            hand = (lay.small_w * 0.9, h * frac)
            plate = (lay.small_w * 1.5 + 84 * s, h * frac)
            trick = (cx - off * 1.5, cy)
            angle = 90.0
        else:
            hand = (w - lay.small_w * 0.9, h * frac)
            plate = (w - lay.small_w * 1.5 - 84 * s, h * frac)
            trick = (cx + off * 1.5, cy)
            angle = -90.0
        seats[seat] = SeatSpot(seat, rel, hand, plate, trick, angle, side)
    lay.seats = [sp for sp in seats if sp is not None]
    return lay


def hand_width(lay: TableLayout) -> float:
    """The widest the player's fanned hand gets (its cards' centres span this less one card)."""
    return min(lay.w * 0.6, lay.card_w * 9.5)


def fan(n: int, center: Point, card_w: int, max_width: float, lift: float = 0.0) -> list[tuple[Point, float]]:
    """Positions and angles for ``n`` cards fanned along a gentle arc centred on ``center``.

    Returns (centre point, rotation in degrees) per card, left to right.
    """
    if n <= 0:
        return []
    step = min(card_w * 0.62, (max_width - card_w) / max(1, n - 1)) if n > 1 else 0.0
    spread = min(2.2, 14.0 / max(1, n))  # degrees between neighbours
    out = []
    for i in range(n):
        k = i - (n - 1) / 2
        ang = -k * spread
        x = center[0] + k * step
        y = center[1] + (1 - math.cos(math.radians(k * spread))) * card_w * 2.0 - lift
        out.append(((x, y), ang))
    return out


PLATE_W, PLATE_H = 168, 50
"""Design size of a name plate (scaled by the layout's ``scale``)."""


def plate_rect(lay: TableLayout, seat: int) -> tuple[int, int, int, int]:
    """The name plate of ``seat`` as (x, y, w, h)."""
    spot = lay.spot(seat)
    s = lay.scale
    w, h = int(PLATE_W * s), int(PLATE_H * s)
    x, y = spot.plate
    if spot.side == "bottom":
        x = max(x, w / 2 + 14 * s)
    return (int(x - w / 2), int(y - h / 2), w, h)


def popup_spot(lay: TableLayout, seat: int) -> tuple[Point, float]:
    """Where the points of a trick won by ``seat`` pop up, and which way they drift (-1 up, +1 down).

    Beside the winner's name plate on the table side, clear of the plate,
    the seat's cards, its speech bubble and the trick: above the plate for
    the side seats and the player, left of the plate drifting down for the
    seats at the top.
    """
    x, y, w, h = plate_rect(lay, seat)
    s = lay.scale
    side = lay.spot(seat).side
    if side == "top":  # on the outer side of the plate (away from the other top seat), drifting down
        if lay.spot(seat).plate[0] > lay.w / 2 + 1:
            return ((x + w + 46 * s, y + h / 2 + 8 * s), 1.0)
        return ((x - 46 * s, y + h / 2 + 8 * s), 1.0)
    return ((x + w / 2, y - 24 * s), -1.0)
