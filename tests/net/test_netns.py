"""Two machines on a LAN, for real: two network namespaces joined by a veth pair (created and removed by
this test; needs root and iproute2, else skipped).  A dedicated host in one advertises on every interface;
a player in the other finds it with zeroconf (every interface: safe inside the namespace), joins, and plays
the match to the end; the scores equal a replay of the host's saved record."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import uuid

import pytest

import core

ROOT = pathlib.Path(__file__).resolve().parents[2]

PLAYER = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import core
from net.lan import Browser, connect
browser = Browser()          # every interface: inside this namespace that is only the veth link
browser.start()
deadline = time.monotonic() + 15
found = []
while not found and time.monotonic() < deadline:
    found = [t for t in browser.tables() if t.name == sys.argv[2]]
    time.sleep(0.05)
browser.stop()
if not found:
    print(json.dumps({"error": "table not found"})); sys.exit(1)
table = found[0]
s = connect(table.address, table.port, "Remote")
rng = random.Random(1)
view = None
acted = -1
deadline = time.monotonic() + 40
while time.monotonic() < deadline:
    for u in s.poll():
        if u.view is not None:
            view = u.view
    if s.status == "lobby" and s.seat is None:
        s.take_seat(0); s.set_ready(True); time.sleep(0.1)
    if view and view["match_over"]:
        break
    if view and view["legal"] and view["current_player"] == s.seat and view["seq"] != acted:
        acted = view["seq"]
        s.submit(core.action_from_json(rng.choice(view["legal"])))
    time.sleep(0.002)
s.close()
print(json.dumps({"address": table.address, "port": table.port, "game": table.game, "taken": table.seats_taken,
                  "scores": view and view["scores"], "over": bool(view and view["match_over"])}))
"""


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("ip") is None, reason="needs root and iproute2")
def test_two_namespaces_find_each_other_and_play(tmp_path: pathlib.Path) -> None:
    tag = uuid.uuid4().hex[:6]
    host_ns, peer_ns = f"bh{tag}", f"bp{tag}"
    made: list[str] = []
    host = None
    try:
        try:
            for ns in (host_ns, peer_ns):
                _ip("netns", "add", ns)
                made.append(ns)
            _ip("link", "add", f"vh{tag}", "type", "veth", "peer", "name", f"vp{tag}")
            _ip("link", "set", f"vh{tag}", "netns", host_ns)
            _ip("link", "set", f"vp{tag}", "netns", peer_ns)
            for ns, dev, addr in ((host_ns, f"vh{tag}", "10.77.0.1/24"), (peer_ns, f"vp{tag}", "10.77.0.2/24")):
                _ip("-n", ns, "link", "set", "lo", "up")
                _ip("-n", ns, "addr", "add", addr, "dev", dev)
                _ip("-n", ns, "link", "set", dev, "up")
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"cannot create network namespaces here: {exc}")
        name = f"ns-{tag}"
        host = subprocess.Popen(
            ["ip", "netns", "exec", host_ns, sys.executable, "main.py", "host", "--game", "klaberjass",
             "--headless", "--name", name, "--bots", "2:random", "--bot-delay", "0", "--matches", "1",
             "--option", "target_score=200", "--record", str(tmp_path), "--quiet"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert host.stdout is not None
        assert "listening on 0.0.0.0:" in host.stdout.readline()
        peer = subprocess.run(["ip", "netns", "exec", peer_ns, sys.executable, "-c", PLAYER, str(ROOT), name],
                              capture_output=True, text=True, timeout=90)
        assert peer.returncode == 0, peer.stdout + peer.stderr
        result = json.loads(peer.stdout.strip().splitlines()[-1])
        assert result["address"] == "10.77.0.1" and result["game"] == "klaberjass" and result["over"]
        assert host.wait(timeout=20) == 0
        (path,) = tmp_path.glob("*.json")
        assert core.replay(json.loads(path.read_text())).scores == result["scores"]
    finally:
        if host is not None and host.poll() is None:
            host.kill()
            host.wait(5)
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)
