"""Private tables: the table code a host may set, and the per-address back-off against guessing it.

A code is 4 to 8 ASCII letters or digits, compared without regard to case.

>>> normalize_code(" k7qx ")
'K7QX'
>>> b = Backoff(base=1.0)
>>> b.wait("10.0.0.5", now=0.0)
0.0
>>> b.failed("10.0.0.5", now=0.0), b.failed("10.0.0.5", now=1.0)
(1.0, 2.0)
>>> b.wait("10.0.0.5", now=2.5)
0.5
"""

from __future__ import annotations

import hmac

CODE_MIN = 4
CODE_MAX = 8
"""A table code has from ``CODE_MIN`` to ``CODE_MAX`` characters."""
CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def normalize_code(text: str) -> str:
    """The canonical form of a table code (trimmed, upper case); raise ``ValueError`` with a reason."""
    code = text.strip().upper() if isinstance(text, str) else ""
    if not CODE_MIN <= len(code) <= CODE_MAX or any(ch not in CODE_CHARS for ch in code):
        raise ValueError(f"a table code has {CODE_MIN} to {CODE_MAX} letters or digits")
    return code


def code_matches(expected: str, given: str | None) -> bool:
    """True when ``given`` (as a peer typed it) is the table code ``expected`` (already normalized)."""
    if given is None:
        return False
    try:
        code = normalize_code(given)
    except ValueError:
        return False
    return hmac.compare_digest(code.encode("ascii"), expected.encode("ascii"))


class Backoff:
    """Wrong guesses per address: after the n-th wrong code an address waits ``base * 2**(n-1)`` seconds
    (at most ``cap``) before its next attempt is even looked at.  An address with no failure for ``forget``
    seconds starts afresh; at most ``max_entries`` addresses are remembered (the oldest are forgotten)."""

    def __init__(self, base: float = 1.0, cap: float = 60.0, forget: float = 600.0, max_entries: int = 1024) -> None:
        self.base, self.cap, self.forget, self.max_entries = base, cap, forget, max_entries
        self._entries: dict[str, tuple[int, float, float]] = {}
        """address -> (failures, waiting until, time of the last failure)."""

    def wait(self, address: str, now: float) -> float:
        """Seconds ``address`` must still wait before trying a code again (0.0: it may try now)."""
        entry = self._entries.get(address)
        if entry is None:
            return 0.0
        if now - entry[2] > self.forget:
            del self._entries[address]
            return 0.0
        return max(0.0, entry[1] - now)

    def failed(self, address: str, now: float) -> float:
        """Count a wrong code from ``address``; return how long it must now wait."""
        self.wait(address, now)  # forgets an old entry
        count = self._entries[address][0] + 1 if address in self._entries else 1
        delay = min(self.base * 2.0 ** (count - 1), self.cap)
        self._entries[address] = (count, now + delay, now)
        if len(self._entries) > self.max_entries:
            oldest = min(self._entries, key=lambda a: self._entries[a][2])
            del self._entries[oldest]
        return delay

    def succeeded(self, address: str) -> None:
        """The right code came from ``address``: its count starts again from zero."""
        self._entries.pop(address, None)
