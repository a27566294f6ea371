"""``python main.py i18n extract|update|compile|check|init LANG``: the translation catalogs.

Developer commands (they need Babel, a test dependency; the game itself
only reads the compiled ``.mo`` files with the standard library):

* ``extract`` writes the template ``assets/locale/bella.pot`` from the
  sources (``_``, ``N_``, ``ngettext``, ``pgettext`` calls and the engine's
  ``IllegalAction`` messages) plus the messages made from data: every house
  rule's name, values and help line, every game's title and the How to
  play text, paragraph by paragraph;
* ``update`` merges the template into each language's ``bella.po`` (new
  messages arrive empty, changed ones are marked fuzzy);
* ``compile`` writes each ``bella.mo`` beside its ``bella.po``;
* ``check`` reports untranslated, fuzzy or placeholder-mismatched entries and
  stale ``.mo`` files, and exits non-zero if there is any;
* ``init LANG`` starts the catalog of a new language;
* ``fonts --from DIR`` cuts the shipped fonts anew from the full DejaVu 2.37
  fonts in DIR (fontTools, also a test dependency): the ranges below plus
  every character any catalog uses.
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from client.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCES = ("client", "core", "net")
SKIP = ("core/ai/v1/",)
"""Sources that are never shown to a player (the frozen yardstick bots)."""
KEYWORDS: dict[str, Any] = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "IllegalAction": None, "Refusal": None, "Reason": None,
}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")


FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The date compiled catalogs carry (a real one would make every compile differ)."""


def po_path(lang: str) -> Path:
    """The catalog source of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """The compiled catalog of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def languages() -> list[str]:
    """The languages with a catalog source (English has none: it is the source language)."""
    return [c for c in LANGUAGES if po_path(c).exists()]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message: a translation must use exactly the same."""
    return set(PLACEHOLDER.findall(text))


def data_messages() -> Iterator[tuple[str, str]]:
    """(message, where it comes from) for the text made from data rather than written in a ``_()`` call."""
    import core
    from client.rule_list import pretty
    from client.rules_text import GENERAL, RULES, paragraphs

    for game in core.GAME_IDS:
        cls = core.find_game(game)
        if cls.title:
            yield cls.title, f"game title: {game}"
        for spec in cls.OPTIONS:
            yield pretty(spec.id), f"house rule name: {game}.{spec.id}"
            yield spec.help, f"house rule help: {game}.{spec.id}"
            for v in spec.values or ():
                if not isinstance(v, int) or isinstance(v, bool):
                    yield pretty(v), f"house rule value: {game}.{spec.id}"
    for game, sections in list(RULES.items()) + [("general", GENERAL)]:
        for heading, body in sections:
            yield heading, f"How to play: {game}"
            for _bullet, text in paragraphs(body):
                yield text, f"How to play: {game}"


def extract(template: Path = TEMPLATE) -> int:
    """Write the template; return the number of messages."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Bella", version="1", msgid_bugs_address="", copyright_holder="Bella",
                      charset="utf-8")
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if any(rel.startswith(s) for s in SKIP) or rel == "client/i18n_tools.py":
                continue
            for lineno, message, comments, context in extract_from_file(
                    "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                    options={"encoding": "utf-8"}):
                if not message or (isinstance(message, tuple) and not message[0]):
                    continue
                catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    for message, where in data_messages():
        if message and message not in catalog:
            catalog.add(message, None, auto_comments=[where])
        elif message:
            item = catalog[message]
            if item is not None and where not in item.auto_comments:
                item.auto_comments.append(where)
    template.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, omit_header=False, sort_output=True, no_location=False)
    template.write_bytes(_strip_dates(buf.getvalue()))
    return len(catalog)


def _strip_dates(data: bytes) -> bytes:
    """Drop the creation/revision dates from a catalog header so regenerating it changes nothing."""
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"\\]*\\n"\n', b"", data)


def _read(path: Path, locale: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale)


def update(langs: Iterable[str] | None = None) -> None:
    """Merge the template into each catalog."""
    from babel.messages.pofile import write_po

    template = _read(TEMPLATE)
    for lang in langs or languages():
        catalog = _read(po_path(lang), lang)
        catalog.update(template, update_header_comment=False)
        buf = io.BytesIO()
        write_po(buf, catalog, width=0, sort_output=True, ignore_obsolete=True)
        po_path(lang).write_bytes(_strip_dates(buf.getvalue()))


def init(lang: str) -> Path:
    """Start the catalog of ``lang`` from the template (every message empty)."""
    from babel.messages.pofile import write_po

    template = _read(TEMPLATE)
    template.locale = lang
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=lang, project="Bella", version="1", charset="utf-8")
    for msg in template:
        if msg.id:
            catalog.add(msg.id, None, msg.locations, auto_comments=msg.auto_comments, context=msg.context)
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, sort_output=True)
    path.write_bytes(_strip_dates(buf.getvalue()))
    return path


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes ``lang``'s catalog compiles to (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo

    catalog = _read(po_path(lang), lang)
    # the catalog sources carry no dates (see _strip_dates): fix them, so compiling twice gives the same bytes
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all(langs: Iterable[str] | None = None) -> list[Path]:
    """Write every ``.mo``; return the files written."""
    out = []
    for lang in langs or languages():
        mo_path(lang).write_bytes(compiled(lang))
        out.append(mo_path(lang))
    return out


