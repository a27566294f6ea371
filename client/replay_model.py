"""A recorded match as a sequence of positions to step through (the replay viewer's model; no pygame).

Position ``p`` is the match after its first ``p`` actions (``0``: before the
first deal).  :class:`Replay` replays the record once to list its steps (who
did what, in which deal and trick, whether it ended a trick), keeps a copy of
the state every few actions, and rebuilds any position from the nearest
copy, so stepping back is as quick as stepping forward.  Every hand is shown
face up by asking each seat's own view for its hand: nothing but the public
API (``core.replay``, ``State.view``) is used.

:func:`deal_again` builds the match "Play this deal again" starts: the same
cards (the recorded deck), dealt by the same dealer, to the same seat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import core
from client import labels
from client.i18n import _, ngettext, pgettext
from client.session import clockwise, seat_label

CHECKPOINT = 24
"""A copy of the state is kept every this many actions."""


@dataclass
class Step:
    """One action of the record."""

    index: int
    """Its index in the record's action list (the position after it is ``index + 1``)."""
    seat: int | None
    """Who acted (``None`` for the deal)."""
    action: dict[str, Any]
    deal: int
    """1-based deal it belongs to."""
    trick: int
    """1-based trick of the deal it belongs to (0 before the first card)."""
    ends_trick: bool
    ends_deal: bool
    text: str


def load_record(path: Path) -> dict[str, Any]:
    """Read a record file (JSON); raise :class:`core.RecordError` with a clear reason if it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        # TRANSLATORS: {path} is a file; {error} the system's reason (often English)
        raise core.RecordError(_("{path} cannot be read: {error}").format(path=path, error=exc.strerror or exc)) \
            from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise core.RecordError(_("{path} is not a JSON file ({error})").format(path=path, error=exc)) from None
    if isinstance(data, dict) and isinstance(data.get("record"), dict):  # a save file or an export with extras
        data = data["record"]
    if not isinstance(data, dict):
        raise core.RecordError(_("{path} does not hold a Bella match record").format(path=path))
    core.replay(data)  # raises RecordError naming the bad action
    return data


def save_record(record: Mapping[str, Any], path: Path) -> None:
    """Write a record as a JSON file atomically (raises ``OSError``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(dict(record), indent=1), encoding="utf-8")
    tmp.replace(path)


