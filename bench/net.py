"""``python main.py bench net``: LAN latency and how many tables one host process serves.

A host process (a child, so it has its own interpreter and core) runs N
tables of 4 seats on loopback; this process runs 4·N bot-driven peers
(random legal moves after ``--think`` seconds) in one asyncio loop.  For every
action the latency is the time from the acting peer sending it to the last of
the table's four peers having the update showing it applied (one clock: all
peers live in this process).  The ramp stops at the first table count whose
p95 exceeds ``--budget-ms`` twice in a row (one retry absorbs a noisy
neighbour); the answer is the largest count that stayed under.
The one-table figures come from the paced 1-table level; a back-to-back run
(no thinking at all) gives the throughput of one table.  The machine's load
average is printed with the summary: on a shared machine compare runs only at
similar loads.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import core
from net.host import Host
from net.messages import ActionMsg, Lobby, Ready, TakeSeat, Update
from net.peer import PeerClient


# ---------------------------------------------------------------- host child
async def _serve(tables: int, game: str, players: int, options: dict[str, Any]) -> None:
    hosts = [Host(game, players, options, f"bench-{i}", autostart=True, seed=i, ping_interval=30.0,
                  ping_timeout=120.0) for i in range(tables)]
    ports = [(await h.start("127.0.0.1", 0))[1] for h in hosts]
    print(json.dumps(ports), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the parent closes our stdin
    for h in hosts:
        await h.stop()


# ---------------------------------------------------------------- peers
class Table:
    """Latency bookkeeping for one table."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.inflight: dict[int, tuple[float, set[int]]] = {}
        self.samples: list[float] = []
        self.recording = False
        self.started = False


class BenchPeer:
    """A bot-driven peer: takes its seat, readies, plays random legal moves after ``think`` seconds."""

    def __init__(self, port: int, seat: int, table: Table, think: float, seed: int) -> None:
        self.seat = seat
        self.table = table
        self.think = think
        self.rng = random.Random(seed)
        self.acted = -1
        self.client = PeerClient("127.0.0.1", port, f"bot{seat}", self.on, ping_interval=30.0, ping_timeout=120.0)

    def on(self, kind: str, msg: Any) -> None:
        """The PeerClient callback: sit and ready in the lobby; time and answer each update."""
        if kind == "welcome":
            self.client.send(TakeSeat(self.seat))
        elif kind == "lobby" and isinstance(msg, Lobby):
            if msg.seat == self.seat and not msg.started and not msg.seats[self.seat]["ready"]:
                self.client.send(Ready(True))
        elif kind == "update" and isinstance(msg, Update) and msg.view is not None:
            view = msg.view
            now = time.perf_counter()
            seq = int(view["seq"])
            t = self.table
            t.started = True
            for s in [s for s in t.inflight if s < seq]:
                sent, seen = t.inflight[s]
                seen.add(self.seat)
                if len(seen) == t.players:
                    del t.inflight[s]
                    if t.recording:
                        t.samples.append(now - sent)
            if view["current_player"] == self.seat and view["legal"] and seq != self.acted:
                self.acted = seq
                action = core.action_from_json(self.rng.choice(view["legal"]))
                if self.think > 0:
                    asyncio.get_running_loop().call_later(self.think, self._act, seq, action)
                else:
                    self._act(seq, action)

    def _act(self, seq: int, action: core.Action) -> None:
        self.table.inflight[seq] = (time.perf_counter(), set())
        self.client.send(ActionMsg(seq, action.to_json()))


async def _measure(ports: list[int], players: int, think: float, warmup: float, seconds: float) -> dict[str, Any]:
    tables = [Table(players) for _ in ports]
    peers = [BenchPeer(port, seat, tables[i], think, i * 10 + seat)
             for i, port in enumerate(ports) for seat in range(players)]
    tasks = [asyncio.ensure_future(p.client.run()) for p in peers]
    deadline = time.perf_counter() + 30
    while not all(t.started for t in tables) and time.perf_counter() < deadline:  # every match under way
        await asyncio.sleep(0.05)
    await asyncio.sleep(warmup)
    for t in tables:
        t.recording = True
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - t0
    for t in tables:
        t.recording = False
    for p in peers:
        await p.client.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    samples = sorted(s for t in tables for s in t.samples)
    if not samples:
        return {"tables": len(ports), "actions": 0}
    return {
        "tables": len(ports),
        "actions": len(samples),
        "actions_per_s": round(len(samples) / elapsed, 1),
        "median_ms": round(statistics.median(samples) * 1000, 3),
        "p95_ms": round(samples[min(len(samples) - 1, int(0.95 * len(samples)))] * 1000, 3),
        "max_ms": round(samples[-1] * 1000, 3),
    }


def run_level(tables: int, args: argparse.Namespace) -> dict[str, Any]:
    """Start a host child with ``tables`` tables, drive them, return the figures."""
    cmd = [sys.executable, "-m", "bench.net", "--serve", str(tables), "--game", args.game,
           "--players", str(args.players)]
    for opt in args.option:
        cmd += ["--option", opt]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.Popen(cmd, cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        ports = json.loads(proc.stdout.readline())
        result = asyncio.run(_measure(ports, args.players, args.think, args.warmup, args.seconds))
        proc.stdin.close()
        proc.wait(timeout=20)
        return result
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def _options(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, _, value = item.partition("=")
        out[key] = value
    return out


def main(argv: list[str]) -> int:
    """Run the benchmark; print one JSON line per table count and a summary."""
    p = argparse.ArgumentParser(prog="python main.py bench net", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="belote")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--option", action="append", default=["target_score=1001"])
    p.add_argument("--tables", default="1,10,25,50,75,100,150", help="table counts to try, in order")
    p.add_argument("--think", type=float, default=0.1, help="seconds a bot peer waits before acting")
    p.add_argument("--warmup", type=float, default=1.5)
    p.add_argument("--seconds", type=float, default=6.0, help="measuring time per table count")
    p.add_argument("--budget-ms", type=float, default=20.0)
    p.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.serve:
        asyncio.run(_serve(args.serve, args.game, args.players, _options(args.option)))
        return 0
    print(f"bench net: {args.game}, {args.players} seats, bot peers think {args.think * 1000:.0f} ms, "
          f"p95 budget {args.budget_ms:.0f} ms", flush=True)
    burst = run_level(1, argparse.Namespace(**{**vars(args), "think": 0.0}))
    print(json.dumps({"one_table_back_to_back": burst}), flush=True)
    best = 0
    one: dict[str, Any] = {}
    for n in (int(x) for x in args.tables.split(",")):
        r = run_level(n, args)
        print(json.dumps(r), flush=True)
        if r.get("actions", 0) == 0 or r["p95_ms"] > args.budget_ms:  # over budget: measure once more
            r = run_level(n, args)
            r["retry"] = True
            print(json.dumps(r), flush=True)
        if n == 1:
            one = r
        if r.get("actions", 0) == 0 or r["p95_ms"] > args.budget_ms:
            break
        best = n
    print(json.dumps({"summary": {"median_ms_one_table": one.get("median_ms", burst.get("median_ms")),
                                  "p95_ms_one_table": one.get("p95_ms", burst.get("p95_ms")),
                                  "back_to_back_actions_per_s": burst.get("actions_per_s"),
                                  "max_tables_p95_under_budget": best,
                                  "think_s": args.think,
                                  "load_average": [round(x, 1) for x in os.getloadavg()]}}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
