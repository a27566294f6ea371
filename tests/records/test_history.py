"""The match history database and the statistics computed from it."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

import core
from client.history import SCHEMA_VERSION, History, record_match
from client.stats import compute, format_figures
from tests.util import bot_match_record

ROOT = Path(__file__).resolve().parents[2]


def _match(game: str, players: int, seed: int, levels: list[str], deals: int | None = None) -> dict[str, object]:
    return bot_match_record(game, players, seed, levels, deals)


def test_round_trip(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    rec = _match("klaberjass", 2, 1, ["normal", "random"])
    with History(db) as h:
        mid = h.add(rec, seat=0, levels={1: "random"}, played_at=datetime(2026, 12, 1, tzinfo=UTC))
        row = h.get(mid)
    assert row is not None
    assert row.record == rec and row.game == "klaberjass" and row.players == 2
    assert row.finished and row.won is True  # normal beats random in this seeded match
    assert row.levels == {1: "random"} and row.opponents == "random"
    assert row.played_at.startswith("2026-12-01")
    state = core.replay(rec)
    assert row.scores == state.scores and row.deals == state.deal_results
    with History(db) as h:  # reopened: still there
        assert [r.id for r in h.matches()] == [mid]
        assert h.matches(game="belote") == []


def test_abandoned_match_is_stored_as_such(tmp_path: Path) -> None:
    rec = _match("belote", 4, 2, ["normal"] * 4, deals=2)
    assert record_match(rec, seat=0, levels=[None, "hard", "hard", "hard"], path=tmp_path / "h.sqlite3") is None
    with History(tmp_path / "h.sqlite3") as h:
        (row,) = h.matches()
    assert not row.finished and row.won is None and len(row.deals) == 2
    figs = compute([row])
    assert figs[0].abandoned == 1 and figs[0].played == 0


def test_migration_from_an_empty_database(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    sqlite3.connect(db).close()  # version 0, no tables
    with History(db) as h:
        assert h.warning is None
        assert h.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert h.matches() == []


@pytest.mark.parametrize("damage", ["garbage", "newer"])
def test_damaged_database_is_kept_as_bad_and_replaced(tmp_path: Path, damage: str) -> None:
    db = tmp_path / "h.sqlite3"
    if damage == "garbage":
        db.write_bytes(b"this is not a database at all" * 100)
    else:
        con = sqlite3.connect(db)
        con.execute("PRAGMA user_version = 99")
        con.close()
    with History(db) as h:
        assert h.warning and "kept as h.sqlite3.bad" in h.warning
        assert h.matches() == []
        h.add(_match("klaberjass", 2, 3, ["normal", "normal"]), seat=0, levels={1: "normal"})
    assert (tmp_path / "h.sqlite3.bad").exists()
    with History(db) as h:
        assert h.warning is None and len(h.matches()) == 1


def test_statistics_from_known_records(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with History(db) as h:
        results = []
        for seed in range(1, 6):
            rec = _match("klaberjass", 2, seed, ["normal", "random"] if seed != 3 else ["random", "normal"])
            h.add(rec, seat=0, levels={1: "random" if seed != 3 else "normal"}, undos=1 if seed == 2 else 0)
            state = core.replay(rec)
            results.append((state.winner == 0, state.deal_results))
        rows = h.matches()
    figs = {f.opponents: f for f in compute(rows)}
    vs_random = figs["random"]
    wins = [w for (w, _), seed in zip(results, range(1, 6), strict=True) if seed != 3]
    assert vs_random.played == 4 and vs_random.won == sum(wins)
    assert vs_random.with_undo == 1
    deals = [d for (_, ds), seed in zip(results, range(1, 6), strict=True) if seed != 3 for d in ds]
    assert vs_random.deals == len(deals)
    assert vs_random.points == sum(d["awarded"][0] for d in deals)
    declared = [d for d in deals if d.get("maker") == 0]
    assert vs_random.contracts == len(declared)
    assert vs_random.made == sum(1 for d in declared if d["outcome"] == "made")
    assert figs["normal"].played == 1
    assert 0 <= vs_random.current_streak <= vs_random.best_streak <= 4
    assert "klaberjass (2 players) against random" in format_figures(list(figs.values()))
    h2 = History(db)
    h2.reset()
    assert h2.matches() == []
    h2.close()


def test_stats_command(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with History(db) as h:
        h.add(_match("klaberjass", 2, 1, ["normal", "random"]), seat=0, levels={1: "random"})
    out = subprocess.run([sys.executable, "main.py", "stats", "--db", str(db), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True)
    data = json.loads(out.stdout)
    assert data[0]["game"] == "klaberjass" and data[0]["played"] == 1 and "win_rate" in data[0]
    out = subprocess.run([sys.executable, "main.py", "stats", "--db", str(tmp_path / "none.sqlite3")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert "No matches played yet" in out.stdout
