"""Determinization: deal a seat's unseen cards to the hidden zones, consistently.

A *fill* assigns every card of ``view["unseen"]`` to a zone of
``view["hidden"]`` (exactly the zone's count).  It is consistent when no
zone receives a card it cannot hold: the cards a seat has shown it lacks
(:class:`core.ai.v1.memory.Memory`), and game facts read from the view (in
Pitch's play phase hands hold only trumps and discard piles only
non-trumps).  :func:`constraints_for` collects these rules and
:func:`sample_fill` draws fills that obey them.

Sampling is uniform over consistent fills when rejection sampling succeeds
quickly; otherwise a randomized most-constrained-first dealer is used, and as
a last resort a matching that is guaranteed to find a consistent fill when one
exists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.ai.v1.knowledge import Table, mask
from core.ai.v1.memory import Memory, seat_of_zone
from core.cards import CARD_IDS, CARD_STRS, ids_of
from core.state import View


@dataclass
class Constraints:
    """Zones to fill: ``counts[z]`` cards each, only from ``allowed[z]``, with ``required[z]`` inside."""

    unseen: int
    counts: dict[str, int]
    allowed: dict[str, int]
    required: dict[str, int]

    def consistent(self, fill: dict[str, list[str]]) -> bool:
        """True if ``fill`` is a complete fill obeying every constraint."""
        seen = 0
        for z, n in self.counts.items():
            cards = fill.get(z, [])
            if len(cards) != n:
                return False
            m = mask(cards)
            if bin(m).count("1") != n or m & seen:
                return False
            if m & ~self.allowed[z] or self.required[z] & ~m:
                return False
            seen |= m
        return seen == self.unseen and not any(z not in self.counts and v for z, v in fill.items())


def constraints_for(view: View, memory: Memory | None, tb: Table) -> Constraints:
    """The constraints a fill of ``view``'s hidden zones must obey."""
    unseen = mask(view.get("unseen") or [])
    counts = {str(z): int(n) for z, n in (view.get("hidden") or {}).items() if int(n) > 0}
    allowed: dict[str, int] = {}
    required: dict[str, int] = {}
    # Pitch: once the non-trumps are discarded, hands hold only trumps and the
    # face-down discards only non-trumps; the called card (five-handed) is in a hand.
    pitch_play = tb.mode == "pitch" and view.get("phase") in ("remainder", "burn", "play")
    called = 0
    contract = view.get("contract")
    if tb.mode == "pitch" and isinstance(contract, dict) and isinstance(contract.get("call"), str):
        name = contract["call"].split(":")[-1]
        if name in CARD_IDS:
            called = (1 << CARD_IDS[name]) & unseen
    for z in counts:
        a = unseen
        r = 0
        seat = seat_of_zone(z)
        if seat is not None and memory is not None:
            a &= ~memory.forbidden_mask(seat)
            r = memory.required_mask(seat) & unseen
        if pitch_play:
            if seat is not None:
                a &= tb.trump_mask
            elif z.startswith("discard"):
                a &= ~tb.trump_mask
        if seat is None:
            a &= ~called
        allowed[z] = a | r
        required[z] = r
    return Constraints(unseen, counts, allowed, required)


def _fill_of(assign: dict[str, list[int]]) -> dict[str, list[str]]:
    return {z: [CARD_STRS[c] for c in cs] for z, cs in assign.items()}


def _rejection(cons: Constraints, rng: random.Random, cards: list[int], cap: dict[str, int],
               base: dict[str, list[int]], tries: int) -> dict[str, list[int]] | None:
    zones = [z for z in cons.counts if cap[z] > 0]
    for _ in range(tries):
        rng.shuffle(cards)
        i = 0
        ok = True
        out = {z: list(base[z]) for z in cons.counts}
        for z in zones:
            a = cons.allowed[z]
            for c in cards[i: i + cap[z]]:
                if not a >> c & 1:
                    ok = False
                    break
                out[z].append(c)
            if not ok:
                break
            i += cap[z]
        if ok:
            return out
    return None


def _greedy(cons: Constraints, rng: random.Random, cards: list[int], cap0: dict[str, int],
            base: dict[str, list[int]], tries: int) -> dict[str, list[int]] | None:
    zones = [z for z in cons.counts if cap0[z] > 0]
    for _ in range(tries):
        cap = dict(cap0)
        out = {z: list(base[z]) for z in cons.counts}
        order = cards[:]
        rng.shuffle(order)
        order.sort(key=lambda c: sum(1 for z in zones if cons.allowed[z] >> c & 1))
        ok = True
        for c in order:
            opts = [z for z in zones if cap[z] > 0 and cons.allowed[z] >> c & 1]
            if not opts:
                ok = False
                break
            total = sum(cap[z] for z in opts)
            x = rng.randrange(total)
            for z in opts:
                x -= cap[z]
                if x < 0:
                    break
            out[z].append(c)
            cap[z] -= 1
        if ok:
            return out
    return None


def _matching(cons: Constraints, rng: random.Random, cards: list[int], cap: dict[str, int],
              base: dict[str, list[int]]) -> dict[str, list[int]] | None:
    slots: list[str] = [z for z in cons.counts for _ in range(cap[z])]
    rng.shuffle(slots)
    owner: list[int] = [-1] * len(slots)  # slot -> card index

    def augment(ci: int, seen: set[int]) -> bool:
        c = cards[ci]
        for si, z in enumerate(slots):
            if si in seen or not cons.allowed[z] >> c & 1:
                continue
            seen.add(si)
            if owner[si] < 0 or augment(owner[si], seen):
                owner[si] = ci
                return True
        return False

    order = list(range(len(cards)))
    rng.shuffle(order)
    for ci in order:
        if not augment(ci, set()):
            return None
    out = {z: list(base[z]) for z in cons.counts}
    for si, ci in enumerate(owner):
        out[slots[si]].append(cards[ci])
    return out


def sample_fill(cons: Constraints, rng: random.Random, *, strict: bool = False) -> dict[str, list[str]]:
    """Draw one fill of the hidden zones obeying ``cons``.

    If the constraints cannot all be met (they always can when they come from
    a real game; this guards against an unexpected rule variant), they are
    dropped and a plain random fill is returned, unless ``strict`` is set, in
    which case ``ValueError`` is raised.
    """
    base: dict[str, list[int]] = {z: ids_of(cons.required[z]) for z in cons.counts}
    placed = 0
    for z in cons.counts:
        placed |= cons.required[z]
    cap = {z: cons.counts[z] - len(base[z]) for z in cons.counts}
    cards = ids_of(cons.unseen & ~placed)
    if any(v < 0 for v in cap.values()) or sum(cap.values()) != len(cards):
        if strict:
            raise ValueError("the hidden zone counts do not match the unseen cards")
        return _fill_of(_plain(cons, rng))
    out = _rejection(cons, rng, cards, cap, base, 12)
    if out is None:
        out = _greedy(cons, rng, cards, cap, base, 24)
    if out is None:
        out = _matching(cons, rng, cards, cap, base)
    if out is None:
        if strict:
            raise ValueError("no fill satisfies the constraints")
        out = _plain(cons, rng)
    for z in out:
        rng.shuffle(out[z])
    return _fill_of(out)


def _plain(cons: Constraints, rng: random.Random) -> dict[str, list[int]]:
    cards = ids_of(cons.unseen)
    rng.shuffle(cards)
    out: dict[str, list[int]] = {}
    i = 0
    for z, n in cons.counts.items():
        out[z] = cards[i: i + n]
        i += n
    return out
