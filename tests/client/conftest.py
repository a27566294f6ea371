"""Client test setup: a private config and data directory per test (settings, saves, match history)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point $XDG_CONFIG_HOME and $XDG_DATA_HOME at fresh temporary directories; keep zeroconf on loopback."""
    cfg = tmp_path / "config"
    cfg.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))  # the match history
    monkeypatch.setenv("BELLA_LAN_INTERFACES", "127.0.0.1")  # LAN scenes never multicast on a real network
    monkeypatch.setenv("BELLA_STRICT", "1")  # scene errors fail the test instead of being reported on screen
    yield cfg
