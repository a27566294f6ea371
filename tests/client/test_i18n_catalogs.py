"""The translation catalogs: complete, consistent with the sources, compiled, and drawable with the shipped fonts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("babel")

from fontTools.ttLib import TTFont  # noqa: E402

from client import i18n, i18n_tools  # noqa: E402

LANGS = [c for c in i18n.LANGUAGES if c != "en"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def _messages(path: Path) -> dict[tuple[str, str | None], object]:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        cat = read_po(f)
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in cat if m.id}


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_a_complete_catalog(lang: str) -> None:
    assert i18n_tools.po_path(lang).exists(), f"no catalog for {lang}"
    found = i18n_tools.problems(lang)
    assert not found, "\n".join(found[:40]) + (f"\n... and {len(found) - 40} more" if len(found) > 40 else "")


def test_the_template_matches_the_sources(tmp_path: Path) -> None:
    fresh = tmp_path / "bella.pot"
    i18n_tools.extract(fresh)
    shipped = set(_messages(i18n_tools.TEMPLATE))
    now = set(_messages(fresh))
    assert now - shipped == set(), f"new messages not in the template (extract, update): {sorted(now - shipped)[:10]}"
    assert shipped - now == set(), f"template messages no longer in the sources: {sorted(shipped - now)[:10]}"


def test_placeholders_are_checked() -> None:
    assert i18n_tools.placeholders("{name} took {n} tricks, {pts:+d}") == {"{name}", "{n}", "{pts:+d}"}
    assert i18n_tools.placeholders("no fields") == set()


def _source_characters() -> set[str]:
    """The non-ASCII characters of the client's string literals (symbols such as ♠ ∅ ★ ⟦)."""
    chars: set[str] = set()
    for path in (ROOT / "client").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars.update(c for c in node.value if ord(c) > 127)
    return chars


@pytest.mark.parametrize("font", i18n_tools.FONT_FILES)
def test_the_fonts_draw_every_character_of_every_catalog_and_the_client(font: str) -> None:
    cmap = TTFont(str(ROOT / "assets" / "fonts" / font)).getBestCmap()
    wanted = i18n_tools.catalog_characters() | _source_characters()
    if font == "DejaVuSerif-Bold.ttf":  # DejaVu's serif has no stars and no empty-set sign; the sans faces draw them
        wanted -= {"\u2605", "\u2606", "\u2205"}
    missing = sorted({c for c in wanted if ord(c) not in cmap and c not in "\t\n\r"})
    assert not missing, f"{font} lacks {''.join(missing)}"


def _engine_reasons() -> set[str]:
    """The templates of every ``IllegalAction`` the engine raises (what a refused move shows)."""
    out = set()
    for path in (ROOT / "core").rglob("*.py"):
        if "ai/v1" in path.as_posix():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalAction"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                out.add(node.args[0].value)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_refusal_reasons_are_translated(lang: str) -> None:
    reasons = _engine_reasons()
    assert len(reasons) > 50
    msgs = _messages(i18n_tools.po_path(lang))
    untranslated = [r for r in sorted(reasons) if not getattr(msgs.get((r, None)), "string", "")]
    assert not untranslated, f"{lang}: {untranslated[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_switching_language_at_run_time(lang: str) -> None:
    assert i18n.set_language(lang) == lang
    assert i18n.language() == lang
    assert i18n._("New game") != "New game"
    assert i18n.ngettext("{n} card", "{n} cards", 5).format(n=5).startswith("5")
    assert i18n.set_language("en") == "en"
    assert i18n._("New game") == "New game"


def test_russian_card_indices_and_plurals() -> None:
    i18n.set_language("ru")
    assert [i18n.pgettext("card index", r) for r in "JQKA"] == ["В", "Д", "К", "Т"]
    forms = {i18n.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5)}
    assert len(forms) == 3, forms  # one, few, many


def test_system_language_and_fallbacks() -> None:
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.system_language({"LANGUAGE": "xx:uk_UA", "LANG": "C"}) == "uk"
    assert i18n.system_language({"LANG": "C.UTF-8"}) == "en"
    assert i18n.normalize("pt_BR") is None
    assert i18n.set_language("pt") in i18n.LANGUAGES  # unknown: the system's language (or English), no error
