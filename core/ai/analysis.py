"""Post-deal analysis: which of a seat's decisions cost points, and what ``hard`` would have done.

For every decision of ``seat`` in a recorded match, :func:`analyse` rebuilds
the position, asks the ``hard`` search to value every legal action *from
that seat's view at that moment* (the view and the seat's events, never a
hidden card), and compares the action actually taken with the best one on
the same sampled deals.  ``loss`` is the mean difference in match points
(best minus played, never below 0), ``confidence`` how sure the sampling is
that the played action was worse (the normal probability of a positive
paired difference; 0.5 means "as good as the best").

Pure and deterministic like the rest of ``core``: no clock, no threads; a
caller that wants a progress bar passes ``progress(done, total)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import core
from core.actions import Action, action_from_json
from core.ai.search import SearchBot
from core.errors import RecordError

ANALYSIS_PLAYOUTS = 400
"""Rollouts per analysed decision (more than a game decision: nobody is waiting)."""


@dataclass
class Decision:
    """One analysed decision of the seat."""

    deal: int
    """1-based number of the deal in the match."""
    index: int
    """Index of the action in the record's action list."""
    played: dict[str, Any]
    best: dict[str, Any]
    loss: float
    """Estimated match points the played action cost against the best (0 when it was the best)."""
    confidence: float
    """Probability (0.5-1) that the best action really is better than the one played."""
    trick: int | None = None
    """1-based trick of the deal for a card play, else ``None``."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (the ``analyse --json`` rows)."""
        return asdict(self)


def _paired(best: list[float], played: list[float]) -> tuple[float, float]:
    k = min(len(best), len(played))
    if k == 0:
        return 0.0, 0.0
    d = [best[i] - played[i] for i in range(k)]
    m = sum(d) / k
    if k < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in d) / (k - 1)
    return m, math.sqrt(var / k)


def _confidence(mean: float, se: float) -> float:
    if mean <= 0:
        return 0.5
    if se <= 0:
        return 1.0
    return 0.5 * (1.0 + math.erf(mean / se / math.sqrt(2.0)))


def decisions_of(record: Mapping[str, Any], seat: int, deal: int | None = None) -> int:
    """How many decisions with a real choice ``seat`` made in ``record`` (in deal ``deal`` if given)."""
    state = _start(record)
    n = 0
    deal_no = 0
    for obj in record["actions"]:
        action = action_from_json(obj)
        deal_no += 1 if action.type == "deal" else 0
        if state.current_player == seat and len(state.legal_actions()) > 1 and deal in (None, deal_no):
            n += 1
        state.apply(action)
    return n


def _start(record: Mapping[str, Any]) -> core.State:
    """The record's match before its first action (the header validated, the actions checked by replaying)."""
    core.replay(record)  # raises RecordError on a bad header or an illegal action
    return core.replay({**record, "actions": []})


def analyse(record: Mapping[str, Any], seat: int, *, playouts: int = ANALYSIS_PLAYOUTS, seed: int = 0,
            deal: int | None = None, progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """Analyse every decision of ``seat`` in ``record`` (only deal ``deal`` if given).

    Raises :class:`core.RecordError` for a malformed record or seat.
    """
    if not isinstance(seat, int) or not 0 <= seat < int(record.get("players", 0)):
        raise RecordError(f"there is no seat {seat} in this record")
    total = decisions_of(record, seat, deal)
    state = _start(record)
    deal_no = 0
    trick_no = 0
    out: list[Decision] = []
    done = 0
    for index, obj in enumerate(record["actions"]):
        action = action_from_json(obj)
        if action.type == "deal":
            deal_no += 1
            trick_no = 0
        cp = state.current_player
        if cp == seat and len(state.legal_actions()) > 1 and deal in (None, deal_no):
            done += 1
            view = state.view(seat)
            if action.type == "play":
                trick_no = len(view.get("tricks") or view.get("played_tricks") or []) + 1
            out.append(_judge(state, seat, view, action, playouts, seed + index, deal_no, index,
                              trick_no if action.type == "play" else None))
            if progress is not None:
                progress(done, total)
        state.apply(action)
    return out


def _judge(state: core.State, seat: int, view: dict[str, Any], played: Action, playouts: int, seed: int,
           deal_no: int, index: int, trick: int | None) -> Decision:
    bot = SearchBot(seed=seed, playouts=playouts, race_z=None)
    bot.observe(state.events_for(seat), 0)
    rows = bot.evaluate(view, include=played)
    means = {i: (sum(v) / len(v) if v else float("-inf")) for i, (_, v) in enumerate(rows)}
    best_i = max(means, key=lambda i: (means[i], rows[i][0] == played))
    played_i = next(i for i, (a, _) in enumerate(rows) if a == played)
    loss, se = _paired(rows[best_i][1], rows[played_i][1])
    loss = max(0.0, loss)
    return Decision(deal_no, index, played.to_json(), rows[best_i][0].to_json(), round(loss, 2),
                    round(_confidence(loss, se), 3), trick)


def summary(decisions: list[Decision], threshold: float = 1.0) -> str:
    """A line a player reads: how many decisions cost points, and the worst ones."""
    costly = sorted((d for d in decisions if d.loss >= threshold and d.confidence >= 0.8),
                    key=lambda d: -d.loss)
    if not costly:
        return "No decision cost you a point: well played."
    total = sum(d.loss for d in costly)
    parts = []
    for d in costly[:3]:
        where = f"deal {d.deal}, trick {d.trick}" if d.trick else f"deal {d.deal}"
        parts.append(f"{where}: you chose {_say(d.played)}, {_say(d.best)} was worth about +{d.loss:.0f}")
    n = len(costly)
    return f"{n} decision{'s' if n != 1 else ''} cost you about {total:.0f} points: " + "; ".join(parts) + "."


def _say(a: Mapping[str, Any]) -> str:
    if a.get("type") == "play":
        return str(a.get("card"))
    if a.get("type") == "bid":
        return "pass" if a.get("call") == "pass" else f"bid {a.get('call')}"
    return str(a.get("call") or a.get("type"))
