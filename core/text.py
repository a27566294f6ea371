"""Sentences for players as a template plus arguments, so a client can show them in any language.

The engine's refusal reasons (:class:`core.errors.IllegalAction`) and the
AI's hint reasons are :class:`Text` values: an English ``template`` with
named ``{placeholders}`` and the ``args`` that fill them.  ``str(text)`` is
the English sentence; a client translates ``template`` and fills it with the
arguments rendered in its own language.  Core never translates anything.

An argument's *kind* follows from its name, so a client knows how to show it:

* ``card`` or a name ending in ``_card`` — a card code (``"AS"``); English
  writes ``"ace of spades"``;
* ``cards`` or ending in ``_cards`` — a list of card codes; English writes the
  codes separated by spaces (``"KH QH JH"``);
* ``suit`` or ending in ``_suit`` — a suit letter ``S H D C``; English writes
  the plural name (``"hearts"``);
* ``suit_one`` or ending in ``_suit_one`` — a suit letter; English writes the
  singular name (``"heart"``);
* ``contract`` or ending in ``_contract`` — a contract call: a suit letter, or
  ``"NT"``/``"AT"``; English writes ``"hearts"``, ``"no trumps"``, ``"all trumps"``;
* ``count_word`` or ending in ``_count_word`` — a small ``int``; English
  writes it as a word (``"four"``);
* any other ``int`` is a number; any other ``str`` (a call such as
  ``"tertz"``, a suit letter to type, an action) is shown as it is.

>>> t = Text("you do not hold the {card}", card="AS")
>>> str(t), t.template, t.args
('you do not hold the ace of spades', 'you do not hold the {card}', {'card': 'AS'})
>>> str(Text("no {led_suit} in hand: play a higher {led_suit_one}", led_suit="H", led_suit_one="H"))
'no hearts in hand: play a higher heart'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.cards import SUIT_NAMES, card_name

ArgValue = str | int | list[str]
"""What an argument may hold: a code, a number, or a list of card codes (all plain msgpack/JSON data)."""

COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
"""English words for the small counts in messages (``"a run of four"``)."""

CONTRACT_WORDS = {"NT": "no trumps", "AT": "all trumps"}
"""English names of the contracts that are not a trump suit."""

KINDS = ("card", "cards", "suit", "suit_one", "contract", "count_word", "number", "plain")
"""The kinds an argument can have (see :func:`kind`)."""


def kind(name: str, value: object) -> str:
    """The kind of argument ``name`` holding ``value``: one of :data:`KINDS`.

    >>> kind("lead_card", "KH"), kind("suit", "H"), kind("trump_suit_one", "S"), kind("n", 3), kind("call", "x")
    ('card', 'suit', 'suit_one', 'number', 'plain')
    """
    for k in ("cards", "card", "suit_one", "suit", "contract", "count_word"):
        if name == k or name.endswith("_" + k):
            return k
    if isinstance(value, int) and not isinstance(value, bool):
        return "number"
    return "plain"


def english(name: str, value: object) -> str:
    """Argument ``name`` = ``value`` written in English, as the engine's own messages write it."""
    k = kind(name, value)
    try:
        if k == "card" and isinstance(value, str):
            return card_name(value)
        if k == "cards" and isinstance(value, (list, tuple)):
            return " ".join(str(c) for c in value)
        if k == "suit" and isinstance(value, str):
            return SUIT_NAMES[value]
        if k == "suit_one" and isinstance(value, str):
            return SUIT_NAMES[value][:-1]
        if k == "contract" and isinstance(value, str):
            return CONTRACT_WORDS.get(value) or SUIT_NAMES[value]
        if k == "count_word" and isinstance(value, int):
            return COUNT_WORDS.get(value, str(value))
    except (KeyError, IndexError):
        pass
    return str(value)


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]``; the template itself if that fails."""
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


class Text:
    """A sentence for a player: an English ``template`` and the ``args`` that fill it.

    Equal texts have equal templates and arguments.  ``str()`` is English.
    """

    __slots__ = ("template", "args")

    arg_kind = staticmethod(kind)
    """:func:`kind`, for clients (they use only the names ``core`` exports)."""
    fill = staticmethod(fill)
    """:func:`fill`, for clients."""

    template: str
    args: dict[str, ArgValue]

    def __init__(self, template: str, /, **args: ArgValue) -> None:
        self.template = template
        self.args = {k: (list(v) if isinstance(v, tuple) else v) for k, v in args.items()}

    def __str__(self) -> str:
        return fill(self.template, {k: english(k, v) for k, v in self.args.items()})

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"{type(self).__name__}({self.template!r}{extra})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return self.template == other.template and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted((k, str(v)) for k, v in self.args.items()))))

    def __bool__(self) -> bool:
        return bool(self.template)

    def to_json(self) -> dict[str, Any]:
        """Plain data for the wire: ``{"template": ..., "args": {...}}``."""
        return {"template": self.template, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: object) -> Text | None:
        """The text :meth:`to_json` gave, or None when ``data`` is not such a dict (never raises)."""
        if not isinstance(data, dict) or not isinstance(data.get("template"), str):
            return None
        raw = data.get("args")
        args: dict[str, ArgValue] = {}
        if isinstance(raw, dict):
            for k, v in raw.items():
                if not isinstance(k, str) or not k.isidentifier():
                    continue
                if isinstance(v, (str, int)) and not isinstance(v, bool):
                    args[k] = v
                elif isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v):
                    args[k] = list(v)
        return cls(data["template"], **args)


class Refusal(Text):
    """Why the engine refuses an action (the text of an :class:`~core.errors.IllegalAction`)."""


class Reason(str):
    """Why the AI suggests an action (the reason of a hint): the English sentence, with its template.

    A ``str`` (the English text, so code that shows or compares reasons as
    strings keeps working) that also carries ``template`` and ``args`` like a
    :class:`Text`.

    >>> r = Reason("win the trick with the {card}", card="AS")
    >>> r, r.template, r.args
    ('win the trick with the ace of spades', 'win the trick with the {card}', {'card': 'AS'})
    """

    template: str
    args: dict[str, ArgValue]

    def __new__(cls, template: str, /, **args: ArgValue) -> Reason:
        text = Text(template, **args)
        self = super().__new__(cls, str(text))
        self.template = text.template
        self.args = text.args
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_reason, (self.template, self.args))


def _reason(template: str, args: dict[str, ArgValue]) -> Reason:
    return Reason(template, **args)


def as_text(value: str | Text) -> Text:
    """``value`` as a :class:`Text` (a plain string becomes a template without arguments)."""
    return value if isinstance(value, Text) else Text(value)