class Replay:
    """A recorded match to step through (see the module docstring).  Raises ``core.RecordError`` if bad."""

    def __init__(self, record: Mapping[str, Any], seat: int = 0, names: list[str] | None = None) -> None:
        self.record = dict(record)
        state = core.replay({**self.record, "actions": []})
        self.game = state.game_id
        self.players = state.players
        if not 0 <= seat < self.players:
            seat = 0
        self.seat = seat
        self.clockwise = clockwise(self.game)
        self.names = list(names) if names and len(names) == self.players else [
            _("You") if s == seat else seat_label(s, seat, self.players, self.clockwise) for s in range(self.players)]
        self.actions: list[dict[str, Any]] = list(self.record.get("actions") or [])
        self.steps: list[Step] = []
        self._checkpoints: dict[int, core.State] = {0: state.clone()}
        self._deal_events: dict[int, int] = {0: 0}
        """The number of events logged before each deal's cards were dealt."""
        deal = 0
        trick = 0
        for i, obj in enumerate(self.actions):
            action = core.action_from_json(obj)
            seat_i = state.current_player
            who = seat_i if isinstance(seat_i, int) and seat_i >= 0 else None
            view = state.view(who) if who is not None else {}
            if action.type == "deal":
                deal += 1
                trick = 0
                self._deal_events[deal] = state.event_count
            elif action.type == "play" and trick == 0:
                trick = 1
            before = state.event_count
            deals_before = len(state.deal_results)
            try:
                state.apply(action)
            except ValueError as exc:
                # TRANSLATORS: {i} is the number of an action in the record; {error} the engine's reason
                raise core.RecordError(_("action {i} cannot be replayed: {error}").format(i=i, error=exc)) from None
            new = state.events[before:]
            ends_trick = any(e.get("type") == "trick" for e in new)
            ends_deal = len(state.deal_results) > deals_before
            self.steps.append(Step(i, who, dict(obj), deal, trick, ends_trick, ends_deal,
                                   self._describe(obj, who, view, deal)))
            if ends_trick:
                trick += 1
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints[i + 1] = state.clone()
        self._cache: tuple[int, core.State] | None = None

    # ---------------------------------------------------------- positions
    @property
    def length(self) -> int:
        """The last position (every action applied)."""
        return len(self.actions)

    def state_at(self, p: int) -> core.State:
        """The match after its first ``p`` actions (a state of its own: do not change it)."""
        p = max(0, min(self.length, p))
        if self._cache is not None and self._cache[0] == p:
            return self._cache[1]
        base = max(k for k in self._checkpoints if k <= p)
        state = self._checkpoints[base].clone()
        for obj in self.actions[base:p]:
            state.apply(core.action_from_json(obj))
        self._cache = (p, state)
        return state

    def view_at(self, p: int) -> dict[str, Any]:
        """The position as the replay's seat sees it, with every hand filled in from its own seat's view."""
        state = self.state_at(p)
        view = dict(state.view(self.seat))
        hands = list(view.get("hands") or [None] * self.players)
        for s in range(self.players):
            own = state.view(s).get("hands")
            if isinstance(own, list) and s < len(own):
                hands[s] = own[s]
        view["hands"] = hands
        return view

    def events_of_deal(self, p: int) -> list[dict[str, Any]]:
        """The public events of the deal position ``p`` is in, up to ``p``."""
        return self.state_at(p).events[self._deal_events.get(self.deal_at(p), 0):]

    def step_before(self, p: int) -> Step | None:
        """The step that led to position ``p`` (``None`` at the start)."""
        return self.steps[p - 1] if 0 < p <= len(self.steps) else None

    # -------------------------------------------------------- navigation
    def next_action(self, p: int) -> int:
        """One action on."""
        return min(self.length, p + 1)

    def prev_action(self, p: int) -> int:
        """One action back."""
        return max(0, p - 1)

    def next_trick(self, p: int) -> int:
        """The next position where a trick has just been completed (or a deal ended; else the end)."""
        for q in range(p + 1, self.length + 1):
            st = self.steps[q - 1]
            if st.ends_trick or st.ends_deal:
                return q
        return self.length

    def prev_trick(self, p: int) -> int:
        """The previous such position (or the start of the deal, or 0)."""
        for q in range(p - 1, 0, -1):
            st = self.steps[q - 1]
            if st.ends_trick or st.ends_deal or st.action.get("type") == "deal":
                return q
        return 0

    def deal_starts(self) -> list[int]:
        """The position just after each deal's cards were dealt."""
        return [s.index + 1 for s in self.steps if s.action.get("type") == "deal"]

    def next_deal(self, p: int) -> int:
        """The start of the next deal (or the end)."""
        return next((q for q in self.deal_starts() if q > p), self.length)

    def prev_deal(self, p: int) -> int:
        """The start of this deal, or of the previous one when already there."""
        return next((q for q in reversed(self.deal_starts()) if q < p), 0)

    def deal_at(self, p: int) -> int:
        """The 1-based deal position ``p`` is in (0 before the first deal)."""
        st = self.step_before(p)
        return st.deal if st is not None else 0

    # ------------------------------------------------------------- texts
    def _describe(self, obj: dict[str, Any], who: int | None, view: dict[str, Any], deal: int) -> str:
        t = obj.get("type")
        if t == "deal":
            return _("Deal {n}").format(n=deal)
        name = self.names[who] if who is not None and who < len(self.names) else "?"
        you = name == _("You")
        if t == "play":
            call, card = obj.get("call"), labels.card_text(str(obj.get("card")))
            if call:
                # TRANSLATORS: {call} is a declaration such as "Bella" announced with the card
                text = _("You play {card}, announcing {call}") if you else _("{name} plays {card}, announcing {call}")
                return text.format(name=name, card=card, call=labels.call_text(str(call)))
            return (_("You play {card}") if you else _("{name} plays {card}")).format(name=name, card=card)
        if t == "bid":
            # TRANSLATORS: a player and a bid, e.g. "Anna: pass"
            return _("{name}: {call}").format(name=name, call=labels.call_text(str(obj.get("call")), view))
        if t == "done":
            return _("{name}: done declaring").format(name=name)
        if t == "break":
            text = _("You break the deck at {n}") if you else _("{name} breaks the deck at {n}")
            return text.format(name=name, n=obj.get("n"))
        text = labels.action_text(obj, view)
        return _("{name}: {call}").format(name=name, call=labels.in_sentence(text) if text else t)

    def deal_record(self, deal: int) -> dict[str, Any]:
        """A new match whose first deal has the cards of ``deal`` (1-based), dealt by the same dealer.

        The match starts afresh (scores at 0) with the recorded house rules;
        only public API is used: ``core.new_match`` and ``Action("deal", deck=...)``.
        """
        starts = [s for s in self.steps if s.action.get("type") == "deal"]
        if not 1 <= deal <= len(starts):
            raise core.RecordError(_("there is no deal {n} in this match").format(n=deal))
        step = starts[deal - 1]
        dealer = self.view_at(step.index + 1).get("dealer")
        if not isinstance(dealer, int):
            dealer = int(self.record.get("first_dealer", 0))
        state = core.new_match(self.game, players=self.players, options=self.record.get("options") or {},
                               first_dealer=dealer)
        state.apply(core.Action("deal", deck=tuple(step.action.get("deck") or ())))
        return state.to_record()


