"""Switching the language at run time changes what the table, the house-rule rows and the labels show.

A pseudo-language (every message marked and made longer, as German or
Hungarian text is) is installed while the client runs; no restart, no
catalog file: the scenes are laid out anew by the language listeners and
must then show the translated text.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator, Sequence

import pytest

import core
from client import i18n, labels, rule_list, rules_text
from client.i18n_tools import data_messages
from client.scenes.newgame import NewGame, open_table
from client.session import LocalSession
from tests.client.driver import make_app, run_until, table_of

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def pseudo(text: str) -> str:
    """``text`` marked and 40% longer; its ``{placeholders}`` kept as they are."""
    if not text:
        return text
    return "\u00ab" + text + " " + "\u00e4\u00f6\u00fc" * (1 + len(text) // 7) + "\u00bb"


class Pseudo(gettext.NullTranslations):
    """A catalog that 'translates' every message into the pseudo-language and records what was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add(message)
        return pseudo(message)


def switch_to(translation: gettext.NullTranslations, code: str,
              listeners: Sequence[Callable[[str], None]] = ()) -> None:
    """Install ``translation`` as language ``code`` and tell ``listeners`` (an app's), as set_language does."""
    i18n._translation = translation
    i18n._language = code
    for listener in listeners:
        listener(code)


def to_english() -> None:
    switch_to(gettext.NullTranslations(), "en")


@pytest.fixture()
def english() -> Iterator[None]:
    to_english()
    yield
    to_english()


def test_labels_and_card_text_use_the_translation(english: None) -> None:
    assert labels.call_text("pass") == "Pass"
    assert labels.card_text("X1") == "High joker"
    english_help = labels.prompt_help({"legal": [{"type": "trump", "suit": "H"}]})
    tr = Pseudo()
    switch_to(tr, "xx")
    assert labels.call_text("pass") == pseudo("Pass")
    assert labels.call_text("H") == "\u2665 " + pseudo("Hearts")
    assert labels.card_text("X1") == pseudo("High joker")
    assert labels.card_text("JH") == pseudo("J") + "\u2665"  # the card index comes from the catalog
    assert labels.action_text({"type": "play", "card": "TS"}) == pseudo("Play {card}").format(card="10\u2660")
    assert labels.declaration_words("tertz", "KH") == pseudo("{declaration} to the {rank}").format(
        declaration=labels.in_sentence(pseudo("Tertz")), rank=pseudo("king"))
    assert labels.prompt_help({"legal": [{"type": "trump", "suit": "H"}]}) == pseudo(english_help)
    n = 3
    assert labels.prompt_help({"phase": "remainder", "stock_size": n, "legal": [{"type": "keep"}]}) == pseudo(
        "{n} cards left in the stock: draw them yourself, or let your partner draw them unseen.").format(n=n)
    to_english()
    assert labels.call_text("pass") == "Pass"
    assert labels.card_text("JH") == "J\u2665"


def test_switching_language_changes_a_table_prompt_and_a_house_rule_row(english: None) -> None:
    before = list(i18n._listeners)
    app = make_app(["--windowed", "1280x720", "--no-sound"])
    mine = [f for f in i18n._listeners if f not in before]  # this app's: it lays its scenes out anew
    assert mine
    try:
        session = LocalSession("belote", 4, seat=0, seed=3, levels={k: "random" for k in range(1, 4)},
                               bot_delay=0.0, deal_delay=0.0)
        open_table(app, session)
        table = table_of(app)
        assert table is not None
        run_until(app, lambda a: table.my_turn() and not table.events and table.wait <= 0 and
                  bool(table.action_buttons), max_frames=3000)
        prompt = table._prompt_text()
        buttons = [b.text for b in table.action_buttons]
        hud = [b.text for b in table.hud_buttons]
        assert prompt and buttons and hud == ["Hint (H)", "Last trick (L)", "Scores (S)", "Menu (Esc)"]
        switch_to(Pseudo(), "xx", mine)
        app.frame(1 / 60)
        assert table._prompt_text() == pseudo(prompt)
        assert [b.text for b in table.hud_buttons] == [pseudo(t) for t in hud]
        assert [b.text for b in table.action_buttons] != buttons  # the bids are rebuilt in the new language
        for b in table.action_buttons:
            assert "\u00ab" in b.text

        form = NewGame(app)
        app.push(form)
        app.frame(1 / 60)
        rows = form.rules.rows
        assert rows, "the game has house rules"
        spec = next(s for s in core.GAMES[form.game].OPTIONS if s.id == form.rules.ids[0])
        assert rows[0].label == pseudo(rule_list.pretty(spec.id))
        if spec.help:
            assert rows[0].help == pseudo(spec.help)
        for row in rows:  # word values translated, numbers as they are
            for value, text in row.choices:
                want = str(value) if isinstance(value, int) and not isinstance(value, bool) else pseudo(
                    rule_list.pretty(value))
                assert text == want
        switch_to(gettext.NullTranslations(), "en", mine)
        app.frame(1 / 60)
        rows = form.rules.rows
        assert rows[0].label == rule_list.pretty(spec.id)
        assert table._prompt_text() == prompt
    finally:
        app.shutdown()


def test_data_messages_cover_what_the_rule_rows_and_how_to_play_ask_for(english: None) -> None:
    """The house-rule rows and How to play look up exactly the messages the template gets from data."""
    known = {m for m, _where in data_messages()}
    tr = Pseudo()
    switch_to(tr, "xx")
    for game in core.GAME_IDS:
        cls = core.find_game(game)
        for spec in cls.OPTIONS:
            rule_list.rule_name(spec)
            rule_list.rule_help(spec)
            rule_list.option_choices(spec, spec.default, spec.default)
        rules_text.translated(game)
    to_english()
    missing = sorted(tr.asked - known)
    assert not missing, missing
    assert "" not in tr.asked  # an empty msgid would return the catalog header


def test_how_to_play_keeps_the_bullet_outside_the_message(english: None) -> None:
    switch_to(Pseudo(), "xx")
    sections = rules_text.translated("belote")
    to_english()
    bullets = [text for _h, paras in sections for bullet, text in paras if bullet]
    assert bullets and all(not t.startswith("\u00ab\u2022") for t in bullets)
    assert sections[0][0] == pseudo(rules_text.RULES["belote"][0][0])


def test_call_words_in_sentences_keep_german_capitals() -> None:
    try:
        i18n.set_language("de")
        assert labels.in_sentence("Terz") == "Terz"
        i18n.set_language("ru")
        assert labels.in_sentence("Терц") == "терц"
    finally:
        i18n.set_language("en")
    assert labels.declaration_words("tertz", "KH") == "tertz to the king"
