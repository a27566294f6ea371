"""The duplicate tournament harness on small runs, and its statistics."""

from __future__ import annotations

import json

import pytest

from bench import tournament as cli
from core.ai.tournament import Config, duplicate_match, mean_ci, summarize, wilson


def test_duplicate_pair_uses_the_same_deals_with_seats_swapped() -> None:
    cfg = Config("klaberjass", "normal", "random", 2, {"target_score": 200}, seed=3)
    r = duplicate_match(cfg, 0)
    assert [g.a_seats for g in r.games] == [[0], [1]]
    assert all(g.deals >= 1 for g in r.games)
    assert r.score in (0.0, 0.5, 1.0)
    again = duplicate_match(cfg, 0)
    assert [(g.a_won, g.deals, g.diff) for g in again.games] == [(g.a_won, g.deals, g.diff) for g in r.games]


def test_partnership_sides_are_kept_together() -> None:
    cfg = Config("belote", "normal", "random", 4, {"target_score": 30}, seed=1)
    r = duplicate_match(cfg, 1)
    assert [g.a_seats for g in r.games] == [[0, 2], [1, 3]]


def test_summary_statistics() -> None:
    cfg = Config("klaberjass", "normal", "random", 2, {"target_score": 300}, seed=1)
    results = [duplicate_match(cfg, i) for i in range(4)]
    s = summarize(cfg, results)
    assert s["matches"] == 4
    assert s["a_match_wins"] + s["b_match_wins"] + s["drawn"] == 4
    lo, hi = s["a_win_rate_ci95"]
    assert 0.0 <= lo <= s["a_win_rate"] <= hi <= 1.0
    dlo, dhi = s["diff_per_deal_ci95"]
    assert dlo <= s["diff_per_deal"] <= dhi
    json.dumps(s)


def test_wilson_and_mean_ci() -> None:
    lo, hi = wilson(75, 100)
    assert lo == pytest.approx(0.657, abs=0.002) and hi == pytest.approx(0.825, abs=0.002)
    assert wilson(0, 0) == (0.0, 1.0)
    m, lo2, hi2 = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo2 < m < hi2
    assert mean_ci([5.0]) == (5.0, 5.0, 5.0)


def test_command_line_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "klaberjass", "--a", "normal", "--b", "random", "--matches", "2", "--seed", "1",
            "--option", "target_score=200"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "duplicate matches" in out and "95% CI" in out
    assert cli.main([*argv, "--json", "--jobs", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"] == 2 and data["a"] == "normal" and data["jobs"] == 2


def test_command_line_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--game", "klaberjass", "--option", "no_such=1", "--matches", "1"]) == 2
    assert "no option" in capsys.readouterr().err


def test_a_shared_five_handed_win_counts_half() -> None:
    from core.ai.tournament import a_share

    class Finished:
        def __init__(self, winners: list[int]) -> None:
            self.winners = winners
            self.winner = winners[0] if winners else None

    a_sides = [0, 2, 4]
    assert a_share(Finished([2]), a_sides) == 1.0  # type: ignore[arg-type]
    assert a_share(Finished([1, 3]), a_sides) == 0.0  # type: ignore[arg-type]
    assert a_share(Finished([0, 3]), a_sides) == 0.5  # type: ignore[arg-type]
    assert a_share(Finished([3, 0]), a_sides) == 0.5  # type: ignore[arg-type]
    assert a_share(Finished([]), a_sides) == 0.5  # type: ignore[arg-type]
