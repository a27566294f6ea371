"""``bench think``: bot decisions timed on the real client's worker thread, in its real-time loop."""

from __future__ import annotations

import json
import os
import time

import pytest

from client.session import LocalSession


def test_the_session_times_every_bot_decision_on_its_worker() -> None:
    s = LocalSession("klaberjass", 2, seat=0, levels={1: "normal"}, seed=5, bot_delay=0.0, deal_delay=0.0)
    try:
        end = time.monotonic() + 20.0
        while not s.thoughts and time.monotonic() < end:
            s.poll()
            if s.state.current_player == 0:
                s.submit(s.state.legal_actions()[0])
            time.sleep(0.002)
        assert s.thoughts, "the bot never decided"
        t = s.thoughts[0]
        assert t.seat == 1 and t.choices >= 1 and t.playouts is None  # normal does not search
        assert 0.0 <= t.cpu_ms <= t.wall_ms + 5.0  # the thread's CPU time fits in the real time it took
    finally:
        s.close()


def test_bench_think_plays_the_real_client_and_reports_wall_times(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.think import main

    before = os.environ.get("XDG_CONFIG_HOME")
    assert main(["--games", "klaberjass:2", "--level", "normal", "--decisions", "4", "--seconds", "60",
                 "--speed", "4", "--json"]) == 0
    assert os.environ.get("XDG_CONFIG_HOME") == before  # the temporary profile is gone again
    row = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert row["game"] == "klaberjass" and row["players"] == 2 and row["level"] == "normal"
    assert row["decisions"] >= 4 and row["all_decisions"] >= row["decisions"]
    assert 0.0 <= row["median_ms"] <= row["p95_ms"] <= row["max_ms"] < row["cap_ms"]
    assert row["capped"] == 0 and row["over_1s"] == 0 and row["fps"] > 0
    assert "rollouts_mean" not in row  # normal does not search


@pytest.mark.parametrize("argv", [["--games", "whist:4"], ["--games", "pitch:3"], ["--games", "tertz:x"],
                                  ["--level", "genius"], ["--decisions", "0"]])
def test_bench_think_refuses_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from bench.think import main

    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err
