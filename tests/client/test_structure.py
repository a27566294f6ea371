"""The client's modules import one another without circles (scenes open each other by registered name)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAN_SCREENS = {"client.scenes.lan_common", "client.scenes.lan_lobby", "client.scenes.lan_host",
               "client.scenes.lan_join"}


def _graph() -> dict[str, set[str]]:
    mods: dict[str, Path] = {}
    for p in (ROOT / "client").rglob("*.py"):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = p
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
        for node in ast.walk(tree):  # every import, also those inside functions
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module:
                for a in node.names:
                    full = f"{node.module}.{a.name}"
                    if full in mods:
                        graph[m].add(full)
                    elif node.module in mods:
                        graph[m].add(node.module)
            elif isinstance(node, ast.Import):
                graph[m].update(a.name for a in node.names if a.name in mods)
    return graph


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(graph[m])
    return seen


def test_no_import_circle_in_the_client() -> None:
    graph = _graph()
    circles = [m for m in graph if m not in LAN_SCREENS and m in _reach(graph, m)]
    assert not circles, circles
    for name in ("client.app", "client.scene", "client.scenes.table", "client.scenes.menu"):
        assert name not in _reach(graph, name)


def test_scenes_open_by_registered_name() -> None:
    import importlib

    from client.app import SCENES

    for name, target in SCENES.items():
        module, _, cls = target.partition(":")
        assert hasattr(importlib.import_module(module), cls), name
