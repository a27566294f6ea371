"""The dedicated host as a real process: a peer joins, the match autostarts when it is ready, is played to the
end, the record is saved, and the process exits after --matches 1.  Bad arguments give a clear error."""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import sys
import time

import core
from net.dedicated import main, parse_bots, parse_options
from net.lan import RemoteSession
from tests.net.helpers import wait_until
from tests.net.test_match import Driver, play_out

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_dedicated_host_process(tmp_path: pathlib.Path) -> None:
    cmd = [sys.executable, "main.py", "host", "--game", "klaberjass", "--headless", "--bind", "127.0.0.1",
           "--no-advertise", "--bots", "2:random", "--bot-delay", "0", "--matches", "1", "--record", str(tmp_path),
           "--name", "Dedicated \u202eTable", "--option", "target_score=301"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    session = None
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # the first line says where it listens
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, line
        assert "'Dedicated Table'" in line
        session = RemoteSession("127.0.0.1", int(m.group(1)), "Ann")
        wait_until(lambda: session.status == "lobby", timeout=5)
        session.take_seat(0)
        wait_until(lambda: session.seat == 0, timeout=5)
        session.set_ready(True)  # autostart
        d = Driver(session, 9)
        play_out([d], None, timeout=30)
        assert proc.wait(timeout=10) == 0
        (path,) = tmp_path.glob("*.json")
        record = json.loads(path.read_text())
        assert record["options"]["target_score"] == 301
        replayed = core.replay(record)
        assert d.view is not None and replayed.scores == d.view["scores"]
        assert d.events == replayed.events_for(0)
        wait_until(lambda: session.status == "closed", timeout=5)
        err = proc.stderr.read() if proc.stderr else ""
        assert "match 1 started" in err and "match 1 over" in err
    finally:
        if session is not None:
            session.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_arguments() -> None:
    assert parse_bots("2:hard, 4:normal,3") == {1: "hard", 3: "normal", 2: "normal"}
    assert parse_options(["target_score=301", "variant = app"]) == {"target_score": "301", "variant": "app"}
    for bad in ("x:hard", "1:genius", "0:hard"):
        try:
            parse_bots(bad)
        except ValueError as exc:
            assert bad.split(":")[0] in str(exc) or "level" in str(exc)
        else:
            raise AssertionError(f"{bad} accepted")
    t = time.monotonic()
    assert main(["--game", "nosuchgame", "--no-advertise"]) == 2
    assert main(["--game", "belote", "--players", "3", "--no-advertise"]) == 2
    assert main(["--game", "belote", "--bots", "5:hard", "--no-advertise"]) == 2
    assert main(["--game", "belote", "--code", "ab", "--no-advertise"]) == 2  # a code has 4 to 8 characters
    assert time.monotonic() - t < 5
