"""No user-visible string literal in client/ bypasses the translation functions.

A static check over the sources: every literal with words that reaches a
place where text is drawn or shown (a widget's text, a font render, a toast,
a message, a tooltip, a scene's title) must be inside ``_()``,
``ngettext()``, ``pgettext()`` or be marked ``N_()`` and translated where
it is used.  f-strings with words can never be translated, so they may not
reach those places either.  The dynamic counterpart (every scene rendered
in a pseudo-language) is in ``test_i18n_render.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parents[2] / "client"
FILES = sorted(p for p in CLIENT.rglob("*.py") if p.name != "i18n_tools.py")
TRANSLATE = {"_", "N_", "ngettext", "pgettext"}
SINK_CALLS = {"Button": (0,), "Label": (0,), "Picker": (0,), "MessageScene": (1, 2), "ConfirmScene": (1, 2),
              "toast": (0,), "draw_tooltip": (2,), "draw_title": (1,), "text": (0,), "shadowed": (0,),
              "outlined": (0,), "wrap": (0,), "set_caption": (0,), "count_text": (1, 2)}
"""Calls and the positions of their arguments that are shown to the player."""
SINK_KEYWORDS = {"help", "placeholder", "tooltip", "title", "text", "label", "message"}
WORDS = re.compile(r"[A-Za-z]{2,}")
PLACEHOLDERS = re.compile(r"\{[^{}]*\}")


def has_words(text: str) -> bool:
    """Whether ``text`` holds a word (two letters or more) outside its ``{placeholders}``."""
    return bool(WORDS.search(PLACEHOLDERS.sub("", text)))


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _raw_text(node: ast.expr) -> list[ast.expr]:
    """The untranslated literals with words in ``node`` (looking through +, conditionals and tuples)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node] if has_words(node.value) else []
    if isinstance(node, ast.JoinedStr):
        parts = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return [node] if has_words(parts) else []
    if isinstance(node, ast.BinOp):
        return _raw_text(node.left) + _raw_text(node.right)
    if isinstance(node, ast.IfExp):
        return _raw_text(node.body) + _raw_text(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [x for v in node.values for x in _raw_text(v)]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [x for v in node.elts for x in _raw_text(v)]
    return []


def violations(path: Path) -> list[str]:
    """Each place in ``path`` where a literal with words is shown untranslated."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    rel = path.relative_to(CLIENT.parent).as_posix()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in TRANSLATE:
                continue
            args = [a for i, a in enumerate(node.args) if i in SINK_CALLS.get(name, ())]
            if name == "Picker" and len(node.args) > 1 and isinstance(node.args[1], (ast.List, ast.Tuple)):
                args += [e.elts[1] for e in node.args[1].elts if isinstance(e, ast.Tuple) and len(e.elts) == 2]
            args += [k.value for k in node.keywords if k.arg in SINK_KEYWORDS]
            if name == "button_column" and node.args and isinstance(node.args[0], (ast.List, ast.Tuple)):
                args = [e.elts[0] for e in node.args[0].elts if isinstance(e, ast.Tuple) and e.elts]
            for arg in args:
                for lit in _raw_text(arg):
                    out.append(f"{rel}:{lit.lineno}: {name}() shows untranslated text {ast.unparse(lit)[:70]}")
        elif isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                        and stmt.targets[0].id == "title"):
                    for lit in _raw_text(stmt.value):
                        out.append(f"{rel}:{lit.lineno}: the title of {node.name} must be marked N_()")
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(CLIENT).as_posix() for p in FILES])
def test_shown_text_is_translated(path: Path) -> None:
    found = violations(path)
    assert not found, "\n".join(found)


def test_the_check_finds_untranslated_text(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "class S:\n    title = 'Settings'\n"
        "def f(app, n):\n"
        "    Button('Done', None)\n"
        "    app.toast(f'{n} cards left')\n"
        "    app.fonts.text(_('Score'), 20)\n"
        "    Picker(_('Speed'), [], 1, help='How fast')\n"
        "    app.fonts.text(str(n) + ' pts', 20)\n"
        "    app.fonts.text(f'{n}', 20)\n",
        encoding="utf-8")
    global CLIENT
    saved, CLIENT = CLIENT, tmp_path
    try:
        found = violations(sample)
    finally:
        CLIENT = saved
    assert [line.split(":")[1] for line in found] == ["4", "5", "7", "8", "2"] or sorted(
        int(line.split(":")[1]) for line in found) == [2, 4, 5, 7, 8]
