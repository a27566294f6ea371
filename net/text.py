"""Untrusted display text: every name, chat line or table name from the network goes through here.

>>> clean_text("  Bob\\u202e\\x07 the\\n\\nbuilder  ", 40)
'Bob the builder'
>>> clean_text("x" * 50, 10)
'xxxxxxxxxx'
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 24
"""Longest player name, in characters."""
MAX_TABLE_NAME = 40
"""Longest table name, in characters."""
MAX_CHAT = 200
"""Longest chat line, in characters."""

# control characters, format characters (bidi overrides, zero-width joiners...),
# surrogates, private use, unassigned, line and paragraph separators
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_text(text: str, max_chars: int) -> str:
    """Return ``text`` made safe to display: NFC, no control/format characters, spaces collapsed, cut to size."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFC", text[: max_chars * 4])
    out: list[str] = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in _DROP or cat.startswith("Z"):
            out.append(" ")
        else:
            out.append(ch)
    return " ".join("".join(out).split())[:max_chars].rstrip()


def clean_name(text: str, fallback: str = "Player") -> str:
    """A player or table name: :func:`clean_text` to :data:`MAX_NAME` characters, never empty."""
    return clean_text(text, MAX_NAME) or fallback
