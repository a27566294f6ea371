"""The hint line names the move once and says why in plain words.

The line reads "Hint: {move} — {why}": the move comes from the client's labels, the reason from the AI.
A reason that repeats the move ("Bid 5 — bid 5: ...") or shows an internal code ("AT: ...",
"declare your hundred_queens ...") reads as a fault, so every auction, declaration and other non-card
hint of ``normal`` over whole matches of every game is checked.
"""

from __future__ import annotations

import random
import re

import pytest

import core
import core.ai
from client import labels
from client.reasons import render
from core.state import CHANCE

GAMES = [("belote", 4), ("pitch", 4), ("pitch", 5), ("deberts", 2), ("deberts", 3), ("deberts", 4),
         ("klaberjass", 2), ("tertz", 2)]
CODES = re.compile(r"\b(AT|NT)\b|_|^\w+:")
"""Internal codes in a reason: a contract's code, an identifier, or a call's code opening the sentence."""


def _hints(game: str, players: int, seed: int, limit: int = 60,
           cards: bool = False) -> list[tuple[dict[str, object], str, str]]:
    """(action, its name on the hint line, the reason in words) for the non-card hints of one match.

    ``cards``: the card-play hints instead.
    """
    rng = random.Random(seed)
    bots = [core.ai.make_bot("normal", seed=seed * 10 + i) for i in range(players)]
    state = core.new_match(game, players=players, seed=seed)
    out: list[tuple[dict[str, object], str, str]] = []
    for _ in range(3000):
        seat = state.current_player
        if seat is None or len(out) >= limit:
            break
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(seat)
        legal = view.get("legal") or []
        if len(legal) > 1 and any(a.get("type") != "play" for a in legal) != cards:
            action, why = core.ai.suggest(view, level="normal", seed=len(out))
            a = action.to_json()
            out.append((a, labels.move_text(a, view), render(why)))
        state.apply(bots[seat].choose(view))
    return out


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_hint_reasons_never_repeat_the_move_or_show_codes(game: str, players: int) -> None:
    seen = 0
    for seed in (1, 2):
        for a, move, why in _hints(game, players, seed):
            seen += 1
            assert why, (game, a)
            assert not CODES.search(why), f"{game}: {move} \u2014 {why}"
            call = str(a.get("call") or "")
            if call:
                assert not why.lower().startswith((call.lower(), "bid ", "name ", "call the ")), f"{move} \u2014 {why}"
            assert not why.lower().startswith(move.lower()), f"{move} \u2014 {why}"
    assert seen >= 4, f"{game}: too few auction or declaration hints to check ({seen})"


def test_move_text_names_numbered_bids_and_cuts() -> None:
    assert labels.move_text({"type": "bid", "call": "5"}) == "Bid 5"
    assert labels.move_text({"type": "break", "n": 7}) == "Break the deck at 7"
    assert labels.move_text({"type": "bid", "call": "pass"}) == labels.action_text({"type": "bid", "call": "pass"})
    assert labels.move_text({"type": "play", "card": "JH"}) == "Play J\u2665"


def test_a_pitch_bid_hint_reads_once() -> None:
    """The numbered Pitch bid: "Bid 5 — your hand should take about 5 points", its number said in the reason."""
    for a, move, why in _hints("pitch", 4, 3, limit=200):
        call = str(a.get("call") or "")
        if a.get("type") == "bid" and call.isdigit():
            assert move == f"Bid {call}"
            assert why == f"your hand should take about {call} points"
            return
    pytest.fail("no numbered bid was hinted in the match")


@pytest.mark.parametrize(("game", "players"), [("belote", 4), ("pitch", 4), ("deberts", 3), ("tertz", 2)])
def test_card_hints_never_name_the_card_again(game: str, players: int) -> None:
    """"Play 10♣ — your partner wins this trick: give them the points", not "... give them the ten of clubs"."""
    hints = _hints(game, players, 1, limit=40, cards=True)
    assert len(hints) >= 20
    for a, move, why in hints:
        card = str(a.get("card"))
        assert move.startswith("Play " + labels.card_text(card)), move
        assert labels.card_text(card) not in why and core.cards.card_name(card) not in why, f"{move} \u2014 {why}"
        assert not CODES.search(why), f"{move} \u2014 {why}"
