"""``python main.py bench ai``: decision time of each bot level, per game.

For each implemented game (and player count), ``normal`` bots play a match;
at sampled decisions with more than one legal action, a fresh bot of each
level is given the seat's events and view and timed.  Prints the median,
95th percentile and maximum decision time in milliseconds (one core), and
the number of decisions timed; for ``hard``, also the mean number of rollouts
a decision used (racing stops clear decisions early).  Forced moves (one legal action) are not
timed: every level returns them at once without search.

    python main.py bench ai [--games belote,pitch] [--levels normal,hard] [--decisions 60] [--cpu] [--json]

``--cpu`` times decisions with the process's CPU clock (``time.process_time``):
on a machine busy with other work the wall clock counts the time other
processes held the core; the CPU clock does not (caches shared with them
still slow it a little).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import core
from bench.common import normal_turns
from core.ai import ALL_LEVELS, LEVELS, feed, make_bot


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    k = min(len(ys) - 1, max(0, int(round(q * (len(ys) - 1)))))
    return ys[k]


def measure(game: str, players: int, levels: list[str], decisions: int, seed: int,
            playouts: int | None, max_ms: float | None,
            timer: Callable[[], float] = time.perf_counter) -> dict[str, dict[str, Any]]:
    """Time ``decisions`` decisions per level in ``game`` with ``timer`` (seconds); return stats per level."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    rollouts: dict[str, list[int]] = {lv: [] for lv in levels}
    search_s: dict[str, float] = {lv: 0.0 for lv in levels}
    timed = 0
    for state, cp, view in normal_turns(game, players, seed, rng):
        if timed >= decisions:
            break
        if len(view["legal"]) > 1 and rng.random() < 0.35:
            timed += 1
            for lv in levels:
                bot: Any = make_bot(lv, seed=rng.randrange(1 << 30), playouts=playouts,
                                    clock=timer if max_ms else None, max_ms=max_ms)
                feed(bot, state, cp)
                t0 = timer()
                bot.choose(view)
                times[lv].append((timer() - t0) * 1000.0)
                if hasattr(bot, "last_playouts"):
                    rollouts[lv].append(int(bot.last_playouts))
                    if bot.last_playouts:
                        search_s[lv] += times[lv][-1] / 1000.0
    out: dict[str, dict[str, Any]] = {}
    for lv, xs in times.items():
        out[lv] = {"n": len(xs), "median_ms": round(statistics.median(xs), 3) if xs else 0.0,
                   "p95_ms": round(_percentile(xs, 0.95), 3), "max_ms": round(max(xs), 3) if xs else 0.0}
        if rollouts[lv]:
            out[lv]["mean_rollouts"] = round(statistics.fmean(rollouts[lv]), 1)
            if search_s[lv] > 0:
                out[lv]["playouts_per_s"] = round(sum(rollouts[lv]) / search_s[lv])
    return out


def engine_costs(game: str, players: int, seed: int, samples: int = 40) -> dict[str, float]:
    """The search's engine costs in mid-deal positions: a clone, and a clone plus a policy playout to the deal's end."""
    from core.ai.search import Rollout

    rng = random.Random(seed)
    state = core.new_match(game, players=players, seed=seed)
    driver = [make_bot("normal", seed=seed + s) for s in range(players)]
    positions: list[core.State] = []
    steps = 0
    while len(positions) < samples and steps < 100_000:
        steps += 1
        cp = state.current_player
        if cp is None:
            state = core.new_match(game, players=players, seed=rng.randrange(1 << 30))
            continue
        if cp == core.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.view(cp)["phase"] == "play" and rng.random() < 0.1:
            positions.append(state.clone())
        state.apply(driver[cp].choose(state.view(cp)))
    if not positions:
        return {}
    t0 = time.perf_counter()
    for p in positions:
        for _ in range(20):
            p.clone()
    clone_us = (time.perf_counter() - t0) / (20 * len(positions)) * 1e6
    roll = Rollout(random.Random(seed))
    t0 = time.perf_counter()
    for p in positions:
        cp = p.current_player
        roll.run(p.clone(), cp if cp is not None and cp >= 0 else 0)
    playout_us = (time.perf_counter() - t0) / len(positions) * 1e6
    return {"clone_us": round(clone_us, 1), "clone_playout_us": round(playout_us, 1)}


def main(argv: list[str]) -> int:
    """Run the AI benchmark; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py bench ai", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(g for g in core.GAME_IDS if g in core.GAMES))
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--decisions", type=int, default=60, help="decisions timed per game and player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--playouts", type=int, help="hard budget (rollouts per decision)")
    ap.add_argument("--max-ms", type=float, help="wall-clock cap per hard decision (injected clock)")
    ap.add_argument("--cpu", action="store_true",
                    help="time with the process's CPU clock instead of the wall clock (fair on a busy machine)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    levels = [lv for lv in args.levels.split(",") if lv]
    bad = [lv for lv in levels if lv not in ALL_LEVELS]
    if bad:
        print(f"unknown level(s): {', '.join(bad)}; levels: {', '.join(ALL_LEVELS)}", file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []
    for game in [g for g in args.games.split(",") if g]:
        if game not in core.GAMES:
            print(f"skipping {game}: not implemented", file=sys.stderr)
            continue
        for players in core.GAMES[game].player_counts:
            stats = measure(game, players, levels, args.decisions, args.seed, args.playouts, args.max_ms,
                            time.process_time if args.cpu else time.perf_counter)
            for lv, st in stats.items():
                rows.append({"game": game, "players": players, "level": lv, **st})
                if not args.json:
                    print(f"{game:<11} {players}p {lv:<7} n={st['n']:<4} median {st['median_ms']:9.3f} ms"
                          f"   p95 {st['p95_ms']:9.3f} ms   max {st['max_ms']:9.3f} ms"
                          + (f"   rollouts {st['mean_rollouts']:.0f}" if "mean_rollouts" in st else "")
                          + (f"   playouts/s {st['playouts_per_s']}" if "playouts_per_s" in st else ""), flush=True)
            costs = engine_costs(game, players, args.seed)
            rows.append({"game": game, "players": players, "engine": costs})
            if not args.json and costs:
                print(f"{game:<11} {players}p engine: clone {costs['clone_us']:.1f} us,"
                      f" clone + policy playout to the deal's end {costs['clone_playout_us']:.0f} us", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
