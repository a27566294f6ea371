"""Actions: the only way anything changes a :class:`core.State`.

One immutable, hashable :class:`Action` type covers the whole vocabulary of
every game.  Its ``type`` says what it is; only the fields that type uses are
set.  Actions convert to and from plain JSON / msgpack data::

    {"type": "play", "card": "JH"}
    {"type": "play", "card": "QH", "call": "belote"}
    {"type": "bid", "call": "pass"}
    {"type": "deal", "deck": ["JH", "9S", ...]}

The vocabulary (which games use which type is in ``docs/engine.md``):

========  ===============  ===================================================
type      fields           meaning
========  ===============  ===================================================
deal      deck             chance: the shuffled deck, top card first
bid       call             an auction call: ``pass``, ``take``, a suit, a
                           contract, ``double``, ``redouble``, a number ...
trump     suit             the maker names the trump suit
exchange  card (optional)  swap the seven of trumps for the turned card
keep                       decline the exchange
declare   cards, call      declare a combination (``call`` names it)
done                       finish (or skip) declaring
break     n                break the deck: move ``n`` cards
discard   cards            discard these cards
play      card, call       play a card; ``call`` announces (``belote``...)
========  ===============  ===================================================

>>> a = action_from_json({"type": "play", "card": "JH"})
>>> a == Action("play", card="JH"), a.to_json()
(True, {'type': 'play', 'card': 'JH'})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.cards import CARD_IDS
from core.errors import InvalidAction

ACTION_TYPES: dict[str, frozenset[str]] = {
    "deal": frozenset({"deck"}),
    "bid": frozenset({"call"}),
    "trump": frozenset({"suit"}),
    "exchange": frozenset({"card"}),
    "keep": frozenset(),
    "declare": frozenset({"cards", "call"}),
    "done": frozenset(),
    "break": frozenset({"n"}),
    "discard": frozenset({"cards"}),
    "play": frozenset({"card", "call"}),
}
"""Each action type and the fields it may carry."""

MAX_CALL_LEN = 16
MAX_CARDS = 54


@dataclass(frozen=True, slots=True)
class Action:
    """One move: a seat's decision or the chance deal.

    Fields that the ``type`` does not use are ``None``.  Card fields hold card
    strings (``"JH"``); ``cards`` and ``deck`` are tuples of card strings.
    """

    type: str
    card: str | None = None
    cards: tuple[str, ...] | None = None
    deck: tuple[str, ...] | None = None
    call: str | None = None
    suit: str | None = None
    n: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the action as a JSON-able dict (only the set fields)."""
        out: dict[str, Any] = {"type": self.type}
        if self.card is not None:
            out["card"] = self.card
        if self.cards is not None:
            out["cards"] = list(self.cards)
        if self.deck is not None:
            out["deck"] = list(self.deck)
        if self.call is not None:
            out["call"] = self.call
        if self.suit is not None:
            out["suit"] = self.suit
        if self.n is not None:
            out["n"] = self.n
        return out

    def __str__(self) -> str:
        parts = [self.type]
        if self.call is not None:
            parts.append(self.call)
        if self.suit is not None:
            parts.append(self.suit)
        if self.card is not None:
            parts.append(self.card)
        if self.cards is not None:
            parts.append(" ".join(self.cards))
        if self.n is not None:
            parts.append(str(self.n))
        if self.deck is not None:
            parts.append(f"[{len(self.deck)} cards]")
        return " ".join(parts)


def _card(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in CARD_IDS:
        raise InvalidAction(f"{what} is not a card: {value!r:.40}")
    return value


def _cards(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise InvalidAction(f"{what} must be a list of cards")
    if len(value) > MAX_CARDS:
        raise InvalidAction(f"{what} has too many cards ({len(value)})")
    out = tuple(_card(v, what) for v in value)
    if len(set(out)) != len(out):
        raise InvalidAction(f"{what} repeats a card")
    return out


def action_from_json(obj: Any) -> Action:
    """Build an :class:`Action` from its JSON form, validating it strictly.

    Raises :class:`core.InvalidAction` (a ``ValueError``) naming the problem
    when ``obj`` is not a well-formed action: unknown type, unknown field,
    wrong field type, unknown card, oversized value.  Whether the action is
    *legal* in a given state is :meth:`core.State.apply`'s job.
    """
    if not isinstance(obj, dict):
        raise InvalidAction("an action must be a map with a 'type'")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise InvalidAction(
            f"unknown action type {kind!r:.40}; known: {', '.join(sorted(ACTION_TYPES))}"
        )
    allowed = ACTION_TYPES[kind]
    extra = [k for k in obj if k != "type" and k not in allowed]
    if extra:
        raise InvalidAction(f"field {str(extra[0])!r:.40} is not allowed in a {kind!r} action")
    fields: dict[str, Any] = {}
    if "card" in obj:
        fields["card"] = _card(obj["card"], "card")
    if "cards" in obj:
        fields["cards"] = _cards(obj["cards"], "cards")
    if "deck" in obj:
        fields["deck"] = _cards(obj["deck"], "deck")
    for key in ("call", "suit"):
        if key in obj:
            v = obj[key]
            if not isinstance(v, str) or not 0 < len(v) <= MAX_CALL_LEN:
                raise InvalidAction(f"{key} must be a short string")
            fields[key] = v
    if "n" in obj:
        v = obj["n"]
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 1000:
            raise InvalidAction("n must be a whole number from 0 to 1000")
        fields["n"] = v
    return Action(kind, **fields)


def play(card: str, call: str | None = None) -> Action:
    """Return the action of playing ``card`` (optionally announcing ``call``)."""
    return Action("play", card=card, call=call)


def bid(call: str) -> Action:
    """Return the auction call ``call``."""
    return Action("bid", call=call)


def deal(deck: list[str] | tuple[str, ...]) -> Action:
    """Return the chance action dealing ``deck`` (top card first)."""
    return Action("deal", deck=tuple(deck))
