"""Engine refusals, AI hint reasons and host error codes rendered in the player's language.

A pseudo-Russian catalog (built in memory) stands in for a real one: the
template is translated, the card argument comes out as the Russian corner
index, and an untranslated template falls back to the engine's English.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import core
import core.ai
from client import labels
from client.reasons import host_message, render
from client.session import LocalSession
from tests.util import install_catalog

PSEUDO = {
    "you do not hold the {card}": "у вас нет карты {card}",
    "must follow {suit}": "ходите в масть: {suit}",
    "card index\x04J": "В",
    "suit in a sentence\x04hearts": "черви",
    "it wins the trick": "она берёт взятку",
    "It is not your turn.": "Сейчас не ваш ход.",
    "it is not your turn": "сейчас не ваш ход",
    "seat {seat} is taken": "место {seat} занято",
    "broken {placeholder}": "сломано {other}",
}


@pytest.fixture
def russian(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    install_catalog(monkeypatch, PSEUDO)
    labels.set_local_indices(True)
    yield


def _refusal(template: str, **args: core.text.ArgValue) -> core.IllegalAction:
    return core.IllegalAction(template, **args)


def test_english_is_the_engines_sentence() -> None:
    exc = _refusal("you do not hold the {card}", card="JH")
    assert render(exc) == str(exc) == "you do not hold the jack of hearts"
    assert render("plain words") == "plain words"


def test_pseudo_russian_refusal_with_a_localized_card(russian: None) -> None:
    assert render(_refusal("you do not hold the {card}", card="JH")) == "у вас нет карты В♥"
    assert render(_refusal("must follow {suit}", suit="H")) == "ходите в масть: черви"
    # untranslated template, or a translation whose placeholders do not fit: the English sentence
    assert render(_refusal("must trump: you have no {suit}", suit="H")) == "must trump: you have no hearts"
    assert render(core.Text("broken {placeholder}", placeholder="x")) == "broken x"
    # the wire form of a refusal
    assert render({"template": "you do not hold the {card}", "args": {"card": "JH"}}) == "у вас нет карты В♥"


def test_a_real_refusal_and_hint_in_pseudo_russian(russian: None) -> None:
    state = core.new_match("deberts", players=2, seed=3)
    state.apply(state.sample_chance(__import__("random").Random(1)))
    while state.current_player is not None and state.current_player >= 0 and any(
            a.type != "play" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None and seat >= 0
    hand = set(state.view(seat)["hands"][seat])
    other = next(c for c in core.cards.deck_strs() if c not in hand)
    with pytest.raises(core.IllegalAction) as err:
        state.apply(core.Action("play", card=other))
    assert render(err.value) == "у вас нет карты " + labels.card_text(other)
    _action, why = core.ai.suggest(state.view(seat), level="normal", seed=1)
    assert isinstance(why, core.Reason) and why.template
    if why.template == "it wins the trick":
        assert render(why) == "она берёт взятку"


def test_local_session_words_are_translated(russian: None) -> None:
    s = LocalSession("deberts", 2, seed=1, bot_delay=0.0, deal_delay=0.0)
    try:
        s.seat = None
        assert s.explain(core.Action("play", card="JH")) == "Сейчас не ваш ход."
    finally:
        s.close()


def test_host_codes(russian: None) -> None:
    assert host_message("not_your_turn", "it is not your turn") == "сейчас не ваш ход"
    assert host_message("seat_taken", "seat 2 is taken", "seat {seat} is taken", {"seat": 2}) == "место 2 занято"
    assert host_message("some_new_code", "free English text") == "free English text"
    assert host_message("seat_taken", "seat 2 is taken") == "seat 2 is taken"  # an older host: no template
    assert host_message("illegal", "you do not hold the jack of hearts", "you do not hold the {card}",
                        {"card": "JH"}) == "у вас нет карты В♥"
    # untranslated template: the host's English
    assert host_message("illegal", "must trump: you have no hearts", "must trump: you have no {suit}",
                        {"suit": "H"}) == "must trump: you have no hearts"
