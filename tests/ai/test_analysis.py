"""Post-deal analysis: a thrown-away sure trick is found, the best move costs ~0, the CLI works."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import core
from core.ai import act, make_bot
from core.ai.analysis import analyse, summary
from core.ai.knowledge import table_for
from core.cards import CARD_IDS

ROOT = Path(__file__).resolve().parents[2]


def _blunder_position() -> tuple[dict[str, object], int, core.Action, core.Action]:
    """A seeded Belote record up to a decision where the seat, last to play, can take a rich trick with a
    master card or throw a low one: (record so far, seat, the winning card, the losing card)."""
    for seed in range(1, 60):
        rng = random.Random(seed)
        state = core.new_match("belote", players=4, seed=seed)
        bots = [make_bot("normal", seed=seed * 4 + s) for s in range(4)]
        for _ in range(1600):
            cp = state.current_player
            if cp is None:
                break
            if cp == core.CHANCE:
                if len(state.deal_results) >= 4:
                    break
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(cp)
            trick = view.get("trick") or []
            legal = [a for a in state.legal_actions() if a.type == "play" and not a.call]
            if view["phase"] == "play" and len(trick) == 3 and len(legal) >= 2:
                tb = table_for(view)
                cards = [CARD_IDS[t["card"]] for t in trick]
                wi = tb.winner_index(cards)
                if not tb.partners(trick[wi]["seat"], cp) and sum(tb.points[c] for c in cards) >= 14:
                    lead = tb.suit(cards[0])
                    win = [a for a in legal if tb.beats(CARD_IDS[a.card or ""], cards[wi], lead)]
                    lose = [a for a in legal if not tb.beats(CARD_IDS[a.card or ""], cards[wi], lead)
                            and tb.points[CARD_IDS[a.card or ""]] <= 4]
                    if win and lose:
                        return state.to_record(), cp, win[0], lose[0]
            state.apply(act(bots[cp], state))
    raise AssertionError("no position found")


@pytest.mark.slow
def test_the_analysis_finds_a_thrown_away_trick_and_clears_the_right_play() -> None:
    record, seat, win, lose = _blunder_position()
    deal = sum(1 for a in record["actions"] if a["type"] == "deal")  # type: ignore[index,union-attr]
    bad = {**record, "actions": [*record["actions"], lose.to_json()]}  # type: ignore[misc]
    good = {**record, "actions": [*record["actions"], win.to_json()]}  # type: ignore[misc]
    last_bad = analyse(bad, seat, playouts=120, deal=deal)[-1]
    last_good = analyse(good, seat, playouts=120, deal=deal)[-1]
    assert last_bad.played == lose.to_json()
    assert last_bad.loss >= 3.0 and last_bad.confidence >= 0.9
    assert last_bad.best["card"] != lose.card
    assert last_good.loss <= 1.0
    assert "cost you" in summary([last_bad])


def test_a_bad_seat_or_record_is_refused_with_a_reason() -> None:
    with pytest.raises(core.RecordError):
        analyse({"format": "nope"}, 0)
    state = core.new_match("klaberjass", players=2, seed=1)
    with pytest.raises(core.RecordError, match="no seat 5"):
        analyse(state.to_record(), 5)


@pytest.mark.slow
def test_selfplay_saves_a_record_that_analyse_reads(tmp_path: Path) -> None:
    rec = tmp_path / "m.json"
    out = subprocess.run([sys.executable, "main.py", "selfplay", "--game", "klaberjass", "--matches", "1",
                          "--seed", "5", "--level", "normal", "--save-record", str(rec)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(out.stdout)["saved"] == str(rec)
    assert core.replay(json.loads(rec.read_text())).is_over
    res = subprocess.run([sys.executable, "main.py", "analyse", str(rec), "--seat", "0", "--deal", "1",
                          "--playouts", "30", "--json"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=True)
    rows = json.loads(res.stdout)
    assert rows and {"deal", "index", "played", "best", "loss", "confidence"} <= set(rows[0])
    assert all(r["deal"] == 1 and r["loss"] >= 0 for r in rows)
    assert "analysing decision" in res.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    res = subprocess.run([sys.executable, "main.py", "analyse", str(bad), "--seat", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "cannot read" in res.stderr
