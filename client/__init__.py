"""Bella's pygame-ce client: scenes, card table, rendering, sound (see docs/client.md)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
