"""The engine's and the AI's sentences (and the host's error codes) in the player's language.

The engine says why it refuses a move, and the AI why it suggests one, as a
template with named arguments (:mod:`core.text`): ``"you do not hold the
{card}"`` with ``card="AS"``.  :func:`render` translates the template and
fills it with the arguments written for the current language (a card as the
corner index :func:`client.labels.card_text` draws, a suit by its translated
name).  When the catalog lacks the template, or anything does not fit, the
engine's own English sentence is shown.

The LAN host sends a code with each error (``"not_your_turn"``); a code in
:data:`HOST_MESSAGES` is shown in the player's language (with the host's
arguments), any other code with the host's English words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.i18n import N_, _, pgettext
from client.labels import card_text, cards_text
from core import Text


def suit_words(suit: str) -> str:
    """A suit's plural name in a sentence (``"hearts"``)."""
    # TRANSLATORS: a suit's name inside a sentence ("must follow hearts").
    names = {"S": pgettext("suit in a sentence", "spades"), "H": pgettext("suit in a sentence", "hearts"),
             "D": pgettext("suit in a sentence", "diamonds"), "C": pgettext("suit in a sentence", "clubs")}
    return names.get(suit, suit)


def suit_word(suit: str) -> str:
    """A suit's singular name in a sentence (``"heart"``: "play a higher heart")."""
    # TRANSLATORS: one card of a suit inside a sentence ("play a higher heart").
    names = {"S": pgettext("one suit in a sentence", "spade"), "H": pgettext("one suit in a sentence", "heart"),
             "D": pgettext("one suit in a sentence", "diamond"), "C": pgettext("one suit in a sentence", "club")}
    return names.get(suit, suit)


def contract_words(contract: str) -> str:
    """A contract in a sentence: a trump suit's name, ``"no trumps"`` or ``"all trumps"``."""
    if contract == "NT":
        return pgettext("contract in a sentence", "no trumps")
    if contract == "AT":
        return pgettext("contract in a sentence", "all trumps")
    return suit_words(contract)


def local_arg(name: str, value: object) -> str:
    """Argument ``name`` = ``value`` of an engine sentence, written for the current language."""
    k = Text.arg_kind(name, value)
    if k == "card" and isinstance(value, str):
        return card_text(value)
    if k == "cards" and isinstance(value, list):
        return cards_text([str(c) for c in value])
    if k == "suit" and isinstance(value, str):
        return suit_words(value)
    if k == "suit_one" and isinstance(value, str):
        return suit_word(value)
    if k == "contract" and isinstance(value, str):
        return contract_words(value)
    return str(value)


def _parts(text: object) -> tuple[str, Mapping[str, Any], str] | None:
    """(template, args, English) of an engine sentence in any of its forms, or None."""
    if isinstance(text, Mapping):
        parsed = Text.from_json(text)
        return None if parsed is None else (parsed.template, parsed.args, str(parsed))
    tmpl = getattr(text, "template", None)
    args = getattr(text, "args_map", None)
    if args is None:
        args = getattr(text, "args", None)
    if isinstance(tmpl, str) and isinstance(args, Mapping):
        return tmpl, args, str(text)
    return None


def render(text: object, fallback: str | None = None) -> str:
    """``text`` (an :class:`core.IllegalAction`, a :class:`core.text.Text`, an AI reason, the
    ``{"template", "args"}`` map of the wire, or the host's words of a LAN error) in the current language.

    The English sentence (``fallback`` if given, else the engine's own) when
    the template has no translation or its translation does not fit the
    arguments.
    """
    code = getattr(text, "code", None)
    if isinstance(code, str) and isinstance(text, str):  # the host's words (net.peer.HostText)
        return host_message(code, str(text), getattr(text, "template", None), getattr(text, "args", None))
    parts = _parts(text)
    if parts is None:
        return fallback if fallback is not None else str(text)
    template, args, eng = parts
    if fallback is not None:
        eng = fallback
    translated = _(template)
    if translated == template:
        return eng
    try:
        values = {k: local_arg(k, v) for k, v in args.items()}
    except (KeyError, TypeError, ValueError):  # pragma: no cover - defensive: args are plain data
        return eng
    out = Text.fill(translated, values)
    return eng if out == translated and "{" in translated else out


HOST_MESSAGES: dict[str, str] = {
    "not_your_turn": N_("it is not your turn"),
    "not_owner": N_("only the player hosting the table can start the match"),
    "not_started": N_("the match has not started"),
    "match_over": N_("the match is over"),
    "host_quit": N_("The host closed the table"),
    "replaced": N_("you connected again from elsewhere"),
    "flood": N_("too many messages; slow down"),
    "too_many_errors": N_("too many invalid messages"),
    "internal": N_("the host could not handle this message"),
    "code_required": N_("this table is private: type its code to join"),
    "table_full": N_("this table accepts no more players or spectators"),
}
"""The host's error and bye codes that always mean the same words: the client words them itself even when
the host sent no template (an older host).  The host's other words come as a template with arguments (the
same msgids, marked where the host writes them); anything else is shown as the host's English."""


def host_message(code: str | None, message: str, template: str | None = None,
                 args: Mapping[str, Any] | None = None) -> str:
    """The words of a host's error or bye in the current language.

    ``template``/``args`` are what the host sent with the error (for
    ``illegal``: the engine's refusal); without them a code of
    :data:`HOST_MESSAGES` is translated; English (``message``) for an
    unknown code, free text, or when anything is missing.
    """
    if template:
        parsed = Text.from_json({"template": template, "args": dict(args or {})})
        if parsed is not None and _(template) != template:
            return render(parsed, fallback=message or None)
    msgid = HOST_MESSAGES.get(code or "")
    if msgid is None:
        return message
    translated = _(msgid)
    return message if translated == msgid and message else translated
