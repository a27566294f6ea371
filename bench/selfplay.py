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
from core.ai import ALL_LEVELS, act, make_bot


def play_match(game: str, players: int, options: dict[str, Any], seed: int,
               level: str = "random") -> dict[str, Any]:
    """Play one match (random legal moves, or bots of ``level``); return its deals, actions, scores, winner, record."""
    rng = random.Random(seed)
    state = core.new_match(game, players=players, options=options, seed=seed)
    bots = None if level == "random" else [make_bot(level, seed=seed * 31 + s) for s in range(players)]
    deals = 0
    actions = 0
    while state.current_player is not None:
        if state.current_player == core.CHANCE:
            state.apply(state.sample_chance(rng))
            deals += 1
        else:
            if bots is None:
                state.apply(rng.choice(state.legal_actions()))
            else:
                state.apply(act(bots[state.current_player], state))
            actions += 1
        if actions > 200_000:
            raise RuntimeError("match did not end")
    return {"deals": deals, "actions": actions, "scores": state.scores, "winner": state.winner,
            "record": state.to_record()}


def main(argv: list[str]) -> int:
    """Run the selfplay command; return the exit status."""
    ap = argparse.ArgumentParser(prog="main.py selfplay", description=__doc__)
    ap.add_argument("--game", required=True, choices=core.GAME_IDS)
    ap.add_argument("--players", type=int)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", type=parse_option, default=[],
                    help="a house rule as key=value (repeatable)")
    ap.add_argument("--level", default="random", choices=ALL_LEVELS, help="who plays every seat (default: random)")
    ap.add_argument("--save-record", metavar="FILE",
                    help="write the match record (JSON; a list of records for several matches) to FILE")
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
    records: list[dict[str, Any]] = []
    for i in range(args.matches):
        seed = args.seed + i
        try:
            result = play_match(args.game, players, options, seed, args.level)
        except Exception as exc:  # report, keep going
            summary["errors"].append({"seed": seed, "error": repr(exc),
                                      "where": traceback.format_exc(limit=3).splitlines()[-3:]})
            continue
        records.append(result["record"])
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
    if args.save_record:
        try:
            with open(args.save_record, "w", encoding="utf-8") as fh:
                json.dump(records[0] if len(records) == 1 else records, fh)
        except OSError as exc:
            print(f"error: cannot write {args.save_record}: {exc}", file=sys.stderr)
            return 2
        summary["saved"] = args.save_record
    print(json.dumps(summary, indent=2))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
