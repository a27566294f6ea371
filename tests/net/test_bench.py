"""`python main.py bench net` runs (a very short ramp) and reports latency figures."""

from __future__ import annotations

import json

import pytest

from bench.net import main


def test_bench_net_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "klaberjass", "--players", "2", "--tables", "1,2", "--seconds", "0.6", "--warmup", "0.3",
                 "--think", "0.02", "--budget-ms", "10000"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()[1:]]
    single = lines[0]["one_table_back_to_back"]
    assert single["actions"] > 10 and 0 < single["median_ms"] <= single["p95_ms"] <= single["max_ms"]
    assert lines[1]["tables"] == 1 and lines[2]["tables"] == 2 and lines[2]["actions"] > 0
    assert "max_tables_p95_under_budget" in lines[-1]["summary"]