def action_words(a: Mapping[str, Any]) -> str:
    """An action in a few words for the analysis: ``9♠``, ``pass``, ``No trumps``, ``Tertz: 7♥ 8♥ 9♥``."""
    t = a.get("type")
    if t == "play":
        return labels.card_text(str(a.get("card")))
    if t == "bid":
        # TRANSLATORS: the bid "pass" inside a sentence ("you chose pass")
        return pgettext("bid", "pass") if a.get("call") == "pass" else labels.call_text(str(a.get("call")))
    return labels.action_text(dict(a))


COSTLY_LOSS = 1.0
"""A decision is marked as costly when it lost at least this many points..."""
COSTLY_CONFIDENCE = 0.8
"""...with at least this confidence."""


def costly(decisions: list[Any]) -> list[Any]:
    """The decisions that cost points (see :data:`COSTLY_LOSS`), the worst first."""
    return sorted((d for d in decisions if d.loss >= COSTLY_LOSS and d.confidence >= COSTLY_CONFIDENCE),
                  key=lambda d: -d.loss)


def analysis_summary(decisions: list[Any]) -> str:
    """The analysis in a sentence (``core.ai.analysis.Decision`` rows), with cards as the player reads them.

    >>> from core.ai.analysis import Decision
    >>> analysis_summary([Decision(2, 30, {"type": "play", "card": "9S"}, {"type": "play", "card": "AS"}, 9.2,
    ...                            0.97, 3)])
    '1 decision cost you about 9 points: deal 2, trick 3: you played 9♠, A♠ was worth about +9.'
    """
    if not decisions:
        return _("You had no decision with a real choice to analyse.")
    bad = costly(decisions)
    if not bad:
        return ngettext("None of your {n} decision cost you a point: well played.",
                        "None of your {n} decisions cost you a point: well played.", len(decisions)).format(
            n=len(decisions))
    total = sum(d.loss for d in bad)
    parts = []
    for d in bad[:3]:
        where = (_("deal {deal}, trick {trick}") if d.trick else _("deal {deal}")).format(deal=d.deal, trick=d.trick)
        if d.played.get("type") == "play":
            # TRANSLATORS: {where} is "deal 2, trick 3"; {mine} and {best} are cards or bids; {loss} points
            text = _("{where}: you played {mine}, {best} was worth about +{loss}")
        else:
            text = _("{where}: you chose {mine}, {best} was worth about +{loss}")
        parts.append(text.format(where=where, mine=action_words(d.played), best=action_words(d.best),
                                 loss=f"{d.loss:.0f}"))
    details = "; ".join(parts)
    if len(bad) > 3:
        # TRANSLATORS: {details} lists the three worst decisions; {n} how many more cost points
        details = _("{details} and {n} more").format(details=details, n=len(bad) - 3)
    n = len(bad)
    # TRANSLATORS: {n} decisions cost {points} points in all; {details} says which
    return ngettext("{n} decision cost you about {points} points: {details}.",
                    "{n} decisions cost you about {points} points: {details}.", n).format(
        n=n, points=f"{total:.0f}", details=details)


def decision_note(d: Any) -> str:
    """One analysed decision in words (shown when the replay stands on it)."""
    mine = action_words(d.played)
    if d.loss < COSTLY_LOSS or d.confidence < COSTLY_CONFIDENCE:
        if d.played == d.best:
            return _("Your choice, {mine}, is the one a strong player would have made.").format(mine=mine)
        return _("Your choice, {mine}, was about as good as {best}.").format(mine=mine, best=action_words(d.best))
    # TRANSLATORS: {sure} is a percentage (how sure the analysis is)
    return _("Your choice, {mine}, cost about {loss} points: {best} was better ({sure}% sure).").format(
        mine=mine, loss=f"{d.loss:.0f}", best=action_words(d.best), sure=f"{100 * d.confidence:.0f}")
