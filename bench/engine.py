"""``python main.py bench engine``: random complete deals per second through the public API.

For each implemented game and player count, a plain loop of
``sample_chance`` / ``legal_actions`` / ``rng.choice`` / ``apply`` on one core,
matches played back to back.  A deal counts when it was played out; the time
of thrown-in (all-pass) deals is included but they are not counted, so the
figure is conservative.  Rates are given per wall-clock second and per
CPU second of this process (the latter is robust on a busy machine).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import core


def measure(game: str, players: int, options: dict[str, Any], seconds: float, seed: int) -> dict[str, Any]:
    """Play random deals of ``game`` for about ``seconds``; return the rates."""
    rng = random.Random(seed)
    state = core.new_match(game, players=players, options=options, seed=seed)
    played = annulled = actions = 0
    results_seen = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        cp = state.current_player
        if cp is None or cp == core.CHANCE:
            results = state.deal_results
            for r in results[results_seen:]:
                if r.get("outcome") in ("annulled", "thrown_in"):
                    annulled += 1
                else:
                    played += 1
            results_seen = len(results)
            if time.perf_counter() >= deadline:
                break
            if cp is None:
                state = core.new_match(game, players=players, options=options, seed=rng.randrange(1 << 30))
                results_seen = 0
                continue
            state.apply(state.sample_chance(rng))
            continue
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "game": game, "players": players, "seconds": round(elapsed, 2),
        "deals_per_s": round(played / elapsed),
        "deals_per_cpu_s": round(played / cpu),
        "all_deals_per_s": round((played + annulled) / elapsed),
        "actions_per_s": round(actions / elapsed),
        "annulled_share": round(annulled / max(1, played + annulled), 3),
    }


VARIANTS: dict[str, list[dict[str, Any]]] = {
    "pitch": [{"points": n} for n in (5, 7, 8, 10, 11, 13, 14, 15, 16)],
}
"""Option sets benchmarked besides the defaults (the issue asks Pitch per point count)."""


def main(argv: list[str]) -> int:
    """Run the engine benchmark; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py bench engine", description=__doc__)
    ap.add_argument("--game", choices=core.GAME_IDS, action="append")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for game in args.game or [g for g in core.GAME_IDS if g in core.GAMES]:
        cls = core.find_game(game)
        cases = [(p, o) for p in cls.player_counts for o in VARIANTS.get(game, [{}])]
        for players, options in cases:
            row = measure(game, players, options, args.seconds, args.seed)
            row["options"] = options
            rows.append(row)
            label = " ".join(f"{k}={v}" for k, v in options.items())
            if not args.json:
                print(f"{game:11s} {players}p {label:10s} {row['deals_per_s']:7d} deals/s "
                      f"(CPU time: {row['deals_per_cpu_s']}; {row['annulled_share']:.1%} thrown in, "
                      f"not counted)  {row['actions_per_s']:8d} actions/s", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
