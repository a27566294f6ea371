"""``python main.py selfplay``: random legal matches through the public API, JSON summary."""

from __future__ import annotations

import argparse
import json
import random
import sys
import traceback
from typing import Any

import core
from bench.common import default_players, parse_option


def play_match(game: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play one random match; return its deals, actions, scores and winner."""
    rng = random.Random(seed)
    state = core.new_match(game, players=players, options=options, seed=seed)
    deals = 0
    actions = 0
    while state.current_player is not None:
        if state.current_player == core.CHANCE:
            state.apply(state.sample_chance(rng))
            deals += 1
        else:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        if actions > 200_000:
            raise RuntimeError("match did not end")
    return {"deals": deals, "actions": actions, "scores": state.scores, "winner": state.winner}


def main(argv: list[str]) -> int:
    """Run the selfplay command; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py selfplay", description=__doc__)
    ap.add_argument("--game", required=True, choices=core.GAME_IDS)
    ap.add_argument("--players", type=int)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", type=parse_option, default=[],
                    help="a house rule as key=value (repeatable)")
    args = ap.parse_args(argv)
    players = args.players or default_players(args.game)
    options = dict(args.option)
    summary: dict[str, Any] = {"game": args.game, "players": players, "options": options,
                               "matches": 0, "deals": 0, "actions": 0, "errors": []}
    score_totals: list[int] = []
    wins: list[int] = []
    try:
        core.new_match(args.game, players=players, options=options)
    except core.BellaError as exc:
        print(json.dumps({"error": str(exc)}))
        return 2
    for i in range(args.matches):
        seed = args.seed + i
        try:
            result = play_match(args.game, players, options, seed)
        except Exception as exc:  # report, keep going
            summary["errors"].append({"seed": seed, "error": repr(exc),
                                      "where": traceback.format_exc(limit=3).splitlines()[-3:]})
            continue
        summary["matches"] += 1
        summary["deals"] += result["deals"]
        summary["actions"] += result["actions"]
        if not score_totals:
            score_totals = [0] * len(result["scores"])
            wins = [0] * len(result["scores"])
        score_totals = [a + b for a, b in zip(score_totals, result["scores"], strict=True)]
        wins[result["winner"]] += 1
    summary["average_deal_length"] = round(summary["actions"] / max(1, summary["deals"]), 2)
    summary["deals_per_match"] = round(summary["deals"] / max(1, summary["matches"]), 2)
    summary["score_totals"] = score_totals
    summary["wins_by_side"] = wins
    print(json.dumps(summary, indent=2))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