def problems(lang: str) -> list[str]:
    """Everything wrong with ``lang``'s catalog: empty, fuzzy, placeholder mismatch, stale ``.mo``."""
    out: list[str] = []
    catalog = _read(po_path(lang), lang)
    template_ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in _read(TEMPLATE) if m.id}
    seen = set()
    for msg in catalog:
        if not msg.id:
            continue
        key = (msg.id if isinstance(msg.id, str) else msg.id[0], msg.context)
        seen.add(key)
        ids = [msg.id] if isinstance(msg.id, str) else list(msg.id)
        strings = [msg.string] if isinstance(msg.string, str) else list(msg.string)
        label = f"{lang}: {ids[0][:60]!r}"
        if msg.fuzzy:
            out.append(f"{label} is fuzzy")
        if not all(strings):
            out.append(f"{label} is not translated")
            continue
        want = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            got = placeholders(s)
            if got != want and not (len(ids) > 1 and got <= want):
                out.append(f"{label} has placeholders {sorted(got)}, the English has {sorted(want)}")
    for key in sorted(template_ids - seen, key=str):
        out.append(f"{lang}: {key[0][:60]!r} is missing (run update)")
    if not mo_path(lang).exists() or mo_path(lang).read_bytes() != compiled(lang):
        out.append(f"{lang}: {mo_path(lang).name} is stale (run compile)")
    return out


FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf")
FONT_RANGES = ((0x20, 0x7E), (0xA0, 0x17F), (0x218, 0x21B), (0x400, 0x45F), (0x490, 0x491), (0x2010, 0x2027),
               (0x2030, 0x203A), (0x2190, 0x2195), (0x2205, 0x2205), (0x2212, 0x2212), (0x25B2, 0x25C6),
               (0x2605, 0x2606), (0x2660, 0x2667), (0x266A, 0x266B), (0x2713, 0x2717), (0x27E6, 0x27E7))
"""What the shipped fonts keep besides the catalogs' characters: Latin-1 and Latin Extended-A, the Romanian
comma letters, basic Cyrillic with the Ukrainian letters (so players can type their names in any of Bella's
languages), punctuation, arrows, stars, the card suits, notes, check marks and the brackets of the test
pseudo-language."""


def catalog_characters() -> set[str]:
    """Every character of every catalog source (and the template)."""
    chars: set[str] = set()
    for path in [TEMPLATE, *(po_path(lang) for lang in languages())]:
        if path.exists():
            chars.update(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable()}


def subset_fonts(source: Path) -> list[Path]:
    """Write the shipped fonts as subsets of the full fonts in ``source``."""
    from fontTools import subset  # type: ignore[import-untyped]

    fonts_dir = ROOT / "assets" / "fonts"
    codepoints = {ord(c) for c in catalog_characters()}
    for lo, hi in FONT_RANGES:
        codepoints.update(range(lo, hi + 1))
    out = []
    for name in FONT_FILES:
        options = subset.Options()
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.layout_features = ["kern", "liga"]
        font = subset.load_font(str(source / name), options)
        sub = subset.Subsetter(options)
        sub.populate(unicodes=sorted(codepoints))
        sub.subset(font)
        subset.save_font(font, str(fonts_dir / name), options)
        out.append(fonts_dir / name)
    return out


def main(argv: list[str] | None = None) -> int:
    """The ``i18n`` command line."""
    p = argparse.ArgumentParser(prog="main.py i18n", description=__doc__.split("\n\n")[0])
    p.add_argument("command", choices=("extract", "update", "compile", "check", "init", "fonts"))
    p.add_argument("lang", nargs="?", help="the language for init (e.g. pl)")
    p.add_argument("--from", dest="source", type=Path, help="fonts: the folder of the full DejaVu 2.37 fonts")
    a = p.parse_args(argv)
    if a.command == "extract":
        print(f"{TEMPLATE.relative_to(ROOT)}: {extract()} messages")
    elif a.command == "update":
        update()
        print("updated:", ", ".join(languages()))
    elif a.command == "compile":
        for path in compile_all():
            print(f"compiled {path.relative_to(ROOT)}")
    elif a.command == "fonts":
        if a.source is None or not all((a.source / n).exists() for n in FONT_FILES):
            p.error("fonts needs --from DIR holding " + ", ".join(FONT_FILES))
        for path in subset_fonts(a.source):
            print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")
    elif a.command == "init":
        if not a.lang:
            p.error("init needs a language code")
        print(f"created {init(a.lang).relative_to(ROOT)}")
    else:
        found = [line for lang in languages() for line in problems(lang)]
        for line in found:
            print(line)
        print(f"{len(found)} problems in {len(languages())} catalogs")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
