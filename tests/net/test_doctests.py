"""The examples in the net modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["net.codec", "net.messages", "net.text", "net.connection", "net.bridge",
                                  "net.discovery", "net.codes"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
