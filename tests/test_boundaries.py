"""Architecture boundaries, checked on the source: core is pure; client and net keep to their lanes."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORE_BANNED = {"pygame", "socket", "asyncio", "msgpack", "zeroconf", "time", "threading", "client", "net",
               "subprocess", "os", "datetime"}


def _imports(path: pathlib.Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.extend((f"{node.module}.{a.name}", node.lineno) for a in node.names)
    return out


def _files(package: str) -> list[pathlib.Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_core_is_pure() -> None:
    for path in _files("core"):
        for name, line in _imports(path):
            top = name.split(".")[0]
            assert top not in CORE_BANNED, f"{path.relative_to(ROOT)}:{line} imports {name}"
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            # module-level random functions (random.random(), random.shuffle(...)) use global state
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "random"):
                assert node.func.attr == "Random", (
                    f"{path.relative_to(ROOT)}:{node.lineno} uses global random.{node.func.attr}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                raise AssertionError(f"{path.relative_to(ROOT)}:{node.lineno} prints")


def test_net_never_imports_client() -> None:
    for path in _files("net"):
        for name, line in _imports(path):
            assert name.split(".")[0] not in {"client", "pygame"}, f"{path.relative_to(ROOT)}:{line} imports {name}"


def test_client_uses_public_core_and_net_lan_only() -> None:
    for path in _files("client"):
        for name, line in _imports(path):
            parts = name.split(".")
            where = f"{path.relative_to(ROOT)}:{line} imports {name}"
            if parts[0] == "core":
                # the public API, the AI, the session types and the table driver; never a game module or rules internals
                assert len(parts) <= 2 or parts[1] in {"ai", "session", "cards", "driver"}, where
                assert parts[1:2] != ["games"], where
            if parts[0] == "net":
                assert parts[1:2] == ["lan"], where
