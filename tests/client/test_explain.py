"""Explanations in words: who won the sequences, why a deal was annulled, Belote's scoring in tens."""

from __future__ import annotations

from typing import Any

from client import labels
from tests.client.driver import make_app, table_of


def _table(game: str, players: int) -> tuple[Any, Any]:
    app = make_app(["--game", game, "--players", str(players), "--seed", "1", "--level", "random", "--no-sound",
                    "--windowed", "1280x720"])
    t = table_of(app)
    assert t is not None
    t.session.bot_delay = 50.0
    for _ in range(3):
        app.frame(1 / 60)
    return app, t


def test_declaration_words() -> None:
    assert labels.declaration_words("tertz", "JH") == "tertz to the jack"
    assert labels.declaration_words("fifty", "KS") == "fifty to the king"
    assert labels.declaration_words("20") == "20-point sequence"


def test_sequence_outcome_says_whose_run_lost_to_whose() -> None:
    app, t = _table("deberts", 3)
    t.declarations = {0: ("tertz", "JH"), 1: ("tertz", "KS")}
    head, why = t.sequence_outcome(1)
    assert why == f"Your tertz to the jack loses to {t.names[1]}'s tertz to the king"
    t.declarations = {0: ("fifty", "AD"), 2: ("tertz", "KS")}
    assert t.sequence_outcome(0)[1] == f"Your fifty to the ace is best, over {t.names[2]}'s tertz to the king"
    t.declarations = {1: ("tertz", "QC"), 2: ("tertz", "QD")}
    assert t.sequence_outcome(None)[0] == "Sequences tie"
    # the event shows it as a banner with the sentence
    t.declarations = {0: ("tertz", "JH"), 1: ("tertz", "KS")}
    t._animate({"type": "sequences", "winner": 1, "side": 1, "points": 20})
    assert any("loses to" in b.sub for b in t.banners)
    assert not t.declarations
    app.shutdown()


def test_result_reasons_for_annulled_deals_and_belote_tens() -> None:
    app, t = _table("belote", 4)
    assert "every player passed" in t._result_reason({"outcome": "annulled"})
    why = t._result_reason({"outcome": "made", "raw": [149, 33], "awarded": [15, 0]})
    assert "divided by 10" in why and "149 \u2192 15" in why
    app.shutdown()
    app, t = _table("klaberjass", 2)
    assert "schmeiss" in t._result_reason({"outcome": "annulled"})
    app.shutdown()


def test_pitch_partner_stays_in_view_and_call_buttons_read_as_cards() -> None:
    app, t = _table("pitch", 5)
    v = {"contract": {"called_name": "ace of spades", "partner": None, "partner_known": False}}
    assert t._partner_line(v) == "Partner: whoever holds the ace of spades"
    v["contract"].update(partner=2, partner_known=True)
    assert t._partner_line(v) == f"Partner (ace of spades): {t.names[2]}"
    assert t._partner_line({"contract": {"bidder": 1}}) == ""
    app.shutdown()
