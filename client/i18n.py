"""Translations: every user-visible string of the client goes through this module.

The catalogs are GNU gettext ``.mo`` files compiled from
``assets/locale/<lang>/LC_MESSAGES/bella.po`` (see ``docs/i18n.md``); the
standard library's :mod:`gettext` reads them, so the game needs no extra
run-time package.  English is the source language and the fallback for any
message a catalog lacks.

The language can change while the game runs: :func:`_` looks the message up
in the current catalog at each call, so text must be translated where it is
drawn or laid out, never once at import time.  Constants that hold English
text mark it with :func:`N_` (which only marks it for extraction) and are
translated where they are used::

    TITLE = N_("New game")          # module level: marked, not translated
    Button(_(TITLE), ...)           # in layout(): translated now

>>> set_language("en")
'en'
>>> _("New game")
'New game'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Callable
from pathlib import Path

DOMAIN = "bella"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "assets" / "locale"
"""Where the catalogs live: ``LOCALE_DIR/<lang>/LC_MESSAGES/bella.mo``."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "uk": "Українська",
    "bg": "Български",
    "hu": "Magyar",
    "de": "Deutsch",
    "cs": "Čeština",
    "ro": "Română",
}
"""The languages Bella speaks, each named in its own language (as the language picker shows them)."""

DEFAULT = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT
_listeners: list[Callable[[str], None]] = []


def _(message: str) -> str:
    """``message`` (English) in the current language; English when the catalog has no translation."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that agrees with ``n`` in the current language.

    Languages have their own plural rules (Russian has three forms); the
    catalog's ``Plural-Forms`` header picks the form.  Format ``n`` in
    yourself: ``ngettext("{n} trick", "{n} tricks", n).format(n=n)``.
    """
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``, for short words that differ by use (``"J"`` as a card index)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (it is translated where it is shown)."""
    return message


def language() -> str:
    """The code of the current language (``"en"``, ``"ru"``...)."""
    return _language


def normalize(code: str | None) -> str | None:
    """``"ru_RU.UTF-8"`` -> ``"ru"``; None for a language Bella does not speak."""
    if not isinstance(code, str) or not code.strip():
        return None
    base = code.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the system asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(var, "").split(":"):
            code = normalize(part)
            if code is not None:
                return code
    if environ is None:
        try:
            code = normalize(locale.getlocale()[0])
        except ValueError:
            code = None
        if code is not None:
            return code
    return DEFAULT


def load(code: str) -> gettext.NullTranslations:
    """The catalog of ``code`` (a bare :class:`gettext.NullTranslations` for English or a missing file)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)


def set_language(code: str | None) -> str:
    """Switch every later :func:`_` call to ``code`` (unknown or empty: the system's language).

    Returns the code now in use and tells the listeners (the app relays out
    its scenes, so the switch takes effect at once).
    """
    global _translation, _language
    chosen = normalize(code) or system_language()
    _translation = load(chosen)
    changed = chosen != _language
    _language = chosen
    if changed:
        for listener in list(_listeners):
            listener(chosen)
    return chosen


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after each language switch; returns a function that stops it."""
    _listeners.append(listener)

    def stop() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return stop


def available() -> list[str]:
    """The language codes with a shipped catalog, English first."""
    return [c for c in LANGUAGES if c == DEFAULT or (LOCALE_DIR / c / "LC_MESSAGES" / f"{DOMAIN}.mo").exists()]
